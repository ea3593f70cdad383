//! Square numbering, start positions, move text and FEN against the PDN 3.0 standard
//! (GameType notation field, FEN tag; RULES.md#notation, [S24]) and the output of
//! pydraughts 0.6.7.

use crownhead::rules::{Color, FenError, KingRun, MoveError, Position, Variant};

/// The square numbered `number`, by its algebraic name on the real board.
fn name_of(variant: Variant, number: u32) -> String {
    let rules = variant.rules();
    let square = rules.square_from_number(number).expect("a square of the board");
    assert_eq!(u32::from(rules.square_number(square)), number);
    rules.square_algebraic(square)
}

#[test]
fn numbering_follows_the_game_type() {
    // N1,0 English and pool: 1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1.
    for variant in [Variant::English, Variant::Pool, Variant::English25] {
        let names: Vec<String> = [1, 4, 5, 29, 32].iter().map(|&n| name_of(variant, n)).collect();
        assert_eq!(names, ["b8", "h8", "a7", "a1", "g1"], "{variant}");
    }
    // N2,1 Italian: 1 = a8, 32 = h1 (a light square at White's near left).
    let names: Vec<String> = [1, 32].iter().map(|&n| name_of(Variant::Italian, n)).collect();
    assert_eq!(names, ["a8", "h1"]);
    // N1,1 Spanish and Portuguese: 1 = h1, 4 = b1, 5 = g2, 32 = a8.
    for variant in [Variant::Spanish, Variant::SpanishShort, Variant::Portuguese] {
        let names: Vec<String> = [1, 4, 5, 32].iter().map(|&n| name_of(variant, n)).collect();
        assert_eq!(names, ["h1", "b1", "g2", "a8"], "{variant}");
    }
    // Algebraic rule sets number a1 = 1, c1 = 2, b2 = 5, h8 = 32 (Hub and pydraughts).
    for variant in [Variant::Russian, Variant::Brazilian, Variant::Czech, Variant::PlayOk] {
        let names: Vec<String> = [1, 2, 5, 32].iter().map(|&n| name_of(variant, n)).collect();
        assert_eq!(names, ["a1", "c1", "b2", "h8"], "{variant}");
    }
    // N2,0 International: 1 = b10, 5 = j10, 46 = a1, 50 = i1.
    let names: Vec<String> = [1, 5, 46, 50].iter().map(|&n| name_of(Variant::International, n)).collect();
    assert_eq!(names, ["b10", "j10", "a1", "i1"]);
}

#[test]
fn squares_outside_the_board_are_refused() {
    let english = Variant::English.rules();
    assert!(english.square_from_number(0).is_none());
    assert!(english.square_from_number(33).is_none());
    assert!(english.parse_square("a2").is_none(), "a2 is a light square");
    assert!(english.parse_square("i1").is_none());
    assert!(Variant::International.rules().square_from_number(51).is_none());
}

