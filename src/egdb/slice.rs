//! Slices: how the positions of a database are split, named, listed and ordered.
//!
//! A *table* holds the positions of one material with the side to move first: its men,
//! its kings and the rank of its most advanced man (the *leading rank*, counted from its
//! own first rank, 0 to size - 2), then the same for the other side. Positions are kept
//! for the side to move only: a position with Black to move is looked up as its
//! colour-reversed twin (see [`index`](super::index)).
//!
//! A quiet move that changes neither material nor leading rank leads from a table to its
//! *twin* (the same material and ranks seen from the other side), so a table and its twin
//! are solved together: they make one *slice*, the unit that is built, stored in one file
//! and named by an id. Every other move leaves the slice for one that is built before it:
//!
//! - a capture leaves fewer pieces;
//! - a crowning leaves as many pieces but one man fewer;
//! - a man move that advances the leading man keeps the material and raises a leading
//!   rank (men never move back, and a Turkish man's sideways step keeps its rank).
//!
//! So slices built in order of pieces (fewest first), then men (fewest first), then the
//! sum of both leading ranks (highest first) only ever need slices built before them: the
//! dependency graph is acyclic. [`Slice::needs`] lists, for each slice, every slice a
//! move can lead to (a superset of what its positions reach: a capturing man, say, may
//! land on any rank).
//!
//! A slice's id is its first table's: the side to move's men and kings, the other side's
//! men and kings, a dash, then the two leading ranks, `x` for a side with no men. `2101-5x`
//! is two men (the leading one on its sixth rank) and a king against a king. Of a table
//! and its twin, the slice is named by the greater (by men, kings and rank of the side to
//! move first).

use std::cmp::Reverse;
use std::fmt;
use std::str::FromStr;

use crate::rules::Geometry;

/// One side's material in a table: men, kings, and the leading rank of its men (0 when
/// it has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Side {
    /// Men.
    pub men: u8,
    /// Kings.
    pub kings: u8,
    /// The rank of its most advanced man, from its own first rank (0 without men).
    pub rank: u8,
}

impl Side {
    /// Men and kings.
    pub const fn pieces(self) -> u8 {
        self.men + self.kings
    }
}

/// A table: the material and leading ranks of the side to move, then of the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TableKey {
    /// The side to move.
    pub mover: Side,
    /// The side not to move.
    pub other: Side,
}

impl TableKey {
    /// The same material seen from the other side.
    pub const fn twin(self) -> TableKey {
        TableKey { mover: self.other, other: self.mover }
    }

    /// Pieces on the board.
    pub const fn pieces(self) -> u8 {
        self.mover.pieces() + self.other.pieces()
    }
}

/// A slice: a table and its twin (one table when they are the same), built together and
/// stored in one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slice(TableKey);

impl Slice {
    /// The slice holding `table`.
    pub fn of(table: TableKey) -> Slice {
        Slice(table.max(table.twin()))
    }

    /// The tables of the slice: the one it is named by, then its twin if it differs.
    pub fn tables(self) -> impl Iterator<Item = TableKey> {
        let twin = self.0.twin();
        std::iter::once(self.0).chain((twin != self.0).then_some(twin))
    }

    /// The table the slice is named by.
    pub const fn first(self) -> TableKey {
        self.0
    }

    /// Pieces on the board.
    pub const fn pieces(self) -> u8 {
        self.0.pieces()
    }

    /// The key that orders slices for building: a slice never needs one that sorts after
    /// it (see the module documentation).
    fn build_order(self) -> (u8, u8, Reverse<u8>, Slice) {
        let TableKey { mover, other } = self.0;
        (self.pieces(), mover.men + other.men, Reverse(mover.rank + other.rank), self)
    }

    /// Every slice of `geometry`'s board with 2 to `pieces` pieces (each side at least
    /// one), in an order in which each needs only slices before it.
    pub fn all(geometry: &Geometry, pieces: u8) -> Vec<Slice> {
        let mut slices: Vec<Slice> = (2..=pieces)
            .flat_map(|total| tables_with(geometry, total))
            .map(Slice::of)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        slices.sort_by_key(|slice| slice.build_order());
        slices
    }

    /// Every slice that a move from one of this slice's positions may lead to, on
    /// `geometry`'s board: those reached by captures, crownings and advances of a
    /// leading man. They all come before this one in [`Slice::all`].
    pub fn needs(self, geometry: &Geometry) -> Vec<Slice> {
        let mut needs = std::collections::BTreeSet::new();
        for table in self.tables() {
            for next in successor_tables(geometry, table) {
                let slice = Slice::of(next);
                if slice != self {
                    needs.insert(slice);
                }
            }
        }
        let mut needs: Vec<Slice> = needs.into_iter().collect();
        needs.sort_by_key(|slice| slice.build_order());
        needs
    }
}

/// The highest leading rank a man may have: the rank before the crowning rank.
fn top_rank(geometry: &Geometry) -> u8 {
    geometry.size() - 2
}

/// The squares of one rank.
fn per_rank(geometry: &Geometry) -> usize {
    usize::from(geometry.squares_per_rank())
}

/// Whether `men` men fit on the ranks up to `rank` with one on `rank`.
fn fits(geometry: &Geometry, men: u8, rank: u8) -> bool {
    usize::from(men) <= per_rank(geometry) * (usize::from(rank) + 1)
}

/// Every possible side with `men` men and `kings` kings.
fn sides(geometry: &Geometry, men: u8, kings: u8) -> Vec<Side> {
    if men == 0 {
        return vec![Side { men, kings, rank: 0 }];
    }
    (0..=top_rank(geometry))
        .filter(|&rank| fits(geometry, men, rank))
        .map(|rank| Side { men, kings, rank })
        .collect()
}

