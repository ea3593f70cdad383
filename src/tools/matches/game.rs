//! One match game: two Hub engines play from an opening under a time control or a
//! fixed search limit, every move checked legal, until the rules end the game or an
//! engine fails (crash, time forfeit, illegal or unreadable move, silence, `error`),
//! which loses it.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::hub_client::{ClientError, HubClient, Reply};
use super::tally::keep_least;
use crate::rules::{Color, Game, MoveError, Outcome, Reason};

/// Time an engine may go over its allowance without losing, on top of the measured
/// `ping` round trip: pipes and scheduling are not the engine's fault.
pub const GRACE: Duration = Duration::from_millis(50);

/// After the allowance and grace, how much longer to wait for an answer before calling
/// the engine silent rather than late.
pub const SILENCE_MARGIN: Duration = Duration::from_secs(1);

/// How long an engine may think under a depth or node limit before it counts as silent.
pub const UNTIMED_TIMEOUT: Duration = Duration::from_secs(60);

/// How long each engine may think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// A clock per side: `base` for the game, `increment` added before each move (as
    /// Hub's `level time= inc=` counts it).
    Clock {
        /// Time for the game.
        base: Duration,
        /// Time added for each move.
        increment: Duration,
    },
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed search depth.
    Depth(u32),
    /// A fixed number of nodes.
    Nodes(u64),
}

/// A text that is not a clock `BASE+INC` (or `BASE`) in seconds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not BASE+INC in seconds (for example 60+0.5)")]
pub struct BadTimeControl(pub String);

impl std::str::FromStr for Limit {
    type Err = BadTimeControl;

    /// Reads a clock, `BASE+INC` or `BASE` in seconds (`--tc 60+0.5`): a game clock
    /// of `BASE` seconds with `INC` added before each move.
    fn from_str(text: &str) -> Result<Limit, BadTimeControl> {
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let seconds =
            |part: &str| part.trim().parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e7);
        match (seconds(base), seconds(increment)) {
            (Some(base), Some(increment)) if base + increment > 0.0 => Ok(Limit::Clock {
                base: Duration::from_secs_f64(base),
                increment: Duration::from_secs_f64(increment),
            }),
            _ => Err(BadTimeControl(text.to_string())),
        }
    }
}

impl Limit {
    /// The Hub `level` line for a move with `remaining` time on the mover's clock.
    fn level_line(&self, remaining: Duration) -> String {
        match *self {
            Limit::Clock { increment, .. } => {
                format!("level time={:.3} inc={:.3}", remaining.as_secs_f64(), increment.as_secs_f64())
            }
            Limit::MoveTime(time) => format!("level move-time={:.3}", time.as_secs_f64()),
            Limit::Depth(depth) => format!("level depth={depth}"),
            Limit::Nodes(nodes) => format!("level nodes={nodes}"),
        }
    }

    /// The time the mover may use for a move, if the limit is one of time.
    fn allowance(&self, remaining: Duration) -> Option<Duration> {
        match *self {
            Limit::Clock { increment, .. } => Some(remaining + increment),
            Limit::MoveTime(time) => Some(time),
            Limit::Depth(_) | Limit::Nodes(_) => None,
        }
    }
}

impl fmt::Display for Limit {
    /// As the PDN `TimeControl` tag shows it: `60+0.5` (seconds), `0.1/move`, `depth 8`,
    /// `nodes 10000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Limit::Clock { base, increment } => {
                write!(f, "{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
            Limit::MoveTime(time) => write!(f, "{}/move", time.as_secs_f64()),
            Limit::Depth(depth) => write!(f, "depth {depth}"),
            Limit::Nodes(nodes) => write!(f, "nodes {nodes}"),
        }
    }
}

/// What an engine did wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FaultKind {
    /// It answered after its time ran out.
    TimeForfeit,
    /// It played a move that is not legal, or could not be read.
    IllegalMove,
    /// It exited, or could not be started.
    Crash,
    /// It did not answer at all.
    NoAnswer,
    /// It answered `error`.
    EngineError,
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FaultKind::TimeForfeit => "time forfeit",
            FaultKind::IllegalMove => "illegal move",
            FaultKind::Crash => "crash",
            FaultKind::NoAnswer => "no answer",
            FaultKind::EngineError => "engine error",
        })
    }
}

