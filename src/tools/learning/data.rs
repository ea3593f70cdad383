//! The self-play data format: a header, then fixed-size little-endian records, one per
//! quiet position, in the order the games were played.
//!
//! Header, 32 bytes:
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `CRHDSELF` |
//! | 8..10 | format version, u16 ([`VERSION`]) |
//! | 10..12 | record size in bytes, u16: 26 on 8x8 boards, 42 on 10x10 |
//! | 12..32 | rule set name as `--variant` takes it, ASCII, padded with NUL bytes |
//!
//! The file has no record count: records run to the end of the file, and a file that
//! ends inside a record is refused as truncated. Each record, with `W` = 4 bytes on 8x8
//! boards (32 playing squares) and 8 on 10x10 (50), all integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | `W` each | White's men, White's kings, Black's men, Black's kings: bit `n - 1` is the square numbered `n` in the rule set's numbering ([`Rules::square_number`]; algebraic rule sets number a1 = 1, c1 = 2, ...) |
//! | 1 | side to move: 0 White, 1 Black |
//! | 1 | result of the game for the side to move, i8: 1 win, 0 draw, -1 loss |
//! | 2 | search score for the side to move, i16, in centi-men (a man is 100); evaluations lie within ±8000, a forced win in `n` plies is `10000 - n` and a loss its negation ([`Score::centi_men`]) |
//! | 2 | ply, u16: half-moves played since the game's start position (the opening's moves and the random plies included) |
//! | 4 | game, u32: the game's index among the run's `--games`, from 0, the same in every shard |
//!
//! [`Rules::square_number`]: crate::rules::Rules::square_number
//! [`Score::centi_men`]: crate::engine::Score::centi_men

use std::io::{self, Read, Write};

use crate::regular_file;
use crate::rules::{Bitboard, Color, Position, Variant};

/// The magic bytes that open a self-play data file.
pub const MAGIC: [u8; 8] = *b"CRHDSELF";

/// The format version this build writes and reads.
pub const VERSION: u16 = 1;

/// The size of the header in bytes.
pub const HEADER_SIZE: usize = 32;

/// Bytes of the header that hold the rule set's name.
const NAME_SIZE: usize = HEADER_SIZE - 12;

/// Bytes of a record after the piece sets.
const TAIL_SIZE: usize = 10;

/// One quiet position of a self-play game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position (its rule set is the file's).
    pub position: Position,
    /// The search score for the side to move, in centi-men (see the module docs).
    pub score: i16,
    /// Half-moves played since the game's start position.
    pub ply: u16,
    /// The game's result for the side to move: 1 win, 0 draw, -1 loss.
    pub result: i8,
    /// The game's index among the run's games, from 0.
    pub game: u32,
}

/// Why a data file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The file does not start with [`MAGIC`].
    #[error("not a crownhead self-play data file (bad magic)")]
    BadMagic,
    /// The file is of another format version.
    #[error("data format version {found}, this build reads version {VERSION}")]
    Version {
        /// The version the file has.
        found: u16,
    },
    /// The header names no rule set this build knows.
    #[error("unknown rule set '{0}' in the header")]
    UnknownVariant(String),
    /// The header's record size is not the rule set's.
    #[error("record size {found} in the header, {expected} expected for {variant}")]
    RecordSize {
        /// The size the header gives.
        found: u16,
        /// The rule set's record size.
        expected: usize,
        /// The rule set.
        variant: Variant,
    },
    /// The file ends inside the header or a record.
    #[error("truncated file: it ends inside {}", match .record { Some(record) => format!("record {record}"), None => "the header".to_string() })]
    Truncated {
        /// The record it ends in, from 0 (none: the header).
        record: Option<u64>,
    },
    /// A record holds no position of the rule set.
    #[error("record {record}: {reason}")]
    BadRecord {
        /// The record, from 0.
        record: u64,
        /// What is wrong with it.
        reason: &'static str,
    },
}

/// The bytes of one piece set in a record of `variant`: 4 on 8x8 boards, 8 on 10x10 and
/// on Turkish's 64 squares.
fn set_size(variant: Variant) -> usize {
    if variant.rules().geometry.square_count() <= 32 { 4 } else { 8 }
}

