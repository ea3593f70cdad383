//! The explorer beside the board: for the position shown, the opening book's moves and
//! values (as `crownhead book probe` prints them), the open collection's moves with how
//! often each was played and how those games ended (as lichess' explorer shows them),
//! and each legal move's result from the endgame databases (as `crownhead egdb probe`
//! of the position after it gives), each part saying why it has nothing when it has.

use serde::Serialize;

use super::collection::Collection;
use crate::book::Book;
use crate::egdb::Database;
use crate::rules::{Color, PdnResult, Position};

/// What the explorer shows of a position.
#[derive(Clone, Debug, Serialize)]
pub struct ExplorerReply {
    /// The opening book's moves.
    pub book: Part<BookLine>,
    /// The collection's moves.
    pub games: Part<GamesLine>,
    /// The endgame databases' results.
    pub egdb: Part<EgdbLine>,
    /// Which endgame database is in use for the rule set: `built in, up to 4 pieces`,
    /// `files in DIR, up to 6 pieces`, or `none`.
    pub egdb_in_use: String,
}

/// One part of the explorer: its lines, or why it has none.
#[derive(Clone, Debug, Serialize)]
pub struct Part<T> {
    /// The lines, best or most played first.
    pub moves: Vec<T>,
    /// Why there are no lines (no book for the rule set, no database, no games), or
    /// `None` when there are.
    pub none: Option<String>,
}

/// A book move and its value.
#[derive(Clone, Debug, Serialize)]
pub struct BookLine {
    /// The move, as the move list writes it.
    pub text: String,
    /// Its value in men for the side that plays it, to two decimals as `book probe`
    /// prints it.
    pub value: String,
}

/// A move the collection's games played here, and how they ended.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GamesLine {
    /// The move.
    pub text: String,
    /// The games that played it.
    pub games: usize,
    /// Of those, the games White won.
    pub white: usize,
    /// Drawn.
    pub draws: usize,
    /// Won by Black.
    pub black: usize,
    /// Unfinished or lost by both.
    pub other: usize,
}

/// A legal move's result from the databases, for the side that plays it.
#[derive(Clone, Debug, Serialize)]
pub struct EgdbLine {
    /// The move.
    pub text: String,
    /// `win`, `draw` or `loss`; `unknown` where a file it needs is missing or bad.
    pub result: String,
}

impl<T> Part<T> {
    fn lines(moves: Vec<T>, none: &str) -> Part<T> {
        let none = moves.is_empty().then(|| none.to_string());
        Part { moves, none }
    }

    fn nothing(why: impl Into<String>) -> Part<T> {
        Part { moves: Vec::new(), none: Some(why.into()) }
    }
}

/// The explorer's parts for `position`.
pub fn explore(
    position: &Position,
    book: Option<&Book>,
    collection: Option<&Collection>,
    egdb: Option<&Database>,
) -> ExplorerReply {
    ExplorerReply {
        book: book_part(position, book),
        games: games_part(position, collection),
        egdb: egdb_part(position, egdb),
        egdb_in_use: egdb.map_or_else(|| "none".to_string(), Database::describe),
    }
}

fn book_part(position: &Position, book: Option<&Book>) -> Part<BookLine> {
    let Some(book) = book else {
        return Part::nothing(format!("no opening book for {}", position.variant()));
    };
    let moves = book
        .moves(position)
        .iter()
        .map(|book_move| BookLine {
            text: position.move_to_text(&book_move.mv),
            value: format!("{:.2}", book_move.men()),
        })
        .collect();
    Part::lines(moves, "not in the book")
}

