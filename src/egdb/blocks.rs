//! A table's values as its file stores them: blocks of `2^BLOCK_LOG2` two-bit codes, each
//! either packed four to a byte or as runs, whichever is shorter. A value is read from
//! its block without decoding the table, so a database probed by the search stays about
//! the size of its files in memory.
//!
//! A block's data opens with its encoding:
//!
//! - 0, packed: four codes a byte, lowest bits first;
//! - 1, runs: each run of equal codes as the LEB128 number `(length - 1) * 4 + code`.
//!
//! Each block has a CRC-32 of its data (files of format 1 have none). It is checked the
//! first time the block is read, then its encoding: a block whose data does not match
//! its checksum is *damaged*, its values unknown, and the other blocks still read.

use std::sync::atomic::{AtomicU8, Ordering};

use super::values::Codes;

/// Log2 of the positions in a block.
pub const BLOCK_LOG2: u8 = 14;

/// Positions in a block.
const BLOCK: u64 = 1 << BLOCK_LOG2;

const PACKED: u8 = 0;
const RUNS: u8 = 1;

/// What is known of a block, kept in an [`AtomicU8`] once it has been checked.
const UNCHECKED: u8 = 0;
const SOUND: u8 = 1;
const DAMAGED: u8 = 2;
const GARBLED: u8 = 3;

/// Where a block's data ends, counted from the start of the first block's, and the
/// CRC-32 of its data (its encoding byte included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The end of the block's data.
    pub end: u64,
    /// The CRC-32 of the block's data.
    pub sum: u32,
}

/// Why a value cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Its block's data does not match the block's checksum: every value of the block is
    /// unknown.
    Damaged {
        /// The block's number in its table, from 0.
        block: usize,
    },
    /// The index is beyond the table, or the block's data is garbled although its
    /// checksum matches (or it has none): what is wrong.
    Garbled(&'static str),
}

/// Appends to `out` the blocks of `codes` (each code 1 to 3), and returns each block's
/// [`Frame`].
pub fn encode(codes: &Codes, out: &mut Vec<u8>) -> Vec<Frame> {
    let first = out.len();
    let mut frames = Vec::with_capacity(codes.len().div_ceil(BLOCK) as usize);
    for start in (0..codes.len()).step_by(BLOCK as usize) {
        let end = (start + BLOCK).min(codes.len());
        let packed = pack(codes, start, end);
        let runs = runs(codes, start, end);
        let block = out.len();
        if runs.len() < packed.len() {
            out.push(RUNS);
            out.extend_from_slice(&runs);
        } else {
            out.push(PACKED);
            out.extend_from_slice(&packed);
        }
        frames.push(Frame { end: (out.len() - first) as u64, sum: crc32fast::hash(&out[block..]) });
    }
    frames
}

fn pack(codes: &Codes, start: u64, end: u64) -> Vec<u8> {
    let mut packed = vec![0u8; (end - start).div_ceil(4) as usize];
    for index in start..end {
        let offset = index - start;
        packed[(offset / 4) as usize] |= codes.get(index) << (2 * (offset % 4));
    }
    packed
}

fn runs(codes: &Codes, start: u64, end: u64) -> Vec<u8> {
    let mut out = Vec::new();
    let mut index = start;
    while index < end {
        let code = codes.get(index);
        let mut length = 1;
        while index + length < end && codes.get(index + length) == code {
            length += 1;
        }
        let mut token = (length - 1) * 4 + u64::from(code);
        while token >= 0x80 {
            out.push((token as u8 & 0x7f) | 0x80);
            token >>= 7;
        }
        out.push(token as u8);
        index += length;
    }
    out
}

/// The runs of a block's data, as (code, length), each checked: a code from 1 to 3 and
/// a length that keeps inside the block's `count` positions.
struct Runs<'a> {
    data: &'a [u8],
    left: u64,
}

