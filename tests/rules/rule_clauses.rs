//! One test per rule clause, each on a hand-built position, for the rule sets pydraughts
//! does not know (pool, spanish, spanish-short, portuguese, czech, playok, english-25) and
//! for the subtle clauses of the others (english, italian, russian, brazilian,
//! international).
//!
//! Every expected move list and result was worked out by hand from the rule texts as
//! RULES.md gives them (the clauses with their sources, the square numbering, and what
//! crownhead decided where the texts are silent), never copied from the engine. Each
//! test cites the clause it checks by its section (`RULES.md#pool`) and sources' tags.
//!
//! Diagrams show the real board from White's side: `w`/`W` a white man/king, `b`/`B` a
//! black man/king, `.` an empty playing square. White's men move up the board. Squares
//! are given as the rule set writes them, with the algebraic name alongside:
//! english/pool 1 = b8 ... 29 = a1; italian 1 = a8 ... 32 = h1; spanish/portuguese
//! 1 = h1 ... 32 = a8; international 1 = b10 ... 46 = a1 ... 50 = i1.

use crownhead::rules::{
    Color, FenError, Game, GameResult, Move, MoveError, Outcome, Position, Reason, Variant,
};

pub(crate) fn position(variant: Variant, fen: &str) -> Position {
    Position::from_fen(variant, fen).unwrap_or_else(|error| panic!("{variant} {fen}: {error}"))
}

/// The legal moves of `fen` as the engine writes them, sorted.
pub(crate) fn moves(variant: Variant, fen: &str) -> Vec<String> {
    let position = position(variant, fen);
    let mut moves: Vec<String> = position.legal_moves().iter().map(|mv| position.move_to_text(mv)).collect();
    moves.sort();
    moves
}

/// Asserts that the legal moves of `fen` are exactly `expected`, in any order.
pub(crate) fn assert_moves(variant: Variant, fen: &str, expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(|text| text.to_string()).collect();
    expected.sort();
    assert_eq!(moves(variant, fen), expected, "{variant} {fen}");
}

/// Asserts that `text` is the only legal move of `fen`; returns the position and the move.
fn only_move(variant: Variant, fen: &str, text: &str) -> (Position, Move) {
    assert_moves(variant, fen, &[text]);
    let position = position(variant, fen);
    (position, position.legal_moves()[0])
}

/// Plays `plies` from `fen` and returns the first ply after which the game is over (0 if
/// it is over at the start), with the result; `None` if it is still going after them all.
pub(crate) fn first_result(variant: Variant, fen: &str, plies: &[String]) -> Option<(usize, GameResult)> {
    let mut game = Game::new(position(variant, fen));
    if let Some(result) = game.result() {
        return Some((0, result));
    }
    for (ply, text) in plies.iter().enumerate() {
        game.play_text(text).unwrap_or_else(|error| panic!("{variant} ply {}: {error}", ply + 1));
        if let Some(result) = game.result() {
            return Some((ply + 1, result));
        }
    }
    None
}

pub(crate) fn draw(reason: Reason) -> GameResult {
    GameResult { outcome: Outcome::Draw, reason }
}

/// The quiet moves of one piece along `squares`: `a-b`, `b-c`, ...
fn walk(squares: &[&str]) -> Vec<String> {
    squares.windows(2).map(|pair| format!("{}-{}", pair[0], pair[1])).collect()
}

/// `count` quiet moves of one piece round the closed circuit `squares` (from the last
/// square back to the first, and on).
fn circuit(squares: &[&str], count: usize) -> Vec<String> {
    let next = squares.iter().cycle().skip(1);
    squares.iter().cycle().zip(next).take(count).map(|(from, to)| format!("{from}-{to}")).collect()
}

/// The moves of two sides taken in turn, `first` moving first.
fn alternate(first: &[String], second: &[String]) -> Vec<String> {
    first.iter().zip(second).flat_map(|(a, b)| [a.clone(), b.clone()]).collect()
}

// ---------------------------------------------------------------------------------------
// Pool
// ---------------------------------------------------------------------------------------

#[test]
fn pool_men_capture_backward() {
    // RULES.md#pool: "Men capture backward" [S16][S17].
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   .   .   .
    //  6   .   .   .   .
    //  5 .   .   .   .
    //  4   .   w   .   .
    //  3 .   b   .   .
    //  2   .   .   .   .
    //  1 .   .   .   .
    // White man 18 (d4) takes the black man 22 (c3) backward, landing on 25 (b2). The
    // capture is compulsory, so it is the only move. An English man may not capture
    // backward: it just moves forward to 14 (c5) or 15 (e5).
    assert_moves(Variant::Pool, "W:W18:B22", &["18x25"]);
    assert_moves(Variant::English, "W:W18:B22", &["18-14", "18-15"]);
}

#[test]
fn pool_flying_king_lands_on_any_square_beyond() {
    // RULES.md#pool: "kings fly and land on any empty square beyond" [S16][S17].
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   .   .   .
    //  6   .   .   b   .
    //  5 .   .   .   .
    //  4   .   W   .   .
    //  3 .   b   .   .
    //  2   .   .   .   .
    //  1 .   .   .   .
    // King 18 (d4) takes 22 (c3) landing on 25 (b2) or 29 (a1), or takes 11 (f6) at a
    // distance (across the empty e5) landing on 8 (g7) or 4 (h8). No landing square
    // offers a second capture, so all four are legal (free choice).
    assert_moves(Variant::Pool, "W:WK18:B11,22", &["18x25", "18x29", "18x8", "18x4"]);
}

#[test]
fn pool_man_crossing_the_king_row_mid_capture_continues_as_a_man() {
    // RULES.md#pool: "A man that reaches the far rank during a capture and can jump on goes
    // on as a man, and is crowned only if the move ends there" [S16][S18] (decided).
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   b   b   .
    //  6   w   .   .   .
    //  5 .   .   .   .
    //  4   .   .   .   .
    //  3 .   .   .   .
    //  2   .   .   .   b
    //  1 .   .   .   .
    // Man 9 (b6) takes 6 (c7) and lands on the king row at 2 (d8). As a man it can jump
    // on, backward over 7 (e7) to 11 (f6), so it must; it ends off the king row and stays
    // a man. (A king on d8 could also have landed on g5 or h4.)
    let (position, mv) = only_move(Variant::Pool, "W:W9:B6,7,28", "9x11");
    assert!(!mv.crowns());
    assert_eq!(position.move_to_full_text(&mv), "9x2x11");
    assert_eq!(position.parse_move("9x2x11"), Ok(mv));
    assert_eq!(position.play(&mv).to_fen(), "B:W11:B28");
}

#[test]
fn pool_man_ending_on_the_king_row_is_crowned() {
    // RULES.md#pool: "crowned only if the move ends there" [S16][S18].
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   b   .   .
    //  6   w   .   .   .
    //  5 .   .   .   .
    //  4   .   .   .   .
    //  3 .   .   .   .
    //  2   .   .   .   b
    //  1 .   .   .   .
    // Man 9 (b6) takes 6 (c7) and lands on 2 (d8); nothing more to take: it is crowned.
    let (position, mv) = only_move(Variant::Pool, "W:W9:B6,28", "9x2");
    assert!(mv.crowns());
    assert_eq!(position.play(&mv).to_fen(), "B:WK2:B28");
}

#[test]
fn pool_free_choice_of_capture() {
    // RULES.md#pool: "any capture may be chosen, a shorter one over a longer" [S16][S17].
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   .   .   .
    //  6   .   .   b   .
    //  5 .   .   .   .
    //  4   b   b   .   .
    //  3 .   w   .   .
    //  2   .   .   .   .
    //  1 .   .   .   .
    // Man 22 (c3) takes 17 (b4) to 13 (a5), one piece, or 18 (d4) to 15 (e5) and then
    // 11 (f6) to 8 (g7), two pieces. Both are legal.
    assert_moves(Variant::Pool, "W:W22:B11,17,18", &["22x13", "22x8"]);
}

