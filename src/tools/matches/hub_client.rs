//! A Hub engine in a child process, as a match sees it: started and configured
//! (`hub` → `id`, `param`, `wait`; `set-param`; `init` → `ready`), told of new games
//! (`new-game`, then `ping` → `pong`), asked for moves (`pos`, `level`, `go think` →
//! `info`, `done move=`), and killed when dropped.
//!
//! A reader thread turns the engine's output into lines on a channel, so that every
//! wait has a deadline: an engine that crashes closes the channel, one that hangs runs
//! into the deadline.

use std::fs::OpenOptions;
use std::io::{self, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::rules::{Game, Position, Variant};
use crate::wire::hub_line::{Line, LineError, quote, spawn_line_reader};
use crate::wire::position::{Encoding, write_hub_position};

/// How long an engine may take to answer `hub` and `ping`.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an engine may take to answer `init` (it may allocate large tables).
const INIT_TIMEOUT: Duration = Duration::from_secs(60);

/// An engine to play: its command line, the parameters to set, and where its standard
/// error goes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// Hub parameters, `set-param name=NAME value=VALUE`, in order.
    pub options: Vec<(String, String)>,
    /// The file every process of this engine appends its standard error to (created if
    /// missing), so that what it logs under `RUST_LOG`, such as a search overrunning its
    /// deadline, can be read after the match; `None` discards it.
    pub stderr: Option<PathBuf>,
}

/// Why a command line could not be split into words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandLineError {
    /// No words at all.
    #[error("empty engine command")]
    Empty,
    /// A quote with no closing quote.
    #[error("unterminated quote in engine command '{0}'")]
    UnterminatedQuote(String),
}

impl EngineSpec {
    /// An engine from a command line (split at blanks outside quotes) with no parameters.
    ///
    /// # Errors
    /// [`CommandLineError`] for an empty command or an open quote.
    pub fn parse(command_line: &str) -> Result<EngineSpec, CommandLineError> {
        Ok(EngineSpec { command: split_command(command_line)?, ..EngineSpec::default() })
    }
}

/// Splits a command line into words at blanks; `"..."` and `'...'` quote blanks.
/// There are no escapes.
///
/// # Errors
/// [`CommandLineError`] for an empty command or an open quote.
pub fn split_command(text: &str) -> Result<Vec<String>, CommandLineError> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match quote {
            Some(open) if c == open => quote = None,
            Some(_) => word.get_or_insert_with(String::new).push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            None if c.is_whitespace() => words.extend(word.take()),
            None => word.get_or_insert_with(String::new).push(c),
        }
    }
    if quote.is_some() {
        return Err(CommandLineError::UnterminatedQuote(text.to_string()));
    }
    words.extend(word);
    if words.is_empty() {
        return Err(CommandLineError::Empty);
    }
    Ok(words)
}

/// What went wrong with an engine.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The program could not be started.
    #[error("cannot start '{command}': {source}")]
    Spawn {
        /// The program.
        command: String,
        /// Why.
        source: io::Error,
    },
    /// The engine closed its output or its input: it exited or crashed.
    #[error("engine exited{status}")]
    Exited {
        /// The exit status, when known, as `" (exit status: 1)"`.
        status: String,
    },
    /// No answer in time.
    #[error("no {expected} within {seconds:.2} s")]
    Timeout {
        /// The answer waited for: `move`, `'ready'`, ...
        expected: String,
        /// How long we waited.
        seconds: f64,
    },
    /// The engine answered `error`.
    #[error("engine error: {0}")]
    Rejected(String),
    /// A parameter the engine does not offer.
    #[error("the engine has no parameter '{name}' (it offers: {offered})")]
    UnknownOption {
        /// The parameter.
        name: String,
        /// The parameters the engine offers.
        offered: String,
    },
    /// The file for the engine's standard error ([`EngineSpec::stderr`]) cannot be opened.
    #[error("cannot open {} for the engine's standard error: {source}", path.display())]
    Stderr {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The engine does not play the rule set.
    #[error("the engine does not play {variant} (its variants: {offered})")]
    Variant {
        /// The rule set.
        variant: Variant,
        /// The variants it offers.
        offered: String,
    },
}