impl Iterator for Runs<'_> {
    type Item = Result<(u8, u64), &'static str>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return (!self.data.is_empty()).then_some(Err("bytes after the runs"));
        }
        let mut token = 0u64;
        let mut shift = 0;
        loop {
            let Some((&next, rest)) = self.data.split_first() else {
                return Some(Err("runs end early"));
            };
            self.data = rest;
            if shift > 56 {
                return Some(Err("an overlong run"));
            }
            token |= u64::from(next & 0x7f) << shift;
            shift += 7;
            if next & 0x80 == 0 {
                break;
            }
        }
        let (code, length) = ((token & 3) as u8, token / 4 + 1);
        if code == 0 || length > self.left {
            return Some(Err("a bad run"));
        }
        self.left -= length;
        Some(Ok((code, length)))
    }
}

/// One table's blocks, read a value at a time.
#[derive(Debug)]
pub struct Blocks {
    positions: u64,
    /// Where each block's data starts in `data`, then where the last ends.
    starts: Vec<usize>,
    data: Vec<u8>,
    /// Each block's CRC-32; `None` in a file of format 1.
    sums: Option<Vec<u32>>,
    /// What is known of each block: not checked yet, sound, damaged or garbled.
    states: Vec<AtomicU8>,
}

impl Blocks {
    /// The blocks of a table of `positions` values, from their data, where each block's
    /// ends and their checksums (as [`encode`] returns them; `None` for a file without
    /// any). The framing is checked here: the number of blocks and their bounds; each
    /// block's checksum and encoding are checked when it is first read, its runs as they
    /// are read.
    ///
    /// # Errors
    /// What is wrong with the framing.
    pub fn new(
        positions: u64,
        ends: &[u64],
        sums: Option<Vec<u32>>,
        data: Vec<u8>,
    ) -> Result<Blocks, String> {
        if ends.len() as u64 != positions.div_ceil(BLOCK) {
            return Err(format!("{} blocks for {positions} positions", ends.len()));
        }
        if sums.as_ref().is_some_and(|sums| sums.len() != ends.len()) {
            return Err(format!(
                "checksums for {} blocks, not {}",
                sums.map_or(0, |sums| sums.len()),
                ends.len()
            ));
        }
        let mut starts = Vec::with_capacity(ends.len() + 1);
        starts.push(0);
        for (number, &end) in ends.iter().enumerate() {
            let start = starts[number];
            let end = usize::try_from(end).ok().filter(|&end| end > start && end <= data.len());
            starts.push(end.ok_or("bad block offsets")?);
        }
        if starts.last() != Some(&data.len()) {
            return Err("bytes after the last block".into());
        }
        let states = ends.iter().map(|_| AtomicU8::new(UNCHECKED)).collect();
        Ok(Blocks { positions, starts, data, sums, states })
    }

    /// Positions in block `number` of a table of `positions`.
    fn count(positions: u64, number: usize) -> u64 {
        (positions - number as u64 * BLOCK).min(BLOCK)
    }