#[test]
fn pool_three_kings_against_one_draw_after_13_moves() {
    // RULES.md#draws, pool: "3 kings against 1: 13 moves" [S17]. 13 moves each = 26 plies.
    //    a b c d e f g h
    //  8   W   .   .   B
    //  7 W   .   .   .
    //  6   .   .   .   .
    //  5 .   .   .   .
    //  4   .   .   .   .
    //  3 .   .   .   .
    //  2   .   .   .   .
    //  1 .   W   .   .
    // The black king goes 4 (h8) - 8 (g7) and back. Neither h8 nor g7 shares a diagonal
    // with any square the white kings use (the long diagonal and f8-g7-h6 stay empty),
    // so nobody can capture. The kings on 1 (b8) and 5 (a7) stay; the third walks from
    // 30 (c1) over squares it never revisits, so no position repeats:
    // c1 d2 e1 f2 g1 h2 g3 h4 g5 f4 e3 (to c5 across d4) d6 e7.
    let white = walk(&["30", "26", "31", "27", "32", "28", "24", "20", "16", "19", "23", "14", "10", "7"]);
    let black = circuit(&["4", "8"], 13);
    let plies = alternate(&white, &black);
    assert_eq!(plies.len(), 26);
    assert_eq!(first_result(Variant::Pool, "W:WK1,K5,K30:BK4", &plies), Some((26, draw(Reason::LoneKing))));
}

#[test]
fn flying_king_must_land_where_it_can_continue() {
    // RULES.md#moves-and-captures: "a flying king that can go on capturing must land on a
    // square from which it can" [S15][S7]. Checked in rule sets with free choice (pool,
    // playok), where no majority rule would force it, and in Spanish.
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   .   b   .
    //  6   .   .   .   .
    //  5 .   .   .   .
    //  4   .   b   .   .
    //  3 .   .   .   .
    //  2   .   .   .   .
    //  1 W   .   .   .
    // King a1 takes d4 and may land on e5, f6, g7 or h8; only from f6 can it go on (over
    // e7 to d8), so it must land on f6 and the only move ends on d8.
    // Pool numbering: a1 = 29, d4 = 18, e7 = 7, d8 = 2.
    assert_moves(Variant::Pool, "W:WK29:B7,18", &["29x2"]);
    assert_moves(Variant::PlayOk, "W:WKa1:Bd4,e7", &["a1xd8"]);
    // Spanish board (light squares, 1 = h1):
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   b   .   .
    //  6 .   .   .   .
    //  5   .   .   .   .
    //  4 .   .   b   .
    //  3   .   .   .   .
    //  2 .   .   .   .
    //  1   .   .   .   W
    // King 1 (h1) takes 14 (e4), may land on 19 (d5), 23 (c6), 28 (b7) or 32 (a8); only
    // from c6 can it take 27 (d7), landing on 30 (e8).
    assert_moves(Variant::Spanish, "W:WK1:B14,27", &["1x30"]);
}

// ---------------------------------------------------------------------------------------
// Spanish, spanish-short, portuguese (1 = h1, numbered right to left from White's side)
// ---------------------------------------------------------------------------------------

#[test]
fn spanish_men_never_capture_backward() {
    // RULES.md#moves-and-captures: spanish and portuguese men capture backward "no".
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   .   .   .
    //  6 .   .   .   .
    //  5   .   w   .   .
    //  4 .   b   .   .
    //  3   .   .   .   .
    //  2 .   .   .   .
    //  1   .   .   .   .
    // Man 19 (d5) has the black man 15 (c4) behind it with 12 (b3) empty, but may not
    // take backward: it moves forward to 23 (c6) or 22 (e6).
    for variant in [Variant::Spanish, Variant::SpanishShort, Variant::Portuguese] {
        assert_moves(variant, "W:W19:B15", &["19-22", "19-23"]);
    }
}

#[test]
fn spanish_flying_king_captures_at_a_distance() {
    // RULES.md#moves-and-captures: spanish kings are flying, "landing on any empty square beyond".
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   .   .   .
    //  6 .   .   .   .
    //  5   .   .   .   .
    //  4 .   .   b   .
    //  3   .   .   .   .
    //  2 .   .   .   .
    //  1   .   .   .   W
    // King 1 (h1) takes 14 (e4) across 5 (g2) and 10 (f3), landing on 19 (d5), 23 (c6),
    // 28 (b7) or 32 (a8).
    assert_moves(Variant::Spanish, "W:WK1:B14", &["1x19", "1x23", "1x28", "1x32"]);
}

#[test]
fn spanish_most_pieces_before_most_kings() {
    // RULES.md#spanish: the law of quantity, then the law of quality [S7][S8], which only
    // chooses among the sequences that take the most.
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   .   .   .
    //  6 .   .   .   b
    //  5   .   .   .   .
    //  4 .   B   b   .
    //  3   .   w   .   .
    //  2 .   .   .   .
    //  1   .   .   .   .
    // Man 11 (d3) can take the king 15 (c4), landing on 20 (b5) with nothing more, or the
    // men 14 (e4) and 21 (g6), landing on 18 (f5) then 25 (h7). Two men beat one king.
    for variant in [Variant::Spanish, Variant::SpanishShort, Variant::Portuguese] {
        assert_moves(variant, "W:W11:B14,21,K15", &["11x25"]);
    }
}

#[test]
fn spanish_quality_law_most_kings() {
    // RULES.md#spanish: the law of quality, among the captures that take the most pieces
    // "one that takes the most kings" ("dama antes que peón") [S7][S8]; the same in
    // RULES.md#portuguese [S9].
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   .   .   .
    //  6 .   b   .   b
    //  5   .   .   .   .
    //  4 .   b   B   .
    //  3   .   w   .   .
    //  2 .   .   .   .
    //  1   .   .   .   .
    // Man 11 (d3) takes two either way: the men 15 (c4) and 23 (c6), ending on 27 (d7),
    // or the king 14 (e4) and the man 21 (g6), ending on 25 (h7). Only the second takes
    // a king.
    for variant in [Variant::Spanish, Variant::SpanishShort, Variant::Portuguese] {
        assert_moves(variant, "W:W11:B15,21,23,K14", &["11x25"]);
    }
    // With free choice both are legal: pool, on the same board mirrored onto the dark
    // squares (man 23 e3; men 19 f4, 11 f6, 9 b6; king 18 d4), ending on 7 (e7) or 5 (a7).
    // Its men may also capture backward, but nothing lies behind them on the way.
    assert_moves(Variant::Pool, "W:W23:B9,11,19,K18", &["23x5", "23x7"]);
}

#[test]
fn spanish_promotion_ends_the_move() {
    // RULES.md#moves-and-captures: spanish and portuguese, a man reaching the far rank
    // mid-capture is "crowned, move ends".
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   b   b   .   .
    //  6 .   .   w   .
    //  5   .   .   .   .
    //  4 .   .   .   .
    //  3   .   .   .   .
    //  2 .   .   .   .
    //  1   .   .   .   .
    // Man 22 (e6) takes 27 (d7) and lands on the king row at 31 (c8). A king on c8 could
    // take 28 (b7) and land on a6, but the move ends with the crowning.
    for variant in [Variant::Spanish, Variant::Portuguese] {
        let (_, mv) = only_move(variant, "W:W22:B27,28", "22x31");
        assert!(mv.crowns(), "{variant}");
    }
}

