//! `crownhead dxp`: plays over DXP (DamExchange, TCP).

use std::io::Write;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use crownhead::engine::OptionsBuilder;
use crownhead::engine::options::STRENGTH;
use crownhead::protocol::dxp;
use crownhead::rules::Variant;

use super::args::{BookOptionArgs, EngineArgs, StrengthArgs, positive_seconds};

/// `crownhead dxp`.
#[derive(Args)]
pub struct DxpArgs {
    /// Listen for an initiator here (the default role).
    #[arg(long, value_name = "ADDR:PORT", conflicts_with = "connect")]
    pub listen: Option<String>,
    /// Connect to a follower here and propose games.
    #[arg(long, value_name = "ADDR:PORT")]
    pub connect: Option<String>,
    /// The rule set (DXP messages do not name one; its own game is International).
    #[arg(long, default_value = "international")]
    pub variant: Variant,
    /// Minutes per player an initiator proposes (0: one second a move).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(0..=999))]
    pub time: u16,
    /// Moves in that time an initiator proposes (0: the whole game).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=999))]
    pub moves: u16,
    /// Think this many seconds a move, whatever the game clock says.
    #[arg(long, value_parser = positive_seconds)]
    pub movetime: Option<f64>,
    /// Games an initiator plays, colours alternating.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Connections a follower serves at once; one more is closed as it comes.
    #[arg(long, value_name = "N", default_value_t = dxp::DEFAULT_MAX_CONNECTIONS,
          value_parser = clap::value_parser!(u16).range(1..))]
    pub max_connections: u16,
    /// Seconds a peer may take to send a message when no game clock of its runs, and to
    /// finish one it has begun; past them the connection is closed.
    #[arg(long, value_name = "S", default_value_t = dxp::DEFAULT_MESSAGE_TIMEOUT.as_secs_f64(),
          value_parser = positive_seconds)]
    pub message_timeout: f64,
    /// Seconds past its game clock a peer may take to move before it loses on time.
    #[arg(long, value_name = "S", default_value_t = dxp::DEFAULT_GRACE.as_secs_f64(),
          value_parser = positive_seconds)]
    pub grace: f64,
    /// The engine.
    #[command(flatten)]
    pub engine: EngineArgs,
    /// How well the engine plays.
    #[command(flatten)]
    pub strength: StrengthArgs,
    /// The opening book.
    #[command(flatten)]
    pub book: BookOptionArgs,
}

impl DxpArgs {
    /// The options of the DXP games.
    ///
    /// # Errors
    /// A bad network or book file.
    fn options(&self) -> anyhow::Result<dxp::Options> {
        Ok(dxp::Options {
            variant: self.variant,
            engine: self
                .book
                .apply(OptionsBuilder::from_options(
                    self.engine.options(Some(self.variant))?,
                    Some(self.variant),
                ))?
                .count(&STRENGTH, self.strength.strength)?
                .build(),
            minutes: self.time,
            moves: self.moves,
            games: self.games,
            move_time: self.movetime.map(Duration::from_secs_f64),
            max_connections: self.max_connections,
            message_timeout: Duration::from_secs_f64(self.message_timeout),
            grace: Duration::from_secs_f64(self.grace),
        })
    }

    /// Plays: connects and proposes games with `--connect`, else listens for them.
    ///
    /// # Errors
    /// A bad engine option, or a network failure.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        match &self.connect {
            Some(address) => dxp::initiate(address, &self.options()?, out).context("dxp"),
            None => dxp::listen(&self.listen_address(), &self.options()?, out).context("dxp"),
        }
    }

    /// Where to listen when not connecting.
    fn listen_address(&self) -> String {
        self.listen.clone().unwrap_or_else(|| format!("127.0.0.1:{}", dxp::DEFAULT_PORT))
    }
}
