//! Shape combinations: the four line shapes a stone makes on one point, as one small index.
//!
//! The order of the four lines does not matter to a point's value, so a combination is the
//! multiset of the four [`Shape`]s: 715 of them (four values out of ten, with repetition). The
//! index enumerates them with the shapes sorted strongest first, lexicographically; index 0 is
//! "nothing on any line", the value of every occupied point.

use crate::pattern::Shape;

/// The number of shape combinations (multisets of four of the ten shapes).
pub const COMBOS: usize = 715;

/// Number of distinct shapes.
const SHAPES: usize = 10;
/// Entries of the code table: four base-10 digits.
const CODES: usize = SHAPES * SHAPES * SHAPES * SHAPES;

/// `COMBO_OF_CODE[s0 + 10 s1 + 100 s2 + 1000 s3]`: the combination index of the four shapes.
static COMBO_OF_CODE: [u16; CODES] = build_code_table();

/// `SHAPES_OF_COMBO[i]`: the four shapes of combination `i`, strongest first.
static SHAPES_OF_COMBO: [[u8; 4]; COMBOS] = build_combo_shapes();

const fn build_combo_shapes() -> [[u8; 4]; COMBOS] {
    let mut out = [[0u8; 4]; COMBOS];
    let mut i = 0;
    let mut a = 0;
    while a < SHAPES {
        let mut b = 0;
        while b <= a {
            let mut c = 0;
            while c <= b {
                let mut d = 0;
                while d <= c {
                    out[i] = [a as u8, b as u8, c as u8, d as u8];
                    i += 1;
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

const fn build_code_table() -> [u16; CODES] {
    let combos = build_combo_shapes();
    let mut out = [0u16; CODES];
    let mut i = 0;
    while i < COMBOS {
        // Every ordering of the combination's shapes maps to it.
        let s = combos[i];
        let perms: [[usize; 4]; 24] = [
            [0, 1, 2, 3],
            [0, 1, 3, 2],
            [0, 2, 1, 3],
            [0, 2, 3, 1],
            [0, 3, 1, 2],
            [0, 3, 2, 1],
            [1, 0, 2, 3],
            [1, 0, 3, 2],
            [1, 2, 0, 3],
            [1, 2, 3, 0],
            [1, 3, 0, 2],
            [1, 3, 2, 0],
            [2, 0, 1, 3],
            [2, 0, 3, 1],
            [2, 1, 0, 3],
            [2, 1, 3, 0],
            [2, 3, 0, 1],
            [2, 3, 1, 0],
            [3, 0, 1, 2],
            [3, 0, 2, 1],
            [3, 1, 0, 2],
            [3, 1, 2, 0],
            [3, 2, 0, 1],
            [3, 2, 1, 0],
        ];
        let mut k = 0;
        while k < 24 {
            let p = perms[k];
            let code = s[p[0]] as usize
                + SHAPES * s[p[1]] as usize
                + SHAPES * SHAPES * s[p[2]] as usize
                + SHAPES * SHAPES * SHAPES * s[p[3]] as usize;
            out[code] = i as u16;
            k += 1;
        }
        i += 1;
    }
    out
}

/// The combination index of the shapes a stone makes along the four lines (in any order).
///
/// ```
/// use gomoku_ai::pattern::Shape;
/// use gomoku_ai::weights::{combo_index, combo_shapes};
/// let i = combo_index([Shape::One, Shape::Four, Shape::None, Shape::OpenThree]);
/// assert_eq!(i, combo_index([Shape::OpenThree, Shape::None, Shape::One, Shape::Four]));
/// assert_eq!(combo_shapes(i), [Shape::Four, Shape::OpenThree, Shape::One, Shape::None]);
/// ```
#[inline]
pub fn combo_index(shapes: [Shape; 4]) -> usize {
    let code = shapes[0] as usize
        + SHAPES * shapes[1] as usize
        + SHAPES * SHAPES * shapes[2] as usize
        + SHAPES * SHAPES * SHAPES * shapes[3] as usize;
    COMBO_OF_CODE[code] as usize
}

/// The four shapes of combination `index`, strongest first (`None`s for an index out of range).
pub fn combo_shapes(index: usize) -> [Shape; 4] {
    SHAPES_OF_COMBO
        .get(index)
        .map_or([Shape::None; 4], |s| s.map(Shape::from_u8))
}

/// The name of a shape in weights files: `none`, `overline`, `one`, `closed-two`, `open-two`,
/// `closed-three`, `open-three`, `four`, `open-four`, `five`.
pub fn shape_key(shape: Shape) -> &'static str {
    match shape {
        Shape::None => "none",
        Shape::Overline => "overline",
        Shape::One => "one",
        Shape::ClosedTwo => "closed-two",
        Shape::OpenTwo => "open-two",
        Shape::ClosedThree => "closed-three",
        Shape::OpenThree => "open-three",
        Shape::Four => "four",
        Shape::OpenFour => "open-four",
        Shape::Five => "five",
    }
}

/// The name of combination `index` in weights files: its four shape names, strongest first,
/// joined by `+` (e.g. `four+open-three+one+none`).
pub fn combo_key(index: usize) -> String {
    combo_shapes(index).map(shape_key).join("+")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ordering_of_every_combination_maps_back_to_it() {
        let mut seen = vec![false; COMBOS];
        for code in 0..CODES {
            let s = [code % 10, code / 10 % 10, code / 100 % 10, code / 1000]
                .map(|v| Shape::from_u8(v as u8));
            let i = combo_index(s);
            seen[i] = true;
            let mut sorted = s;
            sorted.sort_by(|a, b| b.cmp(a));
            assert_eq!(combo_shapes(i), sorted, "{s:?}");
        }
        assert!(seen.iter().all(|&b| b));
        assert_eq!(combo_index([Shape::None; 4]), 0);
    }

    #[test]
    fn keys_are_distinct() {
        let keys: std::collections::HashSet<String> = (0..COMBOS).map(combo_key).collect();
        assert_eq!(keys.len(), COMBOS);
        assert_eq!(combo_key(0), "none+none+none+none");
    }
}
