//! The puzzle desk on a small English set (five puzzles of `crownhead puzzles build`'s,
//! their lines replayed by the puzzle reader): moves checked against the solution, the
//! next puzzle near the rating and not tried, and each first try rated once and kept.

use std::fs;

use super::*;
use crate::engine::Options;

const SET: &str = "\
# five English puzzles, as crownhead puzzles build writes them
W:W19,22,24,26,27,28,31,32:B3,4,7,8,10,12,13,14\t19-16 12x19 24x6\tshot\t1\t800
B:WK7:BK19\t19-15\tendgame\t2\t900
B:W13,17,18,19,21,23,24,26,27,32:B1,2,6,8,10,11,12,14,16,20\t10-15 18x9 15-18 23x14 16x30\tbreakthrough\t3\t1000
W:W17,20,21,22,25,26,27,28,29,31:B2,5,6,8,10,11,12,13,14,19\t20-16 11x20 27-24 20x27 31x15 10x19 17x1\tshot\t5\t1200
W:W22,26,27,28,30,31:B4,10,14,15,19,20\t26-23 19x26 30x23 4-8 27-24 20x27 31x24 14-17 22x13\tshot\t8\t1500
";

const SHOT: &str = "W:W17,20,21,22,25,26,27,28,29,31:B2,5,6,8,10,11,12,13,14,19";

/// A desk with the set above for English, its record in `path` if given.
fn desk(path: Option<PathBuf>) -> PuzzleDesk {
    let directory = std::env::temp_dir().join(format!("crownhead-desk-{}", std::process::id()));
    fs::create_dir_all(&directory).unwrap();
    let file = directory.join(format!("set-{}.tsv", rand_name()));
    fs::write(&file, SET).unwrap();
    let desk = PuzzleDesk::new(path, Some(&file), Variant::English, &Options::default()).unwrap();
    fs::remove_file(&file).unwrap();
    desk
}

/// A name no other test of this process uses at the same time.
fn rand_name() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

fn check(desk: &PuzzleDesk, id: &str, moves: &[&str]) -> Result<CheckReply, ApiError> {
    desk.check(&CheckRequest {
        variant: "english".into(),
        id: id.into(),
        moves: moves.iter().map(|&text| text.into()).collect(),
        reveal: false,
    })
}

fn next(desk: &PuzzleDesk, theme: Option<&str>, seed: u64) -> Result<PuzzleReply, ApiError> {
    desk.next(&NextRequest { variant: "english".into(), theme: theme.map(Into::into), seed, again: None })
}

fn rate(desk: &PuzzleDesk, id: &str, solved: bool) -> Result<RateReply, ApiError> {
    desk.rate(&RateRequest { variant: "english".into(), id: id.into(), solved })
}

#[test]
fn each_move_is_checked_against_the_solution() {
    let desk = desk(None);
    let start = check(&desk, SHOT, &[]).unwrap();
    assert_eq!((start.verdict, start.reply, start.solution), (Verdict::Right, None, None));
    // Asked for, the solution is given before any move.
    let request =
        CheckRequest { variant: "english".into(), id: SHOT.into(), moves: Vec::new(), reveal: true };
    assert_eq!(desk.check(&request).unwrap().solution.unwrap()[..2], ["20-16", "11x20"]);
    // The key move brings the opponent's reply to play.
    let key = check(&desk, SHOT, &["20-16"]).unwrap();
    assert_eq!((key.verdict, key.reply.as_deref()), (Verdict::Right, Some("11x20")));
    let after = check(&desk, SHOT, &["20-16", "11x20"]).unwrap();
    assert_eq!((after.verdict, after.reply), (Verdict::Right, None));
    // Another move is wrong, and the solution's move there is named.
    let wrong = check(&desk, SHOT, &["20-16", "11x20", "22-18"]).unwrap();
    assert_eq!((wrong.verdict, wrong.expected.as_deref()), (Verdict::Wrong, Some("27-24")));
    let line = ["20-16", "11x20", "27-24", "20x27", "31x15", "10x19", "17x1"];
    assert_eq!(wrong.solution.unwrap(), line);
    assert!(wrong.refutation.is_some_and(|refutation| !refutation.is_empty()));
    let solved = check(&desk, SHOT, &line).unwrap();
    assert_eq!(solved.verdict, Verdict::Solved);
    // A move in another notation's spelling of the same move is the same move.
    assert_eq!(check(&desk, SHOT, &["20-16", "11-20"]).unwrap().verdict, Verdict::Right);
}

