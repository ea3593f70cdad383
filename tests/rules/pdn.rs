//! PDN reading and writing: real game collections read, written and read back
//! (`tests/data/pdn/README.md` names their sources), malformed games reported where they
//! fail while the rest of the file is read, and every result, move-number and comment
//! form. Expected figures come from the files themselves (game and result counts by
//! `grep`, moves counted by hand).

use crownhead::rules::{
    Color, Game, Outcome, PdnError, PdnGame, PdnMove, PdnResult, Position, Variant, read_pdn,
};

const TINSLEY: &str = include_str!("../data/pdn/tinsley.pdn");
const TRICKS: &str = include_str!("../data/pdn/tricks_traps_and_shots.pdn");
const WK2003: &str = include_str!("../data/pdn/wk2003.pdn");
const KURNIK: &str = include_str!("../data/pdn/kurnik.pdn");
const USSR: &str = include_str!("../data/pdn/ussr1947.pdn");
const ANTIDRAUGHTS: &str = include_str!("../data/pdn/lidraughts/antidraughts.pdn");
const BREAKTHROUGH: &str = include_str!("../data/pdn/lidraughts/breakthrough.pdn");
const FRYSK: &str = include_str!("../data/pdn/lidraughts/frysk.pdn");

/// Every game of `text`, which must all be readable.
fn read_all(text: &str, variant: Variant) -> Vec<PdnGame> {
    read_pdn(text, variant).into_iter().map(|game| game.expect("a readable game")).collect()
}

/// The one game of `text`.
fn read_one(text: &str, variant: Variant) -> PdnGame {
    let mut games = read_all(text, variant);
    assert_eq!(games.len(), 1, "{text}");
    games.remove(0)
}

/// The errors among the games of `text`.
fn errors(text: &str, variant: Variant) -> Vec<PdnError> {
    read_pdn(text, variant).into_iter().filter_map(Result::err).collect()
}

/// The moves of `game` as the rule set writes them.
fn move_texts(game: &PdnGame) -> Vec<String> {
    let moves: Vec<_> = game.moves.iter().map(|pdn_move| pdn_move.mv).collect();
    game.start.line_to_text(&moves, Position::move_to_text)
}

/// How many games end in each way: (first player wins, second player wins, draws).
fn tally(games: &[PdnGame], variant: Variant) -> (usize, usize, usize) {
    let first = variant.rules().first_to_move;
    let count = |result| games.iter().filter(|game| game.result == result).count();
    (count(PdnResult::Win(first)), count(PdnResult::Win(!first)), count(PdnResult::Draw))
}

/// The tags the writer keeps as they are, sorted by name.
fn kept_tags(game: &PdnGame) -> Vec<(String, String)> {
    let derived = ["Result", "GameType", "Variant", "SetUp", "FEN"];
    let mut tags: Vec<_> = game
        .tags
        .iter()
        .filter(|(name, _)| !derived.iter().any(|d| d.eq_ignore_ascii_case(name)))
        .cloned()
        .collect();
    tags.sort();
    tags
}

/// Writes each game and reads it back, with a default rule set that is wrong for it so
/// that only the written tags can name the rule set: same moves, comments, start,
/// result and tags; the written tags are consistent with the game; writing again gives
/// the same text.
fn assert_round_trip(games: &[PdnGame]) {
    for game in games {
        let variant = game.start.variant();
        let text = game.to_pdn();
        let wrong_default = if variant == Variant::Czech { Variant::English } else { Variant::Czech };
        let again = read_one(&text, wrong_default);
        assert_eq!(again.start, game.start, "{text}");
        assert_eq!(again.moves, game.moves, "{text}");
        assert_eq!(again.comment, game.comment, "{text}");
        assert_eq!(again.result, game.result, "{text}");
        assert_eq!(kept_tags(&again), kept_tags(game), "{text}");
        assert_eq!(again.tag("GameType"), Some(variant.rules().game_type));
        assert_eq!(again.tag("Result"), Some(game.result.to_pdn(variant)));
        assert_eq!(again.tag("FEN").is_some(), game.start != Position::start(variant), "{text}");
        assert_eq!(again.to_pdn(), text);
        assert!(text.ends_with("\n\n") && !text.ends_with("\n\n\n"), "{text}");
        assert!(text.lines().all(|line| line.chars().count() <= 80), "{text}");
    }
    let file: String = games.iter().map(PdnGame::to_pdn).collect();
    assert_eq!(read_pdn(&file, Variant::Czech).len(), games.len());
}

