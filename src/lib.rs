//! crownhead: a multi-variant draughts and checkers engine.
//!
//! The crate is layered, and data flows one way: [`rules`] (boards, moves, notation,
//! game results) knows nothing above it; the endgame databases ([`egdb`]) and the
//! opening books ([`book`]) know the rules and no front end; the network that evaluates
//! (private) knows the rules; the search (private) knows all of these; [`engine`] is the
//! one API the front ends in [`protocol`] and the [`tools`] call, and the board in the
//! browser (`gui`, with the default feature `gui`); [`render`] draws boards and a game's
//! score chart for the tools, the board in the browser and the Python module.

pub mod book;
pub mod egdb;
pub mod engine;
#[cfg(test)]
mod fuzzing;
#[cfg(feature = "gui")]
pub mod gui;
mod network;
pub mod protocol;
pub mod puzzles;
pub mod regular_file;
pub mod render;
pub mod rules;
mod search;
pub mod tools;
mod wire;

/// The README's Rust examples, run as doctests so that they keep compiling and working.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
