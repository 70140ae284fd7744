//! Recording what a generator does, step by step, each step with a sentence in a designer's
//! words. Generators take a [`Recorder`]: [`Off`] compiles every recording call away (a plain
//! [`super::generate`] costs what it did), [`Recording`] keeps the steps. The steps are events,
//! not map copies; the map after any step is rebuilt from them ([`super::replay`]).

use super::ShortfallCause;
use crate::geom::{Dir, Pos, Rect};
use crate::map::{Rgb, Shape};
use crate::words::count;

pub use super::accretion::AccretionStep;

/// Where a generator reports its steps.
pub trait Recorder {
    /// Records the step `step` makes; never called when recording is off.
    fn record(&mut self, step: impl FnOnce() -> Step);

    /// Whether steps are kept (work done only to describe a step can be skipped when not).
    fn on(&self) -> bool;

    /// Moves every place in the steps so far by `(dx, dy)` and puts `first` before them (a
    /// generator whose map frame is known only at the end).
    fn reframe(&mut self, first: impl FnOnce() -> Step, dx: i32, dy: i32);
}

/// A generator's steps told to a recorder and counted, for a generator that replays by running
/// again and stopping after the first `stop` steps (caves, BSP rooms): [`Steps::tell`] says
/// when to stop.
pub(super) struct Steps<'r, R> {
    rec: &'r mut R,
    told: usize,
    stop: usize,
}

impl<'r, R: Recorder> Steps<'r, R> {
    pub(super) fn new(rec: &'r mut R, stop: usize) -> Self {
        Steps { rec, told: 0, stop }
    }

    /// Tells `step`; true when the run stops here.
    pub(super) fn tell(&mut self, step: impl FnOnce() -> Step) -> bool {
        self.rec.record(step);
        self.told += 1;
        self.told >= self.stop
    }
}

/// Recording off: every call is empty and inlined away.
pub struct Off;

impl Recorder for Off {
    #[inline(always)]
    fn record(&mut self, _step: impl FnOnce() -> Step) {}

    #[inline(always)]
    fn on(&self) -> bool {
        false
    }

    #[inline(always)]
    fn reframe(&mut self, _first: impl FnOnce() -> Step, _dx: i32, _dy: i32) {}
}

/// The steps of one generation, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recording {
    pub steps: Vec<Step>,
}

impl Recorder for Recording {
    fn record(&mut self, step: impl FnOnce() -> Step) {
        self.steps.push(step());
    }

    fn on(&self) -> bool {
        true
    }

    fn reframe(&mut self, first: impl FnOnce() -> Step, dx: i32, dy: i32) {
        self.steps.iter_mut().for_each(|s| s.shift(dx, dy));
        self.steps.insert(0, first());
    }
}

