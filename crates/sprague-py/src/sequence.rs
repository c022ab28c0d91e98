//! Nim-sequences and periods: `sequence(ruleset, to)` and `period(ruleset)`
//! as the CLI's `sequence --format json` and `period --json` give them, and
//! `sequence(options, to)` for a one-heap game defined in Python.

use pyo3::prelude::*;

use sprague::sequence::apparent::find_apparent;
use sprague::sequence::{store, Method, PeriodReport, Store, MAX_TABLE_LEN};

/// The last heap `period(options)` values by default.
const DEFAULT_APPARENT_LIMIT: u64 = 2_000;
use sprague::{Limits, Ruleset};

use crate::errors;
use crate::heapgame::{values_to, Source, DEFAULT_MAX_OPTIONS};

/// Parses `method=`: `"fast"` (the default) or `"plain"`.
fn method_of(method: &str) -> PyResult<Method> {
    match method {
        "fast" => Ok(Method::Fast),
        "plain" => Ok(Method::Plain),
        _ => Err(errors::input(format!(
            "method={method:?}: expected \"fast\" or \"plain\""
        ))),
    }
}

/// The refusal of a ruleset with no nim-sequence (`cmd::engine_moves`).
fn no_sequence(ruleset: &Ruleset, command: &str) -> PyErr {
    errors::input(format!(
        "{} has no nim-sequence: {command} needs a heap game whose values come from a table \
         (a subtraction set, an octal or hexadecimal code, Grundy's game)",
        ruleset.word()
    ))
}

/// The nim-sequence G(0), G(1), ..., G(to) as a list of ints.
///
/// `ruleset` is either a ruleset word, as `sprague sequence RULESET --to N`
/// takes it (`"kayles"`, `"octal:0.137"`, `"sub:1,3,4"`, `"grundy"`), or a
/// function `options(n)` of a heap size giving the options of a heap of `n`
/// tokens: an iterable of tuples of smaller heap sizes (a tuple is the heaps
/// a move leaves: `()` nothing, `(n - 1,)` one heap, `(a, b)` two), or plain
/// ints for one heap; or a list of values (the first `to + 1` are checked
/// and given back). A heap's value is the mex, over its options, of the
/// nim-sum of the parts' values; they are computed bottom-up in Rust,
/// calling `options` once per heap, at most `max_options` options in all.
///
/// For a ruleset word, values come from the same tables as the CLI (and
/// from a proven period past it), without the GIL; `method` is `"fast"` or
/// `"plain"`, and the limits are the CLI's `--max-table` and
/// `--max-period-search`, with the defaults of `sprague sequence`. Raises
/// `InputError` for a bad word, a ruleset with no nim-sequence, or an option
/// that is not a tuple of smaller heaps; `LimitError` past the table limit
/// or `max_options`.
///
/// >>> sequence("kayles", 10)
/// [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]
/// >>> sequence(lambda n: [(n - k,) for k in (1, 3, 4) if k <= n], 7)
/// [0, 1, 0, 1, 2, 3, 2, 0]
#[pyfunction]
#[pyo3(signature = (ruleset, to, *, method="fast",
    max_table=Limits::default().max_table,
    max_period_search=sprague::TABLE_MAX_PERIOD_SEARCH,
    max_options=DEFAULT_MAX_OPTIONS))]
