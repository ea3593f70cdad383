//! Perft: counting the leaves of the legal move tree, to check and time move generation.

use crate::rules::Position;

/// The number of move sequences of exactly `depth` plies from `position` (positions with
/// no legal move end a sequence early and are not counted). The last ply is counted in
/// bulk, without playing its moves.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => position
            .legal_moves()
            .iter()
            .map(|mv| perft(&position.play(mv), depth - 1))
            .sum(),
    }
}
