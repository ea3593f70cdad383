//! Puzzles on the board: the next puzzle for the person, near their rating; each move
//! they play checked against the solution; each puzzle's first try rated (Glicko-2,
//! [`crate::puzzles::Rating`]) and kept in their record ([`Record`]).
//!
//! A puzzle is rated once, on its first try: [`PuzzleDesk::next`] opens it for a
//! rating and [`PuzzleDesk::rate`] closes it, won when it was solved without a miss and
//! lost at the first wrong move, after a hint, or when the solution was asked for. The
//! puzzle plays the other side of the game: its own rating moves too, and is kept in
//! the record beside the person's. A puzzle played again from the page's list is checked
//! but not rated. A wrong move is answered with its refutation ([`Refuter`]).

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};

use super::api::{ApiError, variant_named};
use super::puzzle_record::{Attempt, Record, Standing};
use super::puzzle_refutation::Refuter;
use crate::engine::Options;
use crate::puzzles::{Outcome, Puzzle, Rating, TAU, Theme, builtin, read_file};
use crate::rules::{Game, Variant};

/// Of the puzzles nearest the person's rating not yet tried, how many the next one is
/// drawn from, so that the same rating does not always bring the same puzzle.
pub const NEAREST: usize = 5;

/// How many of the latest attempts the summary lists.
pub const RECENT: usize = 10;

/// The puzzles the board offers and the person's record.
pub struct PuzzleDesk {
    /// A set named on the command line, for its rule set, in place of the built-in one.
    own: Option<(Variant, Vec<Puzzle>)>,
    /// Where the record is kept; `None` keeps it for this run only.
    path: Option<PathBuf>,
    state: Mutex<DeskState>,
    refuter: Refuter,
}

/// The record, and the puzzle of each rule set open for a rating.
#[derive(Default)]
struct DeskState {
    record: Record,
    open: HashMap<Variant, String>,
}

/// A request naming a rule set.
#[derive(Clone, Debug, Deserialize)]
pub struct SummaryRequest {
    /// The rule set's name.
    pub variant: String,
}

/// What the puzzle panel shows before a puzzle: the set, and the person's standing.
#[derive(Clone, Debug, Serialize)]
pub struct SummaryReply {
    /// How many puzzles the rule set has.
    pub count: usize,
    /// Each theme with puzzles, and how many.
    pub themes: Vec<ThemeCount>,
    /// Where the set is from: `built-in`, or the file named on the command line.
    pub source: String,
    /// The person's standing.
    pub player: Player,
    /// The latest rated attempts, the latest first.
    pub recent: Vec<Attempt>,
    /// The file the record is kept in, if any.
    pub record: Option<PathBuf>,
}

/// A theme and its number of puzzles.
#[derive(Clone, Debug, Serialize)]
pub struct ThemeCount {
    /// The theme's name.
    pub name: &'static str,
    /// How many puzzles have it.
    pub count: usize,
}

/// The person's rating in a rule set, as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Player {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Whether it is settled rather than provisional.
    pub settled: bool,
    /// Puzzles rated.
    pub tried: u32,
    /// Of them, solved without a miss.
    pub solved: u32,
}

/// A request for the next puzzle.
#[derive(Clone, Debug, Deserialize)]
pub struct NextRequest {
    /// The rule set's name.
    pub variant: String,
    /// Only puzzles of this theme, if given.
    #[serde(default)]
    pub theme: Option<String>,
    /// Which of the [`NEAREST`] puzzles to give (taken modulo their number).
    #[serde(default)]
    pub seed: u64,
    /// A puzzle to play again, by its id, unrated, in place of the next one.
    #[serde(default)]
    pub again: Option<String>,
}

/// A puzzle to solve, without its solution.
#[derive(Clone, Debug, Serialize)]
pub struct PuzzleReply {
    /// Its id: its position's FEN.
    pub id: String,
    /// Its position's FEN.
    pub fen: String,
    /// The solver, `white` or `black`.
    pub side: String,
    /// Its theme.
    pub theme: &'static str,
    /// Its difficulty.
    pub difficulty: u32,
    /// Its rating now: its starting rating, moved by each rated try at it.
    pub rating: u32,
    /// How many moves the solver plays.
    pub solver_moves: usize,
    /// Whether this try is rated (a puzzle's first try; not one played again).
    pub rated: bool,
}

/// The moves played in a puzzle so far, from its position.
#[derive(Clone, Debug, Deserialize)]
pub struct CheckRequest {
    /// The rule set's name.
    pub variant: String,
    /// The puzzle's id.
    pub id: String,
    /// The moves, in the rule set's notation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Whether to give the whole solution whatever the verdict (the person gave up).
    #[serde(default)]
    pub reveal: bool,
}

