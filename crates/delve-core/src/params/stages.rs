//! The stages a generator is made of, and a preset's list of them.
//!
//! Every generator is an ordered list of [`Stage`]s, each one job (what it reads and does is
//! described here; how, in `generate`). A preset may list its generator's stages with their
//! parameters (see `super::stage_form`): leave a stage out, turn it off, or move it. The
//! list is checked like any parameter (`StageList::issues`): a stage that needs another
//! comes after it, and the stages a generator cannot do without stay on. A generator's
//! standard list (every stage on, in the order of `Stage::of`) is the default, and is
//! written as before (no list in the file), so older presets and maps read and generate
//! exactly as they did.

use super::{GeneratorKind, GeneratorParams, ParamIssue, RoleRules};
use crate::rng::Stream;

/// What a stage is, declared once where it belongs — a family's stages in its folder
/// (`generate/<family>/stages.rs`), the shared ones here — with the macro `stage!`. [`Stage`]'s
/// methods read it.
pub(crate) trait StageDef {
    /// Its name, as the docs, the timeline and the panel show it.
    const NAME: &'static str;
    /// What it does, in a sentence (the panel's tooltip on its header).
    const JOB: &'static str;
    /// The parameters it reads (their keys in preset files), among its generator's own; `stage!`
    /// fills it from the stage's fields.
    const KEYS: &'static [&'static str] = &[];
    /// The random stream it draws from, if any.
    const STREAM: Option<Stream> = None;
    /// The stages that must come before it when they are listed (it works on what they make).
    const AFTER: &'static [Stage] = &[];
    /// Why they must, in a designer's words.
    const AFTER_WHY: &'static str = "";
    /// Why its generator cannot do without it (`None` for a stage that may be left out or
    /// turned off).
    const REQUIRED: Option<&'static str> = None;

    /// Whether `earlier`, when listed, must come before it ([`Self::AFTER`], unless it says
    /// otherwise).
    fn follows(earlier: Stage) -> bool {
        Self::AFTER.contains(&earlier)
    }
}

