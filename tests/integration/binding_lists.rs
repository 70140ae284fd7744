//! The bindings list no family or preset by hand: the Python stub and the C header say where
//! to ask (`delve.GENERATORS`, `delve.SHIPPED_PRESETS`; `delve_shipped_preset_count` and
//! `delve_shipped_preset_name`), which the library fills from its own lists at run time. A
//! family or preset added to the library needs no change to either; a list written into
//! them again fails here.

use delve::io::SHIPPED_PRESETS;
use delve::params::GeneratorKind;

fn read(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

#[test]
fn the_python_stub_names_no_generator_and_says_where_to_ask() {
    let stub = read("crates/delve-py/delve.pyi");
    let named: Vec<&str> =
        GeneratorKind::ALL.iter().map(|k| k.file_name()).filter(|n| stub.contains(&format!("\"{n}\""))).collect();
    assert!(named.is_empty(), "delve.pyi lists generators by hand: {named:?}");
    assert!(stub.contains("GENERATORS: list[str]") && stub.contains("SHIPPED_PRESETS: list[str]"));
    assert!(stub.contains("def generator(self) -> str:"), "Preset.generator");
}

#[test]
fn the_c_header_names_no_list_of_presets_and_says_where_to_ask() {
    let header = read("crates/delve-c/include/delve.h");
    let named: Vec<&str> =
        SHIPPED_PRESETS.iter().map(|(n, _)| *n).filter(|n| header.contains(&format!("`{n}`"))).collect();
    assert!(named.len() <= 1, "delve.h lists shipped presets by hand: {named:?}");
    for function in
        ["uint32_t delve_shipped_preset_count(void);", "const char *delve_shipped_preset_name(uint32_t index);"]
    {
        assert!(header.contains(function), "delve.h lacks {function}");
    }
}
