//! The Hub protocol spoken to the real binary, line by line: the handshake, searches,
//! and bad input that must get an error (or be ignored) while the engine keeps serving.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = common::crownhead_command()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let input = child.stdin.take().expect("stdin");
        let output: ChildStdout = child.stdout.take().expect("stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, input, lines }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).expect("engine reads");
        self.input.flush().expect("engine reads");
    }

    fn next(&self) -> String {
        self.lines.recv_timeout(Duration::from_secs(20)).expect("an answer within 20 s")
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.next();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    fn assert_serving(&mut self) {
        self.send("ping");
        assert_eq!(self.until("pong").last().map(String::as_str), Some("pong"));
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn handshake_lists_parameters_and_waits() {
    let mut engine = Engine::start(&["hub"]);
    engine.send("hub");
    let lines = engine.until("wait");
    assert!(lines[0].starts_with("id name=crownhead version="), "{lines:?}");
    for name in
        ["variant", "threads", "tt-size", "strength", "ponder", "eval-file", "egdb-path", "pos-encoding"]
    {
        assert!(
            lines.iter().any(|line| line.starts_with(&format!("param name={name} "))),
            "{name}: {lines:?}"
        );
    }
    let variants = lines.iter().find(|line| line.starts_with("param name=variant")).expect("variant");
    assert!(variants.contains("type=enum values=\"english english-25 italian"), "{variants}");
    assert!(lines.iter().any(|line| line == "param name=move-overhead value=10 type=int min=0 max=10000"));
    assert!(lines.iter().any(|line| line == "param name=strength value=10 type=int min=1 max=10"));
    engine.send("init");
    assert_eq!(engine.until("ready").last().map(String::as_str), Some("ready"));
}

#[test]
fn no_argument_speaks_hub_and_nothing_else() {
    let mut engine = Engine::start(&[]);
    engine.send("hub");
    assert!(engine.next().starts_with("id "));
    engine.send("quit");
    let status = engine.child.wait().expect("exits");
    assert!(status.success());
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut engine.child.stderr.take().expect("stderr"), &mut stderr)
        .expect("read");
    assert!(stderr.is_empty(), "stderr must stay quiet: {stderr}");
}

#[test]
fn searches_answer_with_info_and_done() {
    let mut engine = Engine::start(&["hub"]);
    engine.send("set-param name=variant value=standard");
    // The position is in International's built-in book, which answers without a search.
    engine.send("set-param name=book value=false");
    engine.send("init");
    engine.until("ready");
    engine.send("pos start moves=\"32-28 19-23 28x19\"");
    engine.send("level depth=6");
    engine.send("go think");
    let lines = engine.until("done");
    let info = &lines[lines.len() - 2];
    for field in ["depth=6 ", "mean-depth=", "score=", "nodes=", "time=", "nps=", "pv="] {
        assert!(info.contains(field), "{field}: {info}");
    }
    // Black must recapture: 14x23 (or 13x24) in Hub form, captured squares listed.
    let done = lines.last().expect("done");
    assert!(done.starts_with("done move=1") && done.contains("x19"), "{done}");
}

/// A depth past the engine's bound is searched to the bound, `MAX_DEPTH` (Hub clamped it
/// to 100 before; the command line refuses it). Two kings against one, English: the
/// iterations are cheap, so the search reaches any depth in well under a second.
#[test]
fn a_level_depth_is_bounded_by_the_engines_maximum() {
    let mut engine = Engine::start(&["hub"]);
    engine.send("set-param name=egdb-path value=");
    engine.send("init");
    engine.until("ready");
    let mut squares = ['e'; 32];
    squares[0] = 'B';
    squares[13] = 'W';
    squares[22] = 'W';
    engine.send(&format!("pos pos=W{}", squares.iter().collect::<String>()));
    engine.send("level depth=1000");
    engine.send("go think");
    let lines = engine.until("done");
    let deepest =
        lines.iter().filter_map(|line| line.strip_prefix("info depth=")).next_back().expect("an info line");
    let depth: u32 = deepest.split(' ').next().and_then(|depth| depth.parse().ok()).expect("a depth");
    assert_eq!(depth, crownhead::engine::MAX_DEPTH, "{deepest}");
}

/// A Hub position (`pos=`) of 50 squares: `W` or `B` to move, then a letter a square.
fn hub_position(side: char, pieces: &[(u8, char)]) -> String {
    let squares: String = (1..=50)
        .map(|square| pieces.iter().find(|(at, _)| *at == square).map_or('e', |(_, piece)| *piece))
        .collect();
    format!("{side}{squares}")
}

/// lidraughts-bot's names choose their rule sets. `losing` is antidraughts: White's last
/// man, on 47, gives itself up on 41 (Black's man on 36 must take it, and White, with
/// nothing left, wins), where International's engine keeps it. `bt` is breakthrough: with a king on the board the game is over.
#[test]
fn lidraughts_bot_names_choose_their_rule_sets() {
    let mut engine = Engine::start(&["hub"]);
    engine.send("hub");
    let lines = engine.until("wait");
    let variants = lines.iter().find(|line| line.starts_with("param name=variant")).expect("variant");
    for name in ["killer", "antidraughts", "breakthrough", "normal", "losing", "bt"] {
        assert!(variants.contains(&format!(" {name}")), "{name}: {variants}");
    }
    let gift = hub_position('W', &[(47, 'w'), (36, 'b')]);
    for (name, gives_away) in [("losing", true), ("normal", false)] {
        engine.send(&format!("set-param name=variant value={name}"));
        engine.send("new-game");
        engine.send(&format!("pos pos={gift}"));
        engine.send("level depth=3");
        engine.send("go think");
        let done = engine.until("done").pop().expect("done");
        assert_eq!(done.starts_with("done move=47-41"), gives_away, "{name}: {done}");
    }
    let crowned = hub_position('B', &[(1, 'W'), (40, 'b')]);
    for (name, over) in [("bt", true), ("normal", false)] {
        engine.send(&format!("set-param name=variant value={name}"));
        engine.send(&format!("pos pos={crowned}"));
        engine.send("level depth=3");
        engine.send("go think");
        let reply = engine.next();
        assert_eq!(reply.contains("no legal move"), over, "{name}: {reply}");
        if !over {
            engine.until("done");
        }
    }
    engine.assert_serving();
}

/// Frisian's runs of king moves in `pos`, as lidraughts' own engine sends them: White's
/// king on 5 has made three quiet moves (`wolf="W05=3"`) and its man on 46 is blocked by
/// Black's men on 41 and 37, so White has no legal move; without the run the king moves.
/// lidraughts-bot sends Frysk! as `frisian` with Frysk!'s start.
#[test]
fn frisian_positions_carry_runs_of_king_moves() {
    let mut engine = Engine::start(&["hub"]);
    engine.send("hub");
    engine.until("wait");
    engine.send("set-param name=variant value=frisian");
    let stuck = hub_position('W', &[(5, 'W'), (46, 'w'), (41, 'b'), (37, 'b')]);
    engine.send(&format!("pos pos={stuck} wolf=\"W05=3\""));
    engine.send("level depth=3");
    engine.send("go think");
    let reply = engine.next();
    assert!(reply.contains("no legal move"), "{reply}");
    engine.send(&format!("pos pos={stuck}"));
    engine.send("level depth=3");
    engine.send("go think");
    let done = engine.until("done").pop().expect("done");
    assert!(done.starts_with("done move=5-"), "{done}");
    engine.send(&format!("pos pos={stuck} wolf=\"W5=three\""));
    assert!(engine.next().starts_with("error"));
    let frysk_start = format!("W{}{}{}", "b".repeat(5), "e".repeat(40), "w".repeat(5));
    engine.send(&format!("pos pos={frysk_start}"));
    engine.send("level depth=3");
    engine.send("go think");
    let done = engine.until("done").pop().expect("done");
    let first = done.trim_start_matches("done move=").split(['-', ' ']).next().unwrap_or_default();
    assert!(["46", "47", "48", "49", "50"].contains(&first), "{done}");
    engine.assert_serving();
}

/// A weak level answers `go think` with a legal move and reports only the line asked
/// for, though it searches several; `go analyze` stays at full strength (its move is
/// the full-strength one).
#[test]
fn a_strength_level_plays_legal_moves_and_analysis_stays_full() {
    let mut engine = Engine::start(&["hub"]);
    engine.send("set-param name=strength value=3");
    engine.send("init");
    engine.until("ready");
    let legal = ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"];
    for _ in 0..4 {
        engine.send("pos start");
        engine.send("level move-time=0.1");
        engine.send("go think");
        let lines = engine.until("done");
        let done = lines.last().expect("done");
        let played = done.strip_prefix("done move=").and_then(|rest| rest.split(' ').next());
        assert!(played.is_some_and(|mv| legal.contains(&mv)), "{done}");
        let depths: Vec<&str> = lines.iter().filter_map(|line| line.split(' ').nth(1)).collect();
        let mut unique = depths.clone();
        unique.dedup();
        assert_eq!(depths, unique, "one info line per iteration: {lines:?}");
    }
    let analyse = |engine: &mut Engine| {
        engine.send("new-game");
        engine.send("pos start");
        engine.send("level depth=8");
        engine.send("go analyze");
        let lines = engine.until("done");
        assert!(lines[lines.len() - 2].starts_with("info depth=8 "), "not capped: {lines:?}");
        lines.last().cloned()
    };
    let weak = analyse(&mut engine);
    engine.send("set-param name=strength value=10");
    assert_eq!(analyse(&mut engine), weak);
}

#[test]
fn bad_input_gets_errors_and_the_engine_keeps_serving() {
    let mut engine = Engine::start(&["hub"]);
    let long = "x".repeat(100_000);
    for line in [
        "",
        "   ",
        "frobnicate now",
        "pos pos=Wxyz",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwq",
        "pos start moves=\"11-15 11-15\"",
        "pos start moves=\"11-99\"",
        "go think",
        "level depth=deep",
        "level time=abc",
        "set-param name=threads value=0",
        "set-param name=variant value=chess",
        "set-param value=3",
        "pos pos=\"unterminated",
        long.as_str(),
    ] {
        engine.send(line);
        let answer = engine.next();
        assert!(answer.starts_with("error message="), "{:.60}: {answer}", line);
        engine.assert_serving();
    }
    // Ignored, as the protocol says: unknown parameters, and stop or ponder-hit when idle.
    for line in ["set-param name=book value=true", "stop", "ponder-hit", "new-game"] {
        engine.send(line);
        engine.assert_serving();
    }
    // An illegal move leaves no position to search.
    engine.send("pos start moves=\"22-18\"");
    assert!(engine.next().starts_with("error message="));
    engine.send("go think");
    assert!(engine.next().starts_with("error message="));
    engine.assert_serving();
}

/// Lines that are not UTF-8, hold a NUL byte or run past 1 MiB are each answered with an
/// `error`, and the engine keeps serving: it still searches and answers `ping`.
#[test]
fn unreadable_lines_get_errors_and_the_engine_keeps_serving() {
    let mut engine = Engine::start(&["hub"]);
    let overlong = [vec![b'x'; (1 << 20) + 1], b"\n".to_vec()].concat();
    for (bytes, message) in [
        (&b"\xff\xfe ping\n"[..], "the line is not UTF-8 text"),
        (b"pi\0ng\n", "the line holds a NUL byte"),
        (&overlong, "the line is longer than 1 MiB"),
    ] {
        engine.send_bytes(bytes);
        assert_eq!(engine.next(), format!("error message={}", quoted(message)));
        engine.assert_serving();
    }
    engine.send("pos start");
    engine.send("level depth=4");
    engine.send("go think");
    assert!(engine.until("done").last().is_some_and(|done| done.starts_with("done move=")));
}

/// Engine options are checked by the engine's options builder, as the command line and
/// the Python module check them: the same values are refused in the same words
/// (tests/tools/cli.rs and python/tests/test_errors.py hold the other two).
#[test]
fn engine_options_are_refused_in_the_engine_words() {
    let mut engine = Engine::start(&["hub"]);
    for (line, message) in [
        ("set-param name=threads value=0", "threads must be a whole number from 1 to 512, not '0'"),
        ("set-param name=threads value=two", "threads must be a whole number from 1 to 512, not 'two'"),
        (
            "set-param name=tt-size value=1000000000",
            "tt-size must be a whole number from 1 to 65536, not '1000000000'",
        ),
        ("set-param name=egdb-path value=/no/such/dir", "egdb-path /no/such/dir: not a directory"),
        (
            "set-param name=move-overhead value=-5",
            "move-overhead must be a whole number from 0 to 10000, not '-5'",
        ),
        (
            "set-param name=move-overhead value=10001",
            "move-overhead must be a whole number from 0 to 10000, not '10001'",
        ),
        ("set-param name=strength value=0", "strength must be a whole number from 1 to 10, not '0'"),
        ("set-param name=strength value=11", "strength must be a whole number from 1 to 10, not '11'"),
        ("set-param name=strength value=x", "strength must be a whole number from 1 to 10, not 'x'"),
    ] {
        engine.send(line);
        assert_eq!(engine.next(), format!("error message={}", quoted(message)), "{line}");
        engine.assert_serving();
    }
}

/// `text` in double quotes, as Hub quotes a value with blanks.
fn quoted(text: &str) -> String {
    format!("\"{text}\"")
}

#[test]
fn ping_is_answered_during_a_search_and_stop_ends_it_quickly() {
    let mut engine = Engine::start(&["hub"]);
    engine.send("set-param name=variant value=international");
    engine.send("pos start");
    engine.send("level infinite");
    engine.send("go analyze");
    std::thread::sleep(Duration::from_millis(200));
    engine.assert_serving();
    let asked = Instant::now();
    engine.send("stop");
    let lines = engine.until("done");
    assert!(asked.elapsed() < Duration::from_millis(100), "done after {:?}", asked.elapsed());
    assert!(lines.last().is_some_and(|line| line.starts_with("done move=")));
    // A stop after done is ignored.
    engine.send("stop");
    engine.assert_serving();
}

#[test]
fn pondering_waits_for_ponder_hit() {
    let mut engine = Engine::start(&["hub"]);
    engine.send("pos start");
    engine.send("level move-time=0.2");
    engine.send("go ponder");
    // While pondering the clock does not run: no done before the ponder-hit, though the
    // iterations of the first 500 ms pass the move time.
    let deadline = Instant::now() + Duration::from_millis(500);
    while let Ok(line) = engine.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        assert!(line.starts_with("info"), "{line} before the ponder-hit");
    }
    engine.send("ponder-hit");
    let lines = engine.until("done");
    assert!(lines.last().is_some_and(|line| line.starts_with("done move=")));
}

