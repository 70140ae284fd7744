//! A map that reads at a glance: room colours that stand out from the wall (both generators, every
//! shipped preset, many seeds, random parameters), walls that edge the dug-out space drawn apart
//! from solid rock, and the compare overlay's colour outside the room colours.

use delve::edit::{Op, perform};
use delve::generate::generate;
use delve::geom::{Pos, Rect};
use delve::io::SHIPPED_PRESETS;
use delve::map::colour::{
    DIFF_MARK, DIFF_MARK_ALPHA, MAX_ROOM_SATURATION, MIN_ROOM_CONTRAST, ROCK, WALL, is_legible_room_colour,
    legible_room_colour,
};
use delve::map::{Map, Rgb, Tile};
use delve::params::GeneratorParams;
use delve::raster::{Palette, render_marked, tile_colours};
use proptest::prelude::*;

/// The background the map view paints behind the map (egui's dark `extreme_bg_color`).
const VIEW_BACKGROUND: Rgb = Rgb(10, 10, 10);

/// Asserts the room colour rule on every room of `map`, and that room 0 (where the player
/// starts in both generators) is far from black.
fn assert_legible(map: &Map, what: &str) {
    for room in &map.rooms {
        let c = room.colour;
        assert!(is_legible_room_colour(c), "{what}: room {} colour {c:?}", room.id);
        for (bg, name) in [(WALL, "wall"), (ROCK, "rock"), (VIEW_BACKGROUND, "view background")] {
            let ratio = c.contrast_ratio(bg);
            assert!(ratio >= MIN_ROOM_CONTRAST, "{what}: room {} colour {c:?} on {name}: {ratio:.2}:1", room.id);
        }
        assert!(c.saturation() <= MAX_ROOM_SATURATION, "{what}: room {} colour {c:?}", room.id);
    }
    if let Some(first) = map.rooms.first() {
        // Not near-black: at least 4.5:1 against pure black (relative luminance above 0.17).
        let c = first.colour;
        assert!(c.contrast_ratio(Rgb(0, 0, 0)) >= 4.5, "{what}: room 0 colour {c:?} is near black");
    }
}

/// Every room colour of every shipped preset over many seeds, every generator.
#[test]
fn every_shipped_preset_makes_rooms_that_stand_out_from_the_wall() {
    let mut generators = std::collections::HashSet::new();
    for (name, _) in SHIPPED_PRESETS {
        let p = crate::common::shipped(name);
        generators.insert(std::mem::discriminant(&p));
        for seed in 0..300 {
            let g = generate(&p, seed).expect("shipped presets generate");
            assert!(!g.map.rooms.is_empty(), "{name} seed {seed}");
            assert_legible(&g.map, &format!("{name} seed {seed}"));
        }
    }
    assert_eq!(generators.len(), delve::params::GeneratorKind::ALL.len(), "the shipped presets cover every generator");
}

/// Neighbours never look alike: over every shipped preset × 200 seeds, rooms joined by a
/// corridor or within two tiles of each other differ by CIE76 ΔE ≥ 20, in the map and in the
/// PNG, and every colour still follows the contrast and saturation rules.
#[test]
fn neighbouring_rooms_differ_clearly_in_the_map_and_the_png() {
    use delve::map::palette::{MIN_DELTA_E, delta_e, neighbours};
    let mut pairs = 0;
    for (name, _) in SHIPPED_PRESETS {
        let p = crate::common::shipped(name);
        for seed in 0..200 {
            let m = generate(&p, seed).unwrap().map;
            assert_legible(&m, &format!("{name} seed {seed}"));
            let near = neighbours(&m);
            if seed % 20 == 0 {
                assert_neighbours_cover_the_rule(&m, &near, &format!("{name} seed {seed}"));
            }
            let png = (seed % 25 == 0).then(|| delve::raster::render(&m, 1, &Palette::default()).expect("it renders"));
            for (i, list) in near.iter().enumerate() {
                for &j in list.iter().filter(|&&j| j > i) {
                    let (a, b) = (m.rooms[i].colour, m.rooms[j].colour);
                    let d = delta_e(a, b);
                    assert!(d >= MIN_DELTA_E, "{name} seed {seed}: rooms {i} and {j} are ΔE {d:.1} apart");
                    pairs += 1;
                    if let Some(img) = &png {
                        // The PNG shows each room in its own colour (a floor cell of each).
                        for (k, c) in [(i, a), (j, b)] {
                            let cells = m.rooms[k].shape.cells();
                            // (A one-cell room under the spawn mark, or a marker, has no cell to read.)
                            // (A tile of a tile kind shows the kind's colour.)
                            let clear = |c: &&delve::geom::Pos| {
                                **c != m.spawn && !m.markers.iter().any(|mk| mk.at == **c) && m.tile_kind(**c).is_none()
                            };
                            let Some(&cell) = cells.iter().find(clear) else { continue };
                            let px = img.get_pixel(cell.x as u32, cell.y as u32);
                            assert_eq!([px[0], px[1], px[2]], [c.0, c.1, c.2], "{name} seed {seed} room {k}");
                        }
                    }
                }
            }
        }
    }
    assert!(pairs > 10_000, "{pairs} neighbouring pairs checked");
}

