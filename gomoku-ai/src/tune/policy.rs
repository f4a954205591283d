//! Fitting the move-ordering values ([`RuleWeights::move_value`]) to the moves players chose:
//! every position of a game becomes a sample whose candidates are the empty points near the
//! stones, each described by the shape combination the mover's stone would make there
//! (attack) and the one the opponent's would (defence); the model gives each candidate the
//! score `attack value + defence value` and the probability `softmax(score / temperature)`,
//! and the fit maximises the likelihood of the move played (multinomial logistic regression).
//! Fitted to a strong player's games, the values order the search's moves as that player
//! would rank them, which is what the search's pruning and reductions rely on.
//!
//! Positions where either side has a five point are left out (the move there is forced), as
//! are moves far from every stone.

use gomoku_rules::record::Record;
use gomoku_rules::{Board, Color, Point, Rule, renju};

use super::logistic::{Adam, FitOptions, best_log_scale};
use super::texel::{SampleOptions, empty_replay};
use crate::params::{CANDIDATE_RADIUS, DEFENCE_EIGHTHS};
use crate::pattern::Patterns;
use crate::weights::{COMBOS, MovePart, Role, RuleWeights};

/// The positions of one rule's games as move-choice samples.
#[derive(Clone, Debug)]
pub struct PolicyData {
    rule: Rule,
    options: SampleOptions,
    /// Per candidate: its attack and defence parameter indexes.
    candidates: Vec<(u32, u32)>,
    samples: Vec<Sample>,
    games: usize,
    skipped_games: usize,
}

#[derive(Clone, Copy, Debug)]
struct Sample {
    start: u32,
    end: u32,
    /// The index (into `candidates`) of the move played.
    chosen: u32,
    validation: bool,
}

/// The losses at one point of a fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PolicyProgress {
    /// Epochs done.
    pub epoch: u32,
    /// Mean negative log-likelihood of the moves played, training positions.
    pub training_loss: f64,
    /// The same on the held-out positions (NaN without any).
    pub validation_loss: f64,
    /// How often the move played scores highest, held-out positions (NaN without any).
    pub validation_top1: f64,
}

/// The outcome of [`PolicyData::fit`].
#[derive(Clone, Debug)]
pub struct PolicyFit {
    /// The starting weights with the fitted move values (whole evaluation units).
    pub weights: RuleWeights,
    /// Evaluation units per logit of the move scores.
    pub temperature: f64,
    /// The figures of the starting move values.
    pub initial: PolicyProgress,
    /// The figures of the written (rounded) move values.
    pub last: PolicyProgress,
}

/// Number of parameters: attack and defence per combination, per colour slot.
const PARAMS: usize = 4 * COMBOS;

/// The parameter index of a combination's move value for `side` to move.
fn param(rule: Rule, side: Color, part: MovePart, combo: usize) -> usize {
    // Every rule but Renju treats the colours alike.
    let slot = if rule == Rule::Renju { side.index() } else { 0 };
    (slot * 2 + part as usize) * COMBOS + combo
}

impl PolicyData {
    /// No samples yet.
    pub fn new(rule: Rule, options: SampleOptions) -> PolicyData {
        PolicyData {
            rule,
            options,
            candidates: Vec::new(),
            samples: Vec::new(),
            games: 0,
            skipped_games: 0,
        }
    }

    /// Games added.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Games left out (another rule).
    pub fn skipped_games(&self) -> usize {
        self.skipped_games
    }

    /// Positions (samples) added, and how many of them are held out.
    pub fn positions(&self) -> (usize, usize) {
        let held = self.samples.iter().filter(|s| s.validation).count();
        (self.samples.len(), held)
    }

    /// Adds the positions of a game (every move is taken as a choice to learn from, whoever
    /// played it, and whatever the result); returns how many. Games of another rule add none.
    pub fn add_game(&mut self, record: &Record) -> usize {
        if record.rule() != self.rule {
            self.skipped_games += 1;
            return 0;
        }
        let validation = self.options.holds_out(self.games);
        self.games += 1;
        let Some((mut board, mut patterns)) = empty_replay(record, self.rule) else {
            self.skipped_games += 1;
            return 0;
        };
        let mut added = 0;
        for (ply, &m) in record.moves().iter().enumerate() {
            if !board.is_empty_at(m) {
                break;
            }
            if ply >= self.options.skip_plies
                && patterns.fives(Color::Black).is_empty()
                && patterns.fives(Color::White).is_empty()
                && self.add_position(&board, &patterns, m, validation)
            {
                added += 1;
            }
            board.play_unchecked(m);
            patterns.play(&board, m);
        }
        added
    }

    fn add_position(
        &mut self,
        board: &Board,
        patterns: &Patterns,
        played: Point,
        validation: bool,
    ) -> bool {
        let us = board.side_to_move();
        let fouls = self.rule.has_fouls() && us == Color::Black;
        let start = self.candidates.len();
        let mut chosen = None;
        for p in board.neighbourhood(CANDIDATE_RADIUS).iter() {
            if p != played && fouls && renju::forbidden(board, p).is_some() {
                continue;
            }
            if p == played {
                chosen = Some(self.candidates.len());
            }
            let attack = param(self.rule, us, MovePart::Attack, patterns.combo(p, us));
            let defence = param(self.rule, us, MovePart::Defence, patterns.combo(p, !us));
            self.candidates.push((attack as u32, defence as u32));
        }
        match chosen {
            Some(chosen) if self.candidates.len() - start > 1 => {
                self.samples.push(Sample {
                    start: start as u32,
                    end: self.candidates.len() as u32,
                    chosen: chosen as u32,
                    validation,
                });
                true
            }
            _ => {
                self.candidates.truncate(start);
                false
            }
        }
    }

