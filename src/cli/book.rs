//! `crownhead book`: grow, merge, describe and probe opening books.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use clap::{Args, Subcommand};
use crownhead::book::{Book, builtin};
use crownhead::engine::OptionsBuilder;
use crownhead::rules::Variant;
use crownhead::tools::book::Growth;
use crownhead::tools::commands::book;
use crownhead::tools::matches::openings;

use super::args::{EngineArgs, PositionArgs, VariantArgs};

/// `crownhead book`.
#[derive(Args)]
pub struct BookArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: BookCommand,
}

impl BookArgs {
    /// Runs the `book` subcommand.
    ///
    /// # Errors
    /// Bad arguments, a book that cannot be read or written, or writing to `out`.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        match &self.command {
            BookCommand::Build(args) => book::build(&args.options()?, out),
            BookCommand::Merge(args) => book::merge(&args.books, &args.out, out),
            BookCommand::Stats(args) => book::stats(&*args.file.book(args.variant.variant)?, out),
            BookCommand::Probe(args) => {
                let game = args.position.game(args.moves.as_deref())?;
                book::probe(&*args.file.book(args.position.variant.variant)?, game.position(), out)
            }
        }
    }
}

/// The `crownhead book` subcommands.
#[derive(Subcommand)]
pub enum BookCommand {
    /// Grow a book by drop-out expansion from the start and the built-in openings (a
    /// book already in the file grows further: a stopped build resumes).
    Build(BookBuildArgs),
    /// Join books grown apart (shards) into one.
    Merge(BookMergeArgs),
    /// Print how a book is made up: positions, expanded positions, positions by ply.
    Stats(BookStatsArgs),
    /// Print the book's moves in a position, best first, with their values in men.
    Probe(BookProbeArgs),
}

/// A book file, or the built-in book.
#[derive(Args)]
pub struct BookFileArgs {
    /// The book file (default: the rule set's built-in book).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
}

impl BookFileArgs {
    /// The book named, or the built-in book of `variant`.
    ///
    /// # Errors
    /// A file that cannot be read or is of another rule set; no built-in book.
    fn book(&self, variant: Variant) -> anyhow::Result<Arc<Book>> {
        let book = match &self.book {
            Some(path) => OptionsBuilder::new(Some(variant)).book_file(path)?.build().book_file,
            None => builtin(variant),
        };
        book.with_context(|| format!("no built-in book for {variant}: give --book"))
    }
}

/// `crownhead book build`.
#[derive(Args)]
pub struct BookBuildArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The book's file, grown further if it exists.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Grow until the book holds this many positions.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub positions: u64,
    /// Nodes each new position is searched to.
    #[arg(long, default_value_t = 200_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// What each move adds to a line's cost, in centi-men, besides how much worse than
    /// the best it is: small grows deep, large grows wide.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(i32).range(0..=1000))]
    pub ply_cost: i32,
    /// The openings whose lines the book covers: builtin, none, or a file of openings
    /// (move lists from the start; FEN lines are skipped).
    #[arg(long, default_value = "builtin")]
    pub openings: String,
    /// Grow only this shard of the openings, I/N (openings I, I+N, ...; from 0; shard 0
    /// also grows from the start), for growing a book on several machines and joining
    /// the shards with `book merge`.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// The engine's options.
    #[command(flatten)]
    pub engine: EngineArgs,
}

impl BookBuildArgs {
    /// The options of the build.
    ///
    /// # Errors
    /// Bad engine options or openings.
    fn options(&self) -> anyhow::Result<book::BuildOptions> {
        let variant = self.variant.variant;
        let openings = match self.openings.as_str() {
            "none" => Vec::new(),
            name => openings::named(name, variant)?,
        };
        let (index, count) = self.shard.unwrap_or((0, 1));
        let start = crownhead::rules::Position::start(variant);
        let openings = (openings.into_iter().enumerate())
            .filter(|(number, opening)| number % count == index && *opening.game().start() == start)
            .map(|(_, opening)| opening.game().clone())
            .collect();
        Ok(book::BuildOptions {
            variant,
            path: self.out.clone(),
            growth: Growth {
                nodes: self.nodes,
                positions: usize::try_from(self.positions).unwrap_or(usize::MAX),
                ply_cost: self.ply_cost,
                openings,
                from_start: index == 0,
                engine: self.engine.options(Some(variant))?,
            },
            progress: std::io::stderr().is_terminal(),
        })
    }
}

/// A shard, `I/N` with I below N.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let (index, count) = text.split_once('/').ok_or("a shard is I/N, as 0/4")?;
    let (index, count): (usize, usize) = (
        index.trim().parse().map_err(|_| format!("bad shard index '{index}'"))?,
        count.trim().parse().map_err(|_| format!("bad shard count '{count}'"))?,
    );
    if index >= count {
        return Err(format!("the shard index must be below the count: {text}"));
    }
    Ok((index, count))
}

/// `crownhead book merge`.
#[derive(Args)]
pub struct BookMergeArgs {
    /// The joined book's file.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The books to join (of one rule set).
    #[arg(required = true, value_name = "BOOK")]
    pub books: Vec<PathBuf>,
}

/// `crownhead book stats`.
#[derive(Args)]
pub struct BookStatsArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The book.
    #[command(flatten)]
    pub file: BookFileArgs,
}

/// `crownhead book probe`.
#[derive(Args)]
pub struct BookProbeArgs {
    /// The position (default: the start).
    #[command(flatten)]
    pub position: PositionArgs,
    /// Moves played from the position first, separated by blanks.
    #[arg(long)]
    pub moves: Option<String>,
    /// The book.
    #[command(flatten)]
    pub file: BookFileArgs,
}
