//! Legal move generation: captures when there are any (capture is mandatory in every
//! rule set), otherwise quiet moves.

use super::capture::{generate_captures, has_capture};
use super::{Bitboard, Direction, Move, MoveList, Position};

impl Position {
    /// Every legal move, each once.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        generate_captures(self, &mut list);
        if list.is_empty() {
            self.generate_quiet_moves(&mut list);
        }
        list
    }

    /// The number of legal moves, counted without listing quiet moves (perft's bulk
    /// count at the last ply).
    pub fn count_legal_moves(&self) -> usize {
        if has_capture(self) {
            return self.legal_moves().len();
        }
        let geometry = self.geometry();
        let us = self.side_to_move();
        let empty = self.empty();
        let men = self.men(us);
        let mut count = 0;
        for &direction in Direction::forward(us) {
            count += (geometry.step(men, direction) & empty).count() as usize;
        }
        let kings = self.kings(us);
        for direction in Direction::ALL {
            let mut ray = geometry.step(kings, direction) & empty;
            while ray.any() {
                count += ray.count() as usize;
                if !self.rules().flying_kings {
                    break;
                }
                ray = geometry.step(ray, direction) & empty;
            }
        }
        count
    }

    /// Whether the side to move has a capture, and so must capture.
    pub fn has_capture(&self) -> bool {
        has_capture(self)
    }

    fn generate_quiet_moves(&self, list: &mut MoveList) {
        let geometry = self.geometry();
        let us = self.side_to_move();
        let empty = self.empty();
        let promotion = geometry.promotion_rank(us);
        for &direction in Direction::forward(us) {
            let back = direction.opposite();
            for to in geometry.step(self.men(us), direction) & empty {
                let from = geometry.step(Bitboard::from_square(to), back);
                if let Some(from) = from.first() {
                    list.push(Move::new(from, to, Bitboard::EMPTY, promotion.contains(to)));
                }
            }
        }
        let flying = self.rules().flying_kings;
        for from in self.kings(us) {
            for direction in Direction::ALL {
                let mut to = geometry.neighbour(from, direction);
                while let Some(square) = to.filter(|&square| empty.contains(square)) {
                    list.push(Move::new(from, square, Bitboard::EMPTY, false));
                    if !flying {
                        break;
                    }
                    to = geometry.neighbour(square, direction);
                }
            }
        }
    }
}