#[test]
fn english_tournament_games_round_trip() {
    // Tinsley's 1946 games (CheckerBoard's games/tinsley.pdn, its first 33 games): no
    // GameType tag, so English by default; short and full-path captures.
    let games = read_all(TINSLEY, Variant::English);
    assert_eq!(games.len(), 33);
    // grep: 3 `1-0`, 7 `0-1`, 23 `1/2-1/2`; `1-0` is the first player's (Black's) win.
    assert_eq!(tally(&games, Variant::English), (3, 7, 23));
    let first = &games[0];
    assert_eq!(first.tag("Black"), Some("MF Tinsley"));
    assert_eq!(first.tag("White"), Some("M Rex"));
    assert_eq!(first.moves.len(), 56, "27 full moves, then 17x10 24x15x6");
    assert_eq!(first.moves[55].mv.captured().count(), 2, "24x15x6 takes two men");
    // Game 2 plays 27x18x9, 6x13x22 and 25x18x11 in a row (plies 10 to 12).
    let second = &games[1];
    for ply in 9..12 {
        assert_eq!(second.moves[ply].mv.captured().count(), 2, "ply {}", ply + 1);
    }
    assert_eq!(move_texts(second)[9..12], ["27x9", "6x22", "25x11"]);
    assert_round_trip(&games);
}

#[test]
fn english_problems_with_comments_and_setups_round_trip() {
    // Ryan's "Tricks, traps and shots": FEN set-ups with either side to move, comments
    // after moves, a game run into the next one's tags (`0-1[Event`), a game given twice,
    // Windows line endings.
    let results = read_pdn(TRICKS, Variant::English);
    assert_eq!(results.len(), 91);
    // Two games give a capture by its ends where two capture paths take different men.
    let bad: Vec<_> = results.iter().filter_map(|game| game.as_ref().err()).collect();
    assert_eq!(bad.len(), 2);
    assert_eq!(
        bad[0].to_string(),
        "game 57, line 660: ambiguous move '10x26': could be 10x17x26 or 10x19x26"
    );
    assert_eq!(
        bad[1].to_string(),
        "game 90, line 1023: ambiguous move '32x7': could be 32x23x14x7 or 32x23x16x7"
    );
    let games: Vec<PdnGame> = results.into_iter().filter_map(Result::ok).collect();
    // grep: 24 `1-0`, 49 `0-1`, 18 draws, less the `1-0` of game 57 and the `0-1` of game 90.
    assert_eq!(tally(&games, Variant::English), (23, 48, 18));

    let example = &games[0];
    assert_eq!(example.tag("Event"), Some("TTS Example 1"));
    assert_eq!(example.start, Position::from_fen(Variant::English, "W:W32,27,24,22:B20,15,10,7").unwrap());
    assert_eq!(example.result, PdnResult::Win(Color::White), "`0-1` is White's win in English");
    assert_eq!(
        move_texts(example),
        ["27-23", "20x27", "23-18", "27-31", "18x2", "10-14", "2-6", "31-26", "6-9"]
    );
    let comments: Vec<Option<&str>> = example.moves.iter().map(|m| m.comment.as_deref()).collect();
    assert_eq!(comments[0].map(|c| &c[..28]), Some("A guileless amateur would be"));
    assert_eq!(comments[2], Some("white wins immediately by executing a \"double exposure slip\""));
    assert_eq!(comments[8], Some("white wins"));
    assert_eq!(comments.iter().flatten().count(), 3);
    // Example 8 starts with Black to move: written `1. 11-16 {...} 19-15`, White's move
    // after the comment not numbered again (pydraughts misreads a number given twice).
    let black_to_move = &games[7];
    assert_eq!(black_to_move.start.side_to_move(), Color::Black);
    assert!(black_to_move.to_pdn().contains("1. 11-16 {Black has just enough time"));
    assert!(black_to_move.to_pdn().contains("hold\" idea to draw.} 19-15 {White is"));
    assert!(!black_to_move.to_pdn().contains("..."));
    // Example 1 starts with White, the second player, to move.
    assert!(example.to_pdn().contains("\n1... 27-23 {A guileless"));
    assert!(example.to_pdn().contains("} 2. 20x27 23-18 {"));
    // Game 47 is given twice, once with a comment; game 48's tags follow `0-1` directly.
    let twice: Vec<usize> = (0..games.len())
        .filter(|&i| games[i].tag("Event") == Some("TTS Game 47 Freeman's Flashback"))
        .collect();
    assert_eq!(twice.len(), 2);
    assert_eq!(move_texts(&games[twice[0]]), move_texts(&games[twice[1]]));
    assert_eq!(games[twice[0]].moves[32].comment.as_deref(), Some("the net, 2-7* draws"));
    assert_eq!(games[twice[1]].moves[32].comment, None);
    let next = &games[twice[1] + 1];
    assert_eq!(next.tag("Event"), Some("TTS Game 48 Christie's Shot"));
    assert_eq!((next.moves.len(), next.result), (47, PdnResult::Win(Color::Black)));
    assert_round_trip(&games);
}

