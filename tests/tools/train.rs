//! `crownhead train` run as a user runs it: on a few self-play games at a tiny budget it
//! writes a network file that loads, with the validation loss falling over the epochs,
//! and the engine plays a legal game with it; bad arguments and unsuitable data are
//! refused with one clear line.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crownhead::engine::Network;
use crownhead::rules::{Game, Position, Variant};

/// A fresh directory for this test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crownhead-train-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// Plays `games` self-play games into `out`.
fn selfplay(variant: &str, games: &str, out: &Path) {
    let args = ["selfplay", "--variant", variant, "--games", games, "--nodes", "300", "--threads", "2"];
    let output = common::crownhead(&[&args[..], &["--out", text(out)]].concat());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}

/// The validation losses of the report's epoch lines.
fn validation_losses(report: &str) -> Vec<f64> {
    report
        .lines()
        .filter(|line| line.starts_with("epoch "))
        .map(|line| {
            let mut words = line.split_whitespace().skip_while(|&word| word != "validation").skip(1);
            words.next().and_then(|loss| loss.parse().ok()).expect("a validation loss")
        })
        .collect()
}

#[test]
fn a_network_trained_on_self_play_loads_and_learned() {
    let dir = scratch("english");
    let data = dir.join("english.bin");
    selfplay("english", "32", &data);
    let net = dir.join("nets/english.nnue");
    let args = [
        "train",
        "--variant",
        "english",
        "--serves",
        "english-25",
        "--data",
        text(&data),
        "--out",
        text(&net),
    ];
    let settings =
        ["--epochs", "6", "--batch", "256", "--lr", "1e-2", "--validation", "0.25", "--threads", "2"];
    let output = common::crownhead(&[&args[..], &settings].concat());
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.starts_with("data files 1: positions "), "{report}");
    assert!(report.contains("\nscale "), "{report}");
    let losses = validation_losses(&report);
    assert_eq!(losses.len(), 6, "{report}");
    assert!(losses[5] < losses[0], "{report}");
    let last = report.lines().last().unwrap_or_default();
    assert!(last.starts_with("quantised network: validation loss "), "{report}");

    let network = Network::load(&net, Variant::English).expect("a sound network file");
    assert_eq!(network.rule_sets, [Variant::English, Variant::English25]);
    assert_eq!(network.buckets, 1);
    assert!(network.scale > 0);
    let size = std::fs::metadata(&net).expect("written").len() as usize;
    assert_eq!(size, network.to_bytes().len());
    plays_a_legal_game_over_hub(&net);
    labels_by_the_builtin_database(&data, &dir);
    let _ = std::fs::remove_dir_all(dir);
}

/// `--egdb-path` naming a directory without databases labels by the built-in ones (4
/// pieces in English), as the engine plays with them.
fn labels_by_the_builtin_database(data: &Path, dir: &Path) {
    let net = dir.join("labelled.nnue");
    let none = dir.join("no-databases");
    let args = ["train", "--variant", "english", "--data", text(data), "--out", text(&net)];
    let settings = ["--epochs", "1", "--batch", "256", "--egdb-path", text(&none)];
    let output = common::crownhead(&[&args[..], &settings].concat());
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.starts_with("endgame database to 4 pieces: "), "{report}");
}

/// Loads `net` in a Hub session and lets the engine play both sides of an English game
/// to its end (or 150 plies), every move checked against the rules.
fn plays_a_legal_game_over_hub(net: &Path) {
    let mut child = common::crownhead_command()
        .arg("hub")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines().map_while(Result::ok);
    let mut send = |line: &str| writeln!(input, "{line}").and_then(|()| input.flush()).expect("engine reads");
    send(&format!("set-param name=eval-file value=\"{}\"", text(net)));
    send("init");
    assert_eq!(lines.next().as_deref(), Some("ready"), "the network loads without an error");
    let mut game = Game::new(Position::start(Variant::English));
    let mut moves = Vec::new();
    while game.result().is_none() && moves.len() < 150 {
        send(&format!("pos start moves=\"{}\"", moves.join(" ")));
        send("level depth=3");
        send("go think");
        let done = lines.find(|line| line.starts_with("done ")).expect("done");
        let mv =
            done.split_whitespace().find_map(|word| word.strip_prefix("move=")).expect("a move").to_string();
        game.play_text(&mv).unwrap_or_else(|error| panic!("illegal move {mv}: {error}"));
        moves.push(mv);
    }
    send("quit");
    assert!(child.wait().expect("exits").success());
}

