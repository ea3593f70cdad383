//! Endings of kings alone, which the networks do not judge: every rule set's network
//! evaluates positions with men, and a few terms here evaluate the rest.
//!
//! A network trained on self-play sees few endings of kings alone, and scores them
//! nearly flat: with two kings against one it drew by repetition. Here the side ahead
//! brings its kings close to what is left of the other side and keeps them off the
//! squares where they cannot move, which is what cornering a lone king takes. GuiNN does
//! the same. The terms and weights are those of the hand-made evaluation the networks
//! replaced (docs/networks.md), kept for these positions only.

use crate::network::{MAX_EVAL, Value};
use crate::rules::{Bitboard, Color, Position, Variant};

/// The weights of one family of rule sets, in centi-men.
#[derive(Clone, Copy, Debug)]
struct Weights {
    /// A king.
    king: Value,
    /// A king on one of the central squares.
    centre_king: Value,
    /// A king with no move.
    trapped_king: Value,
    /// Per step of distance between the stronger side's kings and the weaker side's.
    king_chase: Value,
}

/// Short kings (English, Italian, Spanish with short kings).
const SHORT_KINGS: Weights = Weights { king: 150, centre_king: 6, trapped_king: 40, king_chase: 3 };

/// Flying kings on 8x8.
const FLYING_KINGS: Weights = Weights { king: 300, centre_king: 10, trapped_king: 60, king_chase: 2 };

/// International (10x10).
const INTERNATIONAL: Weights = Weights { king: 330, ..FLYING_KINGS };

/// The weights for `variant`.
fn weights(variant: Variant) -> &'static Weights {
    let rules = variant.rules();
    if rules.geometry.size() == 10 {
        &INTERNATIONAL
    } else if rules.flying_kings {
        &FLYING_KINGS
    } else {
        &SHORT_KINGS
    }
}

/// The value for the side to move of `position`, which has kings and no men.
pub fn evaluate(position: &Position) -> Value {
    let weights = weights(position.variant());
    let geometry = position.geometry();
    // The squares with a free neighbour the way pieces move (diagonals; ranks and files
    // in Turkish).
    let mut free = Bitboard::EMPTY;
    position
        .rules()
        .for_each_move_direction(|direction| free |= geometry.step(position.empty(), direction.opposite()));
    let stuck = !free;
    let side_value = |color| {
        let kings = position.kings(color);
        kings.count() as Value * weights.king
            + weights.centre_king * (kings & geometry.centre()).count() as Value
            - weights.trapped_king * (kings & stuck).count() as Value
    };
    let score = (side_value(Color::White) - side_value(Color::Black) + chase(position, weights))
        .clamp(-MAX_EVAL, MAX_EVAL);
    if position.side_to_move() == Color::White { score } else { -score }
}

/// From White's side: the side with more kings gains by bringing them close to what is
/// left of the other side.
fn chase(position: &Position, weights: &Weights) -> Value {
    let material = |color| position.pieces(color).count() as Value;
    let (strong, weak) = match material(Color::White).cmp(&material(Color::Black)) {
        std::cmp::Ordering::Greater => (Color::White, Color::Black),
        std::cmp::Ordering::Less => (Color::Black, Color::White),
        std::cmp::Ordering::Equal => return 0,
    };
    let geometry = position.geometry();
    let mut distance = 0;
    for king in position.kings(strong) {
        let (file, rank) = geometry.coordinates(king);
        let nearest = position
            .pieces(weak)
            .map(|target| {
                let (target_file, target_rank) = geometry.coordinates(target);
                file.abs_diff(target_file).max(rank.abs_diff(target_rank))
            })
            .min()
            .unwrap_or(0);
        distance += Value::from(nearest);
    }
    let chase = -weights.king_chase * distance;
    if strong == Color::White { chase } else { -chase }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Turkish king moves along ranks and files: on a1, with its own kings on a2 and b1,
    /// it cannot move, though the diagonal square b2 is free. Material is equal, so the
    /// chase adds nothing, and no king stands on a central square: the score is that one
    /// trapped king.
    #[test]
    fn a_turkish_king_is_trapped_by_ranks_and_files() {
        let position =
            Position::from_fen(Variant::Turkish, "W:WKa1,Ka2,Kb1:BKh8,Kh6,Kf8").expect("a position");
        assert_eq!(evaluate(&position), -FLYING_KINGS.trapped_king);
        let free = Position::from_fen(Variant::Turkish, "W:WKa1,Kb2,Kc1:BKh8,Kh6,Kf8").expect("a position");
        assert_eq!(evaluate(&free), 0);
    }
}
