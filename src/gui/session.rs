//! One engine per page. A page asks for a session, opens its event stream, and then
//! starts and stops searches in it; what the engine reports goes down the stream as
//! server-sent events. A page may also run one job on engines of its own at a time: a
//! whole-game analysis (`review`) or a game of engine against engine (`duel`). When the
//! page goes, the browser closes the stream: the session is removed, which stops its
//! search and its job and drops their engines.

use std::collections::HashMap;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use super::access::random_hex;
use super::api::{ApiError, GameRequest, line_texts};
use super::duel::{Duel, DuelRequest};
use super::event::{SessionEvent, json};
use super::lessons::LessonSlot;
use super::review::{Review, ReviewRequest};
use super::timing::{ClockRequest, play_limits};
use crate::engine::options::{MULTIPV, STRENGTH};
use crate::engine::{
    Engine, Go, Info, Limits, MAX_STRENGTH, Options, OptionsBuilder, Report, Score, SearchResult,
};
use crate::rules::Position;

/// The most pages with an engine at once: each engine holds a transposition table. A
/// page holds at most three engines at once: its own, and the two of an engine game (a
/// whole-game analysis has one, kept for its lessons until another job starts; a page runs
/// one or the other at a time).
pub const MAX_SESSIONS: usize = 8;

/// How long a new session waits for its page to open the event stream before it is
/// dropped, so that a page that never does holds no engine.
pub const CLAIM_TIMEOUT: Duration = Duration::from_secs(30);

/// The sessions of every page, and the engine options they are made with.
pub struct Sessions {
    options: Options,
    sessions: Mutex<HashMap<String, Session>>,
}

/// A page's engine, and its event stream's ends.
struct Session {
    engine: Engine,
    sender: UnboundedSender<SessionEvent>,
    /// Taken when the page opens the stream.
    receiver: Option<UnboundedReceiver<SessionEvent>>,
    /// Set to stop the page's job on engines of its own, if one runs: a whole-game
    /// analysis or an engine game, one at a time.
    background: Arc<AtomicBool>,
    /// The latest whole-game analysis, for its lessons; emptied when another job starts.
    lessons: LessonSlot,
}

impl Drop for Session {
    /// The whole-game analysis or engine game stops with its session (the engine stops
    /// its search).
    fn drop(&mut self) {
        self.background.store(true, Ordering::Relaxed);
    }
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// A move for the engine to play, within a move time or a clock.
    Play,
    /// Analysis until stopped, with several lines.
    Analyse,
}

/// A search to start.
#[derive(Clone, Debug, Deserialize)]
pub struct GoRequest {
    /// The page's number for the search, given back in its events, so that the page can
    /// tell them from those of a search it has given up.
    pub search: u64,
    /// The game whose position to search.
    #[serde(flatten)]
    pub game: GameRequest,
    /// Play or analyse.
    pub mode: Mode,
    /// Seconds per move, when playing without a clock.
    #[serde(default)]
    pub movetime: Option<f64>,
    /// The clock, when playing with one.
    #[serde(default)]
    pub clock: Option<ClockRequest>,
    /// Lines to analyse, 1 to 5 (play: 1).
    #[serde(default)]
    pub multipv: Option<usize>,
    /// The engine's strength, 1 (weakest) to 10 (full).
    #[serde(default)]
    pub strength: Option<u8>,
}

/// An iteration completed, as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct InfoEvent {
    /// The search it belongs to.
    pub search: u64,
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// The line's number, from 1.
    pub multipv: usize,
    /// The score in men for the side to move.
    pub score: f64,
    /// Plies to the end when the score is a forced win (positive) or loss (negative).
    pub win_in: Option<i64>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u128,
    /// The line, as the move list writes moves.
    pub pv: Vec<String>,
}

/// A search ended.
#[derive(Clone, Debug, Serialize)]
pub struct DoneEvent {
    /// The search it belongs to.
    pub search: u64,
    /// The move to play, if the side to move has one.
    pub best: Option<String>,
    /// The score in men for the side to move.
    pub score: f64,
    /// Plies to the end when the score is a forced win or loss.
    pub win_in: Option<i64>,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The line.
    pub pv: Vec<String>,
}

/// Why a session request failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// No session has that id.
    Unknown,
    /// The session's stream is already open.
    Claimed,
    /// [`MAX_SESSIONS`] pages have an engine.
    Full,
    /// The request is wrong.
    Bad(ApiError),
}

