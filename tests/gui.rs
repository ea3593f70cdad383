//! `crownhead gui`, the board in the browser: only requests with the run's token, this
//! server's Host and no foreign Origin are served (raw HTTP over a socket), and the page
//! works in a real browser (headless Chromium driven by `tests/gui_browser.py`):
//! moves by clicking with their targets highlighted and the engine's reply, live
//! analysis, PDN loaded, navigated and saved, every rule set's board labelled as
//! `crownhead board --svg` labels it, the position editor, the choice between captures
//! that share their squares, moves by touch, and the clock run down, incremented and
//! run out.
//!
//! A test binary of its own: cargo runs test binaries one after another, so the browser
//! does not share the machine with the timing-sensitive tests of `tests/tools/` (their
//! half-second match games). It needs the feature `gui`, which builds the board.
#![cfg(feature = "gui")]

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crownhead::rules::{Position, Variant, read_pdn};

/// A running `crownhead gui`, killed when dropped.
struct Gui {
    child: Child,
    port: u16,
    token: String,
    /// Kept open: the server prints to it.
    _stdout: BufReader<ChildStdout>,
}

impl Drop for Gui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the server on any free port and reads the URL it prints.
fn start() -> Gui {
    let mut child = common::crownhead_command()
        .args(["gui", "--no-open", "--tt-size", "1"])
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
    let report: serde_json::Value = serde_json::from_str(last).expect("JSON");
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
}
