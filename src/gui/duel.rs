//! Engine against engine on the page: two engine settings (strength level, time a move
//! or a clock, the opening book or not) play one game from the start the page gives, on
//! a thread of their own with an engine each, so that neither learns from the other's
//! table. The game ends where the rules core's [`Game`] says it is over, or when a clock
//! runs out; each move and the end go to the page as events of its session. The page
//! plays the games of a match one after another, swaps the colours, and keeps the score.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc::UnboundedSender;

use super::api::{ApiError, GameRequest, ResultInfo, line_texts};
use super::event::{SessionEvent, json};
use super::timing::{ClockRequest, play_limits};
use crate::engine::options::{BOOK, STRENGTH};
use crate::engine::{Clock, Engine, Go, Limits, MAX_STRENGTH, Options, OptionsBuilder, Report, SearchResult};
use crate::rules::{Color, Game, Outcome, PdnGame};

/// How far past its clock's time a side may go without losing on time: the machine's
/// scheduling is not the engine's fault.
pub const GRACE: Duration = Duration::from_millis(100);

/// How often a search in a game waits before looking whether the game was stopped.
const POLL: Duration = Duration::from_millis(20);

/// One side's engine.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct PlayerRequest {
    /// Its strength, 1 (weakest) to 10 (full, the default).
    #[serde(default = "full_strength")]
    pub strength: u8,
    /// Seconds a move, when it plays without a clock.
    #[serde(default)]
    pub movetime: Option<f64>,
    /// Its clock for the game, when it plays with one.
    #[serde(default)]
    pub clock: Option<ClockRequest>,
    /// Whether it plays from the opening book where it has a move.
    #[serde(default)]
    pub book: bool,
}

fn full_strength() -> u8 {
    MAX_STRENGTH
}

/// A game of engine against engine.
#[derive(Clone, Debug, Deserialize)]
pub struct DuelRequest {
    /// The page's number for the game, given back in its events.
    pub search: u64,
    /// Where the game starts: a position and the moves already played (an opening).
    #[serde(flatten)]
    pub game: GameRequest,
    /// The engine that plays White.
    pub white: PlayerRequest,
    /// The engine that plays Black.
    pub black: PlayerRequest,
    /// Tags for the game's PDN (`Event`, `Round`, `White`, `Black`, ...).
    #[serde(default)]
    pub tags: Vec<(String, String)>,
}

/// Both sides' clocks, in seconds left.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ClocksShown {
    /// White's.
    pub white: f64,
    /// Black's.
    pub black: f64,
}

/// A move played in the game.
#[derive(Clone, Debug, Serialize)]
pub struct MoveEvent {
    /// The game it belongs to.
    pub search: u64,
    /// Every move of the game so far, from its start, as the move list writes them.
    pub moves: Vec<String>,
    /// The mover's score of the position it moved in, in men.
    pub score: f64,
    /// The depth it searched (0 for a book move).
    pub depth: u32,
    /// The clocks after the move, in a game with clocks.
    pub clocks: Option<ClocksShown>,
}

/// The game ended.
#[derive(Clone, Debug, Serialize)]
pub struct EndEvent {
    /// The game it belongs to.
    pub search: u64,
    /// Its moves, from its start.
    pub moves: Vec<String>,
    /// How it ended.
    pub result: ResultInfo,
    /// The game as PDN, with the request's tags and its result.
    pub pdn: String,
}

/// A side's clock in a game, kept as the match runner keeps it: the increment is added
/// before each move, and a move that takes longer than the time then left (and
/// [`GRACE`]) loses on time.
#[derive(Clone, Copy, Debug, PartialEq)]
struct SideClock {
    left: f64,
    increment: f64,
}

impl SideClock {
    /// Charges a move that took `elapsed`; false if the side ran out of time.
    fn charge(&mut self, elapsed: Duration) -> bool {
        let left = self.left + self.increment - elapsed.as_secs_f64();
        self.left = left.max(0.0);
        left > -GRACE.as_secs_f64()
    }
}

/// How a side is timed.
#[derive(Clone, Copy, Debug)]
enum Timing {
    /// A fixed time a move.
    MoveTime(Limits),
    /// A clock for the game.
    Clock(SideClock),
}

/// A side's settings, checked; its engine is made on the game's thread.
#[derive(Clone, Debug)]
struct Side {
    options: Options,
    timing: Timing,
}

impl Side {
    /// The side `request` asks for, its engine made with `options` but for strength and
    /// book.
    fn new(request: &PlayerRequest, options: &Options) -> Result<Side, ApiError> {
        let limits = play_limits(request.movetime, request.clock)?;
        let timing = match request.clock {
            Some(clock) => Timing::Clock(SideClock { left: clock.time, increment: clock.increment }),
            None => Timing::MoveTime(limits),
        };
        let options = OptionsBuilder::from_options(options.clone(), None)
            .count(&STRENGTH, request.strength.into())
            .map_err(|error| ApiError::new(error.to_string()))?
            .switch(&BOOK, request.book)
            .build();
        Ok(Side { options, timing })
    }

