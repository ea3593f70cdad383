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
//! - [`file`](mod@file): the file format and its checksums; [`blocks`](mod@blocks): its
//!   compression, read a value at a time, each block checked the first time it is read;
//! - [`Database`]: reading files and probing positions; `builtin`: the databases built
//!   into the binary, probed where no files on disk cover as many pieces;
//! - [`verify`]: checking every block against its checksum and stored values against
//!   their successors'.
//!
//! Values are theoretical: no draw rule of move counts applies (the search applies them);
//! Turkish's draw of one piece against one, a rule of material, does.
//! Rule sets whose moves and captures are the same share files ([`files_variant`]).

pub mod blocks;
mod builtin;
mod error;
pub mod file;
pub mod index;
mod layout;
mod probe;
pub mod slice;
pub mod solve;
mod values;
pub mod verify;

pub use error::EgdbError;
pub use layout::{default_root, files_variant, unbuildable_reason, variant_dir};
pub use probe::Database;
pub use values::{Codes, Value};
