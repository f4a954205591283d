//! The O(1) win check against a brute-force whole-board scan, and edge cases by hand.

use gomoku_rules::{Board, Color, Direction, Game, Outcome, Point, Rule};
use proptest::prelude::*;

/// Whether `color` has a winning run anywhere on the board under `rule`, by scanning every
/// maximal run of every line of the board. Written independently of `Rule::run_wins`.
fn brute_force_wins(board: &Board, rule: Rule, color: Color) -> bool {
    let size = board.size() as i32;
    let at = |c: i32, r: i32| -> Option<Option<Color>> {
        (c >= 0 && r >= 0 && c < size && r < size)
            .then(|| board.get(Point::new(c as u8, r as u8).unwrap()))
    };
    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for c in 0..size {
            for r in 0..size {
                // Start only at the first stone of a maximal run.
                if at(c, r) != Some(Some(color)) || at(c - dc, r - dr) == Some(Some(color)) {
                    continue;
                }
                let mut len = 0;
                while at(c + dc * len, r + dr * len) == Some(Some(color)) {
                    len += 1;
                }
                let before = at(c - dc, r - dr);
                let after = at(c + dc * len, r + dr * len);
                let opp = Some(Some(!color));
                let closed_both = before == opp && after == opp;
                let wins = match rule {
                    Rule::Freestyle => len >= 5,
                    Rule::Standard => len == 5,
                    Rule::Renju => {
                        if color == Color::Black {
                            len == 5
                        } else {
                            len >= 5
                        }
                    }
                    Rule::Caro => len >= 5 && !closed_both,
                    Rule::CaroExactFive => len == 5 && !closed_both,
                };
                if wins {
                    return true;
                }
            }
        }
    }
    false
}

fn rule_strategy() -> impl Strategy<Value = Rule> {
    prop::sample::select(Rule::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random dense games: after every move the game's outcome agrees with the brute-force scan,
    /// and a reported winning line is made of the winner's stones through the last move.
    #[test]
    fn win_check_equals_brute_force(
        size in prop::sample::select(vec![5u32, 15, 20]),
        rule in rule_strategy(),
        picks in prop::collection::vec(any::<u32>(), 1..200),
    ) {
        let mut game = Game::new(size, rule).unwrap();
        // Play inside a small window so that long runs and fives are frequent.
        let window = 7.min(size as u8);
        let lo = (size as u8 - window) / 2;
        for pick in picks {
            if game.is_over() {
                break;
            }
            let inside: Vec<Point> = game
                .board()
                .empty_points()
                .iter()
                .filter(|p| (lo..lo + window).contains(&p.col()) && (lo..lo + window).contains(&p.row()))
                .collect();
            let pool = if inside.is_empty() { game.board().empty_points().iter().collect() } else { inside };
            let p = pool[pick as usize % pool.len()];
            let mover = game.side_to_move();
            // Renju fouls are not the subject here: play them as if allowed.
            let outcome = game.play_unchecked(p);
            let expected_win = brute_force_wins(game.board(), rule, mover);
            match outcome {
                Outcome::Win { color, line } => {
                    prop_assert!(expected_win, "reported a win that the scan does not see\n{}", game.board());
                    prop_assert_eq!(color, mover);
                    prop_assert!(line.len >= 5);
                    prop_assert!(line.contains(p));
                    prop_assert!(line.points().all(|q| game.board().get(q) == Some(mover)));
                }
                Outcome::Draw => {
                    prop_assert!(!expected_win);
                    prop_assert!(game.board().is_full());
                }
                Outcome::Ongoing => prop_assert!(!expected_win, "missed a win\n{}", game.board()),
                Outcome::Foul { .. } => prop_assert!(false, "play_unchecked never fouls"),
            }
            // The game stopped at the first win, so the opponent never has a winning run.
            prop_assert!(!brute_force_wins(game.board(), rule, !mover));
        }
    }
}

/// Puts a run of `len` stones of `color` from `start` along `dir` and returns the board with
/// `blockers` (opponent stones) at the given points.
fn run_board(
    size: u32,
    start: Point,
    dir: Direction,
    len: i32,
    color: Color,
) -> (Board, Vec<Point>) {
    let mut board = Board::new(size).unwrap();
    let (dc, dr) = dir.step();
    let mut pts = Vec::new();
    for i in 0..len {
        let p = start.offset(dc * i, dr * i, size as u8).unwrap();
        board.place(p, color).unwrap();
        pts.push(p);
    }
    (board, pts)
}

/// Exact five vs overline in every direction, touching edges and corners.
#[test]
fn exact_five_and_overline_on_edges_and_corners() {
    let size = 15u32;
    for dir in Direction::ALL {
        let (dc, dr) = dir.step();
        for len in [5, 6, 7] {
            // Every start from which the run fits and touches an edge or corner.
            for start in Point::all(size as u8) {
                let Some(end) = start.offset(dc * (len - 1), dr * (len - 1), size as u8) else {
                    continue;
                };
                let edge =
                    |p: Point| p.col() == 0 || p.row() == 0 || p.col() == 14 || p.row() == 14;
                if !edge(start) && !edge(end) {
                    continue;
                }
                for color in Color::ALL {
                    let (board, pts) = run_board(size, start, dir, len, color);
                    for &last in [pts[0], pts[pts.len() / 2], pts[pts.len() - 1]].iter() {
                        for rule in Rule::ALL {
                            let line = rule.winning_line(&board, last);
                            let expect = match rule {
                                Rule::Freestyle | Rule::Caro => true,
                                Rule::Standard | Rule::CaroExactFive => len == 5,
                                Rule::Renju => len == 5 || color == Color::White,
                            };
                            assert_eq!(
                                line.is_some(),
                                expect,
                                "{rule} {dir:?} {start}..{end} len {len} {color}"
                            );
                            if let Some(line) = line {
                                assert_eq!(line.len as i32, len);
                                assert_eq!(line.start, start);
                                assert_eq!(line.direction, dir);
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn five_in_a_corner_diagram() {
    let (board, _) = Board::parse_diagram(
        "X . . . . . .
         . X . . . . .
         . . X . . . .
         . . . X . . .
         . . . . X . .
         . . . . . O .
         . . . . . . .",
    )
    .unwrap();
    let a7: Point = "a7".parse().unwrap();
    let line = Rule::Standard.winning_line(&board, a7).unwrap();
    assert_eq!(line.to_string(), "a7 b6 c5 d4 e3");
    assert_eq!(line.direction, Direction::AntiDiagonal);
    // The edge is not a block in caro; the single White stone alone does not block it.
    assert!(Rule::Caro.winning_line(&board, a7).is_some());
}

#[test]
fn empty_point_has_no_winning_line() {
    let board = Board::new(15).unwrap();
    for rule in Rule::ALL {
        assert!(rule.winning_line(&board, "h8".parse().unwrap()).is_none());
    }
}
