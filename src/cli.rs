//! The command line: the `crownhead` subcommands and their arguments (clap), and their
//! conversion into the options the front ends and tools take. `main.rs` parses and
//! dispatches; the limits here are the engine's own constants, the same the Hub
//! `param` lines advertise.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use clap::{ArgMatches, Args, Parser, Subcommand};

use crate::egdb::slice::Slice;
use crate::engine::network::Network;
use crate::engine::{self, DEFAULT_TABLE_MIB, Limits, MAX_MULTIPV, MAX_TABLE_MIB, MAX_THREADS, Score};
use crate::protocol::dxp;
use crate::rules::{Color, Game, Position, Variant};
use crate::tools::matches::game::Limit;
use crate::tools::matches::hub_client::EngineSpec;
use crate::tools::matches::parts::PairRange;
use crate::tools::matches::stats::Sprt;
use crate::tools::matches::{MatchOptions, openings};
use crate::tools::selfplay::{self, Shard};
use crate::tools::terminal_board::Styling;
use crate::tools::train::{self, Decay};
use crate::tools::{analyse, analyse_game, bench, egdb, play};

/// A fast multi-variant draughts and checkers engine.
#[derive(Parser)]
#[command(name = "crownhead", version, about)]
pub struct Cli {
    /// What to do (default: speak Hub).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Speak the Hub protocol on standard input and output (also the default).
    Hub,
    /// Count the leaves of the legal move tree to a depth (checks and times move generation).
    Perft(PerftArgs),
    /// List the legal moves of a position, one per line, in the rule set's notation.
    Moves(PositionArgs),
    /// Search a position and print the engine's progress and best move.
    Analyse(AnalyseArgs),
    /// Annotate a game of a PDN file: every move scored, the engine's choice, mistakes and
    /// blunders marked, and a chart of the score.
    AnalyseGame(AnalyseGameArgs),
    /// Search a fixed set of positions to a fixed depth: speed, and (one thread) the
    /// bench signature.
    Bench(BenchArgs),
    /// Play over DXP (DamExchange, TCP): listen for games, or connect and propose them.
    Dxp(DxpArgs),
    /// Draw a position: as an SVG picture with --svg, otherwise as text on stdout.
    Board(BoardArgs),
    /// Play the engine in the terminal (type help once it starts).
    Play(PlayArgs),
    /// Play a match between two Hub engines.
    #[command(long_about = MATCH_ABOUT)]
    Match(MatchArgs),
    /// Print the summary of a match played in parts (`match --pairs FIRST-LAST --json`
    /// each): their games counted in game order, as one match would have counted them.
    MatchSummary(MatchSummaryArgs),
    /// Print balanced short openings for matches: every distinct position a few plies
    /// from the start that the engine scores near equal at a fixed depth.
    Openings(OpeningsArgs),
    /// Let the engine play itself and write every quiet position with its search score,
    /// ply and game result to a binary data file (training data).
    Selfplay(SelfplayArgs),
    /// Fit the engine's network to self-play data files and write it to a network file.
    Train(TrainArgs),
    /// Endgame databases: build, list the slices, probe a position, verify.
    Egdb(EgdbArgs),
}

/// The rule set.
#[derive(Args)]
pub struct VariantArgs {
    /// The rule set: english, english-25, italian, spanish, spanish-short, portuguese,
    /// russian, brazilian, pool, czech, playok or international.
    #[arg(long, default_value = "english")]
    pub variant: Variant,
}

/// A rule set and a position in it.
#[derive(Args)]
pub struct PositionArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The position as a PDN FEN (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
}

impl PositionArgs {
    /// The position.
    ///
    /// # Errors
    /// A bad FEN.
    pub fn position(&self) -> anyhow::Result<Position> {
        let variant = self.variant.variant;
        match &self.fen {
            None => Ok(Position::start(variant)),
            Some(fen) => Position::from_fen(variant, fen).context("bad --fen"),
        }
    }

    /// A game from the position with `moves` (blank-separated, as `--moves` takes them)
    /// played.
    ///
    /// # Errors
    /// A bad FEN or move.
    pub fn game(&self, moves: Option<&str>) -> anyhow::Result<Game> {
        let mut game = Game::new(self.position()?);
        for text in moves.iter().flat_map(|moves| moves.split_whitespace()) {
            game.play_text(text).context("bad --moves")?;
        }
        Ok(game)
    }
}