/// What the moves played in a puzzle come to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Every move is the solution's so far: play on.
    Right,
    /// The last move is not the solution's.
    Wrong,
    /// The whole solution is played.
    Solved,
}

/// The verdict on the moves played, and what follows.
#[derive(Clone, Debug, Serialize)]
pub struct CheckReply {
    /// The verdict.
    pub verdict: Verdict,
    /// When right and the solver has just moved, the opponent's reply to play.
    pub reply: Option<String>,
    /// When wrong, the move the solution plays there.
    pub expected: Option<String>,
    /// When wrong or solved, or when asked for, the whole solution.
    pub solution: Option<Vec<String>>,
    /// When wrong, the engine's line after the wrong move, the opponent's reply first:
    /// why it does not win.
    pub refutation: Option<Vec<String>>,
}

/// A request for a hint at the solver's next move.
#[derive(Clone, Debug, Deserialize)]
pub struct HintRequest {
    /// The rule set's name.
    pub variant: String,
    /// The puzzle's id.
    pub id: String,
    /// The moves played so far, the solution's, with the solver to move.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// The solver's next move, for a hint: the page shows its square first, then the move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HintReply {
    /// The square of the piece to move.
    pub from: String,
    /// The move.
    #[serde(rename = "move")]
    pub key: String,
}

/// A rated try's end.
#[derive(Clone, Debug, Deserialize)]
pub struct RateRequest {
    /// The rule set's name.
    pub variant: String,
    /// The puzzle's id.
    pub id: String,
    /// Whether it was solved without a miss.
    pub solved: bool,
}

/// The rating after a try.
#[derive(Clone, Debug, Serialize)]
pub struct RateReply {
    /// The person's standing now.
    pub player: Player,
    /// How much the rating moved.
    pub change: f64,
    /// The puzzle's rating before the try, and after it.
    pub puzzle_rating: (f64, f64),
    /// The puzzle's solution.
    pub solution: Vec<String>,
    /// Why the record could not be saved, when it could not (it is kept for this run).
    pub unsaved: Option<String>,
}

impl PuzzleDesk {
    /// A desk with the record in the file at `path` (none: for this run only), the
    /// puzzle file at `file`, of `variant`, in place of that rule set's built-in set, and
    /// refutations searched with the engine `options` (on one thread).
    ///
    /// # Errors
    /// The record or the puzzle file cannot be read (the line at fault is named).
    pub fn new(
        path: Option<PathBuf>,
        file: Option<&Path>,
        variant: Variant,
        options: &Options,
    ) -> io::Result<PuzzleDesk> {
        let own = match file {
            None => None,
            Some(file) => Some((variant, read_puzzle_file(file, variant)?)),
        };
        let record = path.as_deref().map(Record::load).transpose()?.unwrap_or_default();
        let refuter = Refuter::new(options).map_err(|error| io::Error::other(error.error))?;
        let state = Mutex::new(DeskState { record, open: HashMap::new() });
        Ok(PuzzleDesk { own, path, state, refuter })
    }

