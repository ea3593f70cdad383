//! The binary's commands run as a user runs them: the command line itself, `match`,
//! `selfplay`, `train`, `play`, `analyse-game`, `puzzles` and the SVG pictures.

#[path = "../common/mod.rs"]
mod common;

mod analyse_game;
mod book;
mod cli;
mod matches;
mod option_table;
mod play;
mod puzzles;
mod puzzles_pydraughts;
mod selfplay;
mod svg;
mod train;