/// Search threads.
#[derive(Args)]
pub struct ThreadsArgs {
    /// Threads to search (or count) with.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    pub threads: u16,
}

/// A network file to evaluate with.
#[derive(Args)]
pub struct EvalFileArgs {
    /// Evaluate with this network file (made by `crownhead train`) instead of the
    /// built-in evaluation.
    #[arg(long, value_name = "NET")]
    pub eval_file: Option<PathBuf>,
}

impl EvalFileArgs {
    /// The network in the file, if one is named.
    ///
    /// # Errors
    /// A file that cannot be read or is not a sound network file.
    pub fn network(&self) -> anyhow::Result<Option<Arc<Network>>> {
        let Some(path) = &self.eval_file else {
            return Ok(None);
        };
        let network = Network::read(path).with_context(|| format!("bad --eval-file {}", path.display()))?;
        Ok(Some(Arc::new(network)))
    }
}

/// Where the endgame databases the search probes are.
#[derive(Args)]
pub struct EgdbPathArgs {
    /// Probe the endgame databases in this directory (each rule set's in a directory of
    /// its own below it, as `crownhead egdb build --dir` writes them); an empty value
    /// turns them off. Default: the platform's data directory then crownhead/egdb (as
    /// ~/.local/share/crownhead/egdb), where `egdb build` writes by default; nothing is
    /// probed where no database is.
    #[arg(long, value_name = "DIR", value_parser = clap::value_parser!(std::ffi::OsString))]
    pub egdb_path: Option<std::ffi::OsString>,
}

impl EgdbPathArgs {
    /// The directory to probe, `None` for none.
    pub fn root(&self) -> Option<PathBuf> {
        match &self.egdb_path {
            Some(path) if path.is_empty() => None,
            Some(path) => Some(PathBuf::from(path)),
            None => crate::egdb::default_root(),
        }
    }
}

/// The engine's options.
#[derive(Args)]
pub struct EngineArgs {
    /// Search threads.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// The evaluation.
    #[command(flatten)]
    pub eval: EvalFileArgs,
    /// The endgame databases.
    #[command(flatten)]
    pub egdb: EgdbPathArgs,
    /// Transposition table size in MiB.
    #[arg(
        long,
        default_value_t = DEFAULT_TABLE_MIB as u32,
        value_parser = clap::value_parser!(u32).range(1..=MAX_TABLE_MIB as i64)
    )]
    pub tt_size: u32,
}

impl EngineArgs {
    /// The engine options these arguments give, for positions of `variant` (`None`:
    /// any, checked later).
    ///
    /// # Errors
    /// A bad network file, or one for other rule sets than `variant`.
    pub fn options(&self, variant: Option<Variant>) -> anyhow::Result<engine::Options> {
        let options = engine::Options {
            threads: usize::from(self.threads.threads),
            table_mib: self.tt_size as usize,
            network: self.eval.network()?,
            egdb: self.egdb.root(),
            ..engine::Options::default()
        };
        if let Some(variant) = variant {
            options.check_network(variant).context("bad --eval-file")?;
        }
        Ok(options)
    }
}

/// How long to search: exactly one of these.
#[derive(Args)]
#[group(required = true, multiple = false)]
pub struct LimitArgs {
    /// Search to this depth in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// Search for this many seconds.
    #[arg(long, value_parser = positive_seconds)]
    pub movetime: Option<f64>,
    /// Search about this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
}

impl LimitArgs {
    /// The search limits.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            move_time: self.movetime.map(Duration::from_secs_f64),
            ..Limits::default()
        }
    }
}

/// `crownhead perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// The position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Plies to count to; one line is printed per depth from 1.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=40))]
    pub depth: u32,
    /// Print the count of each root move first.
    #[arg(long)]
    pub divide: bool,
    /// Threads to count with.
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

/// `crownhead analyse`.
#[derive(Args)]
pub struct AnalyseArgs {
    /// The position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Moves played from the position before searching, separated by blanks.
    #[arg(long)]
    pub moves: Option<String>,
    /// How long to search.
    #[command(flatten)]
    pub limit: LimitArgs,
    /// The engine.
    #[command(flatten)]
    pub engine: EngineArgs,
    /// How many best moves to report each iteration.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_MULTIPV as i64))]
    pub multipv: u16,
    /// Print one JSON object per line instead of text.
    #[arg(long)]
    pub json: bool,
}

