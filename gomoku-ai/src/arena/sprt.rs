//! The sequential probability ratio test (SPRT) that engine testers use to decide, with as few
//! games as possible, whether a change gains at least ELO1 (H1) or at most ELO0 (H0).
//!
//! This is the generalised SPRT on the logistic Elo scale that fishtest made standard, with the
//! normal approximation of the log-likelihood ratio:
//!
//! - the score per observation `s` and its variance `var` are measured from the results;
//! - `s0` and `s1` are the expected scores of ELO0 and ELO1: `1 / (1 + 10^(-elo/400))`;
//! - `LLR = N ((s - s0)² - (s - s1)²) / (2 var)`, and 0 while `var` is 0;
//! - the test accepts H0 when `LLR <= ln(beta / (1 - alpha))` and H1 when
//!   `LLR >= ln((1 - beta) / alpha)`.
//!
//! The [trinomial](SprtModel::Trinomial) model counts single games (win 1, draw 1/2, loss 0).
//! The [pentanomial](SprtModel::Pentanomial) model counts game pairs — one opening played twice
//! with colours swapped — by the pair's score (0, 1/4, 1/2, 3/4 or 1 a game): the bias of an
//! opening cancels inside its pair, so the variance is smaller and the test needs fewer games.
//!
//! ```
//! use gomoku_ai::arena::{Hypothesis, SprtConfig, llr_trinomial};
//!
//! let sprt: SprtConfig = "0,100".parse().unwrap();
//! assert_eq!((sprt.alpha, sprt.beta), (0.05, 0.05));
//! let (lower, upper) = sprt.bounds();
//! assert!((upper - 2.944).abs() < 1e-3 && (lower + 2.944).abs() < 1e-3);
//! // 30 wins, no draw, 10 losses: LLR 5.38, beyond the upper bound.
//! let llr = llr_trinomial(30, 0, 10, sprt.elo0, sprt.elo1);
//! assert_eq!(sprt.decide(llr), Some(Hypothesis::H1));
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::arena::summary::MatchSummary;

/// The default probability of accepting H1 when H0 holds (a false positive).
pub const DEFAULT_ALPHA: f64 = 0.05;
/// The default probability of accepting H0 when H1 holds (a false negative).
pub const DEFAULT_BETA: f64 = 0.05;

/// What the results are counted as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SprtModel {
    /// Single games: win, draw or loss.
    #[default]
    Trinomial,
    /// Game pairs on one opening with colours swapped: 0, 1/2, 1, 3/2 or 2 points a pair.
    Pentanomial,
}

impl SprtModel {
    /// The name used on the command line and in JSON: `trinomial` or `pentanomial`.
    pub fn name(self) -> &'static str {
        match self {
            SprtModel::Trinomial => "trinomial",
            SprtModel::Pentanomial => "pentanomial",
        }
    }
}

impl fmt::Display for SprtModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SprtModel {
    type Err = SprtParseError;

    fn from_str(s: &str) -> Result<SprtModel, SprtParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "trinomial" | "games" => Ok(SprtModel::Trinomial),
            "pentanomial" | "pairs" => Ok(SprtModel::Pentanomial),
            _ => Err(SprtParseError::Model(s.to_string())),
        }
    }
}

/// One of the two hypotheses of the test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hypothesis {
    /// The Elo difference is at most ELO0.
    H0,
    /// The Elo difference is at least ELO1.
    H1,
}

impl fmt::Display for Hypothesis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Hypothesis::H0 => "H0",
            Hypothesis::H1 => "H1",
        })
    }
}

/// The settings of a test: `ELO0,ELO1[,ALPHA[,BETA]]` on the command line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtConfig {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1 (greater than `elo0`).
    pub elo1: f64,
    /// The accepted probability of a false H1.
    pub alpha: f64,
    /// The accepted probability of a false H0.
    pub beta: f64,
    /// How results are counted.
    pub model: SprtModel,
}

