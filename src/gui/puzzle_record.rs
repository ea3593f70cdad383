//! The person's puzzle record: a rating for each rule set and the puzzles tried, and each
//! puzzle's rating as the tries at it moved it, kept in one JSON file between runs (the page's own storage would not do: the server's port,
//! and so the page's origin, changes from run to run). The file is the one named with
//! `crownhead gui --puzzle-record`, or `crownhead/puzzles.json` in the user's data
//! directory; the page cannot name another.

use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::puzzles::{Puzzle, Rating};
use crate::regular_file;
use crate::rules::Variant;

/// The most attempts a rule set's history keeps, the latest.
pub const MAX_HISTORY: usize = 2000;

/// The record file's format: 1 kept the person's standings only (and said no version), 2
/// keeps the puzzles' ratings beside them. A record of a later format is refused rather
/// than rewritten without what this one does not know.
pub const VERSION: u32 = 2;

/// The record file's default place: `crownhead/puzzles.json` in the user's data
/// directory (`$XDG_DATA_HOME`, or `~/.local/share`, on Linux), beside the endgame
/// databases' default directory.
pub fn default_path() -> Option<PathBuf> {
    dirs::data_dir().map(|data| data.join("crownhead").join("puzzles.json"))
}

/// Every rule set's standing, by the rule set's name, and the puzzles' ratings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The file format's version ([`VERSION`]; 1 when the file names none).
    #[serde(default = "first_version")]
    pub version: u32,
    /// The standings.
    #[serde(default)]
    pub variants: BTreeMap<String, Standing>,
    /// The ratings of the puzzles tried, by the rule set's name then the puzzle's id; a
    /// puzzle not here has its starting rating.
    #[serde(default)]
    pub puzzles: BTreeMap<String, BTreeMap<String, PuzzleRating>>,
}

/// A puzzle's rating, moved by the tries at it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRating {
    /// The Glicko-2 rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated tries at it.
    pub tries: u32,
}

/// A person's rating in one rule set, and what they tried.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The Glicko-2 rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Puzzles rated.
    pub tried: u32,
    /// Of them, solved without a miss.
    pub solved: u32,
    /// The rated attempts, oldest first, the latest [`MAX_HISTORY`].
    #[serde(default)]
    pub history: Vec<Attempt>,
}

/// One rated attempt at a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// The puzzle's id: its position's FEN.
    pub puzzle: String,
    /// Whether it was solved without a miss.
    pub solved: bool,
    /// The puzzle's rating.
    pub puzzle_rating: u32,
    /// The puzzle's theme.
    pub theme: String,
    /// The person's rating before.
    pub before: f64,
    /// And after.
    pub after: f64,
}

impl Default for Record {
    fn default() -> Record {
        Record { version: VERSION, variants: BTreeMap::new(), puzzles: BTreeMap::new() }
    }
}

/// The version of a record file that names none: the first.
fn first_version() -> u32 {
    1
}

impl Default for Standing {
    fn default() -> Standing {
        Standing::at(Rating::NEW)
    }
}

impl Standing {
    /// A standing with `rating` and nothing tried.
    fn at(rating: Rating) -> Standing {
        Standing {
            rating: rating.rating,
            deviation: rating.deviation,
            volatility: rating.volatility,
            tried: 0,
            solved: 0,
            history: Vec::new(),
        }
    }

    /// The rating.
    pub fn rating(&self) -> Rating {
        Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }

    /// Records `attempt`, after which the rating is `after`.
    pub fn record(&mut self, attempt: Attempt, after: Rating) {
        (self.rating, self.deviation, self.volatility) = (after.rating, after.deviation, after.volatility);
        self.tried += 1;
        self.solved += u32::from(attempt.solved);
        self.history.push(attempt);
        let excess = self.history.len().saturating_sub(MAX_HISTORY);
        self.history.drain(..excess);
    }

    /// The ids of the puzzles tried (those the history keeps).
    pub fn tried_ids(&self) -> HashSet<&str> {
        self.history.iter().map(|attempt| attempt.puzzle.as_str()).collect()
    }
}

