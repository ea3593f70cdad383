//! Endgame databases built in the test, small enough for CI, checked against published
//! counts and endings from the literature, against their own successors (`verify`), and
//! through the `crownhead egdb` commands as a user runs them.

mod common;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crownhead::egdb::file;
use crownhead::egdb::slice::{Slice, TableKey};
use crownhead::egdb::{Database, EgdbError, Value, variant_dir};
use crownhead::engine::options::Egdb;
use crownhead::engine::{Engine, Go, Limits, Options, Report};
use crownhead::rules::{Game, Outcome, Position, Variant};
use crownhead::tools::commands::egdb::{BuildOptions, build};

/// Builds `variant` up to `pieces` pieces (or only `slice`) under `root`; the summary.
fn build_in(root: &Path, variant: Variant, pieces: u8, slice: Option<&str>) -> String {
    build_with(root, variant, pieces, slice, 2)
}

/// [`build_in`] on `threads` threads.
fn build_with(root: &Path, variant: Variant, pieces: u8, slice: Option<&str>, threads: usize) -> String {
    let options = BuildOptions {
        variant,
        pieces,
        root: root.to_path_buf(),
        threads,
        slice: slice.map(|id| id.parse().expect("a slice id")),
        progress: false,
    };
    let mut out = Vec::new();
    build(&options, &mut out).expect("the build succeeds");
    String::from_utf8(out).expect("UTF-8")
}

/// The English database up to 4 pieces, built once for every test that needs it.
fn english() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = common::scratch("egdb", "english");
        build_in(&root, Variant::English, 4, None);
        root
    })
}

/// The Russian database up to 4 pieces, built once.
fn russian() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = common::scratch("egdb", "russian");
        build_in(&root, Variant::Russian, 4, None);
        root
    })
}

fn probe(root: &Path, variant: Variant, fen: &str) -> Value {
    let position = Position::from_fen(variant, fen).expect("a legal FEN");
    let database = Database::open(variant, root, position.occupied().count() as u8);
    database.value(&position).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn verify(root: &Path, variant: &str) -> String {
    let root = root.to_str().expect("a UTF-8 path");
    let output =
        common::crownhead(&["egdb", "verify", "--variant", variant, "--dir", root, "--threads", "2"]);
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    stdout
}

/// The count published for another builder: English king against king, White to move,
/// 230 wins, 654 draws and 108 losses over the 992 positions.
#[test]
fn english_king_against_king() {
    let root = common::scratch("egdb", "kings");
    build_in(&root, Variant::English, 2, None);
    let database = Database::open(Variant::English, &root, 2);
    let mut counts = [0; 3];
    for white in 1..=32 {
        for black in (1..=32).filter(|&black| black != white) {
            let position =
                Position::from_fen(Variant::English, &format!("W:WK{white}:BK{black}")).expect("a FEN");
            counts[database.value(&position).expect("covered") as usize] += 1;
        }
    }
    assert_eq!(counts, [108, 654, 230], "losses, draws, wins");
}

#[test]
fn english_endings() {
    let root = english();
    // Two kings against one win, wherever the lone king stands, the double corner too.
    assert_eq!(probe(root, Variant::English, "W:WK14,K23:BK1"), Value::Win);
    assert_eq!(probe(root, Variant::English, "B:WK14,K23:BK1"), Value::Loss);
    assert_eq!(probe(root, Variant::English, "W:WK5,K1:BK32"), Value::Win);
    // One king against one draws.
    assert_eq!(probe(root, Variant::English, "W:WK14:BK23"), Value::Draw);
    assert_eq!(probe(root, Variant::English, "B:WK14:BK23"), Value::Draw);
    // English-25 plays by English's moves: the same files serve it.
    assert_eq!(probe(root, Variant::English25, "W:WK14,K23:BK1"), Value::Win);
}

#[test]
fn english_verifies() {
    let out = verify(english(), "english");
    assert!(out.contains("452 slices of english"), "{out}");
    assert!(out.contains(", 0 wrong"), "{out}");
}

/// Petrov's triangle: three kings that hold the main diagonal (a1-h8) beat a lone king;
/// a lone king that holds it draws.
#[test]
fn russian_endings() {
    let root = russian();
    assert_eq!(probe(root, Variant::Russian, "W:WKc1,Ke1,Kg1:BKa1"), Value::Draw);
    assert_eq!(probe(root, Variant::Russian, "B:WKc1,Ke1,Kg1:BKa1"), Value::Draw);
    assert_eq!(probe(root, Variant::Russian, "W:WKa1,Kc1,Ke1:BKh2"), Value::Win);
    assert_eq!(probe(root, Variant::Russian, "B:WKb2,Kc1,Ke1:BKh6"), Value::Loss);
}

#[test]
fn russian_verifies() {
    let out = verify(russian(), "russian");
    assert!(out.contains("452 slices of russian"), "{out}");
}

/// International up to 3 pieces, and the kings-only slices up to three kings against
/// one (built one by one with --slice), built once.
fn international() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = common::scratch("egdb", "international");
        build_in(&root, Variant::International, 3, None);
        build_in(&root, Variant::International, 4, Some("0301-xx"));
        root
    })
}

/// A lone king on the long diagonal (46-5) holds three.
#[test]
fn international_three_kings_against_one_on_the_long_diagonal() {
    let root = international();
    assert_eq!(probe(root, Variant::International, "W:WK1,K2,K3:BK46"), Value::Draw);
    assert_eq!(probe(root, Variant::International, "B:WK1,K2,K3:BK46"), Value::Draw);
    assert_eq!(probe(root, Variant::International, "W:WK1,K2:BK46"), Value::Draw);
    let out = verify(root, "international");
    assert!(out.contains("246 slices of international"), "{out}");
}

