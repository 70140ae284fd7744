//! Grown rooms' shapes besides the blob (halls, narrow rooms, caves, closets): each keeps its
//! promises over many seeds, the mixed preset, and the checks of their parameters.

use crate::common::{generate_valid, shipped_grown};
use crate::grown::{check_invariants, depths, gen_valid, panel_label, preset};
use crate::grown_steps::check_recording;
use delve::generate::GenError;
use delve::generate::ShortfallCause;
use delve::geom::{Pos, Rect};
use delve::params::{GeneratorParams, GrownRooms, Params, RoomShape, SizeRange};
use std::collections::BTreeSet;

/// The shipped preset that mixes every room shape.
pub(crate) fn shapes_preset() -> GrownRooms {
    shipped_grown("grown-shapes")
}

/// `p` with all the weight on `shape`.
fn only(shape: RoomShape, p: &GrownRooms) -> GrownRooms {
    let mut q =
        GrownRooms { blob_weight: 0, hall_weight: 0, narrow_weight: 0, cave_weight: 0, closet_weight: 0, ..p.clone() };
    match shape {
        RoomShape::Blob => q.blob_weight = 1,
        RoomShape::Hall => q.hall_weight = 1,
        RoomShape::Narrow => q.narrow_weight = 1,
        RoomShape::Cave => q.cave_weight = 1,
        RoomShape::Closet => q.closet_weight = 1,
    }
    q
}

/// Room cells over the area of their bounding box.
fn fill_ratio(cells: &[Pos]) -> f64 {
    let b = Rect::bounding(cells.iter().copied()).expect("room has cells");
    cells.len() as f64 / (b.w as f64 * b.h as f64)
}

/// Whether a room is at most 2 cells wide: no 3×3 block of room cells, and at most the 2×2 of
/// one bend has cells with runs of 3 or more both across and along.
fn at_most_two_wide(cells: &[Pos]) -> bool {
    let set: BTreeSet<Pos> = cells.iter().copied().collect();
    let run = |c: Pos, dx: i32, dy: i32| {
        let mut n = 1;
        for s in [1, -1] {
            let mut p = c.offset(s * dx, s * dy);
            while set.contains(&p) {
                n += 1;
                p = p.offset(s * dx, s * dy);
            }
        }
        n
    };
    let block = cells.iter().any(|c| (0..3).all(|dy| (0..3).all(|dx| set.contains(&c.offset(dx, dy)))));
    let thick = cells.iter().filter(|&&c| run(c, 1, 0) > 2 && run(c, 0, 1) > 2).count();
    !block && thick <= 4
}

/// Turns of a room's outline: corners of its bounding edges (a rectangle has 4).
fn outline_corners(cells: &[Pos]) -> usize {
    let set: BTreeSet<Pos> = cells.iter().copied().collect();
    let at = |x: i32, y: i32| set.contains(&Pos::new(x, y));
    // A grid vertex is a corner when 1 or 3 of the 4 cells around it are in the room (or 2 diagonal).
    let b = Rect::bounding(cells.iter().copied()).expect("room has cells").grow(1);
    let mut n = 0;
    for y in b.y..b.y + b.h {
        for x in b.x..b.x + b.w {
            let q = [at(x - 1, y - 1), at(x, y - 1), at(x - 1, y), at(x, y)];
            let k = q.iter().filter(|v| **v).count();
            n += match k {
                1 | 3 => 1,
                2 if q[0] == q[3] => 2,
                _ => 0,
            };
        }
    }
    n
}