fn games_part(position: &Position, collection: Option<&Collection>) -> Part<GamesLine> {
    let Some(collection) = collection else {
        return Part::nothing("no collection open");
    };
    let mut lines: Vec<GamesLine> = Vec::new();
    for reached in collection.index.find(&collection.games, position) {
        let game = &collection.games[reached.game];
        let Some(played) = game.moves.get(reached.ply) else { continue };
        let text = position.move_to_text(&played.mv);
        let line = match lines.iter().position(|line| line.text == text) {
            Some(found) => &mut lines[found],
            None => {
                lines.push(GamesLine { text, ..GamesLine::default() });
                let last = lines.len() - 1;
                &mut lines[last]
            }
        };
        count(line, game.result);
    }
    lines.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.text.cmp(&b.text)));
    Part::lines(lines, "no game of the collection plays on from here")
}

/// Counts a game that ended with `result` on `line`.
fn count(line: &mut GamesLine, result: PdnResult) {
    line.games += 1;
    match result {
        PdnResult::Win(Color::White) => line.white += 1,
        PdnResult::Win(Color::Black) => line.black += 1,
        PdnResult::Draw => line.draws += 1,
        PdnResult::BothLose | PdnResult::Unfinished => line.other += 1,
    }
}

fn egdb_part(position: &Position, egdb: Option<&Database>) -> Part<EgdbLine> {
    let Some(database) = egdb else {
        return Part::nothing(format!("no endgame database for {}", position.variant()));
    };
    let pieces = position.occupied().count();
    if pieces > u32::from(database.pieces()) {
        return Part::nothing(format!("{pieces} pieces: the database holds up to {}", database.pieces()));
    }
    let moves = position
        .legal_moves()
        .iter()
        .map(|mv| {
            let value = database.probe(&position.play(mv)).map(|value| value.negate());
            EgdbLine {
                text: position.move_to_text(mv),
                result: value.map_or_else(|| "unknown".to_string(), |value| value.to_string()),
            }
        })
        .collect();
    Part::lines(moves, "no legal move: the game is over")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn the_collections_moves_are_counted_with_their_results() {
        let text = "[Result \"1-0\"]\n1. 11-15 23-19 1-0\n\n[Result \"0-1\"]\n1. 11-15 22-18 0-1\n\n\
                    1. 9-13 1/2-1/2\n\n1. 11-15 *\n";
        let collection = Collection::read("c".into(), None, text, Variant::English).expect("reads");
        let start = Position::start(Variant::English);
        let games = explore(&start, None, Some(&collection), None).games;
        let summary: Vec<_> = games
            .moves
            .iter()
            .map(|line| (line.text.as_str(), line.games, line.black, line.white, line.draws, line.other))
            .collect();
        // English: Black moves first, so 1-0 is Black's win.
        assert_eq!(summary, [("11-15", 3, 1, 1, 0, 1), ("9-13", 1, 0, 0, 1, 0)]);
        assert!(games.none.is_none());
        let after = start.play(&start.parse_move("9-13").expect("a move"));
        let ended = explore(&after, None, Some(&collection), None).games;
        assert_eq!(ended.none.as_deref(), Some("no game of the collection plays on from here"));
    }

    #[test]
    fn each_part_says_why_it_has_nothing() {
        let start = Position::start(Variant::English);
        let reply = explore(&start, None, None, None);
        assert_eq!(reply.book.none.as_deref(), Some("no opening book for english"));
        assert_eq!(reply.games.none.as_deref(), Some("no collection open"));
        assert_eq!(reply.egdb.none.as_deref(), Some("no endgame database for english"));
        assert_eq!(reply.egdb_in_use, "none");
    }

    /// The built-in database answers a position of its pieces, and says it is in use.
    #[test]
    fn the_builtin_database_says_it_is_in_use() {
        let database = Database::builtin(Variant::English).expect("English has one built in");
        // White to move, kings on 14 and 23 against a lone king on 1: every move wins.
        let position = Position::from_fen(Variant::English, "W:WK14,K23:BK1").expect("a position");
        let reply = explore(&position, None, None, Some(&database));
        assert_eq!(reply.egdb_in_use, "built in, up to 4 pieces");
        assert!(!reply.egdb.moves.is_empty());
        assert!(reply.egdb.moves.iter().all(|line| line.result == "win"), "{:?}", reply.egdb.moves);
    }
}
