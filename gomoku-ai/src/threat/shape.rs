//! Fives and fours read from the board's per-line bit masks ([`Board::line_bits`]).
//!
//! A *five point* of a colour is an empty point where a stone of that colour completes a win
//! under the rule (exactly five, or five or more, not blocked at both ends under caro: the
//! semantics of [`Rule::run_wins`]). A *four* is a stone that creates at least one new five
//! point; its five points are its *eyes*. Everything here works on one line of up to 32 bits at
//! a time, so a question about a point costs a few dozen instructions and a whole-board scan
//! looks only at lines holding enough stones.

use gomoku_rules::{Board, Color, Direction, LineBits, Point, Rule, renju};

/// The points of a window of five consecutive points starting at bit 0.
const WINDOW: u32 = 0b11111;

/// Whether the run of `own` stones through bit `pos` (which must be set in `own`) wins for
/// `color` under `rule`; `opp` are the opponent's stones on the line.
#[inline]
pub(crate) fn run_wins_at(own: u32, opp: u32, pos: u8, rule: Rule, color: Color) -> bool {
    let up = (own >> pos).trailing_ones(); // counts `pos` itself
    let down = (own << (31 - pos as u32)).leading_ones(); // counts `pos` itself
    let len = up + down - 1;
    if len < 5 {
        return false;
    }
    let above = pos as u32 + up;
    let below = pos as i32 - down as i32;
    let blocked_above = above < 32 && (opp >> above) & 1 == 1;
    let blocked_below = below >= 0 && (opp >> below) & 1 == 1;
    rule.run_wins(color, len, blocked_above && blocked_below)
}

/// Whether a `color` stone on the empty point `q` would complete a win.
#[inline]
pub(crate) fn makes_five(board: &Board, rule: Rule, color: Color, q: Point) -> bool {
    Direction::ALL.into_iter().any(|dir| {
        let lb = board.line_bits(q, dir);
        run_wins_at(
            lb.stones(color) | 1 << lb.pos,
            lb.stones(!color),
            lb.pos,
            rule,
            color,
        )
    })
}

/// Whether `color` may play on the empty point `q`: always, except Black's fouls under Renju.
#[inline]
pub(crate) fn is_legal(board: &Board, rule: Rule, color: Color, q: Point) -> bool {
    !(rule.has_fouls() && color == Color::Black && renju::forbidden(board, q).is_some())
}

/// A few points, kept in order, with their count (the eyes of a four, the fives of a colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Points {
    first: [Point; 2],
    count: u8,
}

impl Points {
    /// No point.
    pub(crate) const NONE: Points = Points {
        first: [Point::new_unchecked(0, 0); 2],
        count: 0,
    };

    fn push(&mut self, p: Point) {
        if (self.count as usize) < self.first.len() {
            self.first[self.count as usize] = p;
        }
        self.count = self.count.saturating_add(1);
    }

    /// How many points.
    #[inline]
    pub(crate) fn count(&self) -> u8 {
        self.count
    }

    /// The first point, if any.
    #[inline]
    pub(crate) fn first(&self) -> Option<Point> {
        (self.count > 0).then_some(self.first[0])
    }

    /// The second point, if any.
    #[inline]
    pub(crate) fn second(&self) -> Option<Point> {
        (self.count > 1).then_some(self.first[1])
    }
}

/// The point `k` steps along `dir` from `p` (negative `k` goes back), known to be on the board.
#[inline]
fn step(p: Point, dir: Direction, k: i32) -> Point {
    let (dc, dr) = dir.step();
    Point::new_unchecked(
        (p.col() as i32 + dc * k) as u8,
        (p.row() as i32 + dr * k) as u8,
    )
}

/// The five points of `color` on the lines through `q` that use the stone on `q` (placed or
/// not: `q` counts as a `color` stone either way): the eyes of a four played on `q`, or the
/// fives a defender's stone on `q` created. Points where `color` already had a five without `q`
/// are counted too when they lie within four points of `q` on its lines.
pub(crate) fn fives_through(board: &Board, rule: Rule, color: Color, q: Point) -> Points {
    let mut eyes = Points::NONE;
    for dir in Direction::ALL {
        let lb = board.line_bits(q, dir);
        let pos = lb.pos as i32;
        let own = lb.stones(color) | 1 << pos;
        let opp = lb.stones(!color);
        let empty = lb.on_board & !own & !opp;
        // An eye lies within four points of `q`, in a window of five holding four `color`
        // stones and no opponent stone.
        let lo = (pos - 4).max(0);
        let hi = (pos + 4).min(31);
        let near = (((1u64 << (hi + 1)) - 1) as u32) & !((1u32 << lo) - 1);
        let mut cand = empty & near;
        if (own & near).count_ones() < 4 {
            continue;
        }
        while cand != 0 {
            let e = cand.trailing_zeros();
            cand &= cand - 1;
            if run_wins_at(own | 1 << e, opp, e as u8, rule, color) {
                eyes.push(step(q, dir, e as i32 - pos));
            }
        }
    }
    eyes
}

