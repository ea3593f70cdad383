//! The training positions: read from self-play data files, each position once, split by
//! game into a training and a validation set.
//!
//! Files of another rule set are refused. A position already read (same pieces and
//! side to move, by Zobrist hash) is dropped, so the first file that holds it keeps it.
//! The split is by game rather than by position: positions of one game are alike, and a
//! validation set that shares games with the training set would reward memorising them.

use std::collections::HashSet;
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use anyhow::{Context, ensure};

use super::random::{Random, Stream};
use crate::regular_file;
use crate::rules::{Position, Variant};
use crate::tools::learning::data::{Reader, Record};

/// One training position and what it is fitted to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The position.
    pub position: Position,
    /// The search score for the side to move, in centi-men.
    pub score: i16,
    /// The game's result for the side to move: 1 win, 0 draw, -1 loss.
    pub result: i8,
}

impl Example {
    /// The result as a probability of winning: 1, 0.5 or 0.
    pub fn result01(&self) -> f32 {
        (f32::from(self.result) + 1.0) / 2.0
    }
}

/// Positions and the games they come from, before the split.
#[derive(Clone, Debug, Default)]
pub struct Games {
    /// The positions, in file and game order.
    pub examples: Vec<Example>,
    /// The game of each position, numbered from 0 across all files.
    pub game_of: Vec<u32>,
    /// Positions dropped because an earlier one was the same.
    pub duplicates: usize,
    seen: HashSet<u64>,
    last: Option<(usize, u32)>,
    count: u32,
}

impl Games {
    /// The number of games with a position kept.
    pub fn count(&self) -> usize {
        self.count as usize
    }

    /// Adds a position of game `game` of file `file`, unless it was seen before. A game
    /// counts from its first position kept: one whose positions were all seen before
    /// has none to train or validate on.
    pub fn push(&mut self, file: usize, game: u32, example: Example) {
        if !self.seen.insert(example.position.hash()) {
            self.duplicates += 1;
            return;
        }
        if self.last != Some((file, game)) {
            self.last = Some((file, game));
            self.count += 1;
        }
        self.examples.push(example);
        self.game_of.push(self.count - 1);
    }

    /// Reads data file number `file` at `path`, which must hold positions of one of
    /// `rule_sets`.
    ///
    /// # Errors
    /// The file cannot be read, is not a sound data file, or is of another rule set.
    pub fn read(&mut self, rule_sets: &[Variant], file: usize, path: &Path) -> anyhow::Result<()> {
        let context = || format!("cannot read {}", path.display());
        regular_file::check(path).with_context(context)?;
        let reader =
            Reader::new(BufReader::new(File::open(path).with_context(context)?)).with_context(context)?;
        let names = || rule_sets.iter().map(Variant::to_string).collect::<Vec<_>>().join(" or ");
        ensure!(
            rule_sets.contains(&reader.variant()),
            "{} holds {} positions, not {}",
            path.display(),
            reader.variant(),
            names()
        );
        for record in reader {
            let Record { position, score, result, game, .. } = record.with_context(context)?;
            self.push(file, game, Example { position, score, result });
        }
        Ok(())
    }
}

/// The positions to train on and those held out to measure the network.
#[derive(Clone, Debug)]
pub struct Dataset {
    /// The training positions, in file order (each epoch shuffles them).
    pub training: Vec<Example>,
    /// The validation positions.
    pub validation: Vec<Example>,
    /// Games with training positions.
    pub training_games: usize,
    /// Games with validation positions.
    pub validation_games: usize,
    /// Positions dropped as repeats.
    pub duplicates: usize,
}

/// Reads the data files at `paths` (each of one of `rule_sets`) and holds out about `validation`
/// (between 0 and 1) of the games, chosen with `seed`.
///
/// # Errors
/// A file that cannot be read, is not a sound data file or is of another rule set, or too
/// little data to split.
pub fn load(rule_sets: &[Variant], paths: &[PathBuf], validation: f64, seed: u64) -> anyhow::Result<Dataset> {
    let mut games = Games::default();
    for (file, path) in paths.iter().enumerate() {
        games.read(rule_sets, file, path)?;
    }
    split(games, validation, seed)
}

