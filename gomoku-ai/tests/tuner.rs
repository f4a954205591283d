//! The tuner lowers the loss on a small fixed set of self-play games, and the weights it writes
//! load back.

mod fitting_games;

use gomoku_ai::tune::{FitOptions, PolicyData, SampleOptions, TexelData};
use gomoku_ai::weights::{EvalWeights, MovePart, RuleWeights};
use gomoku_rules::Rule;
use gomoku_rules::record;

fn fit_lowers_the_loss(prefix: &str, rule: Rule) {
    let records = fitting_games::games(prefix, rule);
    assert!(records.len() >= 8);
    let start = RuleWeights::hand_set(rule);
    let mut data = TexelData::new(
        rule,
        start.tempo_eighths(),
        SampleOptions {
            skip_plies: 4,
            validation_every: 4,
        },
    );
    let added: usize = records.iter().map(|r| data.add_game(r)).sum();
    let (positions, held_out) = data.positions();
    assert_eq!(added, positions);
    assert!(
        held_out > 0 && held_out < positions,
        "{held_out} of {positions}"
    );
    let options = FitOptions {
        epochs: 60,
        report_every: 20,
        ..FitOptions::default()
    };
    let mut reports = Vec::new();
    let fitted = data.fit(&start, &options, &mut |p| reports.push(*p));
    assert_eq!(reports.len(), 4);
    assert!(
        fitted.rounded.training_loss < fitted.initial.training_loss - 0.01,
        "{fitted:?}"
    );
    assert_ne!(fitted.weights, start);
    // The loss of the written weights is what the data says of them.
    let (training, _) = data.losses_at(&fitted.weights, fitted.scale);
    assert!((training - fitted.rounded.training_loss).abs() < 1e-12);
    let file = EvalWeights::new(vec![fitted.weights.clone()]).unwrap();
    let back = EvalWeights::from_json(&file.to_json()).unwrap();
    assert_eq!(**back.for_rule(rule).unwrap(), fitted.weights);
}

#[test]
fn the_tuner_lowers_the_freestyle_loss() {
    fit_lowers_the_loss("free-", Rule::Freestyle);
}

#[test]
fn the_tuner_lowers_the_renju_loss() {
    fit_lowers_the_loss("renju-", Rule::Renju);
}

#[test]
fn a_fit_with_values_for_the_position_before_lowers_the_loss_further() {
    let rule = Rule::Freestyle;
    let start = RuleWeights::hand_set(rule);
    let options = FitOptions {
        epochs: 60,
        report_every: 60,
        ..FitOptions::default()
    };
    let fit = |before: bool| {
        let mut data = TexelData::new(rule, start.tempo_eighths(), SampleOptions::default());
        data.set_before_values(before);
        for r in &fitting_games::games("free-", rule) {
            data.add_game(r);
        }
        let fitted = data.fit(&start, &options, &mut |_| {});
        // The loss of the written weights is what the data says of them.
        let (training, _) = data.losses_at(&fitted.weights, fitted.scale);
        assert!((training - fitted.rounded.training_loss).abs() < 1e-12);
        fitted
    };
    let plain = fit(false);
    let with_before = fit(true);
    assert!(!plain.weights.has_before_values());
    assert!(with_before.weights.has_before_values());
    // The start has no such values, so both fits start from the same loss; the one with more
    // to fit ends lower.
    assert_eq!(
        plain.initial.training_loss,
        with_before.initial.training_loss
    );
    assert!(
        with_before.last.training_loss < plain.last.training_loss,
        "{with_before:?} against {plain:?}"
    );
    let file = EvalWeights::new(vec![with_before.weights.clone()]).unwrap();
    let back = EvalWeights::from_json(&file.to_json()).unwrap();
    assert_eq!(**back.for_rule(rule).unwrap(), with_before.weights);
}

#[test]
fn the_evaluation_fit_keeps_the_move_values_of_its_start() {
    let rule = Rule::Freestyle;
    let mut start = RuleWeights::hand_set(rule);
    start.set_move_part(gomoku_rules::Color::Black, MovePart::Attack, 40, 123);
    let mut data = TexelData::new(rule, start.tempo_eighths(), SampleOptions::default());
    for r in &fitting_games::games("free-", rule) {
        data.add_game(r);
    }
    let options = FitOptions {
        epochs: 60,
        report_every: 60,
        ..FitOptions::default()
    };
    let fitted = data.fit(&start, &options, &mut |_| {});
    assert_ne!(fitted.weights, start, "the evaluation was fitted");
    assert!(fitted.weights.has_move_values());
    assert_eq!(
        fitted
            .weights
            .move_part(gomoku_rules::Color::Black, MovePart::Attack, 40),
        123
    );
}

