//! The summary of a match as JSON (`crownhead match --json`), and its games read back:
//! a match played in parts on several machines (`crownhead-farm sprt`) is counted from
//! these.
//!
//! ```json
//! {"engines": ["a", "b"],
//!  "games": [{"game": 1, "score": "win", "ending": "no legal move"}, ...],
//!  "wdl": {"wins": 1, "draws": 0, "losses": 0}, "pentanomial": [0, 0, 0, 0, 0],
//!  "elo": {"elo": 12.0, "error": 30.1, "los": 0.78} or null,
//!  "sprt": {"llr": 0.1, "lower": -2.94, "upper": 2.94, "elo0": 0, "elo1": 5,
//!           "alpha": 0.05, "beta": 0.05, "verdict": "no decision"} (only under an SPRT),
//!  "endings": {"no legal move": 1},
//!  "least_time_left": [0.84, 0.91] (seconds, per engine, only under a game clock)}
//! ```
//!
//! Games are numbered from 1 in the whole match and scored for the first engine.

use std::io::{self, Write};

use serde_json::{Value, json};

use super::stats::{SprtOutcome, elo_estimate, verdict_text};
use super::tally::{CountedGame, GameScore, Tally};

/// Writes the JSON summary on one line.
///
/// # Errors
/// Only from writing to `out`.
pub fn write(
    out: &mut impl Write,
    names: &[String; 2],
    tally: &Tally,
    sprt: Option<&SprtOutcome>,
) -> io::Result<()> {
    let games: Vec<Value> = tally
        .games
        .iter()
        .map(|game| json!({"game": game.index + 1, "score": score_name(game.score), "ending": game.ending}))
        .collect();
    let wdl = tally.wdl;
    let elo = elo_estimate(&tally.pentanomial.distribution())
        .map(|estimate| json!({"elo": estimate.elo, "error": estimate.error, "los": estimate.los}));
    let mut summary = json!({
        "engines": names,
        "games": games,
        "wdl": {"wins": wdl.wins, "draws": wdl.draws, "losses": wdl.losses},
        "pentanomial": tally.pentanomial.counts,
        "elo": elo,
        "endings": tally.endings,
    });
    if let [Some(first), Some(second)] = tally.least_time_left {
        summary["least_time_left"] = json!([first.as_secs_f64(), second.as_secs_f64()]);
    }
    if let Some(outcome) = sprt {
        let (lower, upper) = outcome.sprt.bounds();
        summary["sprt"] = json!({
            "llr": outcome.sprt.llr(&tally.pentanomial),
            "lower": lower,
            "upper": upper,
            "elo0": outcome.sprt.elo0,
            "elo1": outcome.sprt.elo1,
            "alpha": outcome.sprt.alpha,
            "beta": outcome.sprt.beta,
            "verdict": verdict_text(outcome.verdict),
        });
    }
    writeln!(out, "{summary}")
}

/// The engines and games of a JSON summary.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// The engines' names, the first engine's first.
    pub names: [String; 2],
    /// The games, as the summary lists them.
    pub games: Vec<CountedGame>,
}

/// A text that is not a JSON match summary: what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a match summary (crownhead match --json): {0}")]
pub struct BadSummary(pub String);

/// Reads the engines and games of a JSON summary.
///
/// # Errors
/// Text that is not JSON, or lacks the engines or a game's number, score or ending.
pub fn read(text: &str) -> Result<Part, BadSummary> {
    let value: Value = serde_json::from_str(text).map_err(|error| BadSummary(error.to_string()))?;
    let names = match value["engines"].as_array().map(Vec::as_slice) {
        Some([Value::String(first), Value::String(second)]) => [first.clone(), second.clone()],
        _ => return Err(BadSummary("no \"engines\": [NAME, NAME]".to_string())),
    };
    let games = value["games"]
        .as_array()
        .ok_or_else(|| BadSummary("no \"games\" array".to_string()))?
        .iter()
        .map(read_game)
        .collect::<Result<_, _>>()?;
    Ok(Part { names, games })
}

fn read_game(game: &Value) -> Result<CountedGame, BadSummary> {
    let bad = || BadSummary(format!("bad game {game}"));
    let number = game["game"].as_u64().filter(|&number| number >= 1).ok_or_else(bad)?;
    let score = match game["score"].as_str() {
        Some("win") => GameScore::Win,
        Some("draw") => GameScore::Draw,
        Some("loss") => GameScore::Loss,
        _ => return Err(bad()),
    };
    let ending = game["ending"].as_str().ok_or_else(bad)?.to_string();
    Ok(CountedGame { index: number - 1, score, ending })
}

fn score_name(score: GameScore) -> &'static str {
    match score {
        GameScore::Win => "win",
        GameScore::Draw => "draw",
        GameScore::Loss => "loss",
    }
}
