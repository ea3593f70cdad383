//! One DXP connection in either role: a [`Session`] and the game in progress on it.
//!
//! Both roles run one receive loop, `Session::next_event`: it takes this side's turn,
//! reads the next message and handles what the protocol treats alike for both (MOVE,
//! GAMEEND, BACKREQ, CHAT); a GAMEREQ is the follower's to answer, a GAMEACC the
//! initiator's. It hands its caller what ends a phase: the connection closing, the answer
//! to a game request, a game's end.
//!
//! It waits for the peer's move up to the peer's game clock plus the grace, and ends the
//! game won on time (GAMEEND 3, stop) when it runs out; with no game in progress, for a
//! game to begin up to the message timeout from the session's start or the last game's
//! end, and for the confirmation of this side's GAMEEND up to the message timeout from
//! its sending, whatever else comes meanwhile (a flood of CHAT, say); for any other
//! message, up to the message timeout.
//! Past these the session fails and its connection is closed.

use std::time::Instant;

use super::connection::{Connection, Received};
use super::error::{DxpError, written};
use super::message::{BackAcceptCode, GameAcceptCode, GameEndReason, Message};
use super::options::Options;
use super::table::{Finished, Table};
use crate::engine::Engine;
use crate::rules::{Color, Outcome, Position, Variant};
use crate::wire::position::{Encoding, Letters, parse_squares};

/// The name crownhead gives itself in GAMEREQ and GAMEACC.
pub fn own_name() -> String {
    format!("crownhead {}", env!("CARGO_PKG_VERSION"))
}

/// 10x10 boards are written in the standard square order, 8x8 ones in pydraughts'.
pub fn encoding(variant: Variant) -> Encoding {
    if variant.rules().geometry.size() == 10 { Encoding::Standard } else { Encoding::Pydraughts }
}

/// Which side of the protocol a session plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Listens, and answers game requests.
    Follower,
    /// Connects, and requests games.
    Initiator,
}

/// What the receive loop hands to the role it serves.
pub enum Event {
    /// The peer closed the connection.
    Closed,
    /// The follower's answer to this initiator's game request.
    Answer {
        /// The follower's name.
        name: String,
        /// Accepted, or why not.
        code: GameAcceptCode,
    },
    /// A game ended: by a GAMEEND, or by this side ending it over the peer's move. A
    /// GAMEEND with no game in progress gives `game: None`.
    Ended {
        /// The game, if one was in progress (boxed: a table is large).
        game: Option<Box<Finished>>,
        /// The stop flag of the peer's GAMEEND.
        stop: bool,
    },
}

/// One connection, in either role, and the game in progress on it.
pub struct Session<'a> {
    /// The connection to the peer.
    pub connection: &'a mut Connection,
    options: &'a Options,
    role: Role,
    /// The game in progress, if any.
    pub table: Option<Table>,
    /// When the session began to wait for a game: its start, or the last game's end. A
    /// game must begin within the message timeout of it, whatever else the peer sends.
    idle_since: Instant,
}

