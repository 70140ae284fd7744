//! Hand edits: random edit sequences undo to exactly the original map and redo to exactly the
//! edited one; refused edits change nothing; the history stays bounded.

use crate::common::shipped;
use delve::edit::document::MapIndex;
use delve::edit::{Document, Edit, History, Interaction, Op, perform};
use delve::generate::generate;
use delve::geom::{Dir, Pos, Rect};
use delve::map::{Map, Rgb, Tile};
use proptest::prelude::*;

/// One random request, turned into an [`Op`] against the current map (ids and cells picked by
/// index, so most requests are meaningful).
#[derive(Clone, Debug)]
struct Req {
    kind: u8,
    a: u32,
    b: u32,
    dx: i8,
    dy: i8,
}

fn req() -> impl Strategy<Value = Req> {
    (0u8..15, any::<u32>(), any::<u32>(), -6i8..=6, -6i8..=6).prop_map(|(kind, a, b, dx, dy)| Req {
        kind,
        a,
        b,
        dx,
        dy,
    })
}

fn cell(m: &Map, a: u32) -> Pos {
    Pos::new((a % m.width()) as i32, ((a / m.width()) % m.height()) as i32)
}

fn to_op(m: &Map, r: &Req) -> Option<Op> {
    let pick = |n: usize, v: u32| (n > 0).then(|| v as usize % n);
    Some(match r.kind {
        0 | 1 => {
            let c = cell(m, r.a);
            let size = 1 + (r.b % 3) as i32;
            let cells = (0..6)
                .flat_map(|i| {
                    Rect::new(c.x + i * r.dx as i32 / 3, c.y + i * r.dy as i32 / 3, size, size)
                        .cells()
                        .collect::<Vec<_>>()
                })
                .collect();
            Op::Paint { cells, tile: if r.kind == 0 { Tile::Wall } else { Tile::Corridor } }
        }
        2 => {
            let c = cell(m, r.a);
            Op::AddRoom(Rect::new(c.x, c.y, 2 + (r.b % 6) as i32, 2 + (r.b / 7 % 5) as i32))
        }
        3 => Op::MoveRoom { id: m.rooms[pick(m.rooms.len(), r.a)?].id, dx: r.dx as i32, dy: r.dy as i32 },
        4 => Op::RemoveRoom(m.rooms[pick(m.rooms.len(), r.a)?].id),
        5 => {
            let room = &m.rooms[pick(m.rooms.len(), r.a)?];
            let cells = room.shape.cells();
            let c = cells[pick(cells.len(), r.b)?];
            Op::AddDoor { room: room.id, cell: c, side: Dir::ALL[(r.b % 4) as usize] }
        }
        6 => Op::RemoveDoor(m.doors[pick(m.doors.len(), r.a)?].id),
        7 => Op::Connect { a: m.doors[pick(m.doors.len(), r.a)?].id, b: m.doors[pick(m.doors.len(), r.b)?].id },
        8 => Op::RemoveCorridor(m.corridors[pick(m.corridors.len(), r.a)?].id),
        9 => Op::Reroute(m.corridors[pick(m.corridors.len(), r.a)?].id),
        10 => Op::SetSpawn(cell(m, r.a)),
        11 => Op::LockRoom { id: m.rooms[pick(m.rooms.len(), r.a)?].id, locked: r.b.is_multiple_of(3) || r.b % 3 == 1 },
        12 => {
            let c = cell(m, r.a);
            let cells = Rect::new(c.x - 1, c.y - 1, 1 + (r.b % 5) as i32, 1 + (r.b / 5 % 4) as i32).cells().collect();
            Op::LockTiles { cells, locked: r.dx >= -2 }
        }
        13 => Op::SetRoomRole {
            id: m.rooms[pick(m.rooms.len(), r.a)?].id,
            role: delve::map::Role::ALL.get(r.b as usize % 6).copied(),
        },
        _ => Op::SetRoomProps {
            id: m.rooms[pick(m.rooms.len(), r.a)?].id,
            label: r.b.is_multiple_of(2).then(|| format!("room {}", r.b)),
            colour: Rgb(r.b as u8, (r.b >> 8) as u8, (r.b >> 16) as u8),
        },
    })
}

