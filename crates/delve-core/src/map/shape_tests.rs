//! Tests of room shapes: outlines.

use super::*;
use proptest::prelude::*;

/// Twice the signed area of a loop (shoelace; positive for clockwise on screen, `y` down).
fn area2(l: &[Pos]) -> i64 {
    (0..l.len())
        .map(|i| {
            let (a, b) = (l[i], l[(i + 1) % l.len()]);
            i64::from(a.x) * i64::from(b.y) - i64::from(b.x) * i64::from(a.y)
        })
        .sum()
}

fn perimeter(l: &[Pos]) -> i64 {
    (0..l.len())
        .map(|i| {
            let (a, b) = (l[i], l[(i + 1) % l.len()]);
            i64::from((a.x - b.x).abs() + (a.y - b.y).abs())
        })
        .sum()
}

#[test]
fn outlines_of_a_rectangle_an_l_a_ring_and_a_pinch() {
    let rect = Shape::Rect(Rect::new(2, 1, 3, 2));
    assert_eq!(rect.outlines(), vec![vec![Pos::new(5, 1), Pos::new(5, 3), Pos::new(2, 3), Pos::new(2, 1)]]);

    let l = Shape::cells_from(vec![Pos::new(0, 0), Pos::new(0, 1), Pos::new(1, 1)]);
    let loops = l.outlines();
    assert_eq!(loops.len(), 1);
    assert_eq!(loops[0].len(), 6, "an L has six corners: {loops:?}");
    assert_eq!(area2(&loops[0]), 6);

    let ring = Shape::cells_from(Rect::new(0, 0, 3, 3).cells().filter(|p| *p != Pos::new(1, 1)).collect());
    let mut loops = ring.outlines();
    loops.sort_by_key(|l| -area2(l));
    assert_eq!(loops.iter().map(|l| area2(l)).collect::<Vec<_>>(), vec![18, -2], "outer clockwise, hole anticlockwise");

    let pinch = Shape::cells_from(vec![Pos::new(0, 0), Pos::new(1, 1)]);
    let loops = pinch.outlines();
    assert_eq!(loops.len(), 2, "tiles touching at a corner are outlined apart: {loops:?}");
    assert!(loops.iter().all(|l| l.len() == 4 && area2(l) == 2));
}

proptest! {
    /// For any set of tiles, the loops enclose exactly its area, run along exactly its
    /// boundary edges, and turn at every corner they list.
    #[test]
    fn outlines_enclose_the_floor(cells in proptest::collection::vec((0..8i32, 0..8i32), 0..40)) {
        let shape = Shape::cells_from(cells.into_iter().map(|(x, y)| Pos::new(x, y)).collect());
        let loops = shape.outlines();
        let area: i64 = loops.iter().map(|l| area2(l)).sum();
        prop_assert_eq!(area, 2 * shape.area() as i64);
        let mut edges = 0;
        shape.for_each_cell(|c| edges += Dir::ALL.iter().filter(|d| !shape.contains(c.step(**d))).count() as i64);
        prop_assert_eq!(loops.iter().map(|l| perimeter(l)).sum::<i64>(), edges);
        for l in &loops {
            for i in 0..l.len() {
                let (a, b, c) = (l[i], l[(i + 1) % l.len()], l[(i + 2) % l.len()]);
                prop_assert!(a.x == b.x || a.y == b.y, "axis-aligned");
                prop_assert!(!((a.x == b.x && b.x == c.x) || (a.y == b.y && b.y == c.y)), "a corner at every point");
            }
        }
    }
}
