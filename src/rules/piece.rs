//! Pieces: a colour and a role.

use super::Color;

/// What a piece is: a man, or a king crowned on the far rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// An uncrowned piece.
    Man,
    /// A crowned piece.
    King,
}

impl Role {
    /// The table index of this role: 0 for a man, 1 for a king.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}
