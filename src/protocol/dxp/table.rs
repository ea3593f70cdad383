//! A game in progress: a [`Table`]. It knows whose turn it is, the game clock the
//! request set (for both sides: the peer's runs out at its time plus a grace), and
//! whether this side already sent the game's end. The side to move ends a finished game
//! with GAMEEND instead of a MOVE, and the other side confirms it.
//!
//! Each side's clock runs from the moment its turn began here (the peer's move read, or
//! the game's start) to the moment its move was sent, as the peer counts it but for the
//! network: this side's turn is charged with the search's start and end, the wait for
//! it and the sending, not with the search alone.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::connection::Connection;
use super::error::DxpError;
use super::message::{GameEndReason, Message};
use super::options::Options;
use crate::engine::{Clock, Engine, Go, Limits, Report, SearchResult};
use crate::rules::{Color, Game, Move, Outcome, Position};

/// The time between two looks at the connection while the engine searches.
const LOOK_INTERVAL: Duration = Duration::from_millis(100);

/// How long one look at the connection waits to hear of a hang-up.
const HANG_UP_LOOK: Duration = Duration::from_millis(1);

/// Thinking time per move when a game request gives no time.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);

/// One game in progress.
pub struct Table {
    /// The game so far.
    pub game: Game,
    /// The colour this side plays.
    pub ours: Color,
    minutes: u16,
    moves: u16,
    /// This side's time used on its moves so far.
    used: Duration,
    /// When this side's turn began, while it is this side's turn.
    our_turn_since: Option<Instant>,
    move_time: Option<Duration>,
    /// The peer's time used on its moves so far.
    their_used: Duration,
    /// When the peer's turn began, while it is the peer's turn.
    their_turn_since: Option<Instant>,
    /// How long past its clock the peer may take before it loses on time.
    grace: Duration,
    /// When this side sent the game's end, if it has: it waits for the peer's
    /// confirmation.
    pub end_sent: Option<Instant>,
    /// The GAMEEND stop flag this side sends: set on an initiator's last game.
    pub stop: bool,
}

/// A game that ended: its table, the outcome by the rules (or the peer's word), and why.
pub struct Finished {
    /// The game's table as it ended.
    pub table: Table,
    /// The outcome, if the rules or the peer give one.
    pub outcome: Option<Outcome>,
    /// Why the game ended, in words.
    pub why: String,
}

impl Table {
    /// A game from `start` with this side playing `ours`, on the clock a request set
    /// (`minutes` for `moves`; 0 minutes: no clock) unless `options` give a move time.
    pub fn new(
        start: Position,
        ours: Color,
        options: &Options,
        minutes: u16,
        moves: u16,
        stop: bool,
    ) -> Table {
        let mut table = Table {
            game: Game::new(start),
            ours,
            minutes,
            moves,
            used: Duration::ZERO,
            our_turn_since: None,
            move_time: options.move_time,
            their_used: Duration::ZERO,
            their_turn_since: None,
            grace: options.grace,
            end_sent: None,
            stop,
        };
        table.run_clocks();
        table
    }

    fn our_turn(&self) -> bool {
        self.end_sent.is_none() && self.game.position().side_to_move() == self.ours
    }

    fn their_turn(&self) -> bool {
        self.end_sent.is_none() && self.game.position().side_to_move() != self.ours
    }

    /// Starts each side's clock when its turn begins and charges it when its turn ends:
    /// called after every change of the game, and after this side's move is sent.
    fn run_clocks(&mut self) {
        let now = Instant::now();
        run_clock(self.our_turn(), &mut self.our_turn_since, &mut self.used, now);
        run_clock(self.their_turn(), &mut self.their_turn_since, &mut self.their_used, now);
    }

    /// Seconds left on each side's clock, this side's and the peer's, under a game clock:
    /// its minutes less the time its moves took, each counted to now on its turn (the
    /// peer's by this side's watch, so with the network's delays).
    pub fn clocks_left(&self) -> Option<(f64, f64)> {
        let minutes = f64::from(self.minutes) * 60.0;
        let left = |used: Duration, since: Option<Instant>| {
            minutes - (used + since.map_or(Duration::ZERO, |since| since.elapsed())).as_secs_f64()
        };
        (self.minutes > 0 && self.move_time.is_none())
            .then(|| (left(self.used, self.our_turn_since), left(self.their_used, self.their_turn_since)))
    }

    /// When the peer loses on time if its move has not come, on its turn: the time its
    /// clock has left plus the grace. A request without minutes gives it a second a move
    /// (as this side takes); with minutes for `moves` moves, the minutes come again
    /// after each `moves` of its moves, the looser reading of the request.
    pub fn their_deadline(&self) -> Option<Instant> {
        let since = self.their_turn_since?;
        let clock = if self.minutes == 0 {
            DEFAULT_MOVE_TIME
        } else {
            let their_moves = (self.game.moves().len() / 2) as u32;
            let periods = if self.moves == 0 { 1 } else { 1 + their_moves / u32::from(self.moves) };
            (Duration::from_secs(60 * u64::from(self.minutes)) * periods).saturating_sub(self.their_used)
        };
        Some(since + clock + self.grace)
    }

