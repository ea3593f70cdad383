//! The learning pipeline of the evaluation: the engine plays itself ([`selfplay`]) and
//! writes positions in the [`data`] format, which [`train`] fits a network to.

pub mod data;
pub mod selfplay;
pub mod train;