impl AnalyseArgs {
    /// The engine these arguments ask for.
    ///
    /// # Errors
    /// A bad network file.
    pub fn engine(&self) -> anyhow::Result<engine::Engine> {
        let options = self.engine.options(Some(self.position.variant.variant))?;
        Ok(engine::Engine::new(engine::Options { multipv: usize::from(self.multipv), ..options }))
    }

    /// How the analysis is printed.
    pub fn output(&self) -> analyse::Output {
        if self.json { analyse::Output::Json } else { analyse::Output::Text }
    }
}

/// `crownhead analyse-game`.
#[derive(Args)]
pub struct AnalyseGameArgs {
    /// The PDN file.
    #[arg(value_name = "GAME.pdn")]
    pub file: PathBuf,
    /// Which game of the file, from 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub game: u32,
    /// The rule set of games whose tags do not name one.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// How long to search each position.
    #[command(flatten)]
    pub limit: LimitArgs,
    /// The engine.
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Write the annotated game here (default: standard output, the summary going to
    /// standard error).
    #[arg(long, value_name = "OUT.pdn")]
    pub out: Option<PathBuf>,
    /// Draw the score across the game as an SVG chart here.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
}

impl AnalyseGameArgs {
    /// The options of the analysis.
    ///
    /// # Errors
    /// A bad network file.
    pub fn options(&self) -> anyhow::Result<analyse_game::Options> {
        Ok(analyse_game::Options {
            file: self.file.clone(),
            game: self.game as usize,
            variant: self.variant.variant,
            limits: self.limit.limits(),
            engine: self.engine.options(None)?,
            out: self.out.clone(),
            svg: self.svg.clone(),
            progress: std::io::stderr().is_terminal(),
        })
    }
}

/// `crownhead bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Search depth.
    #[arg(long, default_value_t = bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Search each position this many seconds instead, to see the depth it reaches (the
    /// node total is then no signature).
    #[arg(long, value_parser = positive_seconds)]
    pub movetime: Option<f64>,
    /// Search threads.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// The evaluation (a network file serves only its own rule sets' positions).
    #[command(flatten)]
    pub eval: EvalFileArgs,
}

impl BenchArgs {
    /// The limit of each position's search: the move time if given, else the depth.
    pub fn limits(&self) -> Limits {
        match self.movetime {
            Some(seconds) => Limits::move_time(Duration::from_secs_f64(seconds)),
            None => Limits::depth(self.depth),
        }
    }
}

/// `crownhead dxp`.
#[derive(Args)]
pub struct DxpArgs {
    /// Listen for an initiator here (the default role).
    #[arg(long, value_name = "ADDR:PORT", conflicts_with = "connect")]
    pub listen: Option<String>,
    /// Connect to a follower here and propose games.
    #[arg(long, value_name = "ADDR:PORT")]
    pub connect: Option<String>,
    /// The rule set (DXP messages do not name one; its own game is International).
    #[arg(long, default_value = "international")]
    pub variant: Variant,
    /// Minutes per player an initiator proposes (0: one second a move).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(0..=999))]
    pub time: u16,
    /// Moves in that time an initiator proposes (0: the whole game).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=999))]
    pub moves: u16,
    /// Think this many seconds a move, whatever the game clock says.
    #[arg(long, value_parser = positive_seconds)]
    pub movetime: Option<f64>,
    /// Games an initiator plays, colours alternating.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// The engine.
    #[command(flatten)]
    pub engine: EngineArgs,
}

impl DxpArgs {
    /// The options of the DXP games.
    ///
    /// # Errors
    /// A bad network file.
    pub fn options(&self) -> anyhow::Result<dxp::Options> {
        Ok(dxp::Options {
            variant: self.variant,
            engine: self.engine.options(Some(self.variant))?,
            minutes: self.time,
            moves: self.moves,
            games: self.games,
            move_time: self.movetime.map(Duration::from_secs_f64),
        })
    }

    /// Where to listen when not connecting.
    pub fn listen_address(&self) -> String {
        self.listen.clone().unwrap_or_else(|| format!("127.0.0.1:{}", dxp::DEFAULT_PORT))
    }
}

/// `crownhead board`.
#[derive(Args)]
pub struct BoardArgs {
    /// The position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Moves played from the position before drawing it, separated by blanks.
    #[arg(long)]
    pub moves: Option<String>,
    /// Write the picture to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
}

