//! A book ready for play: every position's value backed up from the leaves, and its
//! distance in plies from the start, looked up by hash.

use std::collections::VecDeque;

use ahash::AHashMap;

use super::file::BookFile;
use super::tree::{Node, Tree, children};
use crate::rules::{Move, Position, Variant};

/// A move the book holds, with its value for the side that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// Its value in centi-men for the side that plays it (wins and losses as the search
    /// scores them, `10000 - plies`).
    pub centi_men: i32,
}

impl BookMove {
    /// Its value in men, as `crownhead book probe`, `analyse --book` and the board's
    /// explorer show it.
    pub fn men(&self) -> f64 {
        f64::from(self.centi_men) / 100.0
    }
}

/// How a book is made up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookStats {
    /// Distinct positions.
    pub positions: usize,
    /// Positions expanded: where the book has a move to play.
    pub expanded: usize,
    /// Positions at each distance from the start (index 0: the start).
    pub by_ply: Vec<usize>,
    /// Nodes each leaf was searched to (0: not recorded).
    pub nodes: u64,
}

/// An opening book: for each expanded position, every legal move with its value, the
/// best of a line's leaves as searches scored them (negamax).
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    tree: Tree,
    values: AHashMap<u64, i32>,
    plies: AHashMap<u64, usize>,
    nodes: u64,
}

impl Book {
    /// The book a file holds, its values backed up.
    pub fn new(file: BookFile) -> Book {
        let values = file.tree.values();
        let plies = plies_from_start(&file.tree);
        Book { tree: file.tree, values, plies, nodes: file.nodes }
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        self.tree.variant()
    }

    /// The plies from the start to `position` along the book's shortest line, if the
    /// book holds it.
    pub fn ply(&self, position: &Position) -> Option<usize> {
        self.plies.get(&position.hash()).copied()
    }

    /// The book's moves in `position`, best first: every legal move when the book has
    /// expanded the position, none otherwise (also for another rule set's position).
    pub fn moves(&self, position: &Position) -> Vec<BookMove> {
        if position.variant() != self.variant() || self.tree.node(position) != Some(Node::Interior) {
            return Vec::new();
        }
        let mut moves: Vec<BookMove> = (children(position).into_iter())
            .filter_map(|(mv, child)| {
                self.values.get(&child.hash()).map(|value| BookMove { mv, centi_men: -value })
            })
            .collect();
        moves.sort_by_key(|book_move| -book_move.centi_men);
        moves
    }

    /// A move to play in `position`, drawn with `random` among the book's moves within
    /// `margin` centi-men of the best: `None` where the book has no move.
    pub fn choose(&self, position: &Position, margin: i32, random: u64) -> Option<BookMove> {
        let moves = self.moves(position);
        let best = moves.first()?.centi_men;
        let near = moves.iter().take_while(|book_move| book_move.centi_men >= best - margin.max(0)).count();
        moves.get((random % near as u64) as usize).copied()
    }

    /// How the book is made up.
    pub fn stats(&self) -> BookStats {
        let mut by_ply = Vec::new();
        for &ply in self.plies.values() {
            if by_ply.len() <= ply {
                by_ply.resize(ply + 1, 0);
            }
            by_ply[ply] += 1;
        }
        BookStats {
            positions: self.tree.len(),
            expanded: self.tree.interior_count(),
            by_ply,
            nodes: self.nodes,
        }
    }
}

/// The plies from the start to every position of `tree`, along its shortest line.
fn plies_from_start(tree: &Tree) -> AHashMap<u64, usize> {
    let mut plies = AHashMap::with_capacity(tree.len());
    let start = Position::start(tree.variant());
    if tree.node(&start).is_none() {
        return plies;
    }
    plies.insert(start.hash(), 0);
    let mut queue = VecDeque::from([(start, 0)]);
    while let Some((position, ply)) = queue.pop_front() {
        if tree.node(&position) != Some(Node::Interior) {
            continue;
        }
        for (_, child) in children(&position) {
            if tree.node(&child).is_some() && !plies.contains_key(&child.hash()) {
                plies.insert(child.hash(), ply + 1);
                queue.push_back((child, ply + 1));
            }
        }
    }
    plies
}

#[cfg(test)]
mod tests {
    use super::*;

    /// English's start expanded: after 11-15 White, to move, stands at -0.20 (so 11-15
    /// is worth +0.20 to Black, who plays it), after 9-14 at -0.15, after the rest at
    /// +0.50.
    fn book() -> Book {
        let mut tree = Tree::new(Variant::English);
        let start = Position::start(Variant::English);
        tree.set_interior(&start);
        for (mv, child) in children(&start) {
            let score = match start.move_to_text(&mv).as_str() {
                "11-15" => -20,
                "9-14" => -15,
                _ => 50,
            };
            tree.insert_leaf(&child, score);
        }
        Book::new(BookFile { tree, nodes: 0 })
    }

    #[test]
    fn moves_come_best_first_and_the_margin_bounds_the_draw() {
        let book = book();
        let start = Position::start(Variant::English);
        let moves: Vec<(String, i32)> = book
            .moves(&start)
            .iter()
            .map(|book_move| (start.move_to_text(&book_move.mv), book_move.centi_men))
            .collect();
        assert_eq!(moves.len(), 7);
        assert_eq!(moves[..2], [("11-15".to_string(), 20), ("9-14".to_string(), 15)]);
        let drawn = |margin: i32| -> Vec<String> {
            let mut names: Vec<String> = (0..64)
                .filter_map(|random| book.choose(&start, margin, random))
                .map(|book_move| start.move_to_text(&book_move.mv))
                .collect();
            names.sort();
            names.dedup();
            names
        };
        assert_eq!(drawn(0), ["11-15"]);
        assert_eq!(drawn(5), ["11-15", "9-14"]);
        assert_eq!(drawn(100).len(), 7);
        assert_eq!(book.ply(&start), Some(0));
        let after = start.play(&book.moves(&start)[0].mv);
        assert!(book.moves(&after).is_empty(), "a leaf has no book moves");
        assert_eq!(book.ply(&after), Some(1));
        assert!(book.moves(&Position::start(Variant::Russian)).is_empty());
    }
}
