//! The generation timeline, driven through the real UI with egui_kittest.

use delve::app::DelveApp;
use delve::app::ParamsCommand;
use delve::generate::record::{CavesStep, GrownStep, RoomsTunnelsStep, Step};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::editor::harness_in as editor;

/// Clicks the timeline's button for stage `name` (the panel above has a header of that name
/// too; the timeline is under the map).
fn click_stage(h: &mut Harness<'static, DelveApp>, name: &str) {
    // The panel has headers (and a stage list) of the same names: the one on the timeline's
    // "Stages:" row.
    let row = h.get_by_label("Stages:").rect().center().y;
    let off_row = |n: &egui_kittest::Node<'_>| (n.rect().center().y - row).abs();
    let on_row = h.get_all_by_label(name).min_by(|a, b| off_row(a).total_cmp(&off_row(b))).unwrap();
    on_row.click();
    crate::common::settle(h);
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
    assert!(
        h.query_by_label_contains(&format!("Step 1 of {} (Place rooms): {}", steps.len(), steps[0].sentence()))
            .is_some()
    );

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
    assert!(matches!(h.state().timeline().step(), Some(Step::RoomsTunnels(RoomsTunnelsStep::RoomTried { .. }))));

    // The stages: every room try, then every tunnel; a button goes to where each starts.
    let first_tunnel =
        steps.iter().position(|s| matches!(s, Step::RoomsTunnels(RoomsTunnelsStep::TunnelDug { .. }))).unwrap();
    click_stage(&mut h, "Dig tunnels");
    assert_eq!(h.state().timeline().at(), first_tunnel + 1);
    assert!(matches!(h.state().timeline().step(), Some(Step::RoomsTunnels(RoomsTunnelsStep::TunnelDug { .. }))));
    assert_eq!(shown_rooms(&h), doc.rooms.len(), "every room is placed before the first tunnel");
    assert!(h.query_by_label_contains("(Dig tunnels): ").is_some());
    click_stage(&mut h, "Place rooms");
    assert_eq!(h.state().timeline().at(), 1);

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
    assert_eq!(frames, delve::export::gif::frame_steps(&rec.unwrap().steps).len());
}

/// Grown rooms on the timeline: the recording is made on the worker pool, the timeline starts
/// on the empty map of the finished size, and each step shows its map: a room appears when it
/// is placed, its corridor when it is dug; the growth and door steps draw over the map without
/// changing it.
#[test]
fn the_timeline_replays_grown_rooms_step_by_step() {
    use delve::app::Command;
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor(&dir);
    h.state_mut()
        .push(Command::Params(ParamsCommand::SelectPreset(delve::app::PresetRef::Shipped("tiendil-step6".into()))));
    crate::common::settle(&mut h);
    // Following a document asks for a recording; the timeline makes none on the UI thread.
    let mut t = delve::app::timeline::Timeline::default();
    t.open = true;
    let asked = t.sync(h.state().document());
    let source =
        delve::app::timeline::Generation { params: h.state().params().clone(), seed: h.state().seed(), kept: None };
    assert_eq!(asked, Some(source));
    assert_eq!(t.len(), 0);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::T);
    crate::common::settle(&mut h);
    let doc = h.state().document().unwrap().map().clone();
    let (_, rec) = delve::generate::generate_recorded(&h.state().params().clone(), h.state().seed()).unwrap();
    let steps = rec.unwrap().steps;
    assert_eq!(h.state().timeline().len(), steps.len());

    h.get_by_label("|<").click();
    crate::common::settle(&mut h);
    assert_eq!(h.state().timeline().at(), 1, "starts on the canvas");
    let shown = h.state().timeline().shown().unwrap().map().clone();
    assert_eq!((shown.width(), shown.height()), (doc.width(), doc.height()), "the finished map's size from the start");
    assert!(shown.rooms.is_empty());
    assert!(h.query_by_label_contains("An empty map of").is_some());
    // Grown rooms' stages, room by room: a button goes to where each starts.
    let stages: Vec<&str> = h.state().timeline().stages().iter().map(|(s, _)| s.name()).collect();
    assert_eq!(stages[..3], ["Grow", "Doors", "Place"]);
    click_stage(&mut h, "Place");
    assert!(matches!(h.state().timeline().step(), Some(Step::Grown(GrownStep::RoomPlaced { room: 0, .. }))));
    assert_eq!(h.state().timeline().shown().unwrap().map().rooms.len(), 1);
    h.get_by_label("|<").click();
    crate::common::settle(&mut h);

    // Forward step by step: the rooms and corridors on the map are those placed so far.
    for k in 2..=12 {
        h.get_by_label(">").click();
        crate::common::settle(&mut h);
        let t = h.state().timeline();
        assert_eq!(t.at(), k);
        let map = t.shown().map_or(&doc, |d| d.map());
        let placed = steps[..k].iter().filter(|s| s.placed_room().is_some()).count();
        let dug = steps[..k].iter().filter(|s| matches!(s, Step::Grown(GrownStep::CorridorDug { .. }))).count();
        assert_eq!((map.rooms.len(), map.corridors.len()), (placed, dug), "after step {k}");
        assert_eq!(&map.rooms[..], &doc.rooms[..placed]);
        let said =
            format!("Step {k} of {} ({}): {}", steps.len(), steps[k - 1].stage().name(), steps[k - 1].sentence());
        assert!(h.query_by_label_contains(&said).is_some(), "{said}");
        if matches!(steps[k - 1], Step::Grown(GrownStep::RoomGrown { .. }) | Step::Grown(GrownStep::DoorsChosen { .. }))
        {
            assert!(!t.marks().is_empty(), "a growth is drawn where its room goes");
        }
    }
    // Jump to where room 5 was placed.
    h.state_mut().timeline_mut().room = 5;
    h.get_by_label("Go").click();
    crate::common::settle(&mut h);
    let at = h.state().timeline().at();
    assert!(matches!(steps[at - 1], Step::Grown(GrownStep::RoomPlaced { room: 5, .. })));
    assert_eq!(shown_rooms(&h), 6);
    // The end is the generated map.
    h.get_by_label(">|").click();
    crate::common::settle(&mut h);
    assert!(h.state().timeline().shown().is_none());
    assert_eq!(delve::generate::replay(h.state().params(), h.state().seed(), &steps).unwrap(), doc);
}