/// `--material` writes generation 0 without data: the built-in evaluation of a rule set
/// no trained network serves, which its first self-play plays with. Antidraughts' counts
/// material against its owner: the engine, searching one ply, gives a man away.
#[test]
fn generation_zero_is_material_and_antidraughts_gives_men_away() {
    let dir = scratch("material");
    let net = dir.join("antidraughts-gen0.nnue");
    let args = ["train", "--variant", "losing", "--material", "--out", text(&net)];
    let output = common::crownhead(&args);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let network = Network::load(&net, Variant::Antidraughts).expect("it loads for antidraughts");
    assert!(network.serves(Variant::Antidraughts));
    // White's man on 32 (d4) can step to 27 (c5), where Black's man on 21 (b6) must take
    // it, or to 28 (e5), where nothing takes it: a search one ply deep gives it away.
    let analyse = ["analyse", "--variant", "antidraughts", "--fen", "W:W32,45:B21", "--depth", "1"];
    let output = common::crownhead(&[&analyse[..], &["--eval-file", text(&net)]].concat());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.lines().last().is_some_and(|line| line.starts_with("bestmove 32-27")), "{stdout}");
    let refused = common::crownhead(&["train", "--variant", "english", "--material", "--data", "x.bin"]);
    assert!(!refused.status.success());
}

#[test]
fn bad_arguments_and_unsuitable_data_are_refused() {
    let dir = scratch("bad");
    let russian = dir.join("russian.bin");
    selfplay("russian", "2", &russian);
    let english = dir.join("english.bin");
    selfplay("english", "2", &english);
    let bytes = std::fs::read(&english).expect("written");
    let truncated = dir.join("truncated.bin");
    std::fs::write(&truncated, &bytes[..bytes.len() - 5]).expect("written");
    let empty = dir.join("empty.bin");
    std::fs::write(&empty, &bytes[..32]).expect("written");
    let missing = dir.join("missing.bin");
    let net = dir.join("out.nnue");
    let (russian, english, truncated, empty, missing) =
        (text(&russian), text(&english), text(&truncated), text(&empty), text(&missing));
    let russian_message = format!("{russian} holds russian positions, not english");
    let missing_message = format!("cannot read {missing}: ");
    let truncated_message = format!("cannot read {truncated}: truncated file: it ends inside record");
    for (args, message) in [
        (&["--data", english, russian][..], russian_message.as_str()),
        (&["--data", missing][..], missing_message.as_str()),
        (&["--data", truncated][..], truncated_message.as_str()),
        (&["--data", empty][..], "no positions in the data"),
        (&["--data", english, "--validation", "1.5"][..], "'1.5' is not a number between 0 and 1"),
        (&["--data", english, "--validation", "0"][..], "'0' is not a number between 0 and 1"),
        (&["--data", english, "--buckets", "0"][..], "invalid value '0' for '--buckets"),
        (&["--data", english, "--buckets", "17"][..], "invalid value '17' for '--buckets"),
        (&["--data", english, "--batch", "0"][..], "invalid value '0' for '--batch"),
        (&["--data", english, "--lambda", "2"][..], "'2' is not a number from 0 to 1"),
        (&["--data", english, "--decay", "fast"][..], "'fast' is neither cosine nor a factor"),
        (
            &["--data", english, "--serves", "international"][..],
            "--serves international: its board is not the one of english",
        ),
        (
            &[
                "--data",
                english,
                "--serves",
                "english-25,italian,spanish,spanish-short,portuguese,pool,czech",
            ][..],
            "--serves: the rule sets' names take 70 bytes, more than the 64 a network file holds",
        ),
        (&["--data", english, "--serves", "chess"][..], "invalid value 'chess' for '--serves"),
        (&["--data"][..], "--data"),
    ] {
        let output =
            common::crownhead(&[&["train", "--variant", "english", "--out", text(&net)], args].concat());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    assert!(!net.exists());
    let _ = std::fs::remove_dir_all(dir);
}
