//! Lazy SMP: several threads search the same root over the one shared transposition table.
//!
//! The engine's own thread (the *main* thread) runs the search exactly as it does alone: the
//! root threat solver, iterative deepening with its reports, and the defence check of the chosen
//! move. While its iterative deepening runs, `threads - 1` *helper* threads run their own
//! iterative deepening on the same root, each with its own board, evaluator, killers and
//! history, and no threat solver (the default solver is consulted only at the root, which the
//! main thread does). A helper skips some depths, each helper a different pattern (see
//! [`skips_depth`]), so that the threads are spread over several depths rather than repeating
//! one another's work; what they share is the table, where a helper's results make the main
//! thread's next iteration cheaper and better ordered. The move played is always the main
//! thread's.
//!
//! Stopping: every thread looks at its stop flag and the clock every
//! [`crate::params::CHECK_EVERY_NODES`] of its own nodes, and there publishes its node count and
//! compares the sum of all threads' counts with the node limit: the limit bounds the nodes of
//! all threads together, and whichever thread sees it reached stops. When the main thread's iterative deepening ends, for whatever reason (the stop flag, the clock,
//! the node limit, the depth), it raises the helpers' flag and waits for them: the helpers stop
//! within a few hundred nodes, and their nodes are added to the search's total.
//!
//! With one thread nothing here runs and the search is the single-threaded one, deterministic
//! without a time limit.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::ordering::OrderingMemory;
use super::searcher::{SearchSetup, Searcher};
use super::time_manager::Pace;
use super::{SearchInfo, SearchResult, aspiration_search};
use crate::evaluator::Evaluator;
use crate::player::StopFlag;

/// The most search threads an engine runs; larger requests are clamped to it.
pub const MAX_THREADS: usize = 64;

/// How one search thread is linked to the others of its search.
#[derive(Clone, Debug, Default)]
pub(crate) enum ThreadLink {
    /// The only thread.
    #[default]
    Alone,
    /// One of several threads: where every thread publishes its node count (the main thread
    /// at index 0), and this thread's index.
    Shared(Arc<NodeCounts>, usize),
}

/// The node counts of the threads of one search, and the limit on their sum.
#[derive(Debug)]
pub(crate) struct NodeCounts {
    counts: Box<[AtomicU64]>,
    max_nodes: Option<u64>,
}

impl NodeCounts {
    fn new(threads: usize, max_nodes: Option<u64>) -> NodeCounts {
        NodeCounts {
            counts: (0..threads).map(|_| AtomicU64::new(0)).collect(),
            max_nodes,
        }
    }

    /// The nodes of all threads together, as far as they have published them.
    fn total(&self) -> u64 {
        self.counts.iter().map(|c| c.load(Relaxed)).sum()
    }
}

impl ThreadLink {
    /// Called where a thread checks its limits, with its own node count: publishes the count
    /// and answers whether the nodes of all threads together have reached the limit.
    #[inline]
    pub(crate) fn over_node_limit(&self, nodes: u64) -> bool {
        match self {
            ThreadLink::Alone => false,
            ThreadLink::Shared(shared, index) => {
                shared.counts[*index].store(nodes, Relaxed);
                shared.max_nodes.is_some_and(|m| shared.total() >= m)
            }
        }
    }

    /// The nodes the other threads have published so far (0 for a lone thread).
    pub(crate) fn other_nodes(&self) -> u64 {
        match self {
            ThreadLink::Alone => 0,
            ThreadLink::Shared(shared, index) => {
                shared.total() - shared.counts[*index].load(Relaxed)
            }
        }
    }
}

/// Whether helper number `helper` (from 1) skips iteration `depth`. Helper 1 searches the
/// even depths (so on two threads one thread is usually an iteration ahead of the other),
/// helper 2 the odd ones, and later helpers alternate in runs of two, three or four depths,
/// each shifted by its number. Depth 1 is never skipped.
pub(crate) fn skips_depth(helper: usize, depth: u32) -> bool {
    let run = 1 + (helper as u32 - 1) / 2 % 4;
    depth > 1 && (depth + helper as u32) / run % 2 == 0
}

