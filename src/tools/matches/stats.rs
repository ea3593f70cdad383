//! Match statistics, as pure functions of the results: win/draw/loss and pentanomial
//! counts, the Elo estimate with its 95% interval, the likelihood of superiority, and the
//! SPRT log-likelihood ratio.
//!
//! The SPRT uses the normalized Elo model with a pentanomial likelihood over game pairs,
//! as fishtest (`LLRcalc.py`, `LLR_normalized`) and fastchess (`sprt.cpp`) do, after
//! Michel Van den Bergh, "Comments on Normalized Elo" (section 4.1): the generalized
//! log-likelihood ratio of the maximum-likelihood pair-score distributions whose
//! t-value `(mu - 1/2) / sigma` is that of `elo0` and of `elo1`.

use std::f64::consts::{LN_10, SQRT_2};

/// The z-score of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Normalized Elo per unit of t-value: `800 / ln 10`.
const NELO_PER_T: f64 = 800.0 / LN_10;

/// The first engine's wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games the first engine won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the first engine lost.
    pub losses: u64,
}

impl Wdl {
    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's points: a win is 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The counts as a distribution of per-game scores 0, 1/2 and 1 (the tests'
    /// check of the game-pair figures).
    #[cfg(test)]
    pub fn distribution(&self) -> [(f64, u64); 3] {
        [(0.0, self.losses), (0.5, self.draws), (1.0, self.wins)]
    }
}

/// Game pairs (one opening, colours reversed) counted by the first engine's points in
/// the pair: `counts[k]` pairs scored `k / 2` points, so the buckets are LL, LD,
/// DD or WL, WD and WW.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs per half-point total, 0 to 4.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Counts a pair in which the first engine scored `half_points` half-points (0 to 4).
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points.min(4)] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The counts as a distribution of per-pair mean scores 0, 1/4, 1/2, 3/4 and 1.
    pub fn distribution(&self) -> [(f64, u64); 5] {
        [0, 1, 2, 3, 4].map(|k| (f64::from(k) / 4.0, self.counts[k as usize]))
    }
}

/// An Elo estimate from a sample of scores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The mean score per game, 0 to 1.
    pub score: f64,
    /// The logistic Elo difference of that score (infinite for a score of 0 or 1).
    pub elo: f64,
    /// Half the width of the 95% interval, in Elo: the interval's ends are the Elo of
    /// the score plus and minus 1.96 standard errors, and this is half their distance.
    pub error: f64,
    /// The likelihood of superiority: the probability that the first engine is the
    /// stronger, under a normal approximation of the mean score.
    pub los: f64,
}

/// The logistic Elo difference that scores `score` on average.
pub fn score_to_elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The Elo estimate from samples of scores: `(score, count)` per possible score. Each
/// sample is one game (scores 0, 1/2, 1: [`Wdl::distribution`]) or one game pair (mean
/// scores 0 to 1 in quarters: [`Pentanomial::distribution`]), so that the interval
/// takes the variance of the sample unit, as fastchess's `EloPentanomial` does for
/// pairs. `None` when there is no sample.
pub fn elo_estimate(distribution: &[(f64, u64)]) -> Option<EloEstimate> {
    let samples: u64 = distribution.iter().map(|&(_, count)| count).sum();
    if samples == 0 {
        return None;
    }
    let n = samples as f64;
    let score = distribution.iter().map(|&(value, count)| value * count as f64).sum::<f64>() / n;
    let variance =
        distribution.iter().map(|&(value, count)| count as f64 * (value - score).powi(2)).sum::<f64>() / n;
    let standard_error = (variance / n).sqrt();
    let low = score_to_elo(score - Z95 * standard_error);
    let high = score_to_elo(score + Z95 * standard_error);
    let error = if standard_error == 0.0 { 0.0 } else { (high - low) / 2.0 };
    let los = if standard_error == 0.0 {
        match score.partial_cmp(&0.5) {
            Some(std::cmp::Ordering::Greater) => 1.0,
            Some(std::cmp::Ordering::Less) => 0.0,
            _ => 0.5,
        }
    } else {
        0.5 * (1.0 + erf((score - 0.5) / (SQRT_2 * standard_error)))
    };
    Some(EloEstimate { score, elo: score_to_elo(score), error, los })
}

/// The error function, to 1.2e-7 (Numerical Recipes' `erfc` by Chebyshev fitting).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.5 * x.abs());
    let tau = t
        * (-x * x - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 { 1.0 - tau } else { tau - 1.0 }
}

