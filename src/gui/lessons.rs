//! Lessons from the person's own games: after a whole-game analysis, each position where
//! the person's side played a move the analysis judged a mistake or a blunder, to find a
//! better move in. A move tried there is judged as the analysis judged the game's moves
//! ([`PlyAnalysis::judgement`], the same thresholds), against the analysis's best score,
//! by a search as long as the analysis gave each position, on the analysis's own engine.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use serde::{Deserialize, Serialize};

use super::api::{ApiError, GameRequest, line_texts};
use crate::engine::analysis::{PlyAnalysis, analyse_with, judge};
use crate::engine::{Engine, Limits};
use crate::rules::{Color, Game, Move, PdnGame};

/// A game's whole-game analysis, kept for its lessons with the engine that made it.
pub struct Analysed {
    game: Game,
    plies: Vec<PlyAnalysis>,
    /// The engine's line from each position searched, by ply (the position before the
    /// move of that number; empty where the game was over).
    lines: Vec<Vec<Move>>,
    engine: Engine,
    limits: Limits,
}

/// Where a session keeps its latest whole-game analysis (none before the first ends); a
/// new analysis or engine game gets a new slot, and the old one, with its engine, goes.
pub type LessonSlot = Arc<Mutex<Option<Analysed>>>;

/// A side, as the page names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// The lessons of a game analysed: the game, and whose mistakes to learn from.
#[derive(Clone, Debug, Deserialize)]
pub struct LessonsRequest {
    /// The game, as it was sent to be analysed.
    #[serde(flatten)]
    pub game: GameRequest,
    /// The person's side.
    pub side: Side,
}

/// A position to find a better move in.
#[derive(Clone, Debug, Serialize)]
pub struct Lesson {
    /// The number of the move played there, from 0 at the game's start: the position is
    /// the one after the game's first `ply` moves.
    pub ply: usize,
    /// The position's FEN.
    pub fen: String,
    /// The move played.
    pub played: String,
    /// `mistake` or `blunder`.
    pub judgement: &'static str,
    /// The men the move played gave away.
    pub loss: f64,
    /// The engine's choice.
    pub best: String,
    /// The engine's line from the position, its choice first.
    pub best_line: Vec<String>,
    /// The move played, then the engine's line after it: why it was a mistake.
    pub refutation: Vec<String>,
}

/// The lessons of one side, in the game's order.
#[derive(Clone, Debug, Serialize)]
pub struct LessonsReply {
    /// The moves of that side analysed.
    pub moves: usize,
    /// Its mistakes and blunders.
    pub lessons: Vec<Lesson>,
}

/// A move tried in a lesson's position.
#[derive(Clone, Debug, Deserialize)]
pub struct TryRequest {
    /// The game, as it was sent to be analysed.
    #[serde(flatten)]
    pub game: GameRequest,
    /// The lesson's ply.
    pub ply: usize,
    /// The move tried, in any notation the rules read.
    #[serde(rename = "move")]
    pub tried: String,
}

/// How a move tried was judged.
#[derive(Clone, Debug, Serialize)]
pub struct TryReply {
    /// Whether it is good: the engine's choice, or a move no mistake by the analysis's
    /// measure.
    pub correct: bool,
    /// The move, as the move list writes it.
    #[serde(rename = "move")]
    pub tried: String,
    /// `mistake`, `blunder`, or null for a good move.
    pub judgement: Option<&'static str>,
    /// The men it gives away against the engine's choice.
    pub loss: f64,
    /// The move, then the engine's line after it.
    pub line: Vec<String>,
}

impl Analysed {
    /// Analyses every move of `game` as [`analyse_with`] does, searching each position
    /// with `engine` within `limits` and keeping the engine's lines; `progress` hears of
    /// each move analysed. `None` when `cancelled` says to stop, checked before each
    /// search.
    pub fn analyse(
        game: Game,
        mut engine: Engine,
        limits: Limits,
        cancelled: impl Fn() -> bool,
        progress: impl FnMut(usize, usize),
    ) -> Option<Analysed> {
        let mut lines = Vec::new();
        let pdn = PdnGame::from_game(&game);
        let plies = analyse_with(
            &pdn,
            |game| {
                if cancelled() {
                    return None;
                }
                let result = engine.analyse(game, &limits, |_| {});
                lines.resize(game.moves().len(), Vec::new());
                lines.push(result.pv.clone());
                Some(result)
            },
            progress,
        );
        (!cancelled()).then_some(Analysed { game, plies, lines, engine, limits })
    }

    /// The game analysed.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The analysis of each move.
    pub fn plies(&self) -> &[PlyAnalysis] {
        &self.plies
    }

    /// The lessons of `side`: its moves judged a mistake or a blunder, in the game's
    /// order.
    pub fn lessons(&self, side: Color) -> LessonsReply {
        let of_side =
            || self.plies.iter().enumerate().filter(move |(_, ply)| ply.from.side_to_move() == side);
        LessonsReply {
            moves: of_side().count(),
            lessons: of_side().filter_map(|(index, ply)| self.lesson(index, ply)).collect(),
        }
    }

