//! `crownhead selfplay`: the engine plays itself and writes training data.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use crownhead::engine::{Limits, MAX_DEPTH};
use crownhead::tools::learning::selfplay::{self, Shard};
use crownhead::tools::matches::openings;

use super::args::{EvalFileArgs, ThreadsArgs, VariantArgs};

/// `crownhead selfplay`.
#[derive(Args)]
pub struct SelfplayArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Games in the whole run (all shards together).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=u64::from(u32::MAX)))]
    pub games: u64,
    /// How long each move is searched.
    #[command(flatten)]
    pub limit: SelfplayLimitArgs,
    /// Games played at once, one search thread each.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// `builtin` (the match openings) or a file with one FEN or move list per line.
    #[arg(long, value_name = "FILE|builtin", default_value = "builtin")]
    pub openings: String,
    /// Random legal plies played after each opening, so that games differ.
    #[arg(long, default_value_t = selfplay::DEFAULT_RANDOM_PLIES, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub random_plies: u32,
    /// Each move's node count drawn anew within this many per cent either way of
    /// `--nodes` (from the game's seed), so that games from a start played before part
    /// ways instead of replaying it.
    #[arg(long, value_name = "PERCENT", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=50))]
    pub vary_nodes: u32,
    /// The run's seed: with the shard and budget, it fixes the games and the file.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play the K-th of S disjoint shares of the games (K from 1 to S).
    #[arg(long, value_name = "K/S", default_value = "1/1")]
    pub shard: Shard,
    /// The data file to write (made afresh), for example data/english-gen0.bin.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The evaluation.
    #[command(flatten)]
    pub eval: EvalFileArgs,
}

/// How long self-play searches each move: exactly one of these, so that games are
/// reproducible.
#[derive(Args)]
#[group(required = true, multiple = false)]
pub struct SelfplayLimitArgs {
    /// Search about this many nodes a move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Search to this depth a move.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    pub depth: Option<u32>,
}

impl SelfplayArgs {
    /// Plays the games and writes the data file, until done or Ctrl-C.
    ///
    /// # Errors
    /// Bad options or openings, or a file that cannot be written.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        selfplay::run(&self.options()?, selfplay::ctrl_c_flag()?, out)
    }

    /// The options of the run.
    ///
    /// # Errors
    /// Bad openings, or `--vary-nodes` without `--nodes`.
    fn options(&self) -> anyhow::Result<selfplay::Options> {
        let variant = self.variant.variant;
        let network = self.eval.network(Some(variant))?;
        anyhow::ensure!(self.vary_nodes == 0 || self.limit.nodes.is_some(), "--vary-nodes needs --nodes");
        let limits = Limits { depth: self.limit.depth, nodes: self.limit.nodes, ..Limits::default() };
        Ok(selfplay::Options {
            variant,
            games: self.games,
            limits,
            threads: self.threads.threads,
            openings: openings::named(&self.openings, variant)
                .with_context(|| format!("bad --openings {}", self.openings))?,
            random_plies: self.random_plies,
            vary_nodes: self.vary_nodes,
            seed: self.seed,
            shard: self.shard,
            network,
            out: self.out.clone(),
            progress: std::io::stderr().is_terminal(),
        })
    }
}
