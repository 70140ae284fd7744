//! The parameters a search may move ([`Vary`]) and how far ([`Span`]): read from
//! `KEY[=LO..HI],…`, drawn across their ranges (near the current values first), nudged, and
//! how far a value moved.
//!
//! A key without a range ([`Vary::around`]) moves from half to twice its current value (a
//! range parameter: half its low end to twice its high end), within the allowed range; a span
//! that would hold fewer than three whole values (a value of 0 or 1), or a tenth of a fraction's
//! range, is widened just enough. Options and switches take any value. The command line and the
//! editor's Tune window both start from this one definition.

use crate::params::{GeneratorParams, ParamKind, ParamSpec, ParamValue};
use delve_core::rng::DelveRng;
use rand::RngExt;

/// How far one parameter may move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Span {
    Int {
        lo: i64,
        hi: i64,
    },
    Float {
        lo: f64,
        hi: f64,
    },
    /// A range parameter: both ends within `lo..=hi`.
    Range {
        lo: i64,
        hi: i64,
    },
    /// One of `n` options.
    Choice(usize),
    Bool,
}

/// A parameter the search may move, and how far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Vary {
    pub key: &'static str,
    pub span: Span,
}

impl Vary {
    /// Parameter `spec` over its whole allowed range.
    pub fn whole(spec: &ParamSpec) -> Vary {
        let span = match spec.kind {
            ParamKind::Int { min, max } => Span::Int { lo: min, hi: max },
            ParamKind::Float { min, max } => Span::Float { lo: min, hi: max },
            ParamKind::Range { min, max } => Span::Range { lo: min, hi: max },
            ParamKind::Choice(options) => Span::Choice(options.len()),
            ParamKind::Bool => Span::Bool,
        };
        Vary { key: spec.key, span }
    }

    /// Parameter `spec` around its current value `now`: half to twice it, within the allowed
    /// range, widened only when that holds too few values (see the module's words); the whole
    /// range without a current value, and for options and switches.
    pub fn around(spec: &ParamSpec, now: Option<ParamValue>) -> Vary {
        // Whole values: floor(lo / 2) to ceil(hi * 2), then at least three values.
        let whole = |lo: i64, hi: i64, min: i64, max: i64| {
            let (mut l, mut h) = (lo.div_euclid(2).clamp(min, max), hi.saturating_mul(2).clamp(min, max));
            while h - l < 2 && (l > min || h < max) {
                if h < max {
                    h += 1;
                }
                if h - l < 2 && l > min {
                    l -= 1;
                }
            }
            (l, h)
        };
        let span = match (spec.kind, now) {
            (ParamKind::Int { min, max }, Some(ParamValue::Int(v))) => {
                let (lo, hi) = whole(v, v, min, max);
                Span::Int { lo, hi }
            }
            (ParamKind::Range { min, max }, Some(ParamValue::Range(a, b))) => {
                let (lo, hi) = whole(a.min(b), a.max(b), min, max);
                Span::Range { lo, hi }
            }
            (ParamKind::Float { min, max }, Some(ParamValue::Float(v))) if v.is_finite() => {
                let (mut lo, mut hi) = ((v / 2.0).clamp(min, max), (v * 2.0).clamp(min, max));
                let least = (max - min) / 10.0;
                if hi - lo < least {
                    let mid = (lo + hi) / 2.0;
                    lo = (mid - least / 2.0).max(min);
                    hi = (lo + least).min(max);
                    lo = (hi - least).max(min);
                }
                Span::Float { lo, hi }
            }
            _ => return Vary::whole(spec),
        };
        Vary { key: spec.key, span }
    }

