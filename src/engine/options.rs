//! The engine's options, and the one place they are checked: the command line, the Hub
//! `set-param` lines and the Python module all build their [`Options`] with an
//! [`OptionsBuilder`], so that a value refused by one front end is refused by all, in the
//! same words ([`OptionError`]). Options are named as Hub names them.
//!
//! Options hold what the user asked for: counts, switches, a network, a database
//! directory, a book file. Which network, database and book serve a rule set is chosen
//! in one place, `knowledge.rs`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::book::{Book, BookError, BookFile};
use crate::network::Network;
use crate::network::file::NetworkError;
use crate::rules::Variant;
use crate::search::{MAX_STRENGTH, MIN_STRENGTH, Settings};

/// The most search threads the engine takes (Hub's `threads` parameter, `--threads`).
pub const MAX_THREADS: usize = 512;

/// The largest transposition table, in MiB (Hub's `tt-size`, `--tt-size`).
pub const MAX_TABLE_MIB: usize = 65536;

/// The default transposition table size, in MiB.
pub const DEFAULT_TABLE_MIB: usize = 64;

/// The most best moves reported per iteration (`--multipv`).
pub const MAX_MULTIPV: usize = 256;

/// The longest move overhead, in milliseconds (Hub's `move-overhead`, `--move-overhead`).
pub const MAX_MOVE_OVERHEAD_MS: usize = 10_000;

/// The default move overhead: the pipe round trip and a busy machine's scheduling
/// (Stockfish's default too). It was measured against 30 ms (docs/search-log.md); over
/// a network, set more.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(10);

/// The most plies from the start a book is played for (Hub's `book-ply`).
pub const MAX_BOOK_PLY: usize = 100;

/// The default of [`Options::book_ply`]: deeper than the books go along their main lines.
pub const DEFAULT_BOOK_PLY: usize = 40;

/// The widest margin among book moves, in centi-men (Hub's `book-margin`; Scan's range).
pub const MAX_BOOK_MARGIN: usize = 100;

/// The default of [`Options::book_margin`]: moves within 0.04 men of the best, as
/// good by the book's searches, so that games vary a little.
pub const DEFAULT_BOOK_MARGIN: usize = 4;

/// How the engine searches. Values outside the documented ranges are brought inside.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Search threads, 1 to [`MAX_THREADS`].
    pub threads: usize,
    /// Transposition table size in MiB, 1 to [`MAX_TABLE_MIB`].
    pub table_mib: usize,
    /// How many best moves each iteration reports, 1 to [`MAX_MULTIPV`] (as UCI's
    /// MultiPV): the best first, each with its own line.
    pub multipv: usize,
    /// A network that evaluates in place of the built-in evaluation, in the rule sets it
    /// serves (read with [`Network::load`]); `None` for the built-in one.
    pub network: Option<Arc<Network>>,
    /// The directory of the endgame databases of every rule set (each in a directory
    /// named by its rule set, as `crownhead egdb build --dir` writes them), probed by
    /// the search up to the most pieces they cover; `None` for no database.
    pub egdb: Option<PathBuf>,
    /// Time kept back from every move's budget for what happens outside the search:
    /// the round trip to the GUI or the peer, and the machine's scheduling. Under a game
    /// clock, a reserve of this much for each move still to come is never planned on
    /// (the time management in `src/search/time.rs`). At most [`MAX_MOVE_OVERHEAD_MS`] milliseconds.
    pub move_overhead: Duration,
    /// How well the engine plays, [`MIN_STRENGTH`] to [`MAX_STRENGTH`] (full strength,
    /// the default): below it, searches for a move to play are weakened on purpose
    /// (fewer nodes, and now and then a slightly worse move; see
    /// [`crate::search::Level`]). Analysis is always at full strength.
    pub strength: u8,
    /// Whether a move to play is taken from an opening book where it has one (never in
    /// analysis or pondering): a move drawn among those within [`Options::book_margin`]
    /// of the best, in positions fewer than [`Options::book_ply`] plies from the start.
    /// Off by default: the tools' own searches (self-play, matches) play without; Hub,
    /// DXP and `play` turn it on.
    pub book: bool,
    /// The book played from: `None` for the rule set's built-in book (see
    /// [`crate::book::builtin`]), if it has one.
    pub book_file: Option<Arc<Book>>,
    /// The book is played from in positions fewer than this many plies from the start
    /// (along the book's shortest line to them), at most [`MAX_BOOK_PLY`].
    pub book_ply: usize,
    /// Book moves within this many centi-men of the best are drawn from at random, at
    /// most [`MAX_BOOK_MARGIN`]: 0 plays the best.
    pub book_margin: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: 1,
            table_mib: DEFAULT_TABLE_MIB,
            multipv: 1,
            network: None,
            egdb: None,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            strength: MAX_STRENGTH,
            book: false,
            book_file: None,
            book_ply: DEFAULT_BOOK_PLY,
            book_margin: DEFAULT_BOOK_MARGIN,
        }
    }
}