    fn lesson(&self, index: usize, ply: &PlyAnalysis) -> Option<Lesson> {
        let judgement = ply.judgement()?;
        let best = ply.best?;
        Some(Lesson {
            ply: index,
            fen: ply.from.to_fen(),
            played: ply.from.move_to_text(&ply.played),
            judgement: judgement.name(),
            loss: men(ply.loss()),
            best: ply.from.move_to_text(&best),
            best_line: self.line_from(index, best),
            refutation: self.line_from(index, ply.played),
        })
    }

    /// `mv` from the position before move `index`, then the engine's line after it, as
    /// the analysis found them: its line from that position when `mv` is its choice,
    /// its line from the next when `mv` is the move played.
    fn line_from(&self, index: usize, mv: Move) -> Vec<String> {
        let ply = &self.plies[index];
        let line = if ply.best == Some(mv) {
            self.lines.get(index).filter(|line| line.first() == Some(&mv)).cloned()
        } else {
            self.lines.get(index + 1).map(|after| std::iter::once(mv).chain(after.iter().copied()).collect())
        };
        line_texts(&ply.from, &line.unwrap_or_else(|| vec![mv]))
    }

    /// Judges the move `text` tried in the position of lesson `ply`: the engine's choice
    /// and the move played are judged as the analysis judged them; another move by a
    /// search of the position after it.
    ///
    /// # Errors
    /// No lesson at `ply`; a move that cannot be read or is not legal there.
    pub fn try_move(&mut self, ply: usize, text: &str) -> Result<TryReply, ApiError> {
        let analysed = self
            .plies
            .get(ply)
            .filter(|analysed| analysed.judgement().is_some())
            .ok_or_else(|| ApiError::new(format!("move {} is no mistake of the analysis", ply + 1)))?;
        let from = analysed.from;
        let tried = from
            .parse_move(text)
            .map_err(|error| ApiError::new(format!("{text} cannot be played here: {error}")))?;
        let (judged, line) = if analysed.best == Some(tried) || analysed.played == tried {
            (PlyAnalysis { played: tried, ..analysed.clone() }, self.line_from(ply, tried))
        } else {
            self.search_after(ply, tried)?
        };
        let judgement = judged.judgement();
        Ok(TryReply {
            correct: judgement.is_none(),
            tried: from.move_to_text(&tried),
            judgement: judgement.map(|judgement| judgement.name()),
            loss: men(judged.loss()),
            line,
        })
    }

    /// The move `tried` before move `ply` judged by a search of the position after it,
    /// with the engine's line.
    fn search_after(&mut self, ply: usize, tried: Move) -> Result<(PlyAnalysis, Vec<String>), ApiError> {
        let mut game = Game::new(*self.game.start());
        for &mv in &self.game.moves()[..ply] {
            game.play(mv).map_err(|error| ApiError::new(error.to_string()))?;
        }
        game.play(tried).map_err(|error| ApiError::new(error.to_string()))?;
        let mut reply = Vec::new();
        let (engine, limits) = (&mut self.engine, &self.limits);
        let after = judge(&game, &mut |game: &Game| {
            let result = engine.analyse(game, limits, |_| {});
            reply.clone_from(&result.pv);
            Some(result)
        });
        let (_, score) = after.ok_or_else(|| ApiError::new("the search gave no score"))?;
        let analysed = &self.plies[ply];
        let judged = PlyAnalysis { played: tried, played_score: -score, ..analysed.clone() };
        let line = std::iter::once(tried).chain(reply).collect::<Vec<_>>();
        Ok((judged, line_texts(&analysed.from, &line)))
    }
}

/// Centi-men as men.
fn men(centi_men: i32) -> f64 {
    f64::from(centi_men) / 100.0
}

/// The analysis in `slot`, if it is of the game `request` names.
///
/// # Errors
/// No analysis, one of another game, or a bad game.
pub fn analysed_game<'a>(
    slot: &'a mut MutexGuard<'_, Option<Analysed>>,
    request: &GameRequest,
) -> Result<&'a mut Analysed, ApiError> {
    let game = request.game()?;
    let analysed = slot
        .as_mut()
        .ok_or_else(|| ApiError::new("no whole-game analysis to learn from: analyse the game first"))?;
    if analysed.game.start() != game.start() || analysed.game.moves() != game.moves() {
        return Err(ApiError::new("this game is not the one analysed: analyse it first"));
    }
    Ok(analysed)
}

/// The lessons `request` asks for, from the analysis in `slot`.
///
/// # Errors
/// As [`analysed_game`].
pub fn lessons(slot: &Mutex<Option<Analysed>>, request: &LessonsRequest) -> Result<LessonsReply, ApiError> {
    let mut held = lock(slot);
    Ok(analysed_game(&mut held, &request.game)?.lessons(request.side.into()))
}

/// The move `request` tries, judged with the analysis in `slot`.
///
/// # Errors
/// As [`analysed_game`] and [`Analysed::try_move`].
pub fn try_move(slot: &Mutex<Option<Analysed>>, request: &TryRequest) -> Result<TryReply, ApiError> {
    let mut held = lock(slot);
    analysed_game(&mut held, &request.game)?.try_move(request.ply, &request.tried)
}

