//! One parameter, described once: a [`Field`] is its [`ParamSpec`] (key, label, unit, help,
//! range) plus how to reach it in its struct. A parameter set lists its fields in a table, and
//! [`specs`], [`get`], [`set`] and [`check`] derive everything else from that table, so a bound
//! is written in one place. A parameter's default is its value in the struct's `Default` (the
//! serde defaults for fields older files lack are the same functions, and a test holds them to
//! it).

use super::{ParamIssue, ParamKind, ParamSpec, ParamValue, SizeRange};

/// How an out-of-range whole number is reported.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Words {
    /// "must be between 1 and 9 tiles, not 12"
    Between,
    /// "must be between 1 and 100000, not 0" (no unit)
    BetweenNoUnit,
    /// "must be at most 64 tiles, not 65" (for fields whose least value is 0)
    AtMost,
}

/// What a range parameter's check says when its smallest value is below the allowed minimum
/// (`below(allowed min, min)`), larger than its largest (`crossed(min, max)`), or its largest is
/// above the allowed maximum (`above(allowed max, max)`).
pub(crate) struct RangeWords {
    pub below: fn(i64, u32) -> String,
    pub crossed: fn(u32, u32) -> String,
    pub above: fn(i64, u32) -> String,
}

/// How to read and write one parameter of the struct `P`.
pub(crate) enum Access<P> {
    /// A whole number; bounds from [`ParamKind::Int`].
    Count { get: fn(&P) -> u32, get_mut: fn(&mut P) -> &mut u32, words: Words },
    /// A range of whole numbers; bounds from [`ParamKind::Range`].
    Range { get: fn(&P) -> SizeRange, get_mut: fn(&mut P) -> &mut SizeRange, words: RangeWords },
    /// A probability; bounds from [`ParamKind::Float`].
    Chance { get: fn(&P) -> f64, get_mut: fn(&mut P) -> &mut f64 },
    /// On or off.
    Flag { get: fn(&P) -> bool, get_mut: fn(&mut P) -> &mut bool },
    /// One of the options of [`ParamKind::Choice`], by index; `set` is false for an unknown index.
    Choice { get: fn(&P) -> usize, set: fn(&mut P, usize) -> bool },
}

/// One parameter of the struct `P`: its description and its place in the struct.
pub(crate) struct Field<P: 'static> {
    pub spec: ParamSpec,
    pub access: Access<P>,
}

