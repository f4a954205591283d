//! Where the search consults a threat-space solver (VCF/VCT).

use gomoku_core::{Board, Point, Rule};

/// A solver for forced wins by threats (continuous fours, or fours and threes) that the engine
/// consults: at the root before its main search, with [`ThreatSolver::root_budget`] nodes, and at
/// the leaves where the side to move has a four to play, with [`ThreatSolver::leaf_budget`]. A
/// win it reports must be real: the engine plays the first move as proven.
pub trait ThreatSolver: Send {
    /// A forced win for the side to move on `board` under `rule`, as the winning sequence (the
    /// move to play first), found within `max_nodes` nodes; `None` if none was found.
    fn find_win(&mut self, board: &Board, rule: Rule, max_nodes: u64) -> Option<Vec<Point>>;

    /// Node budget of the call at the root.
    fn root_budget(&self) -> u64 {
        100_000
    }

    /// Node budget of a call at a leaf (0 = not called at leaves).
    fn leaf_budget(&self) -> u64 {
        0
    }
}