/// A caves preset in the editor: its parameters in the panel, the report in caves, and the
/// timeline's stages from the random rock to the tunnels, the rock shown as it was smoothed.
#[test]
fn caves_show_their_rock_caves_and_tunnels_on_the_timeline() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor(&dir);
    let caves = delve::app::PresetRef::Shipped("caves".into());
    h.state_mut().push(delve::app::Command::Params(ParamsCommand::SelectPreset(caves)));
    crate::common::settle(&mut h);
    let doc = h.state().document().unwrap().map().clone();
    let n = doc.rooms.len();
    assert!(n > 1 && !doc.corridors.is_empty(), "seed 0 of caves has caves to join");
    for label in ["Rock fill", "Smoothing passes", "Rock from", "Smallest cave"] {
        assert!(h.query_all_by_label(label).count() > 0, "the panel shows {label}");
    }
    h.get_by_label(&delve::words::count(n as u64, "cave"));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::T);
    crate::common::settle(&mut h);
    click_stage(&mut h, "Smooth");
    assert_eq!(h.state().timeline().at(), 2, "after the fill, the first smoothing pass");
    let shown = h.state().timeline().shown().unwrap().map().clone();
    assert!(shown.rooms.is_empty() && shown.tiles() != doc.tiles(), "the rock as it was, no cave yet");
    assert!(h.query_by_label_contains("(Smooth): Smoothing pass 1: ").is_some());
    click_stage(&mut h, "Join caves");
    assert!(matches!(h.state().timeline().step(), Some(Step::Caves(CavesStep::CavesJoined { .. }))));
    // (At the last step the timeline shows the document itself.)
    let caves_then = h.state().timeline().shown().map_or(n, |d| d.map().rooms.len());
    assert_eq!(caves_then, n, "every cave before the first tunnel");
    h.get_by_label(">|").click();
    crate::common::settle(&mut h);
    let end = h.state().timeline().shown().map_or(doc.clone(), |d| d.map().clone());
    assert_eq!(end.tiles(), doc.tiles(), "the last step is the generated map");
}

/// A caves map made around a locked room has its timeline (issue 50): the recording made around
/// the same locks, the last of the caves' own steps followed by the one that keeps the locks, and
/// the end of the timeline the map on show.
#[test]
fn the_timeline_replays_a_map_made_around_locks() {
    use delve::app::{Command, EditCommand};
    use delve::edit::Op;
    use delve::generate::stages::Stage;
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor(&dir);
    h.state_mut().push(Command::Params(ParamsCommand::SelectPreset(delve::app::PresetRef::Shipped("caves".into()))));
    crate::common::settle(&mut h);
    h.state_mut().push(Command::Edit(EditCommand::Perform(Op::LockRoom { id: 0, locked: true })));
    crate::common::settle(&mut h);
    h.get_by_label("›").click();
    crate::common::settle(&mut h);
    let doc = h.state().document().unwrap().map().clone();
    let kept = doc.provenance.kept.clone().expect("made around the locked cave");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::T);
    crate::common::settle(&mut h);
    let t = h.state().timeline();
    assert!(t.note().is_none(), "{:?}", t.note());
    let made = delve::generate::Request::new(h.state().params(), h.state().seed())
        .keeping(Some(kept))
        .recorded(true)
        .run()
        .unwrap();
    let steps = made.recording.unwrap().steps;
    assert_eq!((t.len(), t.at()), (steps.len(), steps.len()));
    assert!(steps.iter().any(|s| s.stage() == Stage::KeepLocks));
    assert_eq!(made.generated.map.tiles(), doc.tiles(), "the recording is of the map on show");
    h.get_by_label("|<").click();
    crate::common::settle(&mut h);
    let first = h.state().timeline().shown().expect("an earlier step shown").map().clone();
    assert!(first.rooms.iter().all(|r| !r.locked), "before the locks are kept, no room is locked");
    h.get_by_label(">|").click();
    crate::common::settle(&mut h);
    assert!(h.state().timeline().shown().is_none(), "at the end, the map on show");
}
