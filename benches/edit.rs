//! Hand edits on a 1024×1024 map: one brush stroke applied, and undoing one step. On a
//! 4096×4096 map with 18,496 rooms: the editor's frame after a brush stroke (everything
//! [`Document`] does on the editing thread), and the check that updates the problems on a worker
//! (which redoes only what the stroke touched).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{Criterion, criterion_group, criterion_main};
mod common;

use common::{huge_map, stroke};
use delve::edit::{Document, History, Interaction, Op, perform};
use delve::geom::Rect;
use delve::map::{Map, Tile};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn big_map() -> Map {
    let mut m = Map::new(1024, 1024);
    for i in 0..400 {
        let (x, y) = (2 + (i % 20) * 50, 2 + (i / 20) * 50);
        perform(&mut m, Op::AddRoom(Rect::new(x, y, 30, 30))).expect("room fits");
    }
    m
}

fn bench(c: &mut Criterion) {
    let mut m = big_map();
    let cells = stroke();
    c.bench_function("brush stroke apply+undo 1024x1024", |b| {
        b.iter(|| {
            let done = perform(&mut m, Op::Paint { cells: cells.clone(), tile: Tile::Wall }).expect("paints");
            black_box(done.inverse.apply(&mut m).expect("undoes"));
        })
    });
    let mut h = History::default();
    let done = perform(&mut m, Op::Paint { cells: cells.clone(), tile: Tile::Wall }).expect("paints");
    h.push("stroke".into(), done.inverse);
    c.bench_function("undo one brush-stroke step 1024x1024", |b| {
        b.iter(|| {
            h.undo(&mut m).expect("a step").expect("undoes");
            h.redo(&mut m).expect("a step").expect("redoes");
        })
    });
    let done = perform(&mut m, Op::MoveRoom { id: 0, dx: 3, dy: 2 }).expect("moves");
    h.push("move".into(), done.inverse);
    c.bench_function("undo+redo one room move 1024x1024", |b| {
        b.iter(|| {
            h.undo(&mut m).expect("a step").expect("undoes");
            h.redo(&mut m).expect("a step").expect("redoes");
        })
    });
}

fn bench_huge(c: &mut Criterion) {
    let mut doc = Document::from_map(huge_map());
    assert!(doc.map().rooms.len() > 18_000);
    let cells = stroke();
    let mut wall = true;
    let mut next_tile = move || {
        wall = !wall;
        if wall { Tile::Wall } else { Tile::Corridor }
    };
    let mut g = c.benchmark_group("huge 4096x4096 18k rooms");
    g.sample_size(10);
    // The editing thread's part of the frame: the stroke (one interaction), its end, and handing
    // out the check.
    g.bench_function("frame after a brush stroke (Document)", |b| {
        b.iter_custom(|n| {
            time_edits(&mut doc, n, Part::EditingThread, |d| {
                let stroke = Interaction::fresh();
                d.perform(Op::Paint { cells: cells.clone(), tile: next_tile() }, stroke).expect("paints");
                d.end_step(stroke);
            })
        })
    });
    // From the end of a stroke to the problems: bringing the checker up to date on a worker.
    g.bench_function("problems update (check on a worker)", |b| {
        b.iter_custom(|n| {
            time_edits(&mut doc, n, Part::Worker, |d| {
                d.perform_once(Op::Paint { cells: cells.clone(), tile: next_tile() }).expect("paints");
            })
        })
    });
    // A change of structure (a room moved one tile and back): the lookups follow on the editing
    // thread, and the check redoes every room, door and corridor.
    let mut dx = 1;
    let mut move_room = move |d: &mut Document| {
        dx = -dx;
        d.perform_once(Op::MoveRoom { id: 0, dx, dy: 0 }).expect("moves");
    };
    g.bench_function("frame after moving a room (Document)", |b| {
        b.iter_custom(|n| time_edits(&mut doc, n, Part::EditingThread, &mut move_room))
    });
    g.bench_function("problems update after moving a room", |b| {
        b.iter_custom(|n| time_edits(&mut doc, n, Part::Worker, &mut move_room))
    });
    g.finish();
}

/// Which part of an edit a bench times.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    /// The edit and handing out the check.
    EditingThread,
    /// Bringing the checker up to date (as a worker does).
    Worker,
}

/// Makes `n` edits with `edit`, each checked and answered, and returns the time spent in `part`.
fn time_edits(doc: &mut Document, n: u64, part: Part, mut edit: impl FnMut(&mut Document)) -> Duration {
    let mut spent = Duration::ZERO;
    for _ in 0..n {
        let start = Instant::now();
        edit(doc);
        let check = black_box(doc.check_request().expect("a check is due"));
        let editing = start.elapsed();
        let start = Instant::now();
        let checked = black_box(check.run());
        let worker = start.elapsed();
        spent += if part == Part::EditingThread { editing } else { worker };
        assert!(doc.checked(checked));
    }
    spent
}

criterion_group!(benches, bench, bench_huge);
criterion_main!(benches);