#[test]
fn pydraughts_positions_are_read_with_one_parameter() {
    // pydraughts' English start: its own square order, colours swapped, and English
    // numbering for moves (protocol.md#positions-and-moves).
    let mut engine = Engine::start(&["hub"]);
    engine.send("set-param name=pos-encoding value=pydraughts");
    engine.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"12-16\"");
    engine.send("level depth=3");
    engine.send("go think");
    let done = engine.until("done").pop().expect("done");
    let best = done.strip_prefix("done move=").and_then(|rest| rest.split(' ').next()).expect("a move");
    // White answers 12-16 from 21..24: a White move in English numbering.
    let from: u32 = best.split(['-', 'x']).next().and_then(|from| from.parse().ok()).expect("a number");
    assert!((21..=24).contains(&from), "{done}");
}

/// pydraughts 0.5.7 (lidraughts-bot's) numbers 8x8 moves in the order of its position
/// strings: Russian White starts on 21-32 and its first move a3-b4 is 21-17
/// (protocol.md#positions-and-moves). With `pos-encoding=pydraughts-0.5` crownhead reads
/// and writes moves that way: White answers from 17 or 22-24 (b4, a3, c3, e3, g3 are
/// 13 and 9-12 as the rule set numbers them), and 9-13, a move in the rule set's numbering,
/// is a Black man's square there and refused.
#[test]
fn pydraughts_05_moves_are_numbered_as_its_positions() {
    let mut engine = Engine::start(&["hub"]);
    engine.send("set-param name=variant value=russian");
    engine.send("set-param name=pos-encoding value=pydraughts-0.5");
    engine.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"21-17 12-16\"");
    engine.send("level depth=3");
    engine.send("go think");
    let done = engine.until("done").pop().expect("done");
    let best = done.strip_prefix("done move=").and_then(|rest| rest.split(' ').next()).expect("a move");
    let squares: Vec<u32> = best.split(['-', 'x']).map(|square| square.parse().expect("a number")).collect();
    assert!([17, 22, 23, 24].contains(&squares[0]) && (13..=20).contains(&squares[1]), "{done}");
    engine.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"9-13\"");
    assert_eq!(engine.next(), "error message=\"illegal move '9-13'\"");
    engine.assert_serving();
}

