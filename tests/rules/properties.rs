//! Properties of the rules core over random legal games in every rule set: FEN and
//! move text round trips, incremental hashing, undo.

use crownhead::rules::{Game, Position, Variant};
use proptest::prelude::*;

/// Plays up to `plies` pseudo-random legal moves (chosen by `seed`) from the start.
fn random_game(variant: Variant, seed: u64, plies: usize) -> Game {
    let mut game = Game::new(Position::start(variant));
    let mut state = seed | 1;
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        // xorshift64: cheap, deterministic move choice.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = moves[(state % moves.len() as u64) as usize];
        game.play(mv).expect("a generated move is legal");
    }
    game
}

fn any_variant() -> impl Strategy<Value = Variant> {
    proptest::sample::select(Variant::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fen_round_trip(variant in any_variant(), seed in any::<u64>(), plies in 0usize..160) {
        for position in random_game(variant, seed, plies).positions() {
            let fen = position.to_fen();
            prop_assert_eq!(Position::from_fen(variant, &fen), Ok(*position), "{}", fen);
        }
    }

    #[test]
    fn incremental_hash_equals_a_fresh_one(variant in any_variant(), seed in any::<u64>(), plies in 0usize..160) {
        for position in random_game(variant, seed, plies).positions() {
            prop_assert_eq!(position.hash(), position.compute_hash());
        }
    }

    #[test]
    fn undo_restores_position_and_hash(variant in any_variant(), seed in any::<u64>(), plies in 1usize..120) {
        let mut game = random_game(variant, seed, plies);
        let positions = game.positions().to_vec();
        for expected in positions.iter().rev().skip(1) {
            prop_assert!(game.undo().is_some());
            prop_assert_eq!(game.position(), expected);
            prop_assert_eq!(game.position().hash(), expected.hash());
        }
        prop_assert!(game.undo().is_none());
    }

    #[test]
    fn every_move_text_reads_back(variant in any_variant(), seed in any::<u64>(), plies in 0usize..160) {
        let game = random_game(variant, seed, plies);
        let position = game.position();
        let moves = position.legal_moves();
        for (index, mv) in moves.iter().enumerate() {
            prop_assert!(!moves[..index].contains(mv), "duplicate move in {}", position.to_fen());
            for text in [position.move_to_text(mv), position.move_to_full_text(mv)] {
                prop_assert_eq!(position.parse_move(&text), Ok(*mv), "{} in {}", text, position.to_fen());
            }
            let hub = position.move_to_hub(mv);
            prop_assert_eq!(position.parse_hub_move(&hub), Ok(*mv), "{} in {}", hub, position.to_fen());
        }
    }

    #[test]
    fn count_equals_generated_moves(variant in any_variant(), seed in any::<u64>(), plies in 0usize..200) {
        for position in random_game(variant, seed, plies).positions() {
            prop_assert_eq!(position.count_legal_moves(), position.legal_moves().len());
            prop_assert_eq!(position.has_capture(), position.legal_moves().iter().any(|mv| mv.is_capture()));
        }
    }
}
