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
    /// Bytes that are not UTF-8 text.
    #[error("the line is not UTF-8 text")]
    NotUtf8,
    /// A NUL byte.
    #[error("the line holds a NUL byte")]
    Nul,
    /// More than [`MAX_LINE`] bytes.
    #[error("the line is longer than 1 MiB")]
    TooLong,
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

/// The longest line read, in bytes: a longer one is refused and skipped to its end, so
/// that no input can make the reader hold more.
pub const MAX_LINE: usize = 1 << 20;

/// Reads lines on a thread of its own, named `name`; the channel closes at the end of
/// the input or at a read error. The engine reads its commands so, and the match runner
/// the engines' answers. A line that is not UTF-8, holds a NUL or runs past [`MAX_LINE`]
/// comes as its [`LineError`], and reading goes on.
pub fn spawn_line_reader(
    mut input: impl BufRead + Send + 'static,
    name: &str,
) -> io::Result<Receiver<Result<String, LineError>>> {
    let (sender, receiver) = mpsc::channel();
    std::thread::Builder::new().name(name.to_string()).spawn(move || {
        while let Ok(Some(line)) = read_line(&mut input) {
            if sender.send(line).is_err() {
                return;
            }
        }
    })?;
    Ok(receiver)
}

/// The next line of `input` without its line ending (`\n` or `\r\n`), `None` at the end
/// of the input.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<Result<String, LineError>>> {
    let mut buffer = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            if !read_any {
                return Ok(None);
            }
            break;
        }
        read_any = true;
        let end = available.iter().position(|&byte| byte == b'\n');
        let chunk = &available[..end.unwrap_or(available.len())];
        too_long |= buffer.len() + chunk.len() > MAX_LINE;
        if !too_long {
            buffer.extend_from_slice(chunk);
        }
        let used = chunk.len() + usize::from(end.is_some());
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Some(Err(LineError::TooLong)));
    }
    if buffer.last() == Some(&b'\r') {
        buffer.pop();
    }
    if buffer.contains(&0) {
        return Ok(Some(Err(LineError::Nul)));
    }
    Ok(Some(String::from_utf8(buffer).map_err(|_| LineError::NotUtf8)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line `bytes` holds, as the reader thread sends them.
    fn lines(bytes: &[u8]) -> Vec<Result<String, LineError>> {
        let mut input = io::BufReader::with_capacity(16, bytes);
        std::iter::from_fn(|| read_line(&mut input).expect("in memory")).collect()
    }

    #[test]
    fn lines_end_at_a_newline_or_a_carriage_return_and_newline() {
        let read = lines(b"hub\r\nping\n\nset-param name=threads value=2");
        let expected = ["hub", "ping", "", "set-param name=threads value=2"];
        assert_eq!(read, expected.map(|line| Ok(line.to_string())));
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn bad_lines_are_errors_and_the_lines_after_them_read() {
        let mut bytes = b"\xff\xfe ping\npi\0ng\n".to_vec();
        bytes.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        bytes.extend(b"\nping\n");
        let expected =
            [Err(LineError::NotUtf8), Err(LineError::Nul), Err(LineError::TooLong), Ok("ping".into())];
        assert_eq!(lines(&bytes), expected);
        let longest = vec![b'x'; MAX_LINE];
        assert_eq!(lines(&longest), [Ok("x".repeat(MAX_LINE))]);
    }
}
