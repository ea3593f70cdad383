//! The routes of collections, position search and the explorer. The server holds one
//! collection at a time: a file named on the command line, or one the page sends (a
//! file the person picked); nothing else of the file system is reached.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};
use axum::routing::post;
use serde::{Deserialize, Serialize};

use super::api::{self, ApiError, GameRequest, PdnReadReply};
use super::collection::{Collection, ListReply, ListRequest};
use super::explorer::{self, ExplorerReply};
use super::json::answer;
use super::position_index::reversed;
use crate::engine::{Engine, Options};
use crate::regular_file;
use crate::rules::{Position, Variant};

/// The largest PDN file the page may send to open: 64 MiB (the server's other requests
/// keep to `server::MAX_BODY`, 2 MiB).
pub const MAX_UPLOAD: usize = 64 << 20;

/// The most games a position search lists (all are counted).
pub const MAX_MATCHES: usize = 500;

/// What the collection routes share: the open collection, and an engine that is never
/// searched with, for its opening books and endgame databases.
pub struct Shelf {
    open: RwLock<Option<Arc<Collection>>>,
    engine: Mutex<Engine>,
}

impl Shelf {
    /// A shelf with the collection of the file at `path`, if one is named, and the
    /// books and databases `options` name.
    ///
    /// # Errors
    /// The file cannot be read, or holds a game that cannot be read (its number and
    /// line are named).
    pub fn new(path: Option<&Path>, variant: Variant, options: &Options) -> io::Result<Shelf> {
        let open = match path {
            None => None,
            Some(path) => Some(Arc::new(read_file(path, variant)?)),
        };
        Ok(Shelf { open: RwLock::new(open), engine: Mutex::new(Engine::unprepared(options.clone())) })
    }

    fn collection(&self) -> Option<Arc<Collection>> {
        self.open.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    fn held(&self) -> Result<Arc<Collection>, ApiError> {
        self.collection().ok_or_else(|| ApiError::new("no collection open"))
    }

    fn replace(&self, collection: Collection) {
        *self.open.write().unwrap_or_else(PoisonError::into_inner) = Some(Arc::new(collection));
    }
}

/// The collection of the file at `path`.
fn read_file(path: &Path, variant: Variant) -> io::Result<Collection> {
    let text = regular_file::read_to_string(path)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", path.display())))?;
    let name = path
        .file_name()
        .map_or_else(|| path.display().to_string(), |name| name.to_string_lossy().into_owned());
    Collection::read(name, Some(path.to_path_buf()), &text, variant)
        .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error.error))
}

/// The routes, for the server to put behind its access checks.
pub fn router<S: Clone + Send + Sync + 'static>(shelf: Arc<Shelf>) -> Router<S> {
    Router::new()
        .route("/api/collection/open", post(open).layer(DefaultBodyLimit::max(MAX_UPLOAD)))
        .route("/api/collection/list", post(list))
        .route("/api/collection/game", post(game))
        .route("/api/collection/search", post(search))
        .route("/api/collection/save", post(save))
        .route("/api/explorer", post(explore))
        .with_state(shelf)
}

/// A PDN file the page sends, picked by the person.
#[derive(Deserialize)]
struct OpenRequest {
    /// The rule set of games that name none.
    variant: String,
    /// The file's name.
    name: String,
    /// Its text.
    text: String,
}

async fn open(State(shelf): State<Arc<Shelf>>, body: Bytes) -> Response {
    aside(move || {
        answer(body, |request: OpenRequest| {
            let variant =
                request.variant.parse::<Variant>().map_err(|error| ApiError::new(error.to_string()))?;
            let collection = Collection::read(request.name, None, &request.text, variant)?;
            let reply = collection.list(&ListRequest::default());
            shelf.replace(collection);
            Ok(reply)
        })
    })
    .await
}

/// Runs `work`, which takes long (reading or writing a whole collection, a search), on a thread of
/// its own, so that the server's one thread goes on serving the pages' other requests
/// (their engines' events) meanwhile.
pub(super) async fn aside(work: impl FnOnce() -> Response + Send + 'static) -> Response {
    tokio::task::spawn_blocking(work).await.unwrap_or_else(|error| {
        let failed = ApiError::new(format!("the request failed: {error}"));
        (StatusCode::INTERNAL_SERVER_ERROR, Json(failed)).into_response()
    })
}

