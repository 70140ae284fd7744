//! What generation needs of a family ([`Generate`]), beside what the parameters layer needs
//! ([`crate::params::Family`]): its own stages, their replay, and how it keeps locks. The
//! request runs every family through this trait (one match over the families,
//! [`crate::params::family`]'s `on_each!`); no family has an entry point of its own.

use super::keep::Locks;
use super::record::{Recorder, Step};
use super::{GenError, Generated, keep_over};
use crate::map::Map;
use crate::map::locks::Kept;
use crate::params::Family;
use crate::params::stages::{Stage, StageList};
use std::sync::Arc;

/// A family's algorithm.
pub(crate) trait Generate: Family {
    /// The stage that joins the rooms, and the report's note when a stage list turns it off
    /// (`None`: the rooms are joined as they are made).
    const JOINS: Option<(Stage, &'static str)> = None;

    /// The family's own stages (not the part beside, vaults, roles or colours apart), each step
    /// told to `rec`; and the room grown as the treasure, for the families that plan one.
    fn own_stages(&self, seed: u64, rec: &mut impl Recorder) -> (Generated, Option<usize>);

    /// The map after `steps`, the first steps of a recording of [`Generate::own_stages`].
    fn replay(&self, seed: u64, steps: &[Step]) -> Map;

    /// The locks of `kept` prepared for a map of these parameters, for the families that
    /// generate around them; `None` (the default) for those that keep them over their finished
    /// map.
    fn prepare_locks(&self, _kept: &Kept) -> Result<Option<Arc<Locks>>, GenError> {
        Ok(None)
    }

    /// The map after `steps`, the first steps of a recording of [`Generate::around_locks`]
    /// around `kept`. The default replays the family's own steps, then lays the locks over the
    /// map at the step that kept them.
    fn replay_around(&self, seed: u64, kept: &Kept, steps: &[Step]) -> Option<Map> {
        let at = steps.iter().position(|s| s.stage() == Stage::KeepLocks);
        let mut map = self.replay(seed, &steps[..at.unwrap_or(steps.len())]);
        if at.is_some() {
            keep_over::keep(&mut map, kept).ok()?;
        }
        Some(map)
    }

    /// The map around `kept` (with its locks as [`Generate::prepare_locks`] prepares them),
    /// each step told to `rec` (replayed by [`Generate::replay_around`]). The default keeps `kept`
    /// over the finished map (`keep_over.rs`): the family's own steps, then one step that lays
    /// the locks.
    fn around_locks(
        &self,
        seed: u64,
        kept: &Kept,
        rec: &mut impl Recorder,
    ) -> Result<(Generated, Option<usize>), GenError> {
        let (mut out, _) = self.own_stages(seed, rec);
        keep_over::keep(&mut out.map, kept)?;
        rec.record(|| keep_over::kept_step(kept, true));
        Ok((out, None))
    }

    /// These parameters as a stage list that leaves stages out or turns them off runs them
    /// (the default: unchanged).
    fn running(&mut self, _stages: &StageList) {}
}
