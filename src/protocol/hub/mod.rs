//! The Hub protocol, version 2 as Scan 3 speaks it, on standard input and output: the
//! protocol of pydraughts' `HubEngine`, lidraughts-bot and Hub GUIs. `protocol.md` at
//! the top of the repository describes the dialect.
//!
//! A reader thread turns input into lines; the session handles them in order. A search
//! runs on a thread of its own and writes its `info` and `done` lines itself, so that
//! `ping`, `stop` and `ponder-hit` are answered while it runs. Any other command first
//! stops the search and waits for its `done`.

#[cfg(test)]
mod fuzz;

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::egdb;
use crate::engine::options::{BOOK, EGDB_PATH, ENGINE_OPTIONS, EVAL_FILE, EngineOption, parse_switch};
use crate::engine::{
    Clock, Engine, Go, Info, Limits, MAX_DEPTH, MAX_SECONDS, OptionsBuilder, Report, SearchHandle,
    SearchResult,
};
use crate::rules::{Color, Game, KingRun, Move, Position, Variant};
use crate::wire::hub_line::{Line, quote, spawn_line_reader};
use crate::wire::position::{Encoding, parse_hub_position, renumber_hub_move};

/// A writer shared by the session and its search thread, one whole line at a time.
type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn send(output: &Output, text: &str) {
    log::debug!("hub > {text}");
    // A closed output leaves nobody to talk to; the session ends at end of input.
    if let Ok(mut out) = output.lock() {
        let _ = writeln!(out, "{text}").and_then(|()| out.flush());
    }
}

/// The state of a Hub session.
struct Session {
    output: Output,
    variant: Variant,
    encoding: Encoding,
    ponder: bool,
    engine: Engine,
    /// The value last set of each path option (`eval-file`, `egdb-path`, `book-file`),
    /// as `set-param` gave it: the options hold what was read, not the path.
    paths: BTreeMap<&'static str, String>,
    game: Option<Game>,
    level: Limits,
    running: Option<SearchHandle>,
}

/// Speaks Hub on `input` and `output` until `quit` or the end of input.
///
/// # Errors
/// Only when the reader thread cannot be started.
pub fn run(input: impl BufRead + Send + 'static, output: impl Write + Send + 'static) -> io::Result<()> {
    let lines = spawn_line_reader(input, "hub-input")?;
    let mut session = Session {
        output: Arc::new(Mutex::new(Box::new(output))),
        variant: Variant::English,
        encoding: Encoding::Standard,
        ponder: false,
        // Prepared at `init`, once the GUI has set the table size.
        engine: Engine::unprepared(
            OptionsBuilder::new(None).default_egdb().switch(&BOOK, BOOK.default).build(),
        ),
        paths: BTreeMap::from([(
            EGDB_PATH.name,
            egdb::default_root().map(|root| root.display().to_string()).unwrap_or_default(),
        )]),
        game: None,
        level: Limits::default(),
        running: None,
    };
    while let Ok(line) = lines.recv() {
        match line {
            Ok(text) if !session.handle(&text) => break,
            Ok(_) => {}
            Err(error) => session.error(&error.to_string()),
        }
    }
    session.stop_search();
    Ok(())
}

impl Session {
    fn send(&self, text: &str) {
        send(&self.output, text);
    }

    fn error(&self, message: &str) {
        self.send(&format!("error message={}", quote(message)));
    }

    /// Handles one line; `false` to end the session.
    fn handle(&mut self, text: &str) -> bool {
        log::debug!("hub < {text}");
        let line = match Line::parse(text) {
            Ok(line) => line,
            Err(error) => {
                self.error(&error.to_string());
                return true;
            }
        };
        match line.command.as_str() {
            "ping" => self.send("pong"),
            "stop" => {
                if let Some(running) = &self.running {
                    running.stop();
                }
            }
            "ponder-hit" => {
                if let Some(running) = &self.running {
                    running.ponder_hit();
                }
            }
            "quit" => return false,
            command => {
                self.stop_search();
                match command {
                    "hub" => self.hub(),
                    "set-param" => self.set_param(&line),
                    "init" => self.init(),
                    "new-game" => self.engine.new_game(),
                    "pos" => self.position(&line),
                    "level" => self.level(&line),
                    "go" => self.go(&line),
                    other => self.error(&format!("unknown command '{}'", truncate(other))),
                }
            }
        }
        true
    }

