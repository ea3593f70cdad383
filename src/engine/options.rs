//! The engine's options ([`Options`]) and their table, which declares each once: its
//! name, the values it takes, its default and its help. The rest is made from the table:
//! the checks of [`OptionsBuilder`](super::OptionsBuilder) and the clamps of options set
//! field by field, Hub's `param` lines and `set-param`, and the command line's arguments
//! (range, default, help). The Python module's keyword arguments and the options tables of protocol.md and
//! README are compared with it by tests.
//!
//! An option's name is Hub's; the command line's flag is the name after `--` (a switch
//! that is on by default is turned off by `--no-` and the name), and Python's keyword is
//! the name with `_` for `-`.
//!
//! Options hold what the user asked for: counts, switches, a network, a database
//! directory, a book file. Which network, database and book serve a rule set is chosen
//! in one place, `knowledge.rs`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use super::option_error::OptionError;
use crate::book::{Book, BookFile};
use crate::network::Network;
use crate::network::file::NetworkError;
use crate::rules::Variant;
use crate::search::{MAX_STRENGTH, MIN_STRENGTH, Settings};

/// How the engine searches. Values outside the documented ranges are brought inside.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Search threads ([`THREADS`]).
    pub threads: usize,
    /// Transposition table size in MiB ([`TT_SIZE`]).
    pub table_mib: usize,
    /// How many best moves each iteration reports ([`MULTIPV`], as UCI's
    /// MultiPV): the best first, each with its own line.
    pub multipv: usize,
    /// A network that evaluates in place of the built-in evaluation, in the rule sets it
    /// serves (read with [`Network::load`]); `None` for the built-in one.
    pub network: Option<Arc<Network>>,
    /// The endgame databases the search probes ([`EGDB_PATH`]).
    pub egdb: Egdb,
    /// Time kept back from every move's budget for what happens outside the search:
    /// the round trip to the GUI or the peer, and the machine's scheduling. Under a game
    /// clock, a reserve of this much for each move still to come is never planned on
    /// (the time management in `src/search/time.rs`). See [`MOVE_OVERHEAD`].
    pub move_overhead: Duration,
    /// How well the engine plays ([`STRENGTH`]; the most is full strength, the
    /// default): below it, searches for a move to play are weakened on purpose
    /// (fewer nodes, and now and then a slightly worse move; see
    /// [`crate::search::Level`]). Analysis is always at full strength.
    pub strength: u8,
    /// Whether a move to play is taken from an opening book where it has one (never in
    /// analysis or pondering): a move drawn among those within [`Options::book_margin`]
    /// of the best, in positions fewer than [`Options::book_ply`] plies from the start.
    /// Off in [`Options::default`]: the tools' own searches (self-play, matches) play
    /// without; the front ends that play moves start from [`BOOK`]'s default,
    /// on.
    pub book: bool,
    /// The book played from: `None` for the rule set's built-in book (see
    /// [`crate::book::builtin`]), if it has one.
    pub book_file: Option<Arc<Book>>,
    /// The book is played from in positions fewer than this many plies from the start
    /// (along the book's shortest line to them); see [`BOOK_PLY`].
    pub book_ply: usize,
    /// Book moves within this many centi-men of the best are drawn from at random, at
    /// [`BOOK_MARGIN`]: 0 plays the best.
    pub book_margin: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: THREADS.default,
            table_mib: TT_SIZE.default,
            multipv: MULTIPV.default,
            network: None,
            egdb: Egdb::Off,
            move_overhead: Duration::from_millis(MOVE_OVERHEAD.default as u64),
            strength: MAX_STRENGTH,
            book: false,
            book_file: None,
            book_ply: BOOK_PLY.default,
            book_margin: BOOK_MARGIN.default,
        }
    }
}

