//! `Game` and `GameResult`: a game of any rule set, its legal moves, its PDN
//! annotations, its result by the rule set's win and draw rules, and its board as a
//! picture.

use crownhead::render::board_svg::board_svg;
use crownhead::render::orientation::Orientation;
use crownhead::render::terminal_board::{Styling, draw};
use crownhead::rules::{
    Color, Game, GameResult, Move, Outcome, PdnGame, PdnGlyph, PdnLine, PdnMove, PdnResult, Position, perft,
};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::errors::{IllegalMoveError, move_error, value_error};
use crate::moves::PyMove;
use crate::variation::{PyVariation, glyph_texts, variations_at};

/// How a game ended: the winner (`"white"`, `"black"`, or `None` for a draw), the reason
/// and the result as PDN writes it.
#[pyclass(name = "GameResult", module = "crownhead", frozen, get_all)]
#[derive(Clone)]
pub struct PyGameResult {
    /// `"white"` or `"black"`, or `None` for a draw.
    winner: Option<String>,
    /// `"no legal move"`, `"threefold repetition"`, `"move limit"`, `"lone king held"` or
    /// `"crowned"` (breakthrough).
    reason: String,
    /// The result as the rule set writes it in PDN: `"1-0"`, `"0-1"`, `"1/2-1/2"`
    /// (International: `"2-0"`, `"0-2"`, `"1-1"`); the first score is the first player's.
    pdn: String,
}

#[pymethods]
impl PyGameResult {
    fn __repr__(&self) -> String {
        let winner = self.winner.as_deref().map_or("None".to_string(), |winner| format!("'{winner}'"));
        format!("GameResult(winner={winner}, reason='{}', pdn='{}')", self.reason, self.pdn)
    }
}

/// A game of draughts or checkers: a start position, the moves played from it, the PDN
/// tags, and each move's PDN annotations (glyph, comment, variations).
#[pyclass(name = "Game", module = "crownhead")]
pub struct PyGame {
    /// The moves and positions.
    pub game: Game,
    /// The PDN tags, in order.
    pub tags: Py<PyDict>,
    /// The comment before the first move.
    pub intro_comment: Option<String>,
    /// One entry per move played, the move itself with its glyph, comment and variations.
    pub notes: Vec<PdnMove>,
}

impl PyGame {
    /// A game of `game`'s start and moves with `tags`, and for each move the annotations
    /// `pdn` gives it (the moves of `pdn` past those of `game` are not kept).
    pub fn from_pdn(game: Game, tags: Py<PyDict>, pdn: PdnGame) -> PyGame {
        let mut notes = pdn.moves;
        notes.truncate(game.moves().len());
        PyGame { game, tags, intro_comment: pdn.comment, notes }
    }

    /// A game of `game`'s start and moves with `tags` and no annotations.
    pub fn bare(game: Game, tags: Py<PyDict>) -> PyGame {
        let notes = game.moves().iter().map(|&mv| PdnMove::new(mv)).collect();
        PyGame { game, tags, intro_comment: None, notes }
    }

