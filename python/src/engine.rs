//! `Engine`, `Score`, `Line` and `Analysis`: the search from Python. A search runs on the
//! engine's own thread ([`Engine::go`]) while the calling thread, without the GIL, waits
//! for it and looks for signals every few milliseconds: Ctrl-C stops the search and
//! raises `KeyboardInterrupt`.

use std::path::PathBuf;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crownhead::engine::options::{
    BOOK, BOOK_FILE, BOOK_MARGIN, BOOK_PLY, Count, EGDB_PATH, ENGINE_OPTIONS, EVAL_FILE, EngineOption,
    MOVE_OVERHEAD, MULTIPV, PathOption, STRENGTH, THREADS, TT_SIZE,
};
use crownhead::engine::{Engine, Go, Info, Limits, OptionError, OptionsBuilder, Report, Score, SearchResult};
use crownhead::rules::{Game, Variant};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::value_error;
use crate::game::PyGame;
use crate::moves::PyMove;

/// A depth beyond any the search reaches, which every larger one is cut to.
const DEEPEST: u32 = 1 << 16;

/// How often a waiting search looks for signals (Ctrl-C).
const SIGNAL_POLL: Duration = Duration::from_millis(10);

/// `builder` with the whole-number option `option` set to `value`: Python passes any
/// whole number, and one that does not even fit (a negative one, say) is refused in the
/// engine's own words, as one out of range.
fn count(builder: OptionsBuilder, option: &Count, value: i64) -> Result<OptionsBuilder, OptionError> {
    let value = usize::try_from(value).map_err(|_| option.refused(value))?;
    builder.count(option, value)
}

/// `builder` with the path option `option` read from `path`, or left at its default
/// for `None`.
fn path(
    builder: OptionsBuilder,
    option: &PathOption,
    path: Option<PathBuf>,
) -> Result<OptionsBuilder, OptionError> {
    match path {
        Some(path) => builder.read(option, &path),
        None => Ok(builder),
    }
}

/// The engine's options as Python sees them, one dict each (`crownhead.ENGINE_OPTIONS`):
/// Hub's `name`, the `keyword` of `Engine(...)`, the `type` (`int`, `bool` or `path`),
/// the `default`, an int's `min` and `max`, and the `help`. Made from the engine's own
/// table, so that a GUI or a test can read what `Engine` takes.
pub fn engine_options(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    ENGINE_OPTIONS
        .iter()
        .map(|option| {
            let dict = PyDict::new(py);
            dict.set_item("name", option.name())?;
            dict.set_item("keyword", option.name().replace('-', "_"))?;
            dict.set_item("help", option.help())?;
            match option {
                EngineOption::Count(count) => {
                    dict.set_item("type", "int")?;
                    dict.set_item("default", count.default)?;
                    dict.set_item("min", count.min)?;
                    dict.set_item("max", count.max)?;
                }
                EngineOption::Switch(switch) => {
                    dict.set_item("type", "bool")?;
                    dict.set_item("default", switch.default)?;
                }
                EngineOption::Path(_) => {
                    dict.set_item("type", "path")?;
                    dict.set_item("default", py.None())?;
                }
            }
            Ok(dict)
        })
        .collect()
}

/// A search score for the side to move: an evaluation in men, or a win or loss in a known
/// number of plies. Scores compare as the engine orders them (a quicker win is better).
#[pyclass(name = "Score", module = "crownhead", frozen)]
#[derive(Clone, Copy)]
pub struct PyScore {
    /// The score.
    pub score: Score,
}

#[pymethods]
impl PyScore {
    /// The score in men (a man is 1.0); a win in N plies is `100 - N/100`, a loss its
    /// negation, as Hub and the command line print them.
    #[getter]
    fn men(&self) -> f64 {
        self.score.men()
    }

    /// The score in centi-men (a man is 100); a win in N plies is `10000 - N`.
    #[getter]
    fn centi_men(&self) -> i32 {
        self.score.centi_men()
    }

