//! Board sizes and their bit layouts: the padded dark-square layout shared by 8x8 and
//! 10x10 boards, and the plain layout of a board whose every square is played (Turkish).
//!
//! Squares are numbered from White's side in an internal orientation where a1 (file 0,
//! rank 0) is a playing square; rule sets played on the other colour (Italian, Spanish,
//! Portuguese) are mirrored left to right at the notation layer, which does not change
//! any rule. On a dark-square board the square at file `f`, rank `r` has bit index
//! `(r * (N + 1) + f) / 2` on an N x N board. Every row pair then takes `N + 1` bits, one
//! of them a ghost square that is never a playing square, and each diagonal step is a
//! constant shift:
//!
//! ```text
//!   up-left +N/2   up-right +N/2+1   down-left -(N/2+1)   down-right -N/2
//! ```
//!
//! A step off the left or right edge lands on a ghost bit and a step off the top or
//! bottom falls outside the board, so masking with the playing squares is the only edge
//! test needed. 8x8 uses bits 0..=35, 10x10 bits 0..=54.
//!
//! Frisian also captures along ranks and files, to the playing square two board squares
//! away: along a rank that is the next bit (+1 or -1), along a file the next row pair
//! (+N+1 or -(N+1)). Those steps can wrap onto the next rank or around the word, so they
//! start only from the squares that have a square that way.
//!
//! On the all-squares 8x8 board the square at file `f`, rank `r` is bit `8 * r + f`, all
//! 64 bits of the word: a step along a rank is +1 or -1, along a file +8 or -8, and no
//! step can fall on a ghost, so every direction starts only from the squares that have a
//! square that way. The shifts differ, the step is the same rotation and mask, so the
//! rules code serves both layouts.

use super::{Bitboard, Color, Square};

/// One of the eight directions, in the internal orientation (White moves up). Pieces
/// move along the four diagonals; Frisian captures along the other four as well.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Direction {
    /// Toward higher ranks and lower files.
    UpLeft,
    /// Toward higher ranks and higher files.
    UpRight,
    /// Toward lower ranks and lower files.
    DownLeft,
    /// Toward lower ranks and higher files.
    DownRight,
    /// Along the file, toward higher ranks.
    Up,
    /// Along the file, toward lower ranks.
    Down,
    /// Along the rank, toward lower files.
    Left,
    /// Along the rank, toward higher files.
    Right,
}

impl Direction {
    /// The four diagonal directions, along which every piece moves.
    pub const DIAGONALS: [Direction; 4] =
        [Direction::UpLeft, Direction::UpRight, Direction::DownLeft, Direction::DownRight];

    /// The four directions along ranks and files, along which Turkish pieces move.
    pub const ORTHOGONALS: [Direction; 4] =
        [Direction::Up, Direction::Down, Direction::Left, Direction::Right];

    /// All eight directions, along which Frisian pieces capture.
    pub const ALL: [Direction; 8] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// Calls `visit` with each diagonal direction in turn. Unlike a loop over
    /// [`Direction::DIAGONALS`], the calls are unrolled, so each one sees its direction
    /// (and so its shift) as a constant.
    #[inline(always)]
    pub fn for_each_diagonal(mut visit: impl FnMut(Direction)) {
        visit(Direction::UpLeft);
        visit(Direction::UpRight);
        visit(Direction::DownLeft);
        visit(Direction::DownRight);
    }

    /// [`Direction::for_each_diagonal`] for the four directions along ranks and files.
    #[inline(always)]
    pub fn for_each_orthogonal(mut visit: impl FnMut(Direction)) {
        visit(Direction::Up);
        visit(Direction::Down);
        visit(Direction::Left);
        visit(Direction::Right);
    }

    /// The two directions in which a man of `color` moves.
    #[inline]
    pub const fn forward(color: Color) -> &'static [Direction; 2] {
        match color {
            Color::White => &[Direction::UpLeft, Direction::UpRight],
            Color::Black => &[Direction::DownLeft, Direction::DownRight],
        }
    }

    /// Whether the direction leads toward `color`'s crowning rank.
    #[inline]
    pub const fn is_forward(self, color: Color) -> bool {
        match self {
            Direction::UpLeft | Direction::UpRight | Direction::Up => matches!(color, Color::White),
            Direction::DownLeft | Direction::DownRight | Direction::Down => matches!(color, Color::Black),
            Direction::Left | Direction::Right => false,
        }
    }

    /// Whether the direction leads away from `color`'s crowning rank.
    #[inline]
    pub const fn is_backward(self, color: Color) -> bool {
        self.opposite().is_forward(color)
    }

    /// The direction pointing the other way.
    #[inline]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::UpLeft => Direction::DownRight,
            Direction::UpRight => Direction::DownLeft,
            Direction::DownLeft => Direction::UpRight,
            Direction::DownRight => Direction::UpLeft,
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }
}

