//! `crownhead puzzles build`: plays or reads games and keeps every position of them the
//! judge finds a puzzle, appended to a puzzle file as it is found.
//!
//! The positions come from the games of a PDN file (`--from`), or from games the engine
//! plays itself (`--selfplay N`) from the match openings, each varied by random plies and
//! played by each side at a strength level drawn from 2 to 8, so that one side now and
//! then errs and the other has a win to find. Every position of a game is judged, by a
//! cheap search first and a deep one for the few that pass; the positions along a puzzle
//! found are not judged again. A position already in the file, or found twice, is kept
//! once, so a run can go on from where another stopped.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::{ErrorKind, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use anyhow::Context;

use super::judge::Judge;
use crate::engine::{Engine, Limits, Options as EngineOptions};
use crate::puzzles::{Puzzle, PuzzleFileError, PuzzleFileFault, read_file};
use crate::regular_file;
use crate::rules::{Color, Game, Goal, Position, Variant, read_pdn, splitmix64};
use crate::tools::learning::selfplay::{DEFAULT_RANDOM_PLIES, MAX_PLIES, game_seed, random_plies};
use crate::tools::matches::openings::{self, Opening};

/// The weakest and strongest levels the self-play games are played at.
const LEVELS: std::ops::RangeInclusive<u8> = 2..=8;

/// A self-play game ends once a side is this many pieces ahead, where pieces decide:
/// what follows is a won game played out, where every move wins.
const DECIDED: u32 = 3;

/// Where the positions come from.
#[derive(Clone, Debug)]
pub enum Source {
    /// The main lines of the games of a PDN file.
    Pdn(PathBuf),
    /// This many games of the engine against itself.
    Selfplay {
        /// How many.
        games: u64,
        /// The run's seed: game `i`'s random plies and levels follow from it and `i`.
        seed: u64,
    },
}

/// What to build.
#[derive(Clone, Debug)]
pub struct Options {
    /// The rule set.
    pub variant: Variant,
    /// Where the positions come from.
    pub source: Source,
    /// The deep search's nodes.
    pub nodes: u64,
    /// Games judged at once.
    pub threads: usize,
    /// The engine: its network and databases.
    pub engine: EngineOptions,
    /// The puzzle file, appended to.
    pub out: PathBuf,
    /// Stop once the file holds this many puzzles.
    pub until: Option<usize>,
}

/// What the run found, for its summary line.
#[derive(Default)]
struct Totals {
    games: AtomicU64,
    positions: AtomicU64,
    puzzles: AtomicU64,
}

