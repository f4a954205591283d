//! Logistic regression of game results on a linear evaluation (the "Texel" method), by full-batch
//! gradient descent (Adam) on the cross-entropy, with a held-out validation set.
//!
//! A sample is a sparse feature vector `x` and a target `y` in `[0, 1]` (the result for the side
//! to move: 1 win, 0.5 draw, 0 loss); the model is `P(win) = sigmoid(w·x / scale)`, where the
//! evaluation `w·x` is in the evaluator's units and `scale` converts them to logits.

/// Training and validation samples: sparse feature vectors with their targets.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    entries: Vec<(u32, f32)>,
    samples: Vec<Sample>,
}

#[derive(Clone, Copy, Debug)]
struct Sample {
    start: u32,
    end: u32,
    target: f32,
    validation: bool,
}

impl Dataset {
    /// An empty data set.
    pub fn new() -> Dataset {
        Dataset::default()
    }

    /// Adds a sample: its features as `(index, value)` pairs, its target in `[0, 1]` and
    /// whether it is held out for validation.
    pub fn push(
        &mut self,
        features: impl IntoIterator<Item = (usize, f32)>,
        target: f32,
        validation: bool,
    ) {
        let start = self.entries.len() as u32;
        self.entries
            .extend(features.into_iter().map(|(i, v)| (i as u32, v)));
        self.samples.push(Sample {
            start,
            end: self.entries.len() as u32,
            target: target.clamp(0.0, 1.0),
            validation,
        });
    }

    /// Replaces the target of the `sample`-th sample pushed (clamped to `[0, 1]`), e.g. to blend
    /// a search score into a game result.
    ///
    /// # Panics
    /// If there is no such sample.
    pub fn set_target(&mut self, sample: usize, target: f32) {
        self.samples[sample].target = target.clamp(0.0, 1.0);
    }

    /// The target of the `sample`-th sample pushed, if there is one.
    pub fn target(&self, sample: usize) -> Option<f32> {
        self.samples.get(sample).map(|s| s.target)
    }

    /// Number of samples (training and validation).
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether there are no samples.
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// Number of validation samples.
    pub fn validation_len(&self) -> usize {
        self.samples.iter().filter(|s| s.validation).count()
    }

    /// The largest feature index used, plus one.
    pub fn feature_count(&self) -> usize {
        self.entries
            .iter()
            .map(|&(i, _)| i as usize + 1)
            .max()
            .unwrap_or(0)
    }

    fn features(&self, s: &Sample) -> &[(u32, f32)] {
        &self.entries[s.start as usize..s.end as usize]
    }

    fn evaluation(&self, s: &Sample, weights: &[f64]) -> f64 {
        self.features(s)
            .iter()
            .map(|&(i, v)| weights.get(i as usize).copied().unwrap_or(0.0) * f64::from(v))
            .sum()
    }

    /// The mean cross-entropy of the training samples and of the validation samples (NaN for
    /// an empty set) under `weights` and `scale`.
    pub fn losses(&self, weights: &[f64], scale: f64) -> (f64, f64) {
        let mut sum = [0.0; 2];
        let mut n = [0usize; 2];
        for s in &self.samples {
            let k = usize::from(s.validation);
            sum[k] += cross_entropy(self.evaluation(s, weights) / scale, f64::from(s.target));
            n[k] += 1;
        }
        (sum[0] / n[0] as f64, sum[1] / n[1] as f64)
    }

    /// The scale that fits the training samples best under fixed `weights` (a golden-section
    /// search over its logarithm between 1 and 10^6).
    pub fn best_scale(&self, weights: &[f64]) -> f64 {
        let evals: Vec<(f64, f64)> = self
            .samples
            .iter()
            .filter(|s| !s.validation)
            .map(|s| (self.evaluation(s, weights), f64::from(s.target)))
            .collect();
        best_log_scale(60, |k| {
            evals
                .iter()
                .map(|&(e, y)| cross_entropy(e / k, y))
                .sum::<f64>()
        })
    }
}

