//! The network's inputs: for every point and each of the four directions, the window of
//! [`WINDOW`] points centred on it along that direction, as a base-3 number seen by one colour
//! (empty, that colour's stone, or blocked: the other colour's stone or the edge of the board).
//!
//! Every point has two such numbers a direction, one seen by Black and one by White; together
//! they tell an opponent's stone from the edge. A stone changes one digit of the windows of the
//! points within [`HALF`] of it on its four lines, so the indexes are kept up to date by adding
//! `digit * 3^position` (see [`digit_weight`]).

use gomoku_rules::{Board, Color, Direction};

/// Points in a window: the centre and [`HALF`] on each side.
pub const WINDOW: usize = 7;
/// Points on each side of the centre of a window.
pub const HALF: i32 = 3;
/// Distinct windows: `3^WINDOW`.
pub const PATTERNS: usize = 2_187;

/// The digit of an empty point.
pub const EMPTY: u16 = 0;
/// The digit of a stone of the colour the window is seen by.
pub const OWN: u16 = 1;
/// The digit of a point the colour cannot use: an opponent's stone or off the board.
pub const BLOCKED: u16 = 2;

/// `3^i` for each position of a window.
const POW3: [u16; WINDOW] = [1, 3, 9, 27, 81, 243, 729];

/// The weight of the point `offset` (-[`HALF`]..=[`HALF`]) steps from the centre in a window's
/// index: the index is the sum of `digit * digit_weight(offset)`.
#[inline]
pub fn digit_weight(offset: i32) -> u16 {
    POW3[(offset + HALF) as usize]
}

/// The digit of a point holding `stone` (or nothing) as seen by `view`.
#[inline]
pub fn digit(stone: Option<Color>, view: Color) -> u16 {
    match stone {
        None => EMPTY,
        Some(c) if c == view => OWN,
        Some(_) => BLOCKED,
    }
}

/// The window indexes of every point of a `size` x `size` board, computed from scratch:
/// `out[row * size + col][view][direction]` (view 0 is Black, 1 White). `stone(col, row)` gives
/// what stands on a point of the board.
pub fn window_indexes(
    size: usize,
    stone: impl Fn(usize, usize) -> Option<Color>,
    out: &mut Vec<[[u16; 4]; 2]>,
) {
    out.clear();
    out.resize(size * size, [[0; 4]; 2]);
    for row in 0..size {
        for col in 0..size {
            let here = &mut out[row * size + col];
            for dir in Direction::ALL {
                let (dc, dr) = dir.step();
                let mut index = [0u16; 2];
                for offset in -HALF..=HALF {
                    let c = col as i32 + dc * offset;
                    let r = row as i32 + dr * offset;
                    let on_board = (0..size as i32).contains(&c) && (0..size as i32).contains(&r);
                    let w = digit_weight(offset);
                    for (v, view) in [Color::Black, Color::White].into_iter().enumerate() {
                        let d = if on_board {
                            digit(stone(c as usize, r as usize), view)
                        } else {
                            BLOCKED
                        };
                        index[v] += d * w;
                    }
                }
                here[0][dir.index()] = index[0];
                here[1][dir.index()] = index[1];
            }
        }
    }
}

/// [`window_indexes`] of a board.
pub fn board_window_indexes(board: &Board, out: &mut Vec<[[u16; 4]; 2]>) {
    let size = usize::from(board.size());
    window_indexes(
        size,
        |c, r| board.get(gomoku_rules::Point::new_unchecked(c as u8, r as u8)),
        out,
    );
}

/// The point `(col, row)` of a `size` board under symmetry `sym` (0..8: the four rotations,
/// then the same after a mirror), for data augmentation.
#[inline]
pub fn transform(sym: u8, col: usize, row: usize, size: usize) -> (usize, usize) {
    let (mut c, mut r) = if sym >= 4 {
        (size - 1 - col, row)
    } else {
        (col, row)
    };
    for _ in 0..(sym % 4) {
        (c, r) = (size - 1 - r, c);
    }
    (c, r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_window_in_the_middle_is_zero_and_the_edges_are_blocked() {
        let mut out = Vec::new();
        window_indexes(15, |_, _| None, &mut out);
        // h8: empty points all along every line.
        assert_eq!(out[7 * 15 + 7], [[0; 4]; 2]);
        // a1 horizontally: the points to its left are off the board.
        let blocked_left: u16 = (0..HALF as usize).map(|i| BLOCKED * POW3[i]).sum();
        assert_eq!(out[0][0][Direction::Horizontal.index()], blocked_left);
        assert!(
            out.iter()
                .flatten()
                .flatten()
                .all(|&i| usize::from(i) < PATTERNS)
        );
    }

    #[test]
    fn a_stone_is_own_for_its_colour_and_blocked_for_the_other() {
        let mut out = Vec::new();
        // A black stone on h8 (col 7, row 7).
        window_indexes(
            15,
            |c, r| (c == 7 && r == 7).then_some(Color::Black),
            &mut out,
        );
        // g8 sees it one step to its right.
        let g8 = out[7 * 15 + 6];
        let h = Direction::Horizontal.index();
        assert_eq!(g8[0][h], OWN * digit_weight(1));
        assert_eq!(g8[1][h], BLOCKED * digit_weight(1));
        // Nothing of it along g8's vertical line.
        assert_eq!(g8[0][Direction::Vertical.index()], 0);
    }

    #[test]
    fn the_eight_symmetries_are_distinct_permutations() {
        let size = 7;
        let mut images = std::collections::HashSet::new();
        for sym in 0..8 {
            let mut seen = std::collections::HashSet::new();
            for row in 0..size {
                for col in 0..size {
                    let (c, r) = transform(sym, col, row, size);
                    assert!(c < size && r < size);
                    assert!(seen.insert((c, r)), "symmetry {sym} is not one-to-one");
                }
            }
            images.insert(transform(sym, 1, 0, size));
        }
        // (1, 0) lands on eight different points: no two symmetries are the same map.
        assert_eq!(images.len(), 8);
    }
}
