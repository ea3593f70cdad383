//! The database file format: one file per slice, named by its id (`2101-5x.egdb`), in
//! the rule set's directory.
//!
//! All integers little-endian. Header, 64 bytes:
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `CRHDEGDB` |
//! | 8..10 | format version, u16 ([`VERSION`]) |
//! | 10..12 | playing squares of the board, u16: 32 or 50 |
//! | 12..28 | the rule set whose files these are (as `--variant` names it), ASCII, padded with NUL bytes |
//! | 28..34 | the slice's first table: the side to move's men, kings and leading rank, then the other side's, u8 each (rank 0 for a side without men) |
//! | 34 | tables in the file, u8: 1, or 2 (the first and its twin) |
//! | 35 | log2 of the positions in a block, u8 ([`BLOCK_LOG2`]) |
//! | 36..40 | zero |
//! | 40..48 | payload bytes, u64 |
//! | 48..56 | 64-bit FNV-1a hash of the payload, u64 |
//! | 56..64 | zero |
//!
//! The payload is each table in turn: its positions (u64, the table's size), its
//! blocks (u32), the end of each block's data counted from the start of the first
//! block's (u64 each), then the blocks. A block holds the values of `2^BLOCK_LOG2`
//! consecutive indices (fewer in the last) as two-bit codes, 1 win, 2 loss, 3 draw, for
//! the side to move, packed or as runs ([`blocks`](mod@blocks) describes both).
//!
//! Positions where the side to move has a capture, and unused indices, hold the table's
//! most common value, which lengthens runs: their real value comes from playing the
//! captures (see [`Database::value`](super::Database::value)). Nothing in a file depends
//! on when, where or with how many threads it was built.

use std::fs;
use std::io::Write;
use std::path::Path;

use super::EgdbError;
use super::blocks::{self, BLOCK_LOG2, Blocks};
use super::slice::{Side, Slice, TableKey};
use super::values::Codes;

/// The magic bytes that open a database file.
pub const MAGIC: [u8; 8] = *b"CRHDEGDB";

/// The format version this build writes and reads.
pub const VERSION: u16 = 1;

const HEADER_SIZE: usize = 64;
const NAME_SIZE: usize = 16;

/// The 64-bit FNV-1a hash of `bytes`.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// What a file names: the rule set's files, the board and the slice.
#[derive(Clone, Copy, Debug)]
pub struct Label<'a> {
    /// The name of the rule set whose files these are.
    pub rule_set: &'a str,
    /// Playing squares of the board.
    pub squares: usize,
    /// The slice.
    pub slice: Slice,
}

/// The bytes of a slice's file; `tables` are its tables in [`Slice::tables`] order, each
/// with a code from 1 to 3 at every index.
pub fn encode(label: Label<'_>, tables: &[&Codes]) -> Vec<u8> {
    let mut payload = Vec::new();
    for codes in tables {
        encode_table(codes, &mut payload);
    }
    let mut bytes = Vec::with_capacity(HEADER_SIZE + payload.len());
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&(label.squares as u16).to_le_bytes());
    let mut name = [0u8; NAME_SIZE];
    let length = label.rule_set.len().min(NAME_SIZE);
    name[..length].copy_from_slice(&label.rule_set.as_bytes()[..length]);
    bytes.extend_from_slice(&name);
    let TableKey { mover, other } = label.slice.first();
    bytes.extend_from_slice(&[mover.men, mover.kings, mover.rank, other.men, other.kings, other.rank]);
    bytes.extend_from_slice(&[tables.len() as u8, BLOCK_LOG2, 0, 0, 0, 0]);
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&fnv1a(&payload).to_le_bytes());
    bytes.extend_from_slice(&[0; 8]);
    bytes.extend_from_slice(&payload);
    bytes
}

fn encode_table(codes: &Codes, out: &mut Vec<u8>) {
    let mut data = Vec::new();
    let ends = blocks::encode(codes, &mut data);
    out.extend_from_slice(&codes.len().to_le_bytes());
    out.extend_from_slice(&(ends.len() as u32).to_le_bytes());
    ends.iter().for_each(|end| out.extend_from_slice(&end.to_le_bytes()));
    out.extend_from_slice(&data);
}

/// Writes a slice's file at `path`, first under a temporary name then renamed, so that a
/// file under its own name is always whole.
///
/// # Errors
/// The file cannot be written.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), EgdbError> {
    let error = |source: std::io::Error| EgdbError::file(path, format!("cannot write: {source}"));
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(error)?;
    }
    let temporary = path.with_extension("egdb.tmp");
    let mut file = fs::File::create(&temporary).map_err(error)?;
    file.write_all(bytes).and_then(|()| file.sync_all()).map_err(error)?;
    fs::rename(&temporary, path).map_err(error)
}

