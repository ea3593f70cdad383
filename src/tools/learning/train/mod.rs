//! `crownhead train`: fits the engine's network to self-play data on the CPU.
//!
//! The data files (`dataset.rs`) give positions with a search score and the game's
//! result. A scale is fitted first (`scale.rs`): the centi-men per logit at which
//! `sigmoid(score / scale)` best predicts the results. Each position's target is then
//! `lambda * result + (1 - lambda) * sigmoid(score / scale)`, and the float network
//! (`model.rs`) is fitted to it by mean squared error of `sigmoid(output)`, in
//! mini-batches with Adam (`adam.rs`) at a learning rate that decays over the epochs,
//! every weight clipped to what quantises without overflow. Each epoch prints its
//! training and validation losses; at the end the network is quantised, its validation
//! loss measured again through the integer evaluation the search uses, and saved.
//!
//! The run is reproducible: the seed fixes the starting weights, the validation games
//! and each epoch's order, and batches are summed in a fixed order whatever the number of
//! threads (`epoch.rs`), so a seed gives the same file on one thread or many.

mod adam;
mod dataset;
mod epoch;
mod model;
mod random;
mod relabel;
mod scale;
#[cfg(test)]
mod synthetic;

use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Instant;

use anyhow::{Context, ensure};

use self::dataset::{Dataset, Example};
use self::epoch::Trainer;
use self::model::{Model, Target, sigmoid};
use self::random::{Random, Stream};
use crate::egdb::Database;
pub use crate::network::MAX_BUCKETS;
use crate::network::accumulator::fresh_sums;
use crate::network::file::NAMES_SIZE;
use crate::network::{Network, features};
use crate::rules::Variant;

/// Epochs by default.
pub const DEFAULT_EPOCHS: u32 = 20;

/// Positions per batch by default.
pub const DEFAULT_BATCH: u32 = 16384;

/// The result's share of the target by default.
pub const DEFAULT_LAMBDA: f32 = 0.5;

/// The learning rate of the first epoch by default: of 1e-3, 3e-3, 5e-3, 1e-2 and 3e-2
/// over 20 epochs of batches of 16384 on 400k English positions, 5e-3 reached the lowest
/// validation loss (1e-3 had not converged).
pub const DEFAULT_RATE: f32 = 5e-3;

/// The share of the games held out for validation by default.
pub const DEFAULT_VALIDATION: f64 = 0.05;

/// How the learning rate falls from epoch to epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Decay {
    /// Half a cosine wave from the first rate down towards zero at the end (the
    /// default: over 10 epochs from 1e-2 on 400k English positions it reached a validation
    /// loss of 0.01210, a factor of 0.8 0.01222).
    Cosine,
    /// Multiplied by this factor (0 to 1) after each epoch.
    Factor(f32),
}

impl Decay {
    /// The learning rate of epoch `epoch` (from 0) of `epochs`, starting from `first`.
    pub fn rate(self, first: f32, epoch: u32, epochs: u32) -> f32 {
        match self {
            Decay::Cosine => {
                let progress = epoch as f32 / epochs.max(1) as f32;
                first * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos())
            }
            Decay::Factor(factor) => first * factor.powi(epoch as i32),
        }
    }
}

impl FromStr for Decay {
    type Err = String;

    /// Reads `cosine` or a factor above 0 and at most 1.
    fn from_str(text: &str) -> Result<Decay, String> {
        match text.parse::<f32>() {
            _ if text == "cosine" => Ok(Decay::Cosine),
            Ok(factor) if factor > 0.0 && factor <= 1.0 => Ok(Decay::Factor(factor)),
            _ => Err(format!("'{text}' is neither cosine nor a factor above 0 and at most 1")),
        }
    }
}

impl fmt::Display for Decay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decay::Cosine => write!(f, "cosine"),
            Decay::Factor(factor) => write!(f, "x{factor} per epoch"),
        }
    }
}

