//! Attaching a room, Brogue's `attachRooms`: a room designed at random, then slid across the
//! dungeon, door site after door site in their random order, until its own door site on the
//! opposite side meets one and every tile of it (and its hallway) lies in rock with rock all
//! round (Brogue's `roomFitsAt`); there it is laid and its door made.

use super::AccretionStep;
use super::dungeon::{Dungeon, Places, Site};
use super::shapes::{self, Design};
use crate::params::accretion::RoomAccretion;
use crate::rng::DelveRng;
use rand::RngExt;

/// How many door sites a try slides its room to before it is refused (Brogue slides it across
/// the whole dungeon; a few dozen random sites find a place as often once the map is not yet
/// full, and cost a try far less once it is).
pub(super) const SLIDE: usize = 32;

/// The random streams a try draws from.
pub(super) struct Draws {
    /// The rooms' designs: shape, size, door sites, hallway.
    pub shapes: DelveRng,
    /// The order of the door sites.
    pub layout: DelveRng,
    pub colours: DelveRng,
}

/// Try `attempt`: a room designed (with a hallway by chance), attached at the first door site
/// where it fits, or refused. What happened, as a step.
pub(super) fn try_room(
    p: &RoomAccretion,
    d: &mut Dungeon,
    design: &mut Design,
    draws: &mut Draws,
    attempt: u32,
) -> AccretionStep {
    let hallway = draws.shapes.random::<f64>() < p.hallway_chance;
    shapes::design(p, &mut draws.shapes, (d.w - 2, d.h - 2), hallway, design);
    let hall = design.hall.len() as u32;
    let Some((site, at)) = slide(d, design, Places(draws.layout.random())) else {
        let (w, h) = (design.bounds.w as u32, design.bounds.h as u32);
        return AccretionStep::AttachRefused { attempt, form: design.form, width: w, height: h, hallway: hall };
    };
    let (room, bounds) = d.lay(design, at, &mut draws.colours);
    d.join(room, design, at, site);
    d.add_sites(design, at, &mut draws.layout);
    let door = Some(d.pos(site as usize >> 2));
    AccretionStep::RoomAttached { room, attempt, form: design.form, cells: design.cells, bounds, door, hallway: hall }
}

/// The first door site where `design` fits with its own door site facing back on it, and how
/// far the design moves to meet it; `None` when it fits at none of the first [`SLIDE`] sites it
/// could meet. The sites are taken in their order, from the ways the design has a door site
/// for, mixed at random (`mix` draws each next way, in proportion to the sites left). Sites no
/// room can use any more are dropped on the way, and those where this one does not fit go to
/// the back.
fn slide(d: &mut Dungeon, design: &Design, mut mix: Places) -> Option<(Site, (i32, i32))> {
    let steps = [d.step(0), d.step(1), d.step(2), d.step(3)];
    // The sites left to look at facing each way (the design's own site faces the other way).
    let mut left: [usize; 4] =
        std::array::from_fn(|k| if design.sites[(k + 2) & 3].is_some() { d.sites[k].len() } else { 0 });
    let mut total: usize = left.iter().sum();
    let mut looked = 0;
    while looked < SLIDE && total > 0 {
        let pick = mix.below(total);
        // The way whose share of `0..total` holds `pick` (no branch: they are hard to foresee).
        let (c1, c2) = (left[0], left[0] + left[1]);
        let dir = usize::from(pick >= c1) + usize::from(pick >= c2) + usize::from(pick >= c2 + left[2]);
        left[dir] -= 1;
        total -= 1;
        let site = d.sites[dir].pop();
        let at = site as usize >> 2;
        if d.blocked.at(at.wrapping_add(steps[dir])) {
            continue;
        }
        let Some(door) = design.sites[(dir + 2) & 3] else { continue };
        let p = d.pos(at);
        let moved = (p.x - door.x, p.y - door.y);
        if fits(d, design, moved, dir == 0) {
            return Some((site, moved));
        }
        looked += 1;
        d.sites[dir].push(site);
    }
    None
}

/// Whether `design` moved by `(dx, dy)` lies inside the map, every tile of it (and of its
/// hallway) unblocked: rock with rock all round. The rows nearest the dungeon are looked at
/// first (the last ones when the room lies `north` of its door).
fn fits(d: &Dungeon, design: &Design, (dx, dy): (i32, i32), north: bool) -> bool {
    let e = design.extent;
    if e.x + dx < 1 || e.y + dy < 1 || e.right() + dx > d.w - 1 || e.bottom() + dy > d.h - 1 {
        return false;
    }
    if design.hall.iter().any(|t| d.blocked.at(d.place(t.offset(dx, dy)))) {
        return false;
    }
    let clear = |&(y, x0, x1): &(i32, i32, i32)| !d.blocked.any(y + dy, x0 + dx, x1 + dx);
    if north { design.spans.iter().rev().all(clear) } else { design.spans.iter().all(clear) }
}