/// No ponder move after which the game is over: lidraughts-bot would ponder there and
/// get an `error` instead of a `done`. In breakthrough Black's man on 42 crowns whatever
/// White does, which ends the game; under International rules it goes on. Databases
/// off: the built-in one holds the International position, and a line probed there ends
/// at its first move, with no ponder move.
#[test]
fn no_ponder_move_when_the_reply_ends_the_game() {
    let mut engine = Engine::start(&["hub"]);
    engine.send("set-param name=egdb-path value=\"\"");
    let crowning = hub_position('W', &[(35, 'w'), (42, 'b')]);
    for (name, ponder) in [("bt", false), ("normal", true)] {
        engine.send(&format!("set-param name=variant value={name}"));
        engine.send(&format!("pos pos={crowning}"));
        engine.send("level depth=4");
        engine.send("go think");
        let done = engine.until("done").pop().expect("done");
        assert_eq!(done.contains(" ponder="), ponder, "{name}: {done}");
    }
    engine.assert_serving();
}

#[test]
fn eval_file_loads_a_network_and_refuses_bad_files() {
    let net = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/english.nnue");
    let dir = std::env::temp_dir().join(format!("crownhead-hub-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let bytes = std::fs::read(net).expect("the built-in English network");
    let truncated = dir.join("truncated.nnue");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).expect("written");
    let garbled = dir.join("garbled.nnue");
    let mut flipped = bytes.clone();
    flipped[1000] ^= 0x40;
    std::fs::write(&garbled, &flipped).expect("written");
    let missing = dir.join("missing.nnue");

    let mut engine = Engine::start(&["hub"]);
    let cases = [
        (missing.display().to_string(), "missing.nnue: "),
        (truncated.display().to_string(), "truncated or garbled"),
        (garbled.display().to_string(), "checksum mismatch"),
    ];
    for (path, message) in &cases {
        engine.send(&format!("set-param name=eval-file value=\"{path}\""));
        let error = engine.next();
        assert!(error.starts_with("error message=") && error.contains(message), "{path}: {error}");
        engine.assert_serving();
    }
    engine.send("set-param name=variant value=russian");
    engine.send(&format!("set-param name=eval-file value=\"{net}\""));
    let error = engine.next();
    assert!(error.contains("the network is for english and english-25, not russian"), "{error}");
    engine.assert_serving();

    // The right rule set loads silently and the engine searches with it.
    engine.send("set-param name=variant value=english");
    engine.send(&format!("set-param name=eval-file value=\"{net}\""));
    engine.assert_serving();
    engine.send("init");
    engine.until("ready");
    engine.send("pos start");
    engine.send("level depth=4");
    engine.send("go think");
    let done = engine.until("done");
    assert!(done.last().is_some_and(|line| line.starts_with("done move=")), "{done:?}");
    // Switching rule set away from the network's says the built-in evaluation plays.
    engine.send("set-param name=variant value=italian");
    let error = engine.next();
    assert!(error.contains("the built-in evaluation plays italian"), "{error}");
    engine.send("set-param name=eval-file value=\"\"");
    engine.assert_serving();
    let _ = std::fs::remove_dir_all(dir);
}

/// A FIFO, `/dev/zero` and a directory as `eval-file` or `book-file` are refused at once
/// (opening the FIFO would block the engine until a writer came, reading `/dev/zero`
/// would never end), saying what they are, as are the FIFO and `/dev/zero` as
/// `egdb-path`, and the engine keeps serving and searching.
#[test]
fn file_params_refuse_what_is_not_a_file_at_once() {
    let mut engine = Engine::start(&["hub"]);
    for param in ["eval-file", "book-file"] {
        for (path, what) in common::not_files("hub") {
            let asked = Instant::now();
            engine.send(&format!("set-param name={param} value=\"{path}\""));
            let error = engine.next();
            assert_eq!(
                error,
                format!("error message=\"{param} {path}: {path}: {what}, not a regular file\"")
            );
            assert!(asked.elapsed() < Duration::from_secs(5), "{param} {path}: {:?}", asked.elapsed());
            engine.assert_serving();
        }
    }
    // egdb-path takes a directory and nothing else, the FIFO unopened.
    for (path, _) in common::not_files("hub-egdb").into_iter().take(2) {
        engine.send(&format!("set-param name=egdb-path value=\"{path}\""));
        assert_eq!(engine.next(), format!("error message=\"egdb-path {path}: not a directory\""));
    }
    engine.send("init");
    engine.until("ready");
    engine.send("pos start");
    engine.send("level depth=3");
    engine.send("go think");
    assert!(engine.until("done").last().is_some_and(|line| line.starts_with("done move=")));
}

/// The score, in men, of the last `info` line of a search of `pos` to depth 4.
fn score_of(engine: &mut Engine, pos: &str) -> f64 {
    engine.send(&format!("pos pos={pos}"));
    engine.send("level depth=4");
    engine.send("go think");
    let lines = engine.until("done");
    let info = lines.iter().rev().find(|line| line.starts_with("info")).expect("an info line");
    let score = info.split(' ').find_map(|field| field.strip_prefix("score=")).expect("a score");
    score.parse().expect("a number")
}

#[test]
fn egdb_path_turns_endgame_databases_on_and_off() {
    let dir = common::scratch("hub", "egdb");
    let root = dir.to_str().expect("a UTF-8 path");
    let built = common::crownhead(&["egdb", "build", "--variant", "english", "--pieces", "3", "--dir", root]);
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    // Black to move, a lone king on 1 against kings on 14 and 23: lost.
    let mut squares = ['e'; 32];
    (squares[0], squares[13], squares[22]) = ('B', 'W', 'W');
    let pos: String = std::iter::once('B').chain(squares).collect();

    let mut engine = Engine::start(&["hub"]);
    engine.send("init");
    engine.until("ready");
    // By default, with no files in the data directory, the built-in database serves.
    let builtin = score_of(&mut engine, &pos);
    engine.send(&format!("set-param name=egdb-path value=\"{root}\""));
    engine.assert_serving();
    let with = score_of(&mut engine, &pos);
    engine.send("set-param name=egdb-path value=\"\"");
    engine.assert_serving();
    let without = score_of(&mut engine, &pos);
    // A database loss scores 50 men less than its evaluation, with no distance to mate.
    assert!(without > -20.0 && with < -30.0 && with > -99.0, "without {without}, with {with}");
    assert_eq!(builtin, with);
    // A path that is no directory is refused, in the words the command line and the
    // Python module use, and the databases stay off.
    engine.send(&format!("set-param name=egdb-path value=\"{root}/nowhere\""));
    engine.send("ping");
    let replies = engine.until("pong");
    let refused = format!("error message=\"egdb-path {root}/nowhere: not a directory\"");
    assert_eq!(replies[0], refused, "{replies:?}");
    assert_eq!(score_of(&mut engine, &pos), without);
    // A directory with no database is no error: the built-in database serves.
    engine.send(&format!("set-param name=egdb-path value=\"{root}/english\""));
    engine.assert_serving();
    assert_eq!(score_of(&mut engine, &pos), with);
    let _ = std::fs::remove_dir_all(dir);
}

/// The resident and the peak resident memory of the engine's process, in MiB, as
/// Linux's /proc tells them.
#[cfg(target_os = "linux")]
fn memory_mib(engine: &Engine) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{}/status", engine.child.id())).expect("/proc");
    let field = |name: &str| {
        let line = status.lines().find(|line| line.starts_with(name)).expect("the field");
        let kib: u64 = line[name.len()..].trim().trim_end_matches("kB").trim().parse().expect("a number");
        kib / 1024
    };
    (field("VmRSS:"), field("VmHWM:"))
}