/// Side of the blocks the checker cuts a map into (`delve::map::check`): where blocks meet is
/// where an incremental check can go wrong.
const BLOCK: i32 = 64;

/// Whether `r`, grown by two tiles, reaches across a line where check blocks meet.
fn near_block_edge(r: Rect) -> bool {
    let r = r.grow(2);
    r.x.max(0) / BLOCK != (r.right() - 1).max(0) / BLOCK || r.y.max(0) / BLOCK != (r.bottom() - 1).max(0) / BLOCK
}

/// `r` aimed where check blocks meet (three times in four): a cell picked next to a block's
/// edge (across, down or both), a room, door or corridor picked among those that reach across
/// one, a door put on a room's wall facing out, next to a block's edge when the room reaches one.
fn at_block_edges(m: &Map, r: &Req) -> Req {
    let mut r = r.clone();
    if r.b.is_multiple_of(4) {
        return r;
    }
    let (w, h) = (m.width() as i32, m.height() as i32);
    // A coordinate within four tiles of one of the block edges inside `0..side` (any, when the
    // side is a single block).
    let near = |v: u32, side: i32| -> i32 {
        let edges = (side - 1) / BLOCK;
        if edges == 0 {
            return (v % side as u32) as i32;
        }
        let e = BLOCK * (1 + (v / 8 % edges as u32) as i32);
        (e - 4 + (v % 8) as i32).clamp(0, side - 1)
    };
    let pick_in = |items: Vec<usize>, v: u32| if items.is_empty() { v } else { items[v as usize % items.len()] as u32 };
    let rooms_near =
        || (0..m.rooms.len()).filter(|i| m.rooms[*i].shape.bounds().is_some_and(near_block_edge)).collect::<Vec<_>>();
    match r.kind {
        0..=2 | 10 | 12 => {
            let (v, u) = (r.a / 3, (r.a / 3) >> 8);
            let (x, y) = match r.a % 3 {
                0 => (near(v, w), u as i32 % h),
                1 => (u as i32 % w, near(v, h)),
                _ => (near(v, w), near(u, h)),
            };
            r.a = (y * w + x) as u32;
        }
        3 | 4 | 11 | 13 | 14 => r.a = pick_in(rooms_near(), r.a),
        5 => {
            r.a = pick_in(rooms_near(), r.a);
            let Some(room) = m.rooms.get(r.a as usize % m.rooms.len().max(1)) else { return r };
            let cells = room.shape.cells();
            let n = cells.len() as u32;
            // `to_op` takes the cell `b % n` and the side `b % 4`: the values of `b` that put a
            // door on the wall, facing out of the room.
            let on_wall: Vec<u32> = (0..4 * n)
                .filter(|b| !room.shape.contains(cells[(b % n) as usize].step(Dir::ALL[(b % 4) as usize])))
                .collect();
            let at_edge: Vec<u32> = on_wall
                .iter()
                .copied()
                .filter(|b| near_block_edge(Rect::new(cells[(b % n) as usize].x, cells[(b % n) as usize].y, 1, 1)))
                .collect();
            let choices = if at_edge.is_empty() { on_wall } else { at_edge };
            if !choices.is_empty() {
                r.b = choices[r.b as usize % choices.len()];
            }
        }
        6 | 7 => {
            let doors: Vec<usize> = (0..m.doors.len())
                .filter(|i| near_block_edge(Rect::new(m.doors[*i].cell.x, m.doors[*i].cell.y, 1, 1)))
                .collect();
            r.a = pick_in(doors.clone(), r.a);
            if r.kind == 7 {
                r.b = pick_in(doors, r.b);
            }
        }
        8 | 9 => {
            let corridors: Vec<usize> = (0..m.corridors.len())
                .filter(|i| Rect::bounding(m.corridors[*i].path.iter().copied()).is_some_and(near_block_edge))
                .collect();
            r.a = pick_in(corridors, r.a);
        }
        _ => {}
    }
    r
}

