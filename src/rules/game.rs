//! A game: the moves played from a start position, and the result by the rule set's
//! win and draw rules.

use std::fmt;

use super::{Color, CounterReset, LoneKingLimit, Move, MoveError, Position};

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side won.
    Win(Color),
    /// Nobody won.
    Draw,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The side to move has no legal move (or no piece left): it loses, or in
    /// antidraughts wins.
    NoMoves,
    /// A man was crowned: in breakthrough, its side wins.
    Crowned,
    /// The same position occurred a third time with the same side to move.
    Repetition,
    /// The move-limit rule ran out (no capture, no man move or crowning, as the rule set
    /// counts).
    MoveLimit,
    /// A lone king held out against a few pieces for the rule set's number of moves.
    LoneKing,
    /// One piece against one, drawn as soon as it arises (Turkish).
    OnePieceEach,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::NoMoves => "no legal move",
            Reason::Crowned => "crowned",
            Reason::Repetition => "threefold repetition",
            Reason::MoveLimit => "move limit",
            Reason::LoneKing => "lone king held",
            Reason::OnePieceEach => "one piece each",
        })
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Who won, if anyone.
    pub outcome: Outcome,
    /// Why the game ended.
    pub reason: Reason,
}

/// A game in progress: positions from the start, and the counters the draw rules need.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Per position: half-moves since the move-limit counter last reset.
    quiet_plies: Vec<u16>,
    /// Per position: half-moves since the current lone-king material arose, if it applies.
    lone_king_plies: Vec<Option<u16>>,
}

impl Game {
    /// A game from `start` with no moves played.
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            quiet_plies: vec![0],
            lone_king_plies: vec![lone_king_rule(&start).map(|_| 0)],
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable!("a game always has its start position"))
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game, the start first and the current one last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Plays `mv` if it is legal now.
    ///
    /// # Errors
    /// [`MoveError::Illegal`] if it is not; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        let position = *self.position();
        if !position.legal_moves().contains(&mv) {
            return Err(MoveError::Illegal(format!("{mv:?}")));
        }
        let next = position.play(&mv);
        let quiet = self.quiet_plies.last().copied().unwrap_or(0);
        self.quiet_plies.push(if resets_move_limit(&position, &mv) { 0 } else { quiet.saturating_add(1) });
        let lone_king = match (lone_king_rule(&next), self.lone_king_plies.last().copied().flatten()) {
            (Some(_), Some(plies)) if same_material(&position, &next) => Some(plies.saturating_add(1)),
            (Some(_), _) => Some(0),
            (None, _) => None,
        };
        self.lone_king_plies.push(lone_king);
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Reads `text` in any accepted notation and plays it.
    ///
    /// # Errors
    /// [`MoveError`] if the text is unreadable, illegal or ambiguous; the game is
    /// unchanged.
    ///
    /// ```
    /// use crownhead::rules::{Color, Game, GameResult, MoveError, Outcome, Position, Reason, Variant};
    ///
    /// // English, White to move, a man on 18 against Black's last man, on 14.
    /// let mut game = Game::new(Position::from_fen(Variant::English, "W:W18:B14")?);
    /// assert_eq!(game.result(), None);
    /// // Capture is compulsory: the quiet move is refused and the game is unchanged.
    /// assert!(matches!(game.play_text("18-15"), Err(MoveError::Illegal(_))));
    /// assert!(game.moves().is_empty());
    /// game.play_text("18x9")?;
    /// // Black has nothing left to move: White has won.
    /// let won = GameResult { outcome: Outcome::Win(Color::White), reason: Reason::NoMoves };
    /// assert_eq!(game.result(), Some(won));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.position().parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.quiet_plies.pop();
        self.lone_king_plies.pop();
        Some(mv)
    }

    /// For each position of the game, the half-moves since the move-limit counter last
    /// started again.
    pub fn move_limit_counts(&self) -> &[u16] {
        &self.quiet_plies
    }

    /// The lone-king rule's count now: half-moves since the current lone-king material
    /// arose, and the half-moves that draw the game, when a rule of the rule set applies
    /// to the material on the board (a board shows it beside the move-limit count).
    pub fn lone_king_count(&self) -> Option<(u16, u16)> {
        let rule = lone_king_rule(self.position())?;
        let plies = self.lone_king_plies.last().copied().flatten()?;
        Some((plies, rule.plies))
    }

    /// How many times the current position has occurred, counting now.
    pub fn occurrences(&self) -> usize {
        let now = self.position();
        self.positions.iter().filter(|&position| position == now).count()
    }

    /// The result, if the game is over by the rules.
    ///
    /// These are the federation's rules (`RULES.md#draws`); a protocol that announces the
    /// result to a referee claims [`Game::claimable_result`] instead.
    pub fn result(&self) -> Option<GameResult> {
        let position = self.position();
        if position.legal_moves().is_empty() {
            let reason = if position.is_decided() { Reason::Crowned } else { Reason::NoMoves };
            return Some(GameResult { outcome: Outcome::Win(position.winner_without_moves()), reason });
        }
        let draws = position.rules().draws;
        let draw = |reason| Some(GameResult { outcome: Outcome::Draw, reason });
        if draws.repetition && self.occurrences() >= 3 {
            return draw(Reason::Repetition);
        }
        let quiet = self.quiet_plies.last().copied().unwrap_or(0);
        if draws.move_limit.is_some_and(|limit| quiet >= limit.plies) {
            return draw(Reason::MoveLimit);
        }
        if position.is_one_piece_each() {
            return draw(Reason::OnePieceEach);
        }
        let lone_king = self.lone_king_plies.last().copied().flatten();
        match (lone_king_rule(position), lone_king) {
            (Some(rule), Some(plies)) if plies >= rule.plies => draw(Reason::LoneKing),
            _ => None,
        }
    }

    /// The result a referee that judges draws by pydraughts' rules (as lidraughts-bot and
    /// DXP referees built on pydraughts do) confirms too: [`Game::result`], except that a
    /// lone-king draw is given only once the rule's count has also run since a man last
    /// moved or a piece was last captured, as pydraughts counts it. A draw claimed that
    /// such a referee cannot confirm is scored as a loss, so a protocol announcing the
    /// game's end claims this result and otherwise plays on.
    ///
    /// Wins (no legal move), repetitions and move-limit draws are results in pydraughts'
    /// reading too, for every rule set it plays (its Brazilian move limit is the shorter
    /// Russian one); pydraughts' own extra draws (Russian clauses the federation's rules
    /// lack) are not claimed, as those rules do not end the game there.
    /// `RULES.md#where-pydraughts-differs` lists the differences.
    ///
    /// ```
    /// use crownhead::rules::{Game, Outcome, Position, Reason, Variant};
    ///
    /// // International: White's king and man against Black's lone king; White to move.
    /// let mut game = Game::new(Position::from_fen(Variant::International, "W:WK6,41:BK3")?);
    /// // The man moves once, then only kings move: five moves (10 plies) in all.
    /// for text in ["41-36", "3-9", "6-1", "9-14", "1-45", "14-20", "45-50", "20-25", "50-6", "25-20"] {
    ///     game.play_text(text)?;
    /// }
    /// // Held for 5 moves since the material arose: a draw by the federation's rule...
    /// assert_eq!(game.result().map(|result| result.reason), Some(Reason::LoneKing));
    /// // ...but only 9 plies without a man move: pydraughts does not see a draw yet.
    /// assert_eq!(game.claimable_result(), None);
    /// game.play_text("6-1")?;
    /// assert_eq!(game.claimable_result().map(|result| result.outcome), Some(Outcome::Draw));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn claimable_result(&self) -> Option<GameResult> {
        let result = self.result()?;
        let confirmed = match result.reason {
            Reason::NoMoves | Reason::Crowned | Reason::Repetition | Reason::MoveLimit => true,
            Reason::LoneKing => lone_king_rule(self.position())
                .is_some_and(|rule| self.plies_since_man_move_or_capture() >= usize::from(rule.plies)),
            Reason::OnePieceEach => self.plies_since_capture() >= PYDRAUGHTS_ONE_PIECE_EACH_PLIES,
        };
        confirmed.then_some(result)
    }

    /// Half-moves since a piece was last captured (or since the start).
    fn plies_since_capture(&self) -> usize {
        self.moves.iter().rev().take_while(|mv| !mv.is_capture()).count()
    }

    /// Half-moves since a man last moved or a piece was last captured (or since the
    /// start): pydraughts' count of consecutive king moves.
    fn plies_since_man_move_or_capture(&self) -> usize {
        (self.positions.iter().zip(&self.moves).rev())
            .take_while(|(position, mv)| !is_man_move_or_capture(position, mv))
            .count()
    }
}

