//! `crownhead train`: fits a network to self-play data.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use crownhead::rules::Variant;
use crownhead::tools::learning::train::{self, Decay};

use super::args::{ThreadsArgs, VariantArgs};

/// `crownhead train`: the data, the network file and the training settings.
#[derive(Args)]
pub struct TrainArgs {
    /// The rule set: the data files must be of it, and the network serves it.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// More rule sets on the same board the network serves (comma-separated), whose data
    /// files it may also read: a network shared by rule sets whose play is alike.
    #[arg(long, value_name = "VARIANT", value_delimiter = ',')]
    pub serves: Vec<Variant>,
    /// Self-play data files (`crownhead selfplay`); a position in several is used once.
    #[arg(long, value_name = "FILE", num_args = 1.., required_unless_present = "material")]
    pub data: Vec<PathBuf>,
    /// Write the rule set's generation 0 instead of training: material as network
    /// weights (inverted for antidraughts, men worth more as they come for breakthrough),
    /// the network its first self-play plays with. No data is read.
    #[arg(long, conflicts_with = "data")]
    pub material: bool,
    /// The network file to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Passes over the training positions.
    #[arg(long, default_value_t = train::DEFAULT_EPOCHS, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub epochs: u32,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = train::DEFAULT_BATCH, value_parser = clap::value_parser!(u32).range(1..))]
    pub batch: u32,
    /// The game result's share of the target, 0 to 1 (the rest is the search score's).
    #[arg(long, default_value_t = train::DEFAULT_LAMBDA, value_parser = unit_interval)]
    pub lambda: f32,
    /// The learning rate (Adam) of the first epoch.
    #[arg(long, default_value_t = train::DEFAULT_RATE, value_parser = positive_rate)]
    pub lr: f32,
    /// How the learning rate falls: `cosine` (to near zero at the end) or a factor per
    /// epoch such as 0.9.
    #[arg(long, default_value = "cosine")]
    pub decay: Decay,
    /// Output buckets by piece count.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=train::MAX_BUCKETS as i64))]
    pub buckets: u16,
    /// The share of the games held out to measure the network, between 0 and 1.
    #[arg(long, default_value_t = train::DEFAULT_VALIDATION, value_parser = open_fraction)]
    pub validation: f64,
    /// Threads computing gradients (the network is the same whatever their number).
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// The seed of the starting weights, the validation games and the order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Label the positions the endgame databases in this directory hold (or the
    /// built-in ones, where it holds fewer pieces) with their value (win, draw or
    /// loss), in place of the game's result and the search's score.
    #[arg(long, value_name = "DIR")]
    pub egdb_path: Option<PathBuf>,
}

impl TrainArgs {
    /// Trains the network and writes it.
    ///
    /// # Errors
    /// Data files that cannot be read, or a network file that cannot be written.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        if self.material {
            let variant = self.variant.variant;
            train::write_material(variant, &self.out)?;
            writeln!(out, "wrote {variant}'s generation 0 (material) to {}", self.out.display())?;
            return Ok(());
        }
        train::run(&self.options(), out)
    }

    /// The options of the run.
    fn options(&self) -> train::Options {
        train::Options {
            variant: self.variant.variant,
            serves: self.serves.clone(),
            data: self.data.clone(),
            out: self.out.clone(),
            epochs: self.epochs,
            batch: self.batch as usize,
            lambda: self.lambda,
            rate: self.lr,
            decay: self.decay,
            buckets: usize::from(self.buckets),
            validation: self.validation,
            threads: self.threads.threads,
            seed: self.seed,
            egdb: self.egdb_path.clone(),
        }
    }
}

/// A number from 0 to 1.
fn unit_interval(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(value) if (0.0..=1.0).contains(&value) => Ok(value),
        _ => Err(format!("'{text}' is not a number from 0 to 1")),
    }
}

/// A number strictly between 0 and 1.
fn open_fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(value) if value > 0.0 && value < 1.0 => Ok(value),
        _ => Err(format!("'{text}' is not a number between 0 and 1 (both excluded)")),
    }
}

/// A positive learning rate.
fn positive_rate(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(value) if value > 0.0 && value.is_finite() => Ok(value),
        _ => Err(format!("'{text}' is not a positive learning rate")),
    }
}