/// Iterative deepening from the root (see [`super::deepen`], paced by `pace`) by the main thread `searcher`
/// and, while it runs, by `helpers` helper threads over the same table; `result` and the
/// reports are the main thread's, the node count (in `searcher.nodes` afterwards) that of all
/// threads.
pub(super) fn deepen<E: Evaluator>(
    searcher: &mut Searcher<'_, E>,
    helpers: usize,
    max_depth: u32,
    pace: Pace,
    result: &mut SearchResult,
    report: &mut dyn FnMut(&SearchInfo),
) {
    if helpers == 0 {
        super::deepen(searcher, max_depth, pace, result, report);
        return;
    }
    let counts = Arc::new(NodeCounts::new(helpers + 1, searcher.max_nodes()));
    let stop = StopFlag::new();
    let tt = searcher.table();
    let board = searcher.board().clone();
    let rule = searcher.rule();
    let features = searcher.features();
    let params = searcher.params();
    let clock = *searcher.clock();
    std::thread::scope(|scope| {
        for index in 0..helpers {
            let mut eval = searcher.evaluator().clone();
            let (board, counts, stop) = (&board, Arc::clone(&counts), stop.clone());
            let spawned = std::thread::Builder::new()
                .name(format!("search-helper-{}", index + 1))
                .spawn_scoped(scope, move || {
                    let mut memory = OrderingMemory::new();
                    let mut helper = Searcher::new(SearchSetup {
                        board,
                        rule,
                        eval: &mut eval,
                        tt,
                        memory: &mut memory,
                        features,
                        params,
                        threat: None,
                        clock,
                        max_nodes: None,
                        stop,
                    });
                    helper.link = ThreadLink::Shared(Arc::clone(&counts), index + 1);
                    help(&mut helper, index + 1, max_depth);
                    counts.counts[index + 1].store(helper.nodes, Relaxed);
                });
            // A helper the system refuses to start is one helper fewer, not a failed search.
            if spawned.is_err() {
                break;
            }
        }
        searcher.link = ThreadLink::Shared(Arc::clone(&counts), 0);
        super::deepen(searcher, max_depth, pace, result, report);
        stop.stop();
    });
    searcher.link = ThreadLink::Alone;
    searcher.nodes += counts.counts[1..]
        .iter()
        .map(|c| c.load(Relaxed))
        .sum::<u64>();
}

/// A helper's iterative deepening: every depth up to `max_depth` that helper number `helper`
/// does not skip, each searched with the aspiration windows of the main thread, until stopped.
fn help<E: Evaluator>(searcher: &mut Searcher<'_, E>, helper: usize, max_depth: u32) {
    let mut previous = None;
    for depth in 1..=max_depth {
        if skips_depth(helper, depth) {
            continue;
        }
        searcher.search_first_at_root(searcher.root_pv().first().copied());
        let score = aspiration_search(searcher, depth as i32, previous);
        if searcher.stopped || score.mate_plies().is_some_and(|n| n <= depth) {
            break;
        }
        previous = Some(score);
    }
}

#[cfg(test)]
mod tests {
    use gomoku_rules::{Game, Rule};

    use super::*;
    use crate::params::CHECK_EVERY_NODES;
    use crate::player::{Limits, Player};
    use crate::search::Engine;

    /// A middle-game position with no quick forced win for either side.
    fn middle_game() -> Game {
        Game::from_move_string(15, Rule::Freestyle, "h8 i9 i8 g8 j7 k6 h9 h7 g10 f11 j9").unwrap()
    }

    /// The engine with a table small enough for quick tests.
    fn small_engine() -> Engine {
        let mut engine = Engine::new();
        engine.set_hash_bytes(4 << 20);
        engine
    }

    fn two_threads(limits: Limits) -> Limits {
        Limits {
            threads: Some(2),
            ..limits
        }
    }

    #[test]
    fn two_threads_return_a_legal_move_and_count_every_threads_nodes() {
        let game = middle_game();
        let mut engine = small_engine();
        let mut reports = Vec::new();
        let result = engine.choose(
            game.board(),
            game.rule(),
            &two_threads(Limits::depth(7)),
            &mut |info| reports.push(info.clone()),
        );
        let best = result.best.unwrap();
        assert!(game.is_legal(best), "{best}");
        assert_eq!(result.info.depth, 7);
        assert!(reports.windows(2).all(|w| w[0].depth < w[1].depth));
        // The final count holds the helper's nodes: more than the main thread's alone, which
        // is at most what its last report said plus the defence check.
        let last_report = reports.last().unwrap().nodes;
        assert!(result.info.nodes >= last_report, "{result:?}");
        // A second search on the same engine (the table now warm) works too.
        let again = engine.choose(
            game.board(),
            game.rule(),
            &two_threads(Limits::depth(7)),
            &mut |_| {},
        );
        assert!(game.is_legal(again.best.unwrap()));
    }

