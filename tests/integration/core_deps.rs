//! `delve-core`, what a game links, stays lean: none of the editor's or the command line's
//! crates are among its dependencies.

/// Crates a game must not get with the generators.
const NOT_IN_CORE: [&str; 9] =
    ["clap", "eframe", "egui", "image", "rayon", "indicatif", "quick-xml", "schemars", "serde_json"];

#[test]
fn the_core_depends_on_none_of_the_editors_crates() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["tree", "-p", "delve-core", "-e", "normal", "--prefix", "none", "--offline"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let tree = String::from_utf8(out.stdout).unwrap();
    let names: Vec<&str> = tree.lines().filter_map(|l| l.split_whitespace().next()).collect();
    assert!(names.contains(&"delve-core") && names.contains(&"ron"), "{tree}");
    for banned in NOT_IN_CORE {
        assert!(!names.contains(&banned), "delve-core depends on {banned}:\n{tree}");
    }
}

/// The core's layers import only from the layers below them (`DESIGN.md`): the parameters
/// (`params/`, and each family's `params.rs` and `stages.rs` in its folder) never reach up into
/// the map — what both speak of (room roles, tile kinds) lies below both,
/// in `delve_core::kinds`.
#[test]
fn the_parameters_never_import_the_map() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/delve-core/src");
    let mut files: Vec<std::path::PathBuf> =
        std::fs::read_dir(src.join("params")).unwrap().map(|e| e.unwrap().path()).collect();
    // A family's parameters and stages sit in its folder, and belong to this layer too.
    for family in std::fs::read_dir(src.join("generate")).unwrap().map(|e| e.unwrap().path()) {
        files.extend(["params.rs", "stages.rs"].map(|f| family.join(f)));
    }
    let mut read = 0;
    for file in files.iter().filter(|f| f.is_file() && f.extension().is_some_and(|e| e == "rs")) {
        let text = std::fs::read_to_string(file).unwrap();
        read += 1;
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            assert!(
                !code.contains("crate::map"),
                "{}:{}: the parameters import the map: {line}",
                file.display(),
                n + 1
            );
        }
    }
    assert!(read > 24, "the parameters' files were read ({read})");
}