/// Why an SPRT specification was refused.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum SprtParseError {
    /// Not 2 to 4 comma-separated numbers.
    #[error("expected ELO0,ELO1[,ALPHA[,BETA]] (e.g. \"0,10\" or \"0,10,0.05,0.05\"), got \"{0}\"")]
    Shape(String),
    /// A value is not a finite number.
    #[error("\"{0}\" is not a number")]
    NotANumber(String),
    /// ELO0 is not below ELO1.
    #[error("ELO0 ({elo0}) must be below ELO1 ({elo1})")]
    Order {
        /// ELO0.
        elo0: f64,
        /// ELO1.
        elo1: f64,
    },
    /// An Elo value is so large that its expected score rounds to 0 or 1.
    #[error("Elo {0} is out of range (use -1000..=1000)")]
    EloRange(f64),
    /// ALPHA or BETA is not a probability in (0, 0.5).
    #[error("{name} must be above 0 and below 0.5, got {value}")]
    Probability {
        /// `alpha` or `beta`.
        name: &'static str,
        /// The value.
        value: f64,
    },
    /// An unknown model name.
    #[error("unknown SPRT model \"{0}\" (expected trinomial or pentanomial)")]
    Model(String),
}

/// The largest Elo value accepted in a test (far beyond any real difference).
const MAX_ELO: f64 = 1000.0;

impl SprtConfig {
    /// A test of `elo0` against `elo1` with the default error rates and the trinomial model.
    ///
    /// # Errors
    /// [`SprtParseError`] when `elo0 >= elo1` or a value is out of range.
    pub fn new(elo0: f64, elo1: f64) -> Result<SprtConfig, SprtParseError> {
        SprtConfig {
            elo0,
            elo1,
            alpha: DEFAULT_ALPHA,
            beta: DEFAULT_BETA,
            model: SprtModel::Trinomial,
        }
        .validated()
    }

    /// Checks the values.
    ///
    /// # Errors
    /// [`SprtParseError`] when `elo0 >= elo1`, an Elo value is beyond ±1000, or alpha or beta
    /// is not in (0, 0.5).
    pub fn validated(self) -> Result<SprtConfig, SprtParseError> {
        for elo in [self.elo0, self.elo1] {
            if !elo.is_finite() || elo.abs() > MAX_ELO {
                return Err(SprtParseError::EloRange(elo));
            }
        }
        if self.elo0 >= self.elo1 {
            return Err(SprtParseError::Order {
                elo0: self.elo0,
                elo1: self.elo1,
            });
        }
        for (name, value) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtParseError::Probability { name, value });
            }
        }
        Ok(self)
    }

    /// The lower and upper LLR bounds: `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The stopping rule: the hypothesis accepted at this LLR, or `None` to play on.
    pub fn decide(&self, llr: f64) -> Option<Hypothesis> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Hypothesis::H1)
        } else if llr <= lower {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }

    /// The LLR of single-game results (`wins`, `draws`, `losses` of the tested player).
    pub fn llr_games(&self, wins: u32, draws: u32, losses: u32) -> f64 {
        llr_trinomial(wins, draws, losses, self.elo0, self.elo1)
    }

    /// The LLR of game-pair results (see [`llr_pentanomial`]).
    pub fn llr_pairs(&self, pairs: &[u32; 5]) -> f64 {
        llr_pentanomial(pairs, self.elo0, self.elo1)
    }
}

impl FromStr for SprtConfig {
    type Err = SprtParseError;

    /// `ELO0,ELO1[,ALPHA[,BETA]]`, e.g. `0,10` or `-5,5,0.05,0.1` (trinomial model).
    fn from_str(s: &str) -> Result<SprtConfig, SprtParseError> {
        let values = s
            .split(',')
            .map(|v| {
                let v = v.trim();
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| SprtParseError::NotANumber(v.to_string()))
            })
            .collect::<Result<Vec<f64>, _>>()?;
        if !(2..=4).contains(&values.len()) {
            return Err(SprtParseError::Shape(s.to_string()));
        }
        SprtConfig {
            elo0: values[0],
            elo1: values[1],
            alpha: values.get(2).copied().unwrap_or(DEFAULT_ALPHA),
            beta: values.get(3).copied().unwrap_or(DEFAULT_BETA),
            model: SprtModel::Trinomial,
        }
        .validated()
    }
}

