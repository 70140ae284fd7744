//! Tiled exports read back by independent readers: TMX by the `tiled` crate, TMJ by a reader
//! written here from the format's reference, and both by Tiled itself (`tiled --export-map`,
//! which turns each into the other). Every tile, every object's geometry and properties and
//! the map's provenance must say what the map says.

use super::export::{all_shapes, maps};
use crate::common::{delve_in, shipped};
use crate::tiled_readers::*;
use delve::export::{self, ExportOptions, Format};
use delve::generate::generate;
use delve::geom::{Dir, Pos};
use delve::map::{Map, Rgb, Room, Shape, Tile};
use delve::params::GeneratorParams;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The tile ids of Delve's own tileset for `map`, worked out here from the map: 0 wall beside
/// floor or corridor (diagonally too), 4 rock, 2 corridor floor, 3 the tile outside a door,
/// 1 floor outside every room, and `5 + k` the floor of a room (the last listed where rooms
/// overlap) coloured `PALETTE[k]` (the nearest palette colour for one picked by hand).
fn expected_own_tiles(map: &Map) -> Vec<u32> {
    use delve::map::palette::{PALETTE, index_of};
    let mut v = expected_tiles(map);
    let at = |p: Pos| (p.y as u32 * map.width() + p.x as u32) as usize;
    for y in 0..map.height() as i32 {
        for x in 0..map.width() as i32 {
            let p = Pos::new(x, y);
            let open =
                (-1..=1).any(|dy| (-1..=1).any(|dx| matches!(map.tile(p.offset(dx, dy)), Some(t) if t != Tile::Wall)));
            if v[at(p)] == 0 && !open {
                v[at(p)] = 4;
            }
        }
    }
    for room in &map.rooms {
        let k = PALETTE.iter().position(|c| *c == room.colour).unwrap_or_else(|| index_of(room.colour));
        for c in room.shape.cells() {
            if map.tile(c) == Some(Tile::Floor) && v[at(c)] != 3 {
                v[at(c)] = 5 + k as u32;
            }
        }
    }
    v
}

/// The tile ids Delve's numbering gives `map` (0 wall, 1 room floor, 2 corridor floor, 3 the
/// tile outside a door), worked out here from the map: the ids with a tileset of the user's.
fn expected_tiles(map: &Map) -> Vec<u32> {
    let mut v = Vec::new();
    for y in 0..map.height() as i32 {
        for x in 0..map.width() as i32 {
            v.push(match map.tile(Pos::new(x, y)).unwrap() {
                Tile::Wall => 0,
                Tile::Floor => 1,
                Tile::Corridor => 2,
            });
        }
    }
    for d in &map.doors {
        let o = d.cell.step(d.side);
        if map.in_bounds(o) {
            v[(o.y as u32 * map.width() + o.x as u32) as usize] = 3;
        }
    }
    v
}

fn colour(c: Rgb) -> P {
    P::Color(format!("#ff{:02x}{:02x}{:02x}", c.0, c.1, c.2))
}

/// Whether the point is inside the polygon (even–odd rule; never on an edge here).
fn inside(poly: &[(f64, f64)], (px, py): (f64, f64)) -> bool {
    let mut c = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if (a.1 > py) != (b.1 > py) && px < a.0 + (py - a.1) * (b.0 - a.0) / (b.1 - a.1) {
            c = !c;
        }
    }
    c
}