/// Reads the slice file at `path`: its tables' codes in [`Slice::tables`] order, checked
/// against `label`.
///
/// # Errors
/// The file cannot be read, is not a database file, is corrupt, or is of another rule
/// set, board or slice: the error names the path.
pub fn read(path: &Path, label: Label<'_>) -> Result<Vec<Codes>, EgdbError> {
    let tables = read_blocks(path, label)?;
    tables
        .iter()
        .map(Blocks::decode)
        .collect::<Result<_, _>>()
        .map_err(|message| EgdbError::file(path, message))
}

/// Reads the slice file at `path` as [`read`] does, keeping each table's blocks as they
/// are stored: values are decoded one at a time when read.
///
/// # Errors
/// As [`read`]; garbled runs inside a block are found only when read.
pub fn read_blocks(path: &Path, label: Label<'_>) -> Result<Vec<Blocks>, EgdbError> {
    let bytes = fs::read(path).map_err(|source| EgdbError::file(path, format!("cannot read: {source}")))?;
    parse(&bytes, label).map_err(|message| EgdbError::file(path, message))
}

/// Reads a file's bytes; the error says what is wrong.
fn parse(bytes: &[u8], label: Label<'_>) -> Result<Vec<Blocks>, String> {
    if bytes.len() < HEADER_SIZE || bytes[..8] != MAGIC {
        return Err("not a crownhead endgame database file (bad magic or too short)".into());
    }
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or_default());
    let version = u16_at(8);
    if version != VERSION {
        return Err(format!("format version {version}, this build reads version {VERSION}"));
    }
    let squares = usize::from(u16_at(10));
    let name_field = &bytes[12..12 + NAME_SIZE];
    let name = String::from_utf8_lossy(name_field.split(|&byte| byte == 0).next().unwrap_or_default());
    if name != label.rule_set || squares != label.squares {
        return Err(format!(
            "a database of {name} on {squares} squares, not of {} on {}",
            label.rule_set, label.squares
        ));
    }
    let side = |at: usize| Side { men: bytes[at], kings: bytes[at + 1], rank: bytes[at + 2] };
    let first = TableKey { mover: side(28), other: side(31) };
    let tables: Vec<TableKey> = label.slice.tables().collect();
    if first != label.slice.first() || usize::from(bytes[34]) != tables.len() {
        return Err(format!("the file does not hold slice {}", label.slice));
    }
    if bytes[35] != BLOCK_LOG2 {
        return Err(format!("blocks of 2^{} positions, this build reads 2^{BLOCK_LOG2}", bytes[35]));
    }
    let payload = &bytes[HEADER_SIZE..];
    if u64_at(40) != payload.len() as u64 {
        return Err(format!(
            "the file is {} bytes, its header announces {}: truncated or garbled",
            bytes.len(),
            HEADER_SIZE as u64 + u64_at(40)
        ));
    }
    if fnv1a(payload) != u64_at(48) {
        return Err("checksum mismatch: the file is corrupt".into());
    }
    let mut reader = Reader { bytes: payload, at: 0 };
    let codes = tables.iter().map(|_| parse_table(&mut reader)).collect::<Result<Vec<_>, _>>()?;
    if reader.at != payload.len() {
        return Err("bytes after the last table".into());
    }
    Ok(codes)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, count: u64) -> Result<&'a [u8], String> {
        let end = usize::try_from(count).ok().and_then(|count| self.at.checked_add(count));
        let taken = end.and_then(|end| self.bytes.get(self.at..end)).ok_or("the payload ends early")?;
        self.at += taken.len();
        Ok(taken)
    }

    fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().map_err(|_| "the payload ends early")?))
    }

    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().map_err(|_| "the payload ends early")?))
    }
}

fn parse_table(reader: &mut Reader<'_>) -> Result<Blocks, String> {
    let positions = reader.u64()?;
    let blocks = reader.u32()?;
    if u64::from(blocks) != positions.div_ceil(1 << BLOCK_LOG2) {
        return Err(format!("{blocks} blocks for {positions} positions"));
    }
    let ends = (0..blocks).map(|_| reader.u64()).collect::<Result<Vec<_>, _>>()?;
    let data = reader.take(ends.last().copied().unwrap_or(0))?;
    Blocks::new(positions, &ends, data.to_vec())
}