/// Declares a stage: with fields, the parameters it reads as a struct of its own in files
/// (filled from and written to its family's parameters, `Of`), and its [`StageDef`]; without,
/// only its [`StageDef`].
///
/// ```ignore
/// stage! {
///     /// Room accretion's *add loops*.
///     AddLoops of RoomAccretion { loops: u32, loop_min_distance: u32 } {
///         const NAME: &'static str = "Add loops";
///         const JOB: &'static str = "Opens doors …";
///     }
/// }
/// ```
macro_rules! stage {
    ($(#[$doc:meta])* $name:ident of $flat:ident { $($field:ident: $ty:ty),* $(,)? } { $($def:tt)* }) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(default, deny_unknown_fields)]
        pub struct $name { $($field: $ty),* }

        impl $name {
            pub(crate) fn of(p: &$flat) -> Self {
                Self { $($field: p.$field.clone()),* }
            }

            pub(crate) fn write(self, p: &mut $flat) {
                $(p.$field = self.$field;)*
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::of(&$flat::default())
            }
        }

        impl $crate::params::stages::StageDef for $name {
            const KEYS: &'static [&'static str] = &[$(stringify!($field)),*];
            $($def)*
        }
    };
    ($(#[$doc:meta])* $name:ident { $($def:tt)* }) => {
        $(#[$doc])*
        pub struct $name;

        impl $crate::params::stages::StageDef for $name {
            $($def)*
        }
    };
}
pub(crate) use stage;

/// A family's stage list ([`super::Family::STAGES`]): its own stages, in order, then the shared
/// stages every generator ends with (part beside, vaults, roles, markers, colours apart).
macro_rules! then_shared {
    ($($stage:expr),* $(,)?) => {
        &[
            $($stage,)*
            $crate::params::stages::Stage::Beside,
            $crate::params::stages::Stage::Vaults,
            $crate::params::stages::Stage::Roles,
            $crate::params::stages::Stage::Markers,
            $crate::params::stages::Stage::ColoursApart,
        ]
    };
}
pub(crate) use then_shared;

/// The stages every generator shares (and *passages*, which two share), declared as the
/// families declare theirs.
pub(crate) mod shared {
    use super::Stage;
    use crate::rng::Stream;

    stage! {
        /// Around locks: rooms and tunnels and grown rooms dig the kept corridors, join the free
        /// kept doors and set the locked tiles as they go; the other families lay the locks over
        /// their finished map and join it to them.
        KeepLocks {
            const NAME: &'static str = "Keep locks";
            const JOB: &'static str = "Around locks: keeps the locked rooms, corridors and tiles, and joins the map to them.";
        }
    }
    stage! {
        /// Drunkard's walk, rooms and mazes: the rooms each passage touches joined through it by
        /// corridors.
        Passages {
            const NAME: &'static str = "Passages";
            const JOB: &'static str = "Joins the rooms each passage touches by corridors along it.";
            const AFTER_WHY: &'static str = "it joins rooms along the finished passages";

            fn follows(earlier: Stage) -> bool {
                earlier.is_building() && earlier != Stage::Passages
            }
        }
    }
    stage! {
        /// Any generator: a second generator's map laid beside this one and joined to it.
        Beside {
            const NAME: &'static str = "Part beside";
            const JOB: &'static str = "Lays a second generator's map beside this one (a hybrid: rooms beside caves) and joins the two by corridors.";
            const STREAM: Option<Stream> = Some(Stream::Parts);
            const AFTER_WHY: &'static str = "it lays its part beside the finished map";

            fn follows(earlier: Stage) -> bool {
                earlier.is_building()
            }
        }
    }
    stage! {
        /// Any generator: hand-made rooms from the vault libraries placed in free rock (or carved
        /// into the map where none is left) and joined.
        Vaults {
            const NAME: &'static str = "Vaults";
            const JOB: &'static str = "Places the hand-made rooms of the vault libraries in free rock, turned and mirrored, each joined to the nearest room.";
            const STREAM: Option<Stream> = Some(Stream::Vaults);
            const AFTER_WHY: &'static str = "it places vaults in the rock the finished map leaves";

            fn follows(earlier: Stage) -> bool {
                earlier == Stage::Beside || earlier.is_building()
            }
        }
    }
    stage! {
        /// Any generator: room roles by the role rules.
        Roles {
            const NAME: &'static str = "Roles";
            const JOB: &'static str = "Names rooms by the role rules: entrance, exit, treasure, guard, side rooms.";
            const AFTER_WHY: &'static str = "it names rooms by how the finished map joins them";

            fn follows(earlier: Stage) -> bool {
                matches!(earlier, Stage::Beside | Stage::Vaults) || earlier.is_building()
            }
        }
    }
    stage! {
        /// Any generator: markers placed in the rooms by their kinds' rules, and key-and-lock pairs.
        Markers {
            const NAME: &'static str = "Markers";
            const JOB: &'static str = "Puts markers in the rooms by their kinds' rules (monsters, chests, stairs), and keys before locked doors.";
            const STREAM: Option<Stream> = Some(Stream::Markers);
            const AFTER: &'static [Stage] = &[Stage::Roles];
            const AFTER_WHY: &'static str = "it places markers by the roles Roles gives";
        }
    }
    stage! {
        /// Any generator: neighbouring rooms given colours told apart at a glance.
        ColoursApart {
            const NAME: &'static str = "Colours apart";
            const JOB: &'static str = "Gives neighbouring rooms colours told apart at a glance.";
            const AFTER_WHY: &'static str = "it tells apart rooms the finished map joins";

            fn follows(earlier: Stage) -> bool {
                matches!(earlier, Stage::Beside | Stage::Vaults) || earlier.is_building()
            }
        }
    }
}

/// [`Stage`] over the list of families, and its methods, each read from the stage's
/// [`StageDef`].
macro_rules! define_stages {
    ($d:tt ; $($(#[$doc:meta])* $v:ident($m:ident) $sv:ident($st:ident) [$($s:ident),*] [$($u:ident),*],)*) => {
        /// One stage of a generator: one of its family's own (declared in its folder), or one
        /// every generator shares (`shared`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Stage {
            $(
                $(
                    #[doc = concat!("A stage of ", stringify!($v), ": [`crate::generate::", stringify!($m), "::stages::", stringify!($s), "`].")]
                    $s,
                )*
                $(
                    #[doc = concat!("A stage of ", stringify!($v), ": [`crate::generate::", stringify!($m), "::stages::", stringify!($u), "`].")]
                    $u,
                )*
            )*
            /// `shared::KeepLocks`.
            KeepLocks,
            /// `shared::Passages`.
            Passages,
            /// `shared::Beside`.
            Beside,
            /// `shared::Vaults`.
            Vaults,
            /// `shared::Roles`.
            Roles,
            /// `shared::Markers`.
            Markers,
            /// `shared::ColoursApart`.
            ColoursApart,
        }

        /// `$body` with `$T` the type that defines stage `$stage`.
        macro_rules! on_def {
            ($d stage:expr, $d T:ident => $d body:expr) => {
                match $d stage {
                    $(
                        $(Stage::$s => { type $d T = $crate::generate::$m::stages::$s; $d body })*
                        $(Stage::$u => { type $d T = $crate::generate::$m::stages::$u; $d body })*
                    )*
                    Stage::KeepLocks => { type $d T = shared::KeepLocks; $d body }
                    Stage::Passages => { type $d T = shared::Passages; $d body }
                    Stage::Beside => { type $d T = shared::Beside; $d body }
                    Stage::Vaults => { type $d T = shared::Vaults; $d body }
                    Stage::Roles => { type $d T = shared::Roles; $d body }
                    Stage::Markers => { type $d T = shared::Markers; $d body }
                    Stage::ColoursApart => { type $d T = shared::ColoursApart; $d body }
                }
            };
        }

        impl Stage {
            /// Every stage, the families' in the list's order, then the shared ones.
            pub const ALL: &'static [Stage] = &[
                $($(Stage::$s,)* $(Stage::$u,)*)*
                Stage::KeepLocks,
                Stage::Passages,
                Stage::Beside,
                Stage::Vaults,
                Stage::Roles,
                Stage::Markers,
                Stage::ColoursApart,
            ];

            /// Its name, as the docs, the timeline and the panel show it.
            pub const fn name(self) -> &'static str {
                on_def!(self, T => <T as StageDef>::NAME)
            }

            /// What it does, in a sentence (the panel's tooltip on its header).
            pub const fn job(self) -> &'static str {
                on_def!(self, T => <T as StageDef>::JOB)
            }

            /// The parameters this stage reads (their keys in preset files), among its
            /// generator's own (the role rules and vault settings, which every generator has,
            /// are the roles and vaults stages': [`Stage::of_param`]).
            pub const fn param_keys(self) -> &'static [&'static str] {
                on_def!(self, T => <T as StageDef>::KEYS)
            }

            /// The random stream it draws from, if any.
            pub const fn stream(self) -> Option<Stream> {
                on_def!(self, T => <T as StageDef>::STREAM)
            }

            /// Why its generator cannot do without it (`None` for a stage that may be left out
            /// or turned off).
            pub const fn required(self) -> Option<&'static str> {
                on_def!(self, T => <T as StageDef>::REQUIRED)
            }

            /// Whether `earlier`, when listed, must come before this stage (it works on what
            /// `earlier` makes).
            pub fn follows(self, earlier: Stage) -> bool {
                on_def!(self, T => <T as StageDef>::follows(earlier))
            }

            /// Why the stages it follows must come first, in a designer's words.
            pub const fn after_why(self) -> &'static str {
                on_def!(self, T => <T as StageDef>::AFTER_WHY)
            }
        }
    };
}
super::family::families!(define_stages, $);

