//! pydraughts' `HubEngine` (the client lidraughts-bot uses) plays complete games against
//! the real binary: see `tests/protocol/hub_pydraughts.py`.

use crate::common;

use std::process::Command;

#[test]
fn pydraughts_plays_complete_games_over_hub() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/protocol/hub_pydraughts.py");
    let output = common::without_databases(&mut Command::new("python3"))
        .arg(script)
        .arg(common::CROWNHEAD)
        .output()
        .expect("python3 must be installed (see tests/requirements.txt)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "pydraughts games failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("5 passed, 0 failed"), "{stdout}");
}
