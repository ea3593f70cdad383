//! Values inside the search: centi-men from the side to move's point of view, and wins
//! by distance, as plain integers for the hot paths (the public [`super::Score`] wraps
//! them at the search's edge).
//!
//! A man is worth 100. A win in `n` plies scores `WIN - n`, a loss `-(WIN - n)`, so
//! that Hub's "score in men" shows a win in 5 plies as 99.95. Evaluations stay inside
//! `±MAX_EVAL`, far from any win score.

/// A search or evaluation value, in centi-men.
pub type Value = i32;

/// A win on the board now (the opponent has no move).
pub const WIN: Value = 10_000;

/// Larger than any score: the initial window bound.
pub const INFINITE: Value = WIN + 1;

/// The largest evaluation; anything beyond is a win or loss score.
pub const MAX_EVAL: Value = 8_000;

/// A draw.
pub const DRAW: Value = 0;

/// The score of a loss `ply` plies from the root.
#[inline]
pub const fn loss_in(ply: usize) -> Value {
    -(WIN - ply as Value)
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
