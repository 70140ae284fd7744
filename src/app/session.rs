//! The editor session: the one owner of what the designer is tuning — generator parameters, the
//! seed as typed, where they came from (a preset, or a map file) with that source's snapshot,
//! the starred seeds with their notes, and the parameters of the other generator (the stash).
//!
//! Nothing here is a flag: "modified", "unsaved parameters" and "unsaved stars" are computed by
//! comparing with the snapshot. Only the command handlers ([`super::commands`]) change a
//! [`Session`]; panels read it.

use crate::io::{Preset, StarredSeed};
use crate::params::stages::StageEntry;
use crate::params::{GeneratorKind, GeneratorParams, ParamKind, ParamValue};
use crate::rng::seed_from_text;
use serde::{Deserialize, Serialize};

use super::PresetRef;

/// Where the parameters came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A preset (shipped or a file of the user's).
    Preset(PresetRef),
    /// The provenance of a map file (its display name).
    Map(String),
    /// Neither: an earlier session, or a preset that no longer reads.
    Unknown,
}

/// What the source held when it was loaded or saved.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub params: GeneratorParams,
    pub seed: u64,
}

/// What the parameter panel shows for one map: the parameters and seed that made it, where they
/// came from (with that source's snapshot and saved stars). The document remembers one for each
/// state a regeneration left or reached, so undo brings the panel back with the map.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    params: GeneratorParams,
    seed_text: String,
    source: Source,
    snapshot: Option<Snapshot>,
    saved_stars: Vec<StarredSeed>,
}

impl Panel {
    /// The map file the parameters came from is now called `name`.
    pub fn map_renamed(&mut self, name: &str) {
        if let Source::Map(n) = &mut self.source {
            *n = name.to_string();
        }
    }
}

/// The state saved between runs under its own key (the parameters and stars have their own keys,
/// so one that cannot be read does not lose the others).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedSession {
    pub preset: Option<PresetRef>,
    pub seed_text: String,
}

/// The editor session (see the module doc).
#[derive(Clone, Debug)]
pub struct Session {
    params: GeneratorParams,
    seed_text: String,
    source: Source,
    /// The source's parameters and seed; `None` for [`Source::Unknown`].
    snapshot: Option<Snapshot>,
    /// The current preset's starred seeds as saved in it.
    saved_stars: Vec<StarredSeed>,
    starred: Vec<StarredSeed>,
    /// Parameters of the other generators, so switching back restores them.
    stash: Vec<GeneratorParams>,
    /// A value that was set to the nearest allowed one, per field, until that field changes again.
    clamped: Vec<(&'static str, String)>,
}

impl Default for Session {
    fn default() -> Self {
        Self {
            params: GeneratorParams::default(),
            seed_text: "0".into(),
            source: Source::Unknown,
            snapshot: None,
            saved_stars: Vec::new(),
            starred: Vec::new(),
            stash: Vec::new(),
            clamped: Vec::new(),
        }
    }
}

impl Session {
    // ---- Reading ----

    pub fn params(&self) -> &GeneratorParams {
        &self.params
    }

    pub fn seed_text(&self) -> &str {
        &self.seed_text
    }

    /// The seed in use: [`seed_from_text`] of what was typed.
    pub fn seed(&self) -> u64 {
        seed_from_text(&self.seed_text)
    }

    pub fn source(&self) -> &Source {
        &self.source
    }

    /// The preset the parameters came from, if they came from one.
    pub fn preset(&self) -> Option<&PresetRef> {
        match &self.source {
            Source::Preset(r) => Some(r),
            _ => None,
        }
    }

    pub fn starred(&self) -> &[StarredSeed] {
        &self.starred
    }

    pub fn is_starred(&self, seed: u64) -> bool {
        self.starred.iter().any(|s| s.seed == seed)
    }

    /// Parameters tuned away from the current preset's (`false` when they did not come from a
    /// preset: then there is no preset to lose them from).
    pub fn params_unsaved(&self) -> bool {
        matches!(self.source, Source::Preset(_)) && self.params_differ()
    }

    /// The parameters as their preset holds them, when they came from a preset and differ from
    /// the current ones (the Explore window's comparison).
    pub fn saved_params(&self) -> Option<&GeneratorParams> {
        match (&self.source, &self.snapshot) {
            (Source::Preset(_), Some(s)) if s.params != self.params => Some(&s.params),
            _ => None,
        }
    }

    /// The parameters differ from their source's.
    pub fn params_differ(&self) -> bool {
        self.snapshot.as_ref().is_some_and(|s| s.params != self.params)
    }

    /// Starred seeds (or their notes) that the current preset file does not hold.
    pub fn stars_unsaved(&self) -> bool {
        self.starred != self.saved_stars
    }

    /// The parameters or the starred seeds differ from the source's (browsing seeds does not
    /// count).
    pub fn modified(&self) -> bool {
        self.snapshot.is_none() || self.params_differ() || self.stars_unsaved()
    }

