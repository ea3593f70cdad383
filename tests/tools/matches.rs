//! `crownhead match`: the opening sets, and matches played by the real binary,
//! including engines that crash, play illegal moves or fall silent. (The statistics
//! against figures computed by hand and by an independent script are unit tests of
//! `src/tools/matches/stats.rs`.)

use crate::common;

use common::{CROWNHEAD, start_men, start_without};

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::Output;

use crownhead::engine::{Engine, Limits, Options, Score};
use crownhead::rules::{Color, Game, Goal, Move, Outcome, PdnGame, PdnResult, Position, Variant, read_pdn};
use crownhead::tools::matches::openings::{self, Opening, OpeningsError};

/// The position after each opening.
fn opening_positions(openings: &[Opening]) -> Vec<Position> {
    openings.iter().map(|opening| *opening.game().position()).collect()
}

fn distinct(positions: &[Position]) -> bool {
    positions.iter().collect::<HashSet<_>>().len() == positions.len()
}

#[test]
fn the_english_openings_are_the_156_ballots_of_the_acf_deck() {
    for variant in [Variant::English, Variant::English25] {
        let openings = openings::builtin(variant).expect("the English deck reads");
        assert_eq!(openings.len(), 156);
        assert!(openings.iter().all(|opening| opening.game().moves().len() == 3));
        assert!(openings.iter().all(|opening| *opening.game().start() == Position::start(variant)));
        let positions = opening_positions(&openings);
        assert!(distinct(&positions));
        let after = |moves: &str| {
            let opening = &openings::parse(moves, variant).expect("a ballot")[0];
            *opening.game().position()
        };
        // Ballot 1, the first of the deck; 9-14 23-18 14x23 (46), the most one-sided
        // approved ballot; 9-13 24-19 10-15 (26), barred by the ACF but in pydraughts'
        // list of 157; 12-16 23-19 16x23 (171), barred.
        assert!(positions.contains(&after("9-13 21-17 5-9")));
        assert!(positions.contains(&after("9-14 23-18 14x23")));
        assert!(!positions.contains(&after("9-13 24-19 10-15")));
        assert!(!positions.contains(&after("12-16 23-19 16x23")));
    }
}

/// Every built-in opening of the other rule sets is legal (it reads), three plies long
/// (antidraughts' four), distinct, and scored by crownhead at depth 6 nearer level than
/// the start position with a man taken off. Killer uses International's. They were chosen
/// within a quarter of a man by the evaluation of their time (at depth 8, or 6 for
/// Frisian and Frysk!; antidraughts' within 0.4 men at depth 6 by its network); the
/// networks score on their own scale, and Russian's
/// second generation puts e3-d4 h6-g5 d4-e5 at 1.60 men for Black where a man fewer at
/// the start scores -2.39.
#[test]
fn the_other_builtin_openings_are_legal_distinct_and_balanced() {
    let mut engine = Engine::new(Options { table_mib: 4, ..Options::default() });
    for variant in
        Variant::ALL.into_iter().filter(|&variant| !matches!(variant, Variant::English | Variant::English25))
    {
        let openings = openings::builtin(variant).unwrap_or_else(|error| panic!("{variant}: {error}"));
        assert!(openings.len() >= 150, "{variant}: only {} openings", openings.len());
        let plies = if variant == Variant::Antidraughts { 4 } else { 3 };
        assert!(openings.iter().all(|opening| opening.game().moves().len() == plies), "{variant}");
        assert!(distinct(&opening_positions(&openings)), "{variant}: two openings reach the same position");
        engine.new_game();
        let side = Position::start(variant).side_to_move();
        let highest = start_men(variant, side).last().copied().expect("men at the start");
        let man_down =
            engine.think(&Game::new(start_without(variant, side, highest)), &Limits::depth(6)).score;
        // A man down is worse, but better in antidraughts, won by losing every piece.
        let worse = if variant.rules().goal == Goal::LoseEverything { -1 } else { 1 };
        assert!(worse * man_down.centi_men() < 0, "{variant}: a man down at the start scores {man_down}");
        for opening in &openings {
            engine.new_game();
            let result = engine.think(opening.game(), &Limits::depth(6));
            assert!(
                result.score.centi_men().abs() < man_down.centi_men().abs(),
                "{variant}: {:?} scores {}, a man down {man_down}",
                opening.game().start().line_to_text(opening.game().moves(), Position::move_to_text),
                result.score
            );
        }
    }
}

