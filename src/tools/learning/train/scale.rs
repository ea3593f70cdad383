//! The scale that turns search scores into expected results: the centi-men per logit
//! for which `sigmoid(score / scale)` best predicts the games' results (least mean
//! squared error). It is also the network's output scale, so that the engine's eval in
//! centi-men is the network's logit times the scale.

use std::collections::BTreeMap;

use super::dataset::Example;
use super::model::sigmoid;

/// The smallest and largest scales tried.
const RANGE: (f64, f64) = (10.0, 5000.0);

/// Scales tried on a geometric grid before refining.
const GRID: usize = 64;

/// Golden-section steps refining the best grid cell.
const REFINE: usize = 40;

/// The scale that best fits `examples`' results to their scores, and the mean squared
/// error there.
pub fn fit(examples: &[Example]) -> (f64, f64) {
    let histogram = histogram(examples);
    let error = |scale: f64| mean_squared_error(&histogram, scale);
    let ratio = (RANGE.1 / RANGE.0).powf(1.0 / (GRID - 1) as f64);
    let grid: Vec<f64> = (0..GRID).map(|step| RANGE.0 * ratio.powi(step as i32)).collect();
    let best = (0..GRID).min_by(|&a, &b| error(grid[a]).total_cmp(&error(grid[b]))).unwrap_or(0);
    let (mut low, mut high) = (grid[best.saturating_sub(1)], grid[(best + 1).min(GRID - 1)]);
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..REFINE {
        let (left, right) = (high - golden * (high - low), low + golden * (high - low));
        if error(left) < error(right) {
            high = right;
        } else {
            low = left;
        }
    }
    let scale = (low + high) / 2.0;
    (scale, error(scale))
}

/// How many examples have each score and result (1, 0.5 or 0): few distinct pairs, so
/// that each trial scale costs little.
fn histogram(examples: &[Example]) -> Vec<(f64, f64, f64)> {
    let mut counts = BTreeMap::new();
    for example in examples {
        *counts.entry((example.score, example.result)).or_insert(0u64) += 1;
    }
    counts
        .into_iter()
        .map(|((score, result), count)| (f64::from(score), (f64::from(result) + 1.0) / 2.0, count as f64))
        .collect()
}

/// The mean of `(sigmoid(score / scale) - result)^2` over the histogram.
fn mean_squared_error(histogram: &[(f64, f64, f64)], scale: f64) -> f64 {
    let (sum, count) = histogram.iter().fold((0.0, 0.0), |(sum, count), &(score, result, weight)| {
        let error = f64::from(sigmoid((score / scale) as f32)) - result;
        (sum + weight * error * error, count + weight)
    });
    sum / count.max(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, Variant};

    #[test]
    fn the_fit_recovers_the_scale_results_were_drawn_with() {
        // Results drawn so that a score s wins with probability sigmoid(s / 150).
        let position = Position::start(Variant::English);
        let mut examples = Vec::new();
        for score in (-600..=600).step_by(50) {
            let wins = (1000.0 * f64::from(sigmoid(score as f32 / 150.0))).round() as usize;
            for game in 0..1000 {
                let result = if game < wins { 1 } else { -1 };
                examples.push(Example { position, score: score as i16, result });
            }
        }
        let (scale, error) = fit(&examples);
        assert!((scale - 150.0).abs() < 3.0, "{scale}");
        assert!(error < 0.25, "{error}");
    }
}
