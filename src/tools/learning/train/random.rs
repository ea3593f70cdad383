//! The trainer's seeded random numbers (SplitMix64, as the Zobrist keys and self-play
//! use): weights at the start and the order of the positions, so that a seed fixes the
//! network.

use crate::rules::splitmix64;

/// What a stream of random numbers is for: each use of one seed draws its own numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// The network's starting weights.
    Weights,
    /// The choice of the validation games.
    Split,
    /// The order of the training positions in an epoch, from 0.
    Epoch(usize),
}

impl Stream {
    /// The number mixed with the seed.
    fn number(self) -> u64 {
        match self {
            Stream::Weights => 0,
            Stream::Split => 1,
            Stream::Epoch(epoch) => 2 + epoch as u64,
        }
    }
}

/// A stream of random numbers from a seed.
#[derive(Clone, Debug)]
pub struct Random {
    state: u64,
}

impl Random {
    /// The numbers of `seed` for `stream`.
    pub fn new(seed: u64, stream: Stream) -> Random {
        Random { state: splitmix64(splitmix64(seed).1 ^ stream.number()).1 }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let (state, value) = splitmix64(self.state);
        self.state = state;
        value
    }

    /// A number from 0 to `bound - 1` (`bound` at least 1), by multiply and shift.
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }

    /// A number uniformly in `[-limit, limit)`.
    pub fn symmetric(&mut self, limit: f32) -> f32 {
        let unit = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        (2.0 * unit - 1.0) * limit
    }

    /// Puts `items` in a random order (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for last in (1..items.len()).rev() {
            items.swap(last, self.below(last + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_differ_and_repeat() {
        let draw = |seed, stream| {
            let mut random = Random::new(seed, stream);
            (0..4).map(|_| random.next_u64()).collect::<Vec<_>>()
        };
        assert_eq!(draw(1, Stream::Weights), draw(1, Stream::Weights));
        assert_ne!(draw(1, Stream::Weights), draw(1, Stream::Split));
        assert_ne!(draw(1, Stream::Epoch(0)), draw(1, Stream::Epoch(1)));
        assert_ne!(draw(1, Stream::Weights), draw(2, Stream::Weights));
    }

    #[test]
    fn draws_stay_in_range() {
        let mut random = Random::new(5, Stream::Weights);
        for bound in 1..50 {
            assert!(random.below(bound) < bound);
        }
        let values: Vec<f32> = (0..1000).map(|_| random.symmetric(0.5)).collect();
        assert!(values.iter().all(|value| (-0.5..0.5).contains(value)));
        assert!(values.iter().any(|&value| value < -0.4) && values.iter().any(|&value| value > 0.4));
        let mut items: Vec<u32> = (0..20).collect();
        random.shuffle(&mut items);
        assert_ne!(items, (0..20).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..20).collect::<Vec<_>>());
    }
}
