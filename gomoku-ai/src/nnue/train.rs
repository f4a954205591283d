//! Training a [`Network`] on game records, on the CPU.
//!
//! Every position of a game (after the opening plies, and unless a side can make five: the
//! search settles those) becomes a sample: the stones, the side to move, the value target (the
//! game's result for the side to move, blended with the search score the record gives the
//! move, as [`crate::tune::TexelData::blend_scores`] does) and the move played (the policy
//! target). Each epoch shows every training position once under a random one of the board's
//! eight symmetries; the loss is the value's cross-entropy plus `policy_weight` times the
//! policy's. Every `validation_every`-th game is held out, and its losses are reported.
//! Gradients are computed in parallel over `threads` threads and applied by Adam.

use gomoku_rules::record::Record;
use gomoku_rules::{Board, Color, Point, Rule};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::features::{PATTERNS, transform, window_indexes};
use super::network::{
    FEATURES, HIDDEN, Layout, Network, NnueError, POLICY_CHANNELS, TABLE_LIMIT, VALUE_CHANNELS,
    ValueBase, leaky,
};
use super::siblings::Sibling;
use crate::evaluator::Evaluator;
use crate::pattern_evaluator::PatternEvaluator;
use crate::tune::{SampleOptions, best_log_scale, blended_target, empty_replay, result_for};

/// Windows two and four points shorter (the inner parts of a whole window).
const PATTERNS7: usize = PATTERNS / 9;
const PATTERNS5: usize = PATTERNS / 81;

/// The weights as trained: the network's ([`Layout`]) followed by tables for the inner windows
/// of 7 and of 5 points. A window's row is the sum of its own row and those of its inner
/// windows, so what is learnt of a common inner shape carries over to rare outer ones; the
/// network's table is that sum ([`TrainLayout::collapse`]), so the evaluation costs nothing
/// more.
#[derive(Clone, Copy, Debug)]
struct TrainLayout {
    net: Layout,
}

impl TrainLayout {
    fn e7(&self) -> usize {
        self.net.len()
    }
    fn e5(&self) -> usize {
        self.e7() + self.net.sets * 2 * PATTERNS7 * FEATURES
    }
    fn len(&self) -> usize {
        self.e5() + self.net.sets * 2 * PATTERNS5 * FEATURES
    }
    /// The starts of the three rows whose sum is the row of `pattern` (a whole window) in table
    /// `which` of `set`.
    #[inline]
    fn rows(&self, set: usize, which: usize, pattern: u16) -> [usize; 3] {
        let p = usize::from(pattern);
        let t = set * 2 + which;
        [
            self.net.row(set, which, p),
            self.e7() + (t * PATTERNS7 + (p / 3) % PATTERNS7) * FEATURES,
            self.e5() + (t * PATTERNS5 + (p / 9) % PATTERNS5) * FEATURES,
        ]
    }
    /// Training weights from a network's (the inner tables zero).
    fn extend(&self, mut net_weights: Vec<f32>) -> Vec<f32> {
        net_weights.resize(self.len(), 0.0);
        net_weights
    }
    /// The network's weights: each window's row summed with its inner windows' rows.
    fn collapse(&self, w: &[f32]) -> Vec<f32> {
        let mut out = w[..self.net.len()].to_vec();
        for set in 0..self.net.sets {
            for which in 0..2 {
                for pattern in 0..PATTERNS as u16 {
                    let [a, b, c] = self.rows(set, which, pattern);
                    for i in 0..FEATURES {
                        out[a + i] = w[a + i] + w[b + i] + w[c + i];
                    }
                }
            }
        }
        out
    }
}

/// One training position.
#[derive(Clone, Debug)]
struct Position {
    size: u8,
    /// Per point (`row * size + col`): 0 empty, 1 Black, 2 White.
    cells: Box<[u8]>,
    side: Color,
    /// The game's result for the side to move (1 win, 0.5 draw, 0 loss; NaN for a position
    /// of no game, see [`TrainingData::add_scored_position`]).
    result: f32,
    /// The search score the record gives the move played, for the side to move.
    score: Option<i32>,
    /// The value target (the result, or its blend with the score).
    target: f32,
    /// The move played (`row * size + col`).
    played: u16,
    /// The pattern evaluator's value for the side to move (see
    /// [`TrainingData::set_value_base`]).
    pattern_units: f32,
}

