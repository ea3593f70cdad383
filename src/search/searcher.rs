//! The searcher: limits in, progress reports out, a stop flag, and the best move (with
//! a move to ponder on) at the end. [`crate::engine`] wraps it for every front end.
//!
//! Threads share one transposition table (Lazy SMP): every thread runs iterative
//! deepening on the same root, helpers one ply deeper on alternate threads and reducing
//! late quiet moves a ply more, and they help each other through the table and by
//! leaving for later the moves another thread is searching (what they share is in
//! [`super::threads`]). The main thread alone keeps time (its [`Timekeeper`]), reports
//! and decides the move (`iterate_main`); a helper only searches, publishing each
//! iteration it completes (`iterate_helper`), and waits in a pool between searches. One
//! iteration is searched alike on both (`deepen`).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};
use std::time::Duration;

use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::egdb::Database;
use crate::network::Network;
use crate::rules::{Game, Move, Position};

use super::alphabeta::{Role, Worker};
use super::limits::{Limits, MAX_DEPTH};
use super::score::Score;
use super::thread_state::ThreadState;
use super::threads::{InProgress, Line, Shared};
use super::time::Timekeeper;
use super::tt::TranspositionTable;
use super::value::{DRAW, without_moves};

/// Stops a running search, or turns pondering into a real search. Shared between the
/// thread that searches and the one that reads commands.
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
}

impl SearchControl {
    /// A control for a normal search, or for pondering (time limits wait for
    /// [`SearchControl::ponder_hit`]).
    pub fn new(pondering: bool) -> SearchControl {
        SearchControl { stop: AtomicBool::new(false), pondering: AtomicBool::new(pondering) }
    }

    /// Asks the search to stop as soon as it can (within a millisecond or so); it then
    /// reports its best move.
    pub fn stop(&self) {
        self.stop.store(true, AtomicOrdering::Relaxed);
    }

    /// The pondered move was played: time limits start counting now.
    pub fn ponder_hit(&self) {
        self.pondering.store(false, AtomicOrdering::Relaxed);
    }
}

/// How a search reports and keeps time, beside its limits: set for the engine, not for
/// one search.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// How many best moves each iteration reports (as UCI's MultiPV).
    pub multipv: usize,
    /// Kept back from every time budget (see `src/search/time.rs`).
    pub move_overhead: Duration,
}

/// A progress report, sent after each completed iteration (once per line in multi-PV).
#[derive(Clone, Debug)]
pub struct Info {
    /// Nominal depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Mean ply of the leaves searched.
    pub mean_depth: f64,
    /// Which line this is, from 1 (multi-PV).
    pub multipv: usize,
    /// The line's score for the side to move.
    pub score: Score,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Nodes per second.
    pub nps: u64,
    /// Permille of the transposition table in use by this search.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best_move: Option<Move>,
    /// The expected reply, to ponder on.
    pub ponder_move: Option<Move>,
    /// The principal variation from the root: the best move, the expected reply and on
    /// (empty when the search was stopped before completing an iteration).
    pub pv: Vec<Move>,
    /// The score of the best move.
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// What the search knows of positions besides searching them: the network that
/// evaluates them, and the endgame database that holds those with few pieces, if any.
#[derive(Clone, Copy, Debug)]
pub struct Knowledge<'a> {
    /// The network.
    pub network: &'a Network,
    /// The endgame database.
    pub egdb: Option<&'a Database>,
}

/// A transposition table, the search threads' own state, and the threads that help the
/// calling thread search.
pub struct Searcher {
    table: TranspositionTable,
    threads: Vec<ThreadState>,
    /// The helper threads, kept waiting between searches: starting a thread per search
    /// delayed each helper's first node by about a quarter of a millisecond, a good part
    /// of a short search. `None` with one thread, or when the system would not start
    /// them (the search then runs on the calling thread alone).
    helpers: Option<ThreadPool>,
}

impl Searcher {
    /// A searcher with a table of `table_mib` MiB searching on `threads` threads.
    pub fn new(table_mib: usize, threads: usize) -> Searcher {
        let mut searcher =
            Searcher { table: TranspositionTable::new(table_mib), threads: Vec::new(), helpers: None };
        searcher.set_threads(threads);
        searcher
    }

