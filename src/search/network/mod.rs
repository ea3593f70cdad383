//! The learned evaluation: a small efficiently updated network (NNUE).
//!
//! Shape: [`features`] gives each side's view of the board (piece kind x square, 128
//! inputs on 8x8 boards, 200 on 10x10). One feature layer maps each view to
//! [`HIDDEN`] sums, the *accumulator*, kept per search ply and updated only for the
//! pieces that changed ([`accumulator`]). Both sums go through a squared clipped ReLU,
//! the side to move's first, into one linear output chosen by the number of pieces on
//! the board (an output bucket). The output is in centi-men: the network was trained so
//! that `sigmoid(output / scale)` predicts the game's result.
//!
//! Weights are integers: the feature layer and the activations at scale [`QA`], the
//! output weights at [`QB`], the output bias at `QA * QB`. A float network is turned
//! into one with [`Network::quantise`]; [`file`](mod@file) reads and writes them.

pub mod accumulator;
pub mod builtin;
pub mod features;
pub mod file;
mod simd;

use crate::rules::{Color, Position, Variant};

use accumulator::Accumulators;

use super::value::{MAX_EVAL, Value};

/// Sums per perspective in the feature layer.
pub const HIDDEN: usize = 256;

/// Scale of the feature layer's weights and of the clipped activations (1.0 in the
/// float network is `QA`).
pub const QA: i32 = 127;

/// Scale of the output weights.
pub const QB: i32 = 64;

/// The most output buckets a network may have.
pub const MAX_BUCKETS: usize = 16;

/// The largest float output weight that quantises without clipping, for the trainer
/// to clip to.
pub const WEIGHT_LIMIT: f32 = MAX_OUTPUT_WEIGHT as f32 / QB as f32;

/// The largest output weight magnitude: `QA * QA * MAX_OUTPUT_WEIGHT * 2 HIDDEN` fits in
/// `i32`, so no file can make the output overflow.
pub const MAX_OUTPUT_WEIGHT: i16 = 127;

/// The weights of a network, as floats (training) or integers (search, with 32-bit
/// output biases).
#[derive(Clone, Debug, PartialEq)]
pub struct Layers<T, B = T> {
    /// `inputs x HIDDEN`: row `i` is added to the accumulator when input `i` is on.
    pub feature_weights: Vec<T>,
    /// `HIDDEN`: the accumulator of an empty board.
    pub feature_bias: Vec<T>,
    /// `buckets x 2 HIDDEN`: the side to move's activations, then the other side's.
    pub output_weights: Vec<T>,
    /// `buckets`.
    pub output_bias: Vec<B>,
}

/// A network ready for the search.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The rule sets the network was trained for.
    pub rule_sets: Vec<Variant>,
    /// Output buckets, from 1 to [`MAX_BUCKETS`].
    pub buckets: usize,
    /// Centi-men per unit of the float network's output.
    pub scale: i32,
    /// The integer weights.
    pub layers: Layers<i16, i32>,
}

impl Network {
    /// The integer network of float `layers` (the trainer's), weights rounded to their
    /// scales and clipped to what the integer types hold.
    pub fn quantise(rule_sets: Vec<Variant>, scale: i32, layers: &Layers<f32>) -> Network {
        let round = |values: &[f32], factor: i32, limit: i16| -> Vec<i16> {
            let limit = f32::from(limit);
            values.iter().map(|value| (value * factor as f32).round().clamp(-limit, limit) as i16).collect()
        };
        Network {
            rule_sets,
            buckets: layers.output_bias.len(),
            scale,
            layers: Layers {
                feature_weights: round(&layers.feature_weights, QA, i16::MAX),
                feature_bias: round(&layers.feature_bias, QA, i16::MAX),
                output_weights: round(&layers.output_weights, QB, MAX_OUTPUT_WEIGHT),
                output_bias: layers
                    .output_bias
                    .iter()
                    .map(|bias| (bias * (QA * QB) as f32).round() as i32)
                    .collect(),
            },
        }
    }

    /// Whether the network was trained for `variant`.
    pub fn serves(&self, variant: Variant) -> bool {
        self.rule_sets.contains(&variant)
    }

    /// The feature-layer row of input `input`.
    #[inline]
    pub fn feature_row(&self, input: usize) -> &[i16; HIDDEN] {
        let start = input * HIDDEN;
        self.layers.feature_weights[start..start + HIDDEN].try_into().expect("rows are HIDDEN long")
    }

    /// The feature layer's bias.
    #[inline]
    pub fn feature_bias(&self) -> &[i16; HIDDEN] {
        self.layers.feature_bias[..HIDDEN].try_into().expect("the bias is HIDDEN long")
    }

    /// The value for the side to move `side` of a position with `pieces` pieces on a
    /// board that starts with `start_pieces`, from both perspectives' sums.
    #[inline]
    pub fn output(&self, sums: &[[i16; HIDDEN]; 2], side: Color, pieces: u32, start_pieces: usize) -> Value {
        let bucket = features::bucket(pieces, self.buckets, start_pieces);
        let weights = &self.layers.output_weights[bucket * 2 * HIDDEN..(bucket + 1) * 2 * HIDDEN];
        let (ours, theirs) = weights.split_at(HIDDEN);
        let (ours, theirs) =
            (ours.try_into().expect("HIDDEN weights"), theirs.try_into().expect("HIDDEN weights"));
        let (us, them) = (&sums[side.index()], &sums[(!side).index()]);
        let sum = simd::activated_dot(us, ours) + simd::activated_dot(them, theirs);
        let raw = i64::from(sum / QA + self.layers.output_bias[bucket]);
        (raw * i64::from(self.scale) / i64::from(QA * QB)).clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL))
            as Value
    }
}

impl Network {
    /// The value of `position` for the side to move, searched at `ply`, bringing that
    /// ply's sums in `accumulators` up to date.
    #[inline]
    pub fn evaluate(&self, accumulators: &mut Accumulators, position: &Position, ply: usize) -> Value {
        let pieces = position.occupied().count();
        let start_pieces = features::start_pieces(position.geometry());
        self.output(accumulators.sums(self, position, ply), position.side_to_move(), pieces, start_pieces)
    }
}

/// Networks and positions for the tests of the network's parts.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::rules::{Bitboard, splitmix64};

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
        let kings = turn(position.kings(Color::White) | position.kings(Color::Black));
        Position::new(position.variant(), !position.side_to_move(), white, black, kings)
    }
}
