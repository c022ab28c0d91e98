//! Plots as SVG text, drawn by `sprague_plot` exactly as the CLI's
//! `sequence --plot` and `table --plot` draw them: the package's `plot`
//! wraps the text in a `Figure` that notebooks show (`_repr_svg_`).

use pyo3::prelude::*;

use sprague_plot::{GridPlot, SequencePlot};

use crate::errors;

/// The SVG of the scatter plot of G(n) against n that `sprague sequence
/// RULESET --to N --plot FILE.svg` draws: `name` in the title, `values`
/// G(0..=N), `period` the preperiod and period marked (`proven` says
/// whether the title calls it proven or apparent).
#[pyfunction]
#[pyo3(signature = (name, values, period=None, proven=false))]
pub fn _sequence_svg(
    py: Python<'_>,
    name: &str,
    values: Vec<u64>,
    period: Option<(u64, u64)>,
    proven: bool,
) -> PyResult<String> {
    if values.is_empty() {
        return Err(errors::input("plot: no values to draw"));
    }
    py.allow_threads(|| {
        sprague_plot::sequence_svg(&SequencePlot {
            ruleset: name,
            values: &values,
            period,
            proven,
        })
    })
    .map_err(|e| errors::other(e.to_string()))
}

/// The SVG of the heat map that `sprague table RULESET --to N --plot
/// FILE.svg` draws: `values[b * columns + a]` the value at (a, b), 0 a
/// P-position; with `outcome_only` only P (black) and N (grey).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn _grid_svg(
    py: Python<'_>,
    title: &str,
    x_label: &str,
    y_label: &str,
    columns: usize,
    rows: usize,
    values: Vec<u64>,
    outcome_only: bool,
) -> PyResult<String> {
    py.allow_threads(|| {
        grid_svg(
            title,
            x_label,
            y_label,
            columns,
            rows,
            &values,
            outcome_only,
        )
    })
}

/// [`_grid_svg`] for Rust callers.
pub fn grid_svg(
    title: &str,
    x_label: &str,
    y_label: &str,
    columns: usize,
    rows: usize,
    values: &[u64],
    outcome_only: bool,
) -> PyResult<String> {
    sprague_plot::grid_svg(&GridPlot {
        title,
        x_label,
        y_label,
        columns,
        rows,
        values,
        outcome_only,
    })
    .map_err(|e| errors::other(e.to_string()))
}
