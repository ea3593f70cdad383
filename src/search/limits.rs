//! What a search is asked to respect: depth, nodes, time per move, a game clock, or
//! nothing at all until stopped.

use std::time::Duration;

/// A game clock, as GUIs send it. Any numbers are taken: when the deadlines are
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

/// The limits of one search. Several may be set; the first one reached stops it. With
/// none set (or `infinite`), the search runs until it is stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Stop after completing this depth.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think exactly this long (less a small safety margin).
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
}