    /// What the panel says under parameter `key` after a value was set to the nearest allowed one.
    pub fn clamp_note(&self, key: &str) -> Option<&str> {
        self.clamped.iter().find(|(k, _)| *k == key).map(|(_, m)| m.as_str())
    }

    /// What is saved between runs (besides the parameters and stars).
    pub fn saved(&self) -> SavedSession {
        SavedSession { preset: self.preset().cloned(), seed_text: self.seed_text.clone() }
    }

    /// What the panel shows now (see [`Panel`]).
    pub fn panel(&self) -> Panel {
        Panel {
            params: self.params.clone(),
            seed_text: self.seed_text.clone(),
            source: self.source.clone(),
            snapshot: self.snapshot.clone(),
            saved_stars: self.saved_stars.clone(),
        }
    }

    /// Whether the panel shows `p`'s parameters and seed, from `p`'s source.
    pub fn shows(&self, p: &Panel) -> bool {
        self.params == p.params && self.seed_text == p.seed_text && self.source == p.source
    }

    // ---- Changing (command handlers only) ----

    /// Shows `p` again (undo or redo crossed a regeneration, or a regeneration failed). The
    /// starred seeds go back to the source's saved ones only when the source changes (a preset
    /// switch undone); otherwise they stay as they are.
    pub fn show_panel(&mut self, p: &Panel) {
        if self.source != p.source {
            self.starred = p.saved_stars.clone();
            self.saved_stars = p.saved_stars.clone();
            self.source = p.source.clone();
            self.snapshot = p.snapshot.clone();
        }
        self.set_params(p.params.clone());
        self.seed_text = p.seed_text.clone();
        self.clamped.clear();
    }

    /// The map the parameters came from is now called `name` (saved as another file).
    pub fn map_renamed(&mut self, name: &str) {
        if let Source::Map(n) = &mut self.source {
            *n = name.to_string();
        }
    }

    /// A session restored from saved state: the parameters and stars as they were, the preset
    /// they came from (with its snapshot when it still reads).
    pub fn restore(
        saved: SavedSession,
        params: Option<GeneratorParams>,
        stars: Option<Vec<StarredSeed>>,
        preset: Option<Preset>,
    ) -> Self {
        let mut s = Session::default();
        match (saved.preset, preset) {
            (Some(r), Some(p)) => {
                s.apply_preset(r, p);
                if params.is_some() {
                    s.seed_text = saved.seed_text;
                }
            }
            _ => s.seed_text = if saved.seed_text.is_empty() { "0".into() } else { saved.seed_text },
        }
        if let Some(params) = params {
            s.params = params;
        }
        if let Some(stars) = stars {
            s.starred = stars;
        }
        s
    }

    /// Takes the preset's parameters, seed and stars.
    pub fn apply_preset(&mut self, r: PresetRef, p: Preset) {
        self.stash_params();
        self.saved_stars = p.starred.clone();
        self.starred = p.starred;
        self.params = p.generator.clone();
        self.seed_text = p.seed.to_string();
        self.snapshot = Some(Snapshot { params: p.generator, seed: p.seed });
        self.source = Source::Preset(r);
        self.clamped.clear();
    }

    /// The session's parameters, seed and stars were saved as preset `r`.
    pub fn saved_as(&mut self, r: PresetRef, p: &Preset) {
        self.saved_stars = p.starred.clone();
        self.snapshot = Some(Snapshot { params: p.generator.clone(), seed: p.seed });
        self.source = Source::Preset(r);
    }

    /// Takes the parameters and seed a map was generated with; `name` is the map's file. They
    /// come from that file whatever the session held before, so a map shows the same source
    /// however it is opened (from the command line, with Ctrl+O, over any preset).
    pub fn take_from_map(&mut self, params: GeneratorParams, seed: u64, name: String) {
        if params != self.params {
            self.stash_params();
        }
        self.params = params.clone();
        self.seed_text = seed.to_string();
        self.snapshot = Some(Snapshot { params, seed });
        self.source = Source::Map(name);
        self.clamped.clear();
    }

    /// Takes the parameters, seed and stars of a crash-recovery copy (the source and its
    /// snapshot stay, so what differs from them shows as unsaved).
    /// `from_map`: the map's provenance parameters, seed and file name, when it has a file and
    /// was generated (the panel then says which map file, as opening it would); without one the
    /// source is no longer a map file's.
    pub fn take_recovered(
        &mut self,
        params: GeneratorParams,
        seed_text: String,
        starred: Vec<StarredSeed>,
        from_map: Option<(GeneratorParams, u64, String)>,
    ) {
        match from_map {
            Some((p, seed, name)) => self.take_from_map(p, seed, name),
            None => self.leave_map(),
        }
        self.set_params(params);
        self.seed_text = seed_text;
        self.starred = starred;
    }

    /// The parameters no longer come from a map file (a new map, or one restored without a
    /// file): they stay, from no known source.
    pub fn leave_map(&mut self) {
        if matches!(self.source, Source::Map(_)) {
            self.source = Source::Unknown;
            self.snapshot = None;
        }
    }

