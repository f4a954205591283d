//! Elo ratings of several players fitted jointly over all their games: the Bradley-Terry model
//! (the logistic Elo curve) by maximum likelihood, with 95% error margins from the Fisher
//! information.
//!
//! A pairwise estimate only sees the games of one pairing; the joint fit uses every game, so in
//! a round robin or a gauntlet each player's rating also learns from the opponents' other
//! results. A draw counts as half a win for each side. The ratings are relative: they average
//! 0 over the players that played.
//!
//! The maximum-likelihood ratings are finite only when no group of players scored all the
//! points against everyone else (in a 2-player match: nobody won every game). When a group did,
//! every pairing that was played gets one virtual draw — a weak prior in the manner of BayesElo
//! — so that the ratings stay finite and still rank the players by their results.
//!
//! ```
//! use gomoku_ai::arena::{PairingScore, fit_ratings};
//!
//! // Player 0 scored 30 of 40 against player 1: 75%, +191 Elo.
//! let results = [PairingScore { a: 0, b: 1, games: 40, score_a: 30.0 }];
//! let ratings = fit_ratings(2, &results);
//! let (r0, r1) = (ratings[0].unwrap(), ratings[1].unwrap());
//! assert!((r0.elo - r1.elo - 190.85).abs() < 0.01);
//! assert!((r0.elo + r1.elo).abs() < 1e-9);
//! ```

use std::f64::consts::LN_10;

/// The two-sided 95% quantile of the normal distribution.
const Z_95: f64 = 1.959_963_984_540_054;
/// Elo points per natural-log unit of strength.
const ELO_PER_NEPER: f64 = 400.0 / LN_10;
/// Iteration cap and tolerance of the fit.
const MAX_ITERATIONS: usize = 100_000;
const TOLERANCE: f64 = 1e-12;

/// The games of one pairing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairingScore {
    /// One player (an index into the players).
    pub a: usize,
    /// The other.
    pub b: usize,
    /// The games they played.
    pub games: u32,
    /// The points `a` scored (a win 1, a draw 1/2); `b` scored `games - score_a`.
    pub score_a: f64,
}

/// A fitted rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The Elo rating relative to the average of the players (0).
    pub elo: f64,
    /// Half the width of its 95% confidence interval.
    pub margin: f64,
}

/// The ratings of `players` players from the `results` of their pairings (several entries for
/// one pairing add up). `None` for a player without games; results naming a player out of
/// range are ignored. Players in separate groups that never met are each centred on 0.
pub fn fit_ratings(players: usize, results: &[PairingScore]) -> Vec<Option<Rating>> {
    // games[i][j] and score[i][j]: games between i and j, and the points i took from j.
    let mut games = vec![vec![0.0f64; players]; players];
    let mut score = vec![vec![0.0f64; players]; players];
    for r in results {
        if r.a >= players || r.b >= players || r.a == r.b || r.games == 0 {
            continue;
        }
        let n = f64::from(r.games);
        let s = r.score_a.clamp(0.0, n);
        games[r.a][r.b] += n;
        games[r.b][r.a] += n;
        score[r.a][r.b] += s;
        score[r.b][r.a] += n - s;
    }
    let mut ratings = vec![None; players];
    for group in groups(&games) {
        for (i, rating) in fit_group(&group, &games, &score) {
            ratings[i] = Some(rating);
        }
    }
    ratings
}

/// The connected groups of players that played (by the games between them).
fn groups(games: &[Vec<f64>]) -> Vec<Vec<usize>> {
    let n = games.len();
    let mut seen = vec![false; n];
    let mut groups = Vec::new();
    for start in 0..n {
        if seen[start] || games[start].iter().all(|&g| g == 0.0) {
            continue;
        }
        let mut group = vec![start];
        seen[start] = true;
        let mut k = 0;
        while k < group.len() {
            let i = group[k];
            for j in 0..n {
                if games[i][j] > 0.0 && !seen[j] {
                    seen[j] = true;
                    group.push(j);
                }
            }
            k += 1;
        }
        group.sort_unstable();
        groups.push(group);
    }
    groups
}

