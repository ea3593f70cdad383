//! The routes of the puzzle mode ([`PuzzleDesk`]): the set and the person's standing,
//! the next puzzle, a check of the moves played, a hint, and a try's rating.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::response::Response;
use axum::routing::post;

use super::collection_routes::aside;
use super::json::answer;
use super::puzzle_desk::{CheckRequest, HintRequest, NextRequest, PuzzleDesk, RateRequest, SummaryRequest};

/// The routes, for the server to put behind its access checks.
pub fn router<S: Clone + Send + Sync + 'static>(desk: Arc<PuzzleDesk>) -> Router<S> {
    Router::new()
        .route("/api/puzzles/summary", post(summary))
        .route("/api/puzzles/next", post(next))
        .route("/api/puzzles/check", post(check))
        .route("/api/puzzles/hint", post(hint))
        .route("/api/puzzles/rate", post(rate))
        .with_state(desk)
}

async fn summary(State(desk): State<Arc<PuzzleDesk>>, body: Bytes) -> Response {
    answer(body, |request: SummaryRequest| desk.summary(&request))
}

async fn next(State(desk): State<Arc<PuzzleDesk>>, body: Bytes) -> Response {
    answer(body, |request: NextRequest| desk.next(&request))
}

/// A check searches a wrong move's refutation: on a thread of its own.
async fn check(State(desk): State<Arc<PuzzleDesk>>, body: Bytes) -> Response {
    aside(move || answer(body, |request: CheckRequest| desk.check(&request))).await
}

async fn hint(State(desk): State<Arc<PuzzleDesk>>, body: Bytes) -> Response {
    answer(body, |request: HintRequest| desk.hint(&request))
}

async fn rate(State(desk): State<Arc<PuzzleDesk>>, body: Bytes) -> Response {
    answer(body, |request: RateRequest| desk.rate(&request))
}
