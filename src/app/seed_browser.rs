//! The seed browser window: a page of thumbnails of the current parameters, rendered on the
//! worker pool and shown as they arrive; sort and filter by a stat; starred seeds with notes (the
//! session owns them; this window shows them and asks for changes with commands); a history of
//! viewed seeds with back and forward. Seeds picked in the Explore window are paged through
//! here too, filtered and sorted across the whole run.

use super::Command;
use super::dock::{Dockable, Host, Place, host as host_window};
use super::explore::LocksShown;
use super::jobs::{Event, Job, JobId};
use crate::analysis::explore::{Condition, Op, Run, describe};
use crate::analysis::sweep::Figures;
use crate::analysis::{PageKind, PageSpec, SeedHistory, Stat, ThumbCache, Thumbnail, View, run_key};
use crate::app::command::{ParamsCommand, WindowCommand};
use crate::io::StarredSeed;
use crate::map::locks::Kept;
use crate::params::GeneratorParams;
use egui::{Color32, Key, Modifiers, Sense, Stroke, TextureHandle, vec2};
use std::collections::HashMap;
use std::sync::Arc;

mod ui;
pub(super) use ui::locks_note_ui;
pub use ui::seed_browser_ui;

/// What the explored seeds were listed for: the browser's filter (figure, least value), its
/// sort and whether largest first.
pub type ListKey = (Option<(Stat, f64)>, Stat, bool);

/// The explored seeds to list for the browser (on the worker pool: a run may hold a million).
pub struct ListRequest {
    pub run: Arc<Run>,
    pub conditions: Vec<Condition>,
    pub key: ListKey,
}

impl ListRequest {
    /// The seeds of the run meeting the conditions, in the order the key asks.
    pub fn list(&self) -> Vec<u64> {
        let (_, sort, descending) = self.key;
        self.run.select(&self.conditions, sort, descending)
    }
}

/// Seeds of an Explore run, paged through in the browser.
pub struct ExploredSeeds {
    run: Arc<Run>,
    /// The run's parameters key: the browser shows the current parameters, so a change of
    /// parameters ends this.
    key: String,
    /// The conditions picked in the Explore window.
    conditions: Vec<Condition>,
    /// The first seed of the page, as an index into `list`.
    start: usize,
    /// The seeds meeting the conditions and the browser's filter, in the browser's order...
    list: Vec<u64>,
    /// ... for this filter and order.
    list_for: Option<ListKey>,
    /// The job listing them anew, and for what.
    list_job: Option<(Job<Vec<u64>>, ListKey)>,
}

/// What a thumbnail job hands back: each thumbnail as it is made, then the end of the page.
pub enum ThumbnailsOut {
    Thumbnail(Box<Thumbnail>),
    /// The page is done; `error` when a thumbnail could not be made.
    Done {
        error: Option<String>,
    },
}

impl ExploredSeeds {
    /// The maps of the run.
    pub fn total(&self) -> usize {
        self.run.rows.len()
    }

    /// The seeds that match, in order.
    pub fn matching(&self) -> &[u64] {
        &self.list
    }

    /// The figure `stat` of `seed`'s map as the run measured it (figures from play too).
    pub fn value(&self, seed: u64, stat: Stat) -> Option<f64> {
        let i = usize::try_from(seed.checked_sub(self.run.seeds.start)?).ok()?;
        self.run.rows.get(i).filter(|r| r.seed == seed).map(|r| r.get(stat))
    }

    /// The conditions, as text.
    pub fn describe(&self) -> String {
        describe(&self.conditions)
    }
}

/// Largest side of a thumbnail in pixels.
pub const THUMB_PX: u32 = 160;
/// Thumbnails kept in memory (a few pages of every parameter set looked at).
const CACHE_SIZE: usize = 600;

/// A page of thumbnails to render (the app runs it on the worker pool).
pub struct ThumbnailRequest {
    pub params: GeneratorParams,
    /// The locks the maps are made around, as a regeneration would.
    pub kept: Option<Arc<Kept>>,
    /// The parameters' cache key.
    pub key: String,
    pub seeds: Vec<u64>,
    /// Largest side in pixels.
    pub px: u32,
}