async fn list(State(shelf): State<Arc<Shelf>>, body: Bytes) -> Response {
    answer(body, |request: ListRequest| -> Result<Option<ListReply>, ApiError> {
        Ok(shelf.collection().map(|collection| collection.list(&request)))
    })
}

/// A game of the collection, by its number.
#[derive(Deserialize)]
struct GameNumber {
    /// From 1.
    number: usize,
}

async fn game(State(shelf): State<Arc<Shelf>>, body: Bytes) -> Response {
    answer(body, |request: GameNumber| -> Result<PdnReadReply, ApiError> {
        let collection = shelf.held()?;
        Ok(api::pdn_reply(collection.game(request.number)?, collection.games.len()))
    })
}

/// A position search: the position a game reaches, and whether to find it with the
/// colours reversed too.
#[derive(Deserialize)]
struct SearchRequest {
    #[serde(flatten)]
    game: GameRequest,
    #[serde(default)]
    reversed: bool,
}

/// The games that reach a position.
#[derive(Serialize)]
struct SearchReply {
    /// How many games reach it.
    total: usize,
    /// The first [`MAX_MATCHES`] of them, in file order (those reaching it with the
    /// colours reversed after).
    matches: Vec<Match>,
}

/// A game reaching the position.
#[derive(Serialize)]
struct Match {
    /// The game's number, from 1.
    number: usize,
    /// The moves played before the position.
    ply: usize,
    /// The move the game played there, or `None` where it ended.
    next: Option<String>,
    /// The game's result as written.
    result: &'static str,
    white: String,
    black: String,
    /// Whether it reaches the position with the colours reversed.
    reversed: bool,
}

async fn search(State(shelf): State<Arc<Shelf>>, body: Bytes) -> Response {
    answer(body, |request: SearchRequest| -> Result<SearchReply, ApiError> {
        let collection = shelf.held()?;
        let position = *request.game.game()?.position();
        let mut matches = found(&collection, &position, false);
        if request.reversed {
            matches.extend(found(&collection, &reversed(&position), true));
        }
        let total = matches.len();
        matches.truncate(MAX_MATCHES);
        Ok(SearchReply { total, matches })
    })
}

/// The games of `collection` reaching `position`.
fn found(collection: &Collection, position: &Position, reversed: bool) -> Vec<Match> {
    collection
        .index
        .find(&collection.games, position)
        .into_iter()
        .map(|reached| {
            let game = &collection.games[reached.game];
            Match {
                number: reached.game + 1,
                ply: reached.ply,
                next: game.moves.get(reached.ply).map(|played| position.move_to_text(&played.mv)),
                result: game.result.to_pdn(game.start.variant()),
                white: game.tag("White").unwrap_or_default().to_string(),
                black: game.tag("Black").unwrap_or_default().to_string(),
                reversed,
            }
        })
        .collect()
}

/// Where to save: back to the file named on the command line, or to the page.
#[derive(Deserialize)]
struct SaveRequest {
    #[serde(default)]
    in_place: bool,
}

/// A saved collection: its text for the page to download, or the file written.
#[derive(Serialize)]
struct SaveReply {
    pdn: Option<String>,
    saved: Option<PathBuf>,
}

async fn save(State(shelf): State<Arc<Shelf>>, body: Bytes) -> Response {
    aside(move || {
        answer(body, |request: SaveRequest| -> Result<SaveReply, ApiError> {
            let collection = shelf.held()?;
            let text = collection.to_pdn();
            if !request.in_place {
                return Ok(SaveReply { pdn: Some(text), saved: None });
            }
            let path = collection.path.clone().ok_or_else(|| {
                ApiError::new("the collection was not named on the command line: it can only be downloaded")
            })?;
            fs::write(&path, text).map_err(|error| ApiError::new(format!("{}: {error}", path.display())))?;
            Ok(SaveReply { pdn: None, saved: Some(path) })
        })
    })
    .await
}

async fn explore(State(shelf): State<Arc<Shelf>>, body: Bytes) -> Response {
    answer(body, |request: GameRequest| -> Result<ExplorerReply, ApiError> {
        let position = *request.game()?.position();
        let variant = position.variant();
        let (book, egdb) = {
            let mut engine = shelf.engine.lock().unwrap_or_else(PoisonError::into_inner);
            (engine.book(variant), engine.egdb(variant))
        };
        let collection = shelf.collection();
        Ok(explorer::explore(&position, book.as_deref(), collection.as_deref(), egdb.as_deref()))
    })
}
