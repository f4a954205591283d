//! The `priority` seed player on hand-checked positions: its priority order and its values.

use gomoku_ai::classic::{Level, direction_value, priority_of};
use gomoku_ai::{Limits, Player, PriorityPlayer};
use gomoku_rules::{Board, Color, Direction, Point, Rule};

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn choose(board: &Board, rule: Rule) -> Point {
    PriorityPlayer::new()
        .choose(board, rule, &Limits::default(), &mut |_| {})
        .best
        .unwrap()
}

#[test]
fn a_win_beats_a_block() {
    // Black to move: f7 wins, a3 blocks White's five.
    let board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        O X X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O O O O X . . .
        . . . . . . . . .
        . . . . . . . . ."
        .parse()
        .unwrap();
    for rule in Rule::ALL {
        assert_eq!(priority_of(&board, rule, p("f7")).level, Level::Five);
        assert_eq!(priority_of(&board, rule, p("a3")).level, Level::BlockFive);
        assert_eq!(choose(&board, rule), p("f7"), "{rule}");
    }
}

#[test]
fn a_block_beats_making_threes() {
    // Black to move: d7 would make a double three (d-file and 7th row), White threatens a3.
    let board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . X X . . .
        . . . X . . . . .
        . . . X . . . . .
        . . . . . . . . .
        . O O O O X . . .
        . . . . . . . . .
        . . . . . . . . O"
        .parse()
        .unwrap();
    assert_eq!(board.side_to_move(), Color::Black);
    assert_eq!(
        priority_of(&board, Rule::Freestyle, p("d7")).level,
        Level::DoubleThree
    );
    assert_eq!(
        priority_of(&board, Rule::Freestyle, p("a3")).level,
        Level::BlockFive
    );
    for rule in Rule::ALL {
        assert_eq!(choose(&board, rule), p("a3"), "{rule}");
    }
    // Without White's four, the double three is the choice.
    let quiet: Board = "
        O . . . . . . . O
        . . . . . . . . .
        . . . . X X . . .
        . . . X . . . . .
        . . . X . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O . . . . . . . O"
        .parse()
        .unwrap();
    assert_eq!(choose(&quiet, Rule::Freestyle), p("d7"));
}

#[test]
fn makes_a_four_three_when_available() {
    // Black to move: e5 makes the four b5-e5 (closed by a5) and the open three e5-e7.
    let board: Board = "
        O . . . . . . . O
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        O X X X . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O . . . . . . . O"
        .parse()
        .unwrap();
    assert_eq!(board.side_to_move(), Color::Black);
    // Hand-checked direction values: the row is 4 stones, no gap, one end blocked:
    // (8^4 - 8^0) / 2 = 2047; the file is 3 stones, no gap, both ends open: 8^3 - 1 = 511.
    let rule = Rule::Freestyle;
    assert_eq!(
        direction_value(&board, rule, p("e5"), Direction::Horizontal, Color::Black),
        2047
    );
    assert_eq!(
        direction_value(&board, rule, p("e5"), Direction::Vertical, Color::Black),
        511
    );
    // A gap costs 8^gaps: f5 walks over e5 to b5: 4 stones, 1 gap, closed by a5: (4096-8)/2.
    assert_eq!(
        direction_value(&board, rule, p("f5"), Direction::Horizontal, Color::Black),
        2044
    );
    // Both ends blocked: 1.
    let closed: Board = "
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        X . X . ."
        .parse()
        .unwrap();
    assert_eq!(
        direction_value(&closed, rule, p("b1"), Direction::Horizontal, Color::White),
        1
    );
    assert_eq!(
        direction_value(&closed, rule, p("b1"), Direction::Vertical, Color::White),
        3
    );
    assert_eq!(priority_of(&board, rule, p("e5")).level, Level::FourThree);
    assert_eq!(priority_of(&board, rule, p("e8")).level, Level::Quiet);
    for rule in Rule::ALL {
        assert_eq!(choose(&board, rule), p("e5"), "{rule}");
    }
}

#[test]
fn prevents_the_opponents_open_four_before_making_a_double_three() {
    // White to move: Black's open three c3-e3 must be met (b3 or f3) before White's own d7
    // double three.
    let board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . O O . . .
        . . . O . . . . .
        . . . O . . . . .
        . . . . . . . . .
        . . X X X . . . .
        . . . . . . . X .
        . X . . . . . . ."
        .parse()
        .unwrap();
    assert_eq!(board.side_to_move(), Color::White);
    assert_eq!(
        priority_of(&board, Rule::Freestyle, p("f3")).level,
        Level::PreventFour
    );
    assert_eq!(
        priority_of(&board, Rule::Freestyle, p("d7")).level,
        Level::DoubleThree
    );
    let choice = choose(&board, Rule::Freestyle);
    assert!([p("b3"), p("f3")].contains(&choice), "{choice}");
}

#[test]
fn opens_in_the_centre() {
    assert_eq!(choose(&Board::new(15).unwrap(), Rule::Renju), p("h8"));
}
