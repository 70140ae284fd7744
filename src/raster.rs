//! Map → RGBA pixels, for PNG export, thumbnails and the editor's tile texture. Pure.

use crate::geom::{Dir, Grid, Pos};
use crate::map::{Map, Rgb, Tile, colour};

/// Colours used to draw a map. The default is the map view's, so pictures, thumbnails and
/// exported tilesets look like the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// Wall that touches floor or corridor (8-neighbourhood): the edge of the dug-out space.
    pub wall: Rgb,
    /// Wall that touches none: solid, unexcavated rock, darker than `wall`.
    pub rock: Rgb,
    pub corridor: Rgb,
    /// Room floor not covered by any room record.
    pub floor: Rgb,
    pub door: Rgb,
    pub spawn: Rgb,
}

impl Default for Palette {
    fn default() -> Self {
        Self {
            wall: colour::WALL,
            rock: colour::ROCK,
            corridor: Rgb(0xe6, 0xe2, 0xd6),
            floor: Rgb(0x9a, 0x9a, 0xa0),
            door: Rgb(0xff, 0xc8, 0x30),
            spawn: Rgb(0xe8, 0x30, 0x30),
        }
    }
}

/// What a tile shows: the one reading of a map's tiles that pictures, the map view and the
/// Tiled tileset share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Wall beside floor or corridor (see [`wall_colour`]).
    Edge,
    /// Wall touching none.
    Rock,
    Corridor,
    /// Room floor that no room record covers.
    Floor,
    /// Floor of room `i` (of `map.rooms`; the last room listed wins where rooms overlap).
    Room(u32),
}

/// The [`Look`] of every tile, one per tile, row-major.
pub fn tile_looks(map: &Map) -> Vec<Look> {
    let tiles = map.tiles();
    let mut looks: Vec<Look> = Vec::with_capacity(tiles.as_slice().len());
    for y in 0..tiles.height() {
        // Row by row with the rows above and below at hand: no per-tile position arithmetic.
        let rows = around(tiles, y);
        looks.extend(rows[1].unwrap_or_default().iter().enumerate().map(|(x, t)| match t {
            Tile::Wall if opens(rows, x) => Look::Edge,
            Tile::Wall => Look::Rock,
            Tile::Floor => Look::Floor,
            Tile::Corridor => Look::Corridor,
        }));
    }
    for (r, room) in map.rooms.iter().enumerate() {
        room.shape.for_each_cell(|p| {
            if let Some(i) = map.tiles().index(p)
                && map.tiles().as_slice()[i] == Tile::Floor
            {
                looks[i] = Look::Room(r as u32);
            }
        });
    }
    looks
}

/// The colour of every tile, one per tile, row-major: rooms in their own colour, corridor and
/// floor from the palette, wall as [`wall_colour`] says (edge or rock).
pub fn tile_colours(map: &Map, palette: &Palette) -> Vec<Rgb> {
    let own: Vec<Rgb> = map.rooms.iter().map(|r| r.colour).collect();
    tile_colours_with(map, palette, &own)
}

/// [`tile_colours`] with room `i` (of `map.rooms`) in `room_colours[i]` (rooms past its end in
/// their own colour): how the map view shows the room colour modes. A floor tile of a tile kind
/// (water, a chasm) is in the kind's colour whatever the mode.
pub fn tile_colours_with(map: &Map, palette: &Palette, room_colours: &[Rgb]) -> Vec<Rgb> {
    let room = |r: u32| room_colours.get(r as usize).or(map.rooms.get(r as usize).map(|r| &r.colour)).copied();
    let mut colours: Vec<Rgb> = tile_looks(map)
        .into_iter()
        .map(|look| match look {
            Look::Edge => palette.wall,
            Look::Rock => palette.rock,
            Look::Corridor => palette.corridor,
            Look::Floor => palette.floor,
            Look::Room(r) => room(r).unwrap_or(palette.floor),
        })
        .collect();
    if !map.terrain().is_bare() {
        for (i, c) in colours.iter_mut().enumerate() {
            if let Some(k) = map.tile_kind(map.tiles().pos_of(i)) {
                *c = kind_colour(k);
            }
        }
    }
    colours
}

/// How a tile of kind `k` is drawn: in its colour.
pub fn kind_colour(k: &crate::map::TileKind) -> Rgb {
    Rgb(k.colour[0], k.colour[1], k.colour[2])
}

