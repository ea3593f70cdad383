//! Strength levels: weaker play on purpose, for people who want a game they can win.
//!
//! A level below [`MAX_STRENGTH`] changes a search for a move to play in two ways, as
//! Stockfish's Skill Level does: it caps the nodes the move may search (the cap grows
//! geometrically with the level; the weakest levels cap the depth instead), and it searches the best few root moves (multi-PV)
//! and plays the one whose score plus a random term is highest, the term's spread
//! falling as the level rises. A small cap makes the search shallow, so that tactics
//! a few plies deep go unseen; the random term makes a level play moves a little worse
//! than its best now and then, as people do, and varies its games. A line that loses
//! material by more than the spread is never chosen, and a forced win the search found
//! is always played. Analysis never goes through here: only [`crate::engine`]'s searches
//! for a move to play do.
//!
//! Each level's figures (the table [`LEVELS`]) were tuned by matches of each level
//! against the next up, recorded in docs/strength-levels.md.

use crate::rules::{Position, splitmix64};

use super::limits::Limits;
use super::searcher::{Info, SearchResult, Settings};

/// The weakest strength level.
pub const MIN_STRENGTH: u8 = 1;

/// The strongest strength level: full strength, the search untouched.
pub const MAX_STRENGTH: u8 = 10;

/// How a level below full strength searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The deepest iteration a move may search, if the level has a depth cap: the
    /// weakest levels, whose node caps would be too coarse (the search looks at its node
    /// count only every 1,024 nodes).
    pub depth: Option<u32>,
    /// The most nodes a move may search (fewer if the limits say so).
    pub nodes: u64,
    /// The root moves searched to be chosen from (multi-PV lines).
    pub lines: usize,
    /// The random term's spread in centi-men: each line's score gets a number from 0 up
    /// to this added before the highest is played.
    pub spread: i32,
}

/// Levels [`MIN_STRENGTH`] to `MAX_STRENGTH - 1`, weakest first.
pub const LEVELS: [Level; (MAX_STRENGTH - MIN_STRENGTH) as usize] = [
    Level { depth: Some(2), nodes: 1_000, lines: 4, spread: 200 },
    Level { depth: Some(2), nodes: 1_000, lines: 4, spread: 100 },
    Level { depth: Some(3), nodes: 1_000, lines: 4, spread: 100 },
    Level { depth: None, nodes: 2_000, lines: 4, spread: 100 },
    Level { depth: None, nodes: 4_000, lines: 4, spread: 60 },
    Level { depth: None, nodes: 8_000, lines: 4, spread: 40 },
    Level { depth: None, nodes: 16_000, lines: 4, spread: 25 },
    Level { depth: None, nodes: 40_000, lines: 4, spread: 15 },
    Level { depth: None, nodes: 100_000, lines: 4, spread: 10 },
];

impl Level {
    /// The level `strength` plays at, `None` at full strength (and above it).
    pub fn of(strength: u8) -> Option<Level> {
        let index = strength.clamp(MIN_STRENGTH, MAX_STRENGTH) - MIN_STRENGTH;
        LEVELS.get(usize::from(index)).copied()
    }

    /// `limits` with the level's caps.
    pub fn limits(self, limits: &Limits) -> Limits {
        Limits {
            depth: lower(limits.depth, self.depth),
            nodes: lower(limits.nodes, Some(self.nodes)),
            ..*limits
        }
    }

    /// `settings` searching at least the level's lines.
    pub fn settings(self, settings: Settings) -> Settings {
        Settings { multipv: settings.multipv.max(self.lines), ..settings }
    }

    /// What the search found in `root` (`result`, and the `lines` of its last completed
    /// iteration), with the move to play at this level in place of its best: the
    /// search's own when it wins, else the line whose score plus a random term drawn
    /// from `random` is highest (ties to the better line), with its reply, line and score.
    pub fn play(self, root: &Position, result: SearchResult, lines: &Lines, random: u64) -> SearchResult {
        let legal = root.legal_moves();
        match self.choose(&result, &lines.last, random) {
            Some(line) if line.pv.first().is_some_and(|mv| legal.contains(mv)) => played(result, line),
            _ => result,
        }
    }

