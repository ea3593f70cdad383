//! Seeded fuzzing for the tests: a random generator seeded from a fixed number or from
//! `CROWNHEAD_FUZZ_SEED`, and inputs made from valid ones by random edits (bit flips,
//! bytes replaced, inserted or deleted, truncation, duplication) or of random bytes.
//!
//! The fuzz tests of the DXP follower, the Hub loop and the network file reader use it;
//! a failure names the seed, and the same seed replays the same inputs.

use std::fmt::Display;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::rules::splitmix64;

/// The seed when `CROWNHEAD_FUZZ_SEED` is not set.
const DEFAULT_SEED: u64 = 0x0C20_4EAD_F022_2026;

/// A SplitMix64 random generator.
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator seeded with `CROWNHEAD_FUZZ_SEED` (a decimal number), or a fixed seed,
    /// mixed with `test` so that each test has inputs of its own. The seed is printed
    /// for a failure to be replayed.
    pub fn from_env(test: &str) -> Rng {
        let seed = std::env::var("CROWNHEAD_FUZZ_SEED")
            .ok()
            .map(|text| text.trim().parse().expect("CROWNHEAD_FUZZ_SEED is a decimal number"))
            .unwrap_or(DEFAULT_SEED);
        eprintln!("{test}: CROWNHEAD_FUZZ_SEED={seed}");
        let mixed = test.bytes().fold(seed, |state, byte| splitmix64(state ^ u64::from(byte)).1);
        Rng { state: mixed }
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        let (state, value) = splitmix64(self.state);
        self.state = state;
        value
    }

    /// A number in `0..bound` (`bound` > 0).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    /// One of `items` (not empty).
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// `length` random bytes.
    pub fn bytes(&mut self, length: usize) -> Vec<u8> {
        (0..length).map(|_| self.next() as u8).collect()
    }
}

/// Bytes that make parsers take a wrong turn: NUL, non-ASCII, blanks, quotes, digits,
/// letters the protocols use.
const SPECIAL: &[u8] = b"\0\xff\x80\xc3 \t\r\"=-x09WZBAERMCKe";

/// `valid` with one to three random edits.
pub fn mutate(rng: &mut Rng, valid: &[u8]) -> Vec<u8> {
    let mut bytes = valid.to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(8) {
            0 if at < bytes.len() => bytes[at] ^= 1 << rng.below(8),
            1 if at < bytes.len() => bytes[at] = rng.next() as u8,
            2 if at < bytes.len() => bytes[at] = b'0' + rng.below(10) as u8,
            3 if at < bytes.len() => bytes[at] = SPECIAL[rng.below(SPECIAL.len())],
            4 if at < bytes.len() => drop(bytes.remove(at)),
            5 => bytes.truncate(at),
            6 => {
                let copied = bytes[at..].iter().take(1 + rng.below(16)).copied().collect::<Vec<_>>();
                bytes.splice(at..at, copied);
            }
            _ => bytes.insert(at, rng.next() as u8),
        }
    }
    bytes
}

/// A fuzz input from `corpus` (valid inputs): mostly one mutated, some unchanged, some
/// random bytes (up to 200).
pub fn input(rng: &mut Rng, corpus: &[&[u8]]) -> Vec<u8> {
    match rng.below(100) {
        0..65 => {
            let valid = *rng.choose(corpus);
            mutate(rng, valid)
        }
        65..85 => rng.choose(corpus).to_vec(),
        _ => {
            let length = rng.below(200);
            rng.bytes(length)
        }
    }
}

/// The number of inputs a fuzz test makes: `default` times `CROWNHEAD_FUZZ_SCALE` (a
/// decimal number, 1 when not set), for longer runs than CI's.
pub fn count(default: usize) -> usize {
    let scale = std::env::var("CROWNHEAD_FUZZ_SCALE")
        .ok()
        .map_or(1, |text| text.trim().parse().expect("CROWNHEAD_FUZZ_SCALE is a decimal number"));
    default * scale
}

/// Waits up to `patience` for `thread`, the session under test (`who`: "the follower",
/// "the session"), to end, and joins it; panics with `context` if it does not end in
/// time, ends with an error, or panicked.
pub fn join_within<E: Display>(
    thread: JoinHandle<Result<(), E>>,
    patience: Duration,
    context: &str,
    who: &str,
) {
    let started = Instant::now();
    while !thread.is_finished() {
        assert!(started.elapsed() < patience, "{context}: {who} did not end");
        std::thread::sleep(Duration::from_millis(1));
    }
    match thread.join() {
        Ok(Ok(())) => {}
        Ok(Err(error)) => panic!("{context}: {who} failed: {error}"),
        Err(_) => panic!("{context}: {who} panicked"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_replays_its_inputs_and_edits_change_them() {
        let corpus: &[&[u8]] = &[b"R01tester", b"ping"];
        let made = |test| {
            let mut rng = Rng::from_env(test);
            (0..200).map(|_| input(&mut rng, corpus)).collect::<Vec<_>>()
        };
        assert_eq!(made("a"), made("a"));
        assert_ne!(made("a"), made("b"));
        let mut rng = Rng::from_env("mutate");
        let changed = (0..200).filter(|_| mutate(&mut rng, b"R01tester") != b"R01tester").count();
        assert!(changed > 150, "{changed} of 200 edited inputs differ from the valid one");
    }
}
