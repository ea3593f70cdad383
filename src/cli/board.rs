//! `crownhead board` and `crownhead moves`: a position drawn, or its legal moves listed.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use crownhead::tools::commands::board;

use super::args::PositionArgs;

/// `crownhead board`.
#[derive(Args)]
pub struct BoardArgs {
    /// The position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Moves played from the position before drawing it, separated by blanks.
    #[arg(long)]
    pub moves: Option<String>,
    /// Write the picture to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
}

impl BoardArgs {
    /// Draws the position: as SVG into `--svg`, else as text on `out`.
    ///
    /// # Errors
    /// A bad FEN or move, or a file that cannot be written.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        let position = *self.position.game(self.moves.as_deref())?.position();
        board::draw(&position, self.svg.as_deref(), out)
    }
}

/// `crownhead moves`: the legal moves, one per line.
///
/// # Errors
/// A bad FEN, or writing to `out`.
pub fn moves(args: &PositionArgs, out: &mut impl Write) -> anyhow::Result<()> {
    board::write_moves(&args.position()?, out)?;
    Ok(())
}