/// The accessors of a plain struct field, for the tables: `count!(width, Words::Between)`.
macro_rules! count {
    ($f:ident, $words:expr) => {
        $crate::params::field::Access::Count { get: |p: &Self| p.$f, get_mut: |p: &mut Self| &mut p.$f, words: $words }
    };
}
macro_rules! range {
    ($f:ident, $words:expr) => {
        $crate::params::field::Access::Range { get: |p: &Self| p.$f, get_mut: |p: &mut Self| &mut p.$f, words: $words }
    };
}
macro_rules! chance {
    ($f:ident) => {
        $crate::params::field::Access::Chance { get: |p: &Self| p.$f, get_mut: |p: &mut Self| &mut p.$f }
    };
}
macro_rules! flag {
    ($f:ident) => {
        $crate::params::field::Access::Flag { get: |p: &Self| p.$f, get_mut: |p: &mut Self| &mut p.$f }
    };
}
/// A field holding one of the values of `$ty::ALL` (in the order of the spec's options).
macro_rules! choice {
    ($f:ident, $ty:ty) => {
        $crate::params::field::Access::Choice {
            get: |p: &Self| <$ty>::ALL.iter().position(|o| *o == p.$f).unwrap_or(0),
            set: |p: &mut Self, i| <$ty>::ALL.get(i).map(|o| p.$f = *o).is_some(),
        }
    };
}
/// The field of a map side every generator that sets its map's size has: `map_side!(width, "Map
/// width", "Width", MIN, MAX)`, a whole number of tiles in `MIN..=MAX`.
macro_rules! map_side {
    ($f:ident, $label:literal, $what:literal, $min:expr, $max:expr) => {
        $crate::params::field::Field {
            spec: ParamSpec {
                key: stringify!($f),
                label: $label,
                unit: "tiles",
                help: concat!($what, " of the map in tiles."),
                kind: ParamKind::Int { min: $min as i64, max: $max as i64 },
            },
            access: count!($f, $crate::params::field::Words::Between),
        }
    };
}
/// The [`super::Params`] of a struct with a `FIELDS` table and a
/// `cross_checks(&self, key, out)` method (the hand-written checks run after field `key`'s own)
/// and a `stages` list (checked for generator `$kind`),
/// plus its static spec list and a `specs()` function for the module.
macro_rules! table_params {
    ($t:ty, $kind:expr, $what:literal) => {
        static SPECS: [ParamSpec; <$t>::FIELDS.len() + $crate::params::common::FIELDS.len()] =
            field::specs(<$t>::FIELDS, $crate::params::common::FIELDS);

        #[doc = concat!("Every parameter of the ", $what, " generator, in panel order.")]
        pub fn specs() -> &'static [ParamSpec] {
            &SPECS
        }

        impl Params for $t {
            fn specs(&self) -> &'static [ParamSpec] {
                &SPECS
            }

            fn get(&self, key: &str) -> Option<ParamValue> {
                field::get(Self::FIELDS, self, key)
                    .or_else(|| field::get($crate::params::common::FIELDS, &self.common, key))
            }

            fn set(&mut self, key: &str, v: ParamValue) -> bool {
                field::set(Self::FIELDS, self, key, v)
                    || field::set($crate::params::common::FIELDS, &mut self.common, key, v)
            }

            fn check(&self) -> Vec<ParamIssue> {
                let mut out = field::check(Self::FIELDS, self, |key, out| self.cross_checks(key, out));
                let common = &self.common;
                let cross = |key, out: &mut Vec<ParamIssue>| $crate::params::common::cross_checks(common, key, out);
                out.extend(field::check($crate::params::common::FIELDS, common, cross));
                out.extend(self.common.stages.issues($kind));
                out
            }

            fn default_value(&self, key: &str) -> Option<ParamValue> {
                let default = <$t>::default();
                field::get(Self::FIELDS, &default, key)
                    .or_else(|| field::get($crate::params::common::FIELDS, &default.common, key))
            }
        }
    };
}

pub(crate) use {chance, choice, count, flag, map_side, range, table_params};

/// The specs of `fields` then of `common`, in order (for a `static`, so that `specs()` can hand
/// out a slice).
pub(crate) const fn specs<P, Q, const N: usize>(fields: &[Field<P>], common: &[Field<Q>]) -> [ParamSpec; N] {
    const BLANK: ParamSpec = ParamSpec { key: "", label: "", unit: "", help: "", kind: ParamKind::Bool };
    let mut out = [BLANK; N];
    let mut i = 0;
    while i < N && i < fields.len() {
        out[i] = fields[i].spec;
        i += 1;
    }
    let mut j = 0;
    while i < N && j < common.len() {
        out[i] = common[j].spec;
        i += 1;
        j += 1;
    }
    out
}

/// Whole-number bounds of a spec (`Int` and `Range`; none for other kinds).
fn int_bounds(spec: &ParamSpec) -> (i64, i64) {
    match spec.kind {
        ParamKind::Int { min, max } | ParamKind::Range { min, max } => (min, max),
        _ => (i64::MIN, i64::MAX),
    }
}

/// Real-number bounds of a spec (`Float`; none for other kinds).
fn float_bounds(spec: &ParamSpec) -> (f64, f64) {
    match spec.kind {
        ParamKind::Float { min, max } => (min, max),
        _ => (f64::MIN, f64::MAX),
    }
}

/// A whole number clamped into bounds that lie within `u32`.
fn clamp_u32(v: i64, lo: i64, hi: i64) -> u32 {
    u32::try_from(v.clamp(lo.max(0), hi.clamp(0, u32::MAX.into()))).unwrap_or(0)
}