impl Options {
    /// The options with every value inside its range.
    pub(super) fn clamped(self) -> Options {
        Options {
            threads: self.threads.clamp(1, MAX_THREADS),
            table_mib: self.table_mib.clamp(1, MAX_TABLE_MIB),
            multipv: self.multipv.clamp(1, MAX_MULTIPV),
            network: self.network,
            egdb: self.egdb,
            move_overhead: self.move_overhead.min(Duration::from_millis(MAX_MOVE_OVERHEAD_MS as u64)),
            strength: self.strength.clamp(MIN_STRENGTH, MAX_STRENGTH),
            book: self.book,
            book_file: self.book_file,
            book_ply: self.book_ply.min(MAX_BOOK_PLY),
            book_margin: self.book_margin.min(MAX_BOOK_MARGIN),
        }
    }

    /// What the searcher needs of these options for one search.
    pub(super) fn settings(&self) -> Settings {
        Settings { multipv: self.multipv, move_overhead: self.move_overhead }
    }

    /// Refuses a network that does not serve `variant`, for front ends to say so before
    /// they search (the engine itself falls back to the built-in evaluation).
    ///
    /// # Errors
    /// The network was trained for other rule sets.
    pub fn check_network(&self, variant: Variant) -> Result<(), NetworkError> {
        match &self.network {
            Some(network) => network.check_serves(variant),
            None => Ok(()),
        }
    }
}

/// Why an engine option was refused.
#[derive(Debug, thiserror::Error)]
pub enum OptionError {
    /// A count outside its range, or not a whole number.
    #[error("{name} must be a whole number from {min} to {max}, not '{value}'")]
    OutOfRange {
        /// The option, as Hub names it.
        name: &'static str,
        /// The smallest value taken.
        min: usize,
        /// The largest value taken.
        max: usize,
        /// The value given.
        value: String,
    },
    /// A network file that cannot be read, or was trained for other rule sets.
    #[error("eval-file {path}: {reason}")]
    EvalFile {
        /// The file.
        path: String,
        /// Why it was refused (in the message, so not also a source to print twice).
        reason: NetworkError,
    },
    /// An on-or-off option given something else.
    #[error("{name} is true or false, not '{value}'")]
    NotSwitch {
        /// The option, as Hub names it.
        name: &'static str,
        /// The value given.
        value: String,
    },
    /// A book file that cannot be read, or is of another rule set.
    #[error("book-file {path}: {reason}")]
    BookFile {
        /// The file.
        path: String,
        /// Why it was refused (in the message, so not also a source to print twice).
        reason: BookError,
    },
    /// An endgame-database path that is not a directory.
    #[error("egdb-path {path}: not a directory")]
    EgdbPath {
        /// The path.
        path: String,
    },
}

