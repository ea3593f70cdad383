//! The play command: a person plays the engine in a terminal. The board is drawn after
//! every engine move; the person types moves in the rule set's notation, or a command
//! (`help` lists them). The session ends on `quit` or at the end of input.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use crate::engine::{Engine, Go, Limits, MAX_STRENGTH, Options as EngineOptions, Score};
use crate::render::orientation::Orientation;
use crate::render::terminal_board::{self, Styling};
use crate::rules::{Color, Game, GameResult, Move, MoveError, Outcome, PdnGame, Position};

const HELP: &str = "\
Type a move in the rule set's notation: 11-15, 22x15, a full path such as 25x18x9,
or c3-d4 (also c3d4, c3:e5) where squares have names. Commands:
  moves      list the legal moves
  hint       let the engine suggest a move
  undo       take back your last move and the engine's reply
  flip       turn the board round
  save FILE  save the game so far as PDN
  help       this text
  quit       leave (so does the end of input)
Men are w and b, kings W and B. Scores are in men for the side named (a man is 1.00;
a score near 100 is a win, 100 less the plies to it divided by 100; one from 30 to 70
a win the endgame database knows).";

/// How a game against the engine is set up.
#[derive(Clone, Debug)]
pub struct Options {
    /// The position the game starts from.
    pub start: Position,
    /// The side the person plays; the engine plays the other.
    pub human: Color,
    /// How long the engine thinks over each move and each hint.
    pub move_time: Duration,
    /// Whether the board is drawn in colour.
    pub styling: Styling,
    /// The engine's options: its endgame databases, its strength level over its own
    /// moves ([`EngineOptions::strength`]; hints are at full strength) and its opening
    /// book ([`EngineOptions::book`]; hints search).
    pub engine: EngineOptions,
}

/// Plays a game between a person, who types on `input`, and the engine, and shows it
/// on `out`. Returns at `quit` or at the end of input.
///
/// # Errors
/// Only from reading `input` or writing `out`.
pub fn run(options: &Options, input: &mut impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut session = Session {
        game: Game::new(options.start),
        human: options.human,
        engine: Engine::new(options.engine.clone()),
        limits: Limits::move_time(options.move_time),
        orientation: Orientation::with_at_bottom(options.human),
        styling: options.styling,
        announced: false,
    };
    session.greet(out)?;
    loop {
        if let Some(result) = session.game.result() {
            if !session.announced {
                writeln!(out, "{}", describe_end(result, session.human))?;
                session.announced = true;
            }
        } else if session.game.position().side_to_move() != session.human {
            session.engine_move(out)?;
            continue;
        }
        write!(out, "{}", session.prompt())?;
        out.flush()?;
        let Some(line) = read_line(input)? else {
            writeln!(out)?;
            return Ok(());
        };
        if session.obey(line.trim(), out)? == Flow::Quit {
            return Ok(());
        }
    }
}

/// Whether the session goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// A line of input without its line end, read as UTF-8 with bad bytes replaced; `None`
/// at the end of input.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&bytes).trim_end_matches(['\n', '\r']).to_string()))
}

/// The engine's choice in a position: the move, its score for the side to move, and the
/// line it expects.
struct Suggestion {
    mv: Move,
    score: Score,
    line: Vec<Move>,
}

struct Session {
    game: Game,
    human: Color,
    engine: Engine,
    limits: Limits,
    orientation: Orientation,
    styling: Styling,
    /// The end of the game has been announced (and not taken back since).
    announced: bool,
}

impl Session {
    fn greet(&self, out: &mut impl Write) -> io::Result<()> {
        let position = self.game.position();
        let strength = self.engine.options().strength;
        let level = if strength < MAX_STRENGTH { format!(" at strength {strength}") } else { String::new() };
        writeln!(
            out,
            "crownhead {}: you play {}, crownhead plays {}{level}. Type help for the commands.",
            position.variant(),
            self.human,
            !self.human
        )?;
        self.show_board(out)
    }

    fn prompt(&self) -> String {
        if self.game.result().is_some() {
            "game over> ".to_string()
        } else {
            format!("{} (you)> ", self.human)
        }
    }

    fn show_board(&self, out: &mut impl Write) -> io::Result<()> {
        write!(out, "{}", terminal_board::draw(self.game.position(), self.orientation, self.styling))
    }

    /// Carries out one line the person typed.
    fn obey(&mut self, line: &str, out: &mut impl Write) -> io::Result<Flow> {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        if word.eq_ignore_ascii_case("save") {
            self.save(rest.trim(), out)?;
            return Ok(Flow::Continue);
        }
        match line.to_ascii_lowercase().as_str() {
            "" => {}
            "quit" | "exit" => return Ok(Flow::Quit),
            "help" | "?" => writeln!(out, "{HELP}")?,
            "moves" => self.list_moves(out)?,
            "hint" => self.hint(out)?,
            "undo" => self.undo(out)?,
            "flip" => {
                self.orientation = self.orientation.flipped();
                self.show_board(out)?;
            }
            _ => self.human_move(line, out)?,
        }
        Ok(Flow::Continue)
    }

