//! What a Black stone makes along one line: five, overline, fours, straight four, three.
//!
//! Everything a Black stone on a point `p` can make along one line depends only on the eleven
//! cells from `p - 5` to `p + 5` along that line (a five or a four through `p` lies within
//! `p - 4 ..= p + 4`, and the cells just beyond decide whether it is exactly five). Each of the
//! ten cells around `p` is Black, empty or blocked (a White stone or the board edge: both merely
//! stop a Black row), so there are `3^10 = 59049` windows. [`LineShape`] values for all of them
//! are computed once, from the definitions, into a table; looking one up costs a few shifts and
//! two small table reads.

use std::sync::LazyLock;

use crate::board::{Board, LineBits};
use crate::direction::Direction;
use crate::point::Point;

/// Cells on each side of the point in a window.
const REACH: i32 = 5;
/// Cells in a window, the point included.
const WINDOW: usize = 2 * REACH as usize + 1;
/// The window's bit of the point itself.
const CENTER: u32 = REACH as u32;
/// The window's bits.
const WINDOW_MASK: u64 = (1 << WINDOW) - 1;
/// Distinct windows: each of the ten cells around the point is Black, empty or blocked.
const WINDOWS: usize = 3usize.pow(WINDOW as u32 - 1);
/// The fewest other Black stones in a window for any shape: a three needs two.
const MIN_OTHER_STONES: u32 = 2;
/// The furthest a move that makes a straight four through the point can be from it.
const THREE_REACH: i32 = 3;

// Bit layout of a `LineShape`.
/// Bits 0..6: the straight-four moves, at offsets -3, -2, -1, 1, 2, 3.
const STRAIGHT_FOUR_MOVES: u16 = 0x3F;
/// Bits 6..8: the number of fours (0, 1, or 2 meaning "two or more").
const FOURS_SHIFT: u32 = 6;
const FOURS_MASK: u16 = 0b11 << FOURS_SHIFT;
const FIVE: u16 = 1 << 8;
const OVERLINE: u16 = 1 << 9;
const STRAIGHT_FOUR: u16 = 1 << 10;

/// What a Black stone on a point makes along one line through it, by the Renju definitions
/// (only Black's exact five counts as a five; White stones and the board edge block).
///
/// Get one with [`line_shape`]. The fields are independent facts about the line, except that a
/// line which holds a five, an overline or a four reports no straight-four moves (it is not a
/// three).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LineShape(u16);

impl LineShape {
    /// Whether the stone completes exactly five in a row.
    #[inline]
    pub fn is_five(self) -> bool {
        self.0 & FIVE != 0
    }

    /// Whether the stone completes six or more in a row.
    #[inline]
    pub fn is_overline(self) -> bool {
        self.0 & OVERLINE != 0
    }

    /// The number of fours through the stone on this line: 0, 1, or 2 for "two or more" (two
    /// fours on one line, as in `X_XXX_X`, `XX_XX_XX` or `XXX_X_XXX`, are a double-four). A four
    /// is a set of four Black stones, the new one among them, that one more stone turns into
    /// exactly five; a straight four (`_XXXX_`) is one four with two such moves.
    #[inline]
    pub fn fours(self) -> u8 {
        ((self.0 & FOURS_MASK) >> FOURS_SHIFT) as u8
    }

    /// Whether the line holds a straight four through the stone: four in a row that can become
    /// exactly five at either end.
    #[inline]
    pub fn is_straight_four(self) -> bool {
        self.0 & STRAIGHT_FOUR != 0
    }

    /// Whether the line is a three through the stone, judged on this line alone: it holds no
    /// five, overline or four, and some move on it makes a straight four through the stone.
    /// Under Renju that three only counts when one of those moves is legal for Black (RIF 9.3)
    /// and makes no five on another line, which [`crate::renju::forbidden`] checks and this
    /// does not.
    #[inline]
    pub fn is_three(self) -> bool {
        self.0 & STRAIGHT_FOUR_MOVES != 0
    }