/// Builds [`Options`] from values a person typed, checking each: threads, table size and
/// lines within their ranges, a network file that reads and serves the rule set, an
/// endgame-database path that is a directory. Each setter refuses a bad value with an
/// [`OptionError`] and leaves the options as they were.
///
/// ```
/// use crownhead::engine::OptionsBuilder;
/// use crownhead::rules::Variant;
///
/// let options = OptionsBuilder::new(Some(Variant::English)).threads(2)?.table_mib(16)?.build();
/// assert_eq!((options.threads, options.table_mib), (2, 16));
/// let refused = OptionsBuilder::new(None).threads(0).err().map(|error| error.to_string());
/// assert_eq!(refused.as_deref(), Some("threads must be a whole number from 1 to 512, not '0'"));
/// # Ok::<(), crownhead::engine::OptionError>(())
/// ```
#[derive(Clone, Debug)]
pub struct OptionsBuilder {
    options: Options,
    variant: Option<Variant>,
}

impl OptionsBuilder {
    /// The default options, for positions of `variant` (`None`: any, so that a network
    /// file is checked only for being sound).
    pub fn new(variant: Option<Variant>) -> OptionsBuilder {
        OptionsBuilder::from_options(Options::default(), variant)
    }

    /// Starts from `options`, for a front end that changes the options in force one at
    /// a time.
    pub fn from_options(options: Options, variant: Option<Variant>) -> OptionsBuilder {
        OptionsBuilder { options, variant }
    }

    /// Search threads, 1 to [`MAX_THREADS`].
    ///
    /// # Errors
    /// A value out of range.
    pub fn threads(mut self, threads: usize) -> Result<OptionsBuilder, OptionError> {
        self.options.threads = in_range("threads", threads, 1, MAX_THREADS)?;
        Ok(self)
    }

    /// The transposition table's size in MiB, 1 to [`MAX_TABLE_MIB`].
    ///
    /// # Errors
    /// A value out of range.
    pub fn table_mib(mut self, mib: usize) -> Result<OptionsBuilder, OptionError> {
        self.options.table_mib = in_range("tt-size", mib, 1, MAX_TABLE_MIB)?;
        Ok(self)
    }

    /// Best moves reported per iteration, 1 to [`MAX_MULTIPV`].
    ///
    /// # Errors
    /// A value out of range.
    pub fn multipv(mut self, lines: usize) -> Result<OptionsBuilder, OptionError> {
        self.options.multipv = in_range("multipv", lines, 1, MAX_MULTIPV)?;
        Ok(self)
    }

    /// The move overhead in milliseconds, 0 to [`MAX_MOVE_OVERHEAD_MS`]
    /// ([`Options::move_overhead`]).
    ///
    /// # Errors
    /// A value out of range.
    pub fn move_overhead_ms(mut self, millis: usize) -> Result<OptionsBuilder, OptionError> {
        let millis = in_range("move-overhead", millis, 0, MAX_MOVE_OVERHEAD_MS)?;
        self.options.move_overhead = Duration::from_millis(millis as u64);
        Ok(self)
    }

    /// The strength level, [`MIN_STRENGTH`] to [`MAX_STRENGTH`] ([`Options::strength`]).
    ///
    /// # Errors
    /// A value out of range.
    pub fn strength(mut self, strength: u8) -> Result<OptionsBuilder, OptionError> {
        in_range("strength", strength.into(), MIN_STRENGTH.into(), MAX_STRENGTH.into())?;
        self.options.strength = strength;
        Ok(self)
    }

    /// Evaluates with the network in the file at `path` (made by `crownhead train`), or
    /// with the built-in evaluation for an empty path.
    ///
    /// # Errors
    /// A file that cannot be read, is not a sound network file, or was trained for
    /// other rule sets than the builder's.
    pub fn eval_file(mut self, path: &Path) -> Result<OptionsBuilder, OptionError> {
        if path.as_os_str().is_empty() {
            self.options.network = None;
            return Ok(self);
        }
        let refused = |reason| OptionError::EvalFile { path: path.display().to_string(), reason };
        let network = Network::read(path).map_err(refused)?;
        if let Some(variant) = self.variant {
            network.check_serves(variant).map_err(refused)?;
        }
        self.options.network = Some(Arc::new(network));
        Ok(self)
    }

