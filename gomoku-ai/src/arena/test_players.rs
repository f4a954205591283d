//! Players that misbehave on purpose, for the arena's tests.

use gomoku_rules::{Board, Rule};

use crate::player::{Limits, Player, SearchInfo, SearchResult};
use crate::random::RandomPlayer;

/// Searches like a random player but returns no move; says it went silent when `silent`
/// (an external engine that lost the command) and otherwise simply gives up (a forfeit).
pub(crate) struct NoMove {
    /// Whether it reports silence.
    pub silent: bool,
}

impl Player for NoMove {
    fn name(&self) -> String {
        if self.silent { "silent" } else { "gives-up" }.into()
    }

    fn choose(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let mut result = RandomPlayer::new(0).choose(board, rule, limits, report);
        result.best = None;
        result
    }

    fn went_silent(&self) -> bool {
        self.silent
    }
}
