//! The feature layer's sums, kept per search ply and brought up to date lazily.
//!
//! Each ply's entry remembers the pieces its sums were computed for. Evaluating a
//! position at ply `p` starts from the entry, at `p` or below, whose pieces differ least
//! from the position's (usually the parent's or an earlier sibling's), and adds or
//! subtracts only the rows of the pieces that differ: a move's from and to squares, its
//! captures and a crowning. Since an entry carries its own pieces, any entry is a valid
//! start; the choice only changes the work.

use crate::rules::{Color, Geometry, Position};

use super::features::{self, PieceSets, input};
use super::value::Value;
use super::{HIDDEN, Network, simd};

/// One perspective's sums.
type Sums = simd::Lanes;

/// The sums of both perspectives for one set of pieces.
#[derive(Clone)]
struct Entry {
    pieces: PieceSets,
    sums: [Sums; 2],
}

/// Feature-layer sums for every ply of a search.
pub struct Accumulators {
    entries: Vec<Entry>,
}

/// A start this close (one man moved, or two) is taken without looking further down.
const CLOSE_ENOUGH: u32 = 4;

/// Beyond this many changed pieces, computing afresh is cheaper than updating.
const REFRESH_DISTANCE: u32 = 12;

impl Accumulators {
    /// Empty sums for `plies` plies.
    pub fn new(plies: usize) -> Accumulators {
        Accumulators { entries: vec![Entry { pieces: PieceSets::NONE, sums: [[0; HIDDEN]; 2] }; plies] }
    }

    /// Marks every entry as not yet computed, for a search that may use another network.
    pub fn reset(&mut self) {
        self.entries.iter_mut().for_each(|entry| entry.pieces = PieceSets::NONE);
    }

    /// Both perspectives' sums for `position`, searched at `ply`, White's first.
    pub fn sums(&mut self, network: &Network, position: &Position, ply: usize) -> &[Sums; 2] {
        let ply = ply.min(self.entries.len() - 1);
        let target = PieceSets::of(position);
        if self.entries[ply].pieces != target {
            self.update(network, position.geometry(), target, ply);
        }
        &self.entries[ply].sums
    }

    /// Makes entry `ply` hold the sums of `target`, from the nearest entry at or below.
    fn update(&mut self, network: &Network, geometry: &Geometry, target: PieceSets, ply: usize) {
        let (mut source, mut distance) = (ply, u32::MAX);
        for index in (0..=ply).rev() {
            let candidate = self.entries[index].pieces.distance(&target);
            if candidate < distance {
                (source, distance) = (index, candidate);
                if distance <= CLOSE_ENOUGH {
                    break;
                }
            }
        }
        let (below, rest) = self.entries.split_at_mut(ply);
        let entry = &mut rest[0];
        let start = if distance > REFRESH_DISTANCE {
            entry.sums = [*network.feature_bias(); 2];
            PieceSets::NONE
        } else if source == ply {
            entry.pieces
        } else {
            entry.sums = below[source].sums;
            below[source].pieces
        };
        apply(network, geometry, &mut entry.sums, start, target);
        entry.pieces = target;
    }
}

/// Rows gathered before they are added in one pass over the sums.
const BATCH: usize = 16;

/// Whether a piece's rows are added (it arrived) or subtracted (it left).
#[derive(Clone, Copy)]
enum Change {
    Added,
    Removed,
}

