//! The transposition table: one table shared by every search thread, without locks.
//!
//! Each slot is two atomic words, `check = key ^ data` and `data`. A reader accepts a
//! slot only if `check ^ data` equals its key, so a slot torn by two threads writing at
//! once reads as a miss, never as another position's entry (the XOR scheme of Hyatt and
//! Mann). Four slots make a 64-byte cluster, one cache line; a new entry replaces the
//! slot of the same position, else an empty one, else the shallowest or oldest.
//!
//! Every entry carries the number of the game it was stored in, and an entry of another
//! game reads as an empty slot: a new game forgets the table by counting one more game,
//! without writing the table (64 MiB by default), which a front end may ask for just
//! before a clocked search. The table is written with zeros only when it is made, and
//! when the game number comes round again.
//!
//! `data` layout, from bit 0:
//!
//! ```text
//!   score:16  depth:8  bound:2  generation:6  move:9  unused:7  game:16
//! ```
//!
//! The move is its index in the generated list + 1. A stored entry's bound is never 0,
//! so an entry's `data` is never 0: 0 is an empty slot.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use crate::network::Value;

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

/// Where the game number starts in `data`.
const GAME_SHIFT: u32 = 48;

/// The table. Sized in MiB; any size works (indexing multiplies, no power of two needed).
pub struct TranspositionTable {
    clusters: Vec<Cluster>,
    generation: AtomicU8,
    /// The number of the current game: entries of others read as empty.
    game: u16,
}

impl TranspositionTable {
    /// A table of about `mib` mebibytes (at least one cluster), empty.
    pub fn new(mib: usize) -> TranspositionTable {
        TranspositionTable { clusters: clusters(mib), generation: AtomicU8::new(0), game: 0 }
    }

    /// Makes the table about `mib` mebibytes, empty. The old table is freed before the
    /// new one is made, so that the two are never held at once; at the same size it is
    /// only cleared.
    pub fn resize(&mut self, mib: usize) {
        if cluster_count(mib) == self.clusters.len() {
            self.clear();
            return;
        }
        self.clusters = Vec::new();
        *self = TranspositionTable::new(mib);
    }

    /// Forgets every entry: the next game starts. Writes nothing but the game number,
    /// except when that comes round to 0 again, every 65,536 games: then the whole
    /// table is written with zeros, so that no entry of the earlier game 0 comes back.
    pub fn clear(&mut self) {
        *self.generation.get_mut() = 0;
        match self.game.checked_add(1) {
            Some(next) => self.game = next,
            None => {
                for slot in self.clusters.iter_mut().flat_map(|cluster| &mut cluster.slots) {
                    *slot.check.get_mut() = 0;
                    *slot.data.get_mut() = 0;
                }
                self.game = 0;
            }
        }
    }

