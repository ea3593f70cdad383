//! The analyse command: search a position and print the engine's progress, as text
//! lines or one JSON object per line for scripts.

use std::io::{self, Write};

use serde_json::json;

use crate::engine::{Engine, Info, Limits};
use crate::rules::{Game, Position};

/// How the analysis is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// `depth=... score=... pv=...` lines, then `bestmove M [ponder M]`.
    Text,
    /// One JSON object per line.
    Json,
}

/// Searches the current position of `game` and prints every report (as many lines as
/// the engine's multi-PV option asks) and the best move.
///
/// # Errors
/// Only from writing to `out`.
pub fn run(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    output: Output,
    out: &mut impl Write,
) -> io::Result<()> {
    let root = *game.position();
    let mut written = Ok(());
    let result = engine.analyse(game, limits, |info| {
        if written.is_ok() {
            written = write_info(out, &root, info, output);
        }
    });
    written?;
    let best = result.best_move.map(|mv| root.move_to_text(&mv));
    let ponder =
        result.best_move.zip(result.ponder_move).map(|(best, ponder)| root.play(&best).move_to_text(&ponder));
    match output {
        Output::Json => writeln!(out, "{}", json!({ "bestmove": best, "ponder": ponder })),
        Output::Text => match (best, ponder) {
            (Some(best), Some(ponder)) => writeln!(out, "bestmove {best} ponder {ponder}"),
            (Some(best), None) => writeln!(out, "bestmove {best}"),
            (None, _) => writeln!(out, "bestmove none"),
        },
    }
}

/// Prints the opening book's moves in the position `game` has reached, best first,
/// each with its value for the side that plays it (the book the engine plays from:
/// [`Engine::book`]); nothing where the book has none. Text lines are `book MOVE VALUE`
/// (in men), the JSON object `{"book": [{"move": M, "cp": C}, ...]}`.
///
/// # Errors
/// Only from writing to `out`.
pub fn write_book(engine: &Engine, game: &Game, output: Output, out: &mut impl Write) -> io::Result<()> {
    let position = game.position();
    let moves = engine.book(position.variant()).map(|book| book.moves(position)).unwrap_or_default();
    if moves.is_empty() {
        return Ok(());
    }
    match output {
        Output::Text => moves.iter().try_for_each(|book_move| {
            writeln!(out, "book {} {:.2}", position.move_to_text(&book_move.mv), book_move.men())
        }),
        Output::Json => {
            let moves: Vec<_> = (moves.iter())
                .map(|book_move| json!({ "move": position.move_to_text(&book_move.mv), "cp": book_move.centi_men }))
                .collect();
            writeln!(out, "{}", json!({ "book": moves }))
        }
    }
}

fn write_info(out: &mut impl Write, root: &Position, info: &Info, output: Output) -> io::Result<()> {
    let pv = root.line_to_text(&info.pv, Position::move_to_text);
    match output {
        Output::Text => writeln!(
            out,
            "depth={} seldepth={} multipv={} score={} nodes={} nps={} time={:.3} hashfull={} pv={}",
            info.depth,
            info.seldepth,
            info.multipv,
            info.score,
            info.nodes,
            info.nps,
            info.time.as_secs_f64(),
            info.hashfull,
            pv.join(" ")
        ),
        Output::Json => {
            let score = match info.score.plies_to_end() {
                Some(plies) if info.score.is_win() => json!({ "win": plies }),
                Some(plies) => json!({ "loss": plies }),
                None => json!({ "cp": info.score.centi_men() }),
            };
            let line = json!({
                "depth": info.depth,
                "seldepth": info.seldepth,
                "multipv": info.multipv,
                "score": score,
                "nodes": info.nodes,
                "nps": info.nps,
                "time": info.time.as_secs_f64(),
                "hashfull": info.hashfull,
                "pv": pv,
            });
            writeln!(out, "{line}")
        }
    }
}
