//! Explore's histograms: one per figure, with numbers on both axes, the count and range of the
//! bar under the pointer, and the seeds the conditions pick drawn over every histogram (so a
//! designer sees what picking "rooms >= 20" does to the longest path). Dragging over one, or
//! clicking a bar, picks that range.

use super::{Explore, NOW_COLOUR, SAVED_COLOUR, group_thousands};
use crate::analysis::Stat;
use crate::analysis::explore::{self, Charts, Condition, Histogram, Run};
use egui::{Color32, vec2};
use egui_plot::{Bar, BarChart, GridInput, GridMark, Plot, Span};

/// The colour of the seeds the conditions pick.
pub const PICKED_COLOUR: Color32 = Color32::from_rgb(0xf4, 0xd0, 0x3c);

/// Counts of the picked seeds in each figure's bins, for (conditions text, runs shown).
pub(super) struct Highlight {
    conditions: String,
    keys: Vec<String>,
    counts: Vec<(Stat, Vec<u64>)>,
}

impl Highlight {
    /// The picked seeds' counts in `charts`' bins of the current run (`now`), made again only
    /// when the conditions or the runs change; `None` without conditions.
    fn of<'a>(
        cache: &'a mut Option<Highlight>,
        conditions_text: &str,
        keys: &[String],
        conditions: &[Condition],
        charts: &Charts,
        now: &Run,
    ) -> Option<&'a Highlight> {
        if conditions.is_empty() {
            return None;
        }
        let fresh = cache.as_ref().is_some_and(|h| h.conditions == conditions_text && h.keys == keys);
        if !fresh {
            let rows: Vec<_> = now.rows.iter().filter(|r| explore::matches(conditions, r)).collect();
            let counts = Stat::metrics()
                .iter()
                .filter_map(|s| charts.of_stat(*s).first().map(|h| (*s, h.count(rows.iter().copied()))))
                .collect();
            *cache = Some(Highlight { conditions: conditions_text.to_string(), keys: keys.to_vec(), counts });
        }
        cache.as_ref()
    }

    fn of_stat(&self, stat: Stat) -> Option<&[u64]> {
        self.counts.iter().find(|(s, _)| *s == stat).map(|(_, c)| c.as_slice())
    }
}

/// A histogram per figure, in a grid; dragging over one (or clicking a bar) picks that range.
/// `keys`: the runs shown, `now` the current one.
pub(super) fn histograms_ui(ui: &mut egui::Ui, e: &mut Explore, charts: &Charts, keys: &[String], now: &Run) {
    let conditions = explore::parse(&e.conditions).unwrap_or_default();
    // Lent out of the window's state while its histograms are drawn (they change the rest).
    let mut cache = e.highlight.take();
    let picked = Highlight::of(&mut cache, &e.conditions, keys, &conditions, charts, now);
    let columns = ((ui.available_width() / 300.0).floor() as usize).clamp(1, 4);
    let width = (ui.available_width() - 8.0 * columns as f32) / columns as f32;
    egui::Grid::new("delve-explore-grid").spacing(vec2(8.0, 8.0)).show(ui, |ui| {
        let stats: Vec<Stat> = charts.histograms.iter().filter_map(|h| h.first().map(|h| h.stat)).collect();
        for (n, stat) in stats.iter().enumerate() {
            let hists = charts.of_stat(*stat);
            ui.vertical(|ui| {
                ui.set_width(width);
                ui.label(egui::RichText::new(stat.label()).strong()).on_hover_text(stat.help());
                let matched = picked.and_then(|h| h.of_stat(*stat));
                if let Some(picked) = histogram_ui(ui, e, *stat, hists, matched, &conditions, width) {
                    let new = explore::replace_stat(&conditions, *stat, &picked);
                    e.conditions = explore::describe(&new);
                }
            });
            if (n + 1) % columns == 0 {
                ui.end_row();
            }
        }
    });
    e.highlight = cache;
}

