//! Protocol front ends: they turn a GUI's text into positions and limits, call the
//! search, and turn its reports back into text.

pub(crate) mod board;
pub mod dxp;
pub mod hub;
