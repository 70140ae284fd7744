//! Play: the player on a map, a step at a time, as a game moves them — the rules of the
//! player's walk ([`crate::map::certify`]): rock, tiles of a kind no one stands on and locked
//! doors block; a key is picked up by stepping on it, and opens its door; a secret door is found
//! by bumping into it. What the player sees is the field of view ([`crate::fov`]), and what they
//! saw stays known (fog of war). Two bots play for the designer: *auto-explore* walks to the
//! nearest place the player has not seen around until all is seen, and *auto-solve* follows the
//! certifier's route (the nearest key it needs until the exit is open, then the exit).
//!
//! Playing changes nothing on the map: the picked keys, opened doors and fog are the play's own.

mod heat;

pub use heat::{Heat, heat_map};

use crate::fov::field_of_view;
use crate::geom::Pos;
use crate::map::{Map, Opening};
use std::collections::VecDeque;
use std::sync::Arc;

/// How play goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaySettings {
    /// How far the player sees (0: as far as the map goes).
    pub radius: u32,
    /// Steps to the eight tiles around (diagonals too), or only the four beside.
    pub eight_ways: bool,
}

impl Default for PlaySettings {
    fn default() -> Self {
        Self { radius: 10, eight_ways: true }
    }
}

/// Why play cannot start on a map.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the spawn ({0}, {1}) is off the map: place the spawn (Spawn tool) first")]
    SpawnOffMap(i32, i32),
    #[error("the spawn ({0}, {1}) is on rock: place the spawn on a floor tile (Spawn tool)")]
    SpawnOnRock(i32, i32),
    #[error("the spawn ({0}, {1}) is on {2}, where no one stands: place the spawn on a floor tile (Spawn tool)")]
    SpawnBlocked(i32, i32, String),
}

/// What a step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moved {
    Stepped,
    /// Stepped onto a key and picked it up.
    PickedKey(u32),
    /// Opened a locked door with its key, and stepped into it.
    Unlocked(u32),
    /// Bumped into a secret door and found it (the player stays).
    FoundSecret,
    Blocked(Blocked),
}

/// What stopped a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Blocked {
    OffMap,
    Rock,
    /// A tile of a kind no one stands on (its name).
    Kind(String),
    /// A locked door whose key the player does not hold.
    Locked(u32),
    /// A diagonal step when playing four ways.
    Diagonal,
}

impl std::fmt::Display for Blocked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Blocked::OffMap => write!(f, "the edge of the map"),
            Blocked::Rock => write!(f, "rock"),
            Blocked::Kind(k) => write!(f, "{k}: no one stands there"),
            Blocked::Locked(k) => write!(f, "locked: it takes key {k}"),
            Blocked::Diagonal => write!(f, "playing four ways: no diagonal steps"),
        }
    }
}

/// How a tile may be entered, as the player knows it.
enum Enter {
    Step,
    /// A locked door whose key is held (door index).
    Unlock(usize, u32),
    /// A secret door not found yet (door index).
    Find(usize),
}

/// A play of one map (see the module doc).
#[derive(Clone, Debug)]
pub struct Play {
    map: Arc<Map>,
    settings: PlaySettings,
    at: Pos,
    steps: u32,
    /// Keys held, in the order picked up.
    keys: Vec<u32>,
    /// Key markers picked up, by index in `map.markers`.
    taken: Vec<bool>,
    /// Per tile, row-major: its doors (an index into `door_groups`; `u32::MAX`: none).
    door_group: Vec<u32>,
    /// The doors on a tile, by index in `map.doors`.
    door_groups: Vec<Vec<usize>>,
    /// Per tile, row-major: whether the player sees through it now (floor whose doors, if
    /// any, are arches or open).
    clear: Vec<bool>,
    /// Doors opened (walked through, unlocked) or, for secret ones, found.
    opened: Vec<bool>,
    /// Tiles seen, row-major.
    seen: Vec<bool>,
    seen_walkable: usize,
    walkable: usize,
    /// The turn each tile was last in view, row-major; `turn` is this one.
    in_view: Vec<u32>,
    turn: u32,
    view: Vec<Pos>,
    /// The bot's way: tiles still to step on, the next last.
    route: Vec<Pos>,
    /// The steps a player may take, in the order searches try them (the four beside first;
    /// a heat map's runs each shuffle them, so ties break their own way).
    ways: [(i32, i32); 8],
    /// The step each tile was first seen at (`u32::MAX`: never), row-major.
    seen_at: Vec<u32>,
}

