//! DXP (DamExchange), the protocol draughts programs play each other with over TCP:
//! as a follower that listens and accepts games, or as an initiator that connects and
//! proposes them. 10x10 as the protocol defines it; 8x8 by pydraughts' convention
//! (a 32-letter board in its square order, moves in the rule set's numbering).
//!
//! A game in progress is a `Table`: whose turn it is, the game clock the request set,
//! and whether this side already sent the game's end. The side to move ends a finished
//! game with GAMEEND instead of a MOVE, and the other side confirms it.
//!
//! Both roles run one receive loop, `Session::next_event`: it takes this side's turn,
//! reads the next message and handles what the protocol treats alike for both (MOVE,
//! GAMEEND, BACKREQ, CHAT); a GAMEREQ is the follower's to answer, a GAMEACC the
//! initiator's. It hands its caller what ends a phase: the connection closing, the answer
//! to a game request, a game's end.

mod connection;
#[cfg(test)]
mod fuzz;
mod message;

use std::io::{self, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

use connection::{Connection, Received, closed_by_peer};
pub(crate) use message::{BackAcceptCode, GameAcceptCode, GameEndReason, Message, MessageError};

use super::board::{Encoding, Letters, parse_squares, write_squares};
use crate::engine::{self, Clock, Engine, Go, Limits, SearchResult};
use crate::rules::{Color, Game, Move, Outcome, Position, Variant};

/// The DXP port.
pub const DEFAULT_PORT: u16 = 27531;

/// The longest wait between two looks at the connection while the engine searches.
const MAX_WATCH: Duration = Duration::from_millis(100);

/// The wait after a failed accept before the next.
const ACCEPT_RETRY: Duration = Duration::from_millis(100);

/// Thinking time per move when a game request gives no time.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);

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
    /// The rules refused a move the engine chose.
    #[error("the engine's move is refused: {0}")]
    Rules(crate::rules::MoveError),
}

/// A MOVE's squares as text: `32-28`, or `28x19 capturing 23`.
fn written(from: u8, to: u8, captured: &[u8]) -> String {
    if captured.is_empty() {
        return format!("{from}-{to}");
    }
    let captured: Vec<String> = captured.iter().map(u8::to_string).collect();
    format!("{from}x{to} capturing {}", captured.join(", "))
}

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
    /// The GAMEEND stop flag this side sends: set on an initiator's last game.
    stop: bool,
}

/// A game that ended: its table, the outcome by the rules (or the peer's word), and why.
struct Finished {
    table: Table,
    outcome: Option<Outcome>,
    why: String,
}

impl Table {
    fn new(start: Position, ours: Color, options: &Options, minutes: u16, moves: u16, stop: bool) -> Table {
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
        // The minutes are for the whole game: past the agreed number of moves no time
        // is added, so the clock is then played to the end as sudden death.
        let ours_played = self.game.moves().len() as u32 / 2;
        let moves_to_go = (u32::from(self.moves) > ours_played).then(|| u32::from(self.moves) - ours_played);
        let time = f64::from(self.minutes) * 60.0 - self.used.as_secs_f64();
        Limits { clock: Some(Clock { time, increment: 0.0, moves_to_go }), ..Limits::default() }
    }

    /// On this side's turn: the game's end if it is over and a referee judging by
    /// pydraughts' rules would confirm it ([`Game::claimable_result`]), else a move: a
    /// draw only the federation's rules give is played on, for the peer or the referee
    /// to end.
    fn take_turn(&mut self, connection: &mut Connection, engine: &mut Engine) -> Result<(), DxpError> {
        if !self.our_turn() {
            return Ok(());
        }
        if let Some(result) = self.game.claimable_result() {
            self.end_sent = true;
            let reason = GameEndReason::telling(result.outcome, self.ours);
            return Ok(connection.send(&Message::GameEnd { reason, stop: self.stop })?);
        }
        let started = Instant::now();
        let result = think(connection, engine, &self.game, &self.limits())?;
        let spent = started.elapsed();
        self.used += spent;
        let Some(mv) = result.best_move else {
            return Ok(());
        };
        let message = move_message(self.game.position(), &mv, spent);
        self.game.play(mv).map_err(DxpError::Rules)?;
        Ok(connection.send(&message)?)
    }

