//! `crownhead puzzles`: build puzzle sets from games, check them again deeper, and print
//! the built-in ones.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use crownhead::puzzles::{builtin, read_file};
use crownhead::tools::learning::selfplay;
use crownhead::tools::puzzles::judge::Judge;
use crownhead::tools::puzzles::{build, verify};

use super::args::{EngineArgs, VariantArgs};

/// The deep search's nodes when `--nodes` is not given.
const DEFAULT_NODES: u64 = 100_000;

/// `crownhead puzzles`.
#[derive(Args)]
pub struct PuzzlesArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: PuzzlesCommand,
}

/// The `crownhead puzzles` subcommands.
#[derive(Subcommand)]
pub enum PuzzlesCommand {
    /// Find puzzles in games (a PDN file's, or the engine's own) and append them to a
    /// puzzle file: positions where one move wins and every other does not, confirmed
    /// by a search of twice the nodes.
    Build(BuildArgs),
    /// Print a rule set's built-in puzzles, one a line: FEN, solution, theme,
    /// difficulty and starting rating, separated by tabs.
    Export(VariantArgs),
    /// Search every puzzle of a set again, deeper, and list those whose key move is not
    /// the only win (exit status 1 if any).
    Verify(VerifyArgs),
}

/// `crownhead puzzles build`.
#[derive(Args)]
pub struct BuildArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The puzzle file to append to (positions already in it are not written again).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Judge the positions of the games of this PDN file.
    #[arg(long, value_name = "GAMES.pdn", conflicts_with = "selfplay", required_unless_present = "selfplay")]
    pub from: Option<PathBuf>,
    /// Judge the positions of this many games the engine plays itself, each side at a
    /// strength level from 2 to 8.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub selfplay: Option<u64>,
    /// The seed of the self-play games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The deep search's nodes: a puzzle's key move must win by this search, and the
    /// self-play games' moves are searched with at most as many.
    #[arg(long, default_value_t = DEFAULT_NODES, value_parser = clap::value_parser!(u64).range(1_000..))]
    pub nodes: u64,
    /// Stop once the file holds this many puzzles.
    #[arg(long, value_name = "N")]
    pub until: Option<usize>,
    /// The engine (`--threads`: games judged at once, one search thread each).
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// `crownhead puzzles verify`.
#[derive(Args)]
pub struct VerifyArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The puzzle file (default: the rule set's built-in set).
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// The search's nodes: twice the build's by default.
    #[arg(long, default_value_t = 2 * DEFAULT_NODES, value_parser = clap::value_parser!(u64).range(1_000..))]
    pub nodes: u64,
    /// The engine.
    #[command(flatten)]
    pub engine: EngineArgs,
}

impl PuzzlesArgs {
    /// Runs the `puzzles` subcommand.
    ///
    /// # Errors
    /// Bad arguments, a file that cannot be read or written, a puzzle refuted, or
    /// writing to `out`.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        match &self.command {
            PuzzlesCommand::Build(args) => build::run(&args.options()?, selfplay::ctrl_c_flag()?, out),
            PuzzlesCommand::Export(args) => {
                for puzzle in builtin(args.variant) {
                    writeln!(out, "{puzzle}")?;
                }
                Ok(())
            }
            PuzzlesCommand::Verify(args) => {
                let variant = args.variant.variant;
                let puzzles = match &args.file {
                    Some(path) => read_file(path, variant)?,
                    None => builtin(variant).to_vec(),
                };
                let mut judge = Judge::new(args.engine.options(Some(variant))?, args.nodes);
                let refuted = verify::run(&mut judge, &puzzles, out)?;
                anyhow::ensure!(refuted == 0, "{refuted} of {} puzzles refuted", puzzles.len());
                Ok(())
            }
        }
    }
}

impl BuildArgs {
    /// The build's options.
    ///
    /// # Errors
    /// A bad engine option.
    fn options(&self) -> anyhow::Result<build::Options> {
        let variant = self.variant.variant;
        let source = match &self.from {
            Some(path) => build::Source::Pdn(path.clone()),
            None => build::Source::Selfplay { games: self.selfplay.unwrap_or(1), seed: self.seed },
        };
        let engine = self.engine.options(Some(variant))?;
        Ok(build::Options {
            variant,
            source,
            nodes: self.nodes,
            threads: engine.threads,
            engine,
            out: self.out.clone(),
            until: self.until,
        })
    }
}
