//! The analyse-game command: a game read from a PDN file, analysed by the engine
//! ([`crate::engine::analysis`]: every move given the engine's score and best
//! alternative, mistakes and blunders marked), written out as an annotated PDN, each
//! side's summary, and an SVG chart of the score.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;

use crate::engine::analysis::{Judgement, PlyAnalysis, analyse, annotate};
use crate::engine::{self, Engine, Limits};
use crate::regular_file;
use crate::render::chart_svg::analysis_chart_svg;
use crate::rules::{PdnGame, Variant, read_pdn};

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
    let text =
        regular_file::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
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
        std::fs::write(path, analysis_chart_svg(&pdn, &analysis))
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