    /// The game as a PDN game: its tags, moves, their annotations and variations, and
    /// its result (the rules' when the game is over, else the `Result` tag's if it reads,
    /// else unfinished).
    pub fn to_pdn_game(&self, py: Python<'_>) -> PyResult<PdnGame> {
        let variant = self.game.start().variant();
        let mut tags = Vec::new();
        for (name, value) in self.tags.bind(py).iter() {
            tags.push((name.str()?.to_string(), value.str()?.to_string()));
        }
        let recorded = tags
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case("Result"))
            .and_then(|(_, value)| PdnResult::from_pdn(value, variant));
        let result = match self.game.result() {
            Some(result) => result.outcome.into(),
            None => recorded.unwrap_or(PdnResult::Unfinished),
        };
        let start = *self.game.start();
        Ok(PdnGame { tags, start, comment: self.intro_comment.clone(), moves: self.notes.clone(), result })
    }

    /// The position now.
    fn position(&self) -> &Position {
        self.game.position()
    }

    /// `result`, a result of this game, as Python sees it.
    fn result_of(&self, result: GameResult) -> PyGameResult {
        let variant = self.game.start().variant();
        PyGameResult {
            winner: match result.outcome {
                Outcome::Win(color) => Some(color_name(color)),
                Outcome::Draw => None,
            },
            reason: result.reason.to_string(),
            pdn: PdnResult::from(result.outcome).to_pdn(variant).to_string(),
        }
    }

    /// A copy of the tags.
    fn copy_tags(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        Ok(self.tags.bind(py).copy()?.unbind())
    }

    /// A ValueError unless `count` values (of `what`) are one per move played.
    fn check_one_per_move(&self, count: usize, what: &str) -> PyResult<()> {
        let moves = self.game.moves().len();
        if count == moves {
            return Ok(());
        }
        Err(value_error(format!("{count} {what} for {moves} moves: give one (or None) per move")))
    }
}

/// Plays `mv`, a `Move` or a move's text in any accepted form, in `game`, and returns
/// it. Raises IllegalMoveError (a ValueError) for a move that is not legal or is
/// ambiguous, ValueError for text that is not a move; the game is then unchanged.
fn play(game: &mut Game, mv: &Bound<'_, PyAny>) -> PyResult<Move> {
    let fen = game.position().to_fen();
    if let Ok(text) = mv.cast::<PyString>() {
        return game.play_text(&text.to_cow()?).map_err(|error| move_error(error, &fen));
    }
    let Ok(mv) = mv.cast::<PyMove>() else {
        return Err(PyTypeError::new_err(format!(
            "a move is a Move or a str, not {}",
            mv.get_type().name()?
        )));
    };
    let mv = *mv.get();
    game.play(mv.mv).map_err(|_| {
        IllegalMoveError::new_err(format!("illegal move '{}' in position {fen}", mv.text_of()))
    })?;
    Ok(mv.mv)
}

/// The glyph `text` writes. Raises ValueError for text that is none of the six.
fn glyph(text: &str) -> PyResult<PdnGlyph> {
    PdnGlyph::from_text(text)
        .ok_or_else(|| value_error(format!("'{text}' is no glyph: one of ! ? !! ?? !? ?! or None")))
}

/// `color` as Python names it.
pub fn color_name(color: Color) -> String {
    color.to_string()
}

#[pymethods]
impl PyGame {
    /// A game of `variant` (see `crownhead.VARIANTS`; aliases `american`, `standard`,
    /// `normal`, and lidraughts-bot's `losing` and `bt`)
    /// from its start position, or from `fen`, a PDN FEN such as `"W:W31-50:B1-20"`.
    ///
    /// Raises ValueError for an unknown rule set or a bad FEN.
    #[new]
    #[pyo3(signature = (variant = "english", fen = None))]
    fn new(py: Python<'_>, variant: &str, fen: Option<&str>) -> PyResult<PyGame> {
        let variant = crate::errors::variant(variant)?;
        let start = match fen {
            Some(fen) => Position::from_fen(variant, fen).map_err(value_error)?,
            None => Position::start(variant),
        };
        Ok(PyGame::bare(Game::new(start), PyDict::new(py).unbind()))
    }

