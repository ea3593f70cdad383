//! Engine-against-engine matches over the Hub protocol, as cutechess-cli and fastchess
//! run them for chess: each opening is played twice with the colours reversed (a game
//! pair), on several games at once if asked, until the number of games is reached or an
//! SPRT decides. Every game goes to the PDN file as it finishes; progress goes to
//! standard error and the summary to the output.

mod game;
mod hub_client;
mod json;
pub mod openings;
mod parts;
mod progress;
mod record;
mod stats;
mod summary;
mod tally;

use std::io::Write;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

use anyhow::Context;

pub use self::game::Limit;
pub use self::hub_client::{CommandLineError, EngineSpec};
pub use self::openings::Opening;
pub use self::parts::{PairRange, summarise};
pub use self::stats::Sprt;

use self::game::{Fault, PlayedGame};
use self::hub_client::HubClient;
use self::progress::Progress;
use self::record::PdnRecorder;
use self::tally::{CountedGame, GameScore, SprtTally};
use crate::rules::{Color, Variant};

/// What to play.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// The two engines; the statistics are the first one's.
    pub engines: [EngineSpec; 2],
    /// The rule set.
    pub variant: Variant,
    /// Games to play, rounded up to whole pairs. Without it: under an SPRT, until it
    /// decides; otherwise every opening once with each colour.
    pub games: Option<u64>,
    /// Play only these game pairs (and not `games`).
    pub pairs: Option<PairRange>,
    /// Stop when this test decides.
    pub sprt: Option<Sprt>,
    /// How long the engines may think.
    pub limit: Limit,
    /// The openings, used in order and cycled.
    pub openings: Vec<Opening>,
    /// Games played at once, each between its own engine processes.
    pub concurrency: usize,
    /// Each engine ponders (Hub `go ponder`) on the reply it expects while the other
    /// thinks, as in a real game.
    pub ponder: bool,
    /// Append every game to this PDN file as it finishes.
    pub pdn: Option<PathBuf>,
    /// Write the summary as JSON, with every game counted.
    pub json: bool,
}

/// A finished game and who played it.
struct Finished {
    index: u64,
    /// The opening's number in the set, from 1.
    opening: usize,
    /// The engine (0 or 1) that played White.
    white_engine: usize,
    played: PlayedGame,
}

/// Plays the match, appends each game to the PDN file as it finishes, and writes the
/// summary to `out`.
///
/// # Errors
/// When an engine cannot be started and configured at the outset, or the PDN file or
/// `out` cannot be written.
pub fn run(options: &MatchOptions, out: &mut impl Write) -> anyhow::Result<()> {
    anyhow::ensure!(!options.openings.is_empty(), "no openings");
    let mut recorder = open_pdn(options)?;
    let engines = start_engines(options)?;
    let names = display_names([engines[0].name(), engines[1].name()], &options.engines);
    let count = play_match(options, engines, &names, recorder.as_mut())?;
    write_summary(out, options, &names, &count)
}

/// The PDN file the games go to, if one is asked for.
fn open_pdn(options: &MatchOptions) -> anyhow::Result<Option<PdnRecorder>> {
    let Some(path) = &options.pdn else {
        return Ok(None);
    };
    let recorder =
        PdnRecorder::open(path, &options.limit).with_context(|| format!("cannot open {}", path.display()))?;
    Ok(Some(recorder))
}

/// Starts both engines once at the outset, so that one that cannot start or be configured
/// stops the match before any game.
fn start_engines(options: &MatchOptions) -> anyhow::Result<[HubClient; 2]> {
    let start = |index: usize| {
        HubClient::start(&options.engines[index], options.variant)
            .with_context(|| format!("engine {}: '{}'", index + 1, options.engines[index].command.join(" ")))
    };
    Ok([start(0)?, start(1)?])
}