impl Play {
    /// The player on `map`'s spawn, looking around; or why play cannot start there.
    pub fn new(map: Arc<Map>, settings: PlaySettings) -> Result<Play, PlayError> {
        let spawn = map.spawn;
        Play::starting_at(map, settings, spawn)
    }

    /// The player on tile `s` of `map` (a staircase they arrived by), looking around.
    pub fn starting_at(map: Arc<Map>, settings: PlaySettings, s: Pos) -> Result<Play, PlayError> {
        if !map.in_bounds(s) {
            return Err(PlayError::SpawnOffMap(s.x, s.y));
        }
        if !map.tile(s).is_some_and(|t| t.is_walkable()) {
            return Err(PlayError::SpawnOnRock(s.x, s.y));
        }
        if !map.walkable(s) {
            return Err(PlayError::SpawnBlocked(s.x, s.y, kind_name(&map, s)));
        }
        let n = map.tiles().as_slice().len();
        let w = map.width() as usize;
        let (mut door_group, mut door_groups) = (vec![u32::MAX; n], Vec::<Vec<usize>>::new());
        for (i, d) in map.doors.iter().enumerate() {
            let p = d.outside();
            if !map.in_bounds(p) {
                continue;
            }
            let t = p.y as usize * w + p.x as usize;
            if door_group[t] == u32::MAX {
                door_group[t] = door_groups.len() as u32;
                door_groups.push(Vec::new());
            }
            door_groups[door_group[t] as usize].push(i);
        }
        let clear = map
            .tiles()
            .as_slice()
            .iter()
            .zip(&door_group)
            .map(|(t, &g)| {
                t.is_walkable()
                    && door_groups
                        .get(g as usize)
                        .is_none_or(|ds| ds.iter().all(|&d| map.doors[d].opening == Opening::Arch))
            })
            .collect();
        let walkable = (0..n).filter(|&i| map.walkable(map.tiles().pos_of(i))).count();
        let mut play = Play {
            taken: vec![false; map.markers.len()],
            opened: vec![false; map.doors.len()],
            seen: vec![false; n],
            in_view: vec![0; n],
            map,
            settings,
            at: s,
            steps: 0,
            keys: Vec::new(),
            door_group,
            door_groups,
            clear,
            seen_walkable: 0,
            walkable,
            turn: 0,
            view: Vec::new(),
            route: Vec::new(),
            ways: [(0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1)],
            seen_at: vec![u32::MAX; n],
        };
        play.arrive();
        Ok(play)
    }

    pub fn map(&self) -> &Arc<Map> {
        &self.map
    }

    pub fn settings(&self) -> PlaySettings {
        self.settings
    }

    /// Plays on with other settings (a wider view, four ways): what was seen stays seen.
    pub fn set_settings(&mut self, settings: PlaySettings) {
        self.settings = settings;
        self.route.clear();
        self.look();
    }

    /// Where the player stands.
    pub fn at(&self) -> Pos {
        self.at
    }

    pub fn steps(&self) -> u32 {
        self.steps
    }

    /// Keys held, in the order picked up.
    pub fn keys(&self) -> &[u32] {
        &self.keys
    }

    /// Whether the player has seen tile `p`.
    pub fn seen(&self, p: Pos) -> bool {
        self.place(p).is_some_and(|i| self.seen[i])
    }

    /// Whether tile `p` is in view now.
    pub fn in_view(&self, p: Pos) -> bool {
        self.place(p).is_some_and(|i| self.in_view[i] == self.turn)
    }