#[test]
fn bad_checks_are_refused_naming_the_fault() {
    let desk = desk(None);
    let illegal = check(&desk, SHOT, &["20-15"]).unwrap_err().error;
    assert!(illegal.starts_with("move 1 (20-15)"), "{illegal}");
    let reply = check(&desk, SHOT, &["20-16", "12-16"]).unwrap_err().error;
    assert!(reply.starts_with("move 2 (12-16)"), "{reply}");
    let mut long: Vec<&str> = vec!["20-16", "11x20", "27-24", "20x27", "31x15", "10x19", "17x1"];
    long.push("1-5");
    assert_eq!(check(&desk, SHOT, &long).unwrap_err().error, "more moves than the solution has");
    assert!(check(&desk, "W:W18:B14", &[]).unwrap_err().error.starts_with("no english puzzle"));
    let unknown = desk.check(&CheckRequest {
        variant: "chess".into(),
        id: SHOT.into(),
        moves: Vec::new(),
        reveal: false,
    });
    assert!(unknown.unwrap_err().error.contains("unknown variant"));
}

#[test]
fn the_next_puzzle_is_near_the_rating_and_not_tried() {
    let desk = desk(None);
    // A newcomer's 1500: the 1500 puzzle first, then the others by distance.
    let first = next(&desk, None, 0).unwrap();
    assert_eq!((first.rating, first.solver_moves, first.side.as_str()), (1500, 5, "white"));
    assert!(first.rated);
    assert_eq!(next(&desk, None, 1).unwrap().rating, 1200);
    assert_eq!(next(&desk, None, 4).unwrap().rating, 800);
    assert_eq!(next(&desk, None, 5).unwrap().rating, 1500);
    // Tried, it is not given again while others are left.
    let opened = next(&desk, None, 0).unwrap();
    let missed = rate(&desk, &opened.id, false).unwrap();
    assert!(missed.player.rating < 1500.0);
    assert_ne!(next(&desk, None, 0).unwrap().id, opened.id);
    // A theme keeps to its puzzles; one with none, or no theme at all, is refused.
    assert_eq!(next(&desk, Some("endgame"), 3).unwrap().fen, "B:WK7:BK19");
    assert_eq!(next(&desk, Some("block"), 0).unwrap_err().error, "no block puzzles for english");
    assert!(next(&desk, Some("fork"), 0).unwrap_err().error.starts_with("unknown theme 'fork'"));
    assert_eq!(next(&desk, Some(""), 0).unwrap().rating, 1200);
}

#[test]
fn once_every_puzzle_is_tried_they_come_round_again() {
    let desk = desk(None);
    for _ in 0..5 {
        let puzzle = next(&desk, None, 0).unwrap();
        rate(&desk, &puzzle.id, true).unwrap();
    }
    let summary = desk.summary(&SummaryRequest { variant: "english".into() }).unwrap();
    assert_eq!((summary.player.tried, summary.player.solved), (5, 5));
    assert!(next(&desk, None, 0).is_ok());
}

#[test]
fn a_puzzle_is_rated_once_on_its_first_try_and_the_record_is_kept() {
    let directory = std::env::temp_dir().join(format!("crownhead-desk-record-{}", std::process::id()));
    let path = directory.join("puzzles.json");
    let desk = desk(Some(path.clone()));
    let puzzle = next(&desk, None, 0).unwrap();
    let solved = rate(&desk, &puzzle.id, true).unwrap();
    assert!(solved.change > 0.0 && solved.unsaved.is_none());
    assert_eq!(solved.solution.len(), 9);
    let twice = rate(&desk, &puzzle.id, false).unwrap_err().error;
    assert!(twice.starts_with("this puzzle is not open for a rating"), "{twice}");
    // Played again from the list, it is checked but not rated.
    let again = desk
        .next(&NextRequest {
            variant: "english".into(),
            theme: None,
            seed: 0,
            again: Some(puzzle.id.clone()),
        })
        .unwrap();
    assert_eq!((again.id.as_str(), again.rated), (puzzle.id.as_str(), false));
    assert!(rate(&desk, &puzzle.id, true).is_err());
    // Another run reads the record back.
    let later = self::desk(Some(path.clone()));
    let summary = later.summary(&SummaryRequest { variant: "english".into() }).unwrap();
    assert_eq!((summary.player.tried, summary.player.solved), (1, 1));
    assert_eq!(summary.player.rating, solved.player.rating);
    assert_eq!(summary.recent[0].puzzle, puzzle.id);
    assert_eq!((summary.count, summary.source.as_str()), (5, "the file named on the command line"));
    let themes: Vec<(&str, usize)> = summary.themes.iter().map(|theme| (theme.name, theme.count)).collect();
    assert_eq!(themes, [("shot", 3), ("breakthrough", 1), ("endgame", 1)]);
    fs::remove_dir_all(&directory).unwrap();
}

