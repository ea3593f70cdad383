//! Whether a position is a puzzle, and its solution: the judge searches a position's two
//! best moves and decides whether the first wins where the second does not, follows the
//! winning line until the win shows on the board, and checks that every move of the
//! solver's along it is the only one that keeps the win.

use std::collections::BTreeMap;

use crate::engine::{Engine, Limits, Options, Score};
use crate::puzzles::{Puzzle, Theme, balance, starting_rating};
use crate::rules::{Game, Goal, Move, Position};

/// The least lead, in centi-men, of the key move's score over the second best's: a man
/// and a half, more than a network's misjudgement of a quiet position and less than the
/// man a shot wins.
pub const MARGIN: i32 = 150;

/// The least score of a key move that wins material: a man up.
pub const WINNING: i32 = 100;

/// The most the second best move may score: half a man, a position no better than
/// level, so that a move other than the key does not win as well.
pub const NOT_WINNING: i32 = 50;

/// The lead, in centi-men, the cheap first search asks of its best move over the second
/// before the deep one is run.
const FILTER_MARGIN: i32 = 100;

/// How a key move wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Win {
    /// By material, as the search scores it: a man up and more.
    Material,
    /// Proven: the endgame databases or the game's end within the search's horizon.
    Proven,
}

/// A position's best line and the second best move's score, from one search.
#[derive(Clone, Debug)]
pub struct TwoBest {
    /// The best line: the key move and its continuation.
    pub pv: Vec<Move>,
    /// Its score.
    pub score: Score,
    /// The second best move's score.
    pub second: Score,
    /// The nodes searched by the end of the first iteration from which every
    /// iteration's best move was the final one: when the search settled on it.
    pub settled: u64,
}

impl TwoBest {
    /// How the best move wins where the second does not, if it does in `goal`'s game.
    pub fn win(&self, goal: Goal) -> Option<Win> {
        win(self.score, self.second, goal)
    }
}

/// How a move scored `best` wins where the next best, scored `second`, does not, if it
/// does in `goal`'s game.
fn win(best: Score, second: Score, goal: Goal) -> Option<Win> {
    if second.centi_men() > NOT_WINNING || second.is_win() {
        return None;
    }
    if best.is_win() {
        return Some(Win::Proven);
    }
    let material = goal == Goal::TakeOrBlock
        && best.centi_men() >= WINNING
        && best.centi_men() - second.centi_men() >= MARGIN;
    material.then_some(Win::Material)
}

/// One completed iteration of a two-line search.
#[derive(Default)]
struct Iteration {
    /// The best line's score and moves.
    first: Option<(Score, Vec<Move>)>,
    /// The second best move's score.
    second: Option<Score>,
    /// Nodes searched by its end.
    nodes: u64,
}

/// Searches positions for puzzles: one engine, one thread, two lines an iteration.
pub struct Judge {
    engine: Engine,
    /// The nodes of the deep search, which decides.
    nodes: u64,
    /// The nodes of the cheap first search, which picks the candidates.
    filter_nodes: u64,
}

impl Judge {
    /// A judge searching `nodes` nodes a position with an engine of `options` (its
    /// network and databases; threads and lines are the judge's own).
    pub fn new(options: Options, nodes: u64) -> Judge {
        let options = Options { threads: 1, multipv: 2, strength: crate::engine::MAX_STRENGTH, ..options };
        Judge { engine: Engine::new(options), nodes, filter_nodes: (nodes / 5).max(1_000) }
    }

    /// The deep search's node count.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The puzzle `position` is, if it is one: the cheap search first, then the deep
    /// one, then the line, and last a search of twice the deep one's nodes that must
    /// confirm it as `crownhead puzzles verify` does.
    pub fn examine(&mut self, position: &Position) -> Option<Puzzle> {
        if position.count_legal_moves() < 2 {
            return None;
        }
        let cheap = self.two_best(position, self.filter_nodes)?;
        let promising =
            cheap.score.is_win() || cheap.score.centi_men() - cheap.second.centi_men() >= FILTER_MARGIN;
        if !promising {
            return None;
        }
        let deep = self.two_best(position, self.nodes)?;
        let win = deep.win(position.rules().goal)?;
        let line = self.solution(position, &deep.pv, win)?;
        let proven = win == Win::Proven;
        let difficulty = difficulty(deep.settled);
        let puzzle = Puzzle {
            position: *position,
            theme: Theme::of_line(position, &line, proven),
            line,
            difficulty,
            rating: starting_rating(difficulty),
        };
        self.refutation(&puzzle, 2 * self.nodes).is_none().then_some(puzzle)
    }