/// A parameter the engine offers.
#[derive(Clone, Debug)]
struct Param {
    name: String,
    /// The values of an `enum` parameter.
    values: Vec<String>,
}

/// An engine's answer to `go think`.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// The move as the engine wrote it (empty if `done` had no `move=`).
    pub mv: String,
    /// From sending `go` to reading `done`.
    pub elapsed: Duration,
    /// The score of the last `info` line, in men as the engine wrote it.
    pub score: Option<String>,
    /// The depth of the last `info` line.
    pub depth: Option<String>,
    /// The reply the engine expects, from `done`'s `ponder=`, if it gave one.
    pub ponder: Option<String>,
}

/// A running Hub engine. Dropping it kills the process.
pub struct HubClient {
    child: Child,
    input: ChildStdin,
    lines: Receiver<Result<String, LineError>>,
    name: String,
    /// While the engine ponders: the `pos` and `level` lines it ponders on.
    pondering: Option<(String, String)>,
}

impl HubClient {
    /// Starts the engine, its standard error appended to the spec's file if it names
    /// one, reads its `id` and parameters, sets the rule set and the spec's parameters,
    /// and waits for `ready`.
    ///
    /// # Errors
    /// [`ClientError`]: the file for its standard error cannot be opened, the program
    /// does not start, does not speak Hub in time, does not offer a parameter or the rule
    /// set, or rejects a setting.
    pub fn start(spec: &EngineSpec, variant: Variant) -> Result<HubClient, ClientError> {
        let (program, arguments) = spec.command.split_first().ok_or_else(|| ClientError::Spawn {
            command: String::new(),
            source: io::Error::new(io::ErrorKind::InvalidInput, "empty command"),
        })?;
        let stderr = match &spec.stderr {
            Some(path) => Stdio::from(
                OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|source| ClientError::Stderr { path: path.clone(), source })?,
            ),
            None => Stdio::null(),
        };
        let spawn_error = |source| ClientError::Spawn { command: spec.command.join(" "), source };
        let mut child = Command::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .map_err(spawn_error)?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(spawn_error(io::Error::other("no pipes to the engine")));
        };
        let lines = spawn_line_reader(BufReader::new(output), "hub-client").map_err(spawn_error)?;
        let fallback_name = Self::program_name(program);
        let mut client = HubClient { child, input, lines, name: fallback_name, pondering: None };
        let params = client.handshake()?;
        client.configure(&params, spec, variant)?;
        Ok(client)
    }

    /// The engine's name from its `id` line (the program's file name if it gave none).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Starts a new game: `new-game`, then `ping` until `pong`, so that any `error` the
    /// engine has to say comes before the first move. Returns the `ping` round trip.
    ///
    /// # Errors
    /// [`ClientError`] if the engine is gone, silent or rejects `new-game`.
    pub fn new_game(&mut self) -> Result<Duration, ClientError> {
        self.stop_pondering()?;
        self.send("new-game")?;
        let sent = Instant::now();
        self.send("ping")?;
        self.expect("pong", HANDSHAKE_TIMEOUT)?;
        Ok(sent.elapsed())
    }

    /// Asks for a move in the current position of `game` within `level` (a Hub `level`
    /// line), waiting at most `wait` for `done`. The position is sent as the game's
    /// start and every move since, so the engine knows the history the draw rules need.
    /// If the engine was pondering on this very position and level, `ponder-hit` turns
    /// its search into the real one (and the time counts from there); on any other, its
    /// pondering is stopped first.
    ///
    /// # Errors
    /// [`ClientError::Exited`] if the engine is gone, [`ClientError::Timeout`] if it
    /// does not answer in `wait`, [`ClientError::Rejected`] if it answers `error`.
    pub fn think(&mut self, game: &Game, level: &str, wait: Duration) -> Result<Reply, ClientError> {
        let position = position_line(game);
        if self.pondering.as_ref().is_some_and(|(pondered, at)| *pondered == position && at == level) {
            self.pondering = None;
            self.send("ponder-hit")?;
        } else {
            self.stop_pondering()?;
            self.send(&position)?;
            self.send(level)?;
            self.send("go think")?;
        }
        let sent = Instant::now();
        let (mut score, mut depth) = (None, None);
        loop {
            let line = self.next_line(sent, wait, "move")?;
            match line.command.as_str() {
                "info" => {
                    score = line.value("score").map(str::to_string).or(score);
                    depth = line.value("depth").map(str::to_string).or(depth);
                }
                "done" => {
                    let mv = line.value("move").unwrap_or_default().to_string();
                    let ponder = line.value("ponder").map(str::to_string);
                    return Ok(Reply { mv, elapsed: sent.elapsed(), score, depth, ponder });
                }
                _ => {}
            }
        }
    }

    /// Starts the engine pondering on the position of `game` (the engine's own move and
    /// the reply it expects played) under `level`, the level of its next move: `go
    /// ponder`, answered later by [`HubClient::think`].
    ///
    /// # Errors
    /// [`ClientError::Exited`] if the engine is gone.
    pub fn ponder(&mut self, game: &Game, level: &str) -> Result<(), ClientError> {
        let position = position_line(game);
        self.send(&position)?;
        self.send(level)?;
        self.send("go ponder")?;
        self.pondering = Some((position, level.to_string()));
        Ok(())
    }

    /// Stops the engine's pondering, if it ponders, and reads the `done` it then sends.
    fn stop_pondering(&mut self) -> Result<(), ClientError> {
        if self.pondering.take().is_some() {
            self.send("stop")?;
            let start = Instant::now();
            while self.next_line(start, HANDSHAKE_TIMEOUT, "'done' after 'stop'")?.command != "done" {}
        }
        Ok(())
    }

    /// `hub` → `id`, `param`, `wait`: the engine's name and parameters.
    fn handshake(&mut self) -> Result<Vec<Param>, ClientError> {
        self.send("hub")?;
        let start = Instant::now();
        let mut params = Vec::new();
        loop {
            let line = self.next_line(start, HANDSHAKE_TIMEOUT, "'wait'")?;
            match line.command.as_str() {
                "id" => {
                    if let Some(name) = line.value("name").filter(|name| !name.trim().is_empty()) {
                        self.name = name.trim().to_string();
                    }
                }
                "param" => {
                    if let Some(name) = line.value("name") {
                        let values = line.value("values").unwrap_or_default();
                        params.push(Param {
                            name: name.to_string(),
                            values: values.split_whitespace().map(str::to_string).collect(),
                        });
                    }
                }
                "wait" => return Ok(params),
                _ => {}
            }
        }
    }

    /// Sets the rule set and the spec's parameters, then `init` → `ready`. An engine
    /// that offers a `book` parameter is told to play without its book unless the spec
    /// sets it.
    fn configure(
        &mut self,
        params: &[Param],
        spec: &EngineSpec,
        variant: Variant,
    ) -> Result<(), ClientError> {
        if let Some(param) = params.iter().find(|param| param.name == "variant") {
            let value = if param.values.is_empty() {
                Some(variant.name().to_string())
            } else {
                param.values.iter().find(|value| value.parse::<Variant>() == Ok(variant)).cloned()
            };
            let Some(value) = value else {
                return Err(ClientError::Variant { variant, offered: param.values.join(" ") });
            };
            self.send(&format!("set-param name=variant value={}", quote(&value)))?;
        }
        // Matches measure engines, not books: an engine that offers a book plays
        // without unless the spec asks for it.
        let book_asked = spec.options.iter().any(|(name, _)| name == "book");
        if !book_asked && params.iter().any(|param| param.name == "book") {
            self.send("set-param name=book value=false")?;
        }
        for (name, value) in &spec.options {
            if !params.is_empty() && !params.iter().any(|param| &param.name == name) {
                let offered: Vec<&str> = params.iter().map(|param| param.name.as_str()).collect();
                return Err(ClientError::UnknownOption { name: name.clone(), offered: offered.join(" ") });
            }
            self.send(&format!("set-param name={} value={}", quote(name), quote(value)))?;
        }
        self.send("init")?;
        self.expect("ready", INIT_TIMEOUT)
    }

    /// Reads lines until `answer`; an `error` line on the way is an error.
    fn expect(&mut self, answer: &str, timeout: Duration) -> Result<(), ClientError> {
        let start = Instant::now();
        let expected = format!("'{answer}'");
        while self.next_line(start, timeout, &expected)?.command != answer {}
        Ok(())
    }

    /// The next Hub line within `wait` of `start`, when the caller began waiting (lines
    /// that are not Hub are skipped); an `error` line is [`ClientError::Rejected`].
    fn next_line(&mut self, start: Instant, wait: Duration, expected: &str) -> Result<Line, ClientError> {
        let deadline = start + wait;
        loop {
            let timeout = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(timeout) {
                Ok(Err(error)) => log::debug!("{} > unreadable line: {error}", self.name),
                Ok(Ok(text)) => {
                    log::debug!("{} > {text}", self.name);
                    let Ok(line) = Line::parse(&text) else { continue };
                    if line.command == "error" {
                        return Err(ClientError::Rejected(
                            line.value("message").unwrap_or(&text).to_string(),
                        ));
                    }
                    return Ok(line);
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ClientError::Timeout {
                        expected: expected.to_string(),
                        seconds: start.elapsed().as_secs_f64(),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.exited()),
            }
        }
    }

    fn send(&mut self, text: &str) -> Result<(), ClientError> {
        log::debug!("{} < {text}", self.name);
        match writeln!(self.input, "{text}").and_then(|()| self.input.flush()) {
            Ok(()) => Ok(()),
            Err(_) => Err(self.exited()),
        }
    }

    /// The error for an engine that has gone, with its exit status if it has one by
    /// now.
    fn exited(&mut self) -> ClientError {
        let deadline = Instant::now() + Duration::from_millis(200);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break format!(" ({status})"),
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
                _ => break String::new(),
            }
        };
        ClientError::Exited { status }
    }

    fn program_name(program: &str) -> String {
        std::path::Path::new(program)
            .file_stem()
            .map_or_else(|| program.to_string(), |stem| stem.to_string_lossy().into_owned())
    }
}

impl Drop for HubClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `pos pos=START moves="M1 M2 ..."`: the game's start and every move since, in Hub
/// notation.
fn position_line(game: &Game) -> String {
    let start = game.start();
    let mut line = format!("pos pos={}", write_hub_position(start, Encoding::Standard));
    if !game.moves().is_empty() {
        let moves = start.line_to_text(game.moves(), Position::move_to_hub).join(" ");
        line.push_str(&format!(" moves={}", quote(&moves)));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_command_lines_split_at_blanks_outside_quotes() {
        let words = |text: &str| split_command(text).expect(text);
        assert_eq!(words("target/release/crownhead hub"), ["target/release/crownhead", "hub"]);
        assert_eq!(
            words("  python3  'my engine.py' \"--name=a b\" x''y "),
            ["python3", "my engine.py", "--name=a b", "xy"]
        );
        assert_eq!(words("''"), [""]);
        assert_eq!(split_command("   "), Err(CommandLineError::Empty));
        assert!(matches!(split_command("run 'open"), Err(CommandLineError::UnterminatedQuote(_))));
    }
}
