//! Command-line tools built on the rules and the search.

pub mod perft;
