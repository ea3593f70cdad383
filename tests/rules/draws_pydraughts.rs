//! Game results against pydraughts 0.6.7, whose rules lidraughts-bot and DXP referees
//! judge by: games played to their end (random games from the start and from king-rich
//! positions where the move-limit and lone-king counts run out, and engine games at 300
//! nodes a move), played on past crownhead's first draw, with crownhead's
//! `Game::result` and pydraughts' `Board.winner()` compared at every ply. Where they
//! differ, the difference must be one of [`Difference`], each a rule crownhead and
//! pydraughts read differently and `RULES.md#where-pydraughts-differs` documents; any other
//! disagreement fails with the game, the ply and both verdicts. At every ply, too,
//! `Game::claimable_result` (what DXP announces) must be pydraughts' verdict whenever it
//! gives one (or the game is lost by a king the three-king rule stops, which pydraughts
//! does not see). The positions of that section are played here, one test each. See
//! `tests/rules/draws_pydraughts.py`.

use std::collections::BTreeMap;
use std::time::{SystemTime, UNIX_EPOCH};

use crownhead::engine::{Engine, Limits, Options};
use crownhead::rules::{
    Bitboard, Color, Game, GameResult, Goal, Move, Outcome, Position, Reason, Variant, capture_paths,
};

use crate::common::{self, Random};

/// A game's state as one side or the other judges it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// Not over.
    Open,
    /// Drawn.
    Draw,
    /// Won by this side.
    Win(Color),
}

impl Verdict {
    fn ours(result: Option<GameResult>) -> Verdict {
        match result.map(|result| result.outcome) {
            None => Verdict::Open,
            Some(Outcome::Draw) => Verdict::Draw,
            Some(Outcome::Win(color)) => Verdict::Win(color),
        }
    }

    /// A letter of `draws_pydraughts.py`'s output.
    fn theirs(letter: char) -> Verdict {
        match letter {
            'D' => Verdict::Draw,
            'W' => Verdict::Win(Color::White),
            'B' => Verdict::Win(Color::Black),
            '-' => Verdict::Open,
            other => panic!("pydraughts verdict {other:?}"),
        }
    }
}

/// A rule crownhead (the federation's rules as the project decided them, `RULES.md#draws`)
/// and pydraughts read differently: each explains the disagreements it names, and has an
/// entry in `RULES.md#where-pydraughts-differs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Difference {
    /// International: pydraughts counts the 16- and 5-move lone-king rules in king moves
    /// since the last man move or capture, not since the material arose, so a man move
    /// of the stronger side starts its count again: crownhead draws, pydraughts not yet.
    LoneKingCountRestartsOnManMove,
    /// Brazilian: pydraughts plays Russian draw rules, 15 moves of kings only instead of
    /// 20: pydraughts draws after 30 to 39 plies of king moves, crownhead not yet.
    BrazilianFifteenMoves,
    /// Russian and Brazilian: pydraughts' clause for equal material with kings, 4 or 5
    /// pieces a side (30 moves without a capture) or 6 or 7 (60 moves).
    EqualMaterialWithKings,
    /// Russian and Brazilian: pydraughts' clause for 3 pieces with a king against a lone
    /// king holding the long diagonal a1-h8 (5 moves without a capture).
    LoneKingOnLongDiagonal,
    /// Russian and Brazilian: pydraughts' clause for 2 pieces with a king against a lone
    /// king (5 moves without a capture).
    TwoAgainstLoneKing,
    /// Frisian and Frysk!: a side whose only movable piece is a king the three-king rule
    /// stops has no legal move and has lost; pydraughts' `Board.winner()` counts that king
    /// as movable and finds the game not over.
    StoppedKingNotLost,
    /// Turkish: one piece against one is drawn at once; pydraughts draws it only after 4
    /// plies without a capture.
    OnePieceEachAfterFourPlies,
    /// Turkish: a side whose kings are hemmed in by pieces next to them, with no capture
    /// and no other move, has lost; pydraughts lets a king's quiet move pass over pieces
    /// to an empty square beyond, so it finds such a king movable and the game not over.
    HemmedKingNotLost,
}

/// What the test knows at one ply, counted from the moves, not read from either program.
struct Ply<'a> {
    position: &'a Position,
    ours: Option<GameResult>,
    theirs: Verdict,
    /// Half-moves since a man moved or a piece was captured (or since the start).
    king_moves: usize,
    /// Half-moves since a capture (or since the start).
    since_capture: usize,
}

