//! The match's progress on standard error: a live bar when standard error is a terminal
//! (games played, score, Elo with its 95% interval, LOS, and the SPRT's LLR with its
//! bounds), one line per finished game otherwise.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use super::stats::{Sprt, elo_estimate, signed};
use super::tally::Tally;

/// Where the progress goes.
pub struct Progress {
    bar: Option<ProgressBar>,
    total: Option<u64>,
    sprt: Option<Sprt>,
}

impl Progress {
    /// Progress of a match of `total` games (unbounded under an SPRT without a cap).
    pub fn new(total: Option<u64>, sprt: Option<Sprt>) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = match total {
                Some(total) => ProgressBar::new(total),
                None => ProgressBar::no_length(),
            };
            let template = match total {
                Some(_) => "{bar:24} {pos}/{len} games  {msg}",
                None => "{spinner} {pos} games  {msg}",
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar.enable_steady_tick(Duration::from_millis(250));
            bar
        });
        Progress { bar, total, sprt }
    }

    /// Shows a finished game: `game` describes it; `tally` counts every game so far.
    pub fn game_finished(&self, game: &str, tally: &Tally) {
        let status = status(tally, self.sprt.as_ref());
        match &self.bar {
            Some(bar) => {
                bar.set_position(tally.wdl.games());
                bar.set_message(status);
            }
            None => {
                let total = self.total.map_or(String::new(), |total| format!("/{total}"));
                eprintln!("{}{total} {game}; {status}", tally.wdl.games());
            }
        }
    }

    /// Removes the bar before the summary is printed.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// `score 55.0%  Elo +34.9 ± 48.5  LOS 92.3%  LLR 1.23 (-2.94, 2.94)`.
pub fn status(tally: &Tally, sprt: Option<&Sprt>) -> String {
    let games = tally.wdl.games();
    let mut status = if games == 0 {
        String::from("score -")
    } else {
        format!("score {:.1}%", 100.0 * tally.wdl.points() / games as f64)
    };
    if let Some(estimate) = elo_estimate(&tally.pentanomial.distribution()) {
        status.push_str(&format!(
            "  Elo {} ± {:.1}  LOS {:.1}%",
            signed(estimate.elo),
            estimate.error,
            100.0 * estimate.los
        ));
    }
    if let Some(sprt) = sprt {
        let (lower, upper) = sprt.bounds();
        status.push_str(&format!("  LLR {:.2} ({lower:.2}, {upper:.2})", sprt.llr(&tally.pentanomial)));
    }
    status
}