/// What to train on, how, and where to write the network.
#[derive(Clone, Debug)]
pub struct Options {
    /// The rule set: every data file must be of it, and the network serves it.
    pub variant: Variant,
    /// More rule sets on the same board that the network serves, and whose data files
    /// it may also read: one network shared by rule sets whose play is the same or near.
    pub serves: Vec<Variant>,
    /// The self-play data files.
    pub data: Vec<PathBuf>,
    /// The network file to write.
    pub out: PathBuf,
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions per optimiser step.
    pub batch: usize,
    /// The result's share of the target, 0 to 1 (the rest is the search score's).
    pub lambda: f32,
    /// The learning rate of the first epoch.
    pub rate: f32,
    /// How the learning rate falls.
    pub decay: Decay,
    /// Output buckets, 1 to [`MAX_BUCKETS`].
    pub buckets: usize,
    /// The share of the games held out for validation, strictly between 0 and 1.
    pub validation: f64,
    /// Threads computing gradients.
    pub threads: usize,
    /// The seed: weights, validation games and order.
    pub seed: u64,
    /// The directory of the endgame databases whose positions are labelled with their
    /// database value, or of none for the built-in ones alone (`None`: no labels).
    pub egdb: Option<PathBuf>,
}

impl Options {
    /// Checks the settings a caller could get wrong.
    ///
    /// # Errors
    /// A setting outside its range.
    pub fn check(&self) -> anyhow::Result<()> {
        ensure!(!self.data.is_empty(), "no data files");
        ensure!(self.epochs >= 1, "--epochs must be at least 1");
        ensure!(self.batch >= 1, "--batch must be at least 1");
        ensure!((0.0..=1.0).contains(&self.lambda), "--lambda must be from 0 to 1");
        ensure!(self.rate > 0.0 && self.rate.is_finite(), "--lr must be positive");
        ensure!((1..=MAX_BUCKETS).contains(&self.buckets), "--buckets must be from 1 to {MAX_BUCKETS}");
        ensure!(self.validation > 0.0 && self.validation < 1.0, "--validation must be between 0 and 1");
        ensure!(self.threads >= 1, "--threads must be at least 1");
        ensure!(!self.data.contains(&self.out), "--out {} is one of the data files", self.out.display());
        let size = self.variant.rules().geometry.size();
        for other in &self.serves {
            ensure!(
                other.rules().geometry.size() == size,
                "--serves {other}: its board is not the one of {}",
                self.variant
            );
        }
        let names = self.rule_sets().iter().map(|variant| variant.name().len() + 1).sum::<usize>() - 1;
        ensure!(
            names <= NAMES_SIZE,
            "--serves: the rule sets' names take {names} bytes, more than the {NAMES_SIZE} a network file holds"
        );
        Ok(())
    }

    /// The rule sets the network serves: `variant` first, then `serves`, each once.
    pub fn rule_sets(&self) -> Vec<Variant> {
        let mut rule_sets = vec![self.variant];
        for &other in &self.serves {
            if !rule_sets.contains(&other) {
                rule_sets.push(other);
            }
        }
        rule_sets
    }
}

/// A trained network and how well it does on the validation positions.
#[derive(Clone, Debug)]
pub(crate) struct Trained {
    /// The quantised network.
    pub network: Network,
    /// The float network's validation loss after each epoch.
    pub losses: Vec<f64>,
    /// The quantised network's validation loss, through the search's evaluation.
    pub quantised_loss: f64,
}

/// Writes `variant`'s generation-0 network (material as weights,
/// `src/network/material.rs`) to `path`: what its first self-play plays with.
///
/// # Errors
/// The file cannot be written.
pub fn write_material(variant: Variant, path: &std::path::Path) -> anyhow::Result<()> {
    crate::network::material::material(variant).save(path)?;
    Ok(())
}

