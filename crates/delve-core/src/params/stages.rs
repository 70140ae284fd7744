//! The stages a generator is made of, and a preset's list of them.
//!
//! Every generator is an ordered list of [`Stage`]s, each one job (what it reads and does is
//! described here; how, in `generate`). A preset may list its generator's stages with their
//! parameters (see [`super::stage_form`]): leave a stage out, turn it off, or move it. The
//! list is checked like any parameter ([`StageList::issues`]): a stage that needs another
//! comes after it, and the stages a generator cannot do without stay on. A generator's
//! standard list (every stage on, in the order of [`Stage::of`]) is the default, and is
//! written as before (no list in the file), so older presets and maps read and generate
//! exactly as they did.

use super::{GeneratorKind, GeneratorParams, ParamIssue, RoleRules};

/// One stage of a generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// Rooms and tunnels: the room tries, each placed room's floor and colour.
    PlaceRooms,
    /// Rooms and tunnels: a tunnel from each room to the one placed before it.
    DigTunnels,
    /// Rooms and tunnels: the spawn at the first room's centre.
    Spawn,
    /// Around locks: rooms and tunnels and grown rooms dig the kept corridors, join the free
    /// kept doors and set the locked tiles as they go; the other families lay the locks over
    /// their finished map and join it to them.
    KeepLocks,
    /// Grown rooms: a room's shape grown cell by cell (regrown while it has a hole).
    Grow,
    /// Grown rooms: the doors a room may use, chosen on its outer walls.
    Doors,
    /// Grown rooms: the room placed at a free door with a corridor to it.
    Place,
    /// Grown rooms: extra corridors between free doors, for loops.
    Loops,
    /// Caves: every tile rock or open at random.
    Fill,
    /// Caves: the rock smoothed by the cellular rule, pass after pass.
    Smooth,
    /// Caves: each open region big enough a cave (a room), the others filled in; the spawn in
    /// the largest.
    Regions,
    /// Caves: the caves joined by tunnels.
    JoinCaves,
    /// BSP rooms: the map split in two, part after part, down to leaves.
    Split,
    /// BSP rooms: a room in each leaf; the spawn in the first.
    LeafRooms,
    /// BSP rooms: the rooms of the two halves of each split joined, from the leaves up.
    JoinSiblings,
    /// Drunkard's walk: walkers carve the rock until the open share is reached.
    Walk,
    /// Drunkard's walk: the wide parts of the open space made rooms, the rest passages.
    FindRooms,
    /// Drunkard's walk, rooms and mazes: the rooms each passage touches joined through it by
    /// corridors.
    Passages,
    /// Rooms and mazes: rooms tried on odd tiles.
    MazeRooms,
    /// Rooms and mazes: a maze grown through the rock between the rooms.
    GrowMaze,
    /// Rooms and mazes: one opening from each region into the rest, and a few more for loops.
    Connect,
    /// Rooms and mazes: dead ends filled back in.
    RemoveDeadEnds,
    /// Room accretion: the first room, then rooms attached one at a time through a door on the
    /// dungeon's wall.
    Accrete,
    /// Room accretion: doors opened where two floors lie close but far apart on foot.
    AddLoops,
    /// Any generator: a second generator's map laid beside this one and joined to it.
    Beside,
    /// Any generator: hand-made rooms from the vault libraries placed in free rock (or carved into
    /// the map where none is left) and joined.
    Vaults,
    /// Any generator: room roles by the role rules.
    Roles,
    /// Any generator: markers placed in the rooms by their kinds' rules, and key-and-lock pairs.
    Markers,
    /// Any generator: neighbouring rooms given colours told apart at a glance.
    ColoursApart,
}

