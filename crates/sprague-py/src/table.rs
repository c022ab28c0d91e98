//! `table(ruleset, to)`: the CLI's `sprague table RULESET --to N --format
//! json`, the values (or outcomes) of every two-number position.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use sprague::grid::{Grid, DEFAULT_MAX_CELLS};
use sprague::Limits;

use crate::analyze::{limits, play_of};
use crate::errors;
use crate::heapgame::{self, Source, DEFAULT_MAX_OPTIONS};

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

/// Tables up to this many cells a side show as an HTML table; larger ones
/// as their heat map.
const HTML_CELLS: u64 = 24;

impl Table {
    /// The cells row by row as numbers: values, or 0 for P and 1 for N.
    fn flat(&self) -> Vec<u64> {
        match &self.rows {
            Rows::Values(rows) => rows.iter().flatten().copied().collect(),
            Rows::Outcomes(rows) => rows.iter().flatten().map(|o| u64::from(o != "P")).collect(),
        }
    }

    /// The heat map, as `table --plot` draws it.
    fn svg(&self) -> PyResult<String> {
        let what = if self.cells == "value" {
            "Grundy values (P-positions black)".to_string()
        } else {
            format!(
                "outcomes ({} play; P black)",
                if self.play == "misere" {
                    "misère"
                } else {
                    "normal"
                }
            )
        };
        let n = self.to as usize + 1;
        crate::plot::grid_svg(
            &format!("{} a b: {what}", self.ruleset),
            "b",
            "a",
            n,
            n,
            &self.flat(),
            self.cells != "value",
        )
    }
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

    /// The picture of `sprague table RULESET --to N --plot FILE.svg`: a
    /// heat map of the cells, P-positions black, as a `Figure`.
    fn plot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let svg = self.svg()?;
        py.import("sprague")?.getattr("Figure")?.call1((svg,))
    }

    /// As a notebook shows it: the cells as an HTML table (P-positions
    /// dark) up to 24 a side, the heat map past that.
    fn _repr_html_(&self) -> PyResult<String> {
        let e = crate::movefields::html_escape;
        let caption = format!(
            "<p><code>{} a b</code>, 0 &le; a, b &le; {}: {} ({} play; P-positions dark)</p>",
            e(&self.ruleset),
            self.to,
            if self.cells == "value" {
                "Grundy values"
            } else {
                "outcomes"
            },
            if self.play == "misere" {
                "misère"
            } else {
                "normal"
            }
        );
        if self.to >= HTML_CELLS {
            return Ok(format!(
                "{caption}<div style=\"max-width:100%\">{}</div>",
                self.svg()?
            ));
        }
        let mut html = format!(
            "{caption}<table class=\"sprague-table\" style=\"font-family:monospace\">\
             <tr><th>a \\ b</th>"
        );
        for b in 0..=self.to {
            html.push_str(&format!("<th>{b}</th>"));
        }
        html.push_str("</tr>");
        let flat = self.flat();
        let n = self.to as usize + 1;
        for a in 0..n {
            html.push_str(&format!("<tr><th>{a}</th>"));
            for b in 0..n {
                let text = match &self.rows {
                    Rows::Values(rows) => rows[a][b].to_string(),
                    Rows::Outcomes(rows) => rows[a][b].clone(),
                };
                if flat[a * n + b] == 0 {
                    html.push_str(&format!(
                        "<td style=\"background:#000;color:#fff\">{text}</td>"
                    ));
                } else {
                    html.push_str(&format!("<td>{text}</td>"));
                }
            }
            html.push_str("</tr>");
        }
        html.push_str("</table>");
        Ok(html)
    }

    /// Pickles as its fields, so a pool of processes can hand it back.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let t = slf.get();
        let args = PyTuple::new(
            py,
            [
                t.ruleset.clone().into_pyobject(py)?.into_any(),
                t.to.into_pyobject(py)?.into_any(),
                t.play.clone().into_pyobject(py)?.into_any(),
                t.cells.clone().into_pyobject(py)?.into_any(),
                (&t.rows).into_pyobject(py)?,
            ],
        )?;
        Ok((slf.get_type().getattr("_from_fields")?, args))
    }

    /// A table from its fields (what unpickling calls).
    #[staticmethod]
    fn _from_fields(
        ruleset: String,
        to: u64,
        play: String,
        cells: String,
        rows: &Bound<'_, PyAny>,
    ) -> PyResult<Table> {
        let rows = if cells == "value" {
            Rows::Values(rows.extract()?)
        } else {
            Rows::Outcomes(rows.extract()?)
        };
        Ok(Table {
            ruleset,
            to,
            play,
            cells,
            rows,
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<Table>().is_ok_and(|o| {
            let o = o.get();
            (&o.ruleset, o.to, &o.play, &o.cells)
                == (&self.ruleset, self.to, &self.play, &self.cells)
                && o.flat() == self.flat()
        })
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
/// `ruleset` may also be a one-heap game given by a function `options(n)`
/// (as for `sequence`, within `max_options` options; misère play is
/// searched on the options) or a list of Grundy values (normal play only:
/// values do not decide misère play); a cell is then two heaps.
///
/// >>> table("wythoff", 3, outcome=True).p_positions()
/// [(0, 0), (1, 2), (2, 1)]
/// >>> table([0, 1, 1], 2).rows
/// [[0, 1, 1], [1, 0, 0], [1, 0, 0]]
#[pyfunction]
#[pyo3(signature = (ruleset, to, *, outcome=false, misere=false,
    max_cells=DEFAULT_MAX_CELLS,
    max_states=Limits::default().max_states, max_table=Limits::default().max_table,
    max_table_work=Limits::default().max_table_work,
    max_period_search=Limits::default().max_period_search,
    max_options=DEFAULT_MAX_OPTIONS))]
#[allow(clippy::too_many_arguments)]
pub fn table(
    py: Python<'_>,
    ruleset: &Bound<'_, PyAny>,
    to: u64,
    outcome: bool,
    misere: bool,
    max_cells: u64,
    max_states: usize,
    max_table: u64,
    max_table_work: u64,
    max_period_search: u64,
    max_options: u64,
) -> PyResult<Table> {
    let cells = (u128::from(to) + 1).pow(2);
    if cells > u128::from(max_cells) {
        return Err(errors::lib(sprague::Error::GridLimit {
            to,
            cells,
            limit: max_cells,
        }));
    }
    let source = Source::of(ruleset, "table")?;
    let ruleset = match source {
        Source::Word(r) => r,
        Source::Options(ref f, ref name) if misere => {
            heapgame::listed_ruleset(f, name, to, max_options)?
        }
        Source::Values(_) if misere => {
            return Err(errors::input(
                "table(values, misere=True): Grundy values do not decide misère play; give \
                 the game as a function options(n)",
            ))
        }
        _ => {
            let values = heapgame::values_to(&source, to, "table", max_options)?;
            let rows = if outcome {
                Rows::Outcomes(
                    values
                        .iter()
                        .map(|a| {
                            values
                                .iter()
                                .map(|b| if a == b { "P" } else { "N" }.to_string())
                                .collect()
                        })
                        .collect(),
                )
            } else {
                Rows::Values(
                    values
                        .iter()
                        .map(|a| values.iter().map(|b| a ^ b).collect())
                        .collect(),
                )
            };
            return Ok(Table {
                ruleset: source.name(),
                to,
                play: "normal".into(),
                cells: if outcome { "outcome" } else { "value" }.into(),
                rows,
            });
        }
    };
    let play = play_of(misere);
    let values = !outcome && !misere;
    let limits = limits(max_states, max_table, max_table_work, max_period_search);
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
