//! Endgame databases: the theoretical value (win, loss or draw for the side to move) of
//! every position with few pieces, built by retrograde analysis, stored compressed, and
//! probed. Only the rules core is used: moves come from its move generator, so one
//! builder serves every rule set.
//!
//! - [`slice`](mod@slice): how positions are split into slices by material and leading ranks, and
//!   the order that makes each slice need only slices built before it;
//! - [`index`]: dense indexing of a table's positions, and colour symmetry;
//! - [`solve`]: the solver (a forward pass over a slice, then values passed back to the
//!   positions before them);
//! - [`file`](mod@file): the file format; [`blocks`](mod@blocks): its compression, read a
//!   value at a time;
//! - [`Database`]: reading files and probing positions;
//! - [`verify`]: checking stored values against their successors'.
//!
//! Values are theoretical: no draw rule of move counts applies (the search applies them).
//! Rule sets whose moves and captures are the same share files ([`files_variant`]).

pub mod blocks;
pub mod file;
pub mod index;
mod probe;
pub mod slice;
pub mod solve;
mod values;
pub mod verify;

use std::path::{Path, PathBuf};

pub use probe::Database;
pub use values::{Codes, Value};

use crate::rules::{Rules, Variant};

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

/// Whether two rule sets have the same moves and captures from every position (they may
/// differ in draw rules, notation or who moves first): their databases are the same.
fn same_moves(a: &Rules, b: &Rules) -> bool {
    a.geometry == b.geometry
        && a.men_capture_backward == b.men_capture_backward
        && a.flying_kings == b.flying_kings
        && a.men_capture_kings == b.men_capture_kings
        && a.precedence == b.precedence
        && a.crowning == b.crowning
}

/// The rule set whose files serve `variant`: the first of [`Variant::ALL`] with the
/// same moves and captures (English for English-25, Spanish for Portuguese).
pub fn files_variant(variant: Variant) -> Variant {
    Variant::ALL.into_iter().find(|other| same_moves(other.rules(), variant.rules())).unwrap_or(variant)
}

/// The default directory of the databases of every rule set: the platform's data
/// directory (`$XDG_DATA_HOME`, or `~/.local/share`, on Linux) then `crownhead/egdb`.
/// Each rule set's files are in a directory of its own below it, named by
/// [`files_variant`].
pub fn default_root() -> Option<PathBuf> {
    dirs::data_dir().map(|data| data.join("crownhead").join("egdb"))
}

/// The directory holding `variant`'s files under `root`.
pub fn variant_dir(root: &Path, variant: Variant) -> PathBuf {
    root.join(files_variant(variant).name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_sets_that_play_alike_share_files() {
        assert_eq!(files_variant(Variant::English25), Variant::English);
        assert_eq!(files_variant(Variant::Portuguese), Variant::Spanish);
        for variant in
            [Variant::English, Variant::Italian, Variant::SpanishShort, Variant::Russian, Variant::PlayOk]
        {
            assert_eq!(files_variant(variant), variant);
        }
    }
}
