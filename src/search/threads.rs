//! What the threads of one search share (Lazy SMP): the table, the stop flag, the node
//! count, the deepest iteration a helper thread completed, and the positions some thread
//! is searching right now, so that the others can leave them for later and search
//! something else first (ABDADA's deferred moves). The searcher
//! ([`super::searcher::Searcher`]) makes it for each search; every thread's
//! [`super::alphabeta::Worker`] reads it at every node.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};
use std::time::Duration;

use crate::egdb::Database;
use crate::network::{Network, Value};
use crate::rules::Move;

use super::limits::Limits;
use super::tt::TranspositionTable;

/// What every thread of one search shares. Every thread reads it at every node, so it
/// has cache lines of its own: a hot variable written beside it (the main worker's node
/// count, on the same stack) would make the other thread fetch the line again and again.
#[repr(align(64))]
pub struct Shared<'a> {
    /// The transposition table.
    pub table: &'a TranspositionTable,
    /// Set to stop every thread.
    pub stop: &'a AtomicBool,
    /// While set, time limits wait (pondering); cleared on a ponder hit.
    pub pondering: &'a AtomicBool,
    /// Nodes searched by all threads, to which each adds its own every poll interval
    /// (the worker's `count_node`) and at the end.
    pub nodes: &'a AtomicU64,
    /// The limits of this search.
    pub limits: Limits,
    /// Kept back from every time budget (see `src/search/time.rs`).
    pub move_overhead: Duration,
    /// The deepest iteration a helper thread completed, and its line.
    pub deepest: &'a Mutex<Option<(i32, Line)>>,
    /// Positions being searched by some thread, when there are several.
    pub in_progress: Option<&'a InProgress>,
    /// The network that evaluates positions with men.
    pub network: &'a Network,
    /// The endgame database probed in positions with few pieces, if any.
    pub egdb: Option<&'a Database>,
}

impl Shared<'_> {
    /// Records a helper's completed iteration if it is the deepest so far; a helper that
    /// completes the depth limit ends the whole search, since that is its answer.
    pub fn publish(&self, depth: i32, line: &Line, max_depth: i32) {
        if let Ok(mut deepest) = self.deepest.lock()
            && deepest.as_ref().is_none_or(|(recorded, _)| depth > *recorded)
        {
            *deepest = Some((depth, line.clone()));
        }
        if self.limits.depth.is_some() && depth >= max_depth {
            self.stop.store(true, AtomicOrdering::Relaxed);
        }
    }

    /// A helper's iteration deeper than `depth`, if one completed.
    pub fn deeper_than(&self, depth: i32) -> Option<(i32, Line)> {
        let deepest = self.deepest.lock().ok()?;
        deepest.as_ref().filter(|(recorded, _)| *recorded > depth).cloned()
    }
}

/// The result of one completed iteration, for one principal variation.
#[derive(Clone, Debug)]
pub struct Line {
    /// The score of the line.
    pub score: Value,
    /// The moves, best first.
    pub pv: Vec<Move>,
}

/// Slots of the [`InProgress`] set.
const SLOTS: usize = 1 << 12;

/// The positions some thread is searching: a small lock-free set of position hashes.
/// Lossy: a slot holds one position, and a collision only costs a missed deferral.
/// Aligned to a cache line, so that no variable written often shares the line that
/// holds the pointer every thread reads.
#[repr(align(64))]
pub struct InProgress {
    slots: Box<[AtomicU64]>,
}

impl Default for InProgress {
    fn default() -> InProgress {
        InProgress { slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }
}

impl InProgress {
    fn slot(&self, hash: u64) -> &AtomicU64 {
        &self.slots[hash as usize & (SLOTS - 1)]
    }

    /// Whether another thread is searching the position.
    pub fn contains(&self, hash: u64) -> bool {
        self.slot(hash).load(AtomicOrdering::Relaxed) == hash
    }

    /// Marks the position as being searched; false if its slot was taken.
    pub fn enter(&self, hash: u64) -> bool {
        self.slot(hash).compare_exchange(0, hash, AtomicOrdering::Relaxed, AtomicOrdering::Relaxed).is_ok()
    }

    /// Unmarks a position this thread entered.
    pub fn leave(&self, hash: u64) {
        let _ = self.slot(hash).compare_exchange(hash, 0, AtomicOrdering::Relaxed, AtomicOrdering::Relaxed);
    }
}