/// One thing a generator did.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Rooms and tunnels: room try `attempt` (from 1) drew `footprint` (the room with its walls).
    RoomTried { attempt: u32, footprint: Rect, outcome: TryOutcome },
    /// Rooms and tunnels: a tunnel dug from the centre of room `from` to the centre of room `to`.
    TunnelDug { from: u32, to: u32, start: Pos, end: Pos, leg: Leg },
    /// Grown rooms, first step: the map, as large as the finished dungeon needs (the places in
    /// later steps are on it), and where the spawn will be (the first room's centre).
    Canvas { width: u32, height: u32, spawn: Pos },
    /// Grown rooms: growth `attempt` (from 1) of room `room`: its cells in the order they grew,
    /// in the room's own frame (the first cell at the origin, before any mirroring), and the
    /// cells of the holes found in it.
    RoomGrown { room: u32, attempt: u32, cells: Vec<Pos>, holes: Vec<Pos>, outcome: Growth },
    /// Grown rooms: the doors room `room` may use (cell, side, kind, in its own frame after
    /// mirroring), drawn from its `walls` outer walls.
    DoorsChosen { room: u32, mirrored: bool, walls: u32, doors: Vec<(Pos, Dir, u8)> },
    /// Grown rooms: room `room` placed with these cells (in growth order) and colour; `pose` says
    /// where its own frame went, `attach` where it was attached (none for the first room), and
    /// `search` what the placement search tried first.
    RoomPlaced { room: u32, cells: Vec<Pos>, colour: Rgb, pose: Pose, attach: Option<Attach>, search: Tally },
    /// Grown rooms: room `room` found no place, for `cause`.
    RoomNotPlaced { room: u32, cells: u32, cause: ShortfallCause, search: Tally },
    /// Grown rooms: a corridor from door `from` to door `to`: one joining a new room to the tree,
    /// or a loop added after it.
    CorridorDug { from: DoorRef, to: DoorRef, path: Vec<Pos>, looped: bool },
    /// Grown rooms: the loops: `candidates` pairs of free doors far enough apart in the tree that
    /// a short corridor could join; up to `wanted` are added.
    LoopsConsidered { candidates: u32, wanted: u32 },
    /// Caves: the rock filled at random: `rock` tiles rock, `open` open.
    CaveFilled { rock: u64, open: u64 },
    /// Caves: smoothing pass `pass` (from 1) done.
    CaveSmoothed { pass: u32, rock: u64, open: u64 },
    /// Caves: the open regions became `caves` caves (rooms); `filled` smaller ones
    /// (`filled_tiles` tiles) were filled in.
    CavesFound { caves: u32, filled: u32, filled_tiles: u64 },
    /// Caves: cave `from` joined to cave `to`, joined before it, by a tunnel between their
    /// middles `start` and `end`.
    CavesJoined { from: u32, to: u32, start: Pos, end: Pos, leg: Leg },
    /// BSP rooms: the part `area` split (the split at `depth`, from 1), down (`vertical`) or
    /// across, `at` tiles from its left or top.
    PartSplit { depth: u32, area: Rect, vertical: bool, at: u32 },
    /// BSP rooms: room `room` put in leaf `leaf`, its floor `floor`.
    LeafRoom { room: u32, leaf: Rect, floor: Rect },
    /// BSP rooms: room `from` joined to room `to`, the nearest rooms of a split's two halves, by
    /// a tunnel between their centres.
    SiblingsJoined { from: u32, to: u32, start: Pos, end: Pos, leg: Leg },
    /// Drunkard's walk: walker `walker` (from 1) walked from `start`; `open` tiles are open.
    Walked { walker: u32, start: Pos, open: u64 },
    /// Drunkard's walk: the open space's wide parts became `rooms` rooms; `passage` tiles are
    /// passage.
    WalkRooms { rooms: u32, passage: u64 },
    /// Drunkard's walk: room `from` joined to room `to` by a corridor of `cells` tiles along a
    /// passage, from `start` to `end`.
    PassageJoined { from: u32, to: u32, start: Pos, end: Pos, cells: u32 },
    /// Rooms and mazes: room `room` placed, its floor `floor`.
    MazeRoom { room: u32, floor: Rect },
    /// Rooms and mazes: maze `region` grown from `start`, `cells` tiles.
    MazeGrown { region: u32, start: Pos, cells: u32 },
    /// Rooms and mazes: `openings` openings joined every region into one; `extra` more made loops.
    Connected { openings: u32, extra: u32 },
    /// Rooms and mazes: `tiles` tiles of dead ends filled back in.
    DeadEndsFilled { tiles: u64 },
    /// Room accretion: a room attached, a try refused, a loop opened.
    Accretion(AccretionStep),
    /// Any generator: vault `name` placed as room `room` in `footprint` (its floor's box, `cells`
    /// tiles), mirrored and turned so, joined to room `to` (none: no room was in reach).
    VaultPlaced {
        room: u32,
        name: String,
        footprint: Rect,
        mirrored: bool,
        turns: u8,
        to: Option<u32>,
        cells: u32,
        /// Carved into the map (no free rock was left) rather than laid in free rock.
        carved: bool,
    },
    /// Any generator: vault `name` (`width`×`height` as drawn) found no place (neither free rock
    /// nor a part of the map clear of locks and vaults to be carved into).
    VaultNotPlaced { name: String, width: i32, height: i32 },
    /// Any generator: a part of `width`×`height` tiles with `rooms` rooms laid on `side` with
    /// its corner at `corner`, joined by `joins` corridors.
    PartLaid { side: crate::params::beside::Side, width: u32, height: u32, corner: Pos, rooms: u32, joins: u32 },
    /// Any generator: `placed` markers of kind `kind` put in `rooms` rooms.
    MarkersPlaced { kind: String, placed: u32, rooms: u32 },
    /// Any generator: door `door` locked with key `key`, the key put at `at` in room `room`.
    KeyPlaced { key: u32, door: u32, at: Pos, room: u32 },
    /// Any generator: `secret` doors made secret and `arch` made open arches.
    OpeningsChosen { secret: u32, arch: u32 },
    /// Any generator: `patches` patches of tile kind `kind` painted in rooms, `tiles` tiles in all
    /// (corridor tiles included).
    TilesPainted { kind: String, patches: u32, tiles: u32 },
}

