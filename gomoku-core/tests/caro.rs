//! Caro: a five blocked by opponent stones at BOTH ends does not win; the board edge is not a
//! block. Rule 8 (`Rule::Caro`) lets longer runs win too, rule 9 (`Rule::CaroExactFive`) only
//! exactly five.

use gomoku_rules::{Board, Color, Game, Outcome, Point, Rule};

const CARO_RULES: [Rule; 2] = [Rule::Caro, Rule::CaroExactFive];

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// Whether the stone on `at` wins under `rule`, and the length of its winning line.
fn win(rule: Rule, diagram: &str, at: &str) -> Option<u8> {
    let board: Board = diagram.parse().unwrap();
    assert!(board.get(p(at)).is_some(), "{at} must hold a stone");
    rule.winning_line(&board, p(at)).map(|line| line.len)
}

#[test]
fn open_five_wins() {
    let d = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X X X X X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    for rule in CARO_RULES {
        assert_eq!(win(rule, d, "e5"), Some(5), "{rule}");
        assert_eq!(win(rule, d, "c5"), Some(5), "{rule}");
    }
}

#[test]
fn five_blocked_at_one_end_wins() {
    let d = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O X X X X X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    for rule in CARO_RULES {
        assert_eq!(win(rule, d, "g5"), Some(5), "{rule}");
    }
}

#[test]
fn five_blocked_at_both_ends_does_not_win() {
    let d = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O X X X X X O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    for rule in CARO_RULES {
        assert_eq!(win(rule, d, "e5"), None, "{rule}");
    }
    // The other rules do not care about blocks.
    assert_eq!(win(Rule::Freestyle, d, "e5"), Some(5));
    assert_eq!(win(Rule::Standard, d, "e5"), Some(5));
    assert_eq!(win(Rule::Renju, d, "e5"), Some(5));
}

#[test]
fn blocked_five_on_a_diagonal_and_for_white() {
    let d = "
        . . . . . . . . X
        . . . . . . . O .
        . . . . . . O . .
        . . . . . O . . .
        . . . . O . . . .
        . . . O . . . . .
        . . X . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    for rule in CARO_RULES {
        // White d4..h8, closed by Black at c3 and i9.
        assert_eq!(win(rule, d, "f6"), None, "{rule}");
    }
    let open = d.replacen('X', ".", 1);
    for rule in CARO_RULES {
        assert_eq!(win(rule, &open, "f6"), Some(5), "{rule}");
    }
}

#[test]
fn the_board_edge_is_not_a_block() {
    // Five from the left edge, closed by White on the right only.
    let d = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    for rule in CARO_RULES {
        assert_eq!(win(rule, d, "a5"), Some(5), "{rule}");
    }
    // Edge to edge on the smallest board.
    let d = "
        . . . . .
        . . . . .
        O O O O O
        . . . . .
        . . . . .";
    for rule in CARO_RULES {
        assert_eq!(win(rule, d, "c3"), Some(5), "{rule}");
    }
    // A five in the corner column, White at the far end.
    let d = "
        X . . . . .
        X . . . . .
        X . . . . .
        X . . . . .
        X . . . . .
        O . . . . .";
    for rule in CARO_RULES {
        assert_eq!(win(rule, d, "a4"), Some(5), "{rule}");
    }
}

#[test]
fn overlines_win_under_rule_8_only() {
    let open = "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . X X X X X X . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .";
    assert_eq!(win(Rule::Caro, open, "e6"), Some(6));
    assert_eq!(win(Rule::CaroExactFive, open, "e6"), None);
    let blocked = open.replace(". . X X X X X X . .", ". O X X X X X X O .");
    assert_eq!(win(Rule::Caro, &blocked, "e6"), None);
    assert_eq!(win(Rule::CaroExactFive, &blocked, "e6"), None);
}

#[test]
fn a_blocked_five_in_one_direction_and_an_open_one_in_another() {
    // e5 closes the row b5..f5, blocked at both ends, and the column e5..e9, open below.
    let d = "
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        O X X X X X O . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    for rule in CARO_RULES {
        let board: Board = d.parse().unwrap();
        let line = rule.winning_line(&board, p("e5")).expect("the column wins");
        assert_eq!(line.to_string(), "e5 e6 e7 e8 e9", "{rule}");
    }
}

#[test]
fn caro_games_go_on_after_a_blocked_five() {
    // White a5 and g5 close Black's b5..f5.
    let moves = "b5 a5 c5 g5 d5 a9 e5 a7";
    for rule in CARO_RULES {
        let mut game = Game::from_move_string(9, rule, moves).unwrap();
        assert_eq!(game.play(p("f5")).unwrap(), Outcome::Ongoing, "{rule}");
        // The same row open at one end wins.
        let mut game = Game::from_move_string(9, rule, "b5 a5 c5 a1 d5 a9 e5 a7").unwrap();
        assert_eq!(
            game.play(p("f5")).unwrap().winner(),
            Some(Color::Black),
            "{rule}"
        );
    }
}

#[test]
fn gomocup_rule_codes() {
    assert_eq!(Rule::from_gomocup_code(8), Some(Rule::Caro));
    assert_eq!(Rule::from_gomocup_code(9), Some(Rule::CaroExactFive));
    assert_eq!(Rule::Caro.gomocup_code(), 8);
    assert_eq!(Rule::CaroExactFive.gomocup_code(), 9);
    assert!(!Rule::Caro.has_fouls() && !Rule::CaroExactFive.has_fouls());
}