    /// The starting parameters: `start`'s move values, or (without any) the ordering the
    /// search uses then: the hand-set value of the point for the mover plus
    /// [`DEFENCE_EIGHTHS`] eighths of it for the opponent.
    fn params(&self, start: &RuleWeights) -> Vec<f64> {
        let mut w = vec![0.0; PARAMS];
        let hand_set = RuleWeights::hand_set_for(self.rule);
        for side in Color::ALL.into_iter().rev() {
            for combo in 0..COMBOS {
                let (attack, defence) = if start.has_move_values() {
                    (
                        start.move_part(side, MovePart::Attack, combo),
                        start.move_part(side, MovePart::Defence, combo),
                    )
                } else {
                    (
                        hand_set.value(side, Role::ToMove, combo),
                        hand_set.value(!side, Role::ToMove, combo) * DEFENCE_EIGHTHS / 8,
                    )
                };
                w[param(self.rule, side, MovePart::Attack, combo)] = f64::from(attack);
                w[param(self.rule, side, MovePart::Defence, combo)] = f64::from(defence);
            }
        }
        w
    }

    fn scores<'a>(&'a self, s: &Sample, w: &'a [f64]) -> impl Iterator<Item = f64> + 'a {
        self.candidates[s.start as usize..s.end as usize]
            .iter()
            .map(|&(a, d)| w[a as usize] + w[d as usize])
    }

    /// Negative log-likelihood of the move played, and whether it scores highest.
    fn sample_loss(&self, s: &Sample, w: &[f64], temperature: f64) -> (f64, bool) {
        let max = self.scores(s, w).fold(f64::NEG_INFINITY, f64::max);
        let sum: f64 = self
            .scores(s, w)
            .map(|v| ((v - max) / temperature).exp())
            .sum();
        let (a, d) = self.candidates[s.chosen as usize];
        let chosen = w[a as usize] + w[d as usize];
        let top = chosen >= max;
        (sum.ln() - (chosen - max) / temperature, top)
    }

    fn progress(&self, w: &[f64], temperature: f64, epoch: u32) -> PolicyProgress {
        let mut sum = [0.0; 2];
        let mut n = [0usize; 2];
        let mut top = 0usize;
        for s in &self.samples {
            let k = usize::from(s.validation);
            let (loss, best) = self.sample_loss(s, w, temperature);
            sum[k] += loss;
            n[k] += 1;
            top += usize::from(s.validation && best);
        }
        PolicyProgress {
            epoch,
            training_loss: sum[0] / n[0] as f64,
            validation_loss: sum[1] / n[1] as f64,
            validation_top1: top as f64 / n[1] as f64,
        }
    }

    /// The temperature (units per logit) that fits the training moves best under fixed `w`
    /// (a golden-section search over its logarithm between 1 and 10^6).
    fn best_temperature(&self, w: &[f64]) -> f64 {
        best_log_scale(50, |t| {
            self.samples
                .iter()
                .filter(|s| !s.validation)
                .map(|s| self.sample_loss(s, w, t).0)
                .sum::<f64>()
        })
    }

    /// Fits move values starting from `start`'s (or from the hand-set ordering when it has
    /// none), reporting progress through `progress`. The temperature is `options.scale`, or
    /// fitted to the starting values and kept, so the values stay in evaluation units next to
    /// the search's killer and history bonuses. The evaluation tables of `start` are kept.
    pub fn fit(
        &self,
        start: &RuleWeights,
        options: &FitOptions,
        progress: &mut dyn FnMut(&PolicyProgress),
    ) -> PolicyFit {
        let mut w = self.params(start);
        let w0 = w.clone();
        let temperature = options.scale.unwrap_or_else(|| self.best_temperature(&w));
        let initial = self.progress(&w, temperature, 0);
        progress(&initial);
        let train: Vec<&Sample> = self.samples.iter().filter(|s| !s.validation).collect();
        let count = train.len().max(1) as f64;
        let mut adam = Adam::new(PARAMS, options.learning_rate);
        let mut grad = vec![0.0; PARAMS];
        let mut probs = Vec::new();
        // Combination 0 (nothing on any line) stays 0, as for the evaluation tables.
        let frozen: Vec<bool> = (0..PARAMS).map(|i| i % COMBOS == 0).collect();
        for epoch in 1..=options.epochs {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for s in &train {
                let max = self.scores(s, &w).fold(f64::NEG_INFINITY, f64::max);
                probs.clear();
                probs.extend(self.scores(s, &w).map(|v| ((v - max) / temperature).exp()));
                let sum: f64 = probs.iter().sum();
                for (k, &(a, d)) in self.candidates[s.start as usize..s.end as usize]
                    .iter()
                    .enumerate()
                {
                    let target = f64::from(u8::from(s.start as usize + k == s.chosen as usize));
                    let g = (probs[k] / sum - target) / temperature / count;
                    grad[a as usize] += g;
                    grad[d as usize] += g;
                }
            }
            for i in 0..PARAMS {
                grad[i] += options.l2 * 2.0 * (w[i] - w0[i]) / 1e4;
            }
            adam.step(&mut w, &grad, &frozen);
            if epoch % options.report_every.max(1) == 0 && epoch < options.epochs {
                progress(&self.progress(&w, temperature, epoch));
            }
        }
        let mut out = start.clone();
        for side in Color::ALL {
            for part in MovePart::ALL {
                for combo in 1..COMBOS {
                    let v = w[param(self.rule, side, part, combo)].round();
                    out.set_move_part(side, part, combo, v.clamp(-1e6, 1e6) as i32);
                }
            }
        }
        let rounded = self.params(&out);
        let last = self.progress(&rounded, temperature, options.epochs);
        progress(&last);
        PolicyFit {
            weights: out,
            temperature,
            initial,
            last,
        }
    }
}
