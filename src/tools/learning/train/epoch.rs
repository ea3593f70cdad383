//! Mini-batch training on a thread pool, with the same result whatever its size.
//!
//! Each batch is cut into chunks of [`CHUNK`] positions, a number that does not depend
//! on the threads. The pool computes the gradients of up to [`WAVE`] chunks at a time,
//! each into a buffer of its own, and the buffers are added to the batch's gradient in
//! chunk order: every float is added in the same order on one thread or many, so a seed
//! gives the same network bytes. Memory stays at [`WAVE`] buffers however large the
//! batch.

use rayon::ThreadPool;
use rayon::prelude::*;

use super::adam::Adam;
use super::dataset::Example;
use super::model::{Model, Target, add_layers, parts_mut};
use crate::network::Layers;

/// Positions per chunk of a batch: small enough to share a batch among threads, large
/// enough that summing the chunks' gradients costs little beside computing them.
pub const CHUNK: usize = 256;

/// Chunks computed at once: a whole default batch (16384 positions).
pub const WAVE: usize = 64;

/// The model, its optimiser and the gradient buffers.
pub struct Trainer<'pool> {
    /// The network being fitted.
    pub model: Model,
    target: Target,
    batch: usize,
    adam: Adam,
    /// One buffer per chunk of a wave.
    chunks: Vec<Layers<f32>>,
    /// The batch's gradient.
    sum: Layers<f32>,
    pool: &'pool ThreadPool,
}

impl<'pool> Trainer<'pool> {
    /// A trainer fitting `model` to `target` in batches of up to `batch` positions on
    /// `pool`.
    pub fn new(model: Model, target: Target, batch: usize, pool: &'pool ThreadPool) -> Trainer<'pool> {
        let batch = batch.max(1);
        let chunks = vec![model.zeros(); batch.min(WAVE * CHUNK).div_ceil(CHUNK)];
        Trainer { adam: Adam::new(model.zeros()), sum: model.zeros(), model, target, batch, chunks, pool }
    }

    /// One pass over `examples` in batches of the size given to [`Trainer::new`], one
    /// optimiser step each, at learning rate `rate`: the mean squared error met on the
    /// way.
    pub fn epoch(&mut self, examples: &[Example], rate: f32) -> f64 {
        let total: f64 = examples.chunks(self.batch).map(|batch| self.step(batch, rate)).sum();
        total / examples.len().max(1) as f64
    }

    /// One optimiser step on the mean gradient of `batch`: the batch's summed squared
    /// error before the step.
    fn step(&mut self, batch: &[Example], rate: f32) -> f64 {
        let weight = 1.0 / batch.len() as f32;
        parts_mut(&mut self.sum).into_iter().for_each(|part| part.fill(0.0));
        let wave = self.chunks.len() * CHUNK;
        let loss = batch.chunks(wave).map(|positions| self.wave(positions, weight)).sum();
        self.adam.step(&mut self.model.layers, &self.sum, rate);
        self.model.clip();
        loss
    }

    /// Adds `weight` times the gradient of `positions` (at most a wave) to the batch's,
    /// chunk by chunk in order: their summed squared error.
    fn wave(&mut self, positions: &[Example], weight: f32) -> f64 {
        let (model, target) = (&self.model, self.target);
        let chunks = &mut self.chunks[..positions.len().div_ceil(CHUNK)];
        let losses: Vec<f64> = self.pool.install(|| {
            chunks
                .par_iter_mut()
                .zip(positions.par_chunks(CHUNK))
                .map(|(gradient, chunk)| {
                    parts_mut(gradient).into_iter().for_each(|part| part.fill(0.0));
                    model.accumulate(chunk, target, weight, gradient)
                })
                .collect()
        });
        chunks.iter().for_each(|gradient| add_layers(&mut self.sum, gradient));
        losses.iter().sum()
    }

    /// The mean squared error of `examples`.
    pub fn loss(&self, examples: &[Example]) -> f64 {
        let (model, target) = (&self.model, self.target);
        let losses: Vec<f64> =
            self.pool.install(|| examples.par_chunks(CHUNK).map(|chunk| model.loss(chunk, target)).collect());
        losses.iter().sum::<f64>() / examples.len().max(1) as f64
    }
}
