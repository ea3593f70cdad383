//! `crownhead puzzles verify`: the deep check of a puzzle set. Each puzzle's key move
//! must still be the only one that wins when searched again with more nodes than the
//! build used (twice, by default): the best move of the search, winning where the
//! second best does not, by the judge's own rule.

use std::io::Write;

use super::judge::Judge;
use crate::puzzles::Puzzle;

/// Checks `puzzles` with `judge`'s deep search, writing one line a puzzle refuted (its
/// place in the set, its line and what the search found) to `out` and a summary;
/// returns how many were refuted.
///
/// # Errors
/// Writing to `out`.
pub fn run(judge: &mut Judge, puzzles: &[Puzzle], out: &mut impl Write) -> std::io::Result<usize> {
    let mut refuted = 0;
    for (index, puzzle) in puzzles.iter().enumerate() {
        if let Some(why) = judge.refutation(puzzle, judge.nodes()) {
            writeln!(out, "refuted {}: {puzzle}: {why}", index + 1)?;
            refuted += 1;
        }
    }
    writeln!(out, "verified {} of {} at {} nodes", puzzles.len() - refuted, puzzles.len(), judge.nodes())?;
    Ok(refuted)
}
