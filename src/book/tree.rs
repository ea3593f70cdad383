//! The book as its builder grows it and its file holds it: the positions in it, each
//! either a leaf, with the score a search gave it, or expanded, with every move's
//! position in the book too.

use std::collections::hash_map::Entry;

use ahash::AHashMap;

use crate::rules::{Move, Position, Variant};

/// A position of the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    /// Not expanded: the score of a search of it, in centi-men for the side to move
    /// (wins and losses as the search writes them, `10000 - plies`).
    Leaf(i16),
    /// Expanded: the positions after each of its legal moves are in the book.
    Interior,
}

/// The positions of an opening book, keyed by their hash: a tree from the start position
/// (a graph, where move orders transpose), every expanded position with all its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    variant: Variant,
    nodes: AHashMap<u64, Node>,
}

impl Tree {
    /// A book of `variant` with no position in it.
    pub fn new(variant: Variant) -> Tree {
        Tree { variant, nodes: AHashMap::new() }
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// How many positions the book holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// How many positions are expanded.
    pub fn interior_count(&self) -> usize {
        self.nodes.values().filter(|node| **node == Node::Interior).count()
    }

    /// The node of `position`, if the book holds it.
    pub fn node(&self, position: &Position) -> Option<Node> {
        self.nodes.get(&position.hash()).copied()
    }

    /// Puts `position` in as a leaf scored `centi_men` for its side to move (kept within
    /// ±10,000), unless the book holds it already.
    pub fn insert_leaf(&mut self, position: &Position, centi_men: i32) {
        let score = centi_men.clamp(-10_000, 10_000) as i16;
        self.nodes.entry(position.hash()).or_insert(Node::Leaf(score));
    }

    /// Marks `position` expanded; the caller has put every move's position in.
    pub fn set_interior(&mut self, position: &Position) {
        self.nodes.insert(position.hash(), Node::Interior);
    }

    /// Adds `other`'s positions: a position expanded in either is expanded; a leaf in
    /// both keeps this book's score. Both must be of the same rule set.
    pub fn merge(&mut self, other: &Tree) {
        for (&key, &node) in &other.nodes {
            match self.nodes.entry(key) {
                Entry::Vacant(vacant) => {
                    vacant.insert(node);
                }
                Entry::Occupied(mut occupied) => {
                    if node == Node::Interior {
                        occupied.insert(node);
                    }
                }
            }
        }
    }

    /// The value of every position reachable from the start, in centi-men for its side to
    /// move: a leaf's score, and for an expanded position the best of its moves'
    /// (negamax). A position met again on its own line (a repetition) counts as a draw.
    pub fn values(&self) -> AHashMap<u64, i32> {
        let mut values = AHashMap::with_capacity(self.nodes.len());
        let start = Position::start(self.variant);
        if self.nodes.contains_key(&start.hash()) {
            self.value(&start, &mut values, &mut Vec::new());
        }
        values
    }

    /// The value of `position`, computed once into `values`; `line` holds the positions
    /// being valued above it.
    fn value(&self, position: &Position, values: &mut AHashMap<u64, i32>, line: &mut Vec<u64>) -> i32 {
        let key = position.hash();
        if let Some(&value) = values.get(&key) {
            return value;
        }
        if line.contains(&key) {
            return 0;
        }
        let value = match self.nodes.get(&key) {
            Some(Node::Leaf(score)) => i32::from(*score),
            Some(Node::Interior) => {
                line.push(key);
                let best = (children(position).iter())
                    .filter(|(_, child)| self.nodes.contains_key(&child.hash()))
                    .map(|(_, child)| -self.value(child, values, line))
                    .max()
                    .unwrap_or(0);
                line.pop();
                best
            }
            None => 0,
        };
        values.insert(key, value);
        value
    }
}

/// The legal moves of `position` with the positions they reach, in the book's order: by
/// the squares the move leaves and reaches, then the pieces it takes. The file lists an
/// expanded position's moves in this order, which does not depend on how move
/// generation orders them.
pub fn children(position: &Position) -> Vec<(Move, Position)> {
    let mut moves: Vec<Move> = position.legal_moves().into_iter().collect();
    moves.sort_by_key(|mv| (mv.from().index(), mv.to().index(), mv.captured().0));
    moves.into_iter().map(|mv| (mv, position.play(&mv))).collect()
}