    /// Whether a slot's `data` holds an entry of the current game.
    fn is_current(&self, data: u64) -> bool {
        data != 0 && game_of(data) == self.game
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
            (self.is_current(data) && check ^ data == key).then(|| decode(data))
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
            if !self.is_current(data) || check ^ data == key {
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
        let data = encode(entry, generation, self.game);
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
        let used =
            sample.iter().filter(|&&data| self.is_current(data) && generation_of(data) == generation).count();
        (used * 1000 / sample.len().max(1)) as u32
    }
}

/// The empty clusters of a table of about `mib` MiB. They are written (with zeros),
/// not merely allocated zeroed, so that the system maps every page now, not one by one
/// during the first searches.
fn clusters(mib: usize) -> Vec<Cluster> {
    (0..cluster_count(mib)).map(|_| Cluster::default()).collect()
}

/// The number of clusters in about `mib` MiB, at least one.
fn cluster_count(mib: usize) -> usize {
    (mib.saturating_mul(1 << 20) / size_of::<Cluster>()).max(1)
}

fn encode(entry: Entry, generation: u8, game: u16) -> u64 {
    let score = u64::from(entry.score.clamp(i16::MIN.into(), i16::MAX.into()) as i16 as u16);
    let move_bits = entry.move_index.map_or(0, |index| u64::from(index) + 1);
    score
        | u64::from(entry.depth) << 16
        | (entry.bound as u64) << 24
        | u64::from(generation) << 26
        | move_bits << 32
        | u64::from(game) << GAME_SHIFT
}

fn game_of(data: u64) -> u16 {
    (data >> GAME_SHIFT) as u16
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::MAX_EVAL;
    use crate::search::value::{WIN, loss_in};

    fn entry(score: Value, depth: u8, bound: Bound, move_index: Option<u8>) -> Entry {
        Entry { score, depth, bound, move_index }
    }

    /// A table of one cluster (a size of 0 MiB is raised to one cluster): every key
    /// shares the same four slots, so replacement can be watched.
    fn one_cluster() -> TranspositionTable {
        let table = TranspositionTable::new(0);
        assert_eq!(table.clusters.len(), 1);
        table
    }

    #[test]
    fn the_data_word_has_the_documented_layout() {
        // score -2 as u16 = 0xFFFE (bits 0-15), depth 5 << 16 = 0x05_0000, bound Lower
        // (2) << 24 and generation 7 << 26 share byte 3: 2 | 7 << 2 = 0x1E, move index
        // 3 is stored as 3 + 1 = 4 from bit 32: 0x4_1E05_FFFE; game 0xABCD from bit 48.
        let data = encode(entry(-2, 5, Bound::Lower, Some(3)), 7, 0xABCD);
        assert_eq!(data, 0xABCD_0004_1E05_FFFE);
        assert_eq!(generation_of(data), 7);
        assert_eq!(game_of(data), 0xABCD);
        assert_eq!(decode(data), entry(-2, 5, Bound::Lower, Some(3)));
        // No move is 0 in the move bits; the largest index, 255, is 256 (nine bits).
        assert_eq!(encode(entry(0, 0, Bound::Upper, None), 0, 0) >> 32, 0);
        assert_eq!(encode(entry(0, 0, Bound::Upper, Some(255)), 0, 0) >> 32, 256);
        // The smallest entry is not 0, an empty slot.
        assert_ne!(encode(entry(0, 0, Bound::Upper, None), 0, 0), 0);
    }

    #[test]
    fn fields_at_their_limits_come_back_unchanged_in_every_generation_and_game() {
        let entries = [
            entry(loss_in(3), u8::MAX, Bound::Upper, None),
            entry(WIN - 1, 0, Bound::Lower, Some(0)),
            entry(-1, 17, Bound::Exact, Some(u8::MAX)),
            entry(-MAX_EVAL, 1, Bound::Exact, Some(40)),
            entry(i32::from(i16::MIN), u8::MAX, Bound::Lower, Some(u8::MAX)),
            entry(i32::from(i16::MAX), u8::MAX, Bound::Exact, Some(u8::MAX)),
        ];
        for (generation, game) in [(0, 0), (1, 1), (GENERATIONS - 1, u16::MAX)] {
            for entry in entries {
                let data = encode(entry, generation, game);
                assert_eq!(decode(data), entry, "generation {generation}");
                assert_eq!(generation_of(data), generation);
                assert_eq!(game_of(data), game);
            }
        }
    }

    #[test]
    fn store_then_probe_returns_the_entry() {
        let table = TranspositionTable::new(1);
        let stored = [
            (0x0123_4567_89AB_CDEF, entry(-350, 12, Bound::Upper, Some(7))),
            (0xFEDC_BA98_7654_3210, entry(loss_in(9), u8::MAX, Bound::Exact, None)),
            (0x8000_0000_0000_0001, entry(WIN - 2, 1, Bound::Lower, Some(u8::MAX))),
        ];
        for (key, entry) in stored {
            table.store(key, entry);
        }
        for (key, entry) in stored {
            assert_eq!(table.probe(key), Some(entry));
        }
    }

    #[test]
    fn a_score_beyond_sixteen_bits_is_clamped() {
        let table = one_cluster();
        table.store(1, entry(40_000, 3, Bound::Lower, None));
        table.store(2, entry(-40_000, 3, Bound::Upper, None));
        assert_eq!(table.probe(1).map(|entry| entry.score), Some(32_767));
        assert_eq!(table.probe(2).map(|entry| entry.score), Some(-32_768));
    }

    #[test]
    fn another_key_misses() {
        let mut table = one_cluster();
        assert_eq!(table.probe(42), None);
        table.store(42, entry(10, 4, Bound::Exact, Some(1)));
        // Same cluster (there is one), different key: the XOR check rejects the slot.
        assert_eq!(table.probe(43), None);
        assert_eq!(table.probe(42 ^ (1 << 63)), None);
        table.clear();
        assert_eq!(table.probe(42), None);
    }

    #[test]
    fn the_same_position_overwrites_its_own_slot() {
        let table = one_cluster();
        for key in 1..=4 {
            table.store(key, entry(0, 20, Bound::Exact, None));
        }
        // The cluster is full; key 3 goes back into its own slot, not the shallowest.
        table.store(3, entry(-5, 2, Bound::Upper, Some(9)));
        assert_eq!(table.probe(3), Some(entry(-5, 2, Bound::Upper, Some(9))));
        for key in [1, 2, 4] {
            assert_eq!(table.probe(key), Some(entry(0, 20, Bound::Exact, None)));
        }
    }

    #[test]
    fn a_full_cluster_gives_up_its_shallowest_entry() {
        let table = one_cluster();
        for (key, depth) in [(1, 10), (2, 3), (3, 8), (4, 6)] {
            table.store(key, entry(0, depth, Bound::Exact, None));
        }
        // Same generation, so worth = depth: key 2 (depth 3) is the least worth keeping.
        table.store(5, entry(0, 1, Bound::Exact, None));
        assert_eq!(table.probe(2), None);
        for key in [1, 3, 4, 5] {
            assert!(table.probe(key).is_some(), "key {key}");
        }
    }

    #[test]
    fn entries_of_earlier_searches_go_first() {
        let table = one_cluster();
        for key in 1..=4 {
            table.store(key, entry(0, 12, Bound::Exact, None));
        }
        table.new_search();
        table.new_search();
        // Two searches old: worth = 12 - 8 * 2 = -4 each; the first of equals, key 1, goes.
        table.store(10, entry(0, 4, Bound::Exact, None));
        assert_eq!(table.probe(1), None);
        // Key 10 is shallower (4) but current: worth 4 > -4, so key 2 goes, not key 10.
        table.store(11, entry(0, 1, Bound::Exact, None));
        assert_eq!(table.probe(2), None);
        for key in [3, 4, 10, 11] {
            assert!(table.probe(key).is_some(), "key {key}");
        }
    }

    #[test]
    fn generations_wrap_around_in_six_bits() {
        let table = one_cluster();
        for _ in 0..GENERATIONS - 1 {
            table.new_search();
        }
        assert_eq!(table.generation.load(Ordering::Relaxed), 63);
        table.new_search();
        assert_eq!(table.generation.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn hashfull_counts_the_current_search_only() {
        let table = one_cluster();
        assert_eq!(table.hashfull(), 0);
        table.store(1, entry(0, 1, Bound::Exact, None));
        table.store(2, entry(0, 1, Bound::Exact, None));
        table.store(3, entry(0, 1, Bound::Exact, None));
        // 3 of the 4 slots sampled: 3 * 1000 / 4 = 750 permille.
        assert_eq!(table.hashfull(), 750);
        table.new_search();
        assert_eq!(table.hashfull(), 0);
    }

    /// The raw words of every slot.
    fn words(table: &TranspositionTable) -> Vec<(u64, u64)> {
        let slots = table.clusters.iter().flat_map(|cluster| &cluster.slots);
        slots.map(|slot| (slot.check.load(Ordering::Relaxed), slot.data.load(Ordering::Relaxed))).collect()
    }

    /// Stores depth-`depth` entries for `keys`, in order.
    fn store_all(table: &TranspositionTable, keys: impl IntoIterator<Item = u64>, depth: u8) {
        for key in keys {
            table.store(key, entry(0, depth, Bound::Exact, None));
        }
    }

    #[test]
    fn a_new_game_finds_the_table_as_if_new() {
        let mut used = one_cluster();
        store_all(&used, 1..=4, 20);
        used.new_search();
        used.clear();
        for key in 1..=4 {
            assert_eq!(used.probe(key), None, "key {key}");
        }
        assert_eq!(used.hashfull(), 0);
        // The deep entries of the last game are no obstacle: the new ones take the slots
        // in the order a new table gives, and nothing is evicted.
        let new = one_cluster();
        for table in [&used, &new] {
            store_all(table, [7, 5], 1);
            table.store(6, entry(0, 2, Bound::Lower, None));
            store_all(table, [8, 9], 3);
        }
        for key in [5, 6, 7, 8, 9] {
            assert_eq!(used.probe(key), new.probe(key), "key {key}");
        }
        assert_eq!(used.probe(7), None);
        let slots = |table: &TranspositionTable| {
            words(table).into_iter().map(|(check, data)| (check ^ data, decode(data))).collect::<Vec<_>>()
        };
        assert_eq!(slots(&used), slots(&new));
        assert_eq!(used.hashfull(), new.hashfull());
    }

    #[test]
    fn a_new_game_writes_the_table_only_when_the_game_number_comes_round() {
        // Keys spread over the table's clusters (small keys all share the first).
        let keys = || (1..=1000u64).map(|key| key.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut table = TranspositionTable::new(1);
        store_all(&table, keys(), 5);
        let before = words(&table);
        table.clear();
        assert_eq!(words(&table), before);
        assert_eq!(table.game, 1);

        table.game = u16::MAX;
        store_all(&table, keys(), 5);
        assert!(keys().all(|key| table.probe(key).is_some()));
        table.clear();
        assert_eq!(table.game, 0);
        assert!(words(&table).iter().all(|&words| words == (0, 0)));
    }

    #[test]
    fn resize_empties_the_table_at_its_new_size() {
        let mut table = TranspositionTable::new(1);
        let count = table.clusters.len();
        table.store(1, entry(3, 4, Bound::Exact, None));
        table.resize(1);
        assert_eq!(table.clusters.len(), count);
        assert_eq!(table.probe(1), None);
        table.store(1, entry(3, 4, Bound::Exact, None));
        table.resize(2);
        assert_eq!(table.clusters.len(), 2 * count);
        assert_eq!(table.probe(1), None);
        assert!(words(&table).iter().all(|&words| words == (0, 0)));
    }

    #[test]
    fn a_torn_slot_reads_as_a_miss() {
        let table = one_cluster();
        let (first, second) = (0x1111, 0x2222);
        table.store(first, entry(25, 6, Bound::Lower, Some(2)));
        let slot = &table.clusters[0].slots[0];
        assert_eq!(slot.check.load(Ordering::Relaxed) ^ slot.data.load(Ordering::Relaxed), first);

        // Another thread has written its data word but not yet its check word.
        let other = entry(-70, 9, Bound::Upper, None);
        slot.data.store(encode(other, 0, 0), Ordering::Relaxed);
        assert_eq!(table.probe(first), None);
        assert_eq!(table.probe(second), None);

        // Its check word lands: the slot is whole again, and holds the second position.
        slot.check.store(second ^ encode(other, 0, 0), Ordering::Relaxed);
        assert_eq!(table.probe(second), Some(other));
        assert_eq!(table.probe(first), None);
    }
}