impl Sessions {
    /// No sessions yet; engines will be made with `options`.
    pub fn new(options: Options) -> Sessions {
        Sessions { options, sessions: Mutex::default() }
    }

    /// A new session, its id random; the engine is made now, its table at its first
    /// search.
    ///
    /// # Errors
    /// [`SessionError::Full`]; an operating system with no random bytes.
    pub fn open(&self) -> Result<String, SessionError> {
        let id = random_hex(16).map_err(|error| SessionError::Bad(ApiError::new(error.to_string())))?;
        let mut sessions = self.lock();
        if sessions.len() >= MAX_SESSIONS {
            return Err(SessionError::Full);
        }
        let (sender, receiver) = unbounded_channel();
        let ready = SessionEvent { name: "ready", data: format!("{{\"session\":\"{id}\"}}") };
        let _ = sender.send(ready);
        let session = Session {
            engine: Engine::unprepared(self.options.clone()),
            sender,
            receiver: Some(receiver),
            background: Arc::default(),
            lessons: LessonSlot::default(),
        };
        sessions.insert(id.clone(), session);
        Ok(id)
    }

    /// The receiving end of session `id`'s events, once.
    ///
    /// # Errors
    /// [`SessionError::Unknown`], or [`SessionError::Claimed`] the second time.
    pub fn claim(&self, id: &str) -> Result<UnboundedReceiver<SessionEvent>, SessionError> {
        let mut sessions = self.lock();
        let session = sessions.get_mut(id).ok_or(SessionError::Unknown)?;
        session.receiver.take().ok_or(SessionError::Claimed)
    }

    /// The sessions open, each holding its page's engines.
    pub fn count(&self) -> usize {
        self.lock().len()
    }

    /// Drops session `id` if its stream was never opened.
    pub fn drop_unclaimed(&self, id: &str) {
        let mut sessions = self.lock();
        if sessions.get(id).is_some_and(|session| session.receiver.is_some()) {
            sessions.remove(id);
        }
    }

    /// Removes session `id`: its search stops and its engine is dropped.
    pub fn close(&self, id: &str) {
        let removed = self.lock().remove(id);
        drop(removed);
    }

    /// Starts the search `request` asks for in session `id`, stopping the one running.
    ///
    /// # Errors
    /// An unknown session; a bad game, limit or level; no thread to search on.
    pub fn go(&self, id: &str, request: &GoRequest) -> Result<(), SessionError> {
        let game = request.game.game().map_err(SessionError::Bad)?;
        let limits = limits(request).map_err(SessionError::Bad)?;
        let mut sessions = self.lock();
        let session = sessions.get_mut(id).ok_or(SessionError::Unknown)?;
        let strength = request.strength.unwrap_or(MAX_STRENGTH);
        let options = OptionsBuilder::from_options(session.engine.options().clone(), None)
            .count(&STRENGTH, strength.into());
        session.engine.set_options(
            options.map_err(|error| SessionError::Bad(ApiError::new(error.to_string())))?.build(),
        );
        let (purpose, lines) = match request.mode {
            Mode::Play => (Go::Think, 1),
            Mode::Analyse => (Go::Analyse, request.multipv.unwrap_or(1).clamp(1, MULTIPV.max.min(5))),
        };
        session.engine.set_multipv(lines);
        let (sender, search, position) = (session.sender.clone(), request.search, *game.position());
        let started = session.engine.go(&game, &limits, purpose, move |report| {
            let _ = sender.send(event(search, &position, report));
        });
        started.map(drop).map_err(|error: io::Error| SessionError::Bad(ApiError::new(error.to_string())))
    }

    /// Starts the whole-game analysis `request` asks for in session `id`, on an engine of
    /// its own, stopping the whole-game analysis or engine game running.
    ///
    /// # Errors
    /// An unknown session; a bad game or move time; no thread to run on.
    pub fn review(&self, id: &str, request: &ReviewRequest) -> Result<(), SessionError> {
        let review = Review::new(request).map_err(SessionError::Bad)?;
        let options = self.options.clone();
        self.restart_background(id, |sender, cancel, lessons| review.start(options, sender, cancel, lessons))
    }