    /// The moves on this line that turn the three through `p` into a straight four (none unless
    /// [`LineShape::is_three`]); `p` and `dir` must be the point and direction this shape was
    /// computed for, and `size` the board size.
    pub fn straight_four_moves(
        self,
        p: Point,
        dir: Direction,
        size: u8,
    ) -> impl Iterator<Item = Point> {
        let (dc, dr) = dir.step();
        let mut moves = self.0 & STRAIGHT_FOUR_MOVES;
        std::iter::from_fn(move || {
            while moves != 0 {
                let bit = moves.trailing_zeros() as i32;
                moves &= moves - 1;
                let offset = offset_of_three_bit(bit);
                if let Some(q) = p.offset(dc * offset, dr * offset, size) {
                    return Some(q);
                }
            }
            None
        })
    }
}

impl std::fmt::Debug for LineShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let offsets: Vec<i32> = (0..6)
            .filter(|b| self.0 >> b & 1 == 1)
            .map(offset_of_three_bit)
            .collect();
        f.debug_struct("LineShape")
            .field("five", &self.is_five())
            .field("overline", &self.is_overline())
            .field("fours", &self.fours())
            .field("straight_four", &self.is_straight_four())
            .field("straight_four_move_offsets", &offsets)
            .finish()
    }
}

/// What a Black stone on `p` makes along the line in direction `dir`. The point is read as
/// holding a Black stone whatever is on it, so this describes both a move Black is considering
/// and a Black stone already there. Costs a table look-up; no board scan. For a point off the
/// board the answer means nothing (but this does not panic).
///
/// ```
/// use gomoku_rules::{Board, Direction, renju::line_shape};
/// let board: Board = "
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .
///     . X X . X . .
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .".parse().unwrap();
/// let d4 = "d4".parse().unwrap();
/// let shape = line_shape(&board, d4, Direction::Horizontal);
/// assert_eq!(shape.fours(), 1);
/// assert!(shape.is_straight_four());
/// assert!(!line_shape(&board, d4, Direction::Vertical).is_three());
/// ```
#[inline]
pub fn line_shape(board: &Board, p: Point, dir: Direction) -> LineShape {
    TABLES.shape(&board.line_bits(p, dir))
}

/// The shapes of the four lines through `p`, in [`Direction::ALL`] order (the tables are
/// fetched once for all four).
#[inline]
pub(crate) fn line_shapes(board: &Board, p: Point) -> [LineShape; 4] {
    let tables = &*TABLES;
    Direction::ALL.map(|dir| tables.shape(&board.line_bits(p, dir)))
}

impl Tables {
    /// The shape for the line masks of [`Board::line_bits`], the point read as Black.
    #[inline]
    fn shape(&self, bits: &LineBits) -> LineShape {
        let window = |mask: u32| ((((mask as u64) << REACH) >> bits.pos) & WINDOW_MASK) as u32;
        let black = window(bits.black);
        // With fewer than two other Black stones in reach the line holds nothing: skip the
        // look-ups (most lines of a position).
        if (black & !(1 << CENTER)).count_ones() < MIN_OTHER_STONES {
            return LineShape::default();
        }
        let empty = window(bits.empty());
        let key = self.ternary[drop_center(black)] as usize
            + 2 * self.ternary[drop_center(empty)] as usize;
        LineShape(self.shapes[key])
    }
}

/// The ten bits around the centre of a window, packed.
#[inline]
fn drop_center(window: u32) -> usize {
    ((window & ((1 << CENTER) - 1)) | ((window >> (CENTER + 1)) << CENTER)) as usize
}

/// The offset from the point of straight-four-move bit `bit` (0..6 for -3, -2, -1, 1, 2, 3).
#[inline]
fn offset_of_three_bit(bit: i32) -> i32 {
    if bit < THREE_REACH {
        bit - THREE_REACH
    } else {
        bit - THREE_REACH + 1
    }
}

/// The straight-four-move bit of `offset` (-3..=3, not 0).
fn three_bit_of_offset(offset: i32) -> u16 {
    let bit = if offset < 0 {
        offset + THREE_REACH
    } else {
        offset + THREE_REACH - 1
    };
    1 << bit
}