/// The colour of the wall tile at `p`: [`Palette::wall`] when any of its eight neighbours is
/// floor or corridor, else [`Palette::rock`] — so the dug-out space is edged by a lighter wall
/// and solid rock recedes. The one rule for pictures and the map view.
pub fn wall_colour(tiles: &Grid<Tile>, p: Pos, palette: &Palette) -> Rgb {
    match (u32::try_from(p.x), u32::try_from(p.y)) {
        (Ok(x), Ok(y)) if x < tiles.width() && opens(around(tiles, y), x as usize) => palette.wall,
        _ => palette.rock,
    }
}

/// Rows `y - 1`, `y` and `y + 1` of `tiles` (`None` off the map).
fn around(tiles: &Grid<Tile>, y: u32) -> [Option<&[Tile]>; 3] {
    [y.checked_sub(1).and_then(|a| tiles.row(a)), tiles.row(y), y.checked_add(1).and_then(|b| tiles.row(b))]
}

/// Whether a wall at column `x` of the middle row of `rows` edges the dug-out space: the one
/// rule, shared by the whole-map pass and single tiles.
fn opens(rows: [Option<&[Tile]>; 3], x: usize) -> bool {
    rows.iter().flatten().any(|r| {
        let cols = x.saturating_sub(1)..x.saturating_add(2).min(r.len());
        r.get(cols).unwrap_or_default().iter().any(|t| *t != Tile::Wall)
    })
}

/// Most pixels of a rendered image (256 MiB of RGBA): larger ones are refused before anything
/// is allocated.
pub const MAX_PIXELS: u64 = 1 << 26;

/// An image that would be too large to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a {width}×{height} map at {scale} pixels per tile would be {} megapixels; at most {} are made \
     (the largest scale that fits is {max_scale})",
    (u64::from(*width) * u64::from(*height)).saturating_mul(u64::from(*scale) * u64::from(*scale)) >> 20,
    MAX_PIXELS >> 20
)]
pub struct TooLarge {
    pub width: u32,
    pub height: u32,
    pub scale: u32,
    /// The largest scale at which this map fits (0 when none does).
    pub max_scale: u32,
}

/// The largest pixels-per-tile at which `map` renders within [`MAX_PIXELS`] (0 when even one
/// pixel per tile is too many).
pub fn max_scale(map: &Map) -> u32 {
    let tiles = (u64::from(map.width()) * u64::from(map.height())).max(1);
    ((MAX_PIXELS / tiles) as f64).sqrt().floor().min(f64::from(u32::MAX)) as u32
}

/// What a picture shows on top of the tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Marks {
    /// Doors as bars on the room's edge (at 4 or more pixels per tile).
    pub doors: bool,
    /// A darker line along the top and left of every tile (at 4 or more pixels per tile).
    pub grid: bool,
    /// Each room's label, or its number, at its centre (at 4 or more pixels per tile).
    pub labels: bool,
    /// Locked rooms' walls in the lock colour: their outline, as in the editor (at any scale).
    pub locks: bool,
    /// Markers in their kinds' colours, with their glyphs at 8 or more pixels per tile; locked
    /// doors in red.
    pub markers: bool,
}

impl Default for Marks {
    fn default() -> Self {
        Marks { doors: true, grid: false, labels: false, locks: false, markers: true }
    }
}

/// Paints the walls round each locked room of `map` (the ring just outside its bounds) in the
/// lock colour in `colours` (one per tile, as [`tile_colours`] gives them): its outline, as the
/// editor draws it. Corridors through the ring keep their colour.
pub fn outline_locked_rooms(map: &Map, colours: &mut [Rgb]) {
    for room in map.rooms.iter().filter(|r| r.locked) {
        let Some(b) = room.shape.bounds() else { continue };
        for y in b.y - 1..=b.bottom() {
            for x in b.x - 1..=b.right() {
                let p = Pos::new(x, y);
                let edge = x < b.x || y < b.y || x >= b.right() || y >= b.bottom();
                if edge
                    && map.tile(p) == Some(Tile::Wall)
                    && let Some(c) = map.tiles().index(p).and_then(|i| colours.get_mut(i))
                {
                    *c = colour::LOCK;
                }
            }
        }
    }
}