/// Checks `near` (the pass's neighbours) against the rule worked out from the tiles: rooms with
/// cells at most two tiles of wall apart, and rooms a corridor's doors join.
fn assert_neighbours_cover_the_rule(m: &Map, near: &[Vec<usize>], what: &str) {
    let mut owner = vec![None; (m.width() * m.height()) as usize];
    for (i, r) in m.rooms.iter().enumerate() {
        for c in r.shape.cells() {
            if m.in_bounds(c) {
                owner[(c.y * m.width() as i32 + c.x) as usize] = Some(i);
            }
        }
    }
    let mut expected = std::collections::BTreeSet::new();
    for (i, r) in m.rooms.iter().enumerate() {
        for c in r.shape.cells() {
            // Two tiles of wall between: cells up to three apart across and down.
            for dy in -3..=3 {
                for dx in -3..=3 {
                    let o = Pos::new(c.x + dx, c.y + dy);
                    if let Some(Some(j)) = m.in_bounds(o).then(|| owner[(o.y * m.width() as i32 + o.x) as usize])
                        && j != i
                    {
                        expected.insert((i.min(j), i.max(j)));
                    }
                }
            }
        }
    }
    let room_of =
        |door| m.doors.iter().find(|d| d.id == door).and_then(|d| m.rooms.iter().position(|r| r.id == d.room));
    for c in &m.corridors {
        if let (Some(a), Some(b)) = (room_of(c.doors[0]), room_of(c.doors[1]))
            && a != b
        {
            expected.insert((a.min(b), a.max(b)));
        }
    }
    // A map of one room (a caves map may be one cave) has no neighbours to tell apart.
    assert!(!expected.is_empty() || m.rooms.len() == 1, "{what}: no neighbours at all");
    for (i, j) in expected {
        assert!(near[i].contains(&j) && near[j].contains(&i), "{what}: rooms {i} and {j} are neighbours");
    }
}

/// Generated rooms take palette colours (the pass changes them only to other palette colours).
#[test]
fn generated_colours_come_from_the_palette() {
    use delve::map::palette::{PALETTE, index_of};
    let p = crate::common::shipped("godot-part3");
    let mut kept = 0;
    for seed in 0..50 {
        let m = generate(&p, seed).unwrap().map;
        for r in &m.rooms {
            assert_eq!(PALETTE[index_of(r.colour)], r.colour, "generated colours are palette colours");
        }
        kept += m.rooms.len();
    }
    assert!(kept > 500);
}

