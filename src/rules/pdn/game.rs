//! A PDN game as crownhead holds it: its tags, its moves as a tree (the main line, each
//! move with its glyph, its comment and the variations played instead of it), its
//! result, and the game of the rules it replays into.

use crate::rules::{Color, Game, Move, Outcome, Position, Variant};

/// One game of a PDN file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// The tags in file order. The writer replaces `GameType`, `Variant`, `FEN`,
    /// `SetUp` and `Result` by values consistent with the game.
    pub tags: Vec<(String, String)>,
    /// The start position; its variant is the game's rule set.
    pub start: Position,
    /// The comment before the first move (`{...}` ahead of the moves), if any.
    pub comment: Option<String>,
    /// The main line; each move holds the variations played instead of it.
    pub moves: Vec<PdnMove>,
    /// How the game ended.
    pub result: PdnResult,
}

/// A move of a line (the main line or a variation), with its annotations and the lines
/// played instead of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnMove {
    /// The move.
    pub mv: Move,
    /// The move's strength: a `!`/`?` suffix, or a NAG `$1` to `$6`.
    pub glyph: Option<PdnGlyph>,
    /// The text of the `{...}` comments after the move, blanks collapsed.
    pub comment: Option<String>,
    /// The variations: lines played instead of this move, from the position before it,
    /// in file order. Each line's moves may hold variations of their own.
    pub variations: Vec<PdnLine>,
}

/// A variation: a comment before its first move, if any, and its moves, the first of
/// which is played from the position before the move the variation replaces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnLine {
    /// The comment standing first in the variation, before its first move (PDN 3.0's
    /// grammar lets a comment open a variation as it opens a game).
    pub comment: Option<String>,
    /// The moves, each with its own annotations and variations.
    pub moves: Vec<PdnMove>,
}

/// A move's strength as PDN writes it after the move (`32-28!`), or as a numeric
/// annotation glyph `$1` to `$6` (PGN's numbers, which PDN 3.0 takes over).
///
/// Other NAGs (`$0`, `$7` and up: PGN's positional assessments, such as `$14` for a
/// slight advantage) are read and dropped: PDN gives them no meaning of its own, no
/// draughts program this reader was tested against writes them, and a glyph the board
/// and the writer cannot show would be kept without a reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PdnGlyph {
    /// `!` (`$1`): a good move.
    Good,
    /// `?` (`$2`): a mistake.
    Mistake,
    /// `!!` (`$3`): a very good move.
    Brilliant,
    /// `??` (`$4`): a blunder.
    Blunder,
    /// `!?` (`$5`): an interesting move.
    Interesting,
    /// `?!` (`$6`): a dubious move.
    Dubious,
}

/// How a game ended, by colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PdnResult {
    /// The side won.
    Win(Color),
    /// A draw.
    Draw,
    /// Both sides lost (`0-0`, for instance both forfeited).
    BothLose,
    /// Not finished, or not known (`*`).
    Unfinished,
}

/// A game of a PDN file that could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {message}")]
pub struct PdnError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The line of the fault, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Tags whose values the writer derives from the game itself.
pub(super) const DERIVED_TAGS: [&str; 5] = ["Result", "GameType", "Variant", "SetUp", "FEN"];

impl PdnGame {
    /// A game from `start` with no tags, no moves and no result yet.
    pub fn new(start: Position) -> PdnGame {
        PdnGame { tags: Vec::new(), start, comment: None, moves: Vec::new(), result: PdnResult::Unfinished }
    }

    /// The moves of `game` from its start, without tags or comments; the result is the
    /// one the rules give if the game is over, else unfinished.
    pub fn from_game(game: &Game) -> PdnGame {
        PdnGame {
            tags: Vec::new(),
            start: *game.start(),
            comment: None,
            moves: game.moves().iter().map(|&mv| PdnMove::new(mv)).collect(),
            result: game.result().map_or(PdnResult::Unfinished, |result| result.outcome.into()),
        }
    }

    /// The value of the tag `name` (compared ignoring case), if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(tag, _)| tag.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }

    /// Sets the tag `name` to `value`, in place if the game has it, else at the end.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(tag, _)| tag.eq_ignore_ascii_case(name)) {
            Some((_, old)) => *old = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The main line replayed from the start as a [`Game`], for its draw rules and result
    /// (variations are not played). Moves read from a file are legal; replay stops at the
    /// first that is not, which only a hand-edited `moves` can hold.
    pub fn game(&self) -> Game {
        let mut game = Game::new(self.start);
        for pdn_move in &self.moves {
            if game.play(pdn_move.mv).is_err() {
                break;
            }
        }
        game
    }
}

