//! Self-play data for a learned evaluation (`crownhead selfplay`): the engine plays
//! itself from the match openings, each game varied by a few random plies, and every
//! quiet position (no capture pending for the side to move) is written with the search
//! score, the ply and the game's result, in the format [`data`](super::data) documents. A position
//! already written to the file (same pieces and side to move, by Zobrist hash) is
//! dropped.
//!
//! The run is reproducible: game `i` of `--games` has its own seed, a mix of `--seed` and
//! `i`, which picks its opening's random plies; each game is played by an engine with
//! one search thread and a cleared table; games are written in game order. So a given
//! seed, shard and budget give the same file whatever the number of worker threads.
//! `--shard K/S` plays the games `i` with `i % S == K - 1`: the shards of a run are
//! disjoint and together make the whole run.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, mpsc};
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};

use super::data::{Record, Writer};
use crate::engine::{Engine, Limits, Options as EngineOptions};
use crate::network::Network;
use crate::rules::{Color, Game, Outcome, Variant, splitmix64};
use crate::tools::matches::openings::Opening;

/// A game still going after this many plies from its start position is adjudicated a
/// draw.
pub(crate) const MAX_PLIES: usize = 400;

/// Random legal plies played after the opening by default.
pub const DEFAULT_RANDOM_PLIES: u32 = 4;

/// The transposition table of each game's engine, in MiB.
pub(crate) const TABLE_MIB: usize = 16;

/// The K-th of S disjoint shares of a run's games (`K/S`, K from 1 to S).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, from 1.
    pub index: u64,
    /// S, at least 1.
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// The indices (from 0) of this shard's games among `games`.
    pub fn games(self, games: u64) -> impl Iterator<Item = u64> {
        (self.index - 1..games).step_by(usize::try_from(self.count).unwrap_or(usize::MAX))
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Reads `K/S`, K from 1 to S.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("'{text}' is not a shard K/S with K from 1 to S");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) =
            (index.trim().parse().map_err(|_| bad())?, count.trim().parse().map_err(|_| bad())?);
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What to play and where to write it.
#[derive(Clone, Debug)]
pub struct Options {
    /// The rule set.
    pub variant: Variant,
    /// Games in the whole run (all shards).
    pub games: u64,
    /// How long each move is searched: nodes or depth, so that games are reproducible.
    pub limits: Limits,
    /// Games played at once.
    pub threads: usize,
    /// The openings, game `i` starting from opening `i` modulo their number.
    pub openings: Vec<Opening>,
    /// Random legal plies played after the opening.
    pub random_plies: u32,
    /// How far each move's node count may stray from `limits.nodes`, in per cent either
    /// way (0: exactly), so that games from a start played before part ways.
    pub vary_nodes: u32,
    /// The run's seed.
    pub seed: u64,
    /// The share of the games to play.
    pub shard: Shard,
    /// A network to evaluate with in place of the built-in evaluation.
    pub network: Option<Arc<Network>>,
    /// The data file, made afresh.
    pub out: PathBuf,
    /// Whether to show a progress bar on standard error (when it is a terminal).
    pub progress: bool,
}

/// One game's part of the run.
enum Played {
    /// The game, its quiet positions and its result.
    Game { records: Vec<Record>, outcome: Outcome },
    /// The game ended during its random plies: it has no data.
    Skipped,
}

/// The flag Ctrl-C sets: the run stops taking games and keeps those written.
///
/// # Errors
/// When the handler cannot be installed.
pub fn ctrl_c_flag() -> anyhow::Result<&'static AtomicBool> {
    static FLAG: OnceLock<Result<(), String>> = OnceLock::new();
    static STOP: AtomicBool = AtomicBool::new(false);
    FLAG.get_or_init(|| {
        ctrlc::set_handler(|| STOP.store(true, Ordering::SeqCst)).map_err(|error| error.to_string())
    })
    .clone()
    .map_err(|error| anyhow::anyhow!("cannot catch Ctrl-C: {error}"))?;
    Ok(&STOP)
}

