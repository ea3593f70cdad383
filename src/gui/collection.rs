//! A collection: the games of a PDN file, kept on the server so that a file of
//! thousands of games opens once and the page asks for the rows it shows, sorted and
//! filtered by their tags.

use std::cmp::Ordering;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::api::ApiError;
use super::position_index::PositionIndex;
use crate::rules::{PdnGame, Variant, read_pdn};

/// The most rows one list request returns.
pub const MAX_ROWS: usize = 500;

/// The games of a PDN file, every tag kept, with the index of their positions.
#[derive(Debug)]
pub struct Collection {
    /// The file's name, as the page shows it.
    pub name: String,
    /// The file it was read from, when named on the command line (it may be saved back
    /// there); `None` for a file picked in the page.
    pub path: Option<PathBuf>,
    /// The games, in file order.
    pub games: Vec<PdnGame>,
    /// Every position of every game.
    pub index: PositionIndex,
}

/// A game's row in the list: its number and the tags the list shows.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The game's place in the file, from 1.
    pub number: usize,
    /// The `White` tag.
    pub white: String,
    /// The `Black` tag.
    pub black: String,
    /// The `Event` tag.
    pub event: String,
    /// The `Date` tag.
    pub date: String,
    /// The result as the game writes it.
    pub result: &'static str,
    /// The rule set.
    pub variant: &'static str,
    /// The moves of its main line.
    pub plies: usize,
}

/// Which rows to list: the games whose tags hold `filter`, sorted by a column, from
/// `offset`.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct ListRequest {
    /// Text every listed game holds in one of its tags (case ignored); all games when
    /// empty.
    #[serde(default)]
    pub filter: String,
    /// The column sorted by: `number` (default), `white`, `black`, `event`, `date`,
    /// `result`, `variant` or `plies`.
    #[serde(default)]
    pub sort: String,
    /// Sort from the last.
    #[serde(default)]
    pub descending: bool,
    /// The first row returned, among the games listed.
    #[serde(default)]
    pub offset: usize,
    /// How many rows, at most [`MAX_ROWS`] (the most when left out).
    #[serde(default = "most_rows")]
    pub limit: usize,
}

/// The rows of a list request that asks for no number: as many as one may ask for.
fn most_rows() -> usize {
    MAX_ROWS
}

/// A page of the list.
#[derive(Clone, Debug, Serialize)]
pub struct ListReply {
    /// The collection's name.
    pub name: String,
    /// Whether it may be saved back to the file it was read from.
    pub in_place: bool,
    /// Its games.
    pub total: usize,
    /// The games its filter lets through.
    pub matched: usize,
    /// The first row's place among those.
    pub offset: usize,
    /// The rows.
    pub rows: Vec<Row>,
}

impl Collection {
    /// The games of the PDN `text`, the rule set `variant` where a game names none.
    ///
    /// # Errors
    /// A text with no game, or a game that cannot be read: the first such, with its
    /// number and line.
    pub fn read(
        name: String,
        path: Option<PathBuf>,
        text: &str,
        variant: Variant,
    ) -> Result<Collection, ApiError> {
        let games = read_pdn(text, variant)
            .into_iter()
            .collect::<Result<Vec<_>, _>>()
            .map_err(|error| ApiError::new(format!("{name}: {error}")))?;
        if games.is_empty() {
            return Err(ApiError::new(format!("{name}: no game in the file")));
        }
        let index = PositionIndex::build(&games);
        Ok(Collection { name, path, games, index })
    }

    /// The rows `request` asks for.
    pub fn list(&self, request: &ListRequest) -> ListReply {
        let needle = request.filter.trim().to_lowercase();
        let mut rows: Vec<Row> = self
            .games
            .iter()
            .enumerate()
            .filter(|(_, game)| needle.is_empty() || holds(game, &needle))
            .map(|(index, game)| row(index, game))
            .collect();
        rows.sort_by(|a, b| {
            let order = compare(a, b, &request.sort);
            if request.descending { order.reverse() } else { order }
        });
        let matched = rows.len();
        let offset = request.offset.min(matched);
        let limit = request.limit.clamp(1, MAX_ROWS);
        ListReply {
            name: self.name.clone(),
            in_place: self.path.is_some(),
            total: self.games.len(),
            matched,
            offset,
            rows: rows.into_iter().skip(offset).take(limit).collect(),
        }
    }

    /// The game numbered `number` (from 1).
    ///
    /// # Errors
    /// No such game.
    pub fn game(&self, number: usize) -> Result<&PdnGame, ApiError> {
        number
            .checked_sub(1)
            .and_then(|index| self.games.get(index))
            .ok_or_else(|| ApiError::new(format!("no game {number} in the collection")))
    }

