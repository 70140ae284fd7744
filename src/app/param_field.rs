//! One parameter's field in the parameters panel, built from its [`ParamSpec`] (its kind, unit,
//! range and default, described once in the params layer): a slider, a range, a choice or a
//! switch, with the tooltip that gives the allowed range and the default. A value typed is taken
//! when entered; a slider dragged is one gesture (one undo step) from press to release.

use crate::edit::Interaction;
use crate::params::{ParamKind, ParamSpec, ParamValue};
use crate::words::percent;
use egui::RichText;

/// `n unit`, with the unit in the singular for one ("1 tile").
fn with_unit(n: f64, unit: &str) -> String {
    let unit = if n == 1.0 { unit.strip_suffix('s').unwrap_or(unit) } else { unit };
    if unit.is_empty() { format!("{n}") } else { format!("{n} {unit}") }
}

/// Whether a parameter is a share shown as a percentage (0 to 1 stored, 0% to 100% shown).
fn is_percent(spec: &ParamSpec) -> bool {
    matches!(spec.kind, ParamKind::Float { min, max } if spec.unit == "%" && min >= 0.0 && max <= 1.0)
}

/// A value as the panel shows it, with its unit.
pub(super) fn show_value(spec: &ParamSpec, v: ParamValue) -> String {
    match (spec.kind, v) {
        (_, ParamValue::Int(n)) => with_unit(n as f64, spec.unit),
        (_, ParamValue::Float(x)) if is_percent(spec) => percent(x),
        (_, ParamValue::Float(x)) => format!("{x}{}", unit_suffix(spec)),
        (_, ParamValue::Range(a, b)) => format!("{a} to {b}{}", unit_suffix(spec)),
        (ParamKind::Choice(options), ParamValue::Choice(i)) => options.get(i).copied().unwrap_or("?").to_string(),
        (_, ParamValue::Bool(b)) => (if b { "on" } else { "off" }).to_string(),
        _ => "?".to_string(),
    }
}

fn unit_suffix(spec: &ParamSpec) -> String {
    if spec.unit.is_empty() { String::new() } else { format!(" {}", spec.unit) }
}

/// The part of an integer parameter's range its slider covers: all of it, or for a wide range
/// whose default is well inside (map sides 8 to 4096, room tries up to 20,000) the values people
/// use, up to five times the default, on a linear scale. Typing reaches the whole range.
fn slider_span(min: i64, max: i64, default: Option<ParamValue>) -> (i64, i64) {
    match default {
        Some(ParamValue::Int(d)) if max > 200 && d > 0 && d.saturating_mul(5) < max => {
            (min, d.saturating_mul(5).max(min + 10))
        }
        _ => (min, max),
    }
}

/// The tooltip line on a parameter's values: the allowed range (or choices), the slider's part of
/// it when smaller, and the default, from the parameter's one description.
pub(super) fn range_help(spec: &ParamSpec, span: Option<(i64, i64)>, default: Option<ParamValue>) -> String {
    let mut text = match spec.kind {
        ParamKind::Float { min, max } if is_percent(spec) => format!("Range {} to {}.", percent(min), percent(max)),
        ParamKind::Choice(_) => format!("One of: {}.", spec.allowed()),
        ParamKind::Bool => "On or off.".to_string(),
        _ => format!("Range {}.", spec.allowed()),
    };
    if let Some((lo, hi)) = span {
        text += &format!(" The slider covers {lo} to {hi}; type a number for more.");
    }
    if let Some(d) = default {
        text += &format!(" Default {}.", show_value(spec, d));
    }
    text.trim().to_string()
}

/// The gesture a change of a parameter's widget belongs to: a drag (press to release) is one
/// gesture, its id kept in egui's memory under `key` while it lasts; any other change (a value
/// typed and entered, a click, a key) stands on its own (`None`).
fn drag_gesture(ui: &egui::Ui, key: egui::Id, responses: &[&egui::Response]) -> Option<Interaction> {
    let r = responses.iter().find(|r| r.drag_started() || r.dragged() || r.drag_stopped())?;
    let kept = if r.drag_started() { None } else { ui.data(|d| d.get_temp::<Interaction>(key)) };
    let gesture = kept.unwrap_or_else(Interaction::fresh);
    if r.drag_stopped() {
        ui.data_mut(|d| d.remove::<Interaction>(key));
    } else {
        ui.data_mut(|d| d.insert_temp(key, gesture));
    }
    Some(gesture)
}

