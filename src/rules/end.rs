//! How a game ends by its rule set's goal ([`Goal`]): who wins a position where the side
//! to move has no legal move, and the positions that are over before any move.

use super::{Color, Goal, Position, fixed_rules};

impl Position {
    /// Whether the game is over before the side to move has moved: in breakthrough, once
    /// a king is on the board. Such a position has no legal moves.
    #[inline]
    pub fn is_decided(&self) -> bool {
        self.all_kings().any() && self.rules().goal == Goal::CrownFirst
    }

    /// Whether the rule set draws this material as soon as it arises: one piece against
    /// one, men or kings (Turkish).
    #[inline]
    pub fn is_one_piece_each(&self) -> bool {
        self.rules().draws.one_piece_each
            && Color::ALL.into_iter().all(|color| self.pieces(color).count() == 1)
    }

    /// The side that wins when the side to move has no legal move: the other side by
    /// every federation's rule; the side to move itself in antidraughts; in breakthrough
    /// the side with a king, when there is one.
    pub fn winner_without_moves(&self) -> Color {
        let us = self.side_to_move();
        match self.rules().goal {
            Goal::TakeOrBlock => !us,
            Goal::LoseEverything => us,
            Goal::CrownFirst if self.kings(us).any() => us,
            Goal::CrownFirst => !us,
        }
    }
}

/// [`Position::is_decided`] with the rules as constants.
#[inline(always)]
pub(super) fn is_decided<const V: usize>(position: &Position) -> bool {
    fixed_rules::<V>().goal == Goal::CrownFirst && position.all_kings().any()
}
