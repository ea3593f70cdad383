//! The table printed when a match ends.

use std::io::{self, Write};

use super::stats::{SprtOutcome, elo_estimate, signed, verdict_text};
use super::tally::Tally;

/// Writes the summary: each engine's wins, draws, losses and score; the first engine's
/// Elo with its 95% interval and LOS from the game pairs; the pentanomial counts; the
/// SPRT; the endings by kind; under a game clock, the least time each engine had left.
///
/// # Errors
/// Only from writing to `out`.
pub fn write(
    out: &mut impl Write,
    names: &[String; 2],
    tally: &Tally,
    sprt: Option<&SprtOutcome>,
) -> io::Result<()> {
    let width = names.iter().map(|name| name.chars().count()).max().unwrap_or(0).max(6);
    let games = tally.wdl.games();
    writeln!(out, "{:<width$}  {:>6} {:>6} {:>6}  {:>6}", "engine", "W", "D", "L", "score")?;
    let wdl = tally.wdl;
    for (name, (wins, losses)) in names.iter().zip([(wdl.wins, wdl.losses), (wdl.losses, wdl.wins)]) {
        let points = wins as f64 + wdl.draws as f64 / 2.0;
        let score =
            if games == 0 { "-".to_string() } else { format!("{:.1}%", 100.0 * points / games as f64) };
        writeln!(out, "{name:<width$}  {wins:>6} {:>6} {losses:>6}  {score:>6}", wdl.draws)?;
    }
    writeln!(out)?;
    let pairs = tally.pentanomial.pairs();
    match elo_estimate(&tally.pentanomial.distribution()) {
        Some(estimate) => {
            writeln!(
                out,
                "Elo          {} ± {:.1} (95%, logistic, from {pairs} game pairs), for {}",
                signed(estimate.elo),
                estimate.error,
                names[0]
            )?;
            writeln!(out, "LOS          {:.1}%", 100.0 * estimate.los)?;
        }
        None => writeln!(out, "Elo          - (no game pair finished)")?,
    }
    let [ll, ld, dd, wd, ww] = tally.pentanomial.counts;
    writeln!(out, "Pentanomial  LL {ll}, LD {ld}, DD+WL {dd}, WD {wd}, WW {ww}")?;
    if let Some(outcome) = sprt {
        let sprt = outcome.sprt;
        let (lower, upper) = sprt.bounds();
        let verdict = verdict_text(outcome.verdict);
        writeln!(
            out,
            "SPRT         LLR {:.2} ({lower:.2}, {upper:.2}), normalized Elo [{}, {}], alpha {}, beta {}: {verdict}",
            sprt.llr(&tally.pentanomial),
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta
        )?;
    }
    let endings: Vec<String> = tally.endings.iter().map(|(kind, count)| format!("{kind} {count}")).collect();
    writeln!(out, "Endings      {}", endings.join(", "))?;
    if let [Some(first), Some(second)] = tally.least_time_left {
        writeln!(
            out,
            "Time left    least after a move: {} {:.3} s, {} {:.3} s",
            names[0],
            first.as_secs_f64(),
            names[1],
            second.as_secs_f64()
        )?;
    }
    Ok(())
}
