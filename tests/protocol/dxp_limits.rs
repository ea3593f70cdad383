//! The limits the DXP follower and initiator hold a hostile peer to, over loopback TCP:
//! a cap on connections, a deadline for a peer's message and for the rest of one begun,
//! for a game to begin and for the confirmation of crownhead's game end, and a game lost
//! on time by a peer that never moves. Each test sets the limits to
//! seconds and bounds its own waits.

use crate::common;
use crate::dxp::{Follower, dxp_board};

use std::fs::File;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::Output;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crownhead::rules::{Position, Variant};

/// The longest any wait of these tests lasts: far past every deadline they set.
const PATIENCE: Duration = Duration::from_secs(30);

/// A follower logging to a file of the test's scratch directory, and that file.
fn logged_follower(name: &str, limits: &[&str]) -> (Follower, PathBuf) {
    let log = common::scratch("dxp", name).join("stderr.log");
    let file = File::create(&log).expect("a log file");
    (Follower::with("international", limits, file), log)
}

/// The lines of the follower's log that contain `text`.
fn logged(log: &PathBuf, text: &str) -> usize {
    std::fs::read_to_string(log).expect("the log reads").lines().filter(|line| line.contains(text)).count()
}

/// Reads what comes on `stream` until the peer closes it: the bytes, and when the close
/// came, after `since`.
fn until_closed(mut stream: TcpStream, since: Instant) -> (Vec<u8>, Duration) {
    stream.set_read_timeout(Some(PATIENCE)).expect("a timeout");
    let mut received = Vec::new();
    let mut chunk = [0u8; 256];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(count) => received.extend_from_slice(&chunk[..count]),
            Err(error) => {
                let closed = matches!(error.kind(), std::io::ErrorKind::ConnectionReset);
                assert!(closed, "no close within {PATIENCE:?}: {error}");
                break;
            }
        }
    }
    (received, since.elapsed())
}

/// [`until_closed`] on a thread of its own.
fn watch(stream: TcpStream, since: Instant) -> JoinHandle<(Vec<u8>, Duration)> {
    std::thread::spawn(move || until_closed(stream, since))
}

/// The messages in `bytes`, without their NULs.
fn messages(bytes: &[u8]) -> Vec<String> {
    bytes
        .split(|&byte| byte == 0)
        .filter(|part| !part.is_empty())
        .map(|part| String::from_utf8_lossy(part).into())
        .collect()
}

/// A game request with the follower playing White (so moving first) and 0 minutes: a
/// second a move.
const REQUEST_WHITE: &[u8] = b"R01tester                          W000000A\0";