/// Every room of a one-shape run keeps its shape's promises: sizes within the shape's range
/// (check_invariants), and the shape's own look.
#[test]
fn each_shape_keeps_its_promises_over_many_seeds() {
    let base = GrownRooms { rooms: 20, loops: 3, mirror_chance: 0.5, ..shapes_preset() };
    for shape in RoomShape::ALL {
        let p = only(shape, &base);
        assert!(p.check().is_empty(), "{shape:?}: {:?}", p.check());
        let range = p.shape_cells(shape);
        assert_eq!((p.fewest_cells(), p.most_cells()), (range.min, range.max));
        let (mut rooms, mut fill, mut corners) = (0usize, 0.0, 0usize);
        for seed in 0..60 {
            let g = gen_valid(&p, seed);
            check_invariants(&p, seed, &g);
            assert!(depths(&g.map).is_some(), "{shape:?} seed {seed}: connected");
            for (i, room) in g.map.rooms.iter().enumerate() {
                let cells = room.shape.cells();
                let ctx = || format!("{shape:?} seed {seed} room {i}\n{}", g.map.to_ascii());
                assert!((range.min as usize..=range.max as usize).contains(&cells.len()), "{}", ctx());
                match shape {
                    RoomShape::Hall => {
                        assert!(fill_ratio(&cells) >= 0.75, "hall fill {}\n{}", fill_ratio(&cells), ctx())
                    }
                    RoomShape::Narrow => assert!(at_most_two_wide(&cells), "narrow room too wide\n{}", ctx()),
                    RoomShape::Closet => assert!(cells.len() <= 5 && at_most_two_wide(&cells), "{}", ctx()),
                    _ => {}
                }
                rooms += 1;
                fill += fill_ratio(&cells);
                corners += outline_corners(&cells);
            }
        }
        let (fill, corners) = (fill / rooms as f64, corners as f64 / rooms as f64);
        eprintln!("{shape:?}: {rooms} rooms, mean fill {fill:.2}, mean outline corners {corners:.1}");
        match shape {
            RoomShape::Hall => assert!(fill > 0.9, "halls are nearly rectangles: {fill}"),
            RoomShape::Cave => assert!(fill < 0.6 && corners > 14.0, "caves wind: fill {fill}, corners {corners}"),
            RoomShape::Narrow => assert!(corners < 7.0, "narrow rooms bend at most once: {corners}"),
            _ => {}
        }
    }
}

#[test]
fn the_mixed_preset_keeps_every_promise_and_mixes_its_shapes() {
    let p = shapes_preset();
    assert!(p.check().is_empty(), "{:?}", p.check());
    assert!((30..=40).contains(&p.rooms) && p.loops > 0);
    let (mut halls, mut narrow, mut small, mut loops) = (0, 0, 0, 0);
    for seed in 0..100 {
        let g = gen_valid(&p, seed);
        check_invariants(&p, seed, &g);
        assert!(depths(&g.map).is_some(), "seed {seed}: connected");
        assert_eq!(g.report.rooms_placed, p.rooms as usize, "seed {seed}: {}", g.report);
        loops += g.map.corridors.len() + 1 - g.map.rooms.len();
        for r in &g.map.rooms {
            let cells = r.shape.cells();
            halls += usize::from(cells.len() >= 20 && fill_ratio(&cells) >= 0.75);
            narrow += usize::from(cells.len() >= 6 && at_most_two_wide(&cells) && fill_ratio(&cells) < 0.9);
            small += usize::from(cells.len() <= 5);
        }
    }
    // 36 rooms: 3/12 halls, 3/12 narrow, 3/12 closets on average (some blobs count too).
    assert!(halls > 600 && narrow > 500 && small > 700, "halls {halls}, narrow {narrow}, small {small}");
    assert!(loops > 300, "loops {loops}");
}

#[test]
fn same_seed_same_mixed_map_and_blob_only_mixes_draw_as_before() {
    let p = GeneratorParams::GrownRooms(shapes_preset());
    assert_eq!(generate_valid(&p, 3), generate_valid(&p, 3));
    assert_ne!(generate_valid(&p, 3).map.to_ascii(), generate_valid(&p, 4).map.to_ascii());
    // All the weight on blobs, whatever its size and the other shapes' sizes: the tutorial's map.
    let tutorial = preset();
    let blobs = GrownRooms {
        blob_weight: 7,
        hall_cells: SizeRange::new(4, 400),
        cave_cells: SizeRange::new(1, 2),
        closet_cells: SizeRange::new(13, 13),
        ..tutorial.clone()
    };
    for seed in 0..20 {
        let (a, b) = (gen_valid(&tutorial, seed).map, gen_valid(&blobs, seed).map);
        let same =
            a.to_ascii() == b.to_ascii() && a.rooms == b.rooms && a.doors == b.doors && a.corridors == b.corridors;
        assert!(same, "seed {seed}: blobs alone draw what the tutorial draws");
    }
    // A mix draws one shape per room, so it changes the map.
    let mixed = GrownRooms { hall_weight: 1, ..tutorial.clone() };
    assert_ne!(gen_valid(&tutorial, 1).map.rooms, gen_valid(&mixed, 1).map.rooms);
}

