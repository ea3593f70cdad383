//! What a search thread keeps from one search to the next: its lessons about move
//! order, and buffers allocated once for the searcher's life rather than per search (a
//! search of a few milliseconds would otherwise spend a good part of one faulting
//! fresh pages in).

use arrayvec::ArrayVec;

use crate::network::accumulator::Accumulators;
use crate::rules::{Geometry, Move};

use super::ordering::{MAX_PLY, Ordering};

/// One search thread's state between searches.
pub struct ThreadState {
    /// Killer and history tables.
    pub ordering: Ordering,
    /// The principal variation found below each ply.
    pub pv: Vec<ArrayVec<Move, MAX_PLY>>,
    /// The network's feature-layer sums at each ply.
    pub accumulators: Accumulators,
}

impl Default for ThreadState {
    fn default() -> ThreadState {
        ThreadState {
            ordering: Ordering::default(),
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            accumulators: Accumulators::new(MAX_PLY + 1),
        }
    }
}

impl ThreadState {
    /// Readies the state for a search on `geometry`'s board: old history lessons fade
    /// (or are forgotten, from another board), and the sums of the last search (perhaps
    /// with another network) are forgotten.
    pub fn start_search(&mut self, geometry: &Geometry) {
        self.ordering.fit(geometry);
        self.ordering.age();
        self.accumulators.reset();
    }

    /// Forgets the move-ordering lessons (a new game).
    pub fn clear(&mut self) {
        self.ordering.clear();
    }
}
