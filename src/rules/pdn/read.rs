//! Reading PDN files as they are found: several games, with or without blank lines
//! between them, comments, variations, NAGs, move numbers in any form, any result
//! notation, and a game that cannot be read reported where it fails while the rest of
//! the file is still read.

use super::game::{PdnError, PdnGame, PdnResult, variant_of_game_type};
use super::lexer::{Lexer, Token};
use super::tree::{TreeError, read_tree};
use crate::rules::{FenError, Numbering, Position, Rules, Variant};

/// Reads every game of a PDN file, in order: each a game or the error that stopped it.
/// `default_variant` applies to games with neither a `GameType` nor a `Variant` tag
/// naming a rule set crownhead plays.
///
/// ```
/// use crownhead::rules::{PdnResult, Variant, read_pdn};
///
/// let text = r#"[Event "Club night"]
/// [Result "*"]
/// 1. 11-15 23-19 {a book move} 2. 8-11 *
///
/// [Event "Broken"]
/// 1. 11-15 11-15 *
/// "#;
/// let games = read_pdn(text, Variant::English);
/// assert_eq!(games.len(), 2);
///
/// let game = games[0].as_ref().expect("the first game reads");
/// assert_eq!(game.tag("event"), Some("Club night"));
/// assert_eq!(game.moves.len(), 3);
/// assert_eq!(game.moves[1].comment.as_deref(), Some("a book move"));
/// assert_eq!(game.result, PdnResult::Unfinished);
///
/// // The second game's second move is illegal: reported with its game and line.
/// let error = games[1].as_ref().expect_err("the second game does not read");
/// assert_eq!((error.game, error.line), (2, 6));
/// ```
pub fn read_pdn(text: &str, default_variant: Variant) -> Vec<Result<PdnGame, PdnError>> {
    let mut lexer = Lexer::new(text);
    let mut games = Vec::new();
    while lexer.clone().next_token().is_some() {
        let number = games.len() + 1;
        match read_game(&mut lexer, default_variant) {
            Ok(Some(game)) => games.push(Ok(game)),
            Ok(None) => {}
            Err(fault) => {
                lexer.skip_game(fault.in_tags);
                games.push(Err(PdnError { game: number, line: fault.line, message: fault.message }));
            }
        }
    }
    games
}

/// Why a game could not be read.
struct Fault {
    line: usize,
    message: String,
    /// The fault is in the tags, so the game's moves are still ahead.
    in_tags: bool,
}

impl Fault {
    fn in_tags(line: usize, message: impl ToString) -> Fault {
        Fault { line, message: message.to_string(), in_tags: true }
    }

    fn in_moves(line: usize, message: impl ToString) -> Fault {
        Fault { line, message: message.to_string(), in_tags: false }
    }
}

impl From<TreeError> for Fault {
    fn from(error: TreeError) -> Fault {
        Fault::in_moves(error.line, error.message)
    }
}

/// A tag as read: its line, name and value.
type LineTag<'a> = (usize, &'a str, String);

/// The next game, or `None` if what comes before the next game holds no game (stray
/// comments).
fn read_game(lexer: &mut Lexer, default_variant: Variant) -> Result<Option<PdnGame>, Fault> {
    let tags = read_tags(lexer)?;
    let start = start_position(&tags, default_variant)?;
    let mut game = PdnGame::new(start);
    let (main_line, terminator) = read_tree(lexer, start)?;
    (game.comment, game.moves) = (main_line.comment, main_line.moves);
    if tags.is_empty() && game.moves.is_empty() && terminator.is_none() {
        return Ok(None);
    }
    let tagged = find(&tags, "Result").and_then(|(_, _, value)| PdnResult::from_pdn(value, start.variant()));
    game.result = [tagged, terminator]
        .into_iter()
        .flatten()
        .find(|&result| result != PdnResult::Unfinished)
        .unwrap_or(PdnResult::Unfinished);
    game.tags = tags.into_iter().map(|(_, name, value)| (name.to_string(), value)).collect();
    Ok(Some(game))
}

/// The tags opening a game. A tag whose name the game already has starts the next game.
fn read_tags<'a>(lexer: &mut Lexer<'a>) -> Result<Vec<LineTag<'a>>, Fault> {
    let mut tags: Vec<LineTag> = Vec::new();
    loop {
        let before = lexer.clone();
        match lexer.next_token() {
            Some(Ok((line, Token::Tag { name, value }))) if find(&tags, name).is_none() => {
                tags.push((line, name, value));
            }
            Some(Err(error)) if !tags.is_empty() => return Err(Fault::in_tags(error.line, error.message)),
            _ => {
                *lexer = before;
                return Ok(tags);
            }
        }
    }
}

fn find<'t, 'a>(tags: &'t [LineTag<'a>], name: &str) -> Option<&'t LineTag<'a>> {
    tags.iter().find(|(_, tag, _)| tag.eq_ignore_ascii_case(name))
}

/// The start position the tags give: the rule set from `Variant` or `GameType`, the
/// pieces from `FEN`.
fn start_position(tags: &[LineTag], default_variant: Variant) -> Result<Position, Fault> {
    let named = find(tags, "Variant").and_then(|(_, _, value)| value.parse::<Variant>().ok());
    let variant = match (named, find(tags, "GameType")) {
        (Some(variant), _) => variant,
        (None, Some((line, _, game_type))) => variant_of_game_type(game_type)
            .ok_or_else(|| Fault::in_tags(*line, format!("unsupported GameType '{game_type}'")))?,
        (None, None) => default_variant,
    };
    match find(tags, "FEN") {
        Some((line, _, fen)) => read_fen(variant, fen).map_err(|error| Fault::in_tags(*line, error)),
        None => Ok(Position::start(variant)),
    }
}

/// Reads a FEN tag. For a rule set written algebraically, a FEN in numbers that cannot
/// be read with a1 = 1 (PDN's numbering) is read again with 1 = b8, row by row from the
/// top as in English, which lidraughts and some Russian programs use.
fn read_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
    let rules = variant.rules();
    Position::from_fen(variant, fen).or_else(|error| {
        let from_top = Rules { numbering: Numbering { from_top: true, from_right: false }, ..*rules };
        if rules.algebraic { Position::from_fen_in(&from_top, fen).map_err(|_| error) } else { Err(error) }
    })
}
