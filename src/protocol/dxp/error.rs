//! Why a DXP session fails, or why a peer's move is refused: [`DxpError`].

use std::io;
use std::time::Duration;

use super::message::{GameAcceptCode, MessageError};

/// Why a DXP session failed, or why a peer's move was refused.
#[derive(Debug, thiserror::Error)]
pub enum DxpError {
    /// Reading, writing or connecting failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// A message that does not read where only a readable one will do.
    #[error("bad message: {0}")]
    BadMessage(MessageError),
    /// The peer's move is not a legal move of the game.
    #[error("illegal move {} from the peer", written(*.from, *.to, .captured))]
    IllegalMove {
        /// The start square.
        from: u8,
        /// The end square.
        to: u8,
        /// The captured squares, as given.
        captured: Vec<u8>,
    },
    /// The peer moved when it was not its turn.
    #[error("move {} from the peer out of turn", written(*.from, *.to, .captured))]
    OutOfTurn {
        /// The start square.
        from: u8,
        /// The end square.
        to: u8,
        /// The captured squares, as given.
        captured: Vec<u8>,
    },
    /// The follower did not accept the game.
    #[error("the follower refused the game (code {code}: {0})", code = .0.code())]
    Refused(GameAcceptCode),
    /// The follower closed the connection before answering a game request.
    #[error("the follower closed the connection")]
    Closed,
    /// The follower closed the connection during a game.
    #[error("the follower closed the connection mid-game")]
    ClosedMidGame,
    /// No game began within the message timeout of the session's start or the last
    /// game's end: the peer sent nothing, or nothing that began one.
    #[error("no game begun with the peer within {} s", .0.as_secs_f64())]
    NoGame(Duration),
    /// The peer did not confirm this side's GAMEEND within the message timeout of its
    /// sending, whatever else it sent.
    #[error("no confirmation of crownhead's game end from the peer within {} s", .0.as_secs_f64())]
    Unconfirmed(Duration),
    /// The peer sent no message within the message timeout, with no clock of its running.
    #[error("no message from the peer within {} s", .0.as_secs_f64())]
    Silent(Duration),
    /// The peer began a message and did not finish it within the message timeout.
    #[error("a message from the peer unfinished after {} s", .0.as_secs_f64())]
    Unfinished(Duration),
    /// The rules refused a move the engine chose.
    #[error("the engine's move is refused: {0}")]
    Rules(crate::rules::MoveError),
}

/// A MOVE's squares as text: `32-28`, or `28x19 capturing 23`.
pub fn written(from: u8, to: u8, captured: &[u8]) -> String {
    if captured.is_empty() {
        return format!("{from}-{to}");
    }
    let captured: Vec<String> = captured.iter().map(u8::to_string).collect();
    format!("{from}x{to} capturing {}", captured.join(", "))
}