/// Everything the file says equals what the map says.
fn check(map: &Map, r: &Read, tile: (u32, u32)) {
    let (tw, th) = (f64::from(tile.0), f64::from(tile.1));
    assert_eq!((r.width, r.height, r.tile_w, r.tile_h), (map.width(), map.height(), tile.0, tile.1));
    let own = r.tileset.ends_with("delve-tiles.png") || r.tileset.ends_with("delve-tiles.tsx");
    assert!(r.tiles == if own { expected_own_tiles(map) } else { expected_tiles(map) }, "tiles differ");
    assert_eq!(r.hidden, ["doors"], "the doors' pins open hidden");
    let names: Vec<&str> = r.layers.iter().map(|(n, _)| n.as_str()).collect();
    let with_markers = ["rooms", "corridors", "doors", "spawn", "markers"];
    assert_eq!(names, with_markers[..if map.markers.is_empty() { 4 } else { 5 }]);
    let layer = |name: &str| &r.layers.iter().find(|(n, _)| n == name).unwrap().1;
    let (rooms, corridors, doors, spawn) = (layer("rooms"), layer("corridors"), layer("doors"), layer("spawn"));
    assert_eq!(
        (rooms.len(), corridors.len(), doors.len(), spawn.len()),
        (map.rooms.len(), map.corridors.len(), map.doors.len(), 1)
    );
    let object_of =
        |objects: &[Obj], id: u32| objects.iter().find(|o| o.props["id"] == P::Int(id.into())).map(|o| o.id);

    for (room, o) in map.rooms.iter().zip(rooms) {
        assert_eq!(o.class, "room");
        assert_eq!(o.props["godot_node_type"], P::Str("area".into()), "Godot's YATI makes it an Area2D");
        assert_eq!(o.props["id"], P::Int(room.id.into()));
        assert_eq!(o.props["colour"], colour(room.colour));
        assert_eq!(o.props["area"], P::Int(room.shape.area() as i64));
        assert_eq!(o.props.get("label"), room.label.clone().map(P::Str).as_ref());
        assert_eq!(o.props.get("role"), room.role.map(|r| P::Str(r.name().into())).as_ref());
        let b = room.shape.bounds().unwrap();
        match (&room.shape, &o.geo) {
            (Shape::Rect(b), Geo::Rect(w, h)) => {
                assert_eq!(
                    (o.x, o.y, *w, *h),
                    (f64::from(b.x) * tw, f64::from(b.y) * th, f64::from(b.w) * tw, f64::from(b.h) * th)
                );
            }
            (Shape::Circle { .. }, Geo::Ellipse(w, h)) => {
                assert_eq!(
                    (o.x, o.y, *w, *h),
                    (f64::from(b.x) * tw, f64::from(b.y) * th, f64::from(b.w) * tw, f64::from(b.h) * th)
                );
            }
            (Shape::Cells(_), Geo::Polygon(pts)) => {
                let poly: Vec<(f64, f64)> = pts.iter().map(|(x, y)| (o.x + x, o.y + y)).collect();
                let whole = !o.props.contains_key("pieces") && !o.props.contains_key("holes");
                for y in b.y..b.bottom() {
                    for x in b.x..b.right() {
                        let centre = ((f64::from(x) + 0.5) * tw, (f64::from(y) + 0.5) * th);
                        let p = Pos::new(x, y);
                        if whole {
                            assert_eq!(inside(&poly, centre), room.shape.contains(p), "room {} tile {p:?}", room.id);
                        } else if inside(&poly, centre) {
                            assert!(room.shape.contains(p) || o.props.contains_key("holes"));
                        }
                    }
                }
            }
            (s, g) => panic!("room {}: {s:?} as {g:?}", room.id),
        }
    }
    for (door, o) in map.doors.iter().zip(doors) {
        let out = door.cell.step(door.side);
        assert_eq!((o.class.as_str(), &o.geo), ("door", &Geo::Point));
        assert_eq!((o.x, o.y), ((f64::from(out.x) + 0.5) * tw, (f64::from(out.y) + 0.5) * th));
        assert_eq!(o.props["id"], P::Int(door.id.into()));
        assert_eq!(o.props["room"], P::Int(door.room.into()));
        assert_eq!(o.props["kind"], P::Int(door.kind.into()));
        assert_eq!(o.props["side"], P::Str(door.side.name().into()));
        assert_eq!(o.props["room_object"], P::Object(object_of(rooms, door.room).unwrap_or(0)));
    }
    for (c, o) in map.corridors.iter().zip(corridors) {
        assert_eq!(o.class, "corridor");
        assert_eq!(o.props["godot_node_type"], P::Str("path".into()), "Godot's YATI makes it a Path2D");
        assert_eq!(o.props["id"], P::Int(c.id.into()));
        assert_eq!(o.props["width"], P::Int(c.width.into()));
        assert_eq!(o.props["length"], P::Int(c.path.len() as i64));
        for (k, d) in [("a", c.doors[0]), ("b", c.doors[1])] {
            assert_eq!(o.props[&format!("door_{k}")], P::Int(d.into()));
            assert_eq!(o.props[&format!("door_{k}_object")], P::Object(object_of(doors, d).unwrap_or(0)));
        }
        // Walking the polyline tile by tile gives the path.
        let Geo::Polyline(pts) = &o.geo else { panic!("corridor {}: {:?}", c.id, o.geo) };
        let tiles: Vec<Pos> =
            pts.iter().map(|(x, y)| Pos::new(((o.x + x) / tw - 0.5) as i32, ((o.y + y) / th - 0.5) as i32)).collect();
        let mut path = vec![tiles[0]];
        for w in tiles.windows(2) {
            assert!(w[0] != w[1] && (w[0].x == w[1].x || w[0].y == w[1].y), "corridor {}: legs are straight", c.id);
            let (dx, dy) = ((w[1].x - w[0].x).signum(), (w[1].y - w[0].y).signum());
            while *path.last().unwrap() != w[1] {
                path.push(path.last().unwrap().offset(dx, dy));
            }
        }
        assert_eq!(path, c.path, "corridor {}", c.id);
    }
    let s = &spawn[0];
    assert_eq!((s.class.as_str(), &s.geo), ("spawn", &Geo::Point));
    assert_eq!((s.x, s.y), ((f64::from(map.spawn.x) + 0.5) * tw, (f64::from(map.spawn.y) + 0.5) * th));
    let mut ids: Vec<u32> = r.layers.iter().flat_map(|(_, l)| l.iter().map(|o| o.id)).collect();
    ids.sort_unstable();
    ids.dedup();
    let objects = map.rooms.len() + map.doors.len() + map.corridors.len() + 1 + map.markers.len();
    assert_eq!(ids.len(), objects, "object ids are unique");

    // Provenance: the seed, and a preset that makes the map again.
    assert_eq!(r.props["seed"], P::Str(map.provenance.seed.to_string()));
    assert_eq!(r.props["edited"], P::Bool(map.provenance.edited));
    match &map.provenance.params {
        Some(params) => {
            let P::Str(text) = &r.props["preset"] else { panic!("preset is text") };
            let preset = delve::io::parse_preset(text, Path::new("preset property")).unwrap();
            assert_eq!((&preset.generator, preset.seed), (params, map.provenance.seed));
            assert_eq!(r.props["generator"], P::Str(params.kind().file_name().into()));
            if !map.provenance.edited {
                assert_eq!(generate(&preset.generator, preset.seed).unwrap().map.tiles(), map.tiles());
            }
        }
        None => assert!(!r.props.contains_key("preset")),
    }
}

