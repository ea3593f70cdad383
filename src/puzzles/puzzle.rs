//! One puzzle, and the text it is kept in: one line a puzzle, tab-separated, as
//! `crownhead puzzles export` prints and the built-in sets are written:
//!
//! ```text
//! FEN <tab> solution line <tab> theme <tab> difficulty <tab> rating
//! ```
//!
//! The FEN is as `crownhead` reads it; the solution line is the solver's moves and the
//! opponent's replies in the rule set's notation, separated by spaces, the solver's
//! first. Blank lines and lines starting with `#` are skipped.

use std::path::{Path, PathBuf};
use std::{fmt, io};

use super::theme::Theme;
use crate::regular_file;
use crate::rules::{FenError, Move, MoveError, Position, Variant};

/// A position where the side to move has one move that wins, with the whole line that
/// shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, the solver to move.
    pub position: Position,
    /// The solution: the solver's key move first, then the opponent's best reply, the
    /// solver's next move and so on, ending with a move of the solver's.
    pub line: Vec<Move>,
    /// What the line does.
    pub theme: Theme,
    /// How much searching it takes to find the key move: 1 when a full-strength search
    /// settles on it and keeps it within 64 nodes, one more for each doubling of the
    /// nodes it takes.
    pub difficulty: u32,
    /// The puzzle's rating before anyone has tried it ([`starting_rating`] of its
    /// difficulty), on the scale of the people's ratings.
    pub rating: u32,
}

/// The rating a puzzle of `difficulty` starts with: 800 at difficulty 1, and 100 more
/// for each step (each doubling of the search it takes), up to 2500.
pub fn starting_rating(difficulty: u32) -> u32 {
    700 + 100 * difficulty.clamp(1, 18)
}

/// Why a puzzle line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// Not the five tab-separated fields.
    #[error(
        "line {line}: expected 5 tab-separated fields (FEN, solution, theme, difficulty, rating), found {found}"
    )]
    Fields {
        /// The line's number, from 1.
        line: usize,
        /// How many fields it has.
        found: usize,
    },
    /// The FEN does not read.
    #[error("line {line}: {error}")]
    Fen {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        error: FenError,
    },
    /// A move of the solution is not legal where it is played.
    #[error("line {line}: solution move {index}: {error}")]
    Move {
        /// The line's number, from 1.
        line: usize,
        /// The move's place in the solution, from 1.
        index: usize,
        /// What is wrong with it.
        error: MoveError,
    },
    /// The solution has no move, or ends with an opponent's reply.
    #[error("line {line}: a solution has an odd number of moves (the solver's first and last), not {moves}")]
    Length {
        /// The line's number, from 1.
        line: usize,
        /// How many moves it has.
        moves: usize,
    },
    /// Another field does not read.
    #[error("line {line}: {what}")]
    Field {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong.
        what: String,
    },
}

impl Puzzle {
    /// The solver's key move.
    pub fn key_move(&self) -> Move {
        self.line[0]
    }

    /// The solution line in the rule set's notation, one move a string.
    pub fn line_text(&self) -> Vec<String> {
        self.position.line_to_text(&self.line, Position::move_to_text)
    }

    /// Reads one puzzle line of `variant`; `number` is its line number, for errors.
    ///
    /// # Errors
    /// [`PuzzleError`] naming the line and what is wrong with it.
    pub fn parse(variant: Variant, text: &str, number: usize) -> Result<Puzzle, PuzzleError> {
        let fields: Vec<&str> = text.trim_end_matches(['\r', '\n']).split('\t').collect();
        let [fen, line, theme, difficulty, rating] = fields.as_slice() else {
            return Err(PuzzleError::Fields { line: number, found: fields.len() });
        };
        let position =
            Position::from_fen(variant, fen).map_err(|error| PuzzleError::Fen { line: number, error })?;
        let mut moves = Vec::new();
        let mut at = position;
        for (index, text) in line.split_whitespace().enumerate() {
            let mv = at.parse_move(text).map_err(|error| PuzzleError::Move {
                line: number,
                index: index + 1,
                error,
            })?;
            at = at.play(&mv);
            moves.push(mv);
        }
        if moves.len() % 2 == 0 {
            return Err(PuzzleError::Length { line: number, moves: moves.len() });
        }
        let field = |what: String| PuzzleError::Field { line: number, what };
        Ok(Puzzle {
            position,
            line: moves,
            theme: theme.parse().map_err(|error: super::theme::UnknownTheme| field(error.to_string()))?,
            difficulty: difficulty.parse().map_err(|_| field(format!("bad difficulty '{difficulty}'")))?,
            rating: rating.parse().map_err(|_| field(format!("bad rating '{rating}'")))?,
        })
    }
}

impl fmt::Display for Puzzle {
    /// The puzzle's line in a puzzle file, without the newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}",
            self.position.to_fen(),
            self.line_text().join(" "),
            self.theme,
            self.difficulty,
            self.rating
        )
    }
}

/// Reads every puzzle of a puzzle file of `variant`.
///
/// # Errors
/// The first line that does not read, by its number.
pub fn read_set(variant: Variant, text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| Puzzle::parse(variant, line, index + 1))
        .collect()
}

/// Why a puzzle file could not be read: the file, and what went wrong with it.
#[derive(Debug, thiserror::Error)]
#[error("{}: {reason}", path.display())]
pub struct PuzzleFileError {
    /// The file.
    pub path: PathBuf,
    /// What went wrong.
    pub reason: PuzzleFileFault,
}

/// What went wrong with a puzzle file.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleFileFault {
    /// It could not be read.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A line of it is not a puzzle.
    #[error("{0}")]
    Puzzle(#[from] PuzzleError),
}

/// Reads every puzzle of the puzzle file at `path`, of `variant`, in file order.
///
/// # Errors
/// A file that cannot be read, or its first line that is not a puzzle; the error names
/// the file.
pub fn read_file(path: &Path, variant: Variant) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let fault = |reason: PuzzleFileFault| PuzzleFileError { path: path.to_path_buf(), reason };
    let text = regular_file::read_to_string(path).map_err(|error| fault(error.into()))?;
    read_set(variant, &text).map_err(|error| fault(error.into()))
}
