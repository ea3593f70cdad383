//! Why a database could not be built, read or probed.

use std::path::{Path, PathBuf};

/// Why a database could not be built, read or probed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EgdbError {
    /// A file could not be read or written, or is corrupt or of something else.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A block of a slice's file does not match its checksum: its values are unknown
    /// (the file's other blocks still read).
    #[error(
        "{path}: slice {slice}, table {table}, block {block} is damaged (its checksum does not match): its values are unknown"
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// The slice's id.
        slice: String,
        /// The table in the file, from 0: the slice's named table, then its twin.
        table: usize,
        /// The block in the table, from 0.
        block: usize,
    },
    /// The database has no file for a slice that is needed.
    #[error("not covered: no file {path} for slice {slice}")]
    Missing {
        /// The slice's id.
        slice: String,
        /// Where its file would be.
        path: PathBuf,
    },
    /// The position is outside what the database holds.
    #[error("not covered: {0}")]
    NotCovered(String),
}

impl EgdbError {
    /// An error about the file at `path`.
    pub fn file(path: &Path, message: impl Into<String>) -> EgdbError {
        EgdbError::File { path: path.to_path_buf(), message: message.into() }
    }
}
