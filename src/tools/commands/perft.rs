//! The perft command: perft on several threads, divided by root move, timed.

use std::io::{self, Write};
use std::time::Instant;

use rayon::prelude::*;

use crate::rules::{Move, Position, perft};

/// Perft on `threads` threads. The tree is split a few plies down, so that even a
/// position with few moves gives every thread work.
pub(crate) fn parallel_perft(position: &Position, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth < 3 {
        return perft(position, depth);
    }
    let mut frontier = vec![*position];
    let mut split = 0;
    while split + 2 < depth && frontier.len() < 64 * threads {
        frontier = frontier
            .iter()
            .flat_map(|position| position.legal_moves().into_iter().map(|mv| position.play(&mv)))
            .collect();
        split += 1;
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
    let count =
        |frontier: &[Position]| frontier.par_iter().map(|position| perft(position, depth - split)).sum();
    match pool {
        Ok(pool) => pool.install(|| count(&frontier)),
        Err(_) => frontier.iter().map(|position| perft(position, depth - split)).sum(),
    }
}

/// Perft of each legal move at `depth` (the move counts as the first ply).
pub(crate) fn divide(position: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    position
        .legal_moves()
        .into_iter()
        .map(|mv| (mv, parallel_perft(&position.play(&mv), depth.saturating_sub(1), threads)))
        .collect()
}

/// Runs perft for depths 1 to `depth`, printing `depth=D nodes=N time=SECONDS nps=R`
/// per depth; with `show_divide`, first the count of each root move at `depth`.
///
/// # Errors
/// Only from writing to `out`.
pub fn run(
    position: &Position,
    depth: u32,
    show_divide: bool,
    threads: usize,
    out: &mut impl Write,
) -> io::Result<()> {
    if show_divide {
        for (mv, nodes) in divide(position, depth, threads) {
            writeln!(out, "{} {nodes}", position.move_to_text(&mv))?;
        }
    }
    for current in 1..=depth {
        let start = Instant::now();
        let nodes = parallel_perft(position, current, threads);
        let seconds = start.elapsed().as_secs_f64();
        let nps = if seconds > 0.0 { (nodes as f64 / seconds) as u64 } else { 0 };
        writeln!(out, "depth={current} nodes={nodes} time={seconds:.3} nps={nps}")?;
        out.flush()?;
    }
    Ok(())
}
