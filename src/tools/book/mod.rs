//! Growing opening books ([`crate::book`]) with the engine: `crownhead book build`.

mod grow;

pub use grow::{Growth, Progress, grow};