    /// Stops the search in progress, if any, and waits for its `done`.
    fn stop_search(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop();
            running.wait();
        }
    }

    fn hub(&self) {
        self.send(&format!(
            "id name=crownhead version={} author={} country={}",
            env!("CARGO_PKG_VERSION"),
            quote("crownhead developers"),
            quote("")
        ));
        let names = Variant::ALL.iter().map(|variant| variant.name());
        let variants: Vec<&str> = names.chain(Variant::ALIASES.iter().map(|(alias, _)| *alias)).collect();
        self.send(&format!(
            "param name=variant value={} type=enum values={}",
            self.variant,
            quote(&variants.join(" "))
        ));
        for option in &ENGINE_OPTIONS {
            self.send(&self.param_line(option));
        }
        self.send(&format!("param name=ponder value={} type=bool", self.ponder));
        self.send(&format!(
            "param name=pos-encoding value={} type=enum values={}",
            encoding_name(self.encoding),
            quote(&ENCODINGS.map(|(name, _)| name).join(" "))
        ));
        self.send("wait");
    }

    /// The `param` line of an engine option: its value in force, its type and range.
    fn param_line(&self, option: &EngineOption) -> String {
        let options = self.engine.options();
        let name = option.name();
        match option {
            EngineOption::Count(count) => format!(
                "param name={name} value={} type=int min={} max={}",
                count.value(options),
                count.min,
                count.max
            ),
            EngineOption::Switch(switch) => {
                format!("param name={name} value={} type=bool", switch.value(options))
            }
            EngineOption::Path(_) => {
                format!("param name={name} value={} type=string", quote(self.path(name)))
            }
        }
    }

    /// The value last set of the path option `name`, empty if none was.
    fn path(&self, name: &str) -> &str {
        self.paths.get(name).map_or("", String::as_str)
    }

    /// Makes the transposition table and reads the rule set's network, database and book
    /// now, before any `go`: a search must not spend its time on them (tens of
    /// milliseconds for the default 64 MiB table, about 0.2 s for the English book).
    fn init(&mut self) {
        self.engine.prepare_for(self.variant);
        self.send("ready");
    }

    fn set_param(&mut self, line: &Line) {
        let (Some(name), Some(value)) = (line.value("name"), line.value("value")) else {
            self.error("set-param needs name and value");
            return;
        };
        let result: Result<(), String> = match name {
            "variant" => value
                .parse()
                .map_err(|error| format!("{error}"))
                .and_then(|variant| self.set_variant(variant)),
            "ponder" => {
                parse_switch("ponder", value).map(|on| self.ponder = on).map_err(|error| error.to_string())
            }
            "pos-encoding" => match ENCODINGS.iter().find(|(name, _)| *name == value) {
                Some(&(_, encoding)) => {
                    self.encoding = encoding;
                    Ok(())
                }
                None => Err(format!(
                    "pos-encoding is one of {}, not '{}'",
                    ENCODINGS.map(|(name, _)| name).join(", "),
                    truncate(value)
                )),
            },
            _ => self.set_engine_option(name, value),
        };
        if let Err(message) = result {
            self.error(&message);
        }
    }

    /// Sets an option of the engine's table as every front end does, through
    /// [`OptionsBuilder`]; a refused value leaves the option as it was. The protocol says
    /// to ignore parameters one does not know.
    fn set_engine_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let builder = OptionsBuilder::from_options(self.engine.options().clone(), Some(self.variant));
        let Some(built) = builder.set(name, value) else {
            return Ok(());
        };
        let options = built.map_err(|error| error.to_string())?.build();
        self.engine.set_options(options);
        if let Some(EngineOption::Path(option)) = EngineOption::named(name) {
            self.paths.insert(option.name, value.to_string());
        }
        Ok(())
    }

    /// Plays `variant` from now on; a network loaded for other rule sets then gives way
    /// to the built-in evaluation, which the error says.
    fn set_variant(&mut self, variant: Variant) -> Result<(), String> {
        self.variant = variant;
        match self.engine.options().check_network(variant) {
            Ok(()) => Ok(()),
            Err(error) => {
                let file = self.path(EVAL_FILE.name);
                Err(format!("eval-file {file}: {error}; the built-in evaluation plays {variant}"))
            }
        }
    }

    fn position(&mut self, line: &Line) {
        // Scan resets the level with every position.
        self.level = Limits::default();
        self.game = None;
        let start = if line.has("start") || line.value("pos").is_none() {
            Ok(Position::start(self.variant))
        } else {
            parse_hub_position(self.variant, self.encoding, line.value("pos").unwrap_or_default())
        };
        let start = match start {
            Ok(position) => position,
            Err(error) => return self.error(&format!("bad position: {error}")),
        };
        let start = match line.value("wolf").map(|runs| with_king_runs(start, runs)).unwrap_or(Ok(start)) {
            Ok(position) => position,
            Err(token) => return self.error(&format!("bad wolf value '{}'", truncate(&token))),
        };
        let mut game = Game::new(start);
        for text in line.value("moves").unwrap_or_default().split_whitespace() {
            let renumbered = renumber_hub_move(self.variant, self.encoding, text);
            let played = game.position().parse_hub_move(&renumbered).and_then(|mv| game.play(mv));
            if played.is_err() {
                return self.error(&format!("illegal move '{}'", truncate(text)));
            }
        }
        self.game = Some(game);
    }

    fn level(&mut self, line: &Line) {
        let mut level = Limits { infinite: line.has("infinite"), ..Limits::default() };
        let seconds =
            |name| line.value(name).map(|text| text.parse::<f64>().ok().filter(|value| value.is_finite()));
        let count = |name| line.value(name).map(|text| text.parse::<u64>().ok());
        let bad = |name: &str| format!("bad level value for {name}");
        match count("depth") {
            Some(Some(depth)) => level.depth = Some(depth.clamp(1, u64::from(MAX_DEPTH)) as u32),
            Some(None) => return self.error(&bad("depth")),
            None => {}
        }
        match count("nodes") {
            Some(Some(nodes)) => level.nodes = Some(nodes.max(1)),
            Some(None) => return self.error(&bad("nodes")),
            None => {}
        }
        match seconds("move-time") {
            Some(Some(time)) => level.move_time = Some(Duration::from_secs_f64(time.clamp(0.0, MAX_SECONDS))),
            Some(None) => return self.error(&bad("move-time")),
            None => {}
        }
        match (seconds("time"), seconds("inc"), count("moves")) {
            (None, None, None) => {}
            (Some(Some(time)), increment, moves) => {
                let Some(increment) = increment.unwrap_or(Some(0.0)) else {
                    return self.error(&bad("inc"));
                };
                let Some(moves) = moves.unwrap_or(Some(0)) else {
                    return self.error(&bad("moves"));
                };
                level.clock = Some(Clock {
                    time: time.clamp(-MAX_SECONDS, MAX_SECONDS),
                    increment: increment.clamp(0.0, MAX_SECONDS),
                    moves_to_go: u32::try_from(moves).ok().filter(|&moves| moves > 0),
                });
            }
            _ => return self.error("level needs time= with inc= or moves="),
        }
        self.level = level;
    }

    fn go(&mut self, line: &Line) {
        let Some(game) = &self.game else {
            return self.error("no position (send pos first)");
        };
        if game.position().legal_moves().is_empty() {
            return self.error("no legal move in this position");
        }
        let purpose = if line.has("analyze") {
            Go::Analyse
        } else if line.has("ponder") {
            Go::Ponder
        } else {
            Go::Think
        };
        let mut limits = self.level;
        // Scan resets the level after each search.
        self.level = Limits::default();
        if purpose == Go::Analyse && limits == Limits::default() {
            limits.infinite = true;
        }
        let output = Arc::clone(&self.output);
        let root = *game.position();
        let encoding = self.encoding;
        let started = self.engine.go(game, &limits, purpose, move |report| match report {
            Report::Info(info) => send(&output, &info_line(&root, encoding, info)),
            Report::Done(result) => send(&output, &done_line(&root, encoding, result)),
        });
        match started {
            Ok(handle) => self.running = Some(handle),
            Err(error) => self.error(&format!("cannot start the search: {error}")),
        }
    }
}

