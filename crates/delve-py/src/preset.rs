//! `delve.Preset`: a generator and its parameters, read and set by the keys of preset files
//! (`p["max_rooms"] = 40`). A value of the wrong kind or outside its range is refused with a
//! `delve.ParameterError` naming the key and the values allowed (the core's setters would clamp
//! it).

use crate::errors::parameter_error;
use crate::map::Map;
use crate::{PresetArg, SeedArg, delve_error, file_error, generate_map, guarded};
use delve_core::io::{self, Preset as CorePreset};
use delve_core::params::path::{get_path, set_path};
use delve_core::params::{ParamKind, ParamSpec, ParamValue};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyList, PySequence, PyString};
use std::path::PathBuf;

/// A preset: a generator with every parameter, its name and its default seed.
///
/// `Preset(source)` reads a shipped preset's name, a preset file's path or RON text, as
/// `delve.generate` does. Parameters are read and set by the keys of preset files:
/// `p["max_rooms"] = 40`; the role rules by `roles_entrance_exit`, `roles_min_exit_distance`,
/// `roles_treasure`, `roles_treasure_side_rooms` and `roles_guard`. Whole numbers are ints,
/// chances floats (0 to 1), ranges `(min, max)` tuples, choices their names in preset files
/// (`"ShareWalls"`), switches bools.
#[pyclass(module = "delve", name = "Preset")]
pub struct PyPreset {
    pub(crate) preset: CorePreset,
}

/// The name of a choice in preset files: its label in CamelCase ("Share walls" → "ShareWalls").
fn file_name(label: &str) -> String {
    label
        .split(' ')
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
        })
        .collect()
}

/// A choice's name folded for matching: "share walls", "ShareWalls" and "share_walls" agree.
fn folded(name: &str) -> String {
    name.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// What parameter `spec` allows, with its kind, for messages (and `ParameterError.allowed`).
pub(crate) fn allowed(spec: &ParamSpec) -> String {
    match spec.kind {
        ParamKind::Choice(options) => options.iter().map(|o| file_name(o)).collect::<Vec<_>>().join(", "),
        ParamKind::Bool => "True or False".to_string(),
        _ => spec.allowed(),
    }
}

/// `value` as parameter `spec`'s value, or the error that says what it allows.
fn value_of(spec: &ParamSpec, value: &Bound<'_, PyAny>) -> PyResult<ParamValue> {
    let key = spec.key;
    let shown = value.repr().map_or_else(|_| "?".to_string(), |r| r.to_string());
    let refused = |message: String| parameter_error(key, Some(allowed(spec)), message);
    let what = |expected: &str| refused(format!("{key}: expected {expected}, not {shown} (allowed {})", allowed(spec)));
    let out_of_range = || refused(format!("{key}: {shown} is out of range (allowed {})", allowed(spec)));
    let is_bool = value.is_instance_of::<PyBool>();
    let whole = |v: &Bound<'_, PyAny>| -> PyResult<i64> {
        if v.is_instance_of::<PyBool>() || !v.is_instance_of::<PyInt>() {
            return Err(what("a whole number"));
        }
        v.extract::<i64>().map_err(|_| out_of_range())
    };
    match spec.kind {
        ParamKind::Int { min, max } => {
            let v = whole(value)?;
            if !(min..=max).contains(&v) {
                return Err(out_of_range());
            }
            Ok(ParamValue::Int(v))
        }
        ParamKind::Float { min, max } => {
            if is_bool || !(value.is_instance_of::<PyFloat>() || value.is_instance_of::<PyInt>()) {
                return Err(what("a number"));
            }
            let v: f64 = value.extract().map_err(|_| out_of_range())?;
            if !v.is_finite() || !(min..=max).contains(&v) {
                return Err(out_of_range());
            }
            Ok(ParamValue::Float(v))
        }
        ParamKind::Range { min, max } => {
            let pair = value
                .cast::<PySequence>()
                .ok()
                .filter(|s| !value.is_instance_of::<PyString>() && s.len().is_ok_and(|n| n == 2))
                .ok_or_else(|| what("a (min, max) pair of whole numbers"))?;
            let (lo, hi) = (whole(&pair.get_item(0)?)?, whole(&pair.get_item(1)?)?);
            if lo < min || hi > max {
                return Err(out_of_range());
            }
            if lo > hi {
                return Err(refused(format!("{key}: {shown}: the smallest ({lo}) is larger than the largest ({hi})")));
            }
            Ok(ParamValue::Range(lo, hi))
        }
        ParamKind::Choice(options) => {
            let name = value.cast::<PyString>().map_err(|_| what("the name of an option"))?.to_str()?;
            let index = options.iter().position(|o| folded(o) == folded(name));
            index
                .map(ParamValue::Choice)
                .ok_or_else(|| refused(format!("{key}: {shown} is not one of its options (allowed {})", allowed(spec))))
        }
        ParamKind::Bool => {
            if !is_bool {
                return Err(what("True or False"));
            }
            Ok(ParamValue::Bool(value.is_truthy()?))
        }
    }
}