impl Options {
    /// The options with every value inside its range.
    pub(super) fn clamped(mut self) -> Options {
        for count in counts() {
            let value = count.clamp(count.value(&self));
            count.put(&mut self, value);
        }
        self
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

/// Which endgame databases the search probes ([`Options::egdb`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Egdb {
    /// None: [`Options::default`]'s, so that the bench and self-play search the same
    /// on every machine, and an empty `egdb-path`'s.
    #[default]
    Off,
    /// The files under a directory of every rule set's databases (each in a directory
    /// named by its rule set, as `crownhead egdb build --dir` writes them), up to the
    /// most pieces they cover; where they cover fewer pieces than the database built
    /// into the binary (or there are none, or no directory: `None`), the built-in one.
    /// The front ends' default, with the platform's data directory
    /// ([`crate::egdb::default_root`]).
    On(Option<PathBuf>),
}

/// A whole-number option: its range, its default and the field of [`Options`] it sets.
#[derive(Clone, Copy, Debug)]
pub struct Count {
    /// The name, as Hub takes it.
    pub name: &'static str,
    /// The smallest value taken.
    pub min: usize,
    /// The largest value taken.
    pub max: usize,
    /// The value a front end starts with.
    pub default: usize,
    /// What the value is, in the command line's help (`--tt-size <MIB>`).
    pub value_name: &'static str,
    /// What the option does, one sentence.
    pub help: &'static str,
    get: fn(&Options) -> usize,
    put: fn(&mut Options, usize),
}

impl Count {
    /// `text` read as a whole number in range: what `set-param` and the command line take.
    ///
    /// # Errors
    /// Not a whole number, or out of range.
    pub fn parse(&self, text: &str) -> Result<usize, OptionError> {
        let value = text.trim().parse().map_err(|_| self.refused(shown(text)))?;
        self.check(value)
    }

    /// `value` if it is in range.
    ///
    /// # Errors
    /// Out of range.
    pub fn check(&self, value: usize) -> Result<usize, OptionError> {
        if (self.min..=self.max).contains(&value) { Ok(value) } else { Err(self.refused(value)) }
    }

    /// The refusal of `value`, in the words every front end uses.
    pub fn refused(&self, value: impl ToString) -> OptionError {
        OptionError::OutOfRange { name: self.name, min: self.min, max: self.max, value: value.to_string() }
    }

    /// `value` brought into range.
    pub fn clamp(&self, value: usize) -> usize {
        value.clamp(self.min, self.max)
    }

    /// The option's value in `options`.
    pub fn value(&self, options: &Options) -> usize {
        (self.get)(options)
    }

    pub(super) fn put(&self, options: &mut Options, value: usize) {
        (self.put)(options, value);
    }
}

/// An option that is on or off.
#[derive(Clone, Copy, Debug)]
pub struct Switch {
    /// The name, as Hub takes it.
    pub name: &'static str,
    /// Whether a front end that plays moves starts with it on.
    pub default: bool,
    /// What the option does when on, one sentence.
    pub help: &'static str,
    get: fn(&Options) -> bool,
    put: fn(&mut Options, bool),
}

impl Switch {
    /// `text` read as `true` or `false`, as `set-param` takes a switch.
    ///
    /// # Errors
    /// Anything else.
    pub fn parse(&self, text: &str) -> Result<bool, OptionError> {
        parse_switch(self.name, text)
    }

    /// The option's value in `options`.
    pub fn value(&self, options: &Options) -> bool {
        (self.get)(options)
    }

    pub(super) fn put(&self, options: &mut Options, on: bool) {
        (self.put)(options, on);
    }
}

/// An option naming a file or directory; the empty path turns it back to its default.
#[derive(Clone, Copy, Debug)]
pub struct PathOption {
    /// The name, as Hub takes it.
    pub name: &'static str,
    /// What the path is, in the command line's help (`--eval-file <NET>`).
    pub value_name: &'static str,
    /// What the option does, one sentence.
    pub help: &'static str,
    read: fn(&mut Options, &Path, Option<Variant>) -> Result<(), OptionError>,
}

impl PathOption {
    /// Reads and checks the file or directory at `path` into `options`, for positions of
    /// `variant` (`None`: any); the empty path restores the default. A refused path
    /// leaves `options` as they were.
    ///
    /// # Errors
    /// A path the option refuses (see each option's reader below).
    pub(super) fn read(
        &self,
        options: &mut Options,
        path: &Path,
        variant: Option<Variant>,
    ) -> Result<(), OptionError> {
        (self.read)(options, path, variant)
    }
}

/// One option of the engine's table.
#[derive(Clone, Copy, Debug)]
pub enum EngineOption {
    /// A whole number in a range.
    Count(Count),
    /// On or off.
    Switch(Switch),
    /// A file or a directory.
    Path(PathOption),
}

impl EngineOption {
    /// The option called `name` (as Hub names it), if the table has one.
    pub fn named(name: &str) -> Option<&'static EngineOption> {
        ENGINE_OPTIONS.iter().find(|option| option.name() == name)
    }