/// A representative point of every line of a board of `size` that can hold five points, with
/// its direction.
fn lines(size: u8) -> impl Iterator<Item = (Point, Direction)> {
    let s = size;
    let horizontal = (0..s).map(move |r| (Point::new_unchecked(0, r), Direction::Horizontal));
    let vertical = (0..s).map(move |c| (Point::new_unchecked(c, 0), Direction::Vertical));
    // Diagonals (up-right) start on the bottom row or the left column; anti-diagonals
    // (down-right) on the top row or the left column. Lines shorter than five are skipped.
    let diagonal = (0..s.saturating_sub(4))
        .map(move |c| Point::new_unchecked(c, 0))
        .chain((1..s.saturating_sub(4)).map(move |r| Point::new_unchecked(0, r)))
        .map(|p| (p, Direction::Diagonal));
    let anti = (0..s.saturating_sub(4))
        .map(move |c| Point::new_unchecked(c, s - 1))
        .chain((4..s - 1).map(move |r| Point::new_unchecked(0, r)))
        .map(|p| (p, Direction::AntiDiagonal));
    horizontal.chain(vertical).chain(diagonal).chain(anti)
}

/// Calls `f` with every window of five points of the line `lb` that is on the board and holds
/// no `opp` stone, as a bit mask.
#[inline]
fn for_open_windows(lb: &LineBits, opp: u32, mut f: impl FnMut(u32)) {
    if lb.on_board == 0 {
        return;
    }
    let lo = lb.on_board.trailing_zeros();
    let hi = 31 - lb.on_board.leading_zeros();
    if hi < lo + 4 {
        return;
    }
    for start in lo..=hi - 4 {
        let w = WINDOW << start;
        if w & opp == 0 {
            f(w);
        }
    }
}

/// Every five point of `color` on the board, in scan order, with duplicates (a point on two
/// winning lines) counted once.
pub(crate) fn all_fives(board: &Board, rule: Rule, color: Color) -> Points {
    let mut fives = Points::NONE;
    let mut seen: Vec<Point> = Vec::new();
    for (p, dir) in lines(board.size()) {
        let lb = board.line_bits(p, dir);
        let own = lb.stones(color);
        if own.count_ones() < 4 {
            continue;
        }
        let opp = lb.stones(!color);
        let empty = lb.empty();
        let mut cand = 0;
        for_open_windows(&lb, opp, |w| {
            if (own & w).count_ones() == 4 {
                cand |= w & empty;
            }
        });
        while cand != 0 {
            let e = cand.trailing_zeros();
            cand &= cand - 1;
            if run_wins_at(own | 1 << e, opp, e as u8, rule, color) {
                let q = step(p, dir, e as i32 - lb.pos as i32);
                if !seen.contains(&q) {
                    seen.push(q);
                    fives.push(q);
                }
            }
        }
    }
    fives
}

/// The empty points where a `color` stone could make a four (a window of five with three
/// `color` stones, two empty points and no opponent stone holds it): a superset of the fours,
/// checked by [`fives_through`]. Each point once, in scan order.
pub(crate) fn four_candidates(board: &Board, color: Color, out: &mut Vec<Point>) {
    out.clear();
    let mut seen = [0u32; gomoku_rules::MAX_SIZE as usize];
    for (p, dir) in lines(board.size()) {
        let lb = board.line_bits(p, dir);
        let own = lb.stones(color);
        if own.count_ones() < 3 {
            continue;
        }
        let opp = lb.stones(!color);
        let empty = lb.empty();
        let mut cand = 0;
        for_open_windows(&lb, opp, |w| {
            if (own & w).count_ones() == 3 {
                cand |= w & empty;
            }
        });
        while cand != 0 {
            let e = cand.trailing_zeros();
            cand &= cand - 1;
            let q = step(p, dir, e as i32 - lb.pos as i32);
            let row = &mut seen[q.row() as usize];
            if *row & 1 << q.col() == 0 {
                *row |= 1 << q.col();
                out.push(q);
            }
        }
    }
}

/// Adds to `out` the empty points of the lines through `q` where a `color` stone could make a
/// four using `q` (see [`four_candidates`]) and that `seen` does not hold yet.
pub(crate) fn four_candidates_through(
    board: &Board,
    color: Color,
    q: Point,
    seen: &mut gomoku_rules::PointSet,
    out: &mut Vec<Point>,
) {
    for dir in Direction::ALL {
        let lb = board.line_bits(q, dir);
        let own = lb.stones(color) | 1 << lb.pos;
        let opp = lb.stones(!color);
        let empty = lb.on_board & !own & !opp;
        let pos = lb.pos as i32;
        let mut cand = 0;
        for start in (pos - 4).max(0)..=pos {
            let w = WINDOW << start;
            if w & lb.on_board == w && w & opp == 0 && (own & w).count_ones() == 3 {
                cand |= w & empty;
            }
        }
        while cand != 0 {
            let e = cand.trailing_zeros();
            cand &= cand - 1;
            let c = step(q, dir, e as i32 - pos);
            if seen.insert(c) {
                out.push(c);
            }
        }
    }
}

