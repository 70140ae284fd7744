//! The undo/redo history: [`History`] of [`Step`]s, bounded by steps and by bytes.
//!
//! A step is opened and closed by an [`Interaction`] (one brush stroke, one drag, one colour-picker
//! session, one click): [`History::record`] folds a change into the newest step only while that
//! step is open for the same interaction, so two interactions never share a step, whatever order
//! their changes arrive in. Each state the history can return to has a unique serial
//! ([`History::serial`]), so "is this the saved state?" is a comparison, never a flag.

use super::primitive::{Changes, Edit, EditError};
use crate::map::Map;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};

/// One user gesture that may change the map several times but is undone as one step. Allocate a
/// fresh one per gesture ([`Interaction::fresh`]); ids are unique for the whole run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Interaction(u64);

static NEXT_INTERACTION: AtomicU64 = AtomicU64::new(1);

impl Interaction {
    /// A new id, different from every id handed out before.
    pub fn fresh() -> Self {
        Interaction(NEXT_INTERACTION.fetch_add(1, Ordering::Relaxed))
    }
}

/// Serials of history states are unique across all histories of a run.
static NEXT_SERIAL: AtomicU64 = AtomicU64::new(1);

fn next_serial() -> u64 {
    NEXT_SERIAL.fetch_add(1, Ordering::Relaxed)
}

/// What made a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Made {
    /// Changes to the map (hand edits).
    Edits,
    /// A regeneration that replaced the whole map; the gesture it belongs to (a slider drag),
    /// if any: only regenerations of the same gesture join one step.
    Regeneration(Option<Interaction>),
}

/// One undo step: what undoes it, and how it is listed.
#[derive(Clone, Debug)]
pub struct Step {
    pub label: String,
    pub edit: Edit,
    bytes: usize,
    /// Names the map state this step leads to (changes whenever the step grows).
    serial: u64,
    made: Made,
}

/// The undo/redo stacks, bounded by step count and by bytes (oldest steps are dropped first).
#[derive(Clone, Debug)]
pub struct History {
    undo: VecDeque<Step>,
    redo: Vec<Step>,
    bytes: usize,
    pub max_steps: usize,
    pub max_bytes: usize,
    /// The interaction the newest undo step is still open for.
    open: Option<Interaction>,
    /// Serial of the state below the oldest kept step (the start, or the newest dropped step).
    base_serial: u64,
}

impl Default for History {
    fn default() -> Self {
        Self::new(500, 256 << 20)
    }
}

impl History {
    pub fn new(max_steps: usize, max_bytes: usize) -> Self {
        Self {
            undo: VecDeque::new(),
            redo: Vec::new(),
            bytes: 0,
            max_steps,
            max_bytes,
            open: None,
            base_serial: next_serial(),
        }
    }

    /// Records a new, closed step (its inverse); clears the redo stack.
    pub fn push(&mut self, label: String, inverse: Edit) {
        self.open = None;
        self.drop_redo();
        let bytes = inverse.size_bytes() + label.len();
        self.bytes += bytes;
        self.undo.push_back(Step { label, edit: inverse, bytes, serial: next_serial(), made: Made::Edits });
        self.trim();
    }

    /// Records a step that replaced the whole map (a regeneration); `old` is the map before.
    /// `gesture`: the gesture the regeneration belongs to (a slider drag), `None` for a value
    /// committed on its own (typed and entered, clicked, a key). A regeneration of the same
    /// gesture as the newest step, labelled the same, joins it when nothing waits to be redone
    /// (a slider dragged through many values is one step): the step already brings back the map
    /// before the first of them, and now names the new state. Every other regeneration is a step
    /// of its own, so each committed value can be gone back to.
    pub fn push_replacement(&mut self, label: String, old: Map, gesture: Option<Interaction>) {
        let joins = gesture.is_some()
            && self.redo.is_empty()
            && self.undo.back().is_some_and(|s| s.label == label && s.made == Made::Regeneration(gesture));
        match self.undo.back_mut().filter(|_| joins) {
            Some(last) => {
                self.open = None;
                last.serial = next_serial();
            }
            None => {
                self.push(label, Edit::ReplaceMap(Box::new(old)));
                if let Some(last) = self.undo.back_mut() {
                    last.made = Made::Regeneration(gesture);
                }
            }
        }
    }

    /// Whether a regeneration lies between the state `serial` and the current one, when Undo
    /// can reach `serial` (`None` when it cannot: the state is ahead, or gone).
    pub fn regenerated_since(&self, serial: u64) -> Option<bool> {
        let at = self.undo_serials().position(|s| s == serial)?;
        Some(self.undo.iter().skip(at).any(|s| matches!(s.made, Made::Regeneration(_))))
    }

    /// Whether a regeneration lies among the steps Undo can take back.
    pub fn has_regeneration(&self) -> bool {
        self.undo.iter().any(|s| matches!(s.made, Made::Regeneration(_)))
    }

