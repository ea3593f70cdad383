//! Scores: centi-men from the side to move's point of view, and wins by distance.
//!
//! A man is worth 100. A win in `n` plies scores `WIN - n`, a loss `-(WIN - n)`, so
//! that Hub's "score in men" shows a win in 5 plies as 99.95. Evaluations stay inside
//! `±MAX_EVAL`, far from any win score.

/// A search or evaluation score, in centi-men.
pub type Score = i32;

/// A win on the board now (the opponent has no move).
pub const WIN: Score = 10_000;

/// Larger than any score: the initial window bound.
pub const INFINITE: Score = WIN + 1;

/// The largest evaluation; anything beyond is a win or loss score.
pub const MAX_EVAL: Score = 8_000;

/// A draw.
pub const DRAW: Score = 0;

/// The score of a loss `ply` plies from the root.
#[inline]
pub const fn loss_in(ply: usize) -> Score {
    -(WIN - ply as Score)
}

/// Whether `score` is a forced win or loss rather than an evaluation.
#[inline]
pub const fn is_decisive(score: Score) -> bool {
    score.abs() > MAX_EVAL
}

/// Plies to the end of the game for a decisive score, from the root.
pub const fn plies_to_end(score: Score) -> Option<i32> {
    if is_decisive(score) { Some(WIN - score.abs()) } else { None }
}

/// A score as stored in the transposition table: wins relative to the stored node, so
/// that the entry is right wherever in the tree it is found again.
#[inline]
pub const fn to_table(score: Score, ply: usize) -> Score {
    if score > MAX_EVAL {
        score + ply as Score
    } else if score < -MAX_EVAL {
        score - ply as Score
    } else {
        score
    }
}

/// A score read from the transposition table at `ply` from the root.
#[inline]
pub const fn from_table(score: Score, ply: usize) -> Score {
    if score > MAX_EVAL {
        score - ply as Score
    } else if score < -MAX_EVAL {
        score + ply as Score
    } else {
        score
    }
}
