//! The running count of a match: the first engine's wins, draws and losses, the game
//! pairs by points, and the endings by kind.

use std::collections::{BTreeMap, HashMap};

use super::stats::{Pentanomial, Wdl};

/// A game's result for the first engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameScore {
    /// The first engine won.
    Win,
    /// Nobody won.
    Draw,
    /// The first engine lost.
    Loss,
}

impl GameScore {
    fn half_points(self) -> usize {
        match self {
            GameScore::Win => 2,
            GameScore::Draw => 1,
            GameScore::Loss => 0,
        }
    }
}

/// The counts so far.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Every finished game.
    pub wdl: Wdl,
    /// Every pair with both games finished.
    pub pentanomial: Pentanomial,
    /// Finished games by kind of ending (`Termination::kind`).
    pub endings: BTreeMap<String, u64>,
    /// Pairs with one game finished: the first engine's half-points in it.
    waiting: HashMap<u64, usize>,
}

impl Tally {
    /// Counts game `index` (games `2k` and `2k + 1` form pair `k`).
    pub fn add(&mut self, index: u64, score: GameScore, ending: String) {
        match score {
            GameScore::Win => self.wdl.wins += 1,
            GameScore::Draw => self.wdl.draws += 1,
            GameScore::Loss => self.wdl.losses += 1,
        }
        *self.endings.entry(ending).or_default() += 1;
        let pair = index / 2;
        match self.waiting.remove(&pair) {
            Some(other) => self.pentanomial.add(other + score.half_points()),
            None => {
                self.waiting.insert(pair, score.half_points());
            }
        }
    }
}
