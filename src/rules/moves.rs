//! Moves and move lists.

use arrayvec::ArrayVec;

use super::{Bitboard, Square};

/// A move: where the piece starts and ends, what it captures, and whether it is crowned.
///
/// Two capture sequences with the same start, end and captured set are the same move;
/// the path between is notation's business (see [`capture_paths`](super::capture_paths)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    crowns: bool,
    captured: Bitboard,
}

impl Move {
    /// A move from `from` to `to` capturing `captured`, crowning the piece if `crowns`.
    #[inline]
    pub const fn new(from: Square, to: Square, captured: Bitboard, crowns: bool) -> Move {
        Move { from, to, crowns, captured }
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece ends on (may equal `from` for a king's circular capture).
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The captured pieces' squares.
    #[inline]
    pub const fn captured(self) -> Bitboard {
        self.captured
    }

    /// Whether the move captures.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.captured.any()
    }

    /// Whether a man is crowned by this move.
    #[inline]
    pub const fn crowns(self) -> bool {
        self.crowns
    }
}

/// The most moves a [`MoveList`] holds. A position has at most about 200 quiet moves
/// (each empty square reached from four directions); capture lists are kept free of
/// duplicates and of sequences the precedence rules forbid while they are built.
pub const MAX_MOVES: usize = 256;

/// The legal moves of a position, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