/// Where a test stands: the LLR of the results so far, the bounds, and the hypothesis they
/// accept, if any.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStatus {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The lower bound (H0 at or below it).
    pub lower: f64,
    /// The upper bound (H1 at or above it).
    pub upper: f64,
    /// The hypothesis accepted at this LLR.
    pub result: Option<Hypothesis>,
}

impl SprtConfig {
    /// The LLR of player A's results in `summary` (its games or its game pairs, by the model).
    pub fn llr(&self, summary: &MatchSummary) -> f64 {
        match self.model {
            SprtModel::Trinomial => {
                self.llr_games(summary.a.wins(), summary.a.draws(), summary.a.losses())
            }
            SprtModel::Pentanomial => self.llr_pairs(&summary.pairs),
        }
    }

    /// The test after the games in `summary`.
    pub fn status(&self, summary: &MatchSummary) -> SprtStatus {
        let llr = self.llr(summary);
        let (lower, upper) = self.bounds();
        SprtStatus {
            llr,
            lower,
            upper,
            result: self.decide(llr),
        }
    }
}

impl fmt::Display for SprtStatus {
    /// `LLR 1.23 [-2.94, 2.94]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "LLR {:.2} [{:.2}, {:.2}]",
            self.llr + 0.0,
            self.lower,
            self.upper
        )
    }
}

/// The expected score of a player `elo` Elo stronger than its opponent (logistic scale).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The normal-approximation LLR of observations with the given `values` (scores per game, in
/// 0..=1) seen `counts` times, for ELO1 against ELO0; 0 with no observation or no variance.
fn llr_of(values: &[f64], counts: &[u32], elo0: f64, elo1: f64) -> f64 {
    let n: f64 = counts.iter().map(|&c| f64::from(c)).sum();
    if n == 0.0 {
        return 0.0;
    }
    let s = values
        .iter()
        .zip(counts)
        .map(|(&x, &c)| x * f64::from(c))
        .sum::<f64>()
        / n;
    let var = values
        .iter()
        .zip(counts)
        .map(|(&x, &c)| (x - s).powi(2) * f64::from(c))
        .sum::<f64>()
        / n;
    // With all results alike the variance is 0 (or a rounding speck): no evidence yet.
    if var <= 1e-12 {
        return 0.0;
    }
    let (s0, s1) = (expected_score(elo0), expected_score(elo1));
    n * ((s - s0).powi(2) - (s - s1).powi(2)) / (2.0 * var)
}

/// The trinomial LLR (fishtest's GSPRT): `s = (W + D/2) / N`,
/// `var = (W(1-s)² + D(1/2-s)² + L s²) / N`, `LLR = N ((s-s0)² - (s-s1)²) / (2 var)`; 0 while
/// `var` is 0.
pub fn llr_trinomial(wins: u32, draws: u32, losses: u32, elo0: f64, elo1: f64) -> f64 {
    llr_of(&[1.0, 0.5, 0.0], &[wins, draws, losses], elo0, elo1)
}

