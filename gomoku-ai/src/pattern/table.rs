//! Precomputed shape tables: the [`Shape`] a stone makes on a line, keyed by the eleven points
//! centred on it.
//!
//! A window holds the five points on each side of the new stone; each is the player's own stone,
//! empty, or blocked (an opponent stone or off the board). The key is the window read as a
//! base-3 number (own = 1, blocked = 2, the centre left out), computed from the two 10-bit masks
//! with a small lookup, so a table has 3^10 one-byte entries (small enough to stay in cache),
//! filled by the slow, obviously correct [`shape_of_line`] once per [`LineRule`].
//!
//! Where overlines win, the points five away never change a shape (a five through the stone
//! lies within four points of it), so that rule could use a 3^8 table that stays in the L1
//! cache and update 9 points per line instead of 11. Tried (2026-12-05): the same search, the
//! same instruction count under callgrind within 1%, and no faster on `gomoku bench`; the
//! lookups were not what costs. Not kept.

use std::sync::OnceLock;

use gomoku_rules::{Color, Rule};

use super::shape::Shape;

/// Points on each side of the centre in a window.
const HALF: usize = 5;
/// Points in a window.
const WIDTH: usize = 2 * HALF + 1;
/// Entries of one table.
const TABLE_LEN: usize = 59_049;

/// `BASE3[m]`: the 10-bit mask `m` read as base-3 digits (bit `b` worth `3^b`).
static BASE3: [u16; 1024] = {
    let mut t = [0u16; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut v = 0u16;
        let mut b = 0;
        let mut pow = 1u16;
        while b < 10 {
            if m >> b & 1 == 1 {
                v += pow;
            }
            pow *= 3;
            b += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
};

/// What makes a five along one line, for one colour (the table to use).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineRule {
    /// Five or more in a row wins (freestyle; White under Renju).
    OverlineWins,
    /// Exactly five wins (standard; Black under Renju).
    ExactFive,
    /// Five or more wins unless blocked at both ends (caro).
    Caro,
    /// Exactly five wins unless blocked at both ends (caro, exact five).
    CaroExactFive,
}

impl LineRule {
    /// The line rule of `color` under `rule`.
    pub fn of(rule: Rule, color: Color) -> LineRule {
        match rule {
            Rule::Freestyle => LineRule::OverlineWins,
            Rule::Standard => LineRule::ExactFive,
            Rule::Renju if color == Color::Black => LineRule::ExactFive,
            Rule::Renju => LineRule::OverlineWins,
            Rule::Caro => LineRule::Caro,
            Rule::CaroExactFive => LineRule::CaroExactFive,
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    fn exact(self) -> bool {
        matches!(self, LineRule::ExactFive | LineRule::CaroExactFive)
    }

    fn caro(self) -> bool {
        matches!(self, LineRule::Caro | LineRule::CaroExactFive)
    }

    /// The shape table of this rule (built on first use).
    #[inline]
    pub fn table(self) -> &'static [Shape] {
        static TABLES: [OnceLock<Box<[Shape]>>; 4] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        TABLES[self.index()].get_or_init(|| build_table(self))
    }
}

/// One point of a window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    Own,
    Blocked,
}

/// The run of own stones through the centre: (first index, last index).
fn run_through_centre(cells: &[Cell; WIDTH]) -> (usize, usize) {
    let mut lo = HALF;
    while lo > 0 && cells[lo - 1] == Cell::Own {
        lo -= 1;
    }
    let mut hi = HALF;
    while hi + 1 < WIDTH && cells[hi + 1] == Cell::Own {
        hi += 1;
    }
    (lo, hi)
}

/// Whether the run through the centre wins, and whether it is an overline that does not.
fn five_through_centre(cells: &[Cell; WIDTH], rule: LineRule) -> (bool, bool) {
    let (lo, hi) = run_through_centre(cells);
    let len = hi - lo + 1;
    if len < 5 {
        return (false, false);
    }
    if rule.exact() && len > 5 {
        return (false, true);
    }
    if rule.caro() {
        // Ends outside the window are unknown; treat them as open (the incremental evaluator
        // checks caro fives exactly on the board).
        let blocked_lo = lo > 0 && cells[lo - 1] == Cell::Blocked;
        let blocked_hi = hi + 1 < WIDTH && cells[hi + 1] == Cell::Blocked;
        if blocked_lo && blocked_hi {
            return (false, false);
        }
    }
    (true, false)
}

/// Whether two of the `completions` each still make a five after the opponent blocks the other
/// (always, except under caro, where the block can close the other five at both ends).
fn two_ways_survive_a_block(
    cells: &mut [Cell; WIDTH],
    rule: LineRule,
    completions: &[usize],
) -> bool {
    if !rule.caro() {
        return true;
    }
    let mut survives = |play: usize, block: usize| {
        cells[block] = Cell::Blocked;
        cells[play] = Cell::Own;
        let five = five_through_centre(cells, rule).0;
        cells[block] = Cell::Empty;
        cells[play] = Cell::Empty;
        five
    };
    for (k, &a) in completions.iter().enumerate() {
        for &b in &completions[k + 1..] {
            if survives(a, b) && survives(b, a) {
                return true;
            }
        }
    }
    false
}

/// The shape an own stone on the centre of `cells` makes under `rule` (the slow definition that
/// fills the tables; `cells[HALF]` must be [`Cell::Own`]).
fn classify(cells: &mut [Cell; WIDTH], rule: LineRule, memo: &mut [u8]) -> Shape {
    let key = base3_key(cells);
    if memo[key] != u8::MAX {
        return Shape::from_u8(memo[key]);
    }
    let (five, overline) = five_through_centre(cells, rule);
    let shape = if five {
        Shape::Five
    } else if overline {
        Shape::Overline
    } else {
        let mut completions = Vec::new();
        let mut best = Shape::None;
        for i in 0..WIDTH {
            if cells[i] != Cell::Empty {
                continue;
            }
            cells[i] = Cell::Own;
            if five_through_centre(cells, rule).0 {
                completions.push(i);
            } else if completions.is_empty() && i.abs_diff(HALF) <= 4 {
                best = best.max(classify(cells, rule, memo).one_less());
            }
            cells[i] = Cell::Empty;
        }
        match completions.len() {
            0 => best,
            1 => Shape::Four,
            _ if two_ways_survive_a_block(cells, rule, &completions) => Shape::OpenFour,
            _ => Shape::Four,
        }
    };
    memo[key] = shape as u8;
    shape
}

fn base3_key(cells: &[Cell; WIDTH]) -> usize {
    cells
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != HALF)
        .fold(0, |k, (_, c)| k * 3 + *c as usize)
}

