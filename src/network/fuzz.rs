//! The network file reader under seeded fuzzing: the built-in networks' files truncated
//! or with bits flipped, their checksums left or made anew, read from bytes and, one in
//! ten, from a file for a rule set as `--eval-file` reads it. Each is refused with its
//! reason or loads and evaluates positions of its rule sets inside the evaluation's
//! range, its incremental sums equal to fresh ones; a panic fails the test and names the
//! seed (`CROWNHEAD_FUZZ_SEED` replays it). That the engine plays with a loaded network
//! is tested above it, in `tests/engine/network_files.rs`.

use std::fmt;

use super::accumulator::{Accumulators, fresh_sums};
use super::builtin::builtin;
use super::features::input_count;
use super::file::{HEADER_SIZE, fnv1a};
use super::testing::random_position;
use super::{HIDDEN, MAX_EVAL, Network};
use crate::fuzzing::{self, Rng};
use crate::rules::Variant;

/// How a file was damaged.
enum Damage {
    /// Cut to this many bytes.
    Truncated(usize),
    /// One bit flipped at this byte, the checksum left: the file must be refused.
    Flipped(usize),
    /// Bits flipped at these bytes and the checksum made anew.
    Rehashed(Vec<usize>),
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Damage::Truncated(length) => write!(f, "cut to {length} bytes"),
            Damage::Flipped(at) => write!(f, "a bit flipped at byte {at}"),
            Damage::Rehashed(places) => write!(f, "bits flipped at bytes {places:?}, checksum made anew"),
        }
    }
}

/// `valid` damaged at random.
fn damage(rng: &mut Rng, valid: &[u8]) -> (Vec<u8>, Damage) {
    let mut bytes = valid.to_vec();
    let flip = |rng: &mut Rng, bytes: &mut Vec<u8>, at: usize| bytes[at] ^= 1 << rng.below(8);
    match rng.below(3) {
        0 => {
            let length = rng.below(valid.len());
            bytes.truncate(length);
            (bytes, Damage::Truncated(length))
        }
        1 => {
            let at = rng.below(valid.len());
            flip(rng, &mut bytes, at);
            (bytes, Damage::Flipped(at))
        }
        _ => {
            let body = valid.len() - 8;
            // Half in the header, where each field is checked; half in the weights.
            let places: Vec<usize> = (0..1 + rng.below(3))
                .map(|_| if rng.below(2) == 0 { rng.below(HEADER_SIZE) } else { rng.below(body) })
                .collect();
            places.iter().for_each(|&at| flip(rng, &mut bytes, at));
            let hash = fnv1a(&bytes[..body]);
            bytes[body..].copy_from_slice(&hash.to_le_bytes());
            (bytes, Damage::Rehashed(places))
        }
    }
}

/// Whether every place of `damage` is in the feature weights or bias of a file for
/// `variant`, where any 16-bit value is a valid weight.
fn in_feature_layer(damage: &Damage, variant: Variant) -> bool {
    let end = HEADER_SIZE + 2 * (input_count(&variant.rules().geometry) * HIDDEN + HIDDEN);
    matches!(damage, Damage::Rehashed(places) if places.iter().all(|at| (HEADER_SIZE..end).contains(at)))
}

/// The network read from `bytes`, one time in ten from a file for `variant` as
/// `--eval-file` reads it: the reason it is refused, or the network.
fn load(rng: &mut Rng, bytes: &[u8], variant: Variant) -> Result<Network, String> {
    if rng.below(10) > 0 {
        return Network::from_bytes(bytes).map_err(|error| error.to_string());
    }
    let path = std::env::temp_dir().join(format!("crownhead-fuzzed-network-{}.nnue", std::process::id()));
    std::fs::write(&path, bytes).expect("written");
    let loaded = Network::load(&path, variant);
    std::fs::remove_file(&path).expect("removed");
    loaded.map_err(|error| error.to_string())
}

/// `network` evaluates a line of random play of each rule set it serves (a few, for a
/// network that serves many) inside the evaluation's range, each ply's sums brought up
/// to date incrementally equal to sums computed afresh.
fn evaluates(network: &Network, seed: u64, context: &str) {
    for &variant in network.rule_sets.iter().take(2) {
        let mut accumulators = Accumulators::new(24);
        for ply in 0..24 {
            let position = random_position(variant, ply, seed);
            let value = network.evaluate(&mut accumulators, &position, ply);
            assert!((-MAX_EVAL..=MAX_EVAL).contains(&value), "{context}: {variant} valued {value}");
            let sums = *accumulators.sums(network, &position, ply);
            assert!(sums == fresh_sums(network, &position), "{context}: {variant} sums differ at ply {ply}");
        }
    }
}

#[test]
fn damaged_network_files_are_refused_or_load_and_evaluate() {
    let mut rng = Rng::from_env("network-file");
    let variants = [Variant::International, Variant::English];
    let files = variants.map(|variant| builtin(variant).to_bytes());
    let (mut refused, mut loaded) = (0, 0);
    for index in 0..fuzzing::count(400) {
        let variant = variants[index % 2];
        let (bytes, damage) = damage(&mut rng, &files[index % 2]);
        let context = format!("file {index} ({variant}, {damage})");
        match load(&mut rng, &bytes, variant) {
            Err(reason) => {
                assert!(!in_feature_layer(&damage, variant), "{context}: a sound network refused: {reason}");
                refused += 1;
            }
            Ok(network) => {
                // No truncation and no flip the checksum sees loads.
                assert!(matches!(damage, Damage::Rehashed(_)), "{context}: a damaged file loaded");
                evaluates(&network, rng.next(), &context);
                loaded += 1;
            }
        }
    }
    eprintln!("{} files: {refused} refused, {loaded} loaded and evaluated", refused + loaded);
    assert!(refused > 0 && loaded > 0, "the fuzz must reach both ends");
}
