//! `delve`: parse the command line, then run the editor or a command. Errors become a message on
//! standard error and a non-zero exit code, never a panic.

use clap::Parser;
use delve::cli::{Cli, run};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let Some(command) = cli.command else {
        return open_editor(cli.file);
    };
    let (mut out, mut err) = (std::io::stdout().lock(), std::io::stderr());
    match run(command, &mut out, &mut err) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        // The reader stopped reading (`delve … | head`): nothing to say, as other tools do.
        Err(e) if broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether `e` comes from writing to a pipe whose reader has gone.
fn broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe))
}

#[cfg(feature = "gui")]
fn open_editor(file: Option<std::path::PathBuf>) -> ExitCode {
    match delve::app::run(file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(not(feature = "gui"))]
fn open_editor(_file: Option<std::path::PathBuf>) -> ExitCode {
    use clap::CommandFactory;
    eprintln!("this build of Delve has no editor (built without the `gui` feature)\n");
    let _ = Cli::command().print_help();
    ExitCode::FAILURE
}