/// A generated map of 3×2 check blocks (140×100 tiles), with rooms and corridors across the
/// blocks' edges.
fn big_map(seed: u64) -> Map {
    use delve::params::{GeneratorParams, RoomsAndTunnels};
    let base = if seed.is_multiple_of(2) { RoomsAndTunnels::godot() } else { RoomsAndTunnels::mcrogueface() };
    let p = RoomsAndTunnels { width: 140, height: 100, max_rooms: 70, ..base };
    let m = generate(&GeneratorParams::RoomsAndTunnels(p), seed).expect("generates").map;
    assert!(m.width() as i32 > 2 * BLOCK && m.height() as i32 > BLOCK);
    m
}

fn base_map(preset: usize, seed: u64) -> Map {
    let name = ["godot-part3", "mcrogueface-part3", "tiendil-step6"][preset % 3];
    generate(&shipped(name), seed).expect("shipped presets generate").map
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn undo_all_gives_back_the_original_and_redo_all_the_edited(
        preset in 0usize..3, seed in 0u64..4, reqs in prop::collection::vec(req(), 1..25)
    ) {
        let original = base_map(preset, seed);
        let mut m = original.clone();
        let mut inverses = Vec::new();
        for r in &reqs {
            let Some(op) = to_op(&m, r) else { continue };
            let before = m.clone();
            match perform(&mut m, op.clone()) {
                Ok(done) => inverses.push(done.inverse),
                Err(e) => prop_assert_eq!(&m, &before, "refused {:?} ({}) changed the map", op, e),
            }
        }
        let edited = m.clone();
        prop_assert_eq!(m.provenance.edited, !inverses.is_empty());
        let mut redos = Vec::new();
        for inv in inverses.into_iter().rev() {
            redos.push(inv.apply(&mut m).expect("an inverse applies"));
        }
        prop_assert_eq!(&m, &original);
        for redo in redos.into_iter().rev() {
            redo.apply(&mut m).expect("a redo applies");
        }
        prop_assert_eq!(&m, &edited);
    }

    #[test]
    fn the_history_undoes_and_redoes_through_its_bound(reqs in prop::collection::vec(req(), 1..30)) {
        let original = base_map(0, 1);
        let mut m = original.clone();
        let mut h = History::new(8, usize::MAX);
        let mut steps = 0;
        for r in &reqs {
            let Some(op) = to_op(&m, r) else { continue };
            if let Ok(done) = perform(&mut m, op.clone()) {
                h.push(op.label(), done.inverse);
                steps += 1;
            }
        }
        prop_assert_eq!(h.undo_len(), steps.min(8));
        let edited = m.clone();
        while let Some(r) = h.undo(&mut m) {
            r.expect("undo applies");
        }
        if steps <= 8 {
            prop_assert_eq!(&m, &original);
        }
        while let Some(r) = h.redo(&mut m) {
            r.expect("redo applies");
        }
        prop_assert_eq!(&m, &edited);
    }
}

#[test]
fn bad_edits_are_errors_not_panics() {
    let mut m = base_map(0, 0);
    let before = m.clone();
    let bad = [
        Edit::SetTiles(vec![(Pos::new(-1, 0), Tile::Floor)]),
        Edit::RemoveRoom(u32::MAX),
        Edit::RemoveDoor(u32::MAX),
        Edit::RemoveCorridor(u32::MAX),
        Edit::TranslateRoom { id: 0, dx: i32::MAX, dy: 0 },
        Edit::InsertRoom { index: usize::MAX, room: m.rooms[0].clone() },
        Edit::InsertRoom { index: 0, room: m.rooms[0].clone() },
        Edit::Batch(vec![Edit::SetSpawn(Pos::new(1, 1)), Edit::RemoveRoom(u32::MAX)]),
    ];
    for e in bad {
        assert!(e.clone().apply(&mut m).is_err(), "{e:?}");
        assert_eq!(m, before, "{e:?}");
    }
    for op in [
        Op::MoveRoom { id: m.rooms[0].id, dx: 100_000, dy: 0 },
        Op::MoveRoom { id: m.rooms[0].id, dx: i32::MIN, dy: 0 },
        Op::AddRoom(Rect::new(i32::MAX - 1, 0, 5, 5)),
        Op::Connect { a: u32::MAX, b: 0 },
        Op::AddDoor { room: 0, cell: Pos::new(-5, -5), side: Dir::North },
    ] {
        assert!(perform(&mut m, op.clone()).is_err(), "{op:?}");
        assert_eq!(m, before, "{op:?}");
    }
}

