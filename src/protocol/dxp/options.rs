//! How the engine plays DXP games: [`Options`], the same for both roles.

use std::time::Duration;

use crate::engine;
use crate::rules::Variant;

/// How the engine plays DXP games.
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
}

#[cfg(test)]
impl Options {
    /// The tests' options: international draughts, a 1 MiB table, no clock proposed.
    pub fn for_tests() -> Options {
        Options {
            variant: Variant::International,
            engine: engine::Options { table_mib: 1, ..engine::Options::default() },
            minutes: 0,
            moves: 0,
            games: 1,
            move_time: None,
        }
    }
}
