//! How long an engine may think for a move it plays: a time a move, or a game clock as
//! the page or a match game runs it. The play of the page's engine and the engine
//! matches read it alike.

use serde::Deserialize;

use super::api::ApiError;
use crate::engine::{Clock, LimitError, Limits};

/// A game clock, in seconds.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct ClockRequest {
    /// Time left on the engine's clock.
    pub time: f64,
    /// Added each move.
    #[serde(default)]
    pub increment: f64,
}

/// The limits of a move to play: within `clock` if there is one, else `movetime`
/// seconds.
///
/// # Errors
/// Neither given; a time or increment out of range.
pub fn play_limits(movetime: Option<f64>, clock: Option<ClockRequest>) -> Result<Limits, ApiError> {
    let bad = |error: LimitError| ApiError::new(error.to_string());
    match (clock, movetime) {
        (Some(clock), _) => {
            let clock = Clock::new(clock.time, clock.increment, None).map_err(bad)?;
            Ok(Limits { clock: Some(clock), ..Limits::default() })
        }
        (None, Some(seconds)) => Limits::move_time_seconds(seconds).map_err(bad),
        (None, None) => Err(ApiError::new("play needs a movetime or a clock")),
    }
}
