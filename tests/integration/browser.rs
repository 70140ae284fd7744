//! The seed browser's core: thumbnails, pages, sort/filter, cache, diffs, starred seeds.

use crate::common::shipped;
use delve::analysis::{
    PageKind, PageSpec, SeedHistory, Stat, ThumbCache, View, diff_cells, differing_params, params_key, thumbnail,
};
use delve::generate::generate;
use delve::io::{self, StarredSeed};
use delve::map::metrics::Metrics;
use delve::params::ParamValue;

#[test]
fn thumbnail_fits_and_carries_the_seeds_metrics() {
    let params = shipped("godot-part3");
    let t = thumbnail(&params, 7, None, 40).unwrap();
    assert!(t.width <= 40 && t.height <= 40, "{}x{}", t.width, t.height);
    assert_eq!(t.rgba.len(), (t.width * t.height * 4) as usize);
    let g = generate(&params, 7).unwrap();
    assert_eq!(t.metrics, Metrics::of(&g.map));
    assert_eq!(t.map_size, [80, 45]);
    // Small enough maps are drawn one pixel per tile.
    let full = thumbnail(&params, 7, None, 160).unwrap();
    assert_eq!((full.width, full.height), (80, 45));
}

/// A locked room's walls are drawn in the lock colour, as its outline is in the editor, and
/// only a locked room's: around locks, the thumbnail is of the map made around them.
#[test]
fn thumbnails_outline_locked_rooms() {
    let params = shipped("godot-part3");
    let lock = delve::map::colour::LOCK;
    let is_lock = |px: &[u8]| px[..3] == [lock.0, lock.1, lock.2];
    let mut map = generate(&params, 7).unwrap().map;
    let plain = delve::analysis::thumbnail_of(&map, 7, 160);
    assert!(!plain.rgba.chunks(4).any(is_lock), "no lock colour without locks");
    map.rooms[2].locked = true;
    let locked = delve::analysis::thumbnail_of(&map, 7, 160);
    let b = map.rooms[2].shape.bounds().unwrap();
    let at = |x: i32, y: i32| &locked.rgba[4 * (y as usize * 80 + x as usize)..][..4];
    let mut walls = 0;
    for y in b.y - 1..=b.bottom() {
        for x in b.x - 1..=b.right() {
            if x >= b.x && y >= b.y && x < b.right() && y < b.bottom() {
                assert!(!is_lock(at(x, y)), "the floor keeps its colour at {x},{y}");
            } else if map.tile(delve::geom::Pos::new(x, y)) == Some(delve::map::Tile::Wall) {
                assert!(is_lock(at(x, y)), "the outline at {x},{y}");
                walls += 1;
            } else {
                assert!(!is_lock(at(x, y)), "a corridor through the outline keeps its colour at {x},{y}");
            }
        }
    }
    assert!(walls > 10);
    // The same outline in a picture that asks for it (compare panes), and none in one that does
    // not (PNG exports).
    let pal = delve::raster::Palette::default();
    let marks = delve::raster::Marks { locks: true, ..delve::raster::Marks::default() };
    let marked = delve::raster::render_marked(&map, 1, &pal, marks).unwrap();
    let pixels = |img: &image::RgbaImage| img.pixels().filter(|p| is_lock(&p.0)).count();
    assert_eq!(pixels(&marked), walls);
    assert_eq!(pixels(&delve::raster::render(&map, 1, &pal).unwrap()), 0);
    let outlined = locked.rgba.chunks(4).filter(|px| is_lock(px)).count();
    assert!(outlined <= 2 * (b.w + b.h + 2) as usize, "only the room's outline: {outlined}");
    // Around locks: the map made around them.
    let kept = std::sync::Arc::new(delve::map::locks::Kept::of(&map).unwrap());
    let around = thumbnail(&params, 3, Some(&kept), 160).unwrap();
    let made = delve::generate::generate_keeping(&params, 3, &kept).unwrap().map;
    assert_eq!(around, delve::analysis::thumbnail_of(&made, 3, 160));
    assert!(around.rgba.chunks(4).any(is_lock));
}

#[test]
fn pages_are_consecutive_or_reproducibly_random() {
    let p = PageSpec { kind: PageKind::Consecutive { start: 10 }, size: 24 };
    assert_eq!(p.seeds(), (10..34).collect::<Vec<_>>());
    assert_eq!(p.step(true).seeds()[0], 34);
    assert_eq!(p.step(true).step(false), p);
    let r = PageSpec { kind: PageKind::Random { page_seed: 3 }, size: 100 };
    let seeds = r.seeds();
    assert_eq!(seeds.len(), 100);
    assert_eq!(seeds, r.seeds());
    assert_ne!(seeds, r.step(true).seeds());
    let mut uniq = seeds.clone();
    uniq.sort_unstable();
    uniq.dedup();
    assert_eq!(uniq.len(), 100);
    // Out-of-range sizes are clamped, never panicking.
    assert_eq!(PageSpec { kind: PageKind::Consecutive { start: u64::MAX }, size: 100_000 }.seeds().len(), 100);
}

#[test]
fn sort_and_filter_by_stat() {
    let params = shipped("godot-part3");
    let items: Vec<(u64, Metrics)> = (0..24).map(|s| (s, thumbnail(&params, s, None, 16).unwrap().metrics)).collect();
    let v = View { sort: Stat::LongestPath, descending: true, filter: None };
    let order = v.apply(&items);
    assert_eq!(order.len(), 24);
    for w in order.windows(2) {
        assert!(items[w[0]].1.longest_path >= items[w[1]].1.longest_path);
    }
    let v = View { sort: Stat::Seed, descending: false, filter: Some((Stat::Rooms, 12.0)) };
    let kept = v.apply(&items);
    assert!(kept.iter().all(|&i| items[i].1.figures.rooms >= 12));
    assert_eq!(kept.len(), items.iter().filter(|(_, m)| m.figures.rooms >= 12).count());
}