/// Pieces and kings of `color`.
fn material(position: &Position, color: Color) -> (u32, u32) {
    (position.pieces(color).count(), position.kings(color).count())
}

/// The side with a lone king and the other side's pieces and kings, if one side has a
/// lone king.
fn against_lone_king(position: &Position) -> Option<(Color, u32, u32)> {
    let lone = Color::ALL.into_iter().find(|&color| material(position, color) == (1, 1))?;
    let (pieces, kings) = material(position, !lone);
    Some((lone, pieces, kings))
}

/// The long diagonal a1-h8 of an 8x8 board.
fn long_diagonal(position: &Position) -> Bitboard {
    let geometry = position.geometry();
    (0..8).filter_map(|index| geometry.square_at(index, index)).collect()
}

/// The difference that explains a disagreement at `ply`, if one does.
fn explain(ply: &Ply) -> Option<Difference> {
    let position = ply.position;
    match (ply.ours.map(|result| (result.outcome, result.reason)), ply.theirs) {
        (Some((Outcome::Draw, Reason::LoneKing)), Verdict::Open)
            if position.variant() == Variant::International =>
        {
            let (_, pieces, _) = against_lone_king(position)?;
            let count = if pieces == 3 { 32 } else { 10 };
            (ply.king_moves < count).then_some(Difference::LoneKingCountRestartsOnManMove)
        }
        (None, Verdict::Draw) if matches!(position.variant(), Variant::Russian | Variant::Brazilian) => {
            russian_clause(ply)
        }
        (Some((Outcome::Win(_), Reason::NoMoves)), Verdict::Open) if position.blocked_king().any() => {
            Some(Difference::StoppedKingNotLost)
        }
        (Some((Outcome::Draw, Reason::OnePieceEach)), Verdict::Open)
            if ply.since_capture < PYDRAUGHTS_ONE_PIECE_EACH_PLIES =>
        {
            Some(Difference::OnePieceEachAfterFourPlies)
        }
        (Some((Outcome::Win(_), Reason::NoMoves)), Verdict::Open) if king_passes_over_pieces(position) => {
            Some(Difference::HemmedKingNotLost)
        }
        _ => None,
    }
}

/// Plies without a capture after which pydraughts draws one piece against one (Turkish).
const PYDRAUGHTS_ONE_PIECE_EACH_PLIES: usize = 4;

/// Whether a king of the side to move has what pydraughts takes for a quiet move in
/// Turkish: along a rank or file, past the pieces next to it, to an empty square beyond.
fn king_passes_over_pieces(position: &Position) -> bool {
    let geometry = position.geometry();
    let occupied = position.pieces(Color::White) | position.pieces(Color::Black);
    Iterator::any(&mut position.kings(position.side_to_move()), |king| {
        let (file, rank) = geometry.coordinates(king);
        [(0, 1), (0, -1), (1, 0), (-1, 0)].into_iter().any(|(files, ranks): (i16, i16)| {
            (1..)
                .map_while(|step| {
                    let file = u8::try_from(i16::from(file) + files * step).ok()?;
                    let rank = u8::try_from(i16::from(rank) + ranks * step).ok()?;
                    geometry.square_at(file, rank)
                })
                .any(|square| !occupied.contains(square))
        })
    })
}

/// The clause of pydraughts' Russian rules (which it plays for Brazilian too) that draws
/// at `ply` where crownhead plays on.
fn russian_clause(ply: &Ply) -> Option<Difference> {
    let position = ply.position;
    if position.variant() == Variant::Brazilian && ply.king_moves >= 30 {
        return Some(Difference::BrazilianFifteenMoves);
    }
    let (white, black) = (material(position, Color::White), material(position, Color::Black));
    let needed = match white.0 {
        4 | 5 => 60,
        6 | 7 => 120,
        _ => usize::MAX,
    };
    if white == black && white.1 >= 1 && ply.since_capture >= needed {
        return Some(Difference::EqualMaterialWithKings);
    }
    let (lone, pieces, kings) = against_lone_king(position)?;
    if kings == 0 || ply.since_capture < 10 {
        return None;
    }
    let diagonal = long_diagonal(position);
    let holds = (position.pieces(lone) & diagonal).any() && (position.pieces(!lone) & diagonal).is_empty();
    match pieces {
        3 if holds => Some(Difference::LoneKingOnLongDiagonal),
        2 => Some(Difference::TwoAgainstLoneKing),
        _ => None,
    }
}

