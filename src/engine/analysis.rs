//! Game analysis, as `crownhead analyse-game`, the board in the browser and the Python
//! module all give it: every position of a game searched, every move given the engine's
//! score and best alternative, mistakes and blunders marked by the score they gave away,
//! and the game annotated with them. What each front end does with the analysis (the
//! command's files, summary and score chart, the page's events, the Python objects) is
//! its own.

use crate::rules::{Game, Move, Outcome, PdnGame, PdnGlyph, Position};

use super::{Engine, Limits, Score, SearchResult};

/// A move that gives away this many centi-men (a man is 100) is a mistake.
pub const MISTAKE: i32 = 40;

/// A move that gives away this many centi-men, about a man, is a blunder.
pub const BLUNDER: i32 = 90;

/// How a move is judged by the score it gave away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// A clear loss of score: [`MISTAKE`] centi-men or more.
    Mistake,
    /// A loss of score that changes the game: [`BLUNDER`] centi-men or more.
    Blunder,
}

impl Judgement {
    /// The word for the judgement, as annotations write it.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// The PDN glyph that marks such a move: `?` for a mistake, `??` for a blunder.
    pub fn glyph(self) -> PdnGlyph {
        match self {
            Judgement::Mistake => PdnGlyph::Mistake,
            Judgement::Blunder => PdnGlyph::Blunder,
        }
    }
}

/// The engine's view of one position of the game and of the move played from it.
#[derive(Clone, Debug)]
pub struct PlyAnalysis {
    /// The position the move was played in.
    pub from: Position,
    /// The move played.
    pub played: Move,
    /// The engine's choice in the position, if it had one.
    pub best: Option<Move>,
    /// The score of the position for the side to move, with the engine's choice.
    pub best_score: Score,
    /// The score after the move played, for the side that played it.
    pub played_score: Score,
}

impl PlyAnalysis {
    /// The centi-men the move played gave away, compared with the engine's choice.
    pub fn loss(&self) -> i32 {
        if self.best == Some(self.played) {
            0
        } else {
            (self.best_score.centi_men() - self.played_score.centi_men()).max(0)
        }
    }

    /// `score`, a score for the side that played the move, seen by the first player of
    /// the rule set.
    pub fn for_first_player(&self, score: Score) -> Score {
        if self.from.side_to_move() == self.from.rules().first_to_move { score } else { -score }
    }

    /// Whether the move is a mistake or a blunder.
    pub fn judgement(&self) -> Option<Judgement> {
        match self.loss() {
            loss if loss >= BLUNDER => Some(Judgement::Blunder),
            loss if loss >= MISTAKE => Some(Judgement::Mistake),
            _ => None,
        }
    }
}

/// The score of the position `game` has reached, for the side to move: the result when
/// the game is over, else `search`'s, with its choice of move; `None` when `search`
/// gives up.
pub fn judge(
    game: &Game,
    search: &mut impl FnMut(&Game) -> Option<SearchResult>,
) -> Option<(Option<Move>, Score)> {
    if let Some(result) = game.result() {
        let score = match result.outcome {
            Outcome::Draw => Score::DRAW,
            Outcome::Win(color) if color == game.position().side_to_move() => Score::win_in(0),
            Outcome::Win(_) => Score::loss_in(0),
        };
        return Some((None, score));
    }
    let result = search(game)?;
    Some((result.best_move, result.score))
}

/// Searches every position of the game with `engine` within `limits` (its table cleared
/// first); `progress` hears of each move analysed (how many so far, and of how many).
pub fn analyse(
    engine: &mut Engine,
    pdn: &PdnGame,
    limits: &Limits,
    progress: impl FnMut(usize, usize),
) -> Vec<PlyAnalysis> {
    engine.new_game();
    analyse_with(pdn, |game| Some(engine.analyse(game, limits, |_| {})), progress)
}

/// [`analyse`] with each position searched by `search` (the Python module searches on a
/// thread of its own so that Ctrl-C can stop it, the page stops when it is cancelled).
/// The analysis stops, with the moves analysed so far, at the first position `search`
/// gives up on (returns `None`).
pub fn analyse_with(
    pdn: &PdnGame,
    mut search: impl FnMut(&Game) -> Option<SearchResult>,
    mut progress: impl FnMut(usize, usize),
) -> Vec<PlyAnalysis> {
    let mut game = Game::new(pdn.start);
    let Some(mut judged) = judge(&game, &mut search) else { return Vec::new() };
    let mut analysis = Vec::with_capacity(pdn.moves.len());
    for pdn_move in &pdn.moves {
        if game.play(pdn_move.mv).is_err() {
            break;
        }
        let Some(next) = judge(&game, &mut search) else { break };
        analysis.push(PlyAnalysis {
            from: game.positions()[game.positions().len() - 2],
            played: pdn_move.mv,
            best: judged.0,
            best_score: judged.1,
            played_score: -next.1,
        });
        judged = next;
        progress(analysis.len(), pdn.moves.len());
    }
    analysis
}

/// A score for a reader: men with two decimals and a sign, from the first player's
/// point of view.
fn signed(score: Score) -> String {
    if score > Score::DRAW { format!("+{score}") } else { score.to_string() }
}

/// The game with a comment after every move: its score, and the engine's choice with
/// its score when the move was not it, and a mistake or blunder named, and marked with
/// its glyph (`?`, `??`). Scores are seen by the first player of the rule set.
pub fn annotate(pdn: &PdnGame, analysis: &[PlyAnalysis], annotator: &str) -> PdnGame {
    let mut annotated = pdn.clone();
    annotated.set_tag("Annotator", annotator);
    for (pdn_move, ply) in annotated.moves.iter_mut().zip(analysis) {
        let mut comment = signed(ply.for_first_player(ply.played_score));
        if let Some(best) = ply.best.filter(|best| *best != ply.played) {
            let best_score = signed(ply.for_first_player(ply.best_score));
            comment += &format!(", best {} {best_score}", ply.from.move_to_text(&best));
        }
        if let Some(judgement) = ply.judgement() {
            comment += &format!(", {}", judgement.name());
            pdn_move.glyph = Some(judgement.glyph());
        }
        pdn_move.comment = Some(comment);
    }
    annotated
}
