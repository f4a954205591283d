//! The one-ply heuristic scorer: plays the candidate the evaluator likes best.

use std::time::Instant;

use gomoku_rules::{Board, Point, Rule};

use crate::evaluator::Evaluator;
use crate::pattern_evaluator::PatternEvaluator;
use crate::player::{Limits, Player, SearchInfo, SearchResult};
use crate::random::legal_candidates;
use crate::score::Score;

/// Plays the legal candidate (a point within distance 2 of a stone) with the highest
/// [`Evaluator::score_move`]: attack plus defence, no look-ahead. Ties go to the first point in
/// index order, so it is deterministic. With the default [`PatternEvaluator`] it completes a
/// five, blocks a four, and otherwise plays the point with the best shapes.
#[derive(Clone, Debug)]
pub struct GreedyPlayer<E: Evaluator = PatternEvaluator> {
    eval: E,
}

impl GreedyPlayer<PatternEvaluator> {
    /// The greedy player with the default evaluator.
    pub fn new() -> GreedyPlayer {
        GreedyPlayer::with_evaluator(PatternEvaluator::new())
    }
}

impl Default for GreedyPlayer<PatternEvaluator> {
    fn default() -> GreedyPlayer {
        GreedyPlayer::new()
    }
}

impl<E: Evaluator> GreedyPlayer<E> {
    /// The greedy player over a user-supplied evaluator.
    pub fn with_evaluator(eval: E) -> GreedyPlayer<E> {
        GreedyPlayer { eval }
    }

    /// The best point and its score.
    fn best(&mut self, board: &Board, rule: Rule) -> Option<(Point, i32)> {
        self.eval.reset(board, rule);
        let mut best: Option<(Point, i32)> = None;
        for p in legal_candidates(board, rule) {
            let s = self.eval.score_move(board, p);
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((p, s));
            }
        }
        best
    }
}

impl<E: Evaluator + 'static> Player for GreedyPlayer<E> {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(
        &mut self,
        board: &Board,
        rule: Rule,
        _limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let best = self.best(board, rule);
        let info = SearchInfo {
            depth: 1,
            seldepth: 1,
            score: Score(best.map_or(0, |(_, s)| s)),
            nodes: 0,
            time: start.elapsed(),
            pv: best.map(|(p, _)| p).into_iter().collect(),
            multipv: 1,
        };
        report(&info);
        SearchResult {
            best: best.map(|(p, _)| p),
            info,
            lines: Vec::new(),
        }
    }
}