struct Tables {
    /// `ternary[m]`: the ten-bit mask `m` read as base-3 digits 0/1, so that the key of a window
    /// is `ternary[black] + 2 * ternary[empty]` (digit 0 blocked, 1 Black, 2 empty).
    ternary: Box<[u16]>,
    /// The shape of every window, by key.
    shapes: Box<[u16]>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(build_tables);

fn build_tables() -> Tables {
    let ternary: Box<[u16]> = (0..1usize << (WINDOW - 1))
        .map(|m| {
            (0..WINDOW - 1)
                .filter(|&i| m >> i & 1 == 1)
                .map(|i| 3u16.pow(i as u32))
                .sum()
        })
        .collect();
    let mut shapes = vec![0u16; WINDOWS].into_boxed_slice();
    for (key, shape) in shapes.iter_mut().enumerate() {
        let mut cells = [Cell::Black; WINDOW];
        let mut rest = key;
        for i in (0..WINDOW).filter(|&i| i != CENTER as usize) {
            cells[i] = match rest % 3 {
                0 => Cell::Blocked,
                1 => Cell::Black,
                _ => Cell::Empty,
            };
            rest /= 3;
        }
        *shape = classify(&cells).0;
    }
    Tables { ternary, shapes }
}

/// A cell of a window as Black sees it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Black,
    Empty,
    /// A White stone or off the board.
    Blocked,
}

/// The shape of a window (centre Black), straight from the definitions.
fn classify(cells: &[Cell; WINDOW]) -> LineShape {
    let center = CENTER as usize;
    let run = run_through(cells, center);
    let mut bits = 0;
    if run == 5 {
        bits |= FIVE;
    }
    if run >= 6 {
        bits |= OVERLINE;
    }
    let fours = fours_through_center(cells);
    bits |= (fours.len().min(2) as u16) << FOURS_SHIFT;
    if fours.iter().any(|f| f.completions == 2) {
        bits |= STRAIGHT_FOUR;
    }
    if run < 5 && fours.is_empty() {
        for offset in (-THREE_REACH..=THREE_REACH).filter(|&o| o != 0) {
            let q = (CENTER as i32 + offset) as usize;
            if cells[q] != Cell::Empty {
                continue;
            }
            let mut with_q = *cells;
            with_q[q] = Cell::Black;
            if fours_through_center(&with_q)
                .iter()
                .any(|f| f.completions == 2)
            {
                bits |= three_bit_of_offset(offset);
            }
        }
    }
    LineShape(bits)
}

/// The length of the Black run through `at`.
fn run_through(cells: &[Cell; WINDOW], at: usize) -> usize {
    let back = cells[..at]
        .iter()
        .rev()
        .take_while(|&&c| c == Cell::Black)
        .count();
    let fwd = cells[at + 1..]
        .iter()
        .take_while(|&&c| c == Cell::Black)
        .count();
    back + 1 + fwd
}

/// A four: its Black stones (as window bits) and how many moves make it exactly five.
struct Four {
    stones: u32,
    completions: u8,
}

