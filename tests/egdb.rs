//! Endgame databases built in the test, small enough for CI, checked against published
//! counts and endings from the literature, against their own successors (`verify`), and
//! through the `crownhead egdb` commands as a user runs them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use crownhead::egdb::slice::Slice;
use crownhead::egdb::{Database, EgdbError, Value, variant_dir};
use crownhead::rules::{Position, Variant};
use crownhead::tools::egdb::{BuildOptions, build};

fn crownhead(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_crownhead")).args(args).output().expect("the binary runs")
}

/// A fresh directory for this test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crownhead-egdb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

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
        let root = scratch("english");
        build_in(&root, Variant::English, 4, None);
        root
    })
}

/// The Russian database up to 4 pieces, built once.
fn russian() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = scratch("russian");
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
    let output = crownhead(&["egdb", "verify", "--variant", variant, "--dir", root, "--threads", "2"]);
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    stdout
}

/// The count published for another builder: English king against king, White to move,
/// 230 wins, 654 draws and 108 losses over the 992 positions.
#[test]
fn english_king_against_king() {
    let root = scratch("kings");
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

/// International up to 3 pieces, and the kings-only slices up to three kings against one
/// (built one by one with --slice): a lone king on the long diagonal (46-5) holds three.
#[test]
fn international_three_kings_against_one_on_the_long_diagonal() {
    let root = scratch("international");
    build_in(&root, Variant::International, 3, None);
    build_in(&root, Variant::International, 4, Some("0301-xx"));
    assert_eq!(probe(&root, Variant::International, "W:WK1,K2,K3:BK46"), Value::Draw);
    assert_eq!(probe(&root, Variant::International, "B:WK1,K2,K3:BK46"), Value::Draw);
    let out = verify(&root, "international");
    assert!(out.contains("246 slices of international"), "{out}");
}

/// The whole International database up to 4 pieces: minutes, so not in CI
/// (`cargo test --release --test egdb -- --ignored`).
#[test]
#[ignore]
fn international_verifies_up_to_four_pieces() {
    let root = scratch("international-4");
    build_in(&root, Variant::International, 4, None);
    verify(&root, "international");
}

#[test]
fn a_slice_needs_its_slices_built() {
    let root = scratch("needs");
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
    let root = scratch("resume");
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
    let (one, three) = (scratch("one-thread"), scratch("three-threads"));
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

#[test]
fn a_corrupt_file_is_refused_with_its_path() {
    let root = scratch("corrupt");
    build_in(&root, Variant::English, 2, None);
    let path = variant_dir(&root, Variant::English).join("0101-xx.egdb");
    let mut bytes = std::fs::read(&path).expect("the file");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
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
        let output = crownhead(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr.contains(path.to_str().expect("UTF-8")), "{args:?}: {stderr}");
    }
    std::fs::write(&path, b"not a database").expect("written");
    let output = crownhead(&["egdb", "probe", "--variant", "english", "--fen", "W:WK14:BK23", "--dir", dir]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("bad magic"));
}

#[test]
fn the_commands_as_a_user_runs_them() {
    let root = scratch("commands");
    let dir = root.to_str().expect("a UTF-8 path");
    let output = crownhead(&["egdb", "build", "--variant", "english-25", "--pieces", "3", "--dir", dir]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let summary = String::from_utf8_lossy(&output.stdout);
    assert!(summary.contains("english up to 3 pieces"), "{summary}");
    assert!(summary.contains("peak memory"), "{summary}");
    let probe = |fen: &str| {
        let output = crownhead(&["egdb", "probe", "--variant", "english", "--fen", fen, "--dir", dir]);
        (
            String::from_utf8_lossy(&output.stdout).trim().to_string(),
            String::from_utf8_lossy(&output.stderr).to_string(),
        )
    };
    assert_eq!(probe("W:WK14,K23:BK1").0, "win");
    // A capture pending: the captures are played out.
    assert_eq!(probe("W:WK14:BK18").0, "win");
    let (out, error) = probe("W:WK14,K23:BK1,K2");
    assert!(out.is_empty() && error.contains("not covered"), "{error}");
    let output = crownhead(&["egdb", "probe", "--variant", "russian", "--fen", "W:WKa1:BKh8", "--dir", dir]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("no endgame database for russian"));

    let output = crownhead(&["egdb", "slices", "--variant", "english", "--pieces", "3", "--json"]);
    let slices: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let slices = slices.as_array().expect("an array");
    assert_eq!(slices.len(), 156);
    assert_eq!(slices[0]["id"], "0101-xx");
    assert_eq!(slices[0]["positions"], 992);
    let needs = slices.iter().find(|slice| slice["id"] == "0201-xx").expect("0201-xx")["needs"].clone();
    assert_eq!(needs, serde_json::json!(["0101-xx"]));
    let output = crownhead(&["egdb", "slices", "--variant", "english", "--pieces", "2"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.lines().any(|line| line == "1001-5x pieces 2 positions 248 needs 1001-6x"), "{text}");
}
