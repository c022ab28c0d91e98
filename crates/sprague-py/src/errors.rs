//! sprague's errors as Python exceptions: `InputError` (a `ValueError`) for
//! bad input, `LimitError` for a limit reached, `SpragueError` (their base)
//! for anything else. The classes live in `sprague/_errors.py`, so that
//! `InputError` can be both a `SpragueError` and a `ValueError`.
//!
//! Messages are the library's, as the CLI prints them; where the CLI names
//! the flag that raises a limit (`--max-states N`), Python names the keyword
//! argument (`max_states=N`).

use pyo3::prelude::*;
use pyo3::types::PyType;

/// The exception class `name` of `sprague._errors`.
fn class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyType>> {
    Ok(py
        .import("sprague._errors")?
        .getattr(name)?
        .downcast_into::<PyType>()?)
}

/// An exception of class `name` with `message`.
fn raise(name: &str, message: String) -> PyErr {
    Python::with_gil(|py| match class(py, name) {
        Ok(class) => PyErr::from_type(class, message),
        Err(e) => e,
    })
}

/// Bad input: `sprague.InputError`, a `ValueError`.
pub fn input(message: impl Into<String>) -> PyErr {
    raise("InputError", message.into())
}

/// A limit reached: `sprague.LimitError`.
pub fn limit(message: impl Into<String>) -> PyErr {
    raise("LimitError", message.into())
}

/// Anything else: `sprague.SpragueError`.
pub fn other(message: impl Into<String>) -> PyErr {
    raise("SpragueError", message.into())
}

/// A library error as a Python exception: the library's message, with the
/// keyword argument that raises a limit where the CLI names its flag.
pub fn lib(e: sprague::Error) -> PyErr {
    let message = format!("{e}{}", hint(&e));
    if e.is_limit() {
        limit(message)
    } else if e.is_bad_input() {
        input(message)
    } else {
        other(message)
    }
}

/// A parse error (a position or ruleset word): `InputError`.
pub fn parse(e: sprague::ParseError) -> PyErr {
    input(e.to_string())
}

/// What raises the limit `e` reached, as the CLI says it with its flags
/// (`cmd::LibError`), here with keyword arguments.
fn hint(e: &sprague::Error) -> String {
    use sprague::sequence::MAX_TABLE_LEN;
    use sprague::Error;
    match e {
        Error::StateLimit { .. } => "; raise the limit with max_states=N (memory grows with it: \
                                     a few hundred bytes a state)"
            .into(),
        Error::WorkLimit { .. } => "; raise max_states=N: the work a search may do grows \
                                    with it"
            .into(),
        Error::MisereLimit { .. } => "; raise max_quotient_states=N for the quotient (time and \
                                      memory grow with it: about 100 bytes a tuple) or \
                                      max_states=N for the search (a few hundred bytes a state)"
            .into(),
        Error::TableLimit { limit, .. } if *limit >= MAX_TABLE_LEN => {
            " (the most a table holds: no argument raises it)".into()
        }
        Error::TableLimit { divisor, .. } if *divisor > 1 => format!(
            "; raise the limit with max_table=N (such games get max_table / {divisor}; memory \
             grows with it, by 2 bytes a value, 4 once one passes 65535)"
        ),
        Error::TableLimit { .. } => "; raise the limit with max_table=N (memory grows with it, \
                                     by 2 bytes a value, 4 once one passes 65535)"
            .into(),
        Error::TableWorkLimit { .. } => "; raise the limit with max_table_work=N (time grows \
                                         with it: about 1 ns a unit)"
            .into(),
        Error::ValueTooLarge { .. } => " (no argument raises it)".into(),
        Error::ComponentTableLimit { .. } => "; raise the limit with max_table=N (memory grows \
                                              with it, by 5 bytes a value)"
            .into(),
        Error::PeriodSearchLimit { heap, divisor, .. } => {
            let mut s = String::from("; search further with max_period_search=N");
            if *divisor > 1 {
                s += &format!(" (such games get max_period_search / {divisor})");
            }
            if *heap < MAX_TABLE_LEN {
                s += ", or compute the table up to the heap with max_table=N";
            }
            s + " (time grows with it; a game with no known period, such as octal:0.6, may \
                 have none to find)"
        }
        Error::GridLimit { .. } => "; raise the limit with max_cells=N (memory grows with it, \
                                    by 8 bytes a cell)"
            .into(),
        Error::CountLimit {
            kind: sprague::count::CountLimitKind::Bits,
            ..
        } => "; raise the limit with max_bits=N (a count of ordered tuples modulo Q, modulo=Q, \
              needs no exact numbers)"
            .into(),
        Error::CountLimit { .. } => "; raise the limit with max_work=N (time grows with it)".into(),
        Error::TooManyMoves { limit: 0, .. } => "; max_states=0 lets no position be stored nor \
             any move be listed: raise it with max_states=N"
            .into(),
        Error::TooManyMoves { .. } => {
            "; list fewer with max_moves=N (or raise max_states=N)".into()
        }
        _ => String::new(),
    }
}
