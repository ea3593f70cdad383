//! Checking a database: every block of a file must match its checksum
//! ([`check_file`]), and every stored value of a position with no capture pending must
//! be the one its successors' values give ([`verify_slice`]: a won position has a move
//! to a lost one, a lost one has only moves to won ones, a drawn one neither).

use super::file;
use super::slice::Slice;
use super::solve::{evaluate, in_chunks};
use super::{Database, EgdbError, Value};

/// What the checksums of a slice's file say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileCheck {
    /// Whether its blocks have checksums (files of format 1 have none: unchecked).
    pub checksums: bool,
    /// Its damaged blocks, each an [`EgdbError::Damaged`] naming the file, slice, table
    /// and block.
    pub damaged: Vec<EgdbError>,
}

/// Reads `slice`'s file in `database` and checks every block against its checksum.
///
/// # Errors
/// The file is missing, is refused when opened (its header or an index is damaged, or
/// in format 1 any byte), or a block whose checksum matches is garbled.
pub fn check_file(database: &Database, slice: Slice) -> Result<FileCheck, EgdbError> {
    let path = database.path(slice);
    let tables = file::read_blocks(&path, database.label(slice))?;
    let mut damaged = Vec::new();
    for (table, blocks) in tables.iter().enumerate() {
        let found = blocks.damaged().map_err(|message| EgdbError::file(&path, message))?;
        damaged.extend(found.into_iter().map(|block| EgdbError::Damaged {
            path: path.clone(),
            slice: slice.to_string(),
            table,
            block,
        }));
    }
    Ok(FileCheck { checksums: tables.iter().all(|blocks| blocks.has_checksums()), damaged })
}

/// What checking a slice found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Check {
    /// Positions whose value was checked.
    pub checked: u64,
    /// Positions with a capture pending (no value stored, none checked).
    pub captures: u64,
    /// Indices that put two men on one square.
    pub unused: u64,
    /// Positions not checked because their value, or a successor's, is in a damaged
    /// block.
    pub unknown: u64,
    /// Positions whose stored value disagrees with their successors'.
    pub wrong: u64,
    /// The FEN of the first such position, with what is stored and what should be.
    pub first_wrong: Option<String>,
}

impl Check {
    /// Adds `other`'s counts to these, keeping the first wrong position found.
    pub fn add(&mut self, other: Check) {
        self.checked += other.checked;
        self.captures += other.captures;
        self.unused += other.unused;
        self.unknown += other.unknown;
        self.wrong += other.wrong;
        if self.first_wrong.is_none() {
            self.first_wrong = other.first_wrong;
        }
    }
}

/// Checks every position of `slice` against its successors' values, on `threads`
/// threads. Positions whose value, or a successor's, is in a damaged block are counted
/// as unknown.
///
/// # Errors
/// The slice's file, or one of a slice it needs, is missing or refused.
pub fn verify_slice(database: &Database, slice: Slice, threads: usize) -> Result<Check, EgdbError> {
    let variant = database.variant();
    let indexer = database.indexer();
    let mut total = Check::default();
    for table in slice.tables() {
        let check = in_chunks(
            indexer.table_size(table),
            threads,
            |range, check: &mut Check| {
                for index in range {
                    let Some(position) = indexer.position(variant, table, index) else {
                        check.unused += 1;
                        continue;
                    };
                    if position.has_capture() {
                        check.captures += 1;
                        continue;
                    }
                    let stored = known(database.stored(table, index))?;
                    let expected = evaluate(&position, |next| known(database.value(next)))?;
                    let (Some(stored), Some(expected)) = (stored, expected) else {
                        check.unknown += 1;
                        continue;
                    };
                    check.checked += 1;
                    if expected != stored {
                        check.wrong += 1;
                        if check.first_wrong.is_none() {
                            check.first_wrong = Some(format!(
                                "{}: stored {stored}, successors say {expected}",
                                position.to_fen()
                            ));
                        }
                    }
                }
                Ok(())
            },
            Check::add,
        )?;
        total.add(check);
    }
    Ok(total)
}

/// A value read, `None` when it is in a damaged block.
fn known(value: Result<Value, EgdbError>) -> Result<Option<Value>, EgdbError> {
    match value {
        Ok(value) => Ok(Some(value)),
        Err(EgdbError::Damaged { .. }) => Ok(None),
        Err(error) => Err(error),
    }
}