    fn limits(&self) -> Limits {
        match self.timing {
            Timing::MoveTime(limits) => limits,
            Timing::Clock(clock) => {
                let clock = Clock { time: clock.left, increment: clock.increment, moves_to_go: None };
                Limits { clock: Some(clock), ..Limits::default() }
            }
        }
    }

    fn clock_left(&self) -> Option<f64> {
        match self.timing {
            Timing::MoveTime(_) => None,
            Timing::Clock(clock) => Some(clock.left),
        }
    }
}

/// A side in play: its settings and its engine.
struct Player {
    side: Side,
    engine: Engine,
}

impl Player {
    /// The engine's move in the position `game` has reached, `None` if the game is
    /// stopped meanwhile (`cancel`) or no search could start.
    fn think(&mut self, game: &Game, cancel: &AtomicBool) -> Option<SearchResult> {
        let (sender, receiver) = channel();
        let report = move |report: Report| {
            if let Report::Done(result) = report {
                let _ = sender.send(result.clone());
            }
        };
        let handle = self.engine.go(game, &self.side.limits(), Go::Think, report).ok()?;
        loop {
            match receiver.recv_timeout(POLL) {
                Ok(result) => return Some(result),
                Err(RecvTimeoutError::Timeout) if cancel.load(Ordering::Relaxed) => {
                    handle.stop();
                    return None;
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    /// Charges the move's time to the side's clock, if it has one; false if it ran out.
    fn charge(&mut self, elapsed: Duration) -> bool {
        match &mut self.side.timing {
            Timing::MoveTime(_) => true,
            Timing::Clock(clock) => clock.charge(elapsed),
        }
    }
}

/// How the game ended: the rules' result, or a side's fault.
struct Ending {
    outcome: Outcome,
    reason: String,
}

/// A game to play, checked.
pub struct Duel {
    search: u64,
    game: Game,
    sides: [Side; 2],
    tags: Vec<(String, String)>,
}

impl Duel {
    /// The game `request` asks for, its engines made with `options` but for strength
    /// and book.
    ///
    /// # Errors
    /// A bad start, a game already over, a bad time or level.
    pub fn new(request: &DuelRequest, options: &Options) -> Result<Duel, ApiError> {
        let game = request.game.game()?;
        if let Some(result) = game.result() {
            return Err(ApiError::new(format!("the game is over before it starts ({})", result.reason)));
        }
        let sides = [Side::new(&request.white, options)?, Side::new(&request.black, options)?];
        Ok(Duel { search: request.search, game, sides, tags: request.tags.clone() })
    }

    /// Plays the game on a thread of its own, sending its events to `sender`, until it
    /// ends or `cancel` is set.
    ///
    /// # Errors
    /// No thread to run on.
    pub fn start(
        self,
        sender: UnboundedSender<SessionEvent>,
        cancel: Arc<AtomicBool>,
    ) -> std::io::Result<()> {
        std::thread::Builder::new().name("duel".into()).spawn(move || self.run(&sender, &cancel))?;
        Ok(())
    }

    fn run(mut self, sender: &UnboundedSender<SessionEvent>, cancel: &AtomicBool) {
        let [white, black] =
            self.sides.clone().map(|side| Player { engine: Engine::new(side.options.clone()), side });
        let mut players = [white, black];
        let ending = loop {
            if let Some(result) = self.game.result() {
                break Ending { outcome: result.outcome, reason: result.reason.to_string() };
            }
            let mover = self.game.position().side_to_move();
            match self.play_one(&mut players[mover.index()], cancel) {
                Err(None) => return,
                Err(Some(reason)) => break Ending { outcome: Outcome::Win(!mover), reason },
                Ok(result) => {
                    let clocks = clocks_shown(&players);
                    let event = MoveEvent {
                        search: self.search,
                        moves: self.moves(),
                        score: result.score.men(),
                        depth: result.depth,
                        clocks,
                    };
                    let _ = sender.send(SessionEvent { name: "duel-move", data: json(&event) });
                }
            }
        };
        let _ = sender.send(SessionEvent { name: "duel-end", data: json(&self.end_event(&ending)) });
    }

    /// The mover's move, played: its search; else why it loses (a clock run out), or
    /// nothing when the game was stopped.
    fn play_one(&mut self, player: &mut Player, cancel: &AtomicBool) -> Result<SearchResult, Option<String>> {
        let started = Instant::now();
        let result = player.think(&self.game, cancel).ok_or(None)?;
        if !player.charge(started.elapsed()) {
            return Err(Some("time forfeit".to_string()));
        }
        let mv = result.best_move.ok_or_else(|| Some("no move from the engine".to_string()))?;
        self.game.play(mv).map_err(|error| Some(format!("an illegal move from the engine: {error}")))?;
        Ok(result)
    }

    fn moves(&self) -> Vec<String> {
        line_texts(self.game.start(), self.game.moves())
    }

    fn end_event(&self, ending: &Ending) -> EndEvent {
        let variant = self.game.start().variant();
        let mut pdn = PdnGame::from_game(&self.game);
        for (name, value) in &self.tags {
            pdn.set_tag(name, value.as_str());
        }
        pdn.result = ending.outcome.into();
        EndEvent {
            search: self.search,
            moves: self.moves(),
            result: ResultInfo::new(ending.outcome, &ending.reason, variant),
            pdn: pdn.to_pdn(),
        }
    }
}

/// Both clocks, in a game with clocks.
fn clocks_shown(players: &[Player; 2]) -> Option<ClocksShown> {
    let [white, black] = [Color::White, Color::Black].map(|color| players[color.index()].side.clock_left());
    Some(ClocksShown { white: white?, black: black? })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::mpsc::unbounded_channel;

    fn player(strength: u8) -> PlayerRequest {
        PlayerRequest { strength, movetime: Some(0.02), clock: None, book: false }
    }

    fn request(fen: Option<&str>, moves: &[&str]) -> DuelRequest {
        DuelRequest {
            search: 4,
            game: GameRequest {
                variant: "english".into(),
                fen: fen.map(Into::into),
                moves: moves.iter().map(|&text| text.into()).collect(),
            },
            white: player(10),
            black: player(1),
            tags: vec![("White".into(), "level 10".into())],
        }
    }

    fn options() -> Options {
        Options { table_mib: 1, ..Options::default() }
    }

    /// The events of the game, to its end.
    fn played(request: &DuelRequest) -> Vec<SessionEvent> {
        let (sender, mut receiver) = unbounded_channel();
        Duel::new(request, &options()).unwrap().start(sender, Arc::default()).unwrap();
        let mut events = Vec::new();
        while events.last().is_none_or(|event: &SessionEvent| event.name != "duel-end") {
            events.push(receiver.blocking_recv().unwrap());
        }
        events
    }

    #[test]
    fn a_game_is_played_to_the_end_the_rules_give() {
        // English, White to move: 18x9 takes Black's last man.
        let events = played(&request(Some("W:W18:B14"), &[]));
        assert_eq!(events.iter().map(|event| event.name).collect::<Vec<_>>(), ["duel-move", "duel-end"]);
        let end: serde_json::Value = serde_json::from_str(&events[1].data).unwrap();
        assert_eq!(end["search"], 4);
        assert_eq!(end["moves"], serde_json::json!(["18x9"]));
        assert_eq!(
            (end["result"]["outcome"].as_str(), end["result"]["reason"].as_str()),
            (Some("white"), Some("no legal move"))
        );
        let pdn = crate::rules::read_pdn(end["pdn"].as_str().unwrap(), crate::rules::Variant::English)
            .remove(0)
            .unwrap();
        assert_eq!(
            (pdn.tag("White"), pdn.moves.len(), pdn.result),
            (Some("level 10"), 1, crate::rules::PdnResult::Win(Color::White))
        );
    }

    #[test]
    fn a_ballot_game_goes_on_from_its_moves_and_every_move_is_legal() {
        let events = played(&request(None, &["9-13", "22-18", "10-15"]));
        let end: serde_json::Value = serde_json::from_str(&events.last().unwrap().data).unwrap();
        let moves: Vec<String> = serde_json::from_value(end["moves"].clone()).unwrap();
        assert_eq!(moves[..3], ["9-13", "22-18", "10-15"]);
        assert_eq!(events.len() - 1, moves.len() - 3, "one event a move");
        let replayed = GameRequest { variant: "english".into(), fen: None, moves }.game().unwrap();
        let result = replayed.result().expect("the game is over");
        assert_eq!(end["result"]["reason"], result.reason.to_string());
    }

    #[test]
    fn bad_games_are_refused() {
        let over = Duel::new(&request(Some("B:W18:B"), &[]), &options());
        assert!(over.is_err_and(|error| error.error.contains("over before it starts")));
        let mut weak = request(None, &[]);
        weak.black.strength = 0;
        assert!(Duel::new(&weak, &options()).is_err());
        let mut untimed = request(None, &[]);
        untimed.white.movetime = None;
        assert!(Duel::new(&untimed, &options()).is_err());
    }

    #[test]
    fn a_clock_gets_its_increment_before_the_move_and_runs_out_past_its_grace() {
        let mut clock = SideClock { left: 1.0, increment: 0.5 };
        assert!(clock.charge(Duration::from_millis(1_000)));
        assert!((clock.left - 0.5).abs() < 1e-9);
        assert!(clock.charge(Duration::from_millis(1_050)), "within the grace");
        assert_eq!(clock.left, 0.0);
        assert!(!clock.charge(Duration::from_millis(500) + GRACE + Duration::from_millis(1)));
    }
}