impl<'a> Session<'a> {
    /// A session on `connection` playing `role`, with no game in progress.
    pub fn new(connection: &'a mut Connection, options: &'a Options, role: Role) -> Session<'a> {
        Session { connection, options, role, table: None, idle_since: Instant::now() }
    }

    /// The receive loop: takes this side's turn, then handles messages until one ends a
    /// phase for the role.
    pub fn next_event(&mut self, engine: &mut Engine) -> Result<Event, DxpError> {
        loop {
            if let Some(table) = self.table.as_mut() {
                table.take_turn(self.connection, engine)?;
            }
            let clock = self.table.as_ref().and_then(Table::their_deadline);
            let timeout = self.options.message_timeout;
            let confirmation =
                self.table.as_ref().and_then(|table| table.end_sent).map(|sent| sent + timeout);
            let idle = self.table.is_none().then(|| self.idle_since + timeout);
            let message = match self.connection.receive(clock.or(confirmation).or(idle))? {
                Received::Closed => return Ok(Event::Closed),
                Received::TimedOut { unfinished } => return self.timed_out(clock, unfinished),
                // An initiator waiting for the answer to its request cannot do without it.
                Received::Garbage(error) if self.awaits_answer() => return Err(DxpError::BadMessage(error)),
                Received::Garbage(error) => {
                    log::warn!("dxp: dropped a message: {error}");
                    continue;
                }
                Received::Message(message) => message,
            };
            if let Some(event) = self.handle(message, engine)? {
                if let Event::Ended { game: Some(game), .. } = &event {
                    log_clocks(&game.table);
                    self.idle_since = Instant::now();
                }
                return Ok(event);
            }
        }
    }

    /// No whole message by the deadline: the game won on time if the peer's clock has
    /// run out, else the session's failure.
    fn timed_out(&mut self, clock: Option<Instant>, unfinished: bool) -> Result<Event, DxpError> {
        let timeout = self.options.message_timeout;
        match self.table.take() {
            Some(table) if clock.is_some_and(|clock| Instant::now() >= clock) => self.won_on_time(table),
            table => {
                let silent = match &table {
                    None => DxpError::NoGame(timeout),
                    Some(table) if table.end_sent.is_some() => DxpError::Unconfirmed(timeout),
                    Some(_) => DxpError::Silent(timeout),
                };
                self.table = table;
                Err(if unfinished { DxpError::Unfinished(timeout) } else { silent })
            }
        }
    }

    /// Ends the game the peer lost on time: GAMEEND "I win" with stop, as this side
    /// closes the connection after it.
    fn won_on_time(&mut self, mut table: Table) -> Result<Event, DxpError> {
        log::warn!("dxp: the peer's clock ran out: crownhead wins on time and stops");
        table.stop = true;
        self.connection.send(&Message::GameEnd { reason: GameEndReason::Win, stop: true })?;
        let outcome = Some(Outcome::Win(table.ours));
        let game = Finished { table, outcome, why: "the peer's time ran out".to_string() };
        Ok(Event::Ended { game: Some(Box::new(game)), stop: true })
    }

    fn awaits_answer(&self) -> bool {
        self.role == Role::Initiator && self.table.is_none()
    }

    /// Handles one message; the event it makes for the role, if any.
    fn handle(&mut self, message: Message, engine: &mut Engine) -> Result<Option<Event>, DxpError> {
        match message {
            Message::GameRequest { version, follower, minutes, moves, position, .. }
                if self.role == Role::Follower =>
            {
                let code = if version != 1 {
                    GameAcceptCode::WrongVersion
                } else {
                    match start_position(self.options.variant, position) {
                        Some(start) => {
                            engine.prepare_for(self.options.variant);
                            engine.new_game();
                            self.table =
                                Some(Table::new(start, follower, self.options, minutes, moves, false));
                            GameAcceptCode::Accepted
                        }
                        None => GameAcceptCode::NotThisGame,
                    }
                };
                self.connection.send(&Message::GameAccept { name: own_name(), code })?;
            }
            Message::GameAccept { name, code } if self.awaits_answer() => {
                return Ok(Some(Event::Answer { name, code }));
            }
            Message::Move { from, to, captured, .. } => {
                let Some(table) = self.table.as_mut().filter(|table| table.end_sent.is_none()) else {
                    log::warn!("dxp: move {} with no game in progress dropped", written(from, to, &captured));
                    return Ok(None);
                };
                if let Err(error) = table.their_move(from, to, &captured) {
                    log::warn!("dxp: {error}; ending the game");
                    let stop = table.stop;
                    self.connection.send(&Message::GameEnd { reason: GameEndReason::Unknown, stop })?;
                    let game = self
                        .table
                        .take()
                        .map(|table| Box::new(Finished { table, outcome: None, why: error.to_string() }));
                    return Ok(Some(Event::Ended { game, stop: false }));
                }
            }
            Message::GameEnd { reason, stop } => {
                let game = self.table.take();
                if let Some(table) = game.as_ref().filter(|table| table.end_sent.is_none()) {
                    // The same stop flag, or stop if this side stops after this game.
                    let stop = stop || table.stop;
                    self.connection.send(&Message::GameEnd { reason: GameEndReason::Unknown, stop })?;
                }
                let game = game.map(|table| Box::new(table.finish(reason)));
                return Ok(Some(Event::Ended { game, stop }));
            }
            Message::BackRequest { number, color } => {
                let back = self.table.as_mut().is_some_and(|table| table.go_back(number, color));
                let code = if back { BackAcceptCode::Accepted } else { BackAcceptCode::NotSupported };
                self.connection.send(&Message::BackAccept { code })?;
            }
            Message::Chat(text) => log::info!("dxp chat: {text}"),
            other => log::warn!("dxp: unexpected message dropped: {}", other.to_text()),
        }
        Ok(None)
    }

    /// The initiator's wait for the answer to its game request: the follower's name.
    pub fn answer(&mut self, engine: &mut Engine) -> Result<String, DxpError> {
        loop {
            match self.next_event(engine)? {
                Event::Answer { name, code: GameAcceptCode::Accepted } => return Ok(name),
                Event::Answer { code, .. } => return Err(DxpError::Refused(code)),
                Event::Closed => return Err(DxpError::Closed),
                // The confirmation of a game this side already ended.
                Event::Ended { .. } => {}
            }
        }
    }

    /// The initiator's game, played to its end.
    pub fn play_out(&mut self, engine: &mut Engine) -> Result<Finished, DxpError> {
        loop {
            match self.next_event(engine)? {
                Event::Ended { game: Some(game), .. } => return Ok(*game),
                Event::Closed => return Err(DxpError::ClosedMidGame),
                Event::Ended { game: None, .. } | Event::Answer { .. } => {}
            }
        }
    }
}

/// Logs the time left on both clocks of a game that ended (info).
fn log_clocks(table: &Table) {
    if let Some((ours, theirs)) = table.clocks_left() {
        let plies = table.game.moves().len();
        log::info!(
            "dxp: game over after {plies} plies: {ours:.3} s left on crownhead's clock, {theirs:.3} s on the peer's"
        );
    }
}

/// The start position a request asks for: the rule set's start, or the board given.
fn start_position(variant: Variant, requested: Option<(Color, String)>) -> Option<Position> {
    match requested {
        None => Some(Position::start(variant)),
        Some((side, board)) => parse_squares(variant, encoding(variant), Letters::DXP, side, &board)
            .map_err(|error| log::warn!("dxp: refused a position: {error}"))
            .ok(),
    }
}