    /// Plays the other side's move, the legal move with these squares (the captured
    /// ones in any order).
    ///
    /// # Errors
    /// [`DxpError::OutOfTurn`] on this side's turn, [`DxpError::IllegalMove`] when no
    /// legal move has these squares; the game is unchanged.
    fn their_move(&mut self, from: u8, to: u8, captured: &[u8]) -> Result<(), DxpError> {
        if self.game.position().side_to_move() == self.ours {
            return Err(DxpError::OutOfTurn { from, to, captured: captured.to_vec() });
        }
        let position = *self.game.position();
        let mut sorted = captured.to_vec();
        sorted.sort_unstable();
        let wanted = (from, to, sorted);
        let mv = (position.legal_moves().into_iter())
            .find(|mv| wire_squares(&position, mv) == wanted)
            .ok_or_else(|| DxpError::IllegalMove { from, to, captured: captured.to_vec() })?;
        self.game.play(mv).map_err(DxpError::Rules)
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

    /// The game ended with the peer's GAMEEND giving `reason`.
    fn finish(self, reason: GameEndReason) -> Finished {
        let by_rules = self.game.result();
        // A GAMEEND answering this side's is a confirmation, not a claim (pydraughts
        // echoes the reason it confirms).
        let claimed = (!self.end_sent).then(|| reason.claimed_outcome(!self.ours)).flatten();
        let outcome = by_rules.map(|result| result.outcome).or(claimed);
        let why = by_rules
            .map_or_else(|| format!("game end reason {}", reason.code()), |result| result.reason.to_string());
        Finished { table: self, outcome, why }
    }
}

impl GameEndReason {
    /// What the side playing `sender` says when the game ended with `outcome`.
    fn telling(outcome: Outcome, sender: Color) -> GameEndReason {
        match outcome {
            Outcome::Win(winner) if winner == sender => GameEndReason::Win,
            Outcome::Win(_) => GameEndReason::GiveUp,
            Outcome::Draw => GameEndReason::Draw,
        }
    }

    /// The outcome the side playing `sender` claims with this reason, if any.
    fn claimed_outcome(self, sender: Color) -> Option<Outcome> {
        [Outcome::Win(sender), Outcome::Win(!sender), Outcome::Draw]
            .into_iter()
            .find(|&outcome| GameEndReason::telling(outcome, sender) == self)
    }
}

/// The engine's search of `game`, stopped early if the peer hangs up meanwhile: on a
/// long clock (999 minutes for 1 move is hours a move) it would search for nobody.
fn think(
    connection: &mut Connection,
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
) -> Result<SearchResult, DxpError> {
    let search = engine.go(game, limits, Go::Think, |_| {})?;
    // The watch starts short, for quick searches, and grows to MAX_WATCH.
    let mut wait = Duration::from_millis(1);
    while !search.is_finished() {
        if connection.hung_up(wait)? {
            log::warn!("dxp: the peer hung up; the search stops");
            search.stop();
            break;
        }
        wait = (wait * 2).min(MAX_WATCH);
    }
    Ok(search.wait())
}

/// A move's squares as MOVE carries them, in the rule set's numbering (on 8x8 too):
/// start, end, and the captured squares in ascending order.
fn wire_squares(position: &Position, mv: &Move) -> (u8, u8, Vec<u8>) {
    let rules = position.rules();
    let mut captured: Vec<u8> = mv.captured().map(|square| rules.square_number(square)).collect();
    captured.sort_unstable();
    (rules.square_number(mv.from()), rules.square_number(mv.to()), captured)
}

fn move_message(position: &Position, mv: &Move, spent: Duration) -> Message {
    let (from, to, captured) = wire_squares(position, mv);
    Message::Move { seconds: u16::try_from(spent.as_secs()).unwrap_or(u16::MAX), from, to, captured }
}

/// Which side of the protocol a session plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Listens, and answers game requests.
    Follower,
    /// Connects, and requests games.
    Initiator,
}

/// What the receive loop hands to the role it serves.
enum Event {
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
        /// The game, if one was in progress.
        game: Option<Finished>,
        /// The stop flag of the peer's GAMEEND.
        stop: bool,
    },
}

/// One connection, in either role, and the game in progress on it.
struct Session<'a> {
    connection: Connection,
    options: &'a Options,
    role: Role,
    table: Option<Table>,
}

