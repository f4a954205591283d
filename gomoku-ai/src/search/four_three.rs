//! The defences against the opponent's four-three: a point where the opponent's stone would make
//! a four and an open three at once wins unless the side to move spoils it now (or plays fours of
//! its own first, which the search adds). Only a stone on one of the two lines, or one that makes
//! the four's completion point a four of the defender's (so that the forced block answers with a
//! four), can spoil it; the search then tries nothing else, as strong engines do.

use gomoku_rules::{Board, Color, Direction, Point, PointSet, Rule};

use crate::pattern::{Patterns, Shape};

/// How far along a line a stone can change a window of five through a point.
const REACH: i32 = 4;

/// Calls `f` with every empty point within [`REACH`] of `p` along `dir`, `p` left out.
fn for_line_points(board: &Board, p: Point, dir: Direction, mut f: impl FnMut(Point)) {
    let (dc, dr) = dir.step();
    for k in (-REACH..=REACH).filter(|&k| k != 0) {
        if let Some(q) = p.offset(dc * k, dr * k, board.size()) {
            if board.is_empty_at(q) {
                f(q);
            }
        }
    }
}

/// The first of the opponent's four-three points (with `patterns` those of `board` under `rule`)
/// and the side to move's moves that may spoil it (its own fours aside), if it has one and a
/// direct defence is needed: none when the four's completion point is already a four of the side to move (blocking there
/// answers with a four), nor for Black under Renju (a three of Black's may be false when its
/// open four would be a foul), nor under caro (a stone flanking a five can block it there, and
/// the shapes below a five treat the board's edge as a block, which caro's fives do not).
pub(crate) fn four_three_defences(
    board: &Board,
    patterns: &Patterns,
    rule: Rule,
) -> Option<(Point, PointSet)> {
    let us = board.side_to_move();
    let them = !us;
    if rule.has_fouls() && them == Color::Black || matches!(rule, Rule::Caro | Rule::CaroExactFive)
    {
        return None;
    }
    for t in patterns.fours(them).iter() {
        let shapes = patterns.shapes(t, them);
        let Some(four_dir) = Direction::ALL
            .into_iter()
            .find(|d| shapes[d.index()] == Shape::Four)
        else {
            continue;
        };
        let mut defences = PointSet::new();
        let mut has_three = false;
        for dir in Direction::ALL {
            if dir != four_dir && shapes[dir.index()] == Shape::OpenThree {
                has_three = true;
                for_line_points(board, t, dir, |p| {
                    defences.insert(p);
                });
            }
        }
        if !has_three {
            continue;
        }
        defences.insert(t);
        let mut countered = false;
        for_line_points(board, t, four_dir, |c| {
            if patterns.shape(c, them, four_dir) < Shape::Four {
                return;
            }
            countered |= patterns.fours(us).contains(c);
            defences.insert(c);
            for dir in Direction::ALL {
                for_line_points(board, c, dir, |q| {
                    if patterns.shape(q, us, dir) >= Shape::ClosedThree {
                        defences.insert(q);
                    }
                });
            }
        });
        return (!countered).then_some((t, defences));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_rules::renju;

    /// The points where `color` completes a win, by playing each empty point and asking the rule.
    fn slow_fives(board: &Board, rule: Rule, color: Color) -> Vec<Point> {
        board
            .empty_points()
            .iter()
            .filter(|&p| {
                let mut b = board.clone();
                b.set_side_to_move(color);
                b.play_unchecked(p);
                rule.winning_line(&b, p).is_some()
            })
            .collect()
    }

    /// Whether `color` may play the empty point `p` (a win always; otherwise no Renju foul).
    fn slow_legal(board: &Board, rule: Rule, color: Color, p: Point) -> bool {
        if !(rule.has_fouls() && color == Color::Black) {
            return true;
        }
        let mut b = board.clone();
        b.set_side_to_move(color);
        renju::forbidden(&b, p).is_none() || slow_fives(&b, rule, color).contains(&p)
    }

    /// Whether the side to move, after playing `m`, loses to the opponent's four-three on `t`:
    /// the four's block is forced and leaves the opponent an open four (or there is no legal
    /// block, or two fives to block), while the side to move never gets a five threat of its own.
    fn refuted(board: &Board, rule: Rule, m: Point, t: Point) -> bool {
        let us = board.side_to_move();
        let them = !us;
        let mut b = board.clone();
        b.play_unchecked(m);
        if !slow_fives(&b, rule, us).is_empty() {
            return false;
        }
        b.play_unchecked(t);
        if !slow_fives(&b, rule, us).is_empty() {
            return false;
        }
        let blocks = slow_fives(&b, rule, them);
        match blocks.as_slice() {
            [] => return false,
            [c] if slow_legal(&b, rule, us, *c) => b.play_unchecked(*c),
            _ => return true,
        }
        if !slow_fives(&b, rule, us).is_empty() {
            return false;
        }
        b.empty_points().iter().any(|p| {
            let mut after = b.clone();
            after.play_unchecked(p);
            slow_legal(&b, rule, them, p) && slow_fives(&after, rule, them).len() >= 2
        })
    }

    fn board(rows: &str) -> Board {
        rows.parse().expect("a valid diagram")
    }

    #[test]
    fn only_the_lines_of_a_four_three_defend_it() {
        // O to move; X has a four-three on g7: the row g7..j7 (blocked on k7) would become a
        // four completed on f7, the column g7..g9 an open three.
        let b = board(
            "
            . . . . . . . . . . . .
            . . . . . . . . . . . .
            . . . . . . . . . . . .
            . . . . . . X . . . . .
            . . . . . . X . . . . .
            . . . . . . . X X X O .
            . . . . . . . . . . . .
            . . . . . . . . . . . .
            . . . . O . . O . . . .
            . . . . . . . . . . O .
            . . . . . . . . . . . .
            . . . . . . . . . . . .
            ",
        );
        let rule = Rule::Freestyle;
        let pat = Patterns::new(&b, rule);
        let (point, defences) = four_three_defences(&b, &pat, rule).expect("X has a four-three");
        assert_eq!(point.to_string(), "g7");
        for p in ["g7", "f7", "g6", "g10", "g11"] {
            assert!(defences.contains(p.parse().unwrap()), "{p}");
        }
        assert!(!defences.contains("b2".parse().unwrap()));
    }

    /// Every legal move outside the defences (and the side to move's own fours) loses to the
    /// four-three, on random positions under each rule it applies to.
    #[test]
    fn every_other_move_loses_to_the_four_three() {
        let mut checked = 0;
        for seed in 1..=400u64 {
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut b = Board::new(11).unwrap();
            let stones = 10 + (seed % 14) as usize;
            while b.total_stones() < stones as u32 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let p = Point::new((x % 9) as u8 + 1, ((x >> 20) % 9) as u8 + 1).unwrap();
                if b.is_empty_at(p) {
                    b.play_unchecked(p);
                    if Rule::Freestyle.winning_line(&b, p).is_some() {
                        b.undo_unchecked(p);
                        break;
                    }
                }
            }
            for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
                let pat = Patterns::new(&b, rule);
                let us = b.side_to_move();
                // Positions with a five threat or an open four on either side are decided
                // before this defence applies.
                if !pat.fives(us).is_empty()
                    || !pat.fives(!us).is_empty()
                    || !pat.open_fours(!us).is_empty()
                {
                    continue;
                }
                let Some((point, defences)) = four_three_defences(&b, &pat, rule) else {
                    continue;
                };
                checked += 1;
                for m in b.empty_points().iter() {
                    if defences.contains(m)
                        || pat.fours(us).contains(m)
                        || !slow_legal(&b, rule, us, m)
                    {
                        continue;
                    }
                    assert!(
                        refuted(&b, rule, m, point),
                        "{rule:?}: {m} is no defence against {point} in\n{b}"
                    );
                }
            }
        }
        assert!(checked >= 20, "only {checked} positions had a four-three");
    }
}
