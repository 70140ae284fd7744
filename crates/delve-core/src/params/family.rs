//! The generator families: the one list of them (the macro `families!`) and what the parameters layer
//! needs of each ([`Family`]).
//!
//! A family is its folder, `generate/<family>/` (its parameter struct in `params.rs`, its stages
//! in `stages.rs`, its algorithm and its steps), and **one line** in `families!`. Everything
//! that lists the families — [`super::GeneratorParams`] and [`super::GeneratorKind`], the
//! stages ([`super::stages::Stage`]) and their file forms, the timeline's steps, the dispatch
//! in `generate`, the panel's picker, the CLI, the Python and C lists (asked of the library at
//! run time) — is made from that line; nothing else names every family.

use super::stages::Stage;
use super::{ParamSpec, Params};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;

/// A generator family's parameters: what the registry needs to list it, read and write it, and
/// describe it (its algorithm's side is `generate::Generate`).
pub(crate) trait Family:
    Params + Clone + Default + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// What a designer calls it: "Rooms and tunnels".
    const LABEL: &'static str;
    /// Its stages in order, the shared ones (part beside, vaults, roles, markers, colours apart)
    /// included, as the standard stage list runs them.
    const STAGES: &'static [Stage];
    /// Whether what it asks for is room *tries*, each of which may fail (rather than rooms).
    const ASKS_TRIES: bool = false;

    /// Every parameter, in panel order.
    fn table() -> &'static [ParamSpec];

    /// The size of the map it makes, when its parameters set it (`None`: it grows its map to
    /// fit, as grown rooms do).
    fn map_size(&self) -> Option<(u32, u32)>;

    /// The rooms a run placed of those asked, in words, and what that count means (the
    /// panel's line under the map and its tooltip).
    fn rooms_placed(placed: usize, asked: usize) -> (String, &'static str) {
        if Self::ASKS_TRIES {
            let words = format!("{} placed in {asked} tries", crate::words::count(placed as u64, "room"));
            (words, "Rooms the generator placed, of the room attempts (tries) asked for.")
        } else {
            (format!("{placed} of {asked} rooms placed"), "Rooms the generator placed, of the rooms asked for.")
        }
    }
}

/// The list of generator families, each once, in one line: its name in files (and the
/// variant of [`super::GeneratorParams`]), its folder under `generate/` (which holds its
/// parameter struct, of the same name, its stages in `stages.rs` and its steps), the variant
/// and type of its steps in the timeline's `Step`, and its own stages — those with parameters,
/// then those without. `families!(then)` calls macro `then!` with the list, so each thing that
/// lists the families (the parameters, the file forms, the stages, the steps, the modules) is
/// written once, over the list.
///
/// Adding a family is its folder and one line here.
macro_rules! families {
    ($then:ident $(, $extra:tt)*) => {
        $then! {
            $($extra)* ;
            /// Random rectangular rooms joined in order by L-shaped tunnels (the classic tutorials).
            RoomsAndTunnels(rooms_tunnels) RoomsTunnels(RoomsTunnelsStep) [PlaceRooms, DigTunnels] [Spawn],
            /// Rooms grown from blocks, placed door to door by the shortest corridor (Tiendil's tutorial).
            GrownRooms(grown) Grown(GrownStep) [Grow, Doors, Place, Loops] [],
            /// Caves: rock filled at random and smoothed by a cellular rule, each open region a room,
            /// joined by tunnels.
            Caves(caves) Caves(CavesStep) [Fill, Smooth, Regions, JoinCaves] [],
            /// Binary space partition: the map split part by part, a room in each leaf, the two halves
            /// of each split joined.
            BspRooms(bsp) Bsp(BspStep) [Split, LeafRooms, JoinSiblings] [],
            /// Drunkard's walk: walkers carve the rock at random; its wide parts are rooms, its narrow
            /// parts passages.
            DrunkardsWalk(walk) Walk(WalkStep) [Walk, FindRooms] [],
            /// Rooms and mazes: rooms on odd tiles, a maze grown between them, an opening from each
            /// region into the rest, dead ends filled in.
            RoomsAndMazes(mazes) Mazes(MazesStep) [MazeRooms, GrowMaze, Connect, RemoveDeadEnds] [],
            /// Room accretion: rooms of several shapes attached one at a time through a door on the
            /// dungeon's wall until the map is full, then loops where two parts lie close (Brogue).
            RoomAccretion(accretion) Accretion(AccretionStep) [Accrete, AddLoops] [],
        }
    };
}
pub(crate) use families;