    /// The collection as PDN: every game with all its tags, in file order.
    pub fn to_pdn(&self) -> String {
        self.games.iter().map(PdnGame::to_pdn).collect()
    }
}

/// Whether a tag of `game` holds `needle` (lower case).
fn holds(game: &PdnGame, needle: &str) -> bool {
    game.tags.iter().any(|(_, value)| value.to_lowercase().contains(needle))
}

fn row(index: usize, game: &PdnGame) -> Row {
    let tag = |name: &str| game.tag(name).unwrap_or_default().to_string();
    let variant = game.start.variant();
    Row {
        number: index + 1,
        white: tag("White"),
        black: tag("Black"),
        event: tag("Event"),
        date: tag("Date"),
        result: game.result.to_pdn(variant),
        variant: variant.name(),
        plies: game.moves.len(),
    }
}

/// The order of two rows by `column`, then by number.
fn compare(a: &Row, b: &Row, column: &str) -> Ordering {
    let by_column = match column {
        "white" => a.white.cmp(&b.white),
        "black" => a.black.cmp(&b.black),
        "event" => a.event.cmp(&b.event),
        "date" => a.date.cmp(&b.date),
        "result" => a.result.cmp(b.result),
        "variant" => a.variant.cmp(b.variant),
        "plies" => a.plies.cmp(&b.plies),
        _ => Ordering::Equal,
    };
    by_column.then(a.number.cmp(&b.number))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Round \"7\"]\n1. 11-15 23-19 1-0\n\n\
                        [Event \"Open\"]\n[White \"Cy\"]\n[Black \"Ann\"]\n1. 9-13 *\n\n\
                        [Event \"Club\"]\n[White \"Bo\"]\n[Black \"Di\"]\n1. 10-14 22-17 2. 9-13 1/2-1/2\n";

    fn collection() -> Collection {
        Collection::read("test.pdn".into(), None, TEXT, Variant::English).expect("the text reads")
    }

    fn numbers(reply: &ListReply) -> Vec<usize> {
        reply.rows.iter().map(|row| row.number).collect()
    }

    #[test]
    fn rows_are_filtered_by_any_tag_and_sorted_by_a_column() {
        let collection = collection();
        let all = collection.list(&ListRequest { limit: 10, ..ListRequest::default() });
        assert_eq!((all.total, all.matched, numbers(&all)), (3, 3, vec![1, 2, 3]));
        let unlimited: ListRequest = serde_json::from_str("{}").expect("an empty request reads");
        assert_eq!(numbers(&collection.list(&unlimited)), [1, 2, 3]);
        let ann = collection.list(&ListRequest { filter: "aNN".into(), limit: 10, ..ListRequest::default() });
        assert_eq!(numbers(&ann), [1, 2]);
        let round = collection.list(&ListRequest { filter: "7".into(), limit: 10, ..ListRequest::default() });
        assert_eq!(numbers(&round), [1]);
        let by_white =
            ListRequest { sort: "white".into(), descending: true, limit: 10, ..ListRequest::default() };
        assert_eq!(numbers(&collection.list(&by_white)), [2, 3, 1]);
        let by_plies = ListRequest { sort: "plies".into(), limit: 2, offset: 1, ..ListRequest::default() };
        let page = collection.list(&by_plies);
        assert_eq!((page.offset, numbers(&page)), (1, vec![1, 3]));
        let row = &all.rows[2];
        assert_eq!(
            (row.event.as_str(), row.result, row.variant, row.plies),
            ("Club", "1/2-1/2", "english", 3)
        );
    }

    #[test]
    fn a_broken_game_names_its_number_and_line() {
        let broken = format!("{TEXT}\n[Event \"Bad\"]\n1. 11-15 11-15 *\n");
        let error = Collection::read("bad.pdn".into(), None, &broken, Variant::English).unwrap_err();
        assert_eq!(error.error, "bad.pdn: game 4, line 18: illegal move '11-15'");
    }

    #[test]
    fn saving_keeps_every_tag() {
        let collection = collection();
        let again =
            Collection::read("again".into(), None, &collection.to_pdn(), Variant::English).expect("reads");
        assert_eq!(again.games.len(), 3);
        for (read, written) in collection.games.iter().zip(&again.games) {
            assert_eq!(
                (read.start, &read.moves, read.result),
                (written.start, &written.moves, written.result)
            );
            assert!(read.tags.iter().all(|(name, value)| written.tag(name) == Some(value.as_str())));
        }
        assert_eq!(collection.game(1).expect("game 1").tag("Round"), Some("7"));
        assert!(collection.game(4).is_err() && collection.game(0).is_err());
    }
}
