//! `crownhead openings`: balanced short openings for matches.

use std::io::Write;

use clap::Args;
use crownhead::engine::Score;
use crownhead::tools::matches::openings;

use super::args::VariantArgs;

/// `crownhead openings`.
#[derive(Args)]
pub struct OpeningsArgs {
    /// The rule set.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Plies from the start position.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=6))]
    pub plies: u32,
    /// Search depth of the check.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
    /// The largest score kept, either way, in men.
    #[arg(long, default_value = "0.25", value_parser = men)]
    pub max_score: Score,
}

impl OpeningsArgs {
    /// Prints the balanced openings.
    ///
    /// # Errors
    /// Only from writing to `out`.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        openings::write_balanced(self.variant.variant, self.plies as usize, self.depth, self.max_score, out)?;
        Ok(())
    }
}

/// A score of 0 to 50 men.
fn men(text: &str) -> Result<Score, String> {
    match text.parse::<f64>() {
        Ok(men) if (0.0..=50.0).contains(&men) => Ok(Score::from_centi_men((men * 100.0).round() as i32)),
        _ => Err(format!("'{text}' is not a number of men from 0 to 50")),
    }
}