impl PdnMove {
    /// `mv` with no glyph, comment or variation.
    pub fn new(mv: Move) -> PdnMove {
        PdnMove { mv, glyph: None, comment: None, variations: Vec::new() }
    }
}

impl PdnGlyph {
    /// Every glyph, in the order of their NAGs (`$1` to `$6`).
    pub const ALL: [PdnGlyph; 6] = [
        PdnGlyph::Good,
        PdnGlyph::Mistake,
        PdnGlyph::Brilliant,
        PdnGlyph::Blunder,
        PdnGlyph::Interesting,
        PdnGlyph::Dubious,
    ];

    /// The glyph as written after a move: `!`, `?`, `!!`, `??`, `!?` or `?!`.
    pub fn text(self) -> &'static str {
        match self {
            PdnGlyph::Good => "!",
            PdnGlyph::Mistake => "?",
            PdnGlyph::Brilliant => "!!",
            PdnGlyph::Blunder => "??",
            PdnGlyph::Interesting => "!?",
            PdnGlyph::Dubious => "?!",
        }
    }

    /// The glyph `text` writes (one of the six, exactly), if any.
    pub fn from_text(text: &str) -> Option<PdnGlyph> {
        PdnGlyph::ALL.into_iter().find(|glyph| glyph.text() == text)
    }

    /// The glyph's numeric annotation glyph, 1 to 6.
    pub fn nag(self) -> u32 {
        match self {
            PdnGlyph::Good => 1,
            PdnGlyph::Mistake => 2,
            PdnGlyph::Brilliant => 3,
            PdnGlyph::Blunder => 4,
            PdnGlyph::Interesting => 5,
            PdnGlyph::Dubious => 6,
        }
    }

    /// The glyph the NAG `$number` stands for; `None` for the NAGs that are no move
    /// strength (see the type's documentation).
    pub fn from_nag(number: u32) -> Option<PdnGlyph> {
        PdnGlyph::ALL.into_iter().find(|glyph| glyph.nag() == number)
    }
}

impl PdnResult {
    /// Reads a result in any PDN form (`1-0`, `0-1`, `1/2-1/2`, `2-0`, `1-1`, `0-2`,
    /// `0-0`, `*`); the first score is that of the side moving first in `variant`.
    pub fn from_pdn(text: &str, variant: Variant) -> Option<PdnResult> {
        let first = variant.rules().first_to_move;
        match text.trim() {
            "1-0" | "2-0" => Some(PdnResult::Win(first)),
            "0-1" | "0-2" => Some(PdnResult::Win(!first)),
            "1/2-1/2" | "1-1" => Some(PdnResult::Draw),
            "0-0" => Some(PdnResult::BothLose),
            "*" => Some(PdnResult::Unfinished),
            _ => None,
        }
    }

    /// The result as `variant` writes it: the 10x10 rule sets score a win 2 points, as
    /// the FMJD and lidraughts write them.
    pub fn to_pdn(self, variant: Variant) -> &'static str {
        let ten = variant.rules().geometry.size() == 10;
        let (win, loss, draw) = if ten { ("2-0", "0-2", "1-1") } else { ("1-0", "0-1", "1/2-1/2") };
        match self {
            PdnResult::Win(color) if color == variant.rules().first_to_move => win,
            PdnResult::Win(_) => loss,
            PdnResult::Draw => draw,
            PdnResult::BothLose => "0-0",
            PdnResult::Unfinished => "*",
        }
    }
}

impl From<Outcome> for PdnResult {
    fn from(outcome: Outcome) -> PdnResult {
        match outcome {
            Outcome::Win(color) => PdnResult::Win(color),
            Outcome::Draw => PdnResult::Draw,
        }
    }
}

/// The rule set a PDN GameType names (by its number; a `Variant` tag tells apart the rule
/// sets that share one).
pub(super) fn variant_of_game_type(game_type: &str) -> Option<Variant> {
    let number = game_type.split(',').next()?.trim();
    Variant::ALL.into_iter().find(|variant| {
        let rules = variant.rules();
        rules.pdn_variant_tag.is_none() && rules.game_type.split(',').next() == Some(number)
    })
}
