//! Figures of the grown-rooms generator (Tiendil's tutorial, step 6), printed for a person to
//! read; nothing is asserted.
//!
//! - `cargo run --release --example grown_figures` (or `... -- figures`): means over 500 seeds
//!   (rooms placed, cells per room, corridor lengths, the map's size, the depth of the room tree,
//!   candidate doors), to compare with the tutorial's figures.
//! - `cargo run --release --example grown_figures -- scaling`: how time and work (poses tested,
//!   doors examined, door-cache levels computed, per room) grow with the number of rooms. The
//!   timings proper are a benchmark: `cargo bench --bench grown`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use delve::generate::grown::generate_with_stats;
use delve::map::graph::RoomGraph;
use delve::params::GrownRooms;

fn main() {
    match std::env::args().nth(1).as_deref() {
        None | Some("figures") => figures(),
        Some("scaling") => scaling(),
        Some(other) => {
            eprintln!("unknown mode {other:?}: expected `figures` or `scaling`");
            std::process::exit(2);
        }
    }
}

/// Rooms of the longest way from room 0 through the room tree (corridors between rooms).
fn tree_depth(map: &delve::map::Map) -> u32 {
    let door_room = |d: u32| map.door(d).map(|d| d.room as usize);
    let joins = map.corridors.iter().filter_map(|c| Some([door_room(c.doors[0])?, door_room(c.doors[1])?]));
    let graph = RoomGraph::of_rooms(map.rooms.len(), joins, Some(0));
    (0..map.rooms.len()).filter_map(|i| graph.distance(i)).max().unwrap_or(0)
}

/// Means over 500 seeds, to compare with the tutorial's figures.
fn figures() {
    let step6 = GrownRooms::tiendil_step6();
    for (name, p) in [
        ("tiendil-step6", step6.clone()),
        ("step6, shared doors, crossing", GrownRooms { share_doors: true, corridors_may_cross: true, ..step6.clone() }),
        ("step6, 40 rooms", GrownRooms { rooms: 40, ..step6.clone() }),
        ("step6, 80 rooms", GrownRooms { rooms: 80, ..step6.clone() }),
    ] {
        let n = 500u64;
        let (mut placed, mut cells, mut rooms_total, mut corr_len, mut corr_n, mut corr_max_sum, mut corr_max) =
            (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0usize);
        let (mut bw, mut bh, mut depth, mut cand) = (0.0, 0.0, 0.0, 0.0);
        for seed in 0..n {
            let (g, s) = generate_with_stats(&p, seed).expect("the tutorial's settings generate");
            let m = &g.map;
            placed += g.report.rooms_placed as f64;
            rooms_total += m.rooms.len() as f64;
            cells += m.rooms.iter().map(|r| r.shape.area()).sum::<usize>() as f64;
            let mx = m.corridors.iter().map(|c| c.path.len()).max().unwrap_or(0);
            corr_max = corr_max.max(mx);
            corr_max_sum += mx as f64;
            corr_len += m.corridors.iter().map(|c| c.path.len()).sum::<usize>() as f64;
            corr_n += m.corridors.len() as f64;
            bw += (m.width() - 2 * p.margin) as f64;
            bh += (m.height() - 2 * p.margin) as f64;
            depth += f64::from(tree_depth(m));
            cand += s.candidate_doors as f64;
        }
        let n = n as f64;
        println!(
            "{name}: rooms placed {:.2}, cells/room {:.2}, corridor cells mean {:.2} (max per map {:.2}, overall {corr_max}), \
             bbox {:.1}x{:.1}, tree depth {:.2}, candidate doors {:.1}",
            placed / n,
            cells / rooms_total,
            corr_len / corr_n,
            corr_max_sum / n,
            bw / n,
            bh / n,
            depth / n,
            cand / n
        );
    }
}

/// How time and work grow with the number of rooms.
fn scaling() {
    for rooms in [25u32, 100, 400, 1000, 4000] {
        let p = GrownRooms { rooms, ..GrownRooms::tiendil_step6() };
        let seeds = if rooms >= 1000 { 10 } else { 40 };
        let mut times = Vec::new();
        let (mut poses, mut examined, mut levels) = (0u64, 0u64, 0u64);
        for seed in 0..seeds {
            let t = std::time::Instant::now();
            let (g, s) = generate_with_stats(&p, seed).expect("generates");
            times.push(t.elapsed().as_secs_f64() * 1e3);
            if g.report.rooms_placed != rooms as usize {
                println!("  seed {seed}: {} of {rooms} rooms placed", g.report.rooms_placed);
            }
            (poses, examined, levels) =
                (poses + s.poses_tested, examined + s.doors_examined, levels + s.door_levels_computed);
        }
        times.sort_by(f64::total_cmp);
        let per_room = |v: u64| v as f64 / (seeds * u64::from(rooms)) as f64;
        println!(
            "{rooms} rooms: median {:.3} ms ({:.1} µs per room); per room: {:.1} poses, {:.1} doors examined, {:.1} cache levels",
            times[times.len() / 2],
            times[times.len() / 2] * 1e3 / f64::from(rooms),
            per_room(poses),
            per_room(examined),
            per_room(levels)
        );
    }
}
