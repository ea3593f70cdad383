//! Dense indexing: a position's table and its place in it, and back.
//!
//! Squares are numbered densely from 0, rank by rank from White's first rank (the order
//! of their bits in [`Bitboard`]), so turning the board 180° maps square `d` to
//! `squares - 1 - d`. A position with Black to move is first replaced by its
//! colour-reversed twin: every piece turned 180° about the board's centre and given to
//! the other side, White to move. Its value for the side to move is the same.
//!
//! Within a table, with `a` men of the side to move whose leading rank is `r` (`h`
//! squares a rank), the men's squares form a set of `a` squares below `h (r + 1)` with one
//! at or above `h r`: its colex rank (Σ C(s_i, i + 1) over the squares in increasing
//! order) lies in `[C(h r, a), C(h (r + 1), a))`, so subtracting `C(h r, a)` numbers these
//! sets densely from 0. The other side's men are numbered the same way on the board turned
//! round (its own ranks). Then the side to move's kings are ranked among the squares the
//! men leave free, and the other side's kings among those still free. The index is
//!
//! ```text
//! ((men * other_men_count + other_men) * kings_count + kings) * other_kings_count + other_kings
//! ```
//!
//! Men of the two sides are ranked independently, so a few indices put two men on one
//! square: they are unused ([`Indexer::position`] says `None`), and the file stores
//! the table's most common value there.

use super::slice::{Side, TableKey};
use crate::rules::{Bitboard, Color, Geometry, Position, Variant};

/// Binomial coefficients C(n, k) for n up to 64 and k up to [`MAX_PER_KIND`].
const BINOMIAL: [[u64; MAX_PER_KIND + 1]; 65] = {
    let mut table = [[0u64; MAX_PER_KIND + 1]; 65];
    let mut n = 0;
    while n <= 64 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PER_KIND && k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// The most pieces of one kind (a side's men or kings) an index handles.
pub const MAX_PER_KIND: usize = 12;

#[inline]
fn binomial(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// The colex rank of a set of squares: Σ C(s_i, i + 1) over its squares in increasing
/// order.
#[inline]
fn colex(mut set: u64) -> u64 {
    let mut rank = 0;
    let mut i = 1;
    while set != 0 {
        rank += binomial(set.trailing_zeros(), i);
        set &= set - 1;
        i += 1;
    }
    rank
}

/// The set of `k` squares below `limit` whose colex rank is `rank`.
#[inline]
fn colex_set(mut rank: u64, k: u32, limit: u32) -> u64 {
    let mut set = 0;
    let mut square = limit;
    for i in (1..=k).rev() {
        square -= 1;
        while binomial(square, i) > rank {
            square -= 1;
        }
        rank -= binomial(square, i);
        set |= 1 << square;
    }
    set
}

/// `set` with each square renumbered as its rank among the squares of `free`.
#[inline]
fn compress(set: u64, free: u64) -> u64 {
    let mut out = 0;
    for square in bits(set) {
        out |= 1 << (free & ((1u64 << square) - 1)).count_ones();
    }
    out
}

/// The squares of `free` whose ranks among them are in `compressed`.
#[inline]
fn expand(compressed: u64, free: u64) -> u64 {
    let mut out = 0;
    let (mut free, mut skipped) = (free, 0);
    for nth in bits(compressed) {
        while skipped < nth {
            free &= free - 1;
            skipped += 1;
        }
        out |= free & free.wrapping_neg();
    }
    out
}

/// The squares of a set, lowest first.
#[inline]
fn bits(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = set.trailing_zeros();
            set &= set - 1;
            square
        })
    })
}

/// The pieces of a position with the side to move first, on dense squares, after the
/// colour reversal that puts White to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Placement {
    men: u64,
    kings: u64,
    other_men: u64,
    other_kings: u64,
}

/// Maps positions of one board to tables and indices, and back.
#[derive(Clone, Debug)]
pub struct Indexer {
    per_rank: u32,
    squares: u32,
    /// The bits of the board's layout below its last square that are no square, lowest
    /// first: squares are numbered densely by taking them out.
    ghosts: Vec<u32>,
}

