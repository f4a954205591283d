//! Tournaments: a round robin (everyone against everyone) or a gauntlet (the first player
//! against each of the others), each pairing a [match](crate::arena::run_match) with the same
//! settings, and the [standings](Standings) with ratings fitted over all games.
//!
//! ```
//! use std::time::Duration;
//! use gomoku_ai::arena::{
//!     MatchConfig, TimeControl, TournamentConfig, TournamentFormat, default_openings,
//!     run_tournament,
//! };
//! use gomoku_ai::{Player, RandomPlayer};
//! use gomoku_rules::Rule;
//!
//! let pairing = MatchConfig::new(
//!     15,
//!     Rule::Freestyle,
//!     2,
//!     default_openings(15, Rule::Freestyle),
//!     TimeControl::per_move(Duration::from_millis(100)),
//! );
//! let config = TournamentConfig { players: 3, format: TournamentFormat::RoundRobin, pairing };
//! let factory = |_player: usize, seed: u64| -> Result<Box<dyn Player>, Box<dyn std::error::Error + Send + Sync>> {
//!     Ok(Box::new(RandomPlayer::new(seed)))
//! };
//! let result = run_tournament(&config, &factory, &mut |_| {}).unwrap();
//! assert_eq!(result.pairings.len(), 3);
//! assert_eq!(result.standings.games(), 6);
//! ```

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use crate::arena::runner::{
    Flow, GameReport, MatchConfig, MatchError, MatchResult, Side, run_match_plan,
};
use crate::arena::schedule::MatchPlan;
use crate::arena::standings::Standings;
use crate::arena::summary::MatchSummary;
use crate::player::Player;

/// Who plays whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TournamentFormat {
    /// Every player against every other.
    #[default]
    RoundRobin,
    /// The first player against each of the others (testing one engine against a field).
    Gauntlet,
}

impl TournamentFormat {
    /// `round-robin` or `gauntlet`.
    pub fn name(self) -> &'static str {
        match self {
            TournamentFormat::RoundRobin => "round-robin",
            TournamentFormat::Gauntlet => "gauntlet",
        }
    }
}

impl fmt::Display for TournamentFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TournamentFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<TournamentFormat, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "round-robin" | "roundrobin" | "rr" => Ok(TournamentFormat::RoundRobin),
            "gauntlet" => Ok(TournamentFormat::Gauntlet),
            _ => Err(format!(
                "unknown tournament format \"{s}\" (expected round-robin or gauntlet)"
            )),
        }
    }
}

/// The pairings of `players` players, as (side A, side B) player indices, in playing order:
/// a round robin pairs `(0, 1), (0, 2), ..., (1, 2), ...`; a gauntlet `(0, 1), (0, 2), ...`.
pub fn pairings(players: usize, format: TournamentFormat) -> Vec<(usize, usize)> {
    match format {
        TournamentFormat::RoundRobin => (0..players)
            .flat_map(|a| (a + 1..players).map(move |b| (a, b)))
            .collect(),
        TournamentFormat::Gauntlet => (1..players).map(|b| (0, b)).collect(),
    }
}

/// The settings of a tournament.
#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// The number of players (at least 2).
    pub players: usize,
    /// Who plays whom.
    pub format: TournamentFormat,
    /// The settings of every pairing's match: `games` is the number of games of each pairing,
    /// and each pairing plays the openings from the first; the seed is varied per pairing;
    /// raising `stop` stops the whole tournament.
    pub pairing: MatchConfig,
}

/// Builds player `index` (of the tournament's players) for one game with that game's seed, on
/// the worker thread that plays it. An error forfeits the game for that player.
pub type TournamentFactory<'a> =
    dyn Fn(usize, u64) -> Result<Box<dyn Player>, Box<dyn Error + Send + Sync>> + Sync + 'a;

/// A finished game of a tournament, for progress reports.
#[derive(Clone, Copy, Debug)]
pub struct TournamentGame<'a> {
    /// The pairing's index in [`pairings`].
    pub pairing: usize,
    /// The players of side A and side B.
    pub players: (usize, usize),
    /// The game.
    pub report: &'a GameReport,
    /// The pairing's tally so far.
    pub summary: &'a MatchSummary,
    /// Games scored in the whole tournament so far.
    pub games_done: u32,
}

/// A pairing's match.
#[derive(Clone, Debug)]
pub struct PairingResult {
    /// Side A's player.
    pub a: usize,
    /// Side B's player.
    pub b: usize,
    /// Its games and tally.
    pub result: MatchResult,
}

/// A finished tournament.
#[derive(Clone, Debug)]
pub struct TournamentResult {
    /// The pairings played (all of them unless interrupted), in playing order.
    pub pairings: Vec<PairingResult>,
    /// The standings, with the ratings fitted.
    pub standings: Standings,
    /// Whether the tournament was stopped before it was done.
    pub interrupted: bool,
}

/// The seed of pairing `k`: a different stream of player seeds for each pairing.
fn pairing_seed(seed: u64, k: usize) -> u64 {
    seed.wrapping_add((k as u64).wrapping_mul(0xA076_1D64_78BD_642F))
}

