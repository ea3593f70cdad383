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
//! | 48..52 | CRC-32 of the header's bytes 0..48 then of each table's index, u32 |
//! | 52..64 | zero |
//!
//! The payload is each table in turn: its *index*, that is its positions (u64, the
//! table's size), its blocks (u32), and for each block the end of its data counted from
//! the start of the first block's (u64) and the CRC-32 of its data (u32); then the
//! blocks. A block holds the values of `2^BLOCK_LOG2` consecutive indices (fewer in the
//! last) as two-bit codes, 1 win, 2 loss, 3 draw, for the side to move, packed or as
//! runs ([`blocks`](mod@blocks) describes both).
//!
//! Every byte is under a checksum, in two parts. The header and the indexes are small
//! and read when the file is opened: one CRC-32 covers them, and a file whose header or
//! index is damaged is refused, since nothing in it could be found. The blocks are nearly
//! all of the file and are read a block at a time: each has its own CRC-32, checked the
//! first time the block is read, so a damaged block costs its own values (unknown, not
//! wrong) and no more. The block checksums sit in the index rather than before each
//! block so that the blocks stay where the ends say and the index checksum covers them.
//!
//! Format 1, written before blocks had checksums, is still read ([`VERSION_1`]): the same
//! but for bytes 48..56 of the header, the 64-bit FNV-1a hash of the whole payload (56..64
//! zero), and indexes without block checksums. The hash is checked when the file is
//! opened, so a damaged file of format 1 is refused whole; `egdb verify` reports such
//! files as unchecked, and rebuilding one writes the current format.
//!
//! Positions where the side to move has a capture, and unused indices, hold the table's
//! most common value, which lengthens runs: their real value comes from playing the
//! captures (see [`Database::value`](super::Database::value)). Nothing in a file depends
//! on when, where or with how many threads it was built.

use std::fs;
use std::io::Write;
use std::ops::Range;
use std::path::Path;

use super::EgdbError;
use super::blocks::{self, BLOCK_LOG2, Blocks};
use super::slice::{Side, Slice, TableKey};
use super::values::Codes;
use crate::regular_file;

/// The magic bytes that open a database file.
pub const MAGIC: [u8; 8] = *b"CRHDEGDB";

/// The format version this build writes: blocks with checksums.
pub const VERSION: u16 = 2;

/// The format version of files written before blocks had checksums, still read.
pub const VERSION_1: u16 = 1;

const HEADER_SIZE: usize = 64;
const NAME_SIZE: usize = 16;
/// The header's bytes the index checksum covers, before the checksum itself.
const SUMMED_HEADER: usize = 48;

/// The 64-bit FNV-1a hash of `bytes`, the payload checksum of format 1.
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
    let indexes: Vec<Range<usize>> = tables.iter().map(|codes| encode_table(codes, &mut payload)).collect();
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
    let sum = index_sum(&bytes, &payload, &indexes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes.extend_from_slice(&[0; HEADER_SIZE - SUMMED_HEADER - 4]);
    bytes.extend_from_slice(&payload);
    bytes
}

/// The CRC-32 of the header's first bytes then of the indexes at `indexes` in `payload`.
fn index_sum(header: &[u8], payload: &[u8], indexes: &[Range<usize>]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(&header[..SUMMED_HEADER]);
    indexes.iter().for_each(|index| hasher.update(&payload[index.clone()]));
    hasher.finalize()
}

/// Appends a table's index then its blocks to `out`; where the index is.
fn encode_table(codes: &Codes, out: &mut Vec<u8>) -> Range<usize> {
    let mut data = Vec::new();
    let frames = blocks::encode(codes, &mut data);
    let start = out.len();
    out.extend_from_slice(&codes.len().to_le_bytes());
    out.extend_from_slice(&(frames.len() as u32).to_le_bytes());
    for frame in &frames {
        out.extend_from_slice(&frame.end.to_le_bytes());
        out.extend_from_slice(&frame.sum.to_le_bytes());
    }
    let index = start..out.len();
    out.extend_from_slice(&data);
    index
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

/// Reads the slice file at `path`: its tables in [`Slice::tables`] order, checked
/// against `label`, each table's blocks kept as they are stored (values are decoded when
/// read, and each block's checksum checked the first time it is read).
///
/// # Errors
/// The file cannot be read, is not a database file, its header or an index is damaged
/// (or, in format 1, any byte), or it is of another rule set, board or slice: the error
/// names the path. Damaged blocks are found only when read.
pub fn read_blocks(path: &Path, label: Label<'_>) -> Result<Vec<Blocks>, EgdbError> {
    let bytes =
        regular_file::read(path).map_err(|source| EgdbError::file(path, format!("cannot read: {source}")))?;
    parse(&bytes, label).map_err(|message| EgdbError::file(path, message))
}

/// A slice file's tables from its bytes, as [`read_blocks`] reads them from the file.
///
/// # Errors
/// As [`read_blocks`]'s, the error saying what is wrong.
pub fn parse(bytes: &[u8], label: Label<'_>) -> Result<Vec<Blocks>, String> {
    let version = check_header(bytes, label)?;
    let payload = &bytes[HEADER_SIZE..];
    if version == VERSION_1 && fnv1a(payload) != u64_at(bytes, 48) {
        return Err("checksum mismatch: the file is corrupt".into());
    }
    let mut reader = Reader { bytes: payload, at: 0 };
    let tables =
        label.slice.tables().map(|_| parse_table(&mut reader, version)).collect::<Result<Vec<_>, _>>()?;
    if reader.at != payload.len() {
        return Err("bytes after the last table".into());
    }
    let indexes: Vec<Range<usize>> = tables.iter().map(|table| table.index.clone()).collect();
    if version == VERSION && index_sum(bytes, payload, &indexes).to_le_bytes() != bytes[48..52] {
        return Err("checksum mismatch: the header or a table's index is damaged".into());
    }
    tables
        .into_iter()
        .map(|table| Blocks::new(table.positions, &table.ends, table.sums, table.data.to_vec()))
        .collect()
}

/// The slice files of a *bundle*, slice files one after another (as the built-in
/// databases are stored): each file's slice and bytes, in order. Only the headers'
/// magic, slice and payload size are read here; each file is checked in full when it is
/// parsed.
///
/// # Errors
/// A file is too short for its header, is not a database file, or runs past the end.
pub fn split_bundle(bytes: &[u8]) -> Result<Vec<(Slice, &[u8])>, String> {
    let mut files = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        if rest.len() < HEADER_SIZE || rest[..8] != MAGIC {
            return Err(format!("byte {}: not a slice file's header", bytes.len() - rest.len()));
        }
        let size =
            usize::try_from(u64_at(rest, 40)).ok().and_then(|payload| payload.checked_add(HEADER_SIZE));
        let Some(file) = size.and_then(|size| rest.get(..size)) else {
            return Err(format!("byte {}: a slice file runs past the end", bytes.len() - rest.len()));
        };
        files.push((Slice::of(first_table(file)), file));
        rest = &rest[file.len()..];
    }
    Ok(files)
}

