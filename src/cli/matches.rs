//! `crownhead match` and `crownhead match-summary`: engine-against-engine matches.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::{ArgMatches, Args};
use crownhead::tools::matches::{self, EngineSpec, Limit, MatchOptions, PairRange, Sprt, openings};

use super::args::{VariantArgs, positive_seconds};

/// The long help of `crownhead match`.
pub const MATCH_ABOUT: &str = "Play a match between two Hub engines.

Each opening is played twice with the colours reversed (a game pair), by default every opening of the set \
once each way. A crash, time forfeit, illegal or unreadable move, silence or `error` answer loses the game \
for that engine, whose process is started afresh for the next game.

Statistics are the first engine's: logistic Elo with its 95% interval and the likelihood of superiority \
(LOS), both from the variance of the game-pair scores (pentanomial); the SPRT uses the normalized Elo model \
with a pentanomial likelihood over game pairs, as fishtest and fastchess do, alpha = beta = 0.05 unless \
given.";

/// `crownhead match`.
#[derive(Args)]
pub struct MatchArgs {
    /// An engine's command line, split at blanks ('...' and "..." quote them). Give
    /// two.
    #[arg(long = "engine", value_name = "CMD", required = true)]
    pub engine: Vec<String>,
    /// A Hub parameter (set-param) of the engine given by the last --engine before it;
    /// repeat for more.
    #[arg(long = "engine-option", value_name = "NAME=VALUE")]
    pub engine_option: Vec<String>,
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Games to play, rounded up to whole pairs; with --sprt, the most to play.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Play only the game pairs FIRST to LAST, counted from 1 (pair k plays the k-th
    /// opening, cycling, and is games 2k-1 and 2k): a part of a longer match.
    #[arg(long, value_name = "FIRST-LAST", conflicts_with = "games")]
    pub pairs: Option<PairRange>,
    /// Play until this SPRT decides: the normalized Elo of H0 and H1, and optionally the
    /// error rates alpha and beta (default 0.05 each).
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]")]
    pub sprt: Option<Sprt>,
    /// How long the engines think.
    #[command(flatten)]
    pub limit: MatchLimitArgs,
    /// `builtin` (English: the ACF 3-move deck; other rule sets: balanced 3-ply
    /// openings), or a file with one FEN or move list per line (`#` comments).
    #[arg(long, value_name = "FILE|builtin", default_value = "builtin")]
    pub openings: String,
    /// Games played at once, each by its own pair of engine processes.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub concurrency: u16,
    /// Append every game to this PDN file as it finishes.
    #[arg(long, value_name = "OUT.pdn")]
    pub pdn: Option<PathBuf>,
    /// Print the summary as JSON, every game listed with its result for the first engine
    /// (what `match-summary` reads).
    #[arg(long)]
    pub json: bool,
    /// Each engine ponders on the reply it expects while the other thinks (Hub `go
    /// ponder`, then `ponder-hit` or `stop`).
    #[arg(long)]
    pub ponder: bool,
    /// Append each engine's standard error (what it logs under RUST_LOG) to
    /// DIR/engine-1.log and DIR/engine-2.log, in the order of --engine, creating DIR if
    /// missing; without it the engines' standard error is discarded.
    #[arg(long, value_name = "DIR")]
    pub engine_stderr: Option<PathBuf>,
}

/// `crownhead match-summary`.
#[derive(Args)]
pub struct MatchSummaryArgs {
    /// The parts' summaries, as `match --json` writes them.
    #[arg(value_name = "PART.json", required = true)]
    pub parts: Vec<PathBuf>,
    /// Count the games in order only until this SPRT decides, as `match --sprt` does.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]")]
    pub sprt: Option<Sprt>,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
}

impl MatchSummaryArgs {
    /// Prints the summary of the parts.
    ///
    /// # Errors
    /// A part that cannot be read, or writing to `out`.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        matches::summarise(&self.parts, self.sprt, self.json, out)
    }
}

/// How long the engines of a match may think: exactly one of these.
#[derive(Args)]
#[group(required = true, multiple = false)]
pub struct MatchLimitArgs {
    /// A clock per engine: BASE seconds for the game, INC seconds more for each move
    /// (added before the move, as Hub counts it).
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<Limit>,
    /// Seconds per move.
    #[arg(long, value_parser = positive_seconds)]
    pub movetime: Option<f64>,
    /// Search depth per move (an engine silent for 60 s loses).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// Nodes per move (an engine silent for 60 s loses).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
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

impl MatchArgs {
    /// Plays the match and prints its summary; `matches` are the subcommand's parsed
    /// arguments (see [`MatchArgs::options`]).
    ///
    /// # Errors
    /// Bad engines, options or openings, or a failure to play or write.
    pub fn run(self, matches: &ArgMatches, out: &mut impl Write) -> anyhow::Result<()> {
        matches::run(&self.options(matches)?, out)
    }

    /// The options of the match; `matches` are the subcommand's parsed arguments, whose
    /// positions tie each --engine-option to its engine.
    ///
    /// # Errors
    /// Bad engines, options or openings.
    fn options(self, matches: &ArgMatches) -> anyhow::Result<MatchOptions> {
        let variant = self.variant.variant;
        let openings = openings::named(&self.openings, variant)
            .with_context(|| format!("bad --openings {}", self.openings))?;
        let mut engines = engine_specs(matches)?;
        if let Some(dir) = &self.engine_stderr {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create --engine-stderr {}", dir.display()))?;
            for (number, engine) in (1..).zip(&mut engines) {
                engine.stderr = Some(dir.join(format!("engine-{number}.log")));
            }
        }
        Ok(MatchOptions {
            engines,
            variant,
            games: self.games,
            pairs: self.pairs,
            sprt: self.sprt,
            limit: self.limit.limit()?,
            openings,
            concurrency: usize::from(self.concurrency),
            pdn: self.pdn,
            json: self.json,
            ponder: self.ponder,
        })
    }
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
