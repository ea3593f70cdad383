//! Move ordering: the hash move first, then killer moves, then by history; captures
//! (forced, so all a node's moves are captures or none) by the number of pieces taken,
//! then by history. Moves are picked one at a time, and one may be put back for later
//! (a move another thread is searching).

use arrayvec::ArrayVec;

use crate::rules::{Geometry, MAX_MOVES, Move, MoveList};

/// A score per move of a [`MoveList`], by index.
pub type MoveScores = ArrayVec<i32, MAX_MOVES>;

/// The deepest ply the search tables cover.
pub const MAX_PLY: usize = 128;

/// What a thread has learnt about which moves cut off: two killer moves per ply, and
/// history scores of quiet moves by their squares alone (from, to), after the opponent's
/// last move (counter-move history) and after one's own move before it (follow-up
/// history), each indexed by where that earlier move went.
///
/// The tables have room for the largest board's bit indices, but index by the board in
/// use ([`Ordering::fit`]): an 8x8 board's squares are bits 0 to 35, so its tables are a
/// sixth of the all-squares board's, and clearing and ageing them between searches,
/// which touch every entry, cost as much less.
pub struct Ordering {
    killers: Box<[[Option<Move>; 2]; MAX_PLY]>,
    /// Bit indices the tables are laid out for: the board in use's highest, plus one.
    span: usize,
    history: History,
    counter: History,
    follow_up: History,
}

impl Default for Ordering {
    fn default() -> Ordering {
        Ordering {
            killers: Box::new([[None; 2]; MAX_PLY]),
            span: SQUARES,
            history: History::new(SQUARES * SQUARES),
            counter: History::new(SQUARES * SQUARES * SQUARES),
            follow_up: History::new(SQUARES * SQUARES * SQUARES),
        }
    }
}

/// The moves played to reach a node: the opponent's last move and one's own before it,
/// when the search made them (not before the root).
pub type Context = [Option<Move>; 2];

const HASH_MOVE: i32 = 1 << 30;
const KILLER: [i32; 2] = [1 << 29, (1 << 29) - 1];

/// The bound of a history score: the three tables together stay far below the killers.
const HISTORY_MAX: i32 = 1 << 14;

/// Square indices the tables have room for.
const SQUARES: usize = Geometry::SQUARE_BITS;

impl Ordering {
    /// Lays the tables out for `geometry`'s board. Lessons of another board mean nothing
    /// on this one, so a change of board forgets them.
    pub fn fit(&mut self, geometry: &Geometry) {
        let span = (u64::BITS - geometry.squares().0.leading_zeros()) as usize;
        if span != self.span {
            self.span = span;
            self.clear();
        }
    }

    /// Forgets everything (a new game), in place: the tables' memory stays mapped.
    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        let (pairs, triples) = (self.span * self.span, self.span * self.span * self.span);
        self.history.0[..pairs].fill(0);
        self.counter.0[..triples].fill(0);
        self.follow_up.0[..triples].fill(0);
    }

    /// Fills `scores` with a score for each of `moves` at `ply` reached by `context`,
    /// higher first; `hash_move` is the table's best move.
    pub fn score_moves(
        &self,
        moves: &MoveList,
        ply: usize,
        context: Context,
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
                self.history_score(*mv, context) + mv.captured().count() as i32 * (1 << 20)
            }
        }));
    }

    /// The sum of the three history scores of a move.
    fn history_score(&self, mv: Move, [last, before]: Context) -> i32 {
        let mut score = self.history.get(self.squares(mv));
        if let Some(last) = last {
            score += self.counter.get(self.after(last, mv));
        }
        if let Some(before) = before {
            score += self.follow_up.get(self.after(before, mv));
        }
        score
    }

    /// Records that the quiet move `mv` caused a cutoff at `ply` reached by `context`
    /// after a search of `depth`, and that the quiet moves `failed` searched before it
    /// did not.
    pub fn record_cutoff(&mut self, mv: Move, failed: &[Move], ply: usize, context: Context, depth: i32) {
        if mv.is_capture() {
            return;
        }
        let killers = &mut self.killers[ply.min(MAX_PLY - 1)];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let bonus = (depth * depth).min(HISTORY_MAX);
        self.reward(mv, context, bonus);
        for &other in failed {
            self.reward(other, context, -bonus);
        }
    }

    /// Adds `bonus` to every history score of `mv` after `context`.
    fn reward(&mut self, mv: Move, [last, before]: Context, bonus: i32) {
        self.history.update(self.squares(mv), bonus);
        if let Some(last) = last {
            self.counter.update(self.after(last, mv), bonus);
        }
        if let Some(before) = before {
            self.follow_up.update(self.after(before, mv), bonus);
        }
    }

    /// Halves every history score, between searches, so old lessons fade.
    pub fn age(&mut self) {
        let (pairs, triples) = (self.span * self.span, self.span * self.span * self.span);
        self.history.age(pairs);
        self.counter.age(triples);
        self.follow_up.age(triples);
    }

    /// The index of a move by its squares.
    fn squares(&self, mv: Move) -> usize {
        mv.from().index() as usize * self.span + mv.to().index() as usize
    }

    /// The index of `mv` played after `earlier`, by where `earlier` went.
    fn after(&self, earlier: Move, mv: Move) -> usize {
        earlier.to().index() as usize * self.span * self.span + self.squares(mv)
    }
}

/// One table of history scores. Scores stay within ±[`HISTORY_MAX`], so 16 bits hold
/// them: half the memory of `i32`, which keeps more of a thread's tables in its core's
/// cache.
struct History(Box<[i16]>);

impl History {
    fn new(len: usize) -> History {
        History(vec![0; len].into_boxed_slice())
    }

    fn get(&self, index: usize) -> i32 {
        i32::from(self.0[index])
    }

    /// Moves a score by `bonus` towards the bound of its sign, by less the nearer it
    /// already is (gravity): scores stay within ±[`HISTORY_MAX`] and recent lessons
    /// weigh more than old ones.
    fn update(&mut self, index: usize, bonus: i32) {
        let entry = i32::from(self.0[index]);
        let updated = entry + bonus - entry * bonus.abs() / HISTORY_MAX;
        self.0[index] = updated.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
    }

    /// Halves the first `len` scores, those of the board in use.
    fn age(&mut self, len: usize) {
        self.0[..len].iter_mut().for_each(|entry| *entry /= 2);
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
