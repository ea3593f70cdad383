//! The engine through its library API: the search in every rule set and the built-in
//! evaluations, and the limits and options a caller may give.

#[path = "../common/mod.rs"]
mod common;

mod evaluation;
mod limits;
mod network_files;
mod puzzle_levels;
mod search;
mod strength;
