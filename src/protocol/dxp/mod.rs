//! DXP (DamExchange), the protocol draughts programs play each other with over TCP:
//! as a follower that listens and accepts games, or as an initiator that connects and
//! proposes them. 10x10 as the protocol defines it; 8x8 by pydraughts' convention
//! (a 32-letter board in its square order, moves in the rule set's numbering).
//!
//! A game in progress is a [`Table`]: whose turn it is, the game clock the request set,
//! and whether this side already sent the game's end. The side to move ends a finished
//! game with GAMEEND instead of a MOVE, and the other side confirms it.

mod connection;
mod message;

use std::io::{self, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

pub use connection::{Connection, PACE, Received};
pub use message::{MAX_LENGTH, Message, MessageError};

use super::board::{Encoding, Letters, parse_squares, write_squares};
use crate::engine::{self, Clock, Engine, Limits};
use crate::rules::{Color, Game, Move, Outcome, Position, Variant};

/// The DXP port.
pub const DEFAULT_PORT: u16 = 27531;

/// Thinking time per move when a game request gives no time.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);

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

/// The name crownhead gives itself in GAMEREQ and GAMEACC.
fn own_name() -> String {
    format!("crownhead {}", env!("CARGO_PKG_VERSION"))
}

/// 10x10 boards are written in the standard square order, 8x8 ones in pydraughts'.
fn encoding(variant: Variant) -> Encoding {
    if variant.rules().geometry.size() == 10 { Encoding::Standard } else { Encoding::Pydraughts }
}

/// One game in progress.
struct Table {
    game: Game,
    ours: Color,
    minutes: u16,
    moves: u16,
    used: Duration,
    move_time: Option<Duration>,
    end_sent: bool,
    /// The GAMEEND stop flag this side sends: 1 on an initiator's last game.
    stop: u8,
}

impl Table {
    fn new(start: Position, ours: Color, options: &Options, minutes: u16, moves: u16, stop: u8) -> Table {
        let move_time = options.move_time;
        Table {
            game: Game::new(start),
            ours,
            minutes,
            moves,
            used: Duration::ZERO,
            move_time,
            end_sent: false,
            stop,
        }
    }

    fn our_turn(&self) -> bool {
        !self.end_sent && self.game.position().side_to_move() == self.ours
    }

    fn limits(&self) -> Limits {
        if let Some(time) = self.move_time {
            return Limits::move_time(time);
        }
        if self.minutes == 0 {
            return Limits::move_time(DEFAULT_MOVE_TIME);
        }
        let ours_played = self.game.moves().len() as u32 / 2;
        let moves_to_go =
            (self.moves > 0).then(|| (u32::from(self.moves).saturating_sub(ours_played)).max(1));
        let time = f64::from(self.minutes) * 60.0 - self.used.as_secs_f64();
        Limits { clock: Some(Clock { time, increment: 0.0, moves_to_go }), ..Limits::default() }
    }

    /// On this side's turn: the game's end if it is over, else a move.
    fn take_turn(&mut self, connection: &mut Connection, engine: &mut Engine) -> io::Result<()> {
        if !self.our_turn() {
            return Ok(());
        }
        if let Some(result) = self.game.result() {
            let reason = match result.outcome {
                Outcome::Win(winner) if winner == self.ours => 3,
                Outcome::Win(_) => 1,
                Outcome::Draw => 2,
            };
            self.end_sent = true;
            return connection.send(&Message::GameEnd { reason, stop: self.stop });
        }
        let started = Instant::now();
        let result = engine.think(&self.game, &self.limits());
        let spent = started.elapsed();
        self.used += spent;
        let Some(mv) = result.best_move else {
            return Ok(());
        };
        let message = move_message(self.game.position(), &mv, spent);
        self.game.play(mv).map_err(|error| io::Error::other(error.to_string()))?;
        connection.send(&message)
    }

    /// Plays the other side's move; `false` if it is not legal here.
    fn their_move(&mut self, from: u8, to: u8, captured: &[u8]) -> bool {
        if self.end_sent || self.game.position().side_to_move() == self.ours {
            return false;
        }
        let mut text = format!("{from}{}{to}", if captured.is_empty() { '-' } else { 'x' });
        for square in captured {
            text.push_str(&format!("x{square}"));
        }
        let position = *self.game.position();
        position.parse_hub_move(&text).ok().is_some_and(|mv| self.game.play(mv).is_ok())
    }

    /// Goes back to move `number` with `color` to move, if the game has been there.
    fn go_back(&mut self, number: u16, color: Color) -> bool {
        let first = self.game.start().side_to_move();
        let Some(plies) =
            (usize::from(number).checked_sub(1)).map(|full| 2 * full + usize::from(color != first))
        else {
            return false;
        };
        if plies > self.game.moves().len() {
            return false;
        }
        while self.game.moves().len() > plies {
            self.game.undo();
        }
        self.end_sent = false;
        true
    }
}

fn move_message(position: &Position, mv: &Move, spent: Duration) -> Message {
    let rules = position.rules();
    let mut captured: Vec<u8> = mv.captured().map(|square| rules.square_number(square)).collect();
    captured.sort_unstable();
    Message::Move {
        seconds: u16::try_from(spent.as_secs()).unwrap_or(u16::MAX),
        from: rules.square_number(mv.from()),
        to: rules.square_number(mv.to()),
        captured,
    }
}

/// Listens on `address` and serves every connection on a thread of its own, each with
/// its own engine, for as long as the process runs. Prints `listening on ADDRESS`.
///
/// # Errors
/// The address cannot be bound.
pub fn listen(address: &str, options: &Options, out: &mut impl Write) -> io::Result<()> {
    let listener = TcpListener::bind(address)?;
    writeln!(out, "listening on {}", listener.local_addr()?)?;
    out.flush()?;
    for stream in listener.incoming() {
        match stream {
            Ok(stream) => {
                let options = options.clone();
                std::thread::spawn(move || {
                    if let Err(error) = serve(stream, &options) {
                        log::warn!("dxp connection ended: {error}");
                    }
                });
            }
            Err(error) => log::warn!("dxp accept failed: {error}"),
        }
    }
    Ok(())
}

/// Serves one connection as a follower until the peer closes it or asks to stop.
fn serve(stream: TcpStream, options: &Options) -> io::Result<()> {
    let mut connection = Connection::new(stream);
    let mut engine = Engine::new(options.engine);
    let mut table: Option<Table> = None;
    loop {
        let message = match connection.receive()? {
            Received::Closed => return Ok(()),
            Received::Garbage(error) => {
                log::warn!("dxp: dropped a message: {error}");
                continue;
            }
            Received::Message(message) => message,
        };
        match message {
            Message::GameRequest { version, follower, minutes, moves, position, .. } => {
                let code = if version != 1 {
                    1
                } else {
                    match start_position(options.variant, position) {
                        Some(start) => {
                            engine.new_game();
                            table = Some(Table::new(start, follower, options, minutes, moves, 0));
                            0
                        }
                        None => 2,
                    }
                };
                connection.send(&Message::GameAccept { name: own_name(), code })?;
            }
            Message::Move { from, to, captured, .. } => match table.as_mut() {
                Some(current) if !current.end_sent => {
                    if !current.their_move(from, to, &captured) {
                        log::warn!("dxp: illegal or out-of-turn move {from}-{to}; ending the game");
                        current.end_sent = true;
                        connection.send(&Message::GameEnd { reason: 0, stop: 0 })?;
                    }
                }
                _ => log::warn!("dxp: move {from}-{to} with no game in progress dropped"),
            },
            Message::GameEnd { stop, .. } => {
                if table.take().is_some_and(|ended| !ended.end_sent) {
                    connection.send(&Message::GameEnd { reason: 0, stop })?;
                }
                if stop == 1 {
                    return Ok(());
                }
            }
            Message::BackRequest { number, color } => {
                let code = match table.as_mut() {
                    Some(current) => u8::from(!current.go_back(number, color)),
                    None => 1,
                };
                connection.send(&Message::BackAccept { code })?;
            }
            Message::Chat(text) => log::info!("dxp chat: {text}"),
            Message::GameAccept { .. } | Message::BackAccept { .. } => {
                log::warn!("dxp: unexpected message dropped")
            }
        }
        if let Some(current) = table.as_mut() {
            current.take_turn(&mut connection, &mut engine)?;
        }
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

/// Connects to a follower at `address` and plays `options.games` games, colours
/// alternating, printing one line per game.
///
/// # Errors
/// The connection fails, closes mid-game, or a game is refused.
pub fn initiate(address: &str, options: &Options, out: &mut impl Write) -> io::Result<()> {
    let mut connection = Connection::new(TcpStream::connect(address)?);
    let mut engine = Engine::new(options.engine);
    let variant = options.variant;
    for index in 0..options.games {
        let follower = if index % 2 == 0 { Color::White } else { Color::Black };
        let start = Position::start(variant);
        let position = (variant != Variant::International)
            .then(|| (start.side_to_move(), write_squares(&start, encoding(variant), Letters::DXP)));
        connection.send(&Message::GameRequest {
            version: 1,
            name: own_name(),
            follower,
            minutes: options.minutes,
            moves: options.moves,
            position,
        })?;
        let peer = wait_for_acceptance(&mut connection)?;
        engine.new_game();
        let last = index + 1 == options.games;
        let mut table = Table::new(start, !follower, options, options.minutes, options.moves, u8::from(last));
        let (outcome, reason) = play_game(&mut connection, &mut engine, &mut table, last)?;
        writeln!(
            out,
            "game {}: crownhead ({}) against {peer}: {} ({}, {} plies)",
            index + 1,
            table.ours,
            match outcome {
                Some(Outcome::Win(winner)) if winner == table.ours => "crownhead won",
                Some(Outcome::Win(_)) => "crownhead lost",
                Some(Outcome::Draw) => "draw",
                None => "no result",
            },
            reason,
            table.game.moves().len()
        )?;
        out.flush()?;
    }
    Ok(())
}

fn wait_for_acceptance(connection: &mut Connection) -> io::Result<String> {
    loop {
        match connection.receive()? {
            Received::Message(Message::GameAccept { name, code: 0 }) => return Ok(name),
            Received::Message(Message::GameAccept { code, .. }) => {
                return Err(io::Error::other(format!("the follower refused the game (code {code})")));
            }
            Received::Closed => return Err(io::Error::other("the follower closed the connection")),
            other => log::warn!("dxp: waiting for GAMEACC, dropped {other:?}"),
        }
    }
}

/// Plays one game to its end; the outcome by the rules (or the peer's word) and why.
fn play_game(
    connection: &mut Connection,
    engine: &mut Engine,
    table: &mut Table,
    last: bool,
) -> io::Result<(Option<Outcome>, String)> {
    loop {
        table.take_turn(connection, engine)?;
        let message = match connection.receive()? {
            Received::Closed => return Err(io::Error::other("the follower closed the connection mid-game")),
            Received::Garbage(error) => {
                log::warn!("dxp: dropped a message: {error}");
                continue;
            }
            Received::Message(message) => message,
        };
        match message {
            Message::Move { from, to, captured, .. } => {
                if !table.their_move(from, to, &captured) {
                    table.end_sent = true;
                    connection.send(&Message::GameEnd { reason: 0, stop: u8::from(last) })?;
                    return Ok((None, format!("illegal move {from}-{to} from the follower")));
                }
            }
            Message::GameEnd { reason, .. } => {
                if !table.end_sent {
                    connection.send(&Message::GameEnd { reason: 0, stop: u8::from(last) })?;
                }
                let by_rules = table.game.result();
                let outcome = by_rules.map(|result| result.outcome).or(match (table.end_sent, reason) {
                    (false, 1) => Some(Outcome::Win(table.ours)),
                    (false, 3) => Some(Outcome::Win(!table.ours)),
                    (_, 2) => Some(Outcome::Draw),
                    _ => None,
                });
                let why = by_rules
                    .map_or_else(|| format!("game end reason {reason}"), |result| result.reason.to_string());
                return Ok((outcome, why));
            }
            Message::Chat(text) => log::info!("dxp chat: {text}"),
            other => log::warn!("dxp: unexpected message dropped: {other:?}"),
        }
    }
}