impl Stage {
    /// Whether it builds its generator's own map: a family's stage, or *passages* (not the
    /// shared stages that work on the finished map, nor *keep locks*).
    pub(crate) const fn is_building(self) -> bool {
        !matches!(
            self,
            Stage::KeepLocks | Stage::Beside | Stage::Vaults | Stage::Roles | Stage::Markers | Stage::ColoursApart
        )
    }

    /// The stage of a generator of `kind` that reads parameter `key` (`None` for a key the
    /// generator does not have).
    pub fn of_param(kind: GeneratorKind, key: &str) -> Option<Stage> {
        if crate::params::roles::is_rule(key) {
            return Some(Stage::Roles);
        }
        if crate::params::vaults::is_setting(key) {
            return Some(Stage::Vaults);
        }
        Stage::of(kind).iter().copied().find(|s| s.param_keys().contains(&key))
    }

    /// The stages of a generator of `kind`, in order (rooms and tunnels' *keep locks* runs only
    /// around locks).
    pub(crate) const fn of(kind: GeneratorKind) -> &'static [Stage] {
        kind.stages()
    }

    /// The stages of a generator of `kind` a preset may list: `Stage::of` without *keep
    /// locks*, which runs only around locks.
    pub fn listable(kind: GeneratorKind) -> impl Iterator<Item = Stage> {
        Stage::of(kind).iter().copied().filter(|s| *s != Stage::KeepLocks)
    }
}

/// One stage in a preset's list: which, and whether it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StageEntry {
    pub stage: Stage,
    pub on: bool,
}

impl StageEntry {
    pub const fn on(stage: Stage) -> StageEntry {
        StageEntry { stage, on: true }
    }
}

/// A generator's list of stages: the standard one (every stage on, in order; the default, and
/// what every older file has) or one a designer changed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct StageList(Option<Vec<StageEntry>>);

impl StageList {
    /// The standard list.
    pub const fn standard() -> StageList {
        StageList(None)
    }

