//! A generator written as its stages, each with its parameters: the second form of
//! [`GeneratorParams`] in files, for a preset whose stage list differs from its generator's
//! standard one.
//!
//! ```ron
//! generator: Stages([
//!     PlaceRooms((width: 80, height: 45, room_size: (min: 6, max: 10), max_rooms: 30)),
//!     DigTunnels((tunnel_from: PreviousRoom)),
//!     Spawn,
//!     Off(ColoursApart),
//! ]),
//! ```
//!
//! Each stage takes the parameters it reads (any left out take the generator's default) and
//! only those; `Off(…)` keeps a stage listed, with its parameters, but turned off. The stages
//! say which generator the list is of. A list that is the generator's standard one is written
//! in the first form (`RoomsAndTunnels((…))`, `GrownRooms((…))`), exactly as before stage lists
//! existed; both forms read.

use super::stages::{Stage, StageEntry, StageList};
use super::vaults::Vaults;
use super::{
    BspRooms, Caves, DrunkardsWalk, GeneratorKind, GeneratorParams, GrownRooms, OverlapRule, RoleRules, RoomAccretion,
    RoomsAndMazes, RoomsAndTunnels, SizeRange, TunnelFrom,
};
use serde::{Deserialize, Serialize};

/// One stage's parameters, as a struct of its own in files: the keys it reads ([`Stage::param_keys`]),
/// filled from and written to the generator's parameters.
macro_rules! block {
    ($(#[$doc:meta])* $name:ident of $flat:ident { $($field:ident: $ty:ty),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(default, deny_unknown_fields)]
        pub(super) struct $name { $($field: $ty),* }

        impl $name {
            /// Its parameters' keys, in file order.
            pub(super) const KEYS: &'static [&'static str] = &[$(stringify!($field)),*];

            fn of(p: &$flat) -> Self {
                Self { $($field: p.$field.clone()),* }
            }

            fn write(self, p: &mut $flat) {
                $(p.$field = self.$field;)*
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::of(&$flat::default())
            }
        }
    };
}

block! {
    /// Rooms and tunnels' *place rooms*.
    PlaceRooms of RoomsAndTunnels {
        width: u32, height: u32, room_size: SizeRange, max_rooms: u32, edge_margin: u32,
        overlap: OverlapRule, room_spacing: u32, circle_room_chance: f64,
    }
}
block! {
    /// Rooms and tunnels' *dig tunnels*.
    DigTunnels of RoomsAndTunnels { tunnel_from: TunnelFrom, tunnel_width: u32, direct_tunnel_chance: f64 }
}
block! {
    /// Grown rooms' *grow*.
    Grow of GrownRooms {
        rooms: u32, growth_steps: SizeRange, blob_weight: u32, hall_weight: u32, hall_cells: SizeRange,
        narrow_weight: u32, narrow_cells: SizeRange, cave_weight: u32, cave_cells: SizeRange,
        closet_weight: u32, closet_cells: SizeRange, mirror_chance: f64, hole_retries: u32,
    }
}
block! {
    /// Grown rooms' *doors*.
    Doors of GrownRooms { doors_per_room: SizeRange, door_kinds: u32 }
}
block! {
    /// Grown rooms' *place*.
    Place of GrownRooms {
        search_radius: u32, branching: f64, max_corridors_per_room: u32, share_doors: bool,
        corridors_may_cross: bool, margin: u32, placement_budget: u32,
    }
}
block! {
    /// Grown rooms' *loops*.
    Loops of GrownRooms { loops: u32, loop_min_separation: u32, loop_max_length: u32 }
}

block! {
    /// Caves' *fill*.
    Fill of Caves { width: u32, height: u32, fill: f64 }
}
block! {
    /// Caves' *smooth*.
    Smooth of Caves { iterations: u32, birth: u32, survival: u32 }
}
block! {
    /// Caves' *regions*.
    Regions of Caves { min_region: u32 }
}
block! {
    /// Caves' *join caves*.
    JoinCaves of Caves { tunnel_width: u32 }
}

