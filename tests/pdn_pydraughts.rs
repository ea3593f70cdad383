//! pydraughts' `PDNReader`, written apart from crownhead, reads the real collections and
//! crownhead's own output of them: the move strings it finds in each game name the moves
//! crownhead read, and the results and rule sets agree. See `tests/pdn_pydraughts.py`.

use std::io::Write;
use std::process::{Command, Stdio};

use crownhead::rules::{PdnGame, PdnResult, Variant, read_pdn};

/// A game as pydraughts reads it.
struct Theirs {
    moves: Vec<String>,
    ending: String,
    variant: Option<String>,
}

/// Every game of `text` as pydraughts reads it.
fn pydraughts_read(text: &str) -> Vec<Theirs> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pdn_pydraughts.py");
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 must be installed (see tests/requirements.txt)");
    child
        .stdin
        .take()
        .expect("a piped stdin")
        .write_all(text.as_bytes())
        .expect("pydraughts reads its input");
    let output = child.wait_with_output().expect("pydraughts runs");
    assert!(
        output.status.success(),
        "pydraughts failed (is it installed? `python3 -m pip install -r tests/requirements.txt`):\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            let game: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            Theirs {
                moves: game["moves"]
                    .as_array()
                    .expect("moves")
                    .iter()
                    .map(|m| m.as_str().unwrap().to_string())
                    .collect(),
                ending: game["ending"].as_str().expect("ending").to_string(),
                variant: game["variant"].as_str().map(str::to_string),
            }
        })
        .collect()
}

/// pydraughts' move strings, read in turn from the game's start, are the game's moves,
/// and the result it found is the game's.
fn assert_agrees(ours: &[PdnGame], theirs: &[Theirs]) {
    assert_eq!(ours.len(), theirs.len());
    for (number, (game, their)) in ours.iter().zip(theirs).enumerate() {
        let mut position = game.start;
        let mut moves = Vec::new();
        for text in &their.moves {
            let mv = position.parse_move(text).unwrap_or_else(|e| panic!("game {}: {text}: {e}", number + 1));
            position = position.play(&mv);
            moves.push(mv);
        }
        let our_moves: Vec<_> = game.moves.iter().map(|m| m.mv).collect();
        assert_eq!(moves, our_moves, "game {}", number + 1);
        assert_eq!(
            PdnResult::from_pdn(&their.ending, game.start.variant()),
            Some(game.result),
            "game {}",
            number + 1
        );
    }
}

#[test]
fn pydraughts_reads_the_collections_and_our_output_alike() {
    // pydraughts keeps two moves after each move number, so it loses the last move of
    // Tinsley's games that end `37. 23-26 14-18 26-31`: only our output of those is
    // given to it.
    let collections = [
        (include_str!("data/pdn/tinsley.pdn"), Variant::English, "english", false),
        (include_str!("data/pdn/wk2003.pdn"), Variant::International, "standard", true),
        (include_str!("data/pdn/kurnik.pdn"), Variant::International, "standard", true),
        (include_str!("data/pdn/ussr1947.pdn"), Variant::Russian, "russian", true),
    ];
    for (text, variant, name, fully_numbered) in collections {
        let ours: Vec<PdnGame> =
            read_pdn(text, variant).into_iter().map(|g| g.expect("a readable game")).collect();
        if fully_numbered {
            assert_agrees(&ours, &pydraughts_read(text));
        }
        let written: String = ours.iter().map(PdnGame::to_pdn).collect();
        let theirs = pydraughts_read(&written);
        assert_agrees(&ours, &theirs);
        assert!(theirs.iter().all(|game| game.variant.as_deref() == Some(name)), "{name}");
    }
}
