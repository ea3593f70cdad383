//! Command-line tools built on the rules and the search.

pub mod analyse;
pub mod bench;
pub mod matches;
pub mod perft;
