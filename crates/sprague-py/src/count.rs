//! `count(ruleset, heaps, max)`: the CLI's `sprague count RULESET --heaps K
//! --max M --json`, how many sums of K heaps (each 0..=M) are P-positions
//! (or N-positions).

use pyo3::prelude::*;

use sprague::count::constrained::{
    count_constrained, count_values, Arrangement, ConstrainedSpec, Heaps, Sizes,
};
use sprague::count::{CountBasis, CountLimits, CountSpec, DEFAULT_MAX_BITS, DEFAULT_MAX_WORK};
use sprague::{Limits, Outcome, Play};

use crate::errors;
use crate::heapgame::{values_to, Source, DEFAULT_MAX_OPTIONS};

/// The result of `count`: the fields of `sprague count --json` (with
/// `count` an int).
#[pyclass(frozen, module = "sprague")]
pub struct Count {
    /// The ruleset word as written.
    #[pyo3(get)]
    ruleset: String,
    /// K, the number of heaps in each sum (`None` with `heaps_up_to`).
    #[pyo3(get)]
    heaps: Option<u64>,
    /// M, the largest heap size (`None` with `primes` or `sizes`).
    #[pyo3(get)]
    max: Option<u64>,
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
    /// The smallest heap (`min=`, or 1 with `nonempty=True`), or `None`.
    #[pyo3(get)]
    min: Option<u64>,
    /// L when the sizes were the primes up to L, or `None`.
    #[pyo3(get)]
    primes: Option<u64>,
    /// How many sizes were listed with `sizes=`, or `None`.
    #[pyo3(get)]
    sizes: Option<usize>,
    /// N when every number of heaps from 1 to N was summed, or `None`.
    #[pyo3(get)]
    heaps_up_to: Option<u64>,
    /// Whether all heaps were different.
    #[pyo3(get)]
    distinct: bool,
}

/// The fields of the constraints, as pickled: min, primes, sizes,
/// heaps_up_to, distinct.
type Select = (Option<u64>, Option<u64>, Option<usize>, Option<u64>, bool);

impl Count {
    /// The allowed sizes in words.
    fn size_words(&self) -> String {
        if let Some(l) = self.primes {
            return format!("each a prime up to {l}");
        }
        if let Some(n) = self.sizes {
            return format!("each one of {n} sizes listed");
        }
        format!(
            "each {} to {}",
            self.min.unwrap_or(0),
            self.max.unwrap_or(0)
        )
    }
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
            (c.min, c.primes, c.sizes, c.heaps_up_to, c.distinct),
        )
            .into_pyobject(py)?;
        Ok((slf.get_type().getattr("_from_fields")?, args))
    }

    /// A count from its fields (what unpickling calls).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _from_fields(
        ruleset: String,
        heaps: Option<u64>,
        max: Option<u64>,
        unordered: bool,
        outcome: String,
        modulo: Option<u64>,
        count: PyObject,
        basis: String,
        preperiod: Option<u64>,
        period: Option<u64>,
        select: Select,
    ) -> Count {
        let (min, primes, sizes, heaps_up_to, distinct) = select;
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
            min,
            primes,
            sizes,
            heaps_up_to,
            distinct,
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
            (o.min, o.primes, o.sizes, o.heaps_up_to, o.distinct),
        ) == (
            &self.ruleset,
            self.heaps,
            self.max,
            self.unordered,
            &self.outcome,
            self.modulo,
            &self.basis,
            (
                self.min,
                self.primes,
                self.sizes,
                self.heaps_up_to,
                self.distinct,
            ),
        ) && o.count.bind(other.py()).eq(self.count.bind(other.py()))?)
    }

    /// As a notebook shows it.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "<p>{} {}-positions among the {} of {} heaps of <code>{}</code>, {}{} \
             (values from: {})</p>",
            self.count.bind(py).str()?,
            crate::movefields::html_escape(&self.outcome),
            match (self.unordered, self.distinct) {
                (false, false) => "ordered tuples",
                (true, false) => "multisets",
                (true, true) => "sets",
                (false, true) => "ordered tuples of different heaps",
            },
            match (self.heaps, self.heaps_up_to) {
                (_, Some(n)) => format!("1 to {n}"),
                (Some(k), None) => k.to_string(),
                (None, None) => "?".into(),
            },
            crate::movefields::html_escape(&self.ruleset),
            self.size_words(),
            self.modulo
                .map_or(String::new(), |q| format!(", modulo {q}")),
            crate::movefields::html_escape(&self.basis),
        ))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let opt = |v: Option<u64>| v.map_or("None".to_string(), |v| v.to_string());
        Ok(format!(
            "Count(ruleset={:?}, heaps={}, max={}, unordered={}, outcome={:?}, count={})",
            self.ruleset,
            opt(self.heaps),
            opt(self.max),
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
/// The constraints of `sprague count`, as keywords: `min=A` or
/// `nonempty=True` (sizes A..=max, or 1..=max), `primes=L` (the primes up
/// to L) or `sizes=[...]` (a list of sizes) instead of `max`,
/// `heaps_up_to=N` instead of `heaps` (every number of heaps from 1 to N,
/// summed), `distinct=True` (all heaps different: sets with
/// `unordered=True`). A bad combination raises `InputError`.
///
/// >>> count("nim", primes=10, heaps=2).count       # (2,2) (3,3) (5,5) (7,7)
/// 4
/// >>> count("nim", max=7, nonempty=True, heaps=3, unordered=True, distinct=True).count
/// 7
/// >>> count("nim", primes=10**7, heaps_up_to=10**9, modulo=998244353).count < 998244353
/// True
///
/// `ruleset` may also be a one-heap game given by a function `options(n)`
/// (as for `sequence`; heaps 0..=`max` are valued, within `max_options`
/// options) or a list of Grundy values G(0), G(1), ... (at least `max +
/// 1` of them, or up to the largest size allowed): the count needs only
/// the values.
///
/// >>> count([0, 1, 1, 0], 2, 3).count    # (0,0) (0,3) (3,0) (3,3) (1,1) (1,2) (2,1) (2,2)
/// 8
/// >>> count([0, 1, 1, 0], 2, 3, distinct=True, unordered=True).count   # {0,3} {1,2}
/// 2
#[pyfunction]
#[pyo3(signature = (ruleset, heaps=None, max=None, *, unordered=false, outcome="P", modulo=None,
    misere=false, min=None, nonempty=false, primes=None, sizes=None, heaps_up_to=None,
    distinct=false, max_work=DEFAULT_MAX_WORK, max_bits=DEFAULT_MAX_BITS,
    max_table=Limits::default().max_table,
    max_period_search=Limits::default().max_period_search,
    max_options=DEFAULT_MAX_OPTIONS))]