/// The slot's analysis, locked (a search that panicked leaves it as it was).
pub fn lock(slot: &Mutex<Option<Analysed>>) -> MutexGuard<'_, Option<Analysed>> {
    slot.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Options;

    fn request(fen: Option<&str>, moves: &[&str]) -> GameRequest {
        GameRequest {
            variant: "english".into(),
            fen: fen.map(Into::into),
            moves: moves.iter().map(|&text| text.into()).collect(),
        }
    }

    /// The game `request` names, analysed to depth 8 on one thread.
    fn analysed(request: &GameRequest) -> Analysed {
        let engine = Engine::new(Options { table_mib: 1, ..Options::default() });
        Analysed::analyse(request.game().unwrap(), engine, Limits::depth(8), || false, |_, _| {}).unwrap()
    }

    fn texts(moves: &[String], count: usize) -> Vec<&str> {
        moves.iter().take(count).map(String::as_str).collect()
    }

    /// README's analyse-game example (tests/data/analyse/shot.pdn): Black's 5-9 walks
    /// into White's 2-for-1 shot 18-15 11x18 23x5, a blunder; nothing else is a mistake.
    const SHOT: [&str; 6] = ["9-13", "22-18", "5-9", "18-15", "11x18", "23x5"];

    #[test]
    fn the_lessons_are_the_sides_mistakes_with_their_refutation() {
        let analysed = analysed(&request(None, &SHOT));
        let black = analysed.lessons(Color::Black);
        assert_eq!(black.moves, 3);
        assert_eq!(black.lessons.len(), 1);
        let lesson = &black.lessons[0];
        assert_eq!((lesson.ply, lesson.played.as_str(), lesson.judgement), (2, "5-9", "blunder"));
        assert!(lesson.loss >= 0.9, "{}", lesson.loss);
        assert_eq!(lesson.fen, request(None, &SHOT[..2]).game().unwrap().position().to_fen());
        assert_eq!(texts(&lesson.refutation, 4), ["5-9", "18-15", "11x18", "23x5"]);
        assert_eq!(lesson.best_line.first(), Some(&lesson.best));
        assert_ne!(lesson.best, "5-9");
        let white = analysed.lessons(Color::White);
        assert_eq!((white.moves, white.lessons.len()), (3, 0));
    }

    /// Black to move, four men against three: 7-10, 26-30 and 26-31 keep the extra man;
    /// 7-11 loses it to 19-16 and 16x7, and 5-9 to 13x6.
    const SPARE_MAN: &str = "B:W13,18,19:B5,7,20,26";

    #[test]
    fn a_move_tried_is_judged_by_the_analysis_thresholds() {
        let game = request(Some(SPARE_MAN), &["7-11"]);
        let mut analysed = analysed(&game);
        let lesson = analysed.lessons(Color::Black).lessons.remove(0);
        assert_eq!((lesson.ply, lesson.played.as_str()), (0, "7-11"));
        assert_eq!(texts(&lesson.refutation, 3), ["7-11", "19-16", "26-30"]);

        let best = analysed.try_move(0, &lesson.best).unwrap();
        assert!(best.correct && best.judgement.is_none());
        assert_eq!(best.line, lesson.best_line);
        let played = analysed.try_move(0, "7-11").unwrap();
        assert!(!played.correct);
        assert_eq!(played.judgement, Some("blunder"));
        // Moves neither the engine's choice nor the one played are searched.
        let other = ["7-10", "26-30", "26-31"].into_iter().find(|&text| text != lesson.best).unwrap();
        let good = analysed.try_move(0, other).unwrap();
        assert!(good.correct, "{other}: {good:?}");
        assert_eq!(good.line.first().map(String::as_str), Some(other));
        let bad = analysed.try_move(0, "5-9").unwrap();
        assert!(!bad.correct && bad.loss >= 0.9, "{bad:?}");
        assert_eq!(texts(&bad.line, 2), ["5-9", "13x6"]);
    }

    #[test]
    fn bad_lesson_requests_are_errors_naming_the_fault() {
        let game = request(Some(SPARE_MAN), &["7-11"]);
        let slot = Mutex::new(None);
        let tried = |ply, text: &str| TryRequest { game: game.clone(), ply, tried: text.into() };
        let error = try_move(&slot, &tried(0, "7-10")).unwrap_err().error;
        assert!(error.contains("analyse the game first"), "{error}");
        *lock(&slot) = Some(analysed(&game));
        let other = LessonsRequest { game: request(Some(SPARE_MAN), &["7-10"]), side: Side::Black };
        assert!(lessons(&slot, &other).unwrap_err().error.contains("not the one analysed"));
        let error = try_move(&slot, &tried(0, "7-12")).unwrap_err().error;
        assert!(error.starts_with("7-12 cannot be played here"), "{error}");
        let error = try_move(&slot, &tried(1, "7-10")).unwrap_err().error;
        assert!(error.contains("no mistake"), "{error}");
        let mine = LessonsRequest { game, side: Side::Black };
        assert_eq!(lessons(&slot, &mine).unwrap().lessons.len(), 1);
    }
}
