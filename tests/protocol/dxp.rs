//! DXP over loopback TCP: pydraughts' DXPEngine against the listening follower, two
//! crownhead processes playing each other, and hostile input that must leave the
//! follower serving the next connection.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crownhead::rules::{Color, Game, Move, Outcome, Piece, Position, Reason, Role, Variant};

/// A follower process listening on a free loopback port.
pub struct Follower {
    child: Child,
    /// Where it listens.
    pub address: String,
}

impl Follower {
    fn start(variant: &str) -> Follower {
        Follower::with(variant, &[], Stdio::null())
    }

    /// A follower with the arguments `more`, its standard error (where it logs at
    /// `RUST_LOG=info`) going to `stderr`.
    pub fn with(variant: &str, more: &[&str], stderr: impl Into<Stdio>) -> Follower {
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
            .args(more)
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(stderr)
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

/// A scripted DXP peer on one connection: it keeps the game in a `Game` of its own.
struct ScriptedPeer {
    stream: TcpStream,
    game: Game,
}

impl ScriptedPeer {
    /// Connects to `follower` and requests a game from `fen` (International) with the
    /// follower playing Black; the follower's GAMEACC must accept it.
    fn request(follower: &Follower, fen: &str) -> ScriptedPeer {
        let start = Position::from_fen(Variant::International, fen).expect("a FEN");
        let stream = TcpStream::connect(&follower.address).expect("the follower accepts");
        stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
        let mut peer = ScriptedPeer { stream, game: Game::new(start) };
        let side = if start.side_to_move() == Color::White { 'W' } else { 'Z' };
        peer.send(&format!("R01{:<32}Z000000B{side}{}", "tester", dxp_board(&start)));
        let answer = peer.receive();
        assert!(answer.starts_with('A') && answer.ends_with('0'), "{answer}");
        peer
    }

    fn send(&mut self, message: &str) {
        self.stream.write_all(format!("{message}\0").as_bytes()).expect("send");
    }

    /// The next message, without its NUL.
    fn receive(&mut self) -> String {
        let mut bytes = Vec::new();
        let mut byte = [0u8];
        while self.stream.read_exact(&mut byte).is_ok() && byte[0] != 0 {
            bytes.push(byte[0]);
        }
        String::from_utf8(bytes).expect("ASCII")
    }

    /// Receives crownhead's message on its turn: a MOVE, which is played, or anything
    /// else, which is returned.
    fn their_turn(&mut self) -> Option<String> {
        let message = self.receive();
        let Some(squares) = message.strip_prefix('M') else { return Some(message) };
        let number = |at: usize| squares[at..at + 2].parse::<u8>().expect("a square number");
        let (from, to, count) = (number(4), number(6), number(8));
        let mut captured: Vec<u8> = (0..usize::from(count)).map(|index| number(10 + 2 * index)).collect();
        captured.sort_unstable();
        let position = *self.game.position();
        let rules = position.rules();
        let mv = (position.legal_moves().into_iter())
            .find(|mv| {
                let mut theirs: Vec<u8> = mv.captured().map(|square| rules.square_number(square)).collect();
                theirs.sort_unstable();
                (rules.square_number(mv.from()), rules.square_number(mv.to()), theirs)
                    == (from, to, captured.clone())
            })
            .unwrap_or_else(|| panic!("crownhead's {message} is not legal in {}", position.to_fen()));
        self.game.play(mv).expect("legal");
        None
    }

    /// Plays and sends a quiet move that leaves crownhead no capture and repeats no
    /// position: a man's if `man`, else a king's, onto the board's edge where it can.
    fn our_turn(&mut self, man: bool) {
        let position = *self.game.position();
        let rules = position.rules();
        let edge = |square| {
            let number = rules.square_number(square);
            number <= 5 || number > 45 || number % 10 == 5 || number % 10 == 6
        };
        let candidates: Vec<Move> = (position.legal_moves().into_iter())
            .filter(|mv| {
                let next = position.play(mv);
                position.men(position.side_to_move()).contains(mv.from()) == man
                    && next.legal_moves().first().is_none_or(|reply| !reply.is_capture())
                    && !self.game.positions().contains(&next)
            })
            .collect();
        let mv = *candidates
            .iter()
            .find(|mv| edge(mv.to()))
            .or(candidates.first())
            .unwrap_or_else(|| panic!("no safe move in {}", position.to_fen()));
        self.send(&format!(
            "M0000{:02}{:02}00",
            rules.square_number(mv.from()),
            rules.square_number(mv.to())
        ));
        self.game.play(mv).expect("legal");
    }
}

/// A 10x10 position as GAMEREQ carries it: 50 letters in square order.
pub fn dxp_board(position: &Position) -> String {
    let rules = position.rules();
    (1..=50)
        .map(|number| {
            let square = rules.square_from_number(number).expect("a square");
            match position.piece_at(square) {
                None => 'e',
                Some(Piece { color: Color::White, role: Role::Man }) => 'w',
                Some(Piece { color: Color::White, role: Role::King }) => 'W',
                Some(Piece { color: Color::Black, role: Role::Man }) => 'z',
                Some(Piece { color: Color::Black, role: Role::King }) => 'Z',
            }
        })
        .collect()
}

/// crownhead (Black) holds a lone king against the tester's king and man, Black to move
/// first; the tester moves its man on its move `man_move` (if any), kings otherwise.
/// Returns what crownhead sent on each of its turns until its GAMEEND, and the game.
fn hold_lone_king(fen: &str, man_move: Option<usize>) -> (Vec<String>, Game) {
    let follower = Follower::start("international");
    let mut peer = ScriptedPeer::request(&follower, fen);
    let mut sent = Vec::new();
    for turn in 0..12 {
        match peer.their_turn() {
            None => sent.push("MOVE".to_string()),
            Some(message) => {
                sent.push(message);
                return (sent, peer.game);
            }
        }
        peer.our_turn(man_move == Some(turn));
    }
    panic!("no GAMEEND in 12 turns: {sent:?}");
}

#[test]
fn a_lone_king_draw_pydraughts_would_not_confirm_is_played_on() {
    // The man moves on the tester's first move: after 10 plies the lone king has held 5
    // moves since the material arose (a draw by the FMJD rule) but only 4 since the man
    // moved (pydraughts' count), so crownhead moves; two plies later both agree and it
    // sends GAMEEND, reason 2 (draw).
    let (sent, game) = hold_lone_king("B:WK6,41:BK3", Some(0));
    assert_eq!(sent.len(), 7, "{sent:?}");
    assert!(sent[..6].iter().all(|message| message == "MOVE"), "{sent:?}");
    assert_eq!(sent[6], "E20");
    assert_eq!(game.moves().len(), 12);
    let mut ten = Game::new(*game.start());
    game.moves()[..10].iter().for_each(|&mv| ten.play(mv).expect("legal"));
    assert_eq!(ten.result().map(|result| result.reason), Some(Reason::LoneKing), "drawn by the FMJD rule");
    assert_eq!(ten.claimable_result(), None);
}

#[test]
fn a_lone_king_draw_both_readings_give_is_claimed() {
    // The man stands on the edge and never moves: after 10 plies both counts have run.
    let (sent, game) = hold_lone_king("B:WK6,36:BK3", None);
    assert_eq!(sent.len(), 6, "{sent:?}");
    assert!(sent[..5].iter().all(|message| message == "MOVE"), "{sent:?}");
    assert_eq!(sent[5], "E20");
    assert_eq!(game.moves().len(), 10);
    assert_eq!(
        game.claimable_result().map(|result| (result.outcome, result.reason)),
        Some((Outcome::Draw, Reason::LoneKing))
    );
}
