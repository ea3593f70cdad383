//! The JSON requests and replies on rules and PDN. The server keeps no game: the page
//! sends the start position and the moves with every request, and each reply is worked
//! out from them by the rules core alone.

use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::move_tree::{TreeLine, pdn_line, tree_of};

use crate::rules::{
    Game, Move, Outcome, PdnGame, PdnResult, Position, Role, Variant, capture_paths, read_pdn,
};

/// A refused request: what is wrong, for the page to show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ApiError {
    /// The message.
    pub error: String,
}

impl ApiError {
    /// An error saying `message`.
    pub fn new(message: impl Into<String>) -> ApiError {
        ApiError { error: message.into() }
    }
}

/// A rule set as the page lays out its board.
#[derive(Clone, Debug, Serialize)]
pub struct VariantInfo {
    /// The name on the command line and in PDN.
    pub name: &'static str,
    /// Squares along a side.
    pub size: u8,
    /// Whether squares are written algebraically (`c3`) rather than numbered.
    pub algebraic: bool,
    /// The side that moves first from the start position, `white` or `black`.
    pub first: String,
    /// The start position's FEN.
    pub start: String,
    /// Every playing square.
    pub squares: Vec<SquareInfo>,
}

/// A playing square: its name in the rule set's notation and where it is on the real
/// board, as `crownhead board --svg` places it (file 0 is the a-file, rank 0 White's
/// first rank).
#[derive(Clone, Debug, Serialize)]
pub struct SquareInfo {
    /// Its number or algebraic name.
    pub name: String,
    /// Its file, from 0.
    pub file: u8,
    /// Its rank, from 0.
    pub rank: u8,
}

/// A game as the page keeps it: a rule set, a start position and moves.
#[derive(Clone, Debug, Deserialize)]
pub struct GameRequest {
    /// The rule set's name.
    pub variant: String,
    /// The start position as a FEN; the rule set's start position when absent.
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves played from it, in any notation the rules read.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// A piece on the board.
#[derive(Clone, Debug, Serialize)]
pub struct PieceInfo {
    /// Its square's name.
    pub square: String,
    /// `white` or `black`.
    pub color: String,
    /// Whether it is a king.
    pub king: bool,
}

/// A legal move, with what the page needs to take it by clicks.
#[derive(Clone, Debug, Serialize)]
pub struct MoveInfo {
    /// Its text, as the game's move list writes it.
    pub text: String,
    /// Where the piece starts.
    pub from: String,
    /// Where it ends.
    pub to: String,
    /// Every sequence of landing squares that plays it (one for a plain move).
    pub paths: Vec<Vec<String>>,
    /// The squares of the pieces it captures.
    pub captured: Vec<String>,
}

/// How the game ended.
#[derive(Clone, Debug, Serialize)]
pub struct ResultInfo {
    /// `white`, `black` or `draw`.
    pub outcome: String,
    /// Why, in words.
    pub reason: String,
    /// The result as PDN writes it.
    pub pdn: &'static str,
}

impl ResultInfo {
    /// The result `outcome`, for `reason`, as the page shows it and as PDN writes it in
    /// `variant`.
    pub fn new(outcome: Outcome, reason: impl ToString, variant: Variant) -> ResultInfo {
        ResultInfo {
            outcome: match outcome {
                Outcome::Win(color) => color.to_string(),
                Outcome::Draw => "draw".to_string(),
            },
            reason: reason.to_string(),
            pdn: PdnResult::from(outcome).to_pdn(variant),
        }
    }
}

/// A draw counter: how far it has run and where it draws.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Counter {
    /// Half-moves counted.
    pub plies: u16,
    /// Half-moves that draw the game.
    pub limit: u16,
}

/// The draw counters the rule set keeps, now.
#[derive(Clone, Debug, Serialize)]
pub struct Counters {
    /// The move-limit rule's count, if the rule set has one.
    pub move_limit: Option<Counter>,
    /// The lone-king rule's count, when one applies to the material.
    pub lone_king: Option<Counter>,
    /// How many times the position has occurred (a third draws where repetition does).
    pub repetitions: usize,
}

/// The position a game has reached, and everything the page shows of it.
#[derive(Clone, Debug, Serialize)]
pub struct PositionReply {
    /// The rule set's name.
    pub variant: &'static str,
    /// The position's FEN.
    pub fen: String,
    /// The start position's FEN.
    pub start: String,
    /// `white` or `black`.
    pub side: String,
    /// The pieces.
    pub pieces: Vec<PieceInfo>,
    /// The legal moves.
    pub legal: Vec<MoveInfo>,
    /// The moves played, as the move list writes them.
    pub played: Vec<String>,
    /// The last move's squares: where it started, then its landings.
    pub last: Option<Vec<String>>,
    /// The result, if the game is over.
    pub result: Option<ResultInfo>,
    /// The draw counters.
    pub counters: Counters,
}

