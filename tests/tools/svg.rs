//! The SVG pictures: boards of every rule set and score charts parse as SVG, and show
//! what the position and the scores say, where the standard diagrams put it.

use crate::common;

use crownhead::engine::analysis::Judgement;
use crownhead::render::board_svg::board_svg;
use crownhead::render::chart_svg::{ChartPly, score_chart_svg};
use crownhead::rules::{Color, Position, Variant};
use roxmltree::{Document, Node};

const SVG_NAMESPACE: &str = "http://www.w3.org/2000/svg";

/// Parses `svg` and checks the root: an `svg` element in the SVG namespace with a
/// viewBox of four numbers and a positive size.
fn parse(svg: &str) -> Document<'_> {
    let document = Document::parse(svg).unwrap_or_else(|error| panic!("not XML: {error}\n{svg}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some(SVG_NAMESPACE));
    let view_box: Vec<f64> = root
        .attribute("viewBox")
        .expect("a viewBox")
        .split_whitespace()
        .map(|number| number.parse().expect("a number in viewBox"))
        .collect();
    assert_eq!(view_box.len(), 4);
    assert!(view_box[2] > 0.0 && view_box[3] > 0.0, "{view_box:?}");
    document
}

fn has_class(node: &Node, class: &str) -> bool {
    node.attribute("class").is_some_and(|classes| classes.split_whitespace().any(|name| name == class))
}

fn with_class<'a>(document: &'a Document, class: &str) -> Vec<Node<'a, 'a>> {
    document.descendants().filter(|node| has_class(node, class)).collect()
}

fn number(node: &Node, attribute: &str) -> f64 {
    node.attribute(attribute).and_then(|value| value.parse().ok()).expect("a numeric attribute")
}

/// A piece as drawn: colour, role and the square it names.
fn pieces(document: &Document) -> Vec<(String, String, String)> {
    with_class(document, "piece")
        .iter()
        .map(|piece| {
            let color = if has_class(piece, "white") { "white" } else { "black" };
            assert!(has_class(piece, color), "a piece is white or black");
            let role = if has_class(piece, "king") { "king" } else { "man" };
            let square = piece.attribute("data-square").expect("the piece's square").to_string();
            (color.to_string(), role.to_string(), square)
        })
        .collect()
}

/// Row and column, from the top left, of the board square that contains the point.
fn cell_at(document: &Document, x: f64, y: f64) -> (usize, usize) {
    let squares: Vec<Node> =
        document.descendants().filter(|node| has_class(node, "dark") || has_class(node, "light")).collect();
    let left = squares.iter().map(|square| number(square, "x")).fold(f64::INFINITY, f64::min);
    let top = squares.iter().map(|square| number(square, "y")).fold(f64::INFINITY, f64::min);
    let square = squares
        .iter()
        .find(|square| {
            let (sx, sy, size) = (number(square, "x"), number(square, "y"), number(square, "width"));
            (sx..sx + size).contains(&x) && (sy..sy + size).contains(&y)
        })
        .expect("the point is on the board");
    let size = number(square, "width");
    (
        ((number(square, "y") - top) / size).round() as usize,
        ((number(square, "x") - left) / size).round() as usize,
    )
}

/// Where the square named `name` is drawn, as row and column from the top left.
fn cell_of_name(document: &Document, name: &str) -> (usize, usize) {
    let text = with_class(document, "square-name")
        .into_iter()
        .find(|text| text.text() == Some(name))
        .unwrap_or_else(|| panic!("square {name} is labelled"));
    cell_at(document, number(&text, "x"), number(&text, "y") - 1.0)
}