#[test]
fn idle_connections_over_the_cap_close_at_once_the_rest_at_the_deadline() {
    let (follower, log) = logged_follower("idle", &["--max-connections", "8", "--message-timeout", "3"]);
    let watchers: Vec<_> = (0..30)
        .map(|_| {
            let stream = TcpStream::connect(&follower.address).expect("connects");
            watch(stream, Instant::now())
        })
        .collect();
    let closes: Vec<(Vec<u8>, Duration)> =
        watchers.into_iter().map(|watcher| watcher.join().expect("watched")).collect();
    assert!(closes.iter().all(|(received, _)| received.is_empty()), "{closes:?}");
    let (at_once, later): (Vec<Duration>, Vec<Duration>) =
        closes.iter().map(|(_, after)| *after).partition(|after| *after < Duration::from_millis(1500));
    assert_eq!((at_once.len(), later.len()), (22, 8), "{closes:?}");
    let slowest = at_once.iter().max().copied().unwrap_or_default();
    let (first, last) =
        (later.iter().min().copied().unwrap_or_default(), later.iter().max().copied().unwrap_or_default());
    println!("22 closed at once, the slowest in {slowest:?}; 8 at the deadline, {first:?} to {last:?}");
    // The deadline runs from the accept, after the connect: no earlier than 3 s.
    let bounds = Duration::from_millis(2900)..Duration::from_secs(15);
    assert!(later.iter().all(|after| bounds.contains(after)), "{later:?}");
    assert_eq!(logged(&log, "closed at once: 8 connections served already"), 22);
    assert_eq!(logged(&log, "connection closed: no game begun with the peer within 3 s"), 8);

    // Every slot is free again: a second crownhead plays a game to its end.
    let output = initiator(&follower.address, &["--games", "1", "--variant", "international"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.starts_with("game 1: crownhead (") && stdout.lines().count() == 1, "{stdout}");
}

/// Connects to a follower with a 2 s message timeout and sends it `pieces`, one every
/// 200 ms (each far within any wait for one read, 8 s or more in all), until it closes
/// the connection: closed at the deadline, with the log line `why`. The messages the
/// follower sent.
fn closed_at_the_deadline(name: &str, pieces: impl Iterator<Item = Vec<u8>>, why: &str) -> Vec<String> {
    let (follower, log) = logged_follower(name, &["--message-timeout", "2"]);
    let mut stream = TcpStream::connect(&follower.address).expect("connects");
    let watcher = watch(stream.try_clone().expect("a second handle"), Instant::now());
    for piece in pieces {
        if watcher.is_finished() || stream.write_all(&piece).is_err() {
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let (received, after) = watcher.join().expect("watched");
    assert!(Duration::from_millis(1900) < after && after < Duration::from_secs(6), "{name}: {after:?}");
    assert_eq!(logged(&log, &format!("connection closed: {why}")), 1, "{name}");
    messages(&received)
}

#[test]
fn a_peer_that_trickles_a_message_is_closed_at_the_deadline() {
    let bytes = REQUEST_WHITE.iter().map(|&byte| vec![byte]);
    let sent = closed_at_the_deadline("trickle", bytes, "a message from the peer unfinished after 2 s");
    assert!(sent.is_empty(), "{sent:?}");
}

#[test]
fn a_peer_that_chats_and_never_requests_a_game_is_closed_at_the_deadline() {
    let chats = std::iter::repeat_n(b"Chello\0".to_vec(), 40);
    let sent = closed_at_the_deadline("chat", chats, "no game begun with the peer within 2 s");
    assert!(sent.is_empty(), "{sent:?}");
}

#[test]
fn a_peer_that_chats_instead_of_confirming_the_game_end_is_closed_at_the_deadline() {
    // White, the follower, to move with its one man blocked: crownhead ends the game at
    // once (it loses), and waits for the peer's GAMEEND, which never comes.
    let start = Position::from_fen(Variant::International, "W:W46:B37,41").expect("a FEN");
    assert!(start.legal_moves().is_empty(), "White has no move");
    let request = format!("R01{:<32}W000000BW{}\0", "tester", dxp_board(&start));
    let pieces = std::iter::once(request.into_bytes()).chain(std::iter::repeat_n(b"Chello\0".to_vec(), 40));
    let why = "no confirmation of crownhead's game end from the peer within 2 s";
    let sent = closed_at_the_deadline("unconfirmed", pieces, why);
    assert_eq!(sent.len(), 2, "{sent:?}");
    assert!(sent[0].starts_with("Acrownhead") && sent[0].ends_with('0'), "{sent:?}");
    assert!(sent[1].starts_with('E'), "crownhead's GAMEEND: {sent:?}");
}

#[test]
fn a_peer_that_never_moves_loses_on_time_and_frees_its_slot() {
    // One slot, a 1 s grace, and a message timeout too long to be what ends the game.
    let limits = ["--max-connections", "1", "--grace", "1", "--message-timeout", "20"];
    let (follower, log) = logged_follower("never-moves", &limits);
    let mut stream = TcpStream::connect(&follower.address).expect("connects");
    stream.write_all(REQUEST_WHITE).expect("sent");
    stream.set_read_timeout(Some(PATIENCE)).expect("a timeout");
    let mut first = Vec::new();
    while messages(&first).len() < 2 || !first.ends_with(b"\0") {
        let mut chunk = [0u8; 128];
        let count = stream.read(&mut chunk).expect("the GAMEACC and a move");
        assert!(count > 0, "closed early: {:?}", messages(&first));
        first.extend_from_slice(&chunk[..count]);
    }
    let moved = Instant::now();
    let first = messages(&first);
    assert!(first[0].starts_with("Acrownhead") && first[0].ends_with('0'), "{first:?}");
    assert!(first[1].starts_with('M'), "{first:?}");
    // The one slot is taken: another connection is closed at once.
    let (_, refused) = until_closed(TcpStream::connect(&follower.address).expect("connects"), Instant::now());
    assert!(refused < Duration::from_millis(1500), "{refused:?}");

    // A second a move plus the grace: GAMEEND 3 (I win), stop, then the close.
    let (rest, after) = until_closed(stream, moved);
    assert_eq!(messages(&rest), ["E31"]);
    assert!(Duration::from_millis(1900) < after && after < Duration::from_secs(12), "{after:?}");
    assert_eq!(logged(&log, "the peer's clock ran out"), 1);

    // The slot was given back before the close: the next peer is served.
    let mut stream = TcpStream::connect(&follower.address).expect("connects");
    stream.write_all(REQUEST_WHITE).expect("sent");
    let (received, _) = until_closed(stream, Instant::now());
    let answers = messages(&received);
    assert!(answers.first().is_some_and(|answer| answer.starts_with("Acrownhead")), "{answers:?}");
    assert_eq!(answers.last().map(String::as_str), Some("E31"), "{answers:?}");
}

/// `crownhead dxp --connect ADDRESS` at 0.02 s a move with the arguments `more`.
fn initiator(address: &str, more: &[&str]) -> Output {
    let mut command = common::crownhead_command();
    command.args(["dxp", "--connect", address, "--movetime", "0.02", "--tt-size", "8"]).args(more);
    common::run_within(&mut command, PATIENCE)
}

#[test]
fn the_initiator_holds_its_follower_to_the_same_deadlines() {
    // A follower that accepts the connection and never answers the game request.
    let silent = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let address = silent.local_addr().expect("an address").to_string();
    let started = Instant::now();
    let output = initiator(&address, &["--message-timeout", "2"]);
    let after = started.elapsed();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success() && stderr.contains("no game begun with the peer within 2 s"),
        "{stderr}"
    );
    assert!(Duration::from_millis(1900) < after && after < Duration::from_secs(12), "{after:?}");

    // A follower that accepts a game, White and so to move, and never moves: the
    // initiator wins on time and plays no second game.
    let still = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let address = still.local_addr().expect("an address").to_string();
    let follower = std::thread::spawn(move || {
        let (mut stream, _) = still.accept().expect("accepts");
        let mut request = [0u8; 44];
        stream.read_exact(&mut request).expect("a GAMEREQ");
        assert!(request.starts_with(b"R01crownhead") && request[35] == b'W', "{request:?}");
        stream.write_all(format!("A{:<32}0\0", "still").as_bytes()).expect("sent");
        until_closed(stream, Instant::now())
    });
    let output = initiator(&address, &["--time", "0", "--grace", "1", "--games", "2"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(
        stdout,
        "game 1: crownhead (black) against still: crownhead won (the peer's time ran out, 0 plies)\n"
    );
    let (received, after) = follower.join().expect("the follower's side");
    assert_eq!(messages(&received), ["E31"]);
    assert!(Duration::from_millis(1900) < after && after < Duration::from_secs(12), "{after:?}");
}