/// A PDN text to read, with the rule set to assume when it names none.
#[derive(Clone, Debug, Deserialize)]
pub struct PdnReadRequest {
    /// The rule set's name.
    pub variant: String,
    /// The PDN text.
    pub text: String,
}

/// The first game of a PDN text.
#[derive(Clone, Debug, Serialize)]
pub struct PdnReadReply {
    /// Its rule set.
    pub variant: &'static str,
    /// Its start position's FEN.
    pub fen: String,
    /// Its moves.
    pub moves: Vec<String>,
    /// The comment after each move, if any.
    pub comments: Vec<Option<String>>,
    /// Its move tree: the main line with its comments, glyphs and variations.
    pub tree: TreeLine,
    /// Its tags.
    pub tags: Vec<(String, String)>,
    /// Its result as written.
    pub result: &'static str,
    /// How many games the text holds.
    pub games: usize,
}

/// A game to write as PDN, with tags and a comment after any move, or its whole move
/// tree.
#[derive(Clone, Debug, Deserialize)]
pub struct PdnWriteRequest {
    /// The game.
    #[serde(flatten)]
    pub game: GameRequest,
    /// Tags to write (`Event`, `White`, ...).
    #[serde(default)]
    pub tags: Vec<(String, String)>,
    /// A comment for each move, or none.
    #[serde(default)]
    pub comments: Vec<Option<String>>,
    /// The move tree from the game's start: when given, the game's moves and comments
    /// are its main line's, and the game's `moves` and `comments` are not read.
    #[serde(default)]
    pub tree: Option<TreeLine>,
}

/// A PDN text.
#[derive(Clone, Debug, Serialize)]
pub struct PdnWriteReply {
    /// The text.
    pub pdn: String,
}

/// Every rule set, in the order the rules core lists them.
pub fn variants() -> Vec<VariantInfo> {
    Variant::ALL.iter().map(|&variant| variant_info(variant)).collect()
}

fn variant_info(variant: Variant) -> VariantInfo {
    let rules = variant.rules();
    let size = rules.geometry.size();
    let squares = (0..size)
        .flat_map(|rank| (0..size).map(move |file| (file, rank)))
        .filter_map(|(file, rank)| {
            let square = rules.real_square_at(file, rank)?;
            Some(SquareInfo { name: rules.square_name(square), file, rank })
        })
        .collect();
    VariantInfo {
        name: rules.name,
        size,
        algebraic: rules.algebraic,
        first: rules.first_to_move.to_string(),
        start: Position::start(variant).to_fen(),
        squares,
    }
}

impl GameRequest {
    /// The rule set named.
    ///
    /// # Errors
    /// An unknown name.
    pub fn variant(&self) -> Result<Variant, ApiError> {
        variant_named(&self.variant)
    }

    /// The start position.
    ///
    /// # Errors
    /// An unknown rule set or a bad FEN.
    pub fn start(&self) -> Result<Position, ApiError> {
        let variant = self.variant()?;
        match self.fen.as_deref().map(str::trim).filter(|fen| !fen.is_empty()) {
            None => Ok(Position::start(variant)),
            Some(fen) => {
                Position::from_fen(variant, fen).map_err(|error| ApiError::new(format!("bad FEN: {error}")))
            }
        }
    }

    /// The game: the start position with the moves played.
    ///
    /// # Errors
    /// An unknown rule set, a bad FEN, or a move that cannot be read or is illegal.
    pub fn game(&self) -> Result<Game, ApiError> {
        let mut game = Game::new(self.start()?);
        for (index, text) in self.moves.iter().enumerate() {
            game.play_text(text)
                .map_err(|error| ApiError::new(format!("move {} ({text}): {error}", index + 1)))?;
        }
        Ok(game)
    }
}

/// The position `request`'s game has reached.
///
/// # Errors
/// As [`GameRequest::game`].
pub fn position(request: &GameRequest) -> Result<PositionReply, ApiError> {
    let game = request.game()?;
    let position = *game.position();
    let rules = position.rules();
    let name = |square| rules.square_name(square);
    let pieces = position
        .occupied()
        .filter_map(|square| {
            let piece = position.piece_at(square)?;
            Some(PieceInfo {
                square: name(square),
                color: piece.color.to_string(),
                king: piece.role == Role::King,
            })
        })
        .collect();
    let legal = position.legal_moves().iter().map(|mv| move_info(&position, mv)).collect();
    let move_limit = rules.draws.move_limit.map(|limit| Counter {
        plies: game.move_limit_counts().last().copied().unwrap_or(0),
        limit: limit.plies,
    });
    let lone_king = game.lone_king_count().map(|(plies, limit)| Counter { plies, limit });
    Ok(PositionReply {
        variant: rules.name,
        fen: position.to_fen(),
        start: game.start().to_fen(),
        side: position.side_to_move().to_string(),
        pieces,
        legal,
        played: played(&game),
        last: last_move(&game),
        result: game
            .result()
            .map(|result| ResultInfo::new(result.outcome, result.reason, position.variant())),
        counters: Counters { move_limit, lone_king, repetitions: game.occurrences() },
    })
}