/// What became of a room's growth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Growth {
    /// No hole: the room is kept.
    Kept,
    /// A hole: the room is grown again.
    Regrown,
    /// Still a hole after every regrowth: the holes are filled and generation stops.
    HolesFilled,
}

/// Where a grown room's own frame went on the map: turned `quarter_turns` clockwise (after any
/// mirroring), its origin at `origin`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pose {
    pub mirrored: bool,
    pub quarter_turns: u32,
    pub origin: Pos,
}

impl Pose {
    /// A place in the room's own frame (before mirroring), on the map.
    pub fn place(&self, p: Pos) -> Pos {
        self.place_mirrored(if self.mirrored { Pos::new(-p.x, p.y) } else { p })
    }

    /// A place in the room's own frame after mirroring (as doors are chosen), on the map.
    pub fn place_mirrored(&self, p: Pos) -> Pos {
        p.turned(self.quarter_turns).offset(self.origin.x, self.origin.y)
    }
}

/// Where a grown room was attached: at `door` (its cell) of room `parent`, `distance` tiles
/// out, turned `quarter_turns` clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attach {
    pub parent: u32,
    pub door: Pos,
    pub distance: u32,
    pub quarter_turns: u32,
}

/// What a placement search tried: poses tested and why the refused ones were refused, with up
/// to [`Tally::SAMPLE`] refused poses (the first at each place) to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub poses: u64,
    /// Too close to a room (closer than one tile) or over a corridor.
    pub crowded: u64,
    /// The dungeon would grow past the largest map.
    pub too_large: u64,
    /// No corridor of the distance's length reached the place.
    pub no_corridor: u64,
    pub refusals: Vec<Refusal>,
}

/// One refused pose: the new room's door outside cell at `at`, `distance` tiles from the door
/// (its cell) of a placed room, turned `quarter_turns` clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub at: Pos,
    pub door: Pos,
    pub distance: u32,
    pub quarter_turns: u32,
    pub why: Refused,
}

/// Why a pose was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    Crowded,
    NoCorridor,
    TooLarge,
}

impl Tally {
    pub const SAMPLE: usize = 32;

    /// Counts a refused pose, and keeps it when it is the first at its place and the sample
    /// has room.
    pub fn refused(&mut self, r: Refusal) {
        *match r.why {
            Refused::Crowded => &mut self.crowded,
            Refused::NoCorridor => &mut self.no_corridor,
            Refused::TooLarge => &mut self.too_large,
        } += 1;
        if self.refusals.len() < Self::SAMPLE && !self.refusals.iter().any(|k| k.at == r.at) {
            self.refusals.push(r);
        }
    }

    fn shift(&mut self, dx: i32, dy: i32) {
        for r in &mut self.refusals {
            r.at = r.at.offset(dx, dy);
            r.door = r.door.offset(dx, dy);
        }
    }

