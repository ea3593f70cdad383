//! Hub lines: `command name=value name="quoted value" flag ...`, and the thread that
//! reads them.

use std::io::{self, BufRead};
use std::sync::mpsc::{self, Receiver};

/// One Hub line, split into its command and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The command (first word).
    pub command: String,
    /// Arguments in order: a name and its value (`None` for a flag).
    pub arguments: Vec<(String, Option<String>)>,
}

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// Nothing but blanks.
    #[error("missing command")]
    Empty,
    /// A quoted value with no closing quote.
    #[error("unterminated quote")]
    UnterminatedQuote,
    /// `=` with no name before it.
    #[error("value without a name")]
    MissingName,
}

impl Line {
    /// Reads a line. Words are separated by blanks; a value is quoted when it holds
    /// blanks or is empty.
    ///
    /// # Errors
    /// [`LineError`] for an empty line, a quote left open, or `=` with no name.
    pub fn parse(text: &str) -> Result<Line, LineError> {
        let mut words = Words { rest: text.trim() };
        let command = words.word()?.ok_or(LineError::Empty)?;
        if command.is_empty() {
            return Err(LineError::MissingName);
        }
        let mut arguments = Vec::new();
        while let Some(name) = words.word()? {
            if name.is_empty() {
                return Err(LineError::MissingName);
            }
            let value = if words.rest.starts_with('=') {
                words.rest = &words.rest[1..];
                Some(words.value()?)
            } else {
                None
            };
            arguments.push((name, value));
        }
        Ok(Line { command, arguments })
    }

    /// The value of argument `name`, if given with a value.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.arguments.iter().find(|(key, _)| key == name).and_then(|(_, value)| value.as_deref())
    }

    /// Whether `name` is given, as a flag or with a value.
    pub fn has(&self, name: &str) -> bool {
        self.arguments.iter().any(|(key, _)| key == name)
    }
}

struct Words<'a> {
    rest: &'a str,
}

impl Words<'_> {
    /// The next name: up to a blank or `=`.
    fn word(&mut self) -> Result<Option<String>, LineError> {
        self.rest = self.rest.trim_start();
        if self.rest.is_empty() {
            return Ok(None);
        }
        if self.rest.starts_with('"') {
            return self.quoted().map(Some);
        }
        let end = self.rest.find(|c: char| c.is_whitespace() || c == '=').unwrap_or(self.rest.len());
        let word = self.rest[..end].to_string();
        self.rest = &self.rest[end..];
        Ok(Some(word))
    }

    /// A value after `=`: quoted, or up to the next blank.
    fn value(&mut self) -> Result<String, LineError> {
        if self.rest.starts_with('"') {
            return self.quoted();
        }
        let end = self.rest.find(char::is_whitespace).unwrap_or(self.rest.len());
        let value = self.rest[..end].to_string();
        self.rest = &self.rest[end..];
        Ok(value)
    }

    fn quoted(&mut self) -> Result<String, LineError> {
        let inner = &self.rest[1..];
        let end = inner.find('"').ok_or(LineError::UnterminatedQuote)?;
        let value = inner[..end].to_string();
        self.rest = &inner[end + 1..];
        Ok(value)
    }
}

/// A value as Hub writes it: quoted when it is empty or holds blanks or `=`. Quotes
/// inside cannot be escaped in Hub, so they become apostrophes.
pub fn quote(value: &str) -> String {
    let value = value.replace('"', "'");
    if value.is_empty() || value.contains(|c: char| c.is_whitespace() || c == '=') {
        format!("\"{value}\"")
    } else {
        value
    }
}

/// Reads lines on a thread of its own, named `name`; the channel closes at the end of
/// the input or at a read error. The engine reads its commands so, and the match runner
/// the engines' answers.
pub fn spawn_line_reader(input: impl BufRead + Send + 'static, name: &str) -> io::Result<Receiver<String>> {
    let (sender, receiver) = mpsc::channel();
    std::thread::Builder::new().name(name.to_string()).spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { return };
            if sender.send(line).is_err() {
                return;
            }
        }
    })?;
    Ok(receiver)
}