/// The SPRT's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo of the null hypothesis, normalized Elo.
    pub elo0: f64,
    /// The Elo of the alternative hypothesis, normalized Elo.
    pub elo1: f64,
    /// The false-positive rate: accepting `elo1` when `elo0` is true.
    pub alpha: f64,
    /// The false-negative rate: accepting `elo0` when `elo1` is true.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// The LLR is between the bounds: play on.
    Continue,
    /// The LLR reached the lower bound: `elo0` is accepted.
    AcceptH0,
    /// The LLR reached the upper bound: `elo1` is accepted.
    AcceptH1,
}

/// A text that is not `ELO0,ELO1[,ALPHA,BETA]` with `ELO0 < ELO1` and error rates
/// between 0 and 1/2.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not ELO0,ELO1[,ALPHA,BETA] with ELO0 < ELO1 and 0 < ALPHA, BETA < 1/2")]
pub struct BadSprt(pub String);

impl std::str::FromStr for Sprt {
    type Err = BadSprt;

    /// Reads `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA` (`--sprt 0,10`).
    fn from_str(text: &str) -> Result<Sprt, BadSprt> {
        let bad = || BadSprt(text.to_string());
        let numbers: Vec<f64> = text
            .split(',')
            .map(|part| part.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad())?;
        let (elo0, elo1, alpha, beta) = match *numbers.as_slice() {
            [elo0, elo1] => (elo0, elo1, Sprt::DEFAULT_ERROR, Sprt::DEFAULT_ERROR),
            [elo0, elo1, alpha, beta] => (elo0, elo1, alpha, beta),
            _ => return Err(bad()),
        };
        let rate = |rate: f64| rate > 0.0 && rate < 0.5;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && rate(alpha) && rate(beta)) {
            return Err(bad());
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }
}

impl Sprt {
    /// The default error rates, as fishtest and fastchess use.
    pub const DEFAULT_ERROR: f64 = 0.05;

    /// The LLR bounds: `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The verdict for a log-likelihood ratio.
    pub fn verdict(&self, llr: f64) -> SprtVerdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::AcceptH1
        } else if llr <= lower {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }

    /// The log-likelihood ratio of `elo1` against `elo0` for the game pairs in
    /// `pentanomial`, in the normalized Elo model. Empty buckets count as 1/1000 of a
    /// pair (fishtest's regularization); with no pairs the ratio is 0.
    pub fn llr(&self, pentanomial: &Pentanomial) -> f64 {
        if pentanomial.pairs() == 0 {
            return 0.0;
        }
        let counts = pentanomial.counts.map(|count| if count == 0 { 1e-3 } else { count as f64 });
        let total: f64 = counts.iter().sum();
        let observed = counts.map(|count| count / total);
        // A pair's score has twice the variance of a game's, so a pair's t-value is
        // sqrt(2) times the per-game one that normalized Elo measures.
        let t0 = SQRT_2 * self.elo0 / NELO_PER_T;
        let t1 = SQRT_2 * self.elo1 / NELO_PER_T;
        let p0 = mle_with_t_value(&observed, t0);
        let p1 = mle_with_t_value(&observed, t1);
        total * (0..5).map(|i| observed[i] * (p1[i].ln() - p0[i].ln())).sum::<f64>()
    }
}

/// The pair scores of the pentanomial buckets.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The maximum-likelihood distribution over [`PAIR_SCORES`] with t-value
/// `(mu - 1/2) / sigma = t`, given the observed one (Van den Bergh, section 4.1): a
/// fixed-point iteration from the uniform distribution, each step solving the secular
/// equation `sum p_i phi_i / (1 + x phi_i) = 0` for `x`.
fn mle_with_t_value(observed: &[f64; 5], t: f64) -> [f64; 5] {
    let mut p = [0.2; 5];
    for _ in 0..1000 {
        let mu: f64 = (0..5).map(|i| p[i] * PAIR_SCORES[i]).sum();
        let sigma = (0..5).map(|i| p[i] * (PAIR_SCORES[i] - mu).powi(2)).sum::<f64>().sqrt();
        let phi = PAIR_SCORES.map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)));
        let Some(x) = solve_secular(observed, &phi) else {
            break;
        };
        let next: [f64; 5] = std::array::from_fn(|i| observed[i] / (1.0 + x * phi[i]));
        let change = (0..5).map(|i| (next[i] - p[i]).abs()).fold(0.0, f64::max);
        p = next;
        if change < 1e-10 {
            break;
        }
    }
    p
}

