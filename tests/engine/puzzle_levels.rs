//! The puzzles' difficulty orders strength: pooled, the English and International
//! built-in puzzles are cut into bands of at least 200 by difficulty, and the share of
//! each band that strength levels 3, 5 and 7 solve (five tries a puzzle, as the levels
//! choose among moves at random) falls as the difficulty rises. A few minutes on one
//! core, so ignored in CI: `cargo test --profile test-release --test engine --
//! --ignored --nocapture puzzle_levels` prints the table docs/puzzles.md records.

use crownhead::engine::{Engine, Limits, Options};
use crownhead::puzzles::{Puzzle, builtin};
use crownhead::rules::{Game, Variant};

/// The levels measured.
const LEVELS: [u8; 3] = [3, 5, 7];

/// Tries a puzzle at each level.
const TRIES: u64 = 5;

/// The fewest puzzles in a band.
const BAND: usize = 200;

/// Whether `engine` plays every solver's move of `puzzle`'s line, the opponent's
/// replies played from the line.
fn solves(engine: &mut Engine, puzzle: &Puzzle) -> bool {
    let mut game = Game::new(puzzle.position);
    engine.new_game();
    for (ply, mv) in puzzle.line.iter().enumerate() {
        if ply % 2 == 0 && engine.think(&game, &Limits::nodes(1_000_000)).best_move != Some(*mv) {
            return false;
        }
        if game.play(*mv).is_err() {
            return false;
        }
    }
    true
}

/// The puzzles cut into bands of whole difficulties, each of at least [`BAND`] puzzles
/// (the last band takes what is left over), easiest first.
fn bands(mut puzzles: Vec<&Puzzle>) -> Vec<Vec<&Puzzle>> {
    puzzles.sort_by_key(|puzzle| puzzle.difficulty);
    let mut bands: Vec<Vec<&Puzzle>> = vec![Vec::new()];
    for (index, puzzle) in puzzles.iter().enumerate() {
        let band = bands.last_mut().expect("a band");
        let next_differs = puzzles.get(index + 1).is_none_or(|next| next.difficulty != puzzle.difficulty);
        band.push(puzzle);
        if band.len() >= BAND && next_differs && puzzles.len() - index > BAND {
            bands.push(Vec::new());
        }
    }
    bands
}

#[test]
#[ignore = "minutes: the difficulty-against-strength table of docs/puzzles.md"]
fn puzzle_levels() {
    let pooled: Vec<&Puzzle> =
        [Variant::English, Variant::International].into_iter().flat_map(|variant| builtin(variant)).collect();
    let bands = bands(pooled);
    assert!(bands.len() >= 2, "too few puzzles for two bands of {BAND}");
    println!("| difficulty | puzzles | level 3 | level 5 | level 7 |");
    println!("|---|---|---|---|---|");
    let mut shares: Vec<[f64; 3]> = Vec::new();
    for band in &bands {
        let mut share = [0.0; 3];
        for (slot, &level) in LEVELS.iter().enumerate() {
            let mut engine =
                Engine::new(Options { threads: 1, table_mib: 16, strength: level, ..Options::default() });
            let mut solved = 0;
            for (index, puzzle) in band.iter().enumerate() {
                for attempt in 0..TRIES {
                    engine.seed(index as u64 * TRIES + attempt);
                    solved += u64::from(solves(&mut engine, puzzle));
                }
            }
            share[slot] = solved as f64 / (band.len() as u64 * TRIES) as f64;
        }
        let (low, high) = (band[0].difficulty, band[band.len() - 1].difficulty);
        println!(
            "| {low}–{high} | {} | {:.0}% | {:.0}% | {:.0}% |",
            band.len(),
            share[0] * 100.0,
            share[1] * 100.0,
            share[2] * 100.0
        );
        shares.push(share);
    }
    for slot in 0..LEVELS.len() {
        for pair in shares.windows(2) {
            assert!(pair[1][slot] <= pair[0][slot], "level {}: {:?}", LEVELS[slot], shares);
        }
        assert!(shares[shares.len() - 1][slot] < shares[0][slot], "level {}: {:?}", LEVELS[slot], shares);
    }
}
