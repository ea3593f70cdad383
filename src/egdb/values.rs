//! Win, loss and draw, and tables of them at two bits a position.

use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};

/// The theoretical value of a position for the side to move, with perfect play and no
/// draw rule of move counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    /// The side to move loses.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins.
    Win,
}

impl Value {
    /// The value for the other side.
    pub const fn negate(self) -> Value {
        match self {
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
            Value::Win => Value::Loss,
        }
    }

    /// The two-bit code of the value in tables and files: 1 win, 2 loss, 3 draw (0 is
    /// "not known yet" while solving).
    pub const fn code(self) -> u8 {
        match self {
            Value::Win => 1,
            Value::Loss => 2,
            Value::Draw => 3,
        }
    }

    /// The value of a code, `None` for 0 (not known).
    pub const fn from_code(code: u8) -> Option<Value> {
        match code & 3 {
            1 => Some(Value::Win),
            2 => Some(Value::Loss),
            3 => Some(Value::Draw),
            _ => None,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        })
    }
}

/// Two-bit codes, four to a byte, that threads may set while others read: a code goes
/// from 0 (unknown) to a value once and never changes after.
#[derive(Debug)]
pub struct Codes {
    bytes: Vec<AtomicU8>,
    len: u64,
}

impl Codes {
    /// `len` codes, all 0.
    pub fn new(len: u64) -> Codes {
        Codes { bytes: (0..len.div_ceil(4)).map(|_| AtomicU8::new(0)).collect(), len }
    }

    /// Codes packed four to a byte, lowest bits first.
    pub fn from_packed(bytes: Vec<u8>, len: u64) -> Codes {
        Codes { bytes: bytes.into_iter().map(AtomicU8::new).collect(), len }
    }

    /// The number of codes.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether there are no codes.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The code at `index`.
    #[inline]
    pub fn get(&self, index: u64) -> u8 {
        (self.bytes[(index / 4) as usize].load(Ordering::Relaxed) >> (2 * (index % 4))) & 3
    }

    /// Sets the code at `index` if it is still 0; whether it was.
    #[inline]
    pub fn set(&self, index: u64, code: u8) -> bool {
        let byte = &self.bytes[(index / 4) as usize];
        let shift = 2 * (index % 4);
        let mut current = byte.load(Ordering::Relaxed);
        loop {
            if (current >> shift) & 3 != 0 {
                return false;
            }
            match byte.compare_exchange_weak(
                current,
                current | (code & 3) << shift,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return true,
                Err(actual) => current = actual,
            }
        }
    }
}

/// One bit a position, set once by any thread.
#[derive(Debug)]
pub struct Flags {
    bytes: Vec<AtomicU8>,
}

impl Flags {
    /// `len` flags, all clear.
    pub fn new(len: u64) -> Flags {
        Flags { bytes: (0..len.div_ceil(8)).map(|_| AtomicU8::new(0)).collect() }
    }

    /// Whether the flag at `index` is set.
    #[inline]
    pub fn get(&self, index: u64) -> bool {
        self.bytes[(index / 8) as usize].load(Ordering::Relaxed) >> (index % 8) & 1 != 0
    }

    /// Sets the flag at `index`.
    #[inline]
    pub fn set(&self, index: u64) {
        self.bytes[(index / 8) as usize].fetch_or(1 << (index % 8), Ordering::Relaxed);
    }
}
