//! Turning limits into deadlines: a soft one, checked between iterations (do not start
//! another), and a hard one, checked by the main thread every 1,024 nodes, its poll
//! interval, from the second iteration on (stop now).

use std::time::{Duration, Instant};

use super::limits::Limits;

/// Kept back from every time budget for the GUI round trip and process scheduling.
const MOVE_OVERHEAD: Duration = Duration::from_millis(10);

/// Moves a game is assumed to last beyond this one, when the clock does not say.
const EXPECTED_MOVES: f64 = 30.0;

/// The longest time a clock can give one search: a year.
const LONGEST: f64 = 365.0 * 24.0 * 3600.0;

/// `value` seconds as a duration, brought within zero and [`LONGEST`]: a clock is given
/// by the caller, and a negative, infinite or NaN value must not stop the engine (NaN
/// counts as zero).
fn seconds(value: f64) -> Duration {
    Duration::try_from_secs_f64(value.clamp(0.0, LONGEST)).unwrap_or(Duration::ZERO)
}

/// When a search should stop.
#[derive(Clone, Copy, Debug)]
pub struct Deadlines {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl Deadlines {
    /// The deadlines of `limits` for a search starting now.
    pub fn new(limits: &Limits) -> Deadlines {
        let start = Instant::now();
        if limits.infinite {
            return Deadlines { start, soft: None, hard: None };
        }
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(time) = limits.move_time {
            let budget = time.saturating_sub(MOVE_OVERHEAD).max(Duration::from_millis(1));
            soft = Some(budget);
            hard = Some(budget);
        }
        if let Some(clock) = limits.clock {
            // The increment is added before the move (Hub), so it is usable now; only
            // three quarters of it are planned on, and never more than half of what is
            // left, so that lag outside the engine cannot run the clock down.
            let available = (clock.time + clock.increment).max(0.0);
            let moves = clock.moves_to_go.map_or(EXPECTED_MOVES, |moves| f64::from(moves.max(1)));
            let share = clock.time.max(0.0) / moves + 0.75 * clock.increment;
            let ceiling = seconds(available * 0.5).saturating_sub(MOVE_OVERHEAD);
            let clock_soft = seconds(share * 0.9).min(ceiling);
            let clock_hard = seconds(share * 3.0).min(ceiling);
            soft = Some(soft.map_or(clock_soft, |other| other.min(clock_soft)));
            hard = Some(hard.map_or(clock_hard, |other| other.min(clock_hard)));
        }
        Deadlines { start, soft, hard }
    }

    /// Time since the search started (or since pondering turned into a real search).
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Starts the clock again: pondering was a hit, and the search now runs on the
    /// engine's own time.
    pub fn restart(&mut self) {
        self.start = Instant::now();
    }

    /// Whether another iteration should not be started.
    pub fn soft_passed(&self) -> bool {
        self.soft.is_some_and(|soft| self.elapsed() >= soft)
    }

    /// Whether the search must stop now.
    pub fn hard_passed(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::limits::Clock;

    /// A clock's numbers, whatever they are, give deadlines and no panic: negative and NaN
    /// times count as none, infinite ones as a year.
    #[test]
    fn any_clock_gives_deadlines() {
        let odd = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -1.0, 0.0, 1e300, -1e300, f64::MIN_POSITIVE];
        for time in odd {
            for increment in odd {
                for moves_to_go in [None, Some(0), Some(1), Some(u32::MAX)] {
                    let (soft, hard) = budget(&clock(time, increment, moves_to_go));
                    assert!(soft <= hard, "{time} {increment} {moves_to_go:?}");
                    assert!(hard.is_some_and(|hard| hard.as_secs_f64() <= LONGEST));
                }
            }
        }
        assert_eq!(budget(&clock(f64::NAN, f64::NAN, None)), (Some(Duration::ZERO), Some(Duration::ZERO)));
    }

    fn ms(millis: u64) -> Option<Duration> {
        Some(Duration::from_millis(millis))
    }

    fn budget(limits: &Limits) -> (Option<Duration>, Option<Duration>) {
        let deadlines = Deadlines::new(limits);
        (deadlines.soft, deadlines.hard)
    }

    fn clock(time: f64, increment: f64, moves_to_go: Option<u32>) -> Limits {
        Limits { clock: Some(Clock { time, increment, moves_to_go }), ..Limits::default() }
    }

