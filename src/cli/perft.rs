//! `crownhead perft`: counts the leaves of the legal move tree.

use std::io::Write;

use clap::Args;
use crownhead::tools::commands::perft;

use super::args::{PositionArgs, ThreadsArgs};

/// `crownhead perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// The position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Plies to count to; one line is printed per depth from 1.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=40))]
    pub depth: u32,
    /// Print the count of each root move first.
    #[arg(long)]
    pub divide: bool,
    /// Threads to count with.
    #[command(flatten)]
    pub threads: ThreadsArgs,
}

impl PerftArgs {
    /// Counts and prints one line per depth.
    ///
    /// # Errors
    /// A bad FEN, or writing to `out`.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        perft::run(&self.position.position()?, self.depth, self.divide, self.threads.threads, out)?;
        Ok(())
    }
}
