//! The search of one thread, one iteration at a time: aspiration windows at the root,
//! principal variation search with late-move reductions and ProbCut, and a quiescence
//! search over captures. Iterative deepening, which calls it once per depth, is the
//! searcher's ([`super::searcher`]); with several threads, a move another thread is
//! searching is left for later (ABDADA, [`super::threads`]). The node search is the
//! same on every thread but for its [`Role`]: the main thread keeps time, a helper
//! reduces more.
//!
//! Draughts specifics: a capture is forced, so quiescence never stands pat while one is
//! pending; a position where the opponent threatens a capture gets one more ply before
//! quiescence (the threat extension); a forced move (the only legal one) costs no depth
//! on the principal variation.
//! A node is a position made on the board, quiescence included.

use std::sync::atomic::Ordering as AtomicOrdering;

use arrayvec::ArrayVec;

use crate::egdb::{self, Database, slice::Slice};
use crate::network::Value;
use crate::network::accumulator::Accumulators;
use crate::rules::{Color, Goal, MAX_MOVES, Move, MoveList, Position, resets_move_limit};

use super::kings_ending;
use super::ordering::{Context, MAX_PLY, MoveScores, Ordering, Picked, defer, pick};
use super::reductions;
use super::thread_state::ThreadState;
use super::threads::{InProgress, Line, Shared};
use super::time::Timekeeper;
use super::tt::{Bound, Entry};
use super::value::{
    DRAW, INFINITE, database_score, from_table, is_decisive, to_table, unconverted, without_moves,
};

/// Nodes between two looks at the stop flag, the node limit and the clock: about half a
/// millisecond at the 1.9 million nodes a second of `crownhead bench` on one thread.
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

/// How far above beta (centi-men), per ply of depth left, the evaluation of a quiet node
/// off the principal variation must be for the node to be cut off without a search
/// (reverse futility pruning).
const FUTILITY_MARGIN: Value = 30;

/// The most remaining depth at which reverse futility pruning is tried.
const FUTILITY_DEPTH: i32 = 4;

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

/// A node whose moves are searched: the depth left, the window it was entered with and
/// its distance from the root.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    alpha: Value,
    beta: Value,
    ply: usize,
}

/// What sets a search thread apart in the node search (Lazy SMP).
#[derive(Clone, Copy)]
pub enum Role<'a> {
    /// The main thread: it stops every thread when its timekeeper says (and reports and
    /// decides the move, the searcher's part).
    Main(&'a Timekeeper<'a>),
    /// A helper: it searches until stopped, reducing late quiet moves a ply more than the
    /// main thread, so that the threads search different trees.
    Helper,
}

/// One thread's node search: what it searches with, the line it is on, and what it
/// counts. Only its [`Role`] differs between the main thread and a helper.
pub struct Worker<'a> {
    /// What the threads share: the table, the stop flag, the node count, the limits.
    shared: &'a Shared<'a>,
    role: Role<'a>,
    /// When the root is a database win: its slice, whose positions are searched rather
    /// than probed until the leaves, where they score as if further from the end than the
    /// same values outside it, so that the search heads out of it (to fewer pieces, fewer
    /// men or men further on) and the win is converted rather than shuffled.
    converting: Option<Slice>,
    /// Killer and history tables, kept from search to search.
    ordering: &'a mut Ordering,
    /// The network's sums at each ply.
    accumulators: &'a mut Accumulators,
    /// The positions of the game and of the path from the root: repetitions, context.
    frames: Vec<Frame>,
    /// The principal variation found below each ply.
    pv: &'a mut [ArrayVec<Move, MAX_PLY>],
    /// The depth of the iteration being searched.
    root_depth: i32,
    /// Root moves left out of this search (the lines already found, multi-PV).
    excluded: Vec<Move>,
    /// Set when the search was stopped: every node then returns at once.
    aborted: bool,
    /// Nodes this thread searched.
    pub nodes: u64,
    /// Nodes not yet added to the shared count.
    unreported_nodes: u64,
    /// The deepest ply reached in the last iteration.
    pub seldepth: usize,
    /// Plies from the root summed over the leaves of the last iteration, and the
    /// number of leaves: their ratio is the mean depth.
    pub leaf_plies: (u64, u64),
}

