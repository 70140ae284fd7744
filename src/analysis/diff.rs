//! What differs between two maps (cells) and between two parameter sets (parameters).

use crate::geom::Pos;
use crate::map::Map;
use crate::params::{GeneratorParams, ParamValue};

/// The cells whose tile differs between two maps of the same size (`None` for different sizes).
pub fn diff_cells(a: &Map, b: &Map) -> Option<Vec<Pos>> {
    if a.width() != b.width() || a.height() != b.height() {
        return None;
    }
    let (ta, tb) = (a.tiles(), b.tiles());
    Some(
        ta.as_slice()
            .iter()
            .zip(tb.as_slice())
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .map(|(i, _)| ta.pos_of(i))
            .collect(),
    )
}

/// One parameter that differs between two sets.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamDiff {
    pub key: &'static str,
    pub label: &'static str,
    pub a: Option<ParamValue>,
    pub b: Option<ParamValue>,
}

/// The parameters whose value differs between `a` and `b`, in panel order (of `a`, then those
/// only `b` has). A different generator is listed as key `generator`.
pub fn differing_params(a: &GeneratorParams, b: &GeneratorParams) -> Vec<ParamDiff> {
    let mut out = Vec::new();
    if a.kind() != b.kind() {
        out.push(ParamDiff { key: "generator", label: "Generator", a: None, b: None });
    }
    let (pa, pb) = (a.params(), b.params());
    for s in pa.specs() {
        let (va, vb) = (pa.get(s.key), pb.get(s.key));
        if va != vb {
            out.push(ParamDiff { key: s.key, label: s.label, a: va, b: vb });
        }
    }
    for s in pb.specs() {
        if !pa.specs().iter().any(|x| x.key == s.key) {
            out.push(ParamDiff { key: s.key, label: s.label, a: None, b: pb.get(s.key) });
        }
    }
    out
}

/// A parameter value as text.
pub fn format_value(v: Option<ParamValue>) -> String {
    match v {
        None => "—".to_owned(),
        Some(ParamValue::Int(i)) => i.to_string(),
        Some(ParamValue::Float(f)) => format!("{f:.3}"),
        Some(ParamValue::Range(lo, hi)) => format!("{lo} to {hi}"),
        Some(ParamValue::Choice(c)) => format!("#{c}"),
        Some(ParamValue::Bool(b)) => b.to_string(),
    }
}