/// A random position with few pieces, most of them kings: a lone king against 1 to 3
/// pieces with a king, or 1 to 5 pieces a side, or 4 to 7 a side with a king or two each.
/// In breakthrough, where a king on the board has ended the game, the pieces are men but
/// the first shape's 1 to 3 kings: a third of those positions are over, won by the kings'
/// side, and the rest are races to crown.
fn king_rich(variant: Variant, random: &mut Random) -> Position {
    let start = Position::start(variant);
    let geometry = start.geometry();
    let crown_first = start.rules().goal == Goal::CrownFirst;
    let mut free: Vec<_> = geometry.squares().collect();
    let strong = if random.chance(50) { Color::White } else { Color::Black };
    let shape = random.below(3);
    let mut sides = [Bitboard::EMPTY; 2];
    let mut kings = Bitboard::EMPTY;
    for color in [strong, !strong] {
        let (pieces, king_count) = match shape {
            0 if color == strong => {
                let pieces = 1 + random.below(3);
                (pieces, 1 + random.below(pieces))
            }
            0 => (1, 1),
            1 => {
                let pieces = 1 + random.below(5);
                (pieces, pieces - random.below(2).min(pieces - 1))
            }
            _ => (4 + random.below(4), 1 + random.below(2)),
        };
        for index in 0..pieces {
            let king = index < king_count && !(crown_first && (shape != 0 || color != strong));
            let allowed: Vec<usize> = (0..free.len())
                .filter(|&at| king || !geometry.promotion_rank(color).contains(free[at]))
                .collect();
            let square = free.swap_remove(allowed[random.below(allowed.len())]);
            sides[color.index()] |= Bitboard::from_square(square);
            if king {
                kings |= Bitboard::from_square(square);
            }
        }
    }
    let side = if random.chance(50) { Color::White } else { Color::Black };
    Position::new(variant, side, sides[0], sides[1], kings)
}

/// Whether the opponent must capture after `mv` (a capture, when there is one, is all
/// it may play).
fn offers_capture(position: &Position, mv: &Move) -> bool {
    position.play(mv).legal_moves().first().is_some_and(|reply| reply.is_capture())
}

/// A random move, nine times in ten one that offers no capture when there is one: random
/// play that keeps its pieces lasts long enough for the draw counts to run out.
fn random_move(position: &Position, random: &mut Random) -> Option<Move> {
    let moves = position.legal_moves();
    let safe: Vec<Move> = moves.iter().copied().filter(|mv| !offers_capture(position, mv)).collect();
    let pool = if !safe.is_empty() && random.chance(90) { safe.as_slice() } else { moves.as_slice() };
    (!pool.is_empty()).then(|| pool[random.below(pool.len())])
}

/// Plies a game goes on after crownhead first finds it drawn: what a referee sees of a
/// side that plays on.
const PLAY_ON: usize = 20;

/// A game from `start` with the moves `choose` gives, to a win, to `PLAY_ON` plies past
/// crownhead's first draw, or to `max_plies`.
fn play_out(start: Position, max_plies: usize, mut choose: impl FnMut(&Game) -> Option<Move>) -> Game {
    let mut game = Game::new(start);
    let mut drawn_at = None;
    while game.moves().len() < max_plies {
        match game.result().map(|result| result.outcome) {
            Some(Outcome::Win(_)) => break,
            Some(Outcome::Draw) => {
                let first = *drawn_at.get_or_insert(game.moves().len());
                if game.moves().len() >= first + PLAY_ON {
                    break;
                }
            }
            None => {}
        }
        let Some(mv) = choose(&game) else { break };
        game.play(mv).expect("a legal move");
    }
    game
}

/// A random game from `start` (see [`random_move`]).
fn random_game(start: Position, random: &mut Random, max_plies: usize) -> Game {
    play_out(start, max_plies, |game| random_move(game.position(), random))
}

/// A game from the start position: 2 to 7 random plies, then crownhead's engine at 300
/// nodes a move on both sides, which converts, defends and heads for the endings where
/// the lone-king and move-limit counts decide.
fn engine_game(variant: Variant, random: &mut Random, engine: &mut Engine) -> Game {
    let opening = 2 + random.below(6);
    engine.new_game();
    play_out(Position::start(variant), 400, |game| {
        if game.moves().len() < opening {
            random_move(game.position(), random)
        } else {
            engine.think(game, &Limits::nodes(300)).best_move
        }
    })
}