/// The moves of `game` as its move list writes them.
fn played(game: &Game) -> Vec<String> {
    line_texts(game.start(), game.moves())
}

/// The squares of the game's last move: its start, then its landings.
fn last_move(game: &Game) -> Option<Vec<String>> {
    let mv = game.moves().last()?;
    let before = game.positions().iter().rev().nth(1)?;
    let info = move_info(before, mv);
    Some(std::iter::once(info.from).chain(info.paths.into_iter().next().unwrap_or_default()).collect())
}

fn move_info(position: &Position, mv: &Move) -> MoveInfo {
    let rules = position.rules();
    let paths = if mv.is_capture() { capture_paths(position, mv) } else { vec![vec![mv.to()]] };
    MoveInfo {
        text: position.move_to_text(mv),
        from: rules.square_name(mv.from()),
        to: rules.square_name(mv.to()),
        paths: paths
            .iter()
            .map(|path| path.iter().map(|&square| rules.square_name(square)).collect())
            .collect(),
        captured: mv.captured().map(|square| rules.square_name(square)).collect(),
    }
}

/// The first game of a PDN text.
///
/// # Errors
/// An unknown rule set, a text with no game, or a first game that cannot be read.
pub fn read_pdn_game(request: &PdnReadRequest) -> Result<PdnReadReply, ApiError> {
    let mut games = read_pdn(&request.text, variant_named(&request.variant)?);
    let count = games.len();
    if games.is_empty() {
        return Err(ApiError::new("no game in the PDN text"));
    }
    let pdn = games.swap_remove(0).map_err(|error| ApiError::new(format!("PDN: {error}")))?;
    Ok(pdn_reply(&pdn, count))
}

/// What the page loads of a PDN game, one of `games` in its text: a game read from a
/// text, and a collection's game alike.
pub fn pdn_reply(pdn: &PdnGame, games: usize) -> PdnReadReply {
    let game = pdn.game();
    let played = played(&game);
    PdnReadReply {
        variant: pdn.start.variant().name(),
        fen: pdn.start.to_fen(),
        comments: pdn.moves.iter().take(played.len()).map(|pdn_move| pdn_move.comment.clone()).collect(),
        moves: played,
        tree: tree_of(&pdn.start, pdn.comment.as_deref(), &pdn.moves),
        tags: pdn.tags.clone(),
        result: pdn.result.to_pdn(pdn.start.variant()),
        games,
    }
}

/// The game as a PDN text, with its tags and comments.
///
/// # Errors
/// As [`GameRequest::game`].
pub fn write_pdn_game(request: &PdnWriteRequest) -> Result<PdnWriteReply, ApiError> {
    let mut pdn = match &request.tree {
        Some(tree) => tree_game(request.game.start()?, tree)?,
        None => PdnGame::from_game(&request.game.game()?),
    };
    for (name, value) in &request.tags {
        pdn.set_tag(name, value.as_str());
    }
    if request.tree.is_none() {
        for (pdn_move, comment) in pdn.moves.iter_mut().zip(&request.comments) {
            pdn_move.comment = comment.clone().filter(|comment| !comment.trim().is_empty());
        }
    }
    Ok(PdnWriteReply { pdn: pdn.to_pdn() })
}

/// The game of the move tree `tree` from `start`, its result the one its main line reaches.
fn tree_game(start: Position, tree: &TreeLine) -> Result<PdnGame, ApiError> {
    let line = pdn_line(&start, tree, 0, "move").map_err(ApiError::new)?;
    let mut pdn = PdnGame::new(start);
    (pdn.comment, pdn.moves) = (line.comment, line.moves);
    pdn.result = pdn.game().result().map_or(PdnResult::Unfinished, |result| result.outcome.into());
    Ok(pdn)
}

/// The rule set called `name`.
pub(super) fn variant_named(name: &str) -> Result<Variant, ApiError> {
    Variant::from_str(name).map_err(|error| ApiError::new(error.to_string()))
}

