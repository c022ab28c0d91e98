//! The `sprague` Python package's extension module, `sprague._sprague`:
//! everything the CLI answers as Python values, and sprague's solver for
//! games defined in Python. The package (`python/sprague/`) re-exports it
//! and holds the exception classes and the type stubs.

mod analyze;
mod count;
mod errors;
mod game;
mod heapgame;
mod misere;
mod movefields;
mod nimber;
mod plot;
mod sequence;
mod table;

use pyo3::prelude::*;

/// sprague's engine: analyses of positions written as the CLI reads them,
/// nim-sequences and periods, nimber arithmetic, and a solver for games
/// defined in Python.
#[pymodule]
fn _sprague(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<nimber::Nimber>()?;
    m.add_class::<analyze::Analysis>()?;
    m.add_class::<analyze::WinningMove>()?;
    m.add_class::<analyze::VerifyReport>()?;
    m.add_class::<sequence::Period>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::GameAnalysis>()?;
    m.add_class::<table::Table>()?;
    m.add_class::<count::Count>()?;
    m.add_function(wrap_pyfunction!(analyze::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::explain, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::play_move, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::verify, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nimber, m)?)?;
    m.add_function(wrap_pyfunction!(sequence::sequence, m)?)?;
    m.add_function(wrap_pyfunction!(sequence::period, m)?)?;
    m.add_function(wrap_pyfunction!(table::table, m)?)?;
    m.add_function(wrap_pyfunction!(count::count, m)?)?;
    m.add_function(wrap_pyfunction!(misere::_genus, m)?)?;
    m.add_function(wrap_pyfunction!(misere::_quotient, m)?)?;
    m.add_function(wrap_pyfunction!(plot::_sequence_svg, m)?)?;
    m.add_function(wrap_pyfunction!(plot::_grid_svg, m)?)?;
    m.add("DEFAULT_MAX_STATES", sprague::DEFAULT_MAX_STATES)?;
    m.add("DEFAULT_MAX_OPTIONS", heapgame::DEFAULT_MAX_OPTIONS)?;
    m.add("DEFAULT_MAX_ORDER", sprague::misere::DEFAULT_MAX_ORDER)?;
    Ok(())
}
