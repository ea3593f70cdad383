//! How the engine plays DXP games, and what it allows a peer: [`Options`], the same for
//! both roles.

use std::time::Duration;

use crate::engine;
use crate::rules::Variant;

/// The most connections a follower serves at once unless told otherwise.
pub const DEFAULT_MAX_CONNECTIONS: u16 = 8;

/// How long a peer may take to send its next message when no game clock of its runs, and
/// to finish a message it has begun, unless told otherwise.
pub const DEFAULT_MESSAGE_TIMEOUT: Duration = Duration::from_secs(30);

/// How long past its game clock a peer may take to move before it loses on time, unless
/// told otherwise: room for the network and for a peer that reads the clock loosely.
pub const DEFAULT_GRACE: Duration = Duration::from_secs(30);

/// How the engine plays DXP games, and the limits it holds a peer to.
#[derive(Clone, Debug)]
pub struct Options {
    /// The rule set (DXP does not name one).
    pub variant: Variant,
    /// The engine's options (threads, table size).
    pub engine: engine::Options,
    /// Minutes per player an initiator proposes.
    pub minutes: u16,
    /// Moves in that time an initiator proposes (0: the whole game).
    pub moves: u16,
    /// Games an initiator plays.
    pub games: u32,
    /// Think this long per move whatever the game clock says.
    pub move_time: Option<Duration>,
    /// The most connections a follower serves at once: one more is closed as it comes,
    /// so that idle peers cannot take every thread and engine.
    pub max_connections: u16,
    /// How long a peer may take to send its next message when no game clock of its runs
    /// (its first, say), and to finish a message once begun: a peer silent or trickling
    /// past it is closed.
    pub message_timeout: Duration,
    /// How long past its game clock a peer may take to move before it loses on time.
    pub grace: Duration,
}

#[cfg(test)]
impl Options {
    /// The tests' options: international draughts, a 1 MiB table, no clock proposed,
    /// the default limits.
    pub fn for_tests() -> Options {
        Options {
            variant: Variant::International,
            engine: engine::Options { table_mib: 1, ..engine::Options::default() },
            minutes: 0,
            moves: 0,
            games: 1,
            move_time: None,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            message_timeout: DEFAULT_MESSAGE_TIMEOUT,
            grace: DEFAULT_GRACE,
        }
    }
}