#[cfg(target_os = "linux")]
#[test]
fn the_table_is_made_at_init_not_in_the_first_search() {
    // The table is written when it is made, so it counts in the resident memory at once.
    // `init` also reads the rule set's book and database (about 16 and 9 MiB for
    // English's): off here, so that the memory is the table's.
    let mut engine = Engine::start(&["hub"]);
    engine.send("set-param name=book value=false");
    engine.send("set-param name=egdb-path value=\"\"");
    engine.send("set-param name=tt-size value=96");
    engine.assert_serving();
    let (before, _) = memory_mib(&engine);
    assert!(before < 40, "{before} MiB before init");
    engine.send("init");
    engine.until("ready");
    let (ready, _) = memory_mib(&engine);
    assert!(ready >= 90, "{ready} MiB after init: the 96 MiB table is not made before go");

    // A new size is made at once, the old table freed first: the two are never both held.
    engine.send("set-param name=tt-size value=64");
    engine.assert_serving();
    let (resized, peak) = memory_mib(&engine);
    assert!((60..90).contains(&resized), "{resized} MiB with a 64 MiB table");
    assert!(peak < 150, "a peak of {peak} MiB: the 96 and 64 MiB tables were held at once");

    engine.send("new-game");
    engine.send("pos start");
    engine.send("pos start");
    engine.send("level depth=4");
    engine.send("go think");
    assert!(engine.until("done").last().is_some_and(|line| line.starts_with("done move=")));
}