/// A move's squares in the rule set's numbering: the start, then every landing square.
fn steps(position: &Position, mv: &Move) -> Vec<u8> {
    let rules = position.rules();
    let landings = capture_paths(position, mv).into_iter().next().unwrap_or_else(|| vec![mv.to()]);
    std::iter::once(mv.from()).chain(landings).map(|square| rules.square_number(square)).collect()
}

/// One line of `draws_pydraughts.py`'s input.
fn game_json(game: &Game, name: &str) -> String {
    let positions = game.positions();
    let moves: Vec<Vec<u8>> =
        positions.iter().zip(game.moves()).map(|(position, mv)| steps(position, mv)).collect();
    let fens: Vec<String> = positions[1..].iter().map(Position::to_fen).collect();
    serde_json::json!({"variant": name, "fen": game.start().to_fen(), "moves": moves, "fens": fens})
        .to_string()
}

/// pydraughts' verdicts, a string of letters a game, for `games` of the rule set
/// pydraughts calls `name`: one python process for them all.
fn pydraughts_verdicts(games: &[Game], name: &str) -> Vec<String> {
    let input: String = games.iter().map(|game| game_json(game, name) + "\n").collect();
    let output = common::python_script("tests/rules/draws_pydraughts.py", &[], input);
    let verdicts: Vec<String> = output.lines().map(str::to_string).collect();
    assert_eq!(verdicts.len(), games.len(), "one line of verdicts a game");
    verdicts
}

/// Games and plies compared for one rule set, and the disagreements by difference.
#[derive(Default)]
struct Tally {
    games: usize,
    plies: usize,
    /// Plies where `Game::claimable_result` gives a result (which pydraughts must confirm).
    claims: usize,
    /// Plies where both find the game over, by crownhead's reason.
    agreed: BTreeMap<String, usize>,
    differences: BTreeMap<Difference, usize>,
    unexplained: Vec<String>,
}

/// Walks `game` ply by ply (the start position first) with pydraughts' `verdicts`,
/// calling `visit` with what is known at each.
fn walk(game: &Game, verdicts: &str, mut visit: impl FnMut(&Ply, &Game)) {
    let mut replay = Game::new(*game.start());
    let (mut king_moves, mut since_capture) = (0, 0);
    let mut letters = verdicts.chars();
    for index in 0..=game.moves().len() {
        let theirs = Verdict::theirs(letters.next().expect("a verdict a ply"));
        let ply =
            Ply { position: replay.position(), ours: replay.result(), theirs, king_moves, since_capture };
        visit(&ply, &replay);
        let Some(&mv) = game.moves().get(index) else { break };
        let position = *replay.position();
        since_capture = if mv.is_capture() { 0 } else { since_capture + 1 };
        let man_move = position.men(position.side_to_move()).contains(mv.from());
        king_moves = if mv.is_capture() || man_move { 0 } else { king_moves + 1 };
        replay.play(mv).expect("the game's own move");
    }
}

/// Compares one game's verdicts, adding to `tally`.
fn compare(game: &Game, verdicts: &str, tally: &mut Tally) {
    tally.games += 1;
    walk(game, verdicts, |ply, replay| {
        tally.plies += 1;
        // What DXP claims, pydraughts must confirm, but for a loss by a stopped or hemmed
        // king: the side to move has no legal move, whatever pydraughts' `winner()` says.
        let claim = replay.claimable_result();
        let unseen_loss =
            matches!(explain(ply), Some(Difference::StoppedKingNotLost | Difference::HemmedKingNotLost));
        if claim.is_some() && Verdict::ours(claim) != ply.theirs && !unseen_loss {
            tally.unexplained.push(format!(
                "{} from {}, ply {}: claimable {claim:?}, pydraughts {:?}",
                ply.position.variant(),
                game.start().to_fen(),
                replay.moves().len(),
                ply.theirs
            ));
        }
        tally.claims += usize::from(claim.is_some());
        if Verdict::ours(ply.ours) == ply.theirs {
            if let Some(result) = ply.ours {
                *tally.agreed.entry(result.reason.to_string()).or_default() += 1;
            }
            return;
        }
        match explain(ply) {
            Some(difference) => *tally.differences.entry(difference).or_default() += 1,
            None => tally.unexplained.push(format!(
                "{} from {}, ply {} ({}): crownhead {:?}, pydraughts {:?}; moves {}",
                ply.position.variant(),
                game.start().to_fen(),
                replay.moves().len(),
                ply.position.to_fen(),
                ply.ours,
                ply.theirs,
                game.start().line_to_text(replay.moves(), Position::move_to_text).join(" "),
            )),
        }
    });
}