    /// The puzzles of `variant`, easiest first.
    fn set(&self, variant: Variant) -> &[Puzzle] {
        match &self.own {
            Some((of, puzzles)) if *of == variant => puzzles,
            _ => builtin(variant),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, DeskState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The set of `request`'s rule set, and the person's standing in it.
    ///
    /// # Errors
    /// An unknown rule set.
    pub fn summary(&self, request: &SummaryRequest) -> Result<SummaryReply, ApiError> {
        let variant = variant_named(&request.variant)?;
        let set = self.set(variant);
        let themes = Theme::ALL
            .into_iter()
            .map(|theme| ThemeCount {
                name: theme.name(),
                count: set.iter().filter(|puzzle| puzzle.theme == theme).count(),
            })
            .filter(|count| count.count > 0)
            .collect();
        let standing = self.state().record.standing(variant.name());
        Ok(SummaryReply {
            count: set.len(),
            themes,
            source: match &self.own {
                Some((of, _)) if *of == variant => "the file named on the command line".into(),
                _ => "built-in".into(),
            },
            player: player(&standing),
            recent: standing.history.iter().rev().take(RECENT).cloned().collect(),
            record: self.path.clone(),
        })
    }

    /// The next puzzle: of the puzzles of the theme asked for that the person has not
    /// tried (all of them, once all are tried), one of the [`NEAREST`] to their rating,
    /// opened for a rating. Or the puzzle asked for again, unrated.
    ///
    /// # Errors
    /// An unknown rule set or theme; no puzzle of them; an unknown puzzle asked for.
    pub fn next(&self, request: &NextRequest) -> Result<PuzzleReply, ApiError> {
        let variant = variant_named(&request.variant)?;
        if let Some(id) = &request.again {
            let puzzle = self.find(variant, id)?;
            return Ok(puzzle_reply(puzzle, &self.state().record.puzzle_rating(variant, puzzle), false));
        }
        let theme = request
            .theme
            .as_deref()
            .filter(|name| !name.is_empty())
            .map(Theme::from_str)
            .transpose()
            .map_err(|error| ApiError::new(error.to_string()))?;
        let candidates: Vec<&Puzzle> = self
            .set(variant)
            .iter()
            .filter(|puzzle| theme.is_none_or(|theme| puzzle.theme == theme))
            .collect();
        let mut state = self.state();
        let standing = state.record.standing(variant.name());
        let rated = |puzzle: &Puzzle| state.record.puzzle_rating(variant, puzzle).rating;
        let puzzle = choose(&candidates, &standing, rated, request.seed).ok_or_else(|| {
            let kind = theme.map_or(String::new(), |theme| format!("{theme} "));
            ApiError::new(format!("no {kind}puzzles for {variant}"))
        })?;
        let rating = state.record.puzzle_rating(variant, puzzle);
        state.open.insert(variant, puzzle.position.to_fen());
        Ok(puzzle_reply(puzzle, &rating, true))
    }

    /// Checks the moves played in a puzzle against its solution; a wrong move comes with
    /// its refutation, searched after it.
    ///
    /// # Errors
    /// An unknown rule set or puzzle; a move that is not legal; an opponent's move that
    /// is not the solution's (the page plays those itself); a move past the solution's
    /// end.
    pub fn check(&self, request: &CheckRequest) -> Result<CheckReply, ApiError> {
        let variant = variant_named(&request.variant)?;
        let puzzle = self.find(variant, &request.id)?;
        let mut reply = verdict(puzzle, &request.moves, |game| self.refuter.refute(game))?;
        if request.reveal {
            reply.solution = Some(puzzle.line_text());
        }
        Ok(reply)
    }

    /// The solution's next move after `request`'s moves, for a hint.
    ///
    /// # Errors
    /// An unknown rule set or puzzle; moves that are not the solution's so far, that
    /// leave the opponent to move, or that end it.
    pub fn hint(&self, request: &HintRequest) -> Result<HintReply, ApiError> {
        let variant = variant_named(&request.variant)?;
        let puzzle = self.find(variant, &request.id)?;
        let reply = verdict(puzzle, &request.moves, |_| Vec::new())?;
        let played = request.moves.len();
        if reply.verdict != Verdict::Right || played % 2 == 1 {
            return Err(ApiError::new(
                "no hint here: a hint is for the solver's move, on the solution's line",
            ));
        }
        let position = puzzle.line[..played].iter().fold(puzzle.position, |position, mv| position.play(mv));
        let key = puzzle.line[played];
        Ok(HintReply { from: position.rules().square_name(key.from()), key: position.move_to_text(&key) })
    }

    /// Rates the try at the puzzle open for a rating, the person's and the puzzle's
    /// ratings each moved by the game against the other's, and keeps both in the record.
    ///
    /// # Errors
    /// An unknown rule set or puzzle, or a puzzle not open for a rating (each is rated
    /// once).
    pub fn rate(&self, request: &RateRequest) -> Result<RateReply, ApiError> {
        let variant = variant_named(&request.variant)?;
        let puzzle = self.find(variant, &request.id)?;
        let mut state = self.state();
        if state.open.get(&variant) != Some(&request.id) {
            return Err(ApiError::new(
                "this puzzle is not open for a rating: a puzzle is rated on its first try only",
            ));
        }
        state.open.remove(&variant);
        let opponent = state.record.puzzle_rating(variant, puzzle);
        let standing = state.record.variants.entry(variant.name().to_string()).or_default();
        let before = standing.rating();
        let score = if request.solved { 1.0 } else { 0.0 };
        let after = before.after(&[Outcome { opponent, score }], TAU);
        let attempt = Attempt {
            puzzle: request.id.clone(),
            solved: request.solved,
            puzzle_rating: rounded(opponent.rating),
            theme: puzzle.theme.name().to_string(),
            before: before.rating,
            after: after.rating,
        };
        standing.record(attempt, after);
        let player = player(standing);
        let moved = opponent.after(&[Outcome { opponent: before, score: 1.0 - score }], TAU);
        state.record.set_puzzle_rating(variant, &request.id, moved);
        let unsaved = match &self.path {
            Some(path) => state.record.save(path).err().map(|error| error.to_string()),
            None => None,
        };
        Ok(RateReply {
            player,
            change: after.rating - before.rating,
            puzzle_rating: (opponent.rating, moved.rating),
            solution: puzzle.line_text(),
            unsaved,
        })
    }

    /// The puzzle of `variant` whose id is `id`.
    fn find(&self, variant: Variant, id: &str) -> Result<&Puzzle, ApiError> {
        self.set(variant)
            .iter()
            .find(|puzzle| puzzle.position.to_fen() == id)
            .ok_or_else(|| ApiError::new(format!("no {variant} puzzle has the position {id}")))
    }
}

/// The puzzles of the file at `path`, of `variant`, easiest first.
fn read_puzzle_file(path: &Path, variant: Variant) -> io::Result<Vec<Puzzle>> {
    let mut puzzles =
        read_file(path, variant).map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))?;
    puzzles.sort_by_key(|puzzle| puzzle.rating);
    Ok(puzzles)
}

