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
//! use gomoku_rules::{Board, Rule};
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
mod proof_table;
mod search;
mod shape;
mod table;
mod vcf;
mod vct;

use std::time::Duration;

use gomoku_rules::{Board, Point, Rule};

use crate::player::StopFlag;
pub use params::{
    DEFAULT_MAX_DEPTH, DEFAULT_MAX_NODES, DEFAULT_MEMORY_BYTES, DEFAULT_THREAT_DEPTH,
    MIN_MEMORY_BYTES,
};
use proof_table::ProofTable;
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

/// A reusable threat solver: keeps its tables between searches (they are cleared when the rule
/// or the threat depth changes), within a memory budget, and counts nodes.
///
/// # Memory
/// The solver's tables never take more than its memory budget, [`DEFAULT_MEMORY_BYTES`]
/// unless set with [`ThreatSolver::with_memory_budget`] or
/// [`ThreatSolver::set_memory_budget`]: half for the VCT's proof and disproof numbers, a
/// quarter each for the proven and disproven positions of the VCF and of the VCT. A full
/// table forgets its least useful entries (proof numbers) or starts over (the others); the
/// results stay correct, only slower to find again. An engine under a memory limit (the
/// protocol's `INFO max_memory`) gives the solver its share with `set_memory_budget`.
#[derive(Debug)]
pub struct ThreatSolver {
    vcf_table: Table,
    vct_table: Table,
    proofs: ProofTable,
    memory_bytes: usize,
    rule: Option<Rule>,
    threat_depth: u8,
    nodes: u64,
    shortest: bool,
}

impl Default for ThreatSolver {
    fn default() -> ThreatSolver {
        ThreatSolver::with_memory_budget(DEFAULT_MEMORY_BYTES)
    }
}

impl ThreatSolver {
    /// A solver with empty tables and the default memory budget.
    pub fn new() -> ThreatSolver {
        ThreatSolver::default()
    }

    /// A solver whose tables take at most about `bytes` bytes in all (see the memory section
    /// of [`ThreatSolver`]); at least a few kilobytes are always used.
    pub fn with_memory_budget(bytes: usize) -> ThreatSolver {
        let bytes = bytes.max(MIN_MEMORY_BYTES);
        ThreatSolver {
            vcf_table: Table::with_bytes(bytes / 4),
            vct_table: Table::with_bytes(bytes / 4),
            proofs: ProofTable::with_bytes(bytes / 2),
            memory_bytes: bytes,
            rule: None,
            threat_depth: 0,
            nodes: 0,
            shortest: false,
        }
    }

    /// Changes the memory budget (see [`ThreatSolver::with_memory_budget`]); the tables are
    /// emptied when it changes.
    pub fn set_memory_budget(&mut self, bytes: usize) {
        let bytes = bytes.max(MIN_MEMORY_BYTES);
        if bytes != self.memory_bytes {
            self.vcf_table.resize(bytes / 4);
            self.vct_table.resize(bytes / 4);
            self.proofs = ProofTable::with_bytes(bytes / 2);
            self.memory_bytes = bytes;
        }
    }

    /// The memory budget of the tables, in bytes.
    pub fn memory_budget(&self) -> usize {
        self.memory_bytes
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the last VCF found by [`ThreatSolver::vcf`] (or [`ThreatSolver::opponent_vcf`])
    /// is proven the shortest: false when the budget ran out while a shorter one was looked
    /// for, or when the last search found no VCF.
    pub fn proven_shortest(&self) -> bool {
        self.shortest
    }

    /// Forgets every stored result.
    pub fn clear(&mut self) {
        self.vcf_table.clear();
        self.vct_table.clear();
        self.proofs.clear();
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
            self.proofs.clear();
            self.threat_depth = budget.threat_depth;
        }
        Search::new(
            board,
            rule,
            budget,
            &mut self.vcf_table,
            &mut self.vct_table,
            &mut self.proofs,
        )
    }

