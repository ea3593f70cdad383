//! Values inside the search: wins by distance, draws, database scores and their form in
//! the transposition table, built on the evaluation's [`Value`] (centi-men, from the
//! network's layer below) as plain integers for the hot paths (the public
//! [`super::Score`] wraps them at the search's edge).
//!
//! A win in `n` plies scores `WIN - n`, a loss `-(WIN - n)`, so that Hub's "score in
//! men" shows a win in 5 plies as 99.95. Evaluations stay inside `±MAX_EVAL`, far from
//! any win score.

use crate::network::{MAX_EVAL, Value};
use crate::rules::Position;

/// A win on the board now (the opponent has no move).
pub const WIN: Value = 10_000;

/// Larger than any score: the initial window bound.
pub const INFINITE: Value = WIN + 1;

/// A draw.
pub const DRAW: Value = 0;

/// What an endgame database's win scores before the position's evaluation is added
/// (see [`database_score`]): above any evaluation of a position in play, below any win
/// found on the board, and inside the evaluation range, since the database knows no
/// distance to the end.
pub const DATABASE_WIN: Value = 5_000;

/// The most an evaluation adds to or takes from a database win or loss.
const DATABASE_SPREAD: Value = 2_000;

/// The score of a position an endgame database values at `value`, for the side to
/// move, whose static evaluation is `eval`: a win scores [`DATABASE_WIN`] plus the
/// evaluation, so that the search still heads for simpler wins; a loss the opposite; a
/// draw is a draw.
pub fn database_score(value: crate::egdb::Value, eval: Value) -> Value {
    let eval = eval.clamp(-DATABASE_SPREAD + 1, DATABASE_SPREAD - 1);
    match value {
        crate::egdb::Value::Win => DATABASE_WIN + eval,
        crate::egdb::Value::Loss => -DATABASE_WIN + eval,
        crate::egdb::Value::Draw => DRAW,
    }
}

/// The score of a loss `ply` plies from the root.
#[inline]
pub const fn loss_in(ply: usize) -> Value {
    -(WIN - ply as Value)
}

/// The score of a win `ply` plies from the root.
#[inline]
pub const fn win_in(ply: usize) -> Value {
    WIN - ply as Value
}

/// The score of `position`, `ply` plies from the root, when its side to move has no
/// legal move: a loss, but a win in antidraughts, and in breakthrough for a side that
/// has crowned (see [`Position::winner_without_moves`]).
#[inline]
pub fn without_moves(position: &Position, ply: usize) -> Value {
    if position.winner_without_moves() == position.side_to_move() { win_in(ply) } else { loss_in(ply) }
}

/// Whether `score` is a forced win or loss rather than an evaluation.
#[inline]
pub const fn is_decisive(score: Value) -> bool {
    score.abs() > MAX_EVAL
}

/// A score as stored in the transposition table: wins relative to the stored node, so
/// that the entry is right wherever in the tree it is found again.
#[inline]
pub const fn to_table(score: Value, ply: usize) -> Value {
    if score > MAX_EVAL {
        score + ply as Value
    } else if score < -MAX_EVAL {
        score - ply as Value
    } else {
        score
    }
}

/// A score read from the transposition table at `ply` from the root.
#[inline]
pub const fn from_table(score: Value, ply: usize) -> Value {
    if score > MAX_EVAL {
        score - ply as Value
    } else if score < -MAX_EVAL {
        score + ply as Value
    } else {
        score
    }
}

/// What staying in the slice of a database win being converted costs the winner.
const CONVERSION: Value = 1_000;

