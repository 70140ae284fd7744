//! Grown rooms' recording: the steps told to the timeline, replayed prefix by prefix, and
//! their sentences.

use crate::common::generate_valid;
use crate::grown::{arb_params, preset};
use crate::grown_shapes::shapes_preset;
use delve::generate::ShortfallCause;
use delve::generate::grown::generate_with_stats;
use delve::geom::Pos;
use delve::params::{GeneratorParams, GrownRooms, Params, SizeRange};
use proptest::prelude::*;

/// Checks a grown recording against the map it made: replay to the end is the map, a plain
/// generation is the same map, every prefix replays to the rooms and corridors made so far, and
/// the steps say what the generator did.
pub(crate) fn check_recording(p: &GrownRooms, seed: u64) -> Result<(), TestCaseError> {
    use delve::generate::record::{GrownStep, Growth, Step};
    let params = GeneratorParams::GrownRooms(p.clone());
    let plain = generate_valid(&params, seed);
    let (g, rec) = delve::generate::generate_recorded(&params, seed).unwrap();
    let steps = rec.expect("grown rooms records").steps;
    prop_assert_eq!(&g, &plain, "recording changes nothing");
    prop_assert_eq!(delve::generate::replay(&params, seed, &steps).unwrap(), plain.map.clone(), "replay to the end");
    let canvas = matches!(steps[0], Step::Grown(GrownStep::Canvas { width, height, spawn })
        if width == plain.map.width() && height == plain.map.height() && spawn == plain.map.spawn);
    prop_assert!(canvas, "the first step is the map's size and spawn");
    prop_assert_eq!(delve::generate::replay(&params, seed, &steps[..1]).unwrap().spawn, plain.map.spawn);
    for k in [1, steps.len() / 3, steps.len() / 2, steps.len() - 1] {
        let part = delve::generate::replay(&params, seed, &steps[..k]).unwrap();
        let placed = steps[..k].iter().filter(|s| s.placed_room().is_some()).count();
        let dug = steps[..k].iter().filter(|s| matches!(s, Step::Grown(GrownStep::CorridorDug { .. }))).count();
        prop_assert_eq!((part.width(), part.height()), (plain.map.width(), plain.map.height()));
        prop_assert_eq!(&part.rooms[..], &plain.map.rooms[..placed]);
        prop_assert_eq!(&part.corridors[..], &plain.map.corridors[..dug]);
    }
    // Each placed room: grown (regrown only after a hole), doors chosen, then placed, with the
    // cells it grew (moved to where it went) and its place in the map's rooms.
    let mut regrown = 0u64;
    for (i, s) in steps.iter().enumerate() {
        match s {
            Step::Grown(GrownStep::RoomGrown { room, cells, holes, outcome, .. }) => {
                prop_assert_eq!(holes.is_empty(), *outcome == Growth::Kept);
                regrown += u64::from(*outcome == Growth::Regrown);
                if *outcome == Growth::Kept
                    && let Some(pose) = GrownStep::pose_of(&steps, *room)
                {
                    let mut placed: Vec<Pos> = cells.iter().map(|c| pose.place(*c)).collect();
                    placed.sort_by_key(|c| (c.y, c.x));
                    prop_assert_eq!(placed, plain.map.rooms[*room as usize].shape.cells());
                }
            }
            Step::Grown(GrownStep::RoomPlaced { room, attach, search, .. }) => {
                let doors_before =
                    matches!(steps[i - 1], Step::Grown(GrownStep::DoorsChosen { room: r, .. }) if r == *room);
                prop_assert!(doors_before, "doors chosen just before placing");
                prop_assert_eq!(attach.is_none(), *room == 0);
                prop_assert!(search.refusals.len() <= delve::generate::record::Tally::SAMPLE);
                for r in &search.refusals {
                    // A refused place is `distance` steps from the door it was tried at.
                    prop_assert!(r.distance >= 1 && r.quarter_turns < 4);
                    prop_assert_eq!(r.door.manhattan(r.at) as u32, r.distance);
                    let door_cells: Vec<Pos> = plain.map.doors.iter().map(|d| d.cell).collect();
                    let rooms_cells: Vec<Pos> =
                        plain.map.rooms[..*room as usize].iter().flat_map(|r| r.shape.cells()).collect();
                    prop_assert!(
                        door_cells.contains(&r.door) || rooms_cells.contains(&r.door),
                        "tried at a placed room's door"
                    );
                }
                prop_assert!(search.crowded + search.too_large + search.no_corridor <= search.poses);
                if let Some(a) = attach {
                    prop_assert!(a.parent < *room && a.distance >= 1 && a.quarter_turns < 4);
                    // The next step is the corridor from the parent's door to the new room.
                    let Step::Grown(GrownStep::CorridorDug { from, to, path, looped: false }) = &steps[i + 1] else {
                        return Err(TestCaseError::fail(format!("seed {seed}: no corridor after room {room}")));
                    };
                    prop_assert_eq!((from.room, to.room, from.cell), (a.parent, *room, a.door));
                    prop_assert!(path.len() as u32 <= a.distance);
                }
            }
            _ => {}
        }
    }
    let (_, stats) = generate_with_stats(p, seed).unwrap();
    prop_assert_eq!(regrown, stats.regrown, "a step per regrowth");
    let loops = steps.iter().filter(|s| matches!(s, Step::Grown(GrownStep::CorridorDug { looped: true, .. }))).count();
    prop_assert_eq!(loops, stats.loops_added);
    Ok(())
}

