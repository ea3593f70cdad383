//! The network's two inner loops, with AVX2 where the processor has it.
//!
//! [`add_rows`] brings a perspective's sums up to date and [`activated_dot`] computes the
//! output's dot product. Each has a portable version, which the compiler vectorises for
//! the build's target (x86-64-v2: 16-byte vectors), and an AVX2 version written with
//! intrinsics, chosen at run time when the processor has AVX2. Using intrinsics and
//! calling a function compiled for a feature are `unsafe`, hence this module's
//! exception to the crate's rule. Both versions compute the same integers; the tests
//! check it on random data.
//!
//! What the intrinsics gain over the portable code, in instructions and in nodes a
//! second, is measured in docs/speed.md#with-the-networks.

#![allow(unsafe_code)]

use super::{HIDDEN, QA};

/// One perspective's sums, or one row of feature weights.
pub type Lanes = [i16; HIDDEN];

/// `sums += the added rows - the removed rows`, wrapping (a sound network never comes
/// near the limits).
#[inline]
pub fn add_rows(sums: &mut Lanes, added: &[&Lanes], removed: &[&Lanes]) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has AVX2, the only feature `avx2::add_rows` is compiled
        // for.
        return unsafe { avx2::add_rows(sums, added, removed) };
    }
    portable::add_rows(sums, added, removed)
}

/// The sum over lanes of `clamp(sums, 0, QA)^2 * weights`.
#[inline]
pub fn activated_dot(sums: &Lanes, weights: &Lanes) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has AVX2, the only feature `avx2::activated_dot` is
        // compiled for.
        return unsafe { avx2::activated_dot(sums, weights) };
    }
    portable::activated_dot(sums, weights)
}

/// Whether the processor has AVX2 (the standard library caches the answer).
#[cfg(target_arch = "x86_64")]
#[inline]
fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// The instruction set the loops run with on this processor: `avx2`, or `None` for the
/// portable code.
pub fn chosen_at_run_time() -> Option<&'static str> {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        return Some("avx2");
    }
    None
}

/// The loops in plain Rust.
mod portable {
    use super::{Lanes, QA};

    #[inline]
    pub fn add_rows(sums: &mut Lanes, added: &[&Lanes], removed: &[&Lanes]) {
        for row in added {
            sums.iter_mut().zip(row.iter()).for_each(|(sum, weight)| *sum = sum.wrapping_add(*weight));
        }
        for row in removed {
            sums.iter_mut().zip(row.iter()).for_each(|(sum, weight)| *sum = sum.wrapping_sub(*weight));
        }
    }

    #[inline]
    pub fn activated_dot(sums: &Lanes, weights: &Lanes) -> i32 {
        sums.iter()
            .zip(weights)
            .map(|(&sum, &weight)| {
                let active = sum.clamp(0, QA as i16);
                i32::from(active * active) * i32::from(weight)
            })
            .sum()
    }
}

/// The loops with AVX2 intrinsics: 16 lanes a vector.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use super::{HIDDEN, Lanes, QA};

    /// Vectors of sums kept in registers while the rows are added.
    const VECTORS: usize = 4;
    /// Lanes in one vector.
    const WIDTH: usize = 16;

    /// Loads the `index`-th vector of `lanes`.
    #[target_feature(enable = "avx2")]
    fn load(lanes: &Lanes, index: usize) -> __m256i {
        let vectors: &[[i16; WIDTH]; HIDDEN / WIDTH] =
            lanes.as_chunks().0.try_into().expect("HIDDEN is whole vectors");
        // SAFETY: `vectors[index]` is 32 readable bytes; the load takes any alignment.
        unsafe { _mm256_loadu_si256(vectors[index].as_ptr().cast()) }
    }

    /// Stores `vector` as the `index`-th vector of `lanes`.
    #[target_feature(enable = "avx2")]
    fn store(lanes: &mut Lanes, index: usize, vector: __m256i) {
        let vectors: &mut [[i16; WIDTH]; HIDDEN / WIDTH] =
            lanes.as_chunks_mut().0.try_into().expect("HIDDEN is whole vectors");
        // SAFETY: `vectors[index]` is 32 writable bytes; the store takes any alignment.
        unsafe { _mm256_storeu_si256(vectors[index].as_mut_ptr().cast(), vector) }
    }

    /// [`super::add_rows`], four vectors of sums at a time, each loaded and stored once.
    #[target_feature(enable = "avx2")]
    pub fn add_rows(sums: &mut Lanes, added: &[&Lanes], removed: &[&Lanes]) {
        for first in (0..HIDDEN / WIDTH).step_by(VECTORS) {
            let mut vectors: [__m256i; VECTORS] = std::array::from_fn(|k| load(sums, first + k));
            for row in added {
                for (k, vector) in vectors.iter_mut().enumerate() {
                    *vector = _mm256_add_epi16(*vector, load(row, first + k));
                }
            }
            for row in removed {
                for (k, vector) in vectors.iter_mut().enumerate() {
                    *vector = _mm256_sub_epi16(*vector, load(row, first + k));
                }
            }
            for (k, vector) in vectors.into_iter().enumerate() {
                store(sums, first + k, vector);
            }
        }
    }

    /// [`super::activated_dot`]: `clamp(sum) * weight` fits 16 bits (127 * 127), and
    /// multiplying that by the clamped sum in pairs summed to 32 bits is `madd`.
    #[target_feature(enable = "avx2")]
    pub fn activated_dot(sums: &Lanes, weights: &Lanes) -> i32 {
        let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi16(QA as i16));
        let mut total = _mm256_setzero_si256();
        for index in 0..HIDDEN / WIDTH {
            let active = _mm256_min_epi16(_mm256_max_epi16(load(sums, index), zero), top);
            let weighted = _mm256_mullo_epi16(active, load(weights, index));
            total = _mm256_add_epi32(total, _mm256_madd_epi16(weighted, active));
        }
        let half = _mm_add_epi32(_mm256_castsi256_si128(total), _mm256_extracti128_si256(total, 1));
        let quarter = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0b01_00_11_10));
        let last = _mm_add_epi32(quarter, _mm_shuffle_epi32(quarter, 0b10_11_00_01));
        _mm_cvtsi128_si32(last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::splitmix64;

    fn random_lanes(seed: u64, limit: i16) -> Lanes {
        let mut state = seed;
        std::array::from_fn(|_| {
            let (next, value) = splitmix64(state);
            state = next;
            (value % (2 * limit as u64 + 1)) as i16 - limit
        })
    }

    #[test]
    fn both_versions_agree() {
        for seed in 0..64 {
            let sums = random_lanes(seed, 400);
            let weights = random_lanes(seed ^ 0xff, 127);
            assert_eq!(activated_dot(&sums, &weights), portable::activated_dot(&sums, &weights));
            let rows: Vec<Lanes> = (0..6).map(|index| random_lanes(seed * 8 + index, 2000)).collect();
            let (added, removed): (Vec<&Lanes>, Vec<&Lanes>) =
                (rows[..4].iter().collect(), rows[4..].iter().collect());
            let (mut fast, mut plain) = (sums, sums);
            add_rows(&mut fast, &added, &removed);
            portable::add_rows(&mut plain, &added, &removed);
            assert_eq!(fast, plain);
        }
    }
}