/// The half-moves without a capture after which pydraughts draws one piece against one
/// (Turkish; its comment says the rule is "officially immediately").
const PYDRAUGHTS_ONE_PIECE_EACH_PLIES: usize = 4;

/// Whether playing `mv` in `position` starts the move-limit counter again: a capture,
/// and a man move or a crowning depending on the rule set.
pub fn resets_move_limit(position: &Position, mv: &Move) -> bool {
    let reset = position.rules().draws.move_limit.map_or(CounterReset::ManMoveOrCapture, |limit| limit.reset);
    match reset {
        CounterReset::ManMoveOrCapture => is_man_move_or_capture(position, mv),
        CounterReset::CaptureOrCrowning => mv.is_capture() || mv.crowns(),
    }
}

/// Whether `mv`, played in `position`, captures or moves a man: what ends a run of
/// king moves. The search asks it at every node (through [`resets_move_limit`]).
#[inline]
fn is_man_move_or_capture(position: &Position, mv: &Move) -> bool {
    mv.is_capture() || position.men(position.side_to_move()).contains(mv.from())
}

/// The lone-king rule that applies to `position`'s material, if any.
fn lone_king_rule(position: &Position) -> Option<&'static LoneKingLimit> {
    let rules = position.rules();
    let lone = Color::ALL
        .into_iter()
        .find(|&color| position.pieces(color).count() == 1 && position.kings(color).count() == 1)?;
    let strong = !lone;
    let pieces = position.pieces(strong).count();
    let kings = position.kings(strong).count();
    rules.draws.lone_king.iter().find(|rule| {
        (u32::from(rule.min_pieces)..=u32::from(rule.max_pieces)).contains(&pieces)
            && kings >= 1
            && (!rule.all_kings || kings == pieces)
    })
}

/// Whether both positions have the same men and kings on each side, by count.
fn same_material(before: &Position, after: &Position) -> bool {
    Color::ALL.into_iter().all(|color| {
        before.men(color).count() == after.men(color).count()
            && before.kings(color).count() == after.kings(color).count()
    })
}
