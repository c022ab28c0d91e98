//! `count(ruleset, heaps, max)`: the CLI's `sprague count RULESET --heaps K
//! --max M --json`, how many sums of K heaps (each 0..=M) are P-positions
//! (or N-positions).

use pyo3::prelude::*;

use sprague::count::{CountBasis, CountLimits, CountSpec, DEFAULT_MAX_BITS, DEFAULT_MAX_WORK};
use sprague::{Limits, Outcome, Play};

use crate::errors;
use crate::heapgame::{values_to, Source, DEFAULT_MAX_OPTIONS};

/// The count of `spec` from G(0..=M) given as values: their histogram's
/// spectrum, then the library's count from it.
fn count_values(
    name: &str,
    values: &[u64],
    spec: &CountSpec,
    limits: &CountLimits,
) -> Result<sprague::count::CountReport, sprague::Error> {
    let top = values.iter().copied().max().unwrap_or(0);
    // The transform has 2^B entries for values below 2^B: refused by the
    // work limit before the histogram is allocated.
    let bits = 64 - top.leading_zeros();
    let work = (1u128 << bits) * u128::from(bits.max(1));
    if work > u128::from(limits.max_work) {
        return Err(sprague::Error::CountLimit {
            ruleset: name.to_string(),
            kind: sprague::count::CountLimitKind::Work,
            needed: work,
            limit: limits.max_work,
        });
    }
    let mut hist = vec![0u128; top as usize + 1];
    for &v in values {
        hist[v as usize] += 1;
    }
    let spectrum = sprague::count::table_spectrum(name, &hist, limits)?;
    let count = sprague::count::count_from_spectrum(name, &spectrum, spec, limits)?;
    Ok(sprague::count::CountReport {
        count,
        basis: CountBasis::Table,
        value_bits: spectrum.dim,
        distinct: spectrum.groups.len(),
    })
}

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
    /// Pickles as its fields.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, pyo3::types::PyTuple>)> {
        let py = slf.py();
        let c = slf.get();
        let args = (
            c.ruleset.clone(),
            c.heaps,
            c.max,
            c.unordered,
            c.outcome.clone(),
            c.modulo,
            c.count.clone_ref(py),
            c.basis.clone(),
            c.preperiod,
            c.period,
        )
            .into_pyobject(py)?;
        Ok((slf.get_type().getattr("_from_fields")?, args))
    }

    /// A count from its fields (what unpickling calls).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _from_fields(
        ruleset: String,
        heaps: u64,
        max: u64,
        unordered: bool,
        outcome: String,
        modulo: Option<u64>,
        count: PyObject,
        basis: String,
        preperiod: Option<u64>,
        period: Option<u64>,
    ) -> Count {
        Count {
            ruleset,
            heaps,
            max,
            unordered,
            outcome,
            modulo,
            count,
            basis,
            preperiod,
            period,
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(o) = other.downcast::<Count>() else {
            return Ok(false);
        };
        let o = o.get();
        Ok((
            &o.ruleset,
            o.heaps,
            o.max,
            o.unordered,
            &o.outcome,
            o.modulo,
            &o.basis,
        ) == (
            &self.ruleset,
            self.heaps,
            self.max,
            self.unordered,
            &self.outcome,
            self.modulo,
            &self.basis,
        ) && o.count.bind(other.py()).eq(self.count.bind(other.py()))?)
    }

    /// As a notebook shows it.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "<p>{} {}-positions among the {} of {} heaps of <code>{}</code>, each 0 to {}{} \
             (values from: {})</p>",
            self.count.bind(py).str()?,
            crate::movefields::html_escape(&self.outcome),
            if self.unordered {
                "multisets"
            } else {
                "ordered tuples"
            },
            self.heaps,
            crate::movefields::html_escape(&self.ruleset),
            self.max,
            self.modulo
                .map_or(String::new(), |q| format!(", modulo {q}")),
            crate::movefields::html_escape(&self.basis),
        ))
    }

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
///
/// `ruleset` may also be a one-heap game given by a function `options(n)`
/// (as for `sequence`; heaps 0..=`max` are valued, within `max_options`
/// options) or a list of Grundy values G(0), G(1), ... (at least `max +
/// 1` of them): the count needs only the values.
///
/// >>> count([0, 1, 1, 0], 2, 3).count    # (0,0) (0,3) (3,0) (3,3) (1,1) (1,2) (2,1) (2,2)
/// 8
#[pyfunction]
#[pyo3(signature = (ruleset, heaps, max, *, unordered=false, outcome="P", modulo=None,
    misere=false, max_work=DEFAULT_MAX_WORK, max_bits=DEFAULT_MAX_BITS,
    max_table=Limits::default().max_table,
    max_period_search=Limits::default().max_period_search,
    max_options=DEFAULT_MAX_OPTIONS))]
#[allow(clippy::too_many_arguments)]
pub fn count(
    py: Python<'_>,
    ruleset: &Bound<'_, PyAny>,
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
    max_options: u64,
) -> PyResult<Count> {
    let source = Source::of(ruleset, "count")?;
    let name = source.name();
    if misere {
        return Err(errors::input(format!(
            "count --misere: misère play of a sum of {name} heaps is not decided by the nim-sum \
             of their Grundy values, so sprague does not count misère positions"
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
    let report = match source {
        Source::Word(ruleset) => py
            .allow_threads(|| sprague::count::count(&ruleset, &spec, &limits))
            .map_err(errors::lib)?,
        _ => {
            if max >= sprague::sequence::MAX_TABLE_LEN {
                return Err(errors::input(format!(
                    "max={max}: a game given in Python is valued heap by heap, up to at most \
                     {} heaps",
                    sprague::sequence::MAX_TABLE_LEN
                )));
            }
            let values = values_to(&source, max, "count", max_options)?;
            py.allow_threads(|| count_values(&name, &values, &spec, &limits))
                .map_err(errors::lib)?
        }
    };
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
        ruleset: name,
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
