//! The listener and the routes: every request passes the access checks, then goes to
//! the page's files, the rules API or the page's engine session.

use std::convert::Infallible;
use std::io;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::{get, post};
use futures_util::stream::{self, Stream};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::access::{Access, Admitted};
use super::api::{self, ApiError};
use super::assets;
use super::collection_routes::{self, Shelf, aside};
use super::duel::DuelRequest;
use super::event::SessionEvent;
use super::json::{answer, parse};
use super::lessons::{self, LessonSlot, LessonsRequest, TryRequest};
use super::limits::{self, Connections};
use super::openings::{self, OpeningSets};
use super::puzzle_desk::PuzzleDesk;
use super::puzzle_routes;
use super::review::ReviewRequest;
use super::session::{CLAIM_TIMEOUT, GoRequest, SessionError, Sessions};
use crate::engine::Options;
use crate::rules::Variant;

/// What `crownhead gui` serves with.
#[derive(Clone, Debug)]
pub struct GuiConfig {
    /// The rule set the page starts with.
    pub variant: Variant,
    /// The port to listen on; 0 for any free one.
    pub port: u16,
    /// The options of each page's engine.
    pub options: Options,
    /// A PDN file of games to open as the collection, named on the command line.
    pub collection: Option<PathBuf>,
    /// The openings engine games may start from.
    pub openings: OpeningSets,
    /// The file the person's puzzle record is kept in; `None` keeps it for the run only.
    pub puzzle_record: Option<PathBuf>,
    /// A puzzle file of `variant` to offer in place of its built-in puzzles.
    pub puzzle_file: Option<PathBuf>,
}

/// A server bound to its port, not yet serving.
pub struct Server {
    listener: TcpListener,
    state: AppState,
}

/// What every handler shares.
#[derive(Clone)]
struct AppState {
    access: Arc<Access>,
    sessions: Arc<Sessions>,
    variant: Variant,
    shelf: Arc<Shelf>,
    openings: OpeningSets,
    puzzles: Arc<PuzzleDesk>,
    connections: Connections,
}

/// The largest request body, but for a collection the page opens
/// ([`collection_routes::MAX_UPLOAD`]): 2 MiB, axum's default, which a game with its
/// comments and variations is far below.
pub const MAX_BODY: usize = 2 << 20;

impl Server {
    /// Binds 127.0.0.1 on the configured port and draws the run's token.
    ///
    /// # Errors
    /// The port cannot be had; no random bytes; the collection, the puzzle record or the
    /// puzzle file named cannot be read.
    pub fn bind(config: GuiConfig) -> io::Result<Server> {
        let shelf = Arc::new(Shelf::new(config.collection.as_deref(), config.variant, &config.options)?);
        let puzzles = Arc::new(PuzzleDesk::new(
            config.puzzle_record,
            config.puzzle_file.as_deref(),
            config.variant,
            &config.options,
        )?);
        let listener = TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, config.port)))?;
        listener.set_nonblocking(true)?;
        let port = listener.local_addr()?.port();
        let state = AppState {
            access: Arc::new(Access::new(port)?),
            sessions: Arc::new(Sessions::new(config.options)),
            variant: config.variant,
            shelf,
            openings: config.openings,
            puzzles,
            connections: Connections::default(),
        };
        Ok(Server { listener, state })
    }

    /// The URL that opens the page, with the token.
    pub fn url(&self) -> String {
        self.state.access.url()
    }

    /// Serves until the process ends, within the limits of docs/gui.md (Limits).
    ///
    /// # Errors
    /// The runtime cannot start, or the listener cannot join it.
    pub fn run(self) -> io::Result<()> {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(self.listener)?;
            let connections = self.state.connections.clone();
            connections.serve(listener, router(self.state)).await;
            Ok(())
        })
    }
}

/// Every route, behind the access checks.
fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/page/{file}", get(page_file))
        .route("/api/variants", get(variants))
        .route("/api/status", get(status))
        .route("/api/position", post(position))
        .route("/api/pdn/read", post(read_pdn))
        .route("/api/pdn/write", post(write_pdn))
        .route("/api/session", post(open_session))
        .route("/api/session/{id}/events", get(events))
        .route("/api/session/{id}/go", post(go))
        .route("/api/session/{id}/stop", post(stop))
        .route("/api/session/{id}/review", post(review))
        .merge(collection_routes::router(Arc::clone(&state.shelf)))
        .merge(puzzle_routes::router(Arc::clone(&state.puzzles)))
        .route("/api/openings/{variant}", get(openings))
        .route("/api/session/{id}/duel", post(duel))
        .route("/api/session/{id}/duel/stop", post(stop_duel))
        .route("/api/session/{id}/lessons", post(lessons))
        .route("/api/session/{id}/lessons/try", post(try_lesson))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .layer(middleware::from_fn(limits::body_deadline))
        .with_state(state)
}

/// Refuses (403) what the access checks refuse; hands the token to the page in a
/// cookie when it came in the URL.
async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    match state.access.check(request.headers(), request.uri()) {
        Err(refusal) => (StatusCode::FORBIDDEN, refusal.message()).into_response(),
        Ok(admitted) => {
            let mut response = next.run(request).await;
            if admitted == Admitted::ByQuery
                && let Ok(cookie) = HeaderValue::from_str(&state.access.set_cookie())
            {
                response.headers_mut().insert(header::SET_COOKIE, cookie);
            }
            response
        }
    }
}

async fn index() -> Response {
    page_file(Path("index.html".to_string())).await
}

