//! `crownhead bench`: the fixed positions searched to a fixed depth.

use std::io::Write;
use std::time::Duration;

use clap::Args;
use crownhead::engine::Limits;
use crownhead::tools::commands::bench;

use super::args::{EvalFileArgs, ThreadsArgs, positive_seconds};

/// `crownhead bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Search depth.
    #[arg(long, default_value_t = bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Search each position this many seconds instead, to see the depth it reaches (the
    /// node total is then no signature).
    #[arg(long, value_parser = positive_seconds)]
    pub movetime: Option<f64>,
    /// Search threads.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// The evaluation (a network file serves only its own rule sets' positions).
    #[command(flatten)]
    pub eval: EvalFileArgs,
}

impl BenchArgs {
    /// Searches the bench positions and prints the node count, time and speed.
    ///
    /// # Errors
    /// A bad network file, or writing to `out`.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        bench::run(&self.limits(), self.threads.threads, self.eval.network(None)?, out)?;
        Ok(())
    }

    /// The limit of each position's search: the move time if given, else the depth.
    fn limits(&self) -> Limits {
        match self.movetime {
            Some(seconds) => Limits::move_time(Duration::from_secs_f64(seconds)),
            None => Limits::depth(self.depth),
        }
    }
}
