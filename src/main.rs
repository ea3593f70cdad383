//! The `crownhead` command: parses the command line ([`cli`]) and calls the front end or
//! tool it names.

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{ArgMatches, CommandFactory, FromArgMatches};
use crownhead::protocol::hub;

use crate::cli::{Cli, Command};

fn main() -> ExitCode {
    // Logging goes to stderr and is off unless RUST_LOG asks for it: pydraughts merges
    // the engine's stderr into the protocol stream.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("off")).init();
    // `--version` adds the revision and instruction sets to `-V`'s version; leaked once,
    // as clap keeps borrowed text.
    let long_version: &'static str = crownhead::engine::build::describe().leak();
    let parsed = Cli::command().long_version(long_version).try_get_matches().and_then(|matches| {
        let cli = Cli::from_arg_matches(&matches)?;
        Ok((cli, matches))
    });
    let (cli, arg_matches) = match parsed {
        Ok(parsed) => parsed,
        Err(error) if !error.use_stderr() => {
            // --help and --version; a reader that has gone (`| head`) is no error.
            let _ = write!(io::stdout(), "{error}");
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("{}", first_line(&error.to_string()));
            return ExitCode::from(2);
        }
    };
    match run(cli.command.unwrap_or(Command::Hub), &arg_matches) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that has gone (`| head`) wanted no more: no error.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether `error` comes of writing to a pipe whose reader has closed it.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The first line of a clap error, with the next line joined on when the first only
/// introduces it ("the following required arguments were not provided:").
fn first_line(message: &str) -> String {
    let mut lines = message.lines().map(str::trim).filter(|line| !line.is_empty());
    match (lines.next(), lines.next()) {
        (Some(first), Some(second)) if first.ends_with(':') => format!("{first} {second}"),
        (Some(first), _) => first.to_string(),
        (None, _) => "error: bad arguments".to_string(),
    }
}

fn run(command: Command, arg_matches: &ArgMatches) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    match command {
        Command::Hub => {
            drop(out);
            hub::run(io::BufReader::new(io::stdin()), io::stdout())?;
        }
        Command::Perft(args) => args.run(&mut out)?,
        Command::Moves(args) => cli::moves(&args, &mut out)?,
        Command::Analyse(args) => args.run(&mut out)?,
        Command::AnalyseGame(args) => args.run(&mut out)?,
        Command::Bench(args) => args.run(&mut out)?,
        Command::Dxp(args) => args.run(&mut out)?,
        Command::Board(args) => args.run(&mut out)?,
        Command::Play(args) => args.run(&mut out)?,
        #[cfg(feature = "gui")]
        Command::Gui(args) => args.run(&mut out)?,
        Command::Match(args) => {
            args.run(arg_matches.subcommand_matches("match").unwrap_or(arg_matches), &mut out)?
        }
        Command::MatchSummary(args) => args.run(&mut out)?,
        Command::Openings(args) => args.run(&mut out)?,
        Command::Selfplay(args) => args.run(&mut out)?,
        Command::Puzzles(args) => args.run(&mut out)?,
        Command::Train(args) => args.run(&mut out)?,
        Command::Egdb(args) => args.run(&mut out)?,
        Command::Book(args) => args.run(&mut out)?,
    }
    Ok(())
}