    #[test]
    fn the_node_limit_bounds_all_threads_together() {
        let game = middle_game();
        for max_nodes in [5_000, 40_000] {
            let mut engine = small_engine();
            let limits = Limits {
                max_nodes: Some(max_nodes),
                ..two_threads(Limits::default())
            };
            let result = engine.choose(game.board(), game.rule(), &limits, &mut |_| {});
            assert!(game.is_legal(result.best.unwrap()));
            // Each thread may overrun by what it searches between two looks at the limit.
            let slack = 8 * CHECK_EVERY_NODES;
            assert!(
                result.info.nodes <= max_nodes + slack,
                "{} nodes for a limit of {max_nodes}",
                result.info.nodes
            );
            assert!(result.info.nodes >= max_nodes / 2, "{}", result.info.nodes);
        }
    }

    #[test]
    fn the_stop_flag_stops_every_thread() {
        let game = middle_game();
        for threads in [2, 4] {
            let mut engine = small_engine();
            let limits = Limits {
                threads: Some(threads),
                ..Limits::depth(60)
            };
            let stop = limits.stop.clone();
            let mut at_stop = None;
            // Raised from the report of depth 5: without the flag the search would go on to
            // depth 60, for hours; the test ends only if every thread stops.
            let result = engine.choose(game.board(), game.rule(), &limits, &mut |info| {
                if info.depth == 5 {
                    at_stop = Some(info.nodes);
                    stop.stop();
                }
            });
            let at_stop = at_stop.expect("depth 5 completed");
            assert!(game.is_legal(result.best.unwrap()));
            // No iteration starts once the flag is raised (the helpers may have searched deeper,
            // but the result is the main thread's).
            assert_eq!(result.info.depth, 5, "{result:?}");
            // Once raised, each thread stops within a few looks at the flag (plus one leaf
            // search in progress).
            let after = result.info.nodes - at_stop;
            assert!(
                after <= threads as u64 * 8 * CHECK_EVERY_NODES,
                "{threads} threads: {after} nodes after the stop"
            );
        }
    }

    #[test]
    fn one_thread_is_the_single_threaded_search() {
        let game = middle_game();
        let search = |threads: Option<usize>| {
            let mut engine = small_engine();
            let limits = Limits {
                threads,
                ..Limits::depth(6)
            };
            engine.choose(game.board(), game.rule(), &limits, &mut |_| {})
        };
        // Everything but the time.
        let same = |a: &SearchResult, b: &SearchResult| {
            a.best == b.best
                && SearchInfo {
                    time: b.info.time,
                    ..a.info.clone()
                } == b.info
        };
        let alone = search(None);
        assert!(same(&search(Some(1)), &alone));
        // Zero threads is read as one.
        assert!(same(&search(Some(0)), &alone));
        let two = search(Some(2));
        assert_eq!(two.info.depth, 6);
        assert!(game.is_legal(two.best.unwrap()));
    }

    #[test]
    fn helpers_spread_over_the_depths() {
        let searched = |helper| {
            (1..=12)
                .filter(|&d| !skips_depth(helper, d))
                .collect::<Vec<u32>>()
        };
        assert_eq!(searched(1), [1, 2, 4, 6, 8, 10, 12]);
        assert_eq!(searched(2), [1, 3, 5, 7, 9, 11]);
        for helper in 1..MAX_THREADS {
            let depths = searched(helper);
            assert!(depths.contains(&1), "helper {helper}");
            assert!(depths.len() >= 4, "helper {helper}: {depths:?}");
        }
        // Two helpers never follow the same pattern among the first few.
        let patterns: Vec<_> = (1..=6).map(searched).collect();
        for (i, a) in patterns.iter().enumerate() {
            assert!(!patterns[i + 1..].contains(a), "helper {}", i + 1);
        }
    }

    #[test]
    fn every_thread_counts_all_nodes_against_the_limit() {
        let shared = Arc::new(NodeCounts::new(2, Some(1000)));
        let main = ThreadLink::Shared(Arc::clone(&shared), 0);
        let helper = ThreadLink::Shared(Arc::clone(&shared), 1);
        assert!(!helper.over_node_limit(600));
        assert_eq!(main.other_nodes(), 600);
        assert!(!main.over_node_limit(399));
        assert_eq!(helper.other_nodes(), 399);
        assert!(main.over_node_limit(400));
        assert!(helper.over_node_limit(601));
        let unlimited = ThreadLink::Shared(Arc::new(NodeCounts::new(1, None)), 0);
        assert!(!unlimited.over_node_limit(u64::MAX));
        assert!(!ThreadLink::Alone.over_node_limit(u64::MAX));
        assert_eq!(ThreadLink::Alone.other_nodes(), 0);
    }
}