    /// Whether the score is a forced win or loss rather than an evaluation.
    #[getter]
    fn is_decisive(&self) -> bool {
        self.score.is_decisive()
    }

    /// Plies to the end of the game when the side to move wins by force, else `None`.
    #[getter]
    fn win_in(&self) -> Option<u32> {
        self.score.is_win().then(|| self.score.plies_to_end()).flatten()
    }

    /// Plies to the end of the game when the side to move loses by force, else `None`.
    #[getter]
    fn loss_in(&self) -> Option<u32> {
        (self.score.is_decisive() && !self.score.is_win()).then(|| self.score.plies_to_end()).flatten()
    }

    fn __float__(&self) -> f64 {
        self.score.men()
    }

    /// Men with two decimals, as the command line prints scores: `0.25`, `99.95`.
    fn __str__(&self) -> String {
        self.score.to_string()
    }

    fn __repr__(&self) -> String {
        match (self.win_in(), self.loss_in()) {
            (Some(plies), _) => format!("Score(win in {plies})"),
            (_, Some(plies)) => format!("Score(loss in {plies})"),
            _ => format!("Score({:+.2})", self.score.men()),
        }
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<PyScore>() {
            Ok(other) => Ok(op
                .matches(self.score.cmp(&other.get().score))
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind()),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.score.centi_men().cast_unsigned())
    }
}

/// One line of a multi-PV search: its rank (from 1), score, depth and moves.
#[pyclass(name = "Line", module = "crownhead", frozen, get_all)]
#[derive(Clone)]
pub struct PyLine {
    /// The line's rank, 1 for the best.
    multipv: usize,
    /// Its score for the side to move.
    score: PyScore,
    /// The depth it was searched to.
    depth: u32,
    /// The deepest ply reached.
    seldepth: u32,
    /// The principal variation, its first move first.
    pv: Vec<PyMove>,
}

#[pymethods]
impl PyLine {
    fn __repr__(&self) -> String {
        let pv: Vec<String> = self.pv.iter().map(|mv| mv.text_of()).collect();
        format!("<Line {} score {} depth {}: {}>", self.multipv, self.score.score, self.depth, pv.join(" "))
    }
}

/// What a search found: the best move and its score, the depth, nodes and time, the
/// principal variation and, in multi-PV, every line.
#[pyclass(name = "Analysis", module = "crownhead", frozen, get_all)]
#[derive(Clone)]
pub struct PyAnalysis {
    /// The move to play; `None` only when the side to move has no legal move.
    best_move: Option<PyMove>,
    /// The expected reply, if any.
    ponder: Option<PyMove>,
    /// The best move's score for the side to move.
    score: PyScore,
    /// The last completed depth.
    depth: u32,
    /// Nodes searched, all threads together.
    nodes: u64,
    /// Seconds taken.
    time: f64,
    /// Nodes per second.
    nps: u64,
    /// The principal variation, the best move first.
    pv: Vec<PyMove>,
    /// Each line of the last report per rank, the best first (one unless `multipv`).
    lines: Vec<PyLine>,
}

#[pymethods]
impl PyAnalysis {
    fn __repr__(&self) -> String {
        let pv: Vec<String> = self.pv.iter().map(|mv| mv.text_of()).collect();
        format!(
            "<Analysis score {} depth {} nodes {} time {:.3}: {}>",
            self.score.score,
            self.depth,
            self.nodes,
            self.time,
            pv.join(" ")
        )
    }
}

/// The search: options (threads, table size, a network file, the strength level, the
/// move overhead), its transposition table and threads, kept from one search to the next.
#[pyclass(name = "Engine", module = "crownhead", subclass)]
pub struct PyEngine {
    engine: Engine,
    /// The rule set the engine was made for, if one was named: games of others are
    /// refused.
    variant: Option<Variant>,
}

impl PyEngine {
    /// An engine with the default options.
    pub fn with_defaults() -> PyEngine {
        PyEngine { engine: Engine::default(), variant: None }
    }

