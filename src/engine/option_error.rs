//! Why an engine option was refused, in the words every front end uses.

use crate::book::BookError;
use crate::network::file::NetworkError;

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
