//! The `crownhead` command: engine front ends and tools.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};
use crownhead::protocol::dxp;
use crownhead::rules::{Color, Game, Position, Variant, read_pdn};
use crownhead::search::{Engine, Limits};
use crownhead::tools::board_svg::board_svg;
use crownhead::tools::orientation::Orientation;
use crownhead::tools::terminal_board::{self, Styling};
use crownhead::tools::{analyse, analyse_game, bench, perft, play};

/// A fast multi-variant draughts and checkers engine.
#[derive(Parser)]
#[command(name = "crownhead", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak the Hub protocol on standard input and output (also the default).
    Hub,
    /// Count the leaves of the legal move tree to a depth (checks and times move generation).
    Perft(PerftArgs),
    /// List the legal moves of a position, one per line, in the rule set's notation.
    Moves(PositionArgs),
    /// Search a position and print the engine's progress and best move.
    Analyse(AnalyseArgs),
    /// Annotate a game of a PDN file: every move scored, the engine's choice, mistakes and
    /// blunders marked, and a chart of the score.
    AnalyseGame(AnalyseGameArgs),
    /// Search a fixed set of positions to a fixed depth: speed, and (one thread) the
    /// bench signature.
    Bench(BenchArgs),
    /// Play over DXP (DamExchange, TCP): listen for games, or connect and propose them.
    Dxp(DxpArgs),
    /// Draw a position: as an SVG picture with --svg, otherwise as text on stdout.
    Board(BoardArgs),
    /// Play the engine in the terminal (type help once it starts).
    Play(PlayArgs),
}

#[derive(Args)]
struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Seconds the engine thinks over each move and each hint.
    #[arg(long, default_value_t = 1.0, value_parser = positive_seconds)]
    movetime: f64,
    /// The side you play (default: the side to move, so you move first).
    #[arg(long, value_parser = colour)]
    colour: Option<Color>,
}

fn colour(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(format!("'{text}' is not white or black")),
    }
}

#[derive(Args)]
struct BoardArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Moves played from the position before drawing it, separated by blanks.
    #[arg(long)]
    moves: Option<String>,
    /// Write the picture to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
}

#[derive(Args)]
struct DxpArgs {
    /// Listen for an initiator here (the default role).
    #[arg(long, value_name = "ADDR:PORT", conflicts_with = "connect")]
    listen: Option<String>,
    /// Connect to a follower here and propose games.
    #[arg(long, value_name = "ADDR:PORT")]
    connect: Option<String>,
    /// The rule set (DXP messages do not name one).
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// Minutes per player an initiator proposes (0: one second a move).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(0..=999))]
    time: u16,
    /// Moves in that time an initiator proposes (0: the whole game).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=999))]
    moves: u16,
    /// Think this many seconds a move, whatever the game clock says.
    #[arg(long, value_parser = positive_seconds)]
    movetime: Option<f64>,
    /// Games an initiator plays, colours alternating.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: u16,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    tt_size: u32,
}

#[derive(Args)]
struct BenchArgs {
    /// Search depth.
    #[arg(long, default_value_t = bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: u32,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: u16,
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

    /// A game from the position with `moves` (blank-separated, as `--moves` takes them)
    /// played.
    fn game(&self, moves: Option<&str>) -> anyhow::Result<Game> {
        let mut game = Game::new(self.position()?);
        for text in moves.iter().flat_map(|moves| moves.split_whitespace()) {
            game.play_text(text).context("bad --moves")?;
        }
        Ok(game)
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

/// How long to search: exactly one of these.
#[derive(Args)]
#[group(required = true, multiple = false)]
struct LimitArgs {
    /// Search to this depth in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    depth: Option<u32>,
    /// Search for this many seconds.
    #[arg(long, value_parser = positive_seconds)]
    movetime: Option<f64>,
    /// Search about this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
}

impl LimitArgs {
    fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            move_time: self.movetime.map(Duration::from_secs_f64),
            ..Limits::default()
        }
    }
}

fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds < 1e9 => Ok(seconds),
        _ => Err(format!("'{text}' is not a positive number of seconds")),
    }
}

#[derive(Args)]
struct AnalyseArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Moves played from the position before searching, separated by blanks.
    #[arg(long)]
    moves: Option<String>,
    #[command(flatten)]
    limit: LimitArgs,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: u16,
    /// How many best moves to report each iteration.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    multipv: u16,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    tt_size: u32,
    /// Print one JSON object per line instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct AnalyseGameArgs {
    /// The PDN file.
    #[arg(value_name = "GAME.pdn")]
    file: PathBuf,
    /// Which game of the file, from 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    game: u32,
    /// The rule set of games whose tags do not name one.
    #[arg(long, default_value = "english")]
    variant: Variant,
    #[command(flatten)]
    limit: LimitArgs,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: u16,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    tt_size: u32,
    /// Write the annotated game here (default: standard output, the summary going to
    /// standard error).
    #[arg(long, value_name = "OUT.pdn")]
    out: Option<PathBuf>,
    /// Draw the score across the game as an SVG chart here.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
}

