//! Fitting [`RuleWeights`] to games: every position of every game becomes a sample whose
//! features count the shape combinations of the empty points for the side to move and for the
//! side waiting, plus its threat situation ([`Patterns::threat_mask`]), with the game's result
//! for the side to move as the target (the Texel method),
//! optionally blended with the search score the record gives the position
//! ([`TexelData::blend_scores`]).

use gomoku_rules::record::{GameResult, Record};
use gomoku_rules::{Board, Color, Rule};

use super::logistic::{Dataset, FitOptions, FitProgress, FitResult, fit};
use crate::pattern::{Patterns, THREAT_MASKS};
use crate::weights::{COMBOS, Role, RuleWeights};

/// Which positions of a game become samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SampleOptions {
    /// Positions before this many stones are left out (the opening, set by hand or at random).
    pub skip_plies: usize,
    /// Every this-many-th game (counted by index) is held out for validation (0: none).
    pub validation_every: usize,
}

impl SampleOptions {
    /// Whether the game with index `game` (counted from 0) is held out for validation.
    pub(crate) fn holds_out(&self, game: usize) -> bool {
        self.validation_every > 0 && game % self.validation_every == self.validation_every - 1
    }
}

/// An empty board of `record`'s size and its patterns under `rule` (with zero weights: the
/// samples need the shapes, not values); `None` when the size is not a board size.
pub(crate) fn empty_replay(record: &Record, rule: Rule) -> Option<(Board, Patterns)> {
    let board = Board::new(u32::from(record.size())).ok()?;
    let patterns = Patterns::with_weights(&board, std::sync::Arc::new(RuleWeights::zero(rule)));
    Some((board, patterns))
}