    /// A list of `entries` for a generator of `kind` (the standard list when they are its
    /// standard stages, all on, in order).
    pub fn of(kind: GeneratorKind, entries: Vec<StageEntry>) -> StageList {
        let standard = entries.iter().map(|e| (e.on, e.stage)).eq(Stage::listable(kind).map(|s| (true, s)));
        StageList((!standard).then_some(entries))
    }

    /// Whether this is the standard list.
    pub fn is_standard(&self) -> bool {
        self.0.is_none()
    }

    /// The stages in order, with whether each runs.
    pub fn entries(&self, kind: GeneratorKind) -> Vec<StageEntry> {
        match &self.0 {
            Some(entries) => entries.clone(),
            None => Stage::listable(kind).map(StageEntry::on).collect(),
        }
    }

    /// The stages that run, in order: those listed and on (every stage of a generator of
    /// `kind`, in the standard list).
    pub(crate) fn running(&self, kind: GeneratorKind) -> impl Iterator<Item = Stage> + '_ {
        let listed = self.0.as_deref().unwrap_or_default().iter().filter(|e| e.on).map(|e| e.stage);
        listed.chain(Stage::listable(kind).filter(|_| self.0.is_none()))
    }

    /// Whether `stage` runs: listed and on (always, in the standard list).
    pub fn runs(&self, stage: Stage) -> bool {
        self.0.as_ref().is_none_or(|list| list.iter().any(|e| e.stage == stage && e.on))
    }

    /// Everything wrong with this list for a generator of `kind`, in a designer's words (empty
    /// for the standard list): stages of another generator or listed twice, a stage the
    /// generator cannot do without left out or off, a stage before one it works on.
    pub(crate) fn issues(&self, kind: GeneratorKind) -> Vec<ParamIssue> {
        let Some(list) = &self.0 else { return Vec::new() };
        let mut out = Vec::new();
        let mut bad = |message: String| out.push(ParamIssue { field: "stages", message });
        for (i, e) in list.iter().enumerate() {
            let name = e.stage.name();
            if !Stage::listable(kind).any(|s| s == e.stage) {
                bad(format!("{name} is not a stage of {}: remove it", kind.label()));
            } else if list[..i].iter().any(|o| o.stage == e.stage) {
                bad(format!("{name} is listed twice: remove one"));
            } else if let (Some(why), false) = (e.stage.required(), e.on) {
                bad(format!("{name} cannot be turned off: {why}"));
            }
        }
        for stage in Stage::listable(kind) {
            if let (Some(why), false) = (stage.required(), list.iter().any(|e| e.stage == stage)) {
                bad(format!("{} is missing: {why}; add it", stage.name()));
            }
        }
        for (i, e) in list.iter().enumerate() {
            let why = e.stage.after_why();
            for later in list[i + 1..].iter().filter(|o| e.stage.follows(o.stage)) {
                bad(format!("{} must come after {}: {why}; move it below", e.stage.name(), later.stage.name()));
            }
        }
        out
    }
}