/// How many games of each kind a sample plays in each rule set.
struct Sample {
    /// Random games from the start position.
    from_start: usize,
    /// Random games from random king-rich positions.
    king_rich: usize,
    /// Engine games from the start position.
    engine: usize,
}

/// Plays `sample`'s games in each rule set, seeded by `seed`, and compares every ply.
fn compare_sample(seed: u64, sample: &Sample) -> Vec<(Variant, Tally)> {
    std::thread::scope(|scope| {
        let runs: Vec<_> = (common::PYDRAUGHTS.into_iter().enumerate())
            .map(|(index, (variant, name))| {
                scope.spawn(move || {
                    let mut random = Random(seed.wrapping_mul(31).wrapping_add(index as u64));
                    let mut games: Vec<Game> = (0..sample.from_start)
                        .map(|_| random_game(Position::start(variant), &mut random, 300))
                        .collect();
                    games.extend((0..sample.king_rich).map(|_| {
                        let start = king_rich(variant, &mut random);
                        random_game(start, &mut random, 200)
                    }));
                    let mut engine = Engine::new(Options { table_mib: 1, threads: 1, ..Options::default() });
                    games.extend((0..sample.engine).map(|_| engine_game(variant, &mut random, &mut engine)));
                    let mut tally = Tally::default();
                    for (game, verdicts) in games.iter().zip(pydraughts_verdicts(&games, name)) {
                        compare(game, &verdicts, &mut tally);
                    }
                    (variant, tally)
                })
            })
            .collect();
        runs.into_iter().map(|run| run.join().expect("a rule set's run")).collect()
    })
}

/// Prints the tallies, and fails on any disagreement no difference explains.
fn report(seed: u64, tallies: &[(Variant, Tally)]) {
    let mut unexplained = Vec::new();
    for (variant, tally) in tallies {
        println!(
            "{variant}: {} games, {} plies compared; over in both {:?}; claimable {}; disagreements {:?}",
            tally.games, tally.plies, tally.agreed, tally.claims, tally.differences
        );
        unexplained.extend(tally.unexplained.iter().cloned());
    }
    assert!(
        unexplained.is_empty(),
        "seed {seed}: {} unexplained:\n{}",
        unexplained.len(),
        unexplained.join("\n")
    );
}

#[test]
fn results_agree_with_pydraughts_but_for_named_differences() {
    let seed = 36;
    let tallies = compare_sample(seed, &Sample { from_start: 3, king_rich: 60, engine: 2 });
    report(seed, &tallies);
}

/// The long run: `cargo test --profile test-release --test rules draws_pydraughts -- --ignored`
/// (a seed of its own each run, printed on failure; `CROWNHEAD_SEED` sets it).
#[test]
#[ignore]
fn results_agree_with_pydraughts_long_run() {
    let seed = std::env::var("CROWNHEAD_SEED").ok().and_then(|seed| seed.parse().ok()).unwrap_or_else(|| {
        SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |elapsed| elapsed.as_secs())
    });
    println!("seed {seed}");
    let tallies = compare_sample(seed, &Sample { from_start: 40, king_rich: 1500, engine: 40 });
    report(seed, &tallies);
}

// The positions of `RULES.md#where-pydraughts-differs`.

/// The game `moves` (crownhead's notation) make from `fen`.
fn played(variant: Variant, fen: &str, moves: &[&str]) -> Game {
    let mut game = Game::new(Position::from_fen(variant, fen).expect("a FEN"));
    for text in moves {
        game.play_text(text).unwrap_or_else(|error| panic!("{text}: {error}"));
    }
    game
}

/// The moves of `game`'s position that capture nothing, offer no capture and repeat no
/// position, in crownhead's order.
fn quiet_moves(game: &Game) -> Vec<Move> {
    let position = *game.position();
    (position.legal_moves().into_iter())
        .filter(|mv| {
            !mv.is_capture()
                && !offers_capture(&position, mv)
                && !game.positions().contains(&position.play(mv))
        })
        .collect()
}

