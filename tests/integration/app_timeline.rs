//! The generation timeline, driven through the real UI with egui_kittest.

use delve::app::DelveApp;
use delve::generate::record::Step;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn editor(dir: &tempfile::TempDir) -> Harness<'static, DelveApp> {
    crate::editor::harness(dir.path(), None, None).0
}

fn shown_rooms(h: &Harness<'static, DelveApp>) -> usize {
    let app = h.state();
    app.timeline().shown().unwrap_or_else(|| app.document().unwrap()).map().rooms.len()
}

#[test]
fn the_timeline_steps_scrubs_jumps_and_plays_to_the_generated_map() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor(&dir);
    assert!(h.query_by_label("Play").is_none(), "hidden by default");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::T);
    crate::common::settle(&mut h);
    let doc = h.state().document().unwrap().map().clone();
    let params = h.state().params().clone();
    let (_, rec) = delve::generate::generate_recorded(&params, h.state().seed()).unwrap();
    let steps = rec.unwrap().steps;
    let t = h.state().timeline();
    assert_eq!((t.len(), t.at()), (steps.len(), steps.len()), "opens at the end: the map as generated");
    assert!(t.shown().is_none());

    h.get_by_label("|<").click();
    crate::common::settle(&mut h);
    assert_eq!(h.state().timeline().at(), 0);
    assert_eq!(shown_rooms(&h), 0, "nothing placed yet");
    assert!(h.query_by_label_contains("nothing placed yet").is_some());

    h.get_by_label(">").click();
    crate::common::settle(&mut h);
    assert_eq!(h.state().timeline().at(), 1);
    assert_eq!(shown_rooms(&h), 1);
    assert!(h.query_by_label_contains(&format!("Step 1 of {}: {}", steps.len(), steps[0].sentence())).is_some());

    // Jump to where room 3 was placed: rooms 0 to 3 are on the map.
    let room3 = steps.iter().position(|s| s.placed_room() == Some(3)).unwrap();
    h.get_by_label("Go").click(); // room 0 by default
    crate::common::settle(&mut h);
    assert_eq!(h.state().timeline().at(), 1, "room 0 is placed by the first step");
    h.state_mut().timeline_mut().room = 3;
    h.get_by_label("Go").click();
    crate::common::settle(&mut h);
    assert_eq!(h.state().timeline().at(), room3 + 1);
    assert_eq!(shown_rooms(&h), 4);
    assert!(matches!(h.state().timeline().step(), Some(Step::RoomTried { .. })));

    // Play: the steps move on by themselves, to the end, where the map is the generated one.
    h.state_mut().timeline_mut().speed = 200.0;
    h.get_by_label("Play").click();
    for _ in 0..400 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
        if !h.state().timeline().is_playing() {
            break;
        }
    }
    let t = h.state().timeline();
    assert_eq!(t.at(), steps.len());
    assert!(t.shown().is_none(), "at the end the document itself is shown");
    // Every step replays to a map whose rooms are the generated map's first rooms.
    let replayed = delve::generate::replay(&params, h.state().seed(), &steps).unwrap();
    assert_eq!(replayed, doc);
}

/// *File ▸ Export ▸ Generation as GIF…* writes the animation of the map's generation.
#[test]
fn the_generation_exports_as_a_gif_from_the_file_menu() {
    use image::AnimationDecoder;
    let mut e = crate::editor::editor();
    let doc = e.app().document().unwrap().map().clone();
    let prov = doc.provenance.clone();
    e.harness.get_by_label("File").click();
    e.harness.run();
    e.harness.get_by_label("Export").hover();
    e.harness.run();
    let path = e.dir.path().join("made.gif");
    e.dialogs.pick(&path);
    e.harness.get_by_label("Generation as GIF…").click();
    e.settle();
    let bytes = std::fs::read(&path).expect("the GIF is written");
    let (_, rec) = delve::generate::generate_recorded(prov.params.as_ref().unwrap(), prov.seed).unwrap();
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes)).unwrap();
    let frames = decoder.into_frames().count();
    assert_eq!(frames, rec.unwrap().steps.len() + 1);
}
