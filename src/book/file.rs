//! The book's file: a header, the tree written from the start position in preorder, and
//! a checksum.
//!
//! ```text
//! magic      8 bytes   "CHBOOK" 0 1 (format version 1)
//! variant    1 byte    length, then the rule set's name
//! nodes      8 bytes   nodes each leaf was searched to (u64, little-endian; provenance)
//! positions  4 bytes   how many distinct positions follow (u32)
//! tree       from the start position, each position once, in preorder:
//!              0, score (i16)     a leaf and its score for the side to move
//!              1, count (u8)      expanded: its `count` moves follow, in the order of
//!                                 `tree::children` (the count must match the rules)
//!              2                  a position written earlier (a transposition)
//! checksum   4 bytes   CRC-32 of everything before it
//! ```
//!
//! Positions are not stored, only moves' places in an order, so the file is small (about
//! 2.5 bytes a position) and is read by replaying the moves.

use std::fs;
use std::path::Path;

use ahash::AHashSet;

use super::tree::{Node, Tree, children};
use crate::regular_file;
use crate::rules::{Position, Variant};

const MAGIC: &[u8; 8] = b"CHBOOK\x00\x01";
const LEAF: u8 = 0;
const INTERIOR: u8 = 1;
const SEEN: u8 = 2;
/// Lines longer than this are refused when reading: no opening book goes so deep, and a
/// damaged file must not exhaust memory.
const MAX_LINE: usize = 1_000;

/// Why a book could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// The bytes are not a sound book: damaged, cut short, or of another format.
    #[error("not a crownhead book: {0}")]
    Corrupt(String),
    /// The book is of another rule set than the one asked for.
    #[error("the book is for {found}, not {wanted}")]
    WrongVariant {
        /// The rule set the book is for.
        found: Variant,
        /// The rule set asked for.
        wanted: Variant,
    },
}

/// A book read from a file, with the nodes its leaves were searched to.
#[derive(Clone, Debug)]
pub struct BookFile {
    /// The positions.
    pub tree: Tree,
    /// Nodes each leaf was searched to (0: not recorded).
    pub nodes: u64,
}

impl BookFile {
    /// Reads the book in the file at `path`.
    ///
    /// # Errors
    /// The path is not a regular file (a FIFO, a device or a directory, refused before it
    /// is opened), or the file cannot be read or is not a sound book.
    pub fn read(path: &Path) -> Result<BookFile, BookError> {
        let io = |source| BookError::Io { path: path.display().to_string(), source };
        regular_file::check(path).map_err(io)?;
        let bytes = fs::read(path).map_err(io)?;
        BookFile::from_bytes(&bytes)
    }

    /// Reads a book from its bytes.
    ///
    /// # Errors
    /// The bytes are not a sound book.
    pub fn from_bytes(bytes: &[u8]) -> Result<BookFile, BookError> {
        let corrupt = |what: &str| BookError::Corrupt(what.to_string());
        let (body, checksum) =
            bytes.split_at_checked(bytes.len().saturating_sub(4)).ok_or_else(|| corrupt("empty"))?;
        if checksum.len() != 4 || crc32fast::hash(body).to_le_bytes() != checksum {
            return Err(corrupt("its checksum does not match (damaged or cut short)"));
        }
        let mut reader = Reader { bytes: body, at: 0 };
        if reader.take(MAGIC.len())? != MAGIC {
            return Err(corrupt("no book header"));
        }
        let name_length = reader.byte()?;
        let name = std::str::from_utf8(reader.take(name_length.into())?)
            .map_err(|_| corrupt("a bad rule-set name"))?;
        let variant: Variant =
            name.parse().map_err(|_| BookError::Corrupt(format!("unknown rule set '{name}'")))?;
        let nodes = u64::from_le_bytes(reader.array()?);
        let positions = u32::from_le_bytes(reader.array()?) as usize;
        let tree = read_tree(&mut reader, variant)?;
        if reader.at != body.len() {
            return Err(corrupt("bytes after the tree"));
        }
        if tree.len() != positions {
            return Err(BookError::Corrupt(format!("{} positions, the header says {positions}", tree.len())));
        }
        Ok(BookFile { tree, nodes })
    }