/// A database `score` of a position in the slice of the database win being converted
/// (the search's root): a win counts [`CONVERSION`] less, a loss as much more, so that
/// leaving the slice for a position that keeps the win scores better than staying in
/// it, and staying better than a draw.
pub const fn unconverted(score: Value) -> Value {
    score - CONVERSION * score.signum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_and_decisive_scores() {
        assert_eq!(loss_in(0), -10_000);
        assert_eq!(loss_in(7), -9_993);
        assert!(is_decisive(loss_in(200)) && is_decisive(-loss_in(200)));
        assert!(is_decisive(MAX_EVAL + 1) && is_decisive(-MAX_EVAL - 1));
        assert!(!is_decisive(MAX_EVAL) && !is_decisive(-MAX_EVAL) && !is_decisive(DRAW));
    }

    #[test]
    fn wins_are_stored_relative_to_the_node() {
        // A win 5 plies from the root (9995) found at ply 3 is a win 2 plies from that
        // node: stored as WIN - 2 = 9998. Found again at ply 7, it is a win 7 + 2 = 9
        // plies from the root: 9998 - 7 = 9991.
        assert_eq!(to_table(WIN - 5, 3), 9_998);
        assert_eq!(from_table(9_998, 7), 9_991);
        assert_eq!(from_table(9_998, 7), WIN - 9);
    }

    #[test]
    fn losses_are_stored_relative_to_the_node() {
        // A loss 6 plies from the root (-9994) found at ply 4: 2 plies from the node,
        // stored as -9998; read at ply 1 it is a loss in 1 + 2 = 3: -9997.
        assert_eq!(to_table(loss_in(6), 4), -9_998);
        assert_eq!(from_table(-9_998, 1), -9_997);
        assert_eq!(from_table(-9_998, 1), loss_in(3));
    }

    #[test]
    fn the_first_decisive_value_is_shifted_and_the_last_evaluation_is_not() {
        // 8001 is beyond MAX_EVAL: 8001 + 2 = 8003 stored. 8000 is an evaluation.
        assert_eq!(to_table(MAX_EVAL + 1, 2), 8_003);
        assert_eq!(to_table(-MAX_EVAL - 1, 2), -8_003);
        assert_eq!(to_table(MAX_EVAL, 2), MAX_EVAL);
        assert_eq!(from_table(-MAX_EVAL, 2), -MAX_EVAL);
    }

    #[test]
    fn database_wins_beat_evaluations_and_keep_their_order() {
        use crate::egdb::Value as Known;
        let (small, large) = (database_score(Known::Win, -300), database_score(Known::Win, 250));
        assert!(small < large && small > 2 * DATABASE_SPREAD && !is_decisive(large));
        assert!(!is_decisive(database_score(Known::Win, MAX_EVAL)));
        assert_eq!(database_score(Known::Loss, 120), -database_score(Known::Win, -120));
        assert_eq!(database_score(Known::Draw, 700), DRAW);
    }

    #[test]
    fn staying_in_the_slice_being_converted_costs_the_winner() {
        use crate::egdb::Value as Known;
        for eval in [-1_500, -20, 0, 35, 1_999] {
            let (win, loss) = (database_score(Known::Win, eval), database_score(Known::Loss, -eval));
            assert!(unconverted(win) < win && unconverted(win) > 2 * CONVERSION);
            assert_eq!(unconverted(loss), -unconverted(win));
        }
        assert_eq!(unconverted(DRAW), DRAW);
    }

    #[test]
    fn evaluations_are_untouched() {
        for score in [DRAW, 1, -1, 125, -350, MAX_EVAL, -MAX_EVAL] {
            for ply in [0, 1, 17, 120] {
                assert_eq!(to_table(score, ply), score, "score {score} ply {ply}");
                assert_eq!(from_table(score, ply), score, "score {score} ply {ply}");
            }
        }
    }

    #[test]
    fn a_score_read_back_at_the_ply_it_was_stored_is_the_same() {
        for score in [WIN, WIN - 1, WIN - 37, loss_in(0), loss_in(1), loss_in(37), 42, -42] {
            for ply in [0, 1, 2, 9, 64, 120] {
                assert_eq!(from_table(to_table(score, ply), ply), score, "score {score} ply {ply}");
            }
        }
        // At the root the stored value is the score itself.
        assert_eq!(to_table(WIN - 11, 0), WIN - 11);
    }
}
