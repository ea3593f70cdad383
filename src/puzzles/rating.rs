//! A person's puzzle rating, kept as Glickman's Glicko-2 system keeps a player's
//! ("Example of the Glicko-2 system", 2012): a rating, a deviation that says how sure it
//! is, and a volatility that says how much it moves. Each puzzle tried is a game against
//! the puzzle, won when it is solved without a miss; the puzzle's own rating is its
//! [`starting_rating`](super::starting_rating), held as sure to within
//! [`PUZZLE_DEVIATION`].

use std::f64::consts::PI;

/// Glicko-2's scale: rating points to one unit of its internal scale.
const SCALE: f64 = 173.7178;

/// The rating Glicko-2 centres its internal scale on, and every newcomer's.
const CENTRE: f64 = 1500.0;

/// How far the volatility may move in one update (Glickman's τ, "between 0.3 and 1.2"):
/// the middle of that range.
pub const TAU: f64 = 0.5;

/// How sure a puzzle's rating is: one step of difficulty is 100 points, and the step is
/// the search's own estimate of how hard the puzzle is for a person.
pub const PUZZLE_DEVIATION: f64 = 100.0;

/// The deviation under which a rating is settled rather than provisional, as lichess
/// marks its players' (a `?` after the rating).
pub const SETTLED_DEVIATION: f64 = 110.0;

/// The volatility iteration's tolerance (Glickman's ε).
const TOLERANCE: f64 = 1e-6;

/// A Glicko-2 rating, in rating points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Its deviation: the rating is within twice this of the truth 95 times in 100.
    pub deviation: f64,
    /// Its volatility: how much the person's strength is expected to move.
    pub volatility: f64,
}

/// One game's opponent and score: 1 won, 0 lost, 0.5 drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The opponent's rating before the game.
    pub opponent: Rating,
    /// The score.
    pub score: f64,
}

impl Rating {
    /// A newcomer's rating, as Glickman starts one: 1500, deviation 350, volatility 0.06.
    pub const NEW: Rating = Rating { rating: CENTRE, deviation: 350.0, volatility: 0.06 };

    /// A puzzle's rating as an opponent: `rating`, held to within [`PUZZLE_DEVIATION`].
    pub fn puzzle(rating: u32) -> Rating {
        Rating { rating: f64::from(rating), deviation: PUZZLE_DEVIATION, volatility: Rating::NEW.volatility }
    }

    /// Whether the rating is settled ([`SETTLED_DEVIATION`]) rather than provisional.
    pub fn settled(&self) -> bool {
        self.deviation < SETTLED_DEVIATION
    }

    /// The chance of a win against `opponent`, as the rating expects it.
    pub fn expected(&self, opponent: &Rating) -> f64 {
        expected(self.mu(), opponent.mu(), opponent.phi())
    }

    /// The rating after one rating period of `games` (Glickman's steps 2 to 8), with the
    /// volatility's change bounded by `tau`. A period with no game widens the deviation
    /// only.
    pub fn after(&self, games: &[Outcome], tau: f64) -> Rating {
        let (mu, phi, sigma) = (self.mu(), self.phi(), self.volatility);
        if games.is_empty() {
            return Rating::from_scale(mu, phi.hypot(sigma), sigma);
        }
        let mut inverse_variance = 0.0;
        let mut surprise = 0.0;
        for game in games {
            let weight = g(game.opponent.phi());
            let expectation = expected(mu, game.opponent.mu(), game.opponent.phi());
            inverse_variance += weight * weight * expectation * (1.0 - expectation);
            surprise += weight * (game.score - expectation);
        }
        let variance = 1.0 / inverse_variance;
        let delta = variance * surprise;
        let sigma = new_volatility(phi, sigma, variance, delta, tau);
        let before = phi.hypot(sigma);
        let phi = 1.0 / (1.0 / (before * before) + 1.0 / variance).sqrt();
        Rating::from_scale(mu + phi * phi * surprise, phi, sigma)
    }

    fn mu(&self) -> f64 {
        (self.rating - CENTRE) / SCALE
    }

    fn phi(&self) -> f64 {
        self.deviation / SCALE
    }

