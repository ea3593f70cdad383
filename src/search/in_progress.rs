//! The positions some thread is searching right now, so that the others can leave them
//! for later and search something else first (ABDADA's deferred moves). Lossy: a slot
//! holds one position, and a collision only costs a missed deferral.

use std::sync::atomic::{AtomicU64, Ordering};

const SLOTS: usize = 1 << 12;

/// A small lock-free set of position hashes. Aligned to a cache line, so that no
/// variable written often shares the line that holds the pointer every thread reads.
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
        self.slot(hash).load(Ordering::Relaxed) == hash
    }

    /// Marks the position as being searched; false if its slot was taken.
    pub fn enter(&self, hash: u64) -> bool {
        self.slot(hash).compare_exchange(0, hash, Ordering::Relaxed, Ordering::Relaxed).is_ok()
    }

    /// Unmarks a position this thread entered.
    pub fn leave(&self, hash: u64) {
        let _ = self.slot(hash).compare_exchange(hash, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}