fn export(map: &Map, format: Format, target: &Path, options: &ExportOptions) -> Vec<PathBuf> {
    export::write(map, format, target, options).unwrap_or_else(|e| panic!("{}: {e}", target.display()))
}

/// A room in two pieces and a room with a hole, as hand editing can leave them.
fn odd_rooms() -> Map {
    let mut m = all_shapes();
    m.rooms.push(Room {
        id: 20,
        shape: Shape::cells_from(vec![Pos::new(1, 1), Pos::new(2, 2), Pos::new(3, 1)]),
        colour: Rgb(9, 9, 9),
        label: Some("pieces".into()),
        locked: false,
        role: None,
        vault: false,
    });
    let ring = (0..3).flat_map(|y| (0..3).map(move |x| Pos::new(10 + x, 1 + y))).filter(|p| *p != Pos::new(11, 2));
    m.rooms.push(Room {
        id: 21,
        shape: Shape::cells_from(ring.collect()),
        colour: Rgb(7, 7, 7),
        label: None,
        locked: false,
        role: None,
        vault: false,
    });
    m
}

#[test]
fn tmx_and_tmj_read_back_with_every_tile_object_and_property() {
    let dir = tempfile::tempdir().unwrap();
    let options = ExportOptions::default();
    let mut all = maps();
    all.push(odd_rooms());
    for (i, map) in all.iter().enumerate() {
        let tmx = dir.path().join(format!("m{i}.tmx"));
        let written = export(map, Format::Tmx, &tmx, &options);
        let (png, tsx) = (dir.path().join("delve-tiles.png"), dir.path().join("delve-tiles.tsx"));
        // A map whose tiles have kinds also gets its kinds' tileset image.
        let kinds = (!map.terrain().is_bare())
            .then(|| dir.path().join(delve::export::tiled::kinds_image_name(map.terrain().kinds())));
        let want: Vec<_> = [Some(png), kinds, Some(tsx), Some(tmx.clone())].into_iter().flatten().collect();
        assert_eq!(written, want, "Delve's tileset beside the map");
        check_tmx_ids(&tmx);
        let r = read_tmx(&tmx);
        assert_eq!(r.tileset, dir.path().join("delve-tiles.png").to_string_lossy());
        check(map, &r, (16, 16));

        let tmj = dir.path().join(format!("m{i}.tmj"));
        export(map, Format::Tmj, &tmj, &options);
        let j = read_tmj(&tmj);
        assert_eq!(j.tileset, "delve-tiles.png");
        check(map, &j, (16, 16));
    }
    let odd = read_tmx(&dir.path().join(format!("m{}.tmx", all.len() - 1)));
    let props = |id: i64| &odd.layers[0].1.iter().find(|o| o.props["id"] == P::Int(id)).unwrap().props;
    assert_eq!((props(20).get("pieces"), props(20).get("holes")), (Some(&P::Int(3)), None));
    assert_eq!((props(21).get("pieces"), props(21).get("holes")), (None, Some(&P::Int(1))));
    // The tileset file the TMX maps share: typed tiles on the image, in the colours of
    // Delve's pictures: wall edge, floor, corridor, door, rock, then a floor per palette colour.
    use delve::map::palette::PALETTE;
    let m = tiled::Loader::new().load_tmx_map(dir.path().join("m0.tmx")).unwrap();
    let ts = &m.tilesets()[0];
    let n = 5 + PALETTE.len() as u32;
    assert_eq!((ts.tilecount, ts.columns, ts.tile_width), (n, n, 16));
    let tile = |i: u32| ts.get_tile(i).unwrap();
    let types: Vec<String> = (0..n).map(|i| tile(i).user_type.clone()).collect();
    let mut want = vec!["wall", "room_floor", "corridor_floor", "door", "wall"];
    want.extend(std::iter::repeat_n("room_floor", PALETTE.len()));
    assert_eq!(types, want);
    assert_eq!(tile(4).properties.get("rock"), Some(&tiled::PropertyValue::BoolValue(true)));
    let img = image::open(dir.path().join("delve-tiles.png")).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (16 * n, 16));
    let at = |i: u32| -> [u8; 3] { img.get_pixel(i * 16 + 8, 8).0[..3].try_into().unwrap() };
    let pal = delve::raster::Palette::default();
    let rgb = |c: Rgb| [c.0, c.1, c.2];
    assert_eq!(
        [at(0), at(1), at(2), at(3), at(4)],
        [rgb(pal.wall), rgb(pal.floor), rgb(pal.corridor), rgb(pal.door), rgb(pal.rock)]
    );
    for (k, c) in PALETTE.iter().enumerate() {
        assert_eq!(at(5 + k as u32), rgb(*c));
        let floor = tile(5 + k as u32);
        let Some(tiled::PropertyValue::ColorValue(t)) = floor.properties.get("colour") else { panic!("tile {k}") };
        assert_eq!([t.red, t.green, t.blue], rgb(*c));
    }
}

