//! Renju foul positions drawn as board diagrams, with the expected forbidden points drawn in:
//! `3` double-three, `4` double-four, `6` overline. Two more marks name legal points the
//! position is about: `5` a point where Black makes exactly five, `*` any other point that must
//! be legal. Every position checks the whole board: the forbidden points (and their kinds) must
//! be exactly the marked ones, for the fast checker and for the slow reference checker.
//!
//! All positions were written for these tests from the RIF definitions.

mod renju_support;

use std::collections::BTreeMap;

use gomoku_rules::renju::{self, ForbiddenKind};
use gomoku_rules::{Board, Point};
use renju_support::reference_fouls;

fn check(diagram: &str) {
    let (board, marks) = Board::parse_diagram(diagram).expect("a valid diagram");
    let mut expected = BTreeMap::new();
    let mut legal = Vec::new();
    let mut fives = Vec::new();
    for (p, mark) in marks {
        match mark {
            '3' => {
                expected.insert(p, ForbiddenKind::DoubleThree);
            }
            '4' => {
                expected.insert(p, ForbiddenKind::DoubleFour);
            }
            '6' => {
                expected.insert(p, ForbiddenKind::Overline);
            }
            '5' => fives.push(p),
            '*' => legal.push(p),
            other => panic!("unknown mark {other:?} at {p}"),
        }
    }
    assert!(
        !(expected.is_empty() && legal.is_empty() && fives.is_empty()),
        "a diagram must mark the points it is about"
    );
    let fast: BTreeMap<Point, ForbiddenKind> = renju::forbidden_points(&board)
        .iter()
        .map(|p| {
            let kind = renju::forbidden(&board, p);
            (
                p,
                kind.unwrap_or_else(|| panic!("{p} listed but not forbidden")),
            )
        })
        .collect();
    assert_eq!(
        fast,
        reference_fouls(&board),
        "fast vs reference checker on\n{board}"
    );
    assert_eq!(fast, expected, "fast checker on\n{board}");
    for p in board.empty_points() {
        assert_eq!(
            renju::forbidden(&board, p),
            expected.get(&p).copied(),
            "fast checker at {p} on\n{board}"
        );
    }
    for p in fives {
        assert!(renju::makes_five(&board, p), "{p} should make five");
    }
    // The side to move does not matter.
    let mut other_side = board.clone();
    other_side.set_side_to_move(!board.side_to_move());
    for (&p, &kind) in &expected {
        assert_eq!(renju::forbidden(&other_side, p), Some(kind));
    }
}

// ---------------------------------------------------------------- double-three

#[test]
fn cross_double_three() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . X X 3 . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn split_three_and_diagonal_three() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . X . . . .
        . . . . . X . . . . .
        . . X . 3 X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn three_blocked_at_one_end_is_not_a_three() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . O X X * . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn three_without_room_for_a_straight_four_is_not_a_three() {
    // O . X X * . O: every four it can become is closed at one end.
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . X . . . . . .
        . . . . X . . . . . .
        O . X X * . O . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn three_with_room_on_one_side_only_still_counts() {
    // . . X X 3 . O: only b5 makes a straight four, and that is enough.
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . X . . . . . .
        . . . . X . . . . . .
        . . X X 3 . O . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn spread_stones_are_not_a_three() {
    // . X . * . X . can only become a closed four, never a straight four.
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . X . * . X . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn triple_three() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . X 3 X 3 . . . .
        . . . 3 X X . . . . .
        . . . X X 3 . . . . .
        . . . 3 . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn four_three_three_is_a_double_three() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X 3 X . . .
        . . . . 3 X X . . . .
        . . . X X 3 . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn four_three_is_legal() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . O . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . X X * . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn straight_four_and_three_is_legal() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . X X * . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . O . . . . .",
    );
}

#[test]
fn white_stones_break_the_threes() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . X O * . . . . .
        . . . X . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

// ---------------------------------------------------------------- double-four

#[test]
fn double_four_across_two_lines() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O X X X 4 . . .
        . . . . . X . . .
        . . . . . X . . .
        . . . . . X . . .
        . . . . . O . . .
        . . . . . . . . .",
    );
}

#[test]
fn double_four_on_one_line_x_xxx_x() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X . X X 4 . X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
}

#[test]
fn double_four_on_one_line_x_xxx_x_stone_in_the_middle() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X . X 4 X . X .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
}

#[test]
fn double_four_on_one_line_xx_xx_xx() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X . X 4 . X X .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
}

#[test]
fn double_four_on_one_line_xxx_x_xxx() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        X X X . 4 . X X X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn double_four_on_a_diagonal_line() {
    check(
        "
        . . . . . . . . .
        . . . . . . . X .
        . . . . . . . . .
        . . . . . X . . .
        . . . . 4 . . . .
        . . . X . . . . .
        . . . . . . . . .
        . X . . . . . . .
        . . . . . . . . .",
    );
}

