//! Legal move generation: captures when there are any (capture is mandatory in every
//! rule set), otherwise quiet moves.

use super::capture::{capturers, count_captures, generate_captures};
use super::end::is_decided;
use super::{Bitboard, Move, MoveList, Position, fixed_rules};
use crate::with_variant;

impl Position {
    /// Every legal move, each once.
    ///
    /// ```
    /// use crownhead::rules::{Position, Variant};
    ///
    /// // The seven opening moves of English checkers.
    /// let start = Position::start(Variant::English);
    /// let mut moves: Vec<String> = start.legal_moves().iter().map(|mv| start.move_to_text(mv)).collect();
    /// moves.sort();
    /// assert_eq!(moves, ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(&mut list);
        list
    }

    /// Replaces the contents of `list` with every legal move, each once. Search and perft
    /// use this form to keep one list per ply instead of copying lists around.
    pub fn generate_moves(&self, list: &mut MoveList) {
        with_variant!(self.variant(), generate_moves(self, list));
    }

    /// The number of legal moves, counted without listing quiet moves (perft's bulk
    /// count at the last ply).
    pub fn count_legal_moves(&self) -> usize {
        with_variant!(self.variant(), count_legal_moves(self))
    }

    /// Whether the side to move has a move without capture: once no capture is pending,
    /// whether it can move at all (a blocked side loses). A first free step decides, so
    /// flying kings' rays are not walked.
    pub fn has_quiet_move(&self) -> bool {
        if self.is_decided() {
            return false;
        }
        let rules = self.rules();
        let us = self.side_to_move();
        let empty = self.empty();
        let (men, kings) = (self.men(us), self.kings(us) & !self.blocked_king());
        let mut any = false;
        rules.for_each_move_direction(|direction| {
            let movers = if rules.man_moves_toward(direction, us) { men | kings } else { kings };
            any |= (rules.geometry.step(movers, direction) & empty).any();
        });
        any
    }

    /// Whether the side to move has a capture, and so must capture.
    pub fn has_capture(&self) -> bool {
        fn has_capture<const V: usize>(position: &Position) -> bool {
            !is_decided::<V>(position) && capturers::<V>(position).any()
        }
        with_variant!(self.variant(), has_capture(self))
    }
}

#[inline(always)]
pub(super) fn generate_moves<const V: usize>(position: &Position, list: &mut MoveList) {
    list.clear();
    if is_decided::<V>(position) {
        return;
    }
    generate_captures::<V>(position, capturers::<V>(position), list);
    if list.is_empty() {
        generate_quiet_moves::<V>(position, list);
    }
}

#[inline(always)]
pub(super) fn count_legal_moves<const V: usize>(position: &Position) -> usize {
    if is_decided::<V>(position) {
        return 0;
    }
    let capturers = capturers::<V>(position);
    if capturers.any() {
        return count_captures::<V>(position, capturers);
    }
    count_quiet_moves::<V>(position)
}

#[inline(always)]
fn count_quiet_moves<const V: usize>(position: &Position) -> usize {
    let rules = fixed_rules::<V>();
    let geometry = &rules.geometry;
    let us = position.side_to_move();
    let empty = position.empty();
    let men = position.men(us);
    let mut count = 0;
    rules.for_each_move_direction(|direction| {
        if rules.man_moves_toward(direction, us) {
            count += (geometry.step(men, direction) & empty).count() as usize;
        }
    });
    let kings = movable_kings::<V>(position);
    if kings.is_empty() {
        return count;
    }
    rules.for_each_move_direction(|direction| {
        let mut ray = geometry.step(kings, direction) & empty;
        count += ray.count() as usize;
        if rules.flying_kings {
            while ray.any() {
                ray = geometry.step(ray, direction) & empty;
                count += ray.count() as usize;
            }
        }
    });
    count
}

fn generate_quiet_moves<const V: usize>(position: &Position, list: &mut MoveList) {
    let rules = fixed_rules::<V>();
    let geometry = &rules.geometry;
    let us = position.side_to_move();
    let empty = position.empty();
    let promotion = geometry.promotion_rank(us);
    rules.for_each_move_direction(|direction| {
        if !rules.man_moves_toward(direction, us) {
            return;
        }
        let back = direction.opposite();
        for to in geometry.step(position.men(us), direction) & empty {
            if let Some(from) = geometry.step(Bitboard::from_square(to), back).first() {
                list.push(Move::new(from, to, Bitboard::EMPTY, promotion.contains(to)));
            }
        }
    });
    for from in movable_kings::<V>(position) {
        rules.for_each_move_direction(|direction| {
            let mut to = geometry.step(Bitboard::from_square(from), direction) & empty;
            while let Some(square) = to.first() {
                list.push(Move::new(from, square, Bitboard::EMPTY, false));
                if !rules.flying_kings {
                    break;
                }
                to = geometry.step(to, direction) & empty;
            }
        });
    }
}

/// The kings of the side to move that may make a quiet move: all of them, but for a
/// Frisian king that has made its three in a row.
#[inline(always)]
fn movable_kings<const V: usize>(position: &Position) -> Bitboard {
    let kings = position.kings(position.side_to_move());
    if fixed_rules::<V>().king_quiet_moves.is_none() {
        return kings;
    }
    kings & !position.blocked_king()
}
