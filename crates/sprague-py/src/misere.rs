//! Misère play of heap games: `genus` and `quotient` as the CLI's `genus
//! --json` and `quotient --json` give them, for a ruleset word or a
//! one-heap game defined in Python (`options(n)`). The package wraps the
//! dicts in `Genus` and `Quotient` (`python/sprague/_results.py`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use sprague::misere::{
    genus_table, Quotient, QuotientLimits, DEFAULT_MAX_CYCLE, DEFAULT_MAX_ORDER,
};
use sprague::{Limits, Ruleset, DEFAULT_MAX_STATES};

use crate::errors;
use crate::heapgame::{listed_ruleset, Source, DEFAULT_MAX_OPTIONS};

/// The ruleset of a word or an options function, over heaps 0..=`to`; a
/// list of values is refused (misère play needs the options).
fn heap_game(
    game: &Bound<'_, PyAny>,
    to: u64,
    command: &str,
    max_options: u64,
) -> PyResult<Ruleset> {
    match Source::of(game, command)? {
        Source::Word(r) => Ok(r),
        Source::Options(f, name) => {
            if to >= sprague::sequence::MAX_TABLE_LEN {
                return Err(errors::input(format!(
                    "to={to}: a game given in Python is valued heap by heap, up to at most {} \
                     heaps",
                    sprague::sequence::MAX_TABLE_LEN
                )));
            }
            listed_ruleset(&f, &name, to, max_options)
        }
        Source::Values(_) => Err(errors::input(format!(
            "{command}() needs the game's options, not its Grundy values: misère play is not \
             decided by them; give a function options(n)"
        ))),
    }
}

/// Conway's genus of every heap 0..=`to` as `sprague genus RULESET --to N
/// --json` gives it: a dict with `ruleset`, `to`, `heaps` (each `heap`,
/// `genus` written g^(γ0 γ1 ...), `normal`, `misere` the γ's, `tame`) and
/// `first_wild`. `game` is a ruleset word or a function `options(n)`.
#[pyfunction]
#[pyo3(signature = (game, to, *, max_states=Limits::default().max_states,
    max_options=DEFAULT_MAX_OPTIONS))]
pub fn _genus<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    to: u64,
    max_states: usize,
    max_options: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let ruleset = heap_game(game, to, "genus", max_options)?;
    let limits = Limits {
        max_states,
        ..Limits::default()
    };
    let table = py
        .allow_threads(|| genus_table(&ruleset, to, &limits))
        .map_err(errors::lib)?;
    let heaps = PyList::empty(py);
    for h in &table.heaps {
        let d = PyDict::new(py);
        d.set_item("heap", h.heap)?;
        d.set_item("genus", h.genus.to_string())?;
        d.set_item("normal", h.genus.normal())?;
        d.set_item("misere", h.genus.superscript().to_vec())?;
        d.set_item("tame", h.tame)?;
        heaps.append(d)?;
    }
    let out = PyDict::new(py);
    out.set_item("ruleset", ruleset.word())?;
    out.set_item("to", to)?;
    out.set_item("heaps", heaps)?;
    out.set_item("first_wild", table.first_wild())?;
    Ok(out)
}

/// The misère quotient of heaps 0..=`to` as `sprague quotient RULESET --to
/// N --json` gives it: a dict with `ruleset`, `to`, `order`, `generators`
/// (each `name`, `heap`), `relations`, `elements`, `p_portion`, `pretend`
/// (heap n's element). `game` is a ruleset word or a function `options(n)`.
#[pyfunction]
#[pyo3(signature = (game, to, *, max_order=DEFAULT_MAX_ORDER, max_states=DEFAULT_MAX_STATES,
    max_options=DEFAULT_MAX_OPTIONS, max_cycle=DEFAULT_MAX_CYCLE))]
pub fn _quotient<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    to: u64,
    max_order: usize,
    max_states: usize,
    max_options: u64,
    max_cycle: usize,
) -> PyResult<Bound<'py, PyDict>> {
    if !(2..=256).contains(&max_cycle) {
        return Err(errors::input(format!(
            "max_cycle={max_cycle}: the longest cycle tried is from 2 to 256"
        )));
    }
    let ruleset = heap_game(game, to, "quotient", max_options)?;
    let limits = QuotientLimits {
        max_order,
        max_states,
        max_cycle,
        ..QuotientLimits::default()
    };
    let q = py
        .allow_threads(|| Quotient::compute(&ruleset, to, &limits))
        .map_err(quotient_error)?;
    let generators = PyList::empty(py);
    for (name, heap) in q.generators() {
        let d = PyDict::new(py);
        d.set_item("name", name)?;
        d.set_item("heap", heap)?;
        generators.append(d)?;
    }
    let out = PyDict::new(py);
    out.set_item("ruleset", ruleset.word())?;
    out.set_item("to", to)?;
    out.set_item("order", q.order())?;
    out.set_item("generators", generators)?;
    out.set_item("relations", q.relations())?;
    out.set_item("elements", q.elements())?;
    out.set_item("p_portion", q.p_portion())?;
    let pretend: Vec<String> = (0..=to).map(|h| q.pretend_word(h)).collect();
    out.set_item("pretend", pretend)?;
    Ok(out)
}

/// A quotient's error, with the keyword argument that raises its limit
/// where the CLI names its flag.
fn quotient_error(e: sprague::Error) -> PyErr {
    let hint = match &e {
        sprague::Error::OrderLimit { .. } => {
            "; raise the limit with max_order=Q (time and memory grow with it)"
        }
        sprague::Error::CheckLimit { .. } | sprague::Error::StateLimit { .. } => {
            "; raise the limit with max_states=N (time and memory grow with it: about 100 \
             bytes a tuple)"
        }
        sprague::Error::Unsupported(why) if why.contains(sprague::misere::NO_REPEAT) => {
            return errors::lib(sprague::Error::Unsupported(format!(
                "{why}; a longer cycle may find it: max_cycle=L (time grows with it)"
            )))
        }
        _ => return errors::lib(e),
    };
    errors::limit(format!("{e}{hint}"))
}