#[test]
fn spanish_short_kings_move_one_square() {
    // RULES.md#spanish-short: "kings move and capture one square at a time".
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   .   .   .
    //  6 b   .   .   .
    //  5   .   .   .   .
    //  4 .   .   W   .
    //  3   .   .   .   .
    //  2 .   .   .   .
    //  1   .   .   .   .
    // King 14 (e4) steps to 19 (d5), 18 (f5), 11 (d3) or 10 (f3). A flying Spanish king
    // has 13 moves: 7 along a8-h1 and 6 along b1-h7.
    assert_moves(Variant::SpanishShort, "W:WK14:B24", &["14-10", "14-11", "14-18", "14-19"]);
    assert_eq!(moves(Variant::Spanish, "W:WK14:B24").len(), 13);
}

#[test]
fn spanish_short_kings_capture_one_square() {
    // RULES.md#spanish-short: kings capture one square at a time, "like English kings".
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   .   .   .
    //  6 .   .   .   .
    //  5   .   .   .   .
    //  4 .   .   .   .
    //  3   .   .   .   .
    //  2 .   .   .   b
    //  1   .   .   .   W
    // King 1 (h1) takes 5 (g2) and lands right behind it on 10 (f3); a flying king may
    // land anywhere on to a8.
    assert_moves(Variant::SpanishShort, "W:WK1:B5", &["1x10"]);
    assert_moves(Variant::Spanish, "W:WK1:B5", &["1x10", "1x14", "1x19", "1x23", "1x28", "1x32"]);
    // A piece two or more squares away cannot be taken (board as in
    // spanish_flying_king_captures_at_a_distance): the king just steps to 5 (g2).
    assert_moves(Variant::SpanishShort, "W:WK1:B14", &["1-5"]);
}

#[test]
fn spanish_short_capture_laws_as_spanish() {
    // RULES.md#spanish-short: "the capture laws (quantity, then quality) are unchanged".
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   .   .   .
    //  6 .   b   .   b
    //  5   .   .   .   .
    //  4 .   b   B   .
    //  3   .   W   .   .
    //  2 .   .   .   .
    //  1   .   .   .   .
    // King 11 (d3) takes 15 (c4) and 23 (c6) ending on 27 (d7), or the king 14 (e4) and
    // 21 (g6) ending on 25 (h7). Nothing behind it (c2, e2) to take; from d7, b5, f5 and
    // h7 nothing else. Both take two; the second takes a king.
    assert_moves(Variant::SpanishShort, "W:WK11:B15,21,23,K14", &["11x25"]);
}

#[test]
fn portuguese_most_kings_whatever_the_capturing_piece() {
    // RULES.md#portuguese: the laws of quantity and quality, "whatever the capturing
    // piece" [S9].
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   .   .   W
    //  6 .   .   .   b
    //  5   .   .   .   .
    //  4 .   B   .   .
    //  3   .   w   .   .
    //  2 .   .   .   .
    //  1   .   .   .   .
    // The king 25 (h7) takes the man 21 (g6), landing on 18 (f5) or 14 (e4) (the own
    // man on d3 stops it); the man 11 (d3) takes the king 15 (c4), landing on 20 (b5).
    // One piece each; the man's capture takes a king, so only it is legal.
    for variant in [Variant::Portuguese, Variant::Spanish] {
        assert_moves(variant, "W:W11,K25:B21,K15", &["11x20"]);
    }
}

#[test]
fn portuguese_no_priority_for_the_capturing_piece() {
    // RULES.md#portuguese: "whatever the capturing piece", so "unlike Italian a king need
    // not capture rather than a man".
    // Board as in portuguese_most_kings_whatever_the_capturing_piece, with a man on c4:
    // the three one-man captures are all legal.
    for variant in [Variant::Portuguese, Variant::Spanish] {
        assert_moves(variant, "W:W11,K25:B15,21", &["11x20", "25x14", "25x18"]);
    }
}

// ---------------------------------------------------------------------------------------
// Czech
// ---------------------------------------------------------------------------------------

#[test]
fn czech_a_king_must_capture_if_any_king_can() {
    // RULES.md#czech: "If any king can capture, a king must capture" [S19][S20]; which
    // king, and along which sequence, is free (decided).
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   .   .   .
    //  6   .   b   .   .
    //  5 .   .   .   .
    //  4   b   .   .   .
    //  3 w   .   .   .
    //  2   .   .   .   W
    //  1 .   .   .   .
    // The man a3 takes b4 and d6 (a3xc5xe7, two pieces); the king h2 takes d6 at a
    // distance, landing on c7 or b8 (one piece, nothing more from there). A king can
    // capture, so only the king's captures are legal, though the man's is longer.
    assert_moves(Variant::Czech, "W:WKh2,a3:Bb4,d6", &["h2xb8", "h2xc7"]);
    // Russian (free choice) allows all three.
    assert_moves(Variant::Russian, "W:WKh2,a3:Bb4,d6", &["a3xe7", "h2xb8", "h2xc7"]);
}

#[test]
fn czech_free_choice_when_no_king_can_capture() {
    // RULES.md#czech: "otherwise any capture may be chosen, with no majority rule".
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   .   .   .
    //  6   .   .   b   .
    //  5 .   .   .   .
    //  4   b   b   .   .
    //  3 .   w   .   .
    //  2   .   .   .   .
    //  1 .   .   .   .
    // Man c3 takes b4 (to a5), or d4 and f6 (to e5, then g7). Both are legal in Czech;
    // Brazilian (max pieces) keeps only the longer.
    assert_moves(Variant::Czech, "W:Wc3:Bb4,d4,f6", &["c3xa5", "c3xg7"]);
    assert_moves(Variant::Brazilian, "W:Wc3:Bb4,d4,f6", &["c3xg7"]);
}

#[test]
fn czech_men_capture_forward_only() {
    // RULES.md#moves-and-captures: czech men capture backward "no".
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   .   .   .
    //  6   .   .   .   .
    //  5 .   .   .   .
    //  4   .   w   .   .
    //  3 .   b   .   .
    //  2   .   .   .   .
    //  1 .   .   .   .
    // Man d4 may not take c3 backward; it moves to c5 or e5.
    assert_moves(Variant::Czech, "W:Wd4:Bc3", &["d4-c5", "d4-e5"]);
}

// ---------------------------------------------------------------------------------------
// PlayOK
// ---------------------------------------------------------------------------------------

#[test]
fn playok_men_capture_backward() {
    // RULES.md#playok: "men capture backward" [S21]. Board as in
    // czech_men_capture_forward_only: man d4 takes c3 backward, landing on b2.
    assert_moves(Variant::PlayOk, "W:Wd4:Bc3", &["d4xb2"]);
}

#[test]
fn playok_flying_kings() {
    // RULES.md#playok: "kings fly" [S21].
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   .   .   .
    //  6   .   .   .   .
    //  5 .   .   .   .
    //  4   .   b   .   .
    //  3 .   .   .   .
    //  2   .   .   .   .
    //  1 W   .   .   .
    // King a1 takes d4 across b2 and c3 and lands on e5, f6, g7 or h8.
    assert_moves(Variant::PlayOk, "W:WKa1:Bd4", &["a1xe5", "a1xf6", "a1xg7", "a1xh8"]);
}

#[test]
fn playok_free_choice_of_capture() {
    // RULES.md#playok: "any capture may be chosen" [S21]. Board as in
    // czech_free_choice_when_no_king_can_capture; the man could also take backward, but
    // nothing is behind it (b2, d2 empty; from a5, e5, g7 the pieces behind are taken).
    assert_moves(Variant::PlayOk, "W:Wc3:Bb4,d4,f6", &["c3xa5", "c3xg7"]);
}

