//! A generation as an animated GIF: a frame for the map after each recorded step that changes it
//! (evenly spaced ones when there are more than [`MAX_FRAMES`]), the finished map held last, for
//! sharing in a bug report or a devlog.

use crate::generate::record::Step;
use crate::generate::{GenError, generate_recorded, replay};
use crate::params::GeneratorParams;
use crate::raster::{self, Palette, TooLarge};
use image::codecs::gif::{GifEncoder, Repeat};
use image::{Delay, Frame};

/// At most this many frames: a long generation shows every n-th step.
pub const MAX_FRAMES: usize = 300;
/// How long each step shows, and the finished map.
pub const STEP_MS: u32 = 120;
pub const LAST_MS: u32 = 2500;

/// Why no animation could be made.
#[derive(Debug, thiserror::Error)]
pub enum GifError {
    #[error(transparent)]
    Generate(#[from] GenError),
    #[error("the {0} generator does not record its steps yet")]
    NotRecorded(&'static str),
    #[error("{0}")]
    TooLarge(TooLarge),
    #[error("cannot encode the animation: {0}")]
    Encode(String),
}

/// Which steps get a frame: the map after `k` steps for each `k` returned, for the start (the
/// empty map: no step, or the canvas step when a generator starts with one) and each step that
/// changes the map, at most [`MAX_FRAMES`] evenly spaced, always the first and the last.
pub fn frame_steps(steps: &[Step]) -> Vec<usize> {
    let start = usize::from(steps.first().is_some_and(Step::is_canvas));
    let all: Vec<usize> =
        std::iter::once(start).chain((start..steps.len()).filter(|&k| steps[k].changes_map()).map(|k| k + 1)).collect();
    if all.len() <= MAX_FRAMES {
        return all;
    }
    let last = MAX_FRAMES - 1;
    let mut out: Vec<usize> = (0..=last).map(|i| all[i * (all.len() - 1) / last]).collect();
    out.dedup();
    out
}

/// The animation of generating `params` with `seed`, `scale` pixels per tile.
pub fn generation_gif(params: &GeneratorParams, seed: u64, scale: u32) -> Result<Vec<u8>, GifError> {
    let (_, recording) = generate_recorded(params, seed)?;
    let steps = recording.ok_or(GifError::NotRecorded(params.kind().label()))?.steps;
    let palette = Palette::default();
    let picks = frame_steps(&steps);
    let mut bytes = Vec::new();
    {
        let mut encoder = GifEncoder::new_with_speed(&mut bytes, 10);
        encoder.set_repeat(Repeat::Infinite).map_err(|e| GifError::Encode(e.to_string()))?;
        for (n, k) in picks.iter().enumerate() {
            let Some(map) = replay(params, seed, &steps[..*k]) else {
                return Err(GifError::NotRecorded(params.kind().label()));
            };
            let img = raster::render(&map, scale, &palette).map_err(GifError::TooLarge)?;
            let ms = if n + 1 == picks.len() { LAST_MS } else { STEP_MS };
            let frame = Frame::from_parts(img, 0, 0, Delay::from_numer_denom_ms(ms, 1));
            encoder.encode_frame(frame).map_err(|e| GifError::Encode(e.to_string()))?;
        }
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_generations_show_evenly_spaced_steps() {
        use crate::generate::record::{GrownStep, Leg, RoomsTunnelsStep};
        use crate::geom::Pos;
        let (start, end) = (Pos::new(0, 0), Pos::new(1, 0));
        let tunnel: Step = RoomsTunnelsStep::TunnelDug { from: 0, to: 1, start, end, leg: Leg::Direct }.into();
        let loops: Step = GrownStep::LoopsConsidered { candidates: 0, wanted: 0 }.into();
        assert_eq!(
            frame_steps(&[tunnel.clone(), loops.clone(), tunnel.clone()]),
            [0, 1, 3],
            "steps that change the map"
        );
        let canvas: Step = GrownStep::Canvas { width: 3, height: 3, spawn: Pos::new(1, 1) }.into();
        assert_eq!(frame_steps(&[canvas, tunnel.clone()]), [1, 2], "a canvas first is the start");
        let many = frame_steps(&vec![tunnel; 10_000]);
        assert_eq!(many.len(), MAX_FRAMES);
        assert_eq!((many[0], many[MAX_FRAMES - 1]), (0, 10_000));
        assert!(many.windows(2).all(|w| w[0] < w[1]));
    }
}
