//! Checking a database: every stored value of a position with no capture pending must be
//! the one its successors' values give (a won position has a move to a lost one, a lost
//! one has only moves to won ones, a drawn one neither).

use super::slice::Slice;
use super::solve::{evaluate, in_chunks};
use super::{Database, EgdbError};

/// What checking a slice found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Check {
    /// Positions whose value was checked.
    pub checked: u64,
    /// Positions with a capture pending (no value stored, none checked).
    pub captures: u64,
    /// Indices that put two men on one square.
    pub unused: u64,
    /// Positions whose stored value disagrees with their successors'.
    pub wrong: u64,
    /// The FEN of the first such position, with what is stored and what should be.
    pub first_wrong: Option<String>,
}

impl Check {
    fn add(&mut self, other: Check) {
        self.checked += other.checked;
        self.captures += other.captures;
        self.unused += other.unused;
        self.wrong += other.wrong;
        if self.first_wrong.is_none() {
            self.first_wrong = other.first_wrong;
        }
    }
}

/// Checks every position of `slice` against its successors' values, on `threads`
/// threads.
///
/// # Errors
/// The slice's file, or one of a slice it needs, is missing or bad.
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
                    let stored = database.stored(table, index)?;
                    let expected = evaluate(&position, |next| database.value(next).map(Some))?;
                    check.checked += 1;
                    if expected != Some(stored) {
                        check.wrong += 1;
                        if check.first_wrong.is_none() {
                            let expected = expected.map_or("unknown".to_string(), |value| value.to_string());
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
