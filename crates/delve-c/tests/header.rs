//! `include/delve.h` is what cbindgen makes of the library now: regenerated in memory and
//! compared, so a changed function cannot ship with a stale header.

use std::path::Path;

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
    if std::env::var_os("DELVE_BLESS").is_some() {
        std::fs::write(&path, &made).expect("write include/delve.h");
    }
    let checked_in = std::fs::read(&path).unwrap_or_default();
    assert!(
        checked_in == made,
        "include/delve.h is stale: refresh it with\n    DELVE_BLESS=1 cargo test -p delve-c --test header\n\
         then review and commit it.\nThe header cbindgen makes now:\n{}",
        String::from_utf8_lossy(&made)
    );
}
