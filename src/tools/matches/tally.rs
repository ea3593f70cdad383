//! The running count of a match: the first engine's wins, draws and losses, the game
//! pairs by points, and the endings by kind; under an SPRT, the verdict, after which no
//! game counts.

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use super::stats::{Pentanomial, Sprt, SprtOutcome, SprtVerdict, Wdl};

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

/// A finished game as the count sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountedGame {
    /// The game's index in the match, from 0: games `2k` and `2k + 1` form pair `k`.
    pub index: u64,
    /// The first engine's result.
    pub score: GameScore,
    /// The kind of ending (`Termination::kind`).
    pub ending: String,
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
    /// The games counted, in the order they were.
    pub games: Vec<CountedGame>,
    /// Under a game clock, per engine: the least time its clock showed after one of its
    /// moves, over every game.
    pub least_time_left: [Option<Duration>; 2],
    /// Pairs with one game finished: the first engine's half-points in it.
    waiting: HashMap<u64, usize>,
}

impl Tally {
    /// Counts a game.
    pub fn add(&mut self, game: CountedGame) {
        match game.score {
            GameScore::Win => self.wdl.wins += 1,
            GameScore::Draw => self.wdl.draws += 1,
            GameScore::Loss => self.wdl.losses += 1,
        }
        *self.endings.entry(game.ending.clone()).or_default() += 1;
        let pair = game.index / 2;
        match self.waiting.remove(&pair) {
            Some(other) => self.pentanomial.add(other + game.score.half_points()),
            None => {
                self.waiting.insert(pair, game.score.half_points());
            }
        }
        self.games.push(game);
    }

    /// Notes that `engine`'s clock showed `left` after one of its moves.
    pub fn note_time_left(&mut self, engine: usize, left: Duration) {
        keep_least(&mut self.least_time_left[engine], left);
    }
}

/// Lowers `least` to `value` if that is less, or sets it if there is none yet: the least
/// time left, over a game's moves and over a match's games.
pub fn keep_least(least: &mut Option<Duration>, value: Duration) {
    *least = Some(least.map_or(value, |least| least.min(value)));
}

/// A tally under an optional SPRT: once a bound is crossed, later games do not count.
#[derive(Clone, Debug)]
pub struct SprtTally {
    /// The games counted.
    pub tally: Tally,
    sprt: Option<Sprt>,
    verdict: SprtVerdict,
}

impl SprtTally {
    /// An empty count, under `sprt` if there is one.
    pub fn new(sprt: Option<Sprt>) -> SprtTally {
        SprtTally { tally: Tally::default(), sprt, verdict: SprtVerdict::Continue }
    }

    /// Whether the SPRT has decided, so that no more game counts.
    pub fn decided(&self) -> bool {
        self.verdict != SprtVerdict::Continue
    }

    /// Counts a game unless the SPRT has decided, then takes the SPRT's verdict.
    pub fn add(&mut self, game: CountedGame) {
        if self.decided() {
            return;
        }
        self.tally.add(game);
        if let Some(sprt) = &self.sprt {
            self.verdict = sprt.verdict(sprt.llr(&self.tally.pentanomial));
        }
    }

    /// The SPRT and its verdict, if there is an SPRT.
    pub fn outcome(&self) -> Option<SprtOutcome> {
        self.sprt.map(|sprt| SprtOutcome { sprt, verdict: self.verdict })
    }
}