/// An engine's failure, which loses it the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// What kind of failure.
    pub kind: FaultKind,
    /// The particulars: the move, the time used, the exit status.
    pub detail: String,
}

impl Fault {
    /// The fault an engine's [`ClientError`] amounts to.
    pub fn from_client_error(error: &ClientError) -> Fault {
        let kind = match error {
            ClientError::Exited { .. } | ClientError::Spawn { .. } => FaultKind::Crash,
            ClientError::Timeout { .. } => FaultKind::NoAnswer,
            _ => FaultKind::EngineError,
        };
        Fault { kind, detail: error.to_string() }
    }
}

/// The plies after which a match game still going is scored a draw. Every rule set's
/// draw rules end real games long before, but Frisian's none for most endings: two
/// engines with three kings each would play on for ever.
pub const MAX_PLIES: usize = 1000;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules of the game.
    Rules(Reason),
    /// Drawn by the match after [`MAX_PLIES`] plies, the rules not having ended it.
    PlyLimit,
    /// The loser's engine failed.
    Fault(Fault),
}

impl Termination {
    /// The kind of ending, without particulars, for counting: `no legal move`,
    /// `threefold repetition`, `crash`, `illegal move`, ...
    pub fn kind(&self) -> String {
        match self {
            Termination::Rules(reason) => reason.to_string(),
            Termination::PlyLimit => "ply limit".to_string(),
            Termination::Fault(fault) => fault.kind.to_string(),
        }
    }
}

impl fmt::Display for Termination {
    /// The ending with its particulars, as the PDN `Termination` tag shows it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::Rules(reason) => write!(f, "{reason}"),
            Termination::PlyLimit => write!(f, "ply limit ({MAX_PLIES} plies)"),
            Termination::Fault(fault) => write!(f, "{}: {}", fault.kind, fault.detail),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The moves from the opening's start, opening moves included.
    pub game: Game,
    /// Per move of `game`: the engine's score, depth and time, for the PDN (none for
    /// the opening's moves).
    pub comments: Vec<Option<String>>,
    /// The side that won, if any.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
    /// Under a game clock, per side (White's, then Black's): the least time its clock
    /// showed after one of its moves.
    pub least_time_left: [Option<Duration>; 2],
}

impl PlayedGame {
    /// A game `loser` lost by `fault` before a move was played.
    pub fn forfeited(opening: &Game, loser: Color, fault: Fault) -> PlayedGame {
        PlayedGame {
            game: opening.clone(),
            comments: vec![None; opening.moves().len()],
            winner: Some(!loser),
            termination: Termination::Fault(fault),
            least_time_left: [None; 2],
        }
    }

    /// The side whose engine failed, if one did.
    pub fn faulty_side(&self) -> Option<Color> {
        match self.termination {
            Termination::Fault(_) => self.winner.map(|winner| !winner),
            Termination::Rules(_) | Termination::PlyLimit => None,
        }
    }
}

