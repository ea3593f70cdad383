//! `Variation`: a line of a game's PDN tree played instead of one of its moves, as
//! `Game.variations(ply)` gives it: its moves with their glyphs and comments, the
//! comment before its first move, and its own variations.

use crownhead::rules::{PdnGlyph, PdnLine, PdnMove, Position};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use crate::moves::PyMove;

/// A variation: moves played instead of a move of a game (or of another variation),
/// from the position before it. A read-only view of the PDN tree; a game's variations
/// are added with `Game.add_variation`.
#[pyclass(name = "Variation", module = "crownhead", frozen)]
pub struct PyVariation {
    /// The position the variation's first move is played in.
    start: Position,
    /// The variation.
    line: PdnLine,
}

impl PyVariation {
    /// The variations of `replaced`, a move played in `position`.
    pub fn of(position: Position, replaced: &PdnMove) -> Vec<PyVariation> {
        replaced.variations.iter().map(|line| PyVariation { start: position, line: line.clone() }).collect()
    }
}

/// The glyph of each move of `moves` as its text (`"!"`, `"?!"`, ...).
pub fn glyph_texts(moves: &[PdnMove]) -> Vec<Option<&'static str>> {
    moves.iter().map(|pdn_move| pdn_move.glyph.map(PdnGlyph::text)).collect()
}

/// The variations of the move at `ply` of `moves`, played from `start`. Raises
/// IndexError for a ply past the moves.
pub fn variations_at(start: Position, moves: &[PdnMove], ply: usize) -> PyResult<Vec<PyVariation>> {
    let replaced = moves.get(ply).ok_or_else(|| {
        PyIndexError::new_err(format!("no move at ply {ply}: there are {} moves", moves.len()))
    })?;
    let position = moves[..ply].iter().fold(start, |position, pdn_move| position.play(&pdn_move.mv));
    Ok(PyVariation::of(position, replaced))
}

#[pymethods]
impl PyVariation {
    /// The comment before the variation's first move, if any.
    #[getter]
    fn comment(&self) -> Option<String> {
        self.line.comment.clone()
    }

    /// The position the first move is played in, as a PDN FEN.
    #[getter]
    fn start_fen(&self) -> String {
        self.start.to_fen()
    }

    /// The moves, in order.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        let moves: Vec<_> = self.line.moves.iter().map(|pdn_move| pdn_move.mv).collect();
        PyMove::line(&self.start, &moves)
    }

    /// The glyph of each move (`"!"`, `"?"`, `"!!"`, `"??"`, `"!?"`, `"?!"`), or None.
    #[getter]
    fn glyphs(&self) -> Vec<Option<&'static str>> {
        glyph_texts(&self.line.moves)
    }

    /// The comment after each move, or None.
    #[getter]
    fn comments(&self) -> Vec<Option<String>> {
        self.line.moves.iter().map(|pdn_move| pdn_move.comment.clone()).collect()
    }

    /// The variations of the move at `ply` (0 for the first move of this variation).
    /// Raises IndexError for a ply past the moves.
    fn variations(&self, ply: usize) -> PyResult<Vec<PyVariation>> {
        variations_at(self.start, &self.line.moves, ply)
    }

    fn __len__(&self) -> usize {
        self.line.moves.len()
    }

    fn __repr__(&self) -> String {
        let moves: Vec<_> = self.line.moves.iter().map(|pdn_move| pdn_move.mv).collect();
        format!("<Variation {}>", self.start.line_to_text(&moves, Position::move_to_text).join(" "))
    }
}
