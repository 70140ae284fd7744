//! Markers and locked doors in the exports: Tiled's `markers` object layer (a point object per
//! marker, its class the kind, with typed properties), read by the `tiled` crate and carried
//! through Tiled itself; the ASCII glyphs. Maps without markers export as before (the other
//! export tests, unchanged, and the everywhere table pin that).

use crate::common::{generate_valid, shipped};
use delve::export::{self, ExportOptions, Format};
use delve::map::markers::look;
use delve::map::{Map, Opening};
use std::path::Path;

/// Each object of the `markers` layer of the map at `path`: (class, x, y, kind, level, key).
fn markers_of(path: &Path) -> Vec<(String, f32, f32, String, i32, i32)> {
    let m = tiled::Loader::new().load_tmx_map(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let layer = m.layers().find(|l| l.name == "markers").expect("a markers layer");
    let objects = layer.as_object_layer().expect("an object layer");
    let int = |o: &tiled::Object, k: &str| match o.properties.get(k) {
        Some(tiled::PropertyValue::IntValue(n)) => *n,
        None => 0,
        other => panic!("{k}: {other:?}"),
    };
    objects
        .objects()
        .map(|o| {
            let kind = match o.properties.get("kind") {
                Some(tiled::PropertyValue::StringValue(s)) => s.clone(),
                other => panic!("kind: {other:?}"),
            };
            (o.user_type.clone(), o.x, o.y, kind, int(&o, "level"), int(&o, "key"))
        })
        .collect()
}

/// What the markers of `map` should read as, on 16-pixel tiles.
fn expected(map: &Map) -> Vec<(String, f32, f32, String, i32, i32)> {
    map.markers
        .iter()
        .map(|m| {
            let c = |v: i32| (v as f32 + 0.5) * 16.0;
            (m.kind.clone(), c(m.at.x), c(m.at.y), m.kind.clone(), m.level as i32, m.key.unwrap_or(0) as i32)
        })
        .collect()
}

#[test]
fn tiled_gets_a_markers_layer_and_locked_doors_that_tiled_itself_keeps() {
    let map = generate_valid(&shipped("grown-quest"), 7).map;
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("quest.tmx");
    export::write(&map, Format::Tmx, &tmx, &ExportOptions::default()).unwrap();
    assert_eq!(markers_of(&tmx), expected(&map));
    // Locked doors say so, with their key; plain doors carry no such property.
    let m = tiled::Loader::new().load_tmx_map(&tmx).unwrap();
    let doors = m.layers().find(|l| l.name == "doors").and_then(|l| l.as_object_layer()).unwrap();
    let mut locked = 0;
    for (d, o) in map.doors.iter().zip(doors.objects()) {
        match d.opening {
            Opening::Locked(k) => {
                locked += 1;
                assert_eq!(o.properties.get("opening"), Some(&tiled::PropertyValue::StringValue("locked".into())));
                assert_eq!(o.properties.get("key"), Some(&tiled::PropertyValue::IntValue(k as i32)));
            }
            Opening::Door => assert!(!o.properties.contains_key("opening")),
            other => {
                assert_eq!(o.properties.get("opening"), Some(&tiled::PropertyValue::StringValue(other.name().into())))
            }
        }
    }
    // Two keys; a locked door between two rooms is locked on both rooms' sides.
    let keys: std::collections::BTreeSet<u32> =
        map.doors.iter().filter_map(|d| if let Opening::Locked(k) = d.opening { Some(k) } else { None }).collect();
    assert_eq!(keys.len(), 2);
    assert!((2..=4).contains(&locked), "{locked} locked doors");
    // Tiled itself, through its JSON and back, keeps them.
    let (tmj, back) = (dir.path().join("quest.tmj"), dir.path().join("back.tmx"));
    for (input, format, output) in [(&tmx, "json", &tmj), (&tmj, "tmx", &back)] {
        crate::export_tiled::tiled_convert(input, format, output);
    }
    assert_eq!(markers_of(&back), expected(&map));
    // A map without markers has no markers layer.
    let plain = generate_valid(&shipped("grown-treasure"), 7).map;
    let tmx = dir.path().join("plain.tmx");
    export::write(&plain, Format::Tmx, &tmx, &ExportOptions::default()).unwrap();
    let m = tiled::Loader::new().load_tmx_map(&tmx).unwrap();
    assert!(m.layers().all(|l| l.name != "markers"));
}

#[test]
fn ascii_shows_each_marker_by_its_glyph_and_locked_doors_by_their_key() {
    let map = generate_valid(&shipped("grown-quest"), 7).map;
    let ascii = map.to_ascii();
    let rows: Vec<Vec<char>> = ascii.lines().map(|l| l.chars().collect()).collect();
    for m in &map.markers {
        assert_eq!(rows[m.at.y as usize][m.at.x as usize], look(&map, &m.kind).0, "{} at {}", m.kind, m.at);
    }
    for d in &map.doors {
        if let Opening::Locked(k) = d.opening {
            let o = d.outside();
            assert_eq!(rows[o.y as usize][o.x as usize], char::from_digit(k, 10).unwrap());
        }
    }
}

#[test]
fn png_draws_each_marker_in_its_colour_with_its_glyph_and_locked_doors_in_red() {
    let map = generate_valid(&shipped("grown-quest"), 7).map;
    let img = delve::raster::render(&map, 16, &delve::raster::Palette::default()).unwrap();
    for m in &map.markers {
        let (ch, [r, g, b]) = look(&map, &m.kind);
        let (x0, y0) = (m.at.x as u32 * 16, m.at.y as u32 * 16);
        let px: Vec<[u8; 3]> = (1..15)
            .flat_map(|y| (1..15).map(move |x| (x, y)))
            .map(|(x, y)| {
                let p = img.get_pixel(x0 + x, y0 + y).0;
                [p[0], p[1], p[2]]
            })
            .collect();
        let fill = px.iter().filter(|p| **p == [r, g, b]).count();
        assert!(fill > 14 * 14 / 3, "{} at {}: its colour fills the tile", m.kind, m.at);
        assert!(fill < 14 * 14, "{} at {}: its glyph {ch:?} is drawn on it", m.kind, m.at);
    }
    let red = delve::raster::LOCKED_DOOR;
    let reds = img.pixels().filter(|p| p.0[..3] == [red.0, red.1, red.2]).count();
    assert!(reds >= 2 * 16, "both locked doors' bars in red");
    // Below 8 pixels a tile, a square of the colour; without markers, none.
    let small = delve::raster::render(&map, 4, &delve::raster::Palette::default()).unwrap();
    let m = &map.markers[0];
    let (_, [r, g, b]) = look(&map, &m.kind);
    assert_eq!(small.get_pixel(m.at.x as u32 * 4 + 2, m.at.y as u32 * 4 + 2).0[..3], [r, g, b]);
    let marks = delve::raster::Marks { markers: false, ..Default::default() };
    let bare = delve::raster::render_marked(&map, 16, &delve::raster::Palette::default(), marks).unwrap();
    let mut plain = map.clone();
    plain.markers.clear();
    plain.doors.iter_mut().for_each(|d| d.opening = Opening::Door);
    assert_eq!(bare, delve::raster::render(&plain, 16, &delve::raster::Palette::default()).unwrap());
}
