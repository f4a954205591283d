//! Threat-space search: VCF (victory by continuous fours) and VCT (victory by continuous
//! threats: fours and quiet threats such as threes).
//!
//! Both solvers prove wins for the side to move and return the winning line: attacker and
//! defender moves alternating, ending with the attacker's five. Under Renju a line may instead
//! end with a White four whose only block is a foul for Black. They follow every rule's win
//! condition ([`Rule::run_wins`]), answer the defender's counter-fours, respect Black's fouls
//! under Renju (its fours must be legal; a block that would be a foul is no block), remember
//! proven and disproven positions in a transposition table and stop within a [`Budget`].
//!
//! ```
//! use gomoku_core::{Board, Rule};
//! use gomoku_ai::threat::{self, Budget, ThreatResult};
//!
//! // Black (X) to move has no four to make, but f5 makes two threes at once.
//! let board: Board = "
//!     . . . . . . . . .
//!     . . . . . X . . .
//!     . . . . . X . . .
//!     . . . . . . . . .
//!     . . . X X . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     O O . . . . . . .
//!     O O . . . . . . .".parse().unwrap();
//! assert_eq!(threat::vcf(&board, Rule::Freestyle, &Budget::default()), ThreatResult::NoWin);
//! let ThreatResult::Win(line) = threat::vct(&board, Rule::Freestyle, &Budget::default()) else {
//!     panic!("the double three wins")
//! };
//! assert_eq!(line.len() % 2, 1); // attacker, defender, ..., the attacker's five
//! ```

mod engine_hook;
mod params;
mod search;
mod shape;
mod table;
mod vcf;
mod vct;

use std::time::Duration;

use gomoku_core::{Board, Point, Rule};

use crate::player::StopFlag;
pub use params::{DEFAULT_MAX_DEPTH, DEFAULT_MAX_NODES, DEFAULT_THREAT_DEPTH};
use search::Search;
use table::Table;

/// What a threat search may spend, and how deep it looks.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Nodes to visit at most (each position searched counts one).
    pub max_nodes: u64,
    /// The most attacking moves (fours, and quiet threats for VCT) before the final five.
    pub max_depth: u8,
    /// VCT only: a quiet move is a threat when it sets up a VCF of at most this many fours
    /// (1: threes and other moves that threaten an unstoppable four; 2 or more: slower
    /// threats too).
    pub threat_depth: u8,
    /// Time to spend at most.
    pub time: Option<Duration>,
    /// Raised by another thread to stop the search.
    pub stop: Option<StopFlag>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_nodes: DEFAULT_MAX_NODES,
            max_depth: DEFAULT_MAX_DEPTH,
            threat_depth: DEFAULT_THREAT_DEPTH,
            time: None,
            stop: None,
        }
    }
}

impl Budget {
    /// The default budget with at most `max_nodes` nodes.
    pub fn nodes(max_nodes: u64) -> Budget {
        Budget {
            max_nodes,
            ..Budget::default()
        }
    }

    /// The same budget with at most `max_depth` attacking moves before the five.
    pub fn with_depth(self, max_depth: u8) -> Budget {
        Budget { max_depth, ..self }
    }

    /// The same budget with VCT threats of at most `threat_depth` fours.
    pub fn with_threat_depth(self, threat_depth: u8) -> Budget {
        Budget {
            threat_depth,
            ..self
        }
    }

    /// The same budget with a time limit.
    pub fn with_time(self, time: Duration) -> Budget {
        Budget {
            time: Some(time),
            ..self
        }
    }
}

/// The answer of a threat search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThreatResult {
    /// The side to move wins: the line, attacker and defender moves alternating, ending with the
    /// attacker's five (or, under Renju, with a White four whose only block is a Black foul).
    Win(Vec<Point>),
    /// The search was completed: there is no such win within the depth of the budget.
    NoWin,
    /// The budget ran out before the question was settled: no win found within the budget.
    Unknown,
}

impl ThreatResult {
    /// Whether a win was proven.
    pub fn is_win(&self) -> bool {
        matches!(self, ThreatResult::Win(_))
    }