    /// Parameter `spec` within `lo..=hi`, which must lie in its allowed range (the message names
    /// the parameter and its range).
    pub fn within(spec: &ParamSpec, lo: f64, hi: f64) -> Result<Vary, String> {
        let bad = || format!("{} ({}): {lo} to {hi} is outside its range, {}", spec.label, spec.key, spec.allowed());
        if lo > hi || !lo.is_finite() || !hi.is_finite() {
            return Err(format!("{} ({}): {lo} to {hi} is not a range (low to high)", spec.label, spec.key));
        }
        let span = match spec.kind {
            ParamKind::Int { min, max } | ParamKind::Range { min, max } => {
                let (l, h) = (lo.round() as i64, hi.round() as i64);
                if l < min || h > max {
                    return Err(bad());
                }
                match spec.kind {
                    ParamKind::Int { .. } => Span::Int { lo: l, hi: h },
                    _ => Span::Range { lo: l, hi: h },
                }
            }
            ParamKind::Float { min, max } => {
                // Floats are typed in the panel's units: percentages for fractions.
                let (l, h) = if max <= 1.0 && hi > 1.0 { (lo / 100.0, hi / 100.0) } else { (lo, hi) };
                if l < min || h > max {
                    return Err(bad());
                }
                Span::Float { lo: l, hi: h }
            }
            ParamKind::Choice(_) | ParamKind::Bool => {
                return Err(format!("{} ({}) takes no range: give it alone", spec.label, spec.key));
            }
        };
        Ok(Vary { key: spec.key, span })
    }

