//! Plain alpha-beta (every other pruning off) returns exactly the minimax value.

use gomoku_ai::{Engine, Evaluator, Limits, PatternEvaluator, Player, Score, SearchFeatures};
use gomoku_core::{Board, Color, Point, Rule, renju};
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

/// Plain minimax to `depth`: a move that completes a win scores `win_in(ply + 1)`; leaves are
/// scored by a freshly reset evaluator.
fn minimax(board: &mut Board, rule: Rule, depth: u32, ply: u32) -> Score {
    if depth == 0 {
        let mut eval = PatternEvaluator::new();
        eval.reset(board, rule);
        return eval.evaluate(board);
    }
    let mut best: Option<Score> = None;
    for p in candidates(board, rule) {
        board.play_unchecked(p);
        let s = if rule.winning_line(board, p).is_some() {
            Score::win_in(ply + 1)
        } else {
            -minimax(board, rule, depth - 1, ply + 1)
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
        let expected = minimax(&mut board, rule, depth, 0);
        let mut engine = Engine::new();
        engine.set_features(SearchFeatures::alpha_beta_only());
        let result = engine.choose(&board, rule, &Limits::depth(depth), &mut |_| {});
        prop_assert_eq!(result.info.score, expected, "{:?} {:?} depth {}", board, rule, depth);
        let best = result.best.unwrap();
        prop_assert!(board.is_empty_at(best));
    }
}