#[test]
fn painting_wall_over_a_corridor_is_reported_and_undone() {
    let mut m = base_map(0, 3);
    assert!(m.validate().is_empty());
    let c = m.corridors[0].clone();
    let mid = c.path[c.path.len() / 2];
    let done = perform(&mut m, Op::Paint { cells: vec![mid], tile: Tile::Wall }).unwrap();
    assert_eq!(done.changes.tiles, Some(Rect::new(mid.x, mid.y, 1, 1)));
    assert!(m.provenance.edited);
    assert!(m.validate().iter().any(|p| matches!(p, delve::map::Problem::CorridorBroken { .. })), "{:?}", m.validate());
    done.inverse.apply(&mut m).unwrap();
    assert!(m.validate().is_empty());
    assert!(!m.provenance.edited);
}

#[test]
fn moving_a_room_keeps_a_generated_map_consistent() {
    let mut m = base_map(0, 2);
    // Try each room in a few directions; every accepted move must leave the map valid apart
    // from reachability (a re-route may fail and drop a corridor) and other corridors the room now
    // covers (flagged by validate, not refused, so a room can be dragged across corridors).
    let mut moved = 0;
    for i in 0..m.rooms.len() {
        for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
            let id = m.rooms[i].id;
            if let Ok(done) = perform(&mut m, Op::MoveRoom { id, dx, dy }) {
                moved += 1;
                let problems: Vec<_> = m
                    .validate()
                    .into_iter()
                    .filter(|p| {
                        !matches!(
                            p,
                            delve::map::Problem::UnreachableFloor { .. }
                                | delve::map::Problem::SpawnNotOnFloor { .. }
                                | delve::map::Problem::DoorWithoutCorridor { .. }
                                | delve::map::Problem::CorridorEntersRoom { .. }
                        )
                    })
                    .collect();
                assert!(problems.is_empty(), "room {id} by ({dx}, {dy}): {problems:?}\n{}", m.to_ascii());
                done.inverse.apply(&mut m).unwrap();
            }
        }
    }
    assert!(moved > 0);
}

/// An edited map saved and reopened is exactly the same map, still marked edited, with the
/// provenance (generator, parameters, seed) it was generated with.
#[test]
fn edited_maps_save_and_reopen_exactly() {
    let dir = tempfile::tempdir().unwrap();
    for preset in 0..3 {
        let mut m = base_map(preset, 5);
        let provenance = m.provenance.clone();
        assert!(!provenance.edited);
        let room = m.rooms[0].id;
        let c = m.corridors[0].path[0];
        let ops = vec![
            Op::Paint { cells: vec![c], tile: Tile::Wall },
            Op::SetRoomProps { id: room, label: Some("Guard room".into()), colour: Rgb(10, 20, 30) },
            Op::SetSpawn(m.rooms[1].shape.centre().unwrap()),
        ];
        for op in ops {
            perform(&mut m, op).unwrap();
        }
        assert!(m.provenance.edited);
        assert_eq!(m.provenance.params, provenance.params);
        assert_eq!(m.provenance.seed, provenance.seed);
        let path = dir.path().join(format!("edited-{preset}.ron"));
        delve::io::save_map(&path, &m).unwrap();
        let back = delve::io::load_map(&path).unwrap();
        assert_eq!(back, m);
        assert!(back.provenance.edited);
    }
}

/// A document over a generated map, with its problems checked.
fn document(seed: u64) -> Document {
    let mut d = Document::from_map(base_map(0, seed));
    d.check_now();
    d
}

