//! The transposition table: one table shared by every search thread, without locks.
//!
//! Each slot is two atomic words, `check = key ^ data` and `data`. A reader accepts a
//! slot only if `check ^ data` equals its key, so a slot torn by two threads writing at
//! once reads as a miss, never as another position's entry (the XOR scheme of Hyatt and
//! Mann). Four slots make a 64-byte cluster, one cache line; a new entry replaces the
//! slot of the same position, else an empty one, else the shallowest or oldest.
//!
//! `data` layout, from bit 0:
//!
//! ```text
//!   score:16  depth:8  bound:2  generation:6  move:9 (index in the generated list + 1)
//! ```

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use super::value::Value;

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (no move beat alpha).
    Upper = 1,
    /// The true score is at least this (a move reached beta).
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

/// An entry read back from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The score, relative to the stored node (see [`super::value::to_table`]).
    pub score: Value,
    /// The depth it was searched to.
    pub depth: u8,
    /// How the score bounds the true one.
    pub bound: Bound,
    /// The index of the best move in the position's generated move list.
    pub move_index: Option<u8>,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Cluster {
    slots: [Slot; 4],
}

const _: () = assert!(size_of::<Cluster>() == 64);

const GENERATIONS: u8 = 64;

/// The table. Sized in MiB; any size works (indexing multiplies, no power of two needed).
pub struct TranspositionTable {
    clusters: Vec<Cluster>,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `mib` mebibytes (at least one cluster).
    pub fn new(mib: usize) -> TranspositionTable {
        let count = (mib.saturating_mul(1 << 20) / size_of::<Cluster>()).max(1);
        TranspositionTable {
            clusters: (0..count).map(|_| Cluster::default()).collect(),
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for slot in self.clusters.iter().flat_map(|cluster| &cluster.slots) {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries of earlier searches become first to be replaced.
    pub fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, Ordering::Relaxed);
    }

    fn cluster(&self, key: u64) -> &Cluster {
        let index = ((u128::from(key) * self.clusters.len() as u128) >> 64) as usize;
        &self.clusters[index]
    }

    /// Starts loading the cluster of `key` into the cache, so that a probe a little later
    /// does not wait for memory. A hint only: it changes no state.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let cluster: *const Cluster = self.cluster(key);
            // SAFETY: a prefetch never faults and changes no memory; the pointer is a
            // live cluster of this table besides.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(cluster.cast::<i8>());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for the position with hash `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.cluster(key).slots.iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            (data != 0 && check ^ data == key).then(|| decode(data))
        })
    }

    /// Stores an entry for the position with hash `key`.
    pub fn store(&self, key: u64, entry: Entry) {
        let generation = self.generation.load(Ordering::Relaxed);
        let cluster = self.cluster(key);
        let mut victim = &cluster.slots[0];
        let mut victim_worth = i32::MAX;
        for slot in &cluster.slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                victim = slot;
                break;
            }
            let stored = decode(data);
            let age = i32::from((generation + GENERATIONS - generation_of(data)) % GENERATIONS);
            let worth = i32::from(stored.depth) - 8 * age;
            if worth < victim_worth {
                victim = slot;
                victim_worth = worth;
            }
        }
        let data = encode(entry, generation);
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of a sample of slots filled by the current search (UCI's `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample: Vec<u64> = self
            .clusters
            .iter()
            .take(250)
            .flat_map(|cluster| &cluster.slots)
            .map(|slot| slot.data.load(Ordering::Relaxed))
            .collect();
        let used = sample.iter().filter(|&&data| data != 0 && generation_of(data) == generation).count();
        (used * 1000 / sample.len().max(1)) as u32
    }
}

fn encode(entry: Entry, generation: u8) -> u64 {
    let score = u64::from(entry.score.clamp(i16::MIN.into(), i16::MAX.into()) as i16 as u16);
    let move_bits = entry.move_index.map_or(0, |index| u64::from(index) + 1);
    score
        | u64::from(entry.depth) << 16
        | (entry.bound as u64) << 24
        | u64::from(generation) << 26
        | move_bits << 32
}

fn generation_of(data: u64) -> u8 {
    ((data >> 26) & 0x3F) as u8
}

fn decode(data: u64) -> Entry {
    let bound = match (data >> 24) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    };
    let move_bits = (data >> 32) & 0x1FF;
    Entry {
        score: Value::from(data as u16 as i16),
        depth: (data >> 16) as u8,
        bound,
        move_index: move_bits.checked_sub(1).and_then(|index| u8::try_from(index).ok()),
    }
}