#[test]
fn international_tournament_games_round_trip() {
    // The 2003 world championship, rounds 1 to 3 (wiegerw/pdn games/succeed/wk2003.pdn).
    let games = read_all(WK2003, Variant::English);
    assert_eq!(games.len(), 23);
    assert!(games.iter().all(|game| game.start == Position::start(Variant::International)));
    // grep: 4 `1-0`, 2 `0-1`, 17 `1/2-1/2`.
    assert_eq!(tally(&games, Variant::International), (4, 2, 17));
    assert_eq!(games[3].tag("White"), Some("Weitsman,V."));
    assert_eq!(games[3].result, PdnResult::Win(Color::Black));
    assert_eq!(games[0].moves.len(), 80);
    // Written with International scores.
    assert!(games[0].to_pdn().contains("[Result \"1-1\"]"));
    assert!(games[0].to_pdn().trim_end().ends_with("17x8\n1-1"));
    assert!(games[3].to_pdn().trim_end().ends_with("39-33 12-17 0-2"));
    assert_round_trip(&games);

    // Games played on PlayOK (kurnik), GameType `20,W,10,10,N1,0`, long king moves.
    let games = read_all(KURNIK, Variant::English);
    assert_eq!(games.len(), 4);
    assert_eq!(tally(&games, Variant::International), (1, 1, 2));
    assert_eq!(games[0].tag("TimeControl"), Some("60+5"));
    // 21. 39x28x17x6: three men.
    assert_eq!(games[0].moves[40].mv.captured().count(), 3);
    assert_eq!(games[2].moves.len(), 165);
    assert_round_trip(&games);
}

/// Games lidraughts refereed, in the PDN it writes (its GameType numbers 98, 96 and 97,
/// bare; Frysk! with a FEN tag of its start): every move legal, no game won by the rules
/// before its last move, and every game over by the rules at the end scored as lidraughts
/// scored it (the others ended by resignation, time or abandonment). The end:
/// antidraughts' winner has no move left, breakthrough's has crowned, Frysk!'s loser has
/// no move or two kings did not beat one in seven moves. pydraughts 0.6.7, replaying the
/// same files, finds 16, 12 and 19 of the games over at their end.
#[test]
fn lidraughts_games_replay_and_end_as_lidraughts_scored_them() {
    for (text, variant, ended_by_the_rules) in [
        (ANTIDRAUGHTS, Variant::Antidraughts, 16),
        (BREAKTHROUGH, Variant::Breakthrough, 12),
        (FRYSK, Variant::Frysk, 19),
    ] {
        let games = read_all(text, Variant::English);
        assert_eq!(games.len(), 25, "{variant}");
        let mut ended = 0;
        for game in &games {
            let site = game.tag("Site").unwrap_or_default();
            assert_eq!(game.start, Position::start(variant), "{site}");
            let mut replay = Game::new(game.start);
            for pdn_move in &game.moves {
                let over = replay.result().filter(|result| result.outcome != Outcome::Draw);
                assert_eq!(over, None, "{site}: over before {:?}", pdn_move.mv);
                replay.play(pdn_move.mv).unwrap_or_else(|error| panic!("{site}: {error}"));
            }
            if let Some(result) = replay.result() {
                assert_eq!(PdnResult::from(result.outcome), game.result, "{site}: {result:?}");
                ended += 1;
            }
        }
        assert_eq!(ended, ended_by_the_rules, "{variant}");
        assert_round_trip(&games);
    }
}