/// Extends `game` by `plies` moves chosen without chance: the first of the quiet moves
/// ([`quiet_moves`]) after which the opponent has one too, a king's unless `man_every`
/// plies have gone by without a man move.
fn quiet_line(game: &mut Game, plies: usize, man_every: usize) {
    let mut king_moves = 0;
    for _ in 0..plies {
        let position = *game.position();
        let is_man = |mv: &Move| position.men(position.side_to_move()).contains(mv.from());
        let lasting = |mv: &&Move| {
            let mut next = game.clone();
            next.play(**mv).is_ok() && !quiet_moves(&next).is_empty()
        };
        let candidates = quiet_moves(game);
        let wanted = |mv: &&Move| is_man(mv) == (king_moves >= man_every);
        let mv = *(candidates.iter().filter(wanted).find(lasting))
            .or_else(|| candidates.iter().find(lasting))
            .unwrap_or_else(|| panic!("no quiet move in {}", position.to_fen()));
        king_moves = if is_man(&mv) { 0 } else { king_moves + 1 };
        game.play(mv).expect("a legal move");
    }
}

/// Each ply's verdicts (crownhead's result, pydraughts' verdict) and the difference the
/// test names for them.
fn verdicts_by_ply(game: &Game, name: &str) -> Vec<(Option<GameResult>, Verdict, Option<Difference>)> {
    let verdicts = pydraughts_verdicts(std::slice::from_ref(game), name);
    let mut plies = Vec::new();
    walk(game, &verdicts[0], |ply, _| plies.push((ply.ours, ply.theirs, explain(ply))));
    plies
}

/// The first ply at which crownhead and at which pydraughts find the game drawn.
fn first_draws(
    plies: &[(Option<GameResult>, Verdict, Option<Difference>)],
) -> (Option<usize>, Option<usize>) {
    let ours = plies.iter().position(|(ours, ..)| Verdict::ours(*ours) == Verdict::Draw);
    let theirs = plies.iter().position(|(_, theirs, _)| *theirs == Verdict::Draw);
    (ours, theirs)
}

#[test]
fn international_lone_king_counts_restart_on_man_moves_in_pydraughts() {
    // White's king and man against a lone king: the man moves once, then 9 king moves.
    let moves = ["41-36", "3-9", "6-1", "9-14", "1-45", "14-20", "45-50", "20-25", "50-6", "25-20"];
    let mut game = played(Variant::International, "W:WK6,41:BK3", &moves);
    let plies = verdicts_by_ply(&game, "standard");
    let (ours, theirs, difference) = plies[10];
    assert_eq!(ours.map(|result| result.reason), Some(Reason::LoneKing));
    assert_eq!((theirs, difference), (Verdict::Open, Some(Difference::LoneKingCountRestartsOnManMove)));
    assert_eq!(game.claimable_result(), None, "not claimed: pydraughts would not confirm it");
    game.play_text("6-1").expect("legal");
    let (ours, theirs, difference) = verdicts_by_ply(&game, "standard")[11];
    assert_eq!((Verdict::ours(ours), theirs, difference), (Verdict::Draw, Verdict::Draw, None));
    assert_eq!(game.claimable_result(), ours);
}

#[test]
fn international_lone_king_draws_agree_without_man_moves() {
    // Three pieces with a king against a lone king, kings only: 16 moves in both readings.
    let mut game = played(Variant::International, "W:WK1,K45,36:BK28", &[]);
    quiet_line(&mut game, 32, usize::MAX);
    let plies = verdicts_by_ply(&game, "standard");
    assert_eq!(first_draws(&plies), (Some(32), Some(32)));
    assert_eq!(plies[32].0.map(|result| result.reason), Some(Reason::LoneKing));
    assert_eq!(game.claimable_result(), plies[32].0);
}

#[test]
fn brazilian_is_drawn_by_pydraughts_after_fifteen_king_moves() {
    // Two kings a side: pydraughts plays Russian rules, 15 moves; the Brazilian rule is 20.
    let mut game = played(Variant::Brazilian, "W:WKa1,Kc1:BKh8,Kf8", &[]);
    quiet_line(&mut game, 40, usize::MAX);
    let plies = verdicts_by_ply(&game, "brazilian");
    assert_eq!(first_draws(&plies), (Some(40), Some(30)));
    assert_eq!(plies[30].2, Some(Difference::BrazilianFifteenMoves));
    assert_eq!(plies[40].0.map(|result| result.reason), Some(Reason::MoveLimit));
}

/// The moves of the Russian lone-king positions: White's kings shuttle between c1 and a3,
/// Black's king walks the long diagonal.
const LONG_DIAGONAL_WALK: [&str; 10] =
    ["c1-a3", "d4-e5", "a3-c1", "e5-f6", "c1-a3", "f6-g7", "a3-c1", "g7-f6", "c1-a3", "f6-e5"];