/// Of `candidates`, those `standing` has not tried (all, when it has tried every one),
/// the [`NEAREST`] whose ratings (`rating` gives a puzzle's now) are nearest its rating,
/// and of them the one `seed` picks.
fn choose<'a>(
    candidates: &[&'a Puzzle],
    standing: &Standing,
    rating: impl Fn(&Puzzle) -> f64,
    seed: u64,
) -> Option<&'a Puzzle> {
    let tried = standing.tried_ids();
    let fresh: Vec<&Puzzle> = candidates
        .iter()
        .copied()
        .filter(|puzzle| !tried.contains(puzzle.position.to_fen().as_str()))
        .collect();
    let pool = if fresh.is_empty() { candidates.to_vec() } else { fresh };
    let mut by_distance: Vec<(f64, &Puzzle)> =
        pool.into_iter().map(|puzzle| ((rating(puzzle) - standing.rating).abs(), puzzle)).collect();
    by_distance.sort_by(|a, b| a.0.total_cmp(&b.0));
    by_distance.truncate(NEAREST);
    let count = u64::try_from(by_distance.len()).ok().filter(|&count| count > 0)?;
    by_distance.get(usize::try_from(seed % count).ok()?).map(|&(_, puzzle)| puzzle)
}

/// `rating` as a whole number of points, as a puzzle's is shown.
fn rounded(rating: f64) -> u32 {
    rating.round().clamp(0.0, f64::from(u32::MAX)) as u32
}

/// The verdict on `moves` played from `puzzle`'s position; `refute` gives the line that
/// refutes a wrong move, from the game played up to it and through it.
fn verdict(
    puzzle: &Puzzle,
    moves: &[String],
    refute: impl FnOnce(&Game) -> Vec<String>,
) -> Result<CheckReply, ApiError> {
    if moves.len() > puzzle.line.len() {
        return Err(ApiError::new("more moves than the solution has"));
    }
    let solution = puzzle.line_text();
    let mut game = Game::new(puzzle.position);
    for (index, text) in moves.iter().enumerate() {
        let mv = game
            .play_text(text)
            .map_err(|error| ApiError::new(format!("move {} ({text}): {error}", index + 1)))?;
        if mv != puzzle.line[index] {
            if index % 2 == 1 {
                return Err(ApiError::new(format!("move {} ({text}) is not the puzzle's reply", index + 1)));
            }
            return Ok(CheckReply {
                verdict: Verdict::Wrong,
                reply: None,
                expected: Some(solution[index].clone()),
                solution: Some(solution),
                refutation: Some(refute(&game)),
            });
        }
    }
    if moves.len() == puzzle.line.len() {
        return Ok(CheckReply {
            verdict: Verdict::Solved,
            reply: None,
            expected: None,
            solution: Some(solution),
            refutation: None,
        });
    }
    let reply = (moves.len() % 2 == 1).then(|| solution[moves.len()].clone());
    Ok(CheckReply { verdict: Verdict::Right, reply, expected: None, solution: None, refutation: None })
}

fn puzzle_reply(puzzle: &Puzzle, rating: &Rating, rated: bool) -> PuzzleReply {
    PuzzleReply {
        id: puzzle.position.to_fen(),
        fen: puzzle.position.to_fen(),
        side: puzzle.position.side_to_move().to_string(),
        theme: puzzle.theme.name(),
        difficulty: puzzle.difficulty,
        rating: rounded(rating.rating),
        solver_moves: puzzle.line.len().div_ceil(2),
        rated,
    }
}

fn player(standing: &Standing) -> Player {
    let rating = standing.rating();
    Player {
        rating: rating.rating,
        deviation: rating.deviation,
        settled: rating.settled(),
        tried: standing.tried,
        solved: standing.solved,
    }
}

#[cfg(test)]
mod tests;
