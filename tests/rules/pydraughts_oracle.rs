//! Move generation against pydraughts 0.6.7, an independent implementation: perft 1 to 3
//! on random-play positions (king-rich and capture-rich ones among them), with duplicate
//! flying-king captures counted once. The tables in `tests/data/pydraughts/` were made by
//! `scripts/pydraughts_oracle.py`; the live test asks pydraughts itself for fresh positions
//! on every run.

use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use crownhead::rules::{Position, Variant, perft};

/// Our rule sets and pydraughts' names for them.
const VARIANTS: [(Variant, &str); 5] = [
    (Variant::English, "english"),
    (Variant::Italian, "italian"),
    (Variant::Russian, "russian"),
    (Variant::Brazilian, "brazilian"),
    (Variant::International, "standard"),
];

/// Checks every `fen;d1;d2;d3` line of `table`; returns how many positions were checked
/// and a description of each mismatch.
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

#[test]
fn stored_tables() {
    let mut failures = Vec::new();
    for (variant, name) in VARIANTS {
        let file = if name == "standard" { "international" } else { name };
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/pydraughts/{file}.txt"));
        let table =
            std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let (checked, mut mismatches) = check_table(variant, &table);
        assert!(checked >= 300, "{}: only {checked} positions", path.display());
        failures.append(&mut mismatches);
    }
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn live_sample() {
    let seed = SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |elapsed| elapsed.as_secs());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pydraughts_oracle.py");
    let mut failures = Vec::new();
    for (variant, name) in VARIANTS {
        let output = Command::new("python3")
            .arg(&script)
            .args(["--variant", name, "--count", "2", "--seed", &seed.to_string()])
            .output()
            .expect("python3 must be installed (see tests/requirements.txt)");
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
