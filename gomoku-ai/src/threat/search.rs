//! The state shared by the VCF and VCT searches: the board being searched, the budget, the
//! node count and the tables.

use std::time::Instant;

use gomoku_rules::{Board, Color, Point, Rule};

use super::Budget;
use super::params::CLOCK_INTERVAL;
use super::proof_table::ProofTable;
use super::shape;
use super::table::Table;

/// A threat search in progress: the attacker is the side to move at the root.
#[derive(Debug)]
pub(crate) struct Search<'a> {
    pub(crate) board: Board,
    pub(crate) rule: Rule,
    pub(crate) attacker: Color,
    pub(crate) budget: &'a Budget,
    pub(crate) vcf_table: &'a mut Table,
    pub(crate) vct_table: &'a mut Table,
    /// The VCT's proof and disproof numbers.
    pub(crate) proofs: &'a mut ProofTable,
    pub(crate) nodes: u64,
    start: Instant,
    /// Set when the budget ran out: results found since are not proofs of "no win".
    pub(crate) aborted: bool,
    /// Lifted while a proven line is extracted, which must not be cut short.
    unlimited: bool,
}

impl<'a> Search<'a> {
    pub(crate) fn new(
        board: &Board,
        rule: Rule,
        budget: &'a Budget,
        vcf_table: &'a mut Table,
        vct_table: &'a mut Table,
        proofs: &'a mut ProofTable,
    ) -> Search<'a> {
        Search {
            board: board.clone(),
            rule,
            attacker: board.side_to_move(),
            budget,
            vcf_table,
            vct_table,
            proofs,
            nodes: 0,
            start: Instant::now(),
            aborted: false,
            unlimited: false,
        }
    }

    /// The defender's colour.
    #[inline]
    pub(crate) fn defender(&self) -> Color {
        !self.attacker
    }

    /// Counts a node; returns true when the search must stop (budget spent, time up, stopped).
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.unlimited {
            self.nodes += 1;
            return false;
        }
        if self.nodes >= self.budget.max_nodes {
            // The budget is spent: stop without counting a node beyond it.
            self.aborted = true;
            return true;
        }
        self.nodes += 1;
        if self.nodes % CLOCK_INTERVAL == 0 {
            let late = self.budget.time.is_some_and(|t| self.start.elapsed() >= t);
            let stopped = self.budget.stop.as_ref().is_some_and(|s| s.is_stopped());
            self.aborted = late || stopped;
        }
        self.aborted
    }

    /// Runs `f` with the budget lifted (for re-searching proven positions while extracting a
    /// line), restoring it after.
    pub(crate) fn unlimited<T>(&mut self, f: impl FnOnce(&mut Search<'a>) -> T) -> T {
        let (was_unlimited, was_aborted) = (self.unlimited, self.aborted);
        self.unlimited = true;
        self.aborted = false;
        let result = f(self);
        self.unlimited = was_unlimited;
        self.aborted = was_aborted;
        result
    }

    /// Whether `color` may play on the empty point `q`.
    #[inline]
    pub(crate) fn legal(&self, color: Color, q: Point) -> bool {
        shape::is_legal(&self.board, self.rule, color, q)
    }

    /// Passes the turn (a null move), for threat detection; call again to undo.
    pub(crate) fn pass(&mut self) {
        let side = self.board.side_to_move();
        self.board.set_side_to_move(!side);
    }
}