impl Indexer {
    /// The indexer of `geometry`'s board.
    pub fn new(geometry: &Geometry) -> Indexer {
        let squares = geometry.squares().0;
        let top = 64 - squares.leading_zeros();
        Indexer {
            per_rank: u32::from(geometry.squares_per_rank()),
            squares: geometry.square_count() as u32,
            ghosts: (0..top).filter(|&bit| squares >> bit & 1 == 0).collect(),
        }
    }

    /// `set` on dense squares: each ghost bit taken out, highest first.
    #[inline]
    fn dense(&self, set: Bitboard) -> u64 {
        self.ghosts.iter().rev().fold(set.0, |dense, &ghost| {
            let below = (1u64 << ghost) - 1;
            (dense & below) | ((dense >> 1) & !below)
        })
    }

    /// The set of dense squares `dense` in the board's layout: each ghost bit put back,
    /// lowest first.
    #[inline]
    fn bitboard(&self, dense: u64) -> Bitboard {
        Bitboard(self.ghosts.iter().fold(dense, |set, &ghost| {
            let below = (1u64 << ghost) - 1;
            (set & below) | ((set & !below) << 1)
        }))
    }

    /// Every dense square (all 64 bits on Turkish's board).
    #[inline]
    fn board(&self) -> u64 {
        u64::MAX >> (64 - self.squares)
    }

    /// The board turned 180°.
    #[inline]
    fn turned(&self, dense: u64) -> u64 {
        dense.reverse_bits() >> (64 - self.squares)
    }

    /// The leading rank of `men`, numbered on the board seen from their own side.
    #[inline]
    fn leading_rank(&self, men: u64) -> u8 {
        if men == 0 { 0 } else { ((63 - men.leading_zeros()) / self.per_rank) as u8 }
    }

    /// The colex rank of the first set of `side.men` men with that leading rank.
    fn men_base(&self, side: Side) -> u64 {
        if side.men == 0 { 0 } else { binomial(self.per_rank * u32::from(side.rank), u32::from(side.men)) }
    }

    /// Sets of `side.men` men with that leading rank (one, the empty set, without men).
    fn men_count(&self, side: Side) -> u64 {
        if side.men == 0 {
            return 1;
        }
        binomial(self.per_rank * (u32::from(side.rank) + 1), u32::from(side.men)) - self.men_base(side)
    }

    /// The number of indices of `table`.
    pub fn table_size(&self, table: TableKey) -> u64 {
        let TableKey { mover, other } = table;
        let free = self.squares - u32::from(mover.men) - u32::from(other.men);
        self.men_count(mover)
            * self.men_count(other)
            * binomial(free, u32::from(mover.kings))
            * binomial(free - u32::from(mover.kings), u32::from(other.kings))
    }

    /// The table of `position` and its index there, or `None` when a side has no pieces.
    pub fn locate(&self, position: &Position) -> Option<(TableKey, u64)> {
        let us = position.side_to_move();
        let mut placement = Placement {
            men: self.dense(position.men(us)),
            kings: self.dense(position.kings(us)),
            other_men: self.dense(position.men(!us)),
            other_kings: self.dense(position.kings(!us)),
        };
        if us == Color::Black {
            placement = Placement {
                men: self.turned(placement.men),
                kings: self.turned(placement.kings),
                other_men: self.turned(placement.other_men),
                other_kings: self.turned(placement.other_kings),
            };
        }
        let Placement { men, kings, other_men, other_kings } = placement;
        let own_other_men = self.turned(other_men);
        let mover = Side {
            men: men.count_ones() as u8,
            kings: kings.count_ones() as u8,
            rank: self.leading_rank(men),
        };
        let other = Side {
            men: other_men.count_ones() as u8,
            kings: other_kings.count_ones() as u8,
            rank: self.leading_rank(own_other_men),
        };
        if mover.pieces() == 0 || other.pieces() == 0 || [mover, other].iter().any(|side| too_many(*side)) {
            return None;
        }
        let table = TableKey { mover, other };
        let men_index = colex(men) - self.men_base(mover);
        let other_men_index = colex(own_other_men) - self.men_base(other);
        let free = !(men | other_men) & self.board();
        let free_count = free.count_ones();
        let kings_index = colex(compress(kings, free));
        let other_free = free & !kings;
        let other_kings_index = colex(compress(other_kings, other_free));
        let index = ((men_index * self.men_count(other) + other_men_index)
            * binomial(free_count, u32::from(mover.kings))
            + kings_index)
            * binomial(free_count - u32::from(mover.kings), u32::from(other.kings))
            + other_kings_index;
        Some((table, index))
    }

