//! `analyse_game`: every move of a game given the engine's score, its choice and a
//! mistake or blunder mark, computed by the engine's game analysis, which
//! `crownhead analyse-game` shares (`crownhead::engine::analysis`).

use crownhead::engine::Go;
use crownhead::engine::analysis::{PlyAnalysis, analyse_with, annotate};
use pyo3::prelude::*;

use crate::engine::{PyEngine, PyScore, limits};
use crate::game::PyGame;
use crate::moves::PyMove;

/// The engine's view of one move of a game, as `crownhead analyse-game` writes it.
#[pyclass(name = "MoveAnalysis", module = "crownhead", frozen, get_all)]
#[derive(Clone)]
pub struct PyMoveAnalysis {
    /// The move played.
    #[pyo3(name = "move")]
    played: PyMove,
    /// The score after the move played, for the side that played it.
    score: PyScore,
    /// The engine's choice in the position the move was played in (`None` if it had
    /// none).
    best_move: Option<PyMove>,
    /// The score of that position with the engine's choice, for the side to move.
    best_score: PyScore,
    /// The men the move played gave away against the engine's choice (0 when it was the
    /// engine's choice).
    loss: f64,
    /// `"mistake"` (0.40 men or more given away), `"blunder"` (0.90 or more) or `None`.
    judgement: Option<&'static str>,
    /// The comment `crownhead analyse-game` writes after the move: the score from the
    /// first player's side, the engine's choice when it differs, and the judgement.
    comment: String,
}

#[pymethods]
impl PyMoveAnalysis {
    fn __repr__(&self) -> String {
        format!("<MoveAnalysis {} {{{}}}>", self.played.text_of(), self.comment)
    }
}

/// The analysis of `ply`, with the comment `annotate` wrote for it.
fn move_analysis(ply: &PlyAnalysis, comment: String) -> PyMoveAnalysis {
    PyMoveAnalysis {
        played: PyMove::new(ply.played, ply.from),
        score: PyScore { score: ply.played_score },
        best_move: ply.best.map(|best| PyMove::new(best, ply.from)),
        best_score: PyScore { score: ply.best_score },
        loss: f64::from(ply.loss()) / 100.0,
        judgement: ply.judgement().map(|judgement| judgement.name()),
        comment,
    }
}

/// Analyses every move of `game` as `crownhead analyse-game` does: each position is
/// searched to `depth`, for `movetime` seconds or about `nodes` nodes (at least one
/// limit), and each move gets its score, the engine's choice and a mistake or blunder
/// mark. Searches with `engine` (its table is cleared first), or with a new one-thread
/// engine. Ctrl-C stops the analysis and raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (game, depth = None, movetime = None, nodes = None, engine = None))]
pub fn analyse_game(
    py: Python<'_>,
    game: PyRef<'_, PyGame>,
    depth: Option<u32>,
    movetime: Option<f64>,
    nodes: Option<u64>,
    engine: Option<PyRefMut<'_, PyEngine>>,
) -> PyResult<Vec<PyMoveAnalysis>> {
    let limits = limits(depth, movetime, nodes)?;
    let pdn = game.to_pdn_game(py)?;
    drop(game);
    let mut own = None;
    let mut borrowed = engine;
    let engine: &mut PyEngine = match borrowed.as_deref_mut() {
        Some(engine) => engine,
        None => own.insert(PyEngine::with_defaults()),
    };
    engine.engine().new_game();
    let mut interrupted = None;
    let analysis = analyse_with(
        &pdn,
        |position| match engine.search(py, position, &limits, Go::Analyse) {
            Ok((result, _)) => Some(result),
            Err(error) => {
                interrupted = Some(error);
                None
            }
        },
        |_, _| {},
    );
    if let Some(error) = interrupted {
        return Err(error);
    }
    let annotator = format!("crownhead {}", env!("CARGO_PKG_VERSION"));
    let annotated = annotate(&pdn, &analysis, &annotator);
    Ok(analysis
        .iter()
        .zip(annotated.moves)
        .map(|(ply, annotated)| move_analysis(ply, annotated.comment.unwrap_or_default()))
        .collect())
}