/// A small English book grown by `crownhead book build` into the scratch directory
/// `name`: the start and its best lines, leaves searched to 300 nodes.
fn small_book(name: &str) -> std::path::PathBuf {
    let book = common::scratch("hub-book", name).join("english.book");
    let path = book.to_str().expect("a UTF-8 path");
    let args = ["book", "build", "--out", path, "--positions", "80", "--nodes", "300", "--openings", "none"];
    let output = common::crownhead(&args);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    book
}

/// The moves `crownhead book probe` lists for the start position, best first.
fn book_moves(book: &std::path::Path) -> Vec<String> {
    let output = common::crownhead(&["book", "probe", "--book", book.to_str().expect("UTF-8")]);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.lines().skip(1).filter_map(|line| line.split_whitespace().next()).map(str::to_string).collect()
}

/// With a book, `go think` answers at once with one of its moves (no `info` line, even
/// under a depth the search would take long to reach); with a margin of a whole man the
/// answers vary, with none they are the book's best; `book=false`, `book-ply=0` and `go
/// analyze` search. A book that cannot be read is refused and the engine keeps serving.
#[test]
fn book_moves_are_played_at_once_and_vary_within_the_margin() {
    let book = small_book("play");
    let moves = book_moves(&book);
    assert_eq!(moves.len(), 7, "{moves:?}");
    let mut engine = Engine::start(&["hub"]);
    engine.send("hub");
    let params = engine.until("wait");
    for param in ["book value=true type=bool", "book-ply value=40", "book-margin value=4", "book-file value="]
    {
        assert!(params.iter().any(|line| line.contains(param)), "{param}");
    }
    engine.send(&format!("set-param name=book-file value=\"{}\"", book.display()));
    engine.send("set-param name=book-margin value=100");
    engine.send("init");
    engine.until("ready");
    let answer = |engine: &mut Engine, go: &str| -> Vec<String> {
        engine.send("pos start");
        engine.send("level depth=60");
        engine.send(go);
        engine.until("done")
    };
    let mut played = Vec::new();
    for _ in 0..24 {
        let lines = answer(&mut engine, "go think");
        assert_eq!(lines.len(), 1, "a book move at once: {lines:?}");
        let mv = lines[0].strip_prefix("done move=").and_then(|rest| rest.split_whitespace().next());
        played.push(mv.expect("a move").to_string());
    }
    assert!(played.iter().all(|mv| moves.contains(mv)), "{played:?}");
    played.sort();
    played.dedup();
    assert!(played.len() >= 2, "24 book moves within a man of the best were all {played:?}");
    engine.send("set-param name=book-margin value=0");
    let best = answer(&mut engine, "go think");
    assert_eq!(best.len(), 1, "{best:?}");
    assert_eq!(best[0].split_whitespace().nth(1), Some(format!("move={}", moves[0]).as_str()));

    engine.send("set-param name=book-file value=/no/such/book");
    assert!(engine.next().starts_with("error message=\"book-file /no/such/book"));
    for (setting, go) in [
        ("book-ply value=0", "go think"),
        ("book value=false", "go think"),
        ("book value=true", "go analyze"),
    ] {
        engine.send(&format!("set-param name={setting}"));
        engine.send("pos start");
        engine.send("level depth=4");
        engine.send(go);
        let lines = engine.until("done");
        assert!(lines.len() > 1 && lines[0].starts_with("info depth=1"), "{setting}: {lines:?}");
        engine.send("set-param name=book-ply value=40");
    }
    engine.send("set-param name=book value=maybe");
    assert!(engine.next().contains("book is true or false, not 'maybe'"));
    engine.assert_serving();
}