/// One figure's histograms (the current run, and the saved one over it); returns the
/// conditions picked by a drag or a click.
fn histogram_ui(
    ui: &mut egui::Ui,
    e: &mut Explore,
    stat: Stat,
    hists: &[Histogram],
    matched: Option<&[u64]>,
    conditions: &[Condition],
    width: f32,
) -> Option<Vec<Condition>> {
    let first = hists.first()?;
    let charts: Vec<BarChart> = hists
        .iter()
        .enumerate()
        .map(|(i, h)| {
            // The saved run goes over the current one, see-through, so both show where they
            // overlap.
            let colour = match (i, matched.is_some()) {
                (0, false) => NOW_COLOUR,
                // Under the picked seeds, the whole run is dimmed.
                (0, true) => NOW_COLOUR.gamma_multiply(0.45),
                _ => SAVED_COLOUR.gamma_multiply(0.55),
            };
            bar_chart(if i == 0 { "now" } else { e.other_name() }, h, &h.counts, 0.95, colour)
        })
        .chain(matched.map(|counts| bar_chart("picked", first, counts, 0.6, PICKED_COLOUR)))
        .collect();
    // The range the conditions pick on this figure, drawn as a band.
    let lo = conditions.iter().filter(|c| c.stat == stat).filter_map(lower).fold(f64::NEG_INFINITY, f64::max);
    let hi = conditions.iter().filter(|c| c.stat == stat).filter_map(upper).fold(f64::INFINITY, f64::min);
    let (mut x0, mut x1) = (first.start, first.start + first.width * first.counts.len() as f64);
    if first.counts.len() == 1 {
        // Every map has the same value: a narrow bar in context, not one filling the plot.
        (x0, x1) = (x0 - 4.0 * first.width, x1 + 4.0 * first.width);
    }
    let band = (lo.is_finite() || hi.is_finite()).then(|| {
        let half = if stat.decimals() == 0 { 0.5 } else { 0.0 };
        (if lo.is_finite() { lo - half } else { x0 }, if hi.is_finite() { hi + half } else { x1 })
    });
    let drag = e.drag.filter(|(s, _)| *s == stat).map(|(_, x)| x);
    let response = Plot::new(("delve-explore-hist", stat))
        .width(width)
        .height(130.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_y(false)
        .y_axis_min_width(28.0)
        .x_grid_spacer(nice_marks)
        .y_grid_spacer(nice_marks)
        .x_axis_formatter(move |m, _| value_text(stat, m.value))
        .include_y(0.0)
        .include_x(x0)
        .include_x(x1)
        .show(ui, |plot| {
            for c in charts {
                plot.bar_chart(c);
            }
            if let Some((a, b)) = band {
                plot.span(Span::new("picked", a..=b).fill(Color32::from_white_alpha(28)));
            }
            if let (Some(a), Some(p)) = (drag, plot.pointer_coordinate()) {
                plot.span(Span::new("picking", a.min(p.x)..=a.max(p.x)).fill(Color32::from_white_alpha(40)));
            }
        });
    let r = &response.response;
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, format!("Histogram of {}", stat.label())));
    let at = |pos: egui::Pos2| response.transform.value_from_position(pos).x;
    let r = &if let Some(bin) = r.hover_pos().and_then(|p| first.bin_at(at(p))) {
        r.clone().on_hover_text_at_pointer(bar_text(stat, hists, matched, bin, e.other_name()))
    } else {
        r.clone()
    };
    if r.drag_started()
        && let Some(p) = r.interact_pointer_pos()
    {
        e.drag = Some((stat, at(p)));
    }
    let mut picked = None;
    if r.drag_stopped()
        && let Some((s, a)) = e.drag.take()
        && s == stat
        && let Some(p) = r.interact_pointer_pos().or_else(|| r.hover_pos())
    {
        picked = pick(first, a, at(p));
    } else if r.clicked()
        && let Some(p) = r.interact_pointer_pos()
    {
        let x = at(p);
        picked = pick(first, x, x);
    }
    picked
}

/// The conditions picking the bins from value `a` to value `b` (clamped to the histogram).
pub(super) fn pick(h: &Histogram, a: f64, b: f64) -> Option<Vec<Condition>> {
    let last = h.counts.len().checked_sub(1)?;
    let bin = |x: f64| h.bin_at(x).unwrap_or(if x < h.start { 0 } else { last });
    Some(h.select(bin(a.min(b)), bin(a.max(b))))
}

fn lower(c: &Condition) -> Option<f64> {
    use crate::analysis::explore::Op;
    matches!(c.op, Op::AtLeast | Op::More | Op::Equal).then_some(c.value)
}

