//! The learning pipeline of the evaluation: the engine plays itself ([`selfplay`]) and
//! writes positions in the self-play [`data`] format, which [`train`] fits a network to.
//! The format's reader is public for those who train networks of their own.

pub mod data;
pub mod selfplay;
pub mod train;