#[test]
fn games_of_another_rule_are_skipped() {
    let records = fitting_games::games("free-", Rule::Freestyle);
    let mut data = TexelData::new(Rule::Renju, 10, SampleOptions::default());
    assert_eq!(data.add_game(&records[0]), 0);
    assert_eq!(data.skipped_games(), 1);
    assert_eq!(data.positions(), (0, 0));
}

#[test]
fn search_scores_blend_into_the_targets() {
    // The opening of a game, before anyone has a four (so every position from ply 4 is a
    // sample and the i-th sample is the position before move i + 4).
    let game = fitting_games::games("free-", Rule::Freestyle).swap_remove(0);
    let moves = 12;
    let mut record =
        record::Record::from_moves(15, Rule::Freestyle, game.moves()[..moves].iter().copied())
            .unwrap();
    record
        .set_result(Some(record::GameResult::WhiteWins))
        .unwrap();
    // The first 6 moves without a score, then alternately strongly winning and losing scores.
    let evaluations: Vec<Option<i32>> = (0..moves)
        .map(|i| (i >= 6).then_some(if i % 2 == 0 { 50_000 } else { -50_000 }))
        .collect();
    record.set_evaluations(Some(evaluations)).unwrap();
    let options = SampleOptions {
        skip_plies: 4,
        validation_every: 0,
    };
    let mut data = TexelData::new(Rule::Freestyle, 0, options);
    let added = data.add_game(&record);
    assert_eq!(added, moves - 4);
    assert_eq!(added, data.positions().0);
    // Positions from ply 4; those of plies 4 and 5 have no score.
    assert_eq!(data.scored_positions(), added - 2);
    let results: Vec<f32> = (0..added)
        .map(|i| data.dataset().target(i).unwrap())
        .collect();
    data.blend_scores(1.0, 1000.0);
    for (i, &result) in results.iter().enumerate() {
        let target = data.dataset().target(i).unwrap();
        let ply = i + 4;
        if ply < 6 {
            assert_eq!(target, result, "ply {ply} has no score");
        } else if ply % 2 == 0 {
            assert!(target > 0.999, "ply {ply}: {target}");
        } else {
            assert!(target < 0.001, "ply {ply}: {target}");
        }
    }
    data.blend_scores(0.5, 1000.0);
    let half = data.dataset().target(2).unwrap();
    assert!(
        (half - (0.5 * results[2] + 0.5 * 1.0)).abs() < 1e-3,
        "{half}"
    );
    data.blend_scores(0.0, 1000.0);
    for (i, &result) in results.iter().enumerate() {
        assert_eq!(data.dataset().target(i).unwrap(), result);
    }
}

#[test]
fn a_threats_only_fit_changes_only_the_threat_values() {
    let rule = Rule::Freestyle;
    let start = RuleWeights::hand_set(rule);
    let mut data = TexelData::new(rule, start.tempo_eighths(), SampleOptions::default());
    for r in fitting_games::games("free-", rule) {
        data.add_game(&r);
    }
    data.set_threats_only(true);
    let options = FitOptions {
        epochs: 60,
        learning_rate: 20.0,
        report_every: 60,
        ..FitOptions::default()
    };
    let fitted = data.fit(&start, &options, &mut |_| {});
    assert!(fitted.weights.has_threats());
    assert!(
        fitted.rounded.training_loss < fitted.initial.training_loss,
        "{fitted:?}"
    );
    let mut without_threats = fitted.weights.clone();
    for side in gomoku_rules::Color::ALL {
        for mask in 0..gomoku_ai::pattern::THREAT_MASKS {
            without_threats.set_threat(side, mask, 0);
        }
    }
    assert_eq!(without_threats, start);
}