block! {
    /// BSP rooms' *split*.
    Split of BspRooms { width: u32, height: u32, depth: u32, min_leaf: u32, split: SizeRange }
}
block! {
    /// BSP rooms' *leaf rooms*.
    LeafRooms of BspRooms { room_fill: SizeRange }
}
block! {
    /// BSP rooms' *join siblings*.
    JoinSiblings of BspRooms { tunnel_width: u32 }
}

block! {
    /// Drunkard's walk's *walk*.
    Walk of DrunkardsWalk { width: u32, height: u32, floor_share: f64, lifetime: u32, brush: u32 }
}
block! {
    /// Drunkard's walk's *find rooms*.
    FindRooms of DrunkardsWalk { min_room: u32 }
}

block! {
    /// Rooms and mazes' *maze rooms*.
    MazeRooms of RoomsAndMazes { width: u32, height: u32, room_tries: u32, room_size: SizeRange }
}
block! {
    /// Rooms and mazes' *grow maze*.
    GrowMaze of RoomsAndMazes { winding: f64 }
}
block! {
    /// Rooms and mazes' *connect*.
    Connect of RoomsAndMazes { extra_openings: f64 }
}
block! {
    /// Rooms and mazes' *remove dead ends*.
    RemoveDeadEnds of RoomsAndMazes { dead_ends: f64 }
}

block! {
    /// Room accretion's *accrete*.
    Accrete of RoomAccretion {
        width: u32, height: u32, attempts: u32, fill: f64, rect_weight: u32, rect_width: SizeRange,
        rect_height: SizeRange, cross_weight: u32, cross_size: SizeRange, cross_bar: SizeRange, blob_weight: u32,
        blob_size: SizeRange, circle_weight: u32, circle_radius: SizeRange, hallway_chance: f64,
        hallway_length: SizeRange,
    }
}
block! {
    /// Room accretion's *add loops*.
    AddLoops of RoomAccretion { loops: u32, loop_min_distance: u32 }
}

/// One stage in a file, with its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(super) enum StageBlock {
    PlaceRooms(PlaceRooms),
    DigTunnels(DigTunnels),
    Spawn,
    Grow(Grow),
    Doors(Doors),
    Place(Place),
    Loops(Loops),
    Fill(Fill),
    Smooth(Smooth),
    Regions(Regions),
    JoinCaves(JoinCaves),
    Split(Split),
    LeafRooms(LeafRooms),
    JoinSiblings(JoinSiblings),
    Walk(Walk),
    FindRooms(FindRooms),
    Passages,
    MazeRooms(MazeRooms),
    GrowMaze(GrowMaze),
    Connect(Connect),
    RemoveDeadEnds(RemoveDeadEnds),
    Accrete(Accrete),
    AddLoops(AddLoops),
    Beside(Option<Box<super::beside::Beside>>),
    Vaults(Vaults),
    Roles(RoleRules),
    Markers(super::markers::Markers),
    ColoursApart,
    /// A stage listed, with its parameters, but turned off.
    Off(Box<StageBlock>),
}

impl StageBlock {
    /// The stage, and whether it is on.
    fn entry(&self) -> StageEntry {
        let stage = match self {
            StageBlock::PlaceRooms(_) => Stage::PlaceRooms,
            StageBlock::DigTunnels(_) => Stage::DigTunnels,
            StageBlock::Spawn => Stage::Spawn,
            StageBlock::Grow(_) => Stage::Grow,
            StageBlock::Doors(_) => Stage::Doors,
            StageBlock::Place(_) => Stage::Place,
            StageBlock::Loops(_) => Stage::Loops,
            StageBlock::Fill(_) => Stage::Fill,
            StageBlock::Smooth(_) => Stage::Smooth,
            StageBlock::Regions(_) => Stage::Regions,
            StageBlock::JoinCaves(_) => Stage::JoinCaves,
            StageBlock::Split(_) => Stage::Split,
            StageBlock::LeafRooms(_) => Stage::LeafRooms,
            StageBlock::JoinSiblings(_) => Stage::JoinSiblings,
            StageBlock::Walk(_) => Stage::Walk,
            StageBlock::FindRooms(_) => Stage::FindRooms,
            StageBlock::Passages => Stage::Passages,
            StageBlock::MazeRooms(_) => Stage::MazeRooms,
            StageBlock::GrowMaze(_) => Stage::GrowMaze,
            StageBlock::Connect(_) => Stage::Connect,
            StageBlock::RemoveDeadEnds(_) => Stage::RemoveDeadEnds,
            StageBlock::Accrete(_) => Stage::Accrete,
            StageBlock::AddLoops(_) => Stage::AddLoops,
            StageBlock::Beside(_) => Stage::Beside,
            StageBlock::Vaults(_) => Stage::Vaults,
            StageBlock::Roles(_) => Stage::Roles,
            StageBlock::Markers(_) => Stage::Markers,
            StageBlock::ColoursApart => Stage::ColoursApart,
            StageBlock::Off(inner) => return StageEntry { on: false, ..inner.entry() },
        };
        StageEntry::on(stage)
    }

