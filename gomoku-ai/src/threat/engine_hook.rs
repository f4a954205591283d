//! The threat solver as the engine's [`WinFinder`]: the shortest VCF everywhere, VCT at the
//! root, under every rule.

use std::time::Instant;

use gomoku_rules::{Board, Rule};

use super::{Budget, DEFAULT_MEMORY_BYTES, ThreatResult, ThreatSolver};
use crate::params::{LEAF_THREAT_NODES, ROOT_THREAT_NODES};
use crate::search::{WinFinder, WinSearch};

impl WinFinder for ThreatSolver {
    /// The shortest VCF within the budget (so that mate distances are true; looking for a
    /// shorter one costs nothing when there is no win at all); at the root, if that finds
    /// nothing, VCT with the nodes and time left. The VCT's defences are complete under Renju
    /// too (they include every move that may change one of Black's fouls the win relies on).
    fn find_win(&mut self, board: &Board, rule: Rule, budget: &Budget, at_root: bool) -> WinSearch {
        let start = Instant::now();
        let vcf = self.vcf(board, rule, budget);
        let used = self.nodes();
        if let ThreatResult::Win(line) = vcf {
            return WinSearch {
                line: Some(line),
                nodes: used,
            };
        }
        let none = WinSearch {
            line: None,
            nodes: used,
        };
        if !at_root {
            return none;
        }
        let rest = Budget {
            max_nodes: budget.max_nodes.saturating_sub(used),
            time: budget.time.map(|t| t.saturating_sub(start.elapsed())),
            ..budget.clone()
        };
        if rest.max_nodes == 0 || rest.time.is_some_and(|t| t.is_zero()) {
            return none;
        }
        let vct = self.vct(board, rule, &rest);
        WinSearch {
            line: match vct {
                ThreatResult::Win(line) => Some(line),
                ThreatResult::NoWin | ThreatResult::Unknown => None,
            },
            nodes: used + self.nodes(),
        }
    }

    fn root_budget(&self) -> u64 {
        ROOT_THREAT_NODES
    }

    fn leaf_budget(&self) -> u64 {
        LEAF_THREAT_NODES
    }

    fn set_table_bytes(&mut self, bytes: Option<usize>) {
        self.set_memory_budget(bytes.unwrap_or(DEFAULT_MEMORY_BYTES));
    }

    fn new_game(&mut self) {
        self.clear();
    }
}
