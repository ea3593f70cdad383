//! Move generation against pydraughts 0.6.7, an independent implementation: perft 1 to 3
//! on random-play positions (king-rich and capture-rich ones among them), with duplicate
//! flying-king captures counted once. Antidraughts' and breakthrough's tables hold 1,020
//! positions each: 720 of engine games (`tests/data/pydraughts/*-games.pdn`, crownhead
//! against itself over Hub at 300 nodes a move) and 300 random ones (king-rich set-ups in
//! antidraughts; in breakthrough positions near a crowning, and just after one, where both
//! find the game over and no move), perft 1-2 for all and 3 for every third. Frisian's and
//! Frysk!'s are made the same way (their random positions: in Frisian king-rich set-ups, in
//! Frysk! kings reached by play, and in both set-ups where one king moves until the
//! three-king rule stops it), each position a FEN and the
//! moves that reach it, from which both programs rebuild the runs of king moves. Turkish's
//! too (its random positions: kings reached by play and king-rich set-ups), with the king
//! quiet moves over pieces that pydraughts lists dropped by the script. The tables in
//! `tests/data/pydraughts/` were made by `scripts/pydraughts_oracle.py`; the live test asks
//! pydraughts itself for fresh positions on every run.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{SystemTime, UNIX_EPOCH};

use crownhead::rules::{Position, Variant, perft};

/// Our rule sets, pydraughts' names for them and the fewest positions their stored tables
/// must hold.
const VARIANTS: [(Variant, &str, usize); 10] = [
    (Variant::English, "english", 300),
    (Variant::Italian, "italian", 300),
    (Variant::Russian, "russian", 300),
    (Variant::Brazilian, "brazilian", 300),
    (Variant::International, "standard", 300),
    (Variant::Antidraughts, "antidraughts", 1000),
    (Variant::Breakthrough, "breakthrough", 1000),
    (Variant::Frisian, "frisian", 1000),
    (Variant::Frysk, "frysk!", 1000),
    (Variant::Turkish, "turkish", 1000),
];

/// Checks every `fen;d1;d2;d3` (or `fen;d1;d2`, or `fen;line;...`, see [`table_position`])
/// line of `table`; returns how many positions were checked and a description of each
/// mismatch.
fn check_table(variant: Variant, table: &str) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in table_lines(table) {
        let (position, counts) = match table_position(variant, line) {
            Ok(read) => read,
            Err(error) => {
                failures.push(format!("{variant} {line}: {error}"));
                continue;
            }
        };
        for (depth, expected) in (1..).zip(counts) {
            let expected: u64 = expected.parse().unwrap_or_else(|_| panic!("bad count in line {line}"));
            let got = perft(&position, depth);
            if got != expected {
                failures
                    .push(format!("{variant} {line} perft {depth}: pydraughts {expected}, crownhead {got}"));
            }
        }
        checked += 1;
    }
    (checked, failures)
}