/// The stones of `board` as [`Position::cells`] keeps them.
fn cells_of(board: &Board) -> Box<[u8]> {
    let size = usize::from(board.size());
    (0..size * size)
        .map(|i| {
            let p = Point::new_unchecked((i % size) as u8, (i / size) as u8);
            match board.get(p) {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            }
        })
        .collect()
}

impl Position {
    /// The board of the position, its side to move set (the inverse of [`cells_of`]).
    fn board(&self) -> Board {
        let size = usize::from(self.size);
        let mut board = Board::new(u32::from(self.size)).expect("a recorded size");
        for (i, &c) in self.cells.iter().enumerate() {
            let color = match c {
                1 => Color::Black,
                2 => Color::White,
                _ => continue,
            };
            let p = Point::new_unchecked((i % size) as u8, (i / size) as u8);
            board.place(p, color).expect("an empty point");
        }
        board.set_side_to_move(self.side);
        board
    }
}

/// The positions of one rule's games, as training samples for a [`Network`].
#[derive(Clone, Debug)]
pub struct TrainingData {
    rule: Rule,
    options: SampleOptions,
    training: Vec<Position>,
    validation: Vec<Position>,
    games: usize,
    skipped_games: usize,
    base: ValueBase,
}

/// How to train.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainOptions {
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size at the start (it falls along a cosine to a tenth by the last epoch).
    pub learning_rate: f32,
    /// Weight of the policy's cross-entropy in the loss.
    pub policy_weight: f32,
    /// Threads computing gradients.
    pub threads: usize,
    /// Decoupled weight decay (as AdamW) of the tables of whole windows, per unit of step size:
    /// it pulls the rows of rare windows towards what their inner windows say.
    pub weight_decay: f32,
    /// Seeds the shuffles, the symmetries and the starting weights.
    pub seed: u64,
}

impl Default for TrainOptions {
    fn default() -> TrainOptions {
        TrainOptions {
            epochs: 10,
            batch: 256,
            learning_rate: 5e-2,
            policy_weight: 0.25,
            threads: 1,
            weight_decay: 0.0,
            seed: 1,
        }
    }
}

/// Losses over a set of positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Losses {
    /// Mean cross-entropy of the value against the targets.
    pub value: f64,
    /// Mean cross-entropy of the policy against the moves played.
    pub policy: f64,
    /// How often the policy's top move is the move played.
    pub top1: f64,
    /// Positions counted.
    pub positions: usize,
}

/// What [`TrainingData::train`] reports after each epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainProgress {
    /// Epochs done.
    pub epoch: u32,
    /// Mean losses over the epoch's training positions (as trained, with their symmetries).
    pub training: Losses,
    /// Losses on the held-out positions.
    pub validation: Losses,
}

/// The outcome of [`TrainingData::train`].
#[derive(Clone, Debug)]
pub struct Trained {
    /// The network (its integer form).
    pub network: Network,
    /// Held-out losses of the starting network.
    pub initial: Losses,
    /// Held-out losses of the trained network (its integer form).
    pub last: Losses,
}

/// `ln(1 + e^x)` without overflow.
fn softplus(x: f32) -> f32 {
    if x > 20.0 { x } else { x.exp().ln_1p() }
}

/// Cross-entropy of probability `sigmoid(logit)` against `target`.
fn value_loss(logit: f32, target: f32) -> f32 {
    softplus(logit) - target * logit
}

impl TrainingData {
    /// No positions yet.
    pub fn new(rule: Rule, options: SampleOptions) -> TrainingData {
        TrainingData {
            rule,
            options,
            training: Vec::new(),
            validation: Vec::new(),
            games: 0,
            skipped_games: 0,
            base: ValueBase::Alone,
        }
    }

    /// Makes the networks trained on this data corrections to `pattern`'s values
    /// ([`ValueBase::Patterns`]; `pattern` has to be the evaluator the network will be added to:
    /// the library's default weights of the rule), or stand alone. Computes the pattern values
    /// of every position once.
    pub fn set_value_base(&mut self, base: ValueBase, pattern: &PatternEvaluator) {
        self.base = base;
        if base == ValueBase::Alone {
            return;
        }
        let rule = self.rule;
        let mut eval = pattern.clone();
        for p in self.training.iter_mut().chain(&mut self.validation) {
            let board = p.board();
            eval.reset(&board, rule);
            p.pattern_units = eval.evaluate(&board).0 as f32;
        }
    }