/// The little-endian u64 at `at` in `bytes`, which holds it.
fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or_default())
}

/// Checks a file's header against `label`; the format version.
fn check_header(bytes: &[u8], label: Label<'_>) -> Result<u16, String> {
    if bytes.len() < HEADER_SIZE || bytes[..8] != MAGIC {
        return Err("not a crownhead endgame database file (bad magic or too short)".into());
    }
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let version = u16_at(8);
    if version != VERSION && version != VERSION_1 {
        return Err(format!("format version {version}, this build reads versions {VERSION_1} and {VERSION}"));
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
    if first_table(bytes) != label.slice.first() || usize::from(bytes[34]) != label.slice.tables().count() {
        return Err(format!("the file does not hold slice {}", label.slice));
    }
    if bytes[35] != BLOCK_LOG2 {
        return Err(format!("blocks of 2^{} positions, this build reads 2^{BLOCK_LOG2}", bytes[35]));
    }
    let payload = (bytes.len() - HEADER_SIZE) as u64;
    if u64_at(bytes, 40) != payload {
        return Err(format!(
            "the file is {} bytes, its header announces {}: truncated or garbled",
            bytes.len(),
            (HEADER_SIZE as u64).saturating_add(u64_at(bytes, 40))
        ));
    }
    if version == VERSION && bytes[SUMMED_HEADER + 4..HEADER_SIZE].iter().any(|&byte| byte != 0) {
        return Err("the header is garbled (bytes 52..64 are not zero)".into());
    }
    Ok(version)
}

/// The first table of the slice a header names, from a file's bytes (at least a
/// header's).
fn first_table(bytes: &[u8]) -> TableKey {
    let side = |at: usize| Side { men: bytes[at], kings: bytes[at + 1], rank: bytes[at + 2] };
    TableKey { mover: side(28), other: side(31) }
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

    /// Bytes not read yet.
    fn left(&self) -> u64 {
        (self.bytes.len() - self.at) as u64
    }
}

/// A table as its file holds it, before its blocks' framing is checked.
struct RawTable<'a> {
    positions: u64,
    ends: Vec<u64>,
    /// The blocks' checksums; `None` in format 1.
    sums: Option<Vec<u32>>,
    data: &'a [u8],
    /// Where its index is in the payload.
    index: Range<usize>,
}

fn parse_table<'a>(reader: &mut Reader<'a>, version: u16) -> Result<RawTable<'a>, String> {
    let start = reader.at;
    let positions = reader.u64()?;
    let blocks = reader.u32()?;
    if u64::from(blocks) != positions.div_ceil(1 << BLOCK_LOG2) {
        return Err(format!("{blocks} blocks for {positions} positions"));
    }
    let summed = version == VERSION;
    let entry = if summed { 12 } else { 8 };
    // Checked before anything is allocated for them.
    if u64::from(blocks) * entry > reader.left() {
        return Err("the payload ends early".into());
    }
    let mut ends = Vec::with_capacity(blocks as usize);
    let mut sums = Vec::with_capacity(if summed { blocks as usize } else { 0 });
    for _ in 0..blocks {
        ends.push(reader.u64()?);
        if summed {
            sums.push(reader.u32()?);
        }
    }
    let index = start..reader.at;
    let data = reader.take(ends.last().copied().unwrap_or(0))?;
    Ok(RawTable { positions, ends, sums: summed.then_some(sums), data, index })
}
