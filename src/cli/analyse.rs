//! `crownhead analyse`: searches a position and prints the engine's progress.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use crownhead::engine::options::{BOOK_FILE, MULTIPV};
use crownhead::engine::{Engine, OptionError, OptionsBuilder};
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
    /// Best moves to report.
    #[arg(long, value_name = MULTIPV.value_name, help = MULTIPV.help, default_value_t = MULTIPV.default,
        value_parser = |text: &str| MULTIPV.parse(text))]
    pub multipv: usize,
    /// Print one JSON object per line instead of text.
    #[arg(long)]
    pub json: bool,
    /// Before searching, list the opening book's moves in the position with their
    /// values (`book MOVE VALUE`); the search itself never plays from the book.
    #[arg(long)]
    pub book: bool,
    /// The book to list.
    #[arg(long, value_name = BOOK_FILE.value_name, help = BOOK_FILE.help, requires = "book")]
    pub book_file: Option<PathBuf>,
}

impl AnalyseArgs {
    /// The engine these arguments ask for.
    ///
    /// # Errors
    /// A bad network or book file.
    pub fn engine(&self) -> Result<Engine, OptionError> {
        let variant = Some(self.position.variant.variant);
        let mut builder = OptionsBuilder::from_options(self.engine.options(variant)?, variant)
            .count(&MULTIPV, self.multipv)?;
        if let Some(path) = &self.book_file {
            builder = builder.book_file(path)?;
        }
        Ok(Engine::new(builder.build()))
    }

    /// Searches and prints each iteration, then the best move.
    ///
    /// # Errors
    /// A bad FEN, move or engine option, or writing to `out`.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        let game = self.position.game(self.moves.as_deref())?;
        let mut engine = self.engine()?;
        if self.book {
            analyse::write_book(&engine, &game, self.output(), out)?;
        }
        analyse::run(&mut engine, &game, &self.limit.limits(), self.output(), out)?;
        Ok(())
    }

    /// How the analysis is printed.
    fn output(&self) -> analyse::Output {
        if self.json { analyse::Output::Json } else { analyse::Output::Text }
    }
}
