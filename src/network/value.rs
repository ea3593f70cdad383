//! The unit and range of an evaluation: centi-men from the side to move's point of view,
//! as a plain integer for the hot paths. The network produces values in it, and the
//! search builds its own scores on it (wins by distance, database scores, beyond
//! [`MAX_EVAL`]), which is why it lives here, below both.
//!
//! A man is worth 100. Evaluations stay inside `±MAX_EVAL`.

/// A search or evaluation value, in centi-men.
pub type Value = i32;

/// The largest evaluation; anything beyond is a win or loss score.
pub const MAX_EVAL: Value = 8_000;