impl Stage {
    /// Its name, as the docs, the timeline and the panel show it.
    pub const fn name(self) -> &'static str {
        match self {
            Stage::PlaceRooms => "Place rooms",
            Stage::DigTunnels => "Dig tunnels",
            Stage::Spawn => "Spawn",
            Stage::KeepLocks => "Keep locks",
            Stage::Grow => "Grow",
            Stage::Doors => "Doors",
            Stage::Place => "Place",
            Stage::Loops => "Loops",
            Stage::Fill => "Fill",
            Stage::Smooth => "Smooth",
            Stage::Regions => "Regions",
            Stage::JoinCaves => "Join caves",
            Stage::Split => "Split",
            Stage::LeafRooms => "Leaf rooms",
            Stage::JoinSiblings => "Join siblings",
            Stage::Walk => "Walk",
            Stage::FindRooms => "Find rooms",
            Stage::Passages => "Passages",
            Stage::MazeRooms => "Maze rooms",
            Stage::GrowMaze => "Grow maze",
            Stage::Connect => "Connect",
            Stage::RemoveDeadEnds => "Remove dead ends",
            Stage::Accrete => "Accrete",
            Stage::AddLoops => "Add loops",
            Stage::Beside => "Part beside",
            Stage::Vaults => "Vaults",
            Stage::Roles => "Roles",
            Stage::Markers => "Markers",
            Stage::ColoursApart => "Colours apart",
        }
    }

    /// What it does, in a sentence (the panel's tooltip on its header).
    pub const fn job(self) -> &'static str {
        match self {
            Stage::PlaceRooms => {
                "Tries rooms of random size at random places; a try that overlaps a placed room is skipped."
            }
            Stage::DigTunnels => "Joins each room to the one placed before it by a tunnel between their centres.",
            Stage::Spawn => "Puts the spawn at the first room's centre.",
            Stage::KeepLocks => "Around locks: keeps the locked rooms, corridors and tiles, and joins the map to them.",
            Stage::Grow => "Grows each room's shape cell by cell (or as a hall, narrow room, cave or closet).",
            Stage::Doors => "Chooses the doors each room may use on its outer walls.",
            Stage::Place => "Places each room at a free door of a placed room, by the shortest corridor.",
            Stage::Loops => "Adds corridors between free doors far apart in the tree, for loops.",
            Stage::Fill => "Makes each tile rock or open at random.",
            Stage::Smooth => "Smooths the rock: a tile is rock or open by how many of its neighbours are rock.",
            Stage::Regions => {
                "Makes each open region a cave (a room) and fills in the small ones; the spawn goes in the largest."
            }
            Stage::JoinCaves => "Joins the caves by tunnels, each to the nearest cave already joined.",
            Stage::Split => "Splits the map in two, then each part, down to leaves of the smallest size.",
            Stage::LeafRooms => "Puts a room in each leaf, inside a one-tile margin; the spawn goes in the first.",
            Stage::JoinSiblings => {
                "Joins the two halves of each split, from the leaves up, by a tunnel between their nearest rooms."
            }
            Stage::Walk => "Walkers carve the rock at random until the open share is reached.",
            Stage::FindRooms => {
                "Makes the wide parts of the open space rooms; the narrow parts are passages. The spawn goes in the largest room."
            }
            Stage::Passages => "Joins the rooms each passage touches by corridors along it.",
            Stage::MazeRooms => "Tries rooms of odd sides on odd tiles; a try that overlaps a room is skipped.",
            Stage::GrowMaze => "Grows a maze through the rock left between the rooms.",
            Stage::Connect => "Opens one way from each room and maze into the rest, and a few more for loops.",
            Stage::RemoveDeadEnds => "Fills the maze's dead ends back in.",
            Stage::Accrete => {
                "Places a first room in the middle, then attaches rooms of several shapes one at a time, each \
                 through a door on the dungeon's wall, until the map is full."
            }
            Stage::AddLoops => "Opens doors through walls between floors that are close but far apart on foot.",
            Stage::Beside => {
                "Lays a second generator's map beside this one (a hybrid: rooms beside caves) and joins the two by corridors."
            }
            Stage::Vaults => {
                "Places the hand-made rooms of the vault libraries in free rock, turned and mirrored, each joined to the nearest room."
            }
            Stage::Roles => "Names rooms by the role rules: entrance, exit, treasure, guard, side rooms.",
            Stage::Markers => {
                "Puts markers in the rooms by their kinds' rules (monsters, chests, stairs), and keys before locked doors."
            }
            Stage::ColoursApart => "Gives neighbouring rooms colours told apart at a glance.",
        }
    }

    /// The parameters this stage reads (their keys in preset files), among its generator's own
    /// (the role rules and vault settings, which every generator has, are the roles and vaults
    /// stages': [`Stage::of_param`]).
    pub const fn param_keys(self) -> &'static [&'static str] {
        use super::stage_form as form;
        match self {
            Stage::PlaceRooms => form::PlaceRooms::KEYS,
            Stage::DigTunnels => form::DigTunnels::KEYS,
            Stage::Grow => form::Grow::KEYS,
            Stage::Doors => form::Doors::KEYS,
            Stage::Place => form::Place::KEYS,
            Stage::Loops => form::Loops::KEYS,
            Stage::Fill => form::Fill::KEYS,
            Stage::Smooth => form::Smooth::KEYS,
            Stage::Regions => form::Regions::KEYS,
            Stage::JoinCaves => form::JoinCaves::KEYS,
            Stage::Split => form::Split::KEYS,
            Stage::LeafRooms => form::LeafRooms::KEYS,
            Stage::JoinSiblings => form::JoinSiblings::KEYS,
            Stage::Walk => form::Walk::KEYS,
            Stage::FindRooms => form::FindRooms::KEYS,
            Stage::Passages => &[],
            Stage::Connect => form::Connect::KEYS,
            Stage::MazeRooms => form::MazeRooms::KEYS,
            Stage::GrowMaze => form::GrowMaze::KEYS,
            Stage::RemoveDeadEnds => form::RemoveDeadEnds::KEYS,
            Stage::Accrete => form::Accrete::KEYS,
            Stage::AddLoops => form::AddLoops::KEYS,
            Stage::Spawn
            | Stage::KeepLocks
            | Stage::Beside
            | Stage::Vaults
            | Stage::Roles
            | Stage::Markers
            | Stage::ColoursApart => &[],
        }
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
    pub const fn of(kind: GeneratorKind) -> &'static [Stage] {
        kind.stages()
    }
}

