//! pydraughts' `HubEngine` (the client lidraughts-bot uses) plays complete games against
//! the real binary: see `tests/protocol/hub_pydraughts.py`.

use crate::common;

use std::process::Command;

#[test]
fn pydraughts_plays_complete_games_over_hub() {
    assert!(pydraughts_games(None).contains("9 passed, 0 failed"));
}

/// Twenty games of each rule set lidraughts plays that crownhead added (antidraughts,
/// breakthrough, frisian, frysk), under lidraughts-bot's names (Frysk! as `frisian` from
/// its start): `cargo test --profile test-release --test protocol -- --ignored twenty`.
#[test]
#[ignore = "a minute or two"]
fn pydraughts_plays_twenty_games_of_each_lidraughts_variant() {
    let output = pydraughts_games(Some(20));
    println!("{output}");
    assert!(output.contains("80 passed, 0 failed"));
}

/// Runs the script (with `games` of each added variant when given); returns its output.
fn pydraughts_games(games: Option<u32>) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/protocol/hub_pydraughts.py");
    let output = common::without_databases(&mut Command::new("python3"))
        .arg(script)
        .arg(common::CROWNHEAD)
        .args(games.map(|games| games.to_string()))
        .output()
        .expect("python3 must be installed (see tests/requirements.txt)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "pydraughts games failed:\n{stdout}\n{stderr}");
    stdout.into_owned()
}
