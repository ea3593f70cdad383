//! The network's inputs: one per piece kind and square, seen from one side.
//!
//! From a side's perspective the kinds are its own men, its own kings, the opponent's
//! men and the opponent's kings, each on one of the board's playing squares. Squares are
//! numbered densely in the internal orientation (a1 first); Black sees the board turned
//! 180 degrees, so square `d` becomes `n - 1 - d`. A position and its colour-reversed
//! twin therefore give the same inputs with the perspectives swapped, and one set of
//! weights serves both colours.

use crate::rules::{Bitboard, Color, Geometry, Position, Role, Square};

/// Piece kinds seen from a perspective: own men, own kings, opponent men, opponent kings.
pub const KINDS: usize = 4;

/// The piece sets a network reads, White's men and kings then Black's: an accumulator
/// remembers them to know what changed since.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSets(pub [Bitboard; 4]);

impl PieceSets {
    /// The sets of `position`.
    #[inline]
    pub fn of(position: &Position) -> PieceSets {
        PieceSets([
            position.men(Color::White),
            position.kings(Color::White),
            position.men(Color::Black),
            position.kings(Color::Black),
        ])
    }

    /// Sets that no position has (a piece of every kind on every bit): the mark of an
    /// accumulator not yet computed.
    pub const NONE: PieceSets = PieceSets([Bitboard(u64::MAX); 4]);

    /// The colour and role of the set at `index`.
    #[inline]
    pub const fn piece(index: usize) -> (Color, Role) {
        let color = if index < 2 { Color::White } else { Color::Black };
        let role = if index.is_multiple_of(2) { Role::Man } else { Role::King };
        (color, role)
    }

    /// How many pieces differ between `self` and `other`: the cost of turning an
    /// accumulator for one into one for the other.
    #[inline]
    pub fn distance(&self, other: &PieceSets) -> u32 {
        self.0.iter().zip(&other.0).map(|(a, b)| (*a ^ *b).count()).sum()
    }
}

/// The number of inputs per perspective on `geometry`'s board.
#[inline]
pub const fn input_count(geometry: &Geometry) -> usize {
    KINDS * geometry.square_count()
}

/// The dense number of the square at `bit` (0 for a1, then along the ranks) on a board of
/// `size`: the padded layout leaves one ghost bit per row pair.
const fn dense_number(size: u8, bit: usize) -> usize {
    let size = size as usize;
    bit - (bit + size / 2) / (size + 1)
}

/// [`dense_number`] of every bit on a board of `size`, looked up rather than divided.
const fn dense_numbers(size: u8) -> [u8; 64] {
    let mut numbers = [0; 64];
    let mut bit = 0;
    while bit < 64 {
        numbers[bit] = dense_number(size, bit) as u8;
        bit += 1;
    }
    numbers
}

/// [`dense_numbers`] of the two board sizes there are.
const DENSE_NUMBERS: [[u8; 64]; 2] = [dense_numbers(8), dense_numbers(10)];

/// The dense number of `square` on `geometry`'s board: on a dark-square board (8x8 or
/// 10x10) its place among the playing squares, and where every square is played (Turkish)
/// its bit index, which is already dense.
#[inline]
fn square_number(geometry: &Geometry, square: Square) -> usize {
    if geometry.all_squares() {
        return usize::from(square.index());
    }
    let numbers = &DENSE_NUMBERS[usize::from(geometry.size() == 10)];
    usize::from(numbers[usize::from(square.index())])
}

/// The input for a `color` `role` on `square`, from `perspective`'s side.
#[inline]
pub fn input(geometry: &Geometry, perspective: Color, color: Color, role: Role, square: Square) -> usize {
    let squares = geometry.square_count();
    let number = square_number(geometry, square);
    let relative = if perspective == Color::White { number } else { squares - 1 - number };
    let kind = if color == perspective { 0 } else { 2 } + role.index();
    kind * squares + relative
}

/// Calls `visit` with every input of `position` active from `perspective`.
pub fn for_each_input(position: &Position, perspective: Color, mut visit: impl FnMut(usize)) {
    let geometry = position.geometry();
    for (index, set) in PieceSets::of(position).0.into_iter().enumerate() {
        let (color, role) = PieceSets::piece(index);
        for square in set {
            visit(input(geometry, perspective, color, role, square));
        }
    }
}

/// The pieces a game on `geometry`'s board starts with (both sides), which the output
/// buckets divide: three ranks of men a side on 8x8, four on 10x10, and Turkish's two
/// full ranks a side.
#[inline]
pub const fn start_pieces(geometry: &Geometry) -> usize {
    let size = geometry.size() as usize;
    if geometry.all_squares() { 4 * size } else { size * (size / 2 - 1) }
}

/// The output bucket for a position with `pieces` pieces when the network has `buckets`
/// of them on a board that starts with `start_pieces`: equal shares of the piece count.
#[inline]
pub fn bucket(pieces: u32, buckets: usize, start_pieces: usize) -> usize {
    let pieces = (pieces as usize).clamp(1, start_pieces);
    ((pieces - 1) * buckets / start_pieces).min(buckets - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn dense_numbers_cover_the_playing_squares_in_order() {
        for variant in [Variant::English, Variant::International, Variant::Turkish] {
            let geometry = variant.rules().geometry;
            let numbers: Vec<usize> =
                geometry.squares().map(|square| square_number(&geometry, square)).collect();
            let expected: Vec<usize> = (0..geometry.square_count()).collect();
            assert_eq!(numbers, expected, "{variant}");
        }
    }

    #[test]
    fn turning_the_board_reverses_the_numbers() {
        for variant in [Variant::English, Variant::International, Variant::Turkish] {
            let geometry = variant.rules().geometry;
            let size = geometry.size();
            for square in geometry.squares() {
                let (file, rank) = geometry.coordinates(square);
                let turned = geometry.square_at(size - 1 - file, size - 1 - rank).expect("a playing square");
                assert_eq!(
                    square_number(&geometry, turned),
                    geometry.square_count() - 1 - square_number(&geometry, square),
                    "{variant}"
                );
            }
        }
    }

    #[test]
    fn buckets_split_the_piece_counts_evenly() {
        assert_eq!(bucket(24, 1, 24), 0);
        assert_eq!((1..=24).map(|pieces| bucket(pieces, 4, 24)).collect::<Vec<_>>(), {
            let mut expected = vec![0; 6];
            expected.extend([1; 6]);
            expected.extend([2; 6]);
            expected.extend([3; 6]);
            expected
        });
        assert_eq!(bucket(0, 4, 24), 0);
        assert_eq!(bucket(30, 4, 24), 3);
    }
}
