//! The `crownhead` command: engine front ends and tools.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use crownhead::protocol::dxp;
use crownhead::rules::{Color, Game, Position, Variant, read_pdn};
use crownhead::search::{Engine, Limits};
use crownhead::tools::board_svg::board_svg;
use crownhead::tools::matches::game::Limit;
use crownhead::tools::matches::hub_client::EngineSpec;
use crownhead::tools::matches::stats::Sprt;
use crownhead::tools::matches::{self, MatchOptions, openings};
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
    /// Play a match between two Hub engines.
    #[command(long_about = MATCH_ABOUT)]
    Match(MatchArgs),
    /// Print balanced short openings for matches: every distinct position a few plies
    /// from the start that the engine scores near equal at a fixed depth.
    Openings(OpeningsArgs),
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

const MATCH_ABOUT: &str = "Play a match between two Hub engines.

Each opening is played twice with the colours reversed (a game pair), by default every opening of the set \
once each way. A crash, time forfeit, illegal or unreadable move, silence or `error` answer loses the game \
for that engine, whose process is started afresh for the next game.

Statistics are the first engine's: logistic Elo with its 95% interval and the likelihood of superiority \
(LOS), both from the variance of the game-pair scores (pentanomial); the SPRT uses the normalized Elo model \
with a pentanomial likelihood over game pairs, as fishtest and fastchess do, alpha = beta = 0.05 unless \
given.";

/// `crownhead match`.
#[derive(Args)]
struct MatchArgs {
    /// An engine's command line, split at blanks ('...' and "..." quote them). Give
    /// two.
    #[arg(long = "engine", value_name = "CMD", required = true)]
    engine: Vec<String>,
    /// A Hub parameter (set-param) of the engine given by the last --engine before it;
    /// repeat for more.
    #[arg(long = "engine-option", value_name = "NAME=VALUE")]
    engine_option: Vec<String>,
    /// The rule set.
    #[arg(long, default_value = "english")]
    variant: Variant,
    /// Games to play, rounded up to whole pairs; with --sprt, the most to play.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    games: Option<u64>,
    /// Play until this SPRT decides: the normalized Elo of H0 and H1, and optionally the
    /// error rates alpha and beta (default 0.05 each).
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]", value_parser = sprt)]
    sprt: Option<Sprt>,
    #[command(flatten)]
    limit: MatchLimitArgs,
    /// `builtin` (English: the ACF 3-move deck; other rule sets: balanced 3-ply
    /// openings), or a file with one FEN or move list per line (`#` comments).
    #[arg(long, value_name = "FILE|builtin", default_value = "builtin")]
    openings: String,
    /// Games played at once, each by its own pair of engine processes.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    concurrency: u16,
    /// Append every game to this PDN file as it finishes.
    #[arg(long, value_name = "OUT.pdn")]
    pdn: Option<std::path::PathBuf>,
}

/// How long the engines of a match may think: exactly one of these.
#[derive(Args)]
#[group(required = true, multiple = false)]
struct MatchLimitArgs {
    /// A clock per engine: BASE seconds for the game, INC seconds more for each move
    /// (added before the move, as Hub counts it).
    #[arg(long, value_name = "BASE+INC", value_parser = time_control)]
    tc: Option<Limit>,
    /// Seconds per move.
    #[arg(long, value_parser = positive_seconds)]
    movetime: Option<f64>,
    /// Search depth per move (an engine silent for 60 s loses).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    depth: Option<u32>,
    /// Nodes per move (an engine silent for 60 s loses).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
}

impl MatchLimitArgs {
    fn limit(&self) -> anyhow::Result<Limit> {
        match (self.tc, self.movetime, self.depth, self.nodes) {
            (Some(clock), ..) => Ok(clock),
            (_, Some(seconds), ..) => Ok(Limit::MoveTime(Duration::from_secs_f64(seconds))),
            (_, _, Some(depth), _) => Ok(Limit::Depth(depth)),
            (.., Some(nodes)) => Ok(Limit::Nodes(nodes)),
            _ => anyhow::bail!("give --tc, --movetime, --depth or --nodes"),
        }
    }
}