#[test]
fn playok_promotion_ends_the_move() {
    // RULES.md#playok: "a crowning, by a move or a capture, ends the move" [S21].
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   b   b   .
    //  6   w   .   .   .
    //  5 .   .   .   .
    //  4   .   .   .   .
    //  3 .   .   .   .
    //  2   .   .   .   .
    //  1 .   .   .   .
    // Man b6 takes c7 and lands on d8, where it is crowned and stops, although a king on
    // d8 could take e7 (and a man could too, backward).
    let (_, mv) = only_move(Variant::PlayOk, "W:Wb6:Bc7,e7", "b6xd8");
    assert!(mv.crowns());
}

#[test]
fn playok_30_move_rule_ignores_man_moves_and_repetition() {
    // RULES.md#playok: "A draw after 30 moves without a capture or a crowning; no
    // repetition rule" [S21], 30 moves by each side (decided); RULES.md#draws: the count
    // starts again "on a capture and on a crowning only".
    //    a b c d e f g h
    //  8   B   .   .   .
    //  7 .   .   .   .
    //  6   .   .   .   b
    //  5 .   .   .   .
    //  4   .   .   .   .
    //  3 w   .   .   .
    //  2   .   .   .   .
    //  1 .   .   .   W
    // Both sides first move a man (a3-b4, h6-g5), then the kings shuffle g1-h2 and
    // b8-a7. The white king only sees the black king at the far end of a diagonal
    // (g1..a7, h2..b8) with nothing beyond, and the reverse, so no capture ever arises;
    // no man touches an enemy piece. The man moves do not reset the count, so the 60th
    // ply draws; positions repeat every 4 plies long before, which is no draw here.
    let mut plies = vec!["a3-b4".to_string(), "h6-g5".to_string()];
    plies.extend(alternate(&circuit(&["g1", "h2"], 29), &circuit(&["b8", "a7"], 29)));
    assert_eq!(plies.len(), 60);
    assert_eq!(
        first_result(Variant::PlayOk, "W:WKg1,a3:BKb8,h6", &plies),
        Some((60, draw(Reason::MoveLimit)))
    );
}

// ---------------------------------------------------------------------------------------
// English and english-25
// ---------------------------------------------------------------------------------------

/// A white man move, then 80 plies of kings going round two circuits whose combined
/// period (24 moves each) is too long for any position to occur a third time.
///
/// ```text
///    a b c d e f g h
///  8   .   .   .   .
///  7 .   .   .   .
///  6   .   .   .   .
///  5 .   .   .   .
///  4   B   .   .   .
///  3 .   .   .   .
///  2   .   .   .   .
///  1 w   .   W   .
/// ```
///
/// FEN `W:W29,K31:BK17`. White plays 29-25 (a1-b2). Then Black's king goes round
/// b4 c5 d6 e7 d8 c7 b6 a5 (8 moves) and White's king round e1 f2 g3 f4 e3 d2 (6 moves).
/// No square of one circuit touches a square of the other or the man on b2, so nothing
/// can ever be captured.
fn man_move_then_king_circuits() -> Vec<String> {
    let black = circuit(&["17", "14", "10", "7", "2", "6", "9", "13"], 40);
    let white = circuit(&["31", "27", "24", "19", "23", "26"], 40);
    let mut plies = vec!["29-25".to_string()];
    plies.extend(alternate(&black, &white));
    plies
}

#[test]
fn english_40_move_rule_reset_by_a_man_move() {
    // RULES.md#draws, english: "40 moves without a man move or capture (WCDF)" [S1].
    // 80 plies; a man move starts again.
    // The man move on ply 1 resets the count, so the draw comes on ply 81, not 80.
    let plies = man_move_then_king_circuits();
    assert_eq!(plies.len(), 81);
    assert_eq!(first_result(Variant::English, "W:W29,K31:BK17", &plies), Some((81, draw(Reason::MoveLimit))));
}

#[test]
fn english_25_move_rule_ignores_man_moves() {
    // RULES.md#english-25: "25 moves without a capture or a crowning (a man move does not
    // start the count again)" [S4]. 50 plies.
    // Same game as english_40_move_rule_reset_by_a_man_move: the man move on ply 1 does
    // not reset, so the 50th ply draws.
    let plies = man_move_then_king_circuits();
    assert_eq!(
        first_result(Variant::English25, "W:W29,K31:BK17", &plies),
        Some((50, draw(Reason::MoveLimit)))
    );
}

#[test]
fn english_threefold_repetition_draws() {
    // RULES.md#draws, english and english-25: "3rd occurrence" [S1][S4]; "Repetition
    // counts a position with the same side to move".
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   .   .   .
    //  6   .   .   .   .
    //  5 .   .   .   .
    //  4   B   .   .   .
    //  3 .   .   .   .
    //  2   .   .   .   .
    //  1 .   .   W   .
    // The kings shuffle 31-27-31 (e1-f2) and 17-14-17 (b4-c5): the start position comes
    // back after 4 and 8 plies; the 8th ply makes its third occurrence.
    let plies = alternate(&circuit(&["31", "27"], 4), &circuit(&["17", "14"], 4));
    for variant in [Variant::English, Variant::English25] {
        assert_eq!(first_result(variant, "W:WK31:BK17", &plies), Some((8, draw(Reason::Repetition))));
    }
}

#[test]
fn english_crowning_by_capture_ends_the_move() {
    // RULES.md#english: "A man that reaches the king row by a capture is crowned and the
    // move ends" [S2][S3].
    // Board as in pool_man_crossing_the_king_row_mid_capture_continues_as_a_man: man 9
    // (b6) takes 6 (c7) and is crowned on 2 (d8); the move ends there, though the new
    // king could take 7 (e7).
    let (_, mv) = only_move(Variant::English, "W:W9:B6,7,28", "9x2");
    assert!(mv.crowns());
}

#[test]
fn english_king_captures_backward_one_square() {
    // RULES.md#moves-and-captures: English kings are short, capturing "by jumping to the
    // square right behind the piece it takes".
    // Board as in pool_flying_king_lands_on_any_square_beyond: king 18 (d4) takes 22 (c3)
    // backward, landing right behind on 25 (b2). It cannot reach 11 (f6) across e5.
    assert_moves(Variant::English, "W:WK18:B11,22", &["18x25"]);
}

#[test]
fn english_no_legal_move_loses() {
    // RULES.md#moves-and-captures: "A side with no legal move, or no piece, loses."
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   .   .   .
    //  6   .   .   .   .
    //  5 .   .   .   .
    //  4   .   .   .   .
    //  3 .   b   .   .
    //  2   b   .   .   .
    //  1 w   .   .   .
    // The man 29 (a1) can only go to 25 (b2), which is taken, and cannot jump it (22, c3,
    // is taken too): White is blocked and loses. A side with no piece loses as well.
    let lost = Some((0, GameResult { outcome: Outcome::Win(Color::Black), reason: Reason::NoMoves }));
    assert_eq!(first_result(Variant::English, "W:W29:B22,25", &[]), lost);
    assert_eq!(first_result(Variant::English, "W:W:B22", &[]), lost);
}

#[test]
fn english_king_loop_taken_either_way_is_one_move() {
    // RULES.md#duplicate-captures: "an English king going round a loop either way" is one
    // move (decided).
    //    a b c d e f g h
    //  8   .   .   .   .
    //  7 .   .   .   .
    //  6   .   b   b   .
    //  5 .   .   .   .
    //  4   .   b   b   .
    //  3 .   .   W   .
    //  2   .   .   .   .
    //  1 .   .   .   .
    // King 23 (e3) takes 18 (d4), 10 (d6), 11 (f6), 19 (f4) via c5, e7, g5 and back to
    // e3, or the same four the other way round via g5, e7, c5. Stopping early is not
    // allowed (each landing square has a further capture), so there is one move.
    let (_, mv) = only_move(Variant::English, "W:WK23:B10,11,18,19", "23x23");
    assert_eq!(mv.captured().count(), 4);
}