impl Stage {
    /// The stages of a generator of `kind` a preset may list: [`Stage::of`] without *keep
    /// locks*, which runs only around locks.
    pub fn listable(kind: GeneratorKind) -> impl Iterator<Item = Stage> {
        Stage::of(kind).iter().copied().filter(|s| *s != Stage::KeepLocks)
    }

    /// The stages that must come before this one when they are listed (it works on what they
    /// make), and why, in a designer's words.
    pub const fn after(self) -> (&'static [Stage], &'static str) {
        match self {
            Stage::DigTunnels => (&[Stage::PlaceRooms], "it joins the rooms Place rooms makes"),
            Stage::Spawn => (&[Stage::PlaceRooms], "it stands in the first room Place rooms makes"),
            Stage::Doors => (&[Stage::Grow], "it chooses doors on the room Grow makes"),
            Stage::Place => (&[Stage::Doors], "it places each room by the doors Doors chooses"),
            Stage::Loops => (&[Stage::Place], "it joins free doors of the placed rooms"),
            Stage::Smooth => (&[Stage::Fill], "it smooths the rock Fill makes"),
            Stage::Regions => (&[Stage::Fill, Stage::Smooth], "it finds the caves in the finished rock"),
            Stage::JoinCaves => (&[Stage::Regions], "it joins the caves Regions finds"),
            Stage::LeafRooms => (&[Stage::Split], "it puts a room in each leaf Split makes"),
            Stage::JoinSiblings => (&[Stage::LeafRooms], "it joins the rooms Leaf rooms makes"),
            Stage::FindRooms => (&[Stage::Walk], "it finds rooms in the open space Walk makes"),
            Stage::Passages => (
                &[Stage::FindRooms, Stage::Connect, Stage::RemoveDeadEnds],
                "it joins rooms along the finished passages",
            ),
            Stage::GrowMaze => (&[Stage::MazeRooms], "it grows the maze around the rooms Maze rooms makes"),
            Stage::Connect => (&[Stage::GrowMaze], "it opens ways between the rooms and the maze"),
            Stage::RemoveDeadEnds => (&[Stage::Connect], "it fills in what Connect leaves as dead ends"),
            Stage::AddLoops => (&[Stage::Accrete], "it opens doors between the rooms Accrete attaches"),
            Stage::Beside => (&BUILDING, "it lays its part beside the finished map"),
            Stage::Vaults => (&AFTER_BESIDE, "it places vaults in the rock the finished map leaves"),
            Stage::Roles => (
                &[
                    Stage::Beside,
                    Stage::Vaults,
                    Stage::DigTunnels,
                    Stage::Spawn,
                    Stage::Place,
                    Stage::Loops,
                    Stage::Regions,
                    Stage::JoinCaves,
                    Stage::LeafRooms,
                    Stage::JoinSiblings,
                    Stage::FindRooms,
                    Stage::Passages,
                    Stage::Accrete,
                    Stage::AddLoops,
                ],
                "it names rooms by how the finished map joins them",
            ),
            Stage::Markers => (&[Stage::Roles], "it places markers by the roles Roles gives"),
            Stage::ColoursApart => (
                &[
                    Stage::Beside,
                    Stage::Vaults,
                    Stage::PlaceRooms,
                    Stage::DigTunnels,
                    Stage::Place,
                    Stage::Loops,
                    Stage::Regions,
                    Stage::JoinCaves,
                    Stage::LeafRooms,
                    Stage::JoinSiblings,
                    Stage::FindRooms,
                    Stage::Passages,
                    Stage::Accrete,
                    Stage::AddLoops,
                ],
                "it tells apart rooms the finished map joins",
            ),
            Stage::PlaceRooms
            | Stage::Grow
            | Stage::KeepLocks
            | Stage::Fill
            | Stage::Split
            | Stage::Walk
            | Stage::MazeRooms
            | Stage::Accrete => (&[], ""),
        }
    }