    /// Why a search of `nodes` nodes does not confirm `puzzle`, if it does not: its best
    /// move must be the key move, winning where the second best does not.
    pub fn refutation(&mut self, puzzle: &Puzzle, nodes: u64) -> Option<String> {
        self.refute(&puzzle.position, &puzzle.key_move(), nodes)
    }

    /// Why a search of `nodes` nodes does not find `mv` the only move that wins in
    /// `position`, if it does not.
    fn refute(&mut self, position: &Position, mv: &Move, nodes: u64) -> Option<String> {
        let Some(best) = self.two_best(position, nodes) else { return Some("no search result".to_string()) };
        let found = best.pv.first().map_or_else(String::new, |mv| position.move_to_text(mv));
        if best.pv.first() != Some(mv) {
            return Some(format!("the best move is {found}, scored {}", best.score));
        }
        if best.win(position.rules().goal).is_none() {
            return Some(format!("{found} scores {} and the second best {}", best.score, best.second));
        }
        None
    }

    /// The two best moves of `position` by a search of `nodes` nodes from a cleared
    /// table, so that a position is judged alike whatever was searched before it.
    pub fn two_best(&mut self, position: &Position, nodes: u64) -> Option<TwoBest> {
        self.engine.new_game();
        let mut iterations: BTreeMap<u32, Iteration> = BTreeMap::new();
        self.engine.analyse(&Game::new(*position), &Limits::nodes(nodes), |info| {
            let iteration = iterations.entry(info.depth).or_default();
            iteration.nodes = info.nodes;
            match info.multipv {
                1 => iteration.first = Some((info.score, info.pv.clone())),
                2 => iteration.second = Some(info.score),
                _ => {}
            }
        });
        let Iteration { first: Some((score, pv)), second: Some(second), nodes: last } =
            iterations.values().next_back()?
        else {
            return None;
        };
        let key = *pv.first()?;
        let chooses_key =
            |iteration: &&Iteration| iteration.first.as_ref().and_then(|(_, pv)| pv.first()) == Some(&key);
        let settled = iterations
            .values()
            .rev()
            .take_while(chooses_key)
            .last()
            .map_or(*last, |iteration| iteration.nodes);
        Some(TwoBest { pv: pv.clone(), score: *score, second: *second, settled })
    }

    /// The solution line from `position` along the deep search's `pv`: up to the first
    /// solver's move after which the win shows on the board ([`shows_win`]), every
    /// solver's move on the way the only one that keeps the win. `None` when the line
    /// does not get there (a win of material the search only foresees), or a solver's
    /// move on the way is not the only winning one. A proven win's line stops before
    /// its first solver's move that is not the only win, as endgames have many winning
    /// paths; it keeps at least the key move.
    fn solution(&mut self, position: &Position, pv: &[Move], win: Win) -> Option<Vec<Move>> {
        let mut at = *position;
        let mut line = Vec::new();
        let mut crowned = false;
        for (ply, mv) in pv.iter().enumerate() {
            let solvers = ply % 2 == 0;
            if solvers && ply > 0 && !self.only_win(&at, mv) {
                return (win == Win::Proven).then(|| line[..ply - 1].to_vec());
            }
            crowned |= solvers && mv.crowns();
            line.push(*mv);
            at = at.play(mv);
            if solvers && shows_win(position, &at, crowned) {
                return Some(line);
            }
        }
        (win == Win::Proven).then(|| line[..(line.len() - 1) / 2 * 2 + 1].to_vec())
    }

    /// Whether `mv` is the only move of the side to move in `position` that wins, as
    /// the deep search sees it (or its only legal move).
    fn only_win(&mut self, position: &Position, mv: &Move) -> bool {
        if position.count_legal_moves() == 1 {
            return true;
        }
        self.refute(position, mv, self.nodes).is_none()
    }
}

/// Whether the win shows on the board at `now`, reached from `start` by a line of the
/// solver's ending with its move (`crowned`: the solver crowned a man in it): the
/// opponent, to move, has no legal move, or has no capture and the solver has a piece
/// more over the opponent's than at the start, or as many and a new king.
fn shows_win(start: &Position, now: &Position, crowned: bool) -> bool {
    if now.legal_moves().is_empty() {
        return true;
    }
    if now.has_capture() {
        return false;
    }
    let solver = start.side_to_move();
    let (before, after) = (balance(start, solver), balance(now, solver));
    after > before || (crowned && after >= before)
}

/// A puzzle's difficulty from the nodes a full-strength search of two lines takes to
/// settle on its key move: 1 up to 64 nodes (its first iterations, between which the
/// strength levels make no difference: docs/puzzles.md), and one more for each doubling
/// of them beyond.
pub fn difficulty(settled: u64) -> u32 {
    let mut difficulty = 1;
    let mut nodes = 64;
    while settled > nodes {
        difficulty += 1;
        nodes *= 2;
    }
    difficulty
}
