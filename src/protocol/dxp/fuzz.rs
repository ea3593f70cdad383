//! The follower under seeded fuzzing over loopback TCP: messages of a real exchange
//! mutated, random bytes, overlong runs and disconnects mid-message, in batches; after
//! each batch a game request and a move on the same connection must be answered. A
//! panic, a hang, an unexpected close or a follower that stops answering fails the test
//! and names the seed (`CROWNHEAD_FUZZ_SEED` replays it).

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::thread::JoinHandle;
use std::time::Duration;

use super::connection::{Connection, MAX_PENDING};
use super::error::DxpError;
use super::follower::serve;
use super::message::{MAX_LENGTH, Message};
use super::options::Options;
use super::table::wire_squares;
use crate::fuzzing::{self, Rng};
use crate::rules::{Position, Variant};
use crate::wire::position::{Encoding, Letters, write_squares};

/// Messages of a real exchange (protocol.md#a-worked-exchange and the specification's
/// examples), the valid inputs mutated.
const CORPUS: &[&[u8]] = &[
    b"R01DXP Client                      W001000BWzzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
    b"R01tester                          Z010000A",
    b"R01tester                          W005040A",
    b"Acrownhead 0.1.0                 0",
    b"M0000343000",
    b"M0000322800",
    b"M0000192400",
    b"M000030190124",
    b"M000014230119",
    b"M001205250422122320",
    b"E00",
    b"E20",
    b"E01",
    b"Chello from the tester",
    b"B001W",
    b"B005Z",
    b"K0",
    b"K1",
];

/// The longest the follower may take to answer or to close.
const PATIENCE: Duration = Duration::from_secs(10);

/// The probe's position: White, the follower, must capture 32x14 over 28 and 19; then
/// Black's only move, 5-10, leaves White one capture, 14x5.
const PROBE_FEN: &str = "W:W32,45:B28,19,5";

/// The test's side of one connection, and the follower thread serving it.
struct Peer {
    stream: TcpStream,
    follower: JoinHandle<Result<(), DxpError>>,
    received: Vec<u8>,
    /// The follower's MOVEs read: the fuzz reaching the search.
    moves: usize,
}

impl Peer {
    fn connect(listener: &TcpListener, options: &Options) -> Peer {
        let stream = TcpStream::connect(listener.local_addr().expect("an address")).expect("connects");
        let (served, _) = listener.accept().expect("accepts");
        let options = options.clone();
        let follower = std::thread::spawn(move || serve(&mut Connection::unpaced(served), &options));
        stream.set_read_timeout(Some(PATIENCE)).expect("a timeout");
        Peer { stream, follower, received: Vec::new(), moves: 0 }
    }

    fn send(&mut self, bytes: &[u8], context: &str) {
        self.stream.write_all(bytes).unwrap_or_else(|error| panic!("{context}: sending: {error}"));
    }

    /// The next message from the follower.
    fn receive(&mut self, context: &str) -> String {
        loop {
            if let Some(end) = self.received.iter().position(|&byte| byte == 0) {
                let message: Vec<u8> = self.received.drain(..=end).take(end).collect();
                self.moves += usize::from(message.starts_with(b"M"));
                return String::from_utf8(message).expect("the follower writes ASCII");
            }
            let mut chunk = [0u8; 4096];
            match self.stream.read(&mut chunk) {
                Ok(0) => panic!("{context}: the follower closed the connection"),
                Ok(count) => self.received.extend_from_slice(&chunk[..count]),
                Err(error) if error.kind() == ErrorKind::Interrupted => {}
                Err(error) => panic!("{context}: no answer from the follower: {error}"),
            }
        }
    }

    /// Waits for the follower to end without an error, after closing this side of the
    /// connection if `hang_up` (else the follower is to close it), reading what it sent
    /// to the end; the MOVEs read.
    fn close(mut self, hang_up: bool, context: &str) -> usize {
        if hang_up {
            let _ = self.stream.shutdown(Shutdown::Write);
        }
        loop {
            let mut chunk = [0u8; 4096];
            match self.stream.read(&mut chunk) {
                Ok(0) => break,
                Ok(count) => self.received.extend_from_slice(&chunk[..count]),
                Err(error) if error.kind() == ErrorKind::Interrupted => {}
                // The follower closed with input unread.
                Err(error) if error.kind() == ErrorKind::ConnectionReset => break,
                Err(error) => panic!("{context}: the follower did not close the connection: {error}"),
            }
        }
        let moves = self.received.split(|&byte| byte == 0).filter(|message| message.starts_with(b"M"));
        self.moves += moves.count();
        fuzzing::join_within(self.follower, PATIENCE, context, "the follower");
        self.moves
    }
}