/// The databases built into the binary (`egdb/`) are the files a build writes today,
/// byte for byte: English and Russian up to 4 pieces, International's slices built
/// above.
#[test]
fn the_builtin_databases_are_the_files_a_build_writes() {
    for (variant, root) in [
        (Variant::English, english()),
        (Variant::Russian, russian()),
        (Variant::International, international()),
    ] {
        let builtin = Database::builtin(variant).expect("built in");
        assert!(builtin.is_builtin() && builtin.pieces() == 4, "{variant}: {}", builtin.describe());
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("egdb").join(format!("{variant}.egdb"));
        let bundle = std::fs::read(&path).expect("the built-in file");
        let built = Database::open(variant, root, 4);
        let mut compared = 0;
        for (slice, bytes) in file::split_bundle(&bundle).expect("a bundle") {
            if let Ok(written) = std::fs::read(built.path(slice)) {
                assert!(written == bytes, "{variant} {slice}");
                compared += 1;
            }
        }
        assert!(compared >= 246, "{variant}: {compared} slices");
    }
}

/// The search probes the files of a directory that covers as many pieces as the
/// built-in database, and the built-in one where the files cover fewer pieces, where
/// there are none, or where no directory is known; with databases off (the bench's and
/// self-play's options), none. A rule set with nothing built in has none.
#[test]
fn files_on_disk_take_over_from_the_builtin_database() {
    let three = common::scratch("egdb", "three");
    build_in(&three, Variant::English, 3, None);
    let in_use = |egdb: Egdb, variant: Variant| {
        let mut engine = Engine::new(Options { table_mib: 1, egdb, ..Options::default() });
        engine.egdb(variant).map(|database| database.describe())
    };
    let files = format!("files in {}, up to 4 pieces", english().join("english").display());
    assert_eq!(in_use(Egdb::On(Some(english().to_path_buf())), Variant::English25), Some(files));
    let builtin = Some("built in, up to 4 pieces".to_string());
    assert_eq!(in_use(Egdb::On(Some(three.clone())), Variant::English), builtin);
    assert_eq!(in_use(Egdb::On(Some(english().to_path_buf())), Variant::International), builtin);
    assert_eq!(in_use(Egdb::On(None), Variant::Czech), builtin);
    assert_eq!(in_use(Egdb::On(None), Variant::Killer), None);
    assert_eq!(in_use(Egdb::Off, Variant::English), None);
    assert_eq!(Options::default().egdb, Egdb::Off);
}

/// A fresh `crownhead`, with no database files on disk, scores positions its built-in
/// databases hold as won, drawn or lost (a database win scores 30 to 70 men, a draw 0),
/// and `egdb probe` gives their values, saying the built-in database answered.
#[test]
fn a_fresh_crownhead_probes_its_builtin_databases() {
    let cases = [
        ("english", "W:WK14,K23:BK1", "win"),
        ("english", "B:WK14,K23:BK1", "loss"),
        // Petrov's triangle (above): three kings win unless the lone king holds a1-h8.
        ("russian", "W:WKa1,Kc1,Ke1:BKh2", "win"),
        ("russian", "W:WKc1,Ke1,Kg1:BKa1", "draw"),
        ("international", "W:WK1,K2,K3:BK46", "draw"),
    ];
    for (variant, fen, value) in cases {
        let output = common::crownhead(&["egdb", "probe", "--variant", variant, "--fen", fen]);
        let (out, notes) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        assert_eq!(out.trim(), value, "{variant} {fen}: {notes}");
        assert!(
            notes.starts_with("from the database built in, up to 4 pieces: no file for it in"),
            "{notes}"
        );
        let output =
            common::crownhead(&["analyse", "--variant", variant, "--fen", fen, "--depth", "3", "--json"]);
        let text = String::from_utf8_lossy(&output.stdout);
        let last_info: serde_json::Value = text
            .lines()
            .rev()
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
            .find(|line| line["score"].is_object())
            .unwrap_or_else(|| panic!("{variant} {fen}: no score in {text}"));
        let centi_men = last_info["score"]["cp"].as_i64().unwrap_or_else(|| panic!("a score in {last_info}"));
        let scored = match centi_men {
            3_000..=7_000 => "win",
            -7_000..=-3_000 => "loss",
            0 => "draw",
            _ => "neither",
        };
        assert_eq!(scored, value, "{variant} {fen}: {last_info}");
    }
}

/// At a root the database holds, whose successors the search probes rather than
/// searches, the line still names a reply to ponder on, and one that keeps the value the
/// database gives the position after the best move: a king each and a man each after
/// 23x14 (drawn), two men against one (won), and black's 18x27 (won).
#[test]
fn a_database_root_has_a_move_to_ponder_on() {
    let database = Database::builtin(Variant::English).expect("English has one built in");
    for fen in ["W:WK14:BK1", "W:W23:B11,18", "W:W22,23:B11", "B:W22,23:B11,18"] {
        let output = common::crownhead(&["analyse", "--fen", fen, "--depth", "6"]);
        let text = String::from_utf8_lossy(&output.stdout);
        let last = text.lines().last().unwrap_or_default();
        let words: Vec<&str> = last.split_whitespace().collect();
        let ["bestmove", best, "ponder", reply] = words[..] else { panic!("{fen}: {text}") };
        let root = Position::from_fen(Variant::English, fen).expect("a FEN");
        let after = root.play(&root.parse_move(best).expect("a legal best move"));
        let replied = after.play(&after.parse_move(reply).expect("a legal reply"));
        let value = database.probe(&after).expect("held");
        assert_eq!(database.probe(&replied), Some(value.negate()), "{fen}: {best} {reply}");
    }
}