/// Rooms made by hand (the editor's new room) and rooms read from ASCII follow the rule too.
#[test]
fn new_and_ascii_rooms_follow_the_rule() {
    for c in delve::map::palette::PALETTE {
        assert!(is_legible_room_colour(c), "{c:?}");
    }
    let mut m = Map::new(30, 20);
    perform(&mut m, Op::AddRoom(Rect::new(2, 2, 5, 4))).unwrap();
    assert_legible(&m, "a new room");
    // A room drawn next to it gets a colour unlike its neighbour's.
    for x in [9, 10] {
        perform(&mut m, Op::AddRoom(Rect::new(x, 2, 1, 1))).ok();
    }
    let new = m.rooms.last().unwrap().colour;
    let d = delve::map::palette::delta_e(m.rooms[0].colour, new);
    assert!(m.rooms.len() >= 2 && d >= delve::map::palette::MIN_DELTA_E, "{d}");
    let ascii = Map::from_ascii("#####\n#@..#\n#####\n").unwrap();
    assert_legible(&ascii, "an ASCII room");
    // The rule is a fixed point on its own output.
    for c in [Rgb(0, 0, 0), Rgb(0x12, 0x34, 0x56), Rgb(0x99, 0, 0x20)] {
        let l = legible_room_colour(c);
        assert_eq!(legible_room_colour(l), l);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Random rooms-and-tunnels parameters and seeds: every room colour follows the rule.
    #[test]
    fn random_rooms_and_tunnels_parameters_make_legible_rooms(p in crate::rooms_tunnels::any_params(), seed in any::<u64>()) {
        if let Ok(g) = generate(&GeneratorParams::RoomsAndTunnels(p), seed) {
            assert_legible(&g.map, &format!("seed {seed}"));
        }
    }

    /// Random grown-rooms parameters and seeds: every room colour follows the rule.
    #[test]
    fn random_grown_rooms_parameters_make_legible_rooms(p in crate::grown::arb_params(), seed in any::<u64>()) {
        if let Ok(g) = generate(&GeneratorParams::GrownRooms(p), seed) {
            assert_legible(&g.map, &format!("seed {seed}"));
        }
    }
}

/// A hand-made map: the walls around the dug-out space (8-neighbourhood, corridor included) are
/// the palette's wall, everything further away is rock; in the tile colours and in the PNG.
#[test]
fn walls_that_touch_floor_are_drawn_apart_from_rock() {
    let map = Map::from_ascii(
        "##########\n\
         ##########\n\
         ##...#####\n\
         ##.@.+,,##\n\
         ##...#####\n\
         ##########\n\
         ##########\n",
    )
    .unwrap();
    let pal = Palette::default();
    assert_ne!(pal.wall, pal.rock);
    assert!(pal.rock.luminance() < pal.wall.luminance(), "rock is the deeper of the two");
    let colours = tile_colours(&map, &pal);
    let at = |x: i32, y: i32| colours[map.tiles().index(Pos::new(x, y)).unwrap()];
    // Edge walls: orthogonal and diagonal neighbours of floor, and around the corridor.
    for (x, y) in
        [(1, 1), (2, 1), (4, 1), (5, 1), (1, 3), (5, 2), (5, 4), (6, 2), (7, 4), (8, 3), (8, 2), (1, 5), (5, 5)]
    {
        assert_eq!(map.tile(Pos::new(x, y)), Some(Tile::Wall), "({x}, {y})");
        assert_eq!(at(x, y), pal.wall, "({x}, {y}) touches floor");
    }
    // Rock: two or more tiles from any floor, and the map's border rows.
    for (x, y) in [(0, 0), (3, 0), (0, 3), (9, 3), (9, 0), (4, 6), (3, 6), (9, 6), (6, 0), (7, 5)] {
        assert_eq!(at(x, y), pal.rock, "({x}, {y}) is solid rock");
    }
    // Floor and corridor keep their colours.
    assert_eq!(at(2, 2), map.rooms[0].colour);
    assert_eq!(at(6, 3), pal.corridor);

    // The PNG draws the same colours (marks off, so nothing covers the tiles).
    let none = delve::raster::Marks { doors: false, grid: false, labels: false, locks: false, markers: false };
    let img = render_marked(&map, 3, &pal, none).unwrap();
    let px = |x: u32, y: u32| {
        let p = img.get_pixel(x * 3 + 1, y * 3 + 1).0;
        Rgb(p[0], p[1], p[2])
    };
    assert_eq!(px(1, 1), pal.wall);
    assert_eq!(px(0, 0), pal.rock);
    assert_eq!(px(8, 3), pal.wall);
    assert_eq!(px(9, 3), pal.rock);

    // A map of solid rock has no wall edge at all.
    assert!(tile_colours(&Map::new(6, 4), &pal).iter().all(|c| *c == pal.rock));
}

/// The compare window's difference mark is fully saturated and far from every generated room
/// colour, and a marked cell (the mark drawn at its opacity over any tile) stays more saturated
/// than any room colour could be.
#[test]
fn the_difference_mark_is_no_room_colour() {
    assert!(DIFF_MARK.saturation() > 0.99, "{DIFF_MARK:?}");
    let pal = Palette::default();
    let mut colours: Vec<Rgb> = vec![pal.wall, pal.rock, pal.floor, pal.corridor, pal.spawn];
    for (name, _) in SHIPPED_PRESETS {
        let p = crate::common::shipped(name);
        for seed in 0..100 {
            colours.extend(generate(&p, seed).unwrap().map.rooms.iter().map(|r| r.colour));
        }
    }
    colours.extend(delve::map::palette::PALETTE);
    let alpha = f64::from(DIFF_MARK_ALPHA) / 255.0;
    let distance = |a: Rgb, b: Rgb| {
        let d = |x: u8, y: u8| (f64::from(x) - f64::from(y)).powi(2);
        (d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)).sqrt()
    };
    for c in colours {
        assert!(distance(c, DIFF_MARK) >= 90.0, "{c:?} is near the difference mark {DIFF_MARK:?}");
        let over = |m: u8, t: u8| (alpha * f64::from(m) + (1.0 - alpha) * f64::from(t)).round() as u8;
        let marked = Rgb(over(DIFF_MARK.0, c.0), over(DIFF_MARK.1, c.1), over(DIFF_MARK.2, c.2));
        assert!(
            marked.saturation() > MAX_ROOM_SATURATION + 0.1,
            "the mark over {c:?} gives {marked:?}, which could pass for a room colour"
        );
    }
}