fn paint(d: &Document, x: i32) -> Op {
    let tile = if d.map().tile(Pos::new(x, 0)) == Some(Tile::Wall) { Tile::Corridor } else { Tile::Wall };
    Op::Paint { cells: vec![Pos::new(x, 0)], tile }
}

/// An undo step belongs to one interaction: edits of two interactions never share a step,
/// whatever order they arrive in, and a closed step is never joined again.
#[test]
fn undo_steps_are_opened_and_closed_by_interactions() {
    let mut d = document(1);
    let original = d.map().clone();
    let (a, b) = (Interaction::fresh(), Interaction::fresh());
    d.perform(paint(&d, 1), a).unwrap();
    d.perform(paint(&d, 2), a).unwrap();
    assert_eq!(d.history().undo_len(), 1, "one interaction, one step");
    d.perform(paint(&d, 3), b).unwrap();
    d.perform(paint(&d, 4), a).unwrap();
    assert_eq!(d.history().undo_len(), 3, "a, b, then a again: b closed a's step");
    d.end_step(a);
    d.perform(paint(&d, 5), b).unwrap();
    d.end_step(b);
    d.perform(paint(&d, 6), b).unwrap();
    assert_eq!(d.history().undo_len(), 5, "a closed step is not joined again");
    d.perform_once(paint(&d, 7)).unwrap();
    d.perform_once(paint(&d, 8)).unwrap();
    assert_eq!(d.history().undo_len(), 7, "one-shot edits are a step each");
    // Undo closes the open step: the same interaction afterwards starts a new one.
    d.perform(paint(&d, 9), a).unwrap();
    d.undo().unwrap().unwrap();
    d.perform(paint(&d, 9), a).unwrap();
    d.perform(paint(&d, 10), a).unwrap();
    assert_eq!(d.history().undo_len(), 8);
    d.jump_to(0).unwrap();
    assert_eq!(d.map(), &original);
}

/// "Unsaved" is derived from the history position and the saved position.
#[test]
fn unsaved_follows_the_history_position() {
    let dir = tempfile::tempdir().unwrap();
    let mut d = document(2);
    assert!(!d.is_dirty(), "a new map has nothing unsaved");
    d.perform_once(paint(&d, 1)).unwrap();
    assert!(d.is_dirty());
    d.undo().unwrap().unwrap();
    assert!(!d.is_dirty(), "undo back to the start");
    d.redo().unwrap().unwrap();
    assert!(d.is_dirty(), "redo: unsaved again");
    d.perform_once(paint(&d, 2)).unwrap();
    d.mark_saved(dir.path().join("a.ron"));
    assert!(!d.is_dirty());
    d.undo().unwrap().unwrap();
    assert!(d.is_dirty(), "undo below the saved point");
    d.redo().unwrap().unwrap();
    assert!(!d.is_dirty(), "redo back to the saved point");
    // A stroke that grows after saving is unsaved, though it is still the same step.
    let i = Interaction::fresh();
    d.perform(paint(&d, 3), i).unwrap();
    d.mark_saved(dir.path().join("a.ron"));
    d.perform(paint(&d, 4), i).unwrap();
    assert!(d.is_dirty(), "the open step grew after saving");
    d.end_step(i);
    // An edit after undoing below the saved point makes it unreachable.
    d.mark_saved(dir.path().join("a.ron"));
    d.undo().unwrap().unwrap();
    d.perform_once(paint(&d, 5)).unwrap();
    assert!(d.is_dirty());
    d.undo().unwrap().unwrap();
    assert!(d.is_dirty(), "the saved state was the dropped redo, not this one");
    assert!(d.redo().is_some());
    assert!(d.redo().is_none(), "the saved state can no longer be redone");
    assert!(d.is_dirty());
}

