//! `crownhead play` driven as a person drives it: the real binary in a pseudo-terminal,
//! short games from positions where the result comes within a few moves.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crownhead::rules::{Color, PdnGame, PdnResult, Position, Variant, read_pdn};
use rexpect::process::WaitStatus;
use rexpect::session::{PtySession, spawn_command};

/// Black king on 17, White man on 29, Black to move. White's only move is ever 29-25;
/// a Black king on 21 or 22 then captures it, and White, with no piece left, loses: a
/// win in three plies for Black after 17-21 or 17-22.
const KING_AGAINST_MAN: &str = "B:W29:BK17";

/// Starts `crownhead play ARGS` in a pseudo-terminal, with `NO_COLOR=1` if `plain`.
/// Databases off: these endings are within the built-in ones, whose wins score 50 men
/// and up where the tests read the wins the search finds on the board.
fn play(args: &[&str], plain: bool) -> PtySession {
    let mut command = common::crownhead_command();
    command.arg("play").args(["--egdb-path", ""]).args(args);
    if plain {
        command.env("NO_COLOR", "1");
    } else {
        command.env_remove("NO_COLOR");
    }
    spawn_command(command, Some(30_000)).expect("the binary starts in a pseudo-terminal")
}

/// Everything printed until `prompt`, line ends as `\n`.
fn until(session: &mut PtySession, prompt: &str) -> String {
    session.exp_string(prompt).unwrap_or_else(|error| panic!("no '{prompt}': {error}")).replace("\r\n", "\n")
}

fn send(session: &mut PtySession, line: &str) {
    session.send_line(line).expect("the line is sent");
}

/// The last board drawn in `text`: the `height` lines above its "to move" line, and
/// that line.
fn board_of_height(text: &str, height: usize) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let status = lines.iter().rposition(|line| line.ends_with(" to move")).expect("a board");
    lines[status - height..=status].iter().map(|line| line.to_string()).collect()
}

/// The last numbered 8x8 board drawn in `text`: eight rows and the "to move" line.
fn last_board(text: &str) -> Vec<String> {
    board_of_height(text, 8)
}

/// What a plain 8x8 board shows on each numbered square, read by matching each board
/// cell with the cell in the same place of the key beside it.
fn squares(board: &[String]) -> BTreeMap<u32, char> {
    let mut squares = BTreeMap::new();
    for row in &board[..8] {
        let row: Vec<char> = row.chars().collect();
        for column in 0..8 {
            let cell = 3 + 3 * column;
            let key: String = row.iter().skip(3 + 24 + 4 + 3 * column).take(3).collect();
            if let Ok(number) = key.trim().parse::<u32>() {
                squares.insert(number, row[cell + 1]);
            }
        }
    }
    assert_eq!(squares.keys().copied().collect::<Vec<_>>(), (1..=32).collect::<Vec<_>>(), "{board:?}");
    squares
}

/// The squares that hold a piece, and which.
fn pieces(board: &[String]) -> Vec<(u32, char)> {
    squares(board).into_iter().filter(|&(_, piece)| piece != '.').collect()
}

fn legal_moves(text: &str) -> Vec<String> {
    let line = text.lines().find_map(|line| line.split_once("Legal moves: ")).expect("a list of moves").1;
    let mut moves: Vec<String> = line.split_whitespace().map(String::from).collect();
    moves.sort();
    moves
}

