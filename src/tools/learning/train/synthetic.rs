//! Positions from random games, labelled by material, for the trainer's tests: a target
//! the network can learn, made without a search.

use super::dataset::{Example, Games};
use super::random::{Random, Stream};
use crate::rules::{Color, Position, Variant};

/// The material of `color` in centi-men: a man 100, a king 150.
fn material(position: &Position, color: Color) -> i32 {
    100 * position.men(color).count() as i32 + 150 * position.kings(color).count() as i32
}

/// `count` quiet positions of `variant` from random games drawn with `seed`, each game
/// at most `plies` long: the score is the material balance for the side to move and the
/// result its sign.
pub fn games(variant: Variant, count: usize, plies: usize, seed: u64) -> Games {
    let mut random = Random::new(seed, Stream::Weights);
    let mut games = Games::default();
    let mut game = 0;
    let mut position = Position::start(variant);
    let mut ply = 0;
    while games.examples.len() < count {
        let moves = position.legal_moves();
        if moves.is_empty() || ply == plies {
            (position, ply, game) = (Position::start(variant), 0, game + 1);
            continue;
        }
        if !position.has_capture() {
            let side = position.side_to_move();
            let score = material(&position, side) - material(&position, !side);
            games.push(0, game, Example { position, score: score as i16, result: score.signum() as i8 });
        }
        position = position.play(&moves[random.below(moves.len())]);
        ply += 1;
    }
    games
}