    fn sentence(&self) -> String {
        let refused = self.poses.saturating_sub(1).max(self.crowded + self.too_large + self.no_corridor);
        if self.poses == 0 {
            return "no placement was tried".into();
        }
        let mut why = Vec::new();
        for (n, what) in [
            (self.crowded, "too close to a room or on a corridor"),
            (self.no_corridor, "no corridor that short reached"),
            (self.too_large, "the map would grow too large"),
        ] {
            if n > 0 {
                why.push(format!("{n} {what}"));
            }
        }
        let poses = format!("{} tried", count(self.poses, "placement"));
        if refused == 0 { poses } else { format!("{poses}, {refused} refused: {}", why.join(", ")) }
    }
}

/// One end of a grown-rooms corridor: the generator's door number, its room, its cell (on the
/// map), side and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoorRef {
    pub id: u32,
    pub room: u32,
    pub cell: Pos,
    pub side: Dir,
    pub kind: u8,
}

/// What became of a room try.
#[derive(Clone, Debug, PartialEq)]
pub enum TryOutcome {
    /// Placed as room `room`, with this floor.
    Placed { room: u32, shape: Shape },
    /// Refused: it overlaps room `room` (or comes closer than the spacing allows).
    Overlaps { room: u32 },
}

/// How a tunnel runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leg {
    HorizontalFirst,
    VerticalFirst,
    /// A straight line, made 4-connected.
    Direct,
}

impl Leg {
    /// The way a tunnel ran, in words.
    pub const fn words(self) -> &'static str {
        match self {
            Leg::HorizontalFirst => "horizontal leg first",
            Leg::VerticalFirst => "vertical leg first",
            Leg::Direct => "a direct line",
        }
    }
}

