//! The analyse-game command: every position of a game searched, every move given the
//! engine's score and best alternative, mistakes and blunders marked by the score they
//! gave away, an annotated PDN and an SVG chart of the score.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;

use crate::engine::{self, Engine, Limits, Score, SearchResult};
use crate::rules::{Game, Move, Outcome, PdnGame, Position, Variant, read_pdn};
use crate::tools::render::chart_svg::{ChartPly, Judgement, score_chart_svg};

/// A move that gives away this many centi-men (a man is 100) is a mistake.
pub(crate) const MISTAKE: i32 = 40;

/// A move that gives away this many centi-men, about a man, is a blunder.
pub(crate) const BLUNDER: i32 = 90;

/// The most centi-men a single move counts for in the mean loss: a lost win would
/// swamp the rest.
const LOSS_CAP: i32 = 500;

/// What `crownhead analyse-game` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    /// The PDN file.
    pub file: PathBuf,
    /// Which game of the file, from 1.
    pub game: usize,
    /// The rule set of games whose tags do not name one.
    pub variant: Variant,
    /// How long to search each position.
    pub limits: Limits,
    /// The engine's options.
    pub engine: engine::Options,
    /// Where the annotated game goes (standard output when `None`, the summary then
    /// going to standard error).
    pub out: Option<PathBuf>,
    /// Where the SVG score chart goes, if anywhere.
    pub svg: Option<PathBuf>,
    /// Show progress on standard error.
    pub progress: bool,
}

/// Analyses the game `options` name: writes the annotated game and the summary, and
/// the chart if asked.
///
/// # Errors
/// A file that cannot be read or written, a missing or unreadable game.
pub fn run(options: &Options, out: &mut impl Write) -> anyhow::Result<()> {
    let file = &options.file;
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let games = read_pdn(&text, options.variant);
    let count = games.len();
    let pdn = (options.game.checked_sub(1))
        .and_then(|index| games.into_iter().nth(index))
        .with_context(|| format!("{} has {count} games, not {}", file.display(), options.game))??;
    options.engine.check_network(pdn.start.variant()).context("bad --eval-file")?;
    let mut engine = Engine::new(options.engine.clone());
    let analysis = analyse(&mut engine, &pdn, &options.limits, |done, total| {
        if options.progress {
            eprint!("\ranalysed {done}/{total} moves{}", if done == total { "\n" } else { "" });
        }
    });
    let annotator = format!("crownhead {}", env!("CARGO_PKG_VERSION"));
    let annotated = annotate(&pdn, &analysis, &annotator).to_pdn();
    if let Some(path) = &options.svg {
        std::fs::write(path, chart(&pdn, &analysis))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    match &options.out {
        Some(path) => {
            std::fs::write(path, annotated).with_context(|| format!("cannot write {}", path.display()))?;
            write_summary(&pdn, &analysis, out)?;
        }
        None => {
            out.write_all(annotated.as_bytes())?;
            write_summary(&pdn, &analysis, &mut io::stderr())?;
        }
    }
    Ok(())
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
    fn for_first_player(&self, score: Score) -> Score {
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
fn judge(
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

/// Searches every position of the game within `limits`; `progress` hears of each move
/// analysed (how many so far, and of how many).
pub(crate) fn analyse(
    engine: &mut Engine,
    pdn: &PdnGame,
    limits: &Limits,
    progress: impl FnMut(usize, usize),
) -> Vec<PlyAnalysis> {
    engine.new_game();
    analyse_with(pdn, |game| Some(engine.analyse(game, limits, |_| {})), progress)
}

/// `analyse` with each position searched by `search` (the Python module searches on
/// a thread of its own so that Ctrl-C can stop it). The analysis stops, with the moves
/// analysed so far, at the first position `search` gives up on (returns `None`).
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
/// its score when the move was not it, and a mistake or blunder named. Scores are seen
/// by the first player of the rule set.
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
        }
        pdn_move.comment = Some(comment);
    }
    annotated
}

/// The plies of the score chart: the score after each move, seen by the first player.
pub(crate) fn chart_plies(analysis: &[PlyAnalysis]) -> Vec<ChartPly> {
    let mut number = 1;
    analysis
        .iter()
        .map(|ply| {
            let first_moved = ply.from.side_to_move() == ply.from.rules().first_to_move;
            let dots = if first_moved { "." } else { "..." };
            let label = format!("{number}{dots} {}", ply.from.move_to_text(&ply.played));
            if !first_moved {
                number += 1;
            }
            let score = ply.for_first_player(ply.played_score).men();
            ChartPly { score, judgement: ply.judgement(), label }
        })
        .collect()
}

/// Each side's count of moves, mistakes and blunders, and the mean score it gave away.
pub(crate) fn write_summary(pdn: &PdnGame, analysis: &[PlyAnalysis], out: &mut impl Write) -> io::Result<()> {
    let first = pdn.start.rules().first_to_move;
    writeln!(out, "side   moves  mistakes  blunders  mean loss")?;
    for side in [first, !first] {
        let plies: Vec<&PlyAnalysis> =
            analysis.iter().filter(|ply| ply.from.side_to_move() == side).collect();
        let count = |judgement| plies.iter().filter(|ply| ply.judgement() == Some(judgement)).count();
        let mean = plies.iter().map(|ply| f64::from(ply.loss().min(LOSS_CAP))).sum::<f64>()
            / plies.len().max(1) as f64;
        writeln!(
            out,
            "{:<6} {:>5}  {:>8}  {:>8}  {:>9.2}",
            side.to_string(),
            plies.len(),
            count(Judgement::Mistake),
            count(Judgement::Blunder),
            mean / 100.0
        )?;
    }
    Ok(())
}

/// The score chart of the analysed game as an SVG document.
pub(crate) fn chart(pdn: &PdnGame, analysis: &[PlyAnalysis]) -> String {
    let title = match (pdn.tag("White"), pdn.tag("Black")) {
        (Some(white), Some(black)) => format!("{white} - {black}"),
        _ => format!("{} game", pdn.start.variant()),
    };
    score_chart_svg(&chart_plies(analysis), pdn.start.rules().first_to_move, &title)
}