impl PyPreset {
    fn spec(&self, key: &str) -> PyResult<&'static ParamSpec> {
        let specs = self.preset.generator.params().specs();
        specs.iter().find(|s| s.key == key).ok_or_else(|| {
            let keys: Vec<&str> = specs.iter().map(|s| s.key).collect();
            let generator = self.preset.generator.kind().file_name();
            let message = format!("unknown parameter `{key}` for {generator}; its parameters are {}", keys.join(", "));
            parameter_error(key, None, message)
        })
    }
}

#[pymethods]
impl PyPreset {
    /// Reads a preset: a shipped preset's name, a preset file's path, or RON text.
    #[new]
    fn new(source: PresetArg<'_>) -> PyResult<Self> {
        Ok(PyPreset { preset: source.resolve()?.into_owned() })
    }

    /// The value of parameter `key` (a key of preset files), or of a nested one by its path
    /// (`"markers.keys.pairs"`, `"markers.kinds.0.density"`).
    fn __getitem__(&self, py: Python<'_>, key: &str) -> PyResult<Py<PyAny>> {
        if key.contains('.') {
            let value = get_path(&self.preset.generator, key).map_err(|e| parameter_error(key, None, e))?;
            return crate::nested::to_py(py, &value);
        }
        let spec = self.spec(key)?;
        let value =
            self.preset.generator.params().get(key).ok_or_else(|| delve_error(format!("`{key}` has no value")))?;
        Ok(match value {
            ParamValue::Int(v) => v.into_pyobject(py)?.into_any().unbind(),
            ParamValue::Float(v) => v.into_pyobject(py)?.into_any().unbind(),
            ParamValue::Range(lo, hi) => (lo, hi).into_pyobject(py)?.into_any().unbind(),
            ParamValue::Bool(v) => PyBool::new(py, v).to_owned().into_any().unbind(),
            ParamValue::Choice(i) => {
                let options = match spec.kind {
                    ParamKind::Choice(options) => options,
                    _ => &[],
                };
                let name = options.get(i).map_or_else(String::new, |o| file_name(o));
                name.into_pyobject(py)?.into_any().unbind()
            }
        })
    }

    /// Sets parameter `key`; a value of the wrong kind or out of range raises `ParameterError`
    /// naming the values allowed (nothing is changed). Rules between parameters (a room larger
    /// than the map) are checked when generating, or by `check()`.
    fn __setitem__(&mut self, key: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
        if key.contains('.') {
            // A nested parameter: set, then the whole preset checked as a preset file is.
            let value = crate::nested::from_py(key, value)?;
            return set_path(&mut self.preset.generator, key, value).map_err(|e| parameter_error(key, None, e));
        }
        let spec = self.spec(key)?;
        let v = value_of(spec, value)?;
        if !self.preset.generator.params_mut().set(key, v) {
            return Err(parameter_error(
                key,
                Some(allowed(spec)),
                format!("{key}: cannot take {v:?} (allowed {})", allowed(spec)),
            ));
        }
        Ok(())
    }

