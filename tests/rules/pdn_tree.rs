//! PDN's move tree: variations `( ... )` nested and replayed from their own position,
//! comments before a line's first move and after any move, move strength glyphs as
//! suffixes and as NAGs. The PDN 3.0 standard's own variation file reads into the tree
//! its text shows; annotated games (tests/data/pdn/annotated/, see the README there)
//! and random trees of every rule set written and read back give the same tree; broken
//! variations and comments are refused with their line, and random edits of annotated
//! text never panic.

use crownhead::rules::{
    MAX_VARIATION_DEPTH, PdnError, PdnGame, PdnGlyph, PdnLine, PdnMove, PdnResult, Position, Variant,
    read_pdn,
};
use proptest::prelude::*;

const ANNOTATED: [(&str, Variant); 3] = [
    (include_str!("../data/pdn/annotated/english.pdn"), Variant::English),
    (include_str!("../data/pdn/annotated/international.pdn"), Variant::International),
    (include_str!("../data/pdn/annotated/russian.pdn"), Variant::Russian),
];

/// The one game of `text`, which must read.
fn read_one(text: &str, variant: Variant) -> PdnGame {
    let mut games = read_pdn(text, variant);
    assert_eq!(games.len(), 1, "{text}");
    games.remove(0).unwrap_or_else(|error| panic!("{error}\n{text}"))
}

/// A line's moves as its rule set writes them, played from `position`.
fn texts(position: Position, line: &[PdnMove]) -> Vec<String> {
    let moves: Vec<_> = line.iter().map(|pdn_move| pdn_move.mv).collect();
    position.line_to_text(&moves, Position::move_to_text)
}

/// The position after the first `plies` moves of `line` from `position`.
fn after(position: Position, line: &[PdnMove], plies: usize) -> Position {
    line[..plies].iter().fold(position, |position, pdn_move| position.play(&pdn_move.mv))
}

/// Writes `game` and reads it back: the same tree, comments, start and result, and
/// writing again gives the same text.
fn assert_round_trip(game: &PdnGame) {
    let text = game.to_pdn();
    let again = read_one(&text, Variant::Czech);
    assert_eq!(again.start, game.start, "{text}");
    assert_eq!(again.comment, game.comment, "{text}");
    assert_eq!(again.moves, game.moves, "{text}");
    assert_eq!(again.result, game.result, "{text}");
    assert_eq!(again.to_pdn(), text);
}

/// How many moves the tree below `line` holds, variations included, and how deep its
/// variations nest.
fn size_and_depth(line: &[PdnMove]) -> (usize, usize) {
    line.iter().fold((0, 0), |(size, depth), pdn_move| {
        pdn_move
            .variations
            .iter()
            .map(|variation| size_and_depth(&variation.moves))
            .fold((size + 1, depth), |(size, depth), (below, below_depth)| {
                (size + below, depth.max(below_depth + 1))
            })
    })
}

#[test]
fn the_standards_variation_file_reads_into_its_tree() {
    // `32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23`
    let game = read_one(include_str!("../data/pdn/edge/variation.pdn"), Variant::International);
    let start = game.start;
    assert_eq!(texts(start, &game.moves), ["32-28", "19-23", "28x19", "14x23"]);
    assert!(game.moves.iter().enumerate().all(|(ply, m)| (ply == 1) != m.variations.is_empty()));
    let [variation] = &game.moves[1].variations[..] else { panic!("one variation of 19-23") };
    let from = after(start, &game.moves, 1);
    assert_eq!(
        (variation.comment.as_deref(), texts(from, &variation.moves)),
        (None, vec!["18-23".to_string(), "38-32".to_string(), "12-18".to_string()])
    );
    let [nested] = &variation.moves[1].variations[..] else { panic!("one variation of 38-32") };
    assert_eq!(texts(after(from, &variation.moves, 1), &nested.moves), ["37-32", "23-29"]);
    assert_eq!(nested.moves[0].glyph, Some(PdnGlyph::Mistake));
    assert_eq!(
        (nested.moves[1].glyph, nested.moves[1].comment.as_deref()),
        (Some(PdnGlyph::Good), Some("Black wins"))
    );
    assert_round_trip(&game);
    let written = game.to_pdn();
    let moves = written.split("\n\n").nth(1).map(|moves| moves.split_whitespace().collect::<Vec<_>>());
    assert_eq!(
        moves.map(|words| words.join(" ")).as_deref(),
        Some("1. 32-28 19-23 (1... 18-23 2. 38-32 (2. 37-32? 23-29! {Black wins}) 12-18) 2. 28x19 14x23 *")
    );
}