// ---------------------------------------------------------------------------------------
// Italian (1 = a8, left to right from the top; a light square at White's near left)
// ---------------------------------------------------------------------------------------

#[test]
fn italian_men_do_not_capture_kings() {
    // RULES.md#italian: "Men never capture kings" [S5].
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   .   .   .
    //  6 .   .   .   .
    //  5   .   .   .   .
    //  4 .   B   .   .
    //  3   .   w   .   .
    //  2 .   .   .   .
    //  1   .   .   .   .
    // Man 22 (d3) faces the king 18 (c4) with 13 (b5) empty but may not take it; its only
    // move is 22-19 (d3-e4).
    assert_moves(Variant::Italian, "W:W22:BK18", &["22-19"]);
}

#[test]
fn italian_capture_with_a_king_rather_than_a_man() {
    // RULES.md#italian, the second priority: "one made with a king rather than a man"
    // [S5][S6].
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   .   .   .
    //  6 .   .   .   .
    //  5   .   .   .   .
    //  4 .   .   b   .
    //  3   b   w   .   .
    //  2 W   .   .   .
    //  1   .   .   .   .
    // The man 22 (d3) can take 19 (e4) landing on 15 (f5); the king 25 (a2) can take 21
    // (b3) landing on 18 (c4). One piece each: the king must capture.
    assert_moves(Variant::Italian, "W:W22,K25:B19,21", &["25x18"]);
}

#[test]
fn italian_most_kings() {
    // RULES.md#italian, the third priority: "one taking the most kings" [S5][S6].
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   .   .   .
    //  6 .   b   .   b
    //  5   .   .   .   .
    //  4 .   b   B   .
    //  3   .   W   .   .
    //  2 .   .   .   .
    //  1   .   .   .   .
    // King 22 (d3) takes 18 (c4) and 10 (c6), ending on 6 (d7), or the king 19 (e4) and
    // 12 (g6), ending on 8 (h7). Two pieces by a king either way; the second takes a king.
    assert_moves(Variant::Italian, "W:WK22:B10,12,18,K19", &["22x8"]);
}

#[test]
fn italian_king_met_earliest() {
    // RULES.md#italian, the fourth priority: "one that meets a king earliest" [S5][S6].
    //    a b c d e f g h
    //  8 .   .   .   .
    //  7   .   .   .   .
    //  6 .   b   .   B
    //  5   .   .   .   .
    //  4 .   B   b   .
    //  3   .   W   .   .
    //  2 .   .   .   .
    //  1   .   .   .   .
    // King 22 (d3) takes the king 18 (c4) then the man 10 (c6), ending on 6 (d7); or the
    // man 19 (e4) then the king 12 (g6), ending on 8 (h7). Same count, same capturing
    // piece, one king each: the sequence that meets its king first wins.
    assert_moves(Variant::Italian, "W:WK22:B10,19,K12,K18", &["22x6"]);
}

// ---------------------------------------------------------------------------------------
// Russian and Brazilian
// ---------------------------------------------------------------------------------------

#[test]
fn russian_man_crowned_mid_capture_continues_as_a_king() {
    // RULES.md#russian: the man "becomes a king at once and goes on capturing as a flying
    // king" [S11][S12].
    // Board as in playok_promotion_ends_the_move: man b6 takes c7, is crowned on d8 and
    // goes on as a flying king over e7, landing on f6, g5 or h4.
    for text in ["b6xf6", "b6xg5", "b6xh4"] {
        let position = position(Variant::Russian, "W:Wb6:Bc7,e7");
        let mv = position.parse_move(text).unwrap_or_else(|error| panic!("{error}"));
        assert!(mv.crowns(), "{text}");
    }
    assert_moves(Variant::Russian, "W:Wb6:Bc7,e7", &["b6xf6", "b6xg5", "b6xh4"]);
}

#[test]
fn brazilian_man_crossing_the_king_row_continues_as_a_man() {
    // RULES.md#brazilian: the man "is not crowned and goes on as a man" [S15].
    // Same board: man b6 takes c7 to d8, then e7 as a man to f6, where it ends uncrowned.
    let (_, mv) = only_move(Variant::Brazilian, "W:Wb6:Bc7,e7", "b6xf6");
    assert!(!mv.crowns());
}

#[test]
fn russian_three_kings_against_one_draw_after_15_moves() {
    // RULES.md#draws, russian: "3 kings against 1: 15 moves" [S14]. 30 plies.
    //    a b c d e f g h
    //  8   W   .   .   B
    //  7 W   .   .   .
    //  6   .   .   .   .
    //  5 .   .   .   .
    //  4   .   .   .   .
    //  3 .   .   .   .
    //  2   .   .   .   .
    //  1 .   W   .   .
    // The pool game of pool_three_kings_against_one_draw_after_13_moves, two moves
    // longer: the walking king goes on e7-d8-c7, still off the black king's diagonals and
    // never back on a square it left.
    let white = walk(&[
        "c1", "d2", "e1", "f2", "g1", "h2", "g3", "h4", "g5", "f4", "e3", "c5", "d6", "e7", "d8", "c7",
    ]);
    let black = circuit(&["h8", "g7"], 15);
    let plies = alternate(&white, &black);
    assert_eq!(plies.len(), 30);
    let (ply, result) = first_result(Variant::Russian, "W:WKa7,Kb8,Kc1:BKh8", &plies).expect("a draw");
    assert_eq!((ply, result.outcome), (30, Outcome::Draw));
    // With kings only, the 15-move kings-only rule runs out on the same ply; either
    // reason is right.
    assert!(matches!(result.reason, Reason::LoneKing | Reason::MoveLimit), "{result:?}");
}

#[test]
fn russian_flying_king_stops_on_one_line_are_one_move() {
    // RULES.md#duplicate-captures: "two sequences that start and end on the same squares
    // and capture the same pieces" are one move (decided).
    //    a b c d e f g h
    //  8   .   .   .   W
    //  7 .   b   .   .
    //  6   .   .   b   .
    //  5 .   .   .   .
    //  4   .   .   .   .
    //  3 .   .   .   .
    //  2   b   b   .   .
    //  1 .   .   .   .
    // King h8 takes f6 and may stop on e5, d4 or c3, from each of which it can take b2
    // (landing on a1): one move h8xa1, not three. From e5 it can instead take c7 (to b8),
    // from c3 d2 (to e1). Three moves.
    assert_moves(Variant::Russian, "W:WKh8:Bf6,d2,c7,b2", &["h8xa1", "h8xb8", "h8xe1"]);
}

// ---------------------------------------------------------------------------------------
// International (10x10, 1 = b10, 46 = a1)
// ---------------------------------------------------------------------------------------

#[test]
fn international_man_crossing_the_king_row_is_not_crowned() {
    // RULES.md#international: "a man that reaches the far rank during a capture is not
    // crowned and goes on as a man" [S23], as in Brazilian.
    //    a b c d e f g h i j
    // 10   .   .   .   .   .
    //  9 .   .   b   b   .
    //  8   .   w   .   .   .
    //  7 .   .   .   .   .
    //  6   .   .   .   .   .
    //  5 .   .   .   .   .
    //  4   .   .   .   .   .
    //  3 .   .   .   .   .
    //  2   .   .   .   .   .
    //  1 .   .   .   .   .
    // Man 12 (d8) takes 8 (e9) to 3 (f10) on the king row, then 9 (g9) backward as a man
    // to 14 (h8), and stays a man. (A king on f10 could also land on 20 i7 or 25 j6.)
    let (_, mv) = only_move(Variant::International, "W:W12:B8,9", "12x14");
    assert!(!mv.crowns());
}