/// At a database root, every line of a multi-PV search names the reply too, so a
/// strength level below full, which may play any of them, still has a move to ponder on:
/// two men against one, each of white's moves held by the database.
#[test]
fn every_line_at_a_database_root_names_a_reply() {
    let root = Position::from_fen(Variant::English, "W:W22,23:B11").expect("a FEN");
    for strength in 1..=9 {
        let options =
            Options { table_mib: 1, egdb: Egdb::On(None), strength, multipv: 3, ..Options::default() };
        let mut engine = Engine::new(options);
        let lines = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&lines);
        let report = move |report: Report| {
            if let (Report::Info(info), Ok(mut seen)) = (report, seen.lock()) {
                seen.push(info.pv.clone());
            }
        };
        let handle = engine.go(&Game::new(root), &Limits::depth(4), Go::Think, report).expect("a search");
        let result = handle.wait();
        let lines = lines.lock().expect("the lines").clone();
        assert!(lines.len() >= 3, "strength {strength}: {lines:?}");
        for pv in lines.iter().chain([&result.pv]) {
            let [first, reply, ..] = pv[..] else { panic!("strength {strength}: no reply in {pv:?}") };
            assert!(root.play(&first).legal_moves().contains(&reply), "strength {strength}: {pv:?}");
        }
        let (best, ponder) =
            (result.best_move.expect("a move"), result.ponder_move.expect("a move to ponder on"));
        assert!(root.play(&best).legal_moves().contains(&ponder), "strength {strength}");
    }
}

/// A move that ends the game on the board (taking the last pieces, or blocking the
/// last one) scores a win in one ply, above the database win of a move that only keeps
/// the position won, so full strength and every level below play it: 22x8 takes both
/// black men where 23x14 takes one, and 27-32 leaves black's man on 28 without a move.
#[test]
fn a_win_on_the_board_outranks_the_database() {
    for (fen, winning) in [("W:W22,23:B11,18", "22x8"), ("W:WK27,21:B28", "27-32")] {
        let game = Game::new(Position::from_fen(Variant::English, fen).expect("a FEN"));
        for strength in 1..=10 {
            let mut engine =
                Engine::new(Options { table_mib: 1, egdb: Egdb::On(None), strength, ..Options::default() });
            for seed in 0..16 {
                engine.seed(seed);
                let result = engine.think(&game, &Limits::depth(6));
                let played = result.best_move.map(|mv| game.position().move_to_text(&mv));
                assert_eq!(played.as_deref(), Some(winning), "{fen}: level {strength} seed {seed}");
                assert_eq!(result.score.plies_to_end(), Some(1), "{fen}: level {strength}: {}", result.score);
            }
        }
    }
}

/// Killer (RULES.md#killer) has files of its own: its two kings beat a lone king on the
/// long diagonal, which holds against them in International (above), since a king taking
/// the lone king last must stop right behind it. Antidraughts and breakthrough, won
/// otherwise than by taking or blocking, are refused.
#[test]
fn killer_two_kings_beat_one_and_other_goals_are_refused() {
    let root = common::scratch("egdb", "killer");
    build_in(&root, Variant::Killer, 2, None);
    build_in(&root, Variant::Killer, 3, Some("0201-xx"));
    assert!(root.join("killer").is_dir() && !root.join("international").exists());
    assert_eq!(probe(&root, Variant::Killer, "W:WK1,K2:BK46"), Value::Win);
    assert_eq!(probe(&root, Variant::Killer, "B:WK1,K2:BK46"), Value::Loss);
    for variant in [Variant::Antidraughts, Variant::Breakthrough] {
        let options =
            BuildOptions { variant, pieces: 2, root: root.clone(), threads: 1, slice: None, progress: false };
        let error = build(&options, &mut Vec::new()).expect_err("refused").to_string();
        assert!(error.starts_with(&format!("no endgame databases for {variant}")), "{error}");
    }
}

/// Turkish (RULES.md#turkish) up to 3 pieces, on its board of 64 squares with moves
/// along ranks and files.
#[test]
fn turkish_endings() {
    let root = common::scratch("egdb", "turkish");
    let out = build_in(&root, Variant::Turkish, 3, None);
    assert!(out.contains("156 slices built"), "{out}");
    // One piece against one is drawn as soon as it arises, a capture pending or not.
    for fen in ["W:WKa1:BKh8", "B:WKa1:BKh8", "W:WKa1:BKa3", "W:Wa7:Bh2"] {
        assert_eq!(probe(&root, Variant::Turkish, fen), Value::Draw, "{fen}");
    }
    // A lone king in the corner cannot be taken, but every move it has, along rank 1 or
    // file a, is taken by the king on h1 or a8: lost with Black to move, and won for
    // White from the position where Kh2-h1 makes it so.
    assert_eq!(probe(&root, Variant::Turkish, "B:WKh1,Ka8:BKa1"), Value::Loss);
    assert_eq!(probe(&root, Variant::Turkish, "W:WKh2,Ka8:BKa1"), Value::Win);
    // The lone king must take d3, and the king against king left is drawn at once.
    assert_eq!(probe(&root, Variant::Turkish, "B:WKa1,Kd3:BKd5"), Value::Draw);
    let out = verify(&root, "turkish");
    assert!(out.contains("156 slices of turkish") && out.contains(", 0 wrong"), "{out}");
    assert_agrees_with_deep_searches(&Database::open(Variant::Turkish, &root, 3), 3, 4, 20);
}

/// The whole Turkish database up to 4 pieces, verified and checked against deep searches:
/// about 20 minutes, so not in CI (`cargo test --release --test egdb -- --ignored`).
#[test]
#[ignore]
fn turkish_verifies_up_to_four_pieces() {
    let root = common::scratch("egdb", "turkish-4");
    build_in(&root, Variant::Turkish, 4, None);
    let out = verify(&root, "turkish");
    assert!(out.contains("452 slices of turkish") && out.contains(", 0 wrong"), "{out}");
    assert_agrees_with_deep_searches(&Database::open(Variant::Turkish, &root, 4), 4, 6, 100);
}

/// The whole International database up to 4 pieces: minutes, so not in CI
/// (`cargo test --release --test egdb -- --ignored`).
#[test]
#[ignore]
fn international_verifies_up_to_four_pieces() {
    let root = common::scratch("egdb", "international-4");
    build_in(&root, Variant::International, 4, None);
    verify(&root, "international");
}