    /// Drops starred seeds and notes the preset does not hold.
    pub fn discard_stars(&mut self) {
        self.starred = self.saved_stars.clone();
    }

    /// Switches generator, restoring its stashed parameters. Returns whether anything changed.
    pub fn set_generator(&mut self, kind: GeneratorKind) -> bool {
        if kind == self.params.kind() {
            return false;
        }
        self.stash_params();
        self.params = self.stash.iter().find(|p| p.kind() == kind).cloned().unwrap_or_else(|| kind.default_params());
        self.clamped.clear();
        true
    }

    /// Sets parameter `key`; a value outside its range is set to the nearest allowed one and
    /// noted (see [`Session::clamp_note`]). Returns whether the parameters changed.
    pub fn set_param(&mut self, key: &'static str, value: ParamValue) -> bool {
        self.clamped.retain(|(k, _)| *k != key);
        let before = self.params.params().get(key);
        if before == Some(value) || !self.params.params_mut().set(key, value) {
            return false;
        }
        let now = self.params.params().get(key);
        if let Some(now) = now.filter(|n| *n != value)
            && let Some(note) = clamp_note(&self.params, key, value, now)
        {
            self.clamped.push((key, note));
        }
        before != now
    }

    /// Sets the generator's stages (see [`GeneratorParams::set_stages`]). Returns whether the
    /// parameters changed.
    pub fn set_stages(&mut self, entries: Vec<StageEntry>) -> bool {
        let changed = self.params.set_stages(entries);
        if changed {
            self.clamped.clear();
        }
        changed
    }

    /// Sets the seed text. Returns whether it changed.
    pub fn set_seed_text(&mut self, text: String) -> bool {
        if text == self.seed_text {
            return false;
        }
        self.seed_text = text;
        true
    }

    /// Shows another seed (and, for a compare pane promoted, other parameters).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed_text = seed.to_string();
    }

    /// Shows these parameters (a compare pane promoted).
    /// Sets the parameters back to their preset's (or map file's) as saved; whether they
    /// differed.
    pub fn revert_params(&mut self) -> bool {
        match self.snapshot.as_ref().map(|s| s.params.clone()) {
            Some(saved) if saved != self.params => {
                self.set_params(saved);
                true
            }
            _ => false,
        }
    }

    pub fn set_params(&mut self, params: GeneratorParams) {
        if params != self.params {
            self.stash_params();
            self.params = params;
            self.clamped.clear();
        }
    }

    pub fn toggle_star(&mut self, seed: u64) {
        if self.is_starred(seed) {
            self.starred.retain(|s| s.seed != seed);
        } else {
            self.starred.push(StarredSeed { seed, note: String::new() });
        }
    }

    pub fn set_note(&mut self, seed: u64, note: String) {
        if let Some(s) = self.starred.iter_mut().find(|s| s.seed == seed) {
            s.note = note;
        }
    }

    fn stash_params(&mut self) {
        let kind = self.params.kind();
        self.stash.retain(|p| p.kind() != kind);
        self.stash.push(self.params.clone());
    }
}

/// "1000 is above the largest allowed, 64 tiles: set to 64", from the parameter's description.
fn clamp_note(params: &GeneratorParams, key: &str, asked: ParamValue, now: ParamValue) -> Option<String> {
    let spec = params.params().specs().iter().find(|s| s.key == key)?;
    let unit = if spec.unit.is_empty() { String::new() } else { format!(" {}", spec.unit) };
    let (min, max) = match spec.kind {
        ParamKind::Int { min, max } | ParamKind::Range { min, max } => (min.to_string(), max.to_string()),
        ParamKind::Float { min, max } => (min.to_string(), max.to_string()),
        _ => return None,
    };
    let one = |asked: String, now: String| -> Option<String> {
        if asked == now {
            return None;
        }
        let (side, bound) = if asked.parse::<f64>().ok()? < now.parse::<f64>().ok()? {
            ("below the smallest", &min)
        } else {
            ("above the largest", &max)
        };
        Some(format!("{asked} is {side} allowed, {bound}{unit}: set to {now}"))
    };
    match (asked, now) {
        (ParamValue::Int(a), ParamValue::Int(n)) => one(a.to_string(), n.to_string()),
        (ParamValue::Float(a), ParamValue::Float(n)) => one(a.to_string(), n.to_string()),
        (ParamValue::Range(alo, ahi), ParamValue::Range(nlo, nhi)) if ahi < alo.clamp(nlo, nhi) => {
            Some(format!("the largest ({ahi}) cannot be below the smallest ({alo}): set to {nlo} to {nhi}"))
        }
        (ParamValue::Range(alo, ahi), ParamValue::Range(nlo, nhi)) => {
            let notes: Vec<String> = [one(alo.to_string(), nlo.to_string()), one(ahi.to_string(), nhi.to_string())]
                .into_iter()
                .flatten()
                .collect();
            (!notes.is_empty()).then(|| notes.join("; "))
        }
        _ => None,
    }
}