/// Splits `games` into training and validation sets: `validation` of the games, at least
/// one, picked with `seed`, are held out.
///
/// # Errors
/// No positions, fewer than two games, or a side of the split without positions.
pub fn split(games: Games, validation: f64, seed: u64) -> anyhow::Result<Dataset> {
    ensure!(!games.examples.is_empty(), "no positions in the data");
    let count = games.count();
    ensure!(count >= 2, "the data holds one game: validation needs games of its own");
    let mut order: Vec<usize> = (0..count).collect();
    Random::new(seed, Stream::Split).shuffle(&mut order);
    let held = ((count as f64 * validation).round() as usize).clamp(1, count - 1);
    let mut held_out = vec![false; count];
    order[..held].iter().for_each(|&game| held_out[game] = true);
    let (mut training, mut validation) = (Vec::new(), Vec::new());
    for (example, &game) in games.examples.into_iter().zip(&games.game_of) {
        if held_out[game as usize] { &mut validation } else { &mut training }.push(example);
    }
    ensure!(
        !training.is_empty() && !validation.is_empty(),
        "too few positions to split into training and validation sets"
    );
    Ok(Dataset {
        training,
        validation,
        training_games: count - held,
        validation_games: held,
        duplicates: games.duplicates,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::learning::data::Writer;

    fn example(fen: &str, result: i8) -> Example {
        let position = Position::from_fen(Variant::English, fen).expect("a valid FEN");
        Example { position, score: 10, result }
    }

    #[test]
    fn repeats_are_dropped_and_games_counted_by_what_they_keep() {
        let mut games = Games::default();
        games.push(0, 0, example("W:W21:B12", 1));
        games.push(0, 0, example("B:W21:B12", 1));
        games.push(0, 1, example("W:W21:B12", 0));
        games.push(1, 1, example("W:W22:B12", -1));
        assert_eq!(games.examples.len(), 3);
        assert_eq!(games.duplicates, 1);
        // Game 1 of file 0 kept nothing, so it is not a game to split.
        assert_eq!(games.count(), 2);
        assert_eq!(games.game_of, [0, 0, 1]);
    }

    #[test]
    fn the_split_is_by_game_and_seeded() {
        let mut games = Games::default();
        let squares = [21, 22, 23, 24, 25, 26, 27, 28, 29, 30];
        for (game, square) in squares.into_iter().enumerate() {
            for black in [1, 2, 3] {
                games.push(0, game as u32, example(&format!("W:W{square}:B{black}"), 0));
            }
        }
        let data = split(games.clone(), 0.2, 7).expect("enough games");
        assert_eq!((data.training_games, data.validation_games), (8, 2));
        assert_eq!((data.training.len(), data.validation.len()), (24, 6));
        let white = |examples: &[Example]| -> HashSet<_> {
            examples.iter().map(|example| example.position.men(crate::rules::Color::White)).collect()
        };
        assert!(white(&data.training).is_disjoint(&white(&data.validation)));
        let again = split(games.clone(), 0.2, 7).expect("enough games");
        assert_eq!((&again.training, &again.validation), (&data.training, &data.validation));
        let other = split(games, 0.2, 8).expect("enough games");
        assert_ne!(other.validation, data.validation);
    }

    #[test]
    fn too_little_data_is_refused() {
        let error = |games: Games| split(games, 0.05, 1).expect_err("too little").to_string();
        assert_eq!(error(Games::default()), "no positions in the data");
        let mut one = Games::default();
        one.push(0, 3, example("W:W21:B12", 1));
        assert_eq!(error(one), "the data holds one game: validation needs games of its own");
    }

    #[test]
    fn files_of_another_rule_set_or_damaged_are_refused() {
        let dir = std::env::temp_dir().join(format!("crownhead-train-dataset-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let write = |name: &str, variant: Variant, fen: &str| {
            let mut bytes = Vec::new();
            let position = Position::from_fen(variant, fen).expect("a valid FEN");
            let record = Record { position, score: 0, ply: 9, result: 0, game: 0 };
            Writer::new(&mut bytes, variant).and_then(|mut writer| writer.write(&record)).expect("in memory");
            let path = dir.join(name);
            std::fs::write(&path, bytes).expect("written");
            path
        };
        let russian = write("russian.bin", Variant::Russian, "W:Wc3:Bf6");
        let english = write("english.bin", Variant::English, "W:W21:B12");
        let error =
            load(&[Variant::English], &[english.clone(), russian.clone()], 0.5, 1).expect_err("russian");
        assert_eq!(error.to_string(), format!("{} holds russian positions, not english", russian.display()));
        let pool = [Variant::English, Variant::English25];
        let german = write("english-25.bin", Variant::English25, "W:W22:B11");
        let both = load(&pool, &[english.clone(), german], 0.5, 1).expect("either rule set is read");
        assert_eq!(both.training.len() + both.validation.len(), 2);
        let error = load(&pool, &[english.clone(), russian.clone()], 0.5, 1).expect_err("russian");
        assert_eq!(
            error.to_string(),
            format!("{} holds russian positions, not english or english-25", russian.display())
        );
        let bytes = std::fs::read(&english).expect("written");
        let truncated = dir.join("truncated.bin");
        std::fs::write(&truncated, &bytes[..bytes.len() - 3]).expect("written");
        let error =
            load(&[Variant::English], std::slice::from_ref(&truncated), 0.5, 1).expect_err("truncated");
        assert_eq!(
            format!("{error:#}"),
            format!("cannot read {}: truncated file: it ends inside record 0", truncated.display())
        );
        let missing = dir.join("missing.bin");
        let error = load(&[Variant::English], std::slice::from_ref(&missing), 0.5, 1).expect_err("missing");
        assert!(format!("{error:#}").starts_with(&format!("cannot read {}: ", missing.display())));
        let _ = std::fs::remove_dir_all(dir);
    }
}
