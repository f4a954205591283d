//! The mate suite: how quickly the engine sees a forced win that a strong engine saw at once.
//!
//! The positions ([`MATE_POSITIONS`]) come from games the engine lost to Rapfi 0.43 (classical
//! evaluation) at 300 ms/move: each is the position right after one of our moves in which Rapfi
//! reported a forced win for itself, the side to move, where a move earlier it had seen none.
//! Rapfi found these wins within a move's time; an engine that sees them as fast avoids the
//! moves that walk into them. [`run`] searches each position with a fresh [`Engine`] under a
//! node limit and counts the nodes until an iteration reports a win for the side to move; the
//! counts are deterministic, so the suite measures tactical search without timing noise.
//!
//! ```
//! use gomoku_ai::mate_suite;
//! let positions = mate_suite::positions();
//! assert!(positions.len() >= 50);
//! // One position with a small budget (`gomoku bench --mates` runs them all with more).
//! match mate_suite::nodes_to_win(&positions[0], 2_000) {
//!     Some(nodes) => println!("won after {nodes} nodes"),
//!     None => println!("no win seen within 2,000 nodes"),
//! }
//! ```

use gomoku_rules::{Game, Rule};

use crate::bench::BENCH_HASH_BYTES;
use crate::player::{Limits, Player};
use crate::search::Engine;

/// The positions, one a line as the moves from the empty board (freestyle, 15x15); lines
/// starting with `#` are comments.
pub const MATE_POSITIONS: &str = include_str!("mate_suite.txt");

/// Board size of the suite's positions.
pub const MATE_SUITE_SIZE: u32 = 15;

/// Rule of the suite's positions.
pub const MATE_SUITE_RULE: Rule = Rule::Freestyle;

/// The default node limit of a position in [`run`].
pub const DEFAULT_MATE_NODES: u64 = 2_000_000;

/// The suite's positions as games (a line that does not parse is left out; the tests check that
/// none is).
pub fn positions() -> Vec<Game> {
    MATE_POSITIONS
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter_map(|line| Game::from_move_string(MATE_SUITE_SIZE, MATE_SUITE_RULE, line).ok())
        .collect()
}

/// The nodes a fresh engine (with the benchmark's table size, so that the count is the same
/// everywhere) searches in `game`'s position until an iteration reports a win for
/// the side to move, or `None` if none does within `max_nodes` (the engine checks its node
/// limit every few hundred nodes, so a count may lie a little past it).
pub fn nodes_to_win(game: &Game, max_nodes: u64) -> Option<u64> {
    let mut engine = Engine::new();
    engine.set_hash_bytes(BENCH_HASH_BYTES);
    let limits = Limits {
        max_nodes: Some(max_nodes),
        ..Limits::default()
    };
    let mut found = None;
    let result = engine.choose(game.board(), game.rule(), &limits, &mut |info| {
        if found.is_none() && info.score.is_mate() && info.score.0 > 0 {
            found = Some(info.nodes);
        }
    });
    found.or_else(|| {
        let score = result.info.score;
        (score.is_mate() && score.0 > 0).then_some(result.info.nodes)
    })
}

/// What [`run`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateSuiteReport {
    /// The node limit of each position.
    pub max_nodes: u64,
    /// For each position, the nodes until the win was reported (`None`: not within the limit).
    pub nodes: Vec<Option<u64>>,
}

impl MateSuiteReport {
    /// How many positions the engine solved within the limit.
    pub fn solved(&self) -> usize {
        self.nodes.iter().filter(|n| n.is_some()).count()
    }

    /// The geometric mean of the nodes per position, an unsolved one counted at twice the limit
    /// (lower is better; 0 for an empty report).
    pub fn geometric_mean_nodes(&self) -> u64 {
        if self.nodes.is_empty() {
            return 0;
        }
        let unsolved = (self.max_nodes.max(1) * 2) as f64;
        let log_sum: f64 = self
            .nodes
            .iter()
            .map(|n| n.map_or(unsolved, |n| n.max(1) as f64).ln())
            .sum();
        (log_sum / self.nodes.len() as f64).exp().round() as u64
    }
}

/// Searches every position of the suite with at most `max_nodes` nodes each.
pub fn run(max_nodes: u64) -> MateSuiteReport {
    MateSuiteReport {
        max_nodes,
        nodes: positions()
            .iter()
            .map(|game| nodes_to_win(game, max_nodes))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_a_legal_position_without_a_five() {
        let lines = MATE_POSITIONS
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count();
        let games = positions();
        assert_eq!(games.len(), lines);
        assert!(lines >= 50, "{lines}");
        for game in &games {
            assert!(!game.is_over(), "{:?}", game.board());
        }
    }

    #[test]
    fn the_geometric_mean_counts_an_unsolved_position_at_twice_the_limit() {
        let report = MateSuiteReport {
            max_nodes: 1_000,
            nodes: vec![Some(100), None, Some(1_000)],
        };
        assert_eq!(report.solved(), 2);
        // (100 * 2000 * 1000)^(1/3) = 584.8
        assert_eq!(report.geometric_mean_nodes(), 585);
        let empty = MateSuiteReport {
            max_nodes: 1_000,
            nodes: vec![],
        };
        assert_eq!(empty.geometric_mean_nodes(), 0);
    }

    #[test]
    fn a_win_is_found_and_an_exhausted_budget_reports_none() {
        // The last position is one the engine solves in tens of thousands of nodes: with a
        // generous limit it reports the win, with a tiny one it does not.
        let games = positions();
        let game = games.last().unwrap();
        let nodes = nodes_to_win(game, 400_000).expect("solved within 400,000 nodes");
        assert!(nodes > 100, "{nodes}");
        assert_eq!(nodes_to_win(game, 50), None);
    }
}