#[test]
fn a_4096_map_exports_to_tiled_whole() {
    let mut p = crate::common::shipped_rooms_tunnels("godot-part3");
    (p.width, p.height, p.max_rooms) = (4096, 4096, 3000);
    let map = generate(&GeneratorParams::RoomsAndTunnels(p), 5).unwrap().map;
    assert!(map.rooms.len() > 1000);
    let dir = tempfile::tempdir().unwrap();
    for (format, read) in [(Format::Tmx, read_tmx as fn(&Path) -> Read), (Format::Tmj, read_tmj)] {
        let path = dir.path().join(format!("big.{}", format.extension()));
        export(&map, format, &path, &ExportOptions::default());
        check(&map, &read(&path), (16, 16));
    }
}

/// A user's tileset of 24×24 tiles in another folder.
fn user_tileset(dir: &Path, tiles: u32) -> PathBuf {
    let art = dir.join("art");
    std::fs::create_dir_all(&art).unwrap();
    let tsx = art.join("stone.tsx");
    std::fs::write(
        &tsx,
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tileset version=\"1.10\" name=\"stone\" tilewidth=\"24\" \
             tileheight=\"24\" tilecount=\"{tiles}\" columns=\"{tiles}\">\n <image source=\"stone.png\" width=\"{}\" \
             height=\"24\"/>\n</tileset>\n",
            24 * tiles
        ),
    )
    .unwrap();
    image::RgbaImage::new(24 * tiles, 24).save(art.join("stone.png")).unwrap();
    tsx
}