#[test]
fn replaying_grown_steps_gives_the_generated_map_for_the_presets() {
    let mut variants = vec![preset()];
    let mut p = preset();
    (p.loops, p.door_kinds, p.mirror_chance, p.share_doors) = (6, 3, 0.5, true);
    variants.push(p);
    let mut p = preset();
    (p.growth_steps, p.hole_retries, p.corridors_may_cross) = (SizeRange::new(30, 60), 0, true);
    variants.push(p);
    variants.push(shapes_preset());
    for p in &variants {
        for seed in 0..60 {
            check_recording(p, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Random parameter sets: the recording replays to the map and says what happened.
    #[test]
    fn replaying_grown_steps_gives_the_generated_map(p in arb_params(), seed in 0u64..1_000_000) {
        prop_assume!(p.check().is_empty());
        check_recording(&p, seed)?;
    }
}

/// A small case by hand: two one-cell rooms, one door each: the steps and their sentences.
#[test]
fn grown_step_sentences_for_two_one_cell_rooms() {
    use delve::generate::record::{GrownStep, Step};
    let mut p = preset();
    (p.rooms, p.growth_steps, p.doors_per_room, p.loops, p.margin, p.door_kinds) =
        (2, SizeRange::new(0, 0), SizeRange::new(1, 1), 0, 1, 1);
    let params = GeneratorParams::GrownRooms(p);
    let (g, rec) = delve::generate::generate_recorded(&params, 5).unwrap();
    let steps = rec.unwrap().steps;
    let said: Vec<String> = steps.iter().map(Step::sentence).collect();
    assert_eq!(steps.len(), 8, "{said:#?}");
    let (w, h) = (g.map.width(), g.map.height());
    assert_eq!(said[0], format!("An empty map of {w}×{h} tiles, as large as the finished dungeon needs."));
    assert_eq!(said[1], "Room 0, growth 1: grown cell by cell to 1 cell, with no hole: kept.");
    assert_eq!(said[2], "Room 0: 1 door chosen among its 4 outer walls.");
    assert_eq!(said[3], "Room 0 (1 cell) placed first; the dungeon grows from it.");
    assert_eq!(said[4], "Room 1, growth 1: grown cell by cell to 1 cell, with no hole: kept.");
    assert_eq!(said[5], "Room 1: 1 door chosen among its 4 outer walls.");
    let Step::Grown(GrownStep::RoomPlaced { attach: Some(a), search, .. }) = &steps[6] else { panic!("{said:#?}") };
    let door = g.map.doors[0].cell;
    assert_eq!(a.door, door);
    assert!(
        said[6].starts_with(&format!(
            "Room 1 (1 cell) attached to room 0 at its door ({}, {}), {} ",
            door.x, door.y, a.distance
        )),
        "{}",
        said[6]
    );
    assert!(said[6].contains(&format!("turned {}°", a.quarter_turns * 90)), "{}", said[6]);
    assert!(said[6].contains(&format!("{} placement", search.poses)), "{}", said[6]);
    let c = &g.map.corridors[0];
    let d1 = g.map.doors[1].cell;
    assert_eq!(
        said[7],
        format!(
            "Corridor of {} {} from room 0 (door at ({}, {})) to room 1 (door at ({}, {})).",
            c.path.len(),
            if c.path.len() == 1 { "cell" } else { "cells" },
            door.x,
            door.y,
            d1.x,
            d1.y
        )
    );
}

/// Holes and a room that finds no place are told as such.
#[test]
fn grown_steps_tell_holes_and_rooms_without_a_place() {
    use delve::generate::record::{GrownStep, Growth, Step};
    let mut p = preset();
    (p.growth_steps, p.hole_retries) = (SizeRange::new(40, 80), 2);
    let params = GeneratorParams::GrownRooms(p);
    let mut regrown = false;
    for seed in 0..40 {
        let steps = delve::generate::generate_recorded(&params, seed).unwrap().1.unwrap().steps;
        for s in &steps {
            if let Step::Grown(GrownStep::RoomGrown { outcome: Growth::Regrown, holes, .. }) = s {
                regrown = true;
                assert!(s.sentence().contains("so it is grown again"), "{}", s.sentence());
                assert!(!holes.is_empty());
            }
        }
    }
    assert!(regrown, "large rooms grow holes");
    // A tiny placement budget: some room runs out of it.
    let mut p = preset();
    (p.placement_budget, p.rooms) = (100, 200);
    let params = GeneratorParams::GrownRooms(p);
    let (g, steps) = (0..50)
        .map(|seed| delve::generate::generate_recorded(&params, seed).unwrap())
        .map(|(g, rec)| (g, rec.unwrap().steps))
        .find(|(g, _)| g.report.shortfall.is_some())
        .expect("a room runs out of budget");
    let last = steps.last().unwrap();
    let Step::Grown(GrownStep::RoomNotPlaced { cause, search, .. }) = last else { panic!("{}", last.sentence()) };
    assert_eq!(Some(*cause), g.report.shortfall.as_ref().map(|s| s.cause));
    if *cause == ShortfallCause::Budget {
        assert_eq!(search.poses, 100);
        assert!(last.sentence().contains("100 placements tried, 100 refused"), "{}", last.sentence());
    }
    assert_eq!(search.crowded + search.too_large + search.no_corridor, search.poses, "every pose refused, each once");
    assert!(last.sentence().ends_with("Generation stops."), "{}", last.sentence());
}

// ---- Room shapes ----