    /// The number of values.
    pub fn len(&self) -> u64 {
        self.positions
    }

    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.positions == 0
    }

    /// Whether the blocks have checksums (files of format 1 have none).
    pub fn has_checksums(&self) -> bool {
        self.sums.is_some()
    }

    /// The number of blocks.
    pub fn blocks(&self) -> usize {
        self.states.len()
    }

    /// Block `number`'s encoding byte, then its data.
    fn block(&self, number: usize) -> (u8, &[u8]) {
        let (start, end) = (self.starts[number], self.starts[number + 1]);
        (self.data[start], &self.data[start + 1..end])
    }

    /// Checks block `number` the first time it is read, its checksum then its encoding
    /// and length (what its runs say is checked as they are read), and remembers the
    /// answer. Threads that check a block at once find the same.
    ///
    /// # Errors
    /// The block is damaged or garbled.
    pub fn check(&self, number: usize) -> Result<(), Unreadable> {
        let state = match self.states[number].load(Ordering::Relaxed) {
            UNCHECKED => {
                let state = self.first_check(number);
                self.states[number].store(state, Ordering::Relaxed);
                state
            }
            known => known,
        };
        match state {
            SOUND => Ok(()),
            DAMAGED => Err(Unreadable::Damaged { block: number }),
            _ => Err(Unreadable::Garbled("a block's encoding is garbled")),
        }
    }

    fn first_check(&self, number: usize) -> u8 {
        let whole = &self.data[self.starts[number]..self.starts[number + 1]];
        if self.sums.as_ref().is_some_and(|sums| crc32fast::hash(whole) != sums[number]) {
            return DAMAGED;
        }
        let (encoding, data) = self.block(number);
        let count = Blocks::count(self.positions, number);
        match encoding {
            PACKED if data.len() as u64 == count.div_ceil(4) => SOUND,
            RUNS => SOUND,
            _ => GARBLED,
        }
    }

    /// The numbers of the damaged blocks, each block checked (see [`Blocks::check`]).
    ///
    /// # Errors
    /// A block is garbled although its checksum matches.
    pub fn damaged(&self) -> Result<Vec<usize>, &'static str> {
        let mut damaged = Vec::new();
        for number in 0..self.blocks() {
            match self.check(number) {
                Ok(()) => {}
                Err(Unreadable::Damaged { block }) => damaged.push(block),
                Err(Unreadable::Garbled(message)) => return Err(message),
            }
        }
        Ok(damaged)
    }

    /// The code (1 to 3) at `index`, below [`Blocks::len`].
    ///
    /// # Errors
    /// The index is out of the table, or its block is damaged or garbled.
    pub fn get(&self, index: u64) -> Result<u8, Unreadable> {
        if index >= self.positions {
            return Err(Unreadable::Garbled("an index beyond the table"));
        }
        let number = (index / BLOCK) as usize;
        self.check(number)?;
        let (encoding, data) = self.block(number);
        let offset = index % BLOCK;
        let code = if encoding == PACKED {
            (data[(offset / 4) as usize] >> (2 * (offset % 4))) & 3
        } else {
            let mut first = 0;
            let runs = Runs { data, left: Blocks::count(self.positions, number) };
            let mut found = None;
            for run in runs {
                let (code, length) = run.map_err(Unreadable::Garbled)?;
                first += length;
                if offset < first {
                    found = Some(code);
                    break;
                }
            }
            found.ok_or(Unreadable::Garbled("runs end early"))?
        };
        if code == 0 { Err(Unreadable::Garbled("an unknown value is stored")) } else { Ok(code) }
    }

    /// Every value, decoded; those of a damaged block are 0 (unknown).
    ///
    /// # Errors
    /// A block is garbled although its checksum matches (or it has none): the error
    /// names it.
    pub fn decode(&self) -> Result<Codes, String> {
        let mut packed = Vec::with_capacity(self.positions.div_ceil(4) as usize);
        for number in 0..self.blocks() {
            let count = Blocks::count(self.positions, number);
            let error = |message: &str| format!("block {number}: {message}");
            match self.check(number) {
                Ok(()) => {}
                Err(Unreadable::Damaged { .. }) => {
                    packed.resize(packed.len() + count.div_ceil(4) as usize, 0);
                    continue;
                }
                Err(Unreadable::Garbled(message)) => return Err(error(message)),
            }
            let (encoding, data) = self.block(number);
            if encoding == PACKED {
                if (0..count).any(|offset| (data[(offset / 4) as usize] >> (2 * (offset % 4))) & 3 == 0) {
                    return Err(error("an unknown value is stored"));
                }
                packed.extend_from_slice(data);
            } else {
                unpack_runs(Runs { data, left: count }, &mut packed).map_err(error)?;
            }
        }
        Ok(Codes::from_packed(packed, self.positions))
    }
}