/// The `done` line: the move to play and the expected reply, in Hub move notation. A reply
/// that leaves no legal move (the game is over) is not sent: there is nothing to ponder on,
/// and lidraughts-bot would start a `go ponder` there, which gets an `error` and no `done`.
fn done_line(root: &Position, encoding: Encoding, result: &SearchResult) -> String {
    let after = |best: &Move, ponder: &Move| root.play(best).play(ponder);
    match (result.best_move, result.ponder_move) {
        (Some(best), Some(ponder)) if !after(&best, &ponder).legal_moves().is_empty() => format!(
            "done move={} ponder={}",
            hub_move(root, encoding, &best),
            hub_move(&root.play(&best), encoding, &ponder)
        ),
        (Some(best), _) => format!("done move={}", hub_move(root, encoding, &best)),
        (None, _) => "error message=\"no legal move\"".to_string(),
    }
}

/// An `info` line: depth, mean depth, score in men, nodes, time, nps in millions, and
/// the principal variation in Hub move notation.
fn info_line(root: &Position, encoding: Encoding, info: &Info) -> String {
    format!(
        "info depth={} mean-depth={:.1} score={} nodes={} time={:.3} nps={:.1} pv={}",
        info.depth,
        info.mean_depth,
        info.score,
        info.nodes,
        info.time.as_secs_f64(),
        info.nps as f64 / 1e6,
        quote(&root.line_to_text(&info.pv, |position, mv| hub_move(position, encoding, mv)).join(" "))
    )
}

