//! The command line, run as a user runs it: output formats, exit codes, errors.

use crate::common;

use std::process::Output;

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn short_version() {
    let output = common::crownhead(&["-V"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output).trim(), format!("crownhead {}", env!("CARGO_PKG_VERSION")));
}

/// `--version` names the checkout's commit (git's own answer) and, on Linux, the
/// instruction set the processor offers the network (/proc/cpuinfo's answer).
#[test]
fn long_version_names_the_revision_and_instruction_sets() {
    let output = common::crownhead(&["--version"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(format!("crownhead {}", env!("CARGO_PKG_VERSION")).as_str()));
    let revision = lines.next().and_then(|line| line.strip_prefix("revision ")).expect("a revision line");
    let head = std::process::Command::new("git").args(["rev-parse", "--short=12", "HEAD"]).output();
    if let Some(head) = head.ok().filter(|head| head.status.success()) {
        let head = String::from_utf8_lossy(&head.stdout).trim().to_string();
        assert!(revision == head || revision == format!("{head}-modified"), "{revision} against HEAD {head}");
    }
    let target = text.lines().find_map(|line| line.strip_prefix("target ")).expect("a target line");
    assert!(target.starts_with(std::env::consts::ARCH), "{target}");
    if let Ok(cpuinfo) = std::fs::read_to_string("/proc/cpuinfo") {
        let has_avx2 = cpuinfo
            .lines()
            .any(|line| line.starts_with("flags") && line.split_whitespace().any(|flag| flag == "avx2"));
        let expected = if has_avx2 { "avx2" } else { "none, portable code" };
        assert!(text.contains(&format!("chosen at run time for the network: {expected}")), "{text}");
    }
}

/// A depth is bounded by the engine's maximum, as Hub bounds it; past it, the command
/// line refuses with the bound named.
#[test]
fn a_depth_past_the_engines_bound_is_refused() {
    let bound = crownhead::engine::MAX_DEPTH;
    let output = common::crownhead(&["analyse", "--depth", &(bound + 1).to_string()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains(&format!("is not in 1..={bound}")), "{}", stderr(&output));
}

#[test]
fn bench_with_a_move_time_searches_every_position_that_long() {
    let output = common::crownhead(&["bench", "--movetime", "0.05"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let positions: Vec<&str> = text.lines().filter(|line| line.starts_with("position ")).collect();
    assert_eq!(positions.len(), 34, "{text}");
    let depths: Vec<u32> = positions
        .iter()
        .map(|line| {
            let depth = line.split(' ').find_map(|field| field.strip_prefix("depth=")).expect("a depth");
            depth.parse().expect("a number")
        })
        .collect();
    // Each search runs on the clock, not to bench's depth 9: the small endings go much
    // deeper in 0.05 s (a few thousand nodes reach depth 9 there).
    assert!(depths.iter().all(|&depth| depth >= 1), "{depths:?}");
    assert!(depths.iter().any(|&depth| depth > 12), "{depths:?}");
}

#[test]
fn perft_prints_a_line_per_depth() {
    let output = common::crownhead(&["perft", "--variant", "international", "--depth", "4"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<String> = stdout(&output).lines().map(String::from).collect();
    assert_eq!(lines.len(), 4);
    for (line, (depth, nodes)) in lines.iter().zip([(1, 9), (2, 81), (3, 658), (4, 4265)]) {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields[0], format!("depth={depth}"));
        assert_eq!(fields[1], format!("nodes={nodes}"));
        assert!(fields[2].starts_with("time=") && fields[2][5..].parse::<f64>().is_ok(), "{line}");
        assert!(fields[3].starts_with("nps=") && fields[3][4..].parse::<u64>().is_ok(), "{line}");
    }
}

#[test]
fn perft_divide_lists_root_moves_first() {
    let output = common::crownhead(&["perft", "--depth", "3", "--divide", "--threads", "2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7 + 3);
    let divided: u64 = lines[..7]
        .iter()
        .map(|line| line.split_once(' ').expect("MOVE NODES").1.parse::<u64>().expect("a count"))
        .sum();
    assert_eq!(divided, 302);
    let mut moves: Vec<&str> = lines[..7].iter().map(|line| line.split(' ').next().unwrap_or("")).collect();
    moves.sort();
    assert_eq!(moves, ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
    assert!(lines[9].starts_with("depth=3 nodes=302 "));
}

#[test]
fn moves_lists_legal_moves_in_the_variant_notation() {
    let output = common::crownhead(&["moves", "--variant", "russian", "--fen", "W:WKh8:Bf6,d2,c7,b2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let mut moves: Vec<String> = stdout(&output).lines().map(String::from).collect();
    moves.sort();
    assert_eq!(moves, ["h8xa1", "h8xb8", "h8xe1"]);
}

/// Engine options are refused by the engine's options builder in the words Hub and the
/// Python module use (tests/protocol/hub.rs, python/tests/test_errors.py).
#[test]
fn engine_options_are_refused_in_the_engine_words() {
    for (args, message) in [
        (
            &["analyse", "--depth", "2", "--threads", "0"][..],
            "threads must be a whole number from 1 to 512, not '0'",
        ),
        (
            &["perft", "--depth", "2", "--threads", "two"],
            "threads must be a whole number from 1 to 512, not 'two'",
        ),
        (
            &["analyse", "--depth", "1", "--tt-size", "1000000000"],
            "tt-size must be a whole number from 1 to 65536, not '1000000000'",
        ),
        (
            &["analyse", "--depth", "2", "--egdb-path", "/no/such/dir"],
            "egdb-path /no/such/dir: not a directory",
        ),
        (
            &["analyse", "--depth", "2", "--move-overhead", "0.5"],
            "move-overhead must be a whole number from 0 to 10000, not '0.5'",
        ),
        (&["play", "--strength", "0"], "strength must be a whole number from 1 to 10, not '0'"),
        (&["dxp", "--strength", "11"], "strength must be a whole number from 1 to 10, not '11'"),
        (&["play", "--strength", "x"], "strength must be a whole number from 1 to 10, not 'x'"),
    ] {
        let output = common::crownhead(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let error = stderr(&output);
        assert!(error.starts_with("error:") && error.trim_end().ends_with(message), "{args:?}: {error}");
    }
}

/// A FIFO, `/dev/zero` and a directory as a network or book file are refused at once,
/// saying what they are: opening the FIFO would wait for a writer for ever, and reading
/// `/dev/zero` would never end.
#[test]
fn file_options_refuse_what_is_not_a_file_at_once() {
    for (option, args) in [
        ("--eval-file", &["analyse", "--depth", "1"][..]),
        ("--book-file", &["analyse", "--book", "--depth", "1"]),
    ] {
        for (path, what) in common::not_files("cli") {
            let mut command = common::crownhead_command();
            command.args(args).args([option, &path]);
            let output = common::run_within(&mut command, std::time::Duration::from_secs(20));
            assert_eq!(output.status.code(), Some(2), "{option} {path}");
            let error = stderr(&output);
            let expected = format!("{} {path}: {path}: {what}, not a regular file", &option[2..]);
            assert!(error.starts_with("error:") && error.trim_end().ends_with(&expected), "{error}");
        }
    }
}

/// A FIFO, `/dev/zero` and a directory named as a file to read whole are refused at
/// once, naming the path and what it is: a puzzle file, the games a puzzle build judges,
/// the game analysed, a match's openings, a match's part to summarise, a data file to
/// train on.
#[test]
fn files_to_read_refuse_what_is_not_a_file_at_once() {
    let out = common::scratch("cli", "read-out").join("out");
    let out = out.to_str().expect("a UTF-8 path");
    for (path, what) in common::not_files("cli-read") {
        for args in [
            &["puzzles", "verify", "--file", &path][..],
            &["puzzles", "build", "--out", out, "--from", &path],
            &["analyse-game", "--depth", "1", &path],
            &["match", "--engine", "x", "--engine", "y", "--depth", "1", "--openings", &path],
            &["match-summary", &path],
            &["train", "--data", &path, "--out", out],
        ] {
            let mut command = common::crownhead_command();
            command.args(args);
            let output = common::run_within(&mut command, std::time::Duration::from_secs(20));
            assert!(!output.status.success(), "{args:?}");
            let error = stderr(&output);
            assert!(error.contains(&format!("{path}: {what}, not a regular file")), "{args:?}: {error}");
        }
    }
}

#[test]
fn bad_input_is_a_one_line_error_with_status_2() {
    for args in [
        &["perft", "--variant", "chess", "--depth", "2"][..],
        &["perft", "--fen", "W:W21,Z9:B1", "--depth", "2"],
        &["perft", "--fen", "W:W1:B21", "--depth", "2"],
        &["perft", "--depth", "0"],
        &["perft", "--depth", "deep"],
        &["perft"],
        &["moves", "--fen", ""],
        &["frobnicate"],
    ] {
        let output = common::crownhead(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = stderr(&output);
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(message.starts_with("error:"), "{args:?}: {message}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn analyse_prints_progress_and_a_best_move() {
    let output =
        common::crownhead(&["analyse", "--variant", "italian", "--moves", "21-17 9-13", "--depth", "5"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert!(lines[4].starts_with("depth=5 seldepth="), "{text}");
    assert!(lines[4].contains(" score=") && lines[4].contains(" pv="), "{text}");
    let best = lines[5].strip_prefix("bestmove ").expect("a bestmove line");
    let first_pv_move = lines[4].split(" pv=").nth(1).and_then(|pv| pv.split(' ').next()).expect("a pv");
    assert_eq!(best.split(' ').next(), Some(first_pv_move));
}

#[test]
fn analyse_json_is_one_object_per_line() {
    let output = common::crownhead(&[
        "analyse",
        "--variant",
        "international",
        "--nodes",
        "20000",
        "--multipv",
        "2",
        "--json",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let values: Vec<serde_json::Value> =
        text.lines().map(|line| serde_json::from_str(line).expect("valid JSON")).collect();
    let (last, progress) = values.split_last().expect("output");
    assert!(last["bestmove"].is_string(), "{last}");
    assert!(progress.iter().all(|value| value["pv"].is_array() && value["score"].is_object()));
    assert!(progress.iter().any(|value| value["multipv"] == 2));
}

#[test]
fn analyse_refuses_bad_moves_and_missing_limits() {
    for args in [
        &["analyse", "--moves", "11-15 11-15", "--depth", "3"][..],
        &["analyse", "--depth", "3", "--nodes", "10"],
        &["analyse"],
        &["analyse", "--movetime", "-1"],
        &["bench", "--depth", "0"],
        &["bench", "--movetime", "0"],
    ] {
        let output = common::crownhead(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&output).lines().count(), 1, "{args:?}: {}", stderr(&output));
    }
}