impl GeneratorParams {
    /// Sets the list of stages to `entries`; a stage taken out of the list gets its parameters'
    /// defaults back (files list only the stages they have, so that a preset saved reads back
    /// equal). Returns whether anything changed.
    pub fn set_stages(&mut self, entries: Vec<StageEntry>) -> bool {
        let kind = self.kind();
        let list = StageList::of(kind, entries);
        if list == *self.stages() {
            return false;
        }
        let kept = list.entries(kind);
        for old in self.stages().entries(kind) {
            if kept.iter().any(|e| e.stage == old.stage) {
                continue;
            }
            if old.stage == Stage::Roles {
                *self.roles_mut() = RoleRules::default();
            }
            if old.stage == Stage::Beside {
                *self.beside_mut() = None;
            }
            if old.stage == Stage::Vaults {
                *self.vaults_mut() = super::vaults::Vaults::default();
            }
            let p = self.params_mut();
            for key in old.stage.param_keys() {
                if let Some(default) = p.default_value(key) {
                    p.set(key, default);
                }
            }
        }
        *self.stages_mut() = list;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(kind: GeneratorKind, entries: &[(Stage, bool)]) -> StageList {
        StageList::of(kind, entries.iter().map(|&(stage, on)| StageEntry { stage, on }).collect())
    }

    fn messages(kind: GeneratorKind, entries: &[(Stage, bool)]) -> Vec<String> {
        list(kind, entries).issues(kind).into_iter().map(|i| i.message).collect()
    }

    #[test]
    fn the_standard_list_is_every_listable_stage_on_and_has_no_issue() {
        for &kind in GeneratorKind::ALL {
            let standard = StageList::standard();
            let entries = standard.entries(kind);
            assert_eq!(StageList::of(kind, entries.clone()), standard, "{kind:?}");
            assert!(entries.iter().all(|e| e.on) && !entries.iter().any(|e| e.stage == Stage::KeepLocks));
            assert!(standard.issues(kind).is_empty());
            assert!(entries.iter().all(|e| standard.runs(e.stage)));
            assert!(standard.running(kind).eq(entries.iter().map(|e| e.stage)));
        }
    }

    #[test]
    fn optional_stages_may_be_left_out_or_turned_off() {
        use Stage::*;
        let rt = GeneratorKind::RoomsAndTunnels;
        let off = list(rt, &[(PlaceRooms, true), (DigTunnels, false), (Spawn, true), (Roles, true)]);
        assert!(off.issues(rt).is_empty(), "{:?}", off.issues(rt));
        assert!(!off.runs(DigTunnels) && !off.runs(ColoursApart) && off.runs(PlaceRooms));
        assert!(off.running(rt).eq([PlaceRooms, Spawn, Roles]));
        // Spawn may come before the tunnels: they do not depend on each other.
        assert!(messages(rt, &[(PlaceRooms, true), (Spawn, true), (DigTunnels, true)]).is_empty());
        let grown = GeneratorKind::GrownRooms;
        assert!(messages(grown, &[(Grow, true), (Doors, true), (Place, true), (Loops, false)]).is_empty());
    }

    /// A stage taken out gets its defaults back, so the preset written and read again is the
    /// same; a stage turned off keeps its parameters.
    #[test]
    fn a_stage_taken_out_gets_its_defaults_back() {
        use super::super::{GrownRooms, Params};
        use Stage::*;
        let mut p = GeneratorParams::GrownRooms(
            GrownRooms { loops: 3, ..GrownRooms::default() }.with_common(|c| c.roles = RoleRules::all(2, 1)),
        );
        let off = [(Grow, true), (Doors, true), (Place, true), (Loops, false), (Roles, true), (ColoursApart, true)];
        assert!(p.set_stages(off.iter().map(|&(stage, on)| StageEntry { stage, on }).collect()));
        assert_eq!(p.params().get("loops"), Some(super::super::ParamValue::Int(3)));
        let out = [(Grow, true), (Doors, true), (Place, true), (ColoursApart, true)];
        assert!(p.set_stages(out.iter().map(|&(stage, on)| StageEntry { stage, on }).collect()));
        assert_eq!(p.params().get("loops"), GrownRooms::default().get("loops"));
        assert!(p.roles().is_off());
        let text = ron::to_string(&p).expect("writes");
        assert_eq!(ron::from_str::<GeneratorParams>(&text).expect("reads"), p, "{text}");
        assert!(!p.set_stages(p.stages().entries(p.kind())), "the same list changes nothing");
    }

    #[test]
    fn invalid_lists_are_explained() {
        use Stage::*;
        let rt = GeneratorKind::RoomsAndTunnels;
        assert_eq!(
            messages(rt, &[(DigTunnels, true), (PlaceRooms, true), (Spawn, true)]),
            ["Dig tunnels must come after Place rooms: it joins the rooms Place rooms makes; move it below"]
        );
        assert_eq!(
            messages(rt, &[(PlaceRooms, false), (Spawn, true)]),
            ["Place rooms cannot be turned off: every other stage works on the rooms it places"]
        );
        assert_eq!(messages(rt, &[(PlaceRooms, true)]), ["Spawn is missing: every map needs a spawn; add it"]);
        // The shared stages that work on the finished map come after every stage that builds it.
        assert_eq!(
            messages(rt, &[(PlaceRooms, true), (DigTunnels, true), (ColoursApart, true), (Spawn, true)]),
            ["Colours apart must come after Spawn: it tells apart rooms the finished map joins; move it below"]
        );
        assert_eq!(
            messages(rt, &[(PlaceRooms, true), (Spawn, true), (Loops, true), (Spawn, false)]),
            ["Loops is not a stage of Rooms and tunnels: remove it", "Spawn is listed twice: remove one"]
        );
        let grown = GeneratorKind::GrownRooms;
        assert_eq!(
            messages(grown, &[(Grow, true), (Place, true), (Doors, true), (Roles, true), (Loops, true)]),
            [
                "Place must come after Doors: it places each room by the doors Doors chooses; move it below",
                "Roles must come after Loops: it names rooms by how the finished map joins them; move it below",
            ]
        );
    }
}
