//! Whole-game analysis for the page: every position of the game searched in turn on a
//! thread of its own, with an engine of its own, by the engine's game analysis
//! ([`crate::engine::analysis`]: mistakes and blunders, comments) and drawn as
//! `analyse-game`'s score chart ([`crate::render::chart_svg`]); progress and the result
//! go to the page as events of its session, and the analysis stays there for its lessons
//! (`lessons`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc::UnboundedSender;

use super::api::{ApiError, GameRequest};
use super::event::{SessionEvent, json};
use super::lessons::{Analysed, LessonSlot, lock};
use crate::engine::analysis::annotate;
use crate::engine::{Engine, Limits, Options};
use crate::render::chart_svg::analysis_chart_svg;
use crate::rules::{Game, PdnGame};

/// A game to analyse move by move.
#[derive(Clone, Debug, Deserialize)]
pub struct ReviewRequest {
    /// The page's number for the analysis, given back in its events.
    pub search: u64,
    /// The game.
    #[serde(flatten)]
    pub game: GameRequest,
    /// Seconds to search each position.
    pub movetime: f64,
}

/// How far the analysis has come.
#[derive(Clone, Debug, Serialize)]
pub struct ProgressEvent {
    /// The analysis it belongs to.
    pub search: u64,
    /// Moves analysed.
    pub done: usize,
    /// Moves in all.
    pub total: usize,
}

/// The finished analysis.
#[derive(Clone, Debug, Serialize)]
pub struct ReviewEvent {
    /// The analysis it belongs to.
    pub search: u64,
    /// The comment on each move: its score, the engine's choice when it differs, and the
    /// judgement (as `analyse-game` writes them).
    pub comments: Vec<Option<String>>,
    /// `mistake`, `blunder` or nothing, for each move.
    pub marks: Vec<Option<&'static str>>,
    /// The score chart, an SVG document.
    pub chart: String,
}

/// A review to run: the game and its limits, checked.
pub struct Review {
    search: u64,
    game: Game,
    limits: Limits,
}

impl Review {
    /// The review `request` asks for.
    ///
    /// # Errors
    /// A bad game or move time.
    pub fn new(request: &ReviewRequest) -> Result<Review, ApiError> {
        let game = request.game.game()?;
        let limits =
            Limits::move_time_seconds(request.movetime).map_err(|error| ApiError::new(error.to_string()))?;
        Ok(Review { search: request.search, game, limits })
    }

    /// Runs the review on a thread of its own with an engine made with `options`,
    /// sending its events to `sender`, until it ends or `cancel` is set; the analysis,
    /// with its engine, goes into `lessons` before its last event.
    ///
    /// # Errors
    /// No thread to run on.
    pub fn start(
        self,
        options: Options,
        sender: UnboundedSender<SessionEvent>,
        cancel: Arc<AtomicBool>,
        lessons: LessonSlot,
    ) -> std::io::Result<()> {
        std::thread::Builder::new()
            .name("review".into())
            .spawn(move || self.run(options, &sender, &cancel, &lessons))?;
        Ok(())
    }

    fn run(
        self,
        options: Options,
        sender: &UnboundedSender<SessionEvent>,
        cancel: &AtomicBool,
        lessons: &LessonSlot,
    ) {
        let search = self.search;
        let progress = |done, total| {
            let _ = sender
                .send(SessionEvent { name: "progress", data: json(&ProgressEvent { search, done, total }) });
        };
        let cancelled = || cancel.load(Ordering::Relaxed);
        let Some(analysed) =
            Analysed::analyse(self.game, Engine::new(options), self.limits, cancelled, progress)
        else {
            return;
        };
        let pdn = PdnGame::from_game(analysed.game());
        let analysis = analysed.plies();
        let annotated = annotate(&pdn, analysis, "crownhead gui");
        let review = ReviewEvent {
            search,
            comments: annotated.moves.iter().map(|pdn_move| pdn_move.comment.clone()).collect(),
            marks: analysis.iter().map(|ply| ply.judgement().map(|judgement| judgement.name())).collect(),
            chart: analysis_chart_svg(&pdn, analysis),
        };
        *lock(lessons) = Some(analysed);
        let _ = sender.send(SessionEvent { name: "review", data: json(&review) });
    }
}
