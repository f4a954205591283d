//! Weights with values for the position before the last move: the incremental evaluation
//! equals the definition computed from scratch, after moves, take-backs and a pass.

use std::sync::Arc;

use gomoku_ai::pattern::Patterns;
use gomoku_ai::weights::{COMBOS, EvalWeights, Role, RuleWeights};
use gomoku_ai::{Evaluator, PatternEvaluator, Score};
use gomoku_rules::{Board, Color, Point, Rule};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The default freestyle weights with random values for the position before the last move.
fn weights(seed: u64) -> RuleWeights {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut w = RuleWeights::clone(&RuleWeights::default_for(Rule::Freestyle));
    for color in Color::ALL {
        for role in Role::ALL {
            for combo in 1..COMBOS {
                w.set_before_value(color, role, combo, rng.random_range(-60..=60));
            }
        }
    }
    w
}

/// The sum over the empty points of `board` of a `color` point's value in `table`.
fn sum(
    board: &Board,
    weights: &Arc<RuleWeights>,
    color: Color,
    table: impl Fn(usize) -> i32,
) -> i32 {
    let patterns = Patterns::with_weights(board, weights.clone());
    board
        .empty_points()
        .iter()
        .map(|p| table(patterns.combo(p, color)))
        .sum()
}

/// The evaluation by its definition: the position's own material and threats, less the
/// material of `before` (the position before the last move) valued in the tables of the
/// position before for the side that was to move there.
fn reference(board: &Board, before: &Board, weights: &Arc<RuleWeights>) -> Score {
    let side = board.side_to_move();
    let tempo = weights.tempo_eighths();
    let own = sum(board, weights, side, |c| {
        weights.value(side, Role::ToMove, c)
    }) * tempo
        / 8;
    let theirs = sum(board, weights, !side, |c| {
        weights.value(!side, Role::Waiting, c)
    });
    let patterns = Patterns::with_weights(board, weights.clone());
    let threats = weights.threat(side, patterns.threat_mask(side));
    let their_before = sum(before, weights, !side, |c| {
        weights.before_value(!side, Role::ToMove, c)
    }) * tempo
        / 8;
    let own_before = sum(before, weights, side, |c| {
        weights.before_value(side, Role::Waiting, c)
    });
    Score((own - theirs + threats - (their_before - own_before)).clamp(-20_000, 20_000))
}

fn points(moves: &[(u8, u8)]) -> Vec<Point> {
    let mut seen = Vec::new();
    for &(c, r) in moves {
        let p = Point::new_unchecked(c, r);
        if !seen.contains(&p) {
            seen.push(p);
        }
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_incremental_evaluation_follows_its_definition(
        seed in any::<u64>(),
        moves in proptest::collection::vec((3u8..12, 3u8..12), 2..40),
    ) {
        let w = Arc::new(weights(seed));
        let mut eval = PatternEvaluator::with_weights(
            EvalWeights::new(vec![RuleWeights::clone(&w)]).unwrap(),
        );
        let mut board = Board::new(15).unwrap();
        eval.reset(&board, Rule::Freestyle);
        let mut line = vec![board.clone()];
        for p in points(&moves) {
            let before = board.clone();
            board.play_unchecked(p);
            eval.on_play(&board, p);
            prop_assert_eq!(eval.evaluate(&board), reference(&board, &before, &w));
            line.push(board.clone());
        }
        // A pass: the position before is the same stones with the other side to move.
        let mover = board.side_to_move();
        board.set_side_to_move(!mover);
        let same = {
            let mut b = board.clone();
            b.set_side_to_move(mover);
            b
        };
        prop_assert_eq!(eval.evaluate(&board), reference(&board, &same, &w));
        board.set_side_to_move(mover);
        // Taking the moves back restores each earlier evaluation, with its own position before.
        for p in points(&moves).into_iter().rev() {
            line.pop();
            board.undo_unchecked(p);
            eval.on_undo(&board, p);
            if line.len() >= 2 {
                let before = &line[line.len() - 2];
                prop_assert_eq!(eval.evaluate(&board), reference(&board, before, &w));
            }
        }
    }
}

#[test]
fn weights_without_values_before_evaluate_the_position_alone() {
    let w = RuleWeights::hand_set(Rule::Freestyle);
    assert!(!w.has_before_values());
    let mut eval = PatternEvaluator::with_weights(EvalWeights::new(vec![w.clone()]).unwrap());
    let mut board = Board::new(15).unwrap();
    eval.reset(&board, Rule::Freestyle);
    let mut before = board.clone();
    for (c, r) in [(7, 7), (8, 8), (7, 8), (6, 6), (7, 9)] {
        let p = Point::new_unchecked(c, r);
        before = board.clone();
        board.play_unchecked(p);
        eval.on_play(&board, p);
    }
    // The tables of the position before are all 0: whatever that position, the value is the
    // position's own.
    let w = Arc::new(w);
    let empty = Board::new(15).unwrap();
    assert_eq!(eval.evaluate(&board), reference(&board, &before, &w));
    assert_eq!(eval.evaluate(&board), reference(&board, &empty, &w));
}

#[test]
fn the_default_freestyle_weights_value_the_position_before() {
    assert!(RuleWeights::default_for(Rule::Freestyle).has_before_values());
    assert!(!RuleWeights::default_for(Rule::Renju).has_before_values());
}