/// The size in bytes of a record of `variant`.
pub fn record_size(variant: Variant) -> usize {
    4 * set_size(variant) + TAIL_SIZE
}

/// A set of squares as bits in square-number order.
fn numbered_bits(variant: Variant, set: Bitboard) -> u64 {
    let rules = variant.rules();
    set.into_iter().fold(0, |bits, square| bits | 1 << (rules.square_number(square) - 1))
}

/// The squares of bits in square-number order, if every bit is a square of the board.
fn squares_of_bits(variant: Variant, bits: u64) -> Option<Bitboard> {
    let rules = variant.rules();
    let mut set = Bitboard::EMPTY;
    for bit in 0..64 {
        if bits >> bit & 1 == 1 {
            set |= Bitboard::from_square(rules.square_from_number(bit + 1)?);
        }
    }
    Some(set)
}

impl Record {
    /// The record's bytes, [`record_size`] of them.
    pub fn encode(&self) -> Vec<u8> {
        let position = &self.position;
        let variant = position.variant();
        let width = set_size(variant);
        let mut bytes = Vec::with_capacity(record_size(variant));
        for color in Color::ALL {
            for set in [position.men(color), position.kings(color)] {
                bytes.extend_from_slice(&numbered_bits(variant, set).to_le_bytes()[..width]);
            }
        }
        bytes.push(position.side_to_move().index() as u8);
        bytes.extend_from_slice(&self.result.to_le_bytes());
        bytes.extend_from_slice(&self.score.to_le_bytes());
        bytes.extend_from_slice(&self.ply.to_le_bytes());
        bytes.extend_from_slice(&self.game.to_le_bytes());
        bytes
    }

    /// Reads a record of `variant` from its bytes; `index` numbers it in error messages.
    ///
    /// # Errors
    /// [`DataError::BadRecord`] when the bytes hold no position of the rule set (squares
    /// off the board, two pieces on a square, a bad side or result).
    pub fn decode(variant: Variant, bytes: &[u8], index: u64) -> Result<Record, DataError> {
        let bad = |reason| DataError::BadRecord { record: index, reason };
        let width = set_size(variant);
        if bytes.len() != record_size(variant) {
            return Err(bad("wrong record size"));
        }
        let mut sets = [Bitboard::EMPTY; 4];
        let mut seen = Bitboard::EMPTY;
        for (set, chunk) in sets.iter_mut().zip(bytes.chunks_exact(width)) {
            let mut word = [0; 8];
            word[..width].copy_from_slice(chunk);
            *set = squares_of_bits(variant, u64::from_le_bytes(word))
                .ok_or_else(|| bad("a square off the board"))?;
            if (seen & *set).any() {
                return Err(bad("two pieces on one square"));
            }
            seen |= *set;
        }
        let tail = &bytes[4 * width..];
        let side = match tail[0] {
            0 => Color::White,
            1 => Color::Black,
            _ => return Err(bad("side to move is neither 0 nor 1")),
        };
        let result = i8::from_le_bytes([tail[1]]);
        if !(-1..=1).contains(&result) {
            return Err(bad("result is not 1, 0 or -1"));
        }
        let [white_men, white_kings, black_men, black_kings] = sets;
        let kings = white_kings | black_kings;
        Ok(Record {
            position: Position::new(variant, side, white_men | white_kings, black_men | black_kings, kings),
            result,
            score: i16::from_le_bytes([tail[2], tail[3]]),
            ply: u16::from_le_bytes([tail[4], tail[5]]),
            game: u32::from_le_bytes([tail[6], tail[7], tail[8], tail[9]]),
        })
    }
}

/// Writes a data file: the header at once, then records.
pub struct Writer<W: Write> {
    inner: W,
    variant: Variant,
}

