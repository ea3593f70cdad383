//! `crownhead analyse-game`: the real binary annotates a game with a known blunder, the
//! annotated PDN reads back, the chart parses as SVG, and bad input is refused.

use crate::common;

use std::path::PathBuf;

use crownhead::engine::Score;
use crownhead::engine::analysis::{PlyAnalysis, annotate};
use crownhead::rules::{Color, PdnGlyph, Position, Variant, read_pdn};

fn fixture() -> String {
    format!("{}/tests/data/analyse/shot.pdn", env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crownhead-analyse-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// English: after 1. 9-13 22-18, Black's 5-9 empties square 5 and allows 18-15 11x18
/// 23x14x5, two men for one (checked on the board by hand). The annotation must call 5-9
/// a blunder and name another move; the quiet moves before it are not marked.
#[test]
fn marks_the_move_that_allows_a_shot() {
    let (pdn_path, svg_path) = (scratch("shot.pdn"), scratch("shot.svg"));
    let output = common::crownhead(&[
        "analyse-game",
        &fixture(),
        "--depth",
        "10",
        "--out",
        pdn_path.to_str().unwrap(),
        "--svg",
        svg_path.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let summary = String::from_utf8_lossy(&output.stdout);
    let black = summary.lines().find(|line| line.starts_with("black")).expect("a line for black");
    let columns: Vec<&str> = black.split_whitespace().collect();
    assert_eq!(columns[1..4], ["3", "0", "1"], "black: 3 moves, no mistake, 1 blunder in {summary}");

    let text = std::fs::read_to_string(&pdn_path).unwrap();
    let games = read_pdn(&text, Variant::English);
    assert_eq!(games.len(), 1);
    let game = games.into_iter().next().unwrap().expect("the annotated game reads back");
    assert_eq!(game.tag("Annotator").map(|name| name.starts_with("crownhead")), Some(true));
    assert_eq!(game.moves.len(), 6);
    let comments: Vec<&str> = game.moves.iter().map(|mv| mv.comment.as_deref().unwrap_or("")).collect();
    assert!(comments[2].contains("blunder"), "5-9 is a blunder: {comments:?}");
    assert!(comments[2].contains(", best "), "the engine's choice is named: {comments:?}");
    assert!(!comments[2].contains("best 5-9"));
    for (index, comment) in comments.iter().enumerate().filter(|(index, _)| *index != 2) {
        assert!(!comment.contains("blunder") && !comment.contains("mistake"), "ply {index}: {comment}");
    }
    let glyphs: Vec<Option<PdnGlyph>> = game.moves.iter().map(|mv| mv.glyph).collect();
    assert_eq!(glyphs, [None, None, Some(PdnGlyph::Blunder), None, None, None], "5-9 is marked ??");
    // White's shot is the engine's own choice: no alternative is named for it.
    assert!(!comments[3].contains("best"), "{comments:?}");

    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let document = roxmltree::Document::parse(&svg).expect("the chart is well-formed XML");
    assert_eq!(document.root_element().tag_name().name(), "svg");
    let titles: Vec<&str> = document
        .descendants()
        .filter(|node| node.has_tag_name("title"))
        .filter_map(|node| node.text())
        .collect();
    assert!(titles.iter().any(|title| title.contains("2. 5-9") && title.contains("blunder")), "{titles:?}");
}

/// Scores are written from the first player's side (Black in English): the same score
/// for the mover reads with opposite signs on a Black and a White move.
#[test]
fn comments_give_scores_for_the_first_player() {
    let text = std::fs::read_to_string(fixture()).unwrap();
    let pdn = read_pdn(&text, Variant::English).remove(0).unwrap();
    let start = Position::start(Variant::English);
    assert_eq!(start.side_to_move(), Color::Black);
    let first = pdn.moves[0].mv;
    let positions = pdn.game().positions().to_vec();
    let analysis: Vec<PlyAnalysis> = pdn.moves[..2]
        .iter()
        .zip(positions)
        .map(|(pdn_move, from)| PlyAnalysis {
            from,
            played: pdn_move.mv,
            best: Some(first),
            best_score: Score::from_centi_men(30),
            played_score: Score::from_centi_men(25),
        })
        .collect();
    let annotated = annotate(&pdn, &analysis, "test");
    assert_eq!(annotated.moves[0].comment.as_deref(), Some("+0.25"));
    assert_eq!(annotated.moves[1].comment.as_deref(), Some("-0.25, best 9-13 -0.30"));
    assert_eq!(annotated.moves[2].comment, None, "moves without analysis keep no comment");
}

#[test]
fn picks_the_game_asked_for_and_refuses_bad_input() {
    let output = common::crownhead(&["analyse-game", &fixture(), "--game", "2", "--depth", "2"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let games = read_pdn(&String::from_utf8_lossy(&output.stdout), Variant::English);
    let game = games.into_iter().next().unwrap().expect("the second game, annotated");
    assert_eq!(game.start.variant(), Variant::Russian);
    assert_eq!(game.moves.len(), 2);

    let bad_pdn = scratch("bad.pdn");
    std::fs::write(&bad_pdn, "[GameType \"21\"]\n\n1. 9-13 9-14 *\n").unwrap();
    for (args, message) in [
        (vec!["analyse-game", &fixture(), "--game", "3", "--depth", "2"], "has 2 games, not 3"),
        (vec!["analyse-game", "/no/such/file.pdn", "--depth", "2"], "cannot read"),
        (vec!["analyse-game", bad_pdn.to_str().unwrap(), "--depth", "2"], "game 1, line 3"),
        (vec!["analyse-game", &fixture()], "required"),
    ] {
        let output = common::crownhead(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}