/// Every table with `total` pieces, each side having at least one.
fn tables_with(geometry: &Geometry, total: u8) -> Vec<TableKey> {
    let squares = geometry.square_count();
    let mut tables = Vec::new();
    for mover_pieces in 1..total {
        let other_pieces = total - mover_pieces;
        for mover_men in 0..=mover_pieces {
            for other_men in 0..=other_pieces {
                if usize::from(mover_men) + usize::from(other_men) > squares - per_rank(geometry) {
                    continue;
                }
                for mover in sides(geometry, mover_men, mover_pieces - mover_men) {
                    for other in sides(geometry, other_men, other_pieces - other_men) {
                        tables.push(TableKey { mover, other });
                    }
                }
            }
        }
    }
    tables
}

/// Every table a move of the side to move in `table` may lead to (the side that moved is
/// then the side not to move).
fn successor_tables(geometry: &Geometry, table: TableKey) -> Vec<TableKey> {
    let TableKey { mover, other } = table;
    let mut movers = Vec::new();
    // Quiet moves: within the slice, advancing the leading man, or crowning.
    movers.push(mover);
    if mover.men > 0 && mover.rank < top_rank(geometry) {
        movers.push(Side { rank: mover.rank + 1, ..mover });
    }
    let crowned = |side: Side| {
        sides(geometry, side.men - 1, side.kings + 1).into_iter().filter(move |next| next.rank <= side.rank)
    };
    if mover.men > 0 && mover.rank == top_rank(geometry) {
        movers.extend(crowned(mover));
    }
    let mut next: Vec<TableKey> =
        movers.into_iter().map(|mover| TableKey { mover: other, other: mover }).collect();
    // Captures: the capturer keeps its material (a capturing man may land on any rank,
    // or be crowned), the other side loses at least one piece and no leading rank rises.
    let mut capturers = Vec::new();
    if mover.kings > 0 {
        capturers.push(mover);
    }
    if mover.men > 0 {
        capturers.extend(sides(geometry, mover.men, mover.kings));
        capturers.extend(sides(geometry, mover.men - 1, mover.kings + 1));
    }
    for lost_men in 0..=other.men {
        for lost_kings in 0..=other.kings {
            let left = other.pieces() - lost_men - lost_kings;
            if lost_men + lost_kings == 0 || left == 0 {
                continue;
            }
            let men = other.men - lost_men;
            for victim in sides(geometry, men, other.kings - lost_kings) {
                if men > 0 && victim.rank > other.rank {
                    continue;
                }
                next.extend(capturers.iter().map(|&capturer| TableKey { mover: victim, other: capturer }));
            }
        }
    }
    next
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let TableKey { mover, other } = self.0;
        let rank = |side: Side| if side.men == 0 { 'x' } else { char::from(b'0' + side.rank) };
        write!(f, "{}{}{}{}-{}{}", mover.men, mover.kings, other.men, other.kings, rank(mover), rank(other))
    }
}

/// A slice id that is not of the form `2101-5x`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad slice id '{0}' (expected men, kings, men, kings, a dash and two leading ranks, as 2101-5x)")]
pub struct BadSliceId(pub String);

impl FromStr for Slice {
    type Err = BadSliceId;

    /// Reads an id as [`Slice`]'s `Display` writes it. The result is the slice holding
    /// that table, so a twin's id names the same slice.
    fn from_str(id: &str) -> Result<Slice, BadSliceId> {
        let bad = || BadSliceId(id.to_string());
        let bytes = id.trim().as_bytes();
        let [mm, mk, om, ok, b'-', mr, or] = bytes else { return Err(bad()) };
        let digit = |byte: u8| byte.is_ascii_digit().then_some(byte - b'0').ok_or_else(bad);
        let side = |men: u8, kings: u8, rank: u8| -> Result<Side, BadSliceId> {
            let (men, kings) = (digit(men)?, digit(kings)?);
            match (men, rank) {
                (0, b'x') => Ok(Side { men, kings, rank: 0 }),
                (0, _) | (_, b'x') => Err(bad()),
                _ => Ok(Side { men, kings, rank: digit(rank)? }),
            }
        };
        let table = TableKey { mover: side(*mm, *mk, *mr)?, other: side(*om, *ok, *or)? };
        if table.mover.pieces() == 0 || table.other.pieces() == 0 {
            return Err(bad());
        }
        Ok(Slice::of(table))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_need_only_slices_built_before_them() {
        for geometry in [&Geometry::EIGHT, &Geometry::TEN] {
            let all = Slice::all(geometry, 4);
            for (place, slice) in all.iter().enumerate() {
                for need in slice.needs(geometry) {
                    if let Some(at) = all.iter().position(|&other| other == need) {
                        assert!(at < place, "{slice} needs {need}, built after it");
                    }
                }
            }
        }
    }

    #[test]
    fn ids_read_back() {
        for slice in Slice::all(&Geometry::EIGHT, 4) {
            assert_eq!(slice.to_string().parse::<Slice>(), Ok(slice));
            for table in slice.tables() {
                assert_eq!(Slice::of(table), slice);
            }
        }
        assert_eq!("2101-5x".parse::<Slice>().map(|slice| slice.to_string()), Ok("2101-5x".to_string()));
        assert_eq!("0121-x5".parse::<Slice>().map(|slice| slice.to_string()), Ok("2101-5x".to_string()));
        for bad in ["", "0101", "0101-00", "1101-xx", "0001-xx", "2101-5xx"] {
            assert!(bad.parse::<Slice>().is_err(), "{bad}");
        }
    }
}