/// The indices of the games to play: the pairs asked for, the number of games in whole
/// pairs, as many as an SPRT needs, or each opening once with each colour.
fn games_to_play(options: &MatchOptions) -> Range<u64> {
    match (options.pairs, options.games, options.sprt) {
        (Some(pairs), ..) => pairs.game_indices(),
        (None, Some(games), _) => 0..games.div_ceil(2) * 2,
        (None, None, Some(_)) => 0..u64::MAX,
        (None, None, None) => 0..2 * options.openings.len() as u64,
    }
}

/// Plays the games on `options.concurrency` workers, the first one seating `engines`, and
/// counts them as they finish until all are played or the SPRT decides.
fn play_match(
    options: &MatchOptions,
    engines: [HubClient; 2],
    names: &[String; 2],
    recorder: Option<&mut PdnRecorder>,
) -> anyhow::Result<SprtTally> {
    let games = games_to_play(options);
    let total = (games.end != u64::MAX).then(|| games.end - games.start);
    let schedule = Schedule::new(games);
    let progress = Progress::new(total, options.sprt);
    let mut count = SprtTally::new(options.sprt);
    let mut first_clients = Some(engines.map(Some));
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let (sender, receiver) = mpsc::channel();
        for worker in 0..options.concurrency.max(1) {
            let sender = sender.clone();
            let clients = if worker == 0 { first_clients.take() } else { None };
            let schedule = &schedule;
            scope.spawn(move || play_games(options, clients.unwrap_or([None, None]), schedule, &sender));
        }
        drop(sender);
        collect_games(&receiver, &schedule, names, recorder, &progress, &mut count)
    })?;
    progress.finish();
    Ok(count)
}

/// Takes the games from the workers as they finish: each is written to the PDN file,
/// counted and shown, and the match stops when the SPRT decides.
///
/// # Errors
/// The PDN file cannot be written (the match stops too).
fn collect_games(
    receiver: &mpsc::Receiver<Finished>,
    schedule: &Schedule,
    names: &[String; 2],
    mut recorder: Option<&mut PdnRecorder>,
    progress: &Progress,
    count: &mut SprtTally,
) -> anyhow::Result<()> {
    for finished in receiver {
        if schedule.stopped() {
            // Games that finish after the SPRT decided do not count.
            continue;
        }
        let white = finished.white_engine;
        let players = [names[white].as_str(), names[1 - white].as_str()];
        if let Some(recorder) = &mut recorder {
            let written = recorder.write(finished.index, players, &finished.played);
            if let Err(error) = written {
                schedule.stop();
                return Err(error).context("cannot write the PDN file");
            }
        }
        count_game(&finished, count);
        progress.game_finished(&describe(&finished, players), &count.tally);
        if count.decided() {
            schedule.stop();
        }
    }
    Ok(())
}

/// Adds `finished` to `count`: its score for the first engine, its ending and each
/// engine's least time left.
fn count_game(finished: &Finished, count: &mut SprtTally) {
    let white = finished.white_engine;
    for (color, left) in Color::ALL.into_iter().zip(finished.played.least_time_left) {
        let engine = if color == Color::White { white } else { 1 - white };
        if let Some(left) = left {
            count.tally.note_time_left(engine, left);
        }
    }
    let score = match finished.played.winner {
        None => GameScore::Draw,
        Some(Color::White) if white == 0 => GameScore::Win,
        Some(Color::Black) if white == 1 => GameScore::Win,
        Some(_) => GameScore::Loss,
    };
    count.add(CountedGame { index: finished.index, score, ending: finished.played.termination.kind() });
}

/// Writes the match's summary to `out`, as text or as JSON.
fn write_summary(
    out: &mut impl Write,
    options: &MatchOptions,
    names: &[String; 2],
    count: &SprtTally,
) -> anyhow::Result<()> {
    let sprt = count.outcome();
    if options.json {
        json::write(out, names, &count.tally, sprt.as_ref())?;
    } else {
        summary::write(out, names, &count.tally, sprt.as_ref())?;
    }
    Ok(())
}