#[test]
fn russian_lone_king_on_the_long_diagonal_is_drawn_by_pydraughts_after_five_moves() {
    let game = played(Variant::Russian, "W:WKc1,Ke1,Ka5:BKd4", &LONG_DIAGONAL_WALK);
    let plies = verdicts_by_ply(&game, "russian");
    assert_eq!(first_draws(&plies), (None, Some(10)));
    assert_eq!(plies[10].2, Some(Difference::LoneKingOnLongDiagonal));
}

#[test]
fn russian_two_pieces_against_a_lone_king_are_drawn_by_pydraughts_after_five_moves() {
    let game = played(Variant::Russian, "W:WKc1,Ke1:BKd4", &LONG_DIAGONAL_WALK);
    let plies = verdicts_by_ply(&game, "russian");
    assert_eq!(first_draws(&plies), (None, Some(10)));
    assert_eq!(plies[10].2, Some(Difference::TwoAgainstLoneKing));
}

#[test]
fn russian_equal_material_is_drawn_by_pydraughts_after_thirty_moves() {
    // A king and three men a side; a man moves every 20 plies, so the 15-move kings-only
    // rule never runs out, and nothing is captured.
    let mut game = played(Variant::Russian, "W:WKc1,a3,c3,e3:BKf8,d6,f6,h6", &[]);
    quiet_line(&mut game, 60, 20);
    let plies = verdicts_by_ply(&game, "russian");
    assert_eq!(first_draws(&plies), (None, Some(60)));
    assert_eq!(plies[60].2, Some(Difference::EqualMaterialWithKings));
}

#[test]
fn english_and_italian_forty_move_rules_agree() {
    for (variant, name, fen) in [
        (Variant::English, "english", "B:WK29,K32:BK1,K4"),
        (Variant::Italian, "italian", "W:WK29,K32:BK1,K4"),
    ] {
        let mut game = played(variant, fen, &[]);
        quiet_line(&mut game, 80, usize::MAX);
        let plies = verdicts_by_ply(&game, name);
        assert_eq!(first_draws(&plies), (Some(80), Some(80)), "{variant}");
        assert_eq!(plies[80].0.map(|result| result.reason), Some(Reason::MoveLimit), "{variant}");
    }
}

/// The verdicts of `game`'s last ply: crownhead's result and pydraughts' verdict.
fn last_verdicts(game: &Game, name: &str) -> (Option<GameResult>, Verdict) {
    let (ours, theirs, _) = *verdicts_by_ply(game, name).last().expect("the start's verdicts at least");
    (ours, theirs)
}

#[test]
fn antidraughts_side_without_a_move_wins_in_both() {
    // White must take Black's last man, and Black, to move with no piece, has won.
    let game = played(Variant::Antidraughts, "W:W46:B41", &["46x37"]);
    let (ours, theirs) = last_verdicts(&game, "antidraughts");
    assert_eq!(ours, Some(GameResult { outcome: Outcome::Win(Color::Black), reason: Reason::NoMoves }));
    assert_eq!(theirs, Verdict::Win(Color::Black));
}

#[test]
fn antidraughts_third_repetition_is_drawn_in_both() {
    let moves = ["45-40", "6-11", "40-45", "11-6", "45-40", "6-11", "40-45", "11-6"];
    let game = played(Variant::Antidraughts, "W:WK45:BK6", &moves);
    let plies = verdicts_by_ply(&game, "antidraughts");
    assert_eq!(first_draws(&plies), (Some(8), Some(8)));
    assert_eq!(plies[8].0.map(|result| result.reason), Some(Reason::Repetition));
    assert_eq!(game.claimable_result(), plies[8].0);
}

#[test]
fn antidraughts_has_no_move_limit_or_lone_king_draw_in_both() {
    // King against king, 60 plies of king moves: International would be drawn at ply 10.
    let mut game = played(Variant::Antidraughts, "W:WK45:BK6", &[]);
    quiet_line(&mut game, 60, usize::MAX);
    assert_eq!(first_draws(&verdicts_by_ply(&game, "antidraughts")), (None, None));
}

#[test]
fn breakthrough_first_crowning_wins_in_both() {
    let game = played(Variant::Breakthrough, "W:W6:B45", &["6-1"]);
    let (ours, theirs) = last_verdicts(&game, "breakthrough");
    assert_eq!(ours, Some(GameResult { outcome: Outcome::Win(Color::White), reason: Reason::Crowned }));
    assert_eq!(theirs, Verdict::Win(Color::White));
    assert!(game.position().legal_moves().is_empty(), "the game is over: no moves");
}

