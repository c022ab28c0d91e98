//! One-heap games as Python gives them to `sequence`, `period`, `count`,
//! `table`, `genus`, `quotient` and `plot`: a ruleset word (`"kayles"`), a
//! function `options(n)` giving the options of a heap of `n` (or a `Game`
//! whose positions are heap sizes: its `options`), or a list of Grundy
//! values G(0), G(1), ....

use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use sprague::Ruleset;

use crate::analyze::ruleset_of;
use crate::errors;

/// The default of `max_options`: the most options an `options` function
/// may list over all heaps of one call (10 million; a kept option costs
/// about 40 bytes).
pub const DEFAULT_MAX_OPTIONS: u64 = 10_000_000;

/// A one-heap game as given.
pub enum Source<'py> {
    /// A ruleset word.
    Word(Ruleset),
    /// A function `options(n)`, and the name it is shown by.
    Options(Bound<'py, PyAny>, String),
    /// Grundy values G(0), G(1), ...
    Values(Vec<u64>),
}

impl<'py> Source<'py> {
    /// Reads `game`: a ruleset word, a function, or a list (or tuple) of
    /// whole numbers; `command` names the function for messages.
    pub fn of(game: &Bound<'py, PyAny>, command: &str) -> PyResult<Source<'py>> {
        if let Ok(word) = game.downcast::<PyString>() {
            return Ok(Source::Word(ruleset_of(&word.extract::<String>()?)?));
        }
        if game.is_instance_of::<crate::game::Game>() {
            // A `Game` whose positions are heap sizes: its options.
            let name = game.get_type().name()?.to_string();
            return Ok(Source::Options(game.getattr("options")?, name));
        }
        if game.is_callable() {
            let name = game
                .getattr("__name__")
                .and_then(|n| n.extract::<String>())
                .unwrap_or_else(|_| "options".into());
            return Ok(Source::Options(game.clone(), name));
        }
        if game.downcast::<PyList>().is_ok() || game.downcast::<PyTuple>().is_ok() {
            let mut values = Vec::new();
            for (n, v) in game.try_iter()?.enumerate() {
                let v = v?;
                values.push(v.extract::<u64>().map_err(|_| {
                    errors::input(format!(
                        "{command}(): value {n} of the list is {}, not a Grundy value (a whole \
                         number from 0)",
                        v.repr().map_or("?".into(), |r| r.to_string())
                    ))
                })?);
            }
            if values.is_empty() {
                return Err(errors::input(format!(
                    "{command}(): the list of values is empty (it starts with G(0))"
                )));
            }
            return Ok(Source::Values(values));
        }
        Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{command}() takes a ruleset word (\"kayles\"), a function options(n) of a heap \
             size, or a list of Grundy values, not {}",
            game.get_type().name()?
        )))
    }

    /// The name results carry: the ruleset word, the function's name, or
    /// `"values"`.
    pub fn name(&self) -> String {
        match self {
            Source::Word(r) => r.word().to_string(),
            Source::Options(_, name) => name.clone(),
            Source::Values(_) => "values".into(),
        }
    }
}

/// The options of each heap, each option the heaps it leaves.
pub type OptionsTable = Vec<Vec<Vec<u64>>>;

