//! Growing an opening book by drop-out expansion: the leaf on the line most likely to be
//! played is expanded next, each of its moves' positions searched, and the values
//! backed up to the start.
//!
//! A line's cost is the sum, over its moves, of how much worse the move is than the best
//! in its position (in centi-men, as the book's values stand), plus `ply_cost` a move: the
//! leaf of least cost from the start, or from one of the openings the book must cover,
//! is expanded next. A small `ply_cost` makes the book narrow and deep, a large one wide
//! and shallow. The openings' own moves cost nothing: every position on their lines is
//! expanded first, so that each opening's position is in the book whatever its value.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::{Duration, Instant};

use ahash::AHashMap;

use crate::book::{Node, Tree, children};
use crate::engine::{Engine, Limits, Options, Score};
use crate::rules::{Game, Position};

/// The largest part of a line's cost one move adds for being worse than the best: a move
/// that loses is as unlikely as one that loses a few men.
const MAX_DROP: i32 = 500;

/// How a book grows.
#[derive(Clone, Debug)]
pub struct Growth {
    /// Nodes each new position is searched to.
    pub nodes: u64,
    /// The book grows until it holds this many positions.
    pub positions: usize,
    /// What a move adds to a line's cost, in centi-men.
    pub ply_cost: i32,
    /// The openings whose lines the book covers (games from the start position).
    pub openings: Vec<Game>,
    /// Whether lines from the start position are grown too, not only from the openings.
    pub from_start: bool,
    /// The engine's options for the searches (threads, table, network, databases).
    pub engine: Options,
}

/// How far a growth has gone, reported after each expansion.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Positions in the book.
    pub positions: usize,
    /// Positions expanded by this run.
    pub expanded: usize,
    /// The cost of the line of the last position expanded.
    pub cost: i32,
    /// Time since the run started.
    pub elapsed: Duration,
}

/// Grows `tree` as `growth` says, calling `save` after each expansion (it decides how
/// often to write) and once at the end, and `progress` after each expansion. Stops when
/// the book holds `growth.positions` positions, or has no leaf left to expand (all
/// decisive), or `save` fails.
///
/// # Errors
/// An error of `save`.
pub fn grow<E>(
    tree: &mut Tree,
    growth: &Growth,
    mut save: impl FnMut(&Tree, bool) -> Result<(), E>,
    mut progress: impl FnMut(&Progress),
) -> Result<(), E> {
    let started = Instant::now();
    let mut engine = Engine::new(growth.engine.clone());
    let start = Position::start(tree.variant());
    if tree.node(&start).is_none() {
        let score = search(&mut engine, &start, growth.nodes);
        tree.insert_leaf(&start, score);
    }
    let mut roots = if growth.from_start { vec![start] } else { Vec::new() };
    for opening in &growth.openings {
        let mut position = start;
        for mv in opening.moves() {
            if tree.node(&position) != Some(Node::Interior) {
                expand(tree, &mut engine, &position, growth.nodes);
            }
            position = position.play(mv);
        }
        roots.push(position);
    }
    let mut expanded = 0;
    while tree.len() < growth.positions {
        let Some((leaf, cost)) = cheapest_leaf(tree, &roots, growth.ply_cost) else { break };
        expand(tree, &mut engine, &leaf, growth.nodes);
        expanded += 1;
        progress(&Progress { positions: tree.len(), expanded, cost, elapsed: started.elapsed() });
        save(tree, false)?;
    }
    save(tree, true)
}

/// Searches every move's position of `position` that the book lacks, then marks it
/// expanded.
fn expand(tree: &mut Tree, engine: &mut Engine, position: &Position, nodes: u64) {
    for (_, child) in children(position) {
        if tree.node(&child).is_none() {
            let score = search(engine, &child, nodes);
            tree.insert_leaf(&child, score);
        }
    }
    tree.set_interior(position);
}

/// The score of `position` for its side to move, searched to about `nodes` nodes.
fn search(engine: &mut Engine, position: &Position, nodes: u64) -> i32 {
    engine.analyse(&Game::new(*position), &Limits::nodes(nodes), |_| {}).score.centi_men()
}

/// The leaf of least cost from `roots` that is worth expanding (its score is not a
/// win or a loss), with its cost: a shortest-path search over the book, costs being
/// sums of moves' costs, none negative.
fn cheapest_leaf(tree: &Tree, roots: &[Position], ply_cost: i32) -> Option<(Position, i32)> {
    let values = tree.values();
    let mut best: AHashMap<u64, (i32, Position)> = AHashMap::new();
    let mut queue = BinaryHeap::new();
    for root in roots {
        best.insert(root.hash(), (0, *root));
        queue.push(Reverse((0, root.hash())));
    }
    while let Some(Reverse((cost, key))) = queue.pop() {
        let Some(&(known, position)) = best.get(&key) else { continue };
        if known < cost {
            continue;
        }
        match tree.node(&position) {
            Some(Node::Leaf(score)) if !Score::from_stored(score.into()).is_decisive() => {
                return Some((position, cost));
            }
            Some(Node::Interior) => {
                let Some(&value) = values.get(&key) else { continue };
                for (_, child) in children(&position) {
                    let Some(&child_value) = values.get(&child.hash()) else { continue };
                    let drop = (value + child_value).clamp(0, MAX_DROP);
                    let child_cost = cost + drop + ply_cost;
                    if best.get(&child.hash()).is_none_or(|&(known, _)| child_cost < known) {
                        best.insert(child.hash(), (child_cost, child));
                        queue.push(Reverse((child_cost, child.hash())));
                    }
                }
            }
            _ => {}
        }
    }
    None
}
