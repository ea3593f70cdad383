//! `crownhead book`: a book grown, grown further, joined from shards, described and
//! probed, with its values checked against the negamax rule and the rules' moves.

use std::path::Path;

use crate::common;

use crownhead::rules::{Position, Variant};

fn run(args: &[&str]) -> String {
    let output = common::crownhead(args);
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// The positions `book stats` counts.
fn positions(book: &Path) -> usize {
    let stats = run(&["book", "stats", "--book", text(book)]);
    let line = stats.lines().find(|line| line.starts_with("positions")).expect("a positions line");
    line.split_whitespace().last().and_then(|count| count.parse().ok()).expect("a count")
}

/// `book probe` after `moves`: the book's moves with their values in men.
fn probe(book: &Path, moves: &str) -> Vec<(String, f64)> {
    let output = run(&["book", "probe", "--book", text(book), "--moves", moves]);
    (output.lines())
        .filter(|line| !line.starts_with("ply") && *line != "not in the book")
        .map(|line| {
            let (mv, value) = line.split_once(' ').expect("a move and its value");
            (mv.to_string(), value.parse().expect("a value"))
        })
        .collect()
}

#[test]
fn a_book_grows_resumes_and_backs_its_values_up() {
    let dir = common::scratch("book", "grow");
    let book = dir.join("english.book");
    let grow = |positions: &str| {
        let args = [
            "book",
            "build",
            "--variant",
            "english",
            "--out",
            text(&book),
            "--positions",
            positions,
            "--nodes",
            "300",
        ];
        run(&[&args[..], &["--openings", "none", "--tt-size", "4"]].concat())
    };
    let first = grow("120");
    assert!(first.contains("positions (") && book.exists(), "{first}");
    let grown = positions(&book);
    assert!(grown >= 120, "{grown} positions");
    let again = grow("260");
    assert!(positions(&book) >= 260 && positions(&book) > grown, "{again}");

    // Every legal move of the start is listed, best first.
    let start = Position::start(Variant::English);
    let root = probe(&book, "");
    let mut listed: Vec<&str> = root.iter().map(|(mv, _)| mv.as_str()).collect();
    let mut legal: Vec<String> = start.legal_moves().iter().map(|mv| start.move_to_text(mv)).collect();
    listed.sort_unstable();
    legal.sort_unstable();
    assert_eq!(listed, legal);
    assert!(root.windows(2).all(|pair| pair[0].1 >= pair[1].1), "{root:?}");
    // Negamax: a move's value is minus the best value of the position it reaches, where
    // the book has expanded that one (drop-out expansion expands the best lines first).
    let expanded: Vec<_> = root
        .iter()
        .map(|(mv, value)| (mv, value, probe(&book, mv)))
        .filter(|(_, _, reply)| !reply.is_empty())
        .collect();
    assert!(!expanded.is_empty(), "no move of the start expanded");
    for (mv, value, reply) in expanded {
        assert!((reply[0].1 + value).abs() < 0.005, "{mv} {value}, best reply {:?}", reply[0]);
    }
    assert_eq!(run(&["book", "probe", "--book", text(&book), "--fen", "W:W21:B1"]).trim(), "not in the book");

    // `analyse --book` lists the same moves before it searches.
    let analysis = run(&["analyse", "--book", "--book-file", text(&book), "--depth", "2"]);
    let listed: Vec<(String, f64)> = (analysis.lines())
        .filter_map(|line| line.strip_prefix("book "))
        .filter_map(|line| {
            line.split_once(' ').map(|(mv, value)| (mv.to_string(), value.parse().expect("a value")))
        })
        .collect();
    assert_eq!(listed, root);
    assert!(analysis.lines().last().is_some_and(|line| line.starts_with("bestmove")), "{analysis}");
}

#[test]
fn shards_join_and_bad_books_are_refused() {
    let dir = common::scratch("book", "shards");
    let shard = |index: usize| {
        let path = dir.join(format!("shard{index}.book"));
        let shard = format!("{index}/2");
        let args =
            ["book", "build", "--variant", "english", "--out", text(&path), "--positions", "1", "--nodes"];
        run(&[&args[..], &["200", "--shard", &shard, "--tt-size", "4"]].concat());
        path
    };
    let (first, second) = (shard(0), shard(1));
    let joined = dir.join("joined.book");
    run(&["book", "merge", "--out", text(&joined), text(&first), text(&second)]);
    let (a, b, both) = (positions(&first), positions(&second), positions(&joined));
    assert!(both > a.max(b) && both < a + b, "{a} + {b} shared the lines to the ballots, joined {both}");
    // The lines to the ballots are expanded: 9-13 22-17 leads only to ballot 3 (shard
    // 0, counting from 0 the third), 9-14 23-18 only to ballot 40 (shard 1); the joined
    // book has both.
    for (line, only_in) in [("9-13 22-17", &first), ("9-14 23-18", &second)] {
        let other = if only_in == &first { &second } else { &first };
        assert!(!probe(only_in, line).is_empty() && probe(other, line).is_empty(), "{line}");
        assert!(!probe(&joined, line).is_empty(), "{line}");
    }

    let refused = common::crownhead(&[
        "book",
        "build",
        "--variant",
        "russian",
        "--out",
        text(&joined),
        "--positions",
        "9",
    ]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("the book is for english, not russian"));
    let damaged = dir.join("damaged.book");
    let mut bytes = std::fs::read(&joined).expect("written");
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&damaged, bytes).expect("written");
    let refused = common::crownhead(&["book", "stats", "--book", text(&damaged)]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not a crownhead book"));
    let bad_shard =
        common::crownhead(&["book", "build", "--out", text(&damaged), "--positions", "9", "--shard", "2/2"]);
    assert!(!bad_shard.status.success());
}