    /// The tiles in view now.
    pub fn view(&self) -> &[Pos] {
        &self.view
    }

    /// The share of the map's walkable tiles seen (0 to 1).
    pub fn share_seen(&self) -> f64 {
        self.seen_walkable as f64 / self.walkable.max(1) as f64
    }

    /// Whether the key marker `i` (in `map.markers`) was picked up.
    pub fn taken(&self, i: usize) -> bool {
        self.taken.get(i).copied().unwrap_or(false)
    }

    /// Whether door `i` (in `map.doors`) is open (walked through, unlocked) or, if secret, found.
    pub fn opened(&self, i: usize) -> bool {
        self.opened.get(i).copied().unwrap_or(false)
    }

    /// The stair marker the player stands on (`stairs_down`, `stairs_up`, `branch`), if any.
    pub fn on_stairs(&self) -> Option<&str> {
        use crate::params::markers::STAIRS;
        self.map
            .markers
            .iter()
            .find(|m| m.at == self.at && STAIRS.iter().any(|s| s.0 == m.kind))
            .map(|m| m.kind.as_str())
    }

    /// Steps by `(dx, dy)` (each -1, 0 or 1).
    pub fn step(&mut self, dx: i32, dy: i32) -> Moved {
        if dx != 0 && dy != 0 && !self.settings.eight_ways {
            return Moved::Blocked(Blocked::Diagonal);
        }
        let to = self.at.offset(dx.signum(), dy.signum());
        let moved = match self.enter(to, true) {
            Err(b) => return Moved::Blocked(b),
            Ok(Enter::Find(d)) => {
                self.open(d);
                self.look();
                return Moved::FoundSecret;
            }
            Ok(Enter::Unlock(d, k)) => {
                self.open(d);
                Moved::Unlocked(k)
            }
            Ok(Enter::Step) => Moved::Stepped,
        };
        self.at = to;
        self.steps += 1;
        let picked = self.arrive();
        match (moved, picked) {
            (Moved::Stepped, Some(k)) => Moved::PickedKey(k),
            (m, _) => m,
        }
    }

    /// The player is on a new tile: the doors on it are open, a key on it is picked up (which),
    /// and they look around.
    fn arrive(&mut self) -> Option<u32> {
        let here = self.doors_here(self.at).to_vec();
        for d in here {
            self.open(d);
        }
        let mut picked = None;
        for (i, m) in self.map.markers.iter().enumerate() {
            if m.at == self.at
                && !self.taken[i]
                && let Some(k) = m.key
            {
                self.taken[i] = true;
                self.keys.push(k);
                picked = Some(k);
            }
        }
        self.look();
        picked
    }

    /// What the player sees from where they stand.
    fn look(&mut self) {
        self.turn = self.turn.wrapping_add(1);
        self.view.clear();
        let (w, h) = (self.map.width(), self.map.height());
        let map = self.map.clone();
        let mut view = std::mem::take(&mut self.view);
        field_of_view(w, h, self.at, self.settings.radius, |p| self.see_through(p), |p| view.push(p));
        for &p in &view {
            let Some(i) = self.place(p) else { continue };
            if self.in_view[i] == self.turn {
                continue;
            }
            self.in_view[i] = self.turn;
            if !self.seen[i] {
                self.seen[i] = true;
                self.seen_at[i] = self.steps;
                self.seen_walkable += usize::from(map.walkable(p));
            }
        }
        view.retain(|p| self.place(*p).is_some());
        view.sort_unstable_by_key(|p| (p.y, p.x));
        view.dedup();
        self.view = view;
    }

    /// Whether the player sees through `p`: floor (of any kind) whose doors are arches or open.
    fn see_through(&self, p: Pos) -> bool {
        self.place(p).is_some_and(|i| self.clear[i])
    }

    /// The doors on tile `p` (by index in `map.doors`).
    fn doors_here(&self, p: Pos) -> &[usize] {
        let g = self.place(p).map_or(u32::MAX, |i| self.door_group[i]);
        self.door_groups.get(g as usize).map_or(&[], Vec::as_slice)
    }