/// The value of parameter `key` of `p`.
pub(crate) fn get<P>(fields: &[Field<P>], p: &P, key: &str) -> Option<ParamValue> {
    let f = fields.iter().find(|f| f.spec.key == key)?;
    Some(match &f.access {
        Access::Count { get, .. } => ParamValue::Int(get(p).into()),
        Access::Range { get, .. } => {
            let r = get(p);
            ParamValue::Range(r.min.into(), r.max.into())
        }
        Access::Chance { get, .. } => ParamValue::Float(get(p)),
        Access::Flag { get, .. } => ParamValue::Bool(get(p)),
        Access::Choice { get, .. } => ParamValue::Choice(get(p)),
    })
}

/// Sets parameter `key` of `p`, clamping into the spec's range; false for an unknown key or a
/// value of the wrong kind.
pub(crate) fn set<P>(fields: &[Field<P>], p: &mut P, key: &str, v: ParamValue) -> bool {
    let Some(f) = fields.iter().find(|f| f.spec.key == key) else { return false };
    let (lo, hi) = int_bounds(&f.spec);
    match (&f.access, v) {
        (Access::Count { get_mut, .. }, ParamValue::Int(i)) => *get_mut(p) = clamp_u32(i, lo, hi),
        (Access::Range { get_mut, .. }, ParamValue::Range(a, b)) => {
            let min = clamp_u32(a, lo, hi);
            let max = clamp_u32(b, min.into(), hi);
            *get_mut(p) = SizeRange::new(min, max);
        }
        (Access::Chance { get_mut, .. }, ParamValue::Float(x)) if x.is_finite() => {
            let (lo, hi) = float_bounds(&f.spec);
            *get_mut(p) = x.clamp(lo, hi);
        }
        (Access::Flag { get_mut, .. }, ParamValue::Bool(b)) => *get_mut(p) = b,
        (Access::Choice { set, .. }, ParamValue::Choice(i)) => return set(p, i),
        _ => return false,
    }
    true
}

/// The per-field range checks of `p`, in table order; `after(key, out)` runs after each field's
/// own checks, for the hand-written checks that involve that field and others.
pub(crate) fn check<P>(
    fields: &[Field<P>],
    p: &P,
    mut after: impl FnMut(&'static str, &mut Vec<ParamIssue>),
) -> Vec<ParamIssue> {
    let mut out = Vec::new();
    for f in fields {
        let spec = &f.spec;
        let (lo, hi) = int_bounds(spec);
        let mut bad = |message: String| out.push(ParamIssue { field: spec.key, message });
        match &f.access {
            Access::Count { get, words, .. } => {
                let v = get(p);
                if !(lo..=hi).contains(&i64::from(v)) {
                    let unit = spec.unit;
                    bad(match words {
                        Words::Between => format!("must be between {lo} and {hi} {unit}, not {v}"),
                        Words::BetweenNoUnit => format!("must be between {lo} and {hi}, not {v}"),
                        Words::AtMost => format!("must be at most {hi} {unit}, not {v}"),
                    });
                }
            }
            Access::Range { get, words, .. } => {
                let SizeRange { min, max } = get(p);
                if i64::from(min) < lo {
                    bad((words.below)(lo, min));
                }
                if min > max {
                    bad((words.crossed)(min, max));
                }
                if i64::from(max) > hi {
                    bad((words.above)(hi, max));
                }
            }
            Access::Chance { get, .. } => {
                let (lo, hi) = float_bounds(spec);
                let v = get(p);
                if !(lo..=hi).contains(&v) {
                    bad(format!(
                        "is a chance and must be between {lo} and {hi} ({}% to {}%), not {v}",
                        lo * 100.0,
                        hi * 100.0
                    ));
                }
            }
            Access::Flag { .. } | Access::Choice { .. } => {}
        }
        after(spec.key, &mut out);
    }
    out
}