impl<'a> Session<'a> {
    fn new(connection: Connection, options: &'a Options, role: Role) -> Session<'a> {
        Session { connection, options, role, table: None }
    }

    /// The receive loop: takes this side's turn, then handles messages until one ends a
    /// phase for the role.
    fn next_event(&mut self, engine: &mut Engine) -> Result<Event, DxpError> {
        loop {
            if let Some(table) = self.table.as_mut() {
                table.take_turn(&mut self.connection, engine)?;
            }
            let message = match self.connection.receive()? {
                Received::Closed => return Ok(Event::Closed),
                // An initiator waiting for the answer to its request cannot do without it.
                Received::Garbage(error) if self.awaits_answer() => return Err(DxpError::BadMessage(error)),
                Received::Garbage(error) => {
                    log::warn!("dxp: dropped a message: {error}");
                    continue;
                }
                Received::Message(message) => message,
            };
            if let Some(event) = self.handle(message, engine)? {
                return Ok(event);
            }
        }
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
                            engine.prepare();
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
                let Some(table) = self.table.as_mut().filter(|table| !table.end_sent) else {
                    log::warn!("dxp: move {} with no game in progress dropped", written(from, to, &captured));
                    return Ok(None);
                };
                if let Err(error) = table.their_move(from, to, &captured) {
                    log::warn!("dxp: {error}; ending the game");
                    let stop = table.stop;
                    self.connection.send(&Message::GameEnd { reason: GameEndReason::Unknown, stop })?;
                    let game = self.table.take().map(|table| Finished {
                        table,
                        outcome: None,
                        why: error.to_string(),
                    });
                    return Ok(Some(Event::Ended { game, stop: false }));
                }
            }
            Message::GameEnd { reason, stop } => {
                let game = self.table.take();
                if let Some(table) = game.as_ref().filter(|table| !table.end_sent) {
                    // The same stop flag, or stop if this side stops after this game.
                    let stop = stop || table.stop;
                    self.connection.send(&Message::GameEnd { reason: GameEndReason::Unknown, stop })?;
                }
                return Ok(Some(Event::Ended { game: game.map(|table| table.finish(reason)), stop }));
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
    fn answer(&mut self, engine: &mut Engine) -> Result<String, DxpError> {
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
    fn play_out(&mut self, engine: &mut Engine) -> Result<Finished, DxpError> {
        loop {
            match self.next_event(engine)? {
                Event::Ended { game: Some(game), .. } => return Ok(game),
                Event::Closed => return Err(DxpError::ClosedMidGame),
                Event::Ended { game: None, .. } | Event::Answer { .. } => {}
            }
        }
    }
}

/// Listens on `address` and serves every connection on a thread of its own, each with
/// its own engine, for as long as the process runs. Prints `listening on ADDRESS`.
///
/// # Errors
/// The address cannot be bound.
pub fn listen(address: &str, options: &Options, out: &mut impl Write) -> Result<(), DxpError> {
    let listener = TcpListener::bind(address)?;
    writeln!(out, "listening on {}", listener.local_addr()?)?;
    out.flush()?;
    for stream in listener.incoming() {
        match stream {
            Ok(stream) => {
                let options = options.clone();
                std::thread::spawn(move || {
                    if let Err(error) = serve(Connection::new(stream), &options) {
                        log::warn!("dxp connection ended: {error}");
                    }
                });
            }
            Err(error) => {
                log::warn!("dxp accept failed: {error}");
                // Out of file descriptors, say: the next accept would fail at once too.
                std::thread::sleep(ACCEPT_RETRY);
            }
        }
    }
    Ok(())
}

/// Serves one connection as a follower until the peer closes it (also while an answer
/// is being sent) or asks to stop. The engine's table is made at the first game
/// accepted: a connection that plays none costs none.
fn serve(connection: Connection, options: &Options) -> Result<(), DxpError> {
    let mut session = Session::new(connection, options, Role::Follower);
    let mut engine = Engine::unprepared(options.engine.clone());
    loop {
        match session.next_event(&mut engine) {
            Ok(Event::Closed | Event::Ended { stop: true, .. }) => return Ok(()),
            Ok(Event::Ended { .. } | Event::Answer { .. }) => {}
            Err(DxpError::Io(error)) if closed_by_peer(&error) => return Ok(()),
            Err(error) => return Err(error),
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
pub fn initiate(address: &str, options: &Options, out: &mut impl Write) -> Result<(), DxpError> {
    let mut session = Session::new(Connection::new(TcpStream::connect(address)?), options, Role::Initiator);
    let mut engine = Engine::new(options.engine.clone());
    let variant = options.variant;
    for index in 0..options.games {
        let follower = if index % 2 == 0 { Color::White } else { Color::Black };
        let start = Position::start(variant);
        let position = (variant != Variant::International)
            .then(|| (start.side_to_move(), write_squares(&start, encoding(variant), Letters::DXP)));
        session.connection.send(&Message::GameRequest {
            version: 1,
            name: own_name(),
            follower,
            minutes: options.minutes,
            moves: options.moves,
            position,
        })?;
        let peer = session.answer(&mut engine)?;
        engine.new_game();
        let last = index + 1 == options.games;
        session.table = Some(Table::new(start, !follower, options, options.minutes, options.moves, last));
        let Finished { table, outcome, why } = session.play_out(&mut engine)?;
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
            why,
            table.game.moves().len()
        )?;
        out.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> Options {
        Options {
            variant: Variant::International,
            engine: engine::Options { table_mib: 1, ..engine::Options::default() },
            minutes: 0,
            moves: 0,
            games: 1,
            move_time: None,
        }
    }

    /// crownhead Black; White, the peer, to move with a double capture: 32x14 over 28
    /// and 19.
    fn table() -> Table {
        let start = Position::from_fen(Variant::International, "W:W32,45:B28,19,5").expect("a position");
        Table::new(start, Color::Black, &options(), 0, 0, false)
    }

    #[test]
    fn a_peer_move_is_matched_on_its_squares() {
        let mut table = table();
        table.their_move(32, 14, &[19, 28]).expect("the captured squares in any order");
        assert_eq!(table.game.moves().len(), 1);
        assert_eq!(wire_squares(table.game.start(), &table.game.moves()[0]), (32, 14, vec![19, 28]));
    }

    #[test]
    fn a_peer_move_that_is_not_legal_is_refused() {
        let mut table = table();
        for (from, to, captured) in [
            (32, 14, vec![]),       // the capture without its captured squares
            (32, 14, vec![28, 28]), // a captured square given twice
            (32, 23, vec![28]),     // a shorter capture than the longest
            (45, 40, vec![]),       // a quiet move while a capture is due
            (99, 14, vec![19, 28]), // no such square
        ] {
            let refused = table.their_move(from, to, &captured);
            let Err(DxpError::IllegalMove { from: f, to: t, captured: c }) = refused else {
                panic!("{from}-{to} {captured:?}: {refused:?}");
            };
            assert_eq!((f, t, &c), (from, to, &captured));
            assert_eq!(table.game.moves().len(), 0);
        }
        let error = table.their_move(32, 23, &[28]).unwrap_err();
        assert_eq!(error.to_string(), "illegal move 32x23 capturing 28 from the peer");
        table.their_move(32, 14, &[28, 19]).expect("legal");
        // Now it is crownhead's turn.
        let error = table.their_move(5, 10, &[]).unwrap_err();
        assert!(matches!(error, DxpError::OutOfTurn { from: 5, to: 10, .. }), "{error}");
        assert_eq!(error.to_string(), "move 5-10 from the peer out of turn");
    }

    #[test]
    fn the_clock_counts_moves_to_go_until_the_agreed_number_then_runs_to_the_end() {
        let start = Position::from_fen(Variant::International, "W:W45,46:B1,2").expect("a position");
        let mut table = Table::new(start, Color::Black, &options(), 1, 2, false);
        let clock = |table: &Table| table.limits().clock.expect("a game clock");
        assert_eq!(clock(&table), Clock { time: 60.0, increment: 0.0, moves_to_go: Some(2) });
        table.used = Duration::from_secs(20);
        for mv in ["45-40", "1-7"] {
            table.game.play_text(mv).expect("legal");
        }
        // One of Black's two moves is played: one to go, with the 40 s left.
        assert_eq!(clock(&table), Clock { time: 40.0, increment: 0.0, moves_to_go: Some(1) });
        for mv in ["46-41", "2-8"] {
            table.game.play_text(mv).expect("legal");
        }
        // Past the agreed moves, no time is added: the 40 s must last the game.
        assert_eq!(clock(&table).moves_to_go, None);
        let unlimited = Table::new(*table.game.start(), Color::Black, &options(), 1, 0, false);
        assert_eq!(clock(&unlimited).moves_to_go, None);
    }

    #[test]
    fn a_peer_that_hangs_up_stops_the_search_on_a_long_clock() {
        // 999 minutes for 1 move, the follower White and so to move: it would think for
        // hours (half its clock), for a peer that is gone.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let mut peer = TcpStream::connect(listener.local_addr().expect("an address")).expect("connects");
        let (served, _) = listener.accept().expect("accepts");
        let follower = std::thread::spawn(move || serve(Connection::unpaced(served), &options()));
        peer.write_all(b"R01tester                          W999001A\0").expect("sent");
        let mut answer = [0u8; 35];
        std::io::Read::read_exact(&mut peer, &mut answer).expect("the GAMEACC");
        assert_eq!(&answer[..1], b"A");
        drop(peer);
        crate::fuzzing::join_within(follower, Duration::from_secs(5), "a peer that hung up", "the follower");
    }

    #[test]
    fn a_game_end_reason_and_its_claim_agree() {
        for sender in [Color::White, Color::Black] {
            for outcome in [Outcome::Win(sender), Outcome::Win(!sender), Outcome::Draw] {
                assert_eq!(GameEndReason::telling(outcome, sender).claimed_outcome(sender), Some(outcome));
            }
            assert_eq!(GameEndReason::Unknown.claimed_outcome(sender), None);
        }
        assert_eq!(GameEndReason::telling(Outcome::Win(Color::White), Color::Black), GameEndReason::GiveUp);
    }
}