    /// Door `d` is open (walked through, unlocked) or, if secret, found: its tile is seen
    /// through once every door on it is.
    fn open(&mut self, d: usize) {
        self.opened[d] = true;
        let Some(p) = self.map.doors.get(d).map(|d| d.outside()) else { return };
        let open = self.doors_here(p).iter().all(|&k| self.opened[k] || self.map.doors[k].opening == Opening::Arch);
        if let Some(i) = self.place(p) {
            self.clear[i] = open && self.map.tile(p).is_some_and(|t| t.is_walkable());
        }
    }

    /// How the player may enter `p`; `bump`: a step of the player's (a secret door not found is
    /// found by it); a bot's plan (`false`) treats such a door as rock.
    fn enter(&self, p: Pos, bump: bool) -> Result<Enter, Blocked> {
        if !self.map.in_bounds(p) {
            return Err(Blocked::OffMap);
        }
        if !self.map.tile(p).is_some_and(|t| t.is_walkable()) {
            return Err(Blocked::Rock);
        }
        if !self.map.walkable(p) {
            return Err(Blocked::Kind(kind_name(&self.map, p)));
        }
        let mut how = Enter::Step;
        for &d in self.doors_here(p) {
            if self.opened[d] {
                continue;
            }
            match self.map.doors[d].opening {
                Opening::Locked(k) if self.keys.contains(&k) => how = Enter::Unlock(d, k),
                Opening::Locked(k) => return Err(Blocked::Locked(k)),
                Opening::Secret if bump => return Ok(Enter::Find(d)),
                Opening::Secret => return Err(Blocked::Rock),
                _ => {}
            }
        }
        Ok(how)
    }

    fn place(&self, p: Pos) -> Option<usize> {
        self.map.in_bounds(p).then(|| p.y as usize * self.map.width() as usize + p.x as usize)
    }

    /// The steps a player may take from a tile, in the order searches try them.
    fn neighbours(&self) -> &[(i32, i32)] {
        if self.settings.eight_ways { &self.ways } else { &self.ways[..4] }
    }

    /// The step tile `p` was first seen at, if it was.
    pub fn seen_at(&self, p: Pos) -> Option<u32> {
        self.place(p).map(|i| self.seen_at[i]).filter(|s| *s != u32::MAX)
    }

    /// The way to the nearest tile that `goal` accepts, through tiles the player may enter
    /// (only tiles they have seen when `known`), as the tiles to step on with the next last;
    /// `None` when none is reached.
    fn way_to(&self, known: bool, goal: impl Fn(Pos) -> bool) -> Option<Vec<Pos>> {
        let (w, n) = (self.map.width() as usize, self.seen.len());
        let mut from: Vec<u32> = vec![u32::MAX; n];
        let start = self.place(self.at)?;
        from[start] = start as u32;
        let mut queue = VecDeque::from([self.at]);
        while let Some(p) = queue.pop_front() {
            if p != self.at && goal(p) {
                let mut way = vec![p];
                let mut i = self.place(p)?;
                while from[i] as usize != start {
                    i = from[i] as usize;
                    way.push(Pos::new((i % w) as i32, (i / w) as i32));
                }
                return Some(way);
            }
            let i = self.place(p)?;
            for &(dx, dy) in self.neighbours() {
                let q = p.offset(dx, dy);
                let Some(j) = self.place(q) else { continue };
                // The player's plan keeps to what they know; the solver knows the map (and so
                // where the secret doors are).
                if from[j] != u32::MAX || (known && !self.seen[j]) || self.enter(q, !known).is_err() {
                    continue;
                }
                from[j] = i as u32;
                queue.push_back(q);
            }
        }
        None
    }

    /// Whether `p` borders a tile the player has not seen.
    fn at_frontier(&self, p: Pos) -> bool {
        (-1..=1).any(|dy| (-1..=1).any(|dx| self.place(p.offset(dx, dy)).is_some_and(|i| !self.seen[i])))
    }

