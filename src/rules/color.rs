//! The two sides.

use std::fmt;
use std::ops::Not;

/// A side. White's men move toward higher ranks, Black's toward lower ones, whichever
/// moves first in the rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The side whose men start on the low ranks.
    White,
    /// The side whose men start on the high ranks.
    Black,
}

impl Color {
    /// Both colours, White first, for loops and tables indexed by colour.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The table index of this colour: 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN and Hub letter of this colour: `W` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// The colour named by a FEN letter, `W` or `B` in either case.
    pub fn from_letter(letter: char) -> Option<Color> {
        match letter.to_ascii_uppercase() {
            'W' => Some(Color::White),
            'B' => Some(Color::Black),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;

    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}
