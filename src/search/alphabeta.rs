//! The search of one thread: iterative deepening with aspiration windows, principal
//! variation search with late-move reductions and ProbCut, and a quiescence search over
//! captures.
//!
//! Draughts specifics: a capture is forced, so quiescence never stands pat while one is
//! pending; a position where the opponent threatens a capture gets one more ply before
//! quiescence (the threat extension); a forced move (the only legal one) costs no depth
//! on the principal variation.
//! A node is a position made on the board, quiescence included.

use std::sync::atomic::Ordering as AtomicOrdering;

use arrayvec::ArrayVec;

use crate::egdb::{self, Database, slice::Slice};
use crate::rules::{Color, MAX_MOVES, Move, MoveList, Position, resets_move_limit};

use super::kings_ending;
use super::network::accumulator::Accumulators;
use super::ordering::{Context, MAX_PLY, MoveScores, Ordering, Picked, defer, pick};
use super::reductions;
use super::thread_state::ThreadState;
use super::threads::{Line, Shared};
use super::time::Deadlines;
use super::tt::{Bound, Entry};
use super::value::{
    DRAW, INFINITE, Value, database_score, from_table, is_decisive, loss_in, to_table, unconverted,
};

/// Nodes between two looks at the clock and the stop flag (about 0.2 ms).
const POLL_INTERVAL: u64 = 1024;

/// The least remaining depth at which a move another thread is searching is left for
/// later.
const DEFER_DEPTH: i32 = 3;

/// How far above beta (centi-men) the evaluation and the shallow search of ProbCut must
/// be: about a quarter of a man, as GuiNN and DarkHorse use.
const PROBCUT_MARGIN: Value = 25;

/// How many plies shallower ProbCut's verification searches.
const PROBCUT_REDUCTION: i32 = 4;

/// The least remaining depth at which ProbCut is tried.
const PROBCUT_DEPTH: i32 = 5;

/// The half-width of the first aspiration window around the last iteration's score, in
/// centi-men, doubled at each fail (DarkHorse starts at 13, Scan at 10).
const ASPIRATION_WINDOW: Value = 15;

/// A line of the search: a position of the game or of the current path, with the
/// move-limit counter at it (positions before a reset cannot repeat) and the move that
/// reached it when the search made that move.
#[derive(Clone, Copy)]
struct Frame {
    hash: u64,
    quiet_plies: u16,
    reached_by: Option<Move>,
}

/// One thread's search state.
pub struct Worker<'a> {
    shared: &'a Shared<'a>,
    ordering: &'a mut Ordering,
    main: bool,
    deadlines: Deadlines,
    was_pondering: bool,
    unreported_nodes: u64,
    /// Nodes this thread searched.
    pub nodes: u64,
    /// The deepest ply reached in the last iteration.
    pub seldepth: usize,
    /// Plies from the root summed over the leaves of the last iteration, and the
    /// number of leaves: their ratio is the mean depth.
    pub leaf_plies: (u64, u64),
    aborted: bool,
    frames: Vec<Frame>,
    pv: &'a mut [ArrayVec<Move, MAX_PLY>],
    excluded: Vec<Move>,
    root_depth: i32,
    accumulators: &'a mut Accumulators,
    /// When the root is a database win: its slice, whose positions are searched rather
    /// than probed until the leaves, where they score as if further from the end than the
    /// same values outside it, so that the search heads out of it (to fewer pieces, fewer
    /// men or men further on) and the win is converted rather than shuffled.
    converting: Option<Slice>,
}

