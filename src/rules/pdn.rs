//! PDN (Portable Draughts Notation) games: real-world files read generously, PDN 3.0
//! written strictly.
//!
//! A result such as `1-0` names the side that moves first from the rule set's start
//! position as the winner (Black in English and pool, White elsewhere), as CheckerBoard
//! reads English files; International writes `2-0`, `1-1` and `0-2` in the same order.

mod game;
mod lexer;
mod read;
mod tree;
mod write;

pub use game::{PdnError, PdnGame, PdnGlyph, PdnLine, PdnMove, PdnResult};
pub use read::read_pdn;
pub use tree::MAX_VARIATION_DEPTH;