#[test]
fn opening_files_take_fens_and_move_lists_and_name_the_bad_line() {
    let text = "# openings\n\n11-15 23-19 8-11   # the Old Fourteenth\n1. 9-13 22-18 2. 10-14  \nB:W18,24,27,28,K10:B1,2,3,K26\n";
    let openings = openings::parse(text, Variant::English).expect("three openings");
    assert_eq!(openings.len(), 3);
    let moves = |index: usize| {
        let game = openings[index].game();
        game.start().line_to_text(game.moves(), Position::move_to_text).join(" ")
    };
    assert_eq!(moves(0), "11-15 23-19 8-11");
    assert_eq!(moves(1), "9-13 22-18 10-14");
    let fen = openings[2].game();
    assert!(fen.moves().is_empty());
    assert_eq!(
        fen.start().to_fen(),
        "B:W10,18,24,27,28:B1,2,3,26".replace("W10", "WK10").replace("3,26", "3,K26")
    );

    let error_line = |text: &str| match openings::parse(text, Variant::English) {
        Err(OpeningsError::Line { line, message }) => (line, message),
        other => panic!("{text:?} gave {other:?}"),
    };
    let (line, message) = error_line("11-15 23-19\n11-15 22-18 15x22\n# fine so far\n9-13 21-17 5-10\n");
    assert_eq!(line, 4);
    assert!(message.contains("5-10") && message.contains("after 2 moves"), "{message}");
    let (line, message) = error_line("# a bad FEN\nW:W99:B1\n");
    assert_eq!(line, 2);
    assert!(message.contains("bad FEN"), "{message}");
    let (line, message) = error_line("hello world\n");
    assert_eq!(line, 1);
    assert!(message.contains("not a FEN or a move list"), "{message}");
    let (line, message) = error_line("11-15\nW:W:B1,2\n");
    assert_eq!(line, 2);
    assert!(message.contains("already over"), "{message}");
    assert!(matches!(openings::parse("# nothing\n\n", Variant::English), Err(OpeningsError::Empty)));
}

/// `balanced` keeps exactly the distinct positions that a fresh search scores within the
/// bound: every position two plies from the Russian start is either in its list, with
/// the score a fresh search gives, or scored outside the bound.
#[test]
fn the_opening_generator_keeps_exactly_the_balanced_positions() {
    let (depth, bound) = (4, Score::from_centi_men(10));
    let lines = openings::balanced(Variant::Russian, 2, depth, bound);
    let start = Position::start(Variant::Russian);
    let mut engine = Engine::new(Options { table_mib: 4, ..Options::default() });
    let mut score_of = |position: Position| {
        engine.new_game();
        engine.think(&Game::new(position), &Limits::depth(depth)).score
    };
    let reached = |moves: &[Move]| moves.iter().fold(start, |position, mv| position.play(mv));
    let kept: Vec<Position> = lines.iter().map(|line| reached(&line.moves)).collect();
    assert!(distinct(&kept));
    for (line, &position) in lines.iter().zip(&kept) {
        assert_eq!(line.moves.len(), 2);
        assert!((-bound..=bound).contains(&line.score));
        assert_eq!(score_of(position), line.score);
    }
    let all: HashSet<Position> = start
        .legal_moves()
        .iter()
        .flat_map(|first| {
            let after = start.play(first);
            after.legal_moves().iter().map(|second| after.play(second)).collect::<Vec<_>>()
        })
        .collect();
    let rejected: Vec<Position> = all.iter().copied().filter(|position| !kept.contains(position)).collect();
    assert!(!kept.is_empty() && !rejected.is_empty(), "{} kept, {} rejected", kept.len(), rejected.len());
    assert!(rejected.into_iter().all(|position| !(-bound..=bound).contains(&score_of(position))));
}

/// The command line of a crownhead behind `tests/tools/faulty_engine.py`, failing in `mode`
/// at its `at`-th move of each process.
fn faulty(mode: &str, at: u32) -> String {
    format!("python3 '{}/tests/tools/faulty_engine.py' {mode} {at} '{CROWNHEAD}'", env!("CARGO_MANIFEST_DIR"))
}

