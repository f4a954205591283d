//! The Elo difference implied by a match score, with a 95% confidence interval.

use std::fmt;

/// The two-sided 95% quantile of the normal distribution.
const Z_95: f64 = 1.959_963_984_540_054;

/// An Elo difference estimate: the point estimate and its 95% confidence interval. The values are
/// infinite when the score (or a bound) is 0% or 100%.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The estimated Elo difference (positive: the first player is stronger).
    pub diff: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

/// The Elo difference for an expected score `p` in `0..=1` (`-inf` at 0, `+inf` at 1).
pub fn elo_from_score(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

impl EloEstimate {
    /// The estimate from game counts (wins, draws, losses of the first player). The interval uses
    /// the normal approximation with the variance of the per-game scores (1, 1/2, 0). `None`
    /// when no game was played.
    ///
    /// ```
    /// use gomoku_ai::arena::EloEstimate;
    /// let e = EloEstimate::from_results(30, 0, 10).unwrap();
    /// assert!((e.diff - 190.85).abs() < 0.01); // 75% is +191 Elo
    /// assert!(e.low < e.diff && e.diff < e.high);
    /// ```
    pub fn from_results(wins: u32, draws: u32, losses: u32) -> Option<EloEstimate> {
        let n = f64::from(wins + draws + losses);
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (
            f64::from(wins) / n,
            f64::from(draws) / n,
            f64::from(losses) / n,
        );
        let mean = w + d / 2.0;
        let variance = w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2);
        let margin = Z_95 * (variance / n).sqrt();
        Some(EloEstimate {
            diff: elo_from_score(mean),
            low: elo_from_score(mean - margin),
            high: elo_from_score(mean + margin),
        })
    }

    /// Half the width of the interval (`inf` when a bound is infinite).
    pub fn error_margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }

    /// The estimate and half the interval's width: `+29 ±187` (`+inf ±inf` at 100%).
    pub fn short(&self) -> String {
        let margin = self.error_margin();
        let margin = if margin.is_finite() {
            format!("±{:.0}", margin)
        } else {
            "±inf".to_string()
        };
        format!("{} {margin}", format_elo(self.diff))
    }
}

/// Formats an Elo value: `+191`, `-35`, `+inf`, `-inf`.
fn format_elo(v: f64) -> String {
    if v.is_infinite() {
        if v > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // `+ 0.0` turns a negative zero into a positive one.
        format!("{:+.0}", v.round() + 0.0)
    }
}

impl fmt::Display for EloEstimate {
    /// `+191 [+120, +290]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} [{}, {}]",
            format_elo(self.diff),
            format_elo(self.low),
            format_elo(self.high)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_with_a_symmetric_interval() {
        let e = EloEstimate::from_results(10, 20, 10).unwrap();
        assert!(e.diff.abs() < 1e-9);
        assert!((e.low + e.high).abs() < 1e-9);
        // Per-game sd = sqrt(0.125), se = sqrt(0.125 / 40) = 0.0559, margin 0.1096 in score:
        // elo(0.6096) = 77.4.
        assert!((e.high - 77.4).abs() < 0.5, "{e:?}");
        assert_eq!(e.to_string(), "+0 [-77, +77]");
        assert_eq!(e.short(), "+0 ±77");
    }

    #[test]
    fn known_values_and_extremes() {
        assert!((elo_from_score(0.75) - 190.848).abs() < 0.01);
        assert!((elo_from_score(0.25) + 190.848).abs() < 0.01);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        let all_wins = EloEstimate::from_results(5, 0, 0).unwrap();
        assert_eq!(all_wins.diff, f64::INFINITY);
        // Zero variance: the interval collapses onto the estimate.
        assert_eq!(all_wins.low, f64::INFINITY);
        assert_eq!(all_wins.to_string(), "+inf [+inf, +inf]");
        assert!(EloEstimate::from_results(0, 0, 0).is_none());
        // More games narrow the interval.
        let few = EloEstimate::from_results(6, 0, 4).unwrap();
        let many = EloEstimate::from_results(600, 0, 400).unwrap();
        assert!((few.diff - many.diff).abs() < 1e-9);
        assert!(many.error_margin() < few.error_margin() / 5.0);
    }
}
