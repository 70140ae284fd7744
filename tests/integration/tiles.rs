//! Tile kinds: painted by their rules on floor only, a kind that cannot be walked never cutting
//! the map; every check and metric walking by the kind; kept by map files (unknown kinds
//! refused at line:column) and by locked rooms.

use crate::common::{generate_valid, shipped};
use delve::generate::Request;
use delve::geom::Pos;
use delve::io;
use delve::map::{Map, Marker, Problem, Tile, TileKind};
use delve::params::GeneratorParams;

/// Checks every tile kind on `m` (a map of `params`) against its rule; `what` names the map.
/// Returns the tiles of each kind, in the order of the palette.
pub fn check_tiles(params: &GeneratorParams, m: &Map, what: &str) -> Vec<usize> {
    let rules = &params.markers().tiles;
    let kinds = m.terrain().kinds();
    assert_eq!(kinds.len(), rules.len(), "{what}: the palette is the preset's kinds");
    let mut counts = vec![0; kinds.len()];
    let doors: Vec<Pos> = m.doors.iter().flat_map(|d| [d.cell, d.outside()]).collect();
    for y in 0..m.height() as i32 {
        for x in 0..m.width() as i32 {
            let p = Pos::new(x, y);
            let n = m.tile_kind_number(p);
            let Some(kind) = m.tile_kind(p) else { continue };
            counts[n as usize - 1] += 1;
            let rule = &rules[n as usize - 1];
            assert_eq!(kind, &rule.kind(), "{what}: the kind at {p} is its rule's");
            assert!(!doors.contains(&p) && p != m.spawn, "{what}: {} on a door or the spawn at {p}", kind.name);
            assert!(
                !m.markers.iter().any(|mk| mk.at == p && !kind.walkable),
                "{what}: a marker on {} at {p}",
                kind.name
            );
            match m.tile(p) {
                Some(Tile::Floor) => {
                    let room = m.room_at(p).unwrap_or_else(|| panic!("{what}: {} at {p} in no room", kind.name));
                    assert!(rule.weight(room.role) > 0.0, "{what}: {} in a room of role {:?}", kind.name, room.role);
                }
                Some(Tile::Corridor) => {
                    assert!(rule.corridors > 0.0 && kind.walkable, "{what}: {} in a corridor at {p}", kind.name)
                }
                t => panic!("{what}: {} on {t:?} at {p}", kind.name),
            }
        }
    }
    counts
}

#[test]
fn every_preset_with_tile_kinds_paints_them_by_their_rules_and_stays_connected() {
    let with: Vec<&str> =
        io::SHIPPED_PRESETS.iter().map(|(n, _)| *n).filter(|n| !shipped(n).markers().tiles.is_empty()).collect();
    assert_eq!(with, ["grown-quest"]);
    let params = shipped("grown-quest");
    let mut totals = vec![0; params.markers().tiles.len()];
    for seed in 0..300 {
        let g = generate_valid(&params, seed);
        for (t, n) in totals.iter_mut().zip(check_tiles(&params, &g.map, &format!("grown-quest seed {seed}"))) {
            *t += n;
        }
        // The quick survey (which hands maps with chasms to the full check) agrees.
        let survey = delve::map::survey::survey_generated(&g.map);
        assert!(survey.problems.is_empty() && survey.metrics.figures.connected, "seed {seed}");
    }
    // Water, chasms and traps all appear, in numbers that say the rules run.
    assert!(totals.iter().all(|&n| n > 300), "tiles of each kind over 300 maps: {totals:?}");
}

/// A hand-made map: two rooms joined by a corridor, spawn in the left one.
fn two_rooms() -> Map {
    let mut m = Map::from_ascii(
        "\
###########
#.@..+,+..#
#....###..#
###########
",
    )
    .unwrap();
    assert_eq!(m.corridors.len(), 1, "the ASCII's corridor joins the two doors");
    for k in TileKind::defaults() {
        m.add_tile_kind(k).unwrap();
    }
    m
}

