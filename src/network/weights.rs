//! The network itself: its weights as floats (the trainer's) or integers (the search's),
//! quantisation from one to the other, and the output layer.

use crate::rules::{Color, Variant};

use super::features;
use super::shape::{HIDDEN, MAX_OUTPUT_WEIGHT, QA, QB};
use super::simd;
use super::value::{MAX_EVAL, Value};

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
    /// Output buckets, from 1 to [`MAX_BUCKETS`](super::MAX_BUCKETS).
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
        // In i64: a file may hold any i32 bias, and the sum added to it may pass i32's range.
        let raw = i64::from(sum / QA) + i64::from(self.layers.output_bias[bucket]);
        (raw * i64::from(self.scale) / i64::from(QA * QB)).clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL))
            as Value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::features::input_count;

    #[test]
    fn an_output_bias_at_the_end_of_its_range_does_not_overflow() {
        // Every activation full, every output weight at its limit: the sum is 2 HIDDEN x
        // 127 x 127 x 127, 8 258 048 after the division by QA, added to a bias at the end
        // of i32's range, of the same sign. In i32 it overflowed: a panic with overflow
        // checks, else the evaluation of the other sign.
        let inputs = input_count(&Variant::International.rules().geometry);
        for (sign, bias) in [(-1, i32::MIN), (1, i32::MAX)] {
            let network = Network {
                rule_sets: vec![Variant::International],
                buckets: 1,
                scale: 1,
                layers: Layers {
                    feature_weights: vec![0; inputs * HIDDEN],
                    feature_bias: vec![0; HIDDEN],
                    output_weights: vec![sign as i16 * MAX_OUTPUT_WEIGHT; 2 * HIDDEN],
                    output_bias: vec![bias],
                },
            };
            let sums = [[QA as i16; HIDDEN]; 2];
            assert_eq!(network.output(&sums, Color::White, 40, 40), sign * MAX_EVAL);
        }
    }
}