/// A fresh directory for the files a test saves.
fn scratch_directory(test: &str) -> PathBuf {
    let directory = std::env::temp_dir().join(format!("crownhead-play-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    directory
}

/// The one game of the PDN file at `path`, read back, and its moves as text.
fn saved_game(path: &Path) -> (PdnGame, Vec<String>) {
    let text = std::fs::read_to_string(path).expect("the game was saved");
    let mut games = read_pdn(&text, Variant::English);
    assert_eq!(games.len(), 1, "{text}");
    let game = games.remove(0).unwrap_or_else(|error| panic!("{error}\n{text}"));
    let moves: Vec<_> = game.moves.iter().map(|pdn_move| pdn_move.mv).collect();
    let texts = game.start.line_to_text(&moves, Position::move_to_text);
    (game, texts)
}

fn exits_cleanly(session: &mut PtySession) {
    session.exp_eof().expect("the session ends");
    match session.process().wait().expect("the process is waited for") {
        WaitStatus::Exited(_, code) => assert_eq!(code, 0),
        other => panic!("ended by {other:?}"),
    }
}

#[test]
fn a_person_wins_after_an_illegal_move_a_hint_and_an_undo_then_saves_the_game() {
    let mut session = play(&["--fen", KING_AGAINST_MAN, "--movetime", "0.05"], true);
    let greeting = until(&mut session, "black (you)> ");
    assert!(greeting.contains("you play black, crownhead plays white"), "{greeting}");
    assert!(!greeting.contains('\x1b'), "NO_COLOR turns colours off");
    let start = last_board(&greeting);
    assert_eq!(pieces(&start), [(17, 'B'), (29, 'w')]);
    // Black plays from the bottom: square 1 is in the bottom row, 32 in the top one.
    assert!(start[0].trim_end().ends_with("29") && start[7].trim_end().ends_with('1'), "{start:?}");

    send(&mut session, "17-26");
    let answer = until(&mut session, "black (you)> ");
    assert!(answer.contains("illegal move '17-26'"), "{answer}");
    assert_eq!(legal_moves(&answer), ["17-13", "17-14", "17-21", "17-22"]);

    send(&mut session, "banana");
    let answer = until(&mut session, "black (you)> ");
    assert!(answer.contains("cannot read move 'banana'") && answer.contains("help"), "{answer}");

    send(&mut session, "hint");
    let answer = until(&mut session, "black (you)> ");
    let hint = answer.lines().find_map(|line| line.strip_prefix("Hint: ")).expect("a hint");
    assert!(hint.starts_with("17-21, ") || hint.starts_with("17-22, "), "{hint}");
    assert!(hint.contains("score 99.97 for black (wins in 3 plies)"), "{hint}");
    assert!(hint.contains(" 29-25 "), "the line goes on with White's only move: {hint}");

    send(&mut session, "17-13");
    let answer = until(&mut session, "black (you)> ");
    assert!(answer.contains("crownhead plays 29-25, score "), "{answer}");
    assert_eq!(pieces(&last_board(&answer)), [(13, 'B'), (25, 'w')]);

    send(&mut session, "undo");
    let answer = until(&mut session, "black (you)> ");
    assert!(answer.contains("Took back 17-13 29-25."), "{answer}");
    assert_eq!(last_board(&answer), start);

    send(&mut session, "flip");
    let flipped = last_board(&until(&mut session, "black (you)> "));
    assert_eq!(pieces(&flipped), [(17, 'B'), (29, 'w')]);
    assert!(flipped[0].trim_end().ends_with('4') && flipped[7].trim_end().ends_with("32"), "{flipped:?}");

    send(&mut session, "moves");
    assert_eq!(legal_moves(&until(&mut session, "black (you)> ")), ["17-13", "17-14", "17-21", "17-22"]);

    send(&mut session, "17-22");
    let answer = until(&mut session, "black (you)> ");
    assert!(answer.contains("crownhead plays 29-25, score -99.98 for white (loses in 2 plies)"), "{answer}");

    send(&mut session, "22x29");
    let answer = until(&mut session, "game over> ");
    assert!(answer.contains("Game over: black wins (no legal move for white). You win."), "{answer}");
    assert_eq!(pieces(&last_board(&answer)), [(29, 'B')]);

    send(&mut session, "29-25");
    assert!(until(&mut session, "game over> ").contains("The game is over"));

    let directory = scratch_directory("win");
    let path = directory.join("won game.pdn");
    send(&mut session, &format!("save {}", path.display()));
    assert!(until(&mut session, "game over> ").contains(&format!("Saved the game to {}.", path.display())));
    let (game, moves) = saved_game(&path);
    assert_eq!(game.start, Position::from_fen(Variant::English, KING_AGAINST_MAN).expect("a FEN"));
    assert_eq!(moves, ["17-22", "29-25", "22x29"], "the moves taken back are not saved");
    assert_eq!(game.result, PdnResult::Win(Color::Black));
    assert_eq!((game.tag("Black"), game.tag("White")), (Some("Human"), Some("crownhead")));
    let text = std::fs::read_to_string(&path).expect("the file");
    assert!(text.contains("[Result \"1-0\"]"), "Black moves first in English, so its win is 1-0: {text}");
    std::fs::remove_dir_all(&directory).expect("cleaned up");

    session.send_control('d').expect("end of input is sent");
    exits_cleanly(&mut session);
}

#[test]
fn the_engine_wins_in_colour_and_undo_takes_back_the_last_move_pair() {
    let mut session = play(&["--fen", KING_AGAINST_MAN, "--colour", "white", "--movetime", "0.05"], false);
    let opening = until(&mut session, "white (you)> ");
    assert!(opening.contains("you play white, crownhead plays black"), "{opening}");
    assert!(opening.contains("\x1b[48;5;94m"), "the board is coloured on a terminal");
    let first = opening.lines().find_map(|line| line.strip_prefix("crownhead plays ")).expect("a move");
    assert!(first.starts_with("17-21, ") || first.starts_with("17-22, "), "the winning move: {first}");
    let capture = if first.starts_with("17-21") { "21x30" } else { "22x29" };

    send(&mut session, "29-25");
    let answer = until(&mut session, "game over> ");
    assert!(answer.contains(&format!("crownhead plays {capture}, score 99.99 for black")), "{answer}");
    assert!(answer.contains("Game over: black wins (no legal move for white). crownhead wins."), "{answer}");

    send(&mut session, "undo");
    let answer = until(&mut session, "white (you)> ");
    assert!(answer.contains(&format!("Took back 29-25 {capture}.")), "{answer}");
    send(&mut session, "undo");
    assert!(until(&mut session, "white (you)> ").contains("No move of yours to take back."));

    let directory = scratch_directory("unfinished");
    let path = directory.join("game.pdn");
    send(&mut session, &format!("save {}", path.display()));
    until(&mut session, "white (you)> ");
    let (game, moves) = saved_game(&path);
    assert_eq!(moves.len(), 1);
    assert!(first.starts_with(&moves[0]), "{moves:?}");
    assert_eq!(game.result, PdnResult::Unfinished);
    send(&mut session, "save");
    assert!(until(&mut session, "white (you)> ").contains("save needs a file name"));
    send(&mut session, &format!("save {}", directory.join("missing/game.pdn").display()));
    assert!(until(&mut session, "white (you)> ").contains("Cannot write "));
    std::fs::remove_dir_all(&directory).expect("cleaned up");

    send(&mut session, "quit");
    exits_cleanly(&mut session);
}

#[test]
fn an_ambiguous_capture_asks_for_the_full_path_on_an_algebraic_board() {
    // Two captures by the king from e1 to f8 over the same pieces, by different paths
    // (tests/rules/notation.rs has the same position).
    let mut session =
        play(&["--variant", "russian", "--fen", "W:WKe1:Bf2,b6,e7,g5,f4,c3", "--movetime", "0.05"], true);
    let greeting = until(&mut session, "white (you)> ");
    let board = board_of_height(&greeting, 9);
    assert!(board[0].starts_with(" 8 ") && board[7].starts_with(" 1  .     .     W "), "{board:?}");
    assert_eq!(board[8].split_whitespace().collect::<String>(), "abcdefgh");
    send(&mut session, "e1xf8");
    let answer = until(&mut session, "white (you)> ");
    let candidates = answer
        .lines()
        .find_map(|line| line.split_once("ambiguous move 'e1xf8': could be "))
        .expect("the ambiguity is explained")
        .1;
    assert_eq!(candidates, "e1xb4xf8 or e1xg3xd6xf8: type the full path.");
    send(&mut session, "e1:g3:d6:f8");
    let answer = until(&mut session, "white (you)> ");
    assert!(!answer.contains("move '"), "the full path is accepted: {answer}");
    assert!(answer.contains("crownhead plays "), "{answer}");
    send(&mut session, "quit");
    exits_cleanly(&mut session);
}

/// `--strength` is named in the greeting, and the weakest level still plays the shot
/// that wins at once: 22x8 takes both Black men (23x14 would take one).
#[test]
fn a_weak_level_says_so_and_still_plays_the_winning_shot() {
    let mut session = play(
        &["--fen", "W:W22,23:B11,18", "--colour", "black", "--strength", "1", "--movetime", "0.05"],
        true,
    );
    let opening = until(&mut session, "game over> ");
    assert!(opening.contains("you play black, crownhead plays white at strength 1."), "{opening}");
    assert!(opening.contains("crownhead plays 22x8, score 99.99 for white"), "{opening}");
    session.send_control('d').expect("end of input is sent");
    exits_cleanly(&mut session);
}
