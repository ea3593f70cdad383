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
//! output weights at [`QB`](shape::QB), the output bias at `QA * QB`. A float network is turned
//! into one with [`Network::quantise`]; [`file`](mod@file) reads and writes them.
//!
//! A layer of its own, below the search: it knows the rules and nothing above them. The
//! search evaluates with it, the engine chooses a network for each rule set, and the
//! trainer fits and writes its weights. The unit of what it produces ([`value`]) lives
//! here for the same reason: the search builds its scores on it.

pub mod accumulator;
pub mod builtin;
pub mod features;
pub mod file;
#[cfg(test)]
mod fuzz;
pub mod material;
pub mod shape;
mod simd;
#[cfg(test)]
pub(crate) mod testing;
pub mod value;
mod weights;

pub use shape::{HIDDEN, MAX_BUCKETS, MAX_OUTPUT_WEIGHT, QA, WEIGHT_LIMIT};
pub use simd::chosen_at_run_time;
pub use value::{MAX_EVAL, Value};
pub use weights::{Layers, Network};