    /// Why its generator cannot do without it (`None` for a stage that may be left out or
    /// turned off).
    pub const fn required(self) -> Option<&'static str> {
        match self {
            Stage::PlaceRooms => Some("every other stage works on the rooms it places"),
            Stage::Spawn => Some("every map needs a spawn"),
            Stage::Grow | Stage::Doors | Stage::Place => {
                Some("grown rooms are grown, given doors and placed room by room")
            }
            Stage::Fill => Some("every other stage works on the rock it makes"),
            Stage::Regions => Some("the caves are the rooms it makes, and it puts the spawn"),
            Stage::Split => Some("every other stage works on the leaves it makes"),
            Stage::LeafRooms => Some("the rooms are the ones it makes, and it puts the spawn"),
            Stage::Walk => Some("every other stage works on the open space it carves"),
            Stage::FindRooms => Some("the rooms are the ones it finds, and it puts the spawn"),
            Stage::MazeRooms => Some("the rooms are the ones it places, and it puts the spawn"),
            Stage::GrowMaze | Stage::Connect => Some("the rooms are joined only through the maze and its openings"),
            Stage::Accrete => Some("the rooms are the ones it attaches, and it puts the spawn"),
            _ => None,
        }
    }
}

/// The stages that build a generator's own map (every generator's, each listed once).
const BUILDING: [Stage; 23] = [
    Stage::PlaceRooms,
    Stage::DigTunnels,
    Stage::Spawn,
    Stage::Grow,
    Stage::Doors,
    Stage::Place,
    Stage::Loops,
    Stage::Fill,
    Stage::Smooth,
    Stage::Regions,
    Stage::JoinCaves,
    Stage::Split,
    Stage::LeafRooms,
    Stage::JoinSiblings,
    Stage::Walk,
    Stage::FindRooms,
    Stage::Passages,
    Stage::MazeRooms,
    Stage::GrowMaze,
    Stage::Connect,
    Stage::RemoveDeadEnds,
    Stage::Accrete,
    Stage::AddLoops,
];

/// [`BUILDING`] and the part beside: what vaults come after.
const AFTER_BESIDE: [Stage; 24] = {
    let mut out = [Stage::Beside; 24];
    let mut i = 0;
    while i < BUILDING.len() {
        out[i + 1] = BUILDING[i];
        i += 1;
    }
    out
};

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
    pub fn running(&self, kind: GeneratorKind) -> impl Iterator<Item = Stage> + '_ {
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
    pub fn issues(&self, kind: GeneratorKind) -> Vec<ParamIssue> {
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
            let (needs, why) = e.stage.after();
            for later in list[i + 1..].iter().filter(|o| needs.contains(&o.stage)) {
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