impl Record {
    /// The record in the file at `path`, or an empty one where there is no file.
    ///
    /// # Errors
    /// The file cannot be read, or is not a record: it is left as it is, for the person
    /// to move away.
    pub fn load(path: &Path) -> io::Result<Record> {
        let text = match regular_file::read_to_string(path) {
            Ok(text) => text,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Record::default()),
            Err(error) => return Err(named(path, error)),
        };
        let refused = |why: String| {
            named(
                path,
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{why}: move it away, or name another file with --puzzle-record"),
                ),
            )
        };
        let record: Record =
            serde_json::from_str(&text).map_err(|error| refused(format!("not a puzzle record ({error})")))?;
        if record.version > VERSION {
            return Err(refused(format!(
                "a puzzle record of format {}, from a later crownhead (this one reads up to {VERSION})",
                record.version
            )));
        }
        Ok(Record { version: VERSION, ..record })
    }

    /// Writes the record to `path`, whole or not at all (a file beside it, then renamed),
    /// making its directory if need be.
    ///
    /// # Errors
    /// The directory or the file cannot be written.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        if let Some(directory) = path.parent().filter(|directory| !directory.as_os_str().is_empty()) {
            fs::create_dir_all(directory).map_err(|error| named(directory, error))?;
        }
        let text = serde_json::to_string_pretty(self).map_err(io::Error::other)?;
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".new");
        let temporary = PathBuf::from(temporary);
        fs::write(&temporary, text).map_err(|error| named(&temporary, error))?;
        fs::rename(&temporary, path).map_err(|error| named(path, error))
    }

    /// The standing in the rule set `variant`, a newcomer's if none yet.
    pub fn standing(&self, variant: &str) -> Standing {
        self.variants.get(variant).cloned().unwrap_or_default()
    }

    /// The rating of `puzzle` of `variant` now: as the tries at it left it, or its
    /// starting rating ([`Rating::puzzle`]) before any.
    pub fn puzzle_rating(&self, variant: Variant, puzzle: &Puzzle) -> Rating {
        self.puzzles
            .get(variant.name())
            .and_then(|ratings| ratings.get(&puzzle.position.to_fen()))
            .map_or_else(
                || Rating::puzzle(puzzle.rating),
                |kept| Rating { rating: kept.rating, deviation: kept.deviation, volatility: kept.volatility },
            )
    }

    /// Keeps `rating` as the rating of the puzzle `id` of `variant`, after one more try.
    pub fn set_puzzle_rating(&mut self, variant: Variant, id: &str, rating: Rating) {
        let ratings = self.puzzles.entry(variant.name().to_string()).or_default();
        let tries = ratings.get(id).map_or(0, |kept| kept.tries) + 1;
        let kept = PuzzleRating {
            rating: rating.rating,
            deviation: rating.deviation,
            volatility: rating.volatility,
            tries,
        };
        ratings.insert(id.to_string(), kept);
    }
}

/// `error`, saying which file it is about.
fn named(path: &Path, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("puzzle record {}: {error}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(puzzle: &str, solved: bool) -> Attempt {
        Attempt {
            puzzle: puzzle.into(),
            solved,
            puzzle_rating: 1000,
            theme: "shot".into(),
            before: 1500.0,
            after: 1400.0,
        }
    }

    #[test]
    fn a_record_saved_loads_back_the_same() {
        let directory = std::env::temp_dir().join(format!("crownhead-record-{}", std::process::id()));
        let path = directory.join("deeper").join("puzzles.json");
        assert_eq!(Record::load(&path).unwrap(), Record::default());
        let mut record = Record::default();
        let mut standing = Standing::default();
        standing.record(
            attempt("W:W18:B14", false),
            Rating { rating: 1400.0, deviation: 300.0, volatility: 0.06 },
        );
        record.variants.insert("english".into(), standing);
        record.save(&path).unwrap();
        assert_eq!(Record::load(&path).unwrap(), record);
        fs::write(&path, "{ not json").unwrap();
        let error = Record::load(&path).unwrap_err().to_string();
        assert!(error.contains("puzzles.json") && error.contains("not a puzzle record"), "{error}");
        fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn a_first_format_record_reads_and_a_later_one_is_refused() {
        let directory = std::env::temp_dir().join(format!("crownhead-record-format-{}", std::process::id()));
        fs::create_dir_all(&directory).unwrap();
        let path = directory.join("puzzles.json");
        // As the first format wrote it: no version, no puzzle ratings.
        let first = r#"{"variants":{"english":{"rating":1400.0,"deviation":300.0,"volatility":0.06,"tried":1,"solved":0,"history":[]}}}"#;
        fs::write(&path, first).unwrap();
        let record = Record::load(&path).unwrap();
        assert_eq!((record.version, record.puzzles.len()), (VERSION, 0));
        assert_eq!((record.standing("english").rating, record.standing("english").tried), (1400.0, 1));
        fs::write(&path, r#"{"version":3,"variants":{}}"#).unwrap();
        let error = Record::load(&path).unwrap_err().to_string();
        assert!(error.contains("of format 3, from a later crownhead"), "{error}");
        fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn the_history_keeps_the_latest_attempts() {
        let mut standing = Standing::default();
        for number in 0..MAX_HISTORY + 3 {
            standing.record(attempt(&number.to_string(), number % 2 == 0), Rating::NEW);
        }
        assert_eq!(standing.tried as usize, MAX_HISTORY + 3);
        assert_eq!(standing.solved as usize, MAX_HISTORY / 2 + 2);
        assert_eq!(standing.history.len(), MAX_HISTORY);
        let tried = standing.tried_ids();
        assert!(!tried.contains("2") && tried.contains("3") && tried.len() == MAX_HISTORY);
    }
}