    fn limits(&self) -> Limits {
        if let Some(time) = self.move_time {
            return Limits::move_time(time);
        }
        if self.minutes == 0 {
            return Limits::move_time(DEFAULT_MOVE_TIME);
        }
        // The minutes are for the whole game: past the agreed number of moves no time
        // is added, so they are not moves to a next control (which the search would
        // spend the clock down to its reserve for) but sudden death from the start,
        // however long the game runs. The time left is counted to now: the turn began
        // when the peer's move was read.
        let time = self.clocks_left().map_or(0.0, |(ours, _)| ours);
        Limits { clock: Some(Clock { time, increment: 0.0, moves_to_go: None }), ..Limits::default() }
    }

    /// On this side's turn: the game's end if it is over and a referee judging by
    /// pydraughts' rules would confirm it ([`Game::claimable_result`]), else a move: a
    /// draw only the federation's rules give is played on, for the peer or the referee
    /// to end.
    pub fn take_turn(&mut self, connection: &mut Connection, engine: &mut Engine) -> Result<(), DxpError> {
        if !self.our_turn() {
            return Ok(());
        }
        if let Some(result) = self.game.claimable_result() {
            self.end_sent = Some(Instant::now());
            let reason = GameEndReason::telling(result.outcome, self.ours);
            connection.send(&Message::GameEnd { reason, stop: self.stop })?;
            self.run_clocks();
            return Ok(());
        }
        let result = think(connection, engine, &self.game, &self.limits())?;
        let Some(mv) = result.best_move else {
            return Ok(());
        };
        let spent = self.our_turn_since.map_or(Duration::ZERO, |since| since.elapsed());
        let message = move_message(self.game.position(), &mv, spent);
        self.game.play(mv).map_err(DxpError::Rules)?;
        connection.send(&message)?;
        self.run_clocks();
        Ok(())
    }

    /// Plays the other side's move, the legal move with these squares (the captured
    /// ones in any order).
    ///
    /// # Errors
    /// [`DxpError::OutOfTurn`] on this side's turn, [`DxpError::IllegalMove`] when no
    /// legal move has these squares; the game is unchanged.
    pub fn their_move(&mut self, from: u8, to: u8, captured: &[u8]) -> Result<(), DxpError> {
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
        self.game.play(mv).map_err(DxpError::Rules)?;
        self.run_clocks();
        Ok(())
    }

    /// Goes back to move `number` with `color` to move, if the game has been there.
    pub fn go_back(&mut self, number: u16, color: Color) -> bool {
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
        self.end_sent = None;
        self.run_clocks();
        true
    }