    #[test]
    fn a_move_time_is_both_deadlines_less_the_overhead() {
        // 1000 ms - 10 ms overhead = 990 ms.
        assert_eq!(budget(&Limits::move_time(Duration::from_millis(1000))), (ms(990), ms(990)));
        // 5 ms - 10 ms saturates at 0 and is raised to the 1 ms floor.
        assert_eq!(budget(&Limits::move_time(Duration::from_millis(5))), (ms(1), ms(1)));
    }

    #[test]
    fn a_clock_without_moves_to_go_plans_on_thirty_more_moves() {
        // share = 60 / 30 = 2 s; soft = 0.9 * 2 = 1.8 s, hard = 3 * 2 = 6 s; the ceiling,
        // 60 / 2 - 0.01 = 29.99 s, is far off.
        assert_eq!(budget(&clock(60.0, 0.0, None)), (ms(1_800), ms(6_000)));
    }

    #[test]
    fn a_clock_with_moves_to_go_shares_the_time_among_them() {
        // share = 10 / 5 = 2 s: soft 1.8 s; hard 6 s is above the ceiling of half the
        // time left, 10 / 2 - 0.01 = 4.99 s.
        assert_eq!(budget(&clock(10.0, 0.0, Some(5))), (ms(1_800), ms(4_990)));
        // moves_to_go 0 counts as 1: share = 4 s, soft 3.6 s and hard 12 s both above the
        // ceiling 4 / 2 - 0.01 = 1.99 s.
        assert_eq!(budget(&clock(4.0, 0.0, Some(0))), (ms(1_990), ms(1_990)));
    }

    #[test]
    fn three_quarters_of_the_increment_is_planned_on() {
        // share = 30 / 30 + 0.75 * 2 = 2.5 s: soft 2.25 s, hard 7.5 s; ceiling
        // (30 + 2) / 2 - 0.01 = 15.99 s.
        assert_eq!(budget(&clock(30.0, 2.0, None)), (ms(2_250), ms(7_500)));
    }

    #[test]
    fn a_negative_clock_still_leaves_part_of_the_increment() {
        // time -0.5 s counts as 0 in the share: 0.75 * 1 = 0.75 s (soft 0.675 s, hard
        // 2.25 s), but the ceiling is (-0.5 + 1) / 2 - 0.01 = 0.24 s.
        assert_eq!(budget(&clock(-0.5, 1.0, None)), (ms(240), ms(240)));
        // Nothing left and no increment: a zero budget (the search still completes its
        // first iteration, which never checks the deadline).
        assert_eq!(budget(&clock(-1.0, 0.0, None)), (Some(Duration::ZERO), Some(Duration::ZERO)));
    }

    #[test]
    fn a_move_time_and_a_clock_together_take_the_earlier_of_each() {
        // Move time 5 s gives 4.99 s; the clock of 60 s gives soft 1.8 s, hard 6 s.
        let limits = Limits { move_time: Some(Duration::from_secs(5)), ..clock(60.0, 0.0, None) };
        assert_eq!(budget(&limits), (ms(1_800), ms(4_990)));
    }

    #[test]
    fn infinite_depth_and_node_limits_have_no_deadline() {
        let infinite =
            Limits { infinite: true, move_time: Some(Duration::from_secs(1)), ..clock(60.0, 0.0, None) };
        assert_eq!(budget(&infinite), (None, None));
        assert_eq!(budget(&Limits::depth(12)), (None, None));
        assert_eq!(budget(&Limits::nodes(1_000_000)), (None, None));
        let deadlines = Deadlines::new(&Limits::default());
        assert!(!deadlines.soft_passed() && !deadlines.hard_passed());
    }

    #[test]
    fn deadlines_pass_by_elapsed_time_and_restart_resets_it() {
        // A search that started two seconds ago with a soft deadline of one second and a
        // hard one of an hour: no sleeping needed.
        let start = Instant::now().checked_sub(Duration::from_secs(2)).expect("the clock has run 2 s");
        let mut deadlines =
            Deadlines { start, soft: Some(Duration::from_secs(1)), hard: Some(Duration::from_secs(3600)) };
        assert!(deadlines.elapsed() >= Duration::from_secs(2));
        assert!(deadlines.soft_passed());
        assert!(!deadlines.hard_passed());
        deadlines.restart();
        assert!(!deadlines.soft_passed());
    }
}
