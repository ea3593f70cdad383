//! Puzzles made by the engine (`crownhead puzzles`): [`build`] finds them in games,
//! [`verify`] checks a set again with a deeper search; both ask the [`judge`], which
//! decides whether a position is a puzzle and what its solution is. The puzzles
//! themselves, their file format and the built-in sets are [`crate::puzzles`].

pub mod build;
pub mod judge;
pub mod verify;