#[test]
fn russian_championship_games_round_trip() {
    // The 10th USSR championship (wiegerw/pdn games/succeed/ussr1947.pdn): no GameType,
    // `:` captures, Windows line endings, Cyrillic names, and a FEN of the start position
    // numbered from the top (White on 21-32), which PDN's a1 = 1 cannot place.
    let games = read_all(USSR, Variant::Russian);
    assert_eq!(games.len(), 54);
    assert!(games.iter().all(|game| game.start == Position::start(Variant::Russian)));
    // grep: 8 `1-0`, 5 `0-1`, 41 `1/2-1/2`.
    assert_eq!(tally(&games, Variant::Russian), (8, 5, 41));
    assert_eq!(games[0].tag("White"), Some("Блиндер Б."));
    assert_eq!(games[0].tag("Round"), Some(""));
    assert_eq!(games[0].moves.len(), 61, "30 full moves and 31. h4:f6");
    assert_eq!(move_texts(&games[0])[10..12], ["d4xb6", "a5xc7"]);
    assert_round_trip(&games);
    // The game replays as a rules::Game.
    let game = games[0].game();
    assert_eq!(game.moves().len(), 61);
    assert_eq!(game.position(), &games[0].moves.iter().fold(games[0].start, |p, m| p.play(&m.mv)));
}

#[test]
fn windows_line_endings_and_a_byte_order_mark_read_the_same() {
    let plain = read_all(TINSLEY, Variant::English);
    let windows = format!("\u{feff}{}", TINSLEY.replace('\n', "\r\n"));
    assert_eq!(read_all(&windows, Variant::English), plain);
    let unix = USSR.replace("\r\n", "\n");
    assert_eq!(read_all(&unix, Variant::Russian), read_all(USSR, Variant::Russian));
}

#[test]
fn small_files_of_the_pdn_standard() {
    // Test files of the PDN 3.0 standard's repository (wiegerw/pdn games/).
    let variation = read_one(include_str!("../data/pdn/edge/variation.pdn"), Variant::International);
    assert_eq!(move_texts(&variation), ["32-28", "19-23", "28x19", "14x23"]);
    assert_eq!(variation.result, PdnResult::Unfinished);
    let terminator = read_one(include_str!("../data/pdn/edge/gameterminator.pdn"), Variant::International);
    assert_eq!((move_texts(&terminator), terminator.result), (vec!["32-28".to_string()], PdnResult::Draw));
    let algebraic = read_one(include_str!("../data/pdn/edge/alphanumeric.pdn"), Variant::Russian);
    assert_eq!(move_texts(&algebraic), ["a3-b4"]);
    let line_comment = read_one(include_str!("../data/pdn/edge/linecomment.pdn"), Variant::International);
    assert_eq!(line_comment.tags, [("Date".to_string(), "2012.02.01".to_string())]);
    assert_eq!(move_texts(&line_comment), ["32-28", "19-23"]);
    let string = read_one(include_str!("../data/pdn/edge/string.pdn"), Variant::International);
    assert_eq!(string.tag("White"), Some("This is a string with an escaped character \""));
    assert_eq!(move_texts(&string), ["32-28"]);
    assert_round_trip(&[variation, terminator, algebraic, line_comment, string]);

    // The standard allows `?` for the side to move; crownhead needs to know it.
    let fens = read_pdn(include_str!("../data/pdn/edge/fen.pdn"), Variant::International);
    assert_eq!(fens.len(), 3);
    assert_eq!(
        fens[0].as_ref().unwrap_err().to_string(),
        "game 1, line 1: bad side to move '?' in FEN (expected W or B)"
    );
    assert_eq!(fens[1].as_ref().unwrap().start.to_fen(), "W:WK15,29,31:B9,12,13,14");
    assert_eq!(fens[2].as_ref().unwrap().start, Position::start(Variant::International));
    // A comment holding `{ ... }` is not PDN: its second `}` closes nothing.
    let nested = errors(include_str!("../data/pdn/edge/nested_comment.pdn"), Variant::International);
    assert_eq!(nested, [PdnError { game: 1, line: 1, message: "'}' outside a comment".to_string() }]);
}

/// Three English games; the second holds `fault` on line 10 of the text.
fn three_games(fault: &str) -> String {
    format!(
        "[Event \"one\"]\n[Result \"1-0\"]\n\n1. 11-15 23-19 2. 8-11 1-0\n\n\
         [Event \"two\"]\n[Result \"*\"]\n\n1. 11-15 23-19\n{fault}\n3. 4-8 *\n\n\
         [Event \"three\"]\n[Result \"0-1\"]\n\n1. 9-13 22-18 0-1\n"
    )
}

