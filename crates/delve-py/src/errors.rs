//! The module's errors: `delve.DelveError`, and two kinds of it a program can catch and read
//! without parsing the message: `delve.FileError` (a file, with its line and column) and
//! `delve.ParameterError` (a parameter, with its key and what it allows). Every message is the
//! one the `delve` CLI prints; the kinds only add attributes, set on the exception as it is made
//! (one helper per kind, used wherever the binding meets such an error).

use delve_core::io;
use pyo3::exceptions::{PyBaseException, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    delve,
    DelveError,
    PyValueError,
    "Bad input to Delve: an unknown preset, a file with a bad value (named with its file, line:col, \
     field and allowed range), a seed that is neither a whole number nor a text, a map whose locks \
     cannot be kept, a map file over Delve's limits. The message is the one the `delve` CLI prints. \
     A file Delve cannot read, parse or write is a FileError, a parameter refused a ParameterError \
     (both DelveErrors)."
);

pyo3::create_exception!(
    delve,
    FileError,
    DelveError,
    "A file Delve could not read, parse or write (a preset, a map, a map whose locks to keep; RON \
     text given as a preset is the file `<preset text>`). `path`: the file; `line` and `column`: \
     where in it (1-based), or None when not known; `reason`: the message without `path:line:col: `."
);

pyo3::create_exception!(
    delve,
    ParameterError,
    DelveError,
    "A parameter refused: a value of the wrong kind or out of range, an unknown key, parameters \
     that cannot be generated. `key`: the parameter's key (`max_rooms`) or path \
     (`markers.keys.pairs`); `allowed`: the values it allows in words (`1 to 100000 tries`), or \
     None; `reason`: what is wrong, without the key in front."
);

/// A [`DelveError`] with `message`.
pub(crate) fn delve_error(message: impl Into<String>) -> PyErr {
    DelveError::new_err(message.into())
}

/// `error` with attributes set by `set` on its exception. Takes the GIL (the core's errors are
/// often met with it released); an attribute that cannot be set (none is known) is the error.
fn with_attributes(error: PyErr, set: impl FnOnce(&Bound<'_, PyBaseException>) -> PyResult<()>) -> PyErr {
    Python::attach(|py| {
        let exception = error.into_value(py).into_bound(py);
        match set(&exception) {
            Ok(()) => PyErr::from_value(exception.into_any()),
            Err(e) => e,
        }
    })
}

/// A [`FileError`] for the core's `e`, with its message, file, line, column and reason.
pub(crate) fn file_error(e: io::FileError) -> PyErr {
    let message = e.to_string();
    let (path, location) = (e.path(), e.location());
    let prefix = match location {
        Some((line, col)) => format!("{}:{line}:{col}: ", path.display()),
        None => format!("{}: ", path.display()),
    };
    let reason = message.strip_prefix(&prefix).unwrap_or(&message).to_string();
    with_attributes(FileError::new_err(message), |exception| {
        exception.setattr("path", path.as_os_str())?;
        exception.setattr("line", location.map(|(line, _)| line))?;
        exception.setattr("column", location.map(|(_, col)| col))?;
        exception.setattr("reason", reason)
    })
}

/// A [`ParameterError`] with `message`, about parameter `key` (a key of preset files or a path
/// of nested fields), which allows `allowed` (in words, when Delve has them); its reason is the
/// message without `key: ` in front.
pub(crate) fn parameter_error(key: &str, allowed: Option<String>, message: impl Into<String>) -> PyErr {
    let message = message.into();
    let reason = message.strip_prefix(key).and_then(|r| r.strip_prefix(": ")).unwrap_or(&message).to_string();
    parameter_error_because(key, allowed, reason, message)
}

/// A [`ParameterError`] with `message` whose reason, what is wrong with `key`, is `reason`.
pub(crate) fn parameter_error_because(key: &str, allowed: Option<String>, reason: String, message: String) -> PyErr {
    with_attributes(ParameterError::new_err(message), |exception| {
        exception.setattr("key", key)?;
        exception.setattr("allowed", allowed)?;
        exception.setattr("reason", reason)
    })
}
