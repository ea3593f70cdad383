//! The argument groups several subcommands share (rule set, position, engine options,
//! search limits) and the value parsers they use. Engine options are checked by the
//! engine's [`OptionsBuilder`], as Hub and the Python module check them.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use crownhead::engine::{
    DEFAULT_BOOK_MARGIN, DEFAULT_BOOK_PLY, DEFAULT_MOVE_OVERHEAD, DEFAULT_TABLE_MIB, Limits, MAX_DEPTH,
    MAX_STRENGTH, Network, OptionError, Options, OptionsBuilder, parse_book_margin, parse_book_ply,
    parse_move_overhead_ms, parse_strength, parse_table_mib, parse_threads,
};
use crownhead::rules::{Game, Position, Variant};

/// The rule set.
#[derive(Args)]
pub struct VariantArgs {
    /// The rule set: english, english-25, italian, spanish, spanish-short, portuguese,
    /// russian, brazilian, pool, czech, playok, international, killer, antidraughts
    /// (losing), breakthrough (bt), frisian or frysk.
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
    #[arg(long, default_value_t = 1, value_parser = parse_threads)]
    pub threads: usize,
}

/// The engine's strength level, for the commands where it plays moves (`play`, `dxp`);
/// analysis is always at full strength.
#[derive(Args)]
pub struct StrengthArgs {
    /// How well the engine plays its moves, from 1 (weakest) to 10 (full strength):
    /// below 10 it searches fewer nodes and now and then plays a slightly worse move
    /// (docs/strength-levels.md).
    #[arg(long, value_name = "1-10", default_value_t = MAX_STRENGTH, value_parser = parse_strength)]
    pub strength: u8,
}

/// The opening book, for the commands where the engine plays moves (`play`, `dxp`);
/// analysis and hints always search.
#[derive(Args)]
pub struct BookOptionArgs {
    /// Play without the opening book.
    #[arg(long)]
    pub no_book: bool,
    /// Play from this book file (made by `crownhead book build`) instead of the rule
    /// set's built-in book.
    #[arg(long, value_name = "FILE")]
    pub book_file: Option<PathBuf>,
    /// Play from the book in positions fewer than this many plies from the start.
    #[arg(long, value_name = "PLIES", default_value_t = DEFAULT_BOOK_PLY, value_parser = parse_book_ply)]
    pub book_ply: usize,
    /// Draw the book's move at random among those within this many hundredths of a man
    /// of the best (0: the best).
    #[arg(long, value_name = "CENTI-MEN", default_value_t = DEFAULT_BOOK_MARGIN, value_parser = parse_book_margin)]
    pub book_margin: usize,
}

impl BookOptionArgs {
    /// `builder` playing from the book these arguments name.
    ///
    /// # Errors
    /// A book file that cannot be read, or is of another rule set than the builder's.
    pub fn apply(&self, builder: OptionsBuilder) -> Result<OptionsBuilder, OptionError> {
        let builder = builder.book(!self.no_book).book_ply(self.book_ply)?.book_margin(self.book_margin)?;
        match &self.book_file {
            Some(path) => builder.book_file(path),
            None => Ok(builder),
        }
    }
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
    /// Probe the endgame databases in this directory (each rule set's in a directory of
    /// its own below it, as `crownhead egdb build --dir` writes them); an empty value
    /// turns them off. Default: the platform's data directory then crownhead/egdb (as
    /// ~/.local/share/crownhead/egdb), where `egdb build` writes by default; nothing is
    /// probed where no database is.
    #[arg(long, value_name = "DIR", value_parser = clap::value_parser!(OsString))]
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
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// The evaluation.
    #[command(flatten)]
    pub eval: EvalFileArgs,
    /// The endgame databases.
    #[command(flatten)]
    pub egdb: EgdbPathArgs,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = DEFAULT_TABLE_MIB, value_parser = parse_table_mib)]
    pub tt_size: usize,
    /// Milliseconds kept back from every move's time for the round trip to the GUI or
    /// peer and a busy machine; under a game clock, this much for each move still to
    /// come is kept in reserve.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_MOVE_OVERHEAD.as_millis() as usize, value_parser = parse_move_overhead_ms)]
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
            .threads(self.threads.threads)?
            .table_mib(self.tt_size)?
            .move_overhead_ms(self.move_overhead)?;
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
