//! Root defence: the move the search chose is checked against the opponent's forced wins (VCF
//! and VCT) with the threat solver. The main search sees short forcing lines, but
//! a long VCT of the opponent lies beyond its horizon; when the check finds one, the move is
//! excluded at the root and the search runs again without it.

use gomoku_rules::Point;

use super::clock::Clock;
use super::searcher::Searcher;
use super::time_manager::Pace;
use super::{SearchInfo, SearchResult, deepen};
use crate::evaluator::Evaluator;
use crate::params::{
    DEFENCE_CHECK_NODES, DEFENCE_CHECK_TIME_PERCENT, MAX_DEFENCE_CHECKS, RESEARCH_TIME_PERCENT,
};
use crate::score::Score;
use crate::threat::Budget;

/// Checks `result.best` against the opponent's forced wins and, while it is refuted (at most
/// [`MAX_DEFENCE_CHECKS`] times, within the searcher's clock and node limit), excludes it and
/// searches again. A proven result (win or loss) is kept as it is; when every candidate is
/// refuted, or the new search can only find a proven loss, the first choice is kept (the
/// opponent still has to find its win).
pub(super) fn defend_root<E: Evaluator>(
    searcher: &mut Searcher<'_, E>,
    max_depth: u32,
    result: &mut SearchResult,
    report: &mut dyn FnMut(&SearchInfo),
) {
    let first_choice = result.clone();
    let clock = *searcher.clock();
    for _ in 0..MAX_DEFENCE_CHECKS {
        let Some(best) = result.best else { return };
        if result.info.score.is_mate() || !refuted(searcher, best, &clock) {
            break;
        }
        searcher.exclude_root(best);
        let mut rest = Vec::new();
        searcher.candidates(0, None, &mut rest);
        let Some(next) = rest.first().map(|c| c.point) else {
            *result = first_choice;
            break;
        };
        let mut again = SearchResult {
            best: Some(next),
            info: SearchInfo {
                pv: vec![next],
                multipv: 1,
                ..result.info.clone()
            },
            lines: Vec::new(),
        };
        if rest.len() > 1 {
            searcher.set_clock(clock.share(RESEARCH_TIME_PERCENT));
            deepen(searcher, max_depth, Pace::new(false), &mut again, report);
            searcher.set_clock(clock);
        }
        if again.info.score <= -Score::WIN_THRESHOLD {
            *result = first_choice;
            break;
        }
        *result = again;
    }
}

/// Whether the opponent has a forced win after the side to move plays `p`, as far as the threat
/// solver finds within its share of what is left of the clock and the node limit. `false` when
/// nothing is left to look with.
fn refuted<E: Evaluator>(searcher: &mut Searcher<'_, E>, p: Point, clock: &Clock) -> bool {
    let nodes_left = searcher
        .max_nodes()
        .map_or(u64::MAX, |m| m.saturating_sub(searcher.nodes));
    let time = clock
        .remaining()
        .map(|t| t * DEFENCE_CHECK_TIME_PERCENT / 100);
    let max_nodes = DEFENCE_CHECK_NODES.min(nodes_left);
    if max_nodes == 0 || time.is_some_and(|t| t.is_zero()) || searcher.stop_flag().is_stopped() {
        return false;
    }
    let mut board = searcher.board().clone();
    board.play_unchecked(p);
    let rule = searcher.rule();
    let budget = Budget {
        time,
        stop: Some(searcher.stop_flag().clone()),
        ..Budget::nodes(max_nodes)
    };
    let Some(solver) = searcher.threat_solver() else {
        return false;
    };
    let found = solver.find_win(&board, rule, &budget, true);
    searcher.nodes += found.nodes;
    found.line.is_some()
}
