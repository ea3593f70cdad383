//! A position: the pieces, the side to move and the rule set they play by.

use super::zobrist::{BLACK_TO_MOVE, piece_key};
use super::{Bitboard, Color, Geometry, KingRun, Move, Piece, Role, Rules, Square, Variant};

/// A position of a game. Positions are small and `Copy`; a move makes a new one
/// ([`Position::play`]), which is cheaper than making and unmaking in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    variant: Variant,
    side: Color,
    pieces: [Bitboard; 2],
    kings: Bitboard,
    /// Each side's run of quiet king moves, by colour (Frisian; always none elsewhere).
    king_runs: [KingRun; 2],
    hash: u64,
}

impl Position {
    /// The start position of `variant`.
    pub fn start(variant: Variant) -> Position {
        let rules = variant.rules();
        let geometry = rules.geometry;
        let (gap, rows, size) = (rules.empty_back_ranks, rules.start_ranks, geometry.size());
        let squares_on = |ranks: std::ops::Range<u8>| -> Bitboard {
            ranks.flat_map(|rank| (0..size).filter_map(move |file| geometry.square_at(file, rank))).collect()
        };
        let white = squares_on(gap..gap + rows);
        let black = squares_on(size - gap - rows..size - gap);
        Position::new(variant, rules.first_to_move, white, black, Bitboard::EMPTY)
    }

    /// A position from its parts; `kings` holds the kings of both sides. The caller has
    /// checked that the sets are disjoint squares of the board (FEN reading does).
    pub fn new(variant: Variant, side: Color, white: Bitboard, black: Bitboard, kings: Bitboard) -> Position {
        let mut position =
            Position { variant, side, pieces: [white, black], kings, king_runs: [KingRun::NONE; 2], hash: 0 };
        position.hash = position.compute_hash();
        position
    }

    /// The rule set.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The rules of the rule set.
    #[inline]
    pub fn rules(&self) -> &'static Rules {
        self.variant.rules()
    }

    /// The board.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        &self.rules().geometry
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// All pieces of `color`.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.pieces[color.index()]
    }

    /// The men of `color`.
    #[inline]
    pub fn men(&self, color: Color) -> Bitboard {
        self.pieces[color.index()] & !self.kings
    }

    /// The kings of `color`.
    #[inline]
    pub fn kings(&self, color: Color) -> Bitboard {
        self.pieces[color.index()] & self.kings
    }

    /// The kings of both sides.
    #[inline]
    pub fn all_kings(&self) -> Bitboard {
        self.kings
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// Every empty playing square.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        self.geometry().squares() & !self.occupied()
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let color = Color::ALL.into_iter().find(|&color| self.pieces(color).contains(square))?;
        let role = if self.kings.contains(square) { Role::King } else { Role::Man };
        Some(Piece { color, role })
    }

    /// The Zobrist hash of the position (pieces, side to move, and Frisian's runs of king
    /// moves).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The run of quiet king moves of `color` (Frisian's three-king rule).
    #[inline]
    pub fn king_run(&self, color: Color) -> KingRun {
        self.king_runs[color.index()]
    }

    /// The king of the side to move that may not make a quiet move now, having made the
    /// rule set's limit of them in a row while its side has men (Frisian), if any.
    #[inline]
    pub fn blocked_king(&self) -> Bitboard {
        self.king_run(self.side).stopped_king(self.rules().king_quiet_moves)
    }

    /// The same position with `color`'s run set to `run`, as a FEN or Hub gives it. A run
    /// is kept only where the rule set limits king moves, `color` has men, and `run.king`
    /// holds one of its kings; its count is capped at the limit.
    pub fn with_king_run(&self, color: Color, run: KingRun) -> Position {
        let run = run.fitted(self.rules().king_quiet_moves, self.kings(color), self.men(color));
        let mut position = *self;
        position.hash ^= self.king_run(color).key(color) ^ run.key(color);
        position.king_runs[color.index()] = run;
        position
    }

    /// The same pieces with the other side to move, as if the side to move had passed:
    /// what the opponent threatens.
    #[inline]
    pub fn passed(&self) -> Position {
        Position { side: !self.side, hash: self.hash ^ BLACK_TO_MOVE, ..*self }
    }

    /// The position after `mv`, which must be a legal move of this position.
    #[inline]
    pub fn play(&self, mv: &Move) -> Position {
        self.play_with::<true>(mv)
    }

    /// [`Position::play`], keeping the hash only if `HASH`: perft, which never looks at
    /// it, saves the key lookups. The hash of a position made without is meaningless.
    #[inline(always)]
    pub(crate) fn play_with<const HASH: bool>(&self, mv: &Move) -> Position {
        let us = self.side;
        let them = !us;
        let from = Bitboard::from_square(mv.from());
        let to = Bitboard::from_square(mv.to());
        let role = if (self.kings & from).any() { Role::King } else { Role::Man };
        let new_role = if mv.crowns() { Role::King } else { role };

        let mut next = *self;
        next.pieces[us.index()] = (next.pieces[us.index()] ^ from) | to;
        // In Turkish a capture may end on the square of a piece it took earlier, so the
        // captured kings go before the mover's crown is placed.
        let captured = mv.captured();
        next.kings &= !from & !captured;
        if new_role == Role::King {
            next.kings |= to;
        }
        if HASH {
            next.hash ^= piece_key(us, role, mv.from()) ^ piece_key(us, new_role, mv.to()) ^ BLACK_TO_MOVE;
            for square in captured & self.kings {
                next.hash ^= piece_key(them, Role::King, square);
            }
            for square in captured & !self.kings {
                next.hash ^= piece_key(them, Role::Man, square);
            }
        }
        next.pieces[them.index()] &= !captured;
        next.side = them;
        if self.rules().king_quiet_moves.is_some() {
            let own = self.king_run(us).after_own_move(mv, role == Role::King, next.men(us));
            let theirs = self.king_run(them).after_capture(captured, next.men(them));
            for (color, run) in [(us, own), (them, theirs)] {
                next.hash ^= self.king_run(color).key(color) ^ run.key(color);
                next.king_runs[color.index()] = run;
            }
        }
        next
    }

    /// The hash computed from scratch; [`Position::play`] keeps `hash` equal to it.
    pub fn compute_hash(&self) -> u64 {
        let mut hash = if self.side == Color::Black { BLACK_TO_MOVE } else { 0 };
        for color in Color::ALL {
            for square in self.men(color) {
                hash ^= piece_key(color, Role::Man, square);
            }
            for square in self.kings(color) {
                hash ^= piece_key(color, Role::King, square);
            }
            hash ^= self.king_run(color).key(color);
        }
        hash
    }
}