/// A line of moves from `position` as the move list writes them.
pub fn line_texts(position: &Position, moves: &[Move]) -> Vec<String> {
    position.line_to_text(moves, Position::move_to_text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(variant: &str, fen: Option<&str>, moves: &[&str]) -> GameRequest {
        GameRequest {
            variant: variant.into(),
            fen: fen.map(Into::into),
            moves: moves.iter().map(|&text| text.into()).collect(),
        }
    }

    #[test]
    fn the_start_of_english_has_seven_moves_for_black() {
        let reply = position(&request("english", None, &[])).unwrap();
        assert_eq!(reply.side, "black");
        assert_eq!(reply.pieces.len(), 24);
        let mut texts: Vec<&str> = reply.legal.iter().map(|mv| mv.text.as_str()).collect();
        texts.sort_unstable();
        assert_eq!(texts, ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
        assert!(reply.result.is_none());
        assert_eq!(reply.counters.move_limit.map(|counter| counter.limit), Some(80));
    }

    #[test]
    fn a_capture_lists_its_landings_and_captured_squares() {
        // International: the man on 32 takes 27 and 17, landing on 21 and then 12.
        let reply = position(&request("international", Some("W:W32:B27,17"), &[])).unwrap();
        assert_eq!(reply.legal.len(), 1);
        let capture = &reply.legal[0];
        assert_eq!((capture.from.as_str(), capture.to.as_str()), ("32", "12"));
        assert_eq!(capture.paths, [["21", "12"]]);
        let mut captured = capture.captured.clone();
        captured.sort_unstable();
        assert_eq!(captured, ["17", "27"]);
    }

    #[test]
    fn bad_requests_are_errors_naming_the_fault() {
        assert!(position(&request("nonsense", None, &[])).unwrap_err().error.contains("unknown variant"));
        assert!(position(&request("english", Some("X:Y"), &[])).unwrap_err().error.starts_with("bad FEN"));
        let error = position(&request("english", None, &["11-15", "11-15"])).unwrap_err();
        assert!(error.error.starts_with("move 2 (11-15)"), "{}", error.error);
    }

    #[test]
    fn the_game_end_and_its_reason_are_given() {
        let reply = position(&request("english", Some("W:W18:B14"), &["18x9"])).unwrap();
        let result = reply.result.unwrap();
        assert_eq!(
            (result.outcome.as_str(), result.reason.as_str(), result.pdn),
            ("white", "no legal move", "0-1")
        );
    }

    #[test]
    fn variants_list_every_rule_set_and_its_squares() {
        let list = variants();
        assert_eq!(list.len(), Variant::ALL.len());
        let international = list.iter().find(|info| info.name == "international").unwrap();
        assert_eq!((international.size, international.squares.len()), (10, 50));
        // Square 46 is White's near left corner, a1.
        let a1 = international.squares.iter().find(|square| square.name == "46").unwrap();
        assert_eq!((a1.file, a1.rank), (0, 0));
    }

    #[test]
    fn pdn_written_reads_back_with_its_comments() {
        let written = write_pdn_game(&PdnWriteRequest {
            game: request("english", None, &["11-15", "23-19"]),
            tags: vec![("Event".into(), "Test".into())],
            comments: vec![Some("a comment".into()), None],
            tree: None,
        })
        .unwrap();
        let read = read_pdn_game(&PdnReadRequest { variant: "english".into(), text: written.pdn }).unwrap();
        assert_eq!(read.moves, ["11-15", "23-19"]);
        assert_eq!(read.comments, [Some("a comment".to_string()), None]);
        assert!(read.tags.contains(&("Event".to_string(), "Test".to_string())));
    }

    #[test]
    fn a_tree_written_reads_back_the_same() {
        let text = "{study} 1. 11-15 23-19 ({or} 1... 22-18 15x22 25x18 (2... 26x17)) 2. 8-11! {a plan} *";
        let read = read_pdn_game(&PdnReadRequest { variant: "english".into(), text: text.into() }).unwrap();
        assert_eq!(read.moves, ["11-15", "23-19", "8-11"]);
        assert_eq!(read.tree.moves[1].variations[0].moves[2].variations[0].moves[0].text, "26x17");
        let written = write_pdn_game(&PdnWriteRequest {
            game: request("english", None, &[]),
            tags: Vec::new(),
            comments: Vec::new(),
            tree: Some(read.tree.clone()),
        })
        .unwrap();
        let words = written.pdn.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.ends_with(
                "{study} 1. 11-15 23-19 ({or} 1... 22-18 2. 15x22 25x18 (2... 26x17)) 2. 8-11! {a plan} *"
            ),
            "{words}"
        );
        let again = read_pdn_game(&PdnReadRequest { variant: "english".into(), text: written.pdn }).unwrap();
        assert_eq!(again.tree, read.tree);
        // A bad move deep in a variation is refused, naming it.
        let mut bad = read.tree;
        bad.moves[1].variations[0].moves[2].variations[0].moves[0].text = "24-19".into();
        let request = PdnWriteRequest {
            game: request("english", None, &[]),
            tags: Vec::new(),
            comments: Vec::new(),
            tree: Some(bad),
        };
        let error = write_pdn_game(&request).unwrap_err().error;
        assert!(error.starts_with("variation move 4 (24-19)"), "{error}");
    }
}
