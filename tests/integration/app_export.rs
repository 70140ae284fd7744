//! The editor's exports, driven through its real UI (egui_kittest): PNG and Tiled with the
//! options of their windows, the map as edited, the tile texture built once.

use crate::app::edit_map;
use crate::editor::editor;
use egui::{Modifiers, vec2};
use egui_kittest::kittest::Queryable;

#[test]
fn export_png_writes_a_picture() {
    let mut e = editor();
    let path = e.dir.path().join("map.png");
    e.dialogs.pick(&path);
    e.key(Modifiers::COMMAND, egui::Key::E);
    let img = image::open(&path).unwrap();
    let map = e.app().document().unwrap().map();
    assert_eq!(img.width() % map.width(), 0);
    assert_eq!(img.width() / map.width(), img.height() / map.height());
}

/// *File ▸ Export ▸ JSON…* writes the map as it is on screen (edits included), and the export
/// key then repeats the last format.
#[test]
fn export_writes_the_edited_map_in_the_chosen_format() {
    let mut e = editor();
    edit_map(&mut e);
    e.harness.get_by_label("File").click();
    e.harness.run();
    e.harness.get_by_label("Export").hover();
    e.harness.run();
    let path = e.dir.path().join("edited.json");
    e.dialogs.pick(&path);
    e.harness.get_by_label("JSON…").click();
    e.settle();
    let text = std::fs::read_to_string(&path).unwrap();
    let on_screen = e.app().document().unwrap().map().clone();
    assert_eq!(delve::export::json::from_json(&text).unwrap(), on_screen);
    // The export key now asks for a JSON file.
    let again = e.dir.path().join("again.json");
    e.dialogs.pick(&again);
    e.key(Modifiers::COMMAND, egui::Key::E);
    assert_eq!(delve::export::json::from_json(&std::fs::read_to_string(&again).unwrap()).unwrap(), on_screen);
}

/// File ▸ Export ▸ PNG… shows its options; the picture is drawn with them, and the export key
/// repeats the export with the same options, starting in the same folder.
#[test]
fn png_export_options_are_chosen_in_a_window_and_remembered() {
    let mut e = editor();
    e.harness.get_by_label("File").click();
    e.harness.run();
    e.harness.get_by_label("Export").hover();
    e.harness.run();
    e.harness.get_by_label_contains("PNG…").click();
    e.settle();
    e.harness.run();
    assert!(e.dialogs.requests().is_empty(), "the options come first");
    e.harness.get_by_role_and_label(egui::accesskit::Role::RadioButton, "Pixels per tile").click();
    e.harness.run();
    e.harness.get_by_label("Grid lines").click();
    e.harness.get_by_label("Door marks").click();
    e.harness.run();
    let folder = e.dir.path().join("pictures");
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("grid.png");
    e.dialogs.pick(&path);
    e.harness.get_by_label("Export…").click();
    e.settle();
    let map = e.app().document().unwrap().map().clone();
    let scale = e.app().prefs().export_options.png_scale.expect("a scale was chosen");
    let img = image::open(&path).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (map.width() * scale, map.height() * scale));
    let marks = delve::raster::Marks { doors: false, grid: true, labels: false, locks: false, markers: false };
    let want = delve::raster::render_marked(&map, scale, &delve::raster::Palette::default(), marks).unwrap();
    assert!(img == want, "drawn with a grid and without door marks");
    // The export key: no window, the same options, the same folder.
    let again = folder.join("again.png");
    e.dialogs.pick(&again);
    e.key(Modifiers::COMMAND, egui::Key::E);
    assert!(image::open(&again).unwrap().to_rgba8() == want);
    assert_eq!(e.dialogs.requests().last().unwrap().directory.as_deref(), Some(folder.as_path()));
}

/// File ▸ Export ▸ Tiled TMX… takes a tileset of the user's own, chosen in the window.
#[test]
fn tiled_export_uses_the_tileset_chosen_in_its_window() {
    let mut e = editor();
    let tsx = e.dir.path().join("stone.tsx");
    std::fs::write(
        &tsx,
        "<?xml version=\"1.0\"?>\n<tileset name=\"stone\" tilewidth=\"32\" tileheight=\"32\" tilecount=\"4\" columns=\"4\">\n \
         <image source=\"stone.png\" width=\"128\" height=\"32\"/>\n</tileset>\n",
    )
    .unwrap();
    e.harness.get_by_label("File").click();
    e.harness.run();
    e.harness.get_by_label("Export").hover();
    e.harness.run();
    e.harness.get_by_label("Tiled TMX…").click();
    e.settle();
    e.harness.run();
    e.dialogs.pick(&tsx);
    e.harness.get_by_label("Choose…").click();
    e.settle();
    // The doors' pins, hidden in Tiled by default, asked for here.
    assert!(!e.app().prefs().export_options.door_pins);
    e.harness.get_by_label("Show door pins in Tiled").click();
    e.settle();
    assert_eq!(e.dialogs.requests().last().map(|r| r.purpose), Some(delve::app::DialogPurpose::ChooseTileset));
    assert_eq!(e.app().prefs().export_options.tileset.as_deref(), Some(tsx.as_path()));
    let path = e.dir.path().join("level.tmx");
    e.dialogs.pick(&path);
    e.harness.get_by_label("Export…").click();
    e.settle();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("source=\"stone.tsx\"") && text.contains("tilewidth=\"32\""), "{}", &text[..400]);
    assert!(!e.dir.path().join("delve-tiles.png").exists());
    let m = tiled::Loader::new().load_tmx_map(&path).unwrap();
    let map = e.app().document().unwrap().map();
    assert_eq!((m.width, m.height, m.tile_width), (map.width(), map.height(), 32));
    assert!(m.layers().all(|l| l.visible), "the doors layer opens shown");
}

#[test]
fn tile_texture_is_built_once_per_map() {
    let mut e = editor();
    let builds = e.app().view().texture_builds();
    for _ in 0..10 {
        e.harness.hover_at(e.view_centre() + vec2(3.0, 1.0));
        e.harness.step();
    }
    assert_eq!(e.app().view().texture_builds(), builds, "hovering and redrawing reuse the texture");
    let prebuilt = e.app().view().texture_prebuilt_uses();
    e.harness.get_by_label("›").click();
    e.settle();
    assert_eq!(e.app().view().texture_builds(), builds + 1, "a new map builds it again");
    assert_eq!(e.app().view().texture_prebuilt_uses(), prebuilt + 1, "from texels made by the generation job");
    // Texels made for other layers are not used: rooms hidden while generating.
    e.layer("Rooms");
    e.settle();
    assert_eq!(e.app().view().texture_builds(), builds + 2, "hiding room colours rebuilds");
    assert_eq!(e.app().view().texture_prebuilt_uses(), prebuilt + 1);
}
