//! crownhead: a multi-variant draughts and checkers engine.
//!
//! The crate is layered, and data flows one way: [`rules`] (boards, moves, notation,
//! game results) knows nothing of search; the tools on top use it.

pub mod protocol;
pub mod rules;
pub mod search;
pub mod tools;