impl Step {
    /// What happened, in a designer's words.
    pub fn sentence(&self) -> String {
        match self {
            Step::RoomTried { attempt, footprint: f, outcome } => {
                let what = format!("Room try {attempt}: {}×{} at ({}, {})", f.w, f.h, f.x, f.y);
                match outcome {
                    TryOutcome::Placed { room, shape: Shape::Circle { radius, .. } } => {
                        format!("{what}, placed as room {room}, a round room of radius {radius}.")
                    }
                    TryOutcome::Placed { room, .. } => format!("{what}, placed as room {room}."),
                    TryOutcome::Overlaps { room } => format!("{what}, rejected: it overlaps room {room}."),
                }
            }
            Step::TunnelDug { from, to, start, end, leg } => format!(
                "Tunnel from room {from} to room {to}, ({}, {}) to ({}, {}), {}.",
                start.x,
                start.y,
                end.x,
                end.y,
                leg.words()
            ),
            Step::Canvas { width, height, .. } => {
                format!("An empty map of {width}×{height} tiles, as large as the finished dungeon needs.")
            }
            Step::RoomGrown { room, attempt, cells, holes, outcome } => {
                let what = format!(
                    "Room {room}, growth {attempt}: grown cell by cell to {}",
                    count(cells.len() as u64, "cell")
                );
                let holes = match holes.len() {
                    1 => "a hole of 1 cell".to_string(),
                    n => format!("holes of {n} cells"),
                };
                match outcome {
                    Growth::Kept => format!("{what}, with no hole: kept."),
                    Growth::Regrown => format!("{what}; it encloses {holes}, so it is grown again."),
                    Growth::HolesFilled => {
                        format!("{what}; it still encloses {holes} after every regrowth: filled, and generation stops.")
                    }
                }
            }
            Step::DoorsChosen { room, mirrored, walls, doors } => {
                let mirror = if *mirrored { " (mirrored left to right)" } else { "" };
                // Door kinds matter only when there are several.
                let kinds: Vec<String> = doors.iter().map(|d| d.2.to_string()).collect();
                let kinds = if doors.iter().all(|d| d.2 == 0) {
                    String::new()
                } else {
                    format!(" (door kinds {})", kinds.join(", "))
                };
                let n = doors.len();
                let doors = count(n as u64, "door");
                format!("Room {room}{mirror}: {doors} chosen among its {walls} outer walls{kinds}.")
            }
            Step::RoomPlaced { room, cells, attach, search, .. } => match attach {
                None => {
                    format!(
                        "Room {room} ({}) placed first; the dungeon grows from it.",
                        count(cells.len() as u64, "cell")
                    )
                }
                Some(a) => format!(
                    "Room {room} ({}) attached to room {} at its door ({}, {}), {} {} out, turned {}°; {}.",
                    count(cells.len() as u64, "cell"),
                    a.parent,
                    a.door.x,
                    a.door.y,
                    a.distance,
                    if a.distance == 1 { "tile" } else { "tiles" },
                    a.quarter_turns * 90,
                    search.sentence()
                ),
            },
            Step::RoomNotPlaced { room, cells, cause, search } => {
                format!(
                    "Room {room} ({}) found no place: {}; {}. Generation stops.",
                    count(*cells, "cell"),
                    cause.label(),
                    search.sentence()
                )
            }
            Step::CorridorDug { from, to, path, looped } => {
                let what = if *looped { "Loop corridor" } else { "Corridor" };
                format!(
                    "{what} of {} {} from room {} (door at ({}, {})) to room {} (door at ({}, {})).",
                    path.len(),
                    if path.len() == 1 { "cell" } else { "cells" },
                    from.room,
                    from.cell.x,
                    from.cell.y,
                    to.room,
                    to.cell.x,
                    to.cell.y
                )
            }
            Step::LoopsConsidered { candidates, wanted } => format!(
                "Loops: {candidates} pairs of free doors, far apart in the tree, could be joined by a short corridor; up to {wanted} are added."
            ),
            Step::CaveFilled { rock, open } => {
                format!("Rock filled at random: {} rock, {} open.", count(*rock, "tile"), count(*open, "tile"))
            }
            Step::CaveSmoothed { pass, rock, open } => {
                format!("Smoothing pass {pass}: {} rock, {} open.", count(*rock, "tile"), count(*open, "tile"))
            }
            Step::CavesFound { caves, filled, filled_tiles } => {
                let caves = count(u64::from(*caves), "cave");
                match filled {
                    0 => format!("The open regions are {caves}, each a room."),
                    _ => format!(
                        "The open regions are {caves}, each a room; {} too small filled in ({}).",
                        count(u64::from(*filled), "region"),
                        count(*filled_tiles, "tile")
                    ),
                }
            }
            Step::CavesJoined { from, to, start, end, leg } => format!(
                "Cave {from} joined to cave {to} by a tunnel from ({}, {}) to ({}, {}), {}.",
                start.x,
                start.y,
                end.x,
                end.y,
                leg.words()
            ),
            Step::Walked { walker, start, open } => {
                format!("Walker {walker} from ({}, {}): {} open.", start.x, start.y, count(*open, "tile"))
            }
            Step::WalkRooms { rooms, passage } => format!(
                "The wide open parts are {}; {} of narrower passage.",
                count(u64::from(*rooms), "room"),
                count(*passage, "tile")
            ),
            Step::PassageJoined { from, to, cells, .. } => {
                format!(
                    "Room {from} joined to room {to} along a passage, a corridor of {}.",
                    count(u64::from(*cells), "tile")
                )
            }
            Step::MazeRoom { room, floor: f } => format!("Room {room}: {}×{} at ({}, {}).", f.w, f.h, f.x, f.y),
            Step::MazeGrown { region, start, cells } => format!(
                "Maze {region} grown from ({}, {}) through the rock: {}.",
                start.x,
                start.y,
                count(u64::from(*cells), "tile")
            ),
            Step::Connected { openings, extra } => format!(
                "{} joined every room and maze into one; {} more for loops.",
                count(u64::from(*openings), "opening"),
                extra
            ),
            Step::DeadEndsFilled { tiles } => format!("Dead ends filled back in: {}.", count(*tiles, "tile")),
            Step::Accretion(step) => step.sentence(),
            Step::PartSplit { depth, area: a, vertical, at } => format!(
                "Split {depth}: the {}×{} part at ({}, {}) cut {} {at} tiles from its {}.",
                a.w,
                a.h,
                a.x,
                a.y,
                if *vertical { "down" } else { "across" },
                if *vertical { "left" } else { "top" }
            ),
            Step::LeafRoom { room, leaf, floor: f } => format!(
                "Room {room}: {}×{} at ({}, {}) in the {}×{} leaf at ({}, {}).",
                f.w, f.h, f.x, f.y, leaf.w, leaf.h, leaf.x, leaf.y
            ),
            Step::SiblingsJoined { from, to, start, end, leg } => format!(
                "Room {from} joined to room {to}, the nearest rooms of a split's two halves, ({}, {}) to ({}, {}), {}.",
                start.x,
                start.y,
                end.x,
                end.y,
                leg.words()
            ),
            Step::VaultPlaced { room, name, footprint: f, mirrored, turns, to, cells, carved } => {
                let how = match (*mirrored, *turns) {
                    (false, 0) => "as drawn".to_string(),
                    (m, t) => {
                        let turned =
                            ["", "turned a quarter", "turned a half", "turned three quarters"][usize::from(t % 4)];
                        match (m, t % 4) {
                            (true, 0) => "mirrored".to_string(),
                            (true, _) => format!("mirrored and {turned}"),
                            (false, _) => turned.to_string(),
                        }
                    }
                };
                let joined = match to {
                    Some(to) => format!("joined to room {to}"),
                    None => "joined to no room (none in reach)".to_string(),
                };
                let carved = if *carved { " carved into the map (no free rock was left)" } else { "" };
                format!(
                    "Vault “{name}” placed as room {room} ({}){carved} at ({}, {}), {how}; {joined}.",
                    count(u64::from(*cells), "tile"),
                    f.x,
                    f.y
                )
            }
            Step::VaultNotPlaced { name, width, height } => {
                format!("Vault “{name}” ({width}×{height}) found no place: not placed.")
            }
            Step::PartLaid { side, width, height, corner, rooms, joins } => format!(
                "The part beside ({width}×{height}, {}) laid on the {} side at ({}, {}), joined by {}.",
                count(u64::from(*rooms), "room"),
                side.label(),
                corner.x,
                corner.y,
                count(u64::from(*joins), "corridor")
            ),
            Step::MarkersPlaced { kind, placed, rooms } => {
                format!(
                    "{} of kind “{kind}” put in {}.",
                    count(u64::from(*placed), "marker"),
                    count(u64::from(*rooms), "room")
                )
            }
            Step::TilesPainted { kind, patches, tiles } => format!(
                "Tile kind “{kind}” painted: {} in rooms, {} in all.",
                if *patches == 1 { "1 patch".to_string() } else { format!("{patches} patches") },
                count(u64::from(*tiles), "tile")
            ),
            Step::OpeningsChosen { secret, arch } => {
                format!("{} made secret and {} made open arches.", count(u64::from(*secret), "door"), arch)
            }
            Step::KeyPlaced { key, door, at, room } => format!(
                "Door {door} locked with key {key}; the key put in room {room} at ({}, {}), before the lock.",
                at.x, at.y
            ),
        }
    }