    /// Refuses a game of another rule set than the engine's.
    fn check_game(&self, game: &Game) -> PyResult<()> {
        let variant = game.position().variant();
        match self.variant {
            Some(mine) if mine != variant => {
                Err(value_error(format!("this engine analyses {mine} games, not {variant}")))
            }
            _ => Ok(()),
        }
    }

    /// The engine itself, to search with.
    pub fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// Searches `game`'s position within `limits` on the engine's thread, waiting without
    /// the GIL; returns the result and every iteration's report. A signal handler that
    /// raises (Ctrl-C's `KeyboardInterrupt`) stops the search, which is waited for, and
    /// the exception is returned.
    pub fn search(
        &mut self,
        py: Python<'_>,
        game: &Game,
        limits: &Limits,
        purpose: Go,
    ) -> PyResult<(SearchResult, Vec<Info>)> {
        self.check_game(game)?;
        let infos = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&infos);
        let (done, finished) = mpsc::channel();
        let handle = self
            .engine
            .go(game, limits, purpose, move |report| match report {
                Report::Info(info) => sink.lock().unwrap_or_else(PoisonError::into_inner).push(info.clone()),
                Report::Done(_) => {
                    let _ = done.send(());
                }
            })
            .map_err(|error| PyRuntimeError::new_err(format!("cannot start the search thread: {error}")))?;
        let mut finished = finished;
        loop {
            // The receiver is moved in and out: it may not be shared with the detached
            // closure.
            let (back, received) = py.detach(move || {
                let received = finished.recv_timeout(SIGNAL_POLL);
                (finished, received)
            });
            finished = back;
            match received {
                Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(interrupt) = py.check_signals() {
                        handle.stop();
                        py.detach(|| handle.wait());
                        return Err(interrupt);
                    }
                }
            }
        }
        let result = py.detach(|| handle.wait());
        let infos = std::mem::take(&mut *infos.lock().unwrap_or_else(PoisonError::into_inner));
        Ok((result, infos))
    }
}

/// The limits of a search from Python's arguments: at least one is needed.
pub fn limits(depth: Option<u32>, movetime: Option<f64>, nodes: Option<u64>) -> PyResult<Limits> {
    if depth.is_none() && movetime.is_none() && nodes.is_none() {
        return Err(PyValueError::new_err("give a limit: depth, movetime (seconds) or nodes"));
    }
    if depth == Some(0) || nodes == Some(0) {
        return Err(PyValueError::new_err("depth and nodes must be at least 1"));
    }
    let move_time = match movetime {
        Some(seconds) => Some(
            Duration::try_from_secs_f64(seconds).ok().filter(|time| !time.is_zero()).ok_or_else(|| {
                PyValueError::new_err(format!("movetime must be a positive number of seconds, not {seconds}"))
            })?,
        ),
        None => None,
    };
    // The search takes depths past its deepest (120 plies) as that; a depth of 2^31 or
    // more would wrap to a negative one in the search, so it is cut first.
    let depth = depth.map(|depth| depth.min(DEEPEST));
    Ok(Limits { depth, nodes, move_time, ..Limits::default() })
}

