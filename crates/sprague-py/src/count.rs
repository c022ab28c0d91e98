//! `count(ruleset, heaps, max)`: the CLI's `sprague count RULESET --heaps K
//! --max M --json`, how many sums of K heaps (each 0..=M) are P-positions
//! (or N-positions).

use pyo3::prelude::*;

use sprague::count::{CountBasis, CountLimits, CountSpec, DEFAULT_MAX_BITS, DEFAULT_MAX_WORK};
use sprague::{Limits, Outcome, Play};

use crate::analyze::ruleset_of;
use crate::errors;

/// The result of `count`: the fields of `sprague count --json` (with
/// `count` an int).
#[pyclass(frozen, module = "sprague")]
pub struct Count {
    /// The ruleset word as written.
    #[pyo3(get)]
    ruleset: String,
    /// K, the number of heaps in each sum.
    #[pyo3(get)]
    heaps: u64,
    /// M, the largest heap size.
    #[pyo3(get)]
    max: u64,
    /// Whether multisets were counted (heaps in any order count once).
    #[pyo3(get)]
    unordered: bool,
    /// Which positions were counted: `"P"` or `"N"`.
    #[pyo3(get)]
    outcome: String,
    /// The modulus, or `None` for an exact count.
    #[pyo3(get)]
    modulo: Option<u64>,
    /// The count (modulo `modulo` when given), an int of any size.
    #[pyo3(get)]
    count: PyObject,
    /// Where the values came from: `"closed-form"`, `"table"` or
    /// `"period"`.
    #[pyo3(get)]
    basis: String,
    /// The preperiod of the proven period used, or `None`.
    #[pyo3(get)]
    preperiod: Option<u64>,
    /// The period used, or `None`.
    #[pyo3(get)]
    period: Option<u64>,
}

#[pymethods]
impl Count {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Count(ruleset={:?}, heaps={}, max={}, unordered={}, outcome={:?}, count={})",
            self.ruleset,
            self.heaps,
            self.max,
            if self.unordered { "True" } else { "False" },
            self.outcome,
            self.count.bind(py).repr()?
        ))
    }

    fn __int__(&self, py: Python<'_>) -> PyObject {
        self.count.clone_ref(py)
    }
}

/// Counts the P-positions (or with `outcome="N"` the N-positions) among all
/// sums of `heaps` heaps of a heap ruleset with every heap in 0..=`max`, as
/// `sprague count RULESET --heaps K --max M --json` does: ordered tuples,
/// or multisets with `unordered=True`; exactly (an int of any size), or
/// modulo `modulo`. Nim and ranges `sub:a-b` by a closed form, other heap
/// games by their nim-sequence (or a proven period). Misère play is
/// refused. Raises `LimitError` past `max_work` or `max_bits` (before any
/// work) and the table limits. Runs without the GIL.
///
/// >>> count("kayles", 3, 20, unordered=True).count
/// 183
#[pyfunction]
#[pyo3(signature = (ruleset, heaps, max, *, unordered=false, outcome="P", modulo=None,
    misere=false, max_work=DEFAULT_MAX_WORK, max_bits=DEFAULT_MAX_BITS,
    max_table=Limits::default().max_table,
    max_period_search=Limits::default().max_period_search))]
#[allow(clippy::too_many_arguments)]
pub fn count(
    py: Python<'_>,
    ruleset: &str,
    heaps: u64,
    max: u64,
    unordered: bool,
    outcome: &str,
    modulo: Option<u64>,
    misere: bool,
    max_work: u64,
    max_bits: u64,
    max_table: u64,
    max_period_search: u64,
) -> PyResult<Count> {
    let ruleset = ruleset_of(ruleset)?;
    if misere {
        return Err(errors::input(format!(
            "count --misere: misère play of a sum of {} heaps is not decided by the nim-sum of \
             their Grundy values, so sprague does not count misère positions",
            ruleset.word()
        )));
    }
    let outcome = match outcome {
        "P" | "p" => Outcome::P,
        "N" | "n" => Outcome::N,
        other => {
            return Err(errors::input(format!(
                "outcome={other:?}: expected \"P\" or \"N\""
            )))
        }
    };
    if modulo == Some(0) {
        return Err(errors::input("modulo=0: the modulus must be at least 1"));
    }
    let spec = CountSpec {
        heaps,
        max,
        unordered,
        outcome,
        modulo,
        play: Play::Normal,
    };
    let limits = CountLimits {
        table: Limits {
            max_table,
            max_period_search,
            ..Limits::default()
        },
        max_work,
        max_bits,
        ..CountLimits::default()
    };
    let report = py
        .allow_threads(|| sprague::count::count(&ruleset, &spec, &limits))
        .map_err(errors::lib)?;
    let (preperiod, period) = match report.basis {
        CountBasis::Period { preperiod, period } => (Some(preperiod), Some(period)),
        _ => (None, None),
    };
    let value = py
        .import("builtins")?
        .getattr("int")?
        .call1((report.count.to_string(),))?
        .unbind();
    Ok(Count {
        ruleset: ruleset.word().to_string(),
        heaps,
        max,
        unordered,
        outcome: outcome.to_string(),
        modulo,
        count: value,
        basis: match report.basis {
            CountBasis::ClosedForm => "closed-form",
            CountBasis::Table => "table",
            CountBasis::Period { .. } => "period",
            _ => "other",
        }
        .to_string(),
        preperiod,
        period,
    })
}
