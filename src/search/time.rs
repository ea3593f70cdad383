//! Turning limits into deadlines: a soft one, checked between iterations (do not start
//! another), and a hard one, checked every few thousand nodes (stop now).

use std::time::{Duration, Instant};

use super::limits::Limits;

/// Kept back from every time budget for the GUI round trip and process scheduling.
const MOVE_OVERHEAD: Duration = Duration::from_millis(30);

/// Moves a game is assumed to last beyond this one, when the clock does not say.
const EXPECTED_MOVES: f64 = 30.0;

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
            let ceiling = Duration::from_secs_f64(available * 0.5).saturating_sub(MOVE_OVERHEAD);
            let clock_soft = Duration::from_secs_f64(share * 0.9).min(ceiling);
            let clock_hard = Duration::from_secs_f64(share * 3.0).min(ceiling);
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
