//! The one place options are checked: the command line, Hub's `set-param` lines and the
//! Python module all build their [`Options`] with an [`OptionsBuilder`], so that a value
//! refused by one front end is refused by all, in the same words ([`OptionError`]).

use std::path::Path;

use super::option_error::OptionError;
use super::options::{
    BOOK_FILE, Count, EGDB_PATH, EVAL_FILE, Egdb, EngineOption, Options, PathOption, Switch,
};
use crate::rules::Variant;

/// Builds [`Options`] from values a person typed, checking each against the option
/// table (`options.rs`): counts within their ranges, a network file that reads and
/// serves the rule set, an endgame-database path that is a directory, a book that reads
/// and is of the rule set. Each setter refuses a bad value with an [`OptionError`] and
/// leaves the options as they were.
///
/// ```
/// use crownhead::engine::OptionsBuilder;
/// use crownhead::engine::options::{THREADS, TT_SIZE};
/// use crownhead::rules::Variant;
///
/// let options = OptionsBuilder::new(Some(Variant::English)).count(&THREADS, 2)?.count(&TT_SIZE, 16)?.build();
/// assert_eq!((options.threads, options.table_mib), (2, 16));
/// let refused = OptionsBuilder::new(None).set("threads", "0").and_then(Result::err);
/// assert_eq!(
///     refused.map(|error| error.to_string()).as_deref(),
///     Some("threads must be a whole number from 1 to 512, not '0'")
/// );
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

    /// Sets the whole-number option `option` (one of the table's, as
    /// [`crate::engine::options::THREADS`]) to `value`.
    ///
    /// # Errors
    /// A value out of the option's range.
    pub fn count(mut self, option: &Count, value: usize) -> Result<OptionsBuilder, OptionError> {
        option.put(&mut self.options, option.check(value)?);
        Ok(self)
    }

    /// Turns the option `option` (one of the table's, as
    /// [`crate::engine::options::BOOK`](super::options::BOOK)) on or off.
    pub fn switch(mut self, option: &Switch, on: bool) -> OptionsBuilder {
        option.put(&mut self.options, on);
        self
    }

    /// Evaluates with the network in the file at `path` (made by `crownhead train`), or
    /// with the built-in evaluation for an empty path.
    ///
    /// # Errors
    /// A file that cannot be read, is not a sound network file, or was trained for
    /// other rule sets than the builder's.
    pub fn eval_file(self, path: &Path) -> Result<OptionsBuilder, OptionError> {
        self.read(&EVAL_FILE, path)
    }

    /// Probes the endgame databases under the directory `path` (each rule set's in a
    /// directory of its own below it), or the built-in ones where it holds fewer pieces,
    /// or none for an empty path. A directory that holds no database of the rule set
    /// played is no error.
    ///
    /// # Errors
    /// A path that is not a directory.
    pub fn egdb_path(self, path: &Path) -> Result<OptionsBuilder, OptionError> {
        self.read(&EGDB_PATH, path)
    }

    /// Probes the endgame databases where `crownhead egdb build` writes them by default
    /// ([`crate::egdb::default_root`]), if the platform has such a place, or the built-in
    /// ones where that holds fewer pieces: the default of the front ends.
    pub fn default_egdb(mut self) -> OptionsBuilder {
        self.options.egdb = Egdb::On(crate::egdb::default_root());
        self
    }

    /// Plays from the book in the file at `path` (made by `crownhead book build`), or
    /// from the rule set's built-in book for an empty path.
    ///
    /// # Errors
    /// A file that cannot be read, is not a sound book, or is of another rule set than
    /// the builder's.
    pub fn book_file(self, path: &Path) -> Result<OptionsBuilder, OptionError> {
        self.read(&BOOK_FILE, path)
    }

    /// Reads the path option `option` from `path`.
    ///
    /// # Errors
    /// A path the option refuses.
    pub fn read(mut self, option: &PathOption, path: &Path) -> Result<OptionsBuilder, OptionError> {
        option.read(&mut self.options, path, self.variant)?;
        Ok(self)
    }

    /// Sets the option of the table called `name` (as Hub names it) from its text
    /// `value`; `None` for a name the table does not have (Hub ignores parameters it
    /// does not know).
    ///
    /// # Errors
    /// A value the option refuses.
    pub fn set(self, name: &str, value: &str) -> Option<Result<OptionsBuilder, OptionError>> {
        Some(match EngineOption::named(name)? {
            EngineOption::Count(option) => option.parse(value).and_then(|value| self.count(option, value)),
            EngineOption::Switch(option) => option.parse(value).map(|on| self.switch(option, on)),
            EngineOption::Path(option) => self.read(option, Path::new(value)),
        })
    }

    /// The options.
    pub fn build(self) -> Options {
        self.options
    }
}