/// The pentanomial LLR: `pairs[k]` is the number of game pairs in which the tested player scored
/// `k / 2` points of 2 (so `k / 4` a game); the pair is the observation, with the formula of
/// [`llr_trinomial`] over per-game pair scores 0, 1/4, 1/2, 3/4, 1.
pub fn llr_pentanomial(pairs: &[u32; 5], elo0: f64, elo1: f64) -> f64 {
    llr_of(&[0.0, 0.25, 0.5, 0.75, 1.0], pairs, elo0, elo1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn close(x: f64, y: f64) -> bool {
        (x - y).abs() < 1e-6
    }

    #[test]
    fn trinomial_llr_matches_hand_computed_values() {
        // 30-0-10, 0 vs 100 Elo: s = 0.75, var = (30 * 0.25² + 10 * 0.75²) / 40 = 0.1875,
        // s0 = 0.5, s1 = 1 / (1 + 10^-0.25) = 0.6400650; LLR = 40 (0.0625 - 0.0120857) / 0.375.
        assert!(close(expected_score(100.0), 0.640_065_0));
        assert!(close(llr_trinomial(30, 0, 10, 0.0, 100.0), 5.377_524_9));
        // 10-20-10, 0 vs 10: s = 0.5 = s0, var = 0.125, s1 = 0.5143872;
        // LLR = 40 (0 - 0.0143872²) / 0.25 = -0.0331186.
        assert!(close(llr_trinomial(10, 20, 10, 0.0, 10.0), -0.033_118_6));
        // 60-50-40, 0 vs 10: s = 85/150 = 0.5666667, var = 0.1622222; LLR = 0.7911833.
        assert!(close(llr_trinomial(60, 50, 40, 0.0, 10.0), 0.791_183_3));
    }

    #[test]
    fn no_variance_means_no_evidence() {
        assert_eq!(llr_trinomial(0, 0, 0, 0.0, 10.0), 0.0);
        assert_eq!(llr_trinomial(12, 0, 0, 0.0, 10.0), 0.0);
        assert_eq!(llr_trinomial(0, 7, 0, 0.0, 10.0), 0.0);
        assert_eq!(llr_pentanomial(&[0, 0, 9, 0, 0], 0.0, 10.0), 0.0);
        assert_eq!(llr_pentanomial(&[0; 5], 0.0, 10.0), 0.0);
    }

    #[test]
    fn pentanomial_llr_matches_a_hand_computed_value() {
        // 70 pairs: 2 x 0, 10 x 1/4, 20 x 1/2, 30 x 3/4, 8 x 1: s = 43/70 = 0.6142857,
        // var = 0.0583673; 0 vs 10: LLR = 70 ((s-0.5)² - (s-0.5143872)²) / (2 var) = 1.8478275.
        assert!(close(
            llr_pentanomial(&[2, 10, 20, 30, 8], 0.0, 10.0),
            1.847_827_5
        ));
    }

    #[test]
    fn bounds_and_the_stopping_rule() {
        let sprt: SprtConfig = "0,10".parse().unwrap();
        let (lower, upper) = sprt.bounds();
        // ln(0.05 / 0.95) and ln(0.95 / 0.05).
        assert!(close(lower, -2.944_438_98) && close(upper, 2.944_438_98));
        assert_eq!(sprt.decide(0.0), None);
        assert_eq!(sprt.decide(2.94), None);
        assert_eq!(sprt.decide(-2.94), None);
        assert_eq!(sprt.decide(upper), Some(Hypothesis::H1));
        assert_eq!(sprt.decide(3.5), Some(Hypothesis::H1));
        assert_eq!(sprt.decide(lower), Some(Hypothesis::H0));
        assert_eq!(sprt.decide(-10.0), Some(Hypothesis::H0));
        // Other error rates move the bounds: ln(0.1 / 0.95) below, ln(0.9 / 0.05) above.
        let loose: SprtConfig = "-3,3,0.05,0.1".parse().unwrap();
        let (lower, upper) = loose.bounds();
        assert!(close(lower, (0.1f64 / 0.95).ln()) && close(upper, 18f64.ln()));
        assert!(close(lower, -2.251_291_8));
    }

    #[test]
    fn a_clear_result_decides_and_an_even_one_does_not() {
        let sprt = SprtConfig::new(0.0, 100.0).unwrap();
        assert_eq!(sprt.decide(sprt.llr_games(30, 0, 10)), Some(Hypothesis::H1));
        assert_eq!(sprt.decide(sprt.llr_games(10, 0, 30)), Some(Hypothesis::H0));
        assert_eq!(sprt.decide(sprt.llr_games(3, 4, 3)), None);
        // An even score over many games is evidence against +100.
        assert_eq!(
            sprt.decide(sprt.llr_games(10, 20, 10)),
            Some(Hypothesis::H0)
        );
        assert_eq!(
            sprt.decide(sprt.llr_pairs(&[0, 2, 5, 20, 10])),
            Some(Hypothesis::H1)
        );
    }

    #[test]
    fn specifications_parse_or_are_refused() {
        let s: SprtConfig = " 0 , 5 ,0.1, 0.2".parse().unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 5.0, 0.1, 0.2));
        assert!(matches!(
            "5".parse::<SprtConfig>(),
            Err(SprtParseError::Shape(_))
        ));
        assert!(matches!(
            "0,1,0.1,0.1,0.1".parse::<SprtConfig>(),
            Err(SprtParseError::Shape(_))
        ));
        assert!(matches!(
            "0,x".parse::<SprtConfig>(),
            Err(SprtParseError::NotANumber(ref v)) if v == "x"
        ));
        assert!(matches!(
            "0,inf".parse::<SprtConfig>(),
            Err(SprtParseError::NotANumber(_))
        ));
        assert!(matches!(
            "10,0".parse::<SprtConfig>(),
            Err(SprtParseError::Order { .. })
        ));
        assert!(matches!(
            "0,5000".parse::<SprtConfig>(),
            Err(SprtParseError::EloRange(_))
        ));
        assert!(matches!(
            "0,5,0".parse::<SprtConfig>(),
            Err(SprtParseError::Probability { name: "alpha", .. })
        ));
        assert!(matches!(
            "0,5,0.05,0.7".parse::<SprtConfig>(),
            Err(SprtParseError::Probability { name: "beta", .. })
        ));
        assert_eq!(
            "Pentanomial".parse::<SprtModel>(),
            Ok(SprtModel::Pentanomial)
        );
        assert!("binomial".parse::<SprtModel>().is_err());
    }

    #[test]
    fn the_status_counts_games_or_pairs_by_the_model() {
        let mut summary = MatchSummary::new();
        summary.a.as_black.wins = 20;
        summary.a.as_white.wins = 10;
        summary.a.as_white.losses = 10;
        summary.pairs = [2, 10, 20, 30, 8];
        let mut sprt = SprtConfig::new(0.0, 100.0).unwrap();
        let games = sprt.status(&summary);
        assert!(close(games.llr, 5.377_524_9));
        assert_eq!(games.result, Some(Hypothesis::H1));
        assert_eq!(games.to_string(), "LLR 5.38 [-2.94, 2.94]");
        sprt.model = SprtModel::Pentanomial;
        let pairs = sprt.status(&summary);
        assert!(close(
            pairs.llr,
            llr_pentanomial(&[2, 10, 20, 30, 8], 0.0, 100.0)
        ));
        assert_ne!(pairs.llr, games.llr);
    }

    proptest! {
        /// Swapping the players (wins for losses) and mirroring the hypotheses negates the LLR.
        #[test]
        fn the_llr_is_antisymmetric(w in 0u32..200, d in 0u32..200, l in 0u32..200,
                                    e0 in -50.0f64..50.0, width in 0.5f64..50.0) {
            let e1 = e0 + width;
            let x = llr_trinomial(w, d, l, e0, e1);
            let y = llr_trinomial(l, d, w, -e1, -e0);
            prop_assert!((x + y).abs() < 1e-6 * (1.0 + x.abs()), "{} {}", x, y);
        }

        /// Pairs of two wins or two losses have the score and variance of their games counted
        /// singly, with half as many observations: half the LLR.
        #[test]
        fn pairs_of_equal_results_match_single_games(w in 0u32..100, l in 0u32..100) {
            let pairs = llr_pentanomial(&[l, 0, 0, 0, w], 0.0, 10.0);
            let games = llr_trinomial(2 * w, 0, 2 * l, 0.0, 10.0);
            prop_assert!((pairs - games / 2.0).abs() < 1e-9 * (1.0 + games.abs()));
        }
    }
}