impl<'a> Worker<'a> {
    /// A worker for the game whose positions and move-limit counts are given (the last
    /// is the root), searching with a thread's `state` (readied for it). The main worker
    /// watches the clock; the others only the stop flag.
    pub fn new(
        shared: &'a Shared<'a>,
        state: &'a mut ThreadState,
        main: bool,
        history: &[(Position, u16)],
    ) -> Worker<'a> {
        state.start_search();
        Worker {
            shared,
            ordering: &mut state.ordering,
            main,
            deadlines: Deadlines::new(&shared.limits),
            was_pondering: shared.pondering.load(AtomicOrdering::Relaxed),
            unreported_nodes: 0,
            nodes: 0,
            seldepth: 0,
            leaf_plies: (0, 0),
            aborted: false,
            frames: history
                .iter()
                .map(|(position, quiet_plies)| Frame {
                    hash: position.hash(),
                    quiet_plies: *quiet_plies,
                    reached_by: None,
                })
                .collect(),
            pv: &mut state.pv,
            excluded: Vec::new(),
            root_depth: 0,
            accumulators: &mut state.accumulators,
            converting: history.last().and_then(|(root, _)| converting(shared.egdb?, root)),
        }
    }

    /// Permille of the transposition table in use by this search.
    pub fn hashfull(&self) -> u32 {
        self.shared.table.hashfull()
    }

    /// The deadlines the main worker keeps.
    pub fn deadlines(&self) -> &Deadlines {
        &self.deadlines
    }

    /// Whether the search is pondering, when time does not count; on a ponder hit the
    /// deadlines start afresh.
    pub fn pondering(&mut self) -> bool {
        let pondering = self.shared.pondering.load(AtomicOrdering::Relaxed);
        if self.was_pondering && !pondering {
            self.deadlines.restart();
        }
        self.was_pondering = pondering;
        pondering
    }

    /// Searches `root` to `depth` with the window around `guess` widened until the
    /// score falls inside, skipping the moves in `excluded` at the root (multi-PV).
    /// `None` if the search was stopped before it finished.
    pub fn search_root(
        &mut self,
        root: &Position,
        depth: i32,
        guess: Option<Value>,
        excluded: &[Move],
    ) -> Option<Line> {
        self.excluded = excluded.to_vec();
        self.root_depth = depth;
        self.seldepth = 0;
        self.leaf_plies = (0, 0);
        let mut window = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = match guess {
            Some(guess) if depth >= 5 && !is_decisive(guess) => (guess - window, guess + window),
            _ => (-INFINITE, INFINITE),
        };
        loop {
            let score = self.alphabeta(root, depth, alpha, beta, 0);
            if self.aborted {
                return None;
            }
            if score <= alpha && alpha > -INFINITE {
                alpha = (score - window).max(-INFINITE);
            } else if score >= beta && beta < INFINITE {
                beta = (score + window).min(INFINITE);
            } else {
                return Some(Line { score, pv: self.pv[0].to_vec() });
            }
            window *= 2;
        }
    }

    /// Counts a node and, every poll interval, checks the stop flag, the node limit
    /// and (main thread) the clock.
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unreported_nodes += 1;
        if self.unreported_nodes < POLL_INTERVAL {
            return;
        }
        let total = self.shared.nodes.fetch_add(self.unreported_nodes, AtomicOrdering::Relaxed)
            + self.unreported_nodes;
        self.unreported_nodes = 0;
        if self.main && self.root_depth > 1 {
            let out_of_nodes = self.shared.limits.nodes.is_some_and(|limit| total >= limit);
            if out_of_nodes || (!self.pondering() && self.deadlines.hard_passed()) {
                self.shared.stop.store(true, AtomicOrdering::Relaxed);
            }
        }
        if self.root_depth > 1 && self.shared.stop.load(AtomicOrdering::Relaxed) {
            self.aborted = true;
        }
    }

    /// Nodes searched by every thread so far.
    pub fn total_nodes(&self) -> u64 {
        self.shared.nodes.load(AtomicOrdering::Relaxed) + self.unreported_nodes
    }

    /// Publishes the nodes not yet added to the shared count.
    pub fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.unreported_nodes, AtomicOrdering::Relaxed);
        self.unreported_nodes = 0;
    }

    /// Whether the position on top of the frames is drawn by repetition (once in the
    /// search is enough) or by the move limit.
    fn is_draw(&self, position: &Position) -> bool {
        let Some(&top) = self.frames.last() else {
            return false;
        };
        let draws = position.rules().draws;
        if draws.move_limit.is_some_and(|limit| top.quiet_plies >= limit.plies) {
            return true;
        }
        if !draws.repetition {
            return false;
        }
        let reach = usize::from(top.quiet_plies);
        let len = self.frames.len();
        (4..=reach).step_by(2).any(|back| len > back && self.frames[len - 1 - back].hash == top.hash)
    }

    fn push(&mut self, position: &Position, mv: &Move, child: &Position) {
        let quiet = self.frames.last().map_or(0, |frame| frame.quiet_plies);
        let quiet_plies = if resets_move_limit(position, mv) { 0 } else { quiet.saturating_add(1) };
        self.frames.push(Frame { hash: child.hash(), quiet_plies, reached_by: Some(*mv) });
    }

    /// The moves that reached the position on top of the frames: the opponent's last
    /// and one's own before it.
    fn context(&self) -> Context {
        let mut made = self.frames.iter().rev().map(|frame| frame.reached_by);
        [made.next().flatten(), made.next().flatten()]
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        let _ = line.try_extend_from_slice(&tail[0]);
    }

    fn alphabeta(
        &mut self,
        position: &Position,
        mut depth: i32,
        mut alpha: Value,
        beta: Value,
        ply: usize,
    ) -> Value {
        self.pv[ply].clear();
        // A stopped search unwinds without searching on: its scores are meaningless, and
        // re-searches on them (ProbCut's check, LMR's and the PV's) would multiply at
        // every ply on the way up.
        if self.aborted {
            return DRAW;
        }
        if ply > 0 && self.is_draw(position) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position, ply);
        }
        if ply > 0
            && let Some(score) = self.probe(position, ply, false)
        {
            return score;
        }
        if depth <= 0 {
            if position.has_capture() {
                return self.captures(position, alpha, beta, ply);
            }
            let threatened = ply < 2 * self.root_depth as usize && position.passed().has_capture();
            if !threatened {
                return self.leaf(position, ply);
            }
            depth = 1;
        }
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;
        let key = position.hash();
        let entry = self.shared.table.probe(key);
        if let Some(entry) = entry.filter(|entry| ply > 0 && !pv_node && i32::from(entry.depth) >= depth) {
            let score = from_table(entry.score, ply);
            let cuts = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cuts {
                return score;
            }
        }

        if let Some(score) = self.probcut(position, depth, beta, ply, pv_node) {
            return score;
        }

        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        if moves.is_empty() {
            return loss_in(ply);
        }
        // A forced move costs no depth on the principal variation; elsewhere the
        // extension would grow the tree several times over for little.
        if moves.len() == 1 && pv_node && ply < MAX_PLY / 2 {
            depth += 1;
        }
        let hash_move =
            entry.and_then(|entry| entry.move_index).map(usize::from).filter(|&index| index < moves.len());
        let mut scores = MoveScores::new();
        let context = self.context();
        self.ordering.score_moves(&moves, ply, context, hash_move, &mut scores);
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_index = None;
        let mut searched = 0;
        let mut failed_quiets = ArrayVec::<Move, MAX_MOVES>::new();
        while let Some(Picked { index, deferred, next }) = pick(&mut scores) {
            let mv = moves[index];
            if ply == 0 && self.excluded.contains(&mv) {
                continue;
            }
            let child = position.play(&mv);
            let in_progress = self.shared.in_progress.filter(|_| searched > 0 && depth >= DEFER_DEPTH);
            if !deferred && in_progress.is_some_and(|set| set.contains(child.hash())) {
                defer(&mut scores, index);
                continue;
            }
            let entered = in_progress.is_some_and(|set| set.enter(child.hash()));
            if depth >= 2 {
                // The next sibling's table entry loads while this one is searched.
                if let Some(next) = next {
                    self.shared.table.prefetch(position.play(&moves[next]).hash());
                }
            }
            self.count_node();
            self.push(position, &mv, &child);
            let score = if searched == 0 {
                -self.alphabeta(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let quiet = !mv.is_capture() && !mv.crowns() && !child.has_capture();
                let reduction = match (quiet, self.main) {
                    (false, _) => 0,
                    (true, true) => reductions::reduction(depth, searched + 1, pv_node),
                    (true, false) => reductions::helper_reduction(depth, searched + 1, pv_node),
                };
                let mut probe = -self.alphabeta(&child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
                if probe > alpha && reduction > 0 {
                    probe = -self.alphabeta(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if probe > alpha && probe < beta {
                    -self.alphabeta(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            self.frames.pop();
            if entered && let Some(set) = in_progress {
                set.leave(child.hash());
            }
            if self.aborted {
                return DRAW;
            }
            searched += 1;
            if score > best {
                best = score;
                best_index = Some(index);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        self.ordering.record_cutoff(mv, &failed_quiets, ply, context, depth);
                        break;
                    }
                }
            }
            if !mv.is_capture() {
                failed_quiets.push(mv);
            }
        }
        if searched == 0 {
            // Every root move was excluded (multi-PV beyond the number of moves).
            return -INFINITE;
        }
        if ply > 0 || self.excluded.is_empty() {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let move_index = best_index.and_then(|index| u8::try_from(index).ok());
            let entry =
                Entry { score: to_table(best, ply), depth: depth.clamp(0, 255) as u8, bound, move_index };
            self.shared.table.store(key, entry);
        }
        best
    }

    /// ProbCut: at a quiet node off the principal variation whose evaluation is well
    /// above beta, a search [`PROBCUT_REDUCTION`] plies shallower that also stays above
    /// beta + [`PROBCUT_MARGIN`] is taken as proof that the full search would cut off.
    fn probcut(
        &mut self,
        position: &Position,
        depth: i32,
        beta: Value,
        ply: usize,
        pv_node: bool,
    ) -> Option<Value> {
        if pv_node || ply == 0 || depth < PROBCUT_DEPTH || is_decisive(beta) || position.has_capture() {
            return None;
        }
        let bound = beta + PROBCUT_MARGIN;
        if self.evaluate(position, ply) < bound {
            return None;
        }
        let score = self.alphabeta(position, depth - PROBCUT_REDUCTION, bound - 1, bound, ply);
        self.pv[ply].clear();
        (score >= bound && !self.aborted).then_some(score)
    }

    /// Captures until the position is quiet, then the static evaluation. No stand-pat
    /// while a capture is pending: it is forced.
    fn quiescence(&mut self, position: &Position, alpha: Value, beta: Value, ply: usize) -> Value {
        if position.has_capture() && ply < MAX_PLY - 1 {
            self.captures(position, alpha, beta, ply)
        } else {
            self.leaf(position, ply)
        }
    }

    /// A quiet position: lost if the side to move is blocked, else its database value
    /// or its evaluation.
    fn leaf(&mut self, position: &Position, ply: usize) -> Value {
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        self.leaf_plies.0 += ply as u64;
        self.leaf_plies.1 += 1;
        if !position.has_quiet_move() {
            return loss_in(ply);
        }
        self.probe(position, ply, true).unwrap_or_else(|| self.evaluate(position, ply))
    }

    /// The score of `position` from the endgame database, when it holds the position and
    /// no capture is pending. Positions of the slice being converted are probed only at
    /// the leaves (`leaf`): above them they are searched, so that the search sees how to
    /// leave the slice.
    fn probe(&mut self, position: &Position, ply: usize, leaf: bool) -> Option<Value> {
        let database = self.shared.egdb?;
        if position.occupied().count() > u32::from(database.pieces()) || position.has_capture() {
            return None;
        }
        let converting = self.converting.is_some() && self.converting == database.slice_of(position);
        if converting && !leaf {
            return None;
        }
        let score = database_score(database.value(position).ok()?, self.evaluate(position, ply));
        Some(if converting { unconverted(score) } else { score })
    }

    /// The static evaluation of a quiet `position` at `ply`: the network's, but in
    /// endings of kings alone (see [`kings_ending`]).
    fn evaluate(&mut self, position: &Position, ply: usize) -> Value {
        if (position.men(Color::White) | position.men(Color::Black)).any() {
            self.shared.network.evaluate(self.accumulators, position, ply)
        } else {
            kings_ending::evaluate(position)
        }
    }

    /// The captures of a position where one is pending, each followed by quiescence.
    fn captures(&mut self, position: &Position, mut alpha: Value, beta: Value, ply: usize) -> Value {
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let mut best = -INFINITE;
        for mv in &moves {
            let child = position.play(mv);
            self.count_node();
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            if self.aborted {
                return DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, *mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// The slice of `root` when `database` holds it as a win for the side to move.
fn converting(database: &Database, root: &Position) -> Option<Slice> {
    (database.probe(root)? == egdb::Value::Win).then(|| database.slice_of(root)).flatten()
}