    /// Refuses a book of another rule set than `wanted`.
    ///
    /// # Errors
    /// The book is for another rule set.
    pub fn check_variant(&self, wanted: Variant) -> Result<(), BookError> {
        let found = self.tree.variant();
        if found == wanted { Ok(()) } else { Err(BookError::WrongVariant { found, wanted }) }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let name = self.tree.variant().name();
        let mut bytes = MAGIC.to_vec();
        bytes.push(name.len() as u8);
        bytes.extend_from_slice(name.as_bytes());
        bytes.extend_from_slice(&self.nodes.to_le_bytes());
        bytes.extend_from_slice(&(self.tree.len() as u32).to_le_bytes());
        write_tree(&self.tree, &mut bytes);
        let checksum = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes
    }

    /// Writes the book to `path`, through a file beside it renamed into place, so that a
    /// build stopped while writing leaves the last whole book.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn write(&self, path: &Path) -> Result<(), BookError> {
        let io = |source| BookError::Io { path: path.display().to_string(), source };
        let partial = path.with_extension("partial");
        fs::write(&partial, self.to_bytes()).map_err(io)?;
        fs::rename(&partial, path).map_err(io)
    }
}

/// A cursor over a book's bytes.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Result<&'a [u8], BookError> {
        let taken =
            self.bytes.get(self.at..self.at + count).ok_or_else(|| BookError::Corrupt("cut short".into()))?;
        self.at += count;
        Ok(taken)
    }

    fn byte(&mut self) -> Result<u8, BookError> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], BookError> {
        let mut array = [0; N];
        array.copy_from_slice(self.take(N)?);
        Ok(array)
    }
}

/// Reads the tree from the start position of `variant`, replaying the moves.
fn read_tree(reader: &mut Reader, variant: Variant) -> Result<Tree, BookError> {
    let mut tree = Tree::new(variant);
    // The expanded positions being read, each with the positions of its moves still to read.
    let mut line: Vec<std::vec::IntoIter<Position>> = Vec::new();
    let mut next = Some(Position::start(variant));
    while let Some(position) = next {
        if let Some(moves) = read_node(reader, &mut tree, &position)? {
            if line.len() == MAX_LINE {
                return Err(BookError::Corrupt(format!("a line longer than {MAX_LINE} plies")));
            }
            line.push(moves.into_iter());
        }
        next = next_in_line(&mut line);
    }
    Ok(tree)
}

/// The next position of a walk of the tree in preorder: the next move's position of the
/// deepest expanded position still being walked (`line`), dropping those walked through.
fn next_in_line(line: &mut Vec<std::vec::IntoIter<Position>>) -> Option<Position> {
    while let Some(moves) = line.last_mut() {
        if let Some(child) = moves.next() {
            return Some(child);
        }
        line.pop();
    }
    None
}

/// Reads the node of `position` into `tree`: for an expanded position, the positions of
/// its moves, to be read next.
fn read_node(
    reader: &mut Reader,
    tree: &mut Tree,
    position: &Position,
) -> Result<Option<Vec<Position>>, BookError> {
    let known = tree.node(position).is_some();
    let tag = reader.byte()?;
    if (tag == SEEN) != known {
        let what =
            if known { "a position written twice" } else { "a transposition to a position not written" };
        return Err(BookError::Corrupt(what.into()));
    }
    match tag {
        LEAF => {
            tree.insert_leaf(position, i16::from_le_bytes(reader.array()?).into());
            Ok(None)
        }
        INTERIOR => {
            let count = usize::from(reader.byte()?);
            let moves = children(position);
            if count != moves.len() {
                let message =
                    format!("an expanded position with {count} moves, where the rules give {}", moves.len());
                return Err(BookError::Corrupt(message));
            }
            tree.set_interior(position);
            Ok(Some(moves.into_iter().map(|(_, child)| child).collect()))
        }
        SEEN => Ok(None),
        _ => Err(BookError::Corrupt(format!("an unknown node tag {tag}"))),
    }
}