#[test]
fn a_bad_game_is_located_and_the_others_are_read() {
    // Without a fault, game two is 1. 11-15 23-19 2. 8-11 22-17 3. 4-8.
    let cases = [
        ("2. 8-11 22-17 11-15", "illegal move '11-15'"),
        ("2. 8-11 22-18 3. 4-8", "illegal move '4-8'"),
        ("2. 8-11 {no end", "'{' starts a comment that is never closed"),
        ("2. 8-11 22-17 )", "')' closes no variation"),
        ("2. 8-11 22-17 (2... 21-17", "the variation opened here is never closed"),
        ("2. 8-11 22-17 }", "'}' outside a comment"),
        ("2. 8-11 22-17 33-29", "no square '33' in move '33-29'"),
        ("2. 8-11 22-17 11y15", "cannot read move '11y15'"),
    ];
    assert_eq!(
        read_pdn(&three_games("2. 8-11 22-17"), Variant::English).iter().filter(|g| g.is_ok()).count(),
        3
    );
    for (fault, message) in cases {
        let text = three_games(fault);
        let games = read_pdn(&text, Variant::English);
        assert_eq!(games.len(), 3, "{fault}");
        assert_eq!(games[0].as_ref().map(|g| g.tag("Event")), Ok(Some("one")), "{fault}");
        assert_eq!(games[2].as_ref().map(|g| g.tag("Event")), Ok(Some("three")), "{fault}");
        assert_eq!(games[2].as_ref().map(|g| g.moves.len()), Ok(2), "{fault}");
        let error = games[1].as_ref().unwrap_err();
        assert_eq!((error.game, error.line, error.message.as_str()), (2, 10, message), "{fault}");
    }
    // No blank lines, no results: the tags of the next game end the one before.
    let text =
        "[Event \"a\"]\n1. 11-15 23-19\n[Event \"b\"]\n1. 11-15 24-19 2. 15x24\n[Event \"c\"]\n1. 9-13";
    let games = read_all(text, Variant::English);
    let lengths: Vec<(Option<&str>, usize)> = games.iter().map(|g| (g.tag("Event"), g.moves.len())).collect();
    assert_eq!(lengths, [(Some("a"), 2), (Some("b"), 3), (Some("c"), 1)]);
}

#[test]
fn a_bad_tag_skips_the_game_but_not_the_next() {
    let tagged = |tag: &str| {
        format!(
            "[Event \"one\"]\n1. 11-15 *\n\n[Event \"two\"]\n{tag}\n[Round \"2\"]\n\n1. 11-15 23-19 *\n\n\
             [Event \"three\"]\n[Round \"3\"]\n1. 9-13 *\n"
        )
    };
    let cases = [
        ("[FEN \"B:W21-32:B1-12,33\"]", "no square '33' on this board"),
        ("[FEN \"B:W21-32:B1-12,21\"]", "square 21 is given twice in FEN"),
        ("[FEN \"W:W1,2:B30\"]", "white man on its crowning square 1"),
        ("[GameType \"31\"]", "unsupported GameType '31'"),
        ("[GameType \"frisian\"]", "unsupported GameType 'frisian'"),
        ("[Date \"2024", "malformed tag '[Date \"2024'"),
    ];
    for (tag, message) in cases {
        let games = read_pdn(&tagged(tag), Variant::English);
        assert_eq!(games.len(), 3, "{tag}");
        assert_eq!(games[1], Err(PdnError { game: 2, line: 5, message: message.to_string() }), "{tag}");
        assert_eq!(games[2].as_ref().map(|g| g.tag("Round")), Ok(Some("3")), "{tag}");
    }
}

