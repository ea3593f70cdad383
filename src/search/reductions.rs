//! Late-move reductions: a quiet move ordered late is searched shallower first, and
//! again at full depth only if it then beats alpha. Good ordering puts the move that
//! cuts off among the first few, so the late ones rarely need the full depth.

use std::sync::LazyLock;

/// The least remaining depth at which moves are reduced.
const MIN_DEPTH: i32 = 3;

/// Moves searched at full depth before reductions start: the hash move and the killers
/// come first in the ordering.
const FULL_DEPTH_MOVES: usize = 3;

/// The largest depth and move number the table covers; larger ones use its last entry.
const SIZE: usize = 64;

/// Plies taken off by depth and by move number (from 1), growing with the logarithm
/// of both, as in Stockfish.
static TABLE: LazyLock<[[u8; SIZE]; SIZE]> = LazyLock::new(|| {
    let mut table = [[0; SIZE]; SIZE];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (number, reduction) in row.iter_mut().enumerate().skip(1) {
            *reduction = (0.5 + (depth as f64).ln() * (number as f64).ln() / 2.0) as u8;
        }
    }
    table
});

/// Plies to take off the `number`-th quiet move (from 1) searched at `depth`: none for
/// the first few moves or below [`MIN_DEPTH`], one less at a principal-variation node,
/// and always leaving at least one ply.
pub fn reduction(depth: i32, number: usize, pv_node: bool) -> i32 {
    if depth < MIN_DEPTH || number <= FULL_DEPTH_MOVES {
        return 0;
    }
    let row = (depth.max(0) as usize).min(SIZE - 1);
    let plies = i32::from(TABLE[row][number.min(SIZE - 1)]) - i32::from(pv_node);
    plies.clamp(0, depth - 2)
}

/// Plies a helper thread takes off the `number`-th quiet move at `depth`: one more than
/// [`reduction`] wherever that reduces at all, down to quiescence at most.
pub fn helper_reduction(depth: i32, number: usize, pv_node: bool) -> i32 {
    match reduction(depth, number, pv_node) {
        0 => 0,
        plies => (plies + 1).min(depth - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_helper_reduces_a_ply_more_where_the_main_thread_reduces() {
        assert_eq!((reduction(10, 3, false), helper_reduction(10, 3, false)), (0, 0), "an early move");
        assert_eq!((reduction(2, 20, false), helper_reduction(2, 20, false)), (0, 0), "too shallow");
        assert_eq!((reduction(8, 10, false), helper_reduction(8, 10, false)), (2, 3), "ln 8 * ln 10 / 2");
        assert_eq!((reduction(8, 10, true), helper_reduction(8, 10, true)), (1, 2), "at a PV node");
        for depth in 0..40 {
            for number in 1..80 {
                let (main, helper) =
                    (reduction(depth, number, false), helper_reduction(depth, number, false));
                assert!(main <= helper && helper <= main + 1, "{depth} {number}: {main} {helper}");
                assert_eq!(main == 0, helper == 0, "{depth} {number}: reduced by one thread only");
                assert!(depth - 1 - helper >= 0 || helper == 0, "{depth} {number}: below quiescence");
            }
        }
    }
}
