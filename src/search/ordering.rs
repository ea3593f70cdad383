//! Move ordering: the hash move first, then killer moves, then by history.

use arrayvec::ArrayVec;

use crate::rules::{MAX_MOVES, Move, MoveList};

/// A score per move of a [`MoveList`], by index.
pub type MoveScores = ArrayVec<i32, MAX_MOVES>;

/// The deepest ply the search tables cover.
pub const MAX_PLY: usize = 128;

/// What a thread has learnt about which moves cut off: two killer moves per ply and a
/// history score per (from, to) square pair.
pub struct Ordering {
    killers: Box<[[Option<Move>; 2]; MAX_PLY]>,
    history: Box<[[i32; 64]; 64]>,
}

impl Default for Ordering {
    fn default() -> Ordering {
        Ordering { killers: Box::new([[None; 2]; MAX_PLY]), history: Box::new([[0; 64]; 64]) }
    }
}

const HASH_MOVE: i32 = 1 << 30;
const KILLER: [i32; 2] = [1 << 29, (1 << 29) - 1];

impl Ordering {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        *self = Ordering::default();
    }

    /// Fills `scores` with a score for each of `moves` at `ply`, higher first;
    /// `hash_move` is the table's best move.
    pub fn score_moves(
        &self,
        moves: &MoveList,
        ply: usize,
        hash_move: Option<usize>,
        scores: &mut MoveScores,
    ) {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        scores.clear();
        scores.extend(moves.iter().enumerate().map(|(index, mv)| {
            if Some(index) == hash_move {
                HASH_MOVE
            } else if let Some(slot) = killers.iter().position(|killer| *killer == Some(*mv)) {
                KILLER[slot]
            } else {
                self.history[mv.from().index() as usize][mv.to().index() as usize]
                    + mv.captured().count() as i32 * (1 << 20)
            }
        }));
    }

    /// Records that the quiet move `mv` caused a cutoff at `ply` after a search of
    /// `depth`.
    pub fn record_cutoff(&mut self, mv: Move, ply: usize, depth: i32) {
        if mv.is_capture() {
            return;
        }
        let killers = &mut self.killers[ply.min(MAX_PLY - 1)];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let entry = &mut self.history[mv.from().index() as usize][mv.to().index() as usize];
        *entry = (*entry + depth * depth).min(1 << 19);
    }

    /// Halves every history score, between searches, so old lessons fade.
    pub fn age(&mut self) {
        for row in self.history.iter_mut() {
            for entry in row.iter_mut() {
                *entry /= 2;
            }
        }
    }
}

/// A move taken by [`pick`]: its index, whether it was deferred before, and the move
/// that would be picked after it.
#[derive(Clone, Copy, Debug)]
pub struct Picked {
    /// The move's index in its list.
    pub index: usize,
    /// Whether the move was put back with [`defer`].
    pub deferred: bool,
    /// The index of the best move left after this one, found in the same scan.
    pub next: Option<usize>,
}

/// The best-scored move not taken yet, which is then marked taken; of equal scores,
/// the last in the list. Selection one step at a time: most nodes cut off after a move
/// or two.
pub fn pick(scores: &mut MoveScores) -> Option<Picked> {
    let (mut best, mut second) = (None::<(usize, i32)>, None::<(usize, i32)>);
    for (index, &score) in scores.iter().enumerate() {
        if best.is_none_or(|(_, top)| score >= top) {
            second = best;
            best = Some((index, score));
        } else if second.is_none_or(|(_, runner_up)| score >= runner_up) {
            second = Some((index, score));
        }
    }
    let (index, score) = best.filter(|&(_, score)| score != TAKEN)?;
    scores[index] = TAKEN;
    let next = second.filter(|&(_, score)| score != TAKEN).map(|(index, _)| index);
    Some(Picked { index, deferred: score == DEFERRED, next })
}

/// Puts a picked move back, to be picked again after every other move.
pub fn defer(scores: &mut MoveScores, index: usize) {
    scores[index] = DEFERRED;
}

/// The score of a move already picked.
const TAKEN: i32 = i32::MIN;

/// The score of a deferred move: below every move's own score.
const DEFERRED: i32 = i32::MIN + 1;