pub fn sequence(
    py: Python<'_>,
    ruleset: &Bound<'_, PyAny>,
    to: u64,
    method: &str,
    max_table: u64,
    max_period_search: u64,
    max_options: u64,
) -> PyResult<Vec<u64>> {
    if to >= MAX_TABLE_LEN {
        return Err(errors::input(format!(
            "to={to}: tables hold at most {MAX_TABLE_LEN} values (heaps up to {})",
            MAX_TABLE_LEN - 1
        )));
    }
    let source = Source::of(ruleset, "sequence")?;
    let Source::Word(ruleset) = source else {
        return values_to(&source, to, "sequence", max_options);
    };
    let method = method_of(method)?;
    let limits = Limits {
        max_table,
        max_period_search,
        // As `sprague sequence`: the table asked for is bounded by
        // max_table alone.
        max_table_work: u64::MAX,
        ..Limits::default()
    };
    if ruleset.closed_heap_value(0).is_some() {
        return Ok((0..=to)
            .map(|n| ruleset.closed_heap_value(n).unwrap_or(0))
            .collect());
    }
    if let Some(own) = ruleset.own_sequence() {
        // A rule-language game keeps its own table.
        let limits = Limits {
            max_table_work: u64::MAX,
            ..limits
        };
        return py
            .allow_threads(|| own.values(0, to, &limits))
            .map_err(errors::lib);
    }
    let moves = ruleset
        .move_set()
        .ok_or_else(|| no_sequence(&ruleset, "sequence"))?;
    // As the CLI: past the table limit only a proven period gives values,
    // so where no periodicity theorem applies the request is refused first.
    let limit = store::table_limit(moves, &limits);
    if to >= limit && !moves.periodicity_theorem_applies() {
        return Err(errors::lib(sprague::Error::TableLimit {
            ruleset: ruleset.word().to_string(),
            heap: to,
            limit,
            divisor: store::table_divisor(moves),
        }));
    }
    let mut store = Store::new(ruleset.word(), moves.clone(), method);
    py.allow_threads(|| {
        store.ensure(to, &limits)?;
        Ok((0..=to).map(|n| store.get(n).unwrap_or(0)).collect())
    })
    .map_err(errors::lib)
}

/// The preperiod and period of a nim-sequence, as `sprague period RULESET
/// --json` gives them.
#[pyclass(frozen, module = "sprague")]
pub struct Period {
    /// The ruleset word as written.
    #[pyo3(get)]
    ruleset: String,
    /// The preperiod n0 (values repeat from heap n0 on), or `None` when no
    /// period was found.
    #[pyo3(get)]
    preperiod: Option<u64>,
    /// The period p, or `None` when none was found: proven for a ruleset
    /// word, apparent (`proven` false) for a function or a list of values.
    #[pyo3(get)]
    period: Option<u64>,
    /// Whether the period is proven (`False` whenever it is `None`).
    #[pyo3(get)]
    proven: bool,
    /// The last heap whose value was computed (0 when nothing was).
    #[pyo3(get)]
    checked_to: u64,
    /// The saltus s of a proven arithmetic period (G(n + p) = G(n) + s
    /// from n0 on, as Lasker's Nim's 4), or `None` for an ordinary period
    /// or none.
    #[pyo3(get)]
    saltus: Option<u64>,
}

#[pymethods]
impl Period {
    /// A period as found: what `period()` returns (and what unpickling
    /// calls).
    #[new]
    #[pyo3(signature = (ruleset, preperiod, period, proven, checked_to, saltus=None))]
    fn new(
        ruleset: String,
        preperiod: Option<u64>,
        period: Option<u64>,
        proven: bool,
        checked_to: u64,
        saltus: Option<u64>,
    ) -> Period {
        Period {
            ruleset,
            preperiod,
            period,
            proven,
            checked_to,
            saltus,
        }
    }