#[test]
fn start_positions_of_every_rule_set_parse_with_every_piece_and_square() {
    for variant in Variant::ALL {
        let svg = board_svg(&Position::start(variant));
        let document = parse(&svg);
        let geometry = variant.rules().geometry;
        let (size, playing) = (usize::from(geometry.size()), geometry.square_count());
        // Every rank but the two middle ones is full; Frysk! has only the back rank, and
        // Turkish's two full ranks a side leave the back rank empty.
        let men = match variant {
            Variant::Frysk => size / 2,
            Variant::Turkish => 2 * size,
            _ => size * (size / 2 - 1) / 2,
        };
        assert_eq!(with_class(&document, "dark").len(), playing, "{variant}");
        assert_eq!(with_class(&document, "light").len(), size * size - playing, "{variant}");
        let pieces = pieces(&document);
        assert_eq!(pieces.len(), 2 * men, "{variant}");
        for color in ["white", "black"] {
            assert_eq!(pieces.iter().filter(|piece| piece.0 == color && piece.1 == "man").count(), men);
        }
        let algebraic = matches!(
            variant,
            Variant::Russian | Variant::Brazilian | Variant::Czech | Variant::PlayOk | Variant::Turkish
        );
        let names: Vec<String> = with_class(&document, "square-name")
            .iter()
            .filter_map(|text| text.text())
            .map(String::from)
            .collect();
        if algebraic {
            assert!(names.is_empty(), "{variant}");
            let files: String = with_class(&document, "file").iter().filter_map(|text| text.text()).collect();
            let ranks: String = with_class(&document, "rank").iter().filter_map(|text| text.text()).collect();
            assert_eq!(files, "abcdefgh", "{variant}");
            assert_eq!(ranks, "87654321", "{variant}");
        } else {
            let mut numbers: Vec<usize> = names.iter().map(|name| name.parse().expect("a number")).collect();
            numbers.sort_unstable();
            assert_eq!(numbers, (1..=size * size / 2).collect::<Vec<_>>(), "{variant}");
        }
        let first = variant.rules().first_to_move;
        let status: Vec<_> =
            with_class(&document, "side-to-move").iter().filter_map(|text| text.text()).collect();
        assert_eq!(status, [format!("{first} to move")], "{variant}");
    }
}

#[test]
fn squares_sit_where_the_standard_diagrams_put_them() {
    // English (WCDF): 1 = b8, 4 = h8, 29 = a1, 32 = g1 seen from White.
    let document_text = board_svg(&Position::start(Variant::English));
    let english = parse(&document_text);
    assert_eq!(cell_of_name(&english, "1"), (0, 1));
    assert_eq!(cell_of_name(&english, "4"), (0, 7));
    assert_eq!(cell_of_name(&english, "29"), (7, 0));
    assert_eq!(cell_of_name(&english, "32"), (7, 6));
    // Black's men on 1-12 at the top, White's on 21-32 at the bottom.
    for (color, _, square) in pieces(&english) {
        let number: u32 = square.parse().expect("a number");
        assert_eq!(color == "black", number <= 12, "{color} on {number}");
    }
    // International (FMJD): 1 = b10, 5 = j10, 46 = a1, 50 = i1.
    let document_text = board_svg(&Position::start(Variant::International));
    let international = parse(&document_text);
    assert_eq!(cell_of_name(&international, "1"), (0, 1));
    assert_eq!(cell_of_name(&international, "5"), (0, 9));
    assert_eq!(cell_of_name(&international, "46"), (9, 0));
    assert_eq!(cell_of_name(&international, "50"), (9, 8));
    // Spanish: played with a1 light; 1 = White's near-right corner h1, 32 = a8.
    let document_text = board_svg(&Position::start(Variant::Spanish));
    let spanish = parse(&document_text);
    assert_eq!(cell_of_name(&spanish, "1"), (7, 7));
    assert_eq!(cell_of_name(&spanish, "32"), (0, 0));
    let corner = spanish
        .descendants()
        .find(|node| {
            (has_class(node, "dark") || has_class(node, "light"))
                && cell_at(&spanish, number(node, "x") + 1.0, number(node, "y") + 1.0) == (7, 0)
        })
        .expect("the a1 square");
    assert!(has_class(&corner, "light"), "a1 is light in Spanish");
}

#[test]
fn turkish_is_one_wood_colour_with_grid_lines_where_the_others_are_chequered() {
    for variant in Variant::ALL {
        let svg = board_svg(&Position::start(variant));
        let document = parse(&svg);
        let squares: Vec<Node> = document
            .descendants()
            .filter(|node| has_class(node, "dark") || has_class(node, "light"))
            .collect();
        let fills: std::collections::BTreeSet<&str> =
            squares.iter().map(|square| square.attribute("fill").expect("a fill")).collect();
        let lined = squares.iter().filter(|square| square.attribute("stroke").is_some()).count();
        if variant == Variant::Turkish {
            // A Turkish dama board: no chequering, dark lines between light squares.
            assert_eq!(fills.into_iter().collect::<Vec<_>>(), ["#e3c58e"]);
            assert_eq!(lined, 64);
            assert!(squares.iter().all(|square| square.attribute("stroke") == Some("#5b3f24")));
        } else {
            assert_eq!(fills.len(), 2, "{variant} is chequered");
            assert_eq!(lined, 0, "{variant}");
        }
    }
}