/// The options of heaps 0..=`to` of the game `options(n)` gives, each as
/// the heaps it leaves (all parts, in the order given), with G(0..=to);
/// with `keep` false the options are not kept (only the values).
///
/// Each option is a tuple (or list) of smaller heap sizes, or one int for
/// one heap. Raises `InputError` for an option that is not, `LimitError`
/// past `max_options` options in all; an exception of `options` itself
/// propagates, and Ctrl-C stops the loop.
pub fn read_options(
    options: &Bound<'_, PyAny>,
    to: u64,
    keep: bool,
    max_options: u64,
) -> PyResult<(OptionsTable, Vec<u64>)> {
    let py = options.py();
    let mut table: OptionsTable = Vec::new();
    let mut values: Vec<u64> = Vec::new();
    // seen[v] == n + 1 marks value v as an option's value of heap n.
    let mut seen: Vec<u64> = Vec::new();
    let mut option_values: Vec<u64> = Vec::new();
    let mut listed: u64 = 0;
    for n in 0..=to {
        if n % 256 == 255 {
            py.check_signals()?;
        }
        let given = options.call1((n,))?;
        option_values.clear();
        let mut kept: Vec<Vec<u64>> = Vec::new();
        let mut parts: Vec<u64> = Vec::new();
        for option in given.try_iter().map_err(|_| {
            errors::input(format!(
                "options({n}) must give an iterable of tuples of heap sizes, not {}",
                given
                    .get_type()
                    .name()
                    .map_or("?".into(), |s| s.to_string())
            ))
        })? {
            let option = option?;
            listed += 1;
            if listed > max_options {
                return Err(errors::limit(format!(
                    "options(n) listed more than {max_options} options in all (heaps 0 to \
                     {n}); raise the limit with max_options=N (time grows with it, and memory \
                     by about 40 bytes an option where genus, quotient or a misère table keep \
                     them)"
                )));
            }
            parts.clear();
            if let Ok(tuple) = option.downcast::<PyTuple>() {
                for i in 0..tuple.len() {
                    parts.push(smaller(&*tuple.get_borrowed_item(i)?, n)?);
                }
            } else if let Ok(list) = option.downcast::<PyList>() {
                for part in list.iter() {
                    parts.push(smaller(&part, n)?);
                }
            } else if let Ok(part) = smaller(&option, n) {
                parts.push(part);
            } else {
                return Err(errors::input(format!(
                    "options({n}) gave {}: each option must be a tuple of heap sizes smaller \
                     than {n} (or one such size)",
                    option.repr()?
                )));
            }
            option_values.push(parts.iter().fold(0, |x, &p| x ^ values[p as usize]));
            if keep {
                kept.push(parts.clone());
            }
        }
        let stamp = n + 1;
        if seen.len() < option_values.len() + 1 {
            seen.resize(option_values.len() + 1, 0);
        }
        for &v in &option_values {
            if let Some(s) = seen.get_mut(v as usize) {
                *s = stamp;
            }
        }
        values.push(seen.iter().position(|&s| s != stamp).unwrap_or(seen.len()) as u64);
        if keep {
            table.push(kept);
        }
    }
    Ok((table, values))
}

/// A heap size of an option of heap `n`: an int from 0 to `n - 1`.
fn smaller(part: &Bound<'_, PyAny>, n: u64) -> PyResult<u64> {
    match part.extract::<u64>() {
        Ok(h) if h < n => Ok(h),
        _ => Err(errors::input(format!(
            "options({n}) gave the heap {}: the options of a heap of {n} must leave heaps \
             smaller than {n} (whole numbers from 0)",
            part.repr()?
        ))),
    }
}

/// The ruleset of the game `options(n)` gives, over heaps 0..=`to`
/// (`sprague::ruleset::listed`): what genus, quotient and misère tables
/// work on.
pub fn listed_ruleset(
    options: &Bound<'_, PyAny>,
    name: &str,
    to: u64,
    max_options: u64,
) -> PyResult<Ruleset> {
    let (table, _) = read_options(options, to, true, max_options)?;
    sprague::ruleset::listed::from_heap_options(name, table).map_err(errors::lib)
}

/// G(0..=`to`) of a game given by a function or a list (`InputError` when
/// the list is shorter).
pub fn values_to(source: &Source<'_>, to: u64, what: &str, max_options: u64) -> PyResult<Vec<u64>> {
    match source {
        Source::Options(f, _) => Ok(read_options(f, to, false, max_options)?.1),
        Source::Values(v) => {
            if to >= v.len() as u64 {
                return Err(errors::input(format!(
                    "{what}: the list gives the values of heaps 0 to {}, not up to {to}",
                    v.len() - 1
                )));
            }
            Ok(v[..=to as usize].to_vec())
        }
        Source::Word(_) => Err(errors::other("values_to: a ruleset word")),
    }
}