    /// The serials of the states Undo can go back to, oldest first, then the current one.
    pub fn undo_serials(&self) -> impl Iterator<Item = u64> + '_ {
        std::iter::once(self.base_serial).chain(self.undo.iter().map(|s| s.serial))
    }

    /// The serials of every state this history can reach (see [`Self::serial`]).
    pub fn serials(&self) -> impl Iterator<Item = u64> + '_ {
        std::iter::once(self.base_serial)
            .chain(self.undo.iter().map(|s| s.serial))
            .chain(self.redo.iter().map(|s| s.serial))
    }

    /// Records the inverse of a change made by `interaction`: folded into the newest step when
    /// that step is open for the same interaction, otherwise a new step labelled `label`, left
    /// open for `interaction` until [`Self::close`] or another interaction's change.
    pub fn record(&mut self, label: String, inverse: Edit, interaction: Interaction) {
        if self.open == Some(interaction) && !self.undo.is_empty() {
            self.merge_into_last(inverse);
        } else {
            self.push(label, inverse);
        }
        self.open = Some(interaction);
    }

    /// Closes the open step if it belongs to `interaction` (the gesture is over).
    pub fn close(&mut self, interaction: Interaction) {
        if self.open == Some(interaction) {
            self.open = None;
        }
    }

    /// The interaction the newest step is still open for, if any.
    pub fn open_interaction(&self) -> Option<Interaction> {
        self.open
    }

    /// Names the current state: equal serials mean the same map (as far as this history knows).
    pub fn serial(&self) -> u64 {
        self.undo.back().map_or(self.base_serial, |s| s.serial)
    }

    fn drop_redo(&mut self) {
        for s in self.redo.drain(..) {
            self.bytes = self.bytes.saturating_sub(s.bytes);
        }
    }

    /// Folds `inverse` (of a change made after the newest step) into the newest step, which then
    /// names a new state.
    fn merge_into_last(&mut self, inverse: Edit) {
        self.drop_redo();
        let Some(last) = self.undo.back_mut() else {
            return;
        };
        last.serial = next_serial();
        let old = std::mem::replace(&mut last.edit, Edit::Batch(Vec::new()));
        // Undo the newer change first. An `Unedit` wrapper (the step that first edited the map)
        // must stay outermost.
        let (inv, unedit) = match inverse {
            Edit::Unedit(e) => (*e, true),
            e => (e, false),
        };
        fn prepend(o: Edit, inv: Edit) -> Edit {
            match o {
                Edit::Batch(mut v) => {
                    v.insert(0, inv);
                    Edit::Batch(v)
                }
                o => Edit::Batch(vec![inv, o]),
            }
        }
        last.edit = match old {
            Edit::Unedit(o) => Edit::Unedit(Box::new(prepend(*o, inv))),
            o if unedit => Edit::Unedit(Box::new(prepend(o, inv))),
            o => prepend(o, inv),
        };
        self.bytes = self.bytes.saturating_sub(last.bytes);
        last.bytes = last.edit.size_bytes() + last.label.len();
        self.bytes += last.bytes;
        self.trim();
    }

    fn trim(&mut self) {
        while self.undo.len() > self.max_steps || (self.bytes > self.max_bytes && self.undo.len() > 1) {
            match self.undo.pop_front() {
                Some(s) => {
                    self.bytes = self.bytes.saturating_sub(s.bytes);
                    self.base_serial = s.serial;
                }
                None => break,
            }
        }
    }

    /// Undoes the newest step; `None` when there is nothing to undo.
    pub fn undo(&mut self, map: &mut Map) -> Option<Result<Changes, EditError>> {
        self.open = None;
        let step = self.undo.pop_back()?;
        let mut ch = Changes::default();
        Some(match step.edit.clone().apply_tracked(map, &mut ch) {
            Ok(redo) => {
                self.bytes = self.bytes.saturating_sub(step.bytes);
                let bytes = redo.size_bytes() + step.label.len();
                self.bytes += bytes;
                self.redo.push(Step { label: step.label, edit: redo, bytes, serial: step.serial, made: step.made });
                Ok(ch)
            }
            Err(e) => {
                self.undo.push_back(step);
                Err(e)
            }
        })
    }

    /// Redoes the newest undone step.
    pub fn redo(&mut self, map: &mut Map) -> Option<Result<Changes, EditError>> {
        self.open = None;
        let step = self.redo.pop()?;
        let mut ch = Changes::default();
        Some(match step.edit.clone().apply_tracked(map, &mut ch) {
            Ok(undo) => {
                self.bytes = self.bytes.saturating_sub(step.bytes);
                let bytes = undo.size_bytes() + step.label.len();
                self.bytes += bytes;
                self.undo.push_back(Step {
                    label: step.label,
                    edit: undo,
                    bytes,
                    serial: step.serial,
                    made: step.made,
                });
                self.trim();
                Ok(ch)
            }
            Err(e) => {
                self.redo.push(step);
                Err(e)
            }
        })
    }

    /// Labels of the steps that can be undone, oldest first.
    pub fn undo_labels(&self) -> impl Iterator<Item = &str> {
        self.undo.iter().map(|s| s.label.as_str())
    }

    /// Labels of the steps that can be redone, next first.
    pub fn redo_labels(&self) -> impl Iterator<Item = &str> {
        self.redo.iter().rev().map(|s| s.label.as_str())
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }

    /// Bytes held by all steps (approximate).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
        self.bytes = 0;
        self.open = None;
        self.base_serial = next_serial();
    }
}