    /// The name, as Hub takes it.
    pub fn name(&self) -> &'static str {
        match self {
            EngineOption::Count(option) => option.name,
            EngineOption::Switch(option) => option.name,
            EngineOption::Path(option) => option.name,
        }
    }

    /// What the option does.
    pub fn help(&self) -> &'static str {
        match self {
            EngineOption::Count(option) => option.help,
            EngineOption::Switch(option) => option.help,
            EngineOption::Path(option) => option.help,
        }
    }
}

/// Search threads.
pub const THREADS: Count = Count {
    name: "threads",
    min: 1,
    max: 512,
    default: 1,
    value_name: "THREADS",
    help: "Search threads",
    get: |options| options.threads,
    put: |options, threads| options.threads = threads,
};

/// The transposition table's size in MiB.
pub const TT_SIZE: Count = Count {
    name: "tt-size",
    min: 1,
    max: 65536,
    default: 64,
    value_name: "MIB",
    help: "The transposition table's size in MiB",
    get: |options| options.table_mib,
    put: |options, mib| options.table_mib = mib,
};

/// The move overhead in milliseconds ([`Options::move_overhead`]). The default covers the
/// pipe round trip and a busy machine's scheduling, as Stockfish's does; it was measured
/// against 30 ms (docs/search-log.md).
pub const MOVE_OVERHEAD: Count = Count {
    name: "move-overhead",
    min: 0,
    max: 10_000,
    default: 10,
    value_name: "MS",
    help: "Milliseconds kept back from every move's time for the round trip to the GUI or \
           peer and a busy machine; under a game clock, this much for each move still to \
           come is kept in reserve",
    get: |options| options.move_overhead.as_millis().try_into().unwrap_or(usize::MAX),
    put: |options, millis| options.move_overhead = Duration::from_millis(millis as u64),
};

/// The strength level ([`Options::strength`]).
pub const STRENGTH: Count = Count {
    name: "strength",
    min: MIN_STRENGTH as usize,
    max: MAX_STRENGTH as usize,
    default: MAX_STRENGTH as usize,
    value_name: "1-10",
    help: "How well the engine plays its moves, from 1 (weakest) to 10 (full strength): below \
           10 it searches fewer nodes and now and then plays a slightly worse move \
           (docs/strength-levels.md); analysis is always at full strength",
    get: |options| options.strength.into(),
    put: |options, strength| options.strength = u8::try_from(strength).unwrap_or(MAX_STRENGTH),
};

/// A network file to evaluate with ([`OptionsBuilder::eval_file`](super::OptionsBuilder::eval_file)).
pub const EVAL_FILE: PathOption = PathOption {
    name: "eval-file",
    value_name: "NET",
    help: "Evaluate with this network file (made by `crownhead train`) instead of the \
           built-in evaluation",
    read: read_network,
};

/// The endgame databases' directory ([`OptionsBuilder::egdb_path`](super::OptionsBuilder::egdb_path)).
pub const EGDB_PATH: PathOption = PathOption {
    name: "egdb-path",
    value_name: "DIR",
    help: "Probe the endgame databases in this directory (each rule set's in a directory of \
           its own below it, as `crownhead egdb build --dir` writes them), or the small ones \
           built in where it holds fewer pieces; an empty value turns all off. Default: the \
           platform's data directory then crownhead/egdb (as ~/.local/share/crownhead/egdb), \
           where `egdb build` writes by default",
    read: read_egdb_path,
};

/// Whether moves to play come from an opening book ([`Options::book`]).
pub const BOOK: Switch = Switch {
    name: "book",
    default: true,
    help: "Play from the opening book",
    get: |options| options.book,
    put: |options, on| options.book = on,
};

/// A book file to play from ([`OptionsBuilder::book_file`](super::OptionsBuilder::book_file)).
pub const BOOK_FILE: PathOption = PathOption {
    name: "book-file",
    value_name: "FILE",
    help: "A book file (made by `crownhead book build`) in place of the rule set's built-in \
           book",
    read: read_book,
};

/// How far from the start the book is played ([`Options::book_ply`]). The default is
/// deeper than the books go along their main lines.
pub const BOOK_PLY: Count = Count {
    name: "book-ply",
    min: 0,
    max: 100,
    default: 40,
    value_name: "PLIES",
    help: "Play from the book in positions fewer than this many plies from the start",
    get: |options| options.book_ply,
    put: |options, plies| options.book_ply = plies,
};

