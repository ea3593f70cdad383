//! The float network the trainer fits, the same function as [`Network::quantise`] then
//! [`Network::output`] compute in integers: each side's view of the position summed
//! through the feature layer, a squared clipped ReLU, and a linear output per
//! piece-count bucket, in logits (`sigmoid(output)` is the expected result).
//!
//! [`Model::accumulate`] runs the network forward on a run of positions and back into a
//! gradient. The feature-layer gradient is sparse (the rows of the pieces on the board);
//! it goes into a dense buffer, which costs one pass per run and keeps the inner loops
//! plain. Every inner loop works on whole `[f32; HIDDEN]` rows, which the compiler
//! vectorises.
//!
//! [`Network::quantise`]: crate::network::Network::quantise
//! [`Network::output`]: crate::network::Network::output

use arrayvec::ArrayVec;

use super::dataset::Example;
use super::random::{Random, Stream};
use crate::network::features::{self, input_count};
use crate::network::{HIDDEN, Layers, WEIGHT_LIMIT};
use crate::rules::{Position, Variant};

/// One perspective's sums, or one row of the feature layer.
pub type Row = [f32; HIDDEN];

/// The most pieces on a board: one per playing square of a 10x10 board.
const MAX_PIECES: usize = 50;

/// Independent partial sums in a dot product, so that it vectorises.
const LANES: usize = 8;

/// The logistic function: logits to a probability.
#[inline]
pub fn sigmoid(logit: f32) -> f32 {
    1.0 / (1.0 + (-logit).exp())
}

/// What the network's output is fitted to: a mix of the game's result and the search
/// score, turned into a probability at `scale` centi-men per logit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// The result's share of the target, from 0 (the score only) to 1 (the result only).
    pub lambda: f32,
    /// Centi-men per logit.
    pub scale: f32,
}

impl Target {
    /// The probability `example`'s output should give.
    #[inline]
    pub fn of(&self, example: &Example) -> f32 {
        let searched = sigmoid(f32::from(example.score) / self.scale);
        self.lambda * example.result01() + (1.0 - self.lambda) * searched
    }
}

/// A position run forward: what the backward pass needs.
pub struct Forward {
    /// The active inputs, the side to move's then the other side's.
    inputs: [ArrayVec<u16, MAX_PIECES>; 2],
    /// The feature-layer sums, in the same order.
    sums: [Row; 2],
    /// The output bucket.
    bucket: usize,
    /// The output, in logits.
    pub output: f32,
}

/// The float network and the board it reads.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The weights, in the layout the integer network takes.
    pub layers: Layers<f32>,
    /// Pieces at the start of a game, for the buckets.
    start_pieces: usize,
}

impl Model {
    /// A network for `variant` with `buckets` output buckets and small random weights
    /// drawn from `seed` (uniform within one over the root of each layer's inputs, as
    /// the usual linear layers start).
    pub fn new(variant: Variant, buckets: usize, seed: u64) -> Model {
        let inputs = input_count(&variant.rules().geometry);
        let mut random = Random::new(seed, Stream::Weights);
        let mut draw = |count: usize, limit: f32| (0..count).map(|_| random.symmetric(limit)).collect();
        let feature_limit = 1.0 / (inputs as f32).sqrt();
        let output_limit = 1.0 / ((2 * HIDDEN) as f32).sqrt();
        Model {
            layers: Layers {
                feature_weights: draw(inputs * HIDDEN, feature_limit),
                feature_bias: draw(HIDDEN, feature_limit),
                output_weights: draw(buckets * 2 * HIDDEN, output_limit),
                output_bias: vec![0.0; buckets],
            },
            start_pieces: features::start_pieces(&variant.rules().geometry),
        }
    }

    /// Layers of zeros shaped like the model's: a gradient to accumulate into.
    pub fn zeros(&self) -> Layers<f32> {
        let zeros = |values: &Vec<f32>| vec![0.0; values.len()];
        let layers = &self.layers;
        Layers {
            feature_weights: zeros(&layers.feature_weights),
            feature_bias: zeros(&layers.feature_bias),
            output_weights: zeros(&layers.output_weights),
            output_bias: zeros(&layers.output_bias),
        }
    }

