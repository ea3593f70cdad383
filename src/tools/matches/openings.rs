//! Match openings: the built-in sets, opening files, and the generator that made the
//! built-in sets of the rule sets without a traditional deck.
//!
//! An opening file has one opening per line: a PDN FEN (`W:W21-32:B1-12`) or a list of
//! moves from the start position in the rule set's notation (`11-15 23-19 8-11`, move
//! numbers allowed). `#` starts a comment; blank lines are skipped.
//!
//! English (and English-25, the same game under other draw rules) uses the 156 ballots
//! of the American Checker Federation's 3-move deck (`openings/english.txt`, which names
//! its source). Every other rule set uses the output of [`write_balanced`]
//! (`crownhead openings`) kept in `openings/VARIANT.txt`: every distinct position three
//! plies from the start that crownhead scored within a quarter of a man at depth 8
//! (antidraughts' four plies at depth 6 within 0.4 men, scored by its network: at three
//! plies too few are level, its first captures being gifts, and at a quarter of a man too
//! few, 135; killer shares International's, as no king can be on the board that early).
//! The files are data rather than computed at run time so that a change to the engine
//! does not change the openings; `tests/tools/matches.rs` re-checks that every line is
//! legal, distinct and still scored nearer level than a man down at depth 6.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::io::{self, Write};
use std::path::Path;

use crate::engine::{Engine, Limits, Options, Score};
use crate::regular_file;
use crate::rules::{Game, Move, MoveError, Position, Variant};

/// An opening: where the game starts, and the legal moves already played from there.
#[derive(Clone, Debug)]
pub struct Opening {
    game: Game,
}

impl Opening {
    /// The game after the opening moves: every match game starts here.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

/// Why an opening set could not be read.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A line is not an opening of the rule set.
    #[error("line {line}: {message}")]
    Line {
        /// The line number, from 1.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// Nothing but comments and blank lines.
    #[error("no openings found")]
    Empty,
}

const ENGLISH: &str = include_str!("openings/english.txt");
const ITALIAN: &str = include_str!("openings/italian.txt");
const SPANISH: &str = include_str!("openings/spanish.txt");
const SPANISH_SHORT: &str = include_str!("openings/spanish-short.txt");
const PORTUGUESE: &str = include_str!("openings/portuguese.txt");
const RUSSIAN: &str = include_str!("openings/russian.txt");
const BRAZILIAN: &str = include_str!("openings/brazilian.txt");
const POOL: &str = include_str!("openings/pool.txt");
const CZECH: &str = include_str!("openings/czech.txt");
const PLAYOK: &str = include_str!("openings/playok.txt");
const INTERNATIONAL: &str = include_str!("openings/international.txt");
const ANTIDRAUGHTS: &str = include_str!("openings/antidraughts.txt");
const BREAKTHROUGH: &str = include_str!("openings/breakthrough.txt");
const FRISIAN: &str = include_str!("openings/frisian.txt");
const FRYSK: &str = include_str!("openings/frysk.txt");
const TURKISH: &str = include_str!("openings/turkish.txt");

/// The text of the built-in opening set of `variant`, in the opening file format.
pub fn builtin_text(variant: Variant) -> &'static str {
    match variant {
        Variant::English | Variant::English25 => ENGLISH,
        Variant::Italian => ITALIAN,
        Variant::Spanish => SPANISH,
        Variant::SpanishShort => SPANISH_SHORT,
        Variant::Portuguese => PORTUGUESE,
        Variant::Russian => RUSSIAN,
        Variant::Brazilian => BRAZILIAN,
        Variant::Pool => POOL,
        Variant::Czech => CZECH,
        Variant::PlayOk => PLAYOK,
        // Killer starts as International does, and its one rule cannot act in three
        // plies: no king can be on the board yet.
        Variant::International | Variant::Killer => INTERNATIONAL,
        Variant::Antidraughts => ANTIDRAUGHTS,
        Variant::Breakthrough => BREAKTHROUGH,
        Variant::Frisian => FRISIAN,
        Variant::Frysk => FRYSK,
        Variant::Turkish => TURKISH,
    }
}

/// The built-in opening set of `variant`.
///
/// # Errors
/// Only if a built-in file were broken, which the tests rule out.
pub fn builtin(variant: Variant) -> Result<Vec<Opening>, OpeningsError> {
    parse(builtin_text(variant), variant)
}

/// Reads an opening file for `variant`.
///
/// # Errors
/// [`OpeningsError`]: the file is unreadable, a line is not an opening (with its line
/// number), or there is no opening at all.
pub fn read_file(path: &Path, variant: Variant) -> Result<Vec<Opening>, OpeningsError> {
    let text = regular_file::read_to_string(path)
        .map_err(|source| OpeningsError::Io { path: path.display().to_string(), source })?;
    parse(&text, variant)
}

/// The openings `name` stands for, as `--openings` takes it: `builtin` for the built-in
/// set, else the path of an opening file.
///
/// # Errors
/// As [`read_file`].
pub fn named(name: &str, variant: Variant) -> Result<Vec<Opening>, OpeningsError> {
    match name {
        "builtin" => builtin(variant),
        path => read_file(Path::new(path), variant),
    }
}