/// The margin among book moves ([`Options::book_margin`]), in centi-men; the range is
/// Scan's. The default takes moves within 0.04 men of the best, as good by the book's
/// searches, so that games vary a little.
pub const BOOK_MARGIN: Count = Count {
    name: "book-margin",
    min: 0,
    max: 100,
    default: 4,
    value_name: "CENTI-MEN",
    help: "Draw the book's move at random among those within this many hundredths of a man \
           of the best (0: the best)",
    get: |options| options.book_margin,
    put: |options, centi_men| options.book_margin = centi_men,
};

/// How many best moves each iteration reports ([`Options::multipv`]). Not in
/// [`ENGINE_OPTIONS`]: an analysis asks for it (`crownhead analyse --multipv`, Python's
/// `analyse(multipv=)`, the board), not the engine's set-up.
pub const MULTIPV: Count = Count {
    name: "multipv",
    min: 1,
    max: 256,
    default: 1,
    value_name: "LINES",
    help: "Report this many best moves, each with its line",
    get: |options| options.multipv,
    put: |options, lines| options.multipv = lines,
};

/// The options a front end sets on the engine by name (Hub's `set-param`), in the order
/// Hub lists them.
pub const ENGINE_OPTIONS: [EngineOption; 10] = [
    EngineOption::Count(THREADS),
    EngineOption::Count(TT_SIZE),
    EngineOption::Count(MOVE_OVERHEAD),
    EngineOption::Count(STRENGTH),
    EngineOption::Path(EVAL_FILE),
    EngineOption::Path(EGDB_PATH),
    EngineOption::Switch(BOOK),
    EngineOption::Path(BOOK_FILE),
    EngineOption::Count(BOOK_PLY),
    EngineOption::Count(BOOK_MARGIN),
];

/// Every whole-number option: the table's and [`MULTIPV`], those [`Options`] clamps.
pub fn counts() -> impl Iterator<Item = Count> {
    let table = ENGINE_OPTIONS.iter().filter_map(|option| match option {
        EngineOption::Count(count) => Some(*count),
        _ => None,
    });
    table.chain([MULTIPV])
}

/// An on-or-off value written out, `true` or `false`: a [`Switch`]'s, or Hub's `ponder`.
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

/// At most 40 characters of a value a person typed, for error messages.
fn shown(text: &str) -> String {
    text.chars().take(40).collect()
}

/// Evaluates with the network in the file at `path` (made by `crownhead train`), or
/// with the built-in evaluation for an empty path.
///
/// # Errors
/// A file that cannot be read, is not a sound network file, or was trained for other
/// rule sets than `variant`.
fn read_network(options: &mut Options, path: &Path, variant: Option<Variant>) -> Result<(), OptionError> {
    if path.as_os_str().is_empty() {
        options.network = None;
        return Ok(());
    }
    let refused = |reason| OptionError::EvalFile { path: path.display().to_string(), reason };
    let network = Network::read(path).map_err(refused)?;
    if let Some(variant) = variant {
        network.check_serves(variant).map_err(refused)?;
    }
    options.network = Some(Arc::new(network));
    Ok(())
}

/// Probes the endgame databases under the directory `path` (each rule set's in a
/// directory of its own below it), or the built-in ones where it holds fewer pieces, or
/// none for an empty path. A directory that holds no database of the rule set played is
/// no error.
///
/// # Errors
/// A path that is not a directory.
fn read_egdb_path(options: &mut Options, path: &Path, _: Option<Variant>) -> Result<(), OptionError> {
    if path.as_os_str().is_empty() {
        options.egdb = Egdb::Off;
    } else if path.is_dir() {
        options.egdb = Egdb::On(Some(path.to_path_buf()));
    } else {
        return Err(OptionError::EgdbPath { path: path.display().to_string() });
    }
    Ok(())
}

/// Plays from the book in the file at `path` (made by `crownhead book build`), or from
/// the rule set's built-in book for an empty path.
///
/// # Errors
/// A file that cannot be read, is not a sound book, or is of another rule set than
/// `variant`.
fn read_book(options: &mut Options, path: &Path, variant: Option<Variant>) -> Result<(), OptionError> {
    if path.as_os_str().is_empty() {
        options.book_file = None;
        return Ok(());
    }
    let refused = |reason| OptionError::BookFile { path: path.display().to_string(), reason };
    let file = BookFile::read(path).map_err(refused)?;
    if let Some(variant) = variant {
        file.check_variant(variant).map_err(refused)?;
    }
    options.book_file = Some(Arc::new(Book::new(file)));
    Ok(())
}