/// Scores the empty points that could build a threat for `color`: each open window of five
/// (no opponent stone) through the point holding at least `min_stones` `color` stones, or at
/// least one and a point of `near`, adds the square of its stone count. Returns the points
/// with a score, best first.
pub(crate) fn threat_candidates(
    board: &Board,
    color: Color,
    min_stones: u32,
    near: Option<&gomoku_rules::PointSet>,
) -> Vec<Point> {
    let mut score = [0u16; gomoku_rules::MAX_CELLS];
    let mut touched: Vec<Point> = Vec::new();
    for (p, dir) in lines(board.size()) {
        let lb = board.line_bits(p, dir);
        let own = lb.stones(color);
        if own.count_ones() < min_stones.min(if near.is_some() { 1 } else { min_stones }) {
            continue;
        }
        let opp = lb.stones(!color);
        let empty = lb.empty();
        let near_bits = near.map_or(0, |near| {
            let mut bits = 0u32;
            let mut cand = empty;
            while cand != 0 {
                let e = cand.trailing_zeros();
                cand &= cand - 1;
                if near.contains(step(p, dir, e as i32 - lb.pos as i32)) {
                    bits |= 1 << e;
                }
            }
            bits
        });
        for_open_windows(&lb, opp, |w| {
            let n = (own & w).count_ones();
            if n >= min_stones || (n >= 1 && w & near_bits != 0) {
                let mut cand = w & empty;
                while cand != 0 {
                    let e = cand.trailing_zeros();
                    cand &= cand - 1;
                    let q = step(p, dir, e as i32 - lb.pos as i32);
                    let s = &mut score[q.index()];
                    if *s == 0 {
                        touched.push(q);
                    }
                    *s = s.saturating_add((n * n) as u16);
                }
            }
        });
    }
    touched.sort_by_key(|q| (std::cmp::Reverse(score[q.index()]), *q));
    touched
}

/// The empty points on the four lines through `p` within `reach` points of it.
pub(crate) fn line_neighbours(board: &Board, p: Point, reach: i32, out: &mut Vec<Point>) {
    let size = board.size();
    for dir in Direction::ALL {
        let (dc, dr) = dir.step();
        for k in (-reach..=reach).filter(|&k| k != 0) {
            if let Some(q) = p.offset(dc * k, dr * k, size)
                && board.get(q).is_none()
            {
                out.push(q);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    /// The slow definition: every empty point where the stone would win by `Rule::winning_line`.
    fn slow_fives(board: &Board, rule: Rule, color: Color) -> Vec<Point> {
        let mut b = board.clone();
        let mut out = Vec::new();
        for q in board.empty_points().iter() {
            b.place(q, color).unwrap();
            if rule.winning_line(&b, q).is_some() {
                out.push(q);
            }
            b.remove(q);
        }
        out.sort();
        out
    }

    fn fast_fives(board: &Board, rule: Rule, color: Color) -> Vec<Point> {
        let mut out: Vec<Point> = board
            .empty_points()
            .iter()
            .filter(|&q| makes_five(board, rule, color, q))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn fives_follow_the_rules() {
        let board: Board = "
            . . . . . . . . .
            X X X X . X . . .
            O X X X X . O . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . ."
            .parse()
            .unwrap();
        // e8 joins six for Black (overline); f7 closes b7..f7, blocked by a7 and g7.
        assert_eq!(
            fast_fives(&board, Rule::Freestyle, Color::Black),
            [p("f7"), p("e8")]
        );
        assert_eq!(fast_fives(&board, Rule::Standard, Color::Black), [p("f7")]);
        assert_eq!(fast_fives(&board, Rule::Renju, Color::Black), [p("f7")]);
        assert_eq!(fast_fives(&board, Rule::Caro, Color::Black), [p("e8")]);
        assert!(fast_fives(&board, Rule::CaroExactFive, Color::Black).is_empty());
        for rule in Rule::ALL {
            for color in [Color::Black, Color::White] {
                assert_eq!(
                    fast_fives(&board, rule, color),
                    slow_fives(&board, rule, color)
                );
                let all = all_fives(&board, rule, color);
                assert_eq!(all.count() as usize, slow_fives(&board, rule, color).len());
            }
        }
    }

    #[test]
    fn eyes_of_fours() {
        let board: Board = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . X X X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . ."
            .parse()
            .unwrap();
        let straight = fives_through(&board, Rule::Freestyle, Color::Black, p("f6"));
        assert_eq!(
            (straight.count(), straight.first(), straight.second()),
            (2, Some(p("b6")), Some(p("g6")))
        );
        let broken = fives_through(&board, Rule::Freestyle, Color::Black, p("g6"));
        assert_eq!((broken.count(), broken.first()), (1, Some(p("f6"))));
        assert_eq!(
            fives_through(&board, Rule::Freestyle, Color::Black, p("h6")).count(),
            0
        );
        let mut cands = Vec::new();
        four_candidates(&board, Color::Black, &mut cands);
        cands.sort();
        assert_eq!(cands, [p("a6"), p("b6"), p("f6"), p("g6")]);
    }
}