#[test]
fn international_captured_pieces_block_until_the_move_ends() {
    // RULES.md#moves-and-captures: "captured pieces stay on the board until the move ends,
    // so they block" the king's path (the Turkish strike).
    //    a b c d e f g h i j
    // 10   .   .   .   .   .
    //  9 .   .   .   .   .
    //  8   .   .   .   .   .
    //  7 .   .   .   .   .
    //  6   .   b   b   .   .
    //  5 .   .   .   .   .
    //  4   .   .   .   .   .
    //  3 .   .   b   .   .
    //  2   .   .   b   .   .
    //  1 .   .   W   .   .
    // King 48 (e1) takes 43 (f2), and must stop on g3 or h4 (the squares that go on):
    // - from g3 it takes 22 (d6) along g3-a9, ending on c7, b8 or a9: two pieces;
    // - from h4 it takes 23 (f6), must stop on e7, takes 22 (d6) and lands on 27 (c5),
    //   31 (b4) or 36 (a3): three pieces. From c5 the man 38 (e3) lies ahead on c5-g1,
    //   but f2 behind it still holds the captured man, so it cannot be taken.
    // Majority: the three-piece endings. (Removing f2 at once would allow a fourth
    // capture, e3, ending on f2 or g1.)
    assert_moves(Variant::International, "W:WK48:B22,23,38,43", &["48x27", "48x31", "48x36"]);
}

#[test]
fn international_piece_is_not_jumped_twice() {
    // RULES.md#moves-and-captures: captured pieces "cannot be jumped twice".
    //    a b c d e f g h i j
    // 10   .   .   .   .   .
    //  9 .   .   .   .   .
    //  8   .   .   .   .   .
    //  7 .   .   .   .   .
    //  6   .   .   .   .   .
    //  5 .   .   .   b   .
    //  4   .   b   .   .   .
    //  3 .   .   .   b   .
    //  2   W   .   .   .   .
    //  1 .   .   .   .   .
    // King 41 (b2) takes 32 (d4). From e5 it can go on over 39 (g3) to h2/i1 (two
    // pieces); from f6 over 29 (g5), must stop on h4, then over 39 (g3) to 43 (f2) or
    // 48 (e1) (three pieces). On f2 it faces d4 again along f2-a7 with c5 empty, but d4
    // was already taken: the move ends. Majority: f2 or e1.
    assert_moves(Variant::International, "W:WK41:B29,32,39", &["41x43", "41x48"]);
}

#[test]
fn international_25_king_moves_draw() {
    // RULES.md#draws, international: "25 moves of kings only" [S22][S23], the count
    // starting again on a capture and on a man move. 50 plies.
    //    a b c d e f g h i j
    // 10   .   .   .   .   B
    //  9 .   .   .   .   .
    //  8   .   .   .   .   .
    //  7 b   .   .   .   .
    //  6   .   .   .   .   .
    //  5 .   .   .   .   .
    //  4   .   .   .   .   .
    //  3 w   .   .   .   .
    //  2   .   .   .   .   .
    //  1 .   W   .   .   .
    // Each side keeps a man on the edge (a3, a7), where nothing can take it. The black
    // king shuffles 5-10 (j10-i9): its diagonals are the long one and h10-j8, which
    // White never enters. The white king walks c1 d2 e1 f2 g1 h2 i1 j2 i3 j4 i5 j6 i7 h6
    // (13 moves) and back; a position seen on the way out is seen once more on the way
    // back, never a third time.
    let path = ["47", "42", "48", "43", "49", "44", "50", "45", "40", "35", "30", "25", "20", "24"];
    let there_and_back: Vec<&str> = path.iter().chain(path.iter().rev().skip(1)).copied().collect();
    let mut white = walk(&there_and_back);
    white.truncate(25);
    let plies = alternate(&white, &circuit(&["5", "10"], 25));
    assert_eq!(plies.len(), 50);
    assert_eq!(
        first_result(Variant::International, "W:W36,K47:B16,K5", &plies),
        Some((50, draw(Reason::MoveLimit)))
    );
}

#[test]
fn international_lone_king_against_three_pieces_16_moves() {
    // RULES.md#draws, international: "3 pieces with a king against 1 king: 16 moves"
    // [S22][S23]. 32 plies; man moves do not change the material, so they do not restart
    // this count.
    //    a b c d e f g h i j
    // 10   .   .   .   .   B
    //  9 .   .   .   .   .
    //  8   .   .   .   .   .
    //  7 .   .   .   .   .
    //  6   .   .   .   .   .
    //  5 w   .   .   .   .
    //  4   .   .   .   .   .
    //  3 .   .   .   .   .
    //  2   .   .   .   .   .
    //  1 .   .   W   W   .
    // White plays the man 26-21 (a5-b6), then walks the king from g1: h2 i1 j2 i3 j4 i5
    // j6 i7 h6 g5 h4 g3 f2 e3 d2, never back on a square; the king on e1 stays. The black
    // king shuffles j10-i9, whose diagonals White never enters.
    let mut white = vec!["26-21".to_string()];
    white.extend(walk(&[
        "49", "44", "50", "45", "40", "35", "30", "25", "20", "24", "29", "34", "39", "43", "38", "42",
    ]));
    let plies = alternate(&white, &circuit(&["5", "10"], 16));
    assert_eq!(plies.len(), 32);
    assert_eq!(
        first_result(Variant::International, "W:W26,K48,K49:BK5", &plies),
        Some((32, draw(Reason::LoneKing)))
    );
}

#[test]
fn international_lone_king_against_two_pieces_5_moves() {
    // RULES.md#draws, international: "2 or fewer against 1 king: 5 moves" [S22][S23].
    // 10 plies. The board of international_lone_king_against_three_pieces_16_moves
    // without the man: the king walks g1 h2 i1 j2 i3 j4.
    let white = walk(&["49", "44", "50", "45", "40", "35"]);
    let plies = alternate(&white, &circuit(&["5", "10"], 5));
    assert_eq!(
        first_result(Variant::International, "W:WK48,K49:BK5", &plies),
        Some((10, draw(Reason::LoneKing)))
    );
}

// ---------------------------------------------------------------------------------------
// FEN and notation errors
// ---------------------------------------------------------------------------------------

#[test]
fn fen_errors() {
    // RULES.md#notation: the FEN (PDN 3.0 tag [S24]), squares numbered as the rule set does.
    let man_on = |color, square: &str| FenError::ManOnCrowningRank { color, square: square.to_string() };
    let cases = [
        // English: White crowns on 1-4 (rank 8), Black on 29-32 (rank 1).
        (Variant::English, "B:W1:B12", man_on(Color::White, "1")),
        (Variant::English, "B:W21:B30", man_on(Color::Black, "30")),
        // Spanish: White crowns on 29-32 (rank 8), Black on 1-4 (rank 1).
        (Variant::Spanish, "W:W30:B24", man_on(Color::White, "30")),
        (Variant::Spanish, "W:W5:B2", man_on(Color::Black, "2")),
        // Italian: White crowns on 1-4.
        (Variant::Italian, "W:W4:B9", man_on(Color::White, "4")),
        // Russian: rank 8.
        (Variant::Russian, "W:Wb8:Bc7", man_on(Color::White, "b8")),
        // Squares off the board.
        (Variant::English, "B:W33:B5", FenError::BadSquare("33".into())),
        (Variant::English, "B:W0:B5", FenError::BadSquare("0".into())),
        (Variant::International, "W:W51:B5", FenError::BadSquare("51".into())),
        (Variant::Russian, "W:Wa2:Bb6", FenError::BadSquare("a2".into())),
        (Variant::Czech, "W:Wi1:Bb6", FenError::BadSquare("i1".into())),
        // Two pieces on one square.
        (Variant::Pool, "B:W21,22:B22", FenError::Occupied("22".into())),
        (Variant::PlayOk, "W:Wc3,c3:Bb6", FenError::Occupied("c3".into())),
        // Side to move.
        (Variant::English, "X:W21:B5", FenError::BadTurn("X".into())),
        (Variant::English, "WB:W21:B5", FenError::BadTurn("WB".into())),
        // A range backwards.
        (Variant::English, "B:W30-25:B5", FenError::BadRange("30-25".into())),
    ];
    for (variant, fen, error) in cases {
        assert_eq!(Position::from_fen(variant, fen), Err(error), "{variant} {fen}");
    }
}

