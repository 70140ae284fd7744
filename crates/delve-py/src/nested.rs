//! Nested parameters by path (`p["markers.keys.pairs"] = 2`): Python values to and from the
//! parameters' serde form, which [`delve_core::params::path`] reads and writes.

use crate::errors::parameter_error;
use delve_core::params::path::{Fields, Number, Value};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

/// `value` as Python: numbers, text, bools, lists, dicts (a range as `{"min": 1, "max": 3}`).
pub(crate) fn to_py(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any().unbind(),
        Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => u.into_pyobject(py)?.into_any().unbind(),
            (_, Some(i), _) => i.into_pyobject(py)?.into_any().unbind(),
            (_, _, f) => f.unwrap_or(f64::NAN).into_pyobject(py)?.into_any().unbind(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::Array(items) => {
            let items: Vec<Py<PyAny>> = items.iter().map(|v| to_py(py, v)).collect::<PyResult<_>>()?;
            PyList::new(py, items)?.into_any().unbind()
        }
        Value::Object(fields) => {
            let dict = PyDict::new(py);
            for (k, v) in fields {
                dict.set_item(k, to_py(py, v)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// A Python value as the serde form takes it; anything else is a `ParameterError` about `path`.
pub(crate) fn from_py(path: &str, value: &Bound<'_, PyAny>) -> PyResult<Value> {
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if value.cast::<PyInt>().is_ok() {
        if let Ok(u) = value.extract::<u64>() {
            return Ok(Value::from(u));
        }
        if let Ok(i) = value.extract::<i64>() {
            return Ok(Value::from(i));
        }
        return Err(parameter_error(path, None, format!("{path}: {value} is too large a number")));
    }
    if value.cast::<PyFloat>().is_ok() {
        let f: f64 = value.extract()?;
        return Number::from_f64(f)
            .map(Value::Number)
            .ok_or_else(|| parameter_error(path, None, format!("{path}: {f} is not a finite number")));
    }
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(Value::String(s.to_str()?.to_string()));
    }
    if value.cast::<PyList>().is_ok() || value.cast::<PyTuple>().is_ok() {
        let items: Vec<Bound<'_, PyAny>> = value.try_iter()?.collect::<PyResult<_>>()?;
        return items.iter().map(|v| from_py(path, v)).collect::<PyResult<Vec<_>>>().map(Value::Array);
    }
    if let Ok(d) = value.cast::<PyDict>() {
        let mut fields = Fields::new();
        for (k, v) in d.iter() {
            let k: String = k
                .extract()
                .map_err(|_| parameter_error(path, None, format!("{path}: a dict's keys are field names")))?;
            fields.insert(k, from_py(path, &v)?);
        }
        return Ok(Value::Object(fields));
    }
    Err(parameter_error(path, None, format!("{path}: cannot take a {}", value.get_type().name()?)))
}