#[test]
fn frisian_two_kings_against_one_draw_after_seven_moves_in_both() {
    for (variant, name) in [(Variant::Frisian, "frisian"), (Variant::Frysk, "frysk!")] {
        let mut game = played(variant, "W:WK47,K49:BK3", &[]);
        quiet_line(&mut game, 14, usize::MAX);
        let plies = verdicts_by_ply(&game, name);
        assert_eq!(first_draws(&plies), (Some(14), Some(14)), "{variant}");
        assert_eq!(plies[14].0.map(|result| result.reason), Some(Reason::LoneKing), "{variant}");
        assert_eq!(game.claimable_result(), plies[14].0, "{variant}");
    }
}

#[test]
fn frisian_king_against_king_draws_after_two_moves_in_both() {
    let mut game = played(Variant::Frisian, "W:WK47:BK3", &[]);
    quiet_line(&mut game, 4, usize::MAX);
    let plies = verdicts_by_ply(&game, "frisian");
    assert_eq!(first_draws(&plies), (Some(4), Some(4)));
    assert_eq!(plies[4].0.map(|result| result.reason), Some(Reason::LoneKing));
}

#[test]
fn frisian_has_no_repetition_draw_in_both() {
    // Two kings a side, the same position a third time at ply 8 and a fourth at ply 12.
    let moves = ["45-40", "6-11", "40-45", "11-6"].repeat(3);
    let game = played(Variant::Frisian, "W:WK45,K46:BK6,K5", &moves);
    assert_eq!(first_draws(&verdicts_by_ply(&game, "frisian")), (None, None));
}

#[test]
fn turkish_one_piece_each_is_drawn_at_once_and_by_pydraughts_after_four_plies() {
    let moves = ["a1-a2", "h7-h6", "a2-a3", "h6-h5"];
    let mut game = played(Variant::Turkish, "W:WKa1:Bh7", &moves[..3]);
    let plies = verdicts_by_ply(&game, "turkish");
    for (ours, theirs, difference) in &plies {
        assert_eq!(ours.map(|result| result.reason), Some(Reason::OnePieceEach));
        assert_eq!((*theirs, *difference), (Verdict::Open, Some(Difference::OnePieceEachAfterFourPlies)));
    }
    assert_eq!(game.claimable_result(), None, "not claimed: pydraughts would not confirm it");
    game.play_text(moves[3]).expect("legal");
    let (ours, theirs, difference) = verdicts_by_ply(&game, "turkish")[4];
    assert_eq!((Verdict::ours(ours), theirs, difference), (Verdict::Draw, Verdict::Draw, None));
    assert_eq!(game.claimable_result(), ours);
}

#[test]
fn turkish_side_with_only_a_hemmed_king_loses_but_not_by_pydraughts() {
    // White's king on a8 has Black's men next to it on a7 and b8, with a6 and c8 behind
    // them: no capture, no move. pydraughts lets it pass over them to a5 or d8.
    let game = played(Variant::Turkish, "W:WKa8:Ba7,a6,b8,c8", &[]);
    assert!(game.position().legal_moves().is_empty());
    let (ours, theirs, difference) = verdicts_by_ply(&game, "turkish")[0];
    assert_eq!(ours, Some(GameResult { outcome: Outcome::Win(Color::Black), reason: Reason::NoMoves }));
    assert_eq!((theirs, difference), (Verdict::Open, Some(Difference::HemmedKingNotLost)));
    assert_eq!(game.claimable_result(), ours, "a win: DXP announces it");
}

#[test]
fn frisian_side_with_only_a_stopped_king_loses_but_not_by_pydraughts() {
    // White's man on 6 is held by Black's man on 1, and its king has made three quiet
    // moves in a row: White, to move, has no legal move.
    let moves = ["50-45", "13-8", "45-50", "8-13", "50-45", "13-8"];
    let game = played(Variant::Frisian, "W:W6,K50:B1,K13", &moves);
    assert!(game.position().legal_moves().is_empty());
    let (ours, theirs, difference) = *verdicts_by_ply(&game, "frisian").last().expect("the last ply");
    assert_eq!(ours, Some(GameResult { outcome: Outcome::Win(Color::Black), reason: Reason::NoMoves }));
    assert_eq!((theirs, difference), (Verdict::Open, Some(Difference::StoppedKingNotLost)));
    assert_eq!(game.claimable_result(), ours, "a win: DXP announces it");
}
