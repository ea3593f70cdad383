//! pydraughts' `PDNReader`, written apart from crownhead and used by the draughts bots and
//! scripts of crownhead's users, reads the real collections, crownhead's own output of
//! them, and every file the binary writes (`match` with its engine comments, `play`'s
//! `save`, `analyse-game --out`): the move strings it finds in each game name the moves
//! crownhead read, the files' games replay move by move on pydraughts' own board, and
//! the results and rule sets agree. See `tests/rules/pdn_pydraughts.py`.

use crate::common;

use common::CROWNHEAD;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{ChildStdout, Output, Stdio};

use crownhead::rules::{PdnGame, PdnResult, Variant, read_pdn};

/// A game as pydraughts reads it.
struct Theirs {
    /// The index of the file it was read from, among those given.
    file: usize,
    moves: Vec<String>,
    ending: String,
    variant: Option<String>,
}

/// Runs `tests/rules/pdn_pydraughts.py ARGS` with `input` on its standard input, and returns
/// the games it read.
fn pydraughts(args: &[&Path], input: &str) -> Vec<Theirs> {
    let output = common::python_script("tests/rules/pdn_pydraughts.py", args, input.to_string());
    output
        .lines()
        .map(|line| {
            let game: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            Theirs {
                file: game["file"].as_u64().map_or(0, |file| file as usize),
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

/// Every game of `text` as pydraughts reads it.
fn pydraughts_read(text: &str) -> Vec<Theirs> {
    pydraughts(&[], text)
}

/// Every game of each file as pydraughts reads it, each game replayed on pydraughts'
/// board (the script fails on a move pydraughts finds illegal): per file, in order.
fn pydraughts_read_and_replay(files: &[PathBuf]) -> Vec<Vec<Theirs>> {
    let args: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let mut per_file: Vec<Vec<Theirs>> = files.iter().map(|_| Vec::new()).collect();
    for game in pydraughts(&args, "") {
        per_file[game.file].push(game);
    }
    per_file
}

/// pydraughts' move strings, read in turn from the game's start, are the game's moves,
/// and the result it found is the game's. `what` names the text in messages.
fn assert_agrees(ours: &[PdnGame], theirs: &[Theirs], what: &str) {
    assert_eq!(ours.len(), theirs.len(), "{what}: the number of games");
    for (number, (game, their)) in ours.iter().zip(theirs).enumerate() {
        let number = number + 1;
        let mut position = game.start;
        let mut moves = Vec::new();
        for text in &their.moves {
            let mv =
                position.parse_move(text).unwrap_or_else(|e| panic!("{what}, game {number}: {text}: {e}"));
            position = position.play(&mv);
            moves.push(mv);
        }
        let our_moves: Vec<_> = game.moves.iter().map(|m| m.mv).collect();
        assert_eq!(moves, our_moves, "{what}, game {number}");
        assert_eq!(
            PdnResult::from_pdn(&their.ending, game.start.variant()),
            Some(game.result),
            "{what}, game {number}"
        );
    }
}

#[test]
fn pydraughts_reads_the_collections_and_our_output_alike() {
    // pydraughts keeps two moves after each move number, so it loses the last move of
    // Tinsley's games that end `37. 23-26 14-18 26-31`: only our output of those is
    // given to it.
    let collections = [
        (include_str!("../data/pdn/tinsley.pdn"), Variant::English, "english", false),
        (include_str!("../data/pdn/wk2003.pdn"), Variant::International, "standard", true),
        (include_str!("../data/pdn/kurnik.pdn"), Variant::International, "standard", true),
        (include_str!("../data/pdn/ussr1947.pdn"), Variant::Russian, "russian", true),
    ];
    for (text, variant, name, fully_numbered) in collections {
        let ours: Vec<PdnGame> =
            read_pdn(text, variant).into_iter().map(|g| g.expect("a readable game")).collect();
        if fully_numbered {
            assert_agrees(&ours, &pydraughts_read(text), name);
        }
        let written: String = ours.iter().map(PdnGame::to_pdn).collect();
        let theirs = pydraughts_read(&written);
        assert_agrees(&ours, &theirs, name);
        assert!(theirs.iter().all(|game| game.variant.as_deref() == Some(name)), "{name}");
    }
}

#[test]
fn pydraughts_reads_the_main_line_of_annotated_games_we_write() {
    // pydraughts drops variations, comments, NAGs and glyphs before it reads the moves:
    // the main line it finds in what crownhead writes (variations numbered from their
    // own first move, no number repeated after one) is the one crownhead read.
    let annotated = [
        (include_str!("../data/pdn/annotated/english.pdn"), Variant::English, "english"),
        (include_str!("../data/pdn/annotated/international.pdn"), Variant::International, "standard"),
        (include_str!("../data/pdn/annotated/russian.pdn"), Variant::Russian, "russian"),
    ];
    for (text, variant, name) in annotated {
        let ours: Vec<PdnGame> =
            read_pdn(text, variant).into_iter().map(|g| g.expect("a readable game")).collect();
        assert!(ours.iter().all(|game| game.moves.iter().any(|m| !m.variations.is_empty())), "{name}");
        let written: String = ours.iter().map(PdnGame::to_pdn).collect();
        assert_agrees(&ours, &pydraughts_read(&written), name);
    }
}

/// `crownhead ARGS`, which must succeed.
fn crownhead(args: &[&str]) -> Output {
    let output = common::crownhead_command().args(args).output().expect("crownhead runs");
    assert!(output.status.success(), "crownhead {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    output
}

/// A fresh directory for the files of one test.
fn scratch(name: &str) -> PathBuf {
    let directory =
        std::env::temp_dir().join(format!("crownhead-pdn-pydraughts-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    directory
}

/// Reads `play`'s output up to its next prompt, and returns it and whether the game is
/// over. `play` flushes each prompt and then waits for a line.
fn until_prompt(stdout: &mut ChildStdout) -> (String, bool) {
    let mut output = Vec::new();
    let mut buffer = [0; 4096];
    loop {
        let read = stdout.read(&mut buffer).expect("play's output is read");
        assert!(read > 0, "play ended before its prompt: {}", String::from_utf8_lossy(&output));
        output.extend_from_slice(&buffer[..read]);
        let text = String::from_utf8_lossy(&output);
        if text.ends_with("(you)> ") || text.ends_with("game over> ") {
            let over = text.ends_with("game over> ");
            return (text.into_owned(), over);
        }
    }
}

/// Plays `crownhead play` from the start, through pipes, as a person who always plays
/// the first legal move `moves` lists, for `moves` moves or until the game is over, then
/// saves the game to `path`.
fn play_and_save(variant: &str, moves: usize, path: &Path) {
    let mut child = common::crownhead_command()
        .args(["play", "--variant", variant, "--movetime", "0.02"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("crownhead play starts");
    let mut stdin = child.stdin.take().expect("a piped stdin");
    let mut stdout = child.stdout.take().expect("a piped stdout");
    let mut send = |line: &str| writeln!(stdin, "{line}").expect("play reads its input");
    let (_, mut over) = until_prompt(&mut stdout);
    for _ in 0..moves {
        if over {
            break;
        }
        send("moves");
        let (listed, _) = until_prompt(&mut stdout);
        let first = listed
            .lines()
            .find_map(|line| line.split_once("Legal moves: "))
            .and_then(|(_, moves)| moves.split_whitespace().next())
            .unwrap_or_else(|| panic!("no legal moves listed: {listed}"))
            .to_string();
        send(&first);
        over = until_prompt(&mut stdout).1;
    }
    send(&format!("save {}", path.display()));
    let (saved, _) = until_prompt(&mut stdout);
    assert!(saved.contains("Saved the game to"), "{saved}");
    send("quit");
    assert!(child.wait().expect("play ends").success());
}

/// The files crownhead writes in `variant`: a match game pair between two crownhead Hub
/// engines searching to `depth`, with its engine comments; the match's first game
/// annotated by `analyse-game`, a comment after every move; a game played with `play`
/// and saved. pydraughts reads each and replays every game on its own board, as rule set
/// `pydraughts_name`, and finds the moves and results crownhead reads back.
fn pydraughts_reads_and_replays_every_file_written(variant: Variant, depth: &str, pydraughts_name: &str) {
    let name = variant.name();
    let directory = scratch(name);
    let files = ["match.pdn", "analysed.pdn", "played.pdn"].map(|file| directory.join(file));
    let [matched, analysed, played] = files.each_ref().map(|path| path.to_str().expect("a UTF-8 path"));
    let engine = format!("'{CROWNHEAD}' hub");
    crownhead(&[
        "match",
        "--engine",
        &engine,
        "--engine",
        &engine,
        "--variant",
        name,
        "--depth",
        depth,
        "--games",
        "2",
        "--pdn",
        matched,
    ]);
    crownhead(&["analyse-game", matched, "--depth", "1", "--out", analysed]);
    play_and_save(name, 12, &files[2]);

    let theirs = pydraughts_read_and_replay(&files);
    for (path, theirs) in [matched, analysed, played].into_iter().zip(&theirs) {
        let text = std::fs::read_to_string(path).expect("the file was written");
        let ours: Vec<PdnGame> = read_pdn(&text, Variant::English)
            .into_iter()
            .map(|game| game.unwrap_or_else(|error| panic!("{path}: {error}")))
            .collect();
        assert_eq!(ours.len(), if path == matched { 2 } else { 1 }, "{path}");
        assert!(ours.iter().all(|game| game.start.variant() == variant), "{path}");
        assert_agrees(&ours, theirs, path);
        assert!(theirs.iter().all(|game| game.variant.as_deref() == Some(pydraughts_name)), "{path}");
        if path == played {
            let game = &ours[0];
            assert!(
                game.moves.len() >= 24 || game.result != PdnResult::Unfinished,
                "{path}: {}",
                game.moves.len()
            );
        } else {
            // What pydraughts lost match files to: a comment after the first player's
            // moves (all but the opening's three plies), so that each second player's
            // move follows a comment, and move numbers past 10 (`13.` holds `3.`).
            for game in &ours {
                assert!(game.moves.len() >= 24, "{path}: {} plies", game.moves.len());
                assert!(game.moves[4..].iter().step_by(2).all(|m| m.comment.is_some()), "{path}");
            }
        }
    }
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

#[test]
fn pydraughts_reads_and_replays_every_english_file_crownhead_writes() {
    pydraughts_reads_and_replays_every_file_written(Variant::English, "2", "english");
}

#[test]
fn pydraughts_reads_and_replays_every_russian_file_crownhead_writes() {
    pydraughts_reads_and_replays_every_file_written(Variant::Russian, "4", "russian");
}

#[test]
fn pydraughts_reads_and_replays_every_international_file_crownhead_writes() {
    pydraughts_reads_and_replays_every_file_written(Variant::International, "1", "standard");
}
