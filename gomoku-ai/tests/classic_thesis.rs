//! The `thesis` seed player: its evaluation and its depth-2 choice checked by hand, and its
//! alpha-beta search against a plain minimax over a slow string-matching evaluation.

use proptest::prelude::*;
mod support;

use support::random_position;

use gomoku_ai::classic::{PATTERNS, THESIS_WIN, thesis_evaluate, thesis_search};
use gomoku_ai::{Limits, Player, ThesisPlayer, builtin_player};
use gomoku_rules::{Board, Color, Point, Rule, renju};

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

#[test]
fn evaluation_by_hand() {
    // A lone stone in the middle of 7x7: on each of its four lines (7 points long) it matches
    // `000100` and `001000` once each: 4 x (20 + 20).
    let board: Board = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . X . . .
        . . . . . . .
        . . . . . . .
        . . . . . . ."
        .parse()
        .unwrap();
    assert_eq!(thesis_evaluate(&board, Color::Black), 160);
    assert_eq!(thesis_evaluate(&board, Color::White), -160);
    // A five across 5x5: `11111` once; no other line is long enough to hold a pattern with
    // its stone (columns and the long diagonals hold `00100`, which is no pattern).
    let five: Board = "
        . . . . .
        . . . . .
        X X X X X
        . . . . .
        . . . . ."
        .parse()
        .unwrap();
    assert_eq!(thesis_evaluate(&five, Color::Black), 500_000);
}

/// Black to move: White's four b3-e3 (closed by a3) wins on f3; Black's open three c6-e6 can
/// become an open four on b6 or f6.
fn four_against_three() -> Board {
    "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . X X X . . . .
    . . . . . . . . .
    . . . . . . . . .
    X O O O O . . . .
    . . . . . . . . .
    . . . . . . . . ."
        .parse()
        .unwrap()
}

#[test]
fn depth_two_sees_the_reply_that_depth_one_misses() {
    let board = four_against_three();
    assert_eq!(board.side_to_move(), Color::Black);
    // Depth 1 takes the biggest evaluation: the open four (+4320 and two closed fours) is worth
    // far more than the block (White loses one closed four, 720).
    let shallow = thesis_search(&board, Rule::Freestyle, 1);
    let attack = shallow.best.unwrap();
    assert!([p("b6"), p("f6")].contains(&attack), "{attack}");
    let mut after = board.clone();
    after.play_unchecked(attack);
    assert_eq!(shallow.value, thesis_evaluate(&after, Color::Black));
    // ... but White answers it with five on f3.
    assert_eq!(
        thesis_search(&after, Rule::Freestyle, 1).value,
        THESIS_WIN - 1
    );
    // Depth 2 sees that reply, and blocks.
    for rule in Rule::ALL {
        let deep = thesis_search(&board, rule, 2);
        assert_eq!(deep.best, Some(p("f3")), "{rule}");
        assert!(deep.value.abs() < THESIS_WIN / 2);
    }
    let mut player = builtin_player("thesis", 0).unwrap();
    let result = player.choose(&board, Rule::Standard, &Limits::default(), &mut |_| {});
    assert_eq!(result.best, Some(p("f3")));
    assert_eq!(result.info.depth, 2);
    assert!(result.info.nodes > 0);
}

#[test]
fn wins_at_once_and_prefers_the_nearest_win() {
    let mut board = four_against_three();
    board.play_unchecked(p("b6")); // Black's open four; White to move wins on f3.
    for depth in 1..=3 {
        let search = thesis_search(&board, Rule::Freestyle, depth);
        assert_eq!(search.best, Some(p("f3")), "depth {depth}");
        assert_eq!(search.value, THESIS_WIN - 1);
    }
}

#[test]
fn stops_on_a_node_limit_with_a_legal_move() {
    let board = four_against_three();
    let limits = Limits {
        max_nodes: Some(10),
        ..Limits::default()
    };
    let result = ThesisPlayer::new(4).choose(&board, Rule::Freestyle, &limits, &mut |_| {});
    assert!(board.is_empty_at(result.best.unwrap()));
    // Moves already being tried when the limit is hit finish their own ordering pass.
    assert!(result.info.nodes <= 10 + 4 * 81, "{}", result.info.nodes);
}