#[test]
fn cache_is_keyed_by_params_and_seed_and_bounded() {
    let a = shipped("godot-part3");
    let mut b = a.clone();
    assert!(b.params_mut().set("max_rooms", ParamValue::Int(5)));
    let (ka, kb) = (params_key(&a), params_key(&b));
    assert_ne!(ka, kb);
    let mut cache = ThumbCache::new(3);
    cache.insert(&ka, thumbnail(&a, 1, None, 16).unwrap());
    assert!(cache.get(&ka, 1).is_some());
    assert!(cache.get(&kb, 1).is_none());
    for s in 2..6 {
        cache.insert(&ka, thumbnail(&a, s, None, 16).unwrap());
    }
    assert_eq!(cache.len(), 3);
    assert!(cache.get(&ka, 1).is_none(), "oldest evicted");
    assert!(cache.get(&ka, 5).is_some());
}

#[test]
fn diffs_of_maps_and_params() {
    let a = shipped("godot-part3");
    let ma = generate(&a, 1).unwrap().map;
    let mb = generate(&a, 2).unwrap().map;
    assert_eq!(diff_cells(&ma, &ma), Some(vec![]));
    let d = diff_cells(&ma, &mb).unwrap();
    assert!(!d.is_empty());
    for p in &d {
        assert_ne!(ma.tile(*p), mb.tile(*p));
    }
    let mut b = a.clone();
    assert!(b.params_mut().set("max_rooms", ParamValue::Int(5)));
    let pd = differing_params(&a, &b);
    assert_eq!(pd.len(), 1);
    assert_eq!(pd[0].key, "max_rooms");
    assert_eq!(pd[0].b, Some(ParamValue::Int(5)));
    assert!(differing_params(&a, &a).is_empty());
    let other = shipped("tiendil-step6");
    assert_eq!(differing_params(&a, &other)[0].key, "generator");
    let small = delve::map::Map::new(4, 4);
    assert_eq!(diff_cells(&ma, &small), None);
}

#[test]
fn history_goes_back_and_forward() {
    let mut h = SeedHistory::default();
    assert_eq!(h.back(), None);
    h.visit(1);
    h.visit(2);
    h.visit(2);
    h.visit(3);
    assert_eq!(h.all(), &[1, 2, 3]);
    assert_eq!(h.back(), Some(2));
    assert_eq!(h.back(), Some(1));
    assert_eq!(h.back(), None);
    assert_eq!(h.forward(), Some(2));
    h.visit(9);
    assert_eq!(h.all(), &[1, 2, 9]);
    assert!(!h.can_forward());
}

#[test]
fn starred_seeds_round_trip_and_old_presets_still_load() {
    let mut p = io::shipped_preset("godot-part3").unwrap().unwrap();
    assert!(p.starred.is_empty(), "old files load with no stars");
    p.starred.push(StarredSeed { seed: 42, note: "long loop, \"nice\"".into() });
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.ron");
    io::save_preset(&path, &p).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("starred"), "{text}");
    assert_eq!(io::load_preset(&path).unwrap(), p);
    assert_eq!(p.version, io::PRESET_VERSION);
}

/// A sweep gives the same rows, in seed order, on one thread or many.
#[test]
fn sweeps_are_the_same_on_any_number_of_threads() {
    use delve::analysis::sweep::{SweepRow, sweep};
    use std::sync::atomic::AtomicBool;
    let never = AtomicBool::new(false);
    use delve::analysis::sweep::Figures;
    for (name, figures) in
        [("godot-part3", Figures::OfTheMap), ("tiendil-step6", Figures::OfTheMap), ("godot-part3", Figures::WithPlay)]
    {
        let p = crate::common::shipped(name);
        let run = |threads: usize| -> Vec<SweepRow> {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let rows = pool.install(|| sweep(&p, 100..400, None, figures, &never, |_| {})).unwrap().unwrap();
            // Only the time it took may differ.
            rows.into_iter().map(|r| SweepRow { micros: 0.0, ..r }).collect()
        };
        let one = run(1);
        assert_eq!(one.iter().map(|r| r.seed).collect::<Vec<_>>(), (100..400).collect::<Vec<_>>());
        assert_eq!(one, run(4), "{name}");
        assert_eq!(one[7], SweepRow { micros: 0.0, ..SweepRow::of(&p, 107, None, figures).unwrap() });
    }
}

/// Cancelling a sweep stops it: it returns nothing, long before it would have finished.
#[test]
fn a_cancelled_sweep_stops() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let cancel = AtomicBool::new(false);
    let p = crate::common::shipped("tiendil-step6");
    let mut reports = 0;
    let started = std::time::Instant::now();
    let out = delve::analysis::sweep::sweep(
        &p,
        0..10_000_000,
        None,
        delve::analysis::sweep::Figures::OfTheMap,
        &cancel,
        |done| {
            reports += 1;
            if done > 0 {
                cancel.store(true, Ordering::Relaxed);
            }
        },
    )
    .unwrap();
    assert!(out.is_none() && reports >= 1);
    // From another thread, in the middle of a slice.
    let cancel = AtomicBool::new(false);
    let out = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(150));
            cancel.store(true, Ordering::Relaxed);
        });
        delve::analysis::sweep::sweep(
            &p,
            0..10_000_000,
            None,
            delve::analysis::sweep::Figures::OfTheMap,
            &cancel,
            |_| {},
        )
        .unwrap()
    });
    assert!(out.is_none());
    // Ten million grown maps would take hours; a broken cancel would not end this test soon.
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}
