//! Turning limits into deadlines: a soft one, checked between iterations (do not start
//! another), and a hard one, checked by the main thread every 1,024 nodes, its poll
//! interval, from the second iteration on (stop now).
//!
//! Every budget leaves out the move overhead (the round trip to the GUI or peer, and the
//! machine's scheduling). Under a game clock, a reserve of one overhead for each move the
//! time must last (at most [`RESERVE_MOVES`]), one more, and [`RESERVE_FLOOR`], is never
//! planned on: when
//! the clock runs low, moves get a small share of what is left instead of the reserve, so
//! that a slow network or a busy machine cannot run the clock out.
//!
//! The main thread alone keeps the deadlines, and the node limit, in its [`Timekeeper`];
//! helper threads stop when it says.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::{Duration, Instant};

use super::limits::Limits;

/// Moves a game is assumed to last beyond this one, when the clock does not say.
const EXPECTED_MOVES: f64 = 30.0;

/// The most moves a clock's reserve is kept for: with the default 10 ms overhead, a
/// reserve of 0.51 s for the moves (as Stockfish keeps), before [`RESERVE_FLOOR`].
const RESERVE_MOVES: f64 = 50.0;

/// Kept in reserve under a game clock whatever the overhead: each move costs some time
/// outside the search (the first iteration, the pipes, a busy machine's scheduling), and
/// a long game at one minute ended with half of a reserve of the overhead alone
/// (docs/search-log.md, "The clock reserve").
const RESERVE_FLOOR: f64 = 0.5;

/// The share of the clock planned on once it is down to the reserve.
const LOW_CLOCK_SHARE: f64 = 0.2;

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
    /// The deadlines of `limits` for a search starting now, keeping `overhead` back
    /// from every budget.
    pub fn new(limits: &Limits, overhead: Duration) -> Deadlines {
        let start = Instant::now();
        if limits.infinite {
            return Deadlines { start, soft: None, hard: None };
        }
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(time) = limits.move_time {
            let budget = time.saturating_sub(overhead).max(Duration::from_millis(1));
            soft = Some(budget);
            hard = Some(budget);
        }
        if let Some(clock) = limits.clock {
            let overhead = overhead.as_secs_f64();
            // `f64::max` gives 0 for NaN too.
            let time = clock.time.max(0.0);
            let increment = clock.increment.max(0.0);
            let moves_to_go = clock.moves_to_go.map(|moves| f64::from(moves.max(1)));
            let moves = moves_to_go.unwrap_or(EXPECTED_MOVES);
            let reserve_moves = moves_to_go.map_or(RESERVE_MOVES, |moves| moves.min(RESERVE_MOVES));
            let reserve = overhead * (reserve_moves + 1.0) + RESERVE_FLOOR;
            let usable = (time - reserve).max(time * LOW_CLOCK_SHARE);
            // The increment is added before the move (Hub), so it is usable now; only
            // three quarters of it are planned on, and never more than half of what is
            // usable.
            let share = usable / moves + 0.75 * increment;
            let ceiling = seconds((usable + increment) * 0.5 - overhead);
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

    /// Logs the time taken against the deadlines (debug), and a warning if the hard one
    /// was overrun by more than a millisecond: called when the search ends.
    pub fn log_overrun(&self) {
        let elapsed = self.elapsed();
        log::debug!("search took {elapsed:?} (soft deadline {:?}, hard {:?})", self.soft, self.hard);
        if let Some(over) = self.hard.and_then(|hard| elapsed.checked_sub(hard + Duration::from_millis(1))) {
            log::warn!("search overran its hard deadline {:?} by {over:?}", self.hard);
        }
    }
}

/// The main thread's watch over the limits of a search: the deadlines, which wait while
/// pondering and start afresh on a ponder hit, and the node limit. Its node search looks
/// every poll interval and its iterative deepening between iterations, both on the main
/// thread and both holding it, so what changes is in cells.
pub struct Timekeeper<'a> {
    /// The soft and hard deadlines, from the start of the search or the ponder hit.
    deadlines: Cell<Deadlines>,
    /// The nodes of every thread after which the search stops, if limited.
    node_limit: Option<u64>,
    /// Set while pondering (shared with the engine, cleared by a ponder hit).
    pondering: &'a AtomicBool,
    /// Whether the last look at `pondering` found it set, to notice the ponder hit.
    was_pondering: Cell<bool>,
}

