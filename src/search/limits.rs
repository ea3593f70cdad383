//! What a search is asked to respect: depth, nodes, time per move, a game clock, or
//! nothing at all until stopped.

use std::time::Duration;

use super::ordering::MAX_PLY;

/// The most seconds a clock or a move time may give through the checked constructors
/// ([`Clock::new`], [`Limits::move_time_seconds`]): about 115 days.
pub const MAX_SECONDS: f64 = 1e7;

/// The deepest search a depth limit asks for; deeper ones count as this deep. Eight
/// plies short of the deepest line the search can hold, for extensions.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 8;

/// A number given for a limit that no search can take.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum LimitError {
    /// A time that is not a finite number of seconds in its range.
    #[error("{name} must be a number of seconds from {min} to {MAX_SECONDS}, not {value}")]
    Seconds {
        /// What the time is: `time`, `increment` or `move time`.
        name: &'static str,
        /// The least value taken.
        min: f64,
        /// The value given.
        value: f64,
    },
    /// Zero moves to go: the clock's control is at least the move to play.
    #[error("moves to go must be at least 1")]
    NoMovesToGo,
}

/// `value` if it is finite and from `min` to [`MAX_SECONDS`].
fn checked_seconds(name: &'static str, value: f64, min: f64) -> Result<f64, LimitError> {
    if value.is_finite() && (min..=MAX_SECONDS).contains(&value) {
        Ok(value)
    } else {
        Err(LimitError::Seconds { name, min, value })
    }
}

/// A game clock, as GUIs send it. [`Clock::new`] refuses numbers out of range; the
/// fields are public and any numbers set there are taken: when the deadlines are
/// computed, negative and NaN times count as none and larger ones than a year as a year.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Clock {
    /// Seconds left on the engine's clock. May be zero or negative when a GUI subtracts
    /// the increment first; the increment is still available.
    pub time: f64,
    /// Seconds added for this move and each following one.
    pub increment: f64,
    /// Moves until the next time control, if the clock has one.
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// A clock with `time` seconds left (negative down to `-MAX_SECONDS`, as a GUI that
    /// subtracts the increment first sends), `increment` seconds a move (0 to
    /// [`MAX_SECONDS`]), and `moves_to_go` until the next control, if it has one.
    ///
    /// # Errors
    /// A time or increment that is NaN, infinite or out of range; zero moves to go.
    ///
    /// ```
    /// use crownhead::engine::{Clock, LimitError};
    ///
    /// let clock = Clock::new(60.0, 0.5, None)?;
    /// assert_eq!(clock.time, 60.0);
    /// assert!(matches!(Clock::new(f64::NAN, 0.0, None), Err(LimitError::Seconds { name: "time", .. })));
    /// assert_eq!(Clock::new(60.0, 0.0, Some(0)), Err(LimitError::NoMovesToGo));
    /// # Ok::<(), LimitError>(())
    /// ```
    pub fn new(time: f64, increment: f64, moves_to_go: Option<u32>) -> Result<Clock, LimitError> {
        let time = checked_seconds("time", time, -MAX_SECONDS)?;
        let increment = checked_seconds("increment", increment, 0.0)?;
        if moves_to_go == Some(0) {
            return Err(LimitError::NoMovesToGo);
        }
        Ok(Clock { time, increment, moves_to_go })
    }
}

/// The limits of one search. Several may be set; the first one reached stops it. With
/// none set (or `infinite`), the search runs until it is stopped. Whatever the numbers,
/// the first iteration (depth 1) always completes, so that a search always has a move.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Stop after completing this depth: 0 counts as 1, more than [`MAX_DEPTH`] as
    /// [`MAX_DEPTH`].
    pub depth: Option<u32>,
    /// Stop after about this many nodes (checked every 1,024 nodes from the second
    /// iteration on).
    pub nodes: Option<u64>,
    /// Think this long, less the move overhead (at least a millisecond); any duration is
    /// taken.
    pub move_time: Option<Duration>,
    /// Manage time from a game clock.
    pub clock: Option<Clock>,
    /// Ignore every other limit until stopped (analysis).
    pub infinite: bool,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// Search about `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// Search for `time`.
    pub fn move_time(time: Duration) -> Limits {
        Limits { move_time: Some(time), ..Limits::default() }
    }

    /// Search for `seconds`, a number from 0 to [`MAX_SECONDS`].
    ///
    /// # Errors
    /// NaN, infinite, negative or larger seconds.
    pub fn move_time_seconds(seconds: f64) -> Result<Limits, LimitError> {
        let seconds = checked_seconds("move time", seconds, 0.0)?;
        Ok(Limits::move_time(Duration::from_secs_f64(seconds)))
    }
}