/// The value of a game's `result` for `side`: 1 a win, 0.5 a draw, 0 a loss.
pub(crate) fn result_for(result: GameResult, side: Color) -> f32 {
    match result.winner() {
        Some(c) if c == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// A value target: `(1 - weight) * result + weight * sigmoid(score / scale)` where the
/// position has a search `score` (in units of `scale` per logit), else the `result`.
pub(crate) fn blended_target(result: f32, score: Option<i32>, weight: f64, scale: f64) -> f32 {
    let weight = weight.clamp(0.0, 1.0);
    match score {
        Some(s) if weight > 0.0 => {
            let p = 1.0 / (1.0 + (-f64::from(s) / scale.max(1e-9)).exp());
            ((1.0 - weight) * f64::from(result) + weight * p) as f32
        }
        _ => result,
    }
}

impl Default for SampleOptions {
    fn default() -> SampleOptions {
        SampleOptions {
            skip_plies: 4,
            validation_every: 10,
        }
    }
}

/// The Texel samples of one rule: the positions of its games as features of [`RuleWeights`].
#[derive(Clone, Debug)]
pub struct TexelData {
    rule: Rule,
    tempo_eighths: i32,
    options: SampleOptions,
    data: Dataset,
    /// Per sample: the result for the side to move (the unblended target) and the recorded
    /// search score, if any.
    labels: Vec<(f32, Option<i32>)>,
    games: usize,
    skipped_games: usize,
    scratch: Vec<f32>,
    touched: Vec<usize>,
    /// Fit only the threat values (the combination values stay as they start).
    threats_only: bool,
    /// Samples carry the material of the position before the last move, for the tables of
    /// [`RuleWeights::before_value`].
    before_values: bool,
}

/// One position as [`TexelData::add_game`] hands it on: the material of the position and of
/// the one before it (see `TexelData::material`), and its labels.
struct Sample<'a> {
    material: &'a [(usize, f32)],
    before: &'a [(usize, f32)],
    result: GameResult,
    score: Option<i32>,
    validation: bool,
}

/// The outcome of [`TexelData::fit`].
#[derive(Clone, Debug)]
pub struct TexelFit {
    /// The fitted weights (rounded to whole evaluation units).
    pub weights: RuleWeights,
    /// The logistic scale (evaluation units per logit).
    pub scale: f64,
    /// The losses of the starting weights.
    pub initial: FitProgress,
    /// The losses of the fitted weights (before rounding).
    pub last: FitProgress,
    /// The losses of the rounded weights.
    pub rounded: FitProgress,
}

/// Whether the two colours share one table under `rule` (every rule but Renju treats them
/// alike).
fn shared_colours(rule: Rule) -> bool {
    rule != Rule::Renju
}

/// The parameter index of a combination's value for a colour and role.
fn param(rule: Rule, color: Color, role: Role, combo: usize) -> usize {
    let slot = if shared_colours(rule) {
        0
    } else {
        color.index()
    };
    (slot * 2 + role as usize) * COMBOS + combo
}

/// The parameter index of a threat situation's value with `side` to move.
fn threat_param(rule: Rule, side: Color, mask: usize) -> usize {
    let slot = if shared_colours(rule) {
        0
    } else {
        side.index()
    };
    COMBO_PARAMS + slot * THREAT_MASKS + mask
}

/// The parameter index of a combination's value for a colour and role in the position before
/// the last move.
fn before_param(rule: Rule, color: Color, role: Role, combo: usize) -> usize {
    BEFORE_OFFSET + param(rule, color, role, combo)
}

/// Number of combination parameters of one rule's weights (of one position).
const COMBO_PARAMS: usize = 4 * COMBOS;
/// Where the parameters of the position before the last move start.
const BEFORE_OFFSET: usize = COMBO_PARAMS + 2 * THREAT_MASKS;
/// Number of parameters of one rule's weights.
const PARAMS: usize = BEFORE_OFFSET + COMBO_PARAMS;

impl TexelData {
    /// No samples yet, for weights of `rule` whose side to move counts `tempo_eighths` eighths.
    pub fn new(rule: Rule, tempo_eighths: i32, options: SampleOptions) -> TexelData {
        TexelData {
            rule,
            tempo_eighths,
            options,
            data: Dataset::new(),
            labels: Vec::new(),
            games: 0,
            skipped_games: 0,
            scratch: vec![0.0; PARAMS],
            touched: Vec::new(),
            threats_only: false,
            before_values: false,
        }
    }

    /// With `true`, the games added from now on give samples that also count the material of
    /// the position before each move, and [`TexelData::fit`] fits the tables of that position
    /// ([`RuleWeights::before_value`]) too.
    pub fn set_before_values(&mut self, before: bool) {
        self.before_values = before;
    }

    /// With `true`, [`TexelData::fit`] fits only the threat values and keeps the combination
    /// values of the starting weights.
    pub fn set_threats_only(&mut self, threats_only: bool) {
        self.threats_only = threats_only;
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Games added.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Games left out (another rule, or no result).
    pub fn skipped_games(&self) -> usize {
        self.skipped_games
    }

    /// Positions (samples) added, and how many of them are held out.
    pub fn positions(&self) -> (usize, usize) {
        (self.data.len(), self.data.validation_len())
    }

    /// The samples as fitted (features and current targets).
    pub fn dataset(&self) -> &Dataset {
        &self.data
    }

    /// Positions that carry a search score (from the record's evaluations).
    pub fn scored_positions(&self) -> usize {
        self.labels.iter().filter(|(_, s)| s.is_some()).count()
    }

    /// Makes the target of every position with a search score `(1 - weight) * result + weight *
    /// sigmoid(score / scale)`, where `scale` is in evaluation units per logit (e.g. the scale
    /// [`TexelData::losses`] fits to the results); positions without a score keep the result.
    /// A search score is a far less noisy label than the game's result, which a single later
    /// mistake can flip. Calling it again replaces the previous blend; `weight` 0 restores the
    /// results.
    pub fn blend_scores(&mut self, weight: f64, scale: f64) {
        for (i, &(result, score)) in self.labels.iter().enumerate() {
            self.data
                .set_target(i, blended_target(result, score, weight, scale));
        }
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
        let validation = self.options.holds_out(self.games);
        self.games += 1;
        let Some((mut board, mut patterns)) = empty_replay(record, self.rule) else {
            self.skipped_games += 1;
            return 0;
        };
        let evaluations = record.evaluations();
        let mut added = 0;
        let mut before = Vec::new();
        for (ply, &m) in record.moves().iter().enumerate() {
            let material = self.material(&board, &patterns);
            if ply >= self.options.skip_plies
                && patterns.fives(Color::Black).is_empty()
                && patterns.fives(Color::White).is_empty()
            {
                let score = evaluations.and_then(|e| e[ply]);
                let sample = Sample {
                    material: &material,
                    before: &before,
                    result,
                    score,
                    validation,
                };
                self.add_position(&board, &patterns, sample);
                added += 1;
            }
            before = material;
            if !board.is_empty_at(m) {
                break;
            }
            board.play_unchecked(m);
            patterns.play(&board, m);
        }
        added
    }

    /// The material of a position for its side to move, as (parameter index, weight) pairs:
    /// the side to move's points at the tempo in the to-move table, the opponent's negated in
    /// the waiting table.
    fn material(&self, board: &Board, patterns: &Patterns) -> Vec<(usize, f32)> {
        let us = board.side_to_move();
        let tempo = self.tempo_eighths as f32 / 8.0;
        let mut out = Vec::new();
        for p in board.empty_points().iter() {
            for (color, role, weight) in [(us, Role::ToMove, tempo), (!us, Role::Waiting, -1.0)] {
                let combo = patterns.combo(p, color);
                if combo != 0 {
                    out.push((param(self.rule, color, role, combo), weight));
                }
            }
        }
        out
    }

    /// Adds `weight` to feature `i` of the sample being built.
    #[inline]
    fn add_feature(&mut self, i: usize, weight: f32) {
        if self.scratch[i] == 0.0 {
            self.touched.push(i);
        }
        self.scratch[i] += weight;
    }

    fn add_position(&mut self, board: &Board, patterns: &Patterns, sample: Sample<'_>) {
        let Sample {
            material,
            before,
            result,
            score,
            validation,
        } = sample;
        let us = board.side_to_move();
        for &(i, weight) in material {
            self.add_feature(i, weight);
        }
        if self.before_values {
            // The position before, valued for its own side to move (now waiting) in the
            // tables of the position before: subtracted.
            for &(i, weight) in before {
                self.add_feature(BEFORE_OFFSET + i, -weight);
            }
        }
        let t = threat_param(self.rule, us, patterns.threat_mask(us));
        self.touched.push(t);
        self.scratch[t] += 1.0;
        let target = result_for(result, us);
        let scratch = &mut self.scratch;
        let features: Vec<(usize, f32)> = self
            .touched
            .drain(..)
            .map(|i| (i, std::mem::take(&mut scratch[i])))
            .filter(|&(_, v)| v != 0.0)
            .collect();
        self.data.push(features, target, validation);
        self.labels.push((target, score));
    }

    /// The training and validation losses of `weights` at the scale that fits them best.
    pub fn losses(&self, weights: &RuleWeights) -> (f64, f64, f64) {
        let w = self.params(weights);
        let scale = self.data.best_scale(&w);
        let (t, v) = self.data.losses(&w, scale);
        (t, v, scale)
    }

    /// The training and validation losses of `weights` at a given scale.
    pub fn losses_at(&self, weights: &RuleWeights, scale: f64) -> (f64, f64) {
        self.data.losses(&self.params(weights), scale)
    }

    fn params(&self, weights: &RuleWeights) -> Vec<f64> {
        let mut w = vec![0.0; PARAMS];
        for color in Color::ALL.into_iter().rev() {
            for role in Role::ALL {
                for combo in 0..COMBOS {
                    w[param(self.rule, color, role, combo)] =
                        f64::from(weights.value(color, role, combo));
                }
            }
            for mask in 0..THREAT_MASKS {
                w[threat_param(self.rule, color, mask)] = f64::from(weights.threat(color, mask));
            }
            for role in Role::ALL {
                for combo in 0..COMBOS {
                    w[before_param(self.rule, color, role, combo)] =
                        f64::from(weights.before_value(color, role, combo));
                }
            }
        }
        w
    }

    /// Fits weights starting from `start` (whose tempo must be the one the samples were made
    /// with), reporting the losses through `progress`. The fitted weights keep the start's
    /// move-ordering values ([`RuleWeights::move_value`]), which this fit does not touch.
    pub fn fit(
        &self,
        start: &RuleWeights,
        options: &FitOptions,
        progress: &mut dyn FnMut(&FitProgress),
    ) -> TexelFit {
        let init = self.params(start);
        let frozen: Vec<bool> = (0..PARAMS)
            .map(|i| {
                if i >= BEFORE_OFFSET {
                    !self.before_values || self.threats_only || (i - BEFORE_OFFSET) % COMBOS == 0
                } else {
                    i < COMBO_PARAMS && (self.threats_only || i % COMBOS == 0)
                }
            })
            .collect();
        let FitResult {
            weights,
            scale,
            initial,
            last,
        } = fit(&self.data, &init, &frozen, options, progress);
        // The start's move-ordering values (a separate fit) stay as they are.
        let mut out = if start.rule() == self.rule {
            start.clone()
        } else {
            RuleWeights::zero(self.rule)
        };
        out.set_tempo_eighths(self.tempo_eighths);
        for color in Color::ALL {
            for role in Role::ALL {
                for combo in 1..COMBOS {
                    let v = weights[param(self.rule, color, role, combo)].round();
                    out.set_value(color, role, combo, v.clamp(-1e6, 1e6) as i32);
                }
            }
            for mask in 0..THREAT_MASKS {
                let v = weights[threat_param(self.rule, color, mask)].round();
                out.set_threat(color, mask, v.clamp(-1e6, 1e6) as i32);
            }
            if self.before_values {
                for role in Role::ALL {
                    for combo in 1..COMBOS {
                        let v = weights[before_param(self.rule, color, role, combo)].round();
                        out.set_before_value(color, role, combo, v.clamp(-1e6, 1e6) as i32);
                    }
                }
            }
        }
        let (training_loss, validation_loss) = self.losses_at(&out, scale);
        TexelFit {
            weights: out,
            scale,
            initial,
            last,
            rounded: FitProgress {
                epoch: last.epoch,
                training_loss,
                validation_loss,
            },
        }
    }
}