/// Markers and tile kinds read on any room: every marker, key and tile-kind colour of every
/// shipped preset, and the ones a new kind starts with, is CIE76 ΔE ≥ 20 from every role colour
/// (and the no-role grey) and from each other — water is not read as an exit, nor loot as the
/// treasury.
#[test]
fn marker_and_tile_kind_colours_stand_apart_from_the_roles_and_each_other() {
    use delve::map::Role;
    use delve::map::colour::{NO_ROLE, role_colour};
    use delve::map::palette::{MIN_DELTA_E, delta_e};
    use delve::params::markers::{Keys, MarkerKind};
    use delve::params::tiles::TileRule;
    let roles: Vec<(String, Rgb)> = Role::ALL
        .iter()
        .map(|r| (format!("the {} role", r.name()), role_colour(Some(*r))))
        .chain([("rooms without a role".to_string(), NO_ROLE)])
        .collect();
    let rgb = |[r, g, b]: [u8; 3]| Rgb(r, g, b);
    let mut sets: Vec<(String, Vec<(String, Rgb)>)> = vec![(
        "a new kind".into(),
        vec![
            ("a new marker kind".into(), rgb(MarkerKind::default().colour)),
            ("keys".into(), rgb(Keys::default().colour)),
            ("a new tile kind".into(), rgb(TileRule::default().colour)),
        ],
    )];
    let offered = delve::map::TileKind::defaults().into_iter().map(|k| (k.name, rgb(k.colour))).collect();
    sets.push(("the editor's tile kinds".into(), offered));
    for (name, _) in SHIPPED_PRESETS {
        let p = crate::common::shipped(name);
        let m = p.markers();
        let mut colours: Vec<(String, Rgb)> = m.kinds.iter().map(|k| (k.name.clone(), rgb(k.colour))).collect();
        if m.keys.pairs > 0 {
            colours.push((m.keys.name.clone(), rgb(m.keys.colour)));
        }
        colours.extend(m.tiles.iter().map(|t| (t.name.clone(), rgb(t.colour))));
        sets.push((name.to_string(), colours));
    }
    for (set, colours) in &sets {
        for (i, (a, ca)) in colours.iter().enumerate() {
            for (b, cb) in roles.iter().chain(&colours[i + 1..]) {
                let d = delta_e(*ca, *cb);
                assert!(d >= MIN_DELTA_E, "{set}: {a} {ca:?} is ΔE {d:.1} from {b} {cb:?}");
            }
        }
    }
}
