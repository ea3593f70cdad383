//! What the integration tests share: the binary run as a user runs it, but in an
//! environment whose data directory holds no endgame database (the engine would probe
//! one found in the platform's default place, and a test must not depend on the
//! machine), run to an end that must come in time, scratch directories, paths that are
//! not files, start positions with a man taken off, and a seeded random generator for
//! the tests that draw their cases.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crownhead::rules::{Bitboard, Color, Position, Variant};

/// The rule sets pydraughts plays, and its names for them.
pub const PYDRAUGHTS: [(Variant, &str); 10] = [
    (Variant::International, "standard"),
    (Variant::English, "english"),
    (Variant::Russian, "russian"),
    (Variant::Brazilian, "brazilian"),
    (Variant::Italian, "italian"),
    (Variant::Antidraughts, "antidraughts"),
    (Variant::Breakthrough, "breakthrough"),
    (Variant::Frisian, "frisian"),
    (Variant::Frysk, "frysk!"),
    (Variant::Turkish, "turkish"),
];

/// The binary under test.
pub const CROWNHEAD: &str = env!("CARGO_BIN_EXE_crownhead");

/// `command` with the platform's data directory (`XDG_DATA_HOME`) pointed at a place
/// that does not exist, so that neither it nor the processes it starts find endgame
/// database files unless a test names them: they probe the built-in databases (as a
/// fresh install does) unless a test turns databases off.
pub fn without_databases(command: &mut Command) -> &mut Command {
    command.env("XDG_DATA_HOME", std::env::temp_dir().join("crownhead-tests-no-data-directory"))
}

/// The binary as a command, without database files.
pub fn crownhead_command() -> Command {
    let mut command = Command::new(CROWNHEAD);
    without_databases(&mut command);
    command
}

/// Runs the binary with `args` to its end.
pub fn crownhead(args: &[&str]) -> Output {
    crownhead_command().args(args).output().expect("the binary runs")
}

/// Runs the Python script at `script` (a path from the repository's root) with `args`
/// and `input` on its standard input, and returns its standard output. The input is
/// written from a thread of its own, so that the output may come back while it goes in.
/// A script that fails fails the test with its standard error; the scripts are
/// pydraughts' oracles, so the message says how to install it.
pub fn python_script(script: &str, args: &[&Path], input: String) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(script);
    let mut child = Command::new("python3")
        .arg(&path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 must be installed (see tests/requirements.txt)");
    let mut stdin = child.stdin.take().expect("a piped stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("the script runs");
    // A script that stops early closes its input: its error says why, not the pipe's.
    let written = writer.join().expect("the writer");
    assert!(
        output.status.success(),
        "{script} {args:?} failed (if pydraughts is not installed: `python3 -m pip install -r \
         tests/requirements.txt`):\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    written.expect("the script reads its input");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Runs `command` to its end, which must come within `patience` (else it is killed and
/// the test fails): for a command that could block.
pub fn run_within(command: &mut Command, patience: Duration) -> Output {
    let mut child =
        command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the command starts");
    let started = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if started.elapsed() > patience {
            let _ = child.kill();
            panic!("{command:?} did not end within {patience:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("its output")
}

/// Paths a file option must refuse before it opens them, each with what it is in the
/// refusal's words: a FIFO (made by `mkfifo` in the scratch directory `group`, which
/// blocks an open until a writer comes), `/dev/zero` (which never ends) and a directory.
pub fn not_files(group: &str) -> [(String, &'static str); 3] {
    let dir = scratch(group, "not-files");
    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", fifo.display());
    [
        (fifo.display().to_string(), "a named pipe (FIFO)"),
        ("/dev/zero".to_string(), "a character device"),
        (dir.display().to_string(), "a directory"),
    ]
}

/// A fresh, empty directory for the files of one test, named by the test file's `group`
/// and `name`.
pub fn scratch(group: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crownhead-{group}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// The square numbers (in the rule set's notation) of `color`'s men in the start position
/// of `variant`, in ascending order.
pub fn start_men(variant: Variant, color: Color) -> Vec<u32> {
    let start = Position::start(variant);
    (1..=start.geometry().square_count() as u32)
        .filter(|&number| {
            variant.rules().square_from_number(number).is_some_and(|square| start.men(color).contains(square))
        })
        .collect()
}

/// The start position of `variant` without `color`'s man on square `number` (a square
/// number of the rule set's notation).
pub fn start_without(variant: Variant, color: Color, number: u32) -> Position {
    let start = Position::start(variant);
    let square = variant.rules().square_from_number(number).expect("a square of the board");
    assert!(start.men(color).contains(square), "{variant}: square {number} holds no {color:?} man");
    let removed = Bitboard::from_square(square);
    let pieces = |color: Color| start.pieces(color) & !removed;
    Position::new(variant, start.side_to_move(), pieces(Color::White), pieces(Color::Black), Bitboard::EMPTY)
}

/// A seeded random generator (SplitMix64, the library's own for Zobrist keys and
/// self-play): the cases a test draws depend on the seed alone.
pub struct Random(pub u64);

impl Random {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One of `items` (not empty).
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}