#[test]
fn every_result_form_in_tags_and_as_terminators() {
    let cases = [
        ("1-0", PdnResult::Win(Color::Black), PdnResult::Win(Color::White), PdnResult::Win(Color::White)),
        ("0-1", PdnResult::Win(Color::White), PdnResult::Win(Color::Black), PdnResult::Win(Color::Black)),
        ("2-0", PdnResult::Win(Color::Black), PdnResult::Win(Color::White), PdnResult::Win(Color::White)),
        ("0-2", PdnResult::Win(Color::White), PdnResult::Win(Color::Black), PdnResult::Win(Color::Black)),
        ("1/2-1/2", PdnResult::Draw, PdnResult::Draw, PdnResult::Draw),
        ("1-1", PdnResult::Draw, PdnResult::Draw, PdnResult::Draw),
        ("0-0", PdnResult::BothLose, PdnResult::BothLose, PdnResult::BothLose),
        ("*", PdnResult::Unfinished, PdnResult::Unfinished, PdnResult::Unfinished),
    ];
    for (text, english, russian, international) in cases {
        for (variant, moves, expected) in [
            (Variant::English, "1. 11-15 23-19", english),
            (Variant::Russian, "1. c3-d4 f6-g5", russian),
            (Variant::International, "1. 32-28 19-23", international),
        ] {
            let terminated = read_one(&format!("{moves} {text}\n"), variant);
            let tagged = read_one(&format!("[Result \"{text}\"]\n{moves}\n"), variant);
            let both = read_one(&format!("[Result \"{text}\"]\n{moves} {text}\n"), variant);
            for game in [&terminated, &tagged, &both] {
                assert_eq!(game.result, expected, "{text} in {variant}");
                assert_eq!(game.moves.len(), 2);
            }
            assert_eq!(PdnResult::from_pdn(text, variant), Some(expected));
        }
    }
    // Written in the rule set's own set of results.
    let write = |result: PdnResult, variant| result.to_pdn(variant);
    assert_eq!(write(PdnResult::Win(Color::Black), Variant::English), "1-0");
    assert_eq!(write(PdnResult::Win(Color::White), Variant::English), "0-1");
    assert_eq!(write(PdnResult::Win(Color::White), Variant::Italian), "1-0");
    assert_eq!(write(PdnResult::Win(Color::White), Variant::International), "2-0");
    assert_eq!(write(PdnResult::Win(Color::Black), Variant::International), "0-2");
    assert_eq!(write(PdnResult::Draw, Variant::International), "1-1");
    assert_eq!(write(PdnResult::Draw, Variant::Pool), "1/2-1/2");
    assert_eq!(write(PdnResult::BothLose, Variant::International), "0-0");
    assert_eq!(write(PdnResult::Unfinished, Variant::Russian), "*");
    // A result in either place counts when the other says nothing.
    let game = read_one("[Result \"*\"]\n1. 11-15 0-1\n", Variant::English);
    assert_eq!(game.result, PdnResult::Win(Color::White));
    let game = read_one("[Result \"1-0\"]\n1. 11-15 *\n", Variant::English);
    assert_eq!(game.result, PdnResult::Win(Color::Black));
    let game = read_one("[Result \"?\"]\n1. 11-15\n", Variant::English);
    assert_eq!(game.result, PdnResult::Unfinished);
}

#[test]
fn move_numbers_annotations_and_variations() {
    let forms = [
        "1. 11-15 23-19 2. 8-11 22-17 *",
        "1.11-15 23-19 2.8-11 22-17 *",
        "1. 11-15 1... 23-19 2. 8-11 2... 22-17 *",
        "1.11-15 1...23-19 2.8-11 2...22-17 *",
        "1. 11-15 ... 23-19 2. 8-11 ... 22-17 *",
        "1. 11-15 {a} 1... 23-19 {b} 2. 8-11 {c} 2... 22-17 *",
        "1. 11-15 {a} 23-19 {b} 2. 8-11 {c} 22-17 *",
        "11-15 23-19 8-11 22-17 *",
        "1. 11-15! 23-19? 2. 8-11!? $3 22-17?? $14 *",
        "1. 11-15 {good} (1. 9-13 22-17 (1... 22-18) 2. 13x22) 23-19 2. 8-11 (2. 9-14?) 22-17 *",
        "1. 11-15\n% a line comment 1. 9-13\n23-19 2. 8-11 22-17 *",
    ];
    for text in forms {
        let game = read_one(text, Variant::English);
        assert_eq!(move_texts(&game), ["11-15", "23-19", "8-11", "22-17"], "{text}");
    }
    // A comment belongs to the move before it in its line (past the variations that
    // replace that move), or stands before the line's first move; two comments after
    // one move are joined. tests/rules/pdn_tree.rs tests the tree further.
    let game = read_one(
        "{before} 1. 11-15 {first\n   line} (1. 9-13 {inside}) {second} 23-19 2. 8-11 {a} {b} *",
        Variant::English,
    );
    let comments: Vec<Option<&str>> = game.moves.iter().map(|m| m.comment.as_deref()).collect();
    assert_eq!(comments, [Some("first line second"), None, Some("a b")]);
    assert_eq!(game.comment.as_deref(), Some("before"));
    assert_eq!(game.moves[0].variations[0].moves[0].comment.as_deref(), Some("inside"));
    // Full paths, `x`, `:` and `-` for a capture, and algebraic squares without a separator.
    for capture in ["a3xc5", "a3:c5", "a3-c5", "a3c5"] {
        let game = read_one(&format!("[FEN \"W:Wa3:Bb4,h8\"]\n1. {capture}"), Variant::Russian);
        assert_eq!(move_texts(&game), ["a3xc5"], "{capture}");
    }
    for capture in ["1x19", "1x10x19", "1:10:19", "1-10-19", "1x10x19!"] {
        let game = read_one(&format!("[FEN \"B:W6,15,30:BK1\"]\n1. {capture}"), Variant::English);
        assert_eq!(move_texts(&game), ["1x19"], "{capture}");
        assert_eq!(game.moves[0].mv.captured().count(), 2);
    }
}

