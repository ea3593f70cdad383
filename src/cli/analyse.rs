//! `crownhead analyse`: searches a position and prints the engine's progress.

use std::io::Write;

use clap::Args;
use crownhead::engine::{Engine, OptionError, Options, parse_multipv};
use crownhead::tools::commands::analyse;

use super::args::{EngineArgs, LimitArgs, PositionArgs};

/// `crownhead analyse`.
#[derive(Args)]
pub struct AnalyseArgs {
    /// The position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Moves played from the position before searching, separated by blanks.
    #[arg(long)]
    pub moves: Option<String>,
    /// How long to search.
    #[command(flatten)]
    pub limit: LimitArgs,
    /// The engine.
    #[command(flatten)]
    pub engine: EngineArgs,
    /// How many best moves to report each iteration.
    #[arg(long, default_value_t = 1, value_parser = parse_multipv)]
    pub multipv: usize,
    /// Print one JSON object per line instead of text.
    #[arg(long)]
    pub json: bool,
}

impl AnalyseArgs {
    /// The engine these arguments ask for.
    ///
    /// # Errors
    /// A bad network file.
    pub fn engine(&self) -> Result<Engine, OptionError> {
        let options = self.engine.options(Some(self.position.variant.variant))?;
        Ok(Engine::new(Options { multipv: self.multipv, ..options }))
    }

    /// Searches and prints each iteration, then the best move.
    ///
    /// # Errors
    /// A bad FEN, move or engine option, or writing to `out`.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        let game = self.position.game(self.moves.as_deref())?;
        analyse::run(&mut self.engine()?, &game, &self.limit.limits(), self.output(), out)?;
        Ok(())
    }

    /// How the analysis is printed.
    fn output(&self) -> analyse::Output {
        if self.json { analyse::Output::Json } else { analyse::Output::Text }
    }
}
