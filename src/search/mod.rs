//! The search: iterative deepening over PVS alpha-beta, on threads that share a lock-free
//! transposition table (Lazy SMP); evaluation (the network, a layer below in
//! [`crate::network`], and a few terms for endings of kings alone), move ordering, time
//! management, and strength levels that weaken the search for a move to play on purpose.
//! Knows the rules, the endgame databases and the network, nothing of protocols;
//! [`crate::engine`] is its one door to the front ends and tools.

mod alphabeta;
mod kings_ending;
mod limits;
mod ordering;
mod reductions;
mod score;
mod searcher;
mod strength;
mod thread_state;
mod threads;
mod time;
mod tt;
mod value;

pub use limits::{Clock, LimitError, Limits, MAX_DEPTH, MAX_SECONDS};
pub use score::Score;
pub use searcher::{Info, Knowledge, SearchControl, SearchResult, Searcher, Settings};
pub use strength::{LEVELS, Level, Lines, MAX_STRENGTH, MIN_STRENGTH};