#[test]
fn rule_set_from_game_type_and_variant_tags() {
    let cases = [
        ("[GameType \"21\"]", Variant::English),
        ("[GameType \"21,B,8,8,N1,0\"]", Variant::English),
        ("[GameType \"21\"][Variant \"english-25\"]", Variant::English25),
        ("[GameType \"22,W,8,8,N2,1\"]", Variant::Italian),
        ("[GameType \"23\"]", Variant::Pool),
        ("[GameType \"24\"]", Variant::Spanish),
        ("[GameType \"24\"][Variant \"spanish-short\"]", Variant::SpanishShort),
        ("[GameType \"25\"]", Variant::Russian),
        ("[GameType \"25,W,8,8,A0,0\"]\n[Variant \"playok\"]", Variant::PlayOk),
        ("[GameType \"26\"]", Variant::Brazilian),
        ("[GameType \"28\"]", Variant::Portuguese),
        ("[GameType \"29\"]", Variant::Czech),
        ("[GameType \"20\"]", Variant::International),
        ("[GameType \"20\"][Variant \"Killer\"]", Variant::Killer),
        ("[GameType \"98\"]", Variant::Antidraughts),
        ("[GameType \"96\"]", Variant::Breakthrough),
        ("[GameType \"20\"][Variant \"Antidraughts\"]", Variant::Antidraughts),
        ("[Variant \"Russian\"]", Variant::Russian),
        ("[GameType \"20\"][Variant \"Standard (international) checkers\"]", Variant::International),
        ("[Event \"no rule set named\"]", Variant::Brazilian),
    ];
    for (tags, variant) in cases {
        let game = read_one(&format!("{tags}\n*"), Variant::Brazilian);
        assert_eq!(game.start, Position::start(variant), "{tags}");
        let written = game.to_pdn();
        assert!(written.contains(&format!("[GameType \"{}\"]", variant.rules().game_type)), "{written}");
        let variant_tag = variant.rules().pdn_variant_tag.map(|name| format!("[Variant \"{name}\"]\n"));
        assert_eq!(variant_tag.is_some(), written.contains("[Variant "), "{written}");
        assert!(variant_tag.is_none_or(|tag| written.contains(&tag)), "{written}");
        assert_eq!(read_one(&written, Variant::English).start, game.start);
    }
}

#[test]
fn set_up_positions_are_read_in_every_form() {
    let cases = [
        (
            Variant::English,
            "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
            "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29",
        ),
        (Variant::English, "W:B1-4,K5:W29-32", "W:W29,30,31,32:B1,2,3,4,K5"),
        (Variant::English, "B:WK10-12:B20.", "B:WK10,K11,K12:B20"),
        (Variant::Russian, "W:Wa1,Kc3:Bh8,d6", "W:Wa1,Kc3:Bd6,h8"),
        // Numbers on an algebraic board: a1 = 1 when that places the pieces...
        (Variant::Russian, "W:W21,22:B5", "W:Wb6,d6:Bb2"),
        // ...and 1 = b8, from the top as lidraughts numbers, when it cannot.
        (Variant::Russian, "W:W29:B1", "W:Wa1:Bb8"),
        (Variant::International, "W:W31-35:B1-5,K6", "W:W31,32,33,34,35:B1,2,3,4,5,K6"),
    ];
    for (variant, fen, expected) in cases {
        let game = read_one(&format!("[FEN \"{fen}\"]\n*"), variant);
        assert_eq!(game.start.to_fen(), expected, "{fen}");
        assert_eq!(read_one(&game.to_pdn(), variant).start, game.start);
    }
}

