//! Static evaluation: what a quiet position is worth to the side to move, in centi-men.
//!
//! Terms: material; advancement of men (tempo), weighted up as the board empties; men
//! kept on the back rank against enemy crowning; central squares; mobility of men; men
//! next to crowning, and runaway men whose way forward is clear; kings that cannot move;
//! and in endings, the stronger side's kings closing in on the weaker side. Every weight lives in
//! [`Weights`], one value per family of rule sets.

use crate::rules::{Bitboard, Color, Direction, Position, Rules, Variant};

use super::value::{MAX_EVAL, Value};

/// The evaluation weights of one family of rule sets, in centi-men.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// A king (a man is 100).
    pub king: Value,
    /// Per rank a man has advanced, when the board is full.
    pub advance_opening: Value,
    /// Per rank a man has advanced, when the board is nearly empty.
    pub advance_ending: Value,
    /// A man still on its own first rank while the opponent has men to crown.
    pub back_rank: Value,
    /// A man on one of the central squares.
    pub centre_man: Value,
    /// A king on one of the central squares.
    pub centre_king: Value,
    /// A man one step from crowning with an empty crowning square ahead.
    pub about_to_crown: Value,
    /// A man within three ranks of crowning whose way forward no enemy piece stands in.
    pub runaway: Value,
    /// Per square a man can step to.
    pub mobility: Value,
    /// A king with no move.
    pub trapped_king: Value,
    /// Per step of distance between the stronger side's kings and the weaker side's
    /// pieces, in endings without men.
    pub king_chase: Value,
}

/// Short kings (English, Italian, Spanish with short kings): a king is worth about a
/// man and a half.
const SHORT_KINGS: Weights = Weights {
    king: 150,
    advance_opening: 2,
    advance_ending: 6,
    back_rank: 8,
    centre_man: 4,
    centre_king: 6,
    about_to_crown: 30,
    runaway: 20,
    mobility: 2,
    trapped_king: 40,
    king_chase: 3,
};

/// Flying kings on 8x8: a king commands whole diagonals and is worth about three men.
const FLYING_KINGS: Weights = Weights {
    king: 300,
    advance_opening: 2,
    advance_ending: 5,
    back_rank: 6,
    centre_man: 4,
    centre_king: 10,
    about_to_crown: 40,
    runaway: 30,
    mobility: 2,
    trapped_king: 60,
    king_chase: 2,
};

/// International (10x10): flying kings, longer way to the crowning rank.
const INTERNATIONAL: Weights = Weights { king: 330, advance_opening: 2, advance_ending: 4, ..FLYING_KINGS };

/// The weights for `variant`.
pub fn weights(variant: Variant) -> &'static Weights {
    let rules = variant.rules();
    if rules.geometry.size() == 10 {
        &INTERNATIONAL
    } else if rules.flying_kings {
        &FLYING_KINGS
    } else {
        &SHORT_KINGS
    }
}

/// The value of `position` for the side to move.
pub fn evaluate(position: &Position) -> Value {
    let rules = position.rules();
    let weights = weights(position.variant());
    let geometry = &rules.geometry;
    let start_men = geometry.square_count() as Value * 3 / 8;
    let all_men = position.men(Color::White).count() + position.men(Color::Black).count();
    // 0 with every man on the board, `start_men * 2` with none.
    let emptiness = (2 * start_men - all_men as Value).max(0);
    let common = Common {
        advance_weight: weights.advance_opening
            + (weights.advance_ending - weights.advance_opening) * emptiness / (2 * start_men),
        stuck: !Direction::ALL.iter().fold(Bitboard::EMPTY, |set, &direction| {
            set | geometry.step(position.empty(), direction.opposite())
        }),
    };
    let white = side_value(position, rules, weights, &common, Color::White);
    let black = side_value(position, rules, weights, &common, Color::Black);
    let score = (white - black + ending_value(position, weights)).clamp(-MAX_EVAL, MAX_EVAL);
    if position.side_to_move() == Color::White { score } else { -score }
}

/// What both sides' terms need that does not depend on the side.
struct Common {
    /// Per rank a man has advanced, for how full the board is.
    advance_weight: Value,
    /// Squares with no empty neighbour: a king there cannot move.
    stuck: Bitboard,
}

/// The terms of one side, from White's point of view for White.
fn side_value(position: &Position, rules: &Rules, weights: &Weights, common: &Common, color: Color) -> Value {
    let geometry = &rules.geometry;
    let men = position.men(color);
    let kings = position.kings(color);
    let opponent_men = position.men(!color);
    let empty = position.empty();

    let mut value = men.count() as Value * 100 + kings.count() as Value * weights.king;

    let advanced: Value =
        (0..4).map(|digit| ((men & geometry.advancement(color, digit)).count() as Value) << digit).sum();
    value += common.advance_weight * advanced;

    if opponent_men.any() {
        value += weights.back_rank * (men & geometry.promotion_rank(!color)).count() as Value;
    }

    let centre = geometry.centre();
    value += weights.centre_man * (men & centre).count() as Value;
    value += weights.centre_king * (kings & centre).count() as Value;

    let crowning = geometry.promotion_rank(color);
    let next_to_crown = Direction::forward(color)
        .iter()
        .fold(Bitboard::EMPTY, |set, &direction| set | geometry.step(crowning & empty, direction.opposite()));
    value += weights.about_to_crown * (men & next_to_crown).count() as Value;

    let forward = |set: Bitboard| {
        Direction::forward(color)
            .iter()
            .fold(Bitboard::EMPTY, |reach, &direction| reach | geometry.step(set, direction))
    };
    value += weights.mobility * (forward(men) & empty).count() as Value;
    for man in men & geometry.near_promotion(color) {
        let mut cone = Bitboard::from_square(man);
        let mut free = true;
        while free && cone.any() && (cone & crowning).is_empty() {
            cone = forward(cone);
            free = (cone & position.pieces(!color)).is_empty();
        }
        if free {
            value += weights.runaway;
        }
    }

    value -= weights.trapped_king * (kings & common.stuck).count() as Value;
    value
}

/// In endings with kings and no men on one side at least, the side ahead in material
/// gains by bringing its kings close to what is left of the other side.
fn ending_value(position: &Position, weights: &Weights) -> Value {
    let material = |color| position.pieces(color).count() as Value;
    let (strong, weak) = match material(Color::White).cmp(&material(Color::Black)) {
        std::cmp::Ordering::Greater => (Color::White, Color::Black),
        std::cmp::Ordering::Less => (Color::Black, Color::White),
        std::cmp::Ordering::Equal => return 0,
    };
    if position.men(weak).any() || position.kings(strong).is_empty() {
        return 0;
    }
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
