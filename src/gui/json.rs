//! The JSON of the rules and collection routes: a request read from the body, and the
//! reply made of it or the error that refused it.

use axum::body::Bytes;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::api::ApiError;

/// The JSON request in `body`.
pub(super) fn parse<T: DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|error| ApiError::new(format!("bad request: {error}")))
}

/// Reads the JSON request in `body` and replies with what `work` makes of it, or with
/// the error (400).
pub(super) fn answer<T: DeserializeOwned, R: Serialize>(
    body: Bytes,
    work: impl FnOnce(T) -> Result<R, ApiError>,
) -> Response {
    match parse(&body).and_then(work) {
        Ok(reply) => Json(reply).into_response(),
        Err(error) => (StatusCode::BAD_REQUEST, Json(error)).into_response(),
    }
}
