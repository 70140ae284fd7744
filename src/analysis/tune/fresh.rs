//! The proposals measured again on [`FRESH_SEEDS`], which the search never used: block by block
//! of seeds, every proposal on the same seeds, until the seeds or the time run out (a budget in
//! seconds covers this measurement too).

use super::{Clock, FRESH_SEEDS, Settings, Tally, look};
use crate::generate::GenError;
use crate::params::GeneratorParams;
use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

/// Fresh seeds measured together (for every proposal) before the clock is looked at again.
const BLOCK: u64 = 50;

/// The fresh seeds every proposal was measured on (a prefix of [`FRESH_SEEDS`]), and each
/// one's counts on them.
pub(super) type Measured = (Range<u64>, Vec<Tally>);

/// [`Measured`] for `proposals`, telling `done` the seeds measured after each block;
/// `Ok(None)` when cancelled.
pub(super) fn measure(
    proposals: &[&GeneratorParams],
    s: &Settings,
    clock: &Clock,
    cancel: &AtomicBool,
    done: &mut dyn FnMut(u64),
) -> Result<Option<Measured>, GenError> {
    let mut tallies = vec![Tally::default(); proposals.len()];
    let mut end = FRESH_SEEDS.start;
    while end < FRESH_SEEDS.end && !clock.over() {
        let block = end..(end + BLOCK).min(FRESH_SEEDS.end);
        let work: Vec<(usize, u64)> =
            block.clone().flat_map(|seed| (0..proposals.len()).map(move |i| (i, seed))).collect();
        let rows: Vec<Option<_>> = work
            .par_iter()
            .map(|&(i, seed)| {
                (!cancel.load(Ordering::Relaxed) && !clock.over())
                    .then(|| look::measure_one(proposals[i], seed, s.kept.as_ref(), s.goal.figures()))
            })
            .collect();
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        // Every proposal on the same seeds: a block the clock cut short counts up to the first
        // seed one of them missed.
        let mut made: Vec<Vec<_>> = block.clone().map(|_| Vec::with_capacity(proposals.len())).collect();
        for (&(_, seed), row) in work.iter().zip(rows) {
            if let Some(slot) = made.get_mut((seed - block.start) as usize) {
                slot.push(row);
            }
        }
        let mut whole = true;
        for seed_rows in made {
            if seed_rows.iter().any(Option::is_none) {
                whole = false;
                break;
            }
            for (i, row) in seed_rows.into_iter().flatten().enumerate() {
                let (row, look) = row?;
                tallies[i].add(&s.goal, &row, &look);
            }
            end += 1;
        }
        done(end - FRESH_SEEDS.start);
        if !whole {
            break;
        }
    }
    Ok(Some((FRESH_SEEDS.start..end, tallies)))
}