#[test]
fn kings_carry_a_crown_and_pieces_stand_on_their_squares() {
    let position = Position::from_fen(Variant::English, "B:W18,K25:B9,K14").expect("a FEN");
    let svg = board_svg(&position);
    let document = parse(&svg);
    let mut found = pieces(&document);
    found.sort();
    let expected =
        [("black", "king", "14"), ("black", "man", "9"), ("white", "king", "25"), ("white", "man", "18")];
    let expected: Vec<(String, String, String)> =
        expected.iter().map(|(c, r, s)| (c.to_string(), r.to_string(), s.to_string())).collect();
    assert_eq!(found, expected);
    for piece in with_class(&document, "piece") {
        let crowns = piece.descendants().filter(|node| has_class(node, "crown")).count();
        assert_eq!(crowns, usize::from(has_class(&piece, "king")), "one crown on each king, none on men");
        let disc = piece.children().find(|node| node.tag_name().name() == "circle").expect("a disc");
        let square = piece.attribute("data-square").expect("a square");
        assert_eq!(
            cell_at(&document, number(&disc, "cx"), number(&disc, "cy")),
            cell_of_name(&document, square),
            "the piece on {square} is drawn on its square"
        );
    }
    let status: Vec<_> =
        with_class(&document, "side-to-move").iter().filter_map(|text| text.text()).collect();
    assert_eq!(status, ["black to move"]);
}

#[test]
fn algebraic_pieces_are_named_by_coordinates() {
    let position = Position::from_fen(Variant::Russian, "W:WKa1,c3:Bd6,Kh8").expect("a FEN");
    let document_text = board_svg(&position);
    let mut found = pieces(&parse(&document_text));
    found.sort();
    let squares: Vec<(&str, &str, &str)> =
        found.iter().map(|(c, r, s)| (c.as_str(), r.as_str(), s.as_str())).collect();
    assert_eq!(
        squares,
        [("black", "king", "h8"), ("black", "man", "d6"), ("white", "king", "a1"), ("white", "man", "c3")]
    );
}

fn ply(score: f64, judgement: Option<Judgement>, label: &str) -> ChartPly {
    ChartPly { score, judgement, label: label.to_string() }
}