#[test]
fn writes_pdn_3() {
    // Tags in roster order, then the derived ones, then the rest; moves numbered with
    // the first player (Black in English) first; comments in braces.
    let mut game = read_one("1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 *", Variant::English);
    game.set_tag("Annotator", "crownhead");
    game.set_tag("Black", "Tinsley");
    game.set_tag("White", "Chinook \"v2\" C:\\bin");
    game.set_tag("Event", "Test");
    game.set_tag("black", "M. Tinsley");
    game.moves[1].comment = Some("a } closing brace".to_string());
    game.result = PdnResult::Win(Color::Black);
    assert_eq!(game.tag("BLACK"), Some("M. Tinsley"));
    let expected = "[Event \"Test\"]\n\
                    [White \"Chinook \\\"v2\\\" C:\\\\bin\"]\n\
                    [Black \"M. Tinsley\"]\n\
                    [Result \"1-0\"]\n\
                    [GameType \"21,B,8,8,N1,0\"]\n\
                    [Annotator \"crownhead\"]\n\
                    \n\
                    1. 11-15 23-19 {a closing brace} 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 1-0\n\n";
    assert_eq!(game.to_pdn(), expected);
    assert_eq!(read_one(expected, Variant::Czech).tag("White"), Some("Chinook \"v2\" C:\\bin"));

    // A set-up position with the second player to move writes SetUp and FEN and `1...`.
    let start = Position::from_fen(Variant::English, "W:W22,K30:B7,10").unwrap();
    let mut game = PdnGame::new(start);
    for text in ["22-18", "10-15", "18x2"] {
        let position = *game.game().position();
        game.moves.push(PdnMove::new(position.parse_move(text).unwrap()));
    }
    assert_eq!(
        game.to_pdn(),
        "[Result \"*\"]\n[GameType \"21,B,8,8,N1,0\"]\n[SetUp \"1\"]\n[FEN \"W:W22,K30:B7,10\"]\n\n\
         1... 22-18 2. 10-15 18x2 *\n\n"
    );

    // Long games wrap before column 80 and never split a move from its number.
    let long = read_all(WK2003, Variant::International);
    for line in long.iter().flat_map(|g| g.to_pdn().lines().map(str::to_string).collect::<Vec<_>>()) {
        assert!(line.len() <= 80 && !line.ends_with('.') && !line.ends_with(' '), "{line}");
    }
}

#[test]
fn a_game_replays_as_a_rules_game() {
    let game = read_one("[FEN \"B:W6,15,30:BK1\"]\n1. 1x19 30-26 *", Variant::English);
    let replayed = game.game();
    assert_eq!(replayed.start(), &game.start);
    assert_eq!(replayed.moves(), [game.moves[0].mv, game.moves[1].mv]);
    assert_eq!(replayed.position().to_fen(), "B:W26:BK19");
    assert_eq!(PdnResult::from(Outcome::Win(Color::White)), PdnResult::Win(Color::White));
    assert_eq!(PdnResult::from(Outcome::Draw), PdnResult::Draw);

    // And back: a rules::Game as a PDN game, its result by the rules once it is over.
    let mut played = Game::new(Position::from_fen(Variant::English, "W:W18,K30:B7,15").unwrap());
    let unfinished = PdnGame::from_game(&played);
    assert_eq!((unfinished.moves.len(), unfinished.result), (0, PdnResult::Unfinished));
    played.play_text("18x2").unwrap();
    let finished = PdnGame::from_game(&played);
    assert_eq!(finished.result, PdnResult::Win(Color::White), "Black has no piece left");
    assert_eq!(
        finished.to_pdn(),
        "[Result \"0-1\"]\n[GameType \"21,B,8,8,N1,0\"]\n[SetUp \"1\"]\n[FEN \"W:W18,K30:B7,15\"]\n\n1... 18x2 0-1\n\n"
    );
    let again = read_one(&finished.to_pdn(), Variant::English);
    assert_eq!((again.start, again.moves, again.result), (finished.start, finished.moves, finished.result));
}