/// Games from the start with the built-in English book and a margin above 0 part ways
/// within the book's plies, so a bot does not repeat its games: the engine plays both
/// sides, each book move at once (no `info` line), until it leaves the book. With a
/// margin of 30 the first move is drawn from 11-15, 9-14 and 10-15 (the book's values
/// 0.10, -0.02 and -0.11); with none it is always 11-15.
#[test]
fn games_from_one_start_part_ways_within_the_book() {
    let mut engine = Engine::start(&["hub"]);
    engine.send("hub");
    engine.until("wait");
    engine.send("set-param name=book-margin value=30");
    engine.send("init");
    engine.until("ready");
    let mut games: Vec<Vec<String>> = Vec::new();
    while games.len() < 12 && games.iter().all(|game| game[0] == games[0][0]) {
        engine.send("new-game");
        let mut moves: Vec<String> = Vec::new();
        while moves.len() < 8 {
            match moves.len() {
                0 => engine.send("pos start"),
                _ => engine.send(&format!("pos start moves=\"{}\"", moves.join(" "))),
            }
            engine.send("level depth=6");
            engine.send("go think");
            let lines = engine.until("done");
            if lines.len() > 1 {
                break;
            }
            let mv = lines[0].strip_prefix("done move=").and_then(|rest| rest.split_whitespace().next());
            moves.push(mv.expect("a move").to_string());
        }
        assert!(moves.len() >= 3, "the book's lines reach the ballots' third move: {moves:?}");
        games.push(moves);
    }
    assert!(
        games.iter().any(|game| game[0] != games[0][0]),
        "{} games all began {:?}",
        games.len(),
        games[0]
    );
    engine.assert_serving();
}
