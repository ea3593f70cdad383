//! The tools built on the engine, by kind: the one-shot [`commands`] (analyse, bench,
//! perft, board, play, egdb), the [`matches`](mod@matches) runner with its statistics and
//! the [`learning`] pipeline (self-play data, network training); they draw boards and
//! charts with [`crate::render`]. The binary's command line calls them; the Python module
//! calls the few its functions need.

pub mod book;
pub mod commands;
pub mod learning;
pub mod matches;
pub mod puzzles;
