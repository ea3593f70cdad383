//! Reading PDN files as they are found: several games, with or without blank lines
//! between them, comments, variations, NAGs, move numbers in any form, any result
//! notation, and a game that cannot be read reported where it fails while the rest of
//! the file is still read.

use super::game::{PdnError, PdnGame, PdnMove, PdnResult, variant_of_game_type};
use super::lexer::{LexError, Lexer, Token};
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

impl From<LexError> for Fault {
    fn from(error: LexError) -> Fault {
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
    let terminator = read_moves(lexer, &mut game)?;
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

/// Reads the moves of `game` up to its result, its end of text or the next game's tags,
/// and returns the result written at the end, if any.
fn read_moves(lexer: &mut Lexer, game: &mut PdnGame) -> Result<Option<PdnResult>, Fault> {
    let variant = game.start.variant();
    let mut position = game.start;
    let mut variations: Vec<usize> = Vec::new();
    loop {
        let before = lexer.clone();
        let Some(next) = lexer.next_token() else { break };
        let (line, token) = next?;
        let in_main_line = variations.is_empty();
        match token {
            Token::Tag { .. } => {
                *lexer = before;
                break;
            }
            Token::Comment(text) => {
                if let (true, Some(last)) = (in_main_line, game.moves.last_mut()) {
                    let comment = last.comment.get_or_insert_with(String::new);
                    if !comment.is_empty() {
                        comment.push(' ');
                    }
                    comment.push_str(&text);
                }
            }
            Token::VariationStart => variations.push(line),
            Token::VariationEnd => {
                variations.pop().ok_or_else(|| Fault::in_moves(line, "')' closes no variation"))?;
            }
            Token::Nag => {}
            Token::Word(word) => {
                let text = without_move_number(word);
                if let Some(result) = PdnResult::from_pdn(text, variant) {
                    if in_main_line {
                        return Ok(Some(result));
                    }
                    continue;
                }
                let text = text.trim_end_matches(['!', '?']);
                if in_main_line && !text.is_empty() {
                    let mv = position.parse_move(text).map_err(|error| Fault::in_moves(line, error))?;
                    position = position.play(&mv);
                    game.moves.push(PdnMove { mv, comment: None });
                }
            }
        }
    }
    match variations.last() {
        Some(&line) => Err(Fault::in_moves(line, "the variation opened here is never closed")),
        None => Ok(None),
    }
}

/// `word` without a leading move number (`12.`, `12...`, `...`): the move in `12.32-28`,
/// nothing in `12.`.
fn without_move_number(word: &str) -> &str {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
    if dots > 0 { &word[digits + dots..] } else { word }
}
