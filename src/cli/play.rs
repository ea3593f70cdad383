//! `crownhead play`: a person plays the engine in the terminal.

use std::io::Write;
use std::time::Duration;

use clap::Args;
use crownhead::engine::OptionsBuilder;
use crownhead::engine::options::STRENGTH;
use crownhead::render::terminal_board::Styling;
use crownhead::rules::Color;
use crownhead::tools::commands::play;

use super::args::{BookOptionArgs, EgdbPathArgs, PositionArgs, StrengthArgs, positive_seconds};

/// `crownhead play`.
#[derive(Args)]
pub struct PlayArgs {
    /// The start position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Seconds the engine thinks over each move and each hint.
    #[arg(long, default_value_t = 1.0, value_parser = positive_seconds)]
    pub movetime: f64,
    /// The side you play (default: the side to move, so you move first).
    #[arg(long, value_parser = colour)]
    pub colour: Option<Color>,
    /// The endgame databases.
    #[command(flatten)]
    pub egdb: EgdbPathArgs,
    /// How well the engine plays.
    #[command(flatten)]
    pub strength: StrengthArgs,
    /// The opening book.
    #[command(flatten)]
    pub book: BookOptionArgs,
}

impl PlayArgs {
    /// The options of the game.
    ///
    /// # Errors
    /// A bad FEN, database path or book file.
    fn options(&self) -> anyhow::Result<play::Options> {
        let start = self.position.position()?;
        Ok(play::Options {
            start,
            human: self.colour.unwrap_or(start.side_to_move()),
            move_time: Duration::from_secs_f64(self.movetime),
            styling: Styling::for_stdout(),
            engine: self
                .book
                .apply(
                    self.egdb
                        .apply(OptionsBuilder::new(Some(start.variant())))?
                        .count(&STRENGTH, self.strength.strength)?,
                )?
                .build(),
        })
    }

    /// Plays a game with the person at the terminal.
    ///
    /// # Errors
    /// A bad FEN or database path, or failing input or output.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        play::run(&self.options()?, &mut std::io::stdin().lock(), out)?;
        Ok(())
    }
}

fn colour(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(format!("'{text}' is not white or black")),
    }
}
