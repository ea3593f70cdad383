//! Which side of the board a drawing puts at the bottom, and so which real-board square
//! each cell of the drawing shows. The SVG and terminal boards share it.

use crate::rules::{Color, Rules, Square};

/// The side drawn at the bottom of a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Orientation {
    /// White's first rank at the bottom, a1 at the bottom left: the usual diagram of
    /// every rule set (in English and Pool, Black moves first from the top).
    #[default]
    WhiteAtBottom,
    /// The board turned round: Black's first rank at the bottom, a1 at the top right.
    BlackAtBottom,
}

impl Orientation {
    /// The orientation with `color` at the bottom.
    pub fn with_at_bottom(color: Color) -> Orientation {
        match color {
            Color::White => Orientation::WhiteAtBottom,
            Color::Black => Orientation::BlackAtBottom,
        }
    }

    /// The board turned round.
    pub fn flipped(self) -> Orientation {
        match self {
            Orientation::WhiteAtBottom => Orientation::BlackAtBottom,
            Orientation::BlackAtBottom => Orientation::WhiteAtBottom,
        }
    }

    /// The real-board file (0 is the a-file) drawn in `column`, counted from the left
    /// of a board of `size` files.
    pub fn file(self, column: u8, size: u8) -> u8 {
        match self {
            Orientation::WhiteAtBottom => column,
            Orientation::BlackAtBottom => size - 1 - column,
        }
    }

    /// The real-board rank (0 is White's first rank) drawn in `row`, counted from the
    /// top of a board of `size` ranks.
    pub fn rank(self, row: u8, size: u8) -> u8 {
        match self {
            Orientation::WhiteAtBottom => size - 1 - row,
            Orientation::BlackAtBottom => row,
        }
    }

    /// The playing square drawn at `row` and `column` (from the top left), or `None` for
    /// a light square.
    pub fn square(self, rules: &Rules, row: u8, column: u8) -> Option<Square> {
        let size = rules.geometry.size();
        rules.real_square_at(self.file(column, size), self.rank(row, size))
    }
}