impl<W: Write> Writer<W> {
    /// Writes the header of a file of `variant` records to `inner`.
    ///
    /// # Errors
    /// When `inner` cannot be written.
    pub fn new(mut inner: W, variant: Variant) -> Result<Writer<W>, DataError> {
        let mut header = [0; HEADER_SIZE];
        header[..8].copy_from_slice(&MAGIC);
        header[8..10].copy_from_slice(&VERSION.to_le_bytes());
        let size = u16::try_from(record_size(variant)).unwrap_or(u16::MAX);
        header[10..12].copy_from_slice(&size.to_le_bytes());
        let name = variant.name().as_bytes();
        header[12..12 + name.len().min(NAME_SIZE)].copy_from_slice(&name[..name.len().min(NAME_SIZE)]);
        inner.write_all(&header)?;
        Ok(Writer { inner, variant })
    }

    /// Writes one record, whose position must be of the file's rule set.
    ///
    /// # Errors
    /// When the underlying writer fails.
    pub fn write(&mut self, record: &Record) -> Result<(), DataError> {
        debug_assert_eq!(record.position.variant(), self.variant);
        self.inner.write_all(&record.encode())?;
        Ok(())
    }

    /// Flushes what was written.
    ///
    /// # Errors
    /// When the underlying writer fails.
    pub fn flush(&mut self) -> Result<(), DataError> {
        self.inner.flush()?;
        Ok(())
    }
}

/// Reads a data file: the header at once, then the records as an iterator.
pub struct Reader<R: Read> {
    inner: R,
    variant: Variant,
    next: u64,
    failed: bool,
}

/// Fills `buffer` from `reader`: the number of bytes read, less than its length only at
/// the end of the input.
fn read_full(reader: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match reader.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(filled)
}

impl<R: Read> Reader<R> {
    /// Reads and checks the header.
    ///
    /// # Errors
    /// A short or foreign header, another format version, an unknown rule set or a
    /// record size that is not the rule set's.
    pub fn new(mut inner: R) -> Result<Reader<R>, DataError> {
        let mut header = [0; HEADER_SIZE];
        let read = read_full(&mut inner, &mut header)?;
        if header[..read.min(MAGIC.len())] != MAGIC[..read.min(MAGIC.len())] {
            return Err(DataError::BadMagic);
        }
        if read < HEADER_SIZE {
            return Err(DataError::Truncated { record: None });
        }
        let found = u16::from_le_bytes([header[8], header[9]]);
        if found != VERSION {
            return Err(DataError::Version { found });
        }
        let name_bytes = &header[12..];
        let name_end = name_bytes.iter().position(|&byte| byte == 0).unwrap_or(NAME_SIZE);
        let name = String::from_utf8_lossy(&name_bytes[..name_end]).into_owned();
        let variant: Variant = name.parse().map_err(|_| DataError::UnknownVariant(name))?;
        let size = u16::from_le_bytes([header[10], header[11]]);
        if usize::from(size) != record_size(variant) {
            return Err(DataError::RecordSize { found: size, expected: record_size(variant), variant });
        }
        Ok(Reader { inner, variant, next: 0, failed: false })
    }

