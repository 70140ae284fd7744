//! Hand edits on a 1024×1024 map: one brush stroke applied, and undoing one step.

use criterion::{Criterion, criterion_group, criterion_main};
use delve::edit::{History, Op, perform};
use delve::geom::{Pos, Rect};
use delve::map::{Map, Tile};
use std::hint::black_box;

fn big_map() -> Map {
    let mut m = Map::new(1024, 1024);
    for i in 0..400 {
        let (x, y) = (2 + (i % 20) * 50, 2 + (i / 20) * 50);
        perform(&mut m, Op::AddRoom(Rect::new(x, y, 30, 30))).expect("room fits");
    }
    m
}

/// A 200-tile diagonal stroke with a 5×5 brush.
fn stroke() -> Vec<Pos> {
    (0..200).flat_map(|i| Rect::new(40 + i, 40 + i / 2, 5, 5).cells().collect::<Vec<_>>()).collect()
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

criterion_group!(benches, bench);
criterion_main!(benches);
