//! The evaluation of every rule set (its built-in network) on hand-picked positions: a
//! man more is better.

use crownhead::engine::{Engine, Limits, Options};
use crownhead::rules::{Bitboard, Color, Game, Position, Variant};

/// The score for the side to move of a shallow search of `position`.
fn score(position: Position) -> f64 {
    let mut engine = Engine::new(Options { table_mib: 1, ..Options::default() });
    engine.think(&Game::new(position), &Limits::depth(2)).score.men()
}

/// The start position of `variant` without the opponent's man on `square` (a square
/// number of the rule set's notation).
fn start_without(variant: Variant, square: u32) -> Position {
    let start = Position::start(variant);
    let side = start.side_to_move();
    let square = variant.rules().square_from_number(square).expect("a square of the board");
    let removed = Bitboard::from_square(square);
    assert!(start.men(!side).contains(square), "{variant}: square holds an opponent man");
    let pieces = |color: Color| start.pieces(color) & !removed;
    Position::new(variant, side, pieces(Color::White), pieces(Color::Black), Bitboard::EMPTY)
}

#[test]
fn a_man_up_scores_above_the_start_it_came_from() {
    for variant in Variant::ALL {
        let balanced = score(Position::start(variant));
        let start = Position::start(variant);
        let numbers: Vec<u32> = (1..=start.geometry().square_count() as u32)
            .filter(|&number| {
                variant
                    .rules()
                    .square_from_number(number)
                    .is_some_and(|square| start.men(!start.side_to_move()).contains(square))
            })
            .collect();
        // A back-rank man, a man from the middle of the camp and one from the front.
        for index in [0, numbers.len() / 2, numbers.len() - 1] {
            let up = score(start_without(variant, numbers[index]));
            assert!(
                up > balanced + 0.3,
                "{variant}: without square {} scores {up}, the start {balanced}",
                numbers[index]
            );
        }
    }
}
