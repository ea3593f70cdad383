//! Opening books: for positions near the start, a value for every move, from searches
//! of the lines' ends backed up to the start, so that play takes a good move at once and,
//! among moves of nearly the same value, varies from game to game.
//!
//! A book is grown by `crownhead book build` (`crate::tools::book`), kept in a compact
//! file ([`BookFile`]), and read into a [`Book`] for play; the engine consults it before
//! searching ([`crate::engine::Options::book`]). The books of some rule sets are built
//! into the binary ([`builtin`]).

mod builtin;
mod file;
mod lookup;
mod tree;

pub use builtin::builtin;
pub use file::{BookError, BookFile};
pub use lookup::{Book, BookMove, BookStats};
pub use tree::{Node, Tree, children};