    /// `entry`'s stage with its parameters from `params` (`None` for a stage the generator
    /// does not have).
    fn of(entry: StageEntry, params: &GeneratorParams) -> Option<StageBlock> {
        use GeneratorParams as G;
        let block = match (entry.stage, params) {
            (Stage::PlaceRooms, G::RoomsAndTunnels(p)) => StageBlock::PlaceRooms(PlaceRooms::of(p)),
            (Stage::DigTunnels, G::RoomsAndTunnels(p)) => StageBlock::DigTunnels(DigTunnels::of(p)),
            (Stage::Spawn, G::RoomsAndTunnels(_)) => StageBlock::Spawn,
            (Stage::Grow, G::GrownRooms(p)) => StageBlock::Grow(Grow::of(p)),
            (Stage::Doors, G::GrownRooms(p)) => StageBlock::Doors(Doors::of(p)),
            (Stage::Place, G::GrownRooms(p)) => StageBlock::Place(Place::of(p)),
            (Stage::Loops, G::GrownRooms(p)) => StageBlock::Loops(Loops::of(p)),
            (Stage::Fill, G::Caves(p)) => StageBlock::Fill(Fill::of(p)),
            (Stage::Smooth, G::Caves(p)) => StageBlock::Smooth(Smooth::of(p)),
            (Stage::Regions, G::Caves(p)) => StageBlock::Regions(Regions::of(p)),
            (Stage::JoinCaves, G::Caves(p)) => StageBlock::JoinCaves(JoinCaves::of(p)),
            (Stage::Split, G::BspRooms(p)) => StageBlock::Split(Split::of(p)),
            (Stage::LeafRooms, G::BspRooms(p)) => StageBlock::LeafRooms(LeafRooms::of(p)),
            (Stage::JoinSiblings, G::BspRooms(p)) => StageBlock::JoinSiblings(JoinSiblings::of(p)),
            (Stage::Walk, G::DrunkardsWalk(p)) => StageBlock::Walk(Walk::of(p)),
            (Stage::FindRooms, G::DrunkardsWalk(p)) => StageBlock::FindRooms(FindRooms::of(p)),
            (Stage::Passages, G::DrunkardsWalk(_) | G::RoomsAndMazes(_)) => StageBlock::Passages,
            (Stage::MazeRooms, G::RoomsAndMazes(p)) => StageBlock::MazeRooms(MazeRooms::of(p)),
            (Stage::GrowMaze, G::RoomsAndMazes(p)) => StageBlock::GrowMaze(GrowMaze::of(p)),
            (Stage::Connect, G::RoomsAndMazes(p)) => StageBlock::Connect(Connect::of(p)),
            (Stage::RemoveDeadEnds, G::RoomsAndMazes(p)) => StageBlock::RemoveDeadEnds(RemoveDeadEnds::of(p)),
            (Stage::Accrete, G::RoomAccretion(p)) => StageBlock::Accrete(Accrete::of(p)),
            (Stage::AddLoops, G::RoomAccretion(p)) => StageBlock::AddLoops(AddLoops::of(p)),
            (Stage::Beside, p) => StageBlock::Beside(p.beside().cloned().map(Box::new)),
            (Stage::Vaults, p) => StageBlock::Vaults(p.vaults().clone()),
            (Stage::Roles, p) => StageBlock::Roles(p.roles().clone()),
            (Stage::Markers, p) => StageBlock::Markers(p.markers().clone()),
            (Stage::ColoursApart, _) => StageBlock::ColoursApart,
            _ => return None,
        };
        Some(if entry.on { block } else { StageBlock::Off(Box::new(block)) })
    }

