//! Strength levels: full strength searches exactly as the engine always has, analysis is
//! never weakened, a weak level varies its moves (the same seed choosing the same ones)
//! and plays only legal ones, and a level that sees a forced win plays it.

use std::collections::BTreeSet;

use crownhead::engine::{Engine, Limits, MAX_STRENGTH, MIN_STRENGTH, Options, SearchResult};
use crownhead::rules::{Game, Position, Variant};

fn engine(strength: u8) -> Engine {
    Engine::new(Options { table_mib: 1, strength, ..Options::default() })
}

fn game(fen: &str) -> Game {
    Game::new(Position::from_fen(Variant::English, fen).expect("a valid FEN"))
}

/// What a search reports that a weakening would change.
fn summary(result: &SearchResult) -> (Option<String>, Vec<String>, i32, u32) {
    let text = |mv: &crownhead::rules::Move| format!("{mv:?}");
    (
        result.best_move.as_ref().map(text),
        result.pv.iter().map(text).collect(),
        result.score.centi_men(),
        result.depth,
    )
}

/// English positions: the start, a quiet middle game, and a shot (23-18 gives a man to
/// take two).
const POSITIONS: [&str; 3] = [
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W17,21,22,24,25,26,28,29,30,31,32:B1,2,3,5,6,7,9,10,11,12,15",
    "W:W22,23,27,28,32:B5,14,15",
];

#[test]
fn full_strength_plays_and_every_level_analyses_as_the_unweakened_search() {
    for fen in POSITIONS {
        let limits = Limits::depth(9);
        let full = engine(MAX_STRENGTH).think(&game(fen), &limits);
        let analysed = engine(MIN_STRENGTH).analyse(&game(fen), &limits, |_| {});
        assert_eq!(summary(&full), summary(&analysed), "{fen}");
        assert_eq!(full.depth, 9, "{fen}: the full search is not capped");
    }
}

#[test]
fn the_weakest_level_varies_its_moves_and_plays_only_legal_ones() {
    let start = game(POSITIONS[0]);
    let legal = start.position().legal_moves();
    let mut chosen = BTreeSet::new();
    for seed in 0..24 {
        let mut weak = engine(MIN_STRENGTH);
        weak.seed(seed);
        let first = weak.think(&start, &Limits::depth(20)).best_move.expect("a move");
        assert!(legal.contains(&first), "seed {seed}: {first:?}");
        let mut again = engine(MIN_STRENGTH);
        again.seed(seed);
        assert_eq!(again.think(&start, &Limits::depth(20)).best_move, Some(first), "seed {seed} repeats");
        chosen.insert(start.position().move_to_text(&first));
    }
    assert!(chosen.len() >= 3, "24 seeds chose only {chosen:?}");
}

#[test]
fn every_level_plays_a_forced_win_it_sees() {
    // White to move must capture: 22x8 takes both Black men and wins at once, 23x14
    // takes one.
    let shot = game("W:W22,23:B11,18");
    for strength in MIN_STRENGTH..MAX_STRENGTH {
        for seed in 0..8 {
            let mut weak = engine(strength);
            weak.seed(seed);
            let result = weak.think(&shot, &Limits::depth(20));
            let played = result.best_move.map(|mv| shot.position().move_to_text(&mv));
            assert_eq!(played.as_deref(), Some("22x8"), "level {strength} seed {seed}");
            assert!(result.score.is_win(), "level {strength} seed {seed}: {}", result.score);
        }
    }
}
