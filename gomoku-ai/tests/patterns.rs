//! The incremental patterns equal patterns recomputed from scratch, and every stored shape
//! equals the slow line-by-line definition.

use gomoku_ai::pattern::{LineRule, Patterns, shape_of_line};
use gomoku_rules::{Board, Color, Direction, Point, Rule};
use proptest::prelude::*;

/// The line through `p` along `dir` as text for `color` ('X' own, 'O' opponent, '.' empty),
/// and the index of `p` in it.
fn line_text(board: &Board, p: Point, dir: Direction, color: Color) -> (String, usize) {
    let (dc, dr) = dir.step();
    let size = board.size();
    let mut start = p;
    let mut at = 0;
    while let Some(q) = start.offset(-dc, -dr, size) {
        start = q;
        at += 1;
    }
    let mut text = String::new();
    let mut q = Some(start);
    while let Some(cur) = q {
        text.push(match board.get(cur) {
            Some(c) if c == color => 'X',
            Some(_) => 'O',
            None => '.',
        });
        q = cur.offset(dc, dr, size);
    }
    (text, at)
}

/// Whether a `color` stone on `p` wins along `dir` under `rule` (walks the board).
fn wins_along(board: &Board, rule: Rule, p: Point, color: Color, dir: Direction) -> bool {
    let (dc, dr) = dir.step();
    let size = board.size();
    let run = |sign: i32| {
        let mut n = 0;
        while let Some(q) = p.offset(sign * dc * (n + 1), sign * dr * (n + 1), size) {
            if board.get(q) != Some(color) {
                break;
            }
            n += 1;
        }
        n
    };
    let (back, fwd) = (run(-1), run(1));
    let blocked = |k: i32| {
        p.offset(dc * k, dr * k, size)
            .is_some_and(|q| board.get(q) == Some(!color))
    };
    let len = (back + fwd + 1) as u32;
    rule.run_wins(color, len, blocked(-back - 1) && blocked(fwd + 1))
}

/// The threat situation with `side` to move, from the shapes of every empty point (the
/// definition of [`Patterns::threat_mask`]).
fn slow_threat_mask(patterns: &Patterns, board: &Board, rule: Rule, side: Color) -> usize {
    use gomoku_ai::pattern::Shape;
    let kinds = |color: Color| {
        let mut bits = 0;
        for p in board.empty_points() {
            let shapes = patterns.shapes(p, color);
            let count = |s: Shape| shapes.iter().filter(|&&x| x == s).count();
            let (fives, open_fours) = (count(Shape::Five), count(Shape::OpenFour));
            let fours = count(Shape::Four) + open_fours;
            let threes = count(Shape::OpenThree);
            let renju_black = rule == Rule::Renju && color == Color::Black;
            let double_four = open_fours > 0 || (fours >= 2 && !renju_black);
            let open_four = fives == 0 && double_four;
            let four_three = fives == 0 && !double_four && fours >= 1 && threes >= 1;
            let four = fives + fours > 0;
            let double_three = fours == 0 && threes >= 2 && !renju_black;
            let three = fives + fours + threes > 0;
            for (k, on) in [open_four, four_three, four, double_three, three]
                .into_iter()
                .enumerate()
            {
                bits |= usize::from(on) << k;
            }
        }
        bits
    };
    kinds(side) | kinds(!side) << 5
}

fn assert_same(a: &Patterns, b: &Patterns, board: &Board) {
    for color in Color::ALL {
        assert_eq!(a.threat_mask(color), b.threat_mask(color));
        assert_eq!(a.total(color), b.total(color));
        assert_eq!(a.waiting_total(color), b.waiting_total(color));
        assert_eq!(a.fives(color), b.fives(color));
        assert_eq!(a.fours(color), b.fours(color));
        assert_eq!(a.open_fours(color), b.open_fours(color));
        assert_eq!(a.threes(color), b.threes(color));
        for p in Point::all(board.size()) {
            assert_eq!(a.shapes(p, color), b.shapes(p, color), "{p}");
            assert_eq!(a.combo(p, color), b.combo(p, color), "{p}");
            assert_eq!(a.value(p, color), b.value(p, color), "{p}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn incremental_patterns_match_a_recomputation_and_the_slow_definition(
        moves in prop::collection::vec((0u8..11, 0u8..11), 1..60),
        rule_index in 0usize..5,
    ) {
        let rule = Rule::ALL[rule_index];
        let mut board = Board::new(11).unwrap();
        let mut patterns = Patterns::new(&board, rule);
        let mut played = Vec::new();
        for (i, &(c, r)) in moves.iter().enumerate() {
            let p = Point::new(c, r).unwrap();
            if i % 5 == 4 {
                if let Some(q) = played.pop() {
                    board.undo_unchecked(q);
                    patterns.undo(&board, q);
                }
            } else if i % 11 == 10 && played.len() > 1 {
                // Not the last move: undo cannot restore from its journal, so it recomputes
                // (and later take-backs still come out right).
                let q = played.remove(0);
                board.remove(q);
                patterns.undo(&board, q);
            } else if board.is_empty_at(p) {
                board.play_unchecked(p);
                patterns.play(&board, p);
                played.push(p);
            }
        }
        assert_same(&patterns, &Patterns::new(&board, rule), &board);
        for side in Color::ALL {
            prop_assert_eq!(
                patterns.threat_mask(side),
                slow_threat_mask(&patterns, &board, rule, side)
            );
        }
        for p in board.empty_points() {
            for color in Color::ALL {
                for dir in Direction::ALL {
                    let (text, at) = line_text(&board, p, dir, color);
                    let slow = shape_of_line(&text, at, LineRule::of(rule, color));
                    let fast = patterns.shape(p, color, dir);
                    // Caro fives are checked exactly on the board (the edge does not block).
                    if !matches!(rule, Rule::Caro | Rule::CaroExactFive) {
                        prop_assert_eq!(fast, slow, "{} {:?} {:?} {}", p, color, dir, text);
                    }
                    // A five point is exactly a point that wins under the rule.
                    let wins_here = wins_along(&board, rule, p, color, dir);
                    prop_assert_eq!(fast == gomoku_ai::pattern::Shape::Five, wins_here, "{} {:?} {:?}", p, color, dir);
                }
            }
        }
    }
}