#[test]
fn notation_errors() {
    // RULES.md#notation: moves as read. Board as in pool_men_capture_backward: a capture is
    // compulsory, so the quiet move is illegal.
    let position = position(Variant::Pool, "W:W18:B22");
    assert_eq!(position.parse_move("18-14"), Err(MoveError::Illegal("18-14".into())));
    assert_eq!(
        position.parse_move("18x33"),
        Err(MoveError::BadSquare { text: "18x33".into(), square: "33".into() })
    );
    assert_eq!(position.parse_move("18"), Err(MoveError::Syntax("18".into())));
    assert!(position.parse_move("18x25").is_ok());
    assert!(position.parse_move("18:25").is_ok());
}

#[test]
fn killer_king_stops_right_behind_a_king_it_takes_last() {
    // RULES.md#killer [S30]. White's king on 46 (a1) and one black piece on 28 (e5) on
    // the long diagonal 46-5: past it lie 23, 19, 14, 10, 5.
    //   A king taken last: the capture ends on 23, right behind it.
    assert_moves(Variant::Killer, "W:WK46:BK28", &["46x23"]);
    assert_moves(Variant::International, "W:WK46:BK28", &["46x23", "46x19", "46x14", "46x10", "46x5"]);
    //   A man: as in International.
    assert_moves(Variant::Killer, "W:WK46:B28", &["46x23", "46x19", "46x14", "46x10", "46x5"]);
    // A man on 37 (b4) and a king on 19 (f6), both on the long diagonal: the king takes
    // both and may stop on 14, 10 or 5 in International; the king taken last sends it to 14.
    assert_moves(Variant::International, "W:WK46:B37,K19", &["46x14", "46x10", "46x5"]);
    assert_moves(Variant::Killer, "W:WK46:B37,K19", &["46x14"]);
    //   A king first and a man last: free again.
    assert_moves(Variant::Killer, "W:WK46:BK37,19", &["46x14", "46x10", "46x5"]);
}

#[test]
fn antidraughts_is_won_by_the_side_that_cannot_move() {
    // RULES.md#antidraughts [S27][S28]. White's man on 46 (a1) is blocked by Black's men
    // on 41 (b2) and 37 (c3): it can neither step to 41 nor take it. White cannot move.
    let fen = "W:W46:B41,37";
    let won = |variant| first_result(variant, fen, &[]).map(|(_, result)| result.outcome);
    assert_eq!(won(Variant::International), Some(Outcome::Win(Color::Black)));
    assert_eq!(won(Variant::Antidraughts), Some(Outcome::Win(Color::White)));
    // White's man on 47 (c1) steps to 41 (b2), Black's on 36 (a3) must take it: White
    // has nothing left and wins.
    let plies = ["47-41".to_string(), "36x47".to_string()];
    let (ply, result) = first_result(Variant::Antidraughts, "W:W47:B36", &plies).expect("over");
    assert_eq!((ply, result.outcome, result.reason), (2, Outcome::Win(Color::White), Reason::NoMoves));
    // No lone-king rule: a king each, White's going round 46-41-37 (a1 to c3) and Black's
    // between 1 and 6 (b10, a9), on no common line. International draws after 5 moves
    // (lone kings); antidraughts plays on until a position occurs a third time.
    let kings = alternate(&circuit(&["46", "41", "37"], 20), &circuit(&["1", "6"], 20));
    let (ply, result) = first_result(Variant::International, "W:WK46:BK1", &kings).expect("drawn");
    assert_eq!((ply, result), (10, draw(Reason::LoneKing)));
    let (ply, result) = first_result(Variant::Antidraughts, "W:WK46:BK1", &kings).expect("drawn");
    assert_eq!((ply, result), (24, draw(Reason::Repetition)));
}

#[test]
fn breakthrough_is_won_by_the_first_crowning() {
    // RULES.md#breakthrough [S27][S29]. White's man on 6 crowns on 1: White wins there,
    // although Black has more men; International plays on.
    let fen = "W:W6:B36,37,38";
    let (ply, result) = first_result(Variant::Breakthrough, fen, &["6-1".into()]).expect("over");
    assert_eq!((ply, result.outcome, result.reason), (1, Outcome::Win(Color::White), Reason::Crowned));
    assert_eq!(first_result(Variant::International, fen, &["6-1".into()]), None);
    // The position after the crowning has no moves; one with kings of both sides cannot
    // arise, and is refused.
    assert_moves(Variant::Breakthrough, "B:WK1:B36,37,38", &[]);
    assert_eq!(Position::from_fen(Variant::Breakthrough, "B:WK1:BK50"), Err(FenError::BothCrowned));
    assert!(Position::from_fen(Variant::International, "B:WK1:BK50").is_ok());
    // A man passing the far rank mid-capture goes on as a man and has not crowned: White's
    // man on 11 takes 7 (landing on 2, the far rank) and 8 (landing on 13).
    assert_moves(Variant::Breakthrough, "W:W11:B7,8,40", &["11x13"]);
    assert_eq!(first_result(Variant::Breakthrough, "W:W11:B7,8,40", &["11x13".into()]), None);
}

// ---------------------------------------------------------------------------------------
// Frisian and Frysk! (1 = b10 ... 5 = j10 on the far rank; along a rank the next square is
// one number on, along a file ten: 23, 33, 43 are one above another)
// ---------------------------------------------------------------------------------------

#[test]
fn frisian_pieces_capture_along_ranks_and_files() {
    // RULES.md#frisian [S31]. A man takes along its rank (32 over 33 to 34), forward along
    // its file (33 over 23 to 13) and backward (23 over 33 to 43); International has no
    // such captures, so its men step instead.
    assert_moves(Variant::Frisian, "W:W32:B33", &["32x34"]);
    assert_moves(Variant::Frisian, "W:W33:B23", &["33x13"]);
    assert_moves(Variant::Frisian, "W:W23:B33", &["23x43"]);
    assert_moves(Variant::International, "W:W32:B33", &["32-27", "32-28"]);
    // A king takes along a rank from a distance and lands on any empty square beyond.
    assert_moves(Variant::Frisian, "W:WK21:B23", &["21x24", "21x25"]);
}

