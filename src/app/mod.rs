//! The editor window (feature `gui`). Placeholder until the editor lands: prints the help.

/// Opens the editor on `file` (a preset or map), or on the default preset.
pub fn run(_file: Option<std::path::PathBuf>) -> anyhow::Result<()> {
    use clap::CommandFactory;
    eprintln!("the editor is not built yet; use one of the commands below\n");
    crate::cli::Cli::command().print_help()?;
    Ok(())
}
