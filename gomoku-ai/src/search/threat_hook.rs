//! Where the search consults a threat-space solver (VCF/VCT).

use gomoku_rules::{Board, Point, Rule};

use crate::threat::Budget;

/// What a [`WinFinder`] call found, and what it cost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WinSearch {
    /// The winning sequence, the move to play first; `None` if no win was found.
    pub line: Option<Vec<Point>>,
    /// Nodes searched by the call (the engine adds them to its own count).
    pub nodes: u64,
}

/// A solver for forced wins by threats (continuous fours, or fours and threes) that the engine
/// consults: at the root before its main search, with [`WinFinder::root_budget`] nodes and a
/// share of the move's time, and at the leaves where the side to move has a four to play, with
/// [`WinFinder::leaf_budget`] nodes. A win it reports must be real: the engine plays the first
/// move as proven. [`crate::threat::ThreatSolver`] implements it.
pub trait WinFinder: Send {
    /// A forced win for the side to move on `board` under `rule`, as the winning sequence (the
    /// move to play first), found within `budget`; `None` if none was found. `at_root` tells the
    /// root call (where slower searches such as VCT are worth their cost) from leaf calls.
    fn find_win(&mut self, board: &Board, rule: Rule, budget: &Budget, at_root: bool) -> WinSearch;

    /// Node budget of the call at the root.
    fn root_budget(&self) -> u64 {
        100_000
    }

    /// Node budget of a call at a leaf (0 = not called at leaves).
    fn leaf_budget(&self) -> u64 {
        0
    }

    /// Bounds the memory of the solver's tables to `bytes` (`None`: the solver's default). The
    /// engine calls it before each search with the threat solver's share of the memory limit
    /// (see [`crate::params::MEMORY_THREAT_PERCENT`]). The default does nothing: a solver that
    /// keeps tables should honour it.
    fn set_table_bytes(&mut self, _bytes: Option<usize>) {}

    /// Forgets what it stored about earlier positions: a new game starts (so that a search's
    /// result depends only on its game, not on the games the engine played before). The
    /// default does nothing: a solver that keeps tables should clear them.
    fn new_game(&mut self) {}
}