    fn human_move(&mut self, text: &str, out: &mut impl Write) -> io::Result<()> {
        if self.game.result().is_some() {
            return writeln!(
                out,
                "The game is over: undo takes your last move back, save FILE keeps the game, quit leaves."
            );
        }
        match self.game.play_text(text) {
            Ok(_) => {
                if self.game.result().is_some() {
                    self.show_board(out)?;
                }
                Ok(())
            }
            Err(error @ (MoveError::Syntax(_) | MoveError::BadSquare { .. })) => {
                writeln!(out, "{error}. Type help for the commands, moves for the legal moves.")
            }
            Err(error @ MoveError::Illegal(_)) => {
                writeln!(out, "{error}. Legal moves: {}", self.legal_moves_text())
            }
            Err(error @ MoveError::Ambiguous { .. }) => writeln!(out, "{error}: type the full path."),
        }
    }

    fn legal_moves_text(&self) -> String {
        let position = self.game.position();
        let moves: Vec<String> = position.legal_moves().iter().map(|mv| position.move_to_text(mv)).collect();
        moves.join(" ")
    }

    fn list_moves(&self, out: &mut impl Write) -> io::Result<()> {
        if self.game.result().is_some() {
            return writeln!(out, "The game is over.");
        }
        writeln!(out, "Legal moves: {}", self.legal_moves_text())
    }

    fn hint(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.game.result().is_some() {
            return writeln!(out, "The game is over.");
        }
        match self.think(Go::Analyse) {
            Some(suggestion) => writeln!(out, "Hint: {}", self.describe(&suggestion)),
            None => writeln!(out, "No move to suggest."),
        }
    }

    fn engine_move(&mut self, out: &mut impl Write) -> io::Result<()> {
        let Some(suggestion) = self.think(Go::Think) else { return Ok(()) };
        writeln!(out, "crownhead plays {}", self.describe(&suggestion))?;
        self.game.play(suggestion.mv).map_err(io::Error::other)?;
        self.show_board(out)
    }

    /// Searches the current position within the move time: for the engine's move at its
    /// strength level (`Go::Think`), for a hint at full strength (`Go::Analyse`).
    fn think(&mut self, purpose: Go) -> Option<Suggestion> {
        let result = match purpose {
            Go::Analyse => self.engine.analyse(&self.game, &self.limits, |_| {}),
            Go::Think | Go::Ponder => self.engine.think(&self.game, &self.limits),
        };
        let mv = result.best_move?;
        let line = if result.pv.first() == Some(&mv) { result.pv } else { vec![mv] };
        Some(Suggestion { mv, score: result.score, line })
    }

    /// `11-15, score 0.12 for black, line 11-15 23-19 8-11`, in the current position.
    fn describe(&self, suggestion: &Suggestion) -> String {
        let position = self.game.position();
        let line = position.line_to_text(&suggestion.line, Position::move_to_text);
        let mut score = format!("{} for {}", suggestion.score, position.side_to_move());
        if let Some(plies) = suggestion.score.plies_to_end() {
            let verb = if suggestion.score.is_win() { "wins" } else { "loses" };
            score.push_str(&format!(" ({verb} in {plies} plies)"));
        }
        format!("{}, score {score}, line {}", position.move_to_text(&suggestion.mv), line.join(" "))
    }

    /// Writes the game so far to `path` as PDN, the person and the engine named in the
    /// White and Black tags.
    fn save(&self, path: &str, out: &mut impl Write) -> io::Result<()> {
        if path.is_empty() {
            return writeln!(out, "save needs a file name: save FILE");
        }
        let mut pdn = PdnGame::from_game(&self.game);
        pdn.set_tag("Event", "crownhead play");
        for color in Color::ALL {
            let name = if color == self.human { "Human" } else { "crownhead" };
            pdn.set_tag(if color == Color::White { "White" } else { "Black" }, name);
        }
        match std::fs::write(path, pdn.to_pdn()) {
            Ok(()) => writeln!(out, "Saved the game to {path}."),
            Err(error) => writeln!(out, "Cannot write {path}: {error}."),
        }
    }

    /// Takes back moves until the person is to move again, having taken back one of
    /// theirs: their move and the engine's reply, or their last move if it ended the
    /// game.
    fn undo(&mut self, out: &mut impl Write) -> io::Result<()> {
        let plies = if self.game.position().side_to_move() == self.human { 2 } else { 1 };
        let played = self.game.moves().len();
        if played < plies {
            return writeln!(out, "No move of yours to take back.");
        }
        let from = self.game.positions()[played - plies];
        let taken = from.line_to_text(&self.game.moves()[played - plies..], Position::move_to_text);
        for _ in 0..plies {
            self.game.undo();
        }
        self.announced = false;
        writeln!(out, "Took back {}.", taken.join(" "))?;
        self.show_board(out)
    }
}

/// The end of the game in words: who won and why, and what that means for the person.
fn describe_end(result: GameResult, human: Color) -> String {
    let reason = result.reason;
    match result.outcome {
        Outcome::Win(winner) => {
            let verdict = if winner == human { "You win." } else { "crownhead wins." };
            format!("Game over: {winner} wins ({reason} for {}). {verdict}", !winner)
        }
        Outcome::Draw => format!("Game over: draw ({reason})."),
    }
}