#[test]
fn shape_parameters_are_checked() {
    let issues = |p: GrownRooms| p.check().into_iter().map(|i| (i.field, i.message)).collect::<Vec<_>>();
    let d = GrownRooms::default;
    let none = GrownRooms { blob_weight: 0, ..d() };
    let found = issues(none.clone());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "blob_weight");
    assert!(found[0].1.contains("every room shape has 0 parts"), "{}", found[0].1);
    assert!(matches!(
        delve::generate::generate(&GeneratorParams::GrownRooms(none), 0),
        Err(GenError::InvalidParams(ref v)) if v.len() == 1
    ));
    let fields = |p: GrownRooms| issues(p).into_iter().map(|i| i.0).collect::<Vec<_>>();
    assert!(fields(GrownRooms { blob_weight: 0, closet_weight: 1, ..d() }).is_empty());
    assert_eq!(fields(GrownRooms { hall_weight: 101, ..d() }), ["hall_weight"]);
    assert_eq!(fields(GrownRooms { hall_cells: SizeRange::new(2, 10), ..d() }), ["hall_cells"]);
    assert_eq!(fields(GrownRooms { narrow_cells: SizeRange::new(9, 3), ..d() }), ["narrow_cells"]);
    assert_eq!(fields(GrownRooms { cave_cells: SizeRange::new(3, 401), ..d() }), ["cave_cells"]);
    assert_eq!(fields(GrownRooms { closet_cells: SizeRange::new(1, 14), ..d() }), ["closet_cells"]);
    // The total-cells cap counts the largest shape in the mix, and only shapes in the mix.
    assert_eq!(
        fields(GrownRooms { rooms: 5000, hall_weight: 1, hall_cells: SizeRange::new(4, 400), ..d() }),
        ["rooms"]
    );
    assert!(fields(GrownRooms { rooms: 5000, hall_cells: SizeRange::new(4, 400), ..d() }).is_empty());
    // The panel's words for the new sizes.
    let m = issues(GrownRooms { hall_cells: SizeRange::new(2, 10), ..d() });
    assert!(m[0].1.contains("halls need at least 4 cells"), "{}", m[0].1);
}

#[test]
fn shapes_are_recorded_in_the_order_they_were_made() {
    let mix = shapes_preset();
    let mut variants = vec![GrownRooms { loops: 0, mirror_chance: 0.0, ..mix.clone() }];
    variants.extend([RoomShape::Hall, RoomShape::Narrow, RoomShape::Cave, RoomShape::Closet].map(|s| only(s, &mix)));
    for p in &variants {
        for seed in 0..25 {
            check_recording(p, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }
    // Every room starts at the origin of its own frame; narrow rooms, caves and closets are
    // made cell by cell, each touching one made before it (halls are laid row by row, then
    // nibbled).
    for shape in [RoomShape::Hall, RoomShape::Narrow, RoomShape::Cave, RoomShape::Closet] {
        let params = GeneratorParams::GrownRooms(only(shape, &mix));
        let (_, rec) = delve::generate::generate_recorded(&params, 5).unwrap();
        for s in rec.expect("grown rooms records").steps {
            if let delve::generate::record::Step::Grown(delve::generate::record::GrownStep::RoomGrown {
                cells, ..
            }) = s
            {
                assert_eq!(cells[0], Pos::new(0, 0));
                for (k, c) in cells.iter().enumerate().skip(1).filter(|_| shape != RoomShape::Hall) {
                    assert!(cells[..k].iter().any(|d| d.manhattan(*c) == 1), "{shape:?}: cell {k} of {cells:?}");
                }
            }
        }
    }
}

/// A shape that keeps its holes names its own size in the report.
#[test]
fn a_cave_that_keeps_its_hole_names_the_cave_size() {
    let p = GrownRooms {
        rooms: 30,
        hole_retries: 0,
        cave_cells: SizeRange::new(200, 400),
        ..only(RoomShape::Cave, &shapes_preset())
    };
    let label = panel_label("cave_cells");
    let found = (0..40).find_map(|seed| {
        let g = gen_valid(&p, seed);
        g.report.shortfall.filter(|s| s.cause == ShortfallCause::Hole).map(|s| s.to_string())
    });
    let detail = found.expect("a long cave with no retries keeps a hole on some seed");
    assert!(detail.contains(label) && detail.contains(panel_label("hole_retries")), "{detail}");
}