    /// Writes its parameters into `params`, of the generator the list is of.
    fn write(self, params: &mut GeneratorParams) {
        use GeneratorParams as G;
        match (self, params) {
            (StageBlock::PlaceRooms(b), G::RoomsAndTunnels(p)) => b.write(p),
            (StageBlock::DigTunnels(b), G::RoomsAndTunnels(p)) => b.write(p),
            (StageBlock::Grow(b), G::GrownRooms(p)) => b.write(p),
            (StageBlock::Doors(b), G::GrownRooms(p)) => b.write(p),
            (StageBlock::Place(b), G::GrownRooms(p)) => b.write(p),
            (StageBlock::Loops(b), G::GrownRooms(p)) => b.write(p),
            (StageBlock::Fill(b), G::Caves(p)) => b.write(p),
            (StageBlock::Smooth(b), G::Caves(p)) => b.write(p),
            (StageBlock::Regions(b), G::Caves(p)) => b.write(p),
            (StageBlock::JoinCaves(b), G::Caves(p)) => b.write(p),
            (StageBlock::Split(b), G::BspRooms(p)) => b.write(p),
            (StageBlock::LeafRooms(b), G::BspRooms(p)) => b.write(p),
            (StageBlock::JoinSiblings(b), G::BspRooms(p)) => b.write(p),
            (StageBlock::Walk(b), G::DrunkardsWalk(p)) => b.write(p),
            (StageBlock::FindRooms(b), G::DrunkardsWalk(p)) => b.write(p),
            (StageBlock::MazeRooms(b), G::RoomsAndMazes(p)) => b.write(p),
            (StageBlock::GrowMaze(b), G::RoomsAndMazes(p)) => b.write(p),
            (StageBlock::Connect(b), G::RoomsAndMazes(p)) => b.write(p),
            (StageBlock::RemoveDeadEnds(b), G::RoomsAndMazes(p)) => b.write(p),
            (StageBlock::Accrete(b), G::RoomAccretion(p)) => b.write(p),
            (StageBlock::AddLoops(b), G::RoomAccretion(p)) => b.write(p),
            (StageBlock::Beside(beside), p) => *p.beside_mut() = beside,
            (StageBlock::Vaults(vaults), p) => *p.vaults_mut() = vaults,
            (StageBlock::Roles(rules), p) => *p.roles_mut() = rules,
            (StageBlock::Markers(markers), p) => *p.markers_mut() = markers,
            (StageBlock::Off(inner), p) => inner.write(p),
            _ => {}
        }
    }
}

