//! Thumbnails: a small picture of one seed's map with its key figures, and a bounded cache of
//! them keyed by parameter set and seed.

use crate::generate::{GenError, generate_around};
use crate::map::Map;
use crate::map::locks::Kept;
use crate::map::metrics::Metrics;
use crate::params::GeneratorParams;
use crate::raster::{Palette, outline_locked_rooms, tile_colours};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// A small picture of one seed's map and its key figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Thumbnail {
    pub seed: u64,
    pub metrics: Metrics,
    /// Size of the generated map in tiles.
    pub map_size: [u32; 2],
    /// Picture size in pixels.
    pub width: u32,
    pub height: u32,
    /// Row-major RGBA, `width * height * 4` bytes.
    pub rgba: Vec<u8>,
}

/// Generates `seed` under `params` (around `kept`, when given) and draws it in at most
/// `max_px`×`max_px` pixels (one pixel per tile when the map fits, else box-averaged).
pub fn thumbnail(
    params: &GeneratorParams,
    seed: u64,
    kept: Option<&Arc<Kept>>,
    max_px: u32,
) -> Result<Thumbnail, GenError> {
    let g = generate_around(params, seed, kept)?;
    Ok(thumbnail_of(&g.map, seed, max_px))
}

/// [`thumbnail`] of an already generated map.
pub fn thumbnail_of(map: &Map, seed: u64, max_px: u32) -> Thumbnail {
    // Thumbnails are of generated maps: the quick survey, which agrees with `Metrics::of`.
    let metrics = crate::map::survey::survey(map).metrics;
    let (w, h) = (map.width(), map.height());
    let mut colours = tile_colours(map, &Palette::default());
    outline_locked_rooms(map, &mut colours);
    let spawn = Palette::default().spawn;
    let spawn_index = map.tiles().index(map.spawn);
    let max_px = max_px.max(1);
    // Tiles per pixel, rounded up so the picture fits.
    let step = w.max(h).div_ceil(max_px).max(1);
    let (tw, th) = (w.div_ceil(step).max(1), h.div_ceil(step).max(1));
    let mut rgba = Vec::with_capacity((tw * th * 4) as usize);
    for py in 0..th {
        for px in 0..tw {
            let (mut r, mut g, mut b, mut n) = (0u32, 0u32, 0u32, 0u32);
            let mut has_spawn = false;
            for y in py * step..((py + 1) * step).min(h) {
                for x in px * step..((px + 1) * step).min(w) {
                    let i = (y * w + x) as usize;
                    if let Some(c) = colours.get(i) {
                        r += c.0 as u32;
                        g += c.1 as u32;
                        b += c.2 as u32;
                        n += 1;
                    }
                    has_spawn |= spawn_index == Some(i);
                }
            }
            if has_spawn {
                rgba.extend_from_slice(&[spawn.0, spawn.1, spawn.2, 255]);
            } else {
                let n = n.max(1);
                rgba.extend_from_slice(&[(r / n) as u8, (g / n) as u8, (b / n) as u8, 255]);
            }
        }
    }
    Thumbnail { seed, metrics, map_size: [w, h], width: tw, height: th, rgba }
}

/// The cache key of a parameter set: its RON text (exact, and cheap next to generating).
pub fn params_key(params: &GeneratorParams) -> String {
    ron::to_string(params).unwrap_or_else(|_| format!("{params:?}"))
}

/// The cache key of maps made with `params` around `kept` (the parameters' key alone without
/// locks): thumbnails and explored runs are kept by it.
pub fn run_key(params: &GeneratorParams, kept: Option<&Kept>) -> String {
    let key = params_key(params);
    match kept.filter(|k| !k.is_empty()) {
        Some(k) => format!("{key} around locks {:016x}", k.fingerprint()),
        None => key,
    }
}

/// Thumbnails by (parameters, seed), at most `capacity` of them; the oldest go first.
#[derive(Debug)]
pub struct ThumbCache {
    capacity: usize,
    map: HashMap<(String, u64), Thumbnail>,
    order: VecDeque<(String, u64)>,
}

impl ThumbCache {
    pub fn new(capacity: usize) -> Self {
        Self { capacity: capacity.max(1), map: HashMap::new(), order: VecDeque::new() }
    }

    pub fn get(&self, params_key: &str, seed: u64) -> Option<&Thumbnail> {
        self.map.get(&(params_key.to_owned(), seed))
    }

    pub fn insert(&mut self, params_key: &str, thumb: Thumbnail) {
        let key = (params_key.to_owned(), thumb.seed);
        if self.map.insert(key.clone(), thumb).is_none() {
            self.order.push_back(key);
        }
        while self.map.len() > self.capacity {
            match self.order.pop_front() {
                Some(old) => {
                    self.map.remove(&old);
                }
                None => break,
            }
        }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}