/// The fours through the centre: every empty cell that makes exactly five together with the
/// centre, grouped by the four stones it completes (a straight four's two ends share them).
fn fours_through_center(cells: &[Cell; WINDOW]) -> Vec<Four> {
    let center = CENTER as usize;
    let mut fours: Vec<Four> = Vec::new();
    for q in 0..WINDOW {
        if cells[q] != Cell::Empty {
            continue;
        }
        let mut with_q = *cells;
        with_q[q] = Cell::Black;
        if run_through(&with_q, q) != 5 || run_through(&with_q, center) != 5 {
            continue;
        }
        // q and the centre lie in the same run of exactly five: the other four are the four.
        let start = (0..=q)
            .rev()
            .take_while(|&i| with_q[i] == Cell::Black)
            .last()
            .unwrap_or(q);
        let stones = (start..start + 5)
            .filter(|&i| i != q)
            .fold(0u32, |m, i| m | 1 << i);
        match fours.iter_mut().find(|f| f.stones == stones) {
            Some(f) => f.completions += 1,
            None => fours.push(Four {
                stones,
                completions: 1,
            }),
        }
    }
    fours
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(text: &str) -> [Cell; WINDOW] {
        let mut cells = [Cell::Blocked; WINDOW];
        for (i, c) in text.chars().enumerate() {
            cells[i] = match c {
                'X' | 'P' => Cell::Black,
                '.' => Cell::Empty,
                _ => Cell::Blocked,
            };
        }
        cells
    }

    #[test]
    fn classify_follows_the_definitions() {
        // The centre (index 5) is marked P.
        let five = classify(&cells("O..XXPXX..O"));
        assert!(five.is_five() && !five.is_overline());
        let over = classify(&cells("...XXPXXX.."));
        assert!(over.is_overline() && !over.is_five());
        let straight = classify(&cells("...XXP.X..."));
        assert_eq!(straight.fours(), 1);
        assert!(!straight.is_straight_four());
        let straight = classify(&cells("...XXPX...."));
        assert_eq!(straight.fours(), 1);
        assert!(straight.is_straight_four());
        assert!(!straight.is_three());
        // Two fours on one line.
        assert_eq!(classify(&cells("..X.XPX.X..")).fours(), 2);
        assert_eq!(classify(&cells(".XX.XP.XX..")).fours(), 2);
        assert_eq!(classify(&cells(".XXX.P.XXX.")).fours(), 2);
        assert_eq!(classify(&cells("OXXX.P.XXXO")).fours(), 2);
        // Closed four: the other end is blocked.
        let closed = classify(&cells("..OXXPX....")); // O X X P X . : one way to five
        assert_eq!(closed.fours(), 1);
        assert!(!closed.is_straight_four());
        // Threes: the open three has two straight-four moves, the split three one.
        let open = classify(&cells("....XPX....")); // . . X P X . .
        assert!(open.is_three());
        assert_eq!(
            open.0 & STRAIGHT_FOUR_MOVES,
            three_bit_of_offset(-2) | three_bit_of_offset(2)
        );
        let split = classify(&cells("...X.PX....")); // . X . P X .
        assert_eq!(split.0 & STRAIGHT_FOUR_MOVES, three_bit_of_offset(-1));
        // Not a three: a straight four here would make an overline at one end.
        assert!(!classify(&cells(".X..XPX.O..")).is_three());
        // Not a three: blocked at one side.
        assert!(!classify(&cells("...OXPX.O..")).is_three());
    }

    #[test]
    fn offsets_round_trip() {
        for offset in [-3, -2, -1, 1, 2, 3] {
            let bit = three_bit_of_offset(offset).trailing_zeros() as i32;
            assert_eq!(offset_of_three_bit(bit), offset);
        }
    }

    #[test]
    fn no_line_is_both_a_four_and_a_three() {
        // The table leaves out straight-four moves on a line that already holds a four; check
        // that this exclusion never hides anything, i.e. that no window with a four through the
        // centre could also be made a straight four by one more stone without holding one
        // already.
        let mut seen = 0;
        for key in 0..WINDOWS {
            let mut cells = [Cell::Black; WINDOW];
            let mut rest = key;
            for i in (0..WINDOW).filter(|&i| i != CENTER as usize) {
                cells[i] = [Cell::Blocked, Cell::Black, Cell::Empty][rest % 3];
                rest /= 3;
            }
            let fours = fours_through_center(&cells);
            if fours.is_empty() || run_through(&cells, CENTER as usize) >= 5 {
                continue;
            }
            seen += 1;
            let straight_now = fours.iter().any(|f| f.completions == 2);
            for q in 0..WINDOW {
                if cells[q] != Cell::Empty {
                    continue;
                }
                let mut with_q = cells;
                with_q[q] = Cell::Black;
                let straight_after = fours_through_center(&with_q)
                    .iter()
                    .any(|f| f.completions == 2 && f.stones & (1 << q) != 0);
                assert!(
                    !straight_after || straight_now,
                    "key {key}: a four that is also a three"
                );
            }
        }
        assert!(seen > 1000);
    }
}