fn upper(c: &Condition) -> Option<f64> {
    use crate::analysis::explore::Op;
    matches!(c.op, Op::AtMost | Op::Less | Op::Equal).then_some(c.value)
}

/// A bar per bin of `bins` with the heights `counts`, `fraction` of a bin wide.
fn bar_chart(name: &str, bins: &Histogram, counts: &[u64], fraction: f64, colour: Color32) -> BarChart {
    let bars = counts
        .iter()
        .enumerate()
        .map(|(b, c)| {
            let (lo, hi) = bins.bin_range(b);
            Bar::new((lo + hi) / 2.0, *c as f64).width(bins.width * fraction).fill(colour)
        })
        .collect();
    BarChart::new(name, bars).color(colour)
}

/// What the bar under the pointer holds: its values, and how many maps of each run (and of the
/// picked seeds) fall in it.
pub(super) fn bar_text(stat: Stat, hists: &[Histogram], matched: Option<&[u64]>, bin: usize, other: &str) -> String {
    let Some(first) = hists.first() else { return String::new() };
    let (lo, hi) = first.bin_range(bin);
    let range = if stat.decimals() == 0 {
        let (a, b) = ((lo + 0.5).ceil(), (hi - 0.5).floor());
        if a >= b { format!("{} = {a:.0}", stat.label()) } else { format!("{} {a:.0} to {b:.0}", stat.label()) }
    } else {
        format!("{} {lo:.1} to {hi:.1}", stat.label())
    };
    let mut lines = vec![range];
    for (i, h) in hists.iter().enumerate() {
        let n = h.counts.get(bin).copied().unwrap_or(0);
        let total: u64 = h.counts.iter().sum();
        let share = if total == 0 { 0.0 } else { n as f64 / total as f64 };
        let run = match (i, hists.len()) {
            (0, 1) => String::new(),
            (0, _) => "now: ".to_string(),
            _ => format!("{other}: "),
        };
        let maps = if n == 1 { "1 map".to_string() } else { format!("{} maps", group_thousands(n)) };
        lines.push(format!("{run}{maps} ({})", crate::words::percent(share)));
    }
    if let Some(n) = matched.and_then(|m| m.get(bin)) {
        lines.push(format!("picked by the conditions: {}", group_thousands(*n)));
    }
    lines.join("\n")
}

/// Grid marks at a round step (1, 2 or 5 times a power of ten; whole numbers at least) giving
/// two or three numbers across the axis: far enough apart (egui_plot hides x labels closer than
/// 60 points) that every histogram has numbers under it.
fn nice_marks(input: GridInput) -> Vec<GridMark> {
    let (lo, hi) = input.bounds;
    let span = hi - lo;
    if !(span.is_finite() && span > 0.0) {
        return Vec::new();
    }
    let step = nice_step(span / 3.0);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last.min(first + 50)).map(|k| GridMark { value: k as f64 * step, step_size: step }).collect()
}

/// The least of 1, 2, 5 × 10^k that is at least `x`, and at least 1.
pub(super) fn nice_step(x: f64) -> f64 {
    let x = x.max(1.0);
    let base = 10f64.powf(x.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * base).find(|s| *s >= x * (1.0 - 1e-9)).unwrap_or(10.0 * base)
}

/// An axis number: whole for whole-number figures.
fn value_text(stat: Stat, v: f64) -> String {
    if stat.decimals() == 0 || v.fract() == 0.0 { format!("{v:.0}") } else { format!("{v:.1}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_steps() {
        assert_eq!(nice_step(0.3), 1.0);
        assert_eq!(nice_step(1.0), 1.0);
        assert_eq!(nice_step(1.5), 2.0);
        assert_eq!(nice_step(3.0), 5.0);
        assert_eq!(nice_step(7.0), 10.0);
        assert_eq!(nice_step(24.0), 50.0);
        assert_eq!(nice_step(120.0), 200.0);
        let marks = nice_marks(GridInput { bounds: (97.0, 412.0), base_step_size: 1.0 });
        let values: Vec<f64> = marks.iter().map(|m| m.value).collect();
        assert_eq!(values, [200.0, 400.0]);
    }
}
