//! A table's values as its file stores them: blocks of `2^BLOCK_LOG2` two-bit codes, each
//! either packed four to a byte or as runs, whichever is shorter. A value is read from
//! its block without decoding the table, so a database probed by the search stays about
//! the size of its files in memory.
//!
//! A block's data opens with its encoding:
//!
//! - 0, packed: four codes a byte, lowest bits first;
//! - 1, runs: each run of equal codes as the LEB128 number `(length - 1) * 4 + code`.

use super::values::Codes;

/// Log2 of the positions in a block.
pub const BLOCK_LOG2: u8 = 14;

/// Positions in a block.
const BLOCK: u64 = 1 << BLOCK_LOG2;

const PACKED: u8 = 0;
const RUNS: u8 = 1;

/// Appends to `out` the blocks of `codes` (each code 1 to 3), and returns where each
/// block's data ends, counted from the start of the first block's.
pub fn encode(codes: &Codes, out: &mut Vec<u8>) -> Vec<u64> {
    let first = out.len();
    let mut ends = Vec::with_capacity(codes.len().div_ceil(BLOCK) as usize);
    for start in (0..codes.len()).step_by(BLOCK as usize) {
        let end = (start + BLOCK).min(codes.len());
        let packed = pack(codes, start, end);
        let runs = runs(codes, start, end);
        if runs.len() < packed.len() {
            out.push(RUNS);
            out.extend_from_slice(&runs);
        } else {
            out.push(PACKED);
            out.extend_from_slice(&packed);
        }
        ends.push((out.len() - first) as u64);
    }
    ends
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
}

impl Blocks {
    /// The blocks of a table of `positions` values, from their data and where each
    /// block's ends (as [`encode`] returns them). The framing is checked here: the
    /// number of blocks, their bounds, encodings and packed lengths; runs are checked
    /// when they are read.
    ///
    /// # Errors
    /// What is wrong with the framing.
    pub fn new(positions: u64, ends: &[u64], data: Vec<u8>) -> Result<Blocks, String> {
        if ends.len() as u64 != positions.div_ceil(BLOCK) {
            return Err(format!("{} blocks for {positions} positions", ends.len()));
        }
        let mut starts = Vec::with_capacity(ends.len() + 1);
        starts.push(0);
        for (number, &end) in ends.iter().enumerate() {
            let start = starts[number];
            let end = usize::try_from(end).ok().filter(|&end| end > start && end <= data.len());
            let end = end.ok_or("bad block offsets")?;
            let count = Blocks::count(positions, number);
            match data[start] {
                PACKED if (end - start - 1) as u64 == count.div_ceil(4) => {}
                RUNS => {}
                _ => return Err(format!("block {number} is garbled")),
            }
            starts.push(end);
        }
        if starts.last() != Some(&data.len()) {
            return Err("bytes after the last block".into());
        }
        Ok(Blocks { positions, starts, data })
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

    /// The code (1 to 3) at `index`, below [`Blocks::len`].
    ///
    /// # Errors
    /// The index is out of the table, or its block's data is garbled.
    pub fn get(&self, index: u64) -> Result<u8, &'static str> {
        if index >= self.positions {
            return Err("an index beyond the table");
        }
        let number = (index / BLOCK) as usize;
        let data = &self.data[self.starts[number] + 1..self.starts[number + 1]];
        let offset = index % BLOCK;
        let code = if self.data[self.starts[number]] == PACKED {
            (data[(offset / 4) as usize] >> (2 * (offset % 4))) & 3
        } else {
            let mut first = 0;
            let runs = Runs { data, left: Blocks::count(self.positions, number) };
            let mut found = None;
            for run in runs {
                let (code, length) = run?;
                first += length;
                if offset < first {
                    found = Some(code);
                    break;
                }
            }
            found.ok_or("runs end early")?
        };
        if code == 0 { Err("an unknown value is stored") } else { Ok(code) }
    }

    /// Every value, decoded.
    ///
    /// # Errors
    /// A block's data is garbled: the error names it.
    pub fn decode(&self) -> Result<Codes, String> {
        let mut packed = Vec::with_capacity(self.positions.div_ceil(4) as usize);
        for number in 0..self.starts.len() - 1 {
            let data = &self.data[self.starts[number] + 1..self.starts[number + 1]];
            let count = Blocks::count(self.positions, number);
            let error = |message: &str| format!("block {number}: {message}");
            if self.data[self.starts[number]] == PACKED {
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

    fn blocks_of(codes: &Codes) -> Blocks {
        let mut data = Vec::new();
        let ends = encode(codes, &mut data);
        Blocks::new(codes.len(), &ends, data).expect("well-formed blocks")
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
    }

    #[test]
    fn garbled_framing_and_runs_are_refused() {
        let codes = sample(2 * BLOCK);
        let mut data = Vec::new();
        let ends = encode(&codes, &mut data);
        assert!(Blocks::new(codes.len(), &ends[..1], data.clone()).is_err());
        let mut garbled = data.clone();
        garbled[0] = 7;
        assert!(Blocks::new(codes.len(), &ends, garbled).is_err());
        // A run longer than its block: framing passes, reading fails without a panic.
        let mut overlong = data;
        overlong[1] = 0xff;
        overlong[2] = 0xff;
        overlong[3] = 0x7f;
        let blocks = Blocks::new(codes.len(), &ends, overlong).expect("framing is intact");
        assert!(blocks.decode().is_err());
        assert!(blocks.get(BLOCK - 1).is_err());
    }
}