/// Whether every player of `group` can reach every other along "took points from" edges: the
/// condition for finite maximum-likelihood ratings.
fn strongly_connected(group: &[usize], score: &[Vec<f64>]) -> bool {
    let reaches_all = |edge: &dyn Fn(usize, usize) -> bool| {
        let mut seen = vec![false; group.len()];
        seen[0] = true;
        let mut stack = vec![0];
        while let Some(x) = stack.pop() {
            for y in 0..group.len() {
                if !seen[y] && edge(group[x], group[y]) {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
        seen.iter().all(|&s| s)
    };
    reaches_all(&|i, j| score[i][j] > 0.0) && reaches_all(&|i, j| score[j][i] > 0.0)
}

/// Fits one connected group: the ratings by index.
fn fit_group(group: &[usize], games: &[Vec<f64>], score: &[Vec<f64>]) -> Vec<(usize, Rating)> {
    let m = group.len();
    // Local copies over the group, with the virtual draws when the plain fit would diverge.
    let prior = if strongly_connected(group, score) {
        0.0
    } else {
        1.0
    };
    let n: Vec<Vec<f64>> = group
        .iter()
        .map(|&i| {
            group
                .iter()
                .map(|&j| {
                    let g = games[i][j];
                    if g > 0.0 { g + prior } else { 0.0 }
                })
                .collect()
        })
        .collect();
    let points: Vec<f64> = group
        .iter()
        .map(|&i| {
            group
                .iter()
                .map(|&j| {
                    if games[i][j] > 0.0 {
                        score[i][j] + prior / 2.0
                    } else {
                        0.0
                    }
                })
                .sum()
        })
        .collect();
    // Minorisation-maximisation (Hunter 2004): gamma_i <- W_i / sum_j n_ij / (gamma_i + gamma_j).
    let mut gamma = vec![1.0f64; m];
    for _ in 0..MAX_ITERATIONS {
        let mut next: Vec<f64> = (0..m)
            .map(|i| {
                let denominator: f64 = (0..m)
                    .filter(|&j| n[i][j] > 0.0)
                    .map(|j| n[i][j] / (gamma[i] + gamma[j]))
                    .sum();
                points[i] / denominator
            })
            .collect();
        // Keep the geometric mean at 1 (ratings average 0).
        let log_mean = next.iter().map(|g| g.ln()).sum::<f64>() / m as f64;
        for g in &mut next {
            *g /= log_mean.exp();
        }
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(x, y)| (x.ln() - y.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < TOLERANCE {
            break;
        }
    }
    let covariance = centred_covariance(&gamma, &n);
    group
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let elo = gamma[k].ln() * ELO_PER_NEPER;
            let margin = Z_95 * covariance[k].max(0.0).sqrt() * ELO_PER_NEPER;
            (i, Rating { elo, margin })
        })
        .collect()
}

/// The variances of the log-strengths relative to their mean: the diagonal of the
/// pseudo-inverse of the Fisher information `L` (a weighted graph Laplacian whose null space is
/// the constant vector), computed as `(L + J/m)^-1 - J/m`.
fn centred_covariance(gamma: &[f64], n: &[Vec<f64>]) -> Vec<f64> {
    let m = gamma.len();
    let mut info = vec![vec![1.0 / m as f64; m]; m];
    for i in 0..m {
        for j in 0..m {
            if i != j && n[i][j] > 0.0 {
                let p = gamma[i] / (gamma[i] + gamma[j]);
                let w = n[i][j] * p * (1.0 - p);
                info[i][j] -= w;
                info[i][i] += w;
            }
        }
    }
    match invert(info) {
        Some(inverse) => (0..m).map(|i| inverse[i][i] - 1.0 / m as f64).collect(),
        None => vec![f64::INFINITY; m],
    }
}

/// The inverse of a square matrix by Gauss-Jordan elimination with partial pivoting; `None`
/// when it is singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let m = a.len();
    let mut inv: Vec<Vec<f64>> = (0..m)
        .map(|i| (0..m).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..m {
        let pivot = (col..m).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for j in 0..m {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..m {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for j in 0..m {
                        a[row][j] -= f * a[col][j];
                        inv[row][j] -= f * inv[col][j];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::elo::elo_from_score;
    use proptest::prelude::*;

    fn pairing(a: usize, b: usize, games: u32, score_a: f64) -> PairingScore {
        PairingScore {
            a,
            b,
            games,
            score_a,
        }
    }

    #[test]
    fn two_players_match_the_pairwise_estimate() {
        let ratings = fit_ratings(2, &[pairing(0, 1, 40, 30.0)]);
        let (r0, r1) = (ratings[0].unwrap(), ratings[1].unwrap());
        assert!((r0.elo - r1.elo - elo_from_score(0.75)).abs() < 1e-6);
        // Fisher information n p (1 - p) = 7.5 for the difference of the log-strengths; each
        // player, measured from the mean, carries a quarter of its variance.
        let expected = Z_95 * (1.0 / (4.0 * 7.5f64)).sqrt() * ELO_PER_NEPER;
        assert!((r0.margin - expected).abs() < 1e-6, "{r0:?} {expected}");
        assert!((r1.margin - expected).abs() < 1e-6);
    }

    #[test]
    fn consistent_results_are_fitted_exactly() {
        // 0 takes 75% from 1, 1 takes 75% from 2, 0 takes 90% from 2: strengths 9 : 3 : 1.
        let results = [
            pairing(0, 1, 40, 30.0),
            pairing(1, 2, 40, 30.0),
            pairing(0, 2, 40, 36.0),
        ];
        let r: Vec<Rating> = fit_ratings(3, &results)
            .into_iter()
            .map(Option::unwrap)
            .collect();
        let step = 400.0 * 3f64.log10();
        assert!((r[0].elo - step).abs() < 1e-6, "{r:?}");
        assert!(r[1].elo.abs() < 1e-6);
        assert!((r[2].elo + step).abs() < 1e-6);
        // The middle player, with the most even games, is measured best.
        assert!(r[1].margin < r[0].margin && r[1].margin < r[2].margin);
    }

    #[test]
    fn a_clean_sweep_stays_finite_and_ranked() {
        let ratings = fit_ratings(3, &[pairing(0, 1, 10, 10.0), pairing(1, 2, 10, 5.0)]);
        let r: Vec<Rating> = ratings.into_iter().map(Option::unwrap).collect();
        assert!(r.iter().all(|x| x.elo.is_finite() && x.margin.is_finite()));
        assert!(r[0].elo > r[1].elo + 300.0);
        assert!((r[1].elo - r[2].elo).abs() < 1e-6);
    }

    #[test]
    fn players_without_games_have_no_rating() {
        let ratings = fit_ratings(4, &[pairing(0, 1, 4, 2.0), pairing(2, 9, 4, 1.0)]);
        assert!(ratings[0].is_some() && ratings[1].is_some());
        assert_eq!(ratings[2], None);
        assert_eq!(ratings[3], None);
        assert!(fit_ratings(0, &[]).is_empty());
    }

    proptest! {
        /// Whatever the results of a round robin of three: finite ratings and margins, and
        /// ratings that average 0.
        #[test]
        fn ratings_are_finite_and_centred(
            scores in proptest::collection::vec((0u32..20, 0u32..20), 3)
        ) {
            // A round robin of three: (wins of the first, games) for each pairing.
            let pairs = [(0, 1), (0, 2), (1, 2)];
            let results: Vec<PairingScore> = pairs
                .iter()
                .zip(&scores)
                .map(|(&(a, b), &(s, extra))| pairing(a, b, s + extra + 1, f64::from(s)))
                .collect();
            let ratings = fit_ratings(3, &results);
            let elos: Vec<f64> = ratings.iter().map(|r| r.unwrap().elo).collect();
            prop_assert!(elos.iter().all(|e| e.is_finite()));
            prop_assert!(elos.iter().sum::<f64>().abs() < 1e-6);
            prop_assert!(ratings.iter().all(|r| r.unwrap().margin.is_finite()));
        }
    }
}
