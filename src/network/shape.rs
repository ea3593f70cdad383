//! The network's shape and the scales of its integer weights, which the weights, the
//! vectorised arithmetic and the trainer share.

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