    /// A key the player has seen and not picked up lies on `p`.
    fn key_seen_at(&self, p: Pos) -> bool {
        self.seen(p) && self.map.markers.iter().enumerate().any(|(i, m)| m.at == p && m.key.is_some() && !self.taken[i])
    }

    /// Auto-explore's next step: toward the nearest tile the player knows that borders what
    /// they have not seen, or a key they have seen; `None` when all they can reach is seen.
    pub fn explore_step(&mut self) -> Option<Moved> {
        let valid = |play: &Play, target: Pos| play.at_frontier(target) || play.key_seen_at(target);
        if self.route.first().is_none_or(|&t| !valid(self, t)) {
            self.route = self.way_to(true, |p| valid(self, p))?;
        }
        self.follow()
    }

    /// Auto-solve's next step, on the certifier's route: the nearest key not yet held while the
    /// exit is not open to the player, then the exit room's nearest tile; `None` once in the exit
    /// room (or when it cannot be reached).
    pub fn solve_step(&mut self, exit: &[Pos]) -> Option<Moved> {
        if exit.contains(&self.at) {
            return None;
        }
        if self.route.is_empty() {
            self.route = match self.way_to(false, |p| exit.contains(&p)) {
                Some(way) => way,
                None => self.way_to(false, |p| {
                    self.map.markers.iter().enumerate().any(|(i, m)| m.at == p && m.key.is_some() && !self.taken[i])
                })?,
            };
        }
        self.follow()
    }

    /// One step along the bot's way (planned again next time if it is blocked).
    fn follow(&mut self) -> Option<Moved> {
        let next = self.route.pop()?;
        let moved = self.step(next.x - self.at.x, next.y - self.at.y);
        if matches!(moved, Moved::Blocked(_) | Moved::FoundSecret) {
            self.route.clear();
        }
        Some(moved)
    }
}

/// The name of the tile kind at `p` ("a chasm"), or "a tile" when it has none.
fn kind_name(map: &Map, p: Pos) -> String {
    let i = p.y as usize * map.width() as usize + p.x as usize;
    map.terrain().kind(map.terrain().at(i)).map_or_else(|| "a tile".into(), |k| k.name.clone())
}

/// What a player feels on the way to the exit, walking the certifier's route (auto-solve) from
/// the spawn with the field of view of `settings`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExitFigures {
    /// Steps until a tile of the exit room first comes into view (0: seen from the spawn).
    pub steps_to_see_exit: u32,
    /// The share of the map's walkable tiles seen by the time the exit room is reached (0 to 1).
    pub seen_on_the_way: f64,
}

/// [`ExitFigures`] of `map`, whose exit room has the tiles `exit`; `None` when play cannot
/// start or the route does not reach the exit.
pub fn exit_figures(map: Arc<Map>, settings: PlaySettings, exit: &[Pos]) -> Option<ExitFigures> {
    let mut play = Play::new(map, settings).ok()?;
    let sees_exit = |play: &Play| exit.iter().any(|p| play.in_view(*p));
    let mut saw = sees_exit(&play).then_some(0);
    while let Some(moved) = play.solve_step(exit) {
        if matches!(moved, Moved::Blocked(_)) {
            return None;
        }
        if saw.is_none() && sees_exit(&play) {
            saw = Some(play.steps());
        }
    }
    exit.contains(&play.at())
        .then(|| ExitFigures { steps_to_see_exit: saw.unwrap_or(play.steps()), seen_on_the_way: play.share_seen() })
}

/// [`ExitFigures`] of `map`, its exit room as the certifier finds it ([`crate::map::certify`]);
/// `None` when play cannot start, the map has no exit or the route does not reach it.
pub fn exit_figures_of(map: &Map, settings: PlaySettings) -> Option<ExitFigures> {
    let exit = crate::map::certify::certify(map).exit?;
    let cells = map.rooms.get(exit)?.shape.cells();
    exit_figures(Arc::new(map.clone()), settings, &cells)
}
