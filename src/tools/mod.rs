//! Command-line tools built on the rules and the search.

pub mod analyse;
pub mod analyse_game;
pub mod bench;
pub mod board;
pub mod board_svg;
pub mod chart_svg;
pub mod egdb;
pub mod matches;
pub mod orientation;
pub mod perft;
pub mod play;
pub mod selfplay;
pub mod terminal_board;
pub mod train;
