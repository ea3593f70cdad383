//! Move generation against pydraughts 0.6.7, an independent implementation: perft 1 to 3
//! on random-play positions (king-rich and capture-rich ones among them), with duplicate
//! flying-king captures counted once. Antidraughts' and breakthrough's tables hold 1,020
//! positions each: 720 of engine games (`tests/data/pydraughts/*-games.pdn`, crownhead
//! against itself over Hub at 300 nodes a move) and 300 random ones (king-rich set-ups in
//! antidraughts; in breakthrough positions near a crowning, and just after one, where both
//! find the game over and no move), perft 1-2 for all and 3 for every third. The tables in
//! `tests/data/pydraughts/` were made by `scripts/pydraughts_oracle.py`; the live test asks
//! pydraughts itself for fresh positions on every run.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{SystemTime, UNIX_EPOCH};

use crownhead::rules::{Position, Variant, perft};

/// Our rule sets, pydraughts' names for them and the fewest positions their stored tables
/// must hold.
const VARIANTS: [(Variant, &str, usize); 7] = [
    (Variant::English, "english", 300),
    (Variant::Italian, "italian", 300),
    (Variant::Russian, "russian", 300),
    (Variant::Brazilian, "brazilian", 300),
    (Variant::International, "standard", 300),
    (Variant::Antidraughts, "antidraughts", 1000),
    (Variant::Breakthrough, "breakthrough", 1000),
];

/// Checks every `fen;d1;d2;d3` (or `fen;d1;d2`) line of `table`; returns how many positions
/// were checked and a description of each mismatch.
fn check_table(variant: Variant, table: &str) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in table.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#')) {
        let fields: Vec<&str> = line.split(';').collect();
        let [fen, counts @ ..] = fields.as_slice() else { unreachable!("split yields one field at least") };
        let position = match Position::from_fen(variant, fen) {
            Ok(position) => position,
            Err(error) => {
                failures.push(format!("{variant} {fen}: {error}"));
                continue;
            }
        };
        for (depth, expected) in (1..).zip(counts) {
            let expected: u64 = expected.parse().unwrap_or_else(|_| panic!("bad count in line {line}"));
            let got = perft(&position, depth);
            if got != expected {
                failures
                    .push(format!("{variant} {fen} perft {depth}: pydraughts {expected}, crownhead {got}"));
            }
        }
        checked += 1;
    }
    (checked, failures)
}

/// The stored table of the rule set pydraughts calls `name`.
fn stored_table(name: &str) -> String {
    let file = if name == "standard" { "international" } else { name };
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/pydraughts/{file}.txt"));
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

#[test]
fn stored_tables() {
    let mut failures = Vec::new();
    for (variant, name, fewest) in VARIANTS {
        let (checked, mut mismatches) = check_table(variant, &stored_table(name));
        assert!(checked >= fewest, "{name}: only {checked} positions");
        failures.append(&mut mismatches);
    }
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn breakthrough_table_holds_games_just_won() {
    // Positions just after a crowning, where both programs must find no move: without
    // them the table would not check that a won breakthrough game stops.
    let table = stored_table("breakthrough");
    let won = (table.lines().filter(|line| !line.starts_with('#')))
        .filter(|line| line.split(';').skip(1).all(|count| count == "0"))
        .count();
    assert!(won >= 30, "only {won} positions without moves");
}

#[test]
fn live_sample() {
    let seed = SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |elapsed| elapsed.as_secs());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pydraughts_oracle.py");
    // One process a rule set, all started at once: the run takes as long as the slowest.
    let children: Vec<_> = VARIANTS
        .into_iter()
        .map(|(variant, name, _)| {
            let child = Command::new("python3")
                .arg(&script)
                .args(["--variant", name, "--count", "2", "--seed", &seed.to_string()])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("python3 must be installed (see tests/requirements.txt)");
            (variant, name, child)
        })
        .collect();
    let mut failures = Vec::new();
    for (variant, name, child) in children {
        let output = child.wait_with_output().expect("the oracle runs");
        assert!(
            output.status.success(),
            "pydraughts oracle failed (is pydraughts installed? `python3 -m pip install -r tests/requirements.txt`):\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let (checked, mut mismatches) = check_table(variant, &String::from_utf8_lossy(&output.stdout));
        assert_eq!(checked, 2, "{name}: the oracle printed {checked} positions");
        failures.append(&mut mismatches);
    }
    assert!(failures.is_empty(), "seed {seed}:\n{}", failures.join("\n"));
}