    fn from_scale(mu: f64, phi: f64, volatility: f64) -> Rating {
        Rating { rating: CENTRE + SCALE * mu, deviation: SCALE * phi, volatility }
    }
}

/// How much a game against an opponent of deviation `phi` counts (Glickman's g).
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// The expected score of `mu` against `opponent` of deviation `phi` (Glickman's E).
fn expected(mu: f64, opponent: f64, phi: f64) -> f64 {
    1.0 / (1.0 + (-g(phi) * (mu - opponent)).exp())
}

/// The new volatility (Glickman's step 5, the Illinois algorithm).
fn new_volatility(phi: f64, sigma: f64, variance: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let denominator = phi * phi + variance + ex;
        ex * (delta * delta - phi * phi - variance - ex) / (2.0 * denominator * denominator)
            - (x - a) / (tau * tau)
    };
    let mut low = a;
    let mut high = if delta * delta > phi * phi + variance {
        (delta * delta - phi * phi - variance).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_low, mut f_high) = (f(low), f(high));
    while (high - low).abs() > TOLERANCE {
        let middle = low + (low - high) * f_low / (f_high - f_low);
        let f_middle = f(middle);
        if f_middle * f_high <= 0.0 {
            (low, f_low) = (high, f_high);
        } else {
            f_low /= 2.0;
        }
        (high, f_high) = (middle, f_middle);
    }
    (low / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating { rating, deviation, volatility: 0.06 }
    }

    #[test]
    fn glickmans_worked_example() {
        // "Example of the Glicko-2 system", section 3: a player of 1500 (deviation 200)
        // beats a 1400 (30) and loses to a 1550 (100) and a 1700 (300), τ = 0.5.
        let games = [
            Outcome { opponent: rating(1400.0, 30.0), score: 1.0 },
            Outcome { opponent: rating(1550.0, 100.0), score: 0.0 },
            Outcome { opponent: rating(1700.0, 300.0), score: 0.0 },
        ];
        let after = rating(1500.0, 200.0).after(&games, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_period_without_games_widens_the_deviation_only() {
        let after = rating(1500.0, 200.0).after(&[], TAU);
        assert_eq!(after.rating, 1500.0);
        // Glickman's step 6 alone: φ* = sqrt(φ² + σ²), on his scale.
        let phi = (200.0_f64 / SCALE).hypot(0.06);
        assert!((after.deviation - phi * SCALE).abs() < 1e-9);
    }

    #[test]
    fn a_solved_puzzle_raises_a_rating_and_a_missed_one_lowers_it() {
        let puzzle = Rating::puzzle(1500);
        let won = Rating::NEW.after(&[Outcome { opponent: puzzle, score: 1.0 }], TAU);
        let lost = Rating::NEW.after(&[Outcome { opponent: puzzle, score: 0.0 }], TAU);
        // Even odds, so the two moves are the same size; a newcomer moves a long way.
        assert!((Rating::NEW.expected(&puzzle) - 0.5).abs() < 1e-12);
        assert!((won.rating - 1500.0 - (1500.0 - lost.rating)).abs() < 1e-6);
        assert!(won.rating > 1600.0 && won.deviation < 350.0 && !won.settled());
        // Solving an easy puzzle is worth less than solving a hard one.
        let easy = Rating::NEW.after(&[Outcome { opponent: Rating::puzzle(900), score: 1.0 }], TAU);
        assert!(easy.rating > 1500.0 && easy.rating < won.rating);
    }

    #[test]
    fn many_attempts_settle_the_rating_near_the_level_solved_half_the_time() {
        // Solving every 1200 puzzle and missing every 1400 one settles between the two.
        let mut person = Rating::NEW;
        for round in 0..200 {
            let (level, score) = if round % 2 == 0 { (1200, 1.0) } else { (1400, 0.0) };
            person = person.after(&[Outcome { opponent: Rating::puzzle(level), score }], TAU);
        }
        assert!(person.rating > 1200.0 && person.rating < 1400.0, "{person:?}");
        assert!(person.settled(), "{person:?}");
    }
}
