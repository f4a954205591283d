//! Multi-PV: the N best root moves instead of one ([`Limits::multi_pv`]). At each depth of the
//! iterative deepening, line 1 is searched as usual, line 2 with the move of line 1 excluded at
//! the root, line k with the moves of lines 1..k-1 excluded (as Stockfish and Rapfi do); the
//! lines are then sorted by score and reported one by one ([`SearchInfo::multipv`]).
//!
//! [`Limits::multi_pv`]: crate::Limits::multi_pv

use gomoku_rules::Point;

use super::searcher::Searcher;
use super::time_manager::Pace;
use super::{SearchInfo, SearchResult, aspiration_search, root_threat_win, win_plies};
use crate::evaluator::Evaluator;
use crate::score::Score;

/// Makes `result.lines` the one line of a single-PV search: its report, with the move played
/// first in the principal variation (the report of a search stopped early, or of a lost
/// root, may show another line).
pub(super) fn fill_single_line(result: &mut SearchResult) {
    let Some(best) = result.best else {
        result.lines.clear();
        return;
    };
    let mut line = result.info.clone();
    if line.pv.first() != Some(&best) {
        line.pv = vec![best];
    }
    line.multipv = 1;
    result.lines = vec![line];
}

/// Searches the `count` best root moves by iterative deepening up to `max_depth`, reporting
/// every line after each completed iteration; `None`, having searched nothing, when the root
/// has fewer than two candidates (the single-PV search then answers). The result's best move
/// is the first line's; its `info` is the first line with the search's total nodes and time.
///
/// Fewer lines come back when the root has fewer candidate moves (the search's own: against a
/// four only the block, and so on), and when a move wins at once (a five, or an open four the
/// opponent cannot answer): the search then looks no further than the win.
pub(super) fn search_lines<E: Evaluator>(
    searcher: &mut Searcher<'_, E>,
    max_depth: u32,
    count: usize,
    report: &mut dyn FnMut(&SearchInfo),
) -> Option<SearchResult> {
    let mut root_moves = Vec::new();
    searcher.candidates(0, None, &mut root_moves);
    let count = count.min(root_moves.len());
    if count < 2 {
        return None;
    }
    let us = searcher.board().side_to_move();
    let fives: Vec<Point> = searcher.patterns().fives(us).iter().take(count).collect();
    if !fives.is_empty() {
        let lines = fives
            .iter()
            .map(|&p| line_of(searcher, 1, Score::win_in(1), vec![p]))
            .collect();
        return Some(finish(searcher, numbered(lines), report));
    }
    // A forced win the threat solver finds is line 1; the search looks for the others.
    let proven = root_threat_win(searcher).map(|line| {
        let score = Score::win_in(win_plies(searcher.board(), searcher.rule(), &line));
        line_of(searcher, 0, score, line)
    });
    let excluded_before = searcher.root_excluded_mut().clone();
    let mut lines: Vec<SearchInfo> = proven.iter().cloned().collect();
    for depth in 1..=max_depth {
        if depth > 1 && !searcher.clock().may_start_iteration(&Pace::new(false)) {
            break;
        }
        let (current, complete) = iteration(searcher, depth, count, &lines, proven.as_ref());
        *searcher.root_excluded_mut() = excluded_before.clone();
        // An unfinished iteration counts only when no earlier one finished.
        if complete || lines.iter().all(|l| l.depth == 0) && !current.is_empty() {
            lines = current;
            if complete {
                for line in &lines {
                    report(line);
                }
            }
        }
        if !complete {
            break;
        }
        let decided = |l: &SearchInfo| l.score.mate_plies().is_some_and(|n| n <= depth);
        if lines.iter().all(decided) {
            break;
        }
    }
    if lines.is_empty() {
        // Stopped before the first line was found: the best-ordered candidate.
        lines.push(line_of(searcher, 0, Score::DRAW, vec![root_moves[0].point]));
    }
    Some(finish(searcher, lines, &mut |_| {}))
}

/// One iteration of every line at `depth`, sorted and numbered; and whether it finished (no
/// stop, and every line found). `previous` holds the last iteration's lines (or only the proven
/// win before the first), `proven` the threat solver's win, kept as line 1 of every iteration.
fn iteration<E: Evaluator>(
    searcher: &mut Searcher<'_, E>,
    depth: u32,
    count: usize,
    previous: &[SearchInfo],
    proven: Option<&SearchInfo>,
) -> (Vec<SearchInfo>, bool) {
    let mut current: Vec<SearchInfo> = Vec::new();
    if let Some(win) = proven {
        current.push(SearchInfo {
            depth,
            ..win.clone()
        });
        searcher.exclude_root(win.pv[0]);
    }
    while current.len() < count {
        let k = current.len();
        let last = previous.get(k).filter(|l| l.depth > 0);
        searcher.search_first_at_root(last.and_then(|l| l.pv.first().copied()));
        let score = aspiration_search(searcher, depth as i32, last.map(|l| l.score));
        if searcher.stopped {
            return (numbered(current), false);
        }
        let pv = searcher.root_pv();
        // No move left, or a root shortcut (a win at once) that ignores the exclusions.
        let Some(&first) = pv.first() else { break };
        if current.iter().any(|l| l.pv.first() == Some(&first)) {
            break;
        }
        searcher.exclude_root(first);
        let line = line_of(searcher, depth, score, pv);
        current.push(line);
    }
    (numbered(current), true)
}

/// A line found at `depth` with the searcher's counts so far.
fn line_of<E: Evaluator>(
    searcher: &Searcher<'_, E>,
    depth: u32,
    score: Score,
    pv: Vec<Point>,
) -> SearchInfo {
    SearchInfo {
        depth,
        seldepth: searcher.seldepth.max(depth),
        score,
        nodes: searcher.nodes,
        time: searcher.clock().elapsed(),
        pv,
        multipv: 1,
    }
}

/// The lines sorted best first (a stable sort: equal scores keep their search order), numbered
/// from 1.
fn numbered(mut lines: Vec<SearchInfo>) -> Vec<SearchInfo> {
    lines.sort_by_key(|l| std::cmp::Reverse(l.score));
    for (i, line) in lines.iter_mut().enumerate() {
        line.multipv = i + 1;
    }
    lines
}

/// The result of the lines (not empty): reported when `report` wants them, the first line's
/// move played, the totals in `info`.
fn finish<E: Evaluator>(
    searcher: &Searcher<'_, E>,
    lines: Vec<SearchInfo>,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    for line in &lines {
        report(line);
    }
    let info = SearchInfo {
        nodes: searcher.nodes,
        time: searcher.clock().elapsed(),
        ..lines[0].clone()
    };
    SearchResult {
        best: info.pv.first().copied(),
        info,
        lines,
    }
}