/// Whether the follower stops after `bytes`: one of the messages they end with a NUL
/// is a GAMEEND with stop 1. (Each input ends with its NUL or with a disconnect, and its
/// messages are each read alone, as here.)
fn stops(bytes: &[u8]) -> bool {
    let mut messages: Vec<&[u8]> = bytes.split(|&byte| byte == 0).collect();
    // What follows the last NUL is no message yet.
    messages.pop();
    messages.iter().any(|message| {
        message.len() <= MAX_LENGTH
            && matches!(
                Message::parse(&String::from_utf8_lossy(message)),
                Ok(Message::GameEnd { stop: true, .. })
            )
    })
}

/// One fuzz input, NUL-terminated unless it is to be cut off by a disconnect: what to
/// send, and whether the connection is then closed mid-message.
fn fuzz_input(rng: &mut Rng) -> (Vec<u8>, bool) {
    match rng.below(100) {
        0..3 => {
            let mut message = fuzzing::input(rng, CORPUS);
            message.retain(|&byte| byte != 0);
            let cut = rng.below(message.len() + 1);
            message.truncate(cut);
            (message, true)
        }
        3..6 => {
            let valid = *rng.choose(CORPUS);
            let mut message = valid.to_vec();
            let length = MAX_PENDING + 1 + rng.below(3 * MAX_PENDING);
            message.extend(rng.bytes(length).into_iter().map(|byte| byte.max(1)));
            message.push(0);
            (message, false)
        }
        _ => {
            let mut message = fuzzing::input(rng, CORPUS);
            message.push(0);
            (message, false)
        }
    }
}

/// The probe: a game request from [`PROBE_FEN`] with the follower White, answered by
/// GAMEACC and the forced capture; then Black's reply, answered by the next forced
/// capture.
fn probe(peer: &mut Peer, context: &str) {
    let start = Position::from_fen(Variant::International, PROBE_FEN).expect("the probe's position");
    let board = write_squares(&start, Encoding::Standard, Letters::DXP);
    let request = format!("R01{:<32}W000000BW{board}\0", "prober");
    peer.send(request.as_bytes(), context);
    let capture = start.legal_moves()[0];
    let expected = Message::Move { seconds: 0, from: 32, to: 14, captured: vec![19, 28] };
    assert_eq!(wire_squares(&start, &capture), (32, 14, vec![19, 28]));
    // Answers to the batch come first; the probe's are a GAMEACC 0 and the capture.
    let mut previous = String::new();
    loop {
        let message = peer.receive(context);
        let read = Message::parse(&message);
        if read.as_ref().is_ok_and(|read| same_squares(read, &expected)) && previous.starts_with('A') {
            assert!(previous.ends_with('0'), "{context}: the probe's game was refused: {previous}");
            break;
        }
        previous = message;
    }
    let after = start.play(&capture);
    let black = after.legal_moves()[0];
    let (from, to, captured) = wire_squares(&after, &black);
    peer.send(
        format!("{}\0", Message::Move { seconds: 0, from, to, captured }.to_text()).as_bytes(),
        context,
    );
    let reply = peer.receive(context);
    let expected = Message::Move { seconds: 0, from: 14, to: 5, captured: vec![10] };
    let read = Message::parse(&reply);
    assert!(read.as_ref().is_ok_and(|read| same_squares(read, &expected)), "{context}: answered {reply}");
}

/// Whether two MOVEs have the same squares (the seconds used may differ).
fn same_squares(message: &Message, expected: &Message) -> bool {
    match (message, expected) {
        (Message::Move { from, to, captured, .. }, Message::Move { from: f, to: t, captured: c, .. }) => {
            (from, to, captured) == (f, t, c)
        }
        _ => false,
    }
}

#[test]
fn the_follower_survives_20000_fuzzed_messages() {
    const BATCH: usize = 1000;
    let mut rng = Rng::from_env("dxp-follower");
    let options = Options { move_time: Some(Duration::from_millis(1)), ..Options::for_tests() };
    let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let mut peer = Peer::connect(&listener, &options);
    let (mut disconnects, mut stops_seen, mut moves) = (0, 0, 0);
    let total = fuzzing::count(20 * BATCH);
    for index in 0..total {
        let (bytes, cut_off) = fuzz_input(&mut rng);
        let context = format!("message {index} ({:?})", String::from_utf8_lossy(&bytes));
        peer.send(&bytes, &context);
        if cut_off || stops(&bytes) {
            disconnects += usize::from(cut_off);
            stops_seen += usize::from(!cut_off);
            moves += peer.close(cut_off, &context);
            peer = Peer::connect(&listener, &options);
        }
        if (index + 1) % BATCH == 0 {
            probe(&mut peer, &format!("the probe after message {index}"));
        }
    }
    moves += peer.close(true, "the last connection");
    eprintln!(
        "{total} messages, {disconnects} disconnects mid-message, {stops_seen} GAMEENDs that stop, \
         {moves} MOVEs read from the follower"
    );
    assert!(disconnects > 0 && stops_seen > 0, "the fuzz must close connections both ways");
}
