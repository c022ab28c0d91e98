//! `table(ruleset, to)`: the CLI's `sprague table RULESET --to N --format
//! json`, the values (or outcomes) of every two-number position.

use pyo3::prelude::*;

use sprague::grid::{Grid, DEFAULT_MAX_CELLS};
use sprague::Limits;

use crate::analyze::{limits, play_of, ruleset_of};
use crate::errors;

/// The cells of one table: Grundy values, or outcomes.
enum Rows {
    Values(Vec<Vec<u64>>),
    Outcomes(Vec<Vec<String>>),
}

impl<'py> IntoPyObject<'py> for &Rows {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Rows::Values(rows) => rows.into_pyobject(py),
            Rows::Outcomes(rows) => rows.into_pyobject(py),
        }
    }
}

/// The table of every two-number position `R a b`, 0 <= a, b <= `to`: the
/// fields of `sprague table --format json`.
#[pyclass(frozen, module = "sprague")]
pub struct Table {
    /// The ruleset word as written.
    #[pyo3(get)]
    ruleset: String,
    /// The largest number of each axis.
    #[pyo3(get)]
    to: u64,
    /// `"normal"` or `"misere"`.
    #[pyo3(get)]
    play: String,
    /// What the cells are: `"value"` (Grundy values) or `"outcome"` (`"P"`
    /// or `"N"`).
    #[pyo3(get)]
    cells: String,
    rows: Rows,
}

#[pymethods]
impl Table {
    /// The cells, `rows[a][b]` for the position `R a b`: ints (Grundy
    /// values) or `"P"`/`"N"` (outcomes).
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        (&self.rows).into_pyobject(py)
    }

    /// The P-positions `(a, b)`, row by row.
    fn p_positions(&self) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        match &self.rows {
            Rows::Values(rows) => {
                for (a, row) in rows.iter().enumerate() {
                    for (b, &v) in row.iter().enumerate() {
                        if v == 0 {
                            out.push((a as u64, b as u64));
                        }
                    }
                }
            }
            Rows::Outcomes(rows) => {
                for (a, row) in rows.iter().enumerate() {
                    for (b, o) in row.iter().enumerate() {
                        if o == "P" {
                            out.push((a as u64, b as u64));
                        }
                    }
                }
            }
        }
        out
    }

    fn __repr__(&self) -> String {
        format!(
            "Table(ruleset={:?}, to={}, play={:?}, cells={:?})",
            self.ruleset, self.to, self.play, self.cells
        )
    }
}

/// The Grundy values (or with `outcome=True`, or under misère play, the
/// outcomes `"P"`/`"N"`) of every position `RULESET a b` with 0 <= a, b <=
/// `to`, as `sprague table RULESET --to N --format json` gives them: the
/// grid the textbooks advise drawing by hand to find a pattern. Rulesets
/// whose components take two numbers (wythoff, moore:K, staircase) and two
/// heaps of any heap game (value G(a) xor G(b)). At most `max_cells` cells,
/// (to + 1)², else `LimitError` before any work. Runs without the GIL.
///
/// >>> table("wythoff", 3, outcome=True).p_positions()
/// [(0, 0), (1, 2), (2, 1)]
#[pyfunction]
#[pyo3(signature = (ruleset, to, *, outcome=false, misere=false,
    max_cells=DEFAULT_MAX_CELLS,
    max_states=Limits::default().max_states, max_table=Limits::default().max_table,
    max_period_search=Limits::default().max_period_search))]
#[allow(clippy::too_many_arguments)]
pub fn table(
    py: Python<'_>,
    ruleset: &str,
    to: u64,
    outcome: bool,
    misere: bool,
    max_cells: u64,
    max_states: usize,
    max_table: u64,
    max_period_search: u64,
) -> PyResult<Table> {
    let ruleset = ruleset_of(ruleset)?;
    let play = play_of(misere);
    let values = !outcome && !misere;
    let limits = limits(max_states, max_table, max_period_search);
    let grid = py
        .allow_threads(|| Grid::compute(&ruleset, to, play, values, &limits, max_cells))
        .map_err(errors::lib)?;
    let rows = if grid.has_values() {
        Rows::Values(
            (0..=to)
                .map(|a| (0..=to).map(|b| grid.value(a, b).unwrap_or(0)).collect())
                .collect(),
        )
    } else {
        Rows::Outcomes(
            (0..=to)
                .map(|a| (0..=to).map(|b| grid.outcome(a, b).to_string()).collect())
                .collect(),
        )
    };
    Ok(Table {
        ruleset: grid.ruleset().word().to_string(),
        to,
        play: play.name().to_string(),
        cells: if grid.has_values() {
            "value"
        } else {
            "outcome"
        }
        .to_string(),
        rows,
    })
}