/// Which game to play next, and whether to stop.
struct Schedule {
    next: AtomicU64,
    /// The index after the last game to play (`u64::MAX` when only an SPRT ends the match).
    end: u64,
    stop: AtomicBool,
}

impl Schedule {
    /// A schedule of the games `games`, none taken yet.
    fn new(games: Range<u64>) -> Schedule {
        Schedule { next: AtomicU64::new(games.start), end: games.end, stop: AtomicBool::new(false) }
    }

    /// The index of the next game to play, if there is one.
    fn take(&self) -> Option<u64> {
        let index = self.next.fetch_add(1, Ordering::SeqCst);
        (!self.stopped() && index < self.end).then_some(index)
    }

    /// Starts no more games and abandons those under way.
    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }
}

/// A worker: takes the next game until there is none, playing each between its own two
/// engine processes, which it starts when needed and restarts after a fault.
fn play_games(
    options: &MatchOptions,
    mut clients: [Option<HubClient>; 2],
    schedule: &Schedule,
    results: &mpsc::Sender<Finished>,
) {
    while let Some(index) = schedule.take() {
        let opening_index = (index / 2) as usize % options.openings.len();
        let opening = options.openings[opening_index].game();
        let white_engine = (index % 2) as usize;
        let seats = [white_engine, 1 - white_engine];
        let played = match seat(options, &mut clients, white_engine) {
            Ok(engines) => match game::play(opening, engines, &options.limit, options.ponder, &schedule.stop)
            {
                Some(played) => played,
                None => return,
            },
            Err((loser, fault)) => PlayedGame::forfeited(opening, loser, fault),
        };
        if let Some(side) = played.faulty_side() {
            clients[seats[side.index()]] = None;
        }
        if results.send(Finished { index, opening: opening_index + 1, white_engine, played }).is_err() {
            return;
        }
    }
}

/// The engines of a game, White's and Black's, started if they are not running; the
/// colour and fault of the first that cannot be started.
fn seat<'a>(
    options: &MatchOptions,
    clients: &'a mut [Option<HubClient>; 2],
    white_engine: usize,
) -> Result<[&'a mut HubClient; 2], (Color, Fault)> {
    let [first, second] = clients;
    let [white, black] =
        if white_engine == 0 { [(first, 0), (second, 1)] } else { [(second, 1), (first, 0)] };
    let start = |(slot, engine): (&'a mut Option<HubClient>, usize), color: Color| {
        let client = match slot.take() {
            Some(client) => client,
            None => HubClient::start(&options.engines[engine], options.variant)
                .map_err(|error| (color, Fault::from_client_error(&error)))?,
        };
        Ok(slot.insert(client))
    };
    Ok([start(white, Color::White)?, start(black, Color::Black)?])
}

/// `game 7 (opening 4): A (white) - B (black): A won, no legal move`: one line for a
/// finished game.
fn describe(finished: &Finished, players: [&str; 2]) -> String {
    let result = match finished.played.winner {
        Some(Color::White) => format!("{} won", players[0]),
        Some(Color::Black) => format!("{} won", players[1]),
        None => "draw".to_string(),
    };
    format!(
        "game {} (opening {}): {} (white) - {} (black): {result}, {}",
        finished.index + 1,
        finished.opening,
        players[0],
        players[1],
        finished.played.termination
    )
}

/// The engines' names as their `id` gives them; equal names get the engines' options
/// added, or their numbers if the options are equal too.
fn display_names(ids: [&str; 2], specs: &[EngineSpec; 2]) -> [String; 2] {
    if ids[0] != ids[1] {
        return ids.map(str::to_string);
    }
    let options = |spec: &EngineSpec| -> String {
        spec.options.iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join(" ")
    };
    if specs[0].options != specs[1].options {
        [0, 1].map(|index| match options(&specs[index]) {
            text if text.is_empty() => ids[index].to_string(),
            text => format!("{} ({text})", ids[index]),
        })
    } else {
        [0, 1].map(|index| format!("{} #{}", ids[index], index + 1))
    }
}