/// `BASE+INC` or `BASE`, in seconds.
fn time_control(text: &str) -> Result<Limit, String> {
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    let seconds =
        |part: &str| part.trim().parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e7);
    match (seconds(base), seconds(increment)) {
        (Some(base), Some(increment)) if base + increment > 0.0 => Ok(Limit::Clock {
            base: Duration::from_secs_f64(base),
            increment: Duration::from_secs_f64(increment),
        }),
        _ => Err(format!("'{text}' is not BASE+INC in seconds (for example 60+0.5)")),
    }
}

/// `ELO0,ELO1[,ALPHA,BETA]`.
fn sprt(text: &str) -> Result<Sprt, String> {
    let numbers: Result<Vec<f64>, _> = text.split(',').map(|part| part.trim().parse::<f64>()).collect();
    let bad = || format!("'{text}' is not ELO0,ELO1[,ALPHA,BETA] with ELO0 < ELO1 and 0 < ALPHA, BETA < 1/2");
    let (elo0, elo1, alpha, beta) = match *numbers.map_err(|_| bad())?.as_slice() {
        [elo0, elo1] => (elo0, elo1, Sprt::DEFAULT_ERROR, Sprt::DEFAULT_ERROR),
        [elo0, elo1, alpha, beta] => (elo0, elo1, alpha, beta),
        _ => return Err(bad()),
    };
    let rate = |rate: f64| rate > 0.0 && rate < 0.5;
    if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && rate(alpha) && rate(beta)) {
        return Err(bad());
    }
    Ok(Sprt { elo0, elo1, alpha, beta })
}

/// The two engines of `crownhead match`, each with the --engine-option values given
/// after it (clap keeps the two lists apart, so their positions on the command line put
/// them back together).
fn engine_specs(matches: &ArgMatches) -> anyhow::Result<[EngineSpec; 2]> {
    let mut items: Vec<(usize, bool, &String)> = Vec::new();
    for (id, is_option) in [("engine", false), ("engine_option", true)] {
        if let (Some(indices), Some(values)) = (matches.indices_of(id), matches.get_many::<String>(id)) {
            items.extend(indices.zip(values).map(|(index, value)| (index, is_option, value)));
        }
    }
    items.sort_by_key(|&(index, ..)| index);
    let mut specs: Vec<EngineSpec> = Vec::new();
    for (_, is_option, value) in items {
        if is_option {
            let Some((name, setting)) = value.split_once('=') else {
                anyhow::bail!("--engine-option '{value}' is not NAME=VALUE");
            };
            let Some(spec) = specs.last_mut() else {
                anyhow::bail!("--engine-option '{value}' comes before any --engine");
            };
            spec.options.push((name.trim().to_string(), setting.trim().to_string()));
        } else {
            specs.push(EngineSpec::parse(value)?);
        }
    }
    let count = specs.len();
    specs.try_into().map_err(|_| anyhow::anyhow!("a match needs two --engine, not {count}"))
}

#[derive(Args)]
struct OpeningsArgs {
    /// The rule set.
    #[arg(long, default_value = "english")]
    variant: Variant,
    /// Plies from the start position.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=6))]
    plies: u32,
    /// Search depth of the check.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// The largest score kept, either way, in men.
    #[arg(long, default_value_t = 0.25, value_parser = men)]
    max_score: f64,
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

fn men(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(men) if (0.0..=50.0).contains(&men) => Ok(men),
        _ => Err(format!("'{text}' is not a number of men from 0 to 50")),
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
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
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
    match run(cli, &arg_matches) {
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

fn run(cli: Cli, arg_matches: &ArgMatches) -> anyhow::Result<()> {
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
        Some(Command::Match(args)) => {
            let engines = engine_specs(arg_matches.subcommand_matches("match").unwrap_or(arg_matches))?;
            let openings = match args.openings.as_str() {
                "builtin" => openings::builtin(args.variant)?,
                path => openings::read_file(std::path::Path::new(path), args.variant)
                    .with_context(|| format!("bad --openings {path}"))?,
            };
            let options = MatchOptions {
                engines,
                variant: args.variant,
                games: args.games,
                sprt: args.sprt,
                limit: args.limit.limit()?,
                openings,
                concurrency: usize::from(args.concurrency),
                pdn: args.pdn,
            };
            matches::run(&options, &mut out)?;
        }
        Some(Command::Openings(args)) => {
            let max_score = (args.max_score * 100.0).round() as i32;
            openings::write_balanced(args.variant, args.plies as usize, args.depth, max_score, &mut out)?;
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
