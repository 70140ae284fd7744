//! Legibility in the editor: the compare window's difference overlay is off until asked for,
//! door marks fade out when zoomed out, and the map texture edges the dug-out space.

use delve::app::map_view::{DOOR_HIDDEN_SCALE, DOOR_SHOWN_SCALE, door_alpha};
use delve::app::textures::{ColourLayers, chunk_images};
use delve::app::{Command, DelveApp};
use delve::app::{ParamsCommand, WindowCommand};
use delve::map::Map;
use delve::map::graph::RoomGraph;
use delve::raster::Palette;
use egui::accesskit::Toggled;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn overlay_toggle(h: &Harness<'static, DelveApp>) -> Option<Toggled> {
    h.get_by_label("Difference overlay").accesskit_node().toggled()
}

#[test]
fn the_compare_difference_overlay_is_off_until_turned_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = crate::editor::harness(dir.path(), None, None).0;
    h.state_mut().push(Command::Params(ParamsCommand::SetSeedText("1".into())));
    h.state_mut().push(Command::Window(WindowCommand::ShowCompare(true)));
    crate::common::settle(&mut h);
    assert_eq!(h.state().compare().panes.iter().map(|p| p.seed).collect::<Vec<_>>(), vec![1, 2], "seeds 1 and 2");
    assert!(!h.state().compare().overlay, "off by default");
    assert_eq!(overlay_toggle(&h), Some(Toggled::False), "the checkbox shows it off");
    h.get_by_label("Difference overlay").click();
    crate::common::settle(&mut h);
    assert!(h.state().compare().overlay);
    assert_eq!(overlay_toggle(&h), Some(Toggled::True));
}

#[test]
fn door_marks_fade_between_two_zooms() {
    const { assert!(DOOR_HIDDEN_SCALE < DOOR_SHOWN_SCALE) };
    // Hidden when zoomed out, full when zoomed in.
    for s in [0.0, 0.5, 1.0, 2.0, 3.0, DOOR_HIDDEN_SCALE] {
        assert_eq!(door_alpha(s), 0.0, "{s} points per tile");
    }
    for s in [DOOR_SHOWN_SCALE, 10.0, 40.0, 1000.0, f32::INFINITY] {
        assert_eq!(door_alpha(s), 1.0, "{s} points per tile");
    }
    // In between: strictly rising, halfway at the middle, no jumps.
    let steps = 100;
    let mut last = 0.0;
    for i in 1..steps {
        let s = DOOR_HIDDEN_SCALE + (DOOR_SHOWN_SCALE - DOOR_HIDDEN_SCALE) * i as f32 / steps as f32;
        let a = door_alpha(s);
        assert!(a > last && a < 1.0, "{s}: {a} after {last}");
        assert!(a - last < 0.03, "smooth: {s}: {a} after {last}");
        last = a;
    }
    let mid = door_alpha((DOOR_HIDDEN_SCALE + DOOR_SHOWN_SCALE) / 2.0);
    assert!((mid - 0.5).abs() < 1e-6, "{mid}");
    // Nonsense zooms hide them rather than panic.
    assert_eq!(door_alpha(f32::NAN), 0.0);
    assert_eq!(door_alpha(f32::NEG_INFINITY), 0.0);
}

/// The map view's texels use the same wall rule as pictures: edge walls and rock differ.
#[test]
fn the_map_texture_draws_edge_walls_apart_from_rock() {
    let map = Map::from_ascii("#######\n#######\n##.@.##\n#######\n#######\n").unwrap();
    let pal = Palette::default();
    let c32 = |c: delve::map::Rgb| egui::Color32::from_rgb(c.0, c.1, c.2);
    let images = chunk_images(
        &map,
        ColourLayers { rooms: true, corridors: true, rooms_by: Default::default() },
        4,
        &RoomGraph::of(&map),
    );
    let texel = |x: usize, y: usize| {
        let (r, img) = images
            .iter()
            .find(|(r, _)| r.contains(delve::geom::Pos::new(x as i32, y as i32)))
            .expect("a chunk covers every tile");
        img.pixels[(y - r.y as usize) * img.size[0] + (x - r.x as usize)]
    };
    assert_eq!(texel(1, 1), c32(pal.wall), "diagonal to floor");
    assert_eq!(texel(5, 3), c32(pal.wall));
    assert_eq!(texel(0, 0), c32(pal.rock));
    assert_eq!(texel(6, 4), c32(pal.rock));
    assert_eq!(texel(3, 0), c32(pal.rock), "two rows above the floor");
}