    /// Pickles as its fields, so a pool of processes can hand it back.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (String, Option<u64>, Option<u64>, bool, u64, Option<u64>),
    )> {
        let p = slf.get();
        Ok((
            slf.get_type().into_any(),
            (
                p.ruleset.clone(),
                p.preperiod,
                p.period,
                p.proven,
                p.checked_to,
                p.saltus,
            ),
        ))
    }

    /// As a notebook shows it.
    fn _repr_html_(&self) -> String {
        let opt = |v: Option<u64>| v.map_or("&mdash;".into(), |v| v.to_string());
        format!(
            "<table class=\"sprague-period\"><tr><th>ruleset</th><td><code>{}</code></td></tr>\
             <tr><th>preperiod</th><td>{}</td></tr><tr><th>period</th><td>{}</td></tr>\
             <tr><th>proven</th><td>{}</td></tr><tr><th>checked to</th><td>{}</td></tr>{}</table>",
            crate::movefields::html_escape(&self.ruleset),
            opt(self.preperiod),
            opt(self.period),
            match (self.proven, self.period) {
                (true, _) => "yes",
                (false, Some(_)) => "no: apparent, seen in the values computed",
                (false, None) => "no",
            },
            self.checked_to,
            self.saltus.map_or(String::new(), |s| format!(
                "<tr><th>saltus</th><td>{s} (arithmetic-periodic)</td></tr>"
            ))
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<Period>().is_ok_and(|o| {
            let o = o.get();
            (
                &o.ruleset,
                o.preperiod,
                o.period,
                o.proven,
                o.checked_to,
                o.saltus,
            ) == (
                &self.ruleset,
                self.preperiod,
                self.period,
                self.proven,
                self.checked_to,
                self.saltus,
            )
        })
    }

    fn __repr__(&self) -> String {
        let opt = |v: Option<u64>| v.map_or("None".into(), |v| v.to_string());
        let saltus = self
            .saltus
            .map_or(String::new(), |s| format!(", saltus={s}"));
        format!(
            "Period(ruleset={:?}, preperiod={}, period={}, proven={}, checked_to={}{saltus})",
            self.ruleset,
            opt(self.preperiod),
            opt(self.period),
            if self.proven { "True" } else { "False" },
            self.checked_to
        )
    }
}

/// Finds and proves the preperiod and period of a heap game's nim-sequence,
/// as `sprague period RULESET --json` does: by the periodicity theorem of
/// Guy and Smith for octal and hexadecimal codes, by repetition of a window
/// of max(S) values for `sub:S`, by the closed form of a subtraction set
/// that is one range. No period is claimed where no theorem applies
/// (Grundy's game, Nim). Values are computed up to `limit` at most (default:
/// within `max_table` and the work limit `max_period_search`, whose default
/// is the CLI's for `period`, 2^27), without the GIL.
///
/// `ruleset` may also be a function `options(n)` (as for `sequence`) or a
/// list of values. Their period is *apparent*, never proven (no theorem
/// knows their moves): the least period whose periodic part, up to the
/// last heap, holds at least `repeats` periods (default 3), with
/// `proven=False`. A function is valued up to heap `limit` (default 2,000),
/// within `max_options` options.
///
/// >>> p = period("kayles")
/// >>> p.preperiod, p.period, p.proven
/// (71, 12, True)
/// >>> p = period(lambda n: [(n - k,) for k in (1, 3, 4) if k <= n], limit=100)
/// >>> p.preperiod, p.period, p.proven
/// (0, 7, False)
#[pyfunction]
#[pyo3(signature = (ruleset, *, limit=None, method="fast",
    max_table=Limits::default().max_table,
    max_period_search=sprague::TABLE_MAX_PERIOD_SEARCH,
    repeats=3, max_options=DEFAULT_MAX_OPTIONS))]