    /// Starts the engine game `request` asks for in session `id`, on two engines of its
    /// own, stopping the whole-game analysis or engine game running.
    ///
    /// # Errors
    /// An unknown session; a bad game, limit or level; no thread to run on.
    pub fn duel(&self, id: &str, request: &DuelRequest) -> Result<(), SessionError> {
        let duel = Duel::new(request, &self.options).map_err(SessionError::Bad)?;
        self.restart_background(id, |sender, cancel, _| duel.start(sender, cancel))
    }

    /// Stops session `id`'s whole-game analysis or engine game, if one runs: it sends
    /// nothing more.
    ///
    /// # Errors
    /// An unknown session.
    pub fn stop_background(&self, id: &str) -> Result<(), SessionError> {
        let sessions = self.lock();
        sessions.get(id).ok_or(SessionError::Unknown)?.background.store(true, Ordering::Relaxed);
        Ok(())
    }

    /// Stops session `id`'s job on engines of its own, drops the analysis kept for its
    /// lessons, and starts another job with `start`, given the session's event sender, the
    /// new job's stop flag and the new lesson slot.
    fn restart_background(
        &self,
        id: &str,
        start: impl FnOnce(UnboundedSender<SessionEvent>, Arc<AtomicBool>, LessonSlot) -> io::Result<()>,
    ) -> Result<(), SessionError> {
        let mut sessions = self.lock();
        let session = sessions.get_mut(id).ok_or(SessionError::Unknown)?;
        session.background.store(true, Ordering::Relaxed);
        session.background = Arc::default();
        session.lessons = LessonSlot::default();
        let started =
            start(session.sender.clone(), Arc::clone(&session.background), Arc::clone(&session.lessons));
        started.map_err(|error| SessionError::Bad(ApiError::new(error.to_string())))
    }

    /// Where session `id` keeps its latest whole-game analysis, for its lessons.
    ///
    /// # Errors
    /// An unknown session.
    pub fn lessons(&self, id: &str) -> Result<LessonSlot, SessionError> {
        Ok(Arc::clone(&self.lock().get(id).ok_or(SessionError::Unknown)?.lessons))
    }