/// Regenerating over an edited map without a file: the history is inherited and one step brings
/// the old map back. The edits are one Undo away, so the document stays unsaved; undoing back to
/// the generated start is clean. Regenerating over a clean one stays clean, and the same map
/// again is no step.
#[test]
fn regenerating_inherits_the_history() {
    let mut old = document(3);
    old.perform_once(paint(&old, 1)).unwrap();
    let edited = old.map().clone();
    let mut new = document(4);
    new.inherit_history(old, "Regenerate");
    assert!(new.is_dirty(), "the edits are still unsaved");
    assert_eq!(new.history().undo_labels().last(), Some("Regenerate"));
    new.undo().unwrap().unwrap();
    assert_eq!(new.map(), &edited);
    assert!(new.is_dirty());
    new.undo().unwrap().unwrap();
    assert!(!new.is_dirty(), "the generated start");
    new.redo().unwrap().unwrap();
    new.redo().unwrap().unwrap();
    assert!(new.is_dirty());

    let (clean, mut next) = (document(3), document(4));
    next.inherit_history(clean, "Seed 4");
    assert!(!next.is_dirty(), "a generated map over a generated map");
    assert_eq!(next.history().undo_len(), 1);
    let mut again = document(4);
    again.inherit_history(next, "Regenerate");
    assert_eq!(again.history().undo_len(), 1, "the same map again is no step");
    assert!(!again.is_dirty());
    again.undo().unwrap().unwrap();
    assert!(!again.is_dirty(), "back at the first generated map");
}