/// The shape of a board: its size and the masks derived from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    size: u8,
    /// Every square is a playing square (Turkish), not only the dark ones.
    all_squares: bool,
    squares: Bitboard,
    promotion: [Bitboard; 2],
    /// Left rotations equal to one step in each direction, by `Direction as usize`.
    rotations: [u32; 8],
    /// Per direction: the squares a step that way may start from (on a dark-square board
    /// every bit for the diagonals, whose wrapped steps fall off the board by themselves,
    /// so that the mask folds away where the direction is a constant).
    origins: [Bitboard; 8],
    /// Per colour and binary digit: the squares whose rank, counted from the colour's
    /// first rank, has that digit set.
    advancement: [[Bitboard; 4]; 2],
    /// Per colour: the squares one to three ranks short of its crowning rank.
    near_promotion: [Bitboard; 2],
    /// The playing squares at least two files and two ranks from every edge.
    centre: Bitboard,
}

impl Geometry {
    /// Every board's playing squares have bit indices below this (the all-squares
    /// board's last is 63): the size of a table indexed by square on any board.
    pub const SQUARE_BITS: usize = 64;

    /// The 8x8 board of 32 playing squares.
    pub const EIGHT: Geometry = Geometry::new(8, false);
    /// The 10x10 board of 50 playing squares.
    pub const TEN: Geometry = Geometry::new(10, false);
    /// The 8x8 board of 64 playing squares (Turkish).
    pub const SIXTY_FOUR: Geometry = Geometry::new(8, true);

    const fn new(size: u8, all_squares: bool) -> Geometry {
        let mut squares = 0u64;
        let mut advancement = [[Bitboard(0); 4]; 2];
        let mut near_promotion = [Bitboard(0); 2];
        let mut centre = 0u64;
        let mut white_promotion = 0u64;
        let mut black_promotion = 0u64;
        // A dark-square board's diagonal steps may start anywhere (see `neighbours`): every
        // bit, not only the playing squares, so that the mask folds away.
        let diagonal_origins = if all_squares { Bitboard(0) } else { Bitboard(u64::MAX) };
        let mut origins = [diagonal_origins; 8];
        let mut direction = 4;
        while direction < 8 {
            origins[direction] = Bitboard(0);
            direction += 1;
        }
        let mut rank = 0;
        while rank < size {
            let mut file = if all_squares { 0 } else { rank % 2 };
            while file < size {
                let bit = 1u64 << Geometry::bit_index(size, all_squares, file, rank);
                squares |= bit;
                let mut digit = 0;
                while digit < 4 {
                    if rank & (1 << digit) != 0 {
                        advancement[0][digit].0 |= bit;
                    }
                    if (size - 1 - rank) & (1 << digit) != 0 {
                        advancement[1][digit].0 |= bit;
                    }
                    digit += 1;
                }
                if rank + 4 >= size && rank + 1 < size {
                    near_promotion[0].0 |= bit;
                }
                if rank >= 1 && rank <= 3 {
                    near_promotion[1].0 |= bit;
                }
                if rank >= 2 && rank < size - 2 && file >= 2 && file < size - 2 {
                    centre |= bit;
                }
                if rank == size - 1 {
                    white_promotion |= bit;
                }
                if rank == 0 {
                    black_promotion |= bit;
                }
                let has_square_that_way = Geometry::neighbours(size, all_squares, file, rank);
                let mut way = 0;
                while way < 8 {
                    if has_square_that_way[way] {
                        origins[way].0 |= bit;
                    }
                    way += 1;
                }
                file += if all_squares { 1 } else { 2 };
            }
            rank += 1;
        }
        Geometry {
            size,
            all_squares,
            squares: Bitboard(squares),
            promotion: [Bitboard(white_promotion), Bitboard(black_promotion)],
            rotations: Geometry::rotations(size, all_squares),
            origins,
            advancement,
            near_promotion,
            centre: Bitboard(centre),
        }
    }

    /// The bit index of the square at `file` and `rank`.
    const fn bit_index(size: u8, all_squares: bool, file: u8, rank: u8) -> u32 {
        if all_squares {
            rank as u32 * size as u32 + file as u32
        } else {
            (rank as u32 * (size as u32 + 1) + file as u32) / 2
        }
    }

    /// Whether a step from `file` and `rank` in each direction (in `Direction` order)
    /// may start there. On a dark-square board every diagonal step may, since a wrapped
    /// one lands on a ghost or off the board; along ranks and files the next playing
    /// square is two board squares away. On the all-squares board nothing lands on a
    /// ghost, so each step needs a square that way.
    const fn neighbours(size: u8, all_squares: bool, file: u8, rank: u8) -> [bool; 8] {
        let (up, down, left, right) = if all_squares {
            (rank + 1 < size, rank >= 1, file >= 1, file + 1 < size)
        } else {
            (rank + 2 < size, rank >= 2, file >= 2, file + 2 < size)
        };
        if all_squares {
            [up && left, up && right, down && left, down && right, up, down, left, right]
        } else {
            [true, true, true, true, up, down, left, right]
        }
    }