#[test]
fn frisian_capture_of_greatest_value_then_by_a_king() {
    // RULES.md#frisian [S31][S27]: a man counts 100 and a king 199, more than a man and
    // less than two; at equal value a king must capture.
    //   The man on 33 takes the king on 28 rather than the man on 29.
    assert_moves(Variant::Frisian, "W:W33:BK28", &["33x22"]);
    assert_moves(Variant::Frisian, "W:W33,44:BK28,39,29", &["33x22"]);
    //   One man either way (33 over 28, the king on 50 over 44): the king takes.
    assert_moves(Variant::Frisian, "W:W33,K50:B28,44", &["50x39"]);
    //   The man takes a king (199), the king only a man (100).
    assert_moves(Variant::Frisian, "W:W33,K50:BK28,44", &["33x22"]);
    //   The king takes the man on 40 and the king on 28 (299), landing anywhere past 28.
    assert_moves(
        Variant::Frisian,
        "W:W33,K50:BK28,40",
        &["50x26", "50x27", "50x32", "50x37", "50x41", "50x46"],
    );
    //   Two kings (398) outweigh three men (300): the man on 46 takes the kings on 36 and
    //   16 up its file, not the man on 50 the men on 40, 20 (up its file) and 9 (along 10's
    //   rank).
    assert_moves(Variant::Frisian, "W:W46,50:BK36,K16,40,20,9", &["46x6"]);
    assert_moves(Variant::International, "W:W46,50:BK36,K16,40,20,9", &["46-41", "50-44", "50-45"]);
}

/// A game from `fen` after `plies`.
fn game_after(variant: Variant, fen: &str, plies: &str) -> Game {
    let mut game = Game::new(position(variant, fen));
    for text in plies.split_whitespace() {
        game.play_text(text).unwrap_or_else(|error| panic!("{variant} {text}: {error}"));
    }
    game
}

/// The legal moves of the game now, as the engine writes them, sorted.
fn game_moves(game: &Game) -> Vec<String> {
    let position = game.position();
    let mut moves: Vec<String> = position.legal_moves().iter().map(|mv| position.move_to_text(mv)).collect();
    moves.sort();
    moves
}

#[test]
fn frisian_king_makes_at_most_three_quiet_moves_in_a_row() {
    // RULES.md#frisian [S31] art. 17. White's king goes 50-44-39-33 while White's man on
    // 46 is still on the board: the king is then stuck, the man must move.
    let fen = "W:WK50,46:BK1";
    let game = game_after(Variant::Frisian, fen, "50-44 1-7 44-39 7-1 39-33 1-7");
    assert_eq!(game_moves(&game), ["46-41"]);
    // The position carries the count, as lidraughts writes it: Black's run first, then
    // White's, three moves by the king now on 33; read back, it is the same position.
    let fen_after = game.position().to_fen();
    assert_eq!(fen_after, "W:WK33,46:BK7:+0+333");
    assert_eq!(position(Variant::Frisian, &fen_after), *game.position());
    // Once the man has moved the king is free again.
    let game = game_after(Variant::Frisian, fen, "50-44 1-7 44-39 7-1 39-33 1-7 46-41 7-1");
    assert!(game_moves(&game).contains(&"33-28".to_string()));
    // Another king's move starts a new run: 39-33 is then the first of its own.
    let game = game_after(Variant::Frisian, "W:WK50,K45,46:BK3", "50-44 3-8 44-39 8-3 45-40 3-8 39-33 8-3");
    assert!(game_moves(&game).contains(&"33-28".to_string()));
    assert!(game_moves(&game).contains(&"40-34".to_string()));
    assert_eq!(game.position().to_fen(), "W:WK33,K40,46:BK3:+0+133");
    // A stuck king may still capture; without men there is no limit; other rule sets
    // have no count at all. (The king on 5 has nine squares down its diagonal; the man two.)
    assert_moves(Variant::Frisian, "W:WK5,33:B23:+0+305", &["5x28", "5x32", "5x37", "5x41", "5x46"]);
    assert_moves(Variant::Frisian, "W:WK5,34:B45:+0+305", &["34-29", "34-30"]);
    assert_eq!(moves(Variant::Frisian, "W:WK5,34:B45").len(), 11);
    assert!(matches!(
        Position::from_fen(Variant::International, "W:WK5,34:B45:+0+305"),
        Err(FenError::BadSection(_))
    ));
    let kings_only = game_after(Variant::Frisian, "W:WK50:BK1", "50-44 1-7 44-39 7-1 39-33 1-7");
    assert_eq!(game_moves(&kings_only).len(), 15);
    assert_eq!(kings_only.position().to_fen(), "W:WK33:BK7");
}

#[test]
fn frisian_pydraughts_game_ends_with_a_stuck_king() {
    // pydraughts' own Frisian test game (test_pydraughts/test_variants.py): at its end
    // White's king has made three quiet moves (26-48, 48-37, 37-19) and White still has
    // its man on 27, so only the man may move.
    let moves = "32-27 19-23 27-21 17x26 31-27 26x28 33x24 20x29 39x17 12x21 34-30 21-26 30-25 13-18 38-32 \
                 8-12 40-34 12-17 34-30 7-12 43-38 14-20 25x14 9x40 45x34 17-21 34-30 18-22 30-25 12-17 \
                 32x12 17x8 38-33 21-27 37x17 11x22 33-29 22-27 29-24 2-7 42-37 16-21 36x16 6x26 37x17 \
                 21x12 41-36 1-6 36x16 6x26 46-41 12-17 41-37 17-22 37-32 22x42 48x37 8-12 50-45 3-9 44-39 \
                 10-14 24-20 15x24 25x23 14-20 49-44 12-17 44-40 17-22 23x21 26x17 39-34 17-21 37-31 21x41 \
                 47x36 4-10 34-30 9-13 30-25 7-12 25x14 10x19 35-30 19-23 36-31 12-17 30-25 23-29 40-34 \
                 29x40 45x34 5-10 34-29 10-14 29-24 14x34 25-20 34-40 20-15 40-45 15-10 13-19 10-5 19-24 \
                 5-32 24-29 32-49 29-33 49-43 17-21 43x26 45-50 31-27 50-39 26-48 39-50 48-37 50-44 37-19 \
                 44-49";
    let game = game_after(Variant::Frisian, "W:W31-50:B1-20", moves);
    assert_eq!(game_moves(&game), ["27-21", "27-22"]);
}

#[test]
fn frisian_draws_two_kings_against_one_after_seven_moves_and_no_repetition() {
    // RULES.md#frisian [S31] art. 18, as lidraughts counts it [S27]: two kings against
    // one draw after 7 moves each (14 plies), one king each after 2 (4 plies); no
    // repetition rule. White's kings on 46 and 50, the one on 46 going round 46-41-37;
    // Black's between 3 and 8: no capture on any line.
    let white = circuit(&["46", "41", "37"], 30);
    let black = circuit(&["3", "8"], 30);
    let plies = alternate(&white, &black);
    let (ply, result) = first_result(Variant::Frisian, "W:WK46,K50:BK3", &plies).expect("drawn");
    assert_eq!((ply, result), (14, draw(Reason::LoneKing)));
    let (ply, result) = first_result(Variant::International, "W:WK46,K50:BK3", &plies).expect("drawn");
    assert_eq!((ply, result), (10, draw(Reason::LoneKing)));
    let (ply, result) = first_result(Variant::Frisian, "W:WK46:BK3", &plies).expect("drawn");
    assert_eq!((ply, result), (4, draw(Reason::LoneKing)));
    // Two kings each: the same positions over and over, and the game goes on.
    assert_eq!(first_result(Variant::Frisian, "W:WK46,K50:BK3,K4", &plies), None);
    let (ply, result) = first_result(Variant::International, "W:WK46,K50:BK3,K4", &plies).expect("drawn");
    assert_eq!((ply, result), (24, draw(Reason::Repetition)));
}

#[test]
fn frysk_is_frisian_from_five_men_a_side() {
    // RULES.md#frysk [S27]: Frisian's rules from White's men on 46-50 and Black's on 1-5.
    let start = Position::start(Variant::Frysk);
    assert_eq!(start.to_fen(), "W:W46,47,48,49,50:B1,2,3,4,5");
    assert_eq!(start.side_to_move(), Color::White);
    assert_moves(Variant::Frysk, "W:W32:B33", &["32x34"]);
}
