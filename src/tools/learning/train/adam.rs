//! Adam (Kingma and Ba, 2015): each weight steps by its gradient's running mean over
//! the root of its running mean square, so that rarely active inputs (kings, far
//! squares) learn as fast as common ones.

use super::model::{parts, parts_mut};
use crate::network::Layers;

/// Decay of the running mean of the gradient.
const BETA1: f32 = 0.9;

/// Decay of the running mean of the squared gradient.
const BETA2: f32 = 0.999;

/// Added to the root of the mean square, against division by zero.
const EPSILON: f32 = 1e-8;

/// The optimiser's state: one mean and one mean square per weight.
#[derive(Clone, Debug)]
pub struct Adam {
    mean: Layers<f32>,
    square: Layers<f32>,
    steps: i32,
}

impl Adam {
    /// A fresh optimiser for weights shaped like `zeros` (which must be all zero).
    pub fn new(zeros: Layers<f32>) -> Adam {
        Adam { mean: zeros.clone(), square: zeros, steps: 0 }
    }

    /// Moves `weights` one step against `gradient` at learning rate `rate`.
    pub fn step(&mut self, weights: &mut Layers<f32>, gradient: &Layers<f32>, rate: f32) {
        self.steps = self.steps.saturating_add(1);
        let rate = rate * (1.0 - BETA2.powi(self.steps)).sqrt() / (1.0 - BETA1.powi(self.steps));
        let state = parts_mut(&mut self.mean).into_iter().zip(parts_mut(&mut self.square));
        for ((weights, gradient), (mean, square)) in
            parts_mut(weights).into_iter().zip(parts(gradient)).zip(state)
        {
            for (((weight, &gradient), mean), square) in
                weights.iter_mut().zip(gradient).zip(mean).zip(square)
            {
                *mean = BETA1 * *mean + (1.0 - BETA1) * gradient;
                *square = BETA2 * *square + (1.0 - BETA2) * gradient * gradient;
                *weight -= rate * *mean / (square.sqrt() + EPSILON);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layers(value: f32) -> Layers<f32> {
        Layers {
            feature_weights: vec![value; 3],
            feature_bias: vec![value; 2],
            output_weights: vec![value; 2],
            output_bias: vec![value],
        }
    }

    #[test]
    fn the_first_step_moves_each_weight_by_the_rate_against_its_gradient() {
        let mut adam = Adam::new(layers(0.0));
        let mut weights = layers(1.0);
        let mut gradient = layers(0.5);
        gradient.feature_weights = vec![-3.0, 0.0, 2.0];
        adam.step(&mut weights, &gradient, 0.1);
        let close = |a: f32, b: f32| (a - b).abs() < 1e-5;
        assert!(close(weights.feature_weights[0], 1.1) && close(weights.feature_weights[2], 0.9));
        assert_eq!(weights.feature_weights[1], 1.0);
        assert!(close(weights.output_bias[0], 0.9), "{weights:?}");
    }

    #[test]
    fn it_finds_the_minimum_of_a_bowl() {
        // Minimise (w - 3)^2 for every weight.
        let mut adam = Adam::new(layers(0.0));
        let mut weights = layers(0.0);
        for _ in 0..2000 {
            let mut gradient = weights.clone();
            parts_mut(&mut gradient).into_iter().flatten().for_each(|value| *value = 2.0 * (*value - 3.0));
            adam.step(&mut weights, &gradient, 0.05);
        }
        assert!(
            parts(&weights).into_iter().flatten().all(|&weight| (weight - 3.0).abs() < 0.01),
            "{weights:?}"
        );
    }
}
