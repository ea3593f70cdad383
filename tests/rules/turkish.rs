//! Turkish draughts, one test per clause of `RULES.md#turkish`, each on a hand-built
//! position whose moves were worked out from the rule texts, never copied from the
//! engine. Squares are algebraic, a1 at White's left; White's men move up the board.
//!
//! Diagrams show the real board from White's side: `w`/`W` a white man/king, `b`/`B` a
//! black man/king, `.` an empty square (every square is played).

use crownhead::rules::{Color, Game, Outcome, Position, Reason, Variant};

use super::rule_clauses::{assert_moves, draw, first_result, position};

const TURKISH: Variant = Variant::Turkish;

#[test]
fn start_position_and_first_moves() {
    // RULES.md#turkish: 16 men a side on the second and third ranks, White first; a man
    // moves one square forward or sideways, and the men of the third rank block the
    // second rank's and each other's sideways steps.
    let start = Position::start(TURKISH);
    let fen =
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";
    assert_eq!(start, position(TURKISH, fen));
    assert_eq!(start.side_to_move(), Color::White);
    assert_moves(TURKISH, fen, &["a3-a4", "b3-b4", "c3-c4", "d3-d4", "e3-e4", "f3-f4", "g3-g4", "h3-h4"]);
}

#[test]
fn men_move_forward_and_sideways_never_back_or_diagonally() {
    // . . .
    // . w .    d4: up to d5, sideways to c4 and e4; not d3, not a diagonal.
    // . . .
    assert_moves(TURKISH, "W:Wd4:Bh8", &["d4-d5", "d4-c4", "d4-e4"]);
    // Black's forward is down.
    assert_moves(TURKISH, "B:Wa1:Bd5", &["d5-d4", "d5-c5", "d5-e5"]);
}

#[test]
fn men_capture_forward_and_sideways_never_backward() {
    // d3 takes c3 or e3 sideways; d2 behind it is not taken.
    assert_moves(TURKISH, "W:Wd3:Bc3,e3,d2", &["d3xb3", "d3xf3"]);
    // Black's man on d6 takes down and sideways.
    assert_moves(TURKISH, "B:Wd5,c6,e6,a1:Bd6", &["d6xd4", "d6xb6", "d6xf6"]);
}

#[test]
fn most_pieces_must_be_taken_a_king_counting_one() {
    // d3 can take the king on c3 alone, or d4 and d6 up the file: the two men it is.
    assert_moves(TURKISH, "W:Wd3:BKc3,d4,d6", &["d3xd7"]);
    // Across pieces: g3 takes two, b3 one.
    assert_moves(TURKISH, "W:Wb3,g3:Bb4,g4,g6", &["g3xg7"]);
}

#[test]
fn a_capture_may_not_turn_back_through_180_degrees() {
    // The king on d4 takes d6 (landing d7 or d8) or d2 (landing d1). Having taken d6 and
    // gone up, it may not come back down the file to take d2, although d6 has left the
    // board: three moves of one piece each.
    assert_moves(TURKISH, "W:WKd4:Bd6,d2", &["d4xd7", "d4xd8", "d4xd1"]);
}

#[test]
fn a_man_may_turn_left_forward_then_right() {
    // d3 takes c3 to b3, b4 to b5, c5 to d5: the opposite jumps are not consecutive.
    assert_moves(TURKISH, "W:Wd3:Bc3,b4,c5,h8", &["d3xd5"]);
}

#[test]
fn captured_pieces_leave_the_board_as_they_are_jumped() {
    // The king on a4 takes c4 (to f4), f6 (to f7), d7 (to c7), then runs down the c-file
    // over c4's square, empty now, to take c2 and land on c1: four pieces, the only move.
    // Were c4 still on the board, the king could take three at most.
    assert_moves(TURKISH, "W:WKa4:Bc4,f6,d7,c2", &["a4xc1"]);
}

#[test]
fn a_capture_may_end_on_the_square_of_a_piece_it_took() {
    // The king on a1 takes a3 (to a5), c5 (to e5), e4 (to e3), then b3 along the third
    // rank, landing on a3, emptied by its first jump: four pieces, the only move. It
    // stays a king there.
    assert_moves(TURKISH, "W:WKa1:Ba3,b3,e4,c5", &["a1xa3"]);
    let mut game = Game::new(position(TURKISH, "W:WKa1:Ba3,b3,e4,c5"));
    game.play_text("a1xa3").expect("the capture");
    assert_eq!(*game.position(), position(TURKISH, "B:WKa3:B"));
}

#[test]
fn a_flying_king_lands_anywhere_beyond_or_where_it_can_go_on() {
    // One piece: any empty square beyond it.
    assert_moves(TURKISH, "W:WKa1:Ba4", &["a1xa5", "a1xa6", "a1xa7", "a1xa8"]);
    // Two: after a3 the king must stop on a5, from where it takes c5, then land anywhere
    // beyond.
    assert_moves(TURKISH, "W:WKa1:Ba3,c5", &["a1xd5", "a1xe5", "a1xf5", "a1xg5", "a1xh5"]);
    // Two on one file: stopping on a5 or a6 between them is the same move, listed once.
    assert_moves(TURKISH, "W:WKa1:Ba4,a7", &["a1xa8"]);
}

#[test]
fn a_king_moves_along_ranks_and_files_up_to_a_piece() {
    // d4 moves along its rank and file, not past d6 (d7 stands behind it: no capture).
    let along =
        ["d4-a4", "d4-b4", "d4-c4", "d4-e4", "d4-f4", "d4-g4", "d4-h4", "d4-d1", "d4-d2", "d4-d3", "d4-d5"];
    assert_moves(TURKISH, "W:WKd4:Bd6,d7,h8", &along);
}

#[test]
fn a_man_reaching_the_far_rank_mid_capture_goes_on_as_a_man() {
    // c6 takes c7 to c8, on the far rank, and goes on as a man along it: over b8 to a8,
    // where it is crowned. As a king it could have taken f8 instead; it may not.
    assert_moves(TURKISH, "W:Wc6:Bc7,b8,f8", &["c6xa8"]);
    let mut game = Game::new(position(TURKISH, "W:Wc6:Bc7,b8,f8"));
    game.play_text("c6xa8").expect("the capture");
    assert!(game.position().kings(Color::White).contains(game.moves()[0].to()));
}

#[test]
fn a_man_reaching_the_far_rank_by_a_move_is_crowned() {
    let mut game = Game::new(position(TURKISH, "W:Wd7:Bh2"));
    game.play_text("d7-d8").expect("the move");
    assert_eq!(game.position().kings(Color::White).count(), 1);
}

#[test]
fn a_side_without_a_move_loses() {
    // Black's man on a2 is boxed in by a1, b2 and the edge (it cannot move backward).
    let game = Game::new(position(TURKISH, "B:Wa1,b2,c2:Ba2"));
    assert_eq!(game.result().map(|result| result.outcome), Some(Outcome::Win(Color::White)));
}

#[test]
fn one_piece_against_one_is_drawn_at_once() {
    // A king against a lone man too: no win, the game is drawn as the material arises.
    assert_eq!(first_result(TURKISH, "W:WKa1:Bh7", &[]), Some((0, draw(Reason::OnePieceEach))));
    // Two against one plays on; a capture that leaves one each draws.
    let plies = ["a1xa8".to_string()];
    assert_eq!(first_result(TURKISH, "W:WKa1,b2:Ba7,d7", &plies), None);
    assert_eq!(first_result(TURKISH, "W:WKa1:Ba7,h8", &plies), Some((1, draw(Reason::OnePieceEach))));
}
