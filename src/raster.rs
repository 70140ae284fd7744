//! Map → RGBA pixels, for PNG export, thumbnails and the editor's tile texture. Pure.

use crate::geom::Dir;
use crate::map::{Map, Rgb, Tile};

/// Colours used to draw a map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub wall: Rgb,
    pub corridor: Rgb,
    /// Room floor not covered by any room record.
    pub floor: Rgb,
    pub door: Rgb,
    pub spawn: Rgb,
}

impl Default for Palette {
    fn default() -> Self {
        Self {
            wall: Rgb(0x22, 0x22, 0x2a),
            corridor: Rgb(0xb8, 0xb0, 0xa0),
            floor: Rgb(0x8a, 0x8a, 0x8a),
            door: Rgb(0xf0, 0xc0, 0x40),
            spawn: Rgb(0xe8, 0x30, 0x30),
        }
    }
}

/// The colour of every tile, one per tile, row-major: rooms in their own colour, corridor and
/// wall from the palette.
pub fn tile_colours(map: &Map, palette: &Palette) -> Vec<Rgb> {
    let mut px: Vec<Rgb> = map
        .tiles()
        .as_slice()
        .iter()
        .map(|t| match t {
            Tile::Wall => palette.wall,
            Tile::Floor => palette.floor,
            Tile::Corridor => palette.corridor,
        })
        .collect();
    for room in &map.rooms {
        room.shape.for_each_cell(|p| {
            if let Some(i) = map.tiles().index(p)
                && map.tiles().as_slice()[i] == Tile::Floor
            {
                px[i] = room.colour;
            }
        });
    }
    px
}

/// An RGBA image of the map with `scale`×`scale` pixels per tile. At a scale of 4 or more,
/// doors are drawn as bars on the room's wall edge and the spawn as a square mark.
pub fn render(map: &Map, scale: u32, palette: &Palette) -> image::RgbaImage {
    let scale = scale.max(1);
    let (w, h) = (map.width(), map.height());
    let colours = tile_colours(map, palette);
    let mut img = image::RgbaImage::new(w * scale, h * scale);
    for (i, c) in colours.iter().enumerate() {
        let (tx, ty) = (i as u32 % w, i as u32 / w);
        fill(&mut img, tx * scale, ty * scale, scale, scale, *c);
    }
    if scale >= 4 {
        let t = (scale / 4).max(1);
        for d in &map.doors {
            let (cx, cy) = (d.cell.x as i64 * scale as i64, d.cell.y as i64 * scale as i64);
            let s = scale as i64;
            let (x, y, bw, bh) = match d.side {
                Dir::North => (cx, cy - t as i64 / 2, s, t as i64),
                Dir::South => (cx, cy + s - (t as i64 + 1) / 2, s, t as i64),
                Dir::West => (cx - t as i64 / 2, cy, t as i64, s),
                Dir::East => (cx + s - (t as i64 + 1) / 2, cy, t as i64, s),
            };
            if x >= 0 && y >= 0 {
                fill(&mut img, x as u32, y as u32, bw as u32, bh as u32, palette.door);
            }
        }
        if map.in_bounds(map.spawn) {
            let m = scale / 4;
            fill(
                &mut img,
                map.spawn.x as u32 * scale + m,
                map.spawn.y as u32 * scale + m,
                scale - 2 * m,
                scale - 2 * m,
                palette.spawn,
            );
        }
    } else if let Some(i) = map.tiles().index(map.spawn) {
        let (tx, ty) = (i as u32 % w, i as u32 / w);
        fill(&mut img, tx * scale, ty * scale, scale, scale, palette.spawn);
    }
    img
}

fn fill(img: &mut image::RgbaImage, x: u32, y: u32, w: u32, h: u32, c: Rgb) {
    let (iw, ih) = img.dimensions();
    for py in y..(y + h).min(ih) {
        for px in x..(x + w).min(iw) {
            img.put_pixel(px, py, image::Rgba([c.0, c.1, c.2, 255]));
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
        let img = render(&map, 1, &pal);
        assert_eq!(img.dimensions(), (4, 3));
        assert_eq!(img.get_pixel(0, 0).0[..3], [pal.wall.0, pal.wall.1, pal.wall.2]);
        assert_eq!(img.get_pixel(1, 1).0[..3], [pal.spawn.0, pal.spawn.1, pal.spawn.2]);
        let room = map.rooms[0].colour;
        assert_eq!(img.get_pixel(2, 1).0[..3], [room.0, room.1, room.2]);
        assert_eq!(render(&map, 8, &pal).dimensions(), (32, 24));
    }
}
