//! Zobrist keys: a 64-bit hash of a position, updated incrementally by each move.

use super::{Color, Role, Square};

/// Random keys, one per colour, role and bit index, from a fixed seed so that hashes are
/// the same in every run.
static PIECE_KEYS: [[[u64; 64]; 2]; 2] = piece_keys();

/// The key XORed in when Black is to move.
pub const BLACK_TO_MOVE: u64 = 0xA5F1_7C3B_9D24_E861;

/// SplitMix64: the next state after `state` and a random 64-bit output (the keys' and
/// self-play's generator).
pub(crate) const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn piece_keys() -> [[[u64; 64]; 2]; 2] {
    let mut keys = [[[0; 64]; 2]; 2];
    let mut state = 0x00C0_FFEE_D4A1_6875;
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < 2 {
            let mut square = 0;
            while square < 64 {
                let (next, key) = splitmix64(state);
                state = next;
                keys[color][role][square] = key;
                square += 1;
            }
            role += 1;
        }
        color += 1;
    }
    keys
}

/// The key of a piece of `color` and `role` on `square`.
#[inline]
pub fn piece_key(color: Color, role: Role, square: Square) -> u64 {
    PIECE_KEYS[color.index()][role.index()][square.index() as usize]
}