fn analyse_game(args: &AnalyseGameArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    let games = read_pdn(&text, args.variant);
    let count = games.len();
    let pdn = games
        .into_iter()
        .nth(args.game as usize - 1)
        .with_context(|| format!("{} has {count} games, not {}", args.file.display(), args.game))??;
    let mut engine = Engine::new(args.tt_size as usize, usize::from(args.threads));
    let on_terminal = io::stderr().is_terminal();
    let analysis = analyse_game::analyse(&mut engine, &pdn, &args.limit.limits(), |done, total| {
        if on_terminal {
            eprint!("\ranalysed {done}/{total} moves{}", if done == total { "\n" } else { "" });
        }
    });
    let annotator = format!("crownhead {}", env!("CARGO_PKG_VERSION"));
    let annotated = analyse_game::annotate(&pdn, &analysis, &annotator).to_pdn();
    if let Some(path) = &args.svg {
        std::fs::write(path, analyse_game::chart(&pdn, &analysis))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    match &args.out {
        Some(path) => {
            std::fs::write(path, annotated).with_context(|| format!("cannot write {}", path.display()))?;
            analyse_game::write_summary(&pdn, &analysis, out)?;
        }
        None => {
            out.write_all(annotated.as_bytes())?;
            analyse_game::write_summary(&pdn, &analysis, &mut io::stderr())?;
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    // Logging goes to stderr and is off unless RUST_LOG asks for it: pydraughts merges
    // the engine's stderr into the protocol stream.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("off")).init();
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
        None | Some(Command::Hub) => {
            drop(out);
            crownhead::protocol::hub::run(io::BufReader::new(io::stdin()), io::stdout())?;
        }
        Some(Command::Perft(args)) => {
            let position = args.position.position()?;
            perft::run(&position, args.depth, args.divide, usize::from(args.threads), &mut out)?;
        }
        Some(Command::Analyse(args)) => {
            let game = args.position.game(args.moves.as_deref())?;
            let mut engine = Engine::new(args.tt_size as usize, usize::from(args.threads));
            let output = if args.json { analyse::Output::Json } else { analyse::Output::Text };
            analyse::run(
                &mut engine,
                &game,
                &args.limit.limits(),
                usize::from(args.multipv),
                output,
                &mut out,
            )?;
        }
        Some(Command::AnalyseGame(args)) => analyse_game(&args, &mut out)?,
        Some(Command::Bench(args)) => bench::run(args.depth, usize::from(args.threads), &mut out)?,
        Some(Command::Dxp(args)) => {
            let options = dxp::Options {
                variant: args.variant,
                threads: usize::from(args.threads),
                table_mib: args.tt_size as usize,
                minutes: args.time,
                moves: args.moves,
                games: args.games,
                move_time: args.movetime.map(Duration::from_secs_f64),
            };
            match &args.connect {
                Some(address) => dxp::initiate(address, &options, &mut out).context("dxp")?,
                None => {
                    let address = args.listen.unwrap_or_else(|| format!("127.0.0.1:{}", dxp::DEFAULT_PORT));
                    dxp::listen(&address, &options, &mut out).context("dxp")?;
                }
            }
        }
        Some(Command::Board(args)) => {
            let position = *args.position.game(args.moves.as_deref())?.position();
            match &args.svg {
                Some(path) => std::fs::write(path, board_svg(&position))
                    .with_context(|| format!("cannot write {}", path.display()))?,
                None => out.write_all(
                    terminal_board::draw(&position, Orientation::WhiteAtBottom, Styling::for_stdout())
                        .as_bytes(),
                )?,
            }
        }
        Some(Command::Play(args)) => {
            let start = args.position.position()?;
            let options = play::Options {
                start,
                human: args.colour.unwrap_or(start.side_to_move()),
                move_time: Duration::from_secs_f64(args.movetime),
                styling: Styling::for_stdout(),
            };
            play::run(&options, &mut io::stdin().lock(), &mut out)?;
        }
        Some(Command::Moves(args)) => {
            let position = args.position()?;
            for mv in position.legal_moves() {
                writeln!(out, "{}", position.move_to_text(&mv))?;
            }
        }
    }
    Ok(())
}
