//! The networks built into the binary, from the repository's `nets/` directory (its
//! README says how each was made). A rule set with none of its own is evaluated by the
//! hand-made formula.

use std::sync::{Arc, LazyLock};

use crate::rules::Variant;

use super::Network;

/// Each built-in network file, with the rule sets it serves in its header.
const FILES: &[(&str, &[u8])] = &[
    ("playok.nnue", include_bytes!("../../../nets/playok.nnue")),
    ("czech.nnue", include_bytes!("../../../nets/czech.nnue")),
    ("spanish-short.nnue", include_bytes!("../../../nets/spanish-short.nnue")),
    ("pool.nnue", include_bytes!("../../../nets/pool.nnue")),
    ("spanish.nnue", include_bytes!("../../../nets/spanish.nnue")),
    ("brazilian.nnue", include_bytes!("../../../nets/brazilian.nnue")),
    ("english.nnue", include_bytes!("../../../nets/english.nnue")),
    ("international.nnue", include_bytes!("../../../nets/international.nnue")),
    ("italian.nnue", include_bytes!("../../../nets/italian.nnue")),
    ("russian.nnue", include_bytes!("../../../nets/russian.nnue")),
];

/// The built-in networks, read once at first use.
static NETWORKS: LazyLock<Vec<Arc<Network>>> = LazyLock::new(|| {
    FILES
        .iter()
        .filter_map(|(name, bytes)| match Network::from_bytes(bytes) {
            Ok(network) => Some(Arc::new(network)),
            Err(error) => {
                log::error!("built-in network {name}: {error}");
                None
            }
        })
        .collect()
});

/// The built-in network for `variant`, if it has one.
pub fn builtin(variant: Variant) -> Option<Arc<Network>> {
    NETWORKS.iter().find(|network| network.serves(variant)).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_network_is_sound() {
        for (name, bytes) in FILES {
            assert!(Network::from_bytes(bytes).is_ok(), "{name}");
        }
        assert!(builtin(Variant::English).is_some());
        assert!(builtin(Variant::International).is_some());
        assert!(builtin(Variant::Russian).is_some());
        assert!(builtin(Variant::Italian).is_some());
        assert!(builtin(Variant::English25).is_some());
        assert!(builtin(Variant::Brazilian).is_some());
        assert!(builtin(Variant::Spanish).is_some());
        assert!(builtin(Variant::Portuguese).is_some());
        assert!(builtin(Variant::Pool).is_some());
        assert!(builtin(Variant::PlayOk).is_some());
        assert!(builtin(Variant::Czech).is_some());
        assert!(builtin(Variant::SpanishShort).is_some());
    }
}
