//! The Hub loop under seeded fuzzing: the lines of a real session mutated, random
//! bytes, NUL bytes, invalid UTF-8 and lines past 1 MiB, into [`run`] through a pipe, in
//! batches; after each batch `ping` must be answered by `pong`. A panic, a hang or a
//! session that ends when it should not fails the test and names the seed
//! (`CROWNHEAD_FUZZ_SEED` replays it).

use std::io::{BufReader, PipeWriter, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use super::{Line, run};
use crate::fuzzing::{self, Rng};
use crate::wire::hub_line::MAX_LINE;

/// Lines of the sessions protocol.md annotates, and the other commands, the valid
/// inputs mutated. No line sets the table size or the threads: a mutated one could ask
/// for gigabytes or hundreds of threads, which the engine grants.
const CORPUS: &[&[u8]] = &[
    b"hub",
    b"init",
    b"ping",
    b"new-game",
    b"stop",
    b"ponder-hit",
    b"quit",
    b"set-param name=variant value=english",
    b"set-param name=variant value=international",
    b"set-param name=pos-encoding value=pydraughts",
    b"set-param name=pos-encoding value=pydraughts-0.5",
    b"set-param name=pos-encoding value=standard",
    b"set-param name=ponder value=true",
    b"set-param name=eval-file value=\"\"",
    b"pos start moves=\"11-15 23-19\"",
    b"pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 18-23\"",
    b"pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
    b"level time=59.0 inc=1.0",
    b"level move-time=0.001",
    b"level depth=2",
    b"level time=1 moves=40",
    b"go think",
    b"go ponder",
    b"go analyze",
];

/// Lines that start each session: no endgame database (one found on the machine would
/// be read), a 1 MiB table.
const SETUP: &[u8] = b"set-param name=egdb-path value=\"\"\nset-param name=tt-size value=1\ninit\n";

/// The longest the session may take to answer or to end.
const PATIENCE: Duration = Duration::from_secs(10);

/// The session's output, sent on by the writer the session is given.
struct Sink(Sender<Vec<u8>>);

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let _ = self.0.send(bytes.to_vec());
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A Hub session on a thread, its input and its output.
struct Session {
    input: PipeWriter,
    output: Receiver<Vec<u8>>,
    received: Vec<u8>,
    thread: JoinHandle<std::io::Result<()>>,
    /// The `done` and `error` lines read.
    tally: Tally,
}

/// Lines of the kinds that show the fuzz reaching the search and the error replies.
#[derive(Clone, Copy, Default)]
struct Tally {
    done: usize,
    errors: usize,
}

impl Session {
    fn start() -> Session {
        let (reader, input) = std::io::pipe().expect("a pipe");
        let (sender, output) = mpsc::channel();
        let thread = std::thread::spawn(move || run(BufReader::new(reader), Sink(sender)));
        let mut session = Session { input, output, received: Vec::new(), thread, tally: Tally::default() };
        session.send(SETUP, "the setup");
        session.wait_for("ready", 1, "the setup");
        session
    }

    fn send(&mut self, bytes: &[u8], context: &str) {
        self.input.write_all(bytes).unwrap_or_else(|error| panic!("{context}: sending: {error}"));
    }

    /// Reads the output up to the `count`-th line `expected`.
    fn wait_for(&mut self, expected: &str, count: usize, context: &str) {
        let mut seen = 0;
        while seen < count {
            if let Some(end) = self.received.iter().position(|&byte| byte == b'\n') {
                let line: Vec<u8> = self.received.drain(..=end).take(end).collect();
                seen += usize::from(line == expected.as_bytes());
                self.tally.done += usize::from(line.starts_with(b"done "));
                self.tally.errors += usize::from(line.starts_with(b"error "));
                continue;
            }
            match self.output.recv_timeout(PATIENCE) {
                Ok(bytes) => self.received.extend(bytes),
                Err(error) => panic!("{context}: {seen} of {count} '{expected}' lines, then: {error}"),
            }
        }
    }

    /// Waits for the session to end (after `quit`) without an error; the lines tallied.
    fn end(self, context: &str) -> Tally {
        fuzzing::join_within(self.thread, PATIENCE, context, "the session");
        self.tally
    }
}

/// The command the session reads in `line` (one line, without its newline), if any: as
/// the reader takes it (a `\r` before the newline dropped; NUL bytes, bytes that are not
/// UTF-8 and lines past [`MAX_LINE`] refused), then [`Line::parse`].
fn command(line: &[u8]) -> Option<String> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.len() > MAX_LINE || line.contains(&0) {
        return None;
    }
    let text = std::str::from_utf8(line).ok()?;
    Line::parse(text).ok().map(|line| line.command)
}

/// One fuzz line, without a newline in it.
fn fuzz_line(rng: &mut Rng) -> Vec<u8> {
    let mut line = match rng.below(1000) {
        0..2 => {
            let length = MAX_LINE + 1 + rng.below(MAX_LINE);
            vec![b'x'; length]
        }
        2..40 => {
            let valid = *rng.choose(CORPUS);
            let mut line = valid.to_vec();
            let at = rng.below(line.len() + 1);
            line.insert(at, if rng.below(2) == 0 { 0 } else { 0xff });
            line
        }
        _ => fuzzing::input(rng, CORPUS),
    };
    line.retain(|&byte| byte != b'\n');
    line
}

#[test]
fn the_hub_loop_survives_20000_fuzzed_lines() {
    const BATCH: usize = 1000;
    let mut rng = Rng::from_env("hub-loop");
    let mut session = Session::start();
    let (mut pings, mut quits, mut tally) = (0, 0, Tally::default());
    let total = fuzzing::count(20 * BATCH);
    for index in 0..total {
        let mut line = fuzz_line(&mut rng);
        let context = format!("line {index} ({:?})", String::from_utf8_lossy(&line[..line.len().min(200)]));
        let command = command(&line);
        line.push(b'\n');
        session.send(&line, &context);
        match command.as_deref() {
            Some("ping") => pings += 1,
            Some("quit") => {
                session.wait_for("pong", pings, &context);
                let ended = session.end(&context);
                (tally.done, tally.errors) = (tally.done + ended.done, tally.errors + ended.errors);
                session = Session::start();
                (pings, quits) = (0, quits + 1);
            }
            _ => {}
        }
        if (index + 1) % BATCH == 0 {
            session.send(b"ping\n", &context);
            session.wait_for("pong", pings + 1, &format!("the ping after line {index}"));
            pings = 0;
        }
    }
    session.send(b"quit\n", "the last quit");
    let ended = session.end("the last quit");
    let (done, errors) = (tally.done + ended.done, tally.errors + ended.errors);
    eprintln!(
        "{total} lines, {errors} error replies, {done} searches done, {quits} sessions ended by a quit"
    );
    assert!(quits > 0 && done > 0 && errors > 0, "the fuzz must reach errors, searches and quits");
}