/// The shape a stone makes on a line, by the slow definition: `line` is the line as characters
/// (`'X'` own stone, `'.'` empty, anything else blocked), `at` the index of the new stone, which
/// must be empty in `line`. Points beyond the ends of `line` count as blocked.
///
/// ```
/// use gomoku_ai::pattern::{LineRule, Shape, shape_of_line};
/// assert_eq!(shape_of_line("..XX...", 4, LineRule::OverlineWins), Shape::OpenThree);
/// assert_eq!(shape_of_line("OXXX...", 4, LineRule::OverlineWins), Shape::Four);
/// assert_eq!(shape_of_line("XXXXX.X", 5, LineRule::ExactFive), Shape::Overline);
/// ```
pub fn shape_of_line(line: &str, at: usize, rule: LineRule) -> Shape {
    let chars: Vec<char> = line.chars().collect();
    let mut cells = [Cell::Blocked; WIDTH];
    for (i, cell) in cells.iter_mut().enumerate() {
        let idx = at as isize + i as isize - HALF as isize;
        if idx >= 0 && (idx as usize) < chars.len() {
            *cell = match chars[idx as usize] {
                'X' => Cell::Own,
                '.' => Cell::Empty,
                _ => Cell::Blocked,
            };
        }
    }
    cells[HALF] = Cell::Own;
    let mut memo = vec![u8::MAX; 3usize.pow(WIDTH as u32 - 1)];
    classify(&mut cells, rule, &mut memo)
}

fn build_table(rule: LineRule) -> Box<[Shape]> {
    let mut table = vec![Shape::None; TABLE_LEN].into_boxed_slice();
    let mut memo = vec![u8::MAX; 3usize.pow(WIDTH as u32 - 1)];
    let mut cells = [Cell::Empty; WIDTH];
    for code in 0..3usize.pow(WIDTH as u32 - 1) {
        let mut c = code;
        let (mut own, mut blocked) = (0u32, 0u32);
        for i in (0..WIDTH).rev() {
            if i == HALF {
                cells[i] = Cell::Own;
                continue;
            }
            let bit = if i < HALF { i } else { i - 1 };
            cells[i] = match c % 3 {
                0 => Cell::Empty,
                1 => {
                    own |= 1 << bit;
                    Cell::Own
                }
                _ => {
                    blocked |= 1 << bit;
                    Cell::Blocked
                }
            };
            c /= 3;
        }
        table[base3_index(own, blocked)] = classify(&mut cells, rule, &mut memo);
    }
    table
}

