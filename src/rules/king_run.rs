//! Frisian's three-king-moves rule: while a side has men, one king may make at most three
//! quiet moves in a row (`RULES.md#frisian`). Each side's run of such moves is part of the
//! position, as lidraughts' FEN and Hub carry it.

use super::zobrist::splitmix64;
use super::{Bitboard, Color, Move, Square};

/// One side's run of quiet moves by one king: how many in a row, and where that king now
/// stands. A capture, a man move or a move by another king ends it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KingRun {
    /// Quiet moves in a row by the king on `king` (0 when there is no run).
    pub count: u8,
    /// Where the king that made them stands.
    pub king: Option<Square>,
}

impl KingRun {
    /// No run: what every side starts with.
    pub const NONE: KingRun = KingRun { count: 0, king: None };

    /// The run after its side plays `mv` (with a king if `by_king`), which leaves it
    /// `men_left`: one longer for another quiet move by the same king, one long for
    /// another king's, none otherwise (nor while the side has no men, when the rule does
    /// not apply).
    pub(super) fn after_own_move(self, mv: &Move, by_king: bool, men_left: Bitboard) -> KingRun {
        if !by_king || mv.is_capture() || men_left.is_empty() {
            return KingRun::NONE;
        }
        let count = if self.king == Some(mv.from()) { self.count.saturating_add(1) } else { 1 };
        KingRun { count, king: Some(mv.to()) }
    }

    /// The opponent's run after it loses `captured`, which leaves it `men_left`: gone with
    /// its last man or with the king that made it, else unchanged.
    pub(super) fn after_capture(self, captured: Bitboard, men_left: Bitboard) -> KingRun {
        let king_taken = self.king.is_some_and(|king| captured.contains(king));
        if men_left.is_empty() || king_taken { KingRun::NONE } else { self }
    }

    /// This run as a position can hold it, for a side with `kings` and `men` under a limit
    /// of `limit` moves: none where there is no limit, no men or no such king; the count
    /// capped at the limit.
    pub(super) fn fitted(self, limit: Option<u8>, kings: Bitboard, men: Bitboard) -> KingRun {
        match (limit, self.king) {
            (Some(limit), Some(king)) if self.count > 0 && kings.contains(king) && men.any() => {
                KingRun { count: self.count.min(limit), king: Some(king) }
            }
            _ => KingRun::NONE,
        }
    }

    /// The king this run stops from making quiet moves, under a limit of `limit`.
    pub(super) fn stopped_king(self, limit: Option<u8>) -> Bitboard {
        match (limit, self.king) {
            (Some(limit), Some(king)) if self.count >= limit => Bitboard::from_square(king),
            _ => Bitboard::EMPTY,
        }
    }

    /// The Zobrist key of this run for `color`: zero for no run, so that positions of
    /// every other rule set hash as before.
    pub(super) fn key(self, color: Color) -> u64 {
        match self.king {
            Some(king) if self.count > 0 => {
                let seed = 0x4B49_4E47_5255_4E00 ^ (color.index() as u64) << 16 ^ u64::from(self.count) << 8;
                splitmix64(seed ^ u64::from(king.index())).1
            }
            _ => 0,
        }
    }
}