/// One parameter's widget; the new value when the user changed it, with the gesture it belongs
/// to (a slider drag), if any. A typed number is taken when the field loses focus or Enter is
/// pressed, never mid-typing (typing 5000 into a field whose least value is 100 gives 5000, not
/// 100 after the first digit), and is a value of its own.
pub(super) fn field_ui(
    ui: &mut egui::Ui,
    spec: &ParamSpec,
    value: ParamValue,
    default: Option<ParamValue>,
    label: egui::Id,
    width: f32,
) -> Option<(ParamValue, Option<Interaction>)> {
    let key = egui::Id::unique(("delve-param-gesture", spec.key));
    let with_gesture =
        |ui: &egui::Ui, v: Option<ParamValue>, rs: &[&egui::Response]| v.map(|v| (v, drag_gesture(ui, key, rs)));
    let help = |span: Option<(i64, i64)>| format!("{}\n\n{}", spec.help, range_help(spec, span, default));
    match (spec.kind, value) {
        (ParamKind::Int { min, max }, ParamValue::Int(mut v)) => {
            ui.spacing_mut().slider_width = (width - 104.0).max(60.0);
            let (lo, hi) = slider_span(min, max, default);
            let log = lo >= 0 && hi > 200 && hi / lo.max(1) >= 50;
            let unit = spec.unit;
            let span = ((lo, hi) != (min, max)).then_some((lo, hi));
            let r = ui
                .add(
                    egui::Slider::new(&mut v, lo..=hi)
                        .clamping(egui::SliderClamping::Never)
                        .update_while_editing(false)
                        .logarithmic(log)
                        .smart_aim(!log)
                        .custom_formatter(move |n, _| with_unit(n, unit)),
                )
                .labelled_by(label)
                .on_hover_text(help(span));
            with_gesture(ui, r.changed().then_some(ParamValue::Int(v)), &[&r])
        }
        (ParamKind::Float { min, max }, ParamValue::Float(v)) => {
            ui.spacing_mut().slider_width = (width - 104.0).max(60.0);
            // A share is shown as a percentage, in the one format of the app (`words::percent`).
            let shown_percent = is_percent(spec);
            let (scale, suffix) = if shown_percent { (100.0, "%".to_string()) } else { (1.0, unit_suffix(spec)) };
            let mut shown = v * scale;
            let range = if shown_percent { 0.0..=100.0 } else { min..=max };
            let slider = egui::Slider::new(&mut shown, range)
                .clamping(egui::SliderClamping::Never)
                .update_while_editing(false)
                .suffix(suffix);
            let slider = if shown_percent { slider.fixed_decimals(1) } else { slider.max_decimals(2) };
            let r = ui.add(slider).labelled_by(label).on_hover_text(help(None));
            with_gesture(ui, r.changed().then_some(ParamValue::Float(shown / scale)), &[&r])
        }
        (ParamKind::Range { min, max }, ParamValue::Range(mut lo, mut hi)) => {
            let help = format!("{} The smallest value cannot pass the largest.", help(None));
            let speed = ((max - min) as f64 / 400.0).max(0.05);
            // Each end within the parameter's bounds only: a crossed range (as a preset may
            // hold) is shown as it is, and the session says what it sets instead.
            let [r_lo, r_hi] = ui
                .horizontal(|ui| {
                    // Narrow number fields: the row fits the field's width.
                    ui.spacing_mut().interact_size.x = 34.0;
                    ui.spacing_mut().item_spacing.x = 5.0;
                    let r_lo = ui
                        .add(egui::DragValue::new(&mut lo).range(min..=max).speed(speed).update_while_editing(false))
                        .labelled_by(label)
                        .on_hover_text(format!("Smallest. {help}"));
                    ui.label("to");
                    let r_hi = ui
                        .add(egui::DragValue::new(&mut hi).range(min..=max).speed(speed).update_while_editing(false))
                        .labelled_by(label)
                        .on_hover_text(format!("Largest. {help}"));
                    if !spec.unit.is_empty() {
                        ui.label(spec.unit);
                    }
                    [r_lo, r_hi]
                })
                .inner;
            ui.spacing_mut().slider_width = (width - 8.0).max(60.0);
            let log = min >= 0 && max / min.max(1) >= 50;
            let r_both = (lo <= hi).then(|| {
                ui.add(egui::RangeSlider::new(&mut lo, &mut hi, min..=max).logarithmic(log).show_value(false))
                    .labelled_by(label)
                    .on_hover_text(help)
            });
            let mut all = vec![&r_lo, &r_hi];
            all.extend(r_both.as_ref());
            let changed = all.iter().any(|r| r.changed());
            with_gesture(ui, changed.then_some(ParamValue::Range(lo, hi)), &all)
        }
        (ParamKind::Choice(options), ParamValue::Choice(mut i)) => {
            let before = i;
            let help = help(None);
            if options.len() <= 3 {
                ui.horizontal_wrapped(|ui| {
                    for (k, o) in options.iter().enumerate() {
                        ui.selectable_value(&mut i, k, *o).on_hover_text(&help);
                    }
                });
            } else {
                egui::ComboBox::from_id_salt(spec.key)
                    .selected_text(options.get(i).copied().unwrap_or("?"))
                    .show_ui(ui, |ui| {
                        for (k, o) in options.iter().enumerate() {
                            ui.selectable_value(&mut i, k, *o);
                        }
                    })
                    .response
                    .labelled_by(label)
                    .on_hover_text(help);
            }
            (i != before).then_some((ParamValue::Choice(i), None))
        }
        (ParamKind::Bool, ParamValue::Bool(mut b)) => {
            let r = ui.checkbox(&mut b, "").labelled_by(label).on_hover_text(help(None));
            r.changed().then_some((ParamValue::Bool(b), None))
        }
        _ => {
            ui.label(RichText::new("(unsupported value)").weak());
            None
        }
    }
}