/// The scale between 1 and 10^6 that minimises `loss` (unimodal in the scale's logarithm): a
/// golden-section search over the logarithm, `iterations` steps.
pub(crate) fn best_log_scale(iterations: usize, loss: impl Fn(f64) -> f64) -> f64 {
    let loss_at = |ln_k: f64| loss(ln_k.exp());
    let (mut lo, mut hi) = (0.0f64, (1e6f64).ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..iterations {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if loss_at(a) < loss_at(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// The cross-entropy of a prediction `sigmoid(logit)` against a target `y`, computed stably.
fn cross_entropy(logit: f64, y: f64) -> f64 {
    // -[y ln s + (1-y) ln(1-s)] = softplus(logit) - y * logit
    let softplus = if logit > 0.0 {
        logit + (-logit).exp().ln_1p()
    } else {
        logit.exp().ln_1p()
    };
    softplus - y * logit
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// How to fit.
#[derive(Clone, Debug)]
pub struct FitOptions {
    /// Passes over the training samples (one gradient step each).
    pub epochs: u32,
    /// Adam's step size, in evaluation units.
    pub learning_rate: f64,
    /// Weight of the L2 penalty `sum (w - w0)^2 / 100^2` pulling weights towards their starting
    /// values (keeps rarely seen combinations near a sensible value).
    pub l2: f64,
    /// The logistic scale; `None` fits it to the starting weights first and keeps it fixed, so
    /// the fitted evaluation keeps the units of the starting one.
    pub scale: Option<f64>,
    /// A progress report every this many epochs (and after the last).
    pub report_every: u32,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            epochs: 400,
            learning_rate: 2.0,
            l2: 1e-3,
            scale: None,
            report_every: 25,
        }
    }
}

/// The losses at one point of a fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitProgress {
    /// Epochs done.
    pub epoch: u32,
    /// Mean cross-entropy on the training samples.
    pub training_loss: f64,
    /// Mean cross-entropy on the validation samples (NaN without any).
    pub validation_loss: f64,
}

/// The result of [`fit`].
#[derive(Clone, Debug)]
pub struct FitResult {
    /// The fitted weights.
    pub weights: Vec<f64>,
    /// The logistic scale used.
    pub scale: f64,
    /// The losses of the starting weights.
    pub initial: FitProgress,
    /// The losses of the fitted weights.
    pub last: FitProgress,
}

/// Fits `weights` (starting from `init`; `frozen` ones stay put) to `data` by minimising the
/// training cross-entropy plus the L2 penalty, reporting the losses through `progress`.
pub fn fit(
    data: &Dataset,
    init: &[f64],
    frozen: &[bool],
    options: &FitOptions,
    progress: &mut dyn FnMut(&FitProgress),
) -> FitResult {
    let n = init.len().max(data.feature_count());
    let mut w: Vec<f64> = (0..n)
        .map(|i| init.get(i).copied().unwrap_or(0.0))
        .collect();
    let w0 = w.clone();
    let scale = options.scale.unwrap_or_else(|| data.best_scale(&w));
    let report = |w: &[f64], epoch| {
        let (training_loss, validation_loss) = data.losses(w, scale);
        FitProgress {
            epoch,
            training_loss,
            validation_loss,
        }
    };
    let initial = report(&w, 0);
    progress(&initial);
    let train: Vec<&Sample> = data.samples.iter().filter(|s| !s.validation).collect();
    let count = train.len().max(1) as f64;
    let mut adam = Adam::new(n, options.learning_rate);
    let mut grad = vec![0.0; n];
    let mut last = initial;
    for epoch in 1..=options.epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for s in &train {
            let e = data.evaluation(s, &w);
            let d = (sigmoid(e / scale) - f64::from(s.target)) / scale / count;
            for &(i, x) in data.features(s) {
                grad[i as usize] += d * f64::from(x);
            }
        }
        for i in 0..n {
            grad[i] += options.l2 * 2.0 * (w[i] - w0[i]) / 1e4;
        }
        adam.step(&mut w, &grad, frozen);
        if epoch % options.report_every.max(1) == 0 || epoch == options.epochs {
            last = report(&w, epoch);
            progress(&last);
        }
    }
    FitResult {
        weights: w,
        scale,
        initial,
        last,
    }
}

/// Adam, the gradient-descent step both fits take: a per-weight step size from running
/// averages of the gradient and of its square.
pub(crate) struct Adam {
    rate: f64,
    steps: u32,
    m: Vec<f64>,
    v: Vec<f64>,
}

impl Adam {
    /// For `n` weights, with a step size of `rate` (in the weights' units).
    pub(crate) fn new(n: usize, rate: f64) -> Adam {
        Adam {
            rate,
            steps: 0,
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    /// One step down `grad`; `frozen` weights (by index; missing means not frozen) stay put.
    pub(crate) fn step(&mut self, w: &mut [f64], grad: &[f64], frozen: &[bool]) {
        let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
        self.steps += 1;
        let t = f64::from(self.steps);
        for (i, (w, &g)) in w.iter_mut().zip(grad).enumerate() {
            if frozen.get(i).copied().unwrap_or(false) {
                continue;
            }
            self.m[i] = beta1 * self.m[i] + (1.0 - beta1) * g;
            self.v[i] = beta2 * self.v[i] + (1.0 - beta2) * g * g;
            let mh = self.m[i] / (1.0 - beta1.powf(t));
            let vh = self.v[i] / (1.0 - beta2.powf(t));
            *w -= self.rate * mh / (vh.sqrt() + eps);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cross_entropy_is_stable_and_right() {
        assert!((cross_entropy(0.0, 0.5) - 2f64.ln()).abs() < 1e-12);
        assert!(cross_entropy(1000.0, 1.0).abs() < 1e-9);
        assert!((cross_entropy(-1000.0, 1.0) - 1000.0).abs() < 1e-6);
    }

    #[test]
    fn fitting_recovers_a_known_model() {
        // Two features; the result is a win when 3*x0 - 2*x1 > 0 (with noise-free targets).
        let mut data = Dataset::new();
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) % 21) as f32 - 10.0
        };
        for k in 0..400 {
            let (a, b) = (next(), next());
            let y = if 3.0 * a - 2.0 * b > 0.0 { 1.0 } else { 0.0 };
            data.push([(0, a), (1, b)], y, k % 5 == 0);
        }
        let options = FitOptions {
            epochs: 300,
            learning_rate: 0.05,
            l2: 0.0,
            scale: Some(1.0),
            report_every: 50,
        };
        let mut reports = Vec::new();
        let result = fit(&data, &[0.0, 0.0], &[], &options, &mut |p| reports.push(*p));
        assert!(result.last.training_loss < result.initial.training_loss / 3.0);
        assert!(result.last.validation_loss < result.initial.validation_loss / 3.0);
        assert!(
            result.weights[0] > 0.0 && result.weights[1] < 0.0,
            "{:?}",
            result.weights
        );
        assert_eq!(reports.len(), 7);
    }
}