/// `mv` from `position` in Hub notation, numbered as `encoding` numbers moves.
fn hub_move(position: &Position, encoding: Encoding, mv: &Move) -> String {
    renumber_hub_move(position.variant(), encoding, &position.move_to_hub(mv))
}

/// The `pos-encoding` values and what each names (protocol.md#parameters).
const ENCODINGS: [(&str, Encoding); 3] = [
    ("standard", Encoding::Standard),
    ("pydraughts", Encoding::Pydraughts),
    ("pydraughts-0.5", Encoding::Pydraughts05),
];

fn encoding_name(encoding: Encoding) -> &'static str {
    ENCODINGS.iter().find(|(_, known)| *known == encoding).map_or("standard", |(name, _)| name)
}

/// At most 40 characters of a user's text, for error messages.
fn truncate(text: &str) -> String {
    text.chars().take(40).collect()
}

/// `position` with the runs of quiet king moves lidraughts' own engine sends in `pos`'s
/// `wolf` (Frisian): space-separated `W05=3`, side, two-digit square of the king, `=`,
/// count. A run that does not apply (another rule set, no such king) is dropped, as
/// [`Position::with_king_run`] does. On error, the token that could not be read.
fn with_king_runs(mut position: Position, runs: &str) -> Result<Position, String> {
    for token in runs.split_whitespace() {
        let read = || {
            let color = token.chars().next().and_then(Color::from_letter)?;
            let (square, count) = token.get(1..)?.split_once('=')?;
            let king = position.rules().parse_square(square)?;
            let count = count.parse::<u8>().ok()?;
            Some((color, KingRun { count, king: Some(king) }))
        };
        let (color, run) = read().ok_or_else(|| token.to_string())?;
        position = position.with_king_run(color, run);
    }
    Ok(position)
}
