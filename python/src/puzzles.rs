//! `Puzzle`, `puzzles` and `read_puzzles`: the engine-made puzzles of a rule set (the
//! built-in sets, or a puzzle file as `crownhead puzzles export` and `build` write it),
//! each with its position, its solution line, theme, difficulty and starting rating.

use std::hash::{DefaultHasher, Hash, Hasher};

use crownhead::puzzles::{Puzzle, builtin, read_set};
use crownhead::rules::Game;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::value_error;
use crate::game::{PyGame, color_name};
use crate::moves::PyMove;
use crate::source::Source;

/// A puzzle: a position where the side to move has one move that wins and every other
/// move does not, with the whole line that shows it.
#[pyclass(name = "Puzzle", module = "crownhead", frozen)]
pub struct PyPuzzle {
    /// The puzzle.
    puzzle: Puzzle,
}

#[pymethods]
impl PyPuzzle {
    /// The rule set's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.puzzle.position.variant().name()
    }

    /// The position as a PDN FEN, the solver to move.
    #[getter]
    fn fen(&self) -> String {
        self.puzzle.position.to_fen()
    }

    /// The solver, the side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> String {
        color_name(self.puzzle.position.side_to_move())
    }

    /// The solution: the solver's key move first, then the opponent's best reply, the
    /// solver's next move and so on, ending with a move of the solver's.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        PyMove::line(&self.puzzle.position, &self.puzzle.line)
    }

    /// The solver's key move, the first of `moves`.
    #[getter]
    fn key_move(&self) -> PyMove {
        PyMove::new(self.puzzle.key_move(), self.puzzle.position)
    }

    /// What the line does: `"block"`, `"shot"`, `"breakthrough"`, `"endgame"` or
    /// `"gain"`.
    #[getter]
    fn theme(&self) -> &'static str {
        self.puzzle.theme.name()
    }

    /// How much searching it takes to find the key move: 1 for the first iterations, one
    /// more for each doubling of the nodes.
    #[getter]
    fn difficulty(&self) -> u32 {
        self.puzzle.difficulty
    }

    /// The rating the puzzle starts with, on the scale of people's ratings (800 at
    /// difficulty 1, 100 more a step).
    #[getter]
    fn rating(&self) -> u32 {
        self.puzzle.rating
    }

    /// A new `Game` at the puzzle's position, for the solver to play.
    fn game(&self, py: Python<'_>) -> PyGame {
        PyGame::bare(Game::new(self.puzzle.position), PyDict::new(py).unbind())
    }

    /// The puzzle's line in a puzzle file: FEN, solution, theme, difficulty and rating,
    /// separated by tabs, as `crownhead puzzles export` prints it.
    fn __str__(&self) -> String {
        self.puzzle.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<crownhead.Puzzle {} {} {} rating {}: {}>",
            self.variant(),
            self.fen(),
            self.theme(),
            self.rating(),
            self.puzzle.line_text().join(" ")
        )
    }

    /// Puzzles are equal when their positions, lines, themes, difficulties and ratings are.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyPuzzle>().is_ok_and(|other| other.get().puzzle == self.puzzle)
    }

    /// The hash of the puzzle's line in a puzzle file, which equal puzzles share.
    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.puzzle.to_string().hash(&mut hasher);
        hasher.finish()
    }
}

/// The built-in puzzles of `variant` (any accepted name or alias), easiest first (by
/// starting rating, then as the set lists them). Raises ValueError for an unknown rule
/// set.
#[pyfunction]
#[pyo3(signature = (variant = "english"))]
pub fn puzzles(variant: &str) -> PyResult<Vec<PyPuzzle>> {
    let variant = crate::errors::variant(variant)?;
    Ok(builtin(variant).iter().map(|puzzle| PyPuzzle { puzzle: puzzle.clone() }).collect())
}

/// The puzzles of a puzzle file (a path) or of its text, in order, all of `variant`.
/// Blank lines and lines starting with `#` are skipped.
///
/// A string is read as a path when a file of that name exists, else as the text.
/// Raises ValueError for a line that is not a puzzle (the file, the line's number and
/// why), or an unknown rule set; OSError naming the file for one that cannot be read or
/// is not a regular file (a FIFO, a device, a directory).
#[pyfunction]
#[pyo3(signature = (source, variant = "english"))]
pub fn read_puzzles(source: &Bound<'_, PyAny>, variant: &str) -> PyResult<Vec<PyPuzzle>> {
    let variant = crate::errors::variant(variant)?;
    let source = Source::read(source)?;
    let puzzles = read_set(variant, &source.text).map_err(|error| value_error(source.located(error)))?;
    Ok(puzzles.into_iter().map(|puzzle| PyPuzzle { puzzle }).collect())
}