/// `crownhead play`.
#[derive(Args)]
pub struct PlayArgs {
    /// The start position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Seconds the engine thinks over each move and each hint.
    #[arg(long, default_value_t = 1.0, value_parser = positive_seconds)]
    pub movetime: f64,
    /// The side you play (default: the side to move, so you move first).
    #[arg(long, value_parser = colour)]
    pub colour: Option<Color>,
    /// The endgame databases.
    #[command(flatten)]
    pub egdb: EgdbPathArgs,
}

impl PlayArgs {
    /// The options of the game.
    ///
    /// # Errors
    /// A bad FEN.
    pub fn options(&self) -> anyhow::Result<play::Options> {
        let start = self.position.position()?;
        Ok(play::Options {
            start,
            human: self.colour.unwrap_or(start.side_to_move()),
            move_time: Duration::from_secs_f64(self.movetime),
            styling: Styling::for_stdout(),
            egdb: self.egdb.root(),
        })
    }
}

const MATCH_ABOUT: &str = "Play a match between two Hub engines.

Each opening is played twice with the colours reversed (a game pair), by default every opening of the set \
once each way. A crash, time forfeit, illegal or unreadable move, silence or `error` answer loses the game \
for that engine, whose process is started afresh for the next game.

Statistics are the first engine's: logistic Elo with its 95% interval and the likelihood of superiority \
(LOS), both from the variance of the game-pair scores (pentanomial); the SPRT uses the normalized Elo model \
with a pentanomial likelihood over game pairs, as fishtest and fastchess do, alpha = beta = 0.05 unless \
given.";

/// `crownhead match`.
#[derive(Args)]
pub struct MatchArgs {
    /// An engine's command line, split at blanks ('...' and "..." quote them). Give
    /// two.
    #[arg(long = "engine", value_name = "CMD", required = true)]
    pub engine: Vec<String>,
    /// A Hub parameter (set-param) of the engine given by the last --engine before it;
    /// repeat for more.
    #[arg(long = "engine-option", value_name = "NAME=VALUE")]
    pub engine_option: Vec<String>,
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Games to play, rounded up to whole pairs; with --sprt, the most to play.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Play only the game pairs FIRST to LAST, counted from 1 (pair k plays the k-th
    /// opening, cycling, and is games 2k-1 and 2k): a part of a longer match.
    #[arg(long, value_name = "FIRST-LAST", conflicts_with = "games")]
    pub pairs: Option<PairRange>,
    /// Play until this SPRT decides: the normalized Elo of H0 and H1, and optionally the
    /// error rates alpha and beta (default 0.05 each).
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]")]
    pub sprt: Option<Sprt>,
    /// How long the engines think.
    #[command(flatten)]
    pub limit: MatchLimitArgs,
    /// `builtin` (English: the ACF 3-move deck; other rule sets: balanced 3-ply
    /// openings), or a file with one FEN or move list per line (`#` comments).
    #[arg(long, value_name = "FILE|builtin", default_value = "builtin")]
    pub openings: String,
    /// Games played at once, each by its own pair of engine processes.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub concurrency: u16,
    /// Append every game to this PDN file as it finishes.
    #[arg(long, value_name = "OUT.pdn")]
    pub pdn: Option<PathBuf>,
    /// Print the summary as JSON, every game listed with its result for the first engine
    /// (what `match-summary` reads).
    #[arg(long)]
    pub json: bool,
}

/// `crownhead match-summary`.
#[derive(Args)]
pub struct MatchSummaryArgs {
    /// The parts' summaries, as `match --json` writes them.
    #[arg(value_name = "PART.json", required = true)]
    pub parts: Vec<PathBuf>,
    /// Count the games in order only until this SPRT decides, as `match --sprt` does.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]")]
    pub sprt: Option<Sprt>,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
}

/// How long the engines of a match may think: exactly one of these.
#[derive(Args)]
#[group(required = true, multiple = false)]
pub struct MatchLimitArgs {
    /// A clock per engine: BASE seconds for the game, INC seconds more for each move
    /// (added before the move, as Hub counts it).
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<Limit>,
    /// Seconds per move.
    #[arg(long, value_parser = positive_seconds)]
    pub movetime: Option<f64>,
    /// Search depth per move (an engine silent for 60 s loses).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// Nodes per move (an engine silent for 60 s loses).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
}