    /// The game ended with the peer's GAMEEND giving `reason`.
    pub fn finish(self, reason: GameEndReason) -> Finished {
        let by_rules = self.game.result();
        // A GAMEEND answering this side's is a confirmation, not a claim (pydraughts
        // echoes the reason it confirms).
        let claimed = self.end_sent.is_none().then(|| reason.claimed_outcome(!self.ours)).flatten();
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

/// Starts a side's clock when its turn begins (`turn`), and charges `used` with the
/// turn when it ends, at `now`.
fn run_clock(turn: bool, since: &mut Option<Instant>, used: &mut Duration, now: Instant) {
    match (turn, *since) {
        (true, None) => *since = Some(now),
        (false, Some(began)) => {
            *used += now.saturating_duration_since(began);
            *since = None;
        }
        _ => {}
    }
}

/// The engine's search of `game`, stopped early if the peer hangs up meanwhile: on a
/// long clock (999 minutes for 1 move is hours a move) it would search for nobody. The
/// search's end is heard at once, the connection looked at every [`LOOK_INTERVAL`].
fn think(
    connection: &mut Connection,
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
) -> Result<SearchResult, DxpError> {
    let (done, ended) = mpsc::channel();
    let search = engine.go(game, limits, Go::Think, move |report| {
        if matches!(report, Report::Done(_)) {
            // The receiver waits for this as long as the search runs.
            let _ = done.send(());
        }
    })?;
    while let Err(RecvTimeoutError::Timeout) = ended.recv_timeout(LOOK_INTERVAL) {
        if connection.hung_up(HANG_UP_LOOK)? {
            log::warn!("dxp: the peer hung up; the search stops");
            search.stop();
            break;
        }
    }
    Ok(search.wait())
}

/// A move's squares as MOVE carries them, in the rule set's numbering (on 8x8 too):
/// start, end, and the captured squares in ascending order.
pub fn wire_squares(position: &Position, mv: &Move) -> (u8, u8, Vec<u8>) {
    let rules = position.rules();
    let mut captured: Vec<u8> = mv.captured().map(|square| rules.square_number(square)).collect();
    captured.sort_unstable();
    (rules.square_number(mv.from()), rules.square_number(mv.to()), captured)
}

fn move_message(position: &Position, mv: &Move, spent: Duration) -> Message {
    let (from, to, captured) = wire_squares(position, mv);
    Message::Move { seconds: u16::try_from(spent.as_secs()).unwrap_or(u16::MAX), from, to, captured }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    /// crownhead Black; White, the peer, to move with a double capture: 32x14 over 28
    /// and 19.
    fn table() -> Table {
        let start = Position::from_fen(Variant::International, "W:W32,45:B28,19,5").expect("a position");
        Table::new(start, Color::Black, &Options::for_tests(), 0, 0, false)
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
    fn the_clock_is_sudden_death_for_the_whole_game_whatever_the_agreed_moves() {
        // One minute for two moves: nothing is added after them, so no move is planned
        // as the last before a control, neither before the second move nor after it.
        let start = Position::from_fen(Variant::International, "W:W45,46:B1,2").expect("a position");
        let mut table = Table::new(start, Color::Black, &Options::for_tests(), 1, 2, false);
        let clock = |table: &Table| table.limits().clock.expect("a game clock");
        assert_eq!(clock(&table), Clock { time: 60.0, increment: 0.0, moves_to_go: None });
        table.used = Duration::from_secs(20);
        for mv in ["45-40", "1-7"] {
            table.game.play_text(mv).expect("legal");
        }
        assert_eq!(clock(&table), Clock { time: 40.0, increment: 0.0, moves_to_go: None });
        for mv in ["46-41", "2-8"] {
            table.game.play_text(mv).expect("legal");
        }
        assert_eq!(clock(&table), Clock { time: 40.0, increment: 0.0, moves_to_go: None });
        let unlimited = Table::new(*table.game.start(), Color::Black, &Options::for_tests(), 1, 0, false);
        assert_eq!(clock(&unlimited).moves_to_go, None);
    }

    #[test]
    fn this_sides_clock_runs_from_the_start_of_its_turn_not_of_its_search() {
        // crownhead White, to move: its turn began when the table was made, here a
        // minute ago (the peer's move read, a search not yet begun).
        let start = Position::from_fen(Variant::International, "W:W45,46:B1,2").expect("a position");
        let mut table = Table::new(start, Color::White, &Options::for_tests(), 2, 0, false);
        let minute = Duration::from_secs(60);
        let began = table.our_turn_since.expect("crownhead's turn");
        table.our_turn_since = Some(began.checked_sub(minute).expect("the clock has run a minute"));
        let time = table.limits().clock.expect("a game clock").time;
        assert!((59.0..=60.0).contains(&time), "{time}");
        // The move played: the turn is charged, the peer's clock runs.
        table.game.play_text("45-40").expect("legal");
        table.run_clocks();
        assert!(table.used >= minute && table.our_turn_since.is_none() && table.their_turn_since.is_some());
        let (ours, theirs) = table.clocks_left().expect("a game clock");
        assert!(ours <= 60.0 && theirs <= 120.0 && theirs > 119.0, "{ours} {theirs}");
        // A move time instead of the clock: no clock to tell.
        let timed = Options { move_time: Some(Duration::from_secs(1)), ..Options::for_tests() };
        assert_eq!(Table::new(start, Color::White, &timed, 1, 0, false).clocks_left(), None);
    }

    #[test]
    fn the_peers_clock_is_its_time_left_and_the_grace_its_minutes_given_again_each_period() {
        let options = Options { grace: Duration::from_secs(5), ..Options::for_tests() };
        let start = Position::from_fen(Variant::International, "W:W45,46:B1,2").expect("a position");
        // crownhead Black: White, the peer, is to move, its clock running.
        let mut table = Table::new(start, Color::Black, &options, 1, 2, false);
        let since = table.their_turn_since.expect("the peer's turn");
        let after = |seconds| Some(since + Duration::from_secs(seconds));
        assert_eq!(table.their_deadline(), after(65));
        table.their_used = Duration::from_secs(50);
        assert_eq!(table.their_deadline(), after(15));
        for mv in ["45-40", "1-7", "46-41", "2-8"] {
            table.game.play_text(mv).expect("legal");
        }
        // Two moves of the peer's played, the agreed number: its minute is given again.
        assert_eq!(table.their_deadline(), after(75));
        table.game.play_text("40-34").expect("legal");
        table.run_clocks();
        assert_eq!(table.their_deadline(), None, "crownhead's turn");
        assert!(table.their_used > Duration::from_secs(50), "the peer's turn charged");
        let no_minutes = Table::new(start, Color::Black, &options, 0, 0, false);
        let since = no_minutes.their_turn_since.expect("the peer's turn");
        assert_eq!(no_minutes.their_deadline(), Some(since + Duration::from_secs(6)), "a second a move");
        let ours = Table::new(start, Color::White, &options, 1, 0, false);
        assert_eq!(ours.their_deadline(), None);
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