#[test]
fn a_users_tileset_is_referenced_and_sets_the_tile_size() {
    let dir = tempfile::tempdir().unwrap();
    let tsx = user_tileset(dir.path(), 4);
    let maps_dir = dir.path().join("maps");
    std::fs::create_dir_all(&maps_dir).unwrap();
    let map = generate(&shipped("tiendil-step6"), 2).unwrap().map;
    let options = ExportOptions { tileset: Some(tsx.clone()), ..Default::default() };
    for format in [Format::Tmx, Format::Tmj] {
        let target = maps_dir.join(format!("m.{}", format.extension()));
        assert_eq!(export(&map, format, &target, &options), vec![target.clone()], "no tileset image of ours");
        let text = std::fs::read_to_string(&target).unwrap();
        assert!(text.contains("../art/stone.tsx"), "a path relative to the map");
        let r = if format == Format::Tmx { read_tmx(&target) } else { read_tmj(&target) };
        check(&map, &r, (24, 24));
    }
    assert!(!maps_dir.join("delve-tiles.png").exists());
    let image = PathBuf::from(read_tmx(&maps_dir.join("m.tmx")).tileset);
    assert_eq!(
        image.canonicalize().unwrap(),
        dir.path().join("art/stone.png").canonicalize().unwrap(),
        "the crate found it"
    );

    // A tileset that cannot serve: a clear error naming it, and nothing written.
    let few = user_tileset(&dir.path().join("few"), 2);
    for (tsx, says) in [(few, "at least 4"), (dir.path().join("none.tsx"), "none.tsx")] {
        let target = maps_dir.join("bad.tmx");
        let e = export::write(&map, Format::Tmx, &target, &ExportOptions { tileset: Some(tsx), ..Default::default() })
            .unwrap_err()
            .to_string();
        assert!(e.contains(says) && e.contains("tileset"), "{e}");
        assert!(!target.exists());
    }
}

/// Tiled itself (Debian's `tiled`, installed by `scripts/setup.sh test`).
/// Tiled itself converts `input` into `format` (`tmx` or `json`) at `output`.
pub(crate) fn tiled_convert(input: &Path, format: &str, output: &Path) {
    let o = tiled_app()
        .arg("--export-map")
        .arg(format)
        .arg(input)
        .arg(output)
        .output()
        .expect("Tiled is installed (scripts/setup.sh test installs Debian's `tiled`)");
    assert!(o.status.success() && output.exists(), "{}", String::from_utf8_lossy(&o.stderr));
}

fn tiled_app() -> Command {
    let mut c = Command::new("tiled");
    c.env("QT_QPA_PLATFORM", "offscreen").env("XDG_RUNTIME_DIR", std::env::temp_dir());
    c
}

#[test]
fn tiled_itself_opens_both_and_converts_each_into_the_other() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut one = maps();
    one.truncate(4);
    one.push(generate(&shipped("tiendil-step6"), 9).unwrap().map);
    for (i, map) in one.iter().enumerate() {
        let (tmx, tmj) = (d.join(format!("m{i}.tmx")), d.join(format!("m{i}.tmj")));
        export(map, Format::Tmx, &tmx, &ExportOptions::default());
        export(map, Format::Tmj, &tmj, &ExportOptions::default());
        let (to_tmx, to_tmj) = (d.join(format!("m{i}-tiled.tmx")), d.join(format!("m{i}-tiled.tmj")));
        for (input, format, output) in [(&tmj, "tmx", &to_tmx), (&tmx, "json", &to_tmj)] {
            tiled_convert(input, format, output);
        }
        check(map, &read_tmx(&to_tmx), (16, 16));
        check(map, &read_tmj(&to_tmj), (16, 16));
    }
}