impl<'a> Timekeeper<'a> {
    /// A timekeeper for a search starting now within `limits`, keeping `overhead` back
    /// from every budget, pondering while `pondering` is set.
    pub fn new(limits: &Limits, overhead: Duration, pondering: &'a AtomicBool) -> Timekeeper<'a> {
        Timekeeper {
            deadlines: Cell::new(Deadlines::new(limits, overhead)),
            node_limit: limits.nodes,
            pondering,
            was_pondering: Cell::new(pondering.load(AtomicOrdering::Relaxed)),
        }
    }

    /// Whether the search is pondering, when time does not count; on a ponder hit the
    /// deadlines start afresh.
    fn pondering(&self) -> bool {
        let pondering = self.pondering.load(AtomicOrdering::Relaxed);
        if self.was_pondering.get() && !pondering {
            self.deadlines.update(|mut deadlines| {
                deadlines.restart();
                deadlines
            });
        }
        self.was_pondering.set(pondering);
        pondering
    }

    /// Time since the search started (or since pondering turned into a real search).
    pub fn elapsed(&self) -> Duration {
        self.deadlines.get().elapsed()
    }

    /// Whether the search must stop now, `total_nodes` having been searched by every
    /// thread: the node limit is reached, or the hard deadline has passed (not while
    /// pondering).
    pub fn must_stop(&self, total_nodes: u64) -> bool {
        let out_of_nodes = self.node_limit.is_some_and(|limit| total_nodes >= limit);
        out_of_nodes || (!self.pondering() && self.deadlines.get().hard_passed())
    }

    /// Whether to stop after a completed iteration rather than start another: never
    /// while pondering; else when the move is `forced` (nothing to think about) or the
    /// soft deadline has passed.
    pub fn stops_after_iteration(&self, forced: bool) -> bool {
        !self.pondering() && (forced || self.deadlines.get().soft_passed())
    }

    /// Logs the time taken against the deadlines, unless pondering: called when the
    /// search ends.
    pub fn log_time(&self) {
        if !self.pondering() {
            self.deadlines.get().log_overrun();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::limits::Clock;

    /// The overhead these tests keep back: 10 ms, the engine's default.
    const OVERHEAD: Duration = Duration::from_millis(10);

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

    fn budget(limits: &Limits) -> (Option<Duration>, Option<Duration>) {
        let deadlines = Deadlines::new(limits, OVERHEAD);
        (deadlines.soft, deadlines.hard)
    }

    /// Asserts the soft and hard deadlines of `limits`, in milliseconds, to a microsecond.
    fn assert_budget(limits: &Limits, soft_ms: f64, hard_ms: f64) {
        let (soft, hard) = budget(limits);
        let ms = |deadline: Option<Duration>| deadline.map(|deadline| deadline.as_secs_f64() * 1000.0);
        let near = |got: Option<f64>, wanted: f64| got.is_some_and(|got| (got - wanted).abs() < 1e-3);
        assert!(near(ms(soft), soft_ms) && near(ms(hard), hard_ms), "{:?} {:?}", ms(soft), ms(hard));
    }

    fn clock(time: f64, increment: f64, moves_to_go: Option<u32>) -> Limits {
        Limits { clock: Some(Clock { time, increment, moves_to_go }), ..Limits::default() }
    }

    #[test]
    fn a_move_time_is_both_deadlines_less_the_overhead() {
        // 1000 ms - 10 ms overhead = 990 ms.
        assert_budget(&Limits::move_time(Duration::from_millis(1000)), 990.0, 990.0);
        // 5 ms - 10 ms saturates at 0 and is raised to the 1 ms floor.
        assert_budget(&Limits::move_time(Duration::from_millis(5)), 1.0, 1.0);
    }

    #[test]
    fn a_clock_without_moves_to_go_plans_on_thirty_more_moves_less_a_reserve() {
        // reserve = 0.01 * (50 + 1) + 0.5 = 1.01 s; usable = 58.99 s; share = 58.99 / 30
        // s: soft = 0.9 * share = 1.7697 s, hard = 3 * share = 5.899 s; the ceiling,
        // 58.99 / 2 - 0.01 = 29.485 s, is far off.
        assert_budget(&clock(60.0, 0.0, None), 1_769.7, 5_899.0);
    }

    #[test]
    fn a_clock_with_moves_to_go_shares_the_time_among_them() {
        // reserve = 0.01 * (5 + 1) + 0.5 = 0.56 s; share = 9.44 / 5 = 1.888 s: soft
        // 1.6992 s; hard 5.664 s is above the ceiling of half the usable time, 9.44 / 2 -
        // 0.01 = 4.71 s.
        assert_budget(&clock(10.0, 0.0, Some(5)), 1_699.2, 4_710.0);
        // moves_to_go 0 counts as 1: reserve 0.52 s, share = 3.48 s, soft 3.132 s and
        // hard 10.44 s both above the ceiling 3.48 / 2 - 0.01 = 1.73 s.
        assert_budget(&clock(4.0, 0.0, Some(0)), 1_730.0, 1_730.0);
    }

    #[test]
    fn three_quarters_of_the_increment_is_planned_on() {
        // usable = 30 - 1.01 = 28.99 s; share = 28.99 / 30 + 0.75 * 2 s: soft 2.2197 s,
        // hard 7.399 s; ceiling (28.99 + 2) / 2 - 0.01 = 15.485 s.
        assert_budget(&clock(30.0, 2.0, None), 2_219.7, 7_399.0);
    }

    #[test]
    fn a_clock_down_to_its_reserve_plans_on_a_fifth_of_it() {
        // 0.4 s left is below the 1.01 s reserve: usable = 0.2 * 0.4 s, share = 0.08 / 30
        // s: soft 2.4 ms, hard 8 ms (the ceiling is 0.04 - 0.01 = 30 ms).
        assert_budget(&clock(0.4, 0.0, None), 2.4, 8.0);
    }

    #[test]
    fn a_negative_clock_still_leaves_part_of_the_increment() {
        // time -0.5 s counts as 0: share = 0.75 * 1 s = 0.75 s (soft 0.675 s, hard
        // 2.25 s), but the ceiling is (0 + 1) / 2 - 0.01 = 0.49 s.
        assert_budget(&clock(-0.5, 1.0, None), 490.0, 490.0);
        // Nothing left and no increment: a zero budget (the search still completes its
        // first iteration, which never checks the deadline).
        assert_eq!(budget(&clock(-1.0, 0.0, None)), (Some(Duration::ZERO), Some(Duration::ZERO)));
    }

    #[test]
    fn a_move_time_and_a_clock_together_take_the_earlier_of_each() {
        // Move time 5 s gives 4.99 s; the clock of 60 s gives soft 1.7697 s, hard 5.899 s.
        let limits = Limits { move_time: Some(Duration::from_secs(5)), ..clock(60.0, 0.0, None) };
        assert_budget(&limits, 1_769.7, 4_990.0);
    }

    #[test]
    fn a_larger_overhead_keeps_more_back() {
        // 200 ms: reserve 0.2 * 51 + 0.5 = 10.7 s, usable 49.3 s, share 1.6433 s: soft
        // 1.479 s, hard 4.93 s.
        let deadlines = Deadlines::new(&clock(60.0, 0.0, None), Duration::from_millis(200));
        let ms =
            |deadline: Option<Duration>| deadline.map_or(0.0, |deadline| deadline.as_secs_f64() * 1000.0);
        assert!((ms(deadlines.soft) - 1_479.0).abs() < 1e-3 && (ms(deadlines.hard) - 4_930.0).abs() < 1e-3);
    }

    /// The seconds left after `moves` moves from `time`, each taking its soft deadline
    /// and the overhead besides (the search stops at the first iteration's end past
    /// the soft deadline; the overhead is what a move costs outside the search), the
    /// clock given by `moves_to_go` before each move: the least of the game.
    fn left_after(time: f64, moves: u32, moves_to_go: impl Fn(u32) -> Option<u32>) -> f64 {
        (0..moves).fold(time, |left, played| {
            let (soft, _) = budget(&clock(left, 0.0, moves_to_go(played)));
            left - soft.map_or(0.0, |soft| soft.as_secs_f64()) - OVERHEAD.as_secs_f64()
        })
    }

    #[test]
    fn a_long_game_on_a_minute_of_sudden_death_keeps_the_floor() {
        // 180 moves a side, as long as the longest one-minute games run: more than the
        // floor is left (0.80 s).
        let left = left_after(60.0, 180, |_| None);
        assert!(left > RESERVE_FLOOR && left < 1.0, "{left}");
        // Spending the clock down to the reserve by move 75, as if time came again
        // there (DXP's agreed number of moves read as moves to a control, when the
        // minutes are for the whole game), leaves the rest of the game to the reserve
        // and runs it out (0.006 s).
        let left = left_after(60.0, 180, |played| (played < 75).then(|| 75 - played));
        assert!(left < 0.1, "{left}");
    }

    #[test]
    fn infinite_depth_and_node_limits_have_no_deadline() {
        let infinite =
            Limits { infinite: true, move_time: Some(Duration::from_secs(1)), ..clock(60.0, 0.0, None) };
        assert_eq!(budget(&infinite), (None, None));
        assert_eq!(budget(&Limits::depth(12)), (None, None));
        assert_eq!(budget(&Limits::nodes(1_000_000)), (None, None));
        let deadlines = Deadlines::new(&Limits::default(), OVERHEAD);
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