/// Writes the tree from the start position in preorder.
fn write_tree(tree: &Tree, bytes: &mut Vec<u8>) {
    let start = Position::start(tree.variant());
    if tree.node(&start).is_none() {
        return;
    }
    let mut written = AHashSet::new();
    let mut line: Vec<std::vec::IntoIter<Position>> = Vec::new();
    let mut next = Some(start);
    while let Some(position) = next {
        if !written.insert(position.hash()) {
            bytes.push(SEEN);
        } else {
            match tree.node(&position) {
                Some(Node::Leaf(score)) => {
                    bytes.push(LEAF);
                    bytes.extend_from_slice(&score.to_le_bytes());
                }
                Some(Node::Interior) => {
                    let moves = children(&position);
                    bytes.push(INTERIOR);
                    bytes.push(moves.len() as u8);
                    line.push(moves.into_iter().map(|(_, child)| child).collect::<Vec<_>>().into_iter());
                }
                None => unreachable!("an expanded position has every move's position in the book"),
            }
        }
        next = next_in_line(&mut line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// English's start expanded, its seven moves' positions leaves scored 1 to 7, and
    /// 11-15 expanded too, with a transposition: 11-15 23-19 9-14 and 9-14 23-19 11-15
    /// meet, so the second line's end is written as seen.
    fn small_book() -> BookFile {
        let mut tree = Tree::new(Variant::English);
        let start = Position::start(Variant::English);
        tree.set_interior(&start);
        for (score, (_, child)) in children(&start).into_iter().enumerate() {
            tree.insert_leaf(&child, score as i32 + 1);
        }
        let mut expand = |line: &str| {
            let mut position = start;
            for text in line.split_whitespace() {
                let mv = position.parse_move(text).expect("legal");
                if tree.node(&position) != Some(Node::Interior) {
                    for (_, child) in children(&position) {
                        tree.insert_leaf(&child, -3);
                    }
                    tree.set_interior(&position);
                }
                position = position.play(&mv);
            }
        };
        expand("11-15 23-19 9-14");
        expand("9-14 23-19 11-15");
        BookFile { tree, nodes: 1234 }
    }

    #[test]
    fn a_book_reads_back_as_written() {
        let book = small_book();
        let bytes = book.to_bytes();
        let read = BookFile::from_bytes(&bytes).expect("it reads");
        assert_eq!(read.tree, book.tree);
        assert_eq!(read.nodes, 1234);
    }

    #[test]
    fn damaged_and_foreign_bytes_are_refused() {
        let bytes = small_book().to_bytes();
        for cut in [0, 1, 8, bytes.len() / 2, bytes.len() - 1] {
            assert!(BookFile::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut flipped = bytes.clone();
        flipped[20] ^= 1;
        assert!(BookFile::from_bytes(&flipped).is_err());
        assert!(BookFile::from_bytes(b"not a book at all").is_err());
    }

    /// A body that is sound but wrong for the rules: an expanded start with five moves,
    /// where English has seven, with a good checksum.
    #[test]
    fn a_tree_that_does_not_fit_the_rules_is_refused() {
        let mut bytes = MAGIC.to_vec();
        bytes.push(7);
        bytes.extend_from_slice(b"english");
        bytes.extend_from_slice(&0u64.to_le_bytes());
        bytes.extend_from_slice(&6u32.to_le_bytes());
        bytes.extend_from_slice(&[INTERIOR, 5]);
        for _ in 0..5 {
            bytes.extend_from_slice(&[LEAF, 0, 0]);
        }
        bytes.extend_from_slice(&crc32fast::hash(&bytes).to_le_bytes());
        let error = BookFile::from_bytes(&bytes).expect_err("refused").to_string();
        assert!(error.contains("with 5 moves, where the rules give 7"), "{error}");
    }
}
