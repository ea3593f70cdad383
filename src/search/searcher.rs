//! The searcher: limits in, progress reports out, a stop flag, and the best move (with
//! a move to ponder on) at the end. [`crate::engine`] wraps it for every front end.
//!
//! Threads share one transposition table (Lazy SMP): every thread runs iterative
//! deepening on the same root, helpers one ply deeper on alternate threads and reducing
//! late quiet moves a ply more, and they help each other through the table and by
//! leaving for later the moves another thread is searching (what they share is in
//! [`super::threads`]). The main thread alone watches the clock, reports and decides the
//! move; the helpers wait in a pool between searches.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};
use std::time::Duration;

use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::egdb::Database;
use crate::network::Network;
use crate::rules::{Game, Move};

use super::alphabeta::Worker;
use super::limits::{Limits, MAX_DEPTH};
use super::score::Score;
use super::thread_state::ThreadState;
use super::threads::{InProgress, Line, Shared};
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
        report: impl FnMut(&Info),
    ) -> SearchResult {
        let history: Vec<_> =
            game.positions().iter().copied().zip(game.move_limit_counts().iter().copied()).collect();
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
        let main = |shared: &Shared| {
            let mut worker = Worker::new(shared, &mut main_state[0], true, &history);
            let result =
                iterate(&mut worker, shared, &history, 1, settings.multipv.max(1), Some(&mut { report }));
            shared.stop.store(true, AtomicOrdering::Relaxed);
            if !worker.pondering() {
                worker.deadlines().log_overrun();
            }
            result
        };
        let result = match &self.helpers {
            None => main(&shared),
            Some(pool) => pool.in_place_scope(|scope| {
                for (index, state) in helper_states.iter_mut().enumerate() {
                    let shared = &shared;
                    let history = &history;
                    scope.spawn(move |_| {
                        let mut worker = Worker::new(shared, state, false, history);
                        iterate(&mut worker, shared, history, 1 + (index as i32 + 1) % 2, 1, None);
                    });
                }
                main(&shared)
            }),
        };
        SearchResult { nodes: nodes.load(AtomicOrdering::Relaxed), ..result }
    }
}

/// Reports the lines of a completed iteration.
fn send_reports(worker: &Worker, depth: i32, lines: &[Line], report: &mut dyn FnMut(&Info)) {
    let time = worker.deadlines().elapsed();
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
            pv: line.pv.clone(),
        });
    }
}

/// Iterative deepening for one thread from `first_depth`; the main thread (with a
/// `report`) also decides when to stop and what to play, and a helper publishes each
/// iteration it completes in `shared`.
fn iterate(
    worker: &mut Worker,
    shared: &Shared,
    history: &[(crate::rules::Position, u16)],
    first_depth: i32,
    multipv: usize,
    mut report: Option<&mut dyn FnMut(&Info)>,
) -> SearchResult {
    let limits = &shared.limits;
    let Some(&(root, _)) = history.last() else {
        return SearchResult {
            best_move: None,
            ponder_move: None,
            pv: Vec::new(),
            score: Score::DRAW,
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
        };
    };
    let root_moves = root.legal_moves();
    let mut best: Vec<Line> = Vec::new();
    let mut completed = 0;
    let max_depth = limits.depth.map_or(MAX_DEPTH as i32, |depth| depth.clamp(1, MAX_DEPTH) as i32);
    let lines = multipv.min(root_moves.len());
    for depth in first_depth..=max_depth {
        if root_moves.is_empty() {
            break;
        }
        let mut found: Vec<Line> = Vec::new();
        for index in 0..lines {
            let excluded: Vec<Move> = found.iter().filter_map(|line| line.pv.first().copied()).collect();
            let guess = best.get(index).map(|line| line.score);
            match worker.search_root(&root, depth, guess, &excluded) {
                Some(line) => found.push(line),
                None => break,
            }
        }
        if found.len() < lines {
            // Stopped mid-iteration: keep a new best first line if it was found.
            if let (Some(new), Some(old)) = (found.first(), best.first_mut())
                && new.score > old.score
                && new.pv.first() != old.pv.first()
            {
                *old = new.clone();
            }
            break;
        }
        found.sort_by_key(|line| -line.score);
        best = found;
        completed = depth;
        let Some(report) = report.as_mut() else {
            shared.publish(depth, &best[0], max_depth);
            continue;
        };
        send_reports(worker, depth, &best, report);
        let forced = root_moves.len() == 1 && limits.clock.is_some();
        if !worker.pondering() && (forced || (!limits.infinite && worker.deadlines().soft_passed())) {
            break;
        }
    }
    // Lazy SMP: a helper one ply ahead may have completed a deeper iteration.
    if let (true, Some((depth, line)), Some(report)) =
        (lines == 1, shared.deeper_than(completed), report.as_mut())
    {
        completed = depth;
        best = vec![line];
        send_reports(worker, depth, &best, report);
    }
    worker.flush_nodes();
    let line = best.first();
    SearchResult {
        best_move: line.and_then(|line| line.pv.first().copied()).or(root_moves.first().copied()),
        ponder_move: line.and_then(|line| line.pv.get(1).copied()),
        pv: line.map_or_else(Vec::new, |line| line.pv.clone()),
        score: Score::from_value(
            line.map_or(if root_moves.is_empty() { without_moves(&root, 0) } else { DRAW }, |line| {
                line.score
            }),
        ),
        depth: completed as u32,
        nodes: worker.nodes,
        time: worker.deadlines().elapsed(),
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