    /// The position of `variant` (on this indexer's board) at `index` of `table`, White
    /// to move, or `None` for an unused index (two men on one square). `index` must be
    /// below [`Indexer::table_size`].
    pub fn position(&self, variant: Variant, table: TableKey, index: u64) -> Option<Position> {
        let TableKey { mover, other } = table;
        let free_count = self.squares - u32::from(mover.men) - u32::from(other.men);
        let other_kings_count = binomial(free_count - u32::from(mover.kings), u32::from(other.kings));
        let kings_count = binomial(free_count, u32::from(mover.kings));
        let other_kings_index = index % other_kings_count;
        let rest = index / other_kings_count;
        let kings_index = rest % kings_count;
        let rest = rest / kings_count;
        let other_men_count = self.men_count(other);
        let (men_index, other_men_index) = (rest / other_men_count, rest % other_men_count);
        let men_set = |side: Side, index: u64| {
            let limit = self.per_rank * (u32::from(side.rank) + 1);
            colex_set(index + self.men_base(side), u32::from(side.men), limit)
        };
        let men = men_set(mover, men_index);
        let other_men = self.turned(men_set(other, other_men_index));
        if men & other_men != 0 {
            return None;
        }
        let free = !(men | other_men) & self.board();
        let kings = expand(colex_set(kings_index, u32::from(mover.kings), free_count), free);
        let other_kings = expand(
            colex_set(other_kings_index, u32::from(other.kings), free_count - u32::from(mover.kings)),
            free & !kings,
        );
        let white = self.bitboard(men | kings);
        let black = self.bitboard(other_men | other_kings);
        Some(Position::new(variant, Color::White, white, black, self.bitboard(kings | other_kings)))
    }
}

/// Whether a side has more pieces of a kind than an index handles.
fn too_many(side: Side) -> bool {
    usize::from(side.men) > MAX_PER_KIND || usize::from(side.kings) > MAX_PER_KIND
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egdb::slice::Slice;

    /// Every index of every table up to 3 pieces (of the three boards) maps to a position that maps back to
    /// it, and its colour-reversed twin (Black to move) lands on the same index.
    #[test]
    fn indices_round_trip() {
        for variant in [Variant::English, Variant::International, Variant::Turkish] {
            let geometry = &variant.rules().geometry;
            let indexer = Indexer::new(geometry);
            for slice in Slice::all(geometry, 3) {
                for table in slice.tables() {
                    let mut used = 0;
                    for index in 0..indexer.table_size(table) {
                        let Some(position) = indexer.position(variant, table, index) else { continue };
                        used += 1;
                        assert_eq!(indexer.locate(&position), Some((table, index)), "{}", position.to_fen());
                        let turn = |set: Bitboard| indexer.bitboard(indexer.turned(indexer.dense(set)));
                        let twin = Position::new(
                            variant,
                            Color::Black,
                            turn(position.pieces(Color::Black)),
                            turn(position.pieces(Color::White)),
                            turn(position.all_kings()),
                        );
                        assert_eq!(indexer.locate(&twin), Some((table, index)), "{}", twin.to_fen());
                    }
                    assert!(used > 0, "{slice}");
                }
            }
        }
    }

    #[test]
    fn king_against_king_has_every_pair_of_squares() {
        let indexer = Indexer::new(&Geometry::EIGHT);
        let king = Side { men: 0, kings: 1, rank: 0 };
        assert_eq!(indexer.table_size(TableKey { mover: king, other: king }), 32 * 31);
    }
}
