//! Start-position perft against published counts. Duplicate captures (same from, to and
//! captured set) are counted once, as crownhead plays them.
//!
//! Sources:
//! - English: OEIS A133046 (Bik, Fierz; duplicates first matter at depth 12, where
//!   388,617,999 is the duplicate-free count from DCTL).
//! - Russian, Brazilian, Pool, Czech, Spanish, Italian, International: rhalbersma/dctl
//!   `test/src/algo/traversal/initial/board_08x08.cpp` and `board_10x10.cpp` (the
//!   "duplicates dropped" rows), which cite the shashki.com and damforum.nl perft threads;
//!   International also Aart Bik's BikDam figures.
//! - Depths 1 to 6 of the 8x8 rule sets agree with pydraughts 0.6.7 (duplicates removed).
//!
//! - Killer: DCTL's `test/src/algo/traversal/killer/letouzey.cpp` (from Fabien Letouzey,
//!   Scan's author), positions where the killer rule acts, and `board_10x10.cpp` for the
//!   start, which no rule of killer's reaches in six plies (it equals International's).
//! - Antidraughts and breakthrough move as International does; antidraughts' tree is
//!   International's, breakthrough's ends at the first crowning (a position with a king
//!   on the board is over and has no moves).
//! - Frisian: DCTL's `board_10x10.cpp` (from the damforum.nl thread); its three-king rule
//!   cannot act in so few plies. Frysk! has no published counts: pydraughts 0.6.7 gives
//!   9, 81, 657, 5,329, 41,829 (duplicates removed), its only source.
//!
//! - Turkish: kish 1.1.7's published counts (its `src/perft.rs`), which keep duplicate
//!   captures, equal these to depth 6 (its depth 7 is 10,782,382: 74 duplicates more,
//!   a flying king stopping between two pieces it takes on one line); pydraughts 0.6.7
//!   agrees to depth 4 (from depth 5 it lets a king's quiet move pass over pieces,
//!   `RULES.md#where-pydraughts-differs`); depth 7 is also the count of an independent
//!   generator written from RULES.md's clauses (`scripts/turkish_reference.py`).
//!
//! Counts up to about 110 million leaves run in the normal suite (seconds); English
//! perft 12 and International perft 10 are `#[ignore]`d:
//! `cargo test --release --test rules -- --ignored`.

use crownhead::rules::perft;
use crownhead::rules::{Position, Variant};

use crate::common;

/// Counts from depth 1.
const ENGLISH: &[u64] =
    &[7, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931, 3_963_680, 18_391_564, 85_242_128, 388_617_999];
const RUSSIAN: &[u64] =
    &[7, 49, 302, 1_469, 7_482, 37_986, 190_146, 929_899, 4_570_586, 22_444_032, 110_917_189];
const BRAZILIAN: &[u64] =
    &[7, 49, 302, 1_469, 7_473, 37_628, 187_302, 907_830, 4_431_766, 21_560_022, 105_491_257];
const POOL: &[u64] =
    &[7, 49, 302, 1_469, 7_482, 37_986, 190_146, 929_896, 4_570_534, 22_435_955, 110_833_952];
const CZECH: &[u64] =
    &[7, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931, 3_963_671, 18_368_918, 84_967_210];
const SPANISH: &[u64] =
    &[7, 49, 302, 1_469, 7_361, 36_473, 177_532, 828_783, 3_860_866, 17_743_464, 81_383_200];
const ITALIAN: &[u64] =
    &[7, 49, 302, 1_469, 7_361, 36_473, 177_532, 828_783, 3_860_875, 17_761_384, 81_647_058];
const INTERNATIONAL: &[u64] =
    &[9, 81, 658, 4_265, 27_117, 167_140, 1_049_442, 6_483_961, 41_022_423, 258_895_763];
const FRISIAN: &[u64] = &[9, 81, 658, 3_874, 21_265, 102_431, 540_126, 2_825_779, 15_605_069];
const FRYSK: &[u64] = &[9, 81, 657, 5_329, 41_829];
const TURKISH: &[u64] = &[8, 64, 708, 7_538, 85_090, 931_312, 10_782_308];

/// Checks every published depth whose count is at most `max_nodes`.
fn check(variant: Variant, counts: &[u64], max_nodes: u64) {
    let start = Position::start(variant);
    for (depth, &expected) in (1..).zip(counts).filter(|&(_, &count)| count <= max_nodes) {
        assert_eq!(perft(&start, depth), expected, "{variant} perft {depth}");
    }
}

/// The counts `crownhead perft` prints from the start position of `variant`, depth 1 to
/// `depth`, counting on `threads` threads.
fn binary_perft(variant: Variant, depth: u32, threads: usize) -> Vec<u64> {
    let (name, depth, threads) = (variant.name(), depth.to_string(), threads.to_string());
    let args = ["perft", "--variant", name, "--depth", &depth, "--threads", &threads];
    let output = common::crownhead(&args);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| line.split(' ').find_map(|field| field.strip_prefix("nodes=")))
        .map(|nodes| nodes.parse().expect("a count"))
        .collect()
}

