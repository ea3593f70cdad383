//! `crownhead selfplay` run as a user runs it, with tiny budgets: the data file reads
//! back, holds quiet legal positions once each with results that agree within a game, is
//! the same whatever the number of threads, and shards split the games.

use crate::common;

use std::collections::{BTreeSet, HashSet};
use std::path::Path;

use crownhead::rules::{Color, Position, Variant};
use crownhead::tools::learning::data::{Record, read_file};

/// Runs selfplay with `args` writing to `out`; its summary line.
fn selfplay(args: &[&str], out: &Path) -> String {
    let out = out.to_str().expect("a UTF-8 path");
    let output = common::crownhead(&[&["selfplay"], args, &["--out", out]].concat());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

/// The file's records, checked: every position quiet and legal, none twice, games in
/// order, each game's results agreeing.
fn checked(path: &Path, variant: Variant) -> Vec<Record> {
    let (read_variant, records) = read_file(path).expect("a valid data file");
    assert_eq!(read_variant, variant);
    let mut hashes = HashSet::new();
    let mut last_game = 0;
    let mut white_result = None;
    for record in &records {
        let position = record.position;
        assert_eq!(position.variant(), variant);
        let again = Position::from_fen(variant, &position.to_fen()).expect("a legal position");
        assert_eq!(again, position);
        assert!(!position.has_capture(), "capture pending in {}", position.to_fen());
        assert!(!position.legal_moves().is_empty(), "game over in {}", position.to_fen());
        assert!(hashes.insert(position.hash()), "{} twice", position.to_fen());
        assert!(record.game >= last_game, "games out of order");
        assert!(i32::from(record.score).abs() <= 10_000);
        let for_white = if position.side_to_move() == Color::White { record.result } else { -record.result };
        if record.game != last_game {
            white_result = None;
        }
        assert_eq!(*white_result.get_or_insert(for_white), for_white, "game {} disagrees", record.game);
        last_game = record.game;
    }
    records
}

/// Writes `text` as an openings file in `dir` (made if missing); its path, for
/// `--openings`.
fn openings_file(dir: &Path, text: &str) -> String {
    std::fs::create_dir_all(dir).expect("a scratch directory");
    let path = dir.join("openings.txt");
    std::fs::write(&path, text).expect("written");
    path.to_str().expect("a UTF-8 path").to_string()
}

fn games(records: &[Record]) -> BTreeSet<u32> {
    records.iter().map(|record| record.game).collect()
}

fn hashes(records: &[Record]) -> BTreeSet<u64> {
    records.iter().map(|record| record.position.hash()).collect()
}

#[test]
fn threads_do_not_change_the_file() {
    let dir = common::scratch("selfplay", "threads");
    let (one, two) = (dir.join("one.bin"), dir.join("data/two.bin"));
    let args = ["--games", "6", "--nodes", "1500", "--seed", "7"];
    let summary = selfplay(&[&args[..], &["--threads", "1"]].concat(), &one);
    assert_eq!(
        selfplay(&[&args[..], &["--threads", "2"]].concat(), &two).split(", time").next(),
        summary.split(", time").next()
    );
    assert_eq!(std::fs::read(&one).expect("written"), std::fs::read(&two).expect("written"));
    let records = checked(&one, Variant::English);
    assert!(
        summary.starts_with(&format!("games 6 (skipped 0), positions {} written, ", records.len())),
        "{summary}"
    );
    assert_eq!(games(&records), (0..6).collect());
    // Another seed plays other games.
    let other = dir.join("other.bin");
    selfplay(&["--games", "6", "--nodes", "1500", "--seed", "8"], &other);
    assert_ne!(std::fs::read(&one).expect("written"), std::fs::read(&other).expect("written"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn shards_split_the_games() {
    let dir = common::scratch("selfplay", "shards");
    let args = ["--variant", "russian", "--games", "5", "--depth", "3", "--threads", "2"];
    let (all, first, second) = (dir.join("all.bin"), dir.join("first.bin"), dir.join("second.bin"));
    selfplay(&args, &all);
    selfplay(&[&args[..], &["--shard", "1/2"]].concat(), &first);
    selfplay(&[&args[..], &["--shard", "2/2"]].concat(), &second);
    let all = checked(&all, Variant::Russian);
    let (first, second) = (checked(&first, Variant::Russian), checked(&second, Variant::Russian));
    assert_eq!(games(&first), [0, 2, 4].into());
    assert_eq!(games(&second), [1, 3].into());
    assert_eq!(games(&all), (0..5).collect());
    let union: BTreeSet<u64> = hashes(&first).union(&hashes(&second)).copied().collect();
    assert_eq!(union, hashes(&all));
    // Game 0 comes first in both files: the same records.
    let game_zero =
        |records: &[Record]| records.iter().filter(|record| record.game == 0).copied().collect::<Vec<_>>();
    assert_eq!(game_zero(&first), game_zero(&all));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn ten_by_ten_boards_with_an_opening_file() {
    let dir = common::scratch("selfplay", "international");
    let openings = openings_file(&dir, "# two openings\n32-28 19-23\nW:W31-50:B1-20\n");
    let openings = openings.as_str();
    let out = dir.join("international.bin");
    let summary = selfplay(
        &[
            "--variant",
            "international",
            "--games",
            "2",
            "--nodes",
            "400",
            "--random-plies",
            "2",
            "--openings",
            openings,
        ],
        &out,
    );
    assert!(summary.starts_with("games 2 (skipped 0)"), "{summary}");
    let records = checked(&out, Variant::International);
    // Game 0 starts at ply 2 + 2, game 1 at ply 0 + 2.
    assert!(records.iter().all(|record| record.ply >= 2), "no record before the random plies");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn varied_node_counts_part_games_that_share_a_start() {
    let dir = common::scratch("selfplay", "vary-nodes");
    let openings = openings_file(&dir, "11-15 23-19 8-11\n");
    let args = ["--games", "3", "--nodes", "2000", "--random-plies", "0", "--openings", &openings];
    // At a fixed count the three games are one game played three times: only game 0's
    // positions are new.
    let fixed = dir.join("fixed.bin");
    selfplay(&args, &fixed);
    assert_eq!(games(&checked(&fixed, Variant::English)), [0].into());
    // Varied counts, the same whatever the threads: each game adds positions of its own.
    let (one, two) = (dir.join("one.bin"), dir.join("two.bin"));
    selfplay(&[&args[..], &["--vary-nodes", "20", "--threads", "1"]].concat(), &one);
    selfplay(&[&args[..], &["--vary-nodes", "20", "--threads", "2"]].concat(), &two);
    assert_eq!(std::fs::read(&one).expect("written"), std::fs::read(&two).expect("written"));
    assert_eq!(games(&checked(&one, Variant::English)), (0..3).collect());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_arguments_are_refused() {
    for (args, message) in [
        (
            &["--games", "2", "--depth", "2", "--shard", "3/2", "--out", "x.bin"][..],
            "'3/2' is not a shard K/S",
        ),
        (
            &["--games", "2", "--depth", "2", "--shard", "0/2", "--out", "x.bin"][..],
            "'0/2' is not a shard K/S",
        ),
        (&["--games", "2", "--depth", "2", "--shard", "a", "--out", "x.bin"][..], "'a' is not a shard K/S"),
        (&["--games", "2", "--depth", "2"][..], "--out"),
        (&["--games", "2", "--out", "x.bin"][..], "--nodes"),
        (&["--games", "2", "--depth", "2", "--nodes", "9", "--out", "x.bin"][..], "cannot be used with"),
        (&["--games", "2", "--depth", "2", "--vary-nodes", "10", "--out", "x.bin"][..], "--nodes"),
        (&["--games", "2", "--nodes", "99", "--vary-nodes", "60", "--out", "x.bin"][..], "0..=50"),
        (
            &["--games", "2", "--depth", "2", "--openings", "/nonexistent", "--out", "x.bin"][..],
            "bad --openings",
        ),
    ] {
        let output = common::crownhead(&[&["selfplay"], args].concat());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    assert!(!Path::new("x.bin").exists());
}

/// `scripts/generation` at a tiny budget: data runs until the distinct positions are
/// there, a network trained on them, a match against the network it learnt from; run again, it
/// plays no data run twice.
#[test]
fn the_generation_script_makes_data_a_network_and_a_match_and_resumes() {
    let dir = common::scratch("selfplay", "generation");
    let out = dir.join("gen");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/generation");
    let run = || {
        let output = std::process::Command::new(&script)
            .args(["--variant", "english", "--net", "nets/english.nnue", "--nodes", "300"])
            .args(["--positions", "3000", "--games-per-seed", "30", "--epochs", "2"])
            .args(["--match-nodes", "300", "--match-games", "4", "--threads", "1"])
            .args(["--binary", env!("CARGO_BIN_EXE_crownhead"), "--dir"])
            .arg(&out)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("bash runs the script");
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    };
    run();
    let seeds: Vec<_> = (1..)
        .map(|seed| out.join(format!("english-seed{seed}.bin")))
        .take_while(|path| path.exists())
        .collect();
    let records: usize = seeds.iter().map(|path| checked(path, Variant::English).len()).sum();
    assert!(records >= 3000 * 106 / 100, "{records} positions in {} runs", seeds.len());
    let train = std::fs::read_to_string(out.join("train.log")).expect("a training log");
    assert!(train.contains(&format!("data files {}", seeds.len())), "{train}");
    let distinct: usize = train
        .split_once(": positions ")
        .and_then(|(_, rest)| rest.split_once(' '))
        .and_then(|(count, _)| count.parse().ok())
        .expect("the distinct positions in the training log");
    assert!(distinct >= 3000, "{distinct} distinct positions, fewer than asked for");
    crownhead::engine::Network::load(&out.join("english.nnue"), Variant::English).expect("a sound network");
    let summary = std::fs::read_to_string(out.join("match.log")).expect("a match log");
    assert!(summary.contains("Pentanomial"), "{summary}");
    let first = std::fs::metadata(&seeds[0]).and_then(|meta| meta.modified()).expect("a time");
    run();
    let again = std::fs::metadata(&seeds[0]).and_then(|meta| meta.modified()).expect("a time");
    assert_eq!(first, again, "a finished data run is not played again");
}

/// Runs that only repeat each other (no random plies: every seed plays the same games)
/// can never make the distinct positions asked for: the script says so and stops rather
/// than playing on for ever.
#[test]
fn the_generation_script_stops_when_runs_add_no_new_position() {
    let out = common::scratch("selfplay", "generation-repeats").join("gen");
    let output = std::process::Command::new(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/generation"))
        .args(["--variant", "english", "--net", "nets/english.nnue", "--nodes", "300"])
        .args(["--positions", "1000", "--games-per-seed", "3", "--random-plies", "0"])
        .args(["--epochs", "1", "--threads", "1", "--binary", env!("CARGO_BIN_EXE_crownhead"), "--dir"])
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("bash runs the script");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(stderr.contains("playing on to"), "more runs were tried first: {stderr}");
    assert!(stderr.contains("added no new position"), "{stderr}");
    assert!(!out.join("match.log").exists(), "no match without the network asked for");
}