#[allow(clippy::too_many_arguments)]
pub fn count(
    py: Python<'_>,
    ruleset: &Bound<'_, PyAny>,
    heaps: Option<u64>,
    max: Option<u64>,
    unordered: bool,
    outcome: &str,
    modulo: Option<u64>,
    misere: bool,
    min: Option<u64>,
    nonempty: bool,
    primes: Option<u64>,
    sizes: Option<Vec<u64>>,
    heaps_up_to: Option<u64>,
    distinct: bool,
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
    let heaps =
        match (heaps, heaps_up_to) {
            (Some(k), None) => Heaps::Exactly(k),
            (None, Some(n)) => Heaps::UpTo(n),
            (Some(_), Some(_)) => return Err(errors::input(
                "count: heaps= and heaps_up_to= are two ways to give the number of heaps: give one",
            )),
            (None, None) => {
                return Err(errors::input(
                    "count: give the number of heaps, heaps=K (or heaps_up_to=N)",
                ))
            }
        };
    if nonempty && min.is_some() {
        return Err(errors::input(
            "count: nonempty=True is min=1: give one of them",
        ));
    }
    let min = if nonempty { Some(1) } else { min };
    let sizes_spec =
        match (max, primes, sizes.as_ref()) {
            (Some(m), None, None) => Sizes::Range {
                min: min.unwrap_or(0),
                max: m,
            },
            (None, Some(l), None) if min.is_none() => Sizes::Primes { max: l },
            (None, None, Some(list)) if min.is_none() => Sizes::List(list.clone()),
            (None, None, None) => {
                return Err(errors::input(
                    "count: give the heap sizes, max=M (or primes=L, or sizes=[...])",
                ))
            }
            (None, _, _) if min.is_some() => {
                return Err(errors::input(
                    "count: min= and nonempty= go with max=M; leave 0 out of sizes= instead",
                ))
            }
            _ => return Err(errors::input(
                "count: max=, primes= and sizes= are three ways to give the heap sizes: give one",
            )),
        };
    let plain =
        min.is_none() && primes.is_none() && sizes.is_none() && heaps_up_to.is_none() && !distinct;
    let spec = ConstrainedSpec {
        sizes: sizes_spec,
        heaps,
        arrangement: match (unordered, distinct) {
            (false, false) => Arrangement::Ordered,
            (true, false) => Arrangement::Multisets,
            (true, true) => Arrangement::Sets,
            (false, true) => Arrangement::DistinctOrdered,
        },
        outcome,
        modulo,
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
        Source::Word(ruleset) if plain => {
            let spec = CountSpec {
                heaps: heaps_of(heaps),
                max: max.unwrap_or(0),
                unordered,
                outcome,
                modulo,
                play: Play::Normal,
            };
            py.allow_threads(|| sprague::count::count(&ruleset, &spec, &limits))
                .map_err(errors::lib)?
        }
        Source::Word(ruleset) => py
            .allow_threads(|| count_constrained(&ruleset, &spec, &limits, &mut |_| {}))
            .map_err(errors::lib)?,
        _ => {
            let allowed = spec.sizes.list(&name, &limits).map_err(errors::lib)?;
            let top = allowed.last().copied().unwrap_or(0);
            if top >= sprague::sequence::MAX_TABLE_LEN {
                return Err(errors::input(format!(
                    "heap {top}: a game given in Python is valued heap by heap, up to at most \
                     {} heaps",
                    sprague::sequence::MAX_TABLE_LEN
                )));
            }
            let values = values_to(&source, top, "count", max_options)?;
            let values: Vec<u64> = allowed.iter().map(|&x| values[x as usize]).collect();
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
    let range = primes.is_none() && sizes.is_none();
    Ok(Count {
        ruleset: name,
        heaps: heaps_up_to.is_none().then_some(heaps_of(heaps)),
        max: if range { max } else { None },
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
        min: if range { min } else { None },
        primes,
        sizes: sizes.as_ref().map(Vec::len),
        heaps_up_to,
        distinct,
    })
}

/// K or N.
fn heaps_of(heaps: Heaps) -> u64 {
    match heaps {
        Heaps::Exactly(k) | Heaps::UpTo(k) => k,
    }
}