#[allow(clippy::too_many_arguments)]
pub fn period(
    py: Python<'_>,
    ruleset: &Bound<'_, PyAny>,
    limit: Option<u64>,
    method: &str,
    max_table: u64,
    max_period_search: u64,
    repeats: u64,
    max_options: u64,
) -> PyResult<Period> {
    let source = Source::of(ruleset, "period")?;
    let ruleset = match source {
        Source::Word(ruleset) => ruleset,
        Source::Options(..) | Source::Values(_) => {
            let values = match &source {
                Source::Values(v) => match limit {
                    Some(l) if l < v.len() as u64 => v[..=l as usize].to_vec(),
                    _ => v.clone(),
                },
                _ => {
                    let to = limit.unwrap_or(DEFAULT_APPARENT_LIMIT);
                    if to >= MAX_TABLE_LEN {
                        return Err(errors::input(format!(
                            "limit={to}: tables hold at most {MAX_TABLE_LEN} values"
                        )));
                    }
                    values_to(&source, to, "period", max_options)?
                }
            };
            let found = py.allow_threads(|| find_apparent(&values, repeats));
            return Ok(Period {
                ruleset: source.name(),
                preperiod: found.map(|p| p.preperiod),
                period: found.map(|p| p.period),
                proven: false,
                checked_to: values.len() as u64 - 1,
                saltus: None,
            });
        }
    };
    let method = method_of(method)?;
    let word = ruleset.word().to_string();
    if let Some((n0, p)) = ruleset.closed_period() {
        let largest = ruleset.closed_heap_value(p - 1).unwrap_or(0);
        if p > 1 << 20 || largest > u64::from(u16::MAX) {
            return Ok(Period {
                ruleset: word,
                preperiod: Some(n0),
                period: Some(p),
                proven: true,
                checked_to: 0,
                saltus: None,
            });
        }
    }
    if let Some(own) = ruleset.own_sequence() {
        // A rule-language game: its own proof, or no period claimed (the
        // CLI's `period` prints the apparent one).
        let limits = Limits {
            max_table,
            max_period_search,
            max_table_work: max_period_search,
            ..Limits::default()
        };
        let last = limit.unwrap_or_else(|| {
            if own.theorem_applies() {
                max_table.min(sprague::sequence::MAX_TABLE_LEN) - 1
            } else {
                (1 << 16) - 1
            }
        });
        let found = py
            .allow_threads(|| sprague::ruleset::rule::search_period(own, last, &limits))
            .map_err(errors::lib)?;
        // No argument covers the rule: the apparent period, not proven,
        // as for a function.
        let (shown, proven) = match found.claim {
            sprague::ruleset::rule::PeriodClaim::Proven(p) => (Some(p.period), true),
            sprague::ruleset::rule::PeriodClaim::NoTheorem { apparent, .. } => (apparent, false),
            sprague::ruleset::rule::PeriodClaim::NotYet => (None, false),
        };
        return Ok(Period {
            ruleset: word,
            preperiod: shown.map(|p| p.preperiod),
            period: shown.map(|p| p.period),
            proven,
            checked_to: found.checked_to,
            saltus: None,
        });
    }
    let report = if ruleset.single_heap_is_nim() {
        PeriodReport {
            found: None,
            checked_to: 0,
            theorem_applies: false,
            arithmetic: None,
        }
    } else {
        let moves = ruleset
            .move_set()
            .ok_or_else(|| no_sequence(&ruleset, "period"))?;
        let limits = Limits {
            max_table,
            max_period_search,
            // As `sprague sequence`: the table asked for is bounded by
            // max_table alone.
            max_table_work: u64::MAX,
            ..Limits::default()
        };
        let mut store = Store::new(&word, moves.clone(), method);
        py.allow_threads(|| match limit {
            Some(limit) => store.search_period(limit, &mut |_| {}),
            None => match store.ensure(u64::MAX, &limits) {
                Ok(()) => Ok(store.report()),
                Err(e) if e.is_limit() => Ok(store.report()),
                Err(e) => Err(e),
            },
        })
        .map_err(errors::lib)?
    };
    // A proven arithmetic period (take-any codes such as Lasker's Nim).
    let arith = report
        .arithmetic
        .filter(|a| report.period().is_none() && a.proof.is_some())
        .map(|a| a.period);
    if let Some(a) = arith {
        return Ok(Period {
            ruleset: word,
            preperiod: Some(a.preperiod),
            period: Some(a.period),
            proven: true,
            checked_to: report.checked_to,
            saltus: Some(a.saltus),
        });
    }
    Ok(Period {
        ruleset: word,
        preperiod: report.period().map(|p| p.preperiod),
        period: report.period().map(|p| p.period),
        proven: report.proven(),
        checked_to: report.checked_to,
        saltus: None,
    })
}
