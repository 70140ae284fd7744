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
