//! Positions and games drawn for people: a board as an SVG picture or as terminal text,
//! and a game's score as an SVG chart. Both boards take their orientation from one place.

pub mod board_svg;
pub mod chart_svg;
pub mod orientation;
pub mod terminal_board;