/// What the run did.
#[derive(Clone, Copy, Debug, Default)]
struct Totals {
    games: u64,
    skipped: u64,
    written: u64,
    duplicates: u64,
    /// Games won by White, drawn, won by Black.
    results: [u64; 3],
}

/// Plays the run's games, writes their positions to the data file in game order, and a
/// summary line to `out`. `stop` (Ctrl-C) ends the run early: games finished before it
/// are kept, in order, and the file stays valid.
///
/// # Errors
/// No openings, or the data file or `out` cannot be written.
pub fn run(options: &Options, stop: &AtomicBool, out: &mut impl Write) -> anyhow::Result<()> {
    anyhow::ensure!(!options.openings.is_empty(), "no openings");
    let started = Instant::now();
    let path = &options.out;
    if let Some(parent) = path.parent().filter(|parent| !parent.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
    }
    let file = File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let mut writer = Writer::new(BufWriter::new(file), options.variant)?;
    let games: Vec<u64> = options.shard.games(options.games).collect();
    let progress = Progress::new(options.progress, games.len() as u64);
    let next = AtomicU64::new(0);
    let mut totals = Totals::default();
    let mut seen = HashSet::new();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let (sender, receiver) = mpsc::channel();
        for _ in 0..options.threads.clamp(1, games.len().max(1)) {
            let (sender, games, next) = (sender.clone(), &games, &next);
            scope.spawn(move || {
                let mut engine = Engine::new(EngineOptions {
                    table_mib: TABLE_MIB,
                    network: options.network.clone(),
                    ..EngineOptions::default()
                });
                loop {
                    let slot = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&index) = games.get(slot as usize).filter(|_| !stop.load(Ordering::SeqCst))
                    else {
                        return;
                    };
                    let Some(played) = play(&mut engine, options, index, stop) else { return };
                    if sender.send((slot, index, played)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        // Games finished ahead of their turn wait here until those before them are
        // written.
        let mut waiting = BTreeMap::new();
        let mut turn = 0;
        for (slot, index, played) in receiver {
            waiting.insert(slot, (index, played));
            while let Some((index, played)) = waiting.remove(&turn) {
                turn += 1;
                if let Err(error) = write_game(&mut writer, &mut seen, &mut totals, played) {
                    stop.store(true, Ordering::SeqCst);
                    return Err(error).with_context(|| format!("cannot write {}", path.display()));
                }
                progress.game_done(&totals, index, started);
            }
        }
        Ok(())
    })?;
    progress.finish();
    let [white, draws, black] = totals.results;
    let interrupted = if stop.load(Ordering::SeqCst) { "interrupted: " } else { "" };
    writeln!(
        out,
        "{interrupted}games {} (skipped {}), positions {} written, {} duplicates dropped, \
         results white {white} draw {draws} black {black}, time {:.1} s",
        totals.games,
        totals.skipped,
        totals.written,
        totals.duplicates,
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// Writes a game's new positions and flushes them, so that the file holds whole games.
fn write_game(
    writer: &mut Writer<BufWriter<File>>,
    seen: &mut HashSet<u64>,
    totals: &mut Totals,
    played: Played,
) -> anyhow::Result<()> {
    let Played::Game { records, outcome } = played else {
        totals.skipped += 1;
        return Ok(());
    };
    totals.games += 1;
    totals.results[match outcome {
        Outcome::Win(Color::White) => 0,
        Outcome::Draw => 1,
        Outcome::Win(Color::Black) => 2,
    }] += 1;
    for record in &records {
        if seen.insert(record.position.hash()) {
            writer.write(record)?;
            totals.written += 1;
        } else {
            totals.duplicates += 1;
        }
    }
    writer.flush()?;
    Ok(())
}

/// The seed of game `index` of a run seeded with `seed`.
pub(crate) fn game_seed(seed: u64, index: u64) -> u64 {
    splitmix64(splitmix64(seed).1 ^ index).1
}

/// `limits` with its node count moved by up to `percent` per cent either way, drawn from
/// the game's random `state`. At a fixed count the engine replays a game move for move
/// from a start position it has played before (each game starts with a cleared table),
/// and a network's self-play keeps coming back to the same starts (a quarter of the
/// games of the eighth Russian run of 2,000 replayed an earlier run's); varied counts
/// make such games part ways within a few moves.
fn varied(limits: &Limits, percent: u32, state: &mut u64) -> Limits {
    let Some(nodes) = limits.nodes.filter(|_| percent > 0) else { return *limits };
    let spread = nodes * u64::from(percent) / 100;
    let (next, random) = splitmix64(*state);
    *state = next;
    Limits { nodes: Some((nodes - spread + random % (2 * spread + 1)).max(1)), ..*limits }
}

/// `game` with `plies` random legal plies played on, drawn from the random `state`, and
/// the state after them; `None` when the game ends before one of them.
pub(crate) fn random_plies(mut game: Game, plies: u32, mut state: u64) -> Option<(Game, u64)> {
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.result().is_some() {
            return None;
        }
        let (next, random) = splitmix64(state);
        state = next;
        let mv = moves[(random % moves.len() as u64) as usize];
        game.play(mv).ok()?;
    }
    Some((game, state))
}

/// Plays game `index` (its opening, its random plies, then the engine against itself),
/// or nothing if `stop` is set before it ends.
fn play(engine: &mut Engine, options: &Options, index: u64, stop: &AtomicBool) -> Option<Played> {
    let opening = &options.openings[(index % options.openings.len() as u64) as usize];
    let Some((mut game, mut state)) =
        random_plies(opening.game().clone(), options.random_plies, game_seed(options.seed, index))
    else {
        return Some(Played::Skipped);
    };
    engine.new_game();
    let mut searched = Vec::new();
    let outcome = loop {
        if let Some(result) = game.result() {
            break result.outcome;
        }
        if game.moves().len() >= MAX_PLIES {
            break Outcome::Draw;
        }
        if stop.load(Ordering::SeqCst) {
            return None;
        }
        let position = *game.position();
        let result = engine.think(&game, &varied(&options.limits, options.vary_nodes, &mut state));
        if !position.has_capture() {
            let score = result.score.centi_men().clamp(i16::MIN.into(), i16::MAX.into()) as i16;
            let ply = u16::try_from(game.moves().len()).unwrap_or(u16::MAX);
            searched.push((position, score, ply));
        }
        // The search's move is legal and the game is not over, so this never gives up.
        game.play(result.best_move?).ok()?;
    };
    let game_index = u32::try_from(index).unwrap_or(u32::MAX);
    let records = searched
        .into_iter()
        .map(|(position, score, ply)| {
            let result = match outcome {
                Outcome::Draw => 0,
                Outcome::Win(winner) if winner == position.side_to_move() => 1,
                Outcome::Win(_) => -1,
            };
            Record { position, score, ply, result, game: game_index }
        })
        .collect();
    Some(Played::Game { records, outcome })
}

/// The progress bar on standard error, when asked for.
struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    fn new(show: bool, games: u64) -> Progress {
        let bar = show.then(|| {
            let bar = ProgressBar::new(games);
            if let Ok(style) = ProgressStyle::with_template("{bar:24} {pos}/{len} games  {msg}") {
                bar.set_style(style);
            }
            bar.enable_steady_tick(Duration::from_millis(250));
            bar
        });
        Progress { bar }
    }

    /// Shows that game `index` was written.
    fn game_done(&self, totals: &Totals, index: u64, started: Instant) {
        if let Some(bar) = &self.bar {
            let done = totals.games + totals.skipped;
            bar.set_position(done);
            let rate = done as f64 / started.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!("game {}, {} positions, {rate:.2} games/s", index + 1, totals.written));
        }
    }

    /// Removes the bar before the summary is printed.
    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