/// Reads the data, trains, writes the network, and reports to `out`: the data, the
/// scale, one line per epoch and the quantised network's loss.
///
/// # Errors
/// Bad options, unreadable or unsuitable data, or a network file that cannot be written.
pub fn run(options: &Options, out: &mut impl Write) -> anyhow::Result<()> {
    options.check()?;
    let started = Instant::now();
    let path = &options.out;
    if let Some(parent) = path.parent().filter(|parent| !parent.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
    }
    let mut data = dataset::load(&options.rule_sets(), &options.data, options.validation, options.seed)?;
    if let Some(root) = &options.egdb {
        let database = Database::preferred(options.variant, Some(root)).with_context(|| {
            format!("no endgame database of {} under {} nor built in", options.variant, root.display())
        })?;
        let training = relabel::relabel(&mut data.training, &database);
        let validation = relabel::relabel(&mut data.validation, &database);
        writeln!(
            out,
            "endgame database to {} pieces: {training} training and {validation} validation positions labelled with their value",
            database.pieces()
        )?;
    }
    writeln!(
        out,
        "data files {}: positions {} ({} repeats dropped), training {} from {} games, validation {} from {} games",
        options.data.len(),
        data.training.len() + data.validation.len(),
        data.duplicates,
        data.training.len(),
        data.training_games,
        data.validation.len(),
        data.validation_games
    )?;
    let trained = train(options, data, out)?;
    trained.network.save(path)?;
    writeln!(
        out,
        "quantised network: validation loss {:.6} (float {:.6}), written to {} in {:.1} s",
        trained.quantised_loss,
        trained.losses.last().copied().unwrap_or(f64::NAN),
        path.display(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// Fits a network to `data` as `options` say (its paths unused), reporting the scale
/// and each epoch to `out`.
///
/// # Errors
/// The thread pool cannot start, or `out` cannot be written.
pub(crate) fn train(options: &Options, mut data: Dataset, out: &mut impl Write) -> anyhow::Result<Trained> {
    options.check()?;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(options.threads).build()?;
    let (fitted, error) = scale::fit(&data.training);
    let scale = fitted.round().clamp(1.0, f64::from(u16::MAX));
    writeln!(
        out,
        "scale {scale} centi-men per logit (fitted {fitted:.1}; results against sigmoid(score / scale): \
         mean squared error {error:.6})"
    )?;
    writeln!(
        out,
        "training: epochs {}, batch {}, lr {:.1e} decaying {}, lambda {}, buckets {}, threads {}",
        options.epochs,
        options.batch,
        options.rate,
        options.decay,
        options.lambda,
        options.buckets,
        options.threads
    )?;
    let target = Target { lambda: options.lambda, scale: scale as f32 };
    writeln!(
        out,
        "validation loss of the search scores themselves: {:.6}",
        score_loss(&data.validation, target)
    )?;
    let model = Model::new(options.variant, options.buckets, options.seed);
    let mut trainer = Trainer::new(model, target, options.batch, &pool);
    let mut losses = Vec::new();
    for epoch in 0..options.epochs {
        let started = Instant::now();
        Random::new(options.seed, Stream::Epoch(epoch as usize)).shuffle(&mut data.training);
        let rate = options.decay.rate(options.rate, epoch, options.epochs);
        let training_loss = trainer.epoch(&data.training, rate);
        let loss = trainer.loss(&data.validation);
        losses.push(loss);
        let seconds = started.elapsed().as_secs_f64();
        writeln!(
            out,
            "epoch {:>3}/{}  train {training_loss:.6}  validation {loss:.6}  lr {rate:.3e}  {seconds:.2} s  \
             {:.0} positions/s",
            epoch + 1,
            options.epochs,
            data.training.len() as f64 / seconds.max(1e-9)
        )?;
        out.flush()?;
    }
    let network = Network::quantise(options.rule_sets(), scale as i32, &trainer.model.layers);
    let quantised_loss = quantised_loss(&network, &data.validation, target);
    Ok(Trained { network, losses, quantised_loss })
}

/// The mean squared error of `examples`' own search scores as predictions
/// (`sigmoid(score / scale)`): what a network that evaluates as well as the search
/// would reach.
fn score_loss(examples: &[Example], target: Target) -> f64 {
    let total: f64 = examples
        .iter()
        .map(|example| {
            let error = sigmoid(f32::from(example.score) / target.scale) - target.of(example);
            f64::from(error * error)
        })
        .sum();
    total / examples.len().max(1) as f64
}

/// The mean squared error of the integer `network` on `examples`, evaluated as the
/// search does (fresh feature sums, [`Network::output`] in centi-men, turned back into a
/// probability at the network's scale).
pub(crate) fn quantised_loss(network: &Network, examples: &[Example], target: Target) -> f64 {
    let total: f64 = examples
        .iter()
        .map(|example| {
            let position = &example.position;
            let start = features::start_pieces(position.geometry());
            let pieces = position.occupied().count();
            let sums = fresh_sums(network, position);
            let centi_men = network.output(&sums, position.side_to_move(), pieces, start);
            let error = sigmoid(centi_men as f32 / network.scale as f32) - target.of(example);
            f64::from(error * error)
        })
        .sum();
    total / examples.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(threads: usize, seed: u64) -> Options {
        Options {
            variant: Variant::English,
            serves: Vec::new(),
            data: vec![PathBuf::from("synthetic")],
            out: PathBuf::from("unused.nnue"),
            epochs: 2,
            batch: 1000,
            lambda: 0.0,
            rate: 1e-2,
            decay: Decay::Cosine,
            buckets: 2,
            validation: 0.2,
            threads,
            seed,
            egdb: None,
        }
    }

    fn data(count: usize, seed: u64) -> Dataset {
        dataset::split(synthetic::games(Variant::English, count, 60, seed), 0.2, seed).expect("enough games")
    }

    fn network_bytes(options: &Options, data: &Dataset) -> Vec<u8> {
        train(options, data.clone(), &mut Vec::new()).expect("trained").network.to_bytes()
    }

    #[test]
    fn threads_do_not_change_the_network_and_seeds_do() {
        let data = data(2500, 3);
        let one = network_bytes(&options(1, 5), &data);
        assert_eq!(one, network_bytes(&options(2, 5), &data));
        assert_eq!(one, network_bytes(&options(3, 5), &data));
        assert_ne!(one, network_bytes(&options(1, 6), &data));
        // A batch of several waves.
        let large = Options { batch: 20_000, epochs: 1, ..options(1, 5) };
        let data = self::data(21_000, 3);
        assert_eq!(
            network_bytes(&large, &data),
            network_bytes(&Options { threads: 2, ..large.clone() }, &data)
        );
    }

    #[test]
    fn the_validation_loss_falls_on_a_learnable_target() {
        let options = Options { epochs: 4, batch: 128, ..options(2, 1) };
        let mut report = Vec::new();
        let trained = train(&options, data(4000, 1), &mut report).expect("trained");
        let report = String::from_utf8(report).expect("text");
        let losses = &trained.losses;
        assert_eq!(losses.len(), 4);
        assert_eq!(report.lines().filter(|line| line.starts_with("epoch ")).count(), 4, "{report}");
        assert!(losses.windows(2).all(|pair| pair[1] < pair[0]), "{report}");
        assert!(losses[3] < 0.5 * losses[0], "{report}");
        // Quantising costs little.
        assert!((trained.quantised_loss - losses[3]).abs() < 0.1 * losses[3] + 1e-4, "{report}");
    }

    #[test]
    fn bad_settings_are_refused() {
        let refused = |options: Options| options.check().expect_err("refused").to_string();
        assert_eq!(refused(Options { batch: 0, ..options(1, 1) }), "--batch must be at least 1");
        assert_eq!(refused(Options { buckets: 0, ..options(1, 1) }), "--buckets must be from 1 to 16");
        assert_eq!(refused(Options { buckets: 17, ..options(1, 1) }), "--buckets must be from 1 to 16");
        assert_eq!(
            refused(Options { validation: 1.0, ..options(1, 1) }),
            "--validation must be between 0 and 1"
        );
        assert_eq!(
            refused(Options { validation: 0.0, ..options(1, 1) }),
            "--validation must be between 0 and 1"
        );
        assert_eq!(refused(Options { data: Vec::new(), ..options(1, 1) }), "no data files");
        let data = PathBuf::from("data.bin");
        assert_eq!(
            refused(Options { data: vec![data.clone()], out: data, ..options(1, 1) }),
            "--out data.bin is one of the data files"
        );
        assert!(options(1, 1).check().is_ok());
    }

    #[test]
    fn decays_start_at_the_first_rate_and_fall() {
        assert_eq!(Decay::Cosine.rate(0.01, 0, 10), 0.01);
        assert!((Decay::Cosine.rate(0.01, 5, 10) - 0.005).abs() < 1e-6);
        assert!((Decay::Factor(0.9).rate(0.01, 2, 10) - 0.0081).abs() < 1e-6);
        assert_eq!("cosine".parse(), Ok(Decay::Cosine));
        assert_eq!("0.9".parse(), Ok(Decay::Factor(0.9)));
        assert!(
            "0".parse::<Decay>().is_err() && "1.5".parse::<Decay>().is_err() && "x".parse::<Decay>().is_err()
        );
    }
}
