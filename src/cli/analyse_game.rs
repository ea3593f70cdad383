//! `crownhead analyse-game`: annotates a game of a PDN file.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;
use crownhead::tools::commands::analyse_game;

use super::args::{EngineArgs, LimitArgs, VariantArgs};

/// `crownhead analyse-game`.
#[derive(Args)]
pub struct AnalyseGameArgs {
    /// The PDN file.
    #[arg(value_name = "GAME.pdn")]
    pub file: PathBuf,
    /// Which game of the file, from 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub game: u32,
    /// The rule set of games whose tags do not name one.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// How long to search each position.
    #[command(flatten)]
    pub limit: LimitArgs,
    /// The engine.
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Write the annotated game here (default: standard output, the summary going to
    /// standard error).
    #[arg(long, value_name = "OUT.pdn")]
    pub out: Option<PathBuf>,
    /// Draw the score across the game as an SVG chart here.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
}

impl AnalyseGameArgs {
    /// The options of the analysis.
    ///
    /// # Errors
    /// A bad network file.
    fn options(&self) -> anyhow::Result<analyse_game::Options> {
        Ok(analyse_game::Options {
            file: self.file.clone(),
            game: self.game as usize,
            variant: self.variant.variant,
            limits: self.limit.limits(),
            engine: self.engine.options(None)?,
            out: self.out.clone(),
            svg: self.svg.clone(),
            progress: std::io::stderr().is_terminal(),
        })
    }

    /// Analyses the game and writes the annotated game and its summary.
    ///
    /// # Errors
    /// A file that cannot be read or written, a bad game or engine option.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        analyse_game::run(&self.options()?, out)
    }
}
