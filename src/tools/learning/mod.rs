//! The learning pipeline of the evaluation: the engine plays itself ([`selfplay`]) and
//! writes positions in the self-play data format (`data.rs`), which [`train`] fits a
//! network to.

pub(crate) mod data;
pub mod selfplay;
pub mod train;