    /// Probes the endgame databases under the directory `path` (each rule set's in a
    /// directory of its own below it), or none for an empty path. A directory that holds
    /// no database of the rule set played is no database, and no error.
    ///
    /// # Errors
    /// A path that is not a directory.
    pub fn egdb_path(mut self, path: &Path) -> Result<OptionsBuilder, OptionError> {
        if path.as_os_str().is_empty() {
            self.options.egdb = None;
        } else if path.is_dir() {
            self.options.egdb = Some(path.to_path_buf());
        } else {
            return Err(OptionError::EgdbPath { path: path.display().to_string() });
        }
        Ok(self)
    }

    /// Probes the endgame databases where `crownhead egdb build` writes them by default
    /// ([`crate::egdb::default_root`]), if the platform has such a place: the default of
    /// the binary's commands and of Hub. Nothing is probed while no database is there.
    pub fn default_egdb(mut self) -> OptionsBuilder {
        self.options.egdb = crate::egdb::default_root();
        self
    }

    /// Plays from an opening book where it has a move ([`Options::book`]), or never.
    pub fn book(mut self, on: bool) -> OptionsBuilder {
        self.options.book = on;
        self
    }

    /// Plays from the book in the file at `path` (made by `crownhead book build`), or
    /// from the rule set's built-in book for an empty path.
    ///
    /// # Errors
    /// A file that cannot be read, is not a sound book, or is of another rule set than
    /// the builder's.
    pub fn book_file(mut self, path: &Path) -> Result<OptionsBuilder, OptionError> {
        if path.as_os_str().is_empty() {
            self.options.book_file = None;
            return Ok(self);
        }
        let refused = |reason| OptionError::BookFile { path: path.display().to_string(), reason };
        let file = BookFile::read(path).map_err(refused)?;
        if let Some(variant) = self.variant {
            file.check_variant(variant).map_err(refused)?;
        }
        self.options.book_file = Some(Arc::new(Book::new(file)));
        Ok(self)
    }

    /// Plays from the book in positions fewer than `plies` plies from the start, 0 to
    /// [`MAX_BOOK_PLY`].
    ///
    /// # Errors
    /// A value out of range.
    pub fn book_ply(mut self, plies: usize) -> Result<OptionsBuilder, OptionError> {
        self.options.book_ply = in_range("book-ply", plies, 0, MAX_BOOK_PLY)?;
        Ok(self)
    }

    /// Draws book moves within `centi_men` of the best, 0 to [`MAX_BOOK_MARGIN`].
    ///
    /// # Errors
    /// A value out of range.
    pub fn book_margin(mut self, centi_men: usize) -> Result<OptionsBuilder, OptionError> {
        self.options.book_margin = in_range("book-margin", centi_men, 0, MAX_BOOK_MARGIN)?;
        Ok(self)
    }

    /// Sets the option Hub calls `name` from its text `value`: `threads`, `tt-size`,
    /// `move-overhead`, `strength`, `eval-file`, `egdb-path`, `book`, `book-file`,
    /// `book-ply` or `book-margin`. `None` for a name that is
    /// none of these (Hub ignores parameters it does not know).
    ///
    /// # Errors
    /// A value the option's setter refuses, or a count that is not a whole number.
    pub fn set(self, name: &str, value: &str) -> Option<Result<OptionsBuilder, OptionError>> {
        Some(match name {
            "threads" => parse_threads(value).and_then(|threads| self.threads(threads)),
            "tt-size" => parse_table_mib(value).and_then(|mib| self.table_mib(mib)),
            "move-overhead" => parse_move_overhead_ms(value).and_then(|millis| self.move_overhead_ms(millis)),
            "strength" => parse_strength(value).and_then(|strength| self.strength(strength)),
            "eval-file" => self.eval_file(Path::new(value)),
            "egdb-path" => self.egdb_path(Path::new(value)),
            "book" => parse_switch("book", value).map(|on| self.book(on)),
            "book-file" => self.book_file(Path::new(value)),
            "book-ply" => parse_book_ply(value).and_then(|plies| self.book_ply(plies)),
            "book-margin" => parse_book_margin(value).and_then(|margin| self.book_margin(margin)),
            _ => return None,
        })
    }

