//! The puzzle sets built into the binary, from the repository's `puzzles/` directory,
//! one file a rule set (docs/puzzles.md says how each was made).

use std::sync::OnceLock;

use super::puzzle::{Puzzle, read_set};
use crate::rules::Variant;

macro_rules! sets {
    ($($variant:ident => $file:literal),* $(,)?) => {
        /// Each built-in set's text, with the rule set it is for.
        const SETS: &[(Variant, &str)] = &[
            $((Variant::$variant, include_str!(concat!("../../puzzles/", $file, ".tsv"))),)*
        ];
    };
}

sets! {
    English => "english",
    English25 => "english-25",
    Italian => "italian",
    Spanish => "spanish",
    SpanishShort => "spanish-short",
    Portuguese => "portuguese",
    Russian => "russian",
    Brazilian => "brazilian",
    Pool => "pool",
    Czech => "czech",
    PlayOk => "playok",
    International => "international",
    Killer => "killer",
    Antidraughts => "antidraughts",
    Breakthrough => "breakthrough",
    Frisian => "frisian",
    Frysk => "frysk",
    Turkish => "turkish",
}

/// The sets, each read at the first use of its rule set. The files are part of the
/// build and the tests read each one, so a broken one is a defect of the build, not an
/// input.
static PUZZLES: [OnceLock<Vec<Puzzle>>; SETS.len()] = [const { OnceLock::new() }; SETS.len()];

/// The text of `variant`'s built-in set, in the puzzle file format.
pub fn builtin_text(variant: Variant) -> &'static str {
    SETS.iter().find(|(of, _)| *of == variant).map_or("", |(_, text)| text)
}

/// The built-in puzzles of `variant`, easiest first (by starting rating, then as the
/// file lists them).
pub fn builtin(variant: Variant) -> &'static [Puzzle] {
    let Some(index) = SETS.iter().position(|(of, _)| *of == variant) else { return &[] };
    PUZZLES[index].get_or_init(|| {
        let mut puzzles = read_set(variant, SETS[index].1)
            .unwrap_or_else(|error| panic!("built-in {variant} puzzles: {error}"));
        puzzles.sort_by_key(|puzzle| puzzle.rating);
        puzzles
    })
}