    /// What the networks trained on this data are added to.
    pub fn value_base(&self) -> ValueBase {
        self.base
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Games added.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Games left out (another rule, no result, or a board size no game can have).
    pub fn skipped_games(&self) -> usize {
        self.skipped_games
    }

    /// Positions added, and how many of them are held out.
    pub fn positions(&self) -> (usize, usize) {
        (
            self.training.len() + self.validation.len(),
            self.validation.len(),
        )
    }

    /// Positions that carry a search score.
    pub fn scored_positions(&self) -> usize {
        self.all().filter(|p| p.score.is_some()).count()
    }

    fn all(&self) -> impl Iterator<Item = &Position> {
        self.training.iter().chain(&self.validation)
    }

    /// Adds the positions of a game; returns how many. Games of another rule or without a
    /// result add none (and count as skipped).
    pub fn add_game(&mut self, record: &Record) -> usize {
        let result = match record.result() {
            Some(r) if record.rule() == self.rule => r,
            _ => {
                self.skipped_games += 1;
                return 0;
            }
        };
        let Some((mut board, mut patterns)) = empty_replay(record, self.rule) else {
            self.skipped_games += 1;
            return 0;
        };
        let validation = self.options.holds_out(self.games);
        self.games += 1;
        let size = usize::from(board.size());
        let evaluations = record.evaluations();
        let mut added = 0;
        for (ply, &m) in record.moves().iter().enumerate() {
            if !board.is_empty_at(m) {
                break;
            }
            if ply >= self.options.skip_plies
                && patterns.fives(Color::Black).is_empty()
                && patterns.fives(Color::White).is_empty()
            {
                let side = board.side_to_move();
                let value = result_for(result, side);
                let position = Position {
                    size: board.size(),
                    cells: cells_of(&board),
                    side,
                    result: value,
                    score: evaluations.and_then(|e| e.get(ply).copied().flatten()),
                    target: value,
                    played: (usize::from(m.row()) * size + usize::from(m.col())) as u16,
                    pattern_units: 0.0,
                };
                if validation {
                    self.validation.push(position);
                } else {
                    self.training.push(position);
                }
                added += 1;
            }
            board.play_unchecked(m);
            patterns.play(&board, m);
        }
        added
    }

    /// Adds one position valued only by a search `score` (for the side to move, in the
    /// units of the records' scores) with `best` as its policy target, held out or not: a
    /// position no game reached, such as one after a move the players did not make. Its
    /// value target is the score's, whatever the blend's weight. Positions with a five on the
    /// board are the caller's to leave out (the search settles those). Returns whether it was
    /// added (not when `best` is taken).
    pub fn add_scored_position(
        &mut self,
        board: &Board,
        score: i32,
        best: Point,
        validation: bool,
    ) -> bool {
        let size = usize::from(board.size());
        if !board.is_empty_at(best) {
            return false;
        }
        let position = Position {
            size: board.size(),
            cells: cells_of(board),
            side: board.side_to_move(),
            result: f32::NAN,
            score: Some(score),
            target: 0.5,
            played: (usize::from(best.row()) * size + usize::from(best.col())) as u16,
            pattern_units: 0.0,
        };
        if validation {
            self.validation.push(position);
        } else {
            self.training.push(position);
        }
        true
    }

    /// Adds the labelled siblings of game `game` (its index among the games added, from 0:
    /// they are held out with it), their scores multiplied by `to_record_units` (the records'
    /// score units per evaluation unit); returns how many.
    pub fn add_siblings(
        &mut self,
        game: usize,
        siblings: &[Sibling],
        to_record_units: f64,
    ) -> usize {
        let validation = self.options.holds_out(game);
        siblings
            .iter()
            .filter(|s| {
                let score = (f64::from(s.score) * to_record_units).round() as i32;
                self.add_scored_position(&s.board, score, s.best, validation)
            })
            .count()
    }

    /// Makes the value target of every position with a search score `(1 - weight) * result +
    /// weight * sigmoid(score / scale)` (`scale`: the scores' units per logit); positions
    /// without one keep the result. Calling it again replaces the previous blend.
    pub fn blend_scores(&mut self, weight: f64, scale: f64) {
        for p in self.training.iter_mut().chain(&mut self.validation) {
            p.target = if p.result.is_nan() {
                // A position no game reached: its score is all there is.
                blended_target(0.5, p.score, 1.0, scale)
            } else {
                blended_target(p.result, p.score, weight, scale)
            };
        }
    }

    /// The pattern evaluator's units per logit that fit its values best to the targets (of at
    /// most `limit` positions spread over the data), and its mean held-out value loss at that
    /// scale: the units a network's value is given in, so the search's margins keep their
    /// meaning, and the loss a network has to beat.
    pub fn pattern_scale(&self, pattern: &PatternEvaluator, limit: usize) -> (f64, f64) {
        let values = |set: &[Position]| -> Vec<(f64, f64)> {
            let step = (set.len() / limit.max(1)).max(1);
            set.iter()
                .step_by(step)
                .map(|p| {
                    let board = p.board();
                    let mut eval = pattern.clone();
                    eval.reset(&board, self.rule);
                    (f64::from(eval.evaluate(&board).0), f64::from(p.target))
                })
                .collect()
        };
        let mean_loss = |samples: &[(f64, f64)], k: f64| {
            samples
                .iter()
                .map(|&(e, t)| f64::from(value_loss((e / k) as f32, t as f32)))
                .sum::<f64>()
                / samples.len().max(1) as f64
        };
        let fit = values(&self.training);
        let scale = best_log_scale(60, |k| mean_loss(&fit, k));
        let held = values(&self.validation);
        (scale, mean_loss(&held, scale))
    }

    /// The held-out losses of `network` (added to the pattern values where its
    /// [`ValueBase`] says so: those of [`TrainingData::set_value_base`]).
    pub fn validation_losses(&self, network: &Network, threads: usize) -> Losses {
        let layout = TrainLayout {
            net: network.layout(),
        };
        let weights = layout.extend(network.to_weights());
        let all: Vec<usize> = (0..self.validation.len()).collect();
        let pass = Pass {
            layout: &layout,
            weights: &weights,
            set: &self.validation,
            base_scale: base_scale(network.value_base(), network.eval_scale()),
            policy_weight: 0.0,
        };
        let (losses, _) = pass.run(&all, None, threads);
        losses
    }

    /// Trains a network from `start` (or from zero tables and small random heads) whose value
    /// is worth `eval_scale` evaluation units per logit; `progress` hears after each epoch.
    ///
    /// # Errors
    /// [`NnueError`] when `start` is for another rule, or the weights leave the finite numbers.
    pub fn train(
        &self,
        start: Option<&Network>,
        eval_scale: f32,
        options: &TrainOptions,
        progress: &mut dyn FnMut(&TrainProgress),
    ) -> Result<Trained, NnueError> {
        let layout = TrainLayout {
            net: Layout::for_rule(self.rule),
        };
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(options.seed);
        let mut weights = match start {
            Some(net) if net.rule() != self.rule => {
                return Err(NnueError::Dimension {
                    what: "rule (Gomocup code)",
                    found: net.rule().gomocup_code() as usize,
                    expected: self.rule.gomocup_code() as usize,
                });
            }
            Some(net) if net.value_base() != self.base => {
                return Err(NnueError::Dimension {
                    what: "value base (0 alone, 1 over the patterns)",
                    found: usize::from(net.value_base() == ValueBase::Patterns),
                    expected: usize::from(self.base == ValueBase::Patterns),
                });
            }
            Some(net) => layout.extend(net.to_weights()),
            None => layout.extend(initial_weights(&layout.net, &mut rng)),
        };
        let threads = options.threads.max(1);
        let base = self.base;
        let network = |w: &[f32]| {
            Network::from_weights(self.rule, eval_scale, &layout.collapse(w))
                .map(|n| n.with_value_base(base))
        };
        let initial = self.validation_losses(&network(&weights)?, threads);
        let mut adam = Adam::new(layout.len());
        let mut order: Vec<usize> = (0..self.training.len()).collect();
        let batch = options.batch.max(1);
        let steps_total = (options.epochs as usize * order.len().div_ceil(batch)).max(1);
        let mut step = 0usize;
        let table_part = layout.net.table_part();
        let inner_tables = layout.e7()..layout.len();
        for epoch in 1..=options.epochs {
            order.shuffle(&mut rng);
            let mut sum = Losses::default();
            for chunk in order.chunks(batch) {
                let symmetries: Vec<u8> = chunk.iter().map(|_| rng.random_range(0..8)).collect();
                let pass = Pass {
                    layout: &layout,
                    weights: &weights,
                    set: &self.training,
                    base_scale: base_scale(base, eval_scale),
                    policy_weight: options.policy_weight,
                };
                let (losses, grad) = pass.run(chunk, Some(&symmetries), threads);
                accumulate(&mut sum, &losses);
                let progress_done = step as f32 / steps_total as f32;
                let rate = options.learning_rate
                    * (0.1 + 0.9 * 0.5 * (1.0 + (std::f32::consts::PI * progress_done).cos()));
                let scale = 1.0 / chunk.len() as f32;
                adam.step(&mut weights, &grad, scale, rate);
                // Three rows and a bias make an entry: each within a third of the limit, so the
                // network's entries stay within it.
                let limit = TABLE_LIMIT / 3.0;
                let keep = 1.0 - rate * options.weight_decay;
                for w in &mut weights[table_part.clone()] {
                    *w = (*w * keep).clamp(-limit, limit);
                }
                for w in &mut weights[inner_tables.clone()] {
                    *w = w.clamp(-limit, limit);
                }
                step += 1;
            }
            let net = network(&weights)?;
            progress(&TrainProgress {
                epoch,
                training: finish(sum),
                validation: self.validation_losses(&net, threads),
            });
        }
        let network = network(&weights)?;
        let last = self.validation_losses(&network, threads);
        Ok(Trained {
            network,
            initial,
            last,
        })
    }
}

/// Adds the sums of `b` to `a` (sums, not means: [`finish`] divides).
fn accumulate(a: &mut Losses, b: &Losses) {
    a.value += b.value * b.positions as f64;
    a.policy += b.policy * b.positions as f64;
    a.top1 += b.top1 * b.positions as f64;
    a.positions += b.positions;
}

/// Means from sums.
fn finish(sum: Losses) -> Losses {
    let n = sum.positions.max(1) as f64;
    Losses {
        value: sum.value / n,
        policy: sum.policy / n,
        top1: sum.top1 / n,
        positions: sum.positions,
    }
}

/// Zero tables and biases, small random heads.
fn initial_weights(layout: &Layout, rng: &mut impl Rng) -> Vec<f32> {
    let mut w = vec![0.0f32; layout.len()];
    let spread = 1.0 / (VALUE_CHANNELS as f32).sqrt();
    for x in &mut w[layout.w1()..layout.b1()] {
        *x = rng.random_range(-spread..spread);
    }
    let spread = 1.0 / (HIDDEN as f32).sqrt();
    for x in &mut w[layout.w2()..layout.b2()] {
        *x = rng.random_range(-spread..spread);
    }
    for x in &mut w[layout.policy()..layout.len()] {
        *x = rng.random_range(-0.5..0.5);
    }
    w
}

/// Adam over the flat weights, in `f32`.
struct Adam {
    steps: i32,
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            steps: 0,
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    /// One step of size `rate` down `grad * scale`.
    fn step(&mut self, w: &mut [f32], grad: &[f32], scale: f32, rate: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.steps += 1;
        let c1 = 1.0 / (1.0 - B1.powi(self.steps));
        let c2 = 1.0 / (1.0 - B2.powi(self.steps));
        for (((w, &g), m), v) in w.iter_mut().zip(grad).zip(&mut self.m).zip(&mut self.v) {
            let g = g * scale;
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *w -= rate * (*m * c1) / ((*v * c2).sqrt() + 1e-8);
        }
    }
}

/// The divisor that turns a position's pattern value into the logit the network's output is
/// added to (`None`: the network stands alone).
fn base_scale(base: ValueBase, eval_scale: f32) -> Option<f32> {
    match base {
        ValueBase::Alone => None,
        ValueBase::Patterns => Some(eval_scale),
    }
}

/// What one pass over some positions computes with.
#[derive(Clone, Copy)]
struct Pass<'a> {
    layout: &'a TrainLayout,
    weights: &'a [f32],
    set: &'a [Position],
    /// Pattern units per logit of the value base, if any.
    base_scale: Option<f32>,
    policy_weight: f32,
}