#[test]
fn glyphs_in_every_form() {
    let forms = [
        ("11-15!", Some(PdnGlyph::Good)),
        ("11-15?", Some(PdnGlyph::Mistake)),
        ("11-15!!", Some(PdnGlyph::Brilliant)),
        ("11-15??", Some(PdnGlyph::Blunder)),
        ("11-15!?", Some(PdnGlyph::Interesting)),
        ("11-15?!", Some(PdnGlyph::Dubious)),
        ("11-15 $3", Some(PdnGlyph::Brilliant)),
        ("11-15 $6", Some(PdnGlyph::Dubious)),
        ("11-15(!?)", Some(PdnGlyph::Interesting)),
        ("11-15 (?)", Some(PdnGlyph::Mistake)),
        ("11-15 !", Some(PdnGlyph::Good)),
        ("11-15 {c} $4", Some(PdnGlyph::Blunder)),
        // The first glyph counts; NAGs that are no move strength are dropped.
        ("11-15! $2", Some(PdnGlyph::Good)),
        ("11-15 $14 $2", Some(PdnGlyph::Mistake)),
        ("11-15 $0 $7 $99999999999", None),
        ("11-15!!!", None),
        ("11-15", None),
    ];
    for (text, glyph) in forms {
        let game = read_one(&format!("1. {text} 23-19 *"), Variant::English);
        assert_eq!(texts(game.start, &game.moves), ["11-15", "23-19"], "{text}");
        assert_eq!((game.moves[0].glyph, game.moves[1].glyph), (glyph, None), "{text}");
        assert_round_trip(&game);
    }
    for glyph in PdnGlyph::ALL {
        assert_eq!(PdnGlyph::from_text(glyph.text()), Some(glyph));
        assert_eq!(PdnGlyph::from_nag(glyph.nag()), Some(glyph));
    }
    assert_eq!(PdnGlyph::ALL.map(PdnGlyph::nag), [1, 2, 3, 4, 5, 6]);
}

#[test]
fn comments_open_lines_and_follow_moves() {
    let text = "{opening} 1. 11-15 {main} (1. 9-13 {after 9-13} 22-18) {more main} \
                (1. 10-14 (1. {first in a nested line} 12-16)) 23-19 ({only a comment}) *";
    let game = read_one(text, Variant::English);
    assert_eq!(game.comment.as_deref(), Some("opening"));
    let first = &game.moves[0];
    assert_eq!(first.comment.as_deref(), Some("main more main"));
    assert_eq!(first.variations.len(), 2);
    assert_eq!(first.variations[0].moves[0].comment.as_deref(), Some("after 9-13"));
    let nested = &first.variations[1].moves[0].variations[0];
    assert_eq!(nested.comment.as_deref(), Some("first in a nested line"));
    assert_eq!(texts(game.start, &nested.moves), ["12-16"]);
    let comment_only = PdnLine { comment: Some("only a comment".to_string()), moves: Vec::new() };
    assert_eq!(game.moves[1].variations, [comment_only]);
    assert_round_trip(&game);
}

#[test]
fn a_result_in_a_variation_is_skipped() {
    let game = read_one("1. 11-15 (1. 9-13 0-1) 23-19 1-0", Variant::English);
    assert_eq!(texts(game.start, &game.moves[0].variations[0].moves), ["9-13"]);
    assert_eq!(game.result, PdnResult::Win(game.start.side_to_move()));
}

