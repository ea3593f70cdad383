//! Rust errors as Python exceptions: `ValueError` for anything unreadable (a rule set's
//! name, a FEN, a move's text, a PDN game), and `IllegalMoveError`, a `ValueError`, for a
//! move that reads but is not legal here, or could be several legal moves.

use crownhead::rules::{MoveError, Variant};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    crownhead,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal in the position, or that could be several legal moves (a ValueError)."
);

/// The rule set named `name` (any accepted name or alias), or a `ValueError` listing the
/// known ones.
pub fn variant(name: &str) -> PyResult<Variant> {
    name.parse().map_err(|error: crownhead::rules::UnknownVariant| PyValueError::new_err(error.to_string()))
}

/// Any displayable error as a `ValueError` with its message.
pub fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// A move that could not be read or played: `IllegalMoveError` when it reads but is not
/// one legal move, `ValueError` when it does not read.
pub fn move_error(error: MoveError, fen: &str) -> PyErr {
    match error {
        MoveError::Illegal(_) | MoveError::Ambiguous { .. } => {
            IllegalMoveError::new_err(format!("{error} in position {fen}"))
        }
        MoveError::Syntax(_) | MoveError::BadSquare { .. } => value_error(error),
    }
}