    /// The line to play among `lines` (a completed iteration's, best first), or `None`
    /// to play the search's own best move: when it wins, or the best line scores highest
    /// after the random term (ties go to the better line).
    fn choose<'a>(self, result: &SearchResult, lines: &'a [Info], random: u64) -> Option<&'a Info> {
        if result.score.is_win() {
            return None;
        }
        let spread = u64::try_from(self.spread).unwrap_or(0) + 1;
        let mut state = random;
        let mut noisy = |line: &Info| {
            let (next, value) = splitmix64(state);
            state = next;
            line.score.centi_men().saturating_add((value % spread) as i32)
        };
        let (index, _) = lines
            .iter()
            .map(&mut noisy)
            .enumerate()
            .max_by_key(|&(index, score)| (score, std::cmp::Reverse(index)))?;
        lines.get(index).filter(|_| index > 0)
    }
}

/// The lower of two limits, either of which may be absent.
fn lower<T: Ord>(one: Option<T>, other: Option<T>) -> Option<T> {
    match (one, other) {
        (Some(one), Some(other)) => Some(one.min(other)),
        (one, other) => one.or(other),
    }
}

/// The lines of a weakened search's last completed iteration, kept as its reports go
/// by; only those the person asked for are passed on.
#[derive(Debug, Default)]
pub struct Lines {
    last: Vec<Info>,
}

impl Lines {
    /// Keeps `info`, and passes it on to `report` if it is one of the `multipv` best lines
    /// asked for.
    pub fn record(&mut self, info: &Info, multipv: usize, report: &mut impl FnMut(&Info)) {
        if info.multipv == 1 {
            self.last.clear();
        }
        self.last.push(info.clone());
        if info.multipv <= multipv {
            report(info);
        }
    }
}

/// `result` with `line`'s move, reply, line and score in place of its own.
fn played(result: SearchResult, line: &Info) -> SearchResult {
    SearchResult {
        best_move: line.pv.first().copied(),
        ponder_move: line.pv.get(1).copied(),
        pv: line.pv.clone(),
        score: line.score,
        ..result
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::rules::Variant;
    use crate::search::Score;

    fn line(position: &Position, index: usize, centi_men: i32) -> Info {
        Info {
            depth: 5,
            seldepth: 5,
            mean_depth: 5.0,
            multipv: index + 1,
            score: Score::from_centi_men(centi_men),
            nodes: 0,
            time: Duration::ZERO,
            nps: 0,
            hashfull: 0,
            pv: vec![position.legal_moves()[index]],
        }
    }

    /// Lines 0.5 and 3 men behind the best: with a spread of 1 man, the first is played
    /// now and then, the second never; the best line is played as the search's result.
    #[test]
    fn a_line_further_behind_than_the_spread_is_never_chosen() {
        let start = Position::start(Variant::English);
        let mut lines = Lines::default();
        for (index, score) in [(0, 0), (1, -50), (2, -300)] {
            lines.record(&line(&start, index, score), 1, &mut |_| {});
        }
        let best = &lines.last[0];
        let result = SearchResult {
            best_move: best.pv.first().copied(),
            ponder_move: None,
            pv: best.pv.clone(),
            score: best.score,
            depth: 5,
            nodes: 0,
            time: Duration::ZERO,
        };
        let level = Level { depth: None, nodes: 1_000, lines: 3, spread: 100 };
        let mut counts = [0; 3];
        for random in 0..1_000 {
            let played = level.play(&start, result.clone(), &lines, splitmix64(random).1);
            let index = lines.last.iter().position(|line| line.pv.first() == played.best_move.as_ref());
            counts[index.expect("one of the lines")] += 1;
            assert_eq!(played.score, lines.last[index.unwrap_or(0)].score, "the score of the line played");
        }
        assert!(counts[0] > counts[1] && counts[1] > 0 && counts[2] == 0, "{counts:?}");
    }
}
