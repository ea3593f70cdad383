//! The networks built into the binary, from the repository's `nets/` directory (its
//! README says how each was made). Every rule set has one, alone or shared with rule sets
//! that play alike; a rule set that has no trained network yet plays with its generation
//! 0, material ([`super::material`]).

use std::sync::{Arc, LazyLock};

use crate::rules::Variant;

use super::Network;
use super::material::material;

/// Each built-in network file, with the rule sets it serves in its header.
const FILES: &[(&str, &[u8])] = &[
    ("playok.nnue", include_bytes!("../../nets/playok.nnue")),
    ("czech.nnue", include_bytes!("../../nets/czech.nnue")),
    ("spanish-short.nnue", include_bytes!("../../nets/spanish-short.nnue")),
    ("pool.nnue", include_bytes!("../../nets/pool.nnue")),
    ("spanish.nnue", include_bytes!("../../nets/spanish.nnue")),
    ("brazilian.nnue", include_bytes!("../../nets/brazilian.nnue")),
    ("english.nnue", include_bytes!("../../nets/english.nnue")),
    ("international.nnue", include_bytes!("../../nets/international.nnue")),
    ("italian.nnue", include_bytes!("../../nets/italian.nnue")),
    ("russian.nnue", include_bytes!("../../nets/russian.nnue")),
    ("killer.nnue", include_bytes!("../../nets/killer.nnue")),
    ("antidraughts.nnue", include_bytes!("../../nets/antidraughts.nnue")),
    ("frisian.nnue", include_bytes!("../../nets/frisian.nnue")),
    ("breakthrough.nnue", include_bytes!("../../nets/breakthrough.nnue")),
    ("frysk.nnue", include_bytes!("../../nets/frysk.nnue")),
    ("turkish.nnue", include_bytes!("../../nets/turkish.nnue")),
];

/// The built-in networks, read once at first use, then the generation 0 of each rule
/// set no file serves. The files are part of the build and the tests read each one, so a
/// broken one is a defect of the build, not an input.
static NETWORKS: LazyLock<Vec<Arc<Network>>> = LazyLock::new(|| {
    let mut networks: Vec<Arc<Network>> = FILES
        .iter()
        .map(|(name, bytes)| {
            Network::from_bytes(bytes)
                .map(Arc::new)
                .unwrap_or_else(|error| panic!("built-in network {name}: {error}"))
        })
        .collect();
    let untrained: Vec<Variant> = (Variant::ALL.into_iter())
        .filter(|&variant| !networks.iter().any(|network| network.serves(variant)))
        .collect();
    networks.extend(untrained.into_iter().map(|variant| Arc::new(material(variant))));
    networks
});

/// The built-in network for `variant`: every rule set has one (the tests check).
pub fn builtin(variant: Variant) -> Arc<Network> {
    NETWORKS
        .iter()
        .find(|network| network.serves(variant))
        .cloned()
        .unwrap_or_else(|| panic!("no built-in network serves {variant}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_set_has_a_sound_builtin_network() {
        for (name, bytes) in FILES {
            assert!(Network::from_bytes(bytes).is_ok(), "{name}");
        }
        for variant in Variant::ALL {
            assert!(builtin(variant).serves(variant), "{variant}");
        }
    }
}