    /// The winning line, if any.
    pub fn line(&self) -> Option<&[Point]> {
        match self {
            ThreatResult::Win(line) => Some(line),
            _ => None,
        }
    }

    /// The first move of the winning line, if any.
    pub fn best_move(&self) -> Option<Point> {
        self.line().and_then(|l| l.first().copied())
    }
}

/// A reusable threat solver: keeps its transposition tables between searches (they are
/// cleared when the rule or the threat depth changes), and counts nodes.
#[derive(Debug, Default)]
pub struct ThreatSolver {
    vcf_table: Table,
    vct_table: Table,
    rule: Option<Rule>,
    threat_depth: u8,
    nodes: u64,
}

impl ThreatSolver {
    /// A solver with empty tables.
    pub fn new() -> ThreatSolver {
        ThreatSolver::default()
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets every stored result.
    pub fn clear(&mut self) {
        self.vcf_table.clear();
        self.vct_table.clear();
    }

    /// A search of `board` under `rule` within `budget`, over the tables, which are cleared
    /// first when the rule or the threat depth changed since the last search.
    fn start<'s>(&'s mut self, board: &Board, rule: Rule, budget: &'s Budget) -> Search<'s> {
        if self.rule != Some(rule) {
            self.clear();
            self.rule = Some(rule);
        }
        if self.threat_depth != budget.threat_depth {
            self.vct_table.clear();
            self.threat_depth = budget.threat_depth;
        }
        Search::new(
            board,
            rule,
            budget,
            &mut self.vcf_table,
            &mut self.vct_table,
        )
    }

    /// Searches for a VCF of the side to move on `board`: see [`vcf`].
    pub fn vcf(&mut self, board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
        let mut s = self.start(board, rule, budget);
        let mut forced = None;
        let result = match s.root_state(&mut forced) {
            Ok(Some(p)) => ThreatResult::Win(vec![p]),
            Err(()) => ThreatResult::NoWin,
            Ok(None) => {
                if s.vcf_attack(budget.max_depth, forced) {
                    ThreatResult::Win(s.vcf_line(budget.max_depth, forced))
                } else if s.aborted {
                    ThreatResult::Unknown
                } else {
                    ThreatResult::NoWin
                }
            }
        };
        self.nodes = s.nodes;
        result
    }

    /// Searches for a VCT of the side to move on `board`: see [`vct`].
    pub fn vct(&mut self, board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
        let mut s = self.start(board, rule, budget);
        // Iterative deepening: short wins are found first, and cheaply.
        let mut result = ThreatResult::NoWin;
        for depth in 1..=budget.max_depth {
            if s.vct_attack(depth) {
                result = ThreatResult::Win(s.vct_line(depth));
                break;
            }
            if s.aborted {
                result = ThreatResult::Unknown;
                break;
            }
        }
        self.nodes = s.nodes;
        result
    }

    /// Searches for a VCF of the side NOT to move, as if it were its turn: see [`opponent_vcf`].
    pub fn opponent_vcf(&mut self, board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
        let mut passed = board.clone();
        passed.set_side_to_move(!board.side_to_move());
        self.vcf(&passed, rule, budget)
    }
}

/// Searches for a VCF of the side to move: a sequence of fours, each answered by the forced
/// block, ending in a five, with at most `budget.max_depth` fours.
///
/// [`ThreatResult::Win`] holds the line; [`ThreatResult::NoWin`] means the search completed
/// without finding one; [`ThreatResult::Unknown`] that the budget ran out first.
pub fn vcf(board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
    ThreatSolver::new().vcf(board, rule, budget)
}

/// Searches for a VCT of the side to move: fours and quiet threats (see
/// [`Budget::threat_depth`]), every defence of a threat refuted, ending in a five, with at most
/// `budget.max_depth` attacking moves.
pub fn vct(board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
    ThreatSolver::new().vct(board, rule, budget)
}

/// Whether the opponent of the side to move would have a VCF if it were its turn: the threat
/// an engine must answer when choosing a defensive move. The line starts with the opponent's
/// first four.
pub fn opponent_vcf(board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
    ThreatSolver::new().opponent_vcf(board, rule, budget)
}