/// Steps dropped off a bounded history: undoing everything that is left does not reach the
/// saved start, so the document stays unsaved.
#[test]
fn a_bounded_history_never_claims_the_dropped_start() {
    let mut h = History::new(2, usize::MAX);
    let mut m = base_map(0, 5);
    let start = h.serial();
    for x in 1..=3 {
        let tile = if m.tile(Pos::new(x, 0)) == Some(Tile::Wall) { Tile::Corridor } else { Tile::Wall };
        let done = perform(&mut m, Op::Paint { cells: vec![Pos::new(x, 0)], tile }).unwrap();
        h.push("paint".into(), done.inverse);
    }
    while let Some(r) = h.undo(&mut m) {
        r.unwrap();
    }
    assert_ne!(h.serial(), start);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The document's lookups (room and corridor on each tile, room bounds), redone only where an
    /// edit changed structure, equal lookups built from scratch after every edit, undo and redo.
    #[test]
    fn lookups_follow_every_edit(seed in 0u64..6, reqs in prop::collection::vec(req(), 1..40)) {
        let mut d = Document::from_map(base_map(seed as usize, seed));
        for r in &reqs {
            match r.kind % 6 {
                0 => { d.undo(); }
                1 => { d.redo(); }
                _ => {
                    let Some(op) = to_op(d.map(), r) else { continue };
                    let _ = d.perform_once(op);
                }
            }
            let fresh = MapIndex::build(d.map());
            prop_assert!(d.index().room_at == fresh.room_at, "room lookup differs after {:?}", r);
            prop_assert!(d.index().corridor_at == fresh.corridor_at, "corridor lookup differs after {:?}", r);
            prop_assert_eq!(&d.index().room_bounds, &fresh.room_bounds);
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Problems are checked away from the edits: an answer is taken only for the revision it
    /// checked, and the answer taken equals `validate()` of the map at that moment, through many
    /// random edits, undos and redos. The maps span 3×2 check blocks, and most edits are aimed
    /// where blocks meet: rooms added, moved and removed across a block's edge, doors added and
    /// removed next to one, corridors dug, rerouted and removed across one, strokes along one.
    #[test]
    fn checked_problems_equal_validate_of_the_map(seed in 0u64..6, reqs in prop::collection::vec(req(), 1..30)) {
        let mut d = Document::from_map(big_map(seed));
        for (i, r) in reqs.iter().enumerate() {
            // Every third step a check is handed out before the edit and answered after it.
            let early = if i % 3 == 1 { d.check_request().map(|c| c.run()) } else { None };
            match r.dy {
                6 => { d.undo(); }
                -6 => { d.redo(); }
                _ => {
                    if let Some(op) = to_op(d.map(), &at_block_edges(d.map(), r)) {
                        let _ = d.perform_once(op);
                    }
                }
            }
            if let Some(c) = early {
                if c.revision == d.revision() {
                    prop_assert!(d.checked(c), "the edit was refused: the answer is current");
                } else {
                    // Stale: refused, and nothing the document shows changes.
                    let (problems, figures) = (d.problems().to_vec(), *d.figures());
                    prop_assert!(!d.checked(c), "a stale answer is refused");
                    prop_assert_eq!(d.problems(), &problems[..]);
                    prop_assert_eq!(*d.figures(), figures);
                    prop_assert!(!d.problems_current());
                }
            }
            // Checked at once every other step, so that edits also pile up between checks.
            if i % 2 == 0 && let Some(c) = d.check_request() {
                prop_assert!(d.checked(c.run()));
            }
            if d.problems_current() {
                prop_assert_eq!(d.problems(), &d.map().validate()[..]);
                prop_assert_eq!(*d.figures(), delve::map::metrics::Metrics::of(d.map()).figures);
            }
        }
        d.check_now();
        prop_assert!(d.problems_current());
        prop_assert_eq!(d.problems(), &d.map().validate()[..]);
    }
}

/// A check answered after the map changed is refused: the problems and figures stay those of
/// the last answer taken, still marked out of date, and the checker comes home, so the next
/// check is handed out and its answer, for the map as it is, is taken.
#[test]
fn a_stale_check_answer_is_refused() {
    let mut d = document(1);
    assert!(d.problems().is_empty() && d.problems_current());
    let figures = *d.figures();
    // Wall across the first corridor: a problem the stale answer does not know of.
    let c = d.map().corridors[0].clone();
    d.perform_once(Op::Paint { cells: vec![c.path[c.path.len() / 2]], tile: Tile::Wall }).unwrap();
    let asked = d.check_request().expect("a check for the broken corridor");
    let asked_at = asked.revision();
    d.perform_once(paint(&d, 1)).unwrap();
    assert_ne!(d.revision(), asked_at);
    let stale = asked.run();
    assert!(stale.problems.iter().any(|p| matches!(p, delve::map::Problem::CorridorBroken { .. })));
    assert!(!d.checked(stale), "the answer is for an older revision");
    assert!(d.problems().is_empty(), "the stale problems were not taken: {:?}", d.problems());
    assert_eq!(*d.figures(), figures);
    assert!(!d.problems_current());
    // The checker came home: the next check is handed out, and taken.
    let fresh = d.check_request().expect("the checker is back").run();
    assert!(d.checked(fresh));
    assert!(d.problems_current());
    assert_eq!(d.problems(), &d.map().validate()[..]);
    assert!(d.problems().iter().any(|p| matches!(p, delve::map::Problem::CorridorBroken { .. })));
}

/// Locking is an edit: a room's lock and a stroke of tile locks undo and redo exactly, and
/// asking for what is already so changes nothing.
#[test]
fn locks_are_undoable_edits() {
    let mut m = base_map(0, 3);
    let original = m.clone();
    let done = perform(&mut m, Op::LockRoom { id: 2, locked: true }).unwrap();
    assert!(m.rooms[2].locked && m.has_locks());
    assert!(perform(&mut m, Op::LockRoom { id: 2, locked: true }).is_err(), "already locked");
    let cells: Vec<Pos> = Rect::new(-2, -2, 6, 5).cells().collect();
    let tiles = perform(&mut m, Op::LockTiles { cells: cells.clone(), locked: true }).unwrap();
    assert_eq!(m.locked_tile_count(), 4 * 3, "only cells on the map");
    let locked = m.clone();
    let redo = tiles.inverse.clone().apply(&mut m).unwrap();
    assert_eq!(m.locked_tile_count(), 0);
    redo.apply(&mut m).unwrap();
    assert_eq!(m, locked);
    tiles.inverse.apply(&mut m).unwrap();
    done.inverse.apply(&mut m).unwrap();
    assert_eq!(m, original);
    assert!(!m.has_locks());
}