/// Tiled draws the dungeon as Delve does: for every shipped preset, `tmxrasterizer`'s picture
/// of the TMX (its tiles; the object layers drawn over them left out) has, at every tile's
/// centre, the colour Delve's own PNG has there (door tiles and the spawn, which each draws its
/// own way, aside), and neighbouring rooms' floors, read back with the `tiled` crate, are
/// different tiles.
#[test]
fn tiled_draws_the_dungeon_as_delve_does() {
    use delve::io::SHIPPED_PRESETS;
    use delve::map::palette::neighbours;
    let dir = tempfile::tempdir().unwrap();
    for (name, _) in SHIPPED_PRESETS {
        // A map with neighbouring rooms to tell apart (a caves map may be one cave).
        let map = (3..20)
            .map(|seed| generate(&shipped(name), seed).unwrap().map)
            .find(|m| neighbours(m).iter().any(|list| !list.is_empty()))
            .unwrap();
        let (tmx, png) = (dir.path().join(format!("{name}.tmx")), dir.path().join(format!("{name}.png")));
        export(&map, Format::Tmx, &tmx, &ExportOptions::default());
        let o = Command::new("tmxrasterizer")
            .env("QT_QPA_PLATFORM", "offscreen")
            .env("XDG_RUNTIME_DIR", dir.path())
            .args(["--hide-layer", "rooms", "--hide-layer", "corridors", "--hide-layer", "spawn"])
            .args(["--hide-layer", "markers"])
            .arg(&tmx)
            .arg(&png)
            .output()
            .expect("tmxrasterizer is installed with Tiled");
        assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
        let tiled_png = image::open(&png).unwrap().to_rgba8();
        let delve_png = delve::raster::render(&map, 16, &delve::raster::Palette::default()).unwrap();
        assert_eq!(tiled_png.dimensions(), delve_png.dimensions(), "{name}");
        let own = expected_own_tiles(&map);
        let mut compared = 0;
        for y in 0..map.height() {
            for x in 0..map.width() {
                let p = Pos::new(x as i32, y as i32);
                // Markers are objects in Tiled (drawn by the engine), pixels in Delve's PNG.
                let door_or_spawn =
                    own[(y * map.width() + x) as usize] == 3 || p == map.spawn || map.markers.iter().any(|m| m.at == p);
                if !door_or_spawn {
                    let (t, d) =
                        (tiled_png.get_pixel(x * 16 + 8, y * 16 + 8), delve_png.get_pixel(x * 16 + 8, y * 16 + 8));
                    assert_eq!(t.0[..3], d.0[..3], "{name}: tile ({x}, {y})");
                    compared += 1;
                }
            }
        }
        assert!(compared > (map.width() * map.height()) as usize * 9 / 10, "{name}");
        // Neighbouring rooms' floors are different tiles in the file as the `tiled` crate reads it.
        let m = tiled::Loader::new().load_tmx_map(&tmx).unwrap();
        let layer = m.get_layer(0).unwrap().as_tile_layer().unwrap();
        let floor = |i: usize| {
            let cells = map.rooms[i].shape.cells();
            let c = cells.iter().find(|c| own[(c.y as u32 * map.width() + c.x as u32) as usize] >= 5).unwrap();
            layer.get_tile(c.x, c.y).unwrap().id()
        };
        let mut pairs = 0;
        for (i, list) in neighbours(&map).iter().enumerate() {
            for &j in list.iter().filter(|&&j| j > i) {
                assert_ne!(floor(i), floor(j), "{name}: rooms {i} and {j}");
                pairs += 1;
            }
        }
        assert!(pairs > 0, "{name}");
    }
}