#[test]
fn every_check_walks_by_the_kind_a_chasm_cuts_and_water_does_not() {
    let mut m = two_rooms();
    assert_eq!(m.validate(), []);
    let (water, chasm) = (m.terrain().number_of("water").unwrap(), m.terrain().number_of("chasm").unwrap());
    // Water across the left room: still walked.
    for y in 1..3 {
        m.set_tile_kind(Pos::new(3, y), water);
    }
    assert_eq!(m.validate(), []);
    assert!(m.walkable(Pos::new(3, 1)));
    // A chasm across it: the door and the room beyond are cut off from spawn.
    for y in 1..3 {
        m.set_tile_kind(Pos::new(3, y), chasm);
    }
    assert!(!m.walkable(Pos::new(3, 1)));
    let problems = m.validate();
    assert!(
        problems.iter().any(|p| matches!(p, Problem::UnreachableFloor { count: 9, .. })),
        "the door's tile and the right room (chasm tiles themselves are not asked to be reached): {problems:#?}"
    );
    let metrics = delve::map::metrics::Metrics::of(&m);
    assert!(!metrics.figures.connected);
    // The incremental check agrees with the full one after each edit.
    let mut checker = delve::map::check::Checker::new(&m);
    m.set_tile_kind(Pos::new(3, 1), 0);
    checker.update(
        &m,
        &delve::map::check::Damage { rects: vec![delve::geom::Rect::new(3, 1, 1, 1)], ..Default::default() },
    );
    assert_eq!(checker.problems(), m.validate());
    assert_eq!(m.validate(), []);
    // A marker on the chasm is a problem, named; on water it is not.
    m.markers.push(Marker::new("monster", Pos::new(3, 2)));
    m.markers.push(Marker::new("fish", Pos::new(4, 1)));
    m.set_tile_kind(Pos::new(4, 1), water);
    let problems = m.validate();
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0].to_string().contains("marker 0 (monster) at (3, 2) is not on walkable floor"),
        "{}",
        problems[0]
    );
    assert!(delve::map::survey::survey(&m).problems == problems, "the survey says the same");
    // The spawn on a chasm.
    m.markers.clear();
    m.set_tile_kind(Pos::new(2, 1), chasm);
    assert!(m.validate().iter().any(|p| matches!(p, Problem::SpawnNotOnFloor { .. })));
    // A kind on rock means nothing: not shown, not walked, not counted.
    m.set_tile_kind(Pos::new(0, 0), water);
    assert_eq!(m.tile_kind(Pos::new(0, 0)), None);
}

#[test]
fn map_files_keep_tile_kinds_and_refuse_unknown_ones_at_their_line_and_column() {
    let g = generate_valid(&shipped("grown-quest"), 7);
    assert!(!g.map.terrain().is_bare());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("quest.ron");
    io::save_map(&path, &g.map).unwrap();
    let back = io::load_map(&path).unwrap();
    assert_eq!(back, g.map, "tile kinds read back exactly");
    assert_eq!(io::map_to_string(&back).unwrap(), std::fs::read_to_string(&path).unwrap(), "and write the same");
    let text = std::fs::read_to_string(&path).unwrap();
    // An unknown glyph in a row of `terrain`.
    let row = text.lines().position(|l| l.contains('~') && l.trim_start().starts_with('"')).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[row] = lines[row].replacen('~', "w", 1);
    let bad = lines.join("\n");
    std::fs::write(&path, &bad).unwrap();
    let err = io::load_map(&path).unwrap_err();
    let (line, _) = err.location().expect("a line and column");
    assert_eq!(line, row + 1, "{err}");
    let message = err.to_string();
    assert!(message.contains("unknown tile kind 'w'") && message.contains("'~' (water)"), "{message}");
    assert!(message.contains("column "), "{message}");
    // A kind on rock.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let first = lines.iter().position(|l| l.contains("terrain: [")).unwrap() + 1;
    lines[first] = lines[first].replacen('.', "~", 1);
    std::fs::write(&path, lines.join("\n")).unwrap();
    let err = io::load_map(&path).unwrap_err();
    assert!(err.to_string().contains("tile kind “water” on rock"), "{err}");
    // A palette with a glyph of the plain tiles.
    let bad = text.replacen("glyph: '~'", "glyph: '#'", 1);
    std::fs::write(&path, &bad).unwrap();
    let err = io::load_map(&path).unwrap_err();
    assert!(err.to_string().contains("plain tiles"), "{err}");
    // A map without tile kinds writes neither field.
    let plain = generate_valid(&shipped("grown-treasure"), 7).map;
    let written = io::map_to_string(&plain).unwrap();
    assert!(!written.contains("tile_kinds") && !written.contains("terrain"));
}

#[test]
fn locked_rooms_keep_their_tile_kinds_when_generated_again() {
    use delve::map::locks::Kept;
    use std::sync::Arc;
    let params = shipped("grown-quest");
    let mut map = generate_valid(&params, 11).map;
    let painted = (0..map.rooms.len())
        .filter(|&r| {
            let mut any = false;
            map.rooms[r].shape.for_each_cell(|p| any |= map.tile_kind(p).is_some());
            any
        })
        .take(2)
        .collect::<Vec<_>>();
    assert_eq!(painted.len(), 2);
    for &r in &painted {
        map.rooms[r].locked = true;
    }
    let kept = Kept::of(&map).unwrap();
    assert!(!kept.terrain.is_empty());
    let kept = Arc::new(kept);
    for seed in 0..10 {
        let again = Request::new(&params, seed).keeping(Some(kept.clone())).run().expect("generates").generated.map;
        for (p, kind) in &kept.terrain {
            assert_eq!(again.tile_kind(*p), Some(kind), "seed {seed}: the kind at {p} is kept");
        }
        assert_eq!(again.validate(), [], "seed {seed}");
    }
}