impl MatchLimitArgs {
    fn limit(&self) -> anyhow::Result<Limit> {
        match (self.tc, self.movetime, self.depth, self.nodes) {
            (Some(clock), ..) => Ok(clock),
            (_, Some(seconds), ..) => Ok(Limit::MoveTime(Duration::from_secs_f64(seconds))),
            (_, _, Some(depth), _) => Ok(Limit::Depth(depth)),
            (.., Some(nodes)) => Ok(Limit::Nodes(nodes)),
            _ => anyhow::bail!("give --tc, --movetime, --depth or --nodes"),
        }
    }
}

impl MatchArgs {
    /// The options of the match; `matches` are the subcommand's parsed arguments, whose
    /// positions tie each --engine-option to its engine.
    ///
    /// # Errors
    /// Bad engines, options or openings.
    pub fn options(self, matches: &ArgMatches) -> anyhow::Result<MatchOptions> {
        let variant = self.variant.variant;
        let openings = read_openings(&self.openings, variant)?;
        Ok(MatchOptions {
            engines: engine_specs(matches)?,
            variant,
            games: self.games,
            pairs: self.pairs,
            sprt: self.sprt,
            limit: self.limit.limit()?,
            openings,
            concurrency: usize::from(self.concurrency),
            pdn: self.pdn,
            json: self.json,
        })
    }
}

/// The two engines of `crownhead match`, each with the --engine-option values given
/// after it (clap keeps the two lists apart, so their positions on the command line put
/// them back together).
fn engine_specs(matches: &ArgMatches) -> anyhow::Result<[EngineSpec; 2]> {
    let mut items: Vec<(usize, bool, &String)> = Vec::new();
    for (id, is_option) in [("engine", false), ("engine_option", true)] {
        if let (Some(indices), Some(values)) = (matches.indices_of(id), matches.get_many::<String>(id)) {
            items.extend(indices.zip(values).map(|(index, value)| (index, is_option, value)));
        }
    }
    items.sort_by_key(|&(index, ..)| index);
    let mut specs: Vec<EngineSpec> = Vec::new();
    for (_, is_option, value) in items {
        if is_option {
            let Some((name, setting)) = value.split_once('=') else {
                anyhow::bail!("--engine-option '{value}' is not NAME=VALUE");
            };
            let Some(spec) = specs.last_mut() else {
                anyhow::bail!("--engine-option '{value}' comes before any --engine");
            };
            spec.options.push((name.trim().to_string(), setting.trim().to_string()));
        } else {
            specs.push(EngineSpec::parse(value)?);
        }
    }
    let count = specs.len();
    specs.try_into().map_err(|_| anyhow::anyhow!("a match needs two --engine, not {count}"))
}

/// `crownhead openings`.
#[derive(Args)]
pub struct OpeningsArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Plies from the start position.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=6))]
    pub plies: u32,
    /// Search depth of the check.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
    /// The largest score kept, either way, in men.
    #[arg(long, default_value = "0.25", value_parser = men)]
    pub max_score: Score,
}

/// `crownhead selfplay`.
#[derive(Args)]
pub struct SelfplayArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Games in the whole run (all shards together).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=u64::from(u32::MAX)))]
    pub games: u64,
    /// How long each move is searched.
    #[command(flatten)]
    pub limit: SelfplayLimitArgs,
    /// Games played at once, one search thread each.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// `builtin` (the match openings) or a file with one FEN or move list per line.
    #[arg(long, value_name = "FILE|builtin", default_value = "builtin")]
    pub openings: String,
    /// Random legal plies played after each opening, so that games differ.
    #[arg(long, default_value_t = selfplay::DEFAULT_RANDOM_PLIES, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub random_plies: u32,
    /// Each move's node count drawn anew within this many per cent either way of
    /// `--nodes` (from the game's seed), so that games from a start played before part
    /// ways instead of replaying it.
    #[arg(long, value_name = "PERCENT", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=50))]
    pub vary_nodes: u32,
    /// The run's seed: with the shard and budget, it fixes the games and the file.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play the K-th of S disjoint shares of the games (K from 1 to S).
    #[arg(long, value_name = "K/S", default_value = "1/1")]
    pub shard: Shard,
    /// The data file to write (made afresh), for example data/english-gen0.bin.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The evaluation.
    #[command(flatten)]
    pub eval: EvalFileArgs,
}

