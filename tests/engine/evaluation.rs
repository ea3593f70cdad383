//! The evaluation of every rule set (its built-in network) on hand-picked positions: a
//! man more is better, but worse in antidraughts, won by losing every piece.

use crate::common;

use common::{start_men, start_without};
use crownhead::engine::{Engine, Limits, Options};
use crownhead::rules::{Game, Goal, Position, Variant};

/// The score for the side to move of a shallow search of `position`.
fn score(position: Position) -> f64 {
    let mut engine = Engine::new(Options { table_mib: 1, ..Options::default() });
    engine.think(&Game::new(position), &Limits::depth(2)).score.men()
}

#[test]
fn a_man_up_scores_above_the_start_it_came_from() {
    for variant in Variant::ALL {
        let balanced = score(Position::start(variant));
        let better = if variant.rules().goal == Goal::LoseEverything { -1.0 } else { 1.0 };
        let opponent = !Position::start(variant).side_to_move();
        let numbers = start_men(variant, opponent);
        // A back-rank man, a man from the middle of the camp and one from the front.
        for index in [0, numbers.len() / 2, numbers.len() - 1] {
            let up = score(start_without(variant, opponent, numbers[index]));
            assert!(
                better * (up - balanced) > 0.3,
                "{variant}: without square {} scores {up}, the start {balanced}",
                numbers[index]
            );
        }
    }
}
