//! Fit a small custom evaluator to a few games with the tuner's logistic regression (the
//! "Texel" method), then plug it into the engine.
//!
//! The evaluator values a position by how many empty points make each line shape for the side
//! to move and for the side waiting: 2 x 10 weights, fitted so that `sigmoid(eval / scale)`
//! predicts the result of the game for the side to move. The games come from self-play at a
//! tiny node budget (use `gomoku selfplay` for real data, `gomoku tune` to fit the default
//! evaluator's full tables).
//!
//! Run: `cargo run --release --example tune_evaluator`

use gomoku_kit::ai::pattern::{Patterns, Shape};
use gomoku_kit::ai::tune::selfplay::{play_selfplay_game, selfplay_openings};
use gomoku_kit::ai::tune::{Dataset, FitOptions, fit};
use gomoku_kit::ai::{Engine, Evaluator, Limits, Player, Score};
use gomoku_kit::core::record::Record;
use gomoku_kit::core::{Board, Color, Direction, Point, Rule};

const SIZE: u32 = 11;
const RULE: Rule = Rule::Freestyle;

/// Feature `shape` for the side to move, `10 + shape` for the side waiting: how many (empty
/// point, line) pairs make that shape.
fn features(board: &Board, patterns: &Patterns) -> Vec<(usize, f32)> {
    let mut counts = [0f32; 20];
    let us = board.side_to_move();
    for p in board.empty_points().iter() {
        for dir in Direction::ALL {
            counts[patterns.shape(p, us, dir) as usize] += 1.0;
            counts[10 + patterns.shape(p, !us, dir) as usize] += 1.0;
        }
    }
    counts
        .into_iter()
        .enumerate()
        .filter(|&(_, v)| v != 0.0)
        .collect()
}

/// The fitted evaluator: the feature counts times the weights.
#[derive(Clone)]
struct ShapeCounts {
    weights: Vec<f64>,
    rule: Rule,
    patterns: Option<Patterns>,
}

impl Evaluator for ShapeCounts {
    fn reset(&mut self, board: &Board, rule: Rule) {
        self.rule = rule;
        self.patterns = Some(Patterns::new(board, rule));
    }
    fn on_play(&mut self, board: &Board, p: Point) {
        if let Some(pat) = &mut self.patterns {
            pat.play(board, p);
        }
    }
    fn on_undo(&mut self, board: &Board, p: Point) {
        if let Some(pat) = &mut self.patterns {
            pat.undo(board, p);
        }
    }
    fn evaluate(&self, board: &Board) -> Score {
        let Some(pat) = &self.patterns else {
            return Score::DRAW;
        };
        let e: f64 = features(board, pat)
            .iter()
            .map(|&(i, v)| self.weights[i] * f64::from(v))
            .sum();
        Score((e.round() as i32).clamp(-20_000, 20_000))
    }
    fn score_move(&self, board: &Board, p: Point) -> i32 {
        // Order moves by the default evaluator's point values (attack plus defence).
        self.patterns.as_ref().map_or(0, |pat| {
            let us = board.side_to_move();
            pat.value(p, us) + pat.value(p, !us)
        })
    }
    fn patterns(&self) -> Option<&Patterns> {
        self.patterns.as_ref()
    }
}

fn main() {
    // A few quick games.
    let limits = Limits {
        max_nodes: Some(400),
        ..Limits::default()
    };
    let games: Vec<Record> = selfplay_openings(12, SIZE, RULE, 7)
        .iter()
        .filter_map(|o| play_selfplay_game(o, SIZE, RULE, &limits, None).ok())
        .collect();

    // Every position after the opening, with the result for the side to move; every fourth
    // game held out.
    let mut data = Dataset::new();
    for (k, game) in games.iter().enumerate() {
        let Some(result) = game.result() else {
            continue;
        };
        let mut board = Board::new(SIZE).expect("a valid size");
        let mut patterns = Patterns::new(&board, RULE);
        for (ply, &m) in game.moves().iter().enumerate() {
            if ply >= 3 {
                let target = match result.winner() {
                    Some(c) if c == board.side_to_move() => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                data.push(features(&board, &patterns), target, k % 4 == 3);
            }
            board.play_unchecked(m);
            patterns.play(&board, m);
        }
    }
    println!(
        "{} games, {} positions ({} held out)",
        games.len(),
        data.len(),
        data.validation_len()
    );

    // Start from "every shape is worth its rank, own shapes count, the opponent's subtract".
    let init: Vec<f64> = (0..20)
        .map(|i| {
            let rank = (i % 10) as f64;
            if i < 10 { rank } else { -rank }
        })
        .collect();
    let options = FitOptions {
        epochs: 200,
        learning_rate: 0.5,
        l2: 0.0,
        scale: Some(100.0),
        report_every: 50,
    };
    let result = fit(&data, &init, &[], &options, &mut |p| {
        println!(
            "epoch {:>3}: training loss {:.4}, validation loss {:.4}",
            p.epoch, p.training_loss, p.validation_loss
        );
    });
    for (i, shape) in Shape::ALL.iter().enumerate() {
        println!(
            "{:>15}: to move {:>7.2}, waiting {:>7.2}",
            shape.to_string(),
            result.weights[i],
            result.weights[10 + i]
        );
    }

    // The fitted evaluator plays.
    let mut engine = Engine::with_evaluator(ShapeCounts {
        weights: result.weights,
        rule: RULE,
        patterns: None,
    });
    let board = Board::new(SIZE).expect("a valid size");
    let reply = engine.choose(&board, RULE, &Limits::depth(3), &mut |_| {});
    println!(
        "first move of the fitted evaluator: {}",
        reply.best.map_or("none".to_string(), |p| p.to_string())
    );
    assert_eq!(Color::Black, board.side_to_move());
}