/// How long self-play searches each move: exactly one of these, so that games are
/// reproducible.
#[derive(Args)]
#[group(required = true, multiple = false)]
pub struct SelfplayLimitArgs {
    /// Search about this many nodes a move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Search to this depth a move.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
}

impl SelfplayArgs {
    /// The options of the run.
    ///
    /// # Errors
    /// Bad openings, or `--vary-nodes` without `--nodes`.
    pub fn options(&self) -> anyhow::Result<selfplay::Options> {
        let variant = self.variant.variant;
        let network = self.eval.network()?;
        if let Some(network) = &network {
            network.check_serves(variant).context("bad --eval-file")?;
        }
        anyhow::ensure!(self.vary_nodes == 0 || self.limit.nodes.is_some(), "--vary-nodes needs --nodes");
        let limits = Limits { depth: self.limit.depth, nodes: self.limit.nodes, ..Limits::default() };
        Ok(selfplay::Options {
            variant,
            games: self.games,
            limits,
            threads: usize::from(self.threads.threads),
            openings: read_openings(&self.openings, variant)?,
            random_plies: self.random_plies,
            vary_nodes: self.vary_nodes,
            seed: self.seed,
            shard: self.shard,
            network,
            out: self.out.clone(),
            progress: std::io::stderr().is_terminal(),
        })
    }
}

/// `crownhead train`: the data, the network file and the training settings.
#[derive(Args)]
pub struct TrainArgs {
    /// The rule set: the data files must be of it, and the network serves it.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// More rule sets on the same board the network serves (comma-separated), whose data
    /// files it may also read: a network shared by rule sets whose play is alike.
    #[arg(long, value_name = "VARIANT", value_delimiter = ',')]
    pub serves: Vec<Variant>,
    /// Self-play data files (`crownhead selfplay`); a position in several is used once.
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// The network file to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Passes over the training positions.
    #[arg(long, default_value_t = train::DEFAULT_EPOCHS, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub epochs: u32,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = train::DEFAULT_BATCH, value_parser = clap::value_parser!(u32).range(1..))]
    pub batch: u32,
    /// The game result's share of the target, 0 to 1 (the rest is the search score's).
    #[arg(long, default_value_t = train::DEFAULT_LAMBDA, value_parser = unit_interval)]
    pub lambda: f32,
    /// The learning rate (Adam) of the first epoch.
    #[arg(long, default_value_t = train::DEFAULT_RATE, value_parser = positive_rate)]
    pub lr: f32,
    /// How the learning rate falls: `cosine` (to near zero at the end) or a factor per
    /// epoch such as 0.9.
    #[arg(long, default_value = "cosine")]
    pub decay: Decay,
    /// Output buckets by piece count.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=engine::network::MAX_BUCKETS as i64))]
    pub buckets: u16,
    /// The share of the games held out to measure the network, between 0 and 1.
    #[arg(long, default_value_t = train::DEFAULT_VALIDATION, value_parser = open_fraction)]
    pub validation: f64,
    /// Threads computing gradients (the network is the same whatever their number).
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// The seed of the starting weights, the validation games and the order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

impl TrainArgs {
    /// The options of the run.
    pub fn options(&self) -> train::Options {
        train::Options {
            variant: self.variant.variant,
            serves: self.serves.clone(),
            data: self.data.clone(),
            out: self.out.clone(),
            epochs: self.epochs,
            batch: self.batch as usize,
            lambda: self.lambda,
            rate: self.lr,
            decay: self.decay,
            buckets: usize::from(self.buckets),
            validation: self.validation,
            threads: usize::from(self.threads.threads),
            seed: self.seed,
        }
    }
}

/// `crownhead egdb`.
#[derive(Args)]
pub struct EgdbArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: EgdbCommand,
}

/// The `crownhead egdb` subcommands.
#[derive(Subcommand)]
pub enum EgdbCommand {
    /// Build the database up to a number of pieces (slices already built are kept, so a
    /// stopped build resumes), or one slice.
    Build(EgdbBuildArgs),
    /// List the slices up to a number of pieces in build order, each with its positions
    /// and the slices it needs.
    Slices(EgdbSlicesArgs),
    /// Print the value of a position for the side to move: win, loss or draw.
    Probe(EgdbProbeArgs),
    /// Check every stored value against the values of the position's successors.
    Verify(EgdbVerifyArgs),
}