/// Smallest scale at which doors, grid and labels are drawn.
pub const MARKS_MIN_SCALE: u32 = 4;

/// An RGBA image of the map with `scale`×`scale` pixels per tile (at least 1), with the default
/// [`Marks`]: doors as bars on the room's wall edge, and the spawn as a square mark.
/// Refused, before anything is allocated, when the image would exceed [`MAX_PIXELS`].
pub fn render(map: &Map, scale: u32, palette: &Palette) -> Result<image::RgbaImage, TooLarge> {
    render_marked(map, scale, palette, Marks::default())
}

/// [`render`] with the marks asked for.
pub fn render_marked(map: &Map, scale: u32, palette: &Palette, marks: Marks) -> Result<image::RgbaImage, TooLarge> {
    let scale = scale.max(1);
    let (w, h) = (map.width(), map.height());
    if scale > max_scale(map) {
        return Err(TooLarge { width: w, height: h, scale, max_scale: max_scale(map) });
    }
    let mut colours = tile_colours(map, palette);
    if marks.locks {
        outline_locked_rooms(map, &mut colours);
    }
    // Both sides fit in `u32`: the image has at most `MAX_PIXELS` pixels.
    let mut img = image::RgbaImage::new(w * scale, h * scale);
    let s = i64::from(scale);
    for (i, c) in colours.iter().enumerate() {
        let (tx, ty) = (i as i64 % i64::from(w.max(1)), i as i64 / i64::from(w.max(1)));
        fill(&mut img, tx * s, ty * s, s, s, *c);
    }
    if scale >= MARKS_MIN_SCALE && marks.grid {
        for (x, y, px) in img.enumerate_pixels_mut() {
            if x % scale == 0 || y % scale == 0 {
                for c in &mut px.0[..3] {
                    *c = (u16::from(*c) * 3 / 4) as u8;
                }
            }
        }
    }
    if scale >= MARKS_MIN_SCALE {
        let t = s / 4;
        for d in map.doors.iter().filter(|_| marks.doors) {
            let (cx, cy) = (i64::from(d.cell.x) * s, i64::from(d.cell.y) * s);
            let (x, y, bw, bh) = match d.side {
                Dir::North => (cx, cy - t / 2, s, t),
                Dir::South => (cx, cy + s - (t + 1) / 2, s, t),
                Dir::West => (cx - t / 2, cy, t, s),
                Dir::East => (cx + s - (t + 1) / 2, cy, t, s),
            };
            let locked = matches!(d.opening, crate::map::Opening::Locked(_)) && marks.markers;
            fill(&mut img, x, y, bw, bh, if locked { LOCKED_DOOR } else { palette.door });
        }
        if map.in_bounds(map.spawn) {
            let m = s / 4;
            let (x, y) = (i64::from(map.spawn.x) * s + m, i64::from(map.spawn.y) * s + m);
            fill(&mut img, x, y, s - 2 * m, s - 2 * m, palette.spawn);
        }
    } else if map.in_bounds(map.spawn) {
        fill(&mut img, i64::from(map.spawn.x) * s, i64::from(map.spawn.y) * s, s, s, palette.spawn);
    }
    if marks.markers {
        draw_markers(&mut img, map, s);
    }
    if scale >= MARKS_MIN_SCALE && marks.labels {
        // Glyphs of 8×8 font pixels, each `k`×`k` image pixels, about a tile high or more.
        let k = (s / 8).max(1);
        for room in &map.rooms {
            let Some(c) = room.shape.centre() else { continue };
            let text = room.label.clone().unwrap_or_else(|| room.id.to_string());
            let (w, h) = (text_width(&text, k), 8 * k);
            let (x0, y0) = (i64::from(c.x) * s + s / 2 - w / 2, i64::from(c.y) * s + s / 2 - h / 2);
            draw_text(&mut img, x0, y0, k, &text);
        }
    }
    Ok(img)
}

/// The colour of a locked door, as the editor draws it.
pub const LOCKED_DOOR: Rgb = Rgb(0xe0, 0x30, 0x40);