/// State of the seed browser (runtime only).
pub struct SeedBrowser {
    pub open: bool,
    pub page: PageSpec,
    pub view: View,
    pub filter_on: bool,
    pub filter_stat: Stat,
    pub filter_min: f64,
    /// The thumbnail the keys move from.
    pub selected: Option<u64>,
    pub history: SeedHistory,
    /// Thumbnails per row in the last frame (for the up/down keys).
    pub columns: usize,
    last_shown: Option<u64>,
    cache: ThumbCache,
    /// The page being rendered: its job and parameters key.
    render: Option<(Job<ThumbnailsOut>, String)>,
    /// What the last render was asked for: (params key, seeds).
    requested: Option<(String, Vec<u64>)>,
    error: Option<String>,
    textures: HashMap<u64, TextureHandle>,
    textures_key: String,
    /// Seeds picked in the Explore window, when the browser shows them instead of pages.
    explored: Option<ExploredSeeds>,
    /// The locks the thumbnails are made around (those of the next regeneration).
    locks: Option<Arc<Kept>>,
    /// Why the map's locks cannot be kept, when they cannot (the thumbnails are without them).
    locks_error: Option<String>,
}

impl Default for SeedBrowser {
    fn default() -> Self {
        Self {
            open: false,
            page: PageSpec { kind: PageKind::Consecutive { start: 0 }, size: 24 },
            view: View::default(),
            filter_on: false,
            filter_stat: Stat::Rooms,
            filter_min: 12.0,
            selected: None,
            history: SeedHistory::default(),
            columns: 1,
            last_shown: None,
            cache: ThumbCache::new(CACHE_SIZE),
            render: None,
            requested: None,
            error: None,
            textures: HashMap::new(),
            textures_key: String::new(),
            explored: None,
            locks: None,
            locks_error: None,
        }
    }
}

impl SeedBrowser {
    /// Whether thumbnails are still being rendered.
    pub fn is_busy(&self) -> bool {
        self.render.is_some()
            || self.explored.as_ref().is_some_and(|e| e.list_job.is_some())
            || (self.open && self.requested.as_ref().is_none_or(|(_, s)| *s != self.seeds()))
    }

    /// The seeds on show: the page, or a page of the explored seeds.
    pub fn seeds(&self) -> Vec<u64> {
        match &self.explored {
            Some(e) => {
                let n = self.page.size.clamp(*crate::analysis::PAGE_SIZES.start(), *crate::analysis::PAGE_SIZES.end());
                e.list.iter().skip(e.start).take(n).copied().collect()
            }
            None => self.page.seeds(),
        }
    }

    /// Shows the seeds of `run` meeting `conditions` (and the browser's own filter), across the
    /// whole run, page by page.
    pub fn show_explored(&mut self, run: Arc<Run>, conditions: Vec<Condition>) {
        let key = run.key();
        self.explored =
            Some(ExploredSeeds { run, key, conditions, start: 0, list: Vec::new(), list_for: None, list_job: None });
        self.selected = None;
    }

    /// Back to pages of seeds.
    pub fn leave_explored(&mut self) {
        self.explored = None;
        self.selected = None;
    }

    /// The figures the seeds on show can be sorted and filtered by: the seed, and the figures
    /// of the maps (and from play, when the Explore run on show measured them).
    pub fn sortable(&self) -> Vec<Stat> {
        let figures = self.explored.as_ref().map_or(Figures::OfTheMap, |e| e.run.figures);
        std::iter::once(Stat::Seed).chain(figures.stats()).collect()
    }

    /// Back to sorting by seed and filtering on rooms when the figure chosen is not one the
    /// seeds on show have (a figure from play, after leaving a played Explore run).
    pub fn keep_sortable(&mut self) {
        let sortable = self.sortable();
        if !sortable.contains(&self.view.sort) {
            self.view.sort = Stat::Seed;
        }
        if !sortable.contains(&self.filter_stat) {
            self.filter_stat = Stat::Rooms;
        }
    }

    /// The explored seeds on show, if any.
    pub fn explored(&self) -> Option<&ExploredSeeds> {
        self.explored.as_ref()
    }

    /// The next page (`forward`) or the previous one.
    pub fn step_page(&mut self, forward: bool) {
        match &mut self.explored {
            Some(e) => {
                let n = self.page.size.max(1);
                e.start = if forward {
                    if e.start + n < e.list.len() { e.start + n } else { e.start }
                } else {
                    e.start.saturating_sub(n)
                };
            }
            None => self.page = self.page.step(forward),
        }
        self.selected = None;
    }