/// The root of `sum w_i phi_i / (1 + x phi_i)` between `-1 / max phi` and
/// `-1 / min phi`, where it falls from plus to minus infinity; `None` when the `phi`
/// do not straddle zero.
fn solve_secular(weights: &[f64; 5], phi: &[f64; 5]) -> Option<f64> {
    let low_phi = phi.iter().copied().fold(f64::INFINITY, f64::min);
    let high_phi = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(low_phi < 0.0 && high_phi > 0.0) {
        return None;
    }
    let f = |x: f64| (0..5).map(|i| weights[i] * phi[i] / (1.0 + x * phi[i])).sum::<f64>();
    let (mut low, mut high) = (-1.0 / high_phi, -1.0 / low_phi);
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        if f(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    Some(0.5 * (low + high))
}

/// An SPRT and where it ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtOutcome {
    /// The test.
    pub sprt: Sprt,
    /// The verdict when the match stopped (the first bound crossed, if one was).
    pub verdict: SprtVerdict,
}

/// `H1 accepted`, `H0 accepted` or `no decision`.
pub fn verdict_text(verdict: SprtVerdict) -> &'static str {
    match verdict {
        SprtVerdict::AcceptH1 => "H1 accepted",
        SprtVerdict::AcceptH0 => "H0 accepted",
        SprtVerdict::Continue => "no decision",
    }
}