    /// Stops session `id`'s search, if one runs; it still reports its result.
    ///
    /// # Errors
    /// An unknown session.
    pub fn stop(&self, id: &str) -> Result<(), SessionError> {
        let mut sessions = self.lock();
        sessions.get_mut(id).ok_or(SessionError::Unknown)?.engine.stop();
        Ok(())
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Session>> {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The limits of the search `request` asks for.
fn limits(request: &GoRequest) -> Result<Limits, ApiError> {
    match request.mode {
        Mode::Analyse => Ok(Limits { infinite: true, ..Limits::default() }),
        Mode::Play => play_limits(request.movetime, request.clock),
    }
}

/// A report as the event the page hears.
fn event(search: u64, position: &Position, report: Report) -> SessionEvent {
    match report {
        Report::Info(info) => SessionEvent { name: "info", data: json(&info_event(search, position, info)) },
        Report::Done(result) => {
            SessionEvent { name: "done", data: json(&done_event(search, position, result)) }
        }
    }
}

fn info_event(search: u64, position: &Position, info: &Info) -> InfoEvent {
    InfoEvent {
        search,
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        score: info.score.men(),
        win_in: win_in(info.score),
        nodes: info.nodes,
        nps: info.nps,
        time_ms: info.time.as_millis(),
        pv: line_texts(position, &info.pv),
    }
}

fn done_event(search: u64, position: &Position, result: &SearchResult) -> DoneEvent {
    DoneEvent {
        search,
        best: result.best_move.map(|mv| position.move_to_text(&mv)),
        score: result.score.men(),
        win_in: win_in(result.score),
        depth: result.depth,
        nodes: result.nodes,
        pv: line_texts(position, &result.pv),
    }
}

/// Plies to a forced end, positive for a win of the side to move.
fn win_in(score: Score) -> Option<i64> {
    let plies = i64::from(score.plies_to_end()?);
    Some(if score.is_win() { plies } else { -plies })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sessions() -> Sessions {
        Sessions::new(Options { table_mib: 1, ..Options::default() })
    }

    fn go(search: u64, mode: Mode) -> GoRequest {
        GoRequest {
            search,
            game: GameRequest { variant: "english".into(), fen: None, moves: vec!["11-15".into()] },
            mode,
            movetime: Some(0.05),
            clock: None,
            multipv: Some(2),
            strength: None,
        }
    }

    #[test]
    fn a_session_plays_a_legal_move_and_reports_it() {
        let sessions = sessions();
        let id = sessions.open().unwrap();
        let mut events = sessions.claim(&id).unwrap();
        assert_eq!(sessions.claim(&id).unwrap_err(), SessionError::Claimed);
        sessions.go(&id, &go(7, Mode::Play)).unwrap();
        assert_eq!(events.blocking_recv().unwrap().name, "ready");
        let done = std::iter::from_fn(|| events.blocking_recv()).find(|event| event.name == "done").unwrap();
        let data: serde_json::Value = serde_json::from_str(&done.data).unwrap();
        assert_eq!(data["search"], 7);
        let best = data["best"].as_str().unwrap().to_string();
        // White's replies to 11-15 in English.
        assert!(
            ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"].contains(&best.as_str()),
            "{best}"
        );
        sessions.close(&id);
        assert!(sessions.lock().is_empty());
        assert_eq!(sessions.go(&id, &go(8, Mode::Play)).unwrap_err(), SessionError::Unknown);
    }

    #[test]
    fn with_the_book_on_the_engine_plays_its_best_move_at_once() {
        let sessions =
            Sessions::new(Options { table_mib: 1, book: true, book_margin: 0, ..Options::default() });
        let id = sessions.open().unwrap();
        let mut events = sessions.claim(&id).unwrap();
        let mut request = go(2, Mode::Play);
        request.game.moves.clear();
        sessions.go(&id, &request).unwrap();
        let mut seen = Vec::new();
        while seen.last().is_none_or(|event: &SessionEvent| event.name != "done") {
            seen.push(events.blocking_recv().unwrap());
        }
        assert!(seen.iter().all(|event| event.name != "info"), "a search, not the book");
        let data: serde_json::Value = serde_json::from_str(&seen.last().unwrap().data).unwrap();
        // The built-in English book's best first move (0.10 men; 9-14 is next, at -0.02).
        assert_eq!(data["best"], "11-15");
    }

    #[test]
    fn analysis_runs_until_stopped_with_the_lines_asked_for() {
        let sessions = sessions();
        let id = sessions.open().unwrap();
        let mut events = sessions.claim(&id).unwrap();
        sessions.go(&id, &go(1, Mode::Analyse)).unwrap();
        let second_line =
            std::iter::from_fn(|| events.blocking_recv()).find(|event| event.data.contains("\"multipv\":2"));
        assert!(second_line.is_some());
        sessions.stop(&id).unwrap();
        assert!(std::iter::from_fn(|| events.blocking_recv()).any(|event| event.name == "done"));
    }

    #[test]
    fn a_whole_game_is_reviewed_move_by_move() {
        let sessions = sessions();
        let id = sessions.open().unwrap();
        let mut events = sessions.claim(&id).unwrap();
        // English: 9-14 lets White take two for one (22-18 14x23 27x11 and on).
        let game =
            GameRequest { variant: "english".into(), fen: None, moves: vec!["9-14".into(), "22-18".into()] };
        sessions.review(&id, &ReviewRequest { search: 3, game, movetime: 0.05 }).unwrap();
        let review =
            std::iter::from_fn(|| events.blocking_recv()).find(|event| event.name == "review").unwrap();
        let data: serde_json::Value = serde_json::from_str(&review.data).unwrap();
        assert_eq!(data["search"], 3);
        assert_eq!(data["comments"].as_array().unwrap().len(), 2);
        assert!(data["comments"].as_array().unwrap().iter().all(serde_json::Value::is_string));
        assert!(data["chart"].as_str().unwrap().starts_with("<svg"));
    }

    #[test]
    fn bad_searches_are_refused_and_sessions_are_bounded() {
        let sessions = sessions();
        let id = sessions.open().unwrap();
        let mut bad = go(1, Mode::Play);
        bad.strength = Some(11);
        assert!(matches!(sessions.go(&id, &bad), Err(SessionError::Bad(_))));
        bad = go(1, Mode::Play);
        bad.movetime = Some(-1.0);
        assert!(matches!(sessions.go(&id, &bad), Err(SessionError::Bad(_))));
        while sessions.lock().len() < MAX_SESSIONS {
            sessions.open().unwrap();
        }
        assert_eq!(sessions.open().unwrap_err(), SessionError::Full);
        sessions.drop_unclaimed(&id);
        assert_eq!(sessions.lock().len(), MAX_SESSIONS - 1);
    }
}