    /// The room this step placed, if it placed one.
    pub fn placed_room(&self) -> Option<u32> {
        match self {
            Step::RoomTried { outcome: TryOutcome::Placed { room, .. }, .. }
            | Step::RoomPlaced { room, .. }
            | Step::LeafRoom { room, .. }
            | Step::MazeRoom { room, .. }
            | Step::VaultPlaced { room, .. } => Some(*room),
            Step::Accretion(step) => step.placed_room(),
            _ => None,
        }
    }

    /// Whether the map after this step differs from the map before it.
    pub fn changes_map(&self) -> bool {
        if let Step::Accretion(step) = self {
            return step.changes_map();
        }
        matches!(
            self,
            Step::RoomTried { outcome: TryOutcome::Placed { .. }, .. }
                | Step::TunnelDug { .. }
                | Step::Canvas { .. }
                | Step::RoomPlaced { .. }
                | Step::CorridorDug { .. }
                | Step::CaveFilled { .. }
                | Step::CaveSmoothed { .. }
                | Step::CavesFound { .. }
                | Step::CavesJoined { .. }
                | Step::LeafRoom { .. }
                | Step::SiblingsJoined { .. }
                | Step::Walked { .. }
                | Step::WalkRooms { .. }
                | Step::PassageJoined { .. }
                | Step::MazeRoom { .. }
                | Step::MazeGrown { .. }
                | Step::Connected { .. }
                | Step::DeadEndsFilled { .. }
                | Step::VaultPlaced { .. }
                | Step::PartLaid { .. }
                | Step::MarkersPlaced { .. }
                | Step::KeyPlaced { .. }
                | Step::OpeningsChosen { .. }
                | Step::TilesPainted { .. }
        )
    }

