//! A match played in parts, each part a range of its game pairs (`crownhead match
//! --pairs FIRST-LAST --json`), perhaps on different machines: the parts' games counted
//! in game order, as one match playing them one after another would have counted them,
//! up to where its SPRT decides.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use super::json;
use super::stats::Sprt;
use super::summary;
use super::tally::{CountedGame, SprtTally};
use crate::regular_file;

/// Reads the parts' JSON summaries and writes the summary of the whole (as text, or as
/// JSON with `as_json`).
///
/// # Errors
/// A file that cannot be read or is not a JSON match summary, parts of matches between
/// other engines, or a game in two parts.
pub fn summarise(
    paths: &[PathBuf],
    sprt: Option<Sprt>,
    as_json: bool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let mut names: Option<[String; 2]> = None;
    let mut games: BTreeMap<u64, (CountedGame, &Path)> = BTreeMap::new();
    for path in paths {
        let text =
            regular_file::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        let part = json::read(&text).with_context(|| path.display().to_string())?;
        match &names {
            None => names = Some(part.names),
            Some(known) => anyhow::ensure!(
                *known == part.names,
                "{} is a match of {} against {}, not of {} against {}",
                path.display(),
                part.names[0],
                part.names[1],
                known[0],
                known[1]
            ),
        }
        for game in part.games {
            if let Some((_, other)) = games.get(&game.index) {
                anyhow::bail!(
                    "game {} is in both {} and {}",
                    game.index + 1,
                    other.display(),
                    path.display()
                );
            }
            games.insert(game.index, (game, path));
        }
    }
    let names = names.context("no part given")?;
    let mut count = SprtTally::new(sprt);
    for (game, _) in games.into_values() {
        count.add(game);
    }
    let outcome = count.outcome();
    if as_json {
        json::write(out, &names, &count.tally, outcome.as_ref())?;
    } else {
        summary::write(out, &names, &count.tally, outcome.as_ref())?;
    }
    Ok(())
}

/// Game pairs `first` to `last` of a match, counted from 1, both included: pair `k`
/// plays opening `k` (cycling through the set) and is games `2k - 1` and `2k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairRange {
    /// The first pair played, from 1.
    pub first: u64,
    /// The last pair played, at least `first`.
    pub last: u64,
}

impl PairRange {
    /// The indices (from 0) of the range's games: from `2 (first - 1)` up to, not
    /// including, `2 last`.
    pub fn game_indices(&self) -> std::ops::Range<u64> {
        2 * (self.first - 1)..2 * self.last
    }
}

/// A text that is not `FIRST-LAST` with `1 <= FIRST <= LAST`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not FIRST-LAST, game pairs counted from 1 with FIRST <= LAST (for example 21-40)")]
pub struct BadPairRange(pub String);

/// The most pairs a range may reach: game indices stay far from overflowing.
const MAX_PAIR: u64 = 1 << 40;

impl std::str::FromStr for PairRange {
    type Err = BadPairRange;

    /// Reads `FIRST-LAST` (`--pairs 21-40`), or `N` for the one pair `N`.
    fn from_str(text: &str) -> Result<PairRange, BadPairRange> {
        let bad = || BadPairRange(text.to_string());
        let (first, last) = text.split_once('-').unwrap_or((text, text));
        let number = |part: &str| part.trim().parse::<u64>().ok().filter(|&n| (1..=MAX_PAIR).contains(&n));
        match (number(first), number(last)) {
            (Some(first), Some(last)) if first <= last => Ok(PairRange { first, last }),
            _ => Err(bad()),
        }
    }
}