    /// Searches for the shortest VCF of the side to move on `board`: see [`vcf`].
    pub fn vcf(&mut self, board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
        self.search_vcf(board, rule, budget, true)
    }

    /// Searches for a VCF of the side to move on `board` as [`ThreatSolver::vcf`] does, but
    /// returns the first one found, which may be longer than needed: cheaper when only
    /// whether there is a win matters (as at the leaves of an engine's search).
    pub fn vcf_any(&mut self, board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
        self.search_vcf(board, rule, budget, false)
    }

    fn search_vcf(
        &mut self,
        board: &Board,
        rule: Rule,
        budget: &Budget,
        shortest: bool,
    ) -> ThreatResult {
        let mut s = self.start(board, rule, budget);
        let mut forced = None;
        let mut proven_shortest = false;
        let result = match s.root_state(&mut forced) {
            Ok(Some(p)) => {
                proven_shortest = true;
                ThreatResult::Win(vec![p])
            }
            Err(()) => ThreatResult::NoWin,
            Ok(None) => {
                let found = if shortest {
                    s.shortest_vcf(budget.max_depth, forced)
                } else {
                    s.vcf_fours(budget.max_depth, forced).map(Err)
                };
                match found {
                    Some(fours) => {
                        proven_shortest = fours.is_ok();
                        let (Ok(fours) | Err(fours)) = fours;
                        ThreatResult::Win(s.vcf_line(fours, forced))
                    }
                    None if s.aborted => ThreatResult::Unknown,
                    None => ThreatResult::NoWin,
                }
            }
        };
        self.nodes = s.nodes;
        self.shortest = proven_shortest;
        result
    }

    /// Searches for a VCT of the side to move on `board`: see [`vct`].
    pub fn vct(&mut self, board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
        let mut s = self.start(board, rule, budget);
        let result = match s.vct_solve(budget.max_depth) {
            Some(true) => ThreatResult::Win(s.vct_line(budget.max_depth)),
            Some(false) => ThreatResult::NoWin,
            None => ThreatResult::Unknown,
        };
        self.nodes = s.nodes;
        result
    }

    /// Searches for the shortest VCF of the side NOT to move, as if it were its turn: see
    /// [`opponent_vcf`].
    pub fn opponent_vcf(&mut self, board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
        let mut passed = board.clone();
        passed.set_side_to_move(!board.side_to_move());
        self.vcf(&passed, rule, budget)
    }
}

/// Searches for the shortest VCF of the side to move: a sequence of fours, each answered by the
/// forced block, ending in a five, with at most `budget.max_depth` fours.
///
/// [`ThreatResult::Win`] holds the line; [`ThreatResult::NoWin`] means the search completed
/// without finding one; [`ThreatResult::Unknown`] that the budget ran out first. The line has
/// the fewest fours possible, found by searching again for one four fewer until that fails;
/// if the budget runs out during that, the shortest line found is returned
/// ([`ThreatSolver::proven_shortest`] tells).
pub fn vcf(board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
    ThreatSolver::new().vcf(board, rule, budget)
}

/// Searches for a VCT of the side to move: fours and quiet threats (see
/// [`Budget::threat_depth`]), every defence of a threat refuted, ending in a five, with at most
/// `budget.max_depth` attacking moves, by proof-number search (df-pn). Under Renju the
/// defences include every move that may change one of Black's fouls the win relies on.
pub fn vct(board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
    ThreatSolver::new().vct(board, rule, budget)
}

/// Whether the opponent of the side to move would have a VCF (the shortest) if it were its turn: the threat
/// an engine must answer when choosing a defensive move. The line starts with the opponent's
/// first four.
pub fn opponent_vcf(board: &Board, rule: Rule, budget: &Budget) -> ThreatResult {
    ThreatSolver::new().opponent_vcf(board, rule, budget)
}