#[test]
fn start_positions_match_the_standard_fens() {
    let cases = [
        (Variant::English, "B:W21-32:B1-12"),
        (Variant::Pool, "B:W21-32:B1-12"),
        (Variant::Italian, "W:W21-32:B1-12"),
        (Variant::Spanish, "W:W1-12:B21-32"),
        (Variant::Portuguese, "W:W1-12:B21-32"),
        (Variant::Russian, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"),
        (Variant::International, "W:W31-50:B1-20"),
    ];
    for (variant, fen) in cases {
        assert_eq!(Position::from_fen(variant, fen), Ok(Position::start(variant)), "{variant}");
    }
}

fn start_moves(variant: Variant) -> Vec<String> {
    let start = Position::start(variant);
    let mut moves: Vec<String> = start.legal_moves().iter().map(|mv| start.move_to_text(mv)).collect();
    moves.sort();
    moves
}

#[test]
fn start_moves_match_pydraughts() {
    // pydraughts 0.6.7's moves from the start position.
    assert_eq!(start_moves(Variant::English), ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
    assert_eq!(
        start_moves(Variant::Italian),
        ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]
    );
    assert_eq!(
        start_moves(Variant::Russian),
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
}

#[test]
fn pydraughts_capture_notation() {
    // pydraughts 0.6.7's output: a Russian king forced to land on e5
    // (RULES.md#moves-and-captures), and a genuine ambiguity written with full paths
    // (RULES.md#notation).
    let king = Position::from_fen(Variant::Russian, "W:WKa1:Bc3,f4,d6,h8").unwrap();
    let mut moves: Vec<String> = king.legal_moves().iter().map(|mv| king.move_to_text(mv)).collect();
    moves.sort();
    assert_eq!(moves, ["a1xb8", "a1xc7", "a1xg3", "a1xh2"]);

    let ambiguous = Position::from_fen(Variant::Russian, "W:WKe1:Bf2,b6,e7,g5,f4,c3").unwrap();
    let moves: Vec<String> = ambiguous.legal_moves().iter().map(|mv| ambiguous.move_to_text(mv)).collect();
    assert!(moves.contains(&"e1xb4xf8".to_string()), "{moves:?}");
    assert!(moves.contains(&"e1xg3xd6xf8".to_string()), "{moves:?}");
    assert!(moves.contains(&"e1xa5xc7xg3xe1".to_string()), "{moves:?}");
}

#[test]
fn every_accepted_move_form_reads() {
    let russian = Position::from_fen(Variant::Russian, "W:WKa1:Bc3,f4,d6,h8").unwrap();
    let expected = russian.parse_move("a1xc7").unwrap();
    for text in ["a1:c7", "a1-c7", "A1xC7", "a1xe5xc7", "a1:e5:c7", " a1xc7 "] {
        assert_eq!(russian.parse_move(text), Ok(expected), "{text}");
    }
    // Hub form: squares as numbers (a1 = 1), captured pieces in any order.
    let hub = russian.move_to_hub(&expected);
    assert_eq!(hub, "1x26x10x22");
    assert_eq!(russian.parse_hub_move("1x26x22x10"), Ok(expected));

    let start = Position::start(Variant::Russian);
    assert_eq!(start.parse_move("c3d4"), start.parse_move("c3-d4"));
    let english = Position::start(Variant::English);
    assert_eq!(english.move_to_text(&english.parse_move("11-15").unwrap()), "11-15");
}

#[test]
fn full_paths_are_read_even_when_not_needed() {
    // English files write `25x18x9` for a double jump (CheckerBoard's tinsley.pdn).
    let position = Position::from_fen(Variant::English, "W:W25:B22,14").unwrap();
    let mv = position.parse_move("25x9").unwrap();
    assert_eq!(position.parse_move("25x18x9"), Ok(mv));
    assert_eq!(position.move_to_text(&mv), "25x9");
    assert_eq!(position.move_to_full_text(&mv), "25x18x9");
}

#[test]
fn bad_moves_get_clear_errors() {
    let start = Position::start(Variant::English);
    assert!(matches!(start.parse_move("11"), Err(MoveError::Syntax(_))));
    assert!(matches!(start.parse_move(""), Err(MoveError::Syntax(_))));
    assert!(matches!(start.parse_move("11--15"), Err(MoveError::Syntax(_))));
    assert!(matches!(start.parse_move("11-99"), Err(MoveError::BadSquare { .. })));
    assert!(matches!(start.parse_move("22-18"), Err(MoveError::Illegal(_))), "White does not move first");
    assert!(matches!(start.parse_move("11-16x12"), Err(MoveError::Illegal(_))));
    assert!(matches!(start.parse_hub_move("c3-d4"), Err(MoveError::Syntax(_))));
    let ambiguous = Position::from_fen(Variant::Russian, "W:WKe1:Bf2,b6,e7,g5,f4,c3").unwrap();
    let Err(MoveError::Ambiguous { candidates, .. }) = ambiguous.parse_move("e1xf8") else {
        panic!("e1xf8 is ambiguous");
    };
    assert_eq!(candidates.len(), 2);
}

#[test]
fn fen_forms_and_errors() {
    let variant = Variant::English;
    let position = Position::from_fen(variant, "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29").unwrap();
    assert_eq!(position.to_fen(), "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29");
    // Quotes, blanks, a trailing dot, piece lists in any order or missing.
    assert_eq!(Position::from_fen(variant, " \"B:B1-12:W21-32.\" "), Ok(Position::start(variant)));
    assert!(Position::from_fen(variant, "W:W21").unwrap().pieces(Color::Black).is_empty());
    assert_eq!(Position::from_fen(variant, ""), Err(FenError::Empty));
    assert!(matches!(Position::from_fen(variant, "X:W21:B1"), Err(FenError::BadTurn(_))));
    assert!(matches!(Position::from_fen(variant, "W:Q21:B1"), Err(FenError::BadSection(_))));
    assert!(matches!(Position::from_fen(variant, "W:W21:W22"), Err(FenError::RepeatedColor(_))));
    assert!(matches!(Position::from_fen(variant, "W:W33:B1"), Err(FenError::BadSquare(_))));
    assert!(matches!(Position::from_fen(variant, "W:W12-10:B1"), Err(FenError::BadRange(_))));
    assert!(matches!(Position::from_fen(variant, "W:W21:B21"), Err(FenError::Occupied(_))));
    assert!(matches!(Position::from_fen(variant, "W:W1:B21"), Err(FenError::ManOnCrowningRank { .. })));
    assert!(matches!(Position::from_fen(variant, "W:WK1,a:B21"), Err(FenError::BadSquare(_))));
    // lidraughts' counters are read and left; its runs of king moves only in Frisian.
    assert_eq!(Position::from_fen(variant, "B:W21-32:B1-12:H0:F1"), Ok(Position::start(variant)));
    assert!(matches!(Position::from_fen(variant, "W:W21:B1:H"), Err(FenError::BadSection(_))));
    assert!(matches!(Position::from_fen(variant, "W:WK10,21:B1:+0+310"), Err(FenError::BadSection(_))));
}

#[test]
fn frisian_fen_runs_of_king_moves() {
    // RULES.md#notation: Black's run, then White's; a count (0 to 3) and, when not 0, the
    // king's square in two digits.
    let variant = Variant::Frisian;
    let read = |fen: &str| Position::from_fen(variant, fen);
    let white_run = |fen: &str| read(fen).map(|position| position.king_run(Color::White));
    let three_on_5 = KingRun { count: 3, king: variant.rules().square_from_number(5) };
    assert_eq!(white_run("W:WK5,34:B45:+0+305"), Ok(three_on_5));
    assert_eq!(
        read("W:WK5,34:B45:+0+305").map(|position| position.to_fen()),
        Ok("W:WK5,34:B45:+0+305".into())
    );
    assert_eq!(read("W:WK5,34:B45:H4:F20:+0+305"), read("W:WK5,34:B45:+0+305"));
    // Runs that cannot act are dropped: no king there (lidraughts keeps a taken king's
    // square), no men left; a position without runs writes no field.
    assert_eq!(read("W:WK5,34:B45:+0+310"), read("W:WK5,34:B45"));
    assert_eq!(read("W:WK5:B45:+0+305"), read("W:WK5:B45"));
    assert_eq!(read("W:WK5,34:B45:+0+0").map(|position| position.to_fen()), Ok("W:WK5,34:B45".into()));
    for bad in ["+4+305", "+3+3", "+0+35", "+0", "+0+0+0", "+a+305", "+0+399"] {
        let fen = format!("W:WK5,34:B45:{bad}");
        assert!(matches!(read(&fen), Err(FenError::BadKingRuns(_))), "{fen}");
    }
}
