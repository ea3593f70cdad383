//! A playing square, as a bit index in the board's padded layout.

use std::fmt;

/// A playing (dark) square, stored as its bit index in the padded layout of
/// [`Geometry`](super::Geometry). Squares are only meaningful together with the board
/// they belong to; notation turns them into numbers or names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at bit index `index`; the caller knows it is a playing square.
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        Square(index)
    }

    /// The square jumped over by a piece going from `from` to `landing` in one jump:
    /// both steps have the same shift, so it is the midpoint.
    #[inline]
    pub const fn jumped(from: Square, landing: Square) -> Square {
        Square((from.0 + landing.0) / 2)
    }

    /// The bit index of this square.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