    /// The explored seeds to list anew when they were never listed or the filter or the order
    /// changed (the app runs it on the worker pool).
    pub fn list_request(&mut self) -> Option<ListRequest> {
        if !self.open {
            return None;
        }
        let filter = self.filter_on.then_some((self.filter_stat, self.filter_min));
        let wanted = (filter, self.view.sort, self.view.descending);
        let e = self.explored.as_mut()?;
        if e.list_for == Some(wanted) || e.list_job.as_ref().is_some_and(|(_, k)| *k == wanted) {
            return None;
        }
        let mut conditions = e.conditions.clone();
        if let Some((stat, min)) = filter {
            conditions.push(Condition { stat, op: Op::AtLeast, value: min });
        }
        Some(ListRequest { run: e.run.clone(), conditions, key: wanted })
    }

    /// The explored seeds are being listed by `job`.
    pub fn listing(&mut self, job: Job<Vec<u64>>, key: ListKey) {
        if let Some(e) = &mut self.explored {
            e.list_job = Some((job, key));
        }
    }

    /// The job listing the explored seeds, if one runs.
    pub fn list_job(&self) -> Option<JobId> {
        self.explored.as_ref().and_then(|e| e.list_job.as_ref()).map(|(job, _)| job.id())
    }

    /// The thumbnail of `seed` for `params` (around the locks the browser shows), when rendered.
    pub fn thumbnail(&self, params: &GeneratorParams, seed: u64) -> Option<&Thumbnail> {
        self.cache.get(&self.key(params), seed)
    }

    /// The locks the thumbnails are made around, if any.
    pub fn locks(&self) -> Option<&Arc<Kept>> {
        self.locks.as_ref()
    }

    /// The thumbnails' cache key: the parameters, and the locks when there are some.
    fn key(&self, params: &GeneratorParams) -> String {
        run_key(params, self.locks.as_deref())
    }

    /// The seed of the map shown in the main view (each frame): a newly shown seed joins the
    /// history. Only changes count, so going back does not record the map still shown while the
    /// older seed is being generated.
    pub fn observe(&mut self, seed: Option<u64>) {
        if seed != self.last_shown {
            self.last_shown = seed;
            if let Some(s) = seed {
                self.history.visit(s);
            }
        }
    }

    /// The page to render for `params` when it is not what was last asked for (the app starts
    /// it on the worker pool, cancelling the page it replaces).
    /// `locks`: those the next regeneration keeps (the same shared locks from frame to frame
    /// while they do not change), or why they cannot be kept.
    pub fn sync(&mut self, params: &GeneratorParams, locks: LocksShown<'_>) -> Option<ThumbnailRequest> {
        if !self.open {
            return None;
        }
        self.locks = locks.ok().flatten().cloned();
        self.locks_error = locks.err().map(str::to_string);
        let key = self.key(params);
        if self.explored.as_ref().is_some_and(|e| e.key != key) {
            // The explored seeds were of other parameters.
            self.explored = None;
        }
        if self.textures_key != key {
            self.textures.clear();
            self.textures_key.clone_from(&key);
        }
        let seeds = self.seeds();
        if self.requested.as_ref().is_some_and(|(k, s)| *k == key && *s == seeds) {
            return None;
        }
        self.error = None;
        self.requested = Some((key.clone(), seeds.clone()));
        let missing: Vec<u64> = seeds.into_iter().filter(|s| self.cache.get(&key, *s).is_none()).collect();
        if missing.is_empty() {
            self.render = None;
            return None;
        }
        let kept = self.locks().cloned();
        Some(ThumbnailRequest { params: params.clone(), kept, key, seeds: missing, px: THUMB_PX })
    }

    /// The job rendering the current page, if any.
    pub fn render_job(&self) -> Option<JobId> {
        self.render.as_ref().map(|(job, _)| job.id())
    }

    /// The page is being rendered by `job`.
    pub fn started(&mut self, job: Job<ThumbnailsOut>, key: String) {
        self.render = Some((job, key));
    }