    fn __contains__(&self, key: &str) -> bool {
        self.keys().contains(&key) || (key.contains('.') && get_path(&self.preset.generator, key).is_ok())
    }

    fn __len__(&self) -> usize {
        self.keys().len()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.keys())?.try_iter()?.into_any())
    }

    /// Every parameter's key, in the editor's panel order.
    fn keys(&self) -> Vec<&'static str> {
        self.preset.generator.params().specs().iter().map(|s| s.key).collect()
    }

    /// The values parameter `key` allows, in words: "3 to 1024 tiles", "Separate, ShareWalls".
    fn allowed(&self, key: &str) -> PyResult<String> {
        Ok(allowed(self.spec(key)?))
    }

    /// The generator, as preset files name it: one of `delve.GENERATORS`.
    #[getter]
    fn generator(&self) -> &'static str {
        self.preset.generator.kind().file_name()
    }

    /// The preset's name, if it has one.
    #[getter]
    fn name(&self) -> Option<String> {
        self.preset.name.clone()
    }

    /// The preset's own seed: what `generate()` uses when no seed is given.
    #[getter]
    fn get_seed(&self) -> u64 {
        self.preset.seed
    }

    /// Sets the preset's own seed (a whole number or a text, as `generate` takes it).
    #[setter]
    fn set_seed(&mut self, seed: SeedArg<'_>) -> PyResult<()> {
        self.preset.seed = seed.resolve(self.preset.seed)?;
        Ok(())
    }

    /// What stops these parameters from being generated (rules between parameters included),
    /// one sentence each, as `delve check` words it; empty when they can be.
    fn check(&self) -> Vec<String> {
        self.preset.generator.check().iter().map(|i| format!("parameter {i}")).collect()
    }

    /// The preset as the text of a preset file.
    fn to_ron(&self) -> PyResult<String> {
        io::preset_to_string(&self.preset).map_err(|e| delve_error(format!("cannot write the preset as RON: {e}")))
    }

    /// Saves the preset as a preset file (atomically), for the editor and the CLI. It writes a
    /// copy taken first, so other threads may change the preset meanwhile.
    fn save(slf: &Bound<'_, Self>, path: PathBuf) -> PyResult<()> {
        let preset = slf.borrow().preset.clone();
        slf.py().detach(|| guarded("saving the preset", || io::save_preset(&path, &preset).map_err(file_error)))
    }

    /// A copy to change without changing this one.
    fn copy(&self) -> PyPreset {
        PyPreset { preset: self.preset.clone() }
    }

    /// The map of these parameters and `seed` (omitted: the preset's seed), as
    /// `delve.generate(preset, seed, keep=..., record=...)` makes it.
    #[pyo3(
        signature = (seed = SeedArg::Omitted, *, keep = None, record = false),
        text_signature = "(self, seed=..., *, keep=None, record=False)"
    )]
    fn generate(slf: &Bound<'_, Self>, seed: SeedArg<'_>, keep: Option<PathBuf>, record: bool) -> PyResult<Map> {
        // The parameters as they are now, copied, and the preset let go before generating (with
        // the GIL released): another thread may change or use the preset meanwhile.
        let (params, own_seed) = {
            let this = slf.borrow();
            (this.preset.generator.clone(), this.preset.seed)
        };
        let seed = seed.resolve(own_seed)?;
        generate_map(slf.py(), &params, seed, keep, record)
    }

    fn __repr__(&self) -> String {
        let name = self.preset.name.as_deref().unwrap_or("unnamed");
        format!("<delve.Preset {name:?} ({}), seed {}>", self.generator(), self.preset.seed)
    }
}