#[test]
fn straight_four_and_closed_four_are_a_double_four() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . X X X 4 . . . .
        . . . . . . X . . . .
        . . . . . . X . . . .
        . . . . . . X . . . .
        . . . . . . O . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn four_four_three_is_a_double_four() {
    // f6 makes two fours and a three. The crowd also leaves 3-3s on d7, d5, e4 and g4.
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . 3 . . . . . . .
        . O X X X 4 . . . . .
        . . . 3 X X . . . . .
        . . . X 3 X 3 . . . .
        . . . . . X . . . . .
        . . . . . O . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn four_made_without_the_stone_does_not_count() {
    // The row of four on the left was there already; e5 makes only the vertical four.
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X . O . * .
        . . . . . . . X .
        . . . . . . . X .
        . . . . . . . X .
        . . . . . . . O .",
    );
}

#[test]
fn a_dead_four_is_not_a_four() {
    // O X X X f5 O can never become five: f5 makes only the vertical four.
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O X X X * O . .
        . . . . . X . . .
        . . . . . X . . .
        . . . . . X . . .
        . . . . . O . . .",
    );
}

// ---------------------------------------------------------------- overline

#[test]
fn overline_six_in_a_row() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X X 6 X X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
}

#[test]
fn overline_seven_by_filling_a_gap() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X 6 X X X . O
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
}

#[test]
fn overline_next_to_a_five() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        5 X X X X 6 X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
}

#[test]
fn overline_on_a_diagonal_with_a_five_beside_it() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . X . .
        . . . . . . . 6 . . .
        . . . . . . X . . . .
        . . . . . X . . . . .
        . . . . X . . . . . .
        . . . X . . . . . . .
        . . 5 . . . . . . . .
        . O . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn overline_beats_everything_but_a_five() {
    // f6 makes an overline and a double-four: it is reported as an overline. The crowd also
    // leaves 3-3s on c5, d3, d5, d7 and e4.
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . 3 . . . . . . .
        . X X X X 6 X . . . .
        . . 3 3 X X . . . . .
        . . . X 3 X . . . . .
        . . X 3 . X . . . . .
        . O . . . O . . . . .
        . . . . . . . . . . .",
    );
}

// ---------------------------------------------------------------- five first

#[test]
fn five_overrides_an_overline() {
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . O . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . 3 . X . . . . .
        O X X X X 5 . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .",
    );
}