#[test]
fn a_slice_needs_its_slices_built() {
    let root = common::scratch("egdb", "needs");
    let options = BuildOptions {
        variant: Variant::International,
        pieces: 4,
        root: root.clone(),
        threads: 1,
        slice: Some("0301-xx".parse().expect("an id")),
        progress: false,
    };
    let error = build(&options, &mut Vec::new()).expect_err("0201-xx is missing");
    assert!(error.to_string().contains("0201-xx"), "{error}");
}

#[test]
fn a_stopped_build_resumes_and_files_are_the_same_bytes() {
    let root = common::scratch("egdb", "resume");
    let first = build_in(&root, Variant::English, 3, None);
    assert!(first.contains("156 slices built, 0 already there"), "{first}");
    let dir = variant_dir(&root, Variant::English);
    let slice: Slice = "0201-xx".parse().expect("an id");
    let path = dir.join(format!("{slice}.egdb"));
    let bytes = std::fs::read(&path).expect("the file");
    std::fs::remove_file(&path).expect("removed");
    let again = build_in(&root, Variant::English, 3, None);
    assert!(again.contains("1 slices built, 155 already there"), "{again}");
    assert_eq!(std::fs::read(&path).expect("the file"), bytes);
}

#[test]
fn files_are_the_same_bytes_whatever_the_threads() {
    let (one, three) = (common::scratch("egdb", "one-thread"), common::scratch("egdb", "three-threads"));
    build_with(&one, Variant::Russian, 3, None, 1);
    build_with(&three, Variant::Russian, 3, None, 3);
    let (one, three) = (variant_dir(&one, Variant::Russian), variant_dir(&three, Variant::Russian));
    let mut files = 0;
    for entry in std::fs::read_dir(&one).expect("the directory") {
        let name = entry.expect("an entry").file_name();
        let bytes = std::fs::read(one.join(&name)).expect("the file");
        assert_eq!(bytes, std::fs::read(three.join(&name)).expect("the same file"), "{name:?}");
        files += 1;
    }
    assert_eq!(files, 156);
}

/// A file whose index is damaged (here the checksum it holds of its one block) is
/// refused whole, naming its path.
#[test]
fn a_file_with_a_damaged_index_is_refused_with_its_path() {
    let root = common::scratch("egdb", "corrupt");
    build_in(&root, Variant::English, 2, None);
    let path = variant_dir(&root, Variant::English).join("0101-xx.egdb");
    let mut bytes = std::fs::read(&path).expect("the file");
    let layout = Layout::of(&bytes);
    assert_eq!(layout.tables.len(), 1);
    bytes[layout.tables[0].index.end - 1] ^= 0x55;
    std::fs::write(&path, &bytes).expect("written");
    let database = Database::open(Variant::English, &root, 2);
    let position = Position::from_fen(Variant::English, "W:WK14:BK23").expect("a FEN");
    match database.value(&position) {
        Err(EgdbError::File { path: named, message }) => {
            assert_eq!(named, path);
            assert!(message.contains("checksum"), "{message}");
        }
        other => panic!("expected a file error, got {other:?}"),
    }
    let dir = root.to_str().expect("a UTF-8 path");
    for args in [
        &["egdb", "probe", "--variant", "english", "--fen", "W:WK14:BK23", "--dir", dir][..],
        &["egdb", "verify", "--variant", "english", "--dir", dir][..],
    ] {
        let output = common::crownhead(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr.contains(path.to_str().expect("UTF-8")), "{args:?}: {stderr}");
    }
    std::fs::write(&path, b"not a database").expect("written");
    let output =
        common::crownhead(&["egdb", "probe", "--variant", "english", "--fen", "W:WK14:BK23", "--dir", dir]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("bad magic"));
}

