//! The `crownhead` command: parses the command line (`crownhead::cli`) and calls the
//! front end or tool it names.

use std::io;
use std::process::ExitCode;

use anyhow::Context;
use clap::{ArgMatches, CommandFactory, FromArgMatches};
use crownhead::cli::{Cli, Command, EgdbCommand};
use crownhead::protocol::{dxp, hub};
use crownhead::tools::matches::{self, openings};
use crownhead::tools::{analyse, analyse_game, bench, board, egdb, perft, play, selfplay, train};

fn main() -> ExitCode {
    // Logging goes to stderr and is off unless RUST_LOG asks for it: pydraughts merges
    // the engine's stderr into the protocol stream.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("off")).init();
    let parsed = Cli::command().try_get_matches().and_then(|matches| {
        let cli = Cli::from_arg_matches(&matches)?;
        Ok((cli, matches))
    });
    let (cli, arg_matches) = match parsed {
        Ok(parsed) => parsed,
        Err(error) if !error.use_stderr() => {
            // --help and --version.
            print!("{error}");
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("{}", first_line(&error.to_string()));
            return ExitCode::from(2);
        }
    };
    match run(cli.command.unwrap_or(Command::Hub), &arg_matches) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
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
        Command::Perft(args) => {
            let threads = usize::from(args.threads.threads);
            perft::run(&args.position.position()?, args.depth, args.divide, threads, &mut out)?;
        }
        Command::Moves(args) => board::write_moves(&args.position()?, &mut out)?,
        Command::Analyse(args) => {
            let game = args.position.game(args.moves.as_deref())?;
            analyse::run(&mut args.engine()?, &game, &args.limit.limits(), args.output(), &mut out)?;
        }
        Command::AnalyseGame(args) => analyse_game::run(&args.options()?, &mut out)?,
        Command::Bench(args) => {
            bench::run(&args.limits(), usize::from(args.threads.threads), args.eval.network()?, &mut out)?
        }
        Command::Dxp(args) => match &args.connect {
            Some(address) => dxp::initiate(address, &args.options()?, &mut out).context("dxp")?,
            None => dxp::listen(&args.listen_address(), &args.options()?, &mut out).context("dxp")?,
        },
        Command::Board(args) => {
            let position = *args.position.game(args.moves.as_deref())?.position();
            board::draw(&position, args.svg.as_deref(), &mut out)?;
        }
        Command::Play(args) => play::run(&args.options()?, &mut io::stdin().lock(), &mut out)?,
        Command::Match(args) => {
            let matches = arg_matches.subcommand_matches("match").unwrap_or(arg_matches);
            matches::run(&args.options(matches)?, &mut out)?;
        }
        Command::MatchSummary(args) => {
            matches::parts::summarise(&args.parts, args.sprt, args.json, &mut out)?
        }
        Command::Openings(args) => {
            let (variant, plies) = (args.variant.variant, args.plies as usize);
            openings::write_balanced(variant, plies, args.depth, args.max_score, &mut out)?;
        }
        Command::Selfplay(args) => selfplay::run(&args.options()?, selfplay::ctrl_c_flag()?, &mut out)?,
        Command::Train(args) => train::run(&args.options(), &mut out)?,
        Command::Egdb(args) => match args.command {
            EgdbCommand::Build(args) => egdb::build(&args.options()?, &mut out)?,
            EgdbCommand::Slices(args) => {
                egdb::write_slices(args.variant.variant, args.pieces, args.json, &mut out)?
            }
            EgdbCommand::Probe(args) => egdb::probe(&args.position()?, &args.dir.root()?, &mut out)?,
            EgdbCommand::Verify(args) => egdb::verify(
                args.variant.variant,
                &args.dir.root()?,
                usize::from(args.threads.threads),
                &mut out,
            )?,
        },
    }
    Ok(())
}