#[pymethods]
impl PyEngine {
    /// An engine for `variant` (`None`: any rule set) with `threads` search threads, a
    /// transposition table of `tt_size` MiB, the network file `eval_file` (made by
    /// `crownhead train`; `None`: the built-in network of each rule set) and the endgame
    /// databases under `egdb_path`.
    ///
    /// `egdb_path` is the directory `crownhead egdb build --dir` writes to, each rule
    /// set's databases in a directory of its own below it; the search probes positions
    /// with few enough pieces there (a database win scores 50 men plus the evaluation).
    /// `None` is where `crownhead egdb build` writes by default, as for Hub and the
    /// command line. Where the directory holds fewer pieces than the rule set's built-in
    /// database (or none), the built-in one is probed; `""` is none at all.
    ///
    /// The keywords are the engine's options (`crownhead.ENGINE_OPTIONS`), named as Hub
    /// names them with `_` for `-`.
    ///
    /// `best_move` takes its move from the opening book where `book` is on and the book
    /// (`book_file`, made by `crownhead book build`; `None`: the rule set's built-in
    /// one) has one, fewer than `book_ply` plies from the start, drawn among the moves
    /// within `book_margin` centi-men of the best. `analyse` always searches.
    ///
    /// `strength` is how well `best_move` plays, from 1 (weakest) to 10 (full strength),
    /// as Hub's `strength` and `crownhead play --strength`: below 10 its searches are cut
    /// short and now and then play a slightly worse move; `analyse` is always at full
    /// strength. `move_overhead` is the milliseconds (0 to 10000) kept back from every
    /// move's time for what happens outside the search, as Hub's `move-overhead`: a
    /// `movetime` search stops that much sooner (but searches at least a millisecond).
    ///
    /// Raises ValueError for an unknown rule set, an out-of-range number, a network file
    /// that cannot be read or was trained for other rule sets than `variant`, an
    /// `egdb_path` that is not a directory, or a book file that cannot be read or is of
    /// another rule set.
    #[new]
    #[pyo3(signature = (
        variant = None, threads = THREADS.default as i64, tt_size = TT_SIZE.default as i64, eval_file = None,
        egdb_path = None, book = BOOK.default, book_file = None, book_ply = BOOK_PLY.default as i64,
        book_margin = BOOK_MARGIN.default as i64, strength = STRENGTH.default as i64,
        move_overhead = MOVE_OVERHEAD.default as i64
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        variant: Option<&str>,
        threads: i64,
        tt_size: i64,
        eval_file: Option<PathBuf>,
        egdb_path: Option<PathBuf>,
        book: bool,
        book_file: Option<PathBuf>,
        book_ply: i64,
        book_margin: i64,
        strength: i64,
        move_overhead: i64,
    ) -> PyResult<PyEngine> {
        let variant = variant.map(crate::errors::variant).transpose()?;
        let counts = [
            (THREADS, threads),
            (TT_SIZE, tt_size),
            (BOOK_PLY, book_ply),
            (BOOK_MARGIN, book_margin),
            (STRENGTH, strength),
            (MOVE_OVERHEAD, move_overhead),
        ];
        let paths = [(BOOK_FILE, book_file), (EVAL_FILE, eval_file), (EGDB_PATH, egdb_path)];
        let builder = OptionsBuilder::new(variant).default_egdb().switch(&BOOK, book);
        let options = counts
            .into_iter()
            .try_fold(builder, |builder, (option, value)| count(builder, &option, value))
            .and_then(|builder| {
                paths.into_iter().try_fold(builder, |builder, (option, value)| path(builder, &option, value))
            })
            .map_err(value_error)?
            .build();
        Ok(PyEngine { engine: Engine::new(options), variant })
    }

    /// The rule set the engine was made for, or `None` for any.
    #[getter]
    fn variant(&self) -> Option<&'static str> {
        self.variant.map(Variant::name)
    }

    /// The number of search threads.
    #[getter]
    fn threads(&self) -> usize {
        self.engine.options().threads
    }

    /// The transposition table's size in MiB.
    #[getter]
    fn tt_size(&self) -> usize {
        self.engine.options().table_mib
    }

    /// The strength level `best_move` plays at, 1 (weakest) to 10 (full strength).
    #[getter]
    fn strength(&self) -> u8 {
        self.engine.options().strength
    }

    /// The milliseconds kept back from every move's time (a `movetime` search's too).
    #[getter]
    fn move_overhead(&self) -> u128 {
        self.engine.options().move_overhead.as_millis()
    }

    /// Searches the position `game` has reached to `depth` plies, for `movetime`
    /// seconds (less the move overhead) or about `nodes` nodes (the first limit reached
    /// stops it; at least one is needed), reporting the `multipv` best lines, at full
    /// strength whatever the engine's `strength`. The search runs without the GIL;
    /// Ctrl-C stops it and raises KeyboardInterrupt.
    #[pyo3(signature = (game, depth = None, movetime = None, nodes = None, multipv = MULTIPV.default as i64))]
    fn analyse(
        &mut self,
        py: Python<'_>,
        game: PyRef<'_, PyGame>,
        depth: Option<u32>,
        movetime: Option<f64>,
        nodes: Option<u64>,
        multipv: i64,
    ) -> PyResult<PyAnalysis> {
        let limits = limits(depth, movetime, nodes)?;
        let options =
            count(OptionsBuilder::from_options(self.engine.options().clone(), None), &MULTIPV, multipv);
        let multipv = options.map_err(value_error)?.build().multipv;
        let game = game.game.clone();
        self.engine.set_multipv(multipv);
        let searched = self.search(py, &game, &limits, Go::Analyse);
        self.engine.set_multipv(1);
        let (result, infos) = searched?;
        let position = *game.position();
        let mut lines: Vec<PyLine> = Vec::new();
        for info in infos.iter().rev() {
            if !lines.iter().any(|line| line.multipv == info.multipv) {
                lines.push(PyLine {
                    multipv: info.multipv,
                    score: PyScore { score: info.score },
                    depth: info.depth,
                    seldepth: info.seldepth,
                    pv: PyMove::line(&position, &info.pv),
                });
            }
        }
        lines.sort_by_key(|line| line.multipv);
        let seconds = result.time.as_secs_f64();
        Ok(PyAnalysis {
            best_move: result.best_move.map(|mv| PyMove::new(mv, position)),
            ponder: result
                .ponder_move
                .zip(result.best_move)
                .map(|(ponder, best)| PyMove::new(ponder, position.play(&best))),
            score: PyScore { score: result.score },
            depth: result.depth,
            nodes: result.nodes,
            time: seconds,
            nps: if seconds > 0.0 { (result.nodes as f64 / seconds) as u64 } else { 0 },
            pv: PyMove::line(&position, &result.pv),
            lines,
        })
    }

    /// The move the engine would play in the position `game` has reached: from the
    /// opening book where the engine plays from one and it has a move there, else the
    /// search's choice within `analyse`'s limits at the engine's `strength` (below 10,
    /// a search cut short that now and then plays a slightly worse move). `None` when
    /// the side to move has no move.
    #[pyo3(signature = (game, depth = None, movetime = None, nodes = None))]
    fn best_move(
        &mut self,
        py: Python<'_>,
        game: PyRef<'_, PyGame>,
        depth: Option<u32>,
        movetime: Option<f64>,
        nodes: Option<u64>,
    ) -> PyResult<Option<PyMove>> {
        let limits = limits(depth, movetime, nodes)?;
        let game = game.game.clone();
        let (result, _) = self.search(py, &game, &limits, Go::Think)?;
        Ok(result.best_move.map(|mv| PyMove::new(mv, *game.position())))
    }

    /// The opening book's moves in the position `game` has reached, best first, each
    /// with its value in men for the side that plays it: the book `best_move` uses (whether
    /// or not `book` is on); empty where the book has no move or the rule set no book.
    fn book_moves(&self, game: PyRef<'_, PyGame>) -> Vec<(PyMove, f64)> {
        let position = *game.game.position();
        let Some(book) = self.engine.book(position.variant()) else { return Vec::new() };
        (book.moves(&position).into_iter())
            .map(|book_move| (PyMove::new(book_move.mv, position), book_move.men()))
            .collect()
    }

    /// Forgets everything learnt (the transposition table): the next search is
    /// unrelated to the last.
    fn new_game(&mut self) {
        self.engine.new_game();
    }

    fn __repr__(&self) -> String {
        let variant = self.variant.map_or("None".to_string(), |variant| format!("'{variant}'"));
        format!(
            "<crownhead.Engine variant={variant} threads={} tt_size={} strength={}>",
            self.threads(),
            self.tt_size(),
            self.strength()
        )
    }
}
