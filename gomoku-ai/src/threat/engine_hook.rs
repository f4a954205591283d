//! The threat solver as the engine's [`WinFinder`]: VCF everywhere, VCT at the root.

use std::time::Instant;

use gomoku_core::{Board, Point, Rule};

use super::{Budget, ThreatResult, ThreatSolver};
use crate::params::ROOT_THREAT_NODES;
use crate::search::WinFinder;

impl WinFinder for ThreatSolver {
    /// VCF within the budget; at the root, if that finds nothing, VCT with the nodes and time
    /// left, except under Renju, where a distant defender stone can change Black's fouls and the
    /// VCT's set of defences is not proven complete.
    fn find_win(
        &mut self,
        board: &Board,
        rule: Rule,
        budget: &Budget,
        at_root: bool,
    ) -> Option<Vec<Point>> {
        let start = Instant::now();
        let before = self.nodes();
        if let ThreatResult::Win(line) = self.vcf(board, rule, budget) {
            return Some(line);
        }
        if !at_root || rule == Rule::Renju {
            return None;
        }
        let used = self.nodes() - before;
        let rest = Budget {
            max_nodes: budget.max_nodes.saturating_sub(used),
            time: budget.time.map(|t| t.saturating_sub(start.elapsed())),
            ..budget.clone()
        };
        if rest.max_nodes == 0 || rest.time.is_some_and(|t| t.is_zero()) {
            return None;
        }
        match self.vct(board, rule, &rest) {
            ThreatResult::Win(line) => Some(line),
            ThreatResult::NoWin | ThreatResult::Unknown => None,
        }
    }

    fn root_budget(&self) -> u64 {
        ROOT_THREAT_NODES
    }
}