fn run_match(args: &[&str]) -> Output {
    common::crownhead_command().arg("match").args(args).output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The wins, draws and losses of `name` in a match summary.
fn summary_row(summary: &str, name: &str) -> [u64; 3] {
    summary
        .lines()
        .filter_map(|line| line.strip_prefix(name))
        .filter_map(|rest| {
            let fields: Vec<&str> = rest.split_whitespace().collect();
            match fields.as_slice() {
                [wins, draws, losses, score] if score.ends_with('%') => {
                    Some([wins.parse().ok()?, draws.parse().ok()?, losses.parse().ok()?])
                }
                _ => None,
            }
        })
        .next()
        .unwrap_or_else(|| panic!("no row for {name} in\n{summary}"))
}

/// The seconds of the `Time left` line of a match summary, the first engine's then the
/// second's.
fn least_time_left(summary: &str) -> [f64; 2] {
    let line = summary.lines().find(|line| line.starts_with("Time left")).expect("a Time left line");
    let seconds: Vec<f64> = line
        .split_whitespace()
        .zip(line.split_whitespace().skip(1))
        .filter(|(_, unit)| unit.trim_end_matches(',') == "s")
        .filter_map(|(number, _)| number.parse().ok())
        .collect();
    seconds.try_into().unwrap_or_else(|_| panic!("two times in {line}"))
}

/// One-second games: the reserve (51 move overheads and 0.5 s, 1.01 s) is more than the
/// whole clock, so each move plans on a fifth of the clock's share, and what a move costs
/// outside the search (the pipes, the first iteration) is what runs the clock down; no
/// engine loses on time, the summary says how much each had left, and pondering (`go
/// ponder`, then `ponder-hit` or `stop`) plays as well.
#[test]
fn short_clock_games_end_without_forfeit_with_or_without_pondering() {
    for ponder in [false, true] {
        let mut args = vec!["--engine", CROWNHEAD, "--engine", CROWNHEAD, "--tc", "1", "--games", "2"];
        if ponder {
            args.push("--ponder");
        }
        let output = common::crownhead_command()
            .arg("match")
            .args(&args)
            .env("RUST_LOG", "crownhead::tools::matches::hub_client=debug")
            .output()
            .expect("the binary runs");
        let summary = text(&output.stdout);
        assert!(output.status.success(), "{summary}{}", text(&output.stderr));
        assert!(!summary.contains("time forfeit") && !summary.contains("no answer"), "{summary}");
        for left in least_time_left(&summary) {
            assert!(left > 0.0 && left < 1.0, "{summary}");
        }
        let hits = text(&output.stderr).matches("< ponder-hit").count();
        assert_eq!(hits > 0, ponder, "{hits} ponder hits");
    }
}

/// An engine that always loses (it crashes at its first move) meets crownhead under
/// SPRT(0, 100): each pair is LL, and the LLR, -0.47 a pair, first passes the lower bound
/// ln(0.05 / 0.95) = -2.94 after 7 pairs (the script above gives
/// llr_normalized(0, 100, [7, 0, 0, 0, 0]) = -3.313 and -2.84 for 6), so the match stops
/// at 14 games of the 40 allowed, H0 accepted.
#[test]
fn an_sprt_stops_the_match_when_its_lower_bound_is_crossed() {
    let loser = faulty("crash", 1);
    let output = run_match(&[
        "--engine",
        &loser,
        "--engine-option",
        "tt-size=1",
        "--engine",
        CROWNHEAD,
        "--engine-option",
        "tt-size=1",
        "--depth",
        "1",
        "--sprt",
        "0,100",
        "--games",
        "40",
    ]);
    let summary = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(summary_row(&summary, "faulty-crash"), [0, 0, 14]);
    assert_eq!(summary_row(&summary, "crownhead"), [14, 0, 0]);
    assert!(summary.contains("Pentanomial  LL 7, LD 0, DD+WL 0, WD 0, WW 0"), "{summary}");
    let sprt = summary.lines().find(|line| line.starts_with("SPRT")).expect("an SPRT line");
    assert!(sprt.contains("(-2.94, 2.94)") && sprt.ends_with("H0 accepted"), "{sprt}");
}

#[test]
fn bad_match_arguments_are_reported_before_any_game() {
    let refused = |args: &[&str], expected: &str| {
        let output = run_match(args);
        let error = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {error}");
        assert!(error.contains(expected), "{args:?}: {error}");
        assert!(output.stdout.is_empty(), "{args:?}");
    };
    refused(&["--engine", CROWNHEAD, "--depth", "1"], "needs two --engine, not 1");
    refused(
        &["--engine-option", "tt-size=1", "--engine", CROWNHEAD, "--engine", CROWNHEAD, "--depth", "1"],
        "before any --engine",
    );
    refused(
        &["--engine", CROWNHEAD, "--engine", CROWNHEAD, "--engine-option", "hash", "--depth", "1"],
        "not NAME=VALUE",
    );
    refused(
        &["--engine", CROWNHEAD, "--engine", CROWNHEAD, "--engine-option", "hash=8", "--depth", "1"],
        "no parameter 'hash'",
    );
    refused(
        &["--engine", CROWNHEAD, "--engine", CROWNHEAD, "--engine-option", "tt-size=0", "--depth", "1"],
        "engine 2",
    );
    refused(
        &["--engine", "/nonexistent/engine", "--engine", CROWNHEAD, "--depth", "1"],
        "cannot start '/nonexistent/engine'",
    );
    refused(&["--engine", CROWNHEAD, "--engine", CROWNHEAD], "--depth");
    refused(
        &["--engine", CROWNHEAD, "--engine", CROWNHEAD, "--depth", "1", "--movetime", "1"],
        "cannot be used with",
    );
    refused(&["--engine", CROWNHEAD, "--engine", CROWNHEAD, "--tc", "60+x"], "BASE+INC");
    refused(&["--engine", CROWNHEAD, "--engine", CROWNHEAD, "--depth", "1", "--sprt", "5,0"], "ELO0,ELO1");
    let openings = std::env::temp_dir().join(format!("crownhead-bad-openings-{}.txt", std::process::id()));
    std::fs::write(&openings, "# two good, one bad\n11-15 23-19\n9-13 22-18\n9-13 22-18 12-17\n")
        .expect("a temporary file");
    let path = openings.to_string_lossy().into_owned();
    refused(
        &["--engine", CROWNHEAD, "--engine", CROWNHEAD, "--depth", "1", "--openings", &path],
        "line 4: illegal move '12-17'",
    );
    let _ = std::fs::remove_file(&openings);
}

/// A file name in the temporary directory, unique to this test run and `name`.
fn temporary(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("crownhead-matches-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The games of a match's PDN file, each read back without error.
fn read_games(path: &PathBuf) -> Vec<PdnGame> {
    let text = std::fs::read_to_string(path).expect("the match wrote its PDN file");
    read_pdn(&text, Variant::English)
        .into_iter()
        .map(|game| game.unwrap_or_else(|error| panic!("{error}\n{text}")))
        .collect()
}

fn tag<'a>(game: &'a PdnGame, name: &str) -> &'a str {
    game.tag(name).unwrap_or_else(|| panic!("no {name} tag in {:?}", game.tags))
}

/// Two crownhead configurations play three ballots of the English deck, two games at a
/// time. Every game is read back from the PDN file and replayed move by move: each
/// move legal, the opening the ballot of its pair, the game over by the rules exactly
/// at its last move with the result and reason the tags state; and the summary counts
/// what the games say.
#[test]
fn two_crownhead_configurations_play_a_match_written_to_pdn() {
    let pdn = temporary("match.pdn");
    let pdn_path = pdn.to_string_lossy().into_owned();
    let second = format!("'{CROWNHEAD}' hub");
    let output = run_match(&[
        "--engine",
        CROWNHEAD,
        "--engine-option",
        "tt-size=1",
        "--engine",
        &second,
        "--engine-option",
        "tt-size=2",
        "--depth",
        "2",
        "--games",
        "5",
        "--concurrency",
        "2",
        "--pdn",
        &pdn_path,
    ]);
    let summary = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let names = ["crownhead (tt-size=1)", "crownhead (tt-size=2)"];
    let ballots = openings::builtin(Variant::English).expect("the deck");

    let games = read_games(&pdn);
    assert_eq!(games.len(), 6, "5 games round up to 3 pairs");
    let mut rounds: Vec<u64> =
        games.iter().map(|game| tag(game, "Round").parse().expect("a number")).collect();
    rounds.sort_unstable();
    assert_eq!(rounds, [1, 2, 3, 4, 5, 6]);
    let mut first_engine = [0u64; 3];
    let mut pair_points = [0usize; 3];
    for pdn_game in &games {
        let round: usize = tag(pdn_game, "Round").parse().expect("a number");
        assert_eq!(tag(pdn_game, "Event"), "crownhead match");
        assert_eq!(tag(pdn_game, "GameType"), "21,B,8,8,N1,0");
        assert_eq!(tag(pdn_game, "TimeControl"), "depth 2");
        assert_eq!(tag(pdn_game, "Date").len(), "2024.02.29".len());
        let (white, black) = (tag(pdn_game, "White"), tag(pdn_game, "Black"));
        let first_is_white = round % 2 == 1;
        assert_eq!(
            [white, black],
            if first_is_white { names } else { [names[1], names[0]] },
            "round {round}"
        );
        assert_eq!(pdn_game.start, Position::start(Variant::English));

        let ballot = ballots[(round - 1) / 2].game().moves();
        assert_eq!(&pdn_game.moves.iter().map(|pdn_move| pdn_move.mv).collect::<Vec<_>>()[..3], ballot);
        let mut game = Game::new(pdn_game.start);
        for (ply, pdn_move) in pdn_game.moves.iter().enumerate() {
            assert_eq!(game.result(), None, "round {round}: a move after the end");
            assert!(game.play(pdn_move.mv).is_ok(), "round {round}: ply {ply} is illegal");
            assert_eq!(
                pdn_move.comment.is_some(),
                ply >= 3,
                "round {round}: engine moves carry their scores"
            );
        }
        let result = game.result().unwrap_or_else(|| panic!("round {round}: the game is not over"));
        assert_eq!(tag(pdn_game, "Termination"), result.reason.to_string(), "round {round}");
        let expected = match result.outcome {
            Outcome::Win(color) => PdnResult::Win(color),
            Outcome::Draw => PdnResult::Draw,
        };
        assert_eq!(pdn_game.result, expected, "round {round}");
        let first_color = if first_is_white { Color::White } else { Color::Black };
        let outcome = match pdn_game.result {
            PdnResult::Win(color) if color == first_color => 0,
            PdnResult::Draw => 1,
            _ => 2,
        };
        first_engine[outcome] += 1;
        pair_points[(round - 1) / 2] += 2 - outcome;
    }
    assert_eq!(summary_row(&summary, names[0]), first_engine);
    assert_eq!(summary_row(&summary, names[1]), [first_engine[2], first_engine[1], first_engine[0]]);
    let mut pentanomial = [0; 5];
    for points in pair_points {
        pentanomial[points] += 1;
    }
    let [ll, ld, dd, wd, ww] = pentanomial;
    let expected = format!("Pentanomial  LL {ll}, LD {ld}, DD+WL {dd}, WD {wd}, WW {ww}");
    assert!(summary.contains(&expected), "{expected} in\n{summary}");
    let _ = std::fs::remove_file(&pdn);
}

/// Engines that crash, play an illegal move, fall silent or answer late at their third
/// move lose both games of a pair with that reason. The second game shows the engine was
/// started afresh: it again plays two good moves first (an engine kept from the first
/// game would be dead, or past its third move).
#[test]
fn failing_engines_lose_with_the_reason_and_are_started_afresh() {
    let opening = temporary("opening.txt");
    std::fs::write(&opening, "11-15 23-19 # one opening: one pair\n").expect("a temporary file");
    let opening_path = opening.to_string_lossy().into_owned();
    for (mode, limit, ending) in [
        ("crash", ["--depth", "2"], "crash: engine exited (exit status: 3)"),
        ("illegal", ["--depth", "2"], "illegal move: '1-2'"),
        ("unreadable", ["--depth", "2"], "illegal move: unreadable move 'zz'"),
        ("silent", ["--tc", "2+0.1"], "no answer: no move within"),
        ("late", ["--tc", "1"], "time forfeit: answered after"),
    ] {
        let pdn = temporary(&format!("{mode}.pdn"));
        let pdn_path = pdn.to_string_lossy().into_owned();
        let engine = faulty(mode, 3);
        let mut args = vec!["--engine", &engine, "--engine-option", "tt-size=1", "--engine", CROWNHEAD];
        args.extend(["--engine-option", "tt-size=1", "--openings", &opening_path, "--pdn", &pdn_path]);
        args.extend(limit);
        let output = run_match(&args);
        let summary = text(&output.stdout);
        assert!(output.status.success(), "{mode}: {}", text(&output.stderr));
        let name = format!("faulty-{mode}");
        assert_eq!(summary_row(&summary, &name), [0, 0, 2], "{mode}");
        assert_eq!(summary_row(&summary, "crownhead"), [2, 0, 0], "{mode}");
        let games = read_games(&pdn);
        assert_eq!(games.len(), 2, "{mode}");
        for pdn_game in &games {
            let faulty_color = if tag(pdn_game, "White") == name { Color::White } else { Color::Black };
            assert_eq!(pdn_game.result, PdnResult::Win(!faulty_color), "{mode}");
            assert!(
                tag(pdn_game, "Termination").starts_with(ending),
                "{mode}: {}",
                tag(pdn_game, "Termination")
            );
            let mut game = Game::new(pdn_game.start);
            let mut faulty_moves = 0;
            for pdn_move in &pdn_game.moves {
                let mover = game.position().side_to_move();
                assert!(game.play(pdn_move.mv).is_ok(), "{mode}");
                faulty_moves += usize::from(mover == faulty_color && game.moves().len() > 2);
            }
            assert_eq!(faulty_moves, 2, "{mode}: round {}", tag(pdn_game, "Round"));
            assert_eq!(game.position().side_to_move(), faulty_color, "{mode}: it failed on its move");
        }
        let _ = std::fs::remove_file(&pdn);
    }
    let _ = std::fs::remove_file(&opening);
}

/// A Russian match from a FEN opening: the engines are told the rule set, their moves
/// are read in Russian numbering, and the PDN games carry the FEN and the Russian
/// GameType and replay from that position.
#[test]
fn a_russian_match_from_a_fen_opening_is_written_with_its_fen() {
    let fen = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
    let opening = temporary("fen-opening.txt");
    std::fs::write(&opening, format!("{fen}\n")).expect("a temporary file");
    let pdn = temporary("russian.pdn");
    let (opening_path, pdn_path) =
        (opening.to_string_lossy().into_owned(), pdn.to_string_lossy().into_owned());
    let output = run_match(&[
        "--engine",
        CROWNHEAD,
        "--engine",
        CROWNHEAD,
        "--variant",
        "russian",
        "--depth",
        "2",
        "--openings",
        &opening_path,
        "--pdn",
        &pdn_path,
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let summary = text(&output.stdout);
    let [first, second] = [summary_row(&summary, "crownhead #1"), summary_row(&summary, "crownhead #2")];
    assert_eq!(first.iter().sum::<u64>(), 2);
    assert_eq!(first, [second[2], second[1], second[0]]);
    let text = std::fs::read_to_string(&pdn).expect("the PDN file");
    let games: Vec<PdnGame> =
        read_pdn(&text, Variant::English).into_iter().map(|game| game.expect("a game")).collect();
    assert_eq!(games.len(), 2);
    let start = Position::from_fen(Variant::Russian, fen).expect("the FEN");
    for pdn_game in &games {
        assert_eq!(tag(pdn_game, "GameType"), "25,W,8,8,A0,0");
        assert_eq!(Position::from_fen(Variant::Russian, tag(pdn_game, "FEN")), Ok(start));
        assert_eq!(pdn_game.start, start);
        let mut game = Game::new(start);
        for pdn_move in &pdn_game.moves {
            assert!(game.play(pdn_move.mv).is_ok());
        }
        assert!(game.result().is_some());
    }
    let _ = std::fs::remove_file(&pdn);
    let _ = std::fs::remove_file(&opening);
}

/// `crownhead match` between crownhead and itself with another network (so that games
/// are won, lost and drawn; one search thread at 300 nodes a move plays the same games
/// on every run) with `args`: its standard output.
fn part_match(args: &[&str]) -> String {
    let network = format!("eval-file={}/nets/next/english-gen1.nnue", env!("CARGO_MANIFEST_DIR"));
    let engines =
        ["--engine", CROWNHEAD, "--engine", CROWNHEAD, "--engine-option", &network, "--nodes", "300"];
    let output =
        common::crownhead_command().arg("match").args(engines).args(args).output().expect("the binary runs");
    assert!(output.status.success(), "{args:?}: {}", text(&output.stderr));
    text(&output.stdout)
}

/// The games of a JSON summary: number, score and ending, in game order.
fn json_games(summary: &str) -> Vec<(u64, String, String)> {
    let value: serde_json::Value = serde_json::from_str(summary).expect("JSON");
    let mut games: Vec<(u64, String, String)> = value["games"]
        .as_array()
        .expect("a games array")
        .iter()
        .map(|game| {
            let field = |name: &str| game[name].as_str().expect("a string").to_string();
            (game["game"].as_u64().expect("a number"), field("score"), field("ending"))
        })
        .collect();
    games.sort();
    games
}

/// `--pairs 2-4` plays games 3 to 8 of the match, each as the whole match plays it (one
/// thread at a fixed node count plays the same games), and its JSON counts them.
#[test]
fn a_range_of_pairs_plays_those_games_of_the_whole_match() {
    let whole = json_games(&part_match(&["--games", "10", "--json", "--concurrency", "2"]));
    assert_eq!(whole.iter().map(|game| game.0).collect::<Vec<_>>(), (1..=10).collect::<Vec<_>>());
    let part = part_match(&["--pairs", "2-4", "--json"]);
    assert_eq!(json_games(&part), whole[2..8].to_vec());
    let value: serde_json::Value = serde_json::from_str(&part).expect("JSON");
    let wins = whole[2..8].iter().filter(|game| game.1 == "win").count() as u64;
    let draws = whole[2..8].iter().filter(|game| game.1 == "draw").count() as u64;
    assert_eq!(value["wdl"], serde_json::json!({"wins": wins, "draws": draws, "losses": 6 - wins - draws}));
    let mut pentanomial = [0u64; 5];
    for pair in whole[2..8].chunks(2) {
        let half_points =
            |score: &str| ["loss", "draw", "win"].iter().position(|name| *name == score).expect("a score");
        pentanomial[half_points(&pair[0].1) + half_points(&pair[1].1)] += 1;
    }
    assert_eq!(value["pentanomial"], serde_json::json!(pentanomial));
    assert!(value.get("sprt").is_none(), "{part}");
}

/// The parts of a match, summarised together, give the whole match's summary, text and
/// JSON, whatever order the parts come in.
#[test]
fn parts_summarised_together_are_the_whole_match() {
    let dir = common::scratch("matches", "parts");
    let mut paths = Vec::new();
    for range in ["4-5", "1-3"] {
        let path = dir.join(format!("{range}.json"));
        std::fs::write(&path, part_match(&["--pairs", range, "--json"])).expect("a part file");
        paths.push(path.to_string_lossy().into_owned());
    }
    let summarise = |extra: &[&str]| {
        let output = common::crownhead_command()
            .arg("match-summary")
            .args(&paths)
            .args(extra)
            .output()
            .expect("the binary runs");
        assert!(output.status.success(), "{}", text(&output.stderr));
        text(&output.stdout)
    };
    assert_eq!(summarise(&[]), part_match(&["--games", "10"]));
    assert_eq!(summarise(&["--json"]), part_match(&["--games", "10", "--json"]));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Parts of an SPRT counted in game order stop where one match stops: the engine that
/// always loses is rejected after 7 pairs (see above), though the parts hold 10.
#[test]
fn parts_counted_under_an_sprt_stop_where_the_match_stops() {
    let dir = common::scratch("matches", "sprt-parts");
    let loser = faulty("crash", 1);
    let engines = ["--engine", &loser, "--engine", CROWNHEAD, "--depth", "1"];
    let mut paths = Vec::new();
    for range in ["1-5", "6-10"] {
        let output = run_match(&[&engines[..], &["--pairs", range, "--json"]].concat());
        assert!(output.status.success(), "{}", text(&output.stderr));
        let path = dir.join(format!("{range}.json"));
        std::fs::write(&path, &output.stdout).expect("a part file");
        paths.push(path.to_string_lossy().into_owned());
    }
    let output = common::crownhead_command()
        .arg("match-summary")
        .args(["--sprt", "0,100"])
        .args(&paths)
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let whole = run_match(&[&engines[..], &["--sprt", "0,100", "--games", "40"]].concat());
    assert_eq!(text(&output.stdout), text(&whole.stdout));
    assert!(text(&output.stdout).contains("H0 accepted"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_parts_are_reported_with_their_file() {
    let dir = common::scratch("matches", "bad-parts");
    let part = dir.join("part.json");
    std::fs::write(&part, part_match(&["--pairs", "1-1", "--json"])).expect("a part file");
    let other = dir.join("other.json");
    std::fs::write(&other, r#"{"engines": ["x", "y"], "games": []}"#).expect("a file");
    let garbled = dir.join("garbled.json");
    std::fs::write(&garbled, "{\"engines\": [\"a\", \"b\"], \"games\": [{\"game\": 0}]}").expect("a file");
    let missing = dir.join("missing.json");
    let refused = |files: &[&PathBuf], expected: &str| {
        let output = common::crownhead_command().arg("match-summary").args(files).output().expect("runs");
        let error = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{error}");
        assert!(error.contains(expected), "{expected} in {error}");
        assert!(output.stdout.is_empty());
    };
    refused(&[&part, &part], "game 1 is in both");
    refused(&[&part, &other], "other.json is a match of x against y, not of crownhead against");
    refused(&[&part, &garbled], "garbled.json: not a match summary (crownhead match --json): bad game");
    refused(&[&missing], "cannot read");
    let output = run_match(&["--engine", CROWNHEAD, "--engine", CROWNHEAD, "--depth", "1", "--pairs", "0-3"]);
    assert!(text(&output.stderr).contains("is not FIRST-LAST"), "{}", text(&output.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Matches measure engines, not books: crownhead's built-in English book is off in a
/// match unless an engine is given `book=true`. Every move of a match at depth 3 then
/// carries its search's score and depth (`{0.10/3 0.00s}`); a book move has none.
#[test]
fn matches_play_without_the_book_unless_asked() {
    let dir = common::scratch("matches", "book");
    let engine = format!("{CROWNHEAD} hub");
    let comments = |name: &str, extra: &[&str]| -> Vec<String> {
        let pdn = dir.join(name);
        let pdn_arg = pdn.to_str().expect("UTF-8");
        let args =
            [&["--engine", &engine][..], extra, &["--engine", &engine, "--games", "2", "--depth", "3"]];
        let output = run_match(&[&args.concat()[..], &["--pdn", pdn_arg]].concat());
        assert!(output.status.success(), "{}", text(&output.stderr));
        let games = std::fs::read_to_string(&pdn).expect("the PDN is written");
        games
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}'))
            .map(|(comment, _)| comment.to_string())
            .collect()
    };
    let searched = comments("off.pdn", &[]);
    let unsearched: Vec<&String> = searched.iter().filter(|comment| !comment.contains("/3")).collect();
    assert!(searched.len() > 20 && unsearched.is_empty(), "{unsearched:?}");
    let booked = comments("on.pdn", &["--engine-option", "book=true"]);
    assert!(booked.iter().any(|comment| !comment.contains('/')), "no book move in {} moves", booked.len());
}

/// `--engine-stderr DIR` keeps what the engines log: DIR is created, each engine's
/// standard error goes to `engine-1.log` or `engine-2.log` (in the order of `--engine`),
/// and a later match appends rather than truncates. Without `RUST_LOG` the engines log
/// nothing and the match plays as before. A DIR that is a file, or a log that cannot be
/// opened, is an error before any game.
#[test]
fn engine_stderr_is_appended_to_a_file_per_engine() {
    let scratch = common::scratch("matches", "engine-stderr");
    let dir = scratch.join("logs");
    let dir_arg = dir.to_str().expect("UTF-8");
    let players = ["--engine", CROWNHEAD, "--engine", CROWNHEAD, "--variant", "english"];
    let args = [&players[..], &["--nodes", "300", "--games", "2", "--engine-stderr", dir_arg]].concat();
    let logs = || ["engine-1.log", "engine-2.log"].map(|name| std::fs::read_to_string(dir.join(name)));
    let output = common::crownhead_command()
        .arg("match")
        .args(&args)
        .env("RUST_LOG", "debug")
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let logged = logs().map(|log| log.expect("the log is written"));
    for log in &logged {
        // One process per engine (no game faulted), told `hub` once.
        assert_eq!(log.lines().filter(|line| line.ends_with("hub < hub")).count(), 1, "{log}");
    }
    let output =
        common::crownhead_command().arg("match").args(&args).env_remove("RUST_LOG").output().expect("runs");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(!text(&output.stdout).contains("crash"), "{}", text(&output.stdout));
    assert_eq!(logs().map(|log| log.expect("the log is kept")), logged);
    let failed = |dir: &std::path::Path, expected: &str| {
        let dir_arg = dir.to_str().expect("UTF-8");
        let output = run_match(&[&players[..], &["--depth", "1", "--engine-stderr", dir_arg]].concat());
        assert!(!output.status.success(), "{dir_arg}");
        assert!(text(&output.stderr).contains(expected), "{}", text(&output.stderr));
        assert!(output.stdout.is_empty());
    };
    failed(&dir.join("engine-1.log"), "cannot create --engine-stderr");
    std::fs::create_dir_all(scratch.join("blocked/engine-1.log")).expect("a directory");
    failed(&scratch.join("blocked"), "for the engine's standard error");
    let _ = std::fs::remove_dir_all(&scratch);
}