/// Where the databases are.
#[derive(Args)]
pub struct EgdbDirArgs {
    /// The directory of the databases; each rule set's files are in a directory of its
    /// own below it (default: the platform's data directory, then crownhead/egdb, as
    /// ~/.local/share/crownhead/egdb).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

impl EgdbDirArgs {
    /// The directory.
    ///
    /// # Errors
    /// No `--dir` and no data directory known for the platform.
    pub fn root(&self) -> anyhow::Result<PathBuf> {
        match &self.dir {
            Some(dir) => Ok(dir.clone()),
            None => crate::egdb::default_root().context("no data directory known here: give --dir"),
        }
    }
}

/// The most pieces `crownhead egdb` takes.
const MAX_EGDB_PIECES: i64 = 8;

/// `crownhead egdb build`.
#[derive(Args)]
pub struct EgdbBuildArgs {
    /// The rule set (rule sets that play alike share files).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The most pieces on the board.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=MAX_EGDB_PIECES))]
    pub pieces: u8,
    /// Where the databases are.
    #[command(flatten)]
    pub dir: EgdbDirArgs,
    /// Threads solving each slice.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// Build only this slice (as `egdb slices` names it); the slices it needs must be built.
    #[arg(long, value_name = "ID")]
    pub slice: Option<Slice>,
}

impl EgdbBuildArgs {
    /// The options of the build.
    ///
    /// # Errors
    /// No directory.
    pub fn options(&self) -> anyhow::Result<egdb::BuildOptions> {
        Ok(egdb::BuildOptions {
            variant: self.variant.variant,
            pieces: self.pieces,
            root: self.dir.root()?,
            threads: usize::from(self.threads.threads),
            slice: self.slice,
            progress: std::io::stderr().is_terminal(),
        })
    }
}

/// `crownhead egdb slices`.
#[derive(Args)]
pub struct EgdbSlicesArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The most pieces on the board.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=MAX_EGDB_PIECES))]
    pub pieces: u8,
    /// Print a JSON array of {id, pieces, positions, needs, file} instead of text (file:
    /// the slice's file relative to the --dir of `build`).
    #[arg(long)]
    pub json: bool,
}

/// `crownhead egdb probe`.
#[derive(Args)]
pub struct EgdbProbeArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The position as a PDN FEN.
    #[arg(long)]
    pub fen: String,
    /// Where the databases are.
    #[command(flatten)]
    pub dir: EgdbDirArgs,
}

impl EgdbProbeArgs {
    /// The position.
    ///
    /// # Errors
    /// A bad FEN.
    pub fn position(&self) -> anyhow::Result<Position> {
        Position::from_fen(self.variant.variant, &self.fen).context("bad --fen")
    }
}

/// `crownhead egdb verify`.
#[derive(Args)]
pub struct EgdbVerifyArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Where the databases are.
    #[command(flatten)]
    pub dir: EgdbDirArgs,
    /// Threads checking each slice.
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

/// The openings `--openings` names: `builtin`, or a file.
fn read_openings(name: &str, variant: Variant) -> anyhow::Result<Vec<openings::Opening>> {
    Ok(match name {
        "builtin" => openings::builtin(variant)?,
        path => {
            openings::read_file(Path::new(path), variant).with_context(|| format!("bad --openings {path}"))?
        }
    })
}

fn colour(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(format!("'{text}' is not white or black")),
    }
}

/// A score of 0 to 50 men.
fn men(text: &str) -> Result<Score, String> {
    match text.parse::<f64>() {
        Ok(men) if (0.0..=50.0).contains(&men) => Ok(Score::from_centi_men((men * 100.0).round() as i32)),
        _ => Err(format!("'{text}' is not a number of men from 0 to 50")),
    }
}

/// A number from 0 to 1.
fn unit_interval(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(value) if (0.0..=1.0).contains(&value) => Ok(value),
        _ => Err(format!("'{text}' is not a number from 0 to 1")),
    }
}

/// A number strictly between 0 and 1.
fn open_fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(value) if value > 0.0 && value < 1.0 => Ok(value),
        _ => Err(format!("'{text}' is not a number between 0 and 1 (both excluded)")),
    }
}

/// A positive learning rate.
fn positive_rate(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(value) if value > 0.0 && value.is_finite() => Ok(value),
        _ => Err(format!("'{text}' is not a positive learning rate")),
    }
}

fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds < 1e9 => Ok(seconds),
        _ => Err(format!("'{text}' is not a positive number of seconds")),
    }
}