/// [`super::GeneratorParams`] and [`super::GeneratorKind`] over the list, with what every
/// match over the families needs (the only matches over them).
macro_rules! define_params {
    ($d:tt ; $($(#[$doc:meta])* $v:ident($m:ident) $sv:ident($st:ident) [$($s:ident),*] [$($u:ident),*],)*) => {
        $(
            pub use $crate::generate::$m::params as $m;
            pub use $crate::generate::$m::$v;
        )*

        /// The generator and every one of its parameters (and its list of stages: see
        /// [`stages`]).
        ///
        /// Files hold it as `RoomsAndTunnels((…))` or `GrownRooms((…))`, or, when its stage list
        /// is not the standard one, as `Stages([…])`: each stage with its parameters
        /// (`stage_form`).
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(try_from = "stage_form::Form", into = "stage_form::Form")]
        pub enum GeneratorParams {
            $($(#[$doc])* $v($crate::generate::$m::$v),)*
        }

        /// The algorithms Delve knows, for pickers.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GeneratorKind {
            $($(#[$doc])* $v,)*
        }

        impl GeneratorKind {
            /// Every family, in the list's order.
            pub const ALL: &'static [GeneratorKind] = &[$(GeneratorKind::$v),*];

            /// What a designer calls it.
            pub const fn label(self) -> &'static str {
                match self {
                    $(GeneratorKind::$v => <$crate::generate::$m::$v as Family>::LABEL,)*
                }
            }

            /// The name of this generator's variant of [`GeneratorParams`] in files.
            pub const fn file_name(self) -> &'static str {
                match self {
                    $(GeneratorKind::$v => stringify!($v),)*
                }
            }

            /// Its stages, in order (see `Family::STAGES`).
            pub const fn stages(self) -> &'static [stages::Stage] {
                match self {
                    $(GeneratorKind::$v => <$crate::generate::$m::$v as Family>::STAGES,)*
                }
            }

            /// Every parameter of this generator, in panel order.
            pub fn specs(self) -> &'static [ParamSpec] {
                match self {
                    $(GeneratorKind::$v => <$crate::generate::$m::$v as Family>::table(),)*
                }
            }

            /// Default parameters of this generator.
            pub fn default_params(self) -> GeneratorParams {
                match self {
                    $(GeneratorKind::$v => GeneratorParams::$v(<$crate::generate::$m::$v>::default()),)*
                }
            }

            /// The rooms a run placed of those asked, in this family's words
            /// (`Family::rooms_placed`).
            pub fn rooms_placed(self, placed: usize, asked: usize) -> (String, &'static str) {
                match self {
                    $(GeneratorKind::$v => <$crate::generate::$m::$v as Family>::rooms_placed(placed, asked),)*
                }
            }

            /// Whether what it asks for is room tries (`Family::ASKS_TRIES`).
            pub const fn asks_tries(self) -> bool {
                match self {
                    $(GeneratorKind::$v => <$crate::generate::$m::$v as Family>::ASKS_TRIES,)*
                }
            }
        }

        $(
            impl From<$crate::generate::$m::$v> for GeneratorParams {
                fn from(p: $crate::generate::$m::$v) -> Self {
                    GeneratorParams::$v(p)
                }
            }
        )*

        /// `$body` with `$p` bound to the parameters of whichever family `$params` is: the one
        /// match over the families, for everything every family has (its [`Family`] and
        /// [`Params`], and `generate::Generate`).
        macro_rules! on_each {
            ($d params:expr, $d p:ident => $d body:expr) => {
                match $d params {
                    $($crate::params::GeneratorParams::$v($d p) => $d body,)*
                }
            };
        }
        pub(crate) use on_each;

        impl GeneratorParams {
            pub fn kind(&self) -> GeneratorKind {
                match self {
                    $(GeneratorParams::$v(_) => GeneratorKind::$v,)*
                }
            }
        }
    };
}
pub(crate) use define_params;
