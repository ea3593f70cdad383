//! Generation 0 of a rule set's network: material, written as network weights, so that
//! a rule set that has no trained network yet is searched as the others are and its
//! self-play can train its first one (`scripts/generation`, docs/networks.md).
//!
//! Each input (a piece kind on a square, seen from one side) has one hidden unit of its
//! own, fully on when the piece is there; the output weighs the side to move's units by
//! the piece's value and ignores the other side's view. A man is worth 100 centi-men and
//! a king 331, as the search's evaluation of endings of kings alone counts them on 10x10
//! (`src/search/kings_ending.rs`). Breakthrough, won by the first man to crown, adds an
//! eighth of a man (12.5) for each rank a man has advanced, and Turkish a sixteenth
//! (6.25): its men also step sideways, so that material alone, equal after every such
//! step, had its self-play shuffle men to a repetition in 94% of games. Antidraughts, won
//! by the side that loses every piece, counts the material against its owner.

use crate::rules::{Goal, Variant};

use super::features::{KINDS, input_count};
use super::shape::{HIDDEN, QA};
use super::{Layers, Network};

/// The output weight of a man: with [`SCALE`], 100 centi-men.
const MAN: i16 = 32;

/// The output weight of a king: 331 centi-men.
const KING: i16 = 106;

/// The output weight a man gains per rank advanced in breakthrough: 12.5 centi-men.
const RANK: i16 = 4;

/// The output weight a man gains per rank advanced in Turkish: 6.25 centi-men.
const SIDEWAYS_RANK: i16 = 2;

/// Centi-men per unit of output: a full unit weighted `w` is worth `w * SCALE / QB`
/// (`QB` is 64).
const SCALE: i32 = 200;

/// The generation-0 network of `variant`.
pub fn material(variant: Variant) -> Network {
    let rules = variant.rules();
    let geometry = &rules.geometry;
    let inputs = input_count(geometry);
    debug_assert!(inputs <= HIDDEN, "one hidden unit per input");
    let squares = geometry.square_count();
    let per_rank = usize::from(geometry.squares_per_rank());
    let sign = if rules.goal == Goal::LoseEverything { -1 } else { 1 };
    let mut feature_weights = vec![0; inputs * HIDDEN];
    let mut output_weights = vec![0; 2 * HIDDEN];
    for input in 0..inputs {
        feature_weights[input * HIDDEN + input] = QA as i16;
        let (kind, number) = (input / squares, input % squares);
        // The rank from the piece's own side: inputs number squares from the viewer's.
        let own = kind < KINDS / 2;
        let rank = if own { number / per_rank } else { usize::from(geometry.size()) - 1 - number / per_rank };
        let is_king = kind % 2 == 1;
        let per_rank_advanced = if is_king {
            0
        } else if rules.goal == Goal::CrownFirst {
            RANK
        } else if rules.orthogonal_moves {
            SIDEWAYS_RANK
        } else {
            0
        };
        let advance = per_rank_advanced * rank as i16;
        let value = if is_king { KING } else { MAN + advance };
        output_weights[input] = sign * if own { value } else { -value };
    }
    Network {
        rule_sets: vec![variant],
        buckets: 1,
        scale: SCALE,
        layers: Layers {
            feature_weights,
            feature_bias: vec![0; HIDDEN],
            output_weights,
            output_bias: vec![0],
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::accumulator::Accumulators;
    use crate::network::shape::QB;
    use crate::rules::Position;

    fn value(variant: Variant, fen: &str) -> i32 {
        let network = material(variant);
        let position = Position::from_fen(variant, fen).expect("a FEN");
        network.evaluate(&mut Accumulators::new(1), &position, 0)
    }

    #[test]
    fn men_and_kings_are_counted_for_the_side_to_move() {
        assert_eq!(QB, 64, "SCALE assumes it");
        assert_eq!(value(Variant::Killer, "W:W31,32,33:B1,2"), 100);
        assert_eq!(value(Variant::Killer, "B:W31,32,33:B1,2"), -100);
        assert_eq!(value(Variant::Killer, "W:WK31,32:B1,2,3,4"), 331 - 300);
        assert_eq!(value(Variant::English, "B:W21,22:BK1"), 331 - 200);
    }

    #[test]
    fn antidraughts_counts_material_against_its_owner() {
        assert_eq!(value(Variant::Antidraughts, "W:W31,32,33:B1,2"), -100);
        assert_eq!(value(Variant::Antidraughts, "B:W31,32,33:B1,2"), 100);
    }

    /// 6.25 centi-men a rank, rounded down by the network's integer output.
    #[test]
    fn turkish_counts_a_little_for_how_far_men_have_come() {
        // White's man on d2 is one rank up, Black's on d7 one rank down: equal.
        assert_eq!(value(Variant::Turkish, "W:Wd2:Bd7"), 0);
        // White's on d6 is four ranks further than Black's on d7: 25.
        assert_eq!(value(Variant::Turkish, "W:Wd6:Bd7"), 25);
        assert_eq!(value(Variant::Turkish, "W:WKa1:Bd7"), 331 - 106);
    }

    #[test]
    fn breakthrough_counts_how_far_men_have_come() {
        // White's man on 6 is eight ranks up, Black's on 45 eight ranks down: equal.
        assert_eq!(value(Variant::Breakthrough, "W:W6:B45"), 0);
        // White's on 46 has not moved: 100 against 200.
        assert_eq!(value(Variant::Breakthrough, "W:W46:B45"), -100);
        assert_eq!(value(Variant::Breakthrough, "B:W46:B45"), 100);
    }
}