/// An Elo difference with its sign: `+34.9`, `-3.0`, `+inf`.
pub fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf".into() } else { "-inf".into() }
    } else {
        // Adding zero turns -0.0 into 0.0.
        format!("{:+.1}", elo + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    /// W/D/L 30/50/20, by hand: score s = (30 + 25) / 100 = 0.55; Elo = -400 log10(1/s - 1)
    /// = -400 log10(0.818182) = 34.86. Per-game variance 0.3 * 0.45^2 + 0.5 * 0.05^2 +
    /// 0.2 * 0.55^2 = 0.1225, so the standard error is sqrt(0.1225 / 100) = 0.035 and the
    /// 95% score interval 0.55 -+ 1.96 * 0.035 = [0.48140, 0.61860], Elo [-12.93, 84.01]:
    /// half-width 48.47. LOS = Phi(0.05 / 0.035) = Phi(1.4286) = 0.92344.
    #[test]
    fn elo_interval_and_los_from_win_draw_loss_counts() {
        let wdl = Wdl { wins: 30, draws: 50, losses: 20 };
        let estimate = elo_estimate(&wdl.distribution()).expect("100 games");
        assert!(close(estimate.score, 0.55, 1e-12));
        assert!(close(estimate.elo, 34.860_070, 1e-5), "{estimate:?}");
        assert!(close(estimate.error, 48.470_228, 1e-5), "{estimate:?}");
        assert!(close(estimate.los, 0.923_436_27, 1e-6), "{estimate:?}");
    }

    // The figures below come from this Python script, written from fishtest's LLRcalc.py
    // (`LLR_normalized`, Van den Bergh's MLE for a given t-value) with bisection instead of
    // scipy's brentq, independently of the Rust code:
    //
    //     import math
    //     def stats(pdf):
    //         s = sum(p * a for a, p in pdf)
    //         return s, sum(p * (a - s) ** 2 for a, p in pdf)
    //     def secular(pdf):
    //         v = min(a for a, p in pdf); w = max(a for a, p in pdf)
    //         lo, hi = -1 / w + 1e-12, -1 / v - 1e-12
    //         f = lambda x: sum(p * a / (1 + x * a) for a, p in pdf)
    //         for _ in range(300):
    //             mid = (lo + hi) / 2
    //             if f(mid) > 0: lo = mid
    //             else: hi = mid
    //         return (lo + hi) / 2
    //     def mle_t(pdfhat, ref, s):
    //         n = len(pdfhat)
    //         pdf = [(a, 1 / n) for a, p in pdfhat]
    //         for _ in range(100):
    //             old = pdf
    //             mu, var = stats(pdf); sigma = var ** 0.5
    //             pdf1 = [(a - ref - s * sigma * (1 + ((mu - a) / sigma) ** 2) / 2, p) for a, p in pdfhat]
    //             x = secular(pdf1)
    //             pdf = [(pdfhat[i][0], pdfhat[i][1] / (1 + x * pdf1[i][0])) for i in range(n)]
    //             if max(abs(old[i][1] - pdf[i][1]) for i in range(n)) < 1e-12: break
    //         return pdf
    //     def llr_normalized(nelo0, nelo1, results):   # results: LL, LD, DD+WL, WD, WW
    //         k = 800 / math.log(10)
    //         t0, t1 = [nelo / k * 2 ** 0.5 for nelo in (nelo0, nelo1)]
    //         results = [r if r else 1e-3 for r in results]
    //         N = sum(results)
    //         pdf = [(i / 4, r / N) for i, r in enumerate(results)]
    //         p0, p1 = mle_t(pdf, 0.5, t0), mle_t(pdf, 0.5, t1)
    //         return N * sum(pdf[i][1] * (math.log(p1[i][1]) - math.log(p0[i][1])) for i in range(5))
    //     def estimate(results):                       # per-pair scores 0, 1/4, ..., 1
    //         N = sum(results)
    //         pdf = [(i / 4, r / N) for i, r in enumerate(results)]
    //         s, var = stats(pdf); se = (var / N) ** 0.5; z = 1.959963984540054
    //         elo = lambda s: -400 * math.log10(1 / s - 1)
    //         return s, elo(s), (elo(s + z * se) - elo(s - z * se)) / 2, \
    //             0.5 * (1 + math.erf((s - 0.5) / (2 ** 0.5 * se)))
    //
    // estimate([3, 12, 40, 18, 7])           = (0.54375, 30.47855699926501, 35.37403273100059, 0.9557529102630227)
    // llr_normalized(0, 5, [3, 12, 40, 18, 7])  = 0.2883575754789263
    // llr_normalized(-3, 2, [3, 12, 40, 18, 7]) = 0.30785349499438036
    // llr_normalized(0, 5, [0, 0, 10, 0, 0])    = -0.0026994307556182625
    // (fishtest's closed-form approximation LLR_normalized_alt gives 0.28880 and 0.30768.)

    #[test]
    fn elo_interval_and_los_from_game_pairs() {
        let pentanomial = Pentanomial { counts: [3, 12, 40, 18, 7] };
        let estimate = elo_estimate(&pentanomial.distribution()).expect("80 pairs");
        assert!(close(estimate.score, 0.543_75, 1e-12));
        assert!(close(estimate.elo, 30.478_557, 1e-5), "{estimate:?}");
        assert!(close(estimate.error, 35.374_033, 1e-5), "{estimate:?}");
        assert!(close(estimate.los, 0.955_752_91, 1e-6), "{estimate:?}");
    }

    #[test]
    fn sprt_log_likelihood_ratio_in_the_normalized_model() {
        let pentanomial = Pentanomial { counts: [3, 12, 40, 18, 7] };
        let sprt = |elo0, elo1| Sprt { elo0, elo1, alpha: 0.05, beta: 0.05 };
        let llr = sprt(0.0, 5.0).llr(&pentanomial);
        assert!(close(llr, 0.288_357_58, 1e-6), "{llr}");
        let llr = sprt(-3.0, 2.0).llr(&pentanomial);
        assert!(close(llr, 0.307_853_49, 1e-6), "{llr}");
        let draws = Pentanomial { counts: [0, 0, 10, 0, 0] };
        let llr = sprt(0.0, 5.0).llr(&draws);
        assert!(close(llr, -0.002_699_43, 1e-6), "{llr}");
    }

    /// ln(0.05 / 0.95) = -2.944439 and ln(0.95 / 0.05) = 2.944439; with alpha 0.1 and
    /// beta 0.2: ln(0.2 / 0.9) = -1.504077 and ln(0.8 / 0.1) = 2.079442.
    #[test]
    fn sprt_bounds_and_verdicts() {
        let sprt = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.944_439, 1e-6) && close(upper, 2.944_439, 1e-6));
        let skewed = Sprt { alpha: 0.1, beta: 0.2, ..sprt };
        let (lower, upper) = skewed.bounds();
        assert!(close(lower, -1.504_077, 1e-6) && close(upper, 2.079_442, 1e-6));
        assert_eq!(sprt.verdict(0.0), SprtVerdict::Continue);
        assert_eq!(sprt.verdict(3.0), SprtVerdict::AcceptH1);
        assert_eq!(sprt.verdict(-3.0), SprtVerdict::AcceptH0);
    }

    #[test]
    fn statistics_of_no_games_and_of_all_draws_are_finite_or_absent() {
        assert_eq!(elo_estimate(&Wdl::default().distribution()), None);
        assert_eq!(elo_estimate(&Pentanomial::default().distribution()), None);
        let sprt = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);

        let draws = elo_estimate(&Wdl { wins: 0, draws: 12, losses: 0 }.distribution()).expect("12 games");
        assert_eq!((draws.score, draws.elo, draws.error, draws.los), (0.5, 0.0, 0.0, 0.5));
        let wins = elo_estimate(&Wdl { wins: 5, draws: 0, losses: 0 }.distribution()).expect("5 games");
        assert_eq!((wins.elo, wins.error, wins.los), (f64::INFINITY, 0.0, 1.0));
        let losses = elo_estimate(&Pentanomial { counts: [4, 0, 0, 0, 0] }.distribution()).expect("4 pairs");
        assert_eq!((losses.elo, losses.los), (f64::NEG_INFINITY, 0.0));
        assert!(sprt.llr(&Pentanomial { counts: [4, 0, 0, 0, 0] }) < 0.0);
        assert!(sprt.llr(&Pentanomial { counts: [0, 0, 0, 0, 4] }) > 0.0);
        assert_eq!(score_to_elo(0.5), 0.0);
    }
}
