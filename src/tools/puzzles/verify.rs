//! `crownhead puzzles verify`: the deep check of a puzzle set. Each puzzle's key move
//! must still be the only one that wins when searched again with more nodes than the
//! build used (twice, by default): the best move of the search, winning where the
//! second best does not, by the judge's own rule.

use std::io::Write;

use super::judge::Judge;
use crate::puzzles::Puzzle;

/// A puzzle the deeper search does not confirm, and what it found instead.
#[derive(Clone, Debug)]
pub struct Refuted {
    /// The puzzle's place in the set, from 0.
    pub index: usize,
    /// What the search found, in words.
    pub why: String,
}

/// Checks `puzzles` with `judge`'s deep search, writing one line a puzzle refuted to
/// `out` and a summary; returns those refuted.
///
/// # Errors
/// Writing to `out`.
pub fn run(judge: &mut Judge, puzzles: &[Puzzle], out: &mut impl Write) -> std::io::Result<Vec<Refuted>> {
    let mut refuted = Vec::new();
    for (index, puzzle) in puzzles.iter().enumerate() {
        if let Some(why) = judge.refutation(puzzle, judge.nodes()) {
            writeln!(out, "refuted {}: {puzzle}: {why}", index + 1)?;
            refuted.push(Refuted { index, why });
        }
    }
    writeln!(
        out,
        "verified {} of {} at {} nodes",
        puzzles.len() - refuted.len(),
        puzzles.len(),
        judge.nodes()
    )?;
    Ok(refuted)
}
