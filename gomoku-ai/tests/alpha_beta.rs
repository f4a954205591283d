//! Plain alpha-beta (every other pruning off) returns exactly the minimax value.

use gomoku_ai::{Engine, Evaluator, Limits, PatternEvaluator, Player, Score, SearchFeatures};
use gomoku_rules::{Board, Color, Point, Rule, renju};
use proptest::prelude::*;

/// The candidates of a node, by the slow definition: empty points within distance 2 of a stone
/// (the centre on an empty board), not forbidden for Black under Renju unless they win.
fn candidates(board: &Board, rule: Rule) -> Vec<Point> {
    let size = board.size();
    let stones: Vec<Point> = Point::all(size)
        .filter(|&p| board.get(p).is_some())
        .collect();
    if stones.is_empty() {
        return vec![Point::center(size)];
    }
    Point::all(size)
        .filter(|&p| board.get(p).is_none())
        .filter(|&p| stones.iter().any(|&s| s.distance(p) <= 2))
        .filter(|&p| {
            if !(rule.has_fouls() && board.side_to_move() == Color::Black) {
                return true;
            }
            let mut after = board.clone();
            after.play_unchecked(p);
            rule.winning_line(&after, p).is_some() || renju::forbidden(board, p).is_none()
        })
        .collect()
}

/// Plain minimax to `depth` after `last` (the move that led here, if any): a move that
/// completes a win scores `win_in(ply + 1)`; leaves are scored by a freshly reset evaluator
/// that is then shown the last move (an evaluation may value the position before it too).
fn minimax(board: &mut Board, rule: Rule, depth: u32, ply: u32, last: Option<Point>) -> Score {
    if depth == 0 {
        let mut eval = PatternEvaluator::new();
        let Some(p) = last else {
            eval.reset(board, rule);
            return eval.evaluate(board);
        };
        board.undo_unchecked(p);
        eval.reset(board, rule);
        board.play_unchecked(p);
        eval.on_play(board, p);
        return eval.evaluate(board);
    }
    let mut best: Option<Score> = None;
    for p in candidates(board, rule) {
        board.play_unchecked(p);
        let s = if rule.winning_line(board, p).is_some() {
            Score::win_in(ply + 1)
        } else {
            -minimax(board, rule, depth - 1, ply + 1, Some(p))
        };
        board.undo_unchecked(p);
        best = Some(best.map_or(s, |b| b.max(s)));
    }
    best.unwrap_or(Score::DRAW)
}

fn random_position(size: u32, stones: usize, seed: u64) -> Board {
    let mut board = Board::new(size).unwrap();
    let mut x = seed | 1;
    let mut placed = 0;
    while placed < stones {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        // Keep the stones in the middle so the positions look like games.
        let c = (x % (size as u64 - 2)) as u8 + 1;
        let r = ((x >> 20) % (size as u64 - 2)) as u8 + 1;
        let p = Point::new(c, r).unwrap();
        if board.is_empty_at(p) {
            board.play_unchecked(p);
            if Rule::Freestyle.winning_line(&board, p).is_some() {
                board.undo_unchecked(p);
                continue;
            }
            placed += 1;
        }
    }
    board
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn alpha_beta_equals_minimax(
        seed in any::<u64>(),
        stones in 2usize..9,
        depth in 1u32..=3,
        rule_index in 0usize..5,
    ) {
        let rule = Rule::ALL[rule_index];
        // Small boards keep depth 3 fast.
        let size = if depth == 3 { 6 } else { 8 };
        let mut board = random_position(size, stones, seed);
        let expected = minimax(&mut board, rule, depth, 0, None);
        let mut engine = Engine::new();
        engine.set_features(SearchFeatures::alpha_beta_only());
        let result = engine.choose(&board, rule, &Limits::depth(depth), &mut |_| {});
        prop_assert_eq!(result.info.score, expected, "{:?} {:?} depth {}", board, rule, depth);
        let best = result.best.unwrap();
        prop_assert!(board.is_empty_at(best));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Multi-PV with plain alpha-beta: line k is the k-th best move with its exact minimax
    /// value, the lines sorted and their moves distinct.
    #[test]
    fn multi_pv_lines_are_the_best_moves_by_minimax(
        seed in any::<u64>(),
        stones in 2usize..9,
        depth in 1u32..=2,
        count in 2usize..6,
        rule_index in 0usize..5,
    ) {
        let rule = Rule::ALL[rule_index];
        let mut board = random_position(7, stones, seed);
        let us = board.side_to_move();
        let mut exact: Vec<(Point, Score)> = candidates(&board, rule)
            .into_iter()
            .map(|p| {
                board.play_unchecked(p);
                let s = if rule.winning_line(&board, p).is_some() {
                    Score::win_in(1)
                } else {
                    -minimax(&mut board, rule, depth - 1, 1, Some(p))
                };
                board.undo_unchecked(p);
                (p, s)
            })
            .collect();
        exact.sort_by_key(|e| std::cmp::Reverse(e.1));
        let mut engine = Engine::new();
        engine.set_features(SearchFeatures::alpha_beta_only());
        let limits = Limits { multi_pv: count, ..Limits::depth(depth) };
        let result = engine.choose(&board, rule, &limits, &mut |_| {});
        let lines = &result.lines;
        let has_five = exact.first().is_some_and(|e| e.1 == Score::win_in(1));
        if has_five {
            // A five ends the search: only winning moves are listed.
            prop_assert!(lines.iter().all(|l| l.score == Score::win_in(1)));
        } else {
            prop_assert_eq!(lines.len(), count.min(exact.len()));
        }
        prop_assert_eq!(result.best, lines[0].pv.first().copied());
        for (k, line) in lines.iter().enumerate() {
            prop_assert_eq!(line.multipv, k + 1);
            prop_assert_eq!(line.score, exact[k].1, "line {} of {:?} {:?}", k + 1, board, rule);
            let first = line.pv[0];
            let own = exact.iter().find(|e| e.0 == first).map(|e| e.1);
            prop_assert_eq!(own, Some(line.score), "{} is not worth its line's score", first);
            prop_assert!(lines[..k].iter().all(|l| l.pv[0] != first), "{} twice", first);
        }
        prop_assert_eq!(board.side_to_move(), us);
    }
}