/// The tile kinds of each tile of the `tile_kinds` layer of the Tiled map at `path`, as the
/// `tiled` crate reads it: the tile's type (the kind's name) and its `walkable` property.
fn tiled_kinds(path: &std::path::Path) -> Vec<Option<(String, bool)>> {
    let m = tiled::Loader::new().load_tmx_map(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let layer =
        m.layers().find(|l| l.name == "tile_kinds").and_then(|l| l.as_tile_layer()).expect("a tile_kinds layer");
    let mut out = Vec::new();
    for y in 0..m.height as i32 {
        for x in 0..m.width as i32 {
            out.push(layer.get_tile(x, y).map(|t| {
                let tile = t.get_tile().expect("the tile is in its tileset");
                let walkable = match tile.properties.get("walkable") {
                    Some(tiled::PropertyValue::BoolValue(b)) => *b,
                    other => panic!("walkable is {other:?}"),
                };
                (tile.user_type.clone(), walkable)
            }));
        }
    }
    out
}

#[test]
fn tiled_gets_a_tile_kinds_layer_that_tiled_itself_keeps() {
    use delve::export::{self, ExportOptions, Format};
    let map = generate_valid(&shipped("grown-quest"), 7).map;
    let want: Vec<Option<(String, bool)>> = (0..map.height() as i32)
        .flat_map(|y| (0..map.width() as i32).map(move |x| Pos::new(x, y)))
        .map(|p| map.tile_kind(p).map(|k| (k.name.clone(), k.walkable)))
        .collect();
    assert!(want.iter().flatten().any(|k| k.0 == "chasm" && !k.1) && want.iter().flatten().any(|k| k.0 == "water"));
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("quest.tmx");
    let written = export::write(&map, Format::Tmx, &tmx, &ExportOptions::default()).unwrap();
    let image = delve::export::tiled::kinds_image_name(map.terrain().kinds());
    assert!(written.contains(&dir.path().join(&image)), "the kinds' tileset image beside the map: {written:?}");
    assert_eq!(tiled_kinds(&tmx), want);
    // Tiled itself, through its JSON and back, keeps them.
    let (tmj, back) = (dir.path().join("quest.tmj"), dir.path().join("back.tmx"));
    for (input, format, output) in [(&tmx, "json", &tmj), (&tmj, "tmx", &back)] {
        crate::export_tiled::tiled_convert(input, format, output);
    }
    assert_eq!(tiled_kinds(&back), want);
    // Delve's own TMJ reads the same.
    let own_tmj = dir.path().join("own.tmj");
    export::write(&map, Format::Tmj, &own_tmj, &ExportOptions::default()).unwrap();
    let own_back = dir.path().join("own-back.tmx");
    crate::export_tiled::tiled_convert(&own_tmj, "tmx", &own_back);
    assert_eq!(tiled_kinds(&own_back), want);
    // A map without kinds has no such layer and no such image.
    let plain = generate_valid(&shipped("grown-treasure"), 7).map;
    let tmx = dir.path().join("plain.tmx");
    let written = export::write(&plain, Format::Tmx, &tmx, &ExportOptions::default()).unwrap();
    assert_eq!(written.len(), 3, "tileset image, tileset, map: {written:?}");
    let m = tiled::Loader::new().load_tmx_map(&tmx).unwrap();
    assert!(m.layers().all(|l| l.name != "tile_kinds"));
}

/// Bad tile rules are refused, each naming the kind and what is allowed; so is a glyph a marker
/// kind uses too (the ASCII form would not tell them apart).
#[test]
fn bad_tile_rules_are_refused_with_what_is_allowed() {
    use delve::params::SizeRange;
    use delve::params::tiles::TileRule;
    let mut params = shipped("grown-quest");
    let tiles = &mut params.markers_mut().tiles;
    tiles[0].size = SizeRange::new(0, 5);
    tiles[1].corridors = 2.0;
    tiles[2].glyph = 'm';
    tiles.push(TileRule { name: "water".into(), glyph: '%', ..Default::default() });
    let issues: Vec<String> = params.check().into_iter().map(|i| i.message).collect();
    let has = |text: &str| issues.iter().any(|m| m.contains(text));
    assert!(has("“water”: patch size 0 to 5 must run from 1"), "{issues:?}");
    assert!(has("“chasm” is not walkable, so it cannot go in corridors"), "{issues:?}");
    assert!(has("marker kind “monster” and tile kind “trap” share the glyph 'm'"), "{issues:?}");
    assert!(has("tile kind “water” is declared twice"), "{issues:?}");
    assert!(delve::generate::generate(&params, 1).is_err(), "refused, not generated");
}
