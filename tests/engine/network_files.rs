//! The engine with a network of the user's: read from a file through `eval-file` (an
//! [`OptionsBuilder`]) or set on its [`Options`]. A network whose feature weights and
//! output biases are any numbers a file may hold loads and plays legal moves; a network
//! of another rule set is refused by the option, and passed over for the built-in one
//! by an engine that was given it. The file reader itself is fuzzed below, in the
//! network's own tests (`src/network/fuzz.rs`).

use std::path::Path;
use std::sync::Arc;

use crownhead::engine::options::TT_SIZE;
use crownhead::engine::{Engine, Limits, Network, Options, OptionsBuilder};
use crownhead::rules::{Game, Position, Variant};

use crate::common::{self, Random};

/// The built-in network file of `variant`'s own name in `nets/`.
fn builtin_file(variant: Variant) -> Network {
    let path = format!("{}/nets/{}.nnue", env!("CARGO_MANIFEST_DIR"), variant.name());
    Network::read(Path::new(&path)).expect("a built-in network file")
}

/// The engine's move from the start of `variant` in a short search: one of the legal
/// moves.
fn plays(engine: &mut Engine, variant: Variant, context: &str) {
    let start = Position::start(variant);
    let result = engine.think(&Game::new(start), &Limits::depth(3));
    let best = result.best_move.unwrap_or_else(|| panic!("{context}: no move"));
    assert!(start.legal_moves().contains(&best), "{context}: an illegal move");
}

#[test]
fn networks_of_any_feature_weights_load_through_eval_file_and_play() {
    let dir = common::scratch("engine", "network-files");
    let mut random = Random(0x0e7a_1f11e);
    let mut engine = Engine::new(Options { table_mib: 1, ..Options::default() });
    for round in 0..8 {
        let variant = [Variant::International, Variant::English][round % 2];
        let mut network = builtin_file(variant);
        let layers = &mut network.layers;
        // Every 16-bit value is a valid feature weight or bias, every 32-bit one an output
        // bias: some at the ends of their ranges, the rest anywhere.
        let any = |random: &mut Random| match random.below(4) {
            0 => i16::MIN,
            1 => i16::MAX,
            _ => random.next() as i16,
        };
        for weight in layers.feature_weights.iter_mut().chain(layers.feature_bias.iter_mut()) {
            if random.chance(20) {
                *weight = any(&mut random);
            }
        }
        layers.output_bias.iter_mut().for_each(|bias| *bias = random.next() as i32);
        let path = dir.join(format!("{round}.nnue"));
        network.save(&path).expect("written");
        let context = format!("round {round} ({variant})");
        let options = OptionsBuilder::new(Some(variant))
            .count(&TT_SIZE, 1)
            .and_then(|builder| builder.eval_file(&path))
            .unwrap_or_else(|error| panic!("{context}: refused: {error}"))
            .build();
        engine.set_options(options);
        plays(&mut engine, variant, &context);
    }
    engine.set_options(Options { table_mib: 1, ..Options::default() });
    for variant in [Variant::International, Variant::English] {
        plays(&mut engine, variant, "the built-in network after the others");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_network_of_another_rule_set_is_refused_or_passed_over() {
    let path = format!("{}/nets/english.nnue", env!("CARGO_MANIFEST_DIR"));
    let refused = OptionsBuilder::new(Some(Variant::International)).eval_file(Path::new(&path));
    let message = refused.err().map(|error| error.to_string()).unwrap_or_default();
    assert!(message.ends_with("not international"), "{message}");

    // Given it on its options anyway, the engine evaluates International with the
    // built-in network, and English with the one given.
    let network = Some(Arc::new(builtin_file(Variant::English)));
    let mut engine = Engine::new(Options { table_mib: 1, network, ..Options::default() });
    plays(&mut engine, Variant::International, "International with an English network set");
    plays(&mut engine, Variant::English, "English with its network set");
}
