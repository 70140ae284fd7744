//! `include/delve.h` is what cbindgen makes of the library now: regenerated in memory and
//! compared, so a changed function cannot ship with a stale header. `DELVE_BLESS=1` (and only
//! that value, and never on CI) writes the header cbindgen makes before comparing.

use std::ffi::OsStr;
use std::path::Path;

/// Whether to write the header first, from `DELVE_BLESS` and `CI`: only `DELVE_BLESS=1` off CI
/// does; any other value is an error (a typo must not pass as a check that ran), and so is
/// blessing on CI (where a stale header must fail, never be refreshed and pass).
fn blessing(bless: Option<&OsStr>, ci: Option<&OsStr>) -> Result<bool, String> {
    let on_ci = ci.is_some_and(|v| !v.is_empty() && v != "0" && v != "false");
    match bless {
        None => Ok(false),
        Some(v) if v != "1" => Err(format!(
            "DELVE_BLESS={}: only DELVE_BLESS=1 refreshes include/delve.h; unset it to check the header",
            v.to_string_lossy()
        )),
        Some(_) if on_ci => {
            Err("DELVE_BLESS=1 with CI set: CI checks the checked-in header and never refreshes it".into())
        }
        Some(_) => Ok(true),
    }
}

#[test]
fn the_header_is_up_to_date() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen reads src/lib.rs");
    let mut made = Vec::new();
    bindings.write(&mut made);
    let path = dir.join("include/delve.h");
    let bless = std::env::var_os("DELVE_BLESS");
    let ci = std::env::var_os("CI");
    match blessing(bless.as_deref(), ci.as_deref()) {
        Ok(true) => std::fs::write(&path, &made).expect("write include/delve.h"),
        Ok(false) => {}
        Err(message) => panic!("{message}"),
    }
    let checked_in = std::fs::read(&path).unwrap_or_default();
    assert!(
        checked_in == made,
        "include/delve.h is stale: refresh it with\n    DELVE_BLESS=1 cargo test -p delve-c --test header\n\
         then review and commit it.\nThe header cbindgen makes now:\n{}",
        String::from_utf8_lossy(&made)
    );
}

#[test]
fn only_delve_bless_1_off_ci_blesses() {
    let os = |s: &'static str| Some(OsStr::new(s));
    assert_eq!(blessing(None, None), Ok(false));
    assert_eq!(blessing(None, os("true")), Ok(false));
    assert_eq!(blessing(os("1"), None), Ok(true));
    assert_eq!(blessing(os("1"), os("")), Ok(true), "an empty CI is not CI");
    assert_eq!(blessing(os("1"), os("0")), Ok(true));
    for other in ["0", "", "yes", "true", "2", " 1"] {
        let e = blessing(os(other), None).unwrap_err();
        assert!(e.contains("only DELVE_BLESS=1 refreshes"), "{other:?}: {e}");
    }
    for ci in ["1", "true"] {
        let e = blessing(os("1"), os(ci)).unwrap_err();
        assert!(e.contains("with CI set"), "{e}");
    }
}
