//! `crownhead gui`, the board in the browser: only requests with the run's token, this
//! server's Host and no foreign Origin are served (raw HTTP over a socket), a collection
//! named on the command line is saved back in place, files named that are not regular
//! files are refused at once, and the page
//! works in a real browser (headless Chromium driven by `tests/gui_browser.py`):
//! moves by clicking with their targets highlighted and the engine's reply, live
//! analysis, PDN loaded, navigated and saved, every rule set's board labelled as
//! `crownhead board --svg` labels it, the position editor, the choice between captures
//! that share their squares, moves by touch, the clock run down, incremented and run
//! out, and a collection's list, position search and explorer (checked here against the
//! collection replayed by crownhead's PDN reader), and the move tree (variations,
//! promoted, an engine line added, glyphs and comments) saved as PDN and read back the
//! same by crownhead's reader; two engine levels play a ballot twice (replayed by
//! pydraughts), the board is saved as SVG and PNG, a phone's screen holds it, and
//! puzzles are solved and missed, with the rating and its record file that follow. The
//! server's limits against slow, vanished and greedy clients are tested in `limits`.
//!
//! A test binary of its own: cargo runs test binaries one after another, so the browser
//! does not share the machine with the timing-sensitive tests of `tests/tools/` (their
//! half-second match games). It needs the feature `gui`, which builds the board.
#![cfg(feature = "gui")]

mod common;
#[path = "gui/limits.rs"]
mod limits;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crownhead::rules::{Color, PdnGame, PdnGlyph, PdnMove, PdnResult, Position, Variant, read_pdn};
use serde_json::{Value, json};

/// A running `crownhead gui`, killed when dropped.
struct Gui {
    child: Child,
    port: u16,
    token: String,
    /// Kept open: the server prints to it.
    _stdout: BufReader<ChildStdout>,
}

impl Gui {
    /// POSTs the JSON `body` to `route` as the page does (token, own Host) and returns
    /// the status code and the whole reply.
    fn post(&self, route: &str, body: &str) -> (u16, String) {
        let head = [
            format!("POST {route} HTTP/1.1"),
            format!("Host: 127.0.0.1:{}", self.port),
            format!("X-Crownhead-Token: {}", self.token),
            "Content-Type: application/json".to_string(),
        ];
        send(self.port, &head, body)
    }
}

impl Drop for Gui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the server on any free port and reads the URL it prints.
fn start() -> Gui {
    start_with(&[])
}

/// Starts the server with `extra` arguments too.
fn start_with(extra: &[&str]) -> Gui {
    start_command(common::crownhead_command(), extra)
}

/// Starts the server with the binary and environment of `command`, `extra` arguments too.
fn start_command(mut command: Command, extra: &[&str]) -> Gui {
    let mut child = command
        .args(["gui", "--no-open", "--tt-size", "1"])
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = BufReader::new(child.stdout.take().expect("a piped stdout"));
    let mut line = String::new();
    stdout.read_line(&mut line).expect("the URL line");
    let url = line.split_whitespace().find(|word| word.starts_with("http://")).expect("a URL");
    let rest = url.strip_prefix("http://127.0.0.1:").expect("a loopback URL");
    let (port, token) = rest.split_once("/?token=").expect("a port and a token");
    Gui { port: port.parse().expect("a port"), token: token.to_string(), child, _stdout: stdout }
}