    /// Sets the number of search threads (at least one). Should the system refuse to
    /// start the helper threads, the searcher keeps one thread and logs why.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.max(1) - 1;
        if self.helper_count() != helpers {
            self.helpers = None;
            if helpers > 0 {
                match ThreadPoolBuilder::new().num_threads(helpers).build() {
                    Ok(pool) => self.helpers = Some(pool),
                    Err(error) => log::warn!("searching on one thread: no helper threads ({error})"),
                }
            }
        }
        let threads = 1 + self.helper_count();
        self.threads.resize_with(threads, ThreadState::default);
    }

    /// The number of helper threads running.
    fn helper_count(&self) -> usize {
        self.helpers.as_ref().map_or(0, ThreadPool::current_num_threads)
    }

    /// Replaces the transposition table with an empty one of `mib` MiB (the old one is
    /// freed first).
    pub fn set_table_size(&mut self, mib: usize) {
        self.table.resize(mib);
    }

    /// Forgets everything learnt: the next search is unrelated to the last. Quick: the
    /// table is not written (see [`TranspositionTable::clear`]).
    pub fn new_game(&mut self) {
        self.table.clear();
        self.threads.iter_mut().for_each(ThreadState::clear);
    }

    /// Searches the current position of `game` within `limits`, reporting each
    /// completed iteration to `report` as `settings` ask, with what `knowledge` knows.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        settings: Settings,
        knowledge: Knowledge,
        control: &SearchControl,
        mut report: impl FnMut(&Info),
    ) -> SearchResult {
        let history: Vec<_> =
            game.positions().iter().copied().zip(game.move_limit_counts().iter().copied()).collect();
        let root = game.position();
        let nodes = AtomicU64::new(0);
        let deepest = Mutex::new(None);
        let in_progress = InProgress::default();
        self.table.new_search();
        let shared = Shared {
            table: &self.table,
            stop: &control.stop,
            pondering: &control.pondering,
            nodes: &nodes,
            limits: *limits,
            move_overhead: settings.move_overhead,
            deepest: &deepest,
            in_progress: (self.threads.len() > 1).then_some(&in_progress),
            network: knowledge.network,
            egdb: knowledge.egdb,
        };
        let (main_state, helper_states) = self.threads.split_at_mut(1);
        let mut main = |shared: &Shared| {
            let state = &mut main_state[0];
            state.start_search(root.geometry());
            let timekeeper = Timekeeper::new(&shared.limits, shared.move_overhead, shared.pondering);
            let mut worker = Worker::new(shared, state, Role::Main(&timekeeper), &history);
            let multipv = settings.multipv.max(1);
            let result = iterate_main(&mut worker, &timekeeper, shared, root, multipv, &mut report);
            shared.stop.store(true, AtomicOrdering::Relaxed);
            timekeeper.log_time();
            result
        };
        let result = match &self.helpers {
            None => main(&shared),
            Some(pool) => pool.in_place_scope(|scope| {
                for (index, state) in helper_states.iter_mut().enumerate() {
                    let shared = &shared;
                    let history = &history;
                    scope.spawn(move |_| {
                        state.start_search(root.geometry());
                        let mut worker = Worker::new(shared, state, Role::Helper, history);
                        iterate_helper(&mut worker, shared, root, 1 + (index as i32 + 1) % 2);
                    });
                }
                main(&shared)
            }),
        };
        SearchResult { nodes: nodes.load(AtomicOrdering::Relaxed), ..result }
    }
}

/// The deepest iteration `limits` allow.
fn max_depth(limits: &Limits) -> i32 {
    limits.depth.map_or(MAX_DEPTH as i32, |depth| depth.clamp(1, MAX_DEPTH) as i32)
}

/// Iterative deepening on the main thread: reports each completed iteration, stops when
/// `timekeeper` says (its node limit and hard deadline stop the node search itself), takes
/// the deepest iteration a helper completed if deeper, and decides the move.
fn iterate_main(
    worker: &mut Worker,
    timekeeper: &Timekeeper,
    shared: &Shared,
    root: &Position,
    multipv: usize,
    report: &mut dyn FnMut(&Info),
) -> SearchResult {
    let root_moves = root.legal_moves();
    let lines = multipv.min(root_moves.len());
    let forced = root_moves.len() == 1 && shared.limits.clock.is_some();
    let mut best = Vec::new();
    let mut completed = 0;
    for depth in 1..=max_depth(&shared.limits) {
        if !deepen(worker, root, depth, lines, &mut best) {
            break;
        }
        completed = depth;
        send_reports(worker, timekeeper, shared, root, depth, &best, report);
        if timekeeper.stops_after_iteration(forced) {
            break;
        }
    }
    // Lazy SMP: a helper one ply ahead may have completed a deeper iteration.
    if lines == 1
        && let Some((depth, line)) = shared.deeper_than(completed)
    {
        completed = depth;
        best = vec![line];
        send_reports(worker, timekeeper, shared, root, depth, &best, report);
    }
    worker.flush_nodes();
    let line = best.first();
    let pv = line.map_or_else(Vec::new, |line| with_database_reply(shared.egdb, root, line.pv.clone()));
    SearchResult {
        best_move: pv.first().copied().or(root_moves.first().copied()),
        ponder_move: pv.get(1).copied(),
        pv,
        score: Score::from_value(
            line.map_or(if root_moves.is_empty() { without_moves(root, 0) } else { DRAW }, |line| line.score),
        ),
        depth: completed as u32,
        nodes: worker.nodes,
        time: timekeeper.elapsed(),
    }
}