/// Checks every published count above `min_nodes` and at most `max_nodes` with the
/// binary's `perft`, on two threads.
fn check_deep(variant: Variant, counts: &[u64], min_nodes: u64, max_nodes: u64) {
    let deepest = counts.iter().take_while(|&&count| count <= max_nodes).count();
    if counts[..deepest].iter().all(|&count| count <= min_nodes) {
        return;
    }
    let counted = binary_perft(variant, deepest as u32, 2);
    assert_eq!(counted.len(), deepest, "{variant}");
    for (depth, (&expected, &count)) in (1..).zip(counts.iter().zip(&counted)) {
        if expected > min_nodes {
            assert_eq!(count, expected, "{variant} perft {depth}");
        }
    }
}

/// Every rule set with published counts. English-25 and Spanish-short have none of
/// their own: English-25 differs from English only in its draw rules, so it shares
/// English's tree.
const PUBLISHED: [(Variant, &[u64]); 8] = [
    (Variant::English, ENGLISH),
    (Variant::English25, ENGLISH),
    (Variant::Russian, RUSSIAN),
    (Variant::Brazilian, BRAZILIAN),
    (Variant::Pool, POOL),
    (Variant::Czech, CZECH),
    (Variant::Spanish, SPANISH),
    (Variant::Italian, ITALIAN),
];

const QUICK: u64 = 5_000_000;

#[test]
fn start_positions_to_five_million_leaves() {
    for (variant, counts) in PUBLISHED {
        check(variant, counts, QUICK);
    }
    check(Variant::International, INTERNATIONAL, 7_000_000);
}

/// Perft from a FEN.
fn perft_of(variant: Variant, fen: &str, depth: u32) -> u64 {
    perft(&Position::from_fen(variant, fen).expect("a FEN"), depth)
}

/// The killer rule (a king whose capture ends on a king stops right behind it) against
/// DCTL's counts, in two positions where the killer and International trees part: from
/// depth 4 in Random178, from depth 10 in Woldouby.
#[test]
fn killer_positions() {
    let random178 = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";
    let killer = [14, 55, 1_168, 5_165, 84_326, 573_965];
    let international = [14, 55, 1_168, 5_432, 87_195, 629_010];
    for depth in 1..=6 {
        assert_eq!(perft_of(Variant::Killer, random178, depth), killer[depth as usize - 1], "depth {depth}");
        let fmjd = perft_of(Variant::International, random178, depth);
        assert_eq!(fmjd, international[depth as usize - 1], "depth {depth}");
    }
    let woldouby = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38";
    assert_eq!(perft_of(Variant::Killer, woldouby, 10), 88_043);
    assert_eq!(perft_of(Variant::International, woldouby, 10), 88_050);
    for variant in [Variant::Killer, Variant::Antidraughts] {
        check(variant, INTERNATIONAL, 1_100_000);
    }
}

/// Breakthrough is International until a man crowns, and then over: in DCTL's
/// "AlmostPromotion" position every White move crowns, so nothing follows.
#[test]
fn breakthrough_ends_at_the_first_crowning() {
    check(Variant::Breakthrough, &INTERNATIONAL[..6], u64::MAX);
    let almost = "W:W6,7,8,9,10:B41,42,43,44,45";
    assert_eq!(perft_of(Variant::International, almost, 2), 81);
    assert_eq!(perft_of(Variant::Breakthrough, almost, 1), 9);
    assert_eq!(perft_of(Variant::Breakthrough, almost, 2), 0);
}

/// Frisian captures along ranks and files too, and by value: its tree parts from
/// International's at depth 4.
#[test]
fn frisian_and_frysk_start_positions() {
    check(Variant::Frisian, FRISIAN, QUICK);
    check(Variant::Frysk, FRYSK, u64::MAX);
}

/// Turkish: every square played, men forward and sideways, kings along ranks and files.
#[test]
fn turkish_start_position() {
    check(Variant::Turkish, TURKISH, u64::MAX);
}

#[test]
fn parallel_perft_agrees() {
    assert_eq!(binary_perft(Variant::International, 7, 2), INTERNATIONAL[..7]);
    assert_eq!(binary_perft(Variant::Russian, 8, 3), RUSSIAN[..8]);
}

#[test]
fn deep_8x8() {
    for (variant, counts) in PUBLISHED {
        check_deep(variant, counts, QUICK, 120_000_000);
    }
}

#[test]
fn deep_international() {
    check_deep(Variant::International, INTERNATIONAL, 7_000_000, 50_000_000);
    check_deep(Variant::Frisian, FRISIAN, QUICK, u64::MAX);
}

#[test]
#[ignore = "deepest: a minute of CPU"]
fn deepest() {
    check_deep(Variant::English, ENGLISH, 120_000_000, u64::MAX);
    check_deep(Variant::International, INTERNATIONAL, 50_000_000, u64::MAX);
}