    /// Keeps every weight within ±[`WEIGHT_LIMIT`], so that quantising never clips.
    pub fn clip(&mut self) {
        for part in parts_mut(&mut self.layers) {
            part.iter_mut().for_each(|weight| *weight = weight.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT));
        }
    }

    /// Runs `position` through the network.
    pub fn forward(&self, position: &Position) -> Forward {
        let side = position.side_to_move();
        let mut inputs = [ArrayVec::new(), ArrayVec::new()];
        let mut sums = [*row(&self.layers.feature_bias, 0); 2];
        for (index, perspective) in [side, !side].into_iter().enumerate() {
            let (inputs, sums) = (&mut inputs[index], &mut sums[index]);
            features::for_each_input(position, perspective, |input| {
                // At most one piece per square: never more than MAX_PIECES.
                inputs.push(input as u16);
                add(sums, row(&self.layers.feature_weights, input));
            });
        }
        let buckets = self.layers.output_bias.len();
        let bucket = features::bucket(position.occupied().count(), buckets, self.start_pieces);
        let weights = &self.layers.output_weights[bucket * 2 * HIDDEN..];
        let output = activated_dot(&sums[0], row(weights, 0))
            + activated_dot(&sums[1], row(weights, 1))
            + self.layers.output_bias[bucket];
        Forward { inputs, sums, bucket, output }
    }

    /// Adds to `gradient` the gradient of the output of `forward` times `d_output` (the
    /// loss's derivative by the output).
    fn backward(&self, forward: &Forward, d_output: f32, gradient: &mut Layers<f32>) {
        let bucket = forward.bucket;
        gradient.output_bias[bucket] += d_output;
        let weights = &self.layers.output_weights[bucket * 2 * HIDDEN..];
        for (half, sums) in forward.sums.iter().enumerate() {
            let d_weights = row_mut(&mut gradient.output_weights[bucket * 2 * HIDDEN..], half);
            let d_sums = backward_activation(sums, row(weights, half), d_output, d_weights);
            add(row_mut(&mut gradient.feature_bias, 0), &d_sums);
            for &input in &forward.inputs[half] {
                add(row_mut(&mut gradient.feature_weights, usize::from(input)), &d_sums);
            }
        }
    }

    /// Runs `examples` forward and back: adds `weight` times the gradient of their
    /// squared errors against `target` to `gradient`, and returns the sum of the squared
    /// errors.
    pub fn accumulate(
        &self,
        examples: &[Example],
        target: Target,
        weight: f32,
        gradient: &mut Layers<f32>,
    ) -> f64 {
        let mut total = 0.0;
        for example in examples {
            let forward = self.forward(&example.position);
            let predicted = sigmoid(forward.output);
            let error = predicted - target.of(example);
            total += f64::from(error * error);
            self.backward(&forward, weight * 2.0 * error * predicted * (1.0 - predicted), gradient);
        }
        total
    }

    /// The sum of the squared errors of `examples` against `target`.
    pub fn loss(&self, examples: &[Example], target: Target) -> f64 {
        examples
            .iter()
            .map(|example| {
                let error = sigmoid(self.forward(&example.position).output) - target.of(example);
                f64::from(error * error)
            })
            .sum()
    }
}

/// The four weight vectors of `layers`, in file order.
pub fn parts(layers: &Layers<f32>) -> [&[f32]; 4] {
    [&layers.feature_weights, &layers.feature_bias, &layers.output_weights, &layers.output_bias]
}

/// The four weight vectors of `layers`, in file order, to change.
pub fn parts_mut(layers: &mut Layers<f32>) -> [&mut [f32]; 4] {
    [
        &mut layers.feature_weights,
        &mut layers.feature_bias,
        &mut layers.output_weights,
        &mut layers.output_bias,
    ]
}

/// `into += from`, part by part.
pub fn add_layers(into: &mut Layers<f32>, from: &Layers<f32>) {
    for (into, from) in parts_mut(into).into_iter().zip(parts(from)) {
        into.iter_mut().zip(from).for_each(|(sum, value)| *sum += value);
    }
}

/// Row `index` of a row-major matrix `HIDDEN` wide.
#[inline]
fn row(matrix: &[f32], index: usize) -> &Row {
    matrix[index * HIDDEN..(index + 1) * HIDDEN].try_into().expect("rows are HIDDEN long")
}

/// Row `index` of a row-major matrix `HIDDEN` wide, to change.
#[inline]
fn row_mut(matrix: &mut [f32], index: usize) -> &mut Row {
    (&mut matrix[index * HIDDEN..(index + 1) * HIDDEN]).try_into().expect("rows are HIDDEN long")
}

/// `sums += row`.
#[inline]
fn add(sums: &mut Row, row: &Row) {
    sums.iter_mut().zip(row).for_each(|(sum, weight)| *sum += weight);
}

/// `sum of clamp(s, 0, 1)^2 * w` over the sums `s` and weights `w`, in [`LANES`]
/// partial sums.
#[inline]
fn activated_dot(sums: &Row, weights: &Row) -> f32 {
    let mut lanes = [0.0; LANES];
    let (sums, _) = sums.as_chunks::<LANES>();
    let (weights, _) = weights.as_chunks::<LANES>();
    for (sums, weights) in sums.iter().zip(weights) {
        for lane in 0..LANES {
            let active = sums[lane].clamp(0.0, 1.0);
            lanes[lane] += active * active * weights[lane];
        }
    }
    lanes.iter().sum()
}

