//! What the integration tests share: the binary run as a user runs it, but in an
//! environment whose data directory holds no endgame database (the engine would probe
//! one found in the platform's default place, and a test must not depend on the
//! machine), scratch directories, start positions with a man taken off, and a seeded
//! random generator for the tests that draw their cases.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

use crownhead::rules::{Bitboard, Color, Position, Variant};

/// The binary under test.
pub const CROWNHEAD: &str = env!("CARGO_BIN_EXE_crownhead");

/// `command` with the platform's data directory (`XDG_DATA_HOME`) pointed at a place
/// that does not exist, so that neither it nor the processes it starts find endgame
/// databases unless a test names them.
pub fn without_databases(command: &mut Command) -> &mut Command {
    command.env("XDG_DATA_HOME", std::env::temp_dir().join("crownhead-tests-no-data-directory"))
}

/// The binary as a command, without databases.
pub fn crownhead_command() -> Command {
    let mut command = Command::new(CROWNHEAD);
    without_databases(&mut command);
    command
}

/// Runs the binary with `args` to its end.
pub fn crownhead(args: &[&str]) -> Output {
    crownhead_command().args(args).output().expect("the binary runs")
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