/// Reads openings in the opening file format for `variant`.
///
/// # Errors
/// As [`read_file`], for the lines of `text`.
pub fn parse(text: &str, variant: Variant) -> Result<Vec<Opening>, OpeningsError> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or_default().trim();
        if content.is_empty() {
            continue;
        }
        let opening = parse_line(content, variant)
            .map_err(|message| OpeningsError::Line { line: index + 1, message })?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(openings)
}

/// One opening: a FEN, or moves from the start position.
fn parse_line(content: &str, variant: Variant) -> Result<Opening, String> {
    let unquoted = content.trim_start_matches('"');
    let is_fen = matches!(unquoted.as_bytes(), [side, b':', ..] if b"WBwb".contains(side));
    let game = if is_fen {
        Game::new(Position::from_fen(variant, content).map_err(|error| format!("bad FEN: {error}"))?)
    } else {
        let mut game = Game::new(Position::start(variant));
        for word in content.split_whitespace().filter(|word| !is_move_number(word)) {
            game.play_text(word).map_err(|error| match error {
                MoveError::Syntax(_) | MoveError::BadSquare { .. } => {
                    format!("not a FEN or a move list: {error}")
                }
                _ => format!("{error} after {} moves", game.moves().len()),
            })?;
        }
        game
    };
    if let Some(result) = game.result() {
        return Err(format!("the game is already over ({})", result.reason));
    }
    Ok(Opening { game })
}

/// `1.`, `12...`: a move number in a move list.
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// An opening found by [`balanced`], with the engine's score of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredLine {
    /// The moves from the start position.
    pub moves: Vec<Move>,
    /// The score of the position after them, for the side to move.
    pub score: Score,
}

/// The balanced openings of `variant`: every distinct position `plies` plies from the
/// start (the first line of moves reaching it, in square-number order) whose score by a
/// fresh single-threaded search to `depth` is at most `max_score` either way.
/// Deterministic: the same engine gives the same list.
pub fn balanced(variant: Variant, plies: usize, depth: u32, max_score: Score) -> Vec<ScoredLine> {
    let start = Position::start(variant);
    let mut lines = vec![Vec::new()];
    for _ in 0..plies {
        lines = lines
            .into_iter()
            .flat_map(|line: Vec<Move>| {
                let position = play_all(&start, &line);
                position.legal_moves().into_iter().map(move |mv| [line.as_slice(), &[mv]].concat())
            })
            .collect();
    }
    lines.sort_by(|a, b| compare_lines(&start, a, b));
    let mut seen = HashSet::new();
    lines.retain(|line| seen.insert(play_all(&start, line)));
    let mut engine = Engine::new(Options { table_mib: 16, ..Options::default() });
    lines
        .into_iter()
        .filter_map(|moves| {
            let mut game = Game::new(start);
            for mv in moves {
                game.play(mv).ok()?;
            }
            if game.result().is_some() {
                return None;
            }
            engine.new_game();
            let result = engine.think(&game, &Limits::depth(depth));
            (-max_score..=max_score)
                .contains(&result.score)
                .then(|| ScoredLine { moves: game.moves().to_vec(), score: result.score })
        })
        .collect()
}

/// Writes the [`balanced`] openings of `variant` as an opening file: a header naming
/// the parameters, then one line of moves per opening with its score as a comment.
///
/// # Errors
/// Only from writing to `out`.
pub fn write_balanced(
    variant: Variant,
    plies: usize,
    depth: u32,
    max_score: Score,
    out: &mut impl Write,
) -> io::Result<()> {
    let lines = balanced(variant, plies, depth, max_score);
    let start = Position::start(variant);
    writeln!(
        out,
        "# {variant}: {count} openings, every distinct position {plies} plies from the start (the first\n\
         # line of moves reaching it, in square-number order) that crownhead {version}, searching it\n\
         # afresh on one thread to depth {depth}, scores within {max_score} men for the side to move.\n\
         # Made by: crownhead openings --variant {variant} --plies {plies} --depth {depth} --max-score {max_score}",
        count = lines.len(),
        version = env!("CARGO_PKG_VERSION"),
    )?;
    for line in lines {
        let text = start.line_to_text(&line.moves, Position::move_to_text).join(" ");
        writeln!(out, "{text:<24}# {}", line.score)?;
    }
    Ok(())
}

fn play_all(start: &Position, moves: &[Move]) -> Position {
    moves.iter().fold(*start, |position, mv| position.play(mv))
}

/// Lines in the order of their moves' square numbers, from and to, move by move.
fn compare_lines(start: &Position, a: &[Move], b: &[Move]) -> Ordering {
    let key = |line: &[Move]| -> Vec<(u8, u8)> {
        let rules = start.rules();
        line.iter().map(|mv| (rules.square_number(mv.from()), rules.square_number(mv.to()))).collect()
    };
    key(a).cmp(&key(b))
}