    /// Reads `KEY[=LO..HI],…` (keys as in preset files) for the parameters of `params`; a key
    /// alone moves [around](Vary::around) its value in `params`.
    pub fn parse_list(params: &GeneratorParams, text: &str) -> Result<Vec<Vary>, String> {
        let specs = params.params().specs();
        let mut out: Vec<Vary> = Vec::new();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, range) = match item.split_once('=') {
                Some((k, r)) => (k.trim(), Some(r.trim())),
                None => (item, None),
            };
            let Some(spec) = specs.iter().find(|s| s.key == key) else {
                let keys: Vec<&str> = specs.iter().map(|s| s.key).collect();
                return Err(format!(
                    "\"{key}\" is not a parameter of this generator; its parameters are: {}",
                    keys.join(", ")
                ));
            };
            let vary = match range {
                None => Vary::around(spec, params.params().get(spec.key)),
                Some(r) => {
                    let Some((lo, hi)) = r.split_once("..") else {
                        return Err(format!("{key}={r}: expected LO..HI, e.g. {key}=10..40"));
                    };
                    let number = |t: &str| {
                        t.trim()
                            .trim_start_matches('=')
                            .parse::<f64>()
                            .map_err(|_| format!("{key}={r}: \"{}\" is not a number", t.trim()))
                    };
                    Vary::within(spec, number(lo)?, number(hi)?)?
                }
            };
            if out.iter().any(|v| v.key == vary.key) {
                return Err(format!("{key} is listed twice"));
            }
            out.push(vary);
        }
        if out.is_empty() {
            return Err("no parameter may move: tick at least one".into());
        }
        Ok(out)
    }

    /// A value drawn uniformly across the span.
    pub(in crate::analysis) fn sample(&self, rng: &mut DelveRng) -> ParamValue {
        match self.span {
            Span::Int { lo, hi } => ParamValue::Int(rng.random_range(lo..=hi)),
            Span::Float { lo, hi } => ParamValue::Float(if hi > lo { rng.random_range(lo..=hi) } else { lo }),
            Span::Range { lo, hi } => {
                let (a, b) = (rng.random_range(lo..=hi), rng.random_range(lo..=hi));
                ParamValue::Range(a.min(b), a.max(b))
            }
            Span::Choice(n) => ParamValue::Choice(rng.random_range(0..n.max(1))),
            Span::Bool => ParamValue::Bool(rng.random::<bool>()),
        }
    }

    /// A value drawn within `reach` (a share of the span, 0 to 1) of `from`, uniformly; across
    /// the whole span without `from` or with a reach of 1. An option or switch changes with
    /// chance `reach`.
    pub(in crate::analysis) fn sample_near(
        &self,
        from: Option<ParamValue>,
        reach: f64,
        rng: &mut DelveRng,
    ) -> ParamValue {
        let near = |lo: i64, hi: i64, x: i64, rng: &mut DelveRng| {
            let r = ((hi - lo) as f64 * reach).ceil() as i64;
            rng.random_range((x - r).clamp(lo, hi)..=(x + r).clamp(lo, hi))
        };
        match (self.span, from) {
            _ if reach >= 1.0 => self.sample(rng),
            (Span::Int { lo, hi }, Some(ParamValue::Int(x))) => ParamValue::Int(near(lo, hi, x, rng)),
            (Span::Float { lo, hi }, Some(ParamValue::Float(x))) => {
                let r = (hi - lo) * reach;
                let (l, h) = ((x - r).clamp(lo, hi), (x + r).clamp(lo, hi));
                ParamValue::Float(if h > l { rng.random_range(l..=h) } else { l })
            }
            (Span::Range { lo, hi }, Some(ParamValue::Range(a, b))) => {
                let (a, b) = (near(lo, hi, a, rng), near(lo, hi, b, rng));
                ParamValue::Range(a.min(b), a.max(b))
            }
            (Span::Choice(_) | Span::Bool, Some(v)) if rng.random::<f64>() >= reach => v,
            _ => self.sample(rng),
        }
    }

    /// `v` nudged a little: a tenth of the span or less, at least one step, either way.
    pub(in crate::analysis) fn nudge(&self, v: ParamValue, rng: &mut DelveRng) -> ParamValue {
        let step = |lo: i64, hi: i64, x: i64, rng: &mut DelveRng| {
            let reach = ((hi - lo) / 10).max(1);
            let d = rng.random_range(1..=reach) * if rng.random::<bool>() { 1 } else { -1 };
            (x + d).clamp(lo, hi)
        };
        match (self.span, v) {
            (Span::Int { lo, hi }, ParamValue::Int(x)) => ParamValue::Int(step(lo, hi, x, rng)),
            (Span::Float { lo, hi }, ParamValue::Float(x)) => {
                ParamValue::Float((x + (hi - lo) * 0.1 * rng.random_range(-1.0..=1.0)).clamp(lo, hi))
            }
            (Span::Range { lo, hi }, ParamValue::Range(a, b)) => {
                let (a, b) = match rng.random_range(0..3) {
                    0 => (step(lo, hi, a, rng), b),
                    1 => (a, step(lo, hi, b, rng)),
                    _ => {
                        let d = step(lo, hi, a, rng) - a;
                        ((a + d).clamp(lo, hi), (b + d).clamp(lo, hi))
                    }
                };
                ParamValue::Range(a.min(b), a.max(b))
            }
            _ => self.sample(rng),
        }
    }

    /// How far `v` is from `from`, as a share of the span (0 to 1; 1 for another option).
    pub(in crate::analysis) fn distance(&self, v: Option<ParamValue>, from: Option<ParamValue>) -> f64 {
        let frac = |d: f64, lo: f64, hi: f64| if hi > lo { (d.abs() / (hi - lo)).min(1.0) } else { 0.0 };
        match (self.span, v, from) {
            (Span::Int { lo, hi }, Some(ParamValue::Int(a)), Some(ParamValue::Int(b))) => {
                frac((a - b) as f64, lo as f64, hi as f64)
            }
            (Span::Float { lo, hi }, Some(ParamValue::Float(a)), Some(ParamValue::Float(b))) => frac(a - b, lo, hi),
            (Span::Range { lo, hi }, Some(ParamValue::Range(a, b)), Some(ParamValue::Range(c, d))) => {
                (frac((a - c) as f64, lo as f64, hi as f64) + frac((b - d) as f64, lo as f64, hi as f64)) / 2.0
            }
            (_, a, b) => f64::from(u8::from(a != b)),
        }
    }
}