/// Each marker of `map` on its tile of `s`×`s` pixels: a square in its kind's colour, with its
/// glyph (in dark or light ink, by the colour) at 8 or more pixels per tile.
fn draw_markers(img: &mut image::RgbaImage, map: &Map, s: i64) {
    for m in &map.markers {
        let (ch, [r, g, b]) = crate::map::markers::look(map, &m.kind);
        let (x, y) = (i64::from(m.at.x) * s, i64::from(m.at.y) * s);
        if s < 8 {
            let inset = s / 4;
            fill(img, x + inset, y + inset, (s - 2 * inset).max(1), (s - 2 * inset).max(1), Rgb(r, g, b));
            continue;
        }
        fill(img, x + 1, y + 1, s - 2, s - 2, Rgb(r, g, b));
        let luma = 299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b);
        let ink = if luma < 110_000 { Rgb(0xff, 0xff, 0xff) } else { Rgb(0x10, 0x10, 0x16) };
        let k = s / 8;
        let off = (s - 8 * k) / 2;
        for (row, bits) in glyph(ch).iter().enumerate() {
            for col in (0..8).filter(|b| bits & (1 << b) != 0) {
                fill(img, x + off + col * k, y + off + row as i64 * k, k, k, ink);
            }
        }
    }
}

/// The width in pixels of `text` in [`draw_text`]'s glyphs of `k`×`k`-pixel font pixels.
pub fn text_width(text: &str, k: i64) -> i64 {
    text.chars().count() as i64 * 8 * k
}

/// Writes `text` with its top left at `x0`, `y0`, in 8×8 glyphs of `k`×`k`-pixel font pixels:
/// white on a dark outline, so it reads on any colour (what lies off the image is left out).
pub fn draw_text(img: &mut image::RgbaImage, x0: i64, y0: i64, k: i64, text: &str) {
    let glyphs: Vec<[u8; 8]> = text.chars().map(glyph).collect();
    for (colour, offsets) in
        [(Rgb(0, 0, 0), &[(-1, 0), (1, 0), (0, -1), (0, 1)][..]), (Rgb(0xff, 0xff, 0xff), &[(0, 0)][..])]
    {
        for &(ox, oy) in offsets {
            for (i, g) in glyphs.iter().enumerate() {
                for (row, bits) in g.iter().enumerate() {
                    for col in (0..8).filter(|b| bits & (1 << b) != 0) {
                        let x = x0 + (i as i64 * 8 + col) * k + ox * k;
                        let y = y0 + row as i64 * k + oy * k;
                        fill(img, x, y, k, k, colour);
                    }
                }
            }
        }
    }
}

/// The 8×8 glyph of `c` (rows top to bottom, the lowest bit leftmost); `?` for a character the
/// font lacks.
fn glyph(c: char) -> [u8; 8] {
    use font8x8::UnicodeFonts;
    font8x8::BASIC_FONTS
        .get(c)
        .or_else(|| font8x8::LATIN_FONTS.get(c))
        .or_else(|| font8x8::BASIC_FONTS.get('?'))
        .unwrap_or([0; 8])
}

