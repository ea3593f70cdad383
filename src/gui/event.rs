//! What a page's session sends down its event stream.

use serde::Serialize;

/// An event for a page: its name and its JSON data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionEvent {
    /// `ready` (first, once), `info`, `done`, `progress` or `review`.
    pub name: &'static str,
    /// The data, JSON.
    pub data: String,
}

/// `value` as JSON text.
pub fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|error| format!("{{\"error\":\"{error}\"}}"))
}