#[test]
fn delve_export_writes_tiled_maps_in_batches_with_one_tileset() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let delve = |args: &[&str]| delve_in(d, args);
    let o = delve(&["export", "tiendil-step6", "--format", "tmx", "--seeds", "1..4", "--out", "level-{seed}.tmx"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for seed in 1..4 {
        check(
            &generate(&shipped("tiendil-step6"), seed).unwrap().map,
            &read_tmx(&d.join(format!("level-{seed}.tmx"))),
            (16, 16),
        );
    }
    assert!(d.join("delve-tiles.png").exists() && d.join("delve-tiles.tsx").exists());
    let tsx = user_tileset(d, 4);
    let o = delve(&["export", "godot-part3", "--format", "tmj", "--seed", "4", "--tileset", tsx.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r = read_tmj(&d.join("godot-part3-4.tmj"));
    assert_eq!((r.tileset.as_str(), r.tile_w), ("art/stone.tsx", 24));
    // The doors' pins: hidden when Tiled opens the map, unless asked for.
    for (pins, hidden) in [(false, vec!["doors".to_string()]), (true, vec![])] {
        let mut args = vec!["export", "godot-part3", "--format", "tmx", "--seed", "6", "--out", "pins.tmx"];
        if pins {
            args.push("--door-pins");
        }
        assert!(delve(&args).status.success());
        let r = read_tmx(&d.join("pins.tmx"));
        assert_eq!(r.hidden, hidden);
        assert_eq!(r.layers[2].0, "doors");
        assert_eq!(r.layers[2].1.len(), generate(&shipped("godot-part3"), 6).unwrap().map.doors.len());
    }
    for (args, says) in [
        (vec!["export", "godot-part3", "--format", "png", "--tileset", "x.tsx"], "--tileset is for Tiled"),
        (vec!["export", "godot-part3", "--format", "csv", "--door-pins"], "--door-pins is for Tiled"),
        (vec!["export", "godot-part3", "--format", "tmx", "--tileset", "missing.tsx"], "missing.tsx"),
    ] {
        let o = delve(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(says) && !err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn doors_face_the_side_they_name() {
    // A door on each side of one room: its point is on the tile beyond that side.
    let mut m = Map::from_ascii("#######\n#.....#\n#.....#\n#.....#\n#######\n").unwrap();
    m.rooms.push(Room {
        id: 0,
        shape: Shape::Rect(delve::geom::Rect::new(1, 1, 5, 3)),
        colour: Rgb(1, 1, 1),
        label: None,
        locked: false,
        role: None,
        vault: false,
    });
    for (i, (cell, side)) in [
        (Pos::new(3, 1), Dir::North),
        (Pos::new(5, 2), Dir::East),
        (Pos::new(3, 3), Dir::South),
        (Pos::new(1, 2), Dir::West),
    ]
    .into_iter()
    .enumerate()
    {
        m.doors.push(delve::map::Door::new(i as u32, 0, cell, side));
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sides.tmx");
    export(&m, Format::Tmx, &path, &ExportOptions::default());
    let r = read_tmx(&path);
    let doors = &r.layers[2].1;
    let at: Vec<(f64, f64, P)> = doors.iter().map(|o| (o.x, o.y, o.props["side"].clone())).collect();
    assert_eq!(
        at,
        [
            (56.0, 8.0, P::Str("north".into())),
            (104.0, 40.0, P::Str("east".into())),
            (56.0, 72.0, P::Str("south".into())),
            (8.0, 40.0, P::Str("west".into()))
        ]
    );
}

#[test]
fn a_map_too_large_for_tiled_is_refused_with_the_reason() {
    // 8192 tiles of 4096 pixels: positions beyond what a 32-bit float holds exactly.
    use delve::export::tiled::TiledOptions;
    let map = Map::new(8192, 2);
    let huge = delve::export::tiled::UserTileset { source: "huge.tsx".into(), tile_width: 4096, tile_height: 4096 };
    for format in [delve::export::tiled::TiledFormat::Tmx, delve::export::tiled::TiledFormat::Tmj] {
        let e = delve::export::tiled::to_tiled(&map, format, TiledOptions { tileset: Some(&huge), door_pins: false })
            .unwrap_err()
            .to_string();
        assert!(e.contains("too large for Tiled") && e.contains("8192×2"), "{e}");
    }
    assert!(
        delve::export::tiled::to_tiled(&map, delve::export::tiled::TiledFormat::Tmx, TiledOptions::default()).is_ok()
    );
}
