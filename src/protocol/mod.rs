//! Protocol front ends: they turn a GUI's text into positions and limits, call the
//! search, and turn its reports back into text.

pub mod dxp;
pub mod hub;