#[test]
fn the_commands_as_a_user_runs_them() {
    let root = common::scratch("egdb", "commands");
    let dir = root.to_str().expect("a UTF-8 path");
    let output =
        common::crownhead(&["egdb", "build", "--variant", "english-25", "--pieces", "3", "--dir", dir]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let summary = String::from_utf8_lossy(&output.stdout);
    assert!(summary.contains("english up to 3 pieces"), "{summary}");
    assert!(summary.contains("peak memory"), "{summary}");
    let probe = |fen: &str| {
        let output =
            common::crownhead(&["egdb", "probe", "--variant", "english", "--fen", fen, "--dir", dir]);
        (
            String::from_utf8_lossy(&output.stdout).trim().to_string(),
            String::from_utf8_lossy(&output.stderr).to_string(),
        )
    };
    assert_eq!(probe("W:WK14,K23:BK1").0, "win");
    // A capture pending: the captures are played out.
    assert_eq!(probe("W:WK14:BK18").0, "win");
    // Four pieces: no file here, so the built-in database answers, and says so.
    let (out, notes) = probe("W:WK14,K23:BK1,K2");
    assert!(
        out == "draw" && notes.starts_with("from the database built in, up to 4 pieces: no file for it in"),
        "{notes}"
    );
    let (out, error) = probe("W:WK14,K23,K27:BK1,K2");
    assert!(out.is_empty() && error.contains("not covered"), "{error}");
    let output =
        common::crownhead(&["egdb", "probe", "--variant", "killer", "--fen", "W:WK1:BK46", "--dir", dir]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("no endgame database for killer"));

    let output = common::crownhead(&["egdb", "slices", "--variant", "english", "--pieces", "3", "--json"]);
    let slices: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let slices = slices.as_array().expect("an array");
    assert_eq!(slices.len(), 156);
    assert_eq!(slices[0]["id"], "0101-xx");
    assert_eq!(slices[0]["positions"], 992);
    let needs = slices.iter().find(|slice| slice["id"] == "0201-xx").expect("0201-xx")["needs"].clone();
    assert_eq!(needs, serde_json::json!(["0101-xx"]));
    // Each slice's file, relative to the directory, is the one `build` wrote there.
    let mut listed: Vec<PathBuf> =
        slices.iter().map(|slice| root.join(slice["file"].as_str().expect("a file name"))).collect();
    let mut written: Vec<PathBuf> = std::fs::read_dir(root.join("english"))
        .expect("english's directory")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    listed.sort();
    written.sort();
    assert_eq!(listed, written);
    let output = common::crownhead(&["egdb", "slices", "--variant", "english", "--pieces", "2"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.lines().any(|line| line == "1001-5x pieces 2 positions 248 needs 1001-6x"), "{text}");
}

/// `egdb build` without `--pieces` builds nothing and prints the next size up from what
/// the engine probes (here the built-in 4 pieces): its slices and indices, as the build
/// of English up to 5 pieces counted them (docs/egdb.md), its estimates and the command.
#[test]
fn build_without_pieces_prints_the_next_size_up() {
    let root = common::scratch("egdb", "next");
    let dir = root.to_str().expect("a UTF-8 path");
    let output = common::crownhead(&["egdb", "build", "--variant", "english-25", "--dir", dir]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].starts_with("english: no files in ")
            && lines[0].ends_with(", built-in database up to 4 pieces")
    );
    assert_eq!(lines[1], "next size up: 5 pieces, 1014 slices to build holding 151386376 indices");
    assert!(lines[2].starts_with("estimated: about ") && lines[2].contains("english 2-6"), "{text}");
    assert_eq!(
        lines[3],
        format!("to build it: crownhead egdb build --variant english --pieces 5 --dir {dir}")
    );
    assert!(!root.join("english").exists(), "nothing is built");
    // Killer has nothing built in and no build measured; antidraughts has no databases.
    let output = common::crownhead(&["egdb", "build", "--variant", "killer", "--dir", dir]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("next size up: 2 pieces") && text.contains("no build of killer was measured"),
        "{text}"
    );
    let output = common::crownhead(&["egdb", "build", "--variant", "antidraughts", "--dir", dir]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no endgame databases for antidraughts"));
}

/// Positions of `table` in play (index in use, a move to make, no capture pending),
/// White to move, with
/// their stored values, from indices spread evenly over the table, about `count`
/// apart from each other.
fn sample(database: &Database, table: TableKey, count: u64) -> impl Iterator<Item = (Position, Value)> + '_ {
    let size = database.indexer().table_size(table);
    let step = (size / count).max(1);
    (step / 2..size).step_by(step as usize).filter_map(move |index| {
        let position = database.indexer().position(database.variant(), table, index)?;
        let value = database.stored(table, index).ok()?;
        (position.has_quiet_move() && !position.has_capture()).then_some((position, value))
    })
}

/// The tables of `variant` up to `pieces` pieces with men on both sides and a king
/// somewhere, where deep searches find decisive results and the rules (men, crowning)
/// all play.
fn mixed_tables(variant: Variant, pieces: u8) -> Vec<TableKey> {
    Slice::all(&variant.rules().geometry, pieces)
        .into_iter()
        .flat_map(Slice::tables)
        .filter(|table| {
            table.mover.men > 0 && table.other.men > 0 && table.mover.kings + table.other.kings > 0
        })
        .collect()
}

/// Where a deep search with no database finds a forced win or loss, the database says
/// the same: `count` positions about evenly spread over each mixed table, at least
/// `least` of them decided by the search.
fn assert_agrees_with_deep_searches(database: &Database, pieces: u8, count: u64, least: usize) {
    let mut engine = Engine::new(Options { table_mib: 16, ..Options::default() });
    let mut decisive = 0;
    for table in mixed_tables(database.variant(), pieces) {
        for (position, value) in sample(database, table, count) {
            engine.new_game();
            let score = engine.think(&Game::new(position), &Limits::depth(16)).score;
            if score.is_decisive() {
                decisive += 1;
                let found = if score.is_win() { Value::Win } else { Value::Loss };
                assert_eq!(value, found, "{} scores {score:?} by search", position.to_fen());
            }
        }
    }
    assert!(decisive >= least, "only {decisive} positions with a forced end found: sample more");
}

#[test]
fn probing_agrees_with_a_deep_search_where_it_finds_the_end() {
    assert_agrees_with_deep_searches(&Database::open(Variant::English, english(), 4), 4, 3, 20);
}

/// With the database, a search from a position it holds as drawn scores a draw, and
/// from one it holds as lost a database loss: beyond any evaluation, short of a loss
/// found on the board.
#[test]
fn the_search_scores_positions_the_database_holds() {
    let root = english();
    let database = Database::open(Variant::English, root, 4);
    let mut engine = Engine::new(Options {
        table_mib: 16,
        egdb: Egdb::On(Some(root.to_path_buf())),
        ..Options::default()
    });
    let (mut draws, mut losses) = (0, 0);
    for table in mixed_tables(Variant::English, 4) {
        for (position, value) in sample(&database, table, 4) {
            engine.new_game();
            let score = engine.think(&Game::new(position), &Limits::depth(3)).score;
            let fen = position.to_fen();
            match value {
                Value::Draw => {
                    draws += 1;
                    assert_eq!(score.centi_men(), 0, "{fen}: a database draw scores {score:?}");
                }
                Value::Loss if !score.is_decisive() => {
                    losses += 1;
                    assert!(score.centi_men() < -3_000, "{fen}: a database loss scores {score:?}");
                }
                _ => {}
            }
        }
    }
    assert!(draws >= 10 && losses >= 10, "{draws} draws and {losses} losses: sample more");
}

/// Three kings against two, English: from 20 positions the database holds as won, the
/// engine with the database (to 5 pieces, built here for these slices only) wins every
/// game against itself without it, within the 40-move rule.
#[test]
fn the_engine_converts_database_wins() {
    let root = &common::scratch("egdb", "converts");
    let slice: Slice = "0302-xx".parse().expect("a slice id");
    let geometry = &Variant::English.rules().geometry;
    let mut needed = vec![slice];
    let mut index = 0;
    while let Some(&next) = needed.get(index) {
        needed.extend(
            next.needs(geometry).into_iter().filter(|need| !needed.contains(need)).collect::<Vec<_>>(),
        );
        index += 1;
    }
    for built in Slice::all(geometry, 5).into_iter().filter(|slice| needed.contains(slice)) {
        build_in(root, Variant::English, built.pieces(), Some(&built.to_string()));
    }
    let database = Database::open(Variant::English, root, 5);
    let table = slice.first();
    let wins: Vec<Position> = sample(&database, table, 200)
        .filter(|(_, value)| *value == Value::Win)
        .map(|(p, _)| p)
        .take(20)
        .collect();
    assert_eq!(wins.len(), 20);
    assert_converts(root, &wins, Limits::nodes(40_000));
}

/// Plays a game from each of `starts`, each a database win for the side to move,
/// between the engine probing the databases under `root` (the winner) and the engine
/// without them; panics unless the winner wins every one within the draw rules.
fn assert_converts(root: &Path, starts: &[Position], limits: Limits) {
    let with = Options { table_mib: 16, egdb: Egdb::On(Some(root.to_path_buf())), ..Options::default() };
    for &start in starts {
        let mut engines =
            [Engine::new(with.clone()), Engine::new(Options { table_mib: 16, ..Options::default() })];
        let mut game = Game::new(start);
        let result = loop {
            if let Some(result) = game.result() {
                break result;
            }
            let mover = usize::from(game.position().side_to_move() != start.side_to_move());
            let best = engines[mover].think(&game, &limits).best_move.expect("a move");
            game.play(best).expect("a legal move");
        };
        let winner = start.side_to_move();
        assert_eq!(
            result.outcome,
            Outcome::Win(winner),
            "from {} the game ended {result:?} after {} plies",
            start.to_fen(),
            game.moves().len()
        );
    }
}

/// From 20 database wins of 5 and 6 pieces with men on both sides, one from each twentieth
/// of the English database's slices up to 6 pieces, the engine with it beats itself
/// without.
/// The database is built beforehand (about half an hour: docs/egdb.md#figures)
/// and named by `CROWNHEAD_EGDB`:
/// `CROWNHEAD_EGDB=DIR cargo test --release --test egdb -- --ignored converts`.
#[test]
#[ignore]
fn the_engine_converts_database_wins_with_men_up_to_six_pieces() {
    let root = PathBuf::from(std::env::var_os("CROWNHEAD_EGDB").expect("CROWNHEAD_EGDB names the database"));
    let database = Database::open(Variant::English, &root, 6);
    let slices: Vec<Slice> = Slice::all(&Variant::English.rules().geometry, 6)
        .into_iter()
        .filter(|slice| slice.pieces() >= 5 && slice.first().mover.men > 0 && slice.first().other.men > 0)
        .collect();
    let wins: Vec<Position> = slices
        .chunks(slices.len() / 20)
        .filter_map(|chunk| {
            chunk.iter().flat_map(|slice| slice.tables()).find_map(|table| {
                sample(&database, table, 50)
                    .find(|(_, value)| *value == Value::Win)
                    .map(|(position, _)| position)
            })
        })
        .take(20)
        .collect();
    assert_eq!(wins.len(), 20, "a part of the slices without a won position in the sample");
    assert_converts(&root, &wins, Limits::nodes(100_000));
}

/// Where things are in a database file of format 2, read from its header and indexes as
/// `src/egdb/file.rs` documents them, so that a test damages the bytes it means to.
struct Layout {
    tables: Vec<TableLayout>,
}

/// One table of a [`Layout`].
struct TableLayout {
    /// Its positions.
    positions: u64,
    /// Where its index is in the file.
    index: std::ops::Range<usize>,
    /// Where each block's data is in the file.
    blocks: Vec<std::ops::Range<usize>>,
}

impl Layout {
    fn of(bytes: &[u8]) -> Layout {
        assert_eq!(&bytes[..8], b"CRHDEGDB");
        assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), 2, "format version 2");
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let mut at = 64;
        let mut tables = Vec::new();
        for _ in 0..bytes[34] {
            let (start, positions, count) = (at, u64_at(at), u32_at(at + 8) as usize);
            let ends: Vec<usize> = (0..count).map(|block| u64_at(at + 12 + 12 * block) as usize).collect();
            at += 12 + 12 * count;
            let first = at;
            let blocks = (0..count)
                .map(|block| first + if block == 0 { 0 } else { ends[block - 1] }..first + ends[block])
                .collect();
            at = first + ends[count - 1];
            tables.push(TableLayout { positions, index: start..first, blocks });
        }
        assert_eq!(at, bytes.len(), "the tables end the file");
        Layout { tables }
    }
}