/// Plays a tournament: the pairings one after the other, each a match on
/// `config.pairing.threads` threads. `on_game` is called after each game.
///
/// # Errors
/// [`MatchError`] when the board size or an opening is invalid (found before any game).
pub fn run_tournament(
    config: &TournamentConfig,
    factory: &TournamentFactory<'_>,
    on_game: &mut dyn FnMut(&TournamentGame<'_>),
) -> Result<TournamentResult, MatchError> {
    run_tournament_plan(config, Vec::new(), factory, on_game)
}

/// [`run_tournament`] for part of a tournament, or for what an interrupted run left: pairing
/// `k` plays `plans[k]` (see [`run_match_plan`]; a pairing without a plan plays all its games).
///
/// # Errors
/// [`MatchError`] when the board size or an opening is invalid (found before any game).
pub fn run_tournament_plan(
    config: &TournamentConfig,
    plans: Vec<MatchPlan>,
    factory: &TournamentFactory<'_>,
    on_game: &mut dyn FnMut(&TournamentGame<'_>),
) -> Result<TournamentResult, MatchError> {
    let mut plans = plans.into_iter();
    let mut standings = Standings::new(config.players);
    let mut results = Vec::new();
    let mut interrupted = false;
    for (k, (a, b)) in pairings(config.players, config.format)
        .into_iter()
        .enumerate()
    {
        if config.pairing.stop.is_stopped() {
            interrupted = true;
            break;
        }
        let mut match_config = config.pairing.clone();
        match_config.seed = pairing_seed(config.pairing.seed, k);
        let pair_factory = |side: Side, seed: u64| match side {
            Side::A => factory(a, seed),
            Side::B => factory(b, seed),
        };
        let done_before = standings.games();
        let plan = plans
            .next()
            .unwrap_or_else(|| MatchPlan::all(match_config.games));
        let result = run_match_plan(
            &match_config,
            plan,
            &pair_factory,
            &mut |report, summary| {
                on_game(&TournamentGame {
                    pairing: k,
                    players: (a, b),
                    report,
                    summary,
                    games_done: done_before + summary.games(),
                });
                Flow::Continue
            },
        )?;
        standings.add_match(a, b, &result.summary);
        interrupted |= result.interrupted;
        results.push(PairingResult { a, b, result });
        if interrupted {
            break;
        }
    }
    standings.fit();
    Ok(TournamentResult {
        pairings: results,
        standings,
        interrupted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::game::TimeControl;
    use crate::arena::opening::default_openings;
    use crate::arena::test_players::NoMove;
    use crate::random::RandomPlayer;
    use gomoku_rules::Rule;
    use std::time::Duration;

    #[test]
    fn round_robin_and_gauntlet_pairings() {
        assert_eq!(
            pairings(4, TournamentFormat::RoundRobin),
            [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
        );
        assert_eq!(
            pairings(4, TournamentFormat::Gauntlet),
            [(0, 1), (0, 2), (0, 3)]
        );
        assert!(pairings(1, TournamentFormat::RoundRobin).is_empty());
        assert_eq!("gauntlet".parse(), Ok(TournamentFormat::Gauntlet));
        assert!("swiss".parse::<TournamentFormat>().is_err());
    }

    #[test]
    fn standings_add_up_and_rank_the_players() {
        let pairing = MatchConfig::new(
            15,
            Rule::Freestyle,
            4,
            default_openings(15, Rule::Freestyle),
            TimeControl::per_move(Duration::from_secs(5)),
        );
        let config = TournamentConfig {
            players: 3,
            format: TournamentFormat::RoundRobin,
            pairing,
        };
        // Player 2 forfeits every game: it must finish last.
        let factory =
            |player: usize, seed: u64| -> Result<Box<dyn Player>, Box<dyn Error + Send + Sync>> {
                if player == 2 {
                    Ok(Box::new(NoMove { silent: false }))
                } else {
                    Ok(Box::new(RandomPlayer::new(seed)))
                }
            };
        let mut calls = 0;
        let result = run_tournament(&config, &factory, &mut |g| {
            calls += 1;
            assert_eq!(g.games_done, calls);
        })
        .unwrap();
        assert_eq!(calls, 12);
        let s = &result.standings;
        assert_eq!(s.games(), 12);
        let total: f64 = s.players.iter().map(|p| p.score()).sum();
        assert_eq!(total, 12.0);
        assert!(s.players.iter().all(|p| p.games() == 8));
        assert_eq!(s.players[2].score(), 0.0);
        assert_eq!(s.players[2].forfeits, 8);
        assert_eq!(*s.ranking().last().unwrap(), 2);
        for i in 0..3 {
            for j in 0..3 {
                let (x, y) = (s.cross[i][j], s.cross[j][i]);
                assert_eq!(x.games, y.games);
                assert_eq!(x.score + y.score, f64::from(x.games));
            }
        }
        let elo: Vec<f64> = s.ratings.iter().map(|r| r.unwrap().elo).collect();
        assert!(elo[2] < elo[0] && elo[2] < elo[1]);
        assert!(elo.iter().sum::<f64>().abs() < 1e-6);
        assert!(!result.interrupted);
    }
}
