//! Puzzles: positions where the side to move has one move that wins and every other
//! move does not, each with its whole solution line, a theme read from that line, a
//! difficulty and a starting rating. This layer knows the rules only: it reads and
//! writes puzzles ([`Puzzle`], one a line, the format `crownhead puzzles export`
//! prints), names their themes ([`Theme`]), rates the people who solve them ([`Rating`]), and holds the sets built into the binary ([`builtin`]). Finding
//! and checking puzzles takes a search: that is `crownhead puzzles build` and `verify`
//! in the tools.

mod builtin;
mod puzzle;
mod rating;
mod theme;

pub use builtin::{builtin, builtin_text};
pub use puzzle::{
    Puzzle, PuzzleError, PuzzleFileError, PuzzleFileFault, read_file, read_set, starting_rating,
};
pub use rating::{Outcome, PUZZLE_DEVIATION, Rating, SETTLED_DEVIATION, TAU};
pub use theme::{Theme, balance};