/// Copies the files of `variant` under `from` to a scratch directory named `name`; its
/// root.
fn copy_database(from: &Path, variant: Variant, name: &str) -> PathBuf {
    let root = common::scratch("egdb", name);
    let (from, to) = (variant_dir(from, variant), variant_dir(&root, variant));
    std::fs::create_dir_all(&to).expect("the directory");
    for entry in std::fs::read_dir(&from).expect("the files") {
        let name = entry.expect("an entry").file_name();
        std::fs::copy(from.join(&name), to.join(&name)).expect("copied");
    }
    root
}

/// Every stored value of `slice`'s tables, `None` where `database` cannot read it,
/// with the error.
fn stored_values(database: &Database, slice: Slice) -> Vec<Vec<Result<Value, EgdbError>>> {
    slice
        .tables()
        .map(|table| {
            (0..database.indexer().table_size(table)).map(|index| database.stored(table, index)).collect()
        })
        .collect()
}

const BLOCK: u64 = 1 << 14;

/// A byte changed inside one compressed block of a 4-piece file (a block of runs, found
/// from the file's index): every position of that block is unknown, read decoded or
/// compressed, never a value; every other value reads as before; `verify` names the
/// block and fails, and `probe` names it.
#[test]
fn a_damaged_block_is_unknown_and_the_rest_reads() {
    let sound = Database::open(Variant::English, english(), 4);
    let root = copy_database(english(), Variant::English, "damaged-block");
    let slice: Slice = "1102-0x".parse().expect("a slice id");
    let path = variant_dir(&root, Variant::English).join("1102-0x.egdb");
    let mut bytes = std::fs::read(&path).expect("the file");
    let layout = Layout::of(&bytes);
    assert_eq!(layout.tables.len(), 2);
    assert!(layout.tables[0].positions > 2 * BLOCK, "a file with several blocks");
    let damaged = layout.tables[0].blocks[1].clone();
    assert_eq!(bytes[damaged.start], 1, "a block of runs");
    bytes[(damaged.start + damaged.end) / 2] ^= 0x04;
    std::fs::write(&path, &bytes).expect("written");

    let expected = stored_values(&sound, slice);
    let decoded = Database::open(Variant::English, &root, 4);
    let compressed = Database::for_search(Variant::English, &root).expect("every slice is there");
    for database in [&decoded, &compressed] {
        for (table, (found, expected)) in stored_values(database, slice).iter().zip(&expected).enumerate() {
            for (index, (found, expected)) in (0u64..).zip(found.iter().zip(expected)) {
                let expected = expected.as_ref().expect("the sound file reads");
                if table == 0 && index / BLOCK == 1 {
                    let error = found.as_ref().expect_err("the damaged block is unknown");
                    assert_eq!(
                        error,
                        &EgdbError::Damaged {
                            path: path.clone(),
                            slice: slice.to_string(),
                            table: 0,
                            block: 1
                        }
                    );
                } else {
                    assert_eq!(found.as_ref(), Ok(expected), "table {table}, index {index}");
                }
            }
        }
    }
    // Probing: positions of the damaged block are unknown, the others as the sound file.
    let table = slice.first();
    let (mut unknown, mut known) = (0, 0);
    for index in (0..layout.tables[0].positions).step_by(97) {
        let Some(position) = sound.indexer().position(Variant::English, table, index) else { continue };
        if position.has_capture() {
            continue;
        }
        let value = sound.probe(&position).expect("the sound database holds it");
        for database in [&decoded, &compressed] {
            if index / BLOCK == 1 {
                assert_eq!(database.probe(&position), None, "{}", position.to_fen());
                unknown += 1;
            } else {
                assert_eq!(database.probe(&position), Some(value), "{}", position.to_fen());
                known += 1;
            }
        }
    }
    assert!(unknown >= 100 && known >= 100, "{unknown} unknown and {known} known: sample more");
    assert_eq!(probe(&root, Variant::English, "W:WK14,K23:BK1"), Value::Win);

    let dir = root.to_str().expect("a UTF-8 path");
    let output =
        common::crownhead(&["egdb", "verify", "--variant", "english", "--dir", dir, "--threads", "2"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{stdout}");
    let named = format!("damaged: {}: slice 1102-0x, table 0, block 1 is damaged", path.display());
    assert!(stdout.contains(&named), "{stdout}");
    assert_eq!(stdout.matches("damaged: ").count(), 1, "{stdout}");
    assert!(stdout.contains("--slice 1102-0x"), "{stdout}");
    assert!(stdout.contains(", 0 wrong"), "{stdout}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("damaged blocks: 1;"));
    let in_block = (BLOCK..2 * BLOCK)
        .filter_map(|index| sound.indexer().position(Variant::English, table, index))
        .find(|position| !position.has_capture())
        .expect("a position of the damaged block");
    let fen = in_block.to_fen();
    let output = common::crownhead(&["egdb", "probe", "--variant", "english", "--fen", &fen, "--dir", dir]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("block 1 is damaged"));
}

/// What reading one garbled file gave.
#[derive(Debug, Default)]
struct Outcomes {
    refused: usize,
    damaged: usize,
    intact: usize,
}

/// Reads every value of `slice` from `database` and compares them with `expected`: the
/// file is refused (every value gives the same error, a file error naming `path`), or
/// each value is the one expected or in a damaged block. Counts which.
fn judge(
    database: &Database,
    slice: Slice,
    path: &Path,
    expected: &[Vec<Result<Value, EgdbError>>],
    indices: &[(usize, u64)],
    outcomes: &mut Outcomes,
) {
    let mut damaged = false;
    for &(table, index) in indices {
        let key = slice.tables().nth(table).expect("a table");
        match database.stored(key, index) {
            Ok(value) => assert_eq!(Ok(&value), expected[table][index as usize].as_ref(), "{table}/{index}"),
            Err(EgdbError::Damaged { path: named, .. }) => {
                assert_eq!(named, path);
                damaged = true;
            }
            Err(EgdbError::File { path: named, message }) => {
                assert_eq!(named, path);
                assert!(!message.is_empty());
                outcomes.refused += 1;
                return;
            }
            Err(other) => panic!("{other}"),
        }
    }
    if damaged {
        outcomes.damaged += 1;
    } else {
        outcomes.intact += 1;
    }
}

/// Seeded fuzzing of the file reader: 300 copies of a built file, each truncated or with
/// one to three bits flipped, read decoded (every value) and compressed (a sample): no
/// panic, no hang, and never a value other than the sound file's: each copy is refused
/// with an error naming it or answers unknown in its damaged blocks. Every bit flipped
/// is noticed. Then the engine, its database holding a damaged block, still answers.
#[test]
fn garbled_files_are_refused_or_answer_unknown_never_wrong() {
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        fuzz_the_reader();
        let _ = done.send(());
    });
    match finished.recv_timeout(std::time::Duration::from_secs(300)) {
        Ok(()) => {}
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => panic!("the fuzzing hangs"),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("the fuzzing panicked"),
    }
}

fn fuzz_the_reader() {
    let root = copy_database(english(), Variant::English, "fuzz");
    let slice: Slice = "2002-4x".parse().expect("a slice id");
    let path = variant_dir(&root, Variant::English).join("2002-4x.egdb");
    let original = std::fs::read(&path).expect("the file");
    let layout = Layout::of(&original);
    assert!(layout.tables.iter().all(|table| table.blocks.len() >= 2), "several blocks a table");
    let expected = stored_values(&Database::open(Variant::English, english(), 4), slice);
    let every: Vec<(usize, u64)> =
        (0..2).flat_map(|table| (0..expected[table].len() as u64).map(move |index| (table, index))).collect();
    let mut random = common::Random(36);
    let (mut truncated, mut flipped) = (Outcomes::default(), Outcomes::default());
    for variant in 0..300 {
        let mut bytes = original.clone();
        let truncation = variant % 3 == 0;
        if truncation {
            bytes.truncate(random.below(original.len()));
        } else {
            for _ in 0..1 + random.below(3) {
                let bit = random.below(8 * bytes.len());
                bytes[bit / 8] ^= 1 << (bit % 8);
            }
        }
        std::fs::write(&path, &bytes).expect("written");
        let outcomes = if truncation { &mut truncated } else { &mut flipped };
        let decoded = Database::open(Variant::English, &root, 4);
        let before = (outcomes.refused, outcomes.damaged, outcomes.intact);
        judge(&decoded, slice, &path, &expected, &every, outcomes);
        if bytes != original {
            assert_eq!(outcomes.intact, before.2, "variant {variant}: damage not noticed");
        }
        let sample: Vec<(usize, u64)> = (0..64).map(|_| every[random.below(every.len())]).collect();
        let compressed = Database::for_search(Variant::English, &root).expect("every slice is there");
        judge(&compressed, slice, &path, &expected, &sample, &mut Outcomes::default());
    }
    assert_eq!((truncated.refused, truncated.damaged, truncated.intact), (100, 0, 0), "{truncated:?}");
    assert!(flipped.refused >= 5 && flipped.damaged >= 100, "{flipped:?}: fuzz more");

    // The engine, its database holding a damaged block, searches a position of it.
    let mut bytes = original;
    let block = layout.tables[0].blocks[0].clone();
    bytes[block.end - 1] ^= 0x20;
    std::fs::write(&path, &bytes).expect("written");
    let sound = Database::open(Variant::English, english(), 4);
    let position = (0..BLOCK)
        .filter_map(|index| sound.indexer().position(Variant::English, slice.first(), index))
        .find(|position| !position.has_capture() && position.has_quiet_move())
        .expect("a position of the damaged block");
    let mut engine =
        Engine::new(Options { table_mib: 16, egdb: Egdb::On(Some(root.clone())), ..Options::default() });
    let result = engine.think(&Game::new(position), &Limits::depth(8));
    assert!(result.best_move.is_some(), "{}", position.to_fen());
}

/// A database of format 1 (English up to 2 pieces, built before blocks had checksums:
/// `tests/data/egdb-v1/`) still reads, decoded and compressed, every value as the
/// current build's; each file read is warned about once, with the command that rebuilds
/// it; `verify` passes and calls the files unchecked; a changed byte refuses the file.
#[test]
fn files_of_format_1_still_read_with_a_warning() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/egdb-v1");
    let old = copy_database(&fixture, Variant::English, "format-1");
    let new = common::scratch("egdb", "format-2");
    build_in(&new, Variant::English, 2, None);
    let slices = Slice::all(&Variant::English.rules().geometry, 2);
    assert_eq!(slices.len(), 36);
    let current = Database::open(Variant::English, &new, 2);
    let decoded = Database::open(Variant::English, &old, 2);
    let compressed = Database::for_search(Variant::English, &old).expect("every slice is there");
    for &slice in &slices {
        let path = variant_dir(&old, Variant::English).join(format!("{slice}.egdb"));
        assert_eq!(std::fs::read(&path).expect("the file")[8], 1, "{slice}: a file of format 1");
        let expected = stored_values(&current, slice);
        assert_eq!(stored_values(&decoded, slice), expected, "{slice}");
        assert_eq!(stored_values(&compressed, slice), expected, "{slice}");
    }

    let dir = old.to_str().expect("a UTF-8 path");
    let output = common::crownhead_command()
        .args(["egdb", "probe", "--variant", "english", "--fen", "W:WK14:BK23", "--dir", dir])
        .env("RUST_LOG", "warn")
        .output()
        .expect("the binary runs");
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "draw");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.matches("without block checksums").count(), 1, "{stderr}");
    let rebuild = format!("crownhead egdb build --variant english --pieces 2 --slice 0101-xx --dir {dir}");
    assert!(stderr.contains("0101-xx.egdb") && stderr.contains(&rebuild), "{stderr}");

    let out = verify(&old, "english");
    assert_eq!(out.matches(": unchecked: an old file (format version 1)").count(), 36, "{out}");
    assert!(
        out.contains("block checksums: 36 files, 0 checked, 0 damaged blocks, 36 old files unchecked"),
        "{out}"
    );
    assert!(out.contains("36 slices of english") && out.contains(", 0 wrong"), "{out}");

    let path = variant_dir(&old, Variant::English).join("0101-xx.egdb");
    let mut bytes = std::fs::read(&path).expect("the file");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&path, &bytes).expect("written");
    let position = Position::from_fen(Variant::English, "W:WK14:BK23").expect("a FEN");
    match Database::open(Variant::English, &old, 2).value(&position) {
        Err(EgdbError::File { path: named, message }) => {
            assert_eq!(named, path);
            assert!(message.contains("checksum"), "{message}");
        }
        other => panic!("expected a file error, got {other:?}"),
    }
}