/// Feature rows to add to and subtract from both perspectives' sums, gathered so that
/// each pass over the sums adds many.
struct Rows<'a> {
    /// By change, then perspective (White's first).
    rows: [[[&'a Sums; BATCH]; 2]; 2],
    counts: [usize; 2],
}

impl<'a> Rows<'a> {
    fn new(filler: &'a Sums) -> Rows<'a> {
        Rows { rows: [[[filler; BATCH]; 2]; 2], counts: [0; 2] }
    }

    /// Gathers the rows of a piece that arrived or left, one per perspective.
    fn push(&mut self, change: Change, rows: [&'a Sums; 2], sums: &mut [Sums; 2]) {
        let (gathered, count) = (&mut self.rows[change as usize], &mut self.counts[change as usize]);
        for (perspective, row) in rows.into_iter().enumerate() {
            gathered[perspective][*count] = row;
        }
        *count += 1;
        if *count == BATCH {
            self.flush(sums);
        }
    }

    /// Applies the rows gathered so far.
    fn flush(&mut self, sums: &mut [Sums; 2]) {
        let [added, removed] = &self.rows;
        let [added_count, removed_count] = self.counts;
        for (perspective, sums) in sums.iter_mut().enumerate() {
            simd::add_rows(sums, &added[perspective][..added_count], &removed[perspective][..removed_count]);
        }
        self.counts = [0; 2];
    }
}

/// Turns `sums`, computed for `from` (or for an empty board if `from` is
/// [`PieceSets::NONE`]), into the sums for `to`.
fn apply(network: &Network, geometry: &Geometry, sums: &mut [Sums; 2], from: PieceSets, to: PieceSets) {
    let fresh = from == PieceSets::NONE;
    let mut rows = Rows::new(network.feature_bias());
    for (index, (&before, &after)) in from.0.iter().zip(&to.0).enumerate() {
        let (color, role) = PieceSets::piece(index);
        let piece_rows = |square| {
            Color::ALL
                .map(|perspective| network.feature_row(input(geometry, perspective, color, role, square)))
        };
        let (gone, new) =
            if fresh { (Default::default(), after) } else { (before & !after, after & !before) };
        for square in gone {
            rows.push(Change::Removed, piece_rows(square), sums);
        }
        for square in new {
            rows.push(Change::Added, piece_rows(square), sums);
        }
    }
    rows.flush(sums);
}

/// The sums of `position` computed afresh: what the incremental updates must equal.
pub fn fresh_sums(network: &Network, position: &Position) -> [Sums; 2] {
    let mut sums = [*network.feature_bias(); 2];
    apply(network, position.geometry(), &mut sums, PieceSets::NONE, PieceSets::of(position));
    sums
}

impl Network {
    /// The value of `position` for the side to move, searched at `ply`, bringing that
    /// ply's sums in `accumulators` up to date.
    #[inline]
    pub fn evaluate(&self, accumulators: &mut Accumulators, position: &Position, ply: usize) -> Value {
        let pieces = position.occupied().count();
        let start_pieces = features::start_pieces(position.geometry());
        self.output(accumulators.sums(self, position, ply), position.side_to_move(), pieces, start_pieces)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::network::testing::{colour_reversed, random_network, random_position};
    use crate::rules::{Variant, splitmix64};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Random lines of play searched the way the search does (down a line, back up
        /// some plies, down another), the sums at every ply equal a fresh computation.
        #[test]
        fn incremental_sums_equal_fresh_ones(variant_index in 0..Variant::ALL.len(), seed in any::<u64>()) {
            let variant = Variant::ALL[variant_index];
            let network = random_network(variant, 2, seed);
            let mut accumulators = Accumulators::new(16);
            let mut path = vec![random_position(variant, (seed % 80) as usize, seed)];
            let mut state = seed;
            for _ in 0..300 {
                let (next, value) = splitmix64(state);
                state = next;
                let top = *path.last().expect("the root stays");
                let moves = top.legal_moves();
                if moves.is_empty() || path.len() == 16 || value % 5 == 0 {
                    let back = 1 + (value >> 8) as usize % path.len();
                    path.truncate((path.len() - back).max(1));
                } else {
                    path.push(top.play(&moves[(value >> 16) as usize % moves.len()]));
                }
                let ply = path.len() - 1;
                let position = path[ply];
                let sums = *accumulators.sums(&network, &position, ply);
                prop_assert_eq!(sums, fresh_sums(&network, &position));
            }
        }

        /// After a reset, sums computed with one network are not reused with another
        /// (a searcher's threads keep their accumulators from search to search).
        #[test]
        fn a_reset_forgets_another_networks_sums(variant_index in 0..Variant::ALL.len(), seed in any::<u64>()) {
            let variant = Variant::ALL[variant_index];
            let (first, second) = (random_network(variant, 2, seed), random_network(variant, 2, seed ^ 1));
            let position = random_position(variant, (seed % 80) as usize, seed);
            let mut accumulators = Accumulators::new(2);
            accumulators.sums(&first, &position, 0);
            accumulators.reset();
            let sums = *accumulators.sums(&second, &position, 0);
            prop_assert_eq!(sums, fresh_sums(&second, &position));
        }

        /// A position and its colour-reversed twin get the same value.
        #[test]
        fn colour_reversed_twins_score_alike(variant_index in 0..Variant::ALL.len(), seed in any::<u64>()) {
            let variant = Variant::ALL[variant_index];
            let network = random_network(variant, 3, seed);
            let position = random_position(variant, (seed % 60) as usize, seed);
            let twin = colour_reversed(&position);
            let mut accumulators = Accumulators::new(2);
            let value = network.evaluate(&mut accumulators, &position, 0);
            prop_assert_eq!(value, network.evaluate(&mut accumulators, &twin, 1));
        }
    }
}