#[test]
fn score_chart_draws_every_ply_clamped_with_its_markers() {
    let plies = [
        ply(0.2, None, "1. 11-15"),
        ply(0.1, None, "1... 23-19"),
        ply(-1.4, Some(Judgement::Mistake), "2. 8-11"),
        ply(-0.9, None, "2... 22-17"),
        ply(-99.5, Some(Judgement::Blunder), "3. 9-13 <&>"),
        ply(f64::NAN, None, "3... 17x10"),
        ply(7.0, None, "4. 6x15"),
    ];
    let svg = score_chart_svg(&plies, Color::Black, "Game 3: \"A\" <vs> B & C");
    let document = parse(&svg);
    let title = document.descendants().find(|node| node.tag_name().name() == "title").expect("a title");
    assert_eq!(title.text(), Some("Game 3: \"A\" <vs> B & C"));
    let line = with_class(&document, "score");
    assert_eq!(line.len(), 1);
    let points: Vec<(f64, f64)> = line[0]
        .attribute("points")
        .expect("points")
        .split_whitespace()
        .map(|point| {
            let (x, y) = point.split_once(',').expect("x,y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect();
    assert_eq!(points.len(), plies.len());
    assert!(points.windows(2).all(|pair| pair[0].0 < pair[1].0), "plies from left to right");
    // The grid lines mark whole men from +5 at the top to -5 at the bottom.
    let grid: Vec<f64> = with_class(&document, "grid").iter().map(|line| number(line, "y1")).collect();
    assert_eq!(grid.len(), 11);
    let (top, bottom) = (grid[grid.len() - 1].min(grid[0]), grid[grid.len() - 1].max(grid[0]));
    let zero = grid[5];
    let y_of = |score: f64| zero - score / 5.0 * (zero - top);
    for (point, expected) in points.iter().zip([0.2, 0.1, -1.4, -0.9, -5.0, 0.0, 5.0]) {
        assert!((point.1 - y_of(expected)).abs() < 0.2, "{point:?} for {expected}");
    }
    assert!((points[4].1 - bottom).abs() < 0.2);
    let mistakes = with_class(&document, "mistake");
    let blunders = with_class(&document, "blunder");
    assert_eq!(mistakes.len(), 1);
    assert_eq!(blunders.len(), 1);
    assert!((number(&mistakes[0], "cx") - points[2].0).abs() < 0.2);
    assert!((number(&blunders[0], "cx") - points[4].0).abs() < 0.2);
    let tooltip = blunders[0].children().find(|node| node.tag_name().name() == "title").expect("a tooltip");
    assert_eq!(tooltip.text(), Some("3. 9-13 <&> blunder"));
    let ahead: Vec<_> = with_class(&document, "ahead").iter().filter_map(|text| text.text()).collect();
    assert_eq!(ahead, ["black ahead", "white ahead"]);
    let numbers: Vec<_> =
        with_class(&document, "move-number").iter().filter_map(|text| text.text()).collect();
    assert_eq!(numbers, ["1", "2", "3", "4"]);
}

#[test]
fn score_chart_of_no_moves_and_of_a_long_game() {
    parse(&score_chart_svg(&[], Color::White, "empty"));
    let plies: Vec<ChartPly> = (0..301).map(|index| ply(f64::from(index % 7) - 3.0, None, "")).collect();
    let svg = score_chart_svg(&plies, Color::White, "long");
    let document = parse(&svg);
    let numbers: Vec<u32> = with_class(&document, "move-number")
        .iter()
        .filter_map(|text| text.text())
        .map(|text| text.parse().expect("a move number"))
        .collect();
    // 151 moves: numbered 1, then every 20th, few enough to read.
    assert_eq!(numbers, [1, 20, 40, 60, 80, 100, 120, 140]);
}

#[test]
fn board_command_writes_an_svg_after_the_moves() {
    let directory = std::env::temp_dir().join(format!("crownhead-svg-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    let path = directory.join("board.svg");
    let path_text = path.to_str().expect("a UTF-8 path");
    let output = common::crownhead(&[
        "board",
        "--variant",
        "international",
        "--moves",
        "32-28 19-23 28x19 14x23",
        "--svg",
        path_text,
    ]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let svg = std::fs::read_to_string(&path).expect("the file was written");
    let document = parse(&svg);
    let pieces = pieces(&document);
    assert_eq!(pieces.len(), 38);
    let squares: Vec<&str> = pieces.iter().map(|piece| piece.2.as_str()).collect();
    assert!(squares.contains(&"23") && squares.contains(&"18"));
    for empty in ["14", "19", "28", "32"] {
        assert!(!squares.contains(&empty), "{empty} is empty");
    }
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

#[test]
fn board_command_prints_text_without_svg_and_rejects_bad_input() {
    let output = common::crownhead(&["board", "--variant", "russian", "--fen", "W:WKa1,c3:Bd6,Kh8"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(!text.contains('\x1b'), "plain when stdout is not a terminal");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 10);
    assert!(lines[0].starts_with(" 8 ") && lines[0].ends_with(" B"), "{:?}", lines[0]);
    assert!(lines[7].starts_with(" 1  W "), "{:?}", lines[7]);
    assert_eq!(lines[8].split_whitespace().collect::<String>(), "abcdefgh");
    assert_eq!(lines[9], "white to move");
    for args in [
        &["board", "--fen", "W:W33:B1", "--svg", "never.svg"][..],
        &["board", "--moves", "11-16 9-13", "--svg", "never.svg"],
        &["board", "--svg", "/nonexistent-directory/x.svg"],
    ] {
        let output = common::crownhead(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: "), "{args:?}");
        assert!(!std::path::Path::new("never.svg").exists());
    }
}