/// The errors of `text`'s games, and how many games read.
fn faults(text: &str) -> (Vec<PdnError>, usize) {
    let games = read_pdn(text, Variant::English);
    let read = games.iter().filter(|game| game.is_ok()).count();
    (games.into_iter().filter_map(Result::err).collect(), read)
}

#[test]
fn broken_variations_and_comments_are_located() {
    let next = "\n\n[Event \"next\"]\n1. 9-13 *\n";
    // (the moves, the line of the fault among them, the message)
    let cases = [
        ("1. 11-15 (1. 9-13\n23-19 *", 1, "the variation opened here is never closed"),
        ("1. 11-15\n(1. 9-13 22-17 (1... 22-18\n2. 11-16) *", 2, "the variation opened here is never closed"),
        ("1. 11-15 23-19\n) 2. 8-11 *", 2, "')' closes no variation"),
        (
            "1. 11-15 (1. 9-13) 23-19 ((2. 8-11) *",
            1,
            "'(' opens a variation before any move it could replace",
        ),
        ("(1. 11-15) 23-19 *", 1, "'(' opens a variation before any move it could replace"),
        ("1. 11-15 23-19\n{never closed\n2. 8-11 *", 2, "'{' starts a comment that is never closed"),
        ("1. 11-15 23-19 } *", 1, "'}' outside a comment"),
    ];
    for (moves, line, message) in cases {
        let (errors, read) = faults(&format!("[Event \"bad\"]\n{moves}{next}"));
        let expected = PdnError { game: 1, line: line + 1, message: message.to_string() };
        assert_eq!((errors, read), (vec![expected], 1), "{moves}");
    }
    // An illegal move in a variation: replayed from the variation's own position (11-15
    // is not Black's move again after 1. 11-15 23-19), named with the variation's line.
    let (errors, read) = faults(&format!("[Event \"bad\"]\n1. 11-15 23-19\n(1... 22-18\n2. 11-15) *{next}"));
    assert_eq!(errors.len(), 1);
    assert_eq!((errors[0].game, errors[0].line), (1, 4));
    assert!(errors[0].message.ends_with(", in the variation opened on line 3"), "{}", errors[0].message);
    assert_eq!(read, 1);
}

#[test]
fn variations_nest_up_to_the_limit() {
    let nested = |depth: usize| format!("1. 11-15 {}{} *", "(1. 11-15 ".repeat(depth), ")".repeat(depth));
    let game = read_one(&nested(MAX_VARIATION_DEPTH), Variant::English);
    assert_eq!(size_and_depth(&game.moves), (MAX_VARIATION_DEPTH + 1, MAX_VARIATION_DEPTH));
    assert_round_trip(&game);
    let (errors, _) = faults(&nested(MAX_VARIATION_DEPTH + 1));
    assert_eq!(errors[0].message, format!("variations nest deeper than {MAX_VARIATION_DEPTH} levels"));
    // A file of a million brackets is refused, not a stack overflow.
    let (errors, _) = faults(&nested(1_000_000));
    assert_eq!(errors.len(), 1);
}

#[test]
fn annotated_games_round_trip() {
    for (text, variant) in ANNOTATED {
        let games: Vec<PdnGame> =
            read_pdn(text, variant).into_iter().map(|game| game.expect("an annotated game reads")).collect();
        assert!(games.len() >= 2, "{variant}");
        for game in &games {
            assert_eq!(game.start.variant(), variant);
            let (size, depth) = size_and_depth(&game.moves);
            assert!(size > game.moves.len() && depth >= 2, "{variant}: {size} moves, depth {depth}");
            assert_round_trip(game);
        }
    }
}

