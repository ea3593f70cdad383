//! Every built-in puzzle's solution line is legal by pydraughts 0.6.7, a move generator
//! written apart from crownhead's, in the ten rule sets it plays: each move, played
//! from the puzzle's position, is one pydraughts lists there. See
//! `tests/tools/puzzles_pydraughts.py`. In frisian and frysk pydraughts reads no runs of
//! king moves from a FEN (`scripts/pydraughts_oracle.py` says how its oracle replays
//! them), so there it may list king moves the three-move rule forbids: the check is only
//! that it lists each move of the line.

use crate::common;

use crownhead::puzzles::{Puzzle, builtin};
use crownhead::rules::{Move, Position};
use serde_json::json;

/// The CI test replays every this-many-th puzzle of a set: pydraughts takes about 10 ms
/// to list a position's legal moves, and the sets hold about 2,300 puzzles of its rule
/// sets.
const SAMPLE_STRIDE: usize = 10;

/// `mv`, played in `position`, as the script reads it: its start, end and captured
/// squares in the rule set's numbering.
fn move_json(position: &Position, mv: &Move) -> serde_json::Value {
    let number = |square| u32::from(position.rules().square_number(square));
    let captured: Vec<u32> = mv.captured().into_iter().map(number).collect();
    json!([number(mv.from()), number(mv.to()), captured])
}

/// The puzzle's line as the script reads it, named `name` for its messages.
fn line_json(puzzle: &Puzzle, pydraughts_name: &str, name: &str) -> String {
    let mut position = puzzle.position;
    let moves: Vec<serde_json::Value> = puzzle
        .line
        .iter()
        .map(|mv| {
            let played = move_json(&position, mv);
            position = position.play(mv);
            played
        })
        .collect();
    let line =
        json!({"name": name, "variant": pydraughts_name, "fen": puzzle.position.to_fen(), "moves": moves});
    line.to_string()
}

/// Replays every `stride`-th built-in puzzle of each rule set pydraughts plays (the
/// first and the last always) on pydraughts' board; checks that the script replayed
/// every line sent and returns its summary.
fn replay_on_pydraughts(stride: usize) -> String {
    let mut input = String::new();
    let mut sent = 0;
    for (variant, pydraughts_name) in common::PYDRAUGHTS {
        let set = builtin(variant);
        let picked = (0..set.len()).filter(|&index| index % stride == 0 || index + 1 == set.len());
        for index in picked {
            let name = format!("{variant} puzzle {} of {}: {}", index + 1, set.len(), set[index]);
            input.push_str(&line_json(&set[index], pydraughts_name, &name));
            input.push('\n');
            sent += 1;
        }
    }
    let output = common::python_script("tests/tools/puzzles_pydraughts.py", &[], input);
    let summary = output.trim().to_string();
    assert!(summary.starts_with(&format!("checked {sent} lines, ")), "{sent} lines sent: {summary}");
    summary
}

#[test]
fn sampled_solution_lines_are_legal_by_pydraughts() {
    replay_on_pydraughts(SAMPLE_STRIDE);
}

/// Every puzzle (CI replays a sample: every [`SAMPLE_STRIDE`]-th).
#[test]
#[ignore = "a minute or more of pydraughts' move generation"]
fn every_solution_line_is_legal_by_pydraughts() {
    println!("{}", replay_on_pydraughts(1));
}