/// Fills the part of the `w`×`h` rectangle at `x`, `y` that lies on the image (in `i64`, so no
/// position a map holds can overflow).
fn fill(img: &mut image::RgbaImage, x: i64, y: i64, w: i64, h: i64, c: Rgb) {
    let (iw, ih) = (i64::from(img.width()), i64::from(img.height()));
    let (x0, y0) = (x.clamp(0, iw), y.clamp(0, ih));
    let (x1, y1) = (x.saturating_add(w).clamp(0, iw), y.saturating_add(h).clamp(0, ih));
    for py in y0..y1 {
        for px in x0..x1 {
            img.put_pixel(px as u32, py as u32, image::Rgba([c.0, c.1, c.2, 255]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixels_follow_tiles() {
        let map = Map::from_ascii("####\n#@.#\n####\n").unwrap();
        let pal = Palette::default();
        let img = render(&map, 1, &pal).unwrap();
        assert_eq!(img.dimensions(), (4, 3));
        assert_eq!(img.get_pixel(0, 0).0[..3], [pal.wall.0, pal.wall.1, pal.wall.2]);
        assert_eq!(img.get_pixel(1, 1).0[..3], [pal.spawn.0, pal.spawn.1, pal.spawn.2]);
        let room = map.rooms[0].colour;
        assert_eq!(img.get_pixel(2, 1).0[..3], [room.0, room.1, room.2]);
        assert_eq!(render(&map, 8, &pal).unwrap().dimensions(), (32, 24));
    }

    #[test]
    fn single_tiles_follow_the_whole_map_wall_rule() {
        let map = Map::from_ascii("#########\n#..######\n#..+,,,##\n######,##\n#########\n##.######\n").unwrap();
        let pal = Palette::default();
        let all = tile_colours(&map, &pal);
        let mut kinds = std::collections::HashSet::new();
        for (i, t) in map.tiles().as_slice().iter().enumerate() {
            if *t == Tile::Wall {
                let p = map.tiles().pos_of(i);
                assert_eq!(wall_colour(map.tiles(), p, &pal), all[i], "{p}");
                kinds.insert(all[i]);
            }
        }
        assert_eq!(kinds.len(), 2, "both edge and rock on this map");
        for p in [Pos::new(-1, 0), Pos::new(9, 2), Pos::new(0, 6), Pos::new(i32::MIN, i32::MAX)] {
            assert_eq!(wall_colour(map.tiles(), p, &pal), pal.rock, "off the map: {p}");
        }
    }

    #[test]
    fn too_large_images_are_refused_with_the_scale_that_fits() {
        let map = Map::new(4096, 4096);
        assert_eq!(max_scale(&map), 2);
        let e = render(&map, 8, &Palette::default()).unwrap_err();
        assert_eq!(e.max_scale, 2);
        let msg = e.to_string();
        assert!(msg.contains("largest scale that fits is 2") && msg.contains("4096×4096"), "{msg}");
        assert!(render(&Map::new(80, 45), u32::MAX, &Palette::default()).is_err(), "no overflow");
    }

    #[test]
    fn doors_and_spawn_far_off_the_image_are_clipped() {
        let mut map = Map::from_ascii("####\n#@.#\n####\n").unwrap();
        for (i, side) in Dir::ALL.into_iter().enumerate() {
            let cell = crate::geom::Pos::new(i32::MAX - i as i32, i32::MIN + i as i32);
            map.doors.push(crate::map::Door::new(i as u32, 0, cell, side));
        }
        map.spawn = crate::geom::Pos::new(i32::MAX, i32::MAX);
        let img = render(&map, 16, &Palette::default()).unwrap();
        assert_eq!(img.dimensions(), (64, 48));
    }

    #[test]
    fn marks_draw_only_when_asked() {
        let mut map = Map::from_ascii("########\n#......#\n#......#\n#......#\n########\n").unwrap();
        map.doors.push(crate::map::Door::new(0, 0, crate::geom::Pos::new(3, 1), Dir::North));
        map.spawn = crate::geom::Pos::new(6, 3);
        let pal = Palette::default();
        let none = Marks { doors: false, grid: false, labels: false, locks: false, markers: false };
        let plain = render_marked(&map, 16, &pal, none).unwrap();
        let count = |img: &image::RgbaImage, c: Rgb| img.pixels().filter(|p| p.0[..3] == [c.0, c.1, c.2]).count();
        assert_eq!(count(&plain, pal.door), 0);
        let doors = render_marked(&map, 16, &pal, Marks { doors: true, ..none }).unwrap();
        assert_eq!(count(&doors, pal.door), 16 * 4, "a bar a tile long and a quarter tile thick");
        // The grid darkens the first row and column of every tile, nothing else.
        let grid = render_marked(&map, 16, &pal, Marks { grid: true, ..none }).unwrap();
        let room = map.rooms[0].colour;
        assert_ne!(grid.get_pixel(16 * 2, 16 * 2 + 5).0, plain.get_pixel(16 * 2, 16 * 2 + 5).0);
        assert_eq!(grid.get_pixel(16 * 2 + 5, 16 * 2 + 5).0[..3], [room.0, room.1, room.2]);
        // Labels: white text with a black outline at the room's centre.
        let labelled = render_marked(&map, 16, &pal, Marks { labels: true, ..none }).unwrap();
        assert!(count(&labelled, Rgb(255, 255, 255)) > 20 && count(&labelled, Rgb(0, 0, 0)) > 20);
        assert_eq!(count(&plain, Rgb(255, 255, 255)), 0);
        // Below the marks' scale nothing is drawn on top.
        assert_eq!(
            render_marked(&map, 2, &pal, Marks { doors: true, grid: true, labels: true, locks: false, markers: true })
                .unwrap(),
            render_marked(&map, 2, &pal, none).unwrap()
        );
    }
}
