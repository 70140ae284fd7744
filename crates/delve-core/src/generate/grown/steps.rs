//! Grown rooms' steps, as the timeline shows them: the canvas, a room grown (in its own frame),
//! its doors chosen, the room placed (with what its placement search refused) or not, a
//! corridor dug, the loops considered.

use crate::generate::ShortfallCause;
use crate::generate::record::{Mark, Role, Step, StepKind};
use crate::generate::stages::Stage;
use crate::geom::{Dir, Pos};
use crate::map::Rgb;
use crate::words::count;

/// One thing grown rooms did (a [`Step`]).
#[derive(Clone, Debug, PartialEq)]
pub enum GrownStep {
    /// The first step: the map, as large as the finished dungeon needs (the places in later
    /// steps are on it), and where the spawn will be (the first room's centre).
    Canvas { width: u32, height: u32, spawn: Pos },
    /// Growth `attempt` (from 1) of room `room`: its cells in the order they grew, in the room's
    /// own frame (the first cell at the origin, before any mirroring), and the cells of the
    /// holes found in it.
    RoomGrown { room: u32, attempt: u32, cells: Vec<Pos>, holes: Vec<Pos>, outcome: Growth },
    /// The doors room `room` may use (cell, side, kind, in its own frame after mirroring), drawn
    /// from its `walls` outer walls.
    DoorsChosen { room: u32, mirrored: bool, walls: u32, doors: Vec<(Pos, Dir, u8)> },
    /// Room `room` placed with these cells (in growth order) and colour; `pose` says where its
    /// own frame went, `attach` where it was attached (none for the first room), and `search`
    /// what the placement search tried first.
    RoomPlaced { room: u32, cells: Vec<Pos>, colour: Rgb, pose: Pose, attach: Option<Attach>, search: Tally },
    /// Room `room` found no place, for `cause`.
    RoomNotPlaced { room: u32, cells: u32, cause: ShortfallCause, search: Tally },
    /// A corridor from door `from` to door `to`: one joining a new room to the tree, or a loop
    /// added after it.
    CorridorDug { from: DoorRef, to: DoorRef, path: Vec<Pos>, looped: bool },
    /// The loops: `candidates` pairs of free doors far enough apart in the tree that a short
    /// corridor could join; up to `wanted` are added.
    LoopsConsidered { candidates: u32, wanted: u32 },
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
    pub(crate) fn place_mirrored(&self, p: Pos) -> Pos {
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
    pub(crate) fn refused(&mut self, r: Refusal) {
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

    /// The refused places it kept, each a cross coloured by why.
    fn marks(&self) -> Vec<Mark> {
        let role = |why| match why {
            Refused::Crowded => Role::Refused,
            Refused::NoCorridor => Role::Unreached,
            Refused::TooLarge => Role::TooLarge,
        };
        self.refusals.iter().map(|r| Mark::Cross { at: r.at, role: role(r.why) }).collect()
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

impl StepKind for GrownStep {
    fn sentence(&self) -> String {
        match self {
            GrownStep::Canvas { width, height, .. } => {
                format!("An empty map of {width}×{height} tiles, as large as the finished dungeon needs.")
            }
            GrownStep::RoomGrown { room, attempt, cells, holes, outcome } => {
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
            GrownStep::DoorsChosen { room, mirrored, walls, doors } => {
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
            GrownStep::RoomPlaced { room, cells, attach, search, .. } => match attach {
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
            GrownStep::RoomNotPlaced { room, cells, cause, search } => {
                format!(
                    "Room {room} ({}) found no place: {}; {}. Generation stops.",
                    count(*cells, "cell"),
                    cause.label(),
                    search.sentence()
                )
            }
            GrownStep::CorridorDug { from, to, path, looped } => {
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
            GrownStep::LoopsConsidered { candidates, wanted } => format!(
                "Loops: {candidates} pairs of free doors, far apart in the tree, could be joined by a short corridor; up to {wanted} are added."
            ),
        }
    }

    fn stage(&self) -> Stage {
        match self {
            // Grown rooms start on the canvas, then grow their first room.
            GrownStep::Canvas { .. } | GrownStep::RoomGrown { .. } => Stage::Grow,
            GrownStep::RoomPlaced { .. } | GrownStep::RoomNotPlaced { .. } => Stage::Place,
            GrownStep::DoorsChosen { .. } => Stage::Doors,
            GrownStep::CorridorDug { looped: false, .. } => Stage::Place,
            GrownStep::CorridorDug { looped: true, .. } | GrownStep::LoopsConsidered { .. } => Stage::Loops,
        }
    }

    fn changes_map(&self) -> bool {
        matches!(self, GrownStep::Canvas { .. } | GrownStep::RoomPlaced { .. } | GrownStep::CorridorDug { .. })
    }

    fn placed_room(&self) -> Option<u32> {
        match self {
            GrownStep::RoomPlaced { room, .. } => Some(*room),
            _ => None,
        }
    }

    fn is_canvas(&self) -> bool {
        matches!(self, GrownStep::Canvas { .. })
    }

    fn shift(&mut self, dx: i32, dy: i32) {
        let mv = |p: &mut Pos| *p = p.offset(dx, dy);
        match self {
            GrownStep::Canvas { .. }
            | GrownStep::RoomGrown { .. }
            | GrownStep::DoorsChosen { .. }
            | GrownStep::LoopsConsidered { .. } => {}
            GrownStep::RoomPlaced { cells, pose, attach, search, .. } => {
                cells.iter_mut().for_each(mv);
                mv(&mut pose.origin);
                if let Some(a) = attach {
                    mv(&mut a.door);
                }
                search.shift(dx, dy);
            }
            GrownStep::RoomNotPlaced { search, .. } => search.shift(dx, dy),
            GrownStep::CorridorDug { from, to, path, .. } => {
                mv(&mut from.cell);
                mv(&mut to.cell);
                path.iter_mut().for_each(mv);
            }
        }
    }

    /// A grown room's cells in the order they grew (where the room ends up), its holes, its
    /// doors; a placed room with the places its placement refused and the door it was attached
    /// at; corridors along their path.
    fn marks(&self, before: &[Step], after: &[Step]) -> Vec<Mark> {
        // A growth and its doors are in the room's own frame: drawn where the room goes.
        let pose = self.framed_room().and_then(|r| GrownStep::pose_of(before, r).or(GrownStep::pose_of(after, r)));
        match self {
            GrownStep::RoomGrown { cells, holes, outcome, .. } => {
                let Some(pose) = pose else { return Vec::new() };
                let role = if *outcome == Growth::Kept { Role::Made } else { Role::Refused };
                let mut marks = vec![
                    Mark::Growth { tiles: cells.iter().map(|c| pose.place(*c)).collect() },
                    Mark::Tiles { tiles: holes.iter().map(|c| pose.place(*c)).collect(), role, outlined: true },
                ];
                marks.extend(cells.first().map(|c| Mark::Start { at: pose.place(*c) }));
                marks
            }
            GrownStep::DoorsChosen { doors, .. } => {
                let Some(pose) = pose else { return Vec::new() };
                let door = |&(c, side, _): &(Pos, Dir, u8)| Mark::Door {
                    at: pose.place_mirrored(c),
                    side: side.turned(pose.quarter_turns),
                    role: Role::Touched,
                };
                doors.iter().map(door).collect()
            }
            GrownStep::RoomPlaced { cells, attach, search, .. } => {
                let mut marks = search.marks();
                marks.push(Mark::Tiles { tiles: cells.clone(), role: Role::Made, outlined: false });
                marks.extend(attach.map(|a| Mark::Ring { at: a.door, role: Role::Touched }));
                marks
            }
            GrownStep::RoomNotPlaced { search, .. } => search.marks(),
            GrownStep::CorridorDug { path, looped, .. } => {
                let role = if *looped { Role::Touched } else { Role::Made };
                vec![Mark::Path { tiles: path.clone(), role }]
            }
            GrownStep::Canvas { .. } | GrownStep::LoopsConsidered { .. } => Vec::new(),
        }
    }
}

impl GrownStep {
    /// The room whose own frame this step's places are in, if they are.
    pub(crate) fn framed_room(&self) -> Option<u32> {
        match self {
            GrownStep::RoomGrown { room, .. } | GrownStep::DoorsChosen { room, .. } => Some(*room),
            _ => None,
        }
    }

    /// Where room `room` was placed, if one of `steps` placed it.
    pub fn pose_of(steps: &[Step], room: u32) -> Option<Pose> {
        steps.iter().find_map(|s| match s {
            Step::Grown(GrownStep::RoomPlaced { room: r, pose, .. }) if *r == room => Some(*pose),
            _ => None,
        })
    }
}