    /// Left rotations equal to one step in each direction, in `Direction` order.
    const fn rotations(size: u8, all_squares: bool) -> [u32; 8] {
        let size = size as u32;
        if all_squares {
            [size - 1, size + 1, 64 - (size + 1), 64 - (size - 1), size, 64 - size, 63, 1]
        } else {
            let half = size / 2;
            let row_pair = size + 1;
            [half, half + 1, 64 - (half + 1), 64 - half, row_pair, 64 - row_pair, 63, 1]
        }
    }

    /// The number of files (and ranks): 8 or 10.
    #[inline]
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// Whether every square is a playing square (Turkish), not only the dark ones.
    #[inline]
    pub const fn all_squares(&self) -> bool {
        self.all_squares
    }

    /// The number of playing squares on each rank: 4, 5 or 8.
    #[inline]
    pub const fn squares_per_rank(&self) -> u8 {
        if self.all_squares { self.size } else { self.size / 2 }
    }

    /// The number of playing squares: 32, 50 or 64.
    #[inline]
    pub const fn square_count(&self) -> usize {
        self.size as usize * self.squares_per_rank() as usize
    }

    /// Every playing square.
    #[inline]
    pub const fn squares(&self) -> Bitboard {
        self.squares
    }

    /// The squares whose rank, counted from `color`'s first rank, has binary digit
    /// `digit` (0 to 3) set: the ranks a set of men has advanced, summed digit by digit.
    #[inline]
    pub const fn advancement(&self, color: Color, digit: usize) -> Bitboard {
        self.advancement[color.index()][digit]
    }

    /// The squares one to three ranks short of `color`'s crowning rank.
    #[inline]
    pub const fn near_promotion(&self, color: Color) -> Bitboard {
        self.near_promotion[color.index()]
    }

    /// The playing squares at least two files and two ranks from every edge.
    #[inline]
    pub const fn centre(&self) -> Bitboard {
        self.centre
    }

    /// The far rank where men of `color` are crowned.
    #[inline]
    pub const fn promotion_rank(&self, color: Color) -> Bitboard {
        self.promotion[color.index()]
    }

    /// Every square of `set` moved one step in `direction`; squares that would leave the
    /// board are dropped.
    ///
    /// A rotation serves every direction without a branch: a dark-square board uses at
    /// most 55 of the 64 bits, so diagonal steps that wrap around land above the board
    /// and are masked; other steps start only from squares that have a square that way.
    #[inline(always)]
    pub const fn step(&self, set: Bitboard, direction: Direction) -> Bitboard {
        let index = direction as usize;
        Bitboard((set.0 & self.origins[index].0).rotate_left(self.rotations[index]) & self.squares.0)
    }

    /// The playing square at internal file and rank (both from 0), if there is one.
    pub fn square_at(&self, file: u8, rank: u8) -> Option<Square> {
        let size = self.size;
        (file < size && rank < size && (self.all_squares || (file + rank).is_multiple_of(2)))
            .then(|| Square::from_index(Geometry::bit_index(size, self.all_squares, file, rank) as u8))
    }

    /// The internal file and rank (both from 0) of `square`.
    pub fn coordinates(&self, square: Square) -> (u8, u8) {
        if self.all_squares {
            return (square.index() % self.size, square.index() / self.size);
        }
        let doubled = 2 * square.index() as u16;
        let rank = doubled / (self.size as u16 + 1);
        let file = doubled - rank * (self.size as u16 + 1);
        (file as u8, rank as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_bits_bound_every_board() {
        for geometry in [Geometry::EIGHT, Geometry::TEN, Geometry::SIXTY_FOUR] {
            let last = geometry.squares().map(Square::index).max();
            assert!(last.is_some_and(|last| usize::from(last) < Geometry::SQUARE_BITS));
            assert_eq!(geometry.squares().count() as usize, geometry.square_count());
        }
        assert_eq!(Geometry::TEN.squares().map(Square::index).max(), Some(54));
    }

    /// Every step on every board goes to the square one file and rank away that the
    /// direction names (two board squares along ranks and files of a dark-square
    /// board), or nowhere off the edge.
    #[test]
    fn steps_follow_coordinates() {
        let offsets = [(-1, 1), (1, 1), (-1, -1), (1, -1), (0, 1), (0, -1), (-1, 0), (1, 0)];
        for geometry in [Geometry::EIGHT, Geometry::TEN, Geometry::SIXTY_FOUR] {
            let reach = if geometry.all_squares() { 1 } else { 2 };
            for square in geometry.squares() {
                let (file, rank) = geometry.coordinates(square);
                assert_eq!(geometry.square_at(file, rank), Some(square));
                for (direction, (df, dr)) in Direction::ALL.into_iter().zip(offsets) {
                    let orthogonal = df == 0 || dr == 0;
                    let scale = if orthogonal { reach } else { 1 };
                    let target = u8::try_from(i16::from(file) + df * scale)
                        .ok()
                        .zip(u8::try_from(i16::from(rank) + dr * scale).ok())
                        .and_then(|(file, rank)| geometry.square_at(file, rank));
                    let stepped = geometry.step(Bitboard::from_square(square), direction).first();
                    assert_eq!(stepped, target, "{direction:?} from {file},{rank} on {}", geometry.size());
                }
            }
        }
    }
}
