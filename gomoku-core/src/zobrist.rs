//! Zobrist keys: one random 64-bit key per (colour, point), fixed at compile time so hashes are
//! the same in every run and on every machine.

use crate::color::Color;
use crate::point::{MAX_CELLS, Point};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build_keys() -> ([[u64; MAX_CELLS]; 2], u64) {
    let mut keys = [[0u64; MAX_CELLS]; 2];
    let mut state = 0x676F_6D6F_6B75_2121; // "gomoku!!"
    let mut color = 0;
    while color < 2 {
        let mut i = 0;
        while i < MAX_CELLS {
            let (s, k) = splitmix64(state);
            state = s;
            keys[color][i] = k;
            i += 1;
        }
        color += 1;
    }
    let (_, side) = splitmix64(state);
    (keys, side)
}

const KEYS: ([[u64; MAX_CELLS]; 2], u64) = build_keys();

/// The key of a `color` stone on `p`.
#[inline]
pub fn stone_key(color: Color, p: Point) -> u64 {
    KEYS.0[color.index()][p.index()]
}

/// The key XORed into the hash while White is to move.
#[inline]
pub fn white_to_move_key() -> u64 {
    KEYS.1
}
