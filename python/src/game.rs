//! `Game`, `Move` and `GameResult`: a game of any rule set, its legal moves in the rule
//! set's notation, its result by the rule set's win and draw rules, and its board as a
//! picture.

use crownhead::render::board_svg::board_svg;
use crownhead::render::orientation::Orientation;
use crownhead::render::terminal_board::{Styling, draw};
use crownhead::rules::{
    Color, Game, GameResult, Move, Outcome, PdnGame, PdnMove, PdnResult, Position, perft,
};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::errors::{IllegalMoveError, move_error, value_error};

/// A legal move of a position: where the piece starts and ends, what it captures, and
/// its text in the rule set's notation.
#[pyclass(name = "Move", module = "crownhead", frozen)]
#[derive(Clone, Copy)]
pub struct PyMove {
    /// The move.
    pub mv: Move,
    /// The position it is played in, for its text.
    pub position: Position,
}

impl PyMove {
    /// `mv`, a legal move of `position`.
    pub fn new(mv: Move, position: Position) -> PyMove {
        PyMove { mv, position }
    }

    /// The moves of `line` played one after the other from `position`.
    pub fn line(position: &Position, line: &[Move]) -> Vec<PyMove> {
        let mut position = *position;
        line.iter()
            .map(|&mv| {
                let played = PyMove::new(mv, position);
                position = position.play(&mv);
                played
            })
            .collect()
    }

    /// The move in the rule set's notation.
    pub fn text_of(&self) -> String {
        self.position.move_to_text(&self.mv)
    }

    /// The number of `square` in the rule set's numbering.
    fn number(&self, square: crownhead::rules::Square) -> u32 {
        u32::from(self.position.rules().square_number(square))
    }
}

#[pymethods]
impl PyMove {
    /// The move in the rule set's notation: `11-15`, `22x15`, `c3-d4`; the full path of
    /// landing squares only when another legal move has the same start and end.
    #[getter]
    fn text(&self) -> String {
        self.text_of()
    }

    /// The move with every landing square written: `25x18x9`.
    #[getter]
    fn full_text(&self) -> String {
        self.position.move_to_full_text(&self.mv)
    }

    /// The move in the Hub protocol's form: numbers, the captured squares after the end.
    #[getter]
    fn hub(&self) -> String {
        self.position.move_to_hub(&self.mv)
    }

    /// The number of the square the piece leaves (rule sets written algebraically
    /// number a1 = 1, c1 = 2, ..., as Hub and pydraughts do).
    #[getter(from_square)]
    fn origin(&self) -> u32 {
        self.number(self.mv.from())
    }

    /// The number of the square the piece ends on.
    #[getter(to_square)]
    fn destination(&self) -> u32 {
        self.number(self.mv.to())
    }

    /// The numbers of the captured pieces' squares, in ascending order.
    #[getter]
    fn captured(&self) -> Vec<u32> {
        let mut squares: Vec<u32> =
            self.mv.captured().into_iter().map(|square| self.number(square)).collect();
        squares.sort_unstable();
        squares
    }

    /// Whether the move captures.
    #[getter]
    fn is_capture(&self) -> bool {
        self.mv.is_capture()
    }

    /// Whether a man is crowned by the move.
    #[getter]
    fn crowns(&self) -> bool {
        self.mv.crowns()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.text())
    }

    /// Moves are equal when they start and end on the same squares, capture the same
    /// pieces and crown alike.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyMove>().is_ok_and(|other| other.get().mv == self.mv)
    }

    fn __hash__(&self) -> u64 {
        let mv = self.mv;
        u64::from(mv.from().index())
            | u64::from(mv.to().index()) << 8
            | u64::from(mv.crowns()) << 16
            | mv.captured().0.rotate_left(17)
    }
}

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
/// tags, and a comment per move.
#[pyclass(name = "Game", module = "crownhead")]
pub struct PyGame {
    /// The moves and positions.
    pub game: Game,
    /// The PDN tags, in order.
    pub tags: Py<PyDict>,
    /// One comment (or none) per move played.
    pub comments: Vec<Option<String>>,
}

impl PyGame {
    /// A game from `game`'s start and moves, with `tags` and no comments.
    pub fn from_parts(game: Game, tags: Py<PyDict>, comments: Vec<Option<String>>) -> PyGame {
        PyGame { game, tags, comments }
    }

    /// The game as a PDN game: its tags, moves and comments, and its result (the rules'
    /// when the game is over, else the `Result` tag's if it reads, else unfinished).
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
        let moves = (self.game.moves().iter().zip(&self.comments))
            .map(|(&mv, comment)| PdnMove { mv, comment: comment.clone() })
            .collect();
        Ok(PdnGame { tags, start: *self.game.start(), moves, result })
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
        Ok(PyGame::from_parts(Game::new(start), PyDict::new(py).unbind(), Vec::new()))
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
        self.comments.clone()
    }

    #[setter]
    fn set_comments(&mut self, comments: Vec<Option<String>>) -> PyResult<()> {
        if comments.len() != self.game.moves().len() {
            return Err(value_error(format!(
                "{} comments for {} moves: give one (or None) per move",
                comments.len(),
                self.game.moves().len()
            )));
        }
        self.comments = comments;
        Ok(())
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
        let mv = r#move;
        let position = *self.position();
        let fen = position.to_fen();
        let played = if let Ok(text) = mv.cast::<PyString>() {
            self.game.play_text(&text.to_cow()?).map_err(|error| move_error(error, &fen))?
        } else if let Ok(mv) = mv.cast::<PyMove>() {
            let mv = *mv.get();
            self.game.play(mv.mv).map_err(|_| {
                IllegalMoveError::new_err(format!("illegal move '{}' in position {fen}", mv.text()))
            })?;
            mv.mv
        } else {
            return Err(PyTypeError::new_err(format!(
                "push takes a Move or a str, not {}",
                mv.get_type().name()?
            )));
        };
        self.comments.push(None);
        Ok(PyMove::new(played, position))
    }

    /// Takes back the last move and returns it. Raises IndexError when no move was
    /// played.
    fn pop(&mut self) -> PyResult<PyMove> {
        let mv = self.game.undo().ok_or_else(|| PyIndexError::new_err("pop from a game with no moves"))?;
        self.comments.pop();
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

    /// A copy of the game: moves, tags and comments.
    fn copy(&self, py: Python<'_>) -> PyResult<PyGame> {
        Ok(PyGame::from_parts(self.game.clone(), self.copy_tags(py)?, self.comments.clone()))
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<PyGame> {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        self.copy(py)
    }

    /// The game as PDN text: its tags, moves (numbered, in their shortest unambiguous
    /// form), comments and result.
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
    /// antidraughts, breakthrough, frisian and frysk. Raises ValueError for the others.
    fn to_pydraughts<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let module = slf.py().import("crownhead._pydraughts")?;
        module.call_method1("to_board", (slf,))
    }

    /// The game a pydraughts `Board` holds: its start position and its moves.
    #[staticmethod]
    fn from_pydraughts(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let module = py.import("crownhead._pydraughts")?;
        Ok(module.call_method1("from_board", (board,))?.unbind())
    }
}