#[test]
fn five_overrides_a_double_four() {
    // f6 completes f6..j6 and also makes the fours f3..f6 and c9..f6.
    check(
        "
        . . . . . . . . . . .
        . O . . . . . . . . .
        . . X . . . . . . . .
        . . . X . . . . . . .
        . . . . X . . . . . .
        . . . . . 5 X X X X O
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . . . . O . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn five_overrides_a_double_three() {
    // f5 completes b5..f5 and also makes the threes f3 f4 f5 and f5 g6 h7. e4 is no double-three:
    // its split three e4 . g6 h7 needs f5, which makes a five, not a straight four.
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . X . . .
        . . . . . . X . . . .
        O X X X X 5 . . . . .
        . . . . * X . . . . .
        . . . . . X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

// ---------------------------------------------------------------- RIF 9.3: pseudo threes

#[test]
fn pseudo_double_three_straight_four_move_is_an_overline() {
    // e5 makes the split three c5 . e5 f5, whose only straight-four move d5 is an overline
    // (d3..d8), and the real three e5 e6 e7: one three counts, so e5 is legal.
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . X . . . . . . .
        . . . X X . . . . . .
        . 3 . X X 3 3 . . . .
        . . X 6 * X . . . . .
        . . . X 3 . . . . . .
        . . . X . . . . . . .
        . . . O . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn pseudo_double_three_straight_four_move_is_a_double_four() {
    // e5's split three c5 . e5 f5 can only become a straight four on d5, which would also make
    // the four a8 b7 c6 d5: a double-four, so that three does not count.
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        X . 3 . . . . . . . .
        . X 3 3 X . . . . . .
        . . X 3 X . . . . . .
        . . X . * X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn pseudo_double_three_straight_four_move_is_a_real_double_three() {
    // e5's split three c5 . e5 f5 needs d5, and d5 would be a straight four plus the real
    // threes d5 d6 d7 and b7 c6 d5 (a 4-3-3): forbidden, so e5 has one real three.
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . 3 . . . . .
        . X . X . . X . . . .
        . . X X . X . . . . .
        . . X 3 * X . . . . .
        . . . 3 . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
}

#[test]
fn open_three_with_one_forbidden_end_still_counts() {
    // d6 e6 f6 can become a straight four on c6 (legal) or g6 (an overline): it is a three.
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . 3 3 X X . . . .
        . . . X X 3 6 . . . .
        . . . . . 3 X . . . .
        . . . . . . X . . . .
        . . . . . . X . . . .
        . . . . . . X . . . .
        . . . . . . O . . . .",
    );
}

#[test]
fn open_three_with_both_ends_forbidden_is_not_a_three() {
    // Both straight-four moves of d6 e6 f6 (c6 and g6) are overlines: f6 has one real three.
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . X . 4 X X . . . .
        . . 6 X X * 6 . . . .
        . . X . . 3 X . . . .
        . . X . . . X . . . .
        . . X . . . X . . . .
        . . X . . . X . . . .
        . . O . . . O . . . .",
    );
}

#[test]
fn three_whose_straight_four_move_makes_five_is_not_a_three() {
    // e5's split three c5 . e5 f5 needs d5, which also completes d1..d5: a move that makes a
    // five makes no straight four (the Piskvork judge and Rapfi count it so), so that three
    // does not count and e5 (with e5 e6 e7) is legal. e4 (d3 e4 f5 and e4 . e6 e7, which e5
    // makes a straight four without a five) is still a double-three.
    check(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . X . . . . . .
        . . . . X . . . . . .
        . . X 5 * X . . . . .
        . . . X 3 . . . . . .
        . . . X . . . . . . .
        . . . X . . . . . . .
        . . . X . . . . . . .",
    );
}

#[test]
fn vertical_three_whose_straight_four_point_is_a_diagonal_five_is_not_a_three() {
    // f6 makes the vertical three f6 f7 f8 (closed by f10, so only f5 makes it a straight four)
    // and the open three d6 e6 f6. But f5 also completes the diagonal five b1 c2 d3 e4 f5:
    // that vertical line is not a three, and f6, with one three, is legal. (d5 and e7 are
    // ordinary double-threes.)
    check(
        "
        . . . . . . . . . . .
        . . . . . O . . . . .
        . . . . . . . . . . .
        . . . . . X . . . . .
        . . . . 3 X . . . . .
        . . . X X * . . . . .
        . . . 3 . 5 . . . . .
        . . . . X . . . . . .
        . . . X . . . . . . .
        . . X . . . . . . . .
        . X . . . . . . . . .",
    );
}

#[test]
fn four_three_three_resting_on_a_five_point_is_legal() {
    // As above, with the closed four d8 e7 . g5 h4 through f6: f6 is a four, the three d6 e6 f6
    // and the vertical f6 f7 f8, which is no three (f5 makes a five). A 4-3, legal. (d5 is an
    // ordinary double-three.)
    check(
        "
        . . . . . . . . . . .
        . . . . . O . . . . .
        . . . . . . . . . . .
        . . . O . X . . . . .
        . . . . X X . . . . .
        . . . X X * . . . . .
        . . . 3 . 5 X . . . .
        . . . . X . . X . . .
        . . . X . . . . . . .
        . . X . . . . . . . .
        . X . . . . . . . . .",
    );
}

#[test]
fn nested_twice_double_three() {
    // h8: the split three f8 . h8 i8 needs g8; g8 would be a straight four with the real three
    // g6 g7 g8 and the split three d11 . f9 g8, whose only move e10 is an overline (a10..f10).
    // So g8 is a legal 4-3, the split three counts, and h8 (with h8 h9 h10) is a double-three.
    // Checking it needs two levels of RIF 9.3.
    check(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . . . . . . . . . . .
        X X X X 6 X . X . . . . . . .
        . . . . . X 3 X . . . . . . .
        . . . . . X 3 3 X . . . . . .
        . . . . . . X 3 . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
    );
}

// ---------------------------------------------------------------- edges and sizes

#[test]
fn threes_against_the_edge_are_not_threes() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . . . .
        . . X . . . . . .
        X X * . . . . . .",
    );
}

#[test]
fn double_three_one_row_from_the_edge() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X . . . . .
        . . . X . . . . .
        . X X 3 . . . . .
        . . . . . . . . .",
    );
}

#[test]
fn double_four_on_the_edge_row() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X . X X 4 . X . .",
    );
}

#[test]
fn overline_along_the_edge() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X . . . . . . . .
        X . . . . . . . .
        6 . . . . . . . .
        X . . . . . . . .
        X . . . . . . . .
        X . . . . . . . .",
    );
}

#[test]
fn double_four_in_the_corner() {
    check(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X . . . . . . . .
        X . . . . . . . .
        X . . . . . . . .
        4 X X X . . . . .",
    );
}

#[test]
fn fouls_on_a_20x20_board() {
    check(
        "
        . . . . . . . . . . . . . X . X X 4 . X
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . X X 3 . .
        . . . . . . . . . . . . . . . . . X . .
        . . . . . . . . . . . . . . . . . X . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . X X X 6 X X . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . X . . . . . . . . . . . . . . . . .
        . . X . . . . . . . . . . . . . . . . .
        X X * . . . . . . . . . . . . . . . . .",
    );
}

#[test]
fn double_three_near_the_far_corner_of_a_20x20_board() {
    check(
        "
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . X .
        . . . . . . . . . . . . . . . . . . X .
        . . . . . . . . . . . . . . . . X X 3 .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . . .",
    );
}