/// [`Form`] over the list of families, and its way to and from [`GeneratorParams`] in the
/// first form.
macro_rules! define_form {
    (; $($(#[$doc:meta])* $v:ident($t:ty),)*) => {
        /// The generator and every one of its parameters, as files hold them: one generator's
        /// parameters, or its list of stages with theirs.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(rename = "GeneratorParams")]
        pub(super) enum Form {
            $($(#[$doc])* $v($t),)*
            /// A generator as its list of stages, each with its parameters.
            Stages(Vec<StageBlock>),
        }

        impl Form {
            /// The parameters in the first form; the blocks of the second.
            fn first(self) -> Result<GeneratorParams, Vec<StageBlock>> {
                match self {
                    $(Form::$v(p) => Ok(GeneratorParams::$v(p)),)*
                    Form::Stages(blocks) => Err(blocks),
                }
            }

            /// `params` in the first form.
            fn of(params: GeneratorParams) -> Form {
                match params {
                    $(GeneratorParams::$v(p) => Form::$v(p),)*
                }
            }
        }
    };
}
super::family::families!(define_form);

/// The generators that have `stage`.
fn generators_of(stage: Stage) -> impl Iterator<Item = GeneratorKind> {
    GeneratorKind::ALL.iter().copied().filter(move |&k| Stage::listable(k).any(|s| s == stage))
}

/// Each family's first stage, the one that makes its rooms, in words: "PlaceRooms (rooms and
/// tunnels), …, or MazeRooms (rooms and mazes)".
fn first_stages() -> String {
    let each: Vec<String> = GeneratorKind::ALL
        .iter()
        .map(|k| format!("{} ({})", k.stages()[0].name(), crate::words::lower_first(k.label())))
        .collect();
    match each.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl TryFrom<Form> for GeneratorParams {
    type Error = String;

    fn try_from(form: Form) -> Result<GeneratorParams, String> {
        let blocks = match form.first() {
            Ok(params) => return Ok(params),
            Err(blocks) => blocks,
        };
        let entries: Vec<StageEntry> = blocks.iter().map(StageBlock::entry).collect();
        // The generator is the one of the first stage only one generator has.
        let (first, kind) = entries
            .iter()
            .find_map(|e| {
                let mut of = generators_of(e.stage);
                match (of.next(), of.next()) {
                    (Some(kind), None) => Some((e.stage, kind)),
                    _ => None,
                }
            })
            .ok_or_else(|| format!("a list of stages needs the stage that makes the rooms: {}", first_stages()))?;
        for (i, e) in entries.iter().enumerate() {
            if !generators_of(e.stage).any(|k| k == kind) {
                return Err(format!(
                    "{} is not a stage of {}, which this list is (it has {}): remove it",
                    e.stage.name(),
                    kind.label(),
                    first.name()
                ));
            }
            if entries[..i].iter().any(|o| o.stage == e.stage) {
                return Err(format!("{} is listed twice: remove one", e.stage.name()));
            }
        }
        let mut params = kind.default_params();
        for block in blocks {
            block.write(&mut params);
        }
        *params.stages_mut() = StageList::of(kind, entries);
        Ok(params)
    }
}

impl From<GeneratorParams> for Form {
    fn from(params: GeneratorParams) -> Form {
        let stages = params.stages();
        if !stages.is_standard() {
            let entries = stages.entries(params.kind());
            return Form::Stages(entries.into_iter().filter_map(|e| StageBlock::of(e, &params)).collect());
        }
        Form::of(params)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for GeneratorParams {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "GeneratorParams".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        Form::json_schema(generator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Params;

    fn read(text: &str) -> Result<GeneratorParams, ron::error::SpannedError> {
        ron::from_str(text)
    }

    fn write(params: &GeneratorParams) -> String {
        ron::ser::to_string_pretty(params, ron::ser::PrettyConfig::default()).expect("serialises")
    }

    fn with_list(mut params: GeneratorParams, entries: &[(Stage, bool)]) -> GeneratorParams {
        let kind = params.kind();
        *params.stages_mut() =
            StageList::of(kind, entries.iter().map(|&(stage, on)| StageEntry { stage, on }).collect());
        params
    }

    /// Every parameter of a generator is in exactly one stage's block, so a list of all its
    /// stages carries every one of them (the role rules in *roles*).
    #[test]
    fn the_blocks_carry_every_field_of_the_first_form() {
        for kind in GeneratorKind::ALL {
            let text = crate::params::on_each!(kind.default_params(), p => ron::to_string(&p)).expect("serialises");
            let value: ron::Value = ron::from_str(&text).expect("reads as a value");
            let ron::Value::Map(fields) = value else { panic!("{kind:?} is a struct: {text}") };
            let mut keys: Vec<String> = fields
                .keys()
                .map(|k| match k {
                    ron::Value::String(s) => s.clone(),
                    other => panic!("{other:?}"),
                })
                .collect();
            keys.sort();
            let mut listed: Vec<String> =
                Stage::listable(*kind).flat_map(|s| s.param_keys()).map(|k| k.to_string()).collect();
            listed.sort();
            assert_eq!(keys, listed, "{kind:?}");
        }
    }

    /// The standard list is written in the first form, as before; a changed one as its
    /// stages, and reads back equal, every parameter of every listed stage included.
    #[test]
    fn a_changed_list_is_written_as_stages_and_reads_back_equal() {
        use Stage::*;
        let mut rt = RoomsAndTunnels::mcrogueface();
        rt.common.roles = RoleRules::all(3, 1);
        let rt = GeneratorParams::RoomsAndTunnels(rt);
        assert!(write(&rt).starts_with("RoomsAndTunnels("), "{}", write(&rt));
        let grown = GeneratorParams::GrownRooms(GrownRooms {
            loops: 4,
            hall_weight: 2,
            share_doors: true,
            ..GrownRooms::default()
        });
        for params in [
            with_list(rt.clone(), &[(PlaceRooms, true), (Spawn, true), (DigTunnels, false), (Roles, true)]),
            with_list(
                rt,
                &[(PlaceRooms, true), (DigTunnels, true), (Spawn, true), (Roles, false), (ColoursApart, false)],
            ),
            with_list(grown, &[(Grow, true), (Doors, true), (Place, true), (Loops, false), (ColoursApart, true)]),
        ] {
            let text = write(&params);
            assert!(text.starts_with("Stages(["), "{text}");
            assert_eq!(read(&text).expect("reads"), params, "{text}");
            assert_eq!(params.check(), [], "{text}");
        }
    }

    #[test]
    fn a_hand_written_list_reads_with_defaults_for_what_it_leaves_out() {
        let text = "Stages([PlaceRooms((width: 60, max_rooms: 12)), Spawn, Off(DigTunnels((tunnel_width: 2))), Roles((entrance_exit: true))])";
        let params = read(text).expect("reads");
        let GeneratorParams::RoomsAndTunnels(p) = &params else { panic!("{params:?}") };
        let mut expected = RoomsAndTunnels { width: 60, max_rooms: 12, tunnel_width: 2, ..RoomsAndTunnels::default() };
        expected.common.roles = RoleRules { entrance_exit: true, ..RoleRules::default() };
        assert_eq!(p.get("width"), expected.get("width"));
        let mut standard = p.clone();
        standard.common.stages = StageList::standard();
        assert_eq!(standard, expected);
        let entries = p.common.stages.entries(GeneratorKind::RoomsAndTunnels);
        let order: Vec<(Stage, bool)> = entries.iter().map(|e| (e.stage, e.on)).collect();
        assert_eq!(
            order,
            [(Stage::PlaceRooms, true), (Stage::Spawn, true), (Stage::DigTunnels, false), (Stage::Roles, true)]
        );
        // The standard list written as stages reads as the first form does.
        let standard = "Stages([PlaceRooms(()), DigTunnels(()), Spawn, Beside(None), Vaults(()), Roles(()), Markers(()), ColoursApart])";
        assert_eq!(read(standard).expect("reads"), GeneratorParams::default());
    }

    #[test]
    fn a_list_that_cannot_be_read_says_where_and_why() {
        let cases = [
            (
                "Stages([PlaceRooms(()), Grow(())])",
                "Grow is not a stage of Rooms and tunnels, which this list is (it has Place rooms)",
            ),
            ("Stages([Spawn, Spawn, PlaceRooms(())])", "Spawn is listed twice"),
            ("Stages([Roles(()), ColoursApart])", "needs the stage that makes the rooms"),
            ("Stages([PlaceRooms(()),\n  DigTunnels((room_size: (min: 3, max: 4)))])", "room_size"),
        ];
        for (text, why) in cases {
            let err = read(text).expect_err(text);
            let shown = err.to_string();
            assert!(shown.contains(why), "{text}: {shown}");
            assert!(err.span.start.line >= 1 && err.span.start.col >= 1, "{shown}");
        }
        let err =
            read("Stages([PlaceRooms(()),\n  DigTunnels((room_size: (min: 3, max: 4)))])").expect_err("unknown field");
        assert_eq!(err.span.start.line, 2, "{err}");
    }
}