/// The backward pass through one half of the output and its activation: adds
/// `d_output * a^2` to the output weights' gradient `d_weights` and returns the
/// gradient of the sums (`d_output * w * 2a`, zero where the clip is flat). Not inlined:
/// as a function of its own the compiler knows that `d_weights` aliases nothing else,
/// and vectorises the loop.
#[inline(never)]
fn backward_activation(sums: &Row, weights: &Row, d_output: f32, d_weights: &mut Row) -> Row {
    let mut d_sums = [0.0; HIDDEN];
    for (((&sum, &weight), d_weight), d_sum) in sums.iter().zip(weights).zip(d_weights).zip(&mut d_sums) {
        let active = sum.clamp(0.0, 1.0);
        *d_weight += d_output * active * active;
        let slope = if sum < 1.0 { 2.0 * active } else { 0.0 };
        *d_sum = d_output * weight * slope;
    }
    d_sums
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::learning::train::synthetic;

    /// A network with weights large enough that the activations are far from zero.
    fn model(buckets: usize) -> Model {
        let mut model = Model::new(Variant::English, buckets, 11);
        let mut random = Random::new(12, Stream::Weights);
        for (part, limit) in parts_mut(&mut model.layers).into_iter().zip([0.3, 0.3, 0.6, 0.3]) {
            part.iter_mut().for_each(|weight| *weight = random.symmetric(limit));
        }
        model
    }

    #[test]
    fn the_backward_pass_matches_finite_differences() {
        let model = model(2);
        let games = synthetic::games(Variant::English, 400, 80, 2);
        let examples: Vec<Example> = games.examples.iter().step_by(67).copied().collect();
        assert_eq!(examples.len(), 6);
        let target = Target { lambda: 0.3, scale: 150.0 };
        let mut gradient = model.zeros();
        model.accumulate(&examples, target, 1.0, &mut gradient);

        let first = model.forward(&examples[0].position);
        let (active, bucket) = (usize::from(first.inputs[0][0]), first.bucket);
        let buckets: Vec<usize> =
            examples.iter().map(|example| model.forward(&example.position).bucket).collect();
        assert!(buckets.contains(&0) && buckets.contains(&1), "{buckets:?}");
        // Sums of the first position where the activation has a slope.
        let sloped: Vec<usize> = (0..HIDDEN)
            .filter(|&index| (0.05..0.95).contains(&first.sums[0][index]))
            .step_by(20)
            .take(3)
            .collect();
        assert_eq!(sloped.len(), 3);
        // White kings: no input of any example, so no gradient.
        let idle = (0..input_count(&Variant::English.rules().geometry))
            .find(|&input| {
                examples.iter().all(|example| {
                    let forward = model.forward(&example.position);
                    forward.inputs.iter().all(|inputs| !inputs.contains(&(input as u16)))
                })
            })
            .expect("an input no example has");
        assert!(parts(&gradient)[0][idle * HIDDEN..(idle + 1) * HIDDEN].iter().all(|&value| value == 0.0));
        let checks = [
            (0, active * HIDDEN + sloped[0]),
            (0, active * HIDDEN + sloped[1]),
            (0, active * HIDDEN + sloped[2]),
            (1, sloped[0]),
            (1, sloped[2]),
            (2, bucket * 2 * HIDDEN + sloped[1]),
            (2, bucket * 2 * HIDDEN + HIDDEN + 40),
            (3, bucket),
        ];
        let step = 1e-2;
        for (part, index) in checks {
            let at = |delta: f32| {
                let mut moved = model.clone();
                parts_mut(&mut moved.layers)[part][index] += delta;
                moved.loss(&examples, target)
            };
            let numeric = (at(step) - at(-step)) / (2.0 * f64::from(step));
            let analytic = f64::from(parts(&gradient)[part][index]);
            assert!(
                analytic.abs() > 1e-4,
                "part {part} index {index}: gradient {analytic} too small to test"
            );
            assert!(
                (numeric - analytic).abs() <= 1e-4 + 0.02 * analytic.abs(),
                "part {part} index {index}: numeric {numeric}, analytic {analytic}"
            );
        }
    }

    #[test]
    fn the_float_output_is_what_the_integer_network_computes() {
        use crate::network::accumulator::fresh_sums;
        use crate::network::shape::QB;
        use crate::network::{Network, QA};
        // Weights on the integer grid, so that quantising loses nothing.
        let mut model = model(3);
        model.clip();
        let grids = [QA, QA, QB, QA * QB].map(|factor| factor as f32);
        for (part, grid) in parts_mut(&mut model.layers).into_iter().zip(grids) {
            part.iter_mut().for_each(|weight| *weight = (*weight * grid).round() / grid);
        }
        let network = Network::quantise(vec![Variant::English], 200, &model.layers);
        for example in synthetic::games(Variant::English, 50, 80, 4).examples {
            let position = &example.position;
            let float = model.forward(position).output * 200.0;
            let sums = fresh_sums(&network, position);
            let pieces = position.occupied().count();
            let integer = network.output(&sums, position.side_to_move(), pieces, 24);
            assert!((float - integer as f32).abs() < 1.5, "{float} {integer}");
        }
    }
}
