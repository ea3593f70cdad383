//! The `crownhead` command: engine front ends and tools.

use std::io;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};
use crownhead::rules::{Position, Variant};
use crownhead::tools::perft;

/// A fast multi-variant draughts and checkers engine.
#[derive(Parser)]
#[command(name = "crownhead", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree to a depth (checks and times move generation).
    Perft(PerftArgs),
    /// List the legal moves of a position, one per line, in the rule set's notation.
    Moves(PositionArgs),
}

/// A rule set and a position in it.
#[derive(Args)]
struct PositionArgs {
    /// The rule set: english, english-25, italian, spanish, spanish-short, portuguese,
    /// russian, brazilian, pool, czech, playok or international.
    #[arg(long, default_value = "english")]
    variant: Variant,
    /// The position as a PDN FEN (default: the start position).
    #[arg(long)]
    fen: Option<String>,
}

impl PositionArgs {
    fn position(&self) -> anyhow::Result<Position> {
        match &self.fen {
            None => Ok(Position::start(self.variant)),
            Some(fen) => Position::from_fen(self.variant, fen).context("bad --fen"),
        }
    }
}

#[derive(Args)]
struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Plies to count to; one line is printed per depth from 1.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
    /// Print the count of each root move first.
    #[arg(long)]
    divide: bool,
    /// Threads to count with.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: u16,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => {
            // --help and --version.
            print!("{error}");
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            let message = error.to_string();
            eprintln!("{}", message.lines().next().unwrap_or("error: bad arguments"));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    match cli.command {
        None => {
            use clap::CommandFactory;
            Cli::command().print_help()?;
        }
        Some(Command::Perft(args)) => {
            let position = args.position.position()?;
            perft::run(&position, args.depth, args.divide, usize::from(args.threads), &mut out)?;
        }
        Some(Command::Moves(args)) => {
            let position = args.position()?;
            for mv in position.legal_moves() {
                use std::io::Write;
                writeln!(out, "{}", position.move_to_text(&mv))?;
            }
        }
    }
    Ok(())
}
