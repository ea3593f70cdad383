//! `crownhead egdb`: build, list, probe and verify endgame databases.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};
use crownhead::egdb::slice::Slice;
use crownhead::rules::Position;
use crownhead::tools::commands::egdb;
use crownhead::tools::commands::egdb_next::{self, MAX_PIECES};

use super::args::{ThreadsArgs, VariantArgs};

/// `crownhead egdb`.
#[derive(Args)]
pub struct EgdbArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: EgdbCommand,
}

impl EgdbArgs {
    /// Runs the `egdb` subcommand.
    ///
    /// # Errors
    /// Bad arguments, a database that cannot be built or read, or writing to `out`.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        match &self.command {
            EgdbCommand::Build(args) => match args.pieces {
                Some(pieces) => egdb::build(&args.options(pieces)?, out)?,
                None => egdb_next::write_next_size(args.variant.variant, &args.dir.root()?, out)?,
            },
            EgdbCommand::Slices(args) => {
                egdb::write_slices(args.variant.variant, args.pieces, args.json, out)?
            }
            EgdbCommand::Probe(args) => {
                egdb::probe(&args.position()?, &args.dir.root()?, out, &mut std::io::stderr())?
            }
            EgdbCommand::Verify(args) => {
                egdb::verify(args.variant.variant, &args.dir.root()?, args.threads.threads, out)?
            }
        }
        Ok(())
    }
}

/// The `crownhead egdb` subcommands.
#[derive(Subcommand)]
pub enum EgdbCommand {
    /// Build the database up to a number of pieces (slices already built are kept, so a
    /// stopped build resumes), or one slice; without --pieces, print what the next size
    /// up would take, and build nothing.
    Build(EgdbBuildArgs),
    /// List the slices up to a number of pieces in build order, each with its positions
    /// and the slices it needs.
    Slices(EgdbSlicesArgs),
    /// Print the value of a position for the side to move: win, loss or draw.
    Probe(EgdbProbeArgs),
    /// Check every stored value against the values of the position's successors.
    Verify(EgdbVerifyArgs),
}

/// Where the databases are.
#[derive(Args)]
pub struct EgdbDirArgs {
    /// The directory of the databases; each rule set's files are in a directory of its
    /// own below it (default: the platform's data directory, then crownhead/egdb, as
    /// ~/.local/share/crownhead/egdb).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

impl EgdbDirArgs {
    /// The directory.
    ///
    /// # Errors
    /// No `--dir` and no data directory known for the platform.
    pub fn root(&self) -> anyhow::Result<PathBuf> {
        match &self.dir {
            Some(dir) => Ok(dir.clone()),
            None => crownhead::egdb::default_root().context("no data directory known here: give --dir"),
        }
    }
}

/// The most pieces `crownhead egdb` takes.
const MAX_EGDB_PIECES: i64 = MAX_PIECES as i64;

/// `crownhead egdb build`.
#[derive(Args)]
pub struct EgdbBuildArgs {
    /// The rule set (rule sets that play alike share files).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The most pieces on the board; without it, the next size up from what is on disk
    /// or built in is printed with its estimated time and size, and nothing is built.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=MAX_EGDB_PIECES))]
    pub pieces: Option<u8>,
    /// Where the databases are.
    #[command(flatten)]
    pub dir: EgdbDirArgs,
    /// Threads solving each slice.
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// Build only this slice (as `egdb slices` names it); the slices it needs must be built.
    #[arg(long, value_name = "ID", requires = "pieces")]
    pub slice: Option<Slice>,
}

impl EgdbBuildArgs {
    /// The options of the build up to `pieces`.
    ///
    /// # Errors
    /// No directory.
    fn options(&self, pieces: u8) -> anyhow::Result<egdb::BuildOptions> {
        Ok(egdb::BuildOptions {
            variant: self.variant.variant,
            pieces,
            root: self.dir.root()?,
            threads: self.threads.threads,
            slice: self.slice,
            progress: std::io::stderr().is_terminal(),
        })
    }
}

/// `crownhead egdb slices`.
#[derive(Args)]
pub struct EgdbSlicesArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The most pieces on the board.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=MAX_EGDB_PIECES))]
    pub pieces: u8,
    /// Print a JSON array of {id, pieces, positions, needs, file} instead of text (file:
    /// the slice's file relative to the --dir of `build`).
    #[arg(long)]
    pub json: bool,
}

/// `crownhead egdb probe`.
#[derive(Args)]
pub struct EgdbProbeArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The position as a PDN FEN.
    #[arg(long)]
    pub fen: String,
    /// Where the databases are.
    #[command(flatten)]
    pub dir: EgdbDirArgs,
}

impl EgdbProbeArgs {
    /// The position.
    ///
    /// # Errors
    /// A bad FEN.
    fn position(&self) -> anyhow::Result<Position> {
        Position::from_fen(self.variant.variant, &self.fen).context("bad --fen")
    }
}

/// `crownhead egdb verify`.
#[derive(Args)]
pub struct EgdbVerifyArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Where the databases are.
    #[command(flatten)]
    pub dir: EgdbDirArgs,
    /// Threads checking each slice.
    #[command(flatten)]
    pub threads: ThreadsArgs,
}
