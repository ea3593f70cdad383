//! Positions and games drawn for people: a board as an SVG picture or as terminal text,
//! and a game's score as an SVG chart. Both boards take their orientation from one place.
//!
//! A layer of its own, above the engine (whose game analysis the chart draws) and below
//! everything that shows a picture: the tools (`crownhead board`, `play`, `analyse-game`),
//! the board in the browser (a reviewed game's chart) and the Python module.

pub mod board_svg;
pub mod chart_svg;
pub mod orientation;
pub mod terminal_board;
