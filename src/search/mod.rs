//! The search: iterative deepening, PVS alpha-beta, a lock-free transposition table
//! shared by all threads, evaluation, move ordering and time management. Knows the rules,
//! nothing of protocols.

mod alphabeta;
mod engine;
pub mod eval;
mod in_progress;
mod limits;
mod ordering;
pub mod score;
mod time;
mod tt;

pub use engine::{Engine, Info, SearchControl, SearchResult};
pub use limits::{Clock, Limits};