#[test]
fn a_broken_puzzle_file_is_refused_naming_its_line() {
    let file = std::env::temp_dir().join(format!("crownhead-desk-broken-{}.tsv", std::process::id()));
    fs::write(
        &file,
        "# one good, one not\nB:WK7:BK19\t19-15\tendgame\t2\t900\nB:WK7:BK19\t19-10\tendgame\t2\t900\n",
    )
    .unwrap();
    let error =
        PuzzleDesk::new(None, Some(&file), Variant::English, &Options::default()).err().unwrap().to_string();
    assert!(error.contains("line 3: solution move 1"), "{error}");
    fs::remove_file(&file).unwrap();
}

#[test]
fn a_wrong_move_is_answered_with_the_engines_best_reply_line() {
    let desk = desk(None);
    // 22-18 instead of 20-16 puts a man between Black's 14 and the empty 23, with 26
    // unguarded behind it: 14x30 takes both (`crownhead analyse --fen SHOT --moves 22-18
    // --nodes 100000 --egdb-path ""` gives 14x30 27-24 13x22 25x18, Black 4.10 up).
    let wrong = check(&desk, SHOT, &["22-18"]).unwrap();
    assert_eq!((wrong.verdict, wrong.expected.as_deref()), (Verdict::Wrong, Some("20-16")));
    let refutation = wrong.refutation.unwrap();
    assert_eq!(refutation[..4], ["14x30", "27-24", "13x22", "25x18"], "{refutation:?}");
    // A right move has none.
    assert!(check(&desk, SHOT, &["20-16"]).unwrap().refutation.is_none());
}

#[test]
fn a_try_moves_the_puzzles_rating_the_other_way_and_the_record_keeps_it() {
    let directory = std::env::temp_dir().join(format!("crownhead-desk-puzzle-rating-{}", std::process::id()));
    let path = directory.join("puzzles.json");
    let desk = desk(Some(path.clone()));
    let missed = next(&desk, None, 0).unwrap();
    assert_eq!(missed.rating, 1500);
    let reply = rate(&desk, &missed.id, false).unwrap();
    let (before, after) = reply.puzzle_rating;
    assert!(reply.change < 0.0 && before == 1500.0 && after > before, "{:?}", reply.puzzle_rating);
    let solved = next(&desk, None, 0).unwrap();
    assert_eq!(solved.rating, 1200);
    let (before, after) = rate(&desk, &solved.id, true).unwrap().puzzle_rating;
    assert!(before == 1200.0 && after < before);
    // Another run reads both back: played again, each has its moved rating.
    let later = self::desk(Some(path.clone()));
    let again = |id: &str| {
        let request = NextRequest { variant: "english".into(), theme: None, seed: 0, again: Some(id.into()) };
        later.next(&request).unwrap().rating
    };
    assert!(again(&missed.id) > 1500 && again(&solved.id) < 1200);
    let text = fs::read_to_string(&path).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["version"], 2);
    assert_eq!(json["puzzles"]["english"][&missed.id]["tries"], 1);
    fs::remove_dir_all(&directory).unwrap();
}

#[test]
fn the_next_puzzle_is_chosen_by_the_puzzles_moved_ratings() {
    let desk = desk(None);
    // Solved by a newcomer, the 1500 puzzle takes them to about 1660, where the 1200 one
    // is the nearest of those left; moved to 2000 by tries, it is still the nearest, and
    // comes first, not fourth, by its rating now.
    let first = next(&desk, None, 0).unwrap();
    rate(&desk, &first.id, true).unwrap();
    let mut state = desk.state();
    let record = &mut state.record;
    let puzzle = desk.find(Variant::English, SHOT).unwrap();
    assert_eq!(record.puzzle_rating(Variant::English, puzzle).rating, 1200.0);
    record.set_puzzle_rating(Variant::English, SHOT, Rating { rating: 2000.0, ..Rating::NEW });
    drop(state);
    let ratings: Vec<u32> = (0..4).map(|seed| next(&desk, None, seed).unwrap().rating).collect();
    assert_eq!(ratings, [2000, 1000, 900, 800]);
}

#[test]
fn a_hint_is_the_solvers_next_move_its_square_first() {
    let desk = desk(None);
    let hint = |moves: &[&str]| {
        desk.hint(&HintRequest {
            variant: "english".into(),
            id: SHOT.into(),
            moves: moves.iter().map(|&text| text.into()).collect(),
        })
    };
    // The key, 20-16, from square 20; after 11x20, the solution's 27-24, from 27.
    let first = HintReply { from: "20".into(), key: "20-16".into() };
    assert_eq!(hint(&[]).unwrap(), first);
    assert_eq!(hint(&["20-16", "11x20"]).unwrap(), HintReply { from: "27".into(), key: "27-24".into() });
    // None for the opponent, off the line, or past its end.
    for moves in [&["20-16"][..], &["22-18"], &["20-16", "11x20", "27-24", "20x27", "31x15", "10x19", "17x1"]]
    {
        assert!(hint(moves).unwrap_err().error.starts_with("no hint here"), "{moves:?}");
    }
}