/// The lines of `table` that hold a position (not blank, not a `#` comment).
fn table_lines(table: &str) -> impl Iterator<Item = &str> {
    table.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// The position of a table line and its counts. The line is `fen;d1;...`, or in Frisian
/// and Frysk! `fen;line;d1;...`: the position the Hub moves of `line` (blank-separated,
/// perhaps none) make from `fen`. pydraughts knows the three-king rule only from the moves
/// played, and crownhead rebuilds its runs of king moves the same way, so both compare
/// the position reached by play.
fn table_position(variant: Variant, line: &str) -> Result<(Position, Vec<&str>), String> {
    let fields: Vec<&str> = line.split(';').collect();
    let [fen, rest @ ..] = fields.as_slice() else { unreachable!("split yields one field at least") };
    let (moves, counts) = match rest {
        [moves, counts @ ..] if moves.parse::<u64>().is_err() => (*moves, counts),
        _ => ("", rest),
    };
    let mut position = Position::from_fen(variant, fen).map_err(|error| error.to_string())?;
    for text in moves.split_whitespace() {
        let mv = position.parse_hub_move(text).map_err(|error| format!("{text}: {error}"))?;
        position = position.play(&mv);
    }
    Ok((position, counts.to_vec()))
}

/// The stored table of the rule set pydraughts calls `name`.
fn stored_table(name: &str) -> String {
    let file = match name {
        "standard" => "international",
        "frysk!" => "frysk",
        _ => name,
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/pydraughts/{file}.txt"));
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

#[test]
fn stored_tables() {
    let mut failures = Vec::new();
    for (variant, name, fewest) in VARIANTS {
        let (checked, mut mismatches) = check_table(variant, &stored_table(name));
        assert!(checked >= fewest, "{name}: only {checked} positions");
        failures.append(&mut mismatches);
    }
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn breakthrough_table_holds_games_just_won() {
    // Positions just after a crowning, where both programs must find no move: without
    // them the table would not check that a won breakthrough game stops.
    let table = stored_table("breakthrough");
    let won = (table.lines().filter(|line| !line.starts_with('#')))
        .filter(|line| line.split(';').skip(1).all(|count| count == "0"))
        .count();
    assert!(won >= 30, "only {won} positions without moves");
}

#[test]
fn frisian_tables_hold_kings_the_three_move_rule_stops() {
    // Positions where the side to move has a king that has made three quiet moves in a row
    // while its side has men: without them the tables would not check the rule at depth 1.
    for (variant, name) in [(Variant::Frisian, "frisian"), (Variant::Frysk, "frysk!")] {
        let table = stored_table(name);
        let stopped = table_lines(&table)
            .map(|line| table_position(variant, line).expect("a table position").0)
            .filter(|position| position.blocked_king().any())
            .count();
        assert!(stopped >= 30, "{name}: only {stopped} positions with a stopped king");
    }
}

#[test]
fn live_sample() {
    let seed = SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |elapsed| elapsed.as_secs());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pydraughts_oracle.py");
    // One process a rule set, all started at once: the run takes as long as the slowest.
    let children: Vec<_> = VARIANTS
        .into_iter()
        .map(|(variant, name, _)| {
            // pydraughts takes seconds for the depth-3 perft of a Turkish set-up with kings:
            // Turkish's second position (a set-up) goes to depth 2.
            let deep_every = if variant == Variant::Turkish { "2" } else { "1" };
            let child = Command::new("python3")
                .arg(&script)
                .args(["--variant", name, "--count", "2", "--seed", &seed.to_string()])
                .args(["--deep-every", deep_every])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("python3 must be installed (see tests/requirements.txt)");
            (variant, name, child)
        })
        .collect();
    let mut failures = Vec::new();
    for (variant, name, child) in children {
        let output = child.wait_with_output().expect("the oracle runs");
        assert!(
            output.status.success(),
            "pydraughts oracle failed (is pydraughts installed? `python3 -m pip install -r tests/requirements.txt`):\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let (checked, mut mismatches) = check_table(variant, &String::from_utf8_lossy(&output.stdout));
        assert_eq!(checked, 2, "{name}: the oracle printed {checked} positions");
        failures.append(&mut mismatches);
    }
    assert!(failures.is_empty(), "seed {seed}:\n{}", failures.join("\n"));
}

/// A Hub move (`32-28`, `from x to x captured...`) with its captured squares in order: the
/// same move as either program writes it.
fn hub_key(text: &str) -> String {
    let mut squares: Vec<u32> =
        text.split(['-', 'x']).map(|square| square.parse().expect("a square")).collect();
    squares[2..].sort_unstable();
    squares.iter().map(u32::to_string).collect::<Vec<_>>().join("x")
}

/// crownhead's legal moves of `fen` in `variant`, as sorted [`hub_key`]s.
fn crownhead_moves(variant: Variant, fen: &str) -> Vec<String> {
    let position = Position::from_fen(variant, fen).expect("a FEN");
    let mut moves: Vec<String> =
        position.legal_moves().iter().map(|mv| hub_key(&position.move_to_hub(mv))).collect();
    moves.sort();
    moves
}

/// pydraughts' legal moves of `fen` in the rule set it calls `name`, distinct and sorted
/// [`hub_key`]s: its own (`Board.legal_moves`), or with `oracle` those the oracle script
/// keeps (`legal_moves` of `scripts/pydraughts_oracle.py`, which follows the rules where
/// pydraughts departs from them).
fn pydraughts_moves(name: &str, fen: &str, oracle: bool) -> Vec<String> {
    let program = "import sys\nfrom draughts import Board\nimport pydraughts_oracle\n\
                   board = Board(sys.argv[1], fen=sys.argv[2])\n\
                   moves = pydraughts_oracle.legal_moves(board) if sys.argv[3] == 'oracle' else board.legal_moves()\n\
                   for move in moves: print(move.hub_move)";
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
    let output = Command::new("python3")
        .args(["-c", program, name, fen, if oracle { "oracle" } else { "pydraughts" }])
        .env("PYTHONPATH", scripts)
        .output()
        .expect("python3 must be installed (see tests/requirements.txt)");
    assert!(output.status.success(), "pydraughts: {}", String::from_utf8_lossy(&output.stderr));
    let moves: std::collections::BTreeSet<String> =
        String::from_utf8_lossy(&output.stdout).lines().map(hub_key).collect();
    moves.into_iter().collect()
}

#[test]
fn frisian_capture_values_where_pydraughts_departs() {
    // RULES.md#where-pydraughts-differs. Three kings (3 x 199) outweigh five men (5 x 100);
    // pydraughts counts a king 1.501 men and takes the men.
    let three_kings = "W:W46,50:B7,9,14,16,36,K34,K38,K40";
    assert_eq!(crownhead_moves(Variant::Frisian, three_kings), ["50x37x34x38x40"]);
    assert_eq!(pydraughts_moves("frisian", three_kings, false), ["46x19x7x9x14x16x36"]);
    assert_eq!(pydraughts_moves("frisian", three_kings, true), ["50x37x34x38x40"]);
    // Three men and two kings either way: of equal value, so all seven are legal, but
    // pydraughts' floating-point sums depend on the order the pieces are taken in
    // (6.001999999999999 against 6.002), and it keeps only the larger.
    let equal = "W:WK20:BK45,K28,K38,19,42,31,10";
    let ours = crownhead_moves(Variant::Frisian, equal);
    assert_eq!(ours.len(), 7);
    assert!(ours.contains(&"20x43x19x28x31x38x42".to_string()));
    assert_eq!(pydraughts_moves("frisian", equal, false), ["20x15x10x19x28x31x38"]);
}

#[test]
fn turkish_king_moves_where_pydraughts_departs() {
    // RULES.md#where-pydraughts-differs. A king stops at the first piece on its rank or
    // file; pydraughts lets its quiet move pass over pieces: d4-d8 (28-60) over d6 and d7.
    let fen = "W:WKd4:Bd6,d7,h8";
    let ours = crownhead_moves(Variant::Turkish, fen);
    assert_eq!(ours.len(), 11);
    let mut theirs = pydraughts_moves("turkish", fen, false);
    assert_eq!(theirs.len(), 12);
    theirs.retain(|mv| mv != "28x60");
    assert_eq!(theirs, ours);
    assert_eq!(pydraughts_moves("turkish", fen, true), ours, "the oracle drops it");
}

/// The pieces of a FEN as a set of `W`/`B` and square, a `K` before a king's square:
/// pydraughts lists pieces in its own order.
fn fen_pieces(fen: &str) -> std::collections::BTreeSet<String> {
    (fen.split(':').skip(1))
        .flat_map(|part| {
            let (color, items) = part.split_at(1);
            items.split(',').filter(|item| !item.is_empty()).map(move |item| format!("{color}{item}"))
        })
        .collect()
}

#[test]
fn turkish_king_landing_where_it_took_a_piece_stays_a_king() {
    // Black's king takes seven pieces, d1 the fourth, and ends on d1, emptied by then
    // (RULES.md#turkish: pieces leave the board as they are jumped).
    let fen = "B:Wd1,Kd3,g3,f4,e5,a7,Kd8:BKe2,f3,b5,c5,f6,c7,f8";
    let position = Position::from_fen(Variant::Turkish, fen).expect("a FEN");
    let mv = position.parse_move("e2xd1").expect("a capture ending on d1");
    let ours = position.play(&mv).to_fen();
    // d1 is square 4 (1 = a1).
    let program = "import sys\nfrom draughts import Board\n\
                   board = Board('turkish', fen=sys.argv[1])\n\
                   board.push(next(m for m in board.legal_moves() if m.board_move[-1][1] == 4))\n\
                   print(board.fen)";
    let output = Command::new("python3")
        .args(["-c", program, fen])
        .output()
        .expect("python3 must be installed (see tests/requirements.txt)");
    assert!(output.status.success(), "pydraughts: {}", String::from_utf8_lossy(&output.stderr));
    let theirs = String::from_utf8_lossy(&output.stdout).trim().to_string();
    assert_eq!(fen_pieces(&ours), fen_pieces(&theirs), "crownhead {ours}, pydraughts {theirs}");
    assert!(fen_pieces(&ours).contains("BKd1"), "{ours}");
}