    /// The room whose own frame this step's places are in, if they are.
    pub fn framed_room(&self) -> Option<u32> {
        match self {
            Step::RoomGrown { room, .. } | Step::DoorsChosen { room, .. } => Some(*room),
            _ => None,
        }
    }

    /// Where room `room` was placed, if one of `steps` placed it.
    pub fn pose_of(steps: &[Step], room: u32) -> Option<Pose> {
        steps.iter().find_map(|s| match s {
            Step::RoomPlaced { room: r, pose, .. } if *r == room => Some(*pose),
            _ => None,
        })
    }

    /// Moves every place on the map in this step by `(dx, dy)` (places in a room's own frame
    /// stay).
    pub fn shift(&mut self, dx: i32, dy: i32) {
        let mv = |p: &mut Pos| *p = p.offset(dx, dy);
        match self {
            Step::RoomTried { footprint, outcome, .. } => {
                footprint.x += dx;
                footprint.y += dy;
                if let TryOutcome::Placed { shape, .. } = outcome {
                    shape.translate(dx, dy);
                }
            }
            Step::TunnelDug { start, end, .. } => {
                mv(start);
                mv(end);
            }
            Step::Canvas { .. }
            | Step::RoomGrown { .. }
            | Step::DoorsChosen { .. }
            | Step::LoopsConsidered { .. }
            | Step::CaveFilled { .. }
            | Step::CaveSmoothed { .. }
            | Step::CavesFound { .. } => {}
            Step::CavesJoined { start, end, .. }
            | Step::SiblingsJoined { start, end, .. }
            | Step::PassageJoined { start, end, .. } => {
                mv(start);
                mv(end);
            }
            Step::Walked { start, .. } | Step::MazeGrown { start, .. } => mv(start),
            Step::WalkRooms { .. } | Step::Connected { .. } | Step::DeadEndsFilled { .. } => {}
            Step::Accretion(step) => step.shift(dx, dy),
            Step::VaultNotPlaced { .. } => {}
            Step::PartLaid { corner, .. } | Step::KeyPlaced { at: corner, .. } => mv(corner),
            Step::MarkersPlaced { .. } | Step::OpeningsChosen { .. } | Step::TilesPainted { .. } => {}
            Step::VaultPlaced { footprint: floor, .. } | Step::MazeRoom { floor, .. } => {
                floor.x += dx;
                floor.y += dy;
            }
            Step::PartSplit { area, .. } => {
                area.x += dx;
                area.y += dy;
            }
            Step::LeafRoom { leaf, floor, .. } => {
                for r in [leaf, floor] {
                    r.x += dx;
                    r.y += dy;
                }
            }
            Step::RoomPlaced { cells, pose, attach, search, .. } => {
                cells.iter_mut().for_each(mv);
                mv(&mut pose.origin);
                if let Some(a) = attach {
                    mv(&mut a.door);
                }
                search.shift(dx, dy);
            }
            Step::RoomNotPlaced { search, .. } => search.shift(dx, dy),
            Step::CorridorDug { from, to, path, .. } => {
                mv(&mut from.cell);
                mv(&mut to.cell);
                path.iter_mut().for_each(mv);
            }
        }
    }
}