/// `pv` with the database's reply added where it stops after one move into a position
/// the database holds (the search probes such positions rather than searching them), so
/// that there is a move to ponder on.
fn with_database_reply(database: Option<&Database>, root: &Position, mut pv: Vec<Move>) -> Vec<Move> {
    if let ([first], Some(database)) = (pv.as_slice(), database)
        && let Some(reply) = database.best_move(&root.play(first))
    {
        pv.push(reply);
    }
    pv
}

/// Iterative deepening on a helper thread from `first_depth`, one line an iteration,
/// each completed iteration published in `shared` for the main thread, until stopped.
fn iterate_helper(worker: &mut Worker, shared: &Shared, root: &Position, first_depth: i32) {
    let lines = root.legal_moves().len().min(1);
    let max_depth = max_depth(&shared.limits);
    let mut best = Vec::new();
    for depth in first_depth..=max_depth {
        if !deepen(worker, root, depth, lines, &mut best) {
            break;
        }
        shared.publish(depth, &best[0], max_depth);
    }
    worker.flush_nodes();
}

/// One iteration, on any thread: searches `root` to `depth` for its `lines` best moves
/// (multi-PV), each around the score of the line of its rank in `best`, the last
/// iteration's lines, and puts them in `best`, best first. False, leaving `best`, when
/// there is no line to find (no legal move) or the search was stopped before all were
/// found; but a first line found by then that beats the old one with another move
/// replaces it.
fn deepen(worker: &mut Worker, root: &Position, depth: i32, lines: usize, best: &mut Vec<Line>) -> bool {
    if lines == 0 {
        return false;
    }
    let mut found: Vec<Line> = Vec::new();
    for index in 0..lines {
        let excluded: Vec<Move> = found.iter().filter_map(|line| line.pv.first().copied()).collect();
        let guess = best.get(index).map(|line| line.score);
        match worker.search_root(root, depth, guess, &excluded) {
            Some(line) => found.push(line),
            None => break,
        }
    }
    if found.len() < lines {
        if let (Some(new), Some(old)) = (found.first(), best.first_mut())
            && new.score > old.score
            && new.pv.first() != old.pv.first()
        {
            *old = new.clone();
        }
        return false;
    }
    found.sort_by_key(|line| -line.score);
    *best = found;
    true
}

/// Reports the lines of a completed iteration, each with the database's reply where it
/// stops in a position the database holds.
fn send_reports(
    worker: &Worker,
    timekeeper: &Timekeeper,
    shared: &Shared,
    root: &Position,
    depth: i32,
    lines: &[Line],
    report: &mut dyn FnMut(&Info),
) {
    let time = timekeeper.elapsed();
    let nodes = worker.total_nodes();
    let hashfull = worker.hashfull();
    for (index, line) in lines.iter().enumerate() {
        report(&Info {
            depth: depth as u32,
            seldepth: worker.seldepth as u32,
            mean_depth: worker.leaf_plies.0 as f64 / worker.leaf_plies.1.max(1) as f64,
            multipv: index + 1,
            score: Score::from_value(line.score),
            nodes,
            time,
            nps: (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
            hashfull,
            pv: with_database_reply(shared.egdb, root, line.pv.clone()),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_helper_threads_follow_the_thread_count() {
        let mut searcher = Searcher::new(1, 3);
        assert_eq!((searcher.threads.len(), searcher.helper_count()), (3, 2));
        searcher.set_threads(1);
        assert_eq!((searcher.threads.len(), searcher.helper_count()), (1, 0));
        assert!(searcher.helpers.is_none(), "one thread keeps no pool");
        searcher.set_threads(0);
        assert_eq!((searcher.threads.len(), searcher.helper_count()), (1, 0));
        searcher.set_threads(2);
        assert_eq!((searcher.threads.len(), searcher.helper_count()), (2, 1));
    }
}