/// A random comment: words of characters that PDN's syntax uses elsewhere (never `}`,
/// which a comment cannot hold).
fn comment() -> impl Strategy<Value = Option<String>> {
    let word = proptest::string::string_regex("[a-z0-9(){\\[\\]$!?%.\"x-]{1,6}").expect("a regex");
    proptest::option::of(proptest::collection::vec(word, 0..4).prop_map(|words| words.join(" ")))
}

/// The choices that build a random tree: for each move a pick among the legal moves, a
/// glyph, a comment, and how many variations it gets.
#[derive(Clone, Debug)]
struct Choice {
    pick: usize,
    glyph: Option<PdnGlyph>,
    comment: Option<String>,
    variations: usize,
}

fn choice() -> impl Strategy<Value = Choice> {
    let glyph = proptest::option::of(proptest::sample::select(PdnGlyph::ALL.to_vec()));
    (any::<usize>(), glyph, comment(), prop_oneof![6 => Just(0usize), 2 => Just(1), 1 => Just(2)])
        .prop_map(|(pick, glyph, comment, variations)| Choice { pick, glyph, comment, variations })
}

/// A line from `position` made from `choices` (used up as they are taken), of at most
/// `length` moves, with variations nested at most `depth` deep.
fn line(
    position: Position,
    choices: &mut std::slice::Iter<Choice>,
    comment: Option<String>,
    length: usize,
    depth: usize,
) -> PdnLine {
    let mut line = PdnLine { comment, moves: Vec::new() };
    let mut position = position;
    for _ in 0..length {
        let legal = position.legal_moves();
        let Some(choice) = choices.next().filter(|_| !legal.is_empty()) else { break };
        let mut pdn_move = PdnMove::new(legal[choice.pick % legal.len()]);
        pdn_move.glyph = choice.glyph;
        pdn_move.comment = choice.comment.clone();
        let variations = if depth > 0 { choice.variations } else { 0 };
        for _ in 0..variations {
            let opening = choices.next().and_then(|choice| choice.comment.clone());
            pdn_move.variations.push(self::line(position, choices, opening, length / 2, depth - 1));
        }
        position = position.play(&pdn_move.mv);
        line.moves.push(pdn_move);
    }
    line
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random trees from random positions of every rule set (numeric and algebraic
    /// notations, either side to move first) read back as written.
    #[test]
    fn random_trees_round_trip(
        variant in proptest::sample::select(Variant::ALL.to_vec()),
        opening in proptest::collection::vec(any::<usize>(), 0..12),
        choices in proptest::collection::vec(choice(), 0..60),
        comment in comment(),
        result in proptest::sample::select(vec![PdnResult::Unfinished, PdnResult::Draw, PdnResult::BothLose]),
    ) {
        let mut start = Position::start(variant);
        for pick in opening {
            let legal = start.legal_moves();
            if legal.is_empty() {
                break;
            }
            start = start.play(&legal[pick % legal.len()]);
        }
        let main = line(start, &mut choices.iter(), comment, 24, 3);
        let game = PdnGame { comment: main.comment, moves: main.moves, result, ..PdnGame::new(start) };
        assert_round_trip(&game);
    }

    /// Annotated text with random edits (brackets, braces, glyphs, NAGs and digits put in,
    /// bytes taken out) reads into games or errors, never a panic, and what reads
    /// writes and reads back the same.
    #[test]
    fn edited_annotated_text_reads_or_is_refused(
        file in 0..ANNOTATED.len(),
        edits in proptest::collection::vec((any::<usize>(), proptest::sample::select(b"(){}$!?12-x. \n[]\"%".to_vec()), any::<bool>()), 1..12),
    ) {
        let (text, variant) = ANNOTATED[file];
        let mut bytes = text.as_bytes().to_vec();
        for (at, byte, insert) in edits {
            let at = at % bytes.len().max(1);
            if insert { bytes.insert(at, byte) } else if !bytes.is_empty() { bytes.remove(at); }
        }
        let text = String::from_utf8_lossy(&bytes);
        for game in read_pdn(&text, variant).into_iter().flatten() {
            assert_round_trip(&game);
        }
    }
}
