//! The books built into the binary, from the repository's `books/` directory (its
//! README says how each was grown).

use std::sync::{Arc, OnceLock};

use super::file::BookFile;
use super::lookup::Book;
use crate::rules::Variant;

/// Each built-in book file, with the rule set it is for.
const FILES: &[(Variant, &[u8])] = &[
    (Variant::English, include_bytes!("../../books/english.book")),
    (Variant::Russian, include_bytes!("../../books/russian.book")),
    (Variant::International, include_bytes!("../../books/international.book")),
];

/// The built-in books, each read and backed up at the first use of its rule set (a game
/// of one rule set does not pay for the others'). The files are part of the build and
/// the tests read each one, so a broken one is a defect of the build, not an input.
static BOOKS: [OnceLock<Arc<Book>>; FILES.len()] = [const { OnceLock::new() }; FILES.len()];

/// The built-in book of `variant`, if it has one.
pub fn builtin(variant: Variant) -> Option<Arc<Book>> {
    let index = FILES.iter().position(|(of, _)| *of == variant)?;
    let book = BOOKS[index].get_or_init(|| {
        let file = BookFile::from_bytes(FILES[index].1)
            .unwrap_or_else(|error| panic!("built-in {variant} book: {error}"));
        Arc::new(Book::new(file))
    });
    Some(Arc::clone(book))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_book_reads_and_is_of_its_rule_set() {
        for (variant, bytes) in FILES {
            let file = BookFile::from_bytes(bytes).unwrap_or_else(|error| panic!("{variant}: {error}"));
            assert_eq!(file.tree.variant(), *variant);
            assert!(
                builtin(*variant)
                    .is_some_and(|book| !book.moves(&crate::rules::Position::start(*variant)).is_empty())
            );
        }
    }
}
