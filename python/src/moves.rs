//! `Move`: a legal move of a position, with its squares, captures and its text in the
//! rule set's notation.

use crownhead::rules::{Move, Position};
use pyo3::prelude::*;

/// A legal move of a position: where the piece starts and ends, what it captures, and
/// its text in the rule set's notation.
#[pyclass(name = "Move", module = "crownhead", frozen)]
#[derive(Clone, Copy)]
pub struct PyMove {
    /// The move.
    pub mv: Move,
    /// The position it is played in, for its text.
    pub position: Position,
}

impl PyMove {
    /// `mv`, a legal move of `position`.
    pub fn new(mv: Move, position: Position) -> PyMove {
        PyMove { mv, position }
    }

    /// The moves of `line` played one after the other from `position`.
    pub fn line(position: &Position, line: &[Move]) -> Vec<PyMove> {
        let mut position = *position;
        line.iter()
            .map(|&mv| {
                let played = PyMove::new(mv, position);
                position = position.play(&mv);
                played
            })
            .collect()
    }

    /// The move in the rule set's notation.
    pub fn text_of(&self) -> String {
        self.position.move_to_text(&self.mv)
    }

    /// The number of `square` in the rule set's numbering.
    fn number(&self, square: crownhead::rules::Square) -> u32 {
        u32::from(self.position.rules().square_number(square))
    }
}

#[pymethods]
impl PyMove {
    /// The move in the rule set's notation: `11-15`, `22x15`, `c3-d4`; the full path of
    /// landing squares only when another legal move has the same start and end.
    #[getter]
    fn text(&self) -> String {
        self.text_of()
    }

    /// The move with every landing square written: `25x18x9`.
    #[getter]
    fn full_text(&self) -> String {
        self.position.move_to_full_text(&self.mv)
    }

    /// The move in the Hub protocol's form: numbers, the captured squares after the end.
    #[getter]
    fn hub(&self) -> String {
        self.position.move_to_hub(&self.mv)
    }

    /// The number of the square the piece leaves (rule sets written algebraically
    /// number a1 = 1, c1 = 2, ..., Turkish a1 = 1, b1 = 2, ..., as Hub and pydraughts do).
    #[getter(from_square)]
    fn origin(&self) -> u32 {
        self.number(self.mv.from())
    }

    /// The number of the square the piece ends on.
    #[getter(to_square)]
    fn destination(&self) -> u32 {
        self.number(self.mv.to())
    }

    /// The numbers of the captured pieces' squares, in ascending order.
    #[getter]
    fn captured(&self) -> Vec<u32> {
        let mut squares: Vec<u32> =
            self.mv.captured().into_iter().map(|square| self.number(square)).collect();
        squares.sort_unstable();
        squares
    }

    /// Whether the move captures.
    #[getter]
    fn is_capture(&self) -> bool {
        self.mv.is_capture()
    }

    /// Whether a man is crowned by the move.
    #[getter]
    fn crowns(&self) -> bool {
        self.mv.crowns()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.text())
    }

    /// Moves are equal when they start and end on the same squares, capture the same
    /// pieces and crown alike.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyMove>().is_ok_and(|other| other.get().mv == self.mv)
    }

    fn __hash__(&self) -> u64 {
        let mv = self.mv;
        u64::from(mv.from().index())
            | u64::from(mv.to().index()) << 8
            | u64::from(mv.crowns()) << 16
            | mv.captured().0.rotate_left(17)
    }
}