/// The window key of the point at bit `pos` of a line: `own` are the player's stones, `blocked`
/// the opponent's stones and the points off the board (bits 0..32 of the line).
#[inline]
pub(crate) fn window_key(own: u32, blocked: u32, pos: u8) -> usize {
    let own = (((own as u64) << HALF) >> pos) as u32 & 0x7ff;
    let blocked = ((((blocked as u64) << HALF) | 0x1f | (0xffff_ffffu64 << (32 + HALF))) >> pos)
        as u32
        & 0x7ff;
    let squeeze = |w: u32| (w & 0x1f) | ((w >> 6) << 5);
    base3_index(squeeze(own), squeeze(blocked))
}

/// The table index of a window given as 10-bit own and blocked masks.
#[inline]
fn base3_index(own: u32, blocked: u32) -> usize {
    BASE3[own as usize & 0x3ff] as usize + 2 * BASE3[blocked as usize & 0x3ff] as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn hand_checked_shapes() {
        use LineRule::*;
        let cases: &[(&str, usize, LineRule, Shape)] = &[
            ("....XXX.....", 3, OverlineWins, Shape::OpenFour),
            ("...OXXX.....", 7, OverlineWins, Shape::Four),
            ("..XX.XX.....", 4, OverlineWins, Shape::Five),
            ("..XX.XX.....", 4, ExactFive, Shape::Five),
            ("..XXX.XX....", 5, ExactFive, Shape::Overline),
            ("..XXX.XX....", 5, OverlineWins, Shape::Five),
            ("X.XX..X.....", 4, OverlineWins, Shape::OpenFour),
            ("....XX......", 6, OverlineWins, Shape::OpenThree),
            ("....XX......", 7, OverlineWins, Shape::OpenThree),
            ("...OXX......", 6, OverlineWins, Shape::ClosedThree),
            ("....X.......", 5, OverlineWins, Shape::OpenTwo),
            ("O..X..O.....", 4, OverlineWins, Shape::ClosedTwo),
            ("O...X..O....", 5, OverlineWins, Shape::OpenTwo),
            ("O....O", 2, OverlineWins, Shape::None),
            ("OXXXX.O", 5, Caro, Shape::None),
            ("OXXXX.O", 5, OverlineWins, Shape::Five),
            ("OXXXX..", 5, Caro, Shape::Five),
            // Under caro, O.XXX.. is no open four: blocking one end closes the other five.
            ("O..XXX..O", 2, Caro, Shape::Four),
            ("O..XXX..O", 2, OverlineWins, Shape::OpenFour),
            ("...XXX...", 2, Caro, Shape::OpenFour),
            ("......", 2, OverlineWins, Shape::One),
        ];
        for &(line, at, rule, want) in cases {
            assert_eq!(
                shape_of_line(line, at, rule),
                want,
                "{line} at {at} {rule:?}"
            );
        }
    }

    #[test]
    fn window_keys_index_the_table_like_the_slow_definition() {
        // Random lines of 15 points: the table lookup equals the slow definition everywhere.
        let mut rng = Pcg64Mcg::seed_from_u64(12345);
        for rule in [LineRule::OverlineWins, LineRule::ExactFive, LineRule::Caro] {
            let table = rule.table();
            for _ in 0..300 {
                let line: String = (0..15)
                    .map(|_| match rng.random_range(0..5) {
                        0 | 1 => '.',
                        2 | 3 => 'X',
                        _ => 'O',
                    })
                    .collect();
                let own: u32 = line
                    .chars()
                    .enumerate()
                    .filter(|&(_, c)| c == 'X')
                    .fold(0, |m, (i, _)| m | 1 << i);
                let opp: u32 = line
                    .chars()
                    .enumerate()
                    .filter(|&(_, c)| c == 'O')
                    .fold(0, |m, (i, _)| m | 1 << i);
                let blocked = opp | !((1 << 15) - 1);
                for at in (0..15).filter(|&i| line.as_bytes()[i] == b'.') {
                    let fast = table[window_key(own, blocked, at as u8)];
                    assert_eq!(
                        fast,
                        shape_of_line(&line, at, rule),
                        "{line} at {at} {rule:?}"
                    );
                }
            }
        }
    }
}