/// Appends the codes of a block's runs to `packed`, four a byte; a block's count is a
/// multiple of four except in the last block.
fn unpack_runs(runs: Runs<'_>, packed: &mut Vec<u8>) -> Result<(), &'static str> {
    let mut done = 0u64;
    let mut byte = 0u8;
    for run in runs {
        let (code, length) = run?;
        for _ in 0..length {
            byte |= code << (2 * (done % 4));
            done += 1;
            if done.is_multiple_of(4) {
                packed.push(byte);
                byte = 0;
            }
        }
    }
    if !done.is_multiple_of(4) {
        packed.push(byte);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Codes with long runs and a noisy stretch, so both encodings appear.
    fn sample(len: u64) -> Codes {
        let codes = Codes::new(len);
        for index in 0..len {
            let code =
                if index < BLOCK + 100 { 1 + (index / 5000 % 3) as u8 } else { 1 + (index * 7 % 3) as u8 };
            codes.set(index, code);
        }
        codes
    }

    /// The blocks of `codes` with their data and checksums, for garbling.
    fn encoded(codes: &Codes) -> (Vec<u64>, Vec<u32>, Vec<u8>) {
        let mut data = Vec::new();
        let frames = encode(codes, &mut data);
        (frames.iter().map(|frame| frame.end).collect(), frames.iter().map(|frame| frame.sum).collect(), data)
    }

    fn blocks_of(codes: &Codes) -> Blocks {
        let (ends, sums, data) = encoded(codes);
        Blocks::new(codes.len(), &ends, Some(sums), data).expect("well-formed blocks")
    }

    #[test]
    fn values_read_one_at_a_time_and_decoded_agree_with_the_table() {
        let codes = sample(3 * BLOCK + 1234);
        let blocks = blocks_of(&codes);
        assert_eq!(blocks.data[blocks.starts[0]], RUNS);
        assert_eq!(blocks.data[blocks.starts[2]], PACKED);
        let decoded = blocks.decode().expect("decodes");
        for index in 0..codes.len() {
            assert_eq!(blocks.get(index), Ok(codes.get(index)), "index {index}");
            assert_eq!(decoded.get(index), codes.get(index), "index {index}");
        }
        assert!(blocks.get(codes.len()).is_err());
        assert_eq!(blocks.damaged(), Ok(vec![]));
    }

    /// A byte changed in a block with a checksum: that block's values are unknown, read
    /// one at a time or decoded, and the others read as they were.
    #[test]
    fn a_damaged_block_is_unknown_and_the_others_read() {
        let codes = sample(3 * BLOCK + 1234);
        let (ends, sums, mut data) = encoded(&codes);
        let at = usize::try_from(ends[1]).expect("an offset") + 7;
        data[at] ^= 0x10;
        let blocks = Blocks::new(codes.len(), &ends, Some(sums), data).expect("framing is intact");
        let decoded = blocks.decode().expect("decodes");
        for index in 0..codes.len() {
            if index / BLOCK == 2 {
                assert_eq!(blocks.get(index), Err(Unreadable::Damaged { block: 2 }), "index {index}");
                assert_eq!(decoded.get(index), 0, "index {index}");
            } else {
                assert_eq!(blocks.get(index), Ok(codes.get(index)), "index {index}");
                assert_eq!(decoded.get(index), codes.get(index), "index {index}");
            }
        }
        assert_eq!(blocks.damaged(), Ok(vec![2]));
    }

    /// Without checksums (format 1), a garbled encoding or run is refused when read,
    /// without a panic.
    #[test]
    fn garbled_framing_and_runs_are_refused() {
        let codes = sample(2 * BLOCK);
        let (ends, sums, data) = encoded(&codes);
        assert!(Blocks::new(codes.len(), &ends[..1], None, data.clone()).is_err());
        assert!(Blocks::new(codes.len(), &ends, Some(sums[..1].to_vec()), data.clone()).is_err());
        let mut garbled = data.clone();
        garbled[0] = 7;
        let blocks = Blocks::new(codes.len(), &ends, None, garbled).expect("framing is intact");
        assert_eq!(blocks.get(0), Err(Unreadable::Garbled("a block's encoding is garbled")));
        assert!(blocks.decode().is_err());
        assert!(blocks.damaged().is_err());
        // A run longer than its block: framing passes, reading fails without a panic.
        let mut overlong = data;
        overlong[1] = 0xff;
        overlong[2] = 0xff;
        overlong[3] = 0x7f;
        let blocks = Blocks::new(codes.len(), &ends, None, overlong).expect("framing is intact");
        assert!(blocks.decode().is_err());
        assert!(blocks.get(BLOCK - 1).is_err());
    }
}
