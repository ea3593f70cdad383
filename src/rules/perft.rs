//! Perft: the number of legal move sequences of a given length, the standard check of a
//! move generator.

use super::movegen::{count_legal_moves, generate_moves};
use super::{MoveList, Position};
use crate::with_variant;

/// The number of move sequences of exactly `depth` plies from `position` (positions with
/// no legal move end a sequence early and are not counted). The last ply is counted in
/// bulk, without playing its moves.
///
/// ```
/// use crownhead::rules::{Position, Variant, perft};
///
/// // English from the start (OEIS A133046), and International to depth 3.
/// let english = Position::start(Variant::English);
/// let counts: Vec<u64> = (1..=5).map(|depth| perft(&english, depth)).collect();
/// assert_eq!(counts, [7, 49, 302, 1469, 7361]);
/// assert_eq!(perft(&Position::start(Variant::International), 3), 658);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    with_variant!(position.variant(), perft_with(position, depth))
}

/// [`perft`] compiled for one rule set, so move generation inlines into it.
fn perft_with<const V: usize>(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal_moves::<V>(position) as u64,
        _ => {
            let mut moves = MoveList::new();
            generate_moves::<V>(position, &mut moves);
            moves.iter().map(|mv| perft_with::<V>(&position.play_with::<false>(mv), depth - 1)).sum()
        }
    }
}