async fn page_file(Path(file): Path<String>) -> Response {
    match assets::find(&file) {
        Some(asset) => {
            let headers = [(header::CONTENT_TYPE, asset.content_type), (header::CACHE_CONTROL, "no-store")];
            (headers, asset.contents).into_response()
        }
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

/// The rule sets, and the one the page starts with.
#[derive(Serialize)]
struct VariantsReply {
    default: &'static str,
    variants: Vec<api::VariantInfo>,
}

async fn variants(State(state): State<AppState>) -> Response {
    Json(VariantsReply { default: state.variant.name(), variants: api::variants() }).into_response()
}

/// What the server holds now.
#[derive(Serialize)]
struct StatusReply {
    sessions: usize,
    connections: usize,
}

async fn status(State(state): State<AppState>) -> Response {
    Json(StatusReply { sessions: state.sessions.count(), connections: state.connections.open() })
        .into_response()
}

async fn position(body: Bytes) -> Response {
    answer(body, |request| api::position(&request))
}

async fn read_pdn(body: Bytes) -> Response {
    answer(body, |request| api::read_pdn_game(&request))
}

async fn write_pdn(body: Bytes) -> Response {
    answer(body, |request| api::write_pdn_game(&request))
}

/// A new session's id.
#[derive(Serialize)]
struct SessionReply {
    session: String,
}

async fn open_session(State(state): State<AppState>) -> Response {
    match state.sessions.open() {
        Ok(id) => {
            let sessions = Arc::clone(&state.sessions);
            let unclaimed = id.clone();
            tokio::spawn(async move {
                tokio::time::sleep(CLAIM_TIMEOUT).await;
                sessions.drop_unclaimed(&unclaimed);
            });
            Json(SessionReply { session: id }).into_response()
        }
        Err(error) => session_error(error),
    }
}

/// Closes the session when the stream that carries its events is dropped, that is when
/// the page closes it.
struct CloseOnDrop {
    sessions: Arc<Sessions>,
    id: String,
}

impl Drop for CloseOnDrop {
    fn drop(&mut self) {
        self.sessions.close(&self.id);
    }
}

async fn events(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    match state.sessions.claim(&id) {
        Ok(receiver) => {
            let closing = CloseOnDrop { sessions: Arc::clone(&state.sessions), id };
            Sse::new(event_stream(receiver, closing)).keep_alive(KeepAlive::default()).into_response()
        }
        Err(error) => session_error(error),
    }
}

/// The session's events as server-sent events; `closing` goes with the stream.
fn event_stream(
    receiver: tokio::sync::mpsc::UnboundedReceiver<SessionEvent>,
    closing: CloseOnDrop,
) -> impl Stream<Item = Result<Event, Infallible>> + Send {
    stream::unfold((receiver, closing), |(mut receiver, closing)| async move {
        let event = receiver.recv().await?;
        Some((Ok(Event::default().event(event.name).data(event.data)), (receiver, closing)))
    })
}

async fn go(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> Response {
    in_session(&body, |request: GoRequest| state.sessions.go(&id, &request))
}

async fn review(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> Response {
    in_session(&body, |request: ReviewRequest| state.sessions.review(&id, &request))
}

async fn openings(State(state): State<AppState>, Path(variant): Path<String>) -> Response {
    match openings::openings(&variant, state.openings) {
        Ok(reply) => Json(reply).into_response(),
        Err(error) => (StatusCode::BAD_REQUEST, Json(error)).into_response(),
    }
}

async fn duel(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> Response {
    in_session(&body, |request: DuelRequest| state.sessions.duel(&id, &request))
}

async fn stop_duel(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    done(state.sessions.stop_background(&id))
}

async fn lessons(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> Response {
    with_lessons(&state, &id, body, |slot, request: LessonsRequest| lessons::lessons(slot, &request)).await
}

async fn try_lesson(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> Response {
    with_lessons(&state, &id, body, |slot, request: TryRequest| lessons::try_move(slot, &request)).await
}

/// Reads the JSON request in `body` and replies with what `work` makes of it with
/// session `id`'s lesson slot, on a thread of its own (a move tried is searched).
async fn with_lessons<T: DeserializeOwned, R: Serialize>(
    state: &AppState,
    id: &str,
    body: Bytes,
    work: impl FnOnce(&LessonSlot, T) -> Result<R, ApiError> + Send + 'static,
) -> Response {
    match state.sessions.lessons(id) {
        Ok(slot) => aside(move || answer(body, |request| work(&slot, request))).await,
        Err(error) => session_error(error),
    }
}

async fn stop(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    done(state.sessions.stop(&id))
}

/// Reads the JSON request in `body` and has `work` do it in a session: `{"ok":true}`, or
/// the error.
fn in_session<T: DeserializeOwned>(
    body: &Bytes,
    work: impl FnOnce(T) -> Result<(), SessionError>,
) -> Response {
    done(parse(body).map_err(SessionError::Bad).and_then(work))
}

/// `{"ok":true}`, or the error.
fn done(result: Result<(), SessionError>) -> Response {
    match result {
        Ok(()) => Json(serde_json::json!({ "ok": true })).into_response(),
        Err(error) => session_error(error),
    }
}

fn session_error(error: SessionError) -> Response {
    let (status, message) = match error {
        SessionError::Unknown => (StatusCode::NOT_FOUND, ApiError::new("unknown session")),
        SessionError::Claimed => {
            (StatusCode::CONFLICT, ApiError::new("the session's events are already streaming"))
        }
        SessionError::Full => {
            (StatusCode::SERVICE_UNAVAILABLE, ApiError::new("too many pages have an engine"))
        }
        SessionError::Bad(error) => (StatusCode::BAD_REQUEST, error),
    };
    (status, Json(message)).into_response()
}