    /// The rule set's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.position().variant().name()
    }

    /// The side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> String {
        color_name(self.position().side_to_move())
    }

    /// The position now as a PDN FEN.
    fn fen(&self) -> String {
        self.position().to_fen()
    }

    /// The start position as a PDN FEN.
    #[getter]
    fn start_fen(&self) -> String {
        self.game.start().to_fen()
    }

    /// The moves played, in order.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        PyMove::line(self.game.start(), self.game.moves())
    }

    /// The PDN tags (a dict, changed in place: `game.tags["White"] = "Ann"`). `Result`
    /// gives the result `pdn()` writes while the game is not over by the rules (a
    /// resignation, say); `GameType`, `FEN` and `SetUp` are written from the game itself.
    #[getter]
    fn tags(&self, py: Python<'_>) -> Py<PyDict> {
        self.tags.clone_ref(py)
    }

    #[setter]
    fn set_tags(&mut self, tags: Bound<'_, PyDict>) {
        self.tags = tags.unbind();
    }

    /// The comment after each move played (`None` where there is none).
    #[getter]
    fn comments(&self) -> Vec<Option<String>> {
        self.notes.iter().map(|note| note.comment.clone()).collect()
    }

    #[setter]
    fn set_comments(&mut self, comments: Vec<Option<String>>) -> PyResult<()> {
        self.check_one_per_move(comments.len(), "comments")?;
        for (note, comment) in self.notes.iter_mut().zip(comments) {
            note.comment = comment;
        }
        Ok(())
    }

    /// The glyph of each move played: `"!"`, `"?"`, `"!!"`, `"??"`, `"!?"`, `"?!"` (read
    /// from PDN as a suffix or as the NAGs `$1` to `$6`), or `None`.
    #[getter]
    fn glyphs(&self) -> Vec<Option<&'static str>> {
        glyph_texts(&self.notes)
    }

    #[setter]
    fn set_glyphs(&mut self, glyphs: Vec<Option<String>>) -> PyResult<()> {
        self.check_one_per_move(glyphs.len(), "glyphs")?;
        let glyphs =
            glyphs.iter().map(|text| text.as_deref().map(glyph).transpose()).collect::<PyResult<Vec<_>>>()?;
        for (note, glyph) in self.notes.iter_mut().zip(glyphs) {
            note.glyph = glyph;
        }
        Ok(())
    }

    /// The comment before the first move, if any.
    #[getter]
    fn intro_comment(&self) -> Option<String> {
        self.intro_comment.clone()
    }

    #[setter]
    fn set_intro_comment(&mut self, comment: Option<String>) {
        self.intro_comment = comment;
    }

    /// The variations of the move at `ply` (0 for the first move): lines played instead
    /// of it, from the position before it. Raises IndexError for a ply past the moves.
    fn variations(&self, ply: usize) -> PyResult<Vec<PyVariation>> {
        variations_at(*self.game.start(), &self.notes, ply)
    }

    /// Adds a variation to the move at `ply`: `moves` (each a Move or a move's text)
    /// played instead of it from the position before it, with `comment` before them.
    /// Returns the variation. Raises IndexError for a ply past the moves,
    /// IllegalMoveError or ValueError for a move that cannot be played; the game is then
    /// unchanged.
    #[pyo3(signature = (ply, moves, comment = None))]
    fn add_variation(
        &mut self,
        ply: usize,
        moves: Vec<Bound<'_, PyAny>>,
        comment: Option<String>,
    ) -> PyResult<PyVariation> {
        variations_at(*self.game.start(), &self.notes, ply)?;
        let mut line = Game::new(self.game.positions()[ply]);
        for mv in &moves {
            play(&mut line, mv)?;
        }
        let variation = PdnLine { comment, moves: line.moves().iter().map(|&mv| PdnMove::new(mv)).collect() };
        self.notes[ply].variations.push(variation);
        let mut added = variations_at(*self.game.start(), &self.notes, ply)?;
        added.pop().ok_or_else(|| PyIndexError::new_err("the variation was not added"))
    }

    /// The legal moves of the position now.
    fn legal_moves(&self) -> Vec<PyMove> {
        let position = *self.position();
        position.legal_moves().iter().map(|&mv| PyMove::new(mv, position)).collect()
    }

    /// Plays a move: a `Move` from `legal_moves()`, or its text in any accepted form
    /// (`11-15`, `22x15`, a full path `25x18x9`, `c3-d4`, `c3d4`, the Hub form). Returns
    /// the move played.
    ///
    /// Raises IllegalMoveError (a ValueError) for a move that is not legal now or is
    /// ambiguous, ValueError for text that is not a move; the game is then unchanged.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let position = *self.position();
        let played = play(&mut self.game, r#move)?;
        self.notes.push(PdnMove::new(played));
        Ok(PyMove::new(played, position))
    }

    /// Takes back the last move and returns it. Raises IndexError when no move was
    /// played.
    fn pop(&mut self) -> PyResult<PyMove> {
        let mv = self.game.undo().ok_or_else(|| PyIndexError::new_err("pop from a game with no moves"))?;
        self.notes.pop();
        Ok(PyMove::new(mv, *self.position()))
    }

    /// Whether the game is over by the rules: no legal move, or a draw rule.
    fn is_over(&self) -> bool {
        self.game.result().is_some()
    }

    /// The result if the game is over by the rules, else `None`.
    fn result(&self) -> Option<PyGameResult> {
        self.game.result().map(|result| self.result_of(result))
    }

    /// The result a referee that judges by pydraughts' rules (lidraughts-bot, DXP
    /// referees built on pydraughts) confirms too, which is what the engine claims when
    /// it announces a game's end over DXP; else `None`. It is `result()`, except that a
    /// lone-king draw is given only once the rule's count has also run since a man last
    /// moved or a piece was last captured, as pydraughts counts it (in International a
    /// man move of the stronger side starts its count again). Wins, repetitions and
    /// move-limit draws are claimable as soon as the game is over by them (a Frisian or
    /// Frysk loss by a stopped king too, which pydraughts does not see). RULES.md, "Where
    /// pydraughts differs", has the details.
    fn claimable_result(&self) -> Option<PyGameResult> {
        self.game.claimable_result().map(|result| self.result_of(result))
    }

    /// The number of move sequences of exactly `depth` plies from the position now
    /// (duplicate captures counted once); the search for them runs without the GIL.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let position = *self.position();
        py.detach(|| perft(&position, depth))
    }

    /// A copy of the game: moves, tags, annotations and variations.
    fn copy(&self, py: Python<'_>) -> PyResult<PyGame> {
        let (intro_comment, notes) = (self.intro_comment.clone(), self.notes.clone());
        Ok(PyGame { game: self.game.clone(), tags: self.copy_tags(py)?, intro_comment, notes })
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<PyGame> {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        self.copy(py)
    }

    /// The game as PDN text: its tags, moves (numbered, in their shortest unambiguous
    /// form) with their glyphs, comments and variations, and its result.
    fn pdn(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.to_pdn_game(py)?.to_pdn())
    }

    /// The position as an SVG picture (what notebooks show).
    fn _repr_svg_(&self) -> String {
        board_svg(self.position())
    }

    /// The board as text, White at the bottom: `w` `b` men, `W` `B` kings.
    fn __str__(&self) -> String {
        draw(self.position(), Orientation::WhiteAtBottom, Styling::Plain)
    }

    fn __repr__(&self) -> String {
        let moves = self.game.moves().len();
        let played = if moves == 1 { "1 move".to_string() } else { format!("{moves} moves") };
        format!("<crownhead.Game {} {} after {played}>", self.variant(), self.fen())
    }

    /// The game as a pydraughts `Board` (`import draughts`), its moves replayed on it, for
    /// the rule sets pydraughts has: english, italian, russian, brazilian, international,
    /// antidraughts, breakthrough, frisian, frysk and turkish. Raises ValueError for the
    /// others.
    fn to_pydraughts<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let module = slf.py().import("crownhead._pydraughts")?;
        module.call_method1("to_board", (slf,))
    }

    /// The game a pydraughts `Board` holds: its start position and its moves. Raises
    /// ValueError for a rule set crownhead lacks and for a move that is not legal here
    /// (in Turkish, pydraughts lets a king's quiet move pass over pieces).
    #[staticmethod]
    fn from_pydraughts(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let module = py.import("crownhead._pydraughts")?;
        Ok(module.call_method1("from_board", (board,))?.unbind())
    }
}