/// Runs the build, writing each puzzle to the file as it is found and a summary line
/// to `out`. `stop` (Ctrl-C) ends it after the games in play.
///
/// # Errors
/// The PDN file or the puzzle file cannot be read or written.
pub fn run(options: &Options, stop: &AtomicBool, out: &mut impl Write) -> anyhow::Result<()> {
    let started = Instant::now();
    let games = games(options)?;
    let known = known_positions(options)?;
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&options.out)
        .with_context(|| format!("cannot open {}", options.out.display()))?;
    let full = |known: &HashSet<u64>| options.until.is_some_and(|until| known.len() >= until);
    let done = AtomicBool::new(full(&known));
    let shared = Mutex::new((file, known));
    let totals = Totals::default();
    let next = AtomicU64::new(0);
    let failed: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..options.threads.max(1) {
            scope.spawn(|| {
                let mut judge = Judge::new(options.engine.clone(), options.nodes);
                let mut player = Engine::new(EngineOptions { threads: 1, ..options.engine.clone() });
                let halted = || stop.load(Ordering::SeqCst) || done.load(Ordering::SeqCst);
                while !halted() {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let Some(game) = games.game(index, &mut player, &halted) else { return };
                    let Some(game) = game else { continue };
                    totals.games.fetch_add(1, Ordering::Relaxed);
                    for puzzle in judge_game(&mut judge, &game, &totals) {
                        let mut guard = shared.lock().unwrap_or_else(PoisonError::into_inner);
                        let (file, known) = &mut *guard;
                        if known.insert(puzzle.position.hash())
                            && let Err(error) = writeln!(file, "{puzzle}")
                        {
                            *failed.lock().unwrap_or_else(PoisonError::into_inner) = Some(error.into());
                            stop.store(true, Ordering::SeqCst);
                            return;
                        }
                        totals.puzzles.fetch_add(1, Ordering::Relaxed);
                        if full(known) {
                            done.store(true, Ordering::SeqCst);
                        }
                    }
                }
            });
        }
    });
    if let Some(error) = failed.into_inner().unwrap_or_else(PoisonError::into_inner) {
        return Err(error).with_context(|| format!("cannot write {}", options.out.display()));
    }
    writeln!(
        out,
        "{}games {}, positions judged {}, puzzles {}, time {:.1} s",
        if stop.load(Ordering::SeqCst) { "interrupted: " } else { "" },
        totals.games.load(Ordering::Relaxed),
        totals.positions.load(Ordering::Relaxed),
        totals.puzzles.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// The puzzles of one game's positions, each position after the last puzzle's line.
fn judge_game(judge: &mut Judge, game: &Game, totals: &Totals) -> Vec<Puzzle> {
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut skip_to = 0;
    for (ply, position) in game.positions().iter().enumerate().skip(1) {
        if ply < skip_to {
            continue;
        }
        totals.positions.fetch_add(1, Ordering::Relaxed);
        if let Some(puzzle) = judge.examine(position) {
            skip_to = ply + puzzle.line.len();
            puzzles.push(puzzle);
        }
    }
    puzzles
}

/// The puzzle positions already in the file, so that they are not written again.
fn known_positions(options: &Options) -> Result<HashSet<u64>, PuzzleFileError> {
    match read_file(&options.out, options.variant) {
        Ok(puzzles) => Ok(puzzles.iter().map(|puzzle| puzzle.position.hash()).collect()),
        Err(PuzzleFileError { reason: PuzzleFileFault::Io(error), .. })
            if error.kind() == ErrorKind::NotFound =>
        {
            Ok(HashSet::new())
        }
        Err(error) => Err(error),
    }
}

/// The games a run judges.
enum Games<'a> {
    /// Read from a file.
    Read(Vec<Game>),
    /// Played on demand.
    Played { options: &'a Options, openings: Vec<Opening>, games: u64, seed: u64 },
}

/// The games `options` asks for.
fn games(options: &Options) -> anyhow::Result<Games<'_>> {
    match &options.source {
        Source::Pdn(path) => {
            let text = regular_file::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let games = read_pdn(&text, options.variant)
                .into_iter()
                .filter_map(Result::ok)
                .filter(|game| game.start.variant() == options.variant)
                .map(|game| game.game())
                .collect();
            Ok(Games::Read(games))
        }
        &Source::Selfplay { games, seed } => {
            let openings = openings::builtin(options.variant)?;
            Ok(Games::Played { options, openings, games, seed })
        }
    }
}

impl Games<'_> {
    /// Game `index`, read or played now: `None` past the last, `Some(None)` for a game
    /// that ended in its random plies or was halted.
    fn game(&self, index: u64, player: &mut Engine, halted: &dyn Fn() -> bool) -> Option<Option<Game>> {
        match self {
            Games::Read(games) => games.get(usize::try_from(index).ok()?).cloned().map(Some),
            Games::Played { options, openings, games, seed } => (index < *games)
                .then(|| play(options, openings, player, game_seed(*seed, index), index, halted)),
        }
    }
}

/// Plays a self-play game from the opening of `index`, varied by random plies, each side
/// at a level of its own drawn from [`LEVELS`].
fn play(
    options: &Options,
    openings: &[Opening],
    player: &mut Engine,
    seed: u64,
    index: u64,
    halted: &dyn Fn() -> bool,
) -> Option<Game> {
    let opening = &openings[(index % openings.len() as u64) as usize];
    let (mut game, mut state) = random_plies(opening.game().clone(), DEFAULT_RANDOM_PLIES, seed)?;
    let mut level = || {
        let (next, random) = splitmix64(state);
        state = next;
        LEVELS.start() + (random % u64::from(LEVELS.end() - LEVELS.start() + 1)) as u8
    };
    let levels = [level(), level()];
    player.seed(seed);
    player.new_game();
    while game.result().is_none() && game.moves().len() < MAX_PLIES && !decided(game.position()) && !halted()
    {
        let side = game.position().side_to_move().index();
        player.set_options(EngineOptions { strength: levels[side], ..player.options().clone() });
        let mv = player.think(&game, &Limits::nodes(options.nodes)).best_move?;
        game.play(mv).ok()?;
    }
    Some(game)
}

/// Whether a side is [`DECIDED`] pieces ahead in `position`, in a game won by taking
/// (in antidraughts and breakthrough the pieces do not decide).
fn decided(position: &Position) -> bool {
    let [white, black] = Color::ALL.map(|color| position.pieces(color).count());
    position.rules().goal == Goal::TakeOrBlock && white.abs_diff(black) >= DECIDED
}