    /// The rule set of the file's positions.
    pub fn variant(&self) -> Variant {
        self.variant
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Record, DataError>;

    /// The next record; after an error, nothing more.
    fn next(&mut self) -> Option<Result<Record, DataError>> {
        if self.failed {
            return None;
        }
        let mut bytes = vec![0; record_size(self.variant)];
        let record = match read_full(&mut self.inner, &mut bytes) {
            Ok(0) => return None,
            Ok(read) if read < bytes.len() => Err(DataError::Truncated { record: Some(self.next) }),
            Ok(_) => Record::decode(self.variant, &bytes, self.next),
            Err(error) => Err(error.into()),
        };
        self.failed = record.is_err();
        self.next += 1;
        Some(record)
    }
}

/// Reads a whole data file: its rule set and its records.
///
/// # Errors
/// The file cannot be read, or is not a valid data file ([`DataError`]).
pub fn read_file(path: &std::path::Path) -> Result<(Variant, Vec<Record>), DataError> {
    regular_file::check(path)?;
    let reader = Reader::new(std::io::BufReader::new(std::fs::File::open(path)?))?;
    let variant = reader.variant();
    let records = reader.collect::<Result<Vec<_>, _>>()?;
    Ok((variant, records))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(variant: Variant, fen: &str, score: i16) -> Record {
        let position = Position::from_fen(variant, fen).expect("a valid FEN");
        Record { position, score, ply: 57, result: -1, game: 1234 }
    }

    fn file(records: &[Record]) -> Vec<u8> {
        let mut writer = Writer::new(Vec::new(), records[0].position.variant()).expect("in memory");
        for record in records {
            writer.write(record).expect("in memory");
        }
        writer.inner
    }

    fn read(bytes: &[u8]) -> Result<Vec<Record>, DataError> {
        Reader::new(bytes)?.collect()
    }

    #[test]
    fn records_round_trip_on_both_boards() {
        for (variant, fen, size) in [
            (Variant::English, "B:W18,K32,K1:B14,K29,5", 26),
            (Variant::Italian, "W:WK1,14,22:B11,K30", 26),
            (Variant::Russian, "W:WKa1,c3,h2:Bb8,Kh8,d6", 26),
            (Variant::International, "W:W50,46,K1,K5,27:BK45,6,10,24", 42),
        ] {
            let records =
                [record(variant, fen, 9995), record(variant, &Position::start(variant).to_fen(), -37)];
            let bytes = file(&records);
            assert_eq!(bytes.len(), HEADER_SIZE + 2 * size, "{variant}");
            assert_eq!(record_size(variant), size);
            let read = read(&bytes).expect("a valid file");
            assert_eq!(read, records, "{variant}");
            assert_eq!(read[0].position.to_fen(), records[0].position.to_fen());
            assert_eq!(read[0].position.hash(), records[0].position.hash());
        }
    }

    #[test]
    fn squares_are_bits_in_number_order() {
        let record = record(Variant::English, "W:W21:BK32", 0);
        let bytes = record.encode();
        assert_eq!(bytes[..4], (1u32 << 20).to_le_bytes());
        assert_eq!(bytes[4..12], [0; 8]);
        assert_eq!(bytes[12..16], (1u32 << 31).to_le_bytes());
    }

    #[test]
    fn bad_files_are_refused() {
        let records = [record(Variant::English, "B:W18,K32:B14,K29", 12)];
        let good = file(&records);
        let error = |bytes: &[u8]| read(bytes).expect_err("a bad file").to_string();

        let mut magic = good.clone();
        magic[0] = b'X';
        assert_eq!(error(&magic), "not a crownhead self-play data file (bad magic)");
        assert_eq!(error(b"hello"), "not a crownhead self-play data file (bad magic)");
        assert_eq!(error(&good[..20]), "truncated file: it ends inside the header");

        let mut version = good.clone();
        version[8] = 9;
        assert_eq!(error(&version), "data format version 9, this build reads version 1");

        let mut variant = good.clone();
        variant[12..16].copy_from_slice(b"zzzz");
        assert!(error(&variant).starts_with("unknown rule set 'zzzzish'"), "{}", error(&variant));

        let mut size = good.clone();
        size[10] = 42;
        assert_eq!(error(&size), "record size 42 in the header, 26 expected for english");

        assert_eq!(error(&good[..good.len() - 1]), "truncated file: it ends inside record 0");

        let mut overlap = good.clone();
        overlap[HEADER_SIZE + 4..HEADER_SIZE + 8].copy_from_slice(&1u32.to_le_bytes());
        overlap[HEADER_SIZE..HEADER_SIZE + 4].copy_from_slice(&1u32.to_le_bytes());
        assert_eq!(error(&overlap), "record 0: two pieces on one square");

        let mut side = good.clone();
        side[HEADER_SIZE + 16] = 2;
        assert_eq!(error(&side), "record 0: side to move is neither 0 nor 1");

        let mut result = good.clone();
        result[HEADER_SIZE + 17] = 5;
        assert_eq!(error(&result), "record 0: result is not 1, 0 or -1");

        let international = file(&[record(Variant::International, "W:W50:B1", 0)]);
        let mut off_board = international.clone();
        off_board[HEADER_SIZE + 6] = 0x04; // bit 50: square 51
        assert_eq!(error(&off_board), "record 0: a square off the board");
    }
}
