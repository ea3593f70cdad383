//! The native part of the Python package `crownhead` (imported as `crownhead._crownhead`,
//! re-exported by `python/crownhead/__init__.py`): crownhead's rules, search, PDN reader,
//! game analysis and puzzles as Python classes and functions.
//!
//! Everything here calls the library's public API (`crownhead::rules`,
//! `crownhead::engine`, `crownhead::puzzles`, `crownhead::tools`); this crate only
//! converts between Rust and Python values, turns errors into Python exceptions and keeps
//! the search off the GIL.

use pyo3::prelude::*;

mod analysis;
mod engine;
mod errors;
mod game;
mod moves;
mod pdn;
mod puzzles;
mod source;
mod variation;

/// The module `crownhead._crownhead`.
#[pymodule]
fn _crownhead(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add_class::<moves::PyMove>()?;
    module.add_class::<game::PyGame>()?;
    module.add_class::<game::PyGameResult>()?;
    module.add_class::<variation::PyVariation>()?;
    module.add_class::<engine::PyEngine>()?;
    module.add_class::<engine::PyScore>()?;
    module.add_class::<engine::PyLine>()?;
    module.add_class::<engine::PyAnalysis>()?;
    module.add_class::<analysis::PyMoveAnalysis>()?;
    module.add_class::<puzzles::PyPuzzle>()?;
    module.add_function(wrap_pyfunction!(pdn::read_pdn, module)?)?;
    module.add_function(wrap_pyfunction!(analysis::analyse_game, module)?)?;
    module.add_function(wrap_pyfunction!(puzzles::puzzles, module)?)?;
    module.add_function(wrap_pyfunction!(puzzles::read_puzzles, module)?)?;
    module.add("IllegalMoveError", py.get_type::<errors::IllegalMoveError>())?;
    let names: Vec<&str> = crownhead::rules::Variant::ALL.iter().map(|variant| variant.name()).collect();
    module.add("VARIANTS", names)?;
    module.add("ENGINE_OPTIONS", engine::engine_options(py)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