/// Plays a game from `opening` between `engines` (White's, then Black's) under `limit`,
/// each engine pondering on the reply it expects while the other thinks if `ponder` is
/// set; `None` if `abandon` is set before it ends.
pub fn play(
    opening: &Game,
    engines: [&mut HubClient; 2],
    limit: &Limit,
    ponder: bool,
    abandon: &AtomicBool,
) -> Option<PlayedGame> {
    let [white, black] = engines;
    let mut grace = [GRACE; 2];
    for (color, engine) in [(Color::White, &mut *white), (Color::Black, &mut *black)] {
        match engine.new_game() {
            Ok(round_trip) => grace[color.index()] += round_trip,
            Err(error) => {
                return Some(PlayedGame::forfeited(opening, color, Fault::from_client_error(&error)));
            }
        }
    }
    let engines = [white, black];
    let base = match *limit {
        Limit::Clock { base, .. } => base,
        _ => Duration::ZERO,
    };
    let mut clocks = [base; 2];
    let mut game = opening.clone();
    let mut comments = vec![None; opening.moves().len()];
    let mut least_time_left = [None; 2];
    let (winner, termination) = loop {
        if let Some(result) = game.result() {
            let winner = match result.outcome {
                Outcome::Win(color) => Some(color),
                Outcome::Draw => None,
            };
            break (winner, Termination::Rules(result.reason));
        }
        if game.moves().len() >= MAX_PLIES {
            break (None, Termination::PlyLimit);
        }
        if abandon.load(Ordering::SeqCst) {
            return None;
        }
        let side = game.position().side_to_move();
        let index = side.index();
        match play_move(&mut game, engines[index], limit, &mut clocks[index], grace[index]) {
            Ok(reply) => {
                comments.push(Some(comment(&reply)));
                if ponder
                    && let Err(error) = start_pondering(&game, engines[index], limit, clocks[index], &reply)
                {
                    break (Some(!side), Termination::Fault(Fault::from_client_error(&error)));
                }
            }
            Err(fault) => break (Some(!side), Termination::Fault(fault)),
        }
        if let Limit::Clock { .. } = limit {
            keep_least(&mut least_time_left[index], clocks[index]);
        }
    };
    Some(PlayedGame { game, comments, winner, termination, least_time_left })
}

/// Asks `engine` for the move of the side to move in `game`, checks it and plays it;
/// returns the engine's reply.
fn play_move(
    game: &mut Game,
    engine: &mut HubClient,
    limit: &Limit,
    clock: &mut Duration,
    grace: Duration,
) -> Result<Reply, Fault> {
    let allowance = limit.allowance(*clock);
    let wait = allowance.map_or(UNTIMED_TIMEOUT, |allowance| allowance + grace + SILENCE_MARGIN);
    let reply = engine
        .think(game, &limit.level_line(*clock), wait)
        .map_err(|error| Fault::from_client_error(&error))?;
    if let Some(allowance) = allowance {
        if reply.elapsed > allowance + grace {
            return Err(Fault {
                kind: FaultKind::TimeForfeit,
                detail: format!(
                    "answered after {:.3} s with {:.3} s to use",
                    reply.elapsed.as_secs_f64(),
                    allowance.as_secs_f64()
                ),
            });
        }
        if let Limit::Clock { increment, .. } = *limit {
            *clock = (*clock + increment).saturating_sub(reply.elapsed);
        }
    }
    let illegal = |detail: String| Fault { kind: FaultKind::IllegalMove, detail };
    let mv = game.position().parse_hub_move(&reply.mv).map_err(|error| match error {
        MoveError::Syntax(_) => illegal(format!("unreadable move '{}'", reply.mv)),
        _ => illegal(format!("'{}'", reply.mv)),
    })?;
    game.play(mv).map_err(|_| illegal(format!("'{}'", reply.mv)))?;
    Ok(reply)
}

/// Sets `engine`, which has just moved in `game`, pondering on the reply it expects, if
/// it named a legal one that does not end the game; its level is that of its next move,
/// with `clock` left.
fn start_pondering(
    game: &Game,
    engine: &mut HubClient,
    limit: &Limit,
    clock: Duration,
    reply: &Reply,
) -> Result<(), ClientError> {
    let Some(expected) = reply.ponder.as_deref() else {
        return Ok(());
    };
    let mut pondered = game.clone();
    match pondered.position().parse_hub_move(expected) {
        Ok(mv) if game.result().is_none() && pondered.play(mv).is_ok() && pondered.result().is_none() => {
            engine.ponder(&pondered, &limit.level_line(clock))
        }
        _ => Ok(()),
    }
}

/// `0.12/8 0.25s`: the engine's last score and depth, and the time it took.
fn comment(reply: &Reply) -> String {
    let time = format!("{:.2}s", reply.elapsed.as_secs_f64());
    match (&reply.score, &reply.depth) {
        (Some(score), Some(depth)) => format!("{score}/{depth} {time}"),
        (Some(score), None) => format!("{score} {time}"),
        _ => time,
    }
}
