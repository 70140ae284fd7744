//! Any parameter by its path of field names, nested ones too — `markers.keys.pairs`,
//! `roles.guard`, `markers.kinds.0.density` (a list's items by number) — as a binding sets
//! them: read and written through the parameters' serde form, whose fields are the preset
//! files' own, then checked as a preset file is ([`GeneratorParams::check`]). Only fields the
//! parameters have can be set, so a misspelt path is an error, never a silent no-op.

use super::{GeneratorParams, ParamKind};
pub use serde_json::{Number, Value};

/// An object's fields in the serde form.
pub type Fields = serde_json::Map<String, Value>;

/// The value at `path` (field names joined by `.`, list items by number).
pub fn get_path(params: &GeneratorParams, path: &str) -> Result<Value, String> {
    let root = serde_json::to_value(params).map_err(|e| format!("{path}: {e}"))?;
    fields(&root)
        .ok_or_else(|| format!("{path}: the parameters have no fields"))?
        .pointer(&pointer(path))
        .cloned()
        .ok_or_else(|| no_such(path))
}

/// Sets the value at `path` to `value`; refused, and `params` left as it was, when the path
/// names no field, when the value is not of the field's kind, or when the parameters it makes
/// do not pass [`GeneratorParams::check`] (every problem said, with its field).
pub fn set_path(params: &mut GeneratorParams, path: &str, value: Value) -> Result<(), String> {
    let mut root = serde_json::to_value(&*params).map_err(|e| format!("{path}: {e}"))?;
    let family = fields_mut(&mut root).ok_or_else(|| format!("{path}: the parameters have no fields"))?;
    *family.pointer_mut(&pointer(path)).ok_or_else(|| no_such(path))? = value;
    let made: GeneratorParams =
        serde_json::from_value(root).map_err(|e| with_allowed(params, path, format!("{path}: {e}")))?;
    let issues = made.check();
    if !issues.is_empty() {
        // "max_rooms: must be …", not "max_rooms: max_rooms: must be …".
        let said: Vec<String> = issues
            .iter()
            .map(|i| {
                if path == i.field || path.ends_with(&format!(".{}", i.field)) {
                    i.message.clone()
                } else {
                    i.to_string()
                }
            })
            .collect();
        return Err(format!("{path}: {}", said.join("; ")));
    }
    *params = made;
    Ok(())
}

/// `message` (a value of the wrong kind for parameter `key`, such as `-3` for a count, refused
/// before its range is checked) with the values the parameter allows, when `key` is one of the
/// generator's own numbers.
fn with_allowed(params: &GeneratorParams, key: &str, message: String) -> String {
    let Some(spec) = params.params().specs().iter().find(|s| s.key == key) else { return message };
    match spec.kind {
        ParamKind::Int { .. } | ParamKind::Range { .. } | ParamKind::Float { .. } => {
            format!("{message} (allowed {})", spec.allowed())
        }
        ParamKind::Choice(_) | ParamKind::Bool => message,
    }
}

/// `path` as a JSON pointer (`markers.keys.pairs` → `/markers/keys/pairs`), which walks
/// objects by field and lists by number.
fn pointer(path: &str) -> String {
    path.split('.').map(|s| format!("/{}", s.replace('~', "~0").replace('/', "~1"))).collect()
}

fn no_such(path: &str) -> String {
    format!("{path}: no such parameter (the fields are the preset file's, joined by `.`; list items by number)")
}

/// The family's own fields: `{"Caves": {...}}` holds them under its one key.
fn fields(root: &Value) -> Option<&Value> {
    root.as_object().filter(|o| o.len() == 1).and_then(|o| o.values().next())
}

fn fields_mut(root: &mut Value) -> Option<&mut Value> {
    root.as_object_mut().filter(|o| o.len() == 1).and_then(|o| o.values_mut().next())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::shipped_preset;

    fn quest() -> GeneratorParams {
        shipped_preset("grown-quest").unwrap().unwrap().generator
    }

    #[test]
    fn nested_fields_are_read_and_set_and_checked() {
        let mut p = quest();
        assert_eq!(get_path(&p, "markers.keys.pairs").unwrap(), Value::from(2));
        set_path(&mut p, "markers.keys.pairs", Value::from(3)).unwrap();
        assert_eq!(p.markers().keys.pairs, 3);
        set_path(&mut p, "markers.kinds.0.density", Value::from(1.5)).unwrap();
        assert_eq!(p.markers().kinds[0].density, 1.5);
        assert_eq!(get_path(&p, "markers.kinds.0.name").unwrap(), Value::from("monster"));
        // A misspelt path, a value of the wrong kind, a value the checks refuse: errors naming
        // the path, and the parameters unchanged.
        let before = p.clone();
        let err = set_path(&mut p, "markers.keys.pears", Value::from(1)).unwrap_err();
        assert!(err.contains("markers.keys.pears") && err.contains("no such parameter"), "{err}");
        let err = set_path(&mut p, "markers.keys.pairs", Value::from("two")).unwrap_err();
        assert!(err.starts_with("markers.keys.pairs:"), "{err}");
        assert!(set_path(&mut p, "markers.kinds.9.density", Value::from(1.0)).is_err());
        assert_eq!(p, before);
    }

    /// A refused value says the parameter once and what it allows, whichever way it is refused:
    /// by its range ("max_rooms: must be …", not "max_rooms: max_rooms: …") or by its kind (-3
    /// for a count, which serde refuses before any range is checked).
    #[test]
    fn refusals_name_the_parameter_once_and_its_range() {
        let mut p = GeneratorParams::default();
        let err = set_path(&mut p, "max_rooms", Value::from(0)).unwrap_err();
        assert!(err.starts_with("max_rooms: ") && !err.contains("max_rooms: max_rooms"), "{err}");
        let err = set_path(&mut p, "max_rooms", Value::from(-3)).unwrap_err();
        assert!(err.starts_with("max_rooms: ") && err.contains("(allowed 1 to "), "{err}");
        assert_eq!(p, GeneratorParams::default());
    }
}
