//! The hand-set weights, as a combination table, reproduce the evaluation that summed
//! independent per-line shape values plus double-threat bonuses (the constants of
//! `gomoku_ai::params`) exactly, for every rule.

use gomoku_ai::params::{
    DOUBLE_FOUR_BONUS, EVAL_LIMIT, FOUR_THREE_BONUS, SHAPE_VALUE, TEMPO_EIGHTHS, THREE_THREE_BONUS,
};
use gomoku_ai::pattern::{Patterns, Shape};
use gomoku_ai::weights::{EvalWeights, RuleWeights};
use gomoku_ai::{Evaluator, PatternEvaluator, Score};
use gomoku_rules::{Board, Color, Point, Rule};
use proptest::prelude::*;

/// The per-line sum plus bonus, as the evaluator computed it before the combination tables.
fn summed_value(shapes: [Shape; 4], rule: Rule, color: Color) -> i32 {
    let mut value = 0;
    let (mut fives, mut fours, mut open_fours, mut threes) = (0, 0, 0, 0);
    for s in shapes {
        value += SHAPE_VALUE[s as usize];
        match s {
            Shape::Five => fives += 1,
            Shape::OpenFour => open_fours += 1,
            Shape::Four => fours += 1,
            Shape::OpenThree => threes += 1,
            _ => {}
        }
    }
    let renju_black = rule == Rule::Renju && color == Color::Black;
    let any_four = fours + open_fours;
    let double_four = open_fours > 0 || (any_four >= 2 && !renju_black);
    if fives == 0 {
        if double_four {
            value += DOUBLE_FOUR_BONUS;
        } else if any_four >= 1 && threes >= 1 {
            value += FOUR_THREE_BONUS;
        } else if threes >= 2 && !renju_black {
            value += THREE_THREE_BONUS;
        }
    }
    value
}

fn summed_evaluation(board: &Board, patterns: &Patterns, rule: Rule) -> Score {
    let total = |color| -> i32 {
        board
            .empty_points()
            .iter()
            .map(|p| summed_value(patterns.shapes(p, color), rule, color))
            .sum()
    };
    let side = board.side_to_move();
    let own = total(side) * TEMPO_EIGHTHS / 8;
    Score((own - total(!side)).clamp(-EVAL_LIMIT, EVAL_LIMIT))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn hand_set_combination_tables_equal_the_summed_shape_values(
        moves in prop::collection::vec((0u8..13, 0u8..13), 1..70),
        rule_index in 0usize..5,
    ) {
        let rule = Rule::ALL[rule_index];
        let mut board = Board::new(13).unwrap();
        let mut eval = PatternEvaluator::with_weights(EvalWeights::hand_set());
        eval.reset(&board, rule);
        for &(c, r) in &moves {
            let Some(p) = Point::new(c, r) else { continue };
            if !board.is_empty_at(p) {
                continue;
            }
            board.play_unchecked(p);
            eval.on_play(&board, p);
            let patterns = eval.patterns().unwrap();
            for color in Color::ALL {
                for q in board.empty_points().iter() {
                    prop_assert_eq!(
                        patterns.value(q, color),
                        summed_value(patterns.shapes(q, color), rule, color)
                    );
                }
            }
            prop_assert_eq!(eval.evaluate(&board), summed_evaluation(&board, patterns, rule));
        }
    }
}

#[test]
fn hand_set_weights_survive_a_file_round_trip() {
    let all = EvalWeights::hand_set();
    let back = EvalWeights::from_json(&all.to_json()).unwrap();
    for rule in Rule::ALL {
        assert_eq!(**back.for_rule(rule).unwrap(), RuleWeights::hand_set(rule));
    }
}