    /// The options.
    pub fn build(self) -> Options {
        self.options
    }
}

/// A number of search threads written out, 1 to [`MAX_THREADS`] (`--threads`, Hub's
/// `threads`).
///
/// # Errors
/// Not a whole number, or out of range.
pub fn parse_threads(text: &str) -> Result<usize, OptionError> {
    parse_count("threads", text, 1, MAX_THREADS)
}

/// A transposition table size in MiB written out, 1 to [`MAX_TABLE_MIB`] (`--tt-size`,
/// Hub's `tt-size`).
///
/// # Errors
/// Not a whole number, or out of range.
pub fn parse_table_mib(text: &str) -> Result<usize, OptionError> {
    parse_count("tt-size", text, 1, MAX_TABLE_MIB)
}

/// A number of best moves to report written out, 1 to [`MAX_MULTIPV`] (`--multipv`).
///
/// # Errors
/// Not a whole number, or out of range.
pub fn parse_multipv(text: &str) -> Result<usize, OptionError> {
    parse_count("multipv", text, 1, MAX_MULTIPV)
}

/// A move overhead in milliseconds written out, 0 to [`MAX_MOVE_OVERHEAD_MS`]
/// (`--move-overhead`, Hub's `move-overhead`).
///
/// # Errors
/// Not a whole number, or out of range.
pub fn parse_move_overhead_ms(text: &str) -> Result<usize, OptionError> {
    parse_count("move-overhead", text, 0, MAX_MOVE_OVERHEAD_MS)
}

/// A strength level written out, [`MIN_STRENGTH`] to [`MAX_STRENGTH`] (`--strength`,
/// Hub's `strength`).
///
/// # Errors
/// Not a whole number, or out of range.
pub fn parse_strength(text: &str) -> Result<u8, OptionError> {
    let strength = parse_count("strength", text, MIN_STRENGTH.into(), MAX_STRENGTH.into())?;
    Ok(u8::try_from(strength).unwrap_or(MAX_STRENGTH))
}

/// A number of plies from the start to play from the book, 0 to [`MAX_BOOK_PLY`]
/// (`--book-ply`, Hub's `book-ply`).
///
/// # Errors
/// Not a whole number, or out of range.
pub fn parse_book_ply(text: &str) -> Result<usize, OptionError> {
    parse_count("book-ply", text, 0, MAX_BOOK_PLY)
}

/// A book margin in centi-men, 0 to [`MAX_BOOK_MARGIN`] (`--book-margin`, Hub's
/// `book-margin`).
///
/// # Errors
/// Not a whole number, or out of range.
pub fn parse_book_margin(text: &str) -> Result<usize, OptionError> {
    parse_count("book-margin", text, 0, MAX_BOOK_MARGIN)
}

/// An on-or-off option written out, `true` or `false` (Hub's `book`, `ponder`).
///
/// # Errors
/// Anything else.
pub fn parse_switch(name: &'static str, text: &str) -> Result<bool, OptionError> {
    match text {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::NotSwitch { name, value: shown(text) }),
    }
}

fn parse_count(name: &'static str, text: &str, min: usize, max: usize) -> Result<usize, OptionError> {
    let refused = || OptionError::OutOfRange { name, min, max, value: shown(text) };
    let value = text.trim().parse().map_err(|_| refused())?;
    in_range(name, value, min, max)
}

/// `value` if it is from `min` to `max`.
fn in_range(name: &'static str, value: usize, min: usize, max: usize) -> Result<usize, OptionError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(OptionError::OutOfRange { name, min, max, value: value.to_string() })
    }
}

/// At most 40 characters of a value a person typed, for error messages.
fn shown(value: &str) -> String {
    value.chars().take(40).collect()
}
