//! A puzzle's theme, read from its solution line alone, by one rule a theme.

use std::fmt;
use std::str::FromStr;

use crate::rules::{Color, Goal, Move, Position};

/// What a puzzle's solution does, as problem books sort their problems. Each theme has
/// one rule that reads it from the start position and the line; the first theme of
/// [`Theme::ALL`] whose rule holds is the puzzle's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The line ends with the opponent to move, pieces on the board and no legal move
    /// (not by a crowning that ends a game of breakthrough).
    Block,
    /// A shot: the opponent takes at least one piece in the line, and the solver ends it
    /// with more pieces over the opponent's than at the start (men given, more taken
    /// back).
    Shot,
    /// A breakthrough: one of the solver's men is crowned in the line.
    Breakthrough,
    /// An endgame win: the search proved the key move wins (the endgame databases, or
    /// the game's end within its horizon) and no rule above holds.
    Endgame,
    /// Material won by force, with nothing given and no crowning.
    Gain,
}

impl Theme {
    /// Every theme, in the order their rules are tried.
    pub const ALL: [Theme; 5] = [Theme::Block, Theme::Shot, Theme::Breakthrough, Theme::Endgame, Theme::Gain];

    /// The theme's name, as puzzle files and the board write it.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Block => "block",
            Theme::Shot => "shot",
            Theme::Breakthrough => "breakthrough",
            Theme::Endgame => "endgame",
            Theme::Gain => "gain",
        }
    }

    /// The theme of the line `line` played from `start` by the side to move there;
    /// `proven` says whether the search proved the key move a win (rather than scoring
    /// it a material gain).
    pub fn of_line(start: &Position, line: &[Move], proven: bool) -> Theme {
        let solver = start.side_to_move();
        let mut position = *start;
        let mut given = false;
        let mut crowned = false;
        for mv in line {
            let mover = position.side_to_move();
            given |= mover != solver && mv.is_capture();
            crowned |= mover == solver && mv.crowns();
            position = position.play(mv);
        }
        // In breakthrough a crowning ends the game, and the position after it has no
        // moves: that is a breakthrough, not a block.
        let crowning_ends = start.rules().goal == Goal::CrownFirst && crowned;
        let blocked = position.side_to_move() != solver
            && !position.pieces(position.side_to_move()).is_empty()
            && position.legal_moves().is_empty()
            && !crowning_ends;
        if blocked {
            Theme::Block
        } else if given && balance(&position, solver) > balance(start, solver) {
            Theme::Shot
        } else if crowned {
            Theme::Breakthrough
        } else if proven {
            Theme::Endgame
        } else {
            Theme::Gain
        }
    }
}

/// The pieces of `solver` less the opponent's in `position`: what a puzzle's line
/// must raise for its win to show on the board.
pub fn balance(position: &Position, solver: Color) -> i32 {
    position.pieces(solver).count() as i32 - position.pieces(!solver).count() as i32
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A theme name that is none of [`Theme::ALL`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme '{0}' (known: block, shot, breakthrough, endgame, gain)")]
pub struct UnknownTheme(pub String);

impl FromStr for Theme {
    type Err = UnknownTheme;

    fn from_str(name: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|theme| theme.name() == name)
            .ok_or_else(|| UnknownTheme(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    /// The theme of an English line from `fen`, the line written in notation.
    fn theme(fen: &str, line: &str, proven: bool) -> Theme {
        let start = Position::from_fen(Variant::English, fen).expect("a valid FEN");
        let mut at = start;
        let moves: Vec<Move> = line
            .split_whitespace()
            .map(|text| {
                let mv = at.parse_move(text).expect("a legal move");
                at = at.play(&mv);
                mv
            })
            .collect();
        Theme::of_line(&start, &moves, proven)
    }

    #[test]
    fn each_theme_follows_from_its_rule() {
        // 23-18 gives a man, 14x23 takes it, 27x11 takes two back.
        assert_eq!(theme("W:W22,23,27,28,32:B5,14,15", "23-18 14x23 27x11", false), Theme::Shot);
        // After 18-14 the man on 5 can neither step to 9 nor jump it: Black cannot move.
        assert_eq!(theme("W:W9,18:B5", "18-14", false), Theme::Block);
        // 6-2 crowns; Black's man on 20 can still move.
        assert_eq!(theme("W:W6:B20", "6-2", false), Theme::Breakthrough);
        // A man taken with nothing given.
        assert_eq!(theme("W:W22,30:B18,5", "22x15", false), Theme::Gain);
        // A quiet move the search proved a win.
        assert_eq!(theme("W:W9,18:B5", "9-6", true), Theme::Endgame);
    }

    #[test]
    fn names_read_back() {
        for theme in Theme::ALL {
            assert_eq!(theme.name().parse(), Ok(theme));
        }
        assert!("pin".parse::<Theme>().is_err());
    }
}