// ---- the slow, obviously correct reference ----

/// The pattern sum of `color` by matching strings: every line as a string of `1` (the colour),
/// `0` (empty) and `x` (the opponent), every pattern counted at every offset.
fn slow_pattern_sum(board: &Board, color: Color) -> i64 {
    let size = board.size();
    let mut total = 0;
    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for start in Point::all(size) {
            if start.offset(-dc, -dr, size).is_some() {
                continue;
            }
            let mut line = String::new();
            let mut q = Some(start);
            while let Some(pt) = q {
                line.push(match board.get(pt) {
                    None => '0',
                    Some(c) if c == color => '1',
                    Some(_) => 'x',
                });
                q = pt.offset(dc, dr, size);
            }
            for (pattern, value) in PATTERNS {
                if line.len() >= pattern.len() {
                    let hits = (0..=line.len() - pattern.len())
                        .filter(|&i| &line[i..i + pattern.len()] == *pattern)
                        .count();
                    total += value * hits as i64;
                }
            }
        }
    }
    total
}

fn slow_eval(board: &Board, me: Color) -> i64 {
    slow_pattern_sum(board, me) - slow_pattern_sum(board, !me)
}

fn reference_candidates(board: &Board, rule: Rule) -> Vec<Point> {
    if board.total_stones() == 0 {
        return vec![Point::center(board.size())];
    }
    board
        .neighbourhood(2)
        .iter()
        .filter(|&q| {
            !(rule.has_fouls()
                && board.side_to_move() == Color::Black
                && renju::forbidden(board, q).is_some())
        })
        .collect()
}

/// Plain minimax from `me`'s point of view: every move searched, max on `me`'s turns, min on
/// the opponent's; a winning move ends the line at `THESIS_WIN - ply` for its player.
fn minimax(board: &mut Board, rule: Rule, depth: u32, ply: i64, me: Color) -> i64 {
    let moves = reference_candidates(board, rule);
    if depth == 0 || moves.is_empty() {
        return slow_eval(board, me);
    }
    let maximizing = board.side_to_move() == me;
    let mut values = Vec::new();
    for q in moves {
        let mover = board.side_to_move();
        board.play_unchecked(q);
        let value = if rule.winning_line(board, q).is_some() {
            let win = THESIS_WIN - (ply + 1);
            if mover == me { win } else { -win }
        } else {
            minimax(board, rule, depth - 1, ply + 1, me)
        };
        board.undo_unchecked(q);
        values.push(value);
    }
    if maximizing {
        values.into_iter().max().unwrap()
    } else {
        values.into_iter().min().unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn alpha_beta_equals_plain_minimax(
        size in 6u8..=7,
        stones in 1usize..=7,
        seed in any::<u64>(),
        rule in 0usize..5,
        depth in 1u32..=3,
    ) {
        let rule = Rule::ALL[rule];
        // Depth 3 only on the small board, to keep the slow reference quick.
        let depth = if size == 6 { depth } else { depth.min(2) };
        let board = random_position(size, stones, seed);
        let me = board.side_to_move();
        let search = thesis_search(&board, rule, depth);
        let mut scratch = board.clone();
        let expected = minimax(&mut scratch, rule, depth, 0, me);
        prop_assert_eq!(search.value, expected);
        prop_assert!(search.complete);
        // The move chosen is worth that value.
        let best = search.best.unwrap();
        scratch.play_unchecked(best);
        let value = if rule.winning_line(&scratch, best).is_some() {
            THESIS_WIN - 1
        } else {
            minimax(&mut scratch, rule, depth - 1, 1, me)
        };
        prop_assert_eq!(value, expected);
        // The incremental evaluation agrees with the string matching.
        prop_assert_eq!(thesis_evaluate(&board, me), slow_eval(&board, me));
    }
}