impl<'a> Worker<'a> {
    /// A worker in `role` for the game whose positions and move-limit counts are given
    /// (the last is the root), searching with a thread's `state`, readied for the search
    /// ([`ThreadState::start_search`]).
    pub fn new(
        shared: &'a Shared<'a>,
        state: &'a mut ThreadState,
        role: Role<'a>,
        history: &[(Position, u16)],
    ) -> Worker<'a> {
        Worker {
            shared,
            role,
            converting: history.last().and_then(|(root, _)| converting(shared.egdb?, root)),
            ordering: &mut state.ordering,
            accumulators: &mut state.accumulators,
            frames: history
                .iter()
                .map(|(position, quiet_plies)| Frame {
                    hash: position.hash(),
                    quiet_plies: *quiet_plies,
                    reached_by: None,
                })
                .collect(),
            pv: &mut state.pv,
            root_depth: 0,
            excluded: Vec::new(),
            aborted: false,
            nodes: 0,
            unreported_nodes: 0,
            seldepth: 0,
            leaf_plies: (0, 0),
        }
    }

    /// Permille of the transposition table in use by this search.
    pub fn hashfull(&self) -> u32 {
        self.shared.table.hashfull()
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

    /// Counts a node; every [`POLL_INTERVAL`] nodes, adds the count to the shared one
    /// and, from the second iteration on (the first always completes), stops every
    /// thread if the main thread's timekeeper says so, and checks the stop flag.
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unreported_nodes += 1;
        if self.unreported_nodes < POLL_INTERVAL {
            return;
        }
        let total = self.shared.nodes.fetch_add(self.unreported_nodes, AtomicOrdering::Relaxed)
            + self.unreported_nodes;
        self.unreported_nodes = 0;
        if self.root_depth <= 1 {
            return;
        }
        if let Role::Main(timekeeper) = self.role
            && timekeeper.must_stop(total)
        {
            self.shared.stop.store(true, AtomicOrdering::Relaxed);
        }
        if self.shared.stop.load(AtomicOrdering::Relaxed) {
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
    /// search is enough), by the move limit, or by its material (Turkish's one piece
    /// each).
    fn is_draw(&self, position: &Position) -> bool {
        let Some(&top) = self.frames.last() else {
            return false;
        };
        let draws = position.rules().draws;
        if draws.move_limit.is_some_and(|limit| top.quiet_plies >= limit.plies)
            || position.is_one_piece_each()
        {
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

    /// The score of `position`, `ply` plies from the root, searched `depth` plies deep
    /// within the window (`alpha`, `beta`). The steps, in order: what settles a position
    /// without searching its moves (a draw, the deepest ply, the endgame database), the
    /// horizon, the table's entry, ProbCut, the moves, and the table store.
    fn alphabeta(
        &mut self,
        position: &Position,
        mut depth: i32,
        alpha: Value,
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
            && let Some(score) = self.probe_database(position, ply, false)
        {
            return score;
        }
        if depth <= 0 {
            match self.horizon(position, alpha, beta, ply) {
                Some(score) => return score,
                None => depth = 1,
            }
        }
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;
        let key = position.hash();
        let entry = self.shared.table.probe(key);
        if ply > 0
            && !pv_node
            && let Some(score) = entry.and_then(|entry| table_cutoff(entry, depth, alpha, beta, ply))
        {
            return score;
        }
        if let Some(score) = self.cut_above_beta(position, depth, beta, ply, pv_node) {
            return score;
        }
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        if moves.is_empty() {
            return without_moves(position, ply);
        }
        // A forced move costs no depth on the principal variation; elsewhere the
        // extension would grow the tree several times over for little.
        if moves.len() == 1 && pv_node && ply < MAX_PLY / 2 {
            depth += 1;
        }
        let node = Node { depth, alpha, beta, ply };
        let (best, best_index) = self.search_moves(position, &moves, entry, node);
        if self.aborted {
            return DRAW;
        }
        let Some(best_index) = best_index else {
            // Every root move was excluded (multi-PV beyond the number of moves).
            return -INFINITE;
        };
        self.store(key, node, best, best_index);
        best
    }

    /// Where the depth has run out: quiescence, unless the opponent threatens a capture
    /// near enough to the root; then `None`, and the node is searched one ply deeper (the
    /// threat extension).
    fn horizon(&mut self, position: &Position, alpha: Value, beta: Value, ply: usize) -> Option<Value> {
        if position.has_capture() {
            return Some(self.captures(position, alpha, beta, ply));
        }
        let threatened = ply < 2 * self.root_depth as usize && position.passed().has_capture();
        (!threatened).then(|| self.leaf(position, ply))
    }

    /// Cuts off a quiet node off the principal variation whose evaluation is well above
    /// beta, without searching its moves. Near the horizon, [`FUTILITY_DEPTH`] plies or
    /// fewer, the evaluation alone decides: it must pass beta by [`FUTILITY_MARGIN`] a ply
    /// left, and is the score (reverse futility pruning); not in antidraughts, where a
    /// quiet move that forces the opponent to take decides and the evaluation does not
    /// see it coming (with it, a built-in opening scored -2.01 at depth 6, -0.40
    /// without). From [`PROBCUT_DEPTH`] plies, a search [`PROBCUT_REDUCTION`] plies
    /// shallower that also stays above beta + [`PROBCUT_MARGIN`] is taken as proof that
    /// the full search would cut off (ProbCut).
    fn cut_above_beta(
        &mut self,
        position: &Position,
        depth: i32,
        beta: Value,
        ply: usize,
        pv_node: bool,
    ) -> Option<Value> {
        if pv_node || ply == 0 || is_decisive(beta) || position.has_capture() {
            return None;
        }
        if depth <= FUTILITY_DEPTH && position.rules().goal != Goal::LoseEverything {
            let evaluation = self.evaluate(position, ply);
            return (evaluation >= beta + FUTILITY_MARGIN * depth).then_some(evaluation);
        }
        if depth < PROBCUT_DEPTH {
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

    /// Searches the `moves` of `position` in order (the move of the table's `entry`,
    /// killers, history) until one reaches beta: the first with the node's window, the
    /// others by [`Worker::search_late`]. The best score and the index of its move; no
    /// index when no move was searched (every root move excluded). A stopped search
    /// returns at once, leaving `aborted` set.
    //
    // Inlined into `alphabeta`, its one caller: as a call of its own it took more
    // instructions over the bench (docs/speed.md, "Search").
    #[inline(always)]
    fn search_moves(
        &mut self,
        position: &Position,
        moves: &MoveList,
        entry: Option<Entry>,
        node: Node,
    ) -> (Value, Option<usize>) {
        let Node { depth, mut alpha, beta, ply } = node;
        let pv_node = beta - alpha > 1;
        let hash_move =
            entry.and_then(|entry| entry.move_index).map(usize::from).filter(|&index| index < moves.len());
        let mut scores = MoveScores::new();
        let context = self.context();
        self.ordering.score_moves(moves, ply, context, hash_move, &mut scores);
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
            if !deferred && self.searched_elsewhere(&child, searched, depth) {
                defer(&mut scores, index);
                continue;
            }
            let entered = self.enter(&child, searched, depth);
            if depth >= 2
                && let Some(next) = next
            {
                // The next sibling's table entry loads while this one is searched.
                self.shared.table.prefetch(position.play(&moves[next]).hash());
            }
            self.count_node();
            self.push(position, &mv, &child);
            let score = if searched == 0 {
                -self.alphabeta(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let reduction = self.reduction(&mv, &child, depth, searched + 1, pv_node);
                self.search_late(&child, depth, reduction, alpha, beta, ply)
            };
            self.frames.pop();
            if let Some(set) = entered {
                set.leave(child.hash());
            }
            if self.aborted {
                break;
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
        (best, best_index)
    }

    /// ABDADA, with several threads: whether another thread is searching `child`, the
    /// move after `searched` others at `depth`. Such a move is put off until the others
    /// are searched, when the table may hold the other thread's result.
    fn searched_elsewhere(&self, child: &Position, searched: usize, depth: i32) -> bool {
        self.in_progress(searched, depth).is_some_and(|set| set.contains(child.hash()))
    }

    /// ABDADA, with several threads: marks `child`, the move after `searched` others at
    /// `depth`, as being searched by this thread. The set to leave it in once searched,
    /// if it was marked (its slot may be taken).
    fn enter(&self, child: &Position, searched: usize, depth: i32) -> Option<&'a InProgress> {
        self.in_progress(searched, depth).filter(|set| set.enter(child.hash()))
    }

    /// The set of positions the threads are searching, when the move after `searched`
    /// others at `depth` takes part in ABDADA: with several threads, for a move after the
    /// first (which is searched at once), at [`DEFER_DEPTH`] or deeper.
    fn in_progress(&self, searched: usize, depth: i32) -> Option<&'a InProgress> {
        self.shared.in_progress.filter(|_| searched > 0 && depth >= DEFER_DEPTH)
    }

    /// Plies to take off `mv`, reaching `child`, the `number`-th move searched at `depth`
    /// (late-move reductions): none for a capture, a move that crowns, or one that leaves
    /// a capture pending; a helper thread reduces more than the main one.
    fn reduction(&self, mv: &Move, child: &Position, depth: i32, number: usize, pv_node: bool) -> i32 {
        let quiet = !mv.is_capture() && !mv.crowns() && !child.has_capture();
        match (quiet, self.role) {
            (false, _) => 0,
            (true, Role::Main(_)) => reductions::reduction(depth, number, pv_node),
            (true, Role::Helper) => reductions::helper_reduction(depth, number, pv_node),
        }
    }

    /// A move after the first at a node of `depth` at `ply` (principal variation search):
    /// a null window at alpha, `reduction` plies shallower; again at full depth if it
    /// beats alpha, and with the full window if its score then falls inside it.
    fn search_late(
        &mut self,
        child: &Position,
        depth: i32,
        reduction: i32,
        alpha: Value,
        beta: Value,
        ply: usize,
    ) -> Value {
        let mut score = -self.alphabeta(child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
        if score > alpha && reduction > 0 {
            score = -self.alphabeta(child, depth - 1, -alpha - 1, -alpha, ply + 1);
        }
        if score > alpha && score < beta {
            -self.alphabeta(child, depth - 1, -beta, -alpha, ply + 1)
        } else {
            score
        }
    }

    /// Stores the result of `node` in the table: its `best` score, a bound of the true one
    /// as the node's window says, and the index of the move that scored it. Not at a root
    /// with excluded moves (multi-PV), whose best score is not the position's.
    fn store(&self, key: u64, node: Node, best: Value, best_index: usize) {
        if node.ply == 0 && !self.excluded.is_empty() {
            return;
        }
        let bound = if best >= node.beta {
            Bound::Lower
        } else if best > node.alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let entry = Entry {
            score: to_table(best, node.ply),
            depth: node.depth.clamp(0, 255) as u8,
            bound,
            move_index: u8::try_from(best_index).ok(),
        };
        self.shared.table.store(key, entry);
    }

    /// Captures until the position is quiet, then the static evaluation. No stand-pat
    /// while a capture is pending: it is forced. A capture that leaves one piece each
    /// ends the game drawn in Turkish, whatever capture is then pending.
    fn quiescence(&mut self, position: &Position, alpha: Value, beta: Value, ply: usize) -> Value {
        if position.is_one_piece_each() {
            return DRAW;
        }
        if position.has_capture() && ply < MAX_PLY - 1 {
            self.captures(position, alpha, beta, ply)
        } else {
            self.leaf(position, ply)
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

    /// A quiet position: lost if the side to move is blocked (won in antidraughts), else
    /// its database value or its evaluation.
    fn leaf(&mut self, position: &Position, ply: usize) -> Value {
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        self.leaf_plies.0 += ply as u64;
        self.leaf_plies.1 += 1;
        if !position.has_quiet_move() {
            return without_moves(position, ply);
        }
        self.probe_database(position, ply, true).unwrap_or_else(|| self.evaluate(position, ply))
    }

    /// The score of `position` from the endgame database, when it holds the position, no
    /// capture is pending and the side to move can move: a side without a move has lost
    /// on the board (won in antidraughts), which the search scores as a win by distance,
    /// above any database win, so that a level or a line plays the move that ends the
    /// game rather than one that only keeps it won. Positions of the slice being
    /// converted are probed only at the leaves (`leaf`): above them they are searched, so
    /// that the search sees how to leave the slice.
    fn probe_database(&mut self, position: &Position, ply: usize, leaf: bool) -> Option<Value> {
        let database = self.shared.egdb?;
        if position.occupied().count() > u32::from(database.pieces())
            || position.has_capture()
            || !position.has_quiet_move()
        {
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
    /// endings of kings alone where kings win by taking and blocking (see
    /// [`kings_ending`]).
    fn evaluate(&mut self, position: &Position, ply: usize) -> Value {
        let men = position.men(Color::White) | position.men(Color::Black);
        if men.any() || position.rules().goal != Goal::TakeOrBlock {
            self.shared.network.evaluate(self.accumulators, position, ply)
        } else {
            kings_ending::evaluate(position)
        }
    }
}

/// The slice of `root` when `database` holds it as a win for the side to move.
fn converting(database: &Database, root: &Position) -> Option<Slice> {
    (database.probe(root)? == egdb::Value::Win).then(|| database.slice_of(root)).flatten()
}

/// The score of a table `entry` that settles a node searched `depth` deep within
/// (`alpha`, `beta`) at `ply`: one searched at least as deep whose bound decides the
/// window (an exact score, a lower bound at beta or above, an upper one at alpha or below).
fn table_cutoff(entry: Entry, depth: i32, alpha: Value, beta: Value, ply: usize) -> Option<Value> {
    if i32::from(entry.depth) < depth {
        return None;
    }
    let score = from_table(entry.score, ply);
    let cuts = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    cuts.then_some(score)
}