/// Sends `request` (its lines, without the blank line that ends the head) and returns
/// the status code and the whole reply.
fn send(port: u16, head: &[String], body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("the server listens");
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("a timeout");
    let mut request = head.join("\r\n");
    request.push_str(&format!("\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len()));
    stream.write_all(request.as_bytes()).expect("the request is sent");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("a reply");
    let status = reply.split_whitespace().nth(1).and_then(|code| code.parse().ok()).expect("a status line");
    (status, reply)
}

#[test]
fn only_the_token_holder_on_this_host_and_origin_is_served() {
    let gui = start();
    let (port, token) = (gui.port, gui.token.as_str());
    let host = format!("Host: 127.0.0.1:{port}");
    let get = |target: &str, extra: &[&str]| {
        let mut head = vec![format!("GET {target} HTTP/1.1"), host.clone()];
        head.extend(extra.iter().map(|line| line.to_string()));
        send(port, &head, "")
    };
    // The right token in the URL: the page, and the cookie that carries the token on.
    let (status, reply) = get(&format!("/?token={token}"), &[]);
    assert_eq!(status, 200, "{reply}");
    assert!(reply.contains("<title>crownhead</title>"));
    let cookie = format!("crownhead-{port}={token}; HttpOnly; SameSite=Strict; Path=/");
    assert!(
        reply.to_ascii_lowercase().contains(&format!("set-cookie: {}", cookie.to_ascii_lowercase())),
        "{reply}"
    );
    // The cookie alone serves the page's requests.
    let (status, reply) = get("/api/variants", &[&format!("Cookie: crownhead-{port}={token}")]);
    assert_eq!(status, 200, "{reply}");
    for variant in Variant::ALL {
        assert!(reply.contains(&format!("\"name\":\"{}\"", variant.name())), "{variant} is not listed");
    }
    // No token, a wrong one, the cookie of another port.
    assert_eq!(get("/", &[]).0, 403);
    assert_eq!(get("/api/variants", &[]).0, 403);
    for route in ["next", "check", "hint"] {
        let puzzles = [format!("POST /api/puzzles/{route} HTTP/1.1"), host.clone()];
        assert_eq!(send(port, &puzzles, r#"{"variant":"english"}"#).0, 403, "{route}");
    }
    assert_eq!(get(&format!("/?token={}", token.replace(&token[..1], "x")), &[]).0, 403);
    assert_eq!(get("/api/variants", &[&format!("Cookie: crownhead-{}={token}", port + 1)]).0, 403);
    // A foreign Host (DNS rebinding), the right one on another port, none.
    let foreign_host =
        send(port, &[format!("GET /?token={token} HTTP/1.1"), "Host: evil.example".into()], "");
    assert_eq!(foreign_host.0, 403);
    let other_port =
        send(port, &[format!("GET /?token={token} HTTP/1.1"), format!("Host: localhost:{}", port + 1)], "");
    assert_eq!(other_port.0, 403);
    assert_eq!(send(port, &[format!("GET /?token={token} HTTP/1.0")], "").0, 403);
    // Another origin, even with the token; the own origin is served.
    let post = |origin: &str| {
        let head = [
            "POST /api/position HTTP/1.1".to_string(),
            host.clone(),
            format!("Origin: {origin}"),
            format!("X-Crownhead-Token: {token}"),
            "Content-Type: application/json".to_string(),
        ];
        send(port, &head, r#"{"variant":"english","moves":["11-15"]}"#)
    };
    assert_eq!(post("http://evil.example").0, 403);
    assert_eq!(post(&format!("http://localhost:{port}")).0, 403);
    let (status, reply) = post(&format!("http://127.0.0.1:{port}"));
    assert_eq!(status, 200, "{reply}");
    assert!(reply.contains(r#""played":["11-15"]"#), "{reply}");
    // A page id that is unknown is refused.
    let head = [
        "GET /api/session/0123/events HTTP/1.1".to_string(),
        host.clone(),
        format!("X-Crownhead-Token: {token}"),
    ];
    assert_eq!(send(port, &head, "").0, 404);
    // The lessons' routes are behind the same checks.
    for route in ["/api/session/0123/lessons", "/api/session/0123/lessons/try"] {
        let mut head = vec![format!("POST {route} HTTP/1.1"), host.clone()];
        assert_eq!(send(port, &head, "{}").0, 403, "{route} without the token");
        head.push(format!("X-Crownhead-Token: {token}"));
        assert_eq!(send(port, &head, "{}").0, 404, "{route} of an unknown page");
    }
}

/// A collection named on the command line is served, and saved back to its file on
/// request, every game with its tags; the file is the only one written. A broken file
/// stops the command, naming the game and line at fault.
#[test]
fn a_collection_named_on_the_command_line_is_saved_in_place() {
    let dir = common::scratch("gui", "collection");
    let path = dir.join("tinsley.pdn");
    let original = include_str!("data/pdn/tinsley.pdn");
    std::fs::write(&path, original).expect("the file is written");
    let gui = start_with(&[path.to_str().expect("a UTF-8 path")]);
    let post = |route: &str, body: &str| gui.post(route, body);
    let (status, reply) = post("/api/collection/list", r#"{"filter": "tinsley", "limit": 5}"#);
    assert_eq!(status, 200, "{reply}");
    assert!(reply.contains(r#""name":"tinsley.pdn","in_place":true,"total":33"#), "{reply}");
    let (status, reply) = post("/api/collection/save", r#"{"in_place": true}"#);
    assert_eq!(status, 200, "{reply}");
    let saved = std::fs::read_to_string(&path).expect("the file is there");
    let (before, after) = (read_pdn(original, Variant::English), read_pdn(&saved, Variant::English));
    assert_eq!(after.len(), 33);
    for (read, written) in before.iter().zip(&after) {
        let (read, written) = (read.as_ref().expect("reads"), written.as_ref().expect("reads back"));
        assert_eq!((read.start, &read.moves, read.result), (written.start, &written.moves, written.result));
        assert!(
            read.tags.iter().all(|(name, value)| written.tag(name) == Some(value.as_str())),
            "{:?}",
            read.tags
        );
    }
    assert_eq!(std::fs::read_dir(&dir).expect("the directory").count(), 1);
    drop(gui);
    std::fs::write(&path, "[Event \"bad\"]\n1. 11-15 11-15 *\n").expect("the file is written");
    let output = common::crownhead(&["gui", "--no-open", path.to_str().expect("a UTF-8 path")]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("tinsley.pdn: game 1, line 2: illegal move '11-15'"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A FIFO, `/dev/zero` and a directory named as the collection, the puzzle file or the
/// puzzle record stop the command at once, naming the path and what it is.
#[test]
fn files_named_that_are_not_files_stop_the_command_at_once() {
    for (path, what) in common::not_files("gui") {
        for args in [&[path.as_str()][..], &["--puzzle-file", &path], &["--puzzle-record", &path]] {
            let mut command = common::crownhead_command();
            command.args(["gui", "--no-open", "--tt-size", "1"]).args(args);
            let output = common::run_within(&mut command, Duration::from_secs(20));
            assert!(!output.status.success(), "{args:?}");
            let error = String::from_utf8_lossy(&output.stderr);
            assert!(error.contains(&format!("{path}: {what}, not a regular file")), "{args:?}: {error}");
        }
    }
}

/// Puzzle ratings are kept, by default, in `crownhead/puzzles.json` in the data directory
/// (`XDG_DATA_HOME`), which a rated try makes; a puzzle file whose line does not read stops
/// the command, naming the line.
#[test]
fn puzzle_ratings_are_kept_in_the_data_directory() {
    let dir = common::scratch("gui", "puzzles");
    let set = dir.join("set.tsv");
    std::fs::write(&set, "W:W19,22,24,26,27,28,31,32:B3,4,7,8,10,12,13,14\t19-16 12x19 24x6\tshot\t1\t800\n")
        .expect("the file is written");
    let data = dir.join("data");
    let mut command = common::crownhead_command();
    command.env("XDG_DATA_HOME", &data);
    let gui = start_command(command, &["--puzzle-file", set.to_str().expect("a UTF-8 path")]);
    let post = |route: &str, body: &str| gui.post(route, body);
    let (status, reply) = post("/api/puzzles/next", r#"{"variant": "english"}"#);
    assert_eq!(status, 200, "{reply}");
    let fen = "W:W19,22,24,26,27,28,31,32:B3,4,7,8,10,12,13,14";
    assert!(reply.contains(&format!(r#""id":"{fen}""#)), "{reply}");
    assert!(!data.exists(), "nothing is written before a rated try");
    let (status, reply) =
        post("/api/puzzles/rate", &format!(r#"{{"variant": "english", "id": "{fen}", "solved": true}}"#));
    assert_eq!(status, 200, "{reply}");
    let text = std::fs::read_to_string(data.join("crownhead").join("puzzles.json")).expect("the record");
    let record: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(record["variants"]["english"]["tried"], 1, "{text}");
    drop(gui);
    std::fs::write(&set, "B:WK7:BK19\t19-10\tendgame\t2\t900\n").expect("the file is written");
    let output =
        common::crownhead(&["gui", "--no-open", "--puzzle-file", set.to_str().expect("a UTF-8 path")]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("set.tsv: line 1: solution move 1"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The longest the browser test may run: it takes about 15 s on CI's two cores, so a run
/// this long hangs (a chromedriver command that never completes waits 120 s, for one).
const BROWSER_TEST_LIMIT: Duration = Duration::from_secs(180);

/// Everything `pipe` gives until it closes, read on a thread of its own so that a full
/// pipe never stops the process writing to it.
fn drain(mut pipe: impl Read + Send + 'static) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// Waits for `child`, the leader of its own process group, up to `limit`; past it, kills
/// the whole group (the script, the server it started, chromedriver and Chromium) and
/// gives `None`. The group is killed before the child is reaped, so that its number
/// cannot have been given to another group meanwhile.
fn wait_or_kill_group(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().expect("the script's status") {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", child.id())]).status();
    let _ = child.wait();
    None
}

/// Runs the browser test, bounded by [`BROWSER_TEST_LIMIT`]; its last line is JSON with
/// the rule sets the page offers and the game it saved.
#[test]
fn the_board_works_in_a_browser() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/gui_browser.py");
    let mut python = Command::new("python3");
    let mut child = common::without_databases(&mut python)
        .args([script, common::CROWNHEAD])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("python3 must be installed (see tests/requirements.txt)");
    let stdout = drain(child.stdout.take().expect("a piped stdout"));
    let stderr = drain(child.stderr.take().expect("a piped stderr"));
    let status = wait_or_kill_group(&mut child, BROWSER_TEST_LIMIT);
    let (stdout, stderr) = (stdout.join().expect("stdout read"), stderr.join().expect("stderr read"));
    let Some(status) = status else {
        panic!("the browser test ran over {BROWSER_TEST_LIMIT:?} and was killed:\n{stdout}\n{stderr}");
    };
    assert!(
        status.success(),
        "the browser test failed (it needs Debian's chromium and chromium-driver, and `python3 -m pip \
         install -r tests/requirements.txt`):\n{stdout}\n{stderr}"
    );
    // Each part's time, shown with `--nocapture`.
    eprint!("{stderr}");
    let last = stdout.lines().last().expect("a JSON line");
    let report: Value = serde_json::from_str(last).expect("JSON");
    let offered: Vec<&str> =
        report["variants"].as_array().expect("variants").iter().filter_map(|name| name.as_str()).collect();
    assert_eq!(offered, Variant::ALL.map(Variant::name), "every rule set is offered, in order");
    // crownhead's own reader reads the saved game: the moves the page played, from the start.
    let saved = report["saved_pdn"].as_str().expect("the saved PDN");
    let game = read_pdn(saved, Variant::English).remove(0).expect("crownhead reads the saved PDN");
    assert_eq!(game.start, Position::start(Variant::English));
    let texts = game.start.line_to_text(
        &game.moves.iter().map(|pdn_move| pdn_move.mv).collect::<Vec<_>>(),
        Position::move_to_text,
    );
    let expected: Vec<&str> =
        report["moves"].as_array().expect("moves").iter().filter_map(|text| text.as_str()).collect();
    assert_eq!(texts, expected);
    // The move tree the page saved, read by crownhead's reader, is the tree it drew.
    let saved = report["tree_pdn"].as_str().expect("the saved tree");
    let game = read_pdn(saved, Variant::English).remove(0).expect("crownhead reads the saved tree");
    assert_eq!(game.comment.as_deref(), report["tree_comment"].as_str(), "{saved}");
    let mut read = Vec::new();
    drawn(game.start, &game.moves, "", 0, &mut read);
    let mut shown = report["tree"].as_array().expect("the tree drawn").clone();
    let by_place = |entry: &Value| entry[0].as_str().unwrap_or_default().to_string();
    read.sort_by_key(by_place);
    shown.sort_by_key(by_place);
    assert_eq!(read, shown, "{saved}");
    check_collection(&report["collection"]);
}

/// The games of `tests/data/pdn/collection-1000.pdn.gz`, read by crownhead's reader.
fn collection_games() -> Vec<PdnGame> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pdn/collection-1000.pdn.gz");
    let unpacked = Command::new("gzip").args(["-dc", path]).output().expect("gzip runs");
    let text = String::from_utf8(unpacked.stdout).expect("UTF-8");
    read_pdn(&text, Variant::English).into_iter().map(|game| game.expect("the game reads")).collect()
}

/// The texts of a list of JSON strings.
fn texts(value: &serde_json::Value) -> Vec<String> {
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|text| text.as_str().expect("a string").to_string())
        .collect()
}

/// English with the colours reversed, from a FEN: square n is 33 - n, each piece of the
/// other colour, the other side to move.
fn reversed_fen(fen: &str) -> String {
    let position = Position::from_fen(Variant::English, fen).expect("a FEN");
    let pieces = |color: Color| -> String {
        let mut squares: Vec<(u32, bool)> = position
            .pieces(color)
            .into_iter()
            .map(|square| {
                let number: u32 = position.rules().square_name(square).parse().expect("a number");
                (33 - number, position.all_kings().contains(square))
            })
            .collect();
        squares.sort_unstable();
        squares
            .iter()
            .map(|&(number, king)| format!("{}{number}", if king { "K" } else { "" }))
            .collect::<Vec<_>>()
            .join(",")
    };
    let side = if position.side_to_move() == Color::White { "B" } else { "W" };
    format!("{side}:W{}:B{}", pieces(Color::Black), pieces(Color::White))
}

/// What the browser test found in the collection, against the collection replayed by
/// crownhead's PDN reader: the game loaded, every game reaching the position searched
/// (with the move it played there), the same with the colours reversed, the found game
/// loaded at its ply, and the games' first moves with their results.
fn check_collection(report: &serde_json::Value) {
    let games = collection_games();
    let line = |game: &PdnGame| -> Vec<String> {
        game.start.line_to_text(
            &game.moves.iter().map(|pdn_move| pdn_move.mv).collect::<Vec<_>>(),
            Position::move_to_text,
        )
    };
    let chosen = report["chosen"].as_u64().expect("a game number") as usize;
    assert_eq!(texts(&report["loaded"]), line(&games[chosen - 1]), "the game loaded is game {chosen}");
    let searched =
        Position::from_fen(Variant::English, report["searched"].as_str().expect("a FEN")).expect("a FEN");
    let turned = Position::from_fen(Variant::English, &reversed_fen(&searched.to_fen())).expect("a FEN");
    let mut expected = Vec::new();
    for (wanted, reversed) in [(searched, false), (turned, true)] {
        for (index, game) in games.iter().enumerate() {
            let mut position = game.start;
            for (ply, pdn_move) in game.moves.iter().map(Some).chain([None]).enumerate() {
                if position == wanted {
                    let next =
                        pdn_move.map(|pdn_move| position.move_to_text(&pdn_move.mv)).unwrap_or_default();
                    expected.push(serde_json::json!([index + 1, ply, next, reversed]));
                    break;
                }
                if let Some(pdn_move) = pdn_move {
                    position = position.play(&pdn_move.mv);
                }
            }
        }
    }
    assert_eq!(report["total"].as_u64(), Some(expected.len() as u64));
    assert_eq!(report["found"].as_array().expect("the games found"), &expected[..expected.len().min(500)]);
    let other = report["other"].as_array().expect("a game found");
    let (number, ply) =
        (other[0].as_u64().expect("a number") as usize, other[1].as_u64().expect("a ply") as usize);
    let other_game = &games[number - 1];
    assert_eq!(texts(&report["other_moves"]), line(other_game));
    let mut at_ply = other_game.start;
    for pdn_move in &other_game.moves[..ply] {
        at_ply = at_ply.play(&pdn_move.mv);
    }
    assert_eq!(report["other_fen"].as_str(), Some(at_ply.to_fen().as_str()));
    // The explorer's first moves: [move, games, White's wins, draws, Black's wins].
    let mut first: Vec<(String, usize, [usize; 3])> = Vec::new();
    for game in &games {
        let text = line(game).remove(0);
        let result = match game.result {
            PdnResult::Win(Color::White) => 0,
            PdnResult::Draw => 1,
            _ => 2,
        };
        match first.iter_mut().find(|(move_text, _, _)| *move_text == text) {
            Some((_, count, results)) => {
                *count += 1;
                results[result] += 1;
            }
            None => first.push((text, 1, {
                let mut results = [0; 3];
                results[result] = 1;
                results
            })),
        }
    }
    first.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let percent = |count: usize, all: usize| ((100 * count) as f64 / all as f64).round() as usize;
    let shown: Vec<Vec<String>> = first
        .iter()
        .map(|(text, count, [white, draws, black])| {
            vec![
                text.clone(),
                count.to_string(),
                format!(
                    "White {}% / draw {}% / Black {}%",
                    percent(*white, *count),
                    percent(*draws, *count),
                    percent(*black, *count)
                ),
            ]
        })
        .collect();
    let opening: Vec<Vec<String>> = report["opening"].as_array().expect("rows").iter().map(texts).collect();
    assert_eq!(opening, shown);
}

/// Each move of a line played from `position` as the page draws it: `[place, text,
/// glyph, comment]`, its place the index of each move from the start among the moves of
/// its position (the line's continuation first), joined by dots; the line's first move
/// is the `first`-th move after the place `parent`.
fn drawn(mut position: Position, moves: &[PdnMove], parent: &str, first: usize, out: &mut Vec<Value>) {
    let mut parent = parent.to_string();
    for (index, pdn_move) in moves.iter().enumerate() {
        let among = if index == 0 { first } else { 0 };
        let place = if parent.is_empty() { among.to_string() } else { format!("{parent}.{among}") };
        let glyph = pdn_move.glyph.map(PdnGlyph::text);
        out.push(json!([place, position.move_to_text(&pdn_move.mv), glyph, pdn_move.comment]));
        for (number, variation) in pdn_move.variations.iter().enumerate() {
            drawn(position, &variation.moves, &parent, number + 1, out);
        }
        position = position.play(&pdn_move.mv);
        parent = place;
    }
}
