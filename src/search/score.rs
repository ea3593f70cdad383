//! The score a search reports: an evaluation in centi-men, or a win or loss in a known
//! number of plies, always for the side to move.

use std::fmt;
use std::ops::Neg;

use crate::network::{MAX_EVAL, Value};

use super::value::WIN;

/// A search score for the side to move.
///
/// A man is worth 100 centi-men. A win in `n` plies is stored as `10000 - n` centi-men
/// and a loss as its negation, so that in men, Hub's unit, a win in 5 plies reads
/// `99.95`: ordering and negation work on every score alike.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(Value);

impl Score {
    /// A draw, or a balanced position.
    pub const DRAW: Score = Score(0);

    /// An evaluation of `centi_men` (a man is 100), kept inside the evaluation range so
    /// that it never reads as a win or a loss.
    pub const fn from_centi_men(centi_men: i32) -> Score {
        Score(if centi_men > MAX_EVAL {
            MAX_EVAL
        } else if centi_men < -MAX_EVAL {
            -MAX_EVAL
        } else {
            centi_men
        })
    }

    /// The score whose [`Score::centi_men`] is `centi_men`, wins and losses included
    /// (kept within them): a score written to a file, such as an opening book's, read
    /// back.
    pub const fn from_stored(centi_men: i32) -> Score {
        Score(if centi_men > WIN {
            WIN
        } else if centi_men < -WIN {
            -WIN
        } else {
            centi_men
        })
    }

    /// A win for the side to move in `plies` plies (0: the opponent has no move now).
    pub const fn win_in(plies: u32) -> Score {
        let plies = if plies > (WIN - MAX_EVAL - 1) as u32 { WIN - MAX_EVAL - 1 } else { plies as Value };
        Score(WIN - plies)
    }

    /// A loss for the side to move in `plies` plies.
    pub const fn loss_in(plies: u32) -> Score {
        Score(-Score::win_in(plies).0)
    }

    /// The score from the search's own value.
    pub(crate) const fn from_value(value: Value) -> Score {
        Score(value)
    }

    /// The score in centi-men; a win in `n` plies is `10000 - n`.
    pub const fn centi_men(self) -> i32 {
        self.0
    }

    /// The score in men, Hub's unit; a win in `n` plies is `100 - n/100`.
    pub fn men(self) -> f64 {
        f64::from(self.0) / 100.0
    }

    /// Plies to the end of the game when the score is a forced win or loss.
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.is_decisive() { Some((WIN - self.0.abs()) as u32) } else { None }
    }

    /// Whether the score is a forced win or loss rather than an evaluation.
    pub const fn is_decisive(self) -> bool {
        self.0.abs() > MAX_EVAL
    }

    /// Whether the side to move has a forced win.
    pub const fn is_win(self) -> bool {
        self.0 > MAX_EVAL
    }
}

impl Neg for Score {
    type Output = Score;

    /// The same score seen by the other side.
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// Men with two decimals, as Hub and the tools print scores: `0.25`, `-1.00`,
    /// `99.95` for a win in 5 plies.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.2}", self.men())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_and_losses_count_plies_and_order_by_distance() {
        assert_eq!(Score::win_in(5).to_string(), "99.95");
        assert_eq!(Score::loss_in(5).to_string(), "-99.95");
        assert_eq!(Score::win_in(7).plies_to_end(), Some(7));
        assert_eq!(Score::loss_in(3).plies_to_end(), Some(3));
        assert!(Score::win_in(3) > Score::win_in(9));
        assert!(Score::loss_in(9) > Score::loss_in(3));
        assert!(Score::win_in(500) > Score::from_centi_men(i32::MAX));
        assert_eq!(-Score::win_in(4), Score::loss_in(4));
        assert!(Score::win_in(4).is_win() && !Score::loss_in(4).is_win());
    }

    #[test]
    fn evaluations_stay_evaluations() {
        let score = Score::from_centi_men(-125);
        assert_eq!((score.centi_men(), score.men(), score.to_string()), (-125, -1.25, "-1.25".to_string()));
        assert_eq!(score.plies_to_end(), None);
        assert!(!Score::from_centi_men(1_000_000).is_decisive());
        assert!(!Score::from_centi_men(-1_000_000).is_decisive());
        assert_eq!(Score::DRAW.to_string(), "0.00");
    }
}