impl Pass<'_> {
    /// The losses (means) of positions `which`, and with `symmetries` (one per position,
    /// training) the sum of their gradients, computed on `threads` threads.
    fn run(
        &self,
        which: &[usize],
        symmetries: Option<&[u8]>,
        threads: usize,
    ) -> (Losses, Vec<f32>) {
        run_batch(self, which, symmetries, threads)
    }
}

fn run_batch(
    pass: &Pass<'_>,
    which: &[usize],
    symmetries: Option<&[u8]>,
    threads: usize,
) -> (Losses, Vec<f32>) {
    let layout = pass.layout;
    let threads = threads.clamp(1, which.len().max(1));
    let per = which.len().div_ceil(threads).max(1);
    let train = symmetries.is_some();
    let results: Vec<(Losses, Vec<f32>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = which
            .chunks(per)
            .enumerate()
            .map(|(t, part)| {
                scope.spawn(move || {
                    let mut grad = if train {
                        vec![0.0f32; layout.len()]
                    } else {
                        Vec::new()
                    };
                    let mut scratch = Scratch::default();
                    let mut sum = Losses::default();
                    for (i, &index) in part.iter().enumerate() {
                        let sym = symmetries.map_or(0, |s| s[t * per + i]);
                        let g = if train {
                            Some(grad.as_mut_slice())
                        } else {
                            None
                        };
                        let l = sample(pass, &pass.set[index], sym, g, &mut scratch);
                        sum.value += f64::from(l.0);
                        sum.policy += f64::from(l.1);
                        sum.top1 += f64::from(u8::from(l.2));
                        sum.positions += 1;
                    }
                    (finish(sum), grad)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a training thread panicked"))
            .collect()
    });
    let mut total = Losses::default();
    let mut grad: Vec<f32> = Vec::new();
    for (losses, g) in results {
        accumulate(&mut total, &losses);
        if grad.is_empty() {
            grad = g;
        } else {
            for (a, b) in grad.iter_mut().zip(&g) {
                *a += b;
            }
        }
    }
    (finish(total), grad)
}

/// Buffers one thread reuses from position to position.
#[derive(Default)]
struct Scratch {
    cells: Vec<u8>,
    windows: Vec<[[u16; 4]; 2]>,
    channels: Vec<[f32; FEATURES]>,
    logits: Vec<(usize, f32)>,
}

/// The value loss, policy loss and whether the policy's top move is the one played, of one
/// position under symmetry `sym`; with `grad`, adds the gradient of `value + policy_weight *
/// policy` to it.
fn sample(
    pass: &Pass<'_>,
    pos: &Position,
    sym: u8,
    grad: Option<&mut [f32]>,
    s: &mut Scratch,
) -> (f32, f32, bool) {
    let (layout, w, policy_weight) = (pass.layout, pass.weights, pass.policy_weight);
    let n = usize::from(pos.size);
    s.cells.clear();
    s.cells.resize(n * n, 0);
    for (i, &c) in pos.cells.iter().enumerate() {
        let (col, row) = transform(sym, i % n, i / n, n);
        s.cells[row * n + col] = c;
    }
    let played = {
        let i = usize::from(pos.played);
        let (col, row) = transform(sym, i % n, i / n, n);
        row * n + col
    };
    let cells = &s.cells;
    window_indexes(
        n,
        |c, r| match cells[r * n + c] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        },
        &mut s.windows,
    );
    let me = pos.side.index();
    let net = layout.net;
    let set = if net.sets == 2 { me } else { 0 };
    let rows = |which: usize, pattern: u16| layout.rows(set, which, pattern);
    // Channels of every point.
    s.channels.clear();
    let bias = &w[net.bias()..net.bias() + FEATURES];
    for win in &s.windows {
        let mut acc = [0.0f32; FEATURES];
        acc.copy_from_slice(bias);
        for (&own, &their) in win[me].iter().zip(&win[1 - me]) {
            for (which, pattern) in [(0, own), (1, their)] {
                for at in rows(which, pattern) {
                    for (a, x) in acc.iter_mut().zip(&w[at..at + FEATURES]) {
                        *a += x;
                    }
                }
            }
        }
        s.channels.push(acc);
    }
    let points = s.channels.len() as f32;
    // Value head.
    let mut mean = [0.0f32; VALUE_CHANNELS];
    for acc in &s.channels {
        for v in 0..VALUE_CHANNELS {
            mean[v] += leaky(acc[v]);
        }
    }
    for m in &mut mean {
        *m /= points;
    }
    let mut z = [0.0f32; HIDDEN];
    let mut out = w[net.b2()] + pass.base_scale.map_or(0.0, |k| pos.pattern_units / k);
    for h in 0..HIDDEN {
        let row = &w[net.w1() + h * VALUE_CHANNELS..][..VALUE_CHANNELS];
        z[h] = w[net.b1() + h] + row.iter().zip(&mean).map(|(a, b)| a * b).sum::<f32>();
        out += w[net.w2() + h] * leaky(z[h]);
    }
    let vloss = value_loss(out, pos.target);
    // Policy head over the empty points.
    let wp = &w[net.policy()..net.policy() + POLICY_CHANNELS];
    s.logits.clear();
    for (i, acc) in s.channels.iter().enumerate() {
        if s.cells[i] == 0 {
            let l: f32 = (0..POLICY_CHANNELS)
                .map(|k| wp[k] * leaky(acc[VALUE_CHANNELS + k]))
                .sum();
            s.logits.push((i, l));
        }
    }
    let max = s.logits.iter().map(|&(_, l)| l).fold(f32::MIN, f32::max);
    let total: f32 = s.logits.iter().map(|&(_, l)| (l - max).exp()).sum();
    let log_total = total.ln() + max;
    let played_logit = s
        .logits
        .iter()
        .find(|&&(i, _)| i == played)
        .map_or(max, |&(_, l)| l);
    let ploss = log_total - played_logit;
    let top1 = s.logits.iter().filter(|&&(_, l)| l >= played_logit).count() == 1;
    let Some(g) = grad else {
        return (vloss, ploss, top1);
    };
    // Backward: value head.
    let dout = 1.0 / (1.0 + (-out).exp()) - pos.target;
    g[net.b2()] += dout;
    let mut dmean = [0.0f32; VALUE_CHANNELS];
    for h in 0..HIDDEN {
        g[net.w2() + h] += dout * leaky(z[h]);
        let dz = dout * w[net.w2() + h] * if z[h] >= 0.0 { 1.0 } else { 0.125 };
        g[net.b1() + h] += dz;
        let at = net.w1() + h * VALUE_CHANNELS;
        for v in 0..VALUE_CHANNELS {
            g[at + v] += dz * mean[v];
            dmean[v] += dz * w[at + v];
        }
    }
    for d in &mut dmean {
        *d /= points;
    }
    // Policy: d(loss)/d(logit) = weight * (softmax - one-hot).
    let mut dlogit = vec![0.0f32; s.channels.len()];
    for &(i, l) in &s.logits {
        let p = (l - log_total).exp();
        dlogit[i] = policy_weight * (p - if i == played { 1.0 } else { 0.0 });
    }
    for (i, acc) in s.channels.iter().enumerate() {
        let mut dacc = [0.0f32; FEATURES];
        for v in 0..VALUE_CHANNELS {
            dacc[v] = dmean[v] * if acc[v] >= 0.0 { 1.0 } else { 0.125 };
        }
        if s.cells[i] == 0 && dlogit[i] != 0.0 {
            for k in 0..POLICY_CHANNELS {
                let x = acc[VALUE_CHANNELS + k];
                g[net.policy() + k] += dlogit[i] * leaky(x);
                dacc[VALUE_CHANNELS + k] = dlogit[i] * wp[k] * if x >= 0.0 { 1.0 } else { 0.125 };
            }
        }
        let win = &s.windows[i];
        for (f, d) in dacc.iter().enumerate() {
            g[net.bias() + f] += d;
        }
        for (&own, &their) in win[me].iter().zip(&win[1 - me]) {
            for (which, pattern) in [(0, own), (1, their)] {
                for at in rows(which, pattern) {
                    for (x, d) in g[at..at + FEATURES].iter_mut().zip(&dacc) {
                        *x += d;
                    }
                }
            }
        }
    }
    (vloss, ploss, top1)
}
