//! Networks and positions for the tests of the network's parts.

use crate::rules::{Bitboard, Color, Position, Variant, splitmix64};

use super::features;
use super::shape::{HIDDEN, WEIGHT_LIMIT};
use super::weights::{Layers, Network};

/// Uniform floats in `[-1, 1)` from a seed.
fn floats(count: usize, mut state: u64) -> Vec<f32> {
    (0..count)
        .map(|_| {
            let (next, value) = splitmix64(state);
            state = next;
            (value >> 40) as f32 / (1u64 << 23) as f32 - 1.0
        })
        .collect()
}

/// A network for `variant` with random weights of a size that keeps many sums
/// between the clipping limits.
pub fn random_network(variant: Variant, buckets: usize, seed: u64) -> Network {
    let inputs = features::input_count(&variant.rules().geometry);
    let scaled = |values: Vec<f32>, factor: f32| values.into_iter().map(|value| value * factor).collect();
    let layers = Layers {
        feature_weights: scaled(floats(inputs * HIDDEN, seed), 0.25),
        feature_bias: scaled(floats(HIDDEN, seed ^ 1), 0.5),
        output_weights: scaled(floats(buckets * 2 * HIDDEN, seed ^ 2), WEIGHT_LIMIT),
        output_bias: floats(buckets, seed ^ 3),
    };
    Network::quantise(vec![variant], 150, &layers)
}

/// The position after `plies` random legal moves from the start (fewer if the game
/// ends), from `seed`.
pub fn random_position(variant: Variant, plies: usize, seed: u64) -> Position {
    let mut position = Position::start(variant);
    let mut state = seed;
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let (next, value) = splitmix64(state);
        state = next;
        position = position.play(&moves[(value % moves.len() as u64) as usize]);
    }
    position
}

/// `position` turned 180 degrees with the colours swapped: every piece moved to the
/// turned square and given to the other side, the other side to move.
pub fn colour_reversed(position: &Position) -> Position {
    let geometry = position.geometry();
    let size = geometry.size();
    let turn = |set: Bitboard| -> Bitboard {
        set.map(|square| {
            let (file, rank) = geometry.coordinates(square);
            geometry.square_at(size - 1 - file, size - 1 - rank).expect("turning keeps playing squares")
        })
        .collect()
    };
    let white = turn(position.pieces(Color::Black));
    let black = turn(position.pieces(Color::White));
    let kings = turn(position.all_kings());
    Position::new(position.variant(), !position.side_to_move(), white, black, kings)
}