    /// What the listing and thumbnail jobs reported since the last frame.
    pub fn poll(&mut self) {
        self.poll_list();
        let Some((job, key)) = &self.render else { return };
        let (events, key) = (job.poll(), key.clone());
        for e in events {
            match e {
                Event::Report(ThumbnailsOut::Thumbnail(t)) => self.cache.insert(&key, *t),
                Event::Done(ThumbnailsOut::Done { error }) => {
                    self.error = error;
                    self.render = None;
                }
                Event::Failed(message) => {
                    self.error = Some(message);
                    self.render = None;
                }
                Event::Report(ThumbnailsOut::Done { .. }) | Event::Done(ThumbnailsOut::Thumbnail(_)) => {}
            }
        }
    }

    fn poll_list(&mut self) {
        let Some(e) = &mut self.explored else { return };
        let Some((job, key)) = &e.list_job else { return };
        let (events, key) = (job.poll(), *key);
        for out in events {
            e.list_job = None;
            match out {
                Event::Done(list) => {
                    e.list = list;
                    e.list_for = Some(key);
                    e.start = 0;
                    self.selected = None;
                }
                Event::Failed(message) => self.error = Some(message),
                Event::Report(_) => {}
            }
        }
    }

    fn texture(&mut self, ctx: &egui::Context, seed: u64) -> Option<TextureHandle> {
        if let Some(t) = self.textures.get(&seed) {
            return Some(t.clone());
        }
        let th = self.cache.get(&self.textures_key, seed)?;
        let img = egui::ColorImage::from_rgba_unmultiplied([th.width as usize, th.height as usize], &th.rgba);
        let tex = ctx.load_texture(format!("delve-thumb-{seed}"), img, egui::TextureOptions::NEAREST);
        if self.textures.len() > 2 * crate::analysis::PAGE_SIZES.end() {
            self.textures.clear();
        }
        self.textures.insert(seed, tex.clone());
        Some(tex)
    }

    /// The page in display order: `(seed, rendered)`; filtered out seeds are left out, seeds not
    /// rendered yet come last.
    pub fn ordered(&self) -> Vec<(u64, bool)> {
        let seeds = self.seeds();
        if self.explored.is_some() {
            // Already filtered and sorted across the whole run.
            return seeds.iter().map(|s| (*s, self.cache.get(&self.textures_key, *s).is_some())).collect();
        }
        let ready: Vec<(u64, crate::map::metrics::Metrics)> =
            seeds.iter().filter_map(|s| self.cache.get(&self.textures_key, *s).map(|t| (*s, t.metrics))).collect();
        let mut view = self.view;
        view.filter = self.filter_on.then_some((self.filter_stat, self.filter_min));
        let mut out: Vec<(u64, bool)> =
            view.apply(&ready).into_iter().filter_map(|i| ready.get(i).map(|(s, _)| (*s, true))).collect();
        out.extend(seeds.iter().filter(|s| self.cache.get(&self.textures_key, **s).is_none()).map(|s| (*s, false)));
        out
    }

    /// Arrow keys move through the page (opening each seed), page keys through pages. Only while
    /// the browser is open and no text field has the keyboard.
    pub fn keys(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let columns = self.columns;
        if !self.open || ctx.egui_wants_keyboard_input() {
            return;
        }
        let (mut step, mut page) = (0i64, 0i64);
        ctx.input_mut(|i| {
            if i.consume_key(Modifiers::NONE, Key::ArrowLeft) {
                step = -1;
            }
            if i.consume_key(Modifiers::NONE, Key::ArrowRight) {
                step = 1;
            }
            if i.consume_key(Modifiers::NONE, Key::ArrowUp) {
                step = -(columns.max(1) as i64);
            }
            if i.consume_key(Modifiers::NONE, Key::ArrowDown) {
                step = columns.max(1) as i64;
            }
            if i.consume_key(Modifiers::NONE, Key::PageUp) {
                page = -1;
            }
            if i.consume_key(Modifiers::NONE, Key::PageDown) {
                page = 1;
            }
        });
        if page != 0 {
            self.step_page(page > 0);
        }
        if step != 0 {
            let order = self.ordered();
            let here = self.selected.and_then(|s| order.iter().position(|(x, _)| *x == s));
            let next = match here {
                Some(i) => (i as i64 + step).clamp(0, order.len() as i64 - 1) as usize,
                None => 0,
            };
            if let Some((s, _)) = order.get(next) {
                self.selected = Some(*s);
                out.push(Command::Params(ParamsCommand::OpenSeed(*s)));
            }
        }
    }
}