fn move_value_fit_lowers_the_loss(prefix: &str, rule: Rule) {
    let start = RuleWeights::hand_set(rule);
    let mut data = PolicyData::new(
        rule,
        SampleOptions {
            skip_plies: 4,
            validation_every: 4,
        },
    );
    let added: usize = fitting_games::games(prefix, rule)
        .iter()
        .map(|r| data.add_game(r))
        .sum();
    let (positions, held_out) = data.positions();
    assert_eq!(added, positions);
    assert!(
        held_out > 0 && held_out < positions,
        "{held_out} of {positions}"
    );
    let options = FitOptions {
        epochs: 60,
        learning_rate: 4.0,
        report_every: 20,
        ..FitOptions::default()
    };
    let mut reports = Vec::new();
    let fitted = data.fit(&start, &options, &mut |p| reports.push(*p));
    assert_eq!(
        reports.iter().map(|p| p.epoch).collect::<Vec<_>>(),
        [0, 20, 40, 60]
    );
    assert!(
        fitted.last.training_loss < fitted.initial.training_loss - 0.05,
        "{fitted:?}"
    );
    assert!((0.0..=1.0).contains(&fitted.last.validation_top1));
    // Only the move values are new: the evaluation tables are the starting ones.
    assert!(fitted.weights.has_move_values() && !start.has_move_values());
    let mut evaluation_only = fitted.weights.clone();
    evaluation_only.clear_move_values();
    assert_eq!(evaluation_only, start);
    // Fitting again from the fitted values starts where the first fit ended.
    let again = data.fit(
        &fitted.weights,
        &FitOptions {
            epochs: 0,
            scale: Some(fitted.temperature),
            ..options
        },
        &mut |_| {},
    );
    assert!((again.initial.training_loss - fitted.last.training_loss).abs() < 1e-9);
    // The values survive a weights file.
    let file = EvalWeights::new(vec![fitted.weights.clone()]).unwrap();
    let back = EvalWeights::from_json(&file.to_json()).unwrap();
    assert_eq!(**back.for_rule(rule).unwrap(), fitted.weights);
}

#[test]
fn the_move_value_fit_lowers_the_freestyle_loss() {
    move_value_fit_lowers_the_loss("free-", Rule::Freestyle);
}

#[test]
fn the_move_value_fit_lowers_the_renju_loss() {
    move_value_fit_lowers_the_loss("renju-", Rule::Renju);
}

#[test]
fn move_values_order_the_moves() {
    use gomoku_ai::{Evaluator, PatternEvaluator};
    use gomoku_rules::{Board, Color};
    let rule = Rule::Freestyle;
    let mut board = Board::new(15).unwrap();
    for m in ["h8", "a1"] {
        board.play_unchecked(m.parse().unwrap());
    }
    // The hand-set weights have no move values (the default freestyle weights have some).
    let hand_set = RuleWeights::hand_set(rule);
    assert!(!hand_set.has_move_values());
    let mut plain =
        PatternEvaluator::with_weights(EvalWeights::new(vec![hand_set.clone()]).unwrap());
    plain.reset(&board, rule);
    let patterns = plain.patterns().unwrap();
    let (g8, far) = ("g8".parse().unwrap(), "o14".parse().unwrap());
    // Next to the lone black stone, and far from both stones: the hand-set order prefers g8.
    assert!(plain.score_move(&board, g8) > plain.score_move(&board, far));
    let mut weights = hand_set;
    let far_combos = (
        patterns.combo(far, Color::Black),
        patterns.combo(far, Color::White),
    );
    let g8_own = patterns.combo(g8, Color::Black);
    let g8_theirs = patterns.combo(g8, Color::White);
    weights.set_move_part(Color::Black, MovePart::Attack, g8_own, -50);
    weights.set_move_part(Color::Black, MovePart::Defence, g8_theirs, 20);
    assert_ne!(far_combos, (g8_own, g8_theirs));
    let far_value = weights.move_value(Color::Black, far_combos.0, far_combos.1);
    let mut fitted = PatternEvaluator::with_weights(EvalWeights::new(vec![weights]).unwrap());
    fitted.reset(&board, rule);
    assert_eq!(fitted.score_move(&board, g8), -30);
    assert_eq!(Some(fitted.score_move(&board, far)), far_value);
    // The evaluation itself does not change.
    assert_eq!(fitted.evaluate(&board), plain.evaluate(&board));
}
