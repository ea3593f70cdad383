//! DXP over loopback TCP: pydraughts' DXPEngine against the listening follower, two
//! crownhead processes playing each other, and hostile input that must leave the
//! follower serving the next connection.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A follower process listening on a free loopback port.
struct Follower {
    child: Child,
    address: String,
}

impl Follower {
    fn start(variant: &str) -> Follower {
        let mut child = common::crownhead_command()
            .args([
                "dxp",
                "--listen",
                "127.0.0.1:0",
                "--variant",
                variant,
                "--movetime",
                "0.02",
                "--tt-size",
                "8",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut first).expect("a line");
        let address = first.trim().strip_prefix("listening on ").expect("listening on ADDRESS").to_string();
        Follower { child, address }
    }

    fn port(&self) -> &str {
        self.address.rsplit(':').next().unwrap_or_default()
    }
}

impl Drop for Follower {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn pydraughts_games(variant: &str, pydraughts_name: &str) {
    let follower = Follower::start(variant);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/protocol/dxp_pydraughts.py");
    let output = common::without_databases(&mut Command::new("python3"))
        .args([script, follower.port(), pydraughts_name, "2"])
        .output()
        .expect("python3 must be installed (see tests/requirements.txt)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("2 passed, 0 failed"), "{stdout}");
}

#[test]
fn pydraughts_plays_international_over_dxp() {
    pydraughts_games("international", "standard");
}

#[test]
fn pydraughts_plays_english_over_dxp() {
    pydraughts_games("english", "english");
}

#[test]
fn two_crownheads_play_several_games() {
    for variant in ["international", "russian"] {
        let follower = Follower::start(variant);
        let output = common::crownhead_command()
            .args([
                "dxp",
                "--connect",
                &follower.address,
                "--variant",
                variant,
                "--movetime",
                "0.02",
                "--games",
                "3",
            ])
            .output()
            .expect("the initiator runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
        let games: Vec<&str> = stdout.lines().collect();
        assert_eq!(games.len(), 3, "{stdout}");
        for (index, line) in games.iter().enumerate() {
            assert!(line.starts_with(&format!("game {}: crownhead (", index + 1)), "{line}");
            let by_rules = ["no legal move", "threefold repetition", "move limit", "lone king held"];
            assert!(by_rules.iter().any(|reason| line.contains(reason)), "not ended by the rules: {line}");
        }
    }
}

/// Sends raw bytes, then reads what comes back within `wait`.
fn exchange(address: &str, bytes: &[u8], wait: Duration) -> Vec<String> {
    let mut stream = TcpStream::connect(address).expect("the follower accepts");
    stream.write_all(bytes).expect("send");
    stream.set_read_timeout(Some(wait)).expect("timeout");
    let mut received = Vec::new();
    let mut chunk = [0u8; 512];
    while let Ok(count) = stream.read(&mut chunk) {
        if count == 0 {
            break;
        }
        received.extend_from_slice(&chunk[..count]);
    }
    received
        .split(|&byte| byte == 0)
        .filter(|part| !part.is_empty())
        .map(|part| String::from_utf8_lossy(part).into_owned())
        .collect()
}

const GAME_REQUEST: &str = "R01tester                          Z010000A";

#[test]
fn hostile_input_leaves_the_follower_serving() {
    let follower = Follower::start("international");
    let wait = Duration::from_millis(400);
    let long = "C".to_string() + &"x".repeat(300);
    for garbage in [
        &b"R01short\0"[..],
        long.as_bytes(),
        b"Qunknown type\0",
        b"M0000322800\0",
        b"E00\0",
        b"B001W\0",
        b"no terminator at all",
        b"\0\0\0",
    ] {
        let answers = exchange(&follower.address, garbage, wait);
        assert!(answers.iter().all(|answer| !answer.starts_with('M')), "{answers:?}");
        // A fresh connection is still served.
        let answers = exchange(&follower.address, format!("{GAME_REQUEST}\0").as_bytes(), wait);
        assert!(
            answers.first().is_some_and(|answer| answer.starts_with("Acrownhead") && answer.ends_with('0')),
            "{answers:?}"
        );
    }
    // A wrong protocol version is refused with code 1, and an out-of-turn move (the
    // follower is White and moves first) ends that game without a crash.
    let answers = exchange(&follower.address, b"R02tester                          W010000A\0", wait);
    assert!(answers.first().is_some_and(|answer| answer.ends_with('1')), "{answers:?}");
    let request = b"R01tester                          W010000A\0M0000191400\0";
    let answers = exchange(&follower.address, request, wait);
    assert!(answers.first().is_some_and(|answer| answer.starts_with('A')), "{answers:?}");
    // A peer that disconnects mid-game: the next connection plays.
    drop(TcpStream::connect(&follower.address));
    let answers = exchange(&follower.address, format!("{GAME_REQUEST}\0M0000322800\0").as_bytes(), wait);
    assert!(answers.len() >= 2 && answers[1].starts_with('M'), "{answers:?}");
}

#[test]
fn a_move_that_is_not_legal_ends_the_game() {
    // The follower plays Black, so the tester moves first: a move onto an occupied
    // square, a capture where there is none, a square off the board. Each is answered
    // with GAMEEND reason 0, and the next game on the same connection is played.
    let follower = Follower::start("international");
    for illegal in ["M0000504500", "M000032230128", "M0000992800"] {
        let request = format!("{GAME_REQUEST}\0{illegal}\0{GAME_REQUEST}\0M0000322800\0");
        let answers = exchange(&follower.address, request.as_bytes(), Duration::from_millis(600));
        assert!(answers.len() >= 4, "{illegal}: {answers:?}");
        assert!(answers[0].starts_with('A') && answers[0].ends_with('0'), "{answers:?}");
        assert_eq!(answers[1], "E00", "{illegal}: {answers:?}");
        assert!(answers[2].starts_with('A') && answers[3].starts_with('M'), "{answers:?}");
    }
}

#[test]
fn back_request_takes_the_game_back() {
    // The follower plays White and moves first; going back to move 1 with White to move
    // is accepted (K0), and the follower moves again from the start.
    let follower = Follower::start("international");
    let request = b"R01tester                          W010000A\0B001W\0";
    let answers = exchange(&follower.address, request, Duration::from_millis(800));
    assert!(answers.len() >= 4, "{answers:?}");
    assert!(answers[0].starts_with('A') && answers[1].starts_with('M'), "{answers:?}");
    assert_eq!(answers[2], "K0");
    assert!(answers[3].starts_with('M'), "{answers:?}");
    // A move number the game has not reached is refused.
    let request = b"R01tester                          Z010000A\0B009Z\0";
    let answers = exchange(&follower.address, request, Duration::from_millis(400));
    assert!(answers.first().is_some_and(|answer| answer.starts_with('A')), "{answers:?}");
    assert_eq!(answers.get(1).map(String::as_str), Some("K1"), "{answers:?}");
}
