//! The engine through its library API: the search in every rule set and the built-in
//! evaluations.

#[path = "../common/mod.rs"]
mod common;

mod evaluation;
mod search;
