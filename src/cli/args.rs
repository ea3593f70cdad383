//! The argument groups several subcommands share (rule set, position, engine options,
//! search limits) and the value parsers they use. Engine options are checked by the
//! engine's [`OptionsBuilder`], as Hub and the Python module check them.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use crownhead::engine::options::{
    BOOK, BOOK_FILE, BOOK_MARGIN, BOOK_PLY, EGDB_PATH, EVAL_FILE, MOVE_OVERHEAD, STRENGTH, THREADS, TT_SIZE,
};
use crownhead::engine::{Limits, MAX_DEPTH, Network, OptionError, Options, OptionsBuilder};
use crownhead::rules::{Game, Position, Variant};

/// The rule set.
#[derive(Args)]
pub struct VariantArgs {
    /// The rule set: english, english-25, italian, spanish, spanish-short, portuguese,
    /// russian, brazilian, pool, czech, playok, international, killer, antidraughts
    /// (losing), breakthrough (bt), frisian, frysk or turkish.
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

/// Threads, for the tools that search, count, build or train: as many as the engine
/// takes.
#[derive(Args)]
pub struct ThreadsArgs {
    /// Threads to work with.
    #[arg(long, default_value_t = THREADS.default, value_parser = |text: &str| THREADS.parse(text))]
    pub threads: usize,
}

/// The engine's strength level, for the commands where it plays moves (`play`, `dxp`);
/// analysis is always at full strength.
#[derive(Args)]
pub struct StrengthArgs {
    /// The strength level.
    #[arg(long, value_name = STRENGTH.value_name, help = STRENGTH.help, default_value_t = STRENGTH.default,
        value_parser = |text: &str| STRENGTH.parse(text))]
    pub strength: usize,
}

/// The opening book, for the commands where the engine plays moves (`play`, `dxp`);
/// analysis and hints always search.
#[derive(Args)]
pub struct BookOptionArgs {
    /// Play without the opening book (on by default).
    #[arg(long)]
    pub no_book: bool,
    /// The book file.
    #[arg(long, value_name = BOOK_FILE.value_name, help = BOOK_FILE.help)]
    pub book_file: Option<PathBuf>,
    /// How far from the start the book is played.
    #[arg(long, value_name = BOOK_PLY.value_name, help = BOOK_PLY.help, default_value_t = BOOK_PLY.default,
        value_parser = |text: &str| BOOK_PLY.parse(text))]
    pub book_ply: usize,
    /// The margin among book moves.
    #[arg(long, value_name = BOOK_MARGIN.value_name, help = BOOK_MARGIN.help, default_value_t = BOOK_MARGIN.default,
        value_parser = |text: &str| BOOK_MARGIN.parse(text))]
    pub book_margin: usize,
}

impl BookOptionArgs {
    /// `builder` playing from the book these arguments name.
    ///
    /// # Errors
    /// A book file that cannot be read, or is of another rule set than the builder's.
    pub fn apply(&self, builder: OptionsBuilder) -> Result<OptionsBuilder, OptionError> {
        let builder = builder
            .switch(&BOOK, !self.no_book)
            .count(&BOOK_PLY, self.book_ply)?
            .count(&BOOK_MARGIN, self.book_margin)?;
        match &self.book_file {
            Some(path) => builder.book_file(path),
            None => Ok(builder),
        }
    }
}

/// A network file to evaluate with.
#[derive(Args)]
pub struct EvalFileArgs {
    /// The network file.
    #[arg(long, value_name = EVAL_FILE.value_name, help = EVAL_FILE.help)]
    pub eval_file: Option<PathBuf>,
}

impl EvalFileArgs {
    /// The network in the file, if one is named, checked to serve `variant` if one is
    /// given.
    ///
    /// # Errors
    /// A file that cannot be read, is not a sound network file, or does not serve
    /// `variant`.
    pub fn network(&self, variant: Option<Variant>) -> Result<Option<Arc<Network>>, OptionError> {
        let Some(path) = &self.eval_file else {
            return Ok(None);
        };
        Ok(OptionsBuilder::new(variant).eval_file(path)?.build().network)
    }
}

/// Where the endgame databases the search probes are.
#[derive(Args)]
pub struct EgdbPathArgs {
    /// The databases' directory.
    #[arg(long, value_name = EGDB_PATH.value_name, help = EGDB_PATH.help, value_parser = clap::value_parser!(OsString))]
    pub egdb_path: Option<OsString>,
}

impl EgdbPathArgs {
    /// `builder` probing the databases these arguments name: the default directory
    /// unless one is given.
    ///
    /// # Errors
    /// A path that is not a directory.
    pub fn apply(&self, builder: OptionsBuilder) -> Result<OptionsBuilder, OptionError> {
        match &self.egdb_path {
            Some(path) => builder.egdb_path(Path::new(path)),
            None => Ok(builder.default_egdb()),
        }
    }
}

/// The engine's options.
#[derive(Args)]
pub struct EngineArgs {
    /// Search threads.
    #[arg(long, value_name = THREADS.value_name, help = THREADS.help, default_value_t = THREADS.default,
        value_parser = |text: &str| THREADS.parse(text))]
    pub threads: usize,
    /// The evaluation.
    #[command(flatten)]
    pub eval: EvalFileArgs,
    /// The endgame databases.
    #[command(flatten)]
    pub egdb: EgdbPathArgs,
    /// Transposition table size.
    #[arg(long, value_name = TT_SIZE.value_name, help = TT_SIZE.help, default_value_t = TT_SIZE.default,
        value_parser = |text: &str| TT_SIZE.parse(text))]
    pub tt_size: usize,
    /// Move overhead.
    #[arg(long, value_name = MOVE_OVERHEAD.value_name, help = MOVE_OVERHEAD.help,
        default_value_t = MOVE_OVERHEAD.default, value_parser = |text: &str| MOVE_OVERHEAD.parse(text))]
    pub move_overhead: usize,
}

impl EngineArgs {
    /// The engine options these arguments give, for positions of `variant` (`None`:
    /// any, checked later).
    ///
    /// # Errors
    /// A bad network file, one for other rule sets than `variant`, or a database path
    /// that is not a directory.
    pub fn options(&self, variant: Option<Variant>) -> Result<Options, OptionError> {
        let mut builder = OptionsBuilder::new(variant)
            .count(&THREADS, self.threads)?
            .count(&TT_SIZE, self.tt_size)?
            .count(&MOVE_OVERHEAD, self.move_overhead)?;
        if let Some(path) = &self.eval.eval_file {
            builder = builder.eval_file(path)?;
        }
        Ok(self.egdb.apply(builder)?.build())
    }
}

/// How long to search: exactly one of these.
#[derive(Args)]
#[group(required = true, multiple = false)]
pub struct LimitArgs {
    /// Search to this depth in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
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

pub fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds < 1e9 => Ok(seconds),
        _ => Err(format!("'{text}' is not a positive number of seconds")),
    }
}
