//! The engine: the default AI. Iterative deepening over an alpha-beta search (see
//! [`Engine`]).

mod clock;
mod defence;
mod features;
mod four_three;
mod move_overhead;
mod multipv;
mod ordering;
mod search_params;
mod searcher;
mod selectivity;
mod smp;
mod threat_hook;
mod time_manager;
mod tt;

pub use features::SearchFeatures;
pub use move_overhead::{MoveOverhead, OVERHEAD_SAMPLES};
pub use search_params::{SearchParamError, SearchParamInfo, SearchParams};
pub use smp::MAX_THREADS;
pub use threat_hook::{WinFinder, WinSearch};
pub use time_manager::{TimeBudget, moves_left};
pub use tt::TranspositionTable;

use std::time::Duration;

use gomoku_rules::{Board, Point, Rule};

use crate::evaluator::Evaluator;
use crate::levels::{Level, LevelCaps};
use crate::memory::MemoryBudget;
use crate::params::{
    ASPIRATION_MAX_WINDOW, ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW, DEFAULT_HASH_BYTES,
    DEPTH_WITHOUT_LIMITS, MAIN_SEARCH_TIME_PERCENT, MAX_PLY, ROOT_THREAT_TIME_PERCENT,
};
use crate::pattern_evaluator::PatternEvaluator;
use crate::player::{Limits, Player, SearchInfo, SearchResult};
use crate::score::Score;
use crate::skill::Skill;
use crate::threat::{Budget, ThreatSolver};
use clock::Clock;
use ordering::OrderingMemory;
use searcher::{SearchSetup, Searcher};
use time_manager::{Iteration, Pace};

/// The default AI: negamax alpha-beta with principal variation search and iterative deepening,
/// a transposition table keyed by the board's Zobrist hash (with a memory bound), move ordering
/// (table move, threats first through the evaluator's move scores, killers and history),
/// candidates from the neighbourhood of the stones pruned by threats (against a four only the
/// block; against an open three, or a four-three point, only the defences and own fours),
/// forced-reply extensions, and mate scores that prefer the fastest win and the slowest loss.
/// Away from the principal variation, where the opponent threatens nothing, it is selective as
/// strong Gomoku engines are: razoring into the leaf search, futility and null-move pruning, move-count pruning,
/// pruning of shapeless moves near the leaves and logarithmic late move reductions; the root
/// searches aspiration windows.
///
/// A threat solver ([`WinFinder`], by default [`ThreatSolver`]) looks for the engine's own
/// forced win before the search (the shortest VCF, then a VCT), at the leaves if it asks for a
/// leaf budget (by default the engine's own leaf search plays the fours there), and, after the
/// search, for the opponent's forced win against the
/// chosen move: a refuted move is dropped and the search runs again without it (see
/// [`SearchFeatures`]).
///
/// With [`Limits::multi_pv`] above 1 it searches that many best moves (see
/// [`SearchResult::lines`]); the threat check of the chosen move is then left out, and the
/// search runs on one thread.
///
/// It honours every [`Limits`] field (depth, nodes, time per move, match time left, memory,
/// threads, stop flag), stops cleanly with the best move of the last completed iteration (or a
/// better one that an unfinished iteration found), and is deterministic on one thread when no
/// time limit applies. On several threads ([`Engine::set_threads`], [`Limits::threads`]) helper
/// threads search the same position over the shared transposition table while the engine's
/// own thread searches as it does alone (Lazy SMP; the node limit counts every thread). It never
/// returns an illegal move, nor a Renju foul for Black.
///
/// ```
/// use gomoku_ai::{Engine, Limits, Player};
/// use gomoku_rules::{Board, Rule};
/// let board: Board = "
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . X X X X . . .
///     . . . . . . . . .
///     . . O O O . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . O . . . .".parse().unwrap();
/// let mut engine = Engine::new();
/// let result = engine.choose(&board, Rule::Freestyle, &Limits::depth(3), &mut |_| {});
/// // White must block Black's open four... but cannot block both ends: Black wins.
/// assert!(result.info.score.is_mate());
/// ```
pub struct Engine<E: Evaluator = PatternEvaluator> {
    caps: LevelCaps,
    name: String,
    eval: E,
    /// Allocated by the first search (and again when its size changes), so that a memory
    /// limit given with the first search is honoured from the start.
    tt: TranspositionTable,
    /// The size of the table without a memory limit, if set ([`Engine::set_hash_bytes`]);
    /// otherwise each search sizes it by its time ([`TranspositionTable::bytes_for_move_time`]).
    hash_bytes: Option<usize>,
    /// The size the last search chose by its time (when no size is set).
    timed_hash_bytes: usize,
    /// The memory limit of the last search.
    max_memory: Option<u64>,
    /// Search threads when the limits name none (see [`Engine::set_threads`]).
    threads: usize,
    /// Search threads of the last search (after the clamps).
    last_threads: usize,
    memory: OrderingMemory,
    features: SearchFeatures,
    params: SearchParams,
    threat: Option<Box<dyn WinFinder>>,
    /// A level's weakness (see [`crate::skill`]); `None` plays the search's best move.
    skill: Option<Skill>,
}

impl Engine<PatternEvaluator> {
    /// The engine at [`Level::Max`] (only the caller's limits apply) with the default evaluator
    /// and a transposition table sized by each move's time (at most [`DEFAULT_HASH_BYTES`]).
    pub fn new() -> Engine {
        Engine::with_evaluator(PatternEvaluator::new())
    }

    /// The engine at a difficulty level.
    pub fn with_level(level: Level) -> Engine {
        let mut engine = Engine::new();
        engine.set_level(level);
        engine
    }

    /// The engine searching at most `depth` plies.
    pub fn with_depth(depth: u32) -> Engine {
        let mut engine = Engine::new();
        engine.caps = LevelCaps::depth(depth.clamp(1, MAX_PLY as u32));
        engine.name = format!("engine:{}", depth.clamp(1, MAX_PLY as u32));
        engine
    }
}

impl Default for Engine<PatternEvaluator> {
    fn default() -> Engine {
        Engine::new()
    }
}

impl<E: Evaluator> Engine<E> {
    /// The engine with a user-supplied evaluator (at [`Level::Max`]).
    pub fn with_evaluator(eval: E) -> Engine<E> {
        Engine {
            caps: Level::Max.caps(),
            name: "engine".to_string(),
            eval,
            tt: TranspositionTable::new(0),
            hash_bytes: None,
            timed_hash_bytes: DEFAULT_HASH_BYTES,
            max_memory: None,
            threads: 1,
            last_threads: 1,
            memory: OrderingMemory::new(),
            features: SearchFeatures::default(),
            params: SearchParams::default(),
            threat: Some(Box::new(ThreatSolver::new())),
            skill: None,
        }
    }

    /// The same engine (level, name, parameters, table, threads, threat solver) with its
    /// evaluator replaced by `f` of it: e.g. a [`crate::nnue::NnueEvaluator`] over the
    /// [`PatternEvaluator`] that a player spec configured.
    pub fn map_evaluator<F: Evaluator>(self, f: impl FnOnce(E) -> F) -> Engine<F> {
        Engine {
            caps: self.caps,
            name: self.name,
            eval: f(self.eval),
            tt: self.tt,
            hash_bytes: self.hash_bytes,
            timed_hash_bytes: self.timed_hash_bytes,
            max_memory: self.max_memory,
            threads: self.threads,
            last_threads: self.last_threads,
            memory: self.memory,
            features: self.features,
            params: self.params,
            threat: self.threat,
            skill: self.skill,
        }
    }

    /// The evaluator, to change its settings (e.g. [`PatternEvaluator::set_weights`]).
    pub fn evaluator_mut(&mut self) -> &mut E {
        &mut self.eval
    }

    /// Sets the difficulty level: its caps and its weakness ([`Level::skill`], drawing from a
    /// generator seeded with 0 until [`Engine::set_seed`]).
    pub fn set_level(&mut self, level: Level) {
        self.caps = level.caps();
        self.skill = level.skill().map(|s| Skill::seeded(s, 0));
        self.name = match level {
            Level::Max => "engine".to_string(),
            _ => format!("engine:{level}"),
        };
    }

    /// Seeds the random choices of a level's weakness (nothing else in the search is random).
    pub fn set_seed(&mut self, seed: u64) {
        if let Some(skill) = &mut self.skill {
            skill.reseed(seed);
        }
    }

    /// Sets the transposition table to use at most `bytes` bytes when no memory limit asks for
    /// less (clears it; the table is allocated by the next search). Without this call each
    /// search sizes the table by its time ([`TranspositionTable::bytes_for_move_time`]).
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        self.hash_bytes = Some(bytes);
        self.tt = TranspositionTable::new(0);
    }

    /// Sets the number of search threads used when [`Limits::threads`] names none: 1 (the
    /// default) searches alone and deterministically; more run a parallel search (Lazy SMP,
    /// see the engine's documentation). Clamped to 1..=[`MAX_THREADS`].
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// The number of search threads set by [`Engine::set_threads`].
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The memory the transposition table uses (or will use from the next search on), in bytes:
    /// the size set by [`Engine::set_hash_bytes`] or else the one the last search chose by its
    /// time, or less under the last search's memory limit.
    pub fn hash_bytes(&self) -> usize {
        TranspositionTable::bytes_for(self.hash_bytes_under(self.max_memory, self.last_threads))
    }

    /// The size of the transposition table under a memory limit with `threads` search threads:
    /// its share (see [`MemoryBudget`]), or the size set without a limit when that is smaller.
    fn hash_bytes_under(&self, max_memory: Option<u64>, threads: usize) -> usize {
        let own = self.hash_bytes.unwrap_or(self.timed_hash_bytes);
        max_memory.map_or(own, |memory| {
            MemoryBudget::for_threads(memory, threads)
                .hash_bytes
                .min(own)
        })
    }

    /// Sizes the tables for a search of `move_time` with `threads` threads under `max_memory`
    /// (see [`MemoryBudget`]): the threads are cut to what the limit holds, the transposition
    /// table is sized by the move's time unless a size is set, and (re)allocated when its
    /// size changes, and the threat solver is given its share. Returns the threads to run.
    fn fit_memory(
        &mut self,
        max_memory: Option<u64>,
        threads: usize,
        move_time: Option<Duration>,
    ) -> usize {
        let threads = max_memory.map_or(threads, |m| threads.min(MemoryBudget::max_threads(m)));
        self.max_memory = max_memory;
        self.last_threads = threads;
        let timed = TranspositionTable::bytes_for_move_time(move_time, threads);
        // A match clock changes the time of every move: keep the table (and what it holds)
        // unless its size is off by more than a factor of two.
        if timed > self.timed_hash_bytes * 2 || timed * 2 < self.timed_hash_bytes {
            self.timed_hash_bytes = timed;
        }
        let bytes = self.hash_bytes_under(max_memory, threads);
        if self.tt.bytes() != TranspositionTable::bytes_for(bytes) {
            // Free the old table before the new one takes memory.
            self.tt = TranspositionTable::new(0);
            self.tt = TranspositionTable::new(bytes);
        }
        if let Some(threat) = &mut self.threat {
            threat.set_table_bytes(
                max_memory.map(|m| MemoryBudget::for_threads(m, threads).threat_bytes),
            );
        }
        threads
    }

    /// Switches the threat-space solver (VCF/VCT) off, both for the engine's own wins and for
    /// checking its moves against the opponent's, for measuring what it brings; the name gains
    /// `,no-threats` (`engine:no-threats` for the default level).
    pub fn disable_threat_search(&mut self) {
        self.features.threat_search = false;
        self.features.threat_defence = false;
        self.add_to_name("no-threats");
    }

    /// Switches off only the check of the chosen move against the opponent's forced wins (see
    /// [`SearchFeatures::threat_defence`]); the name gains `,no-defence`.
    pub fn disable_threat_defence(&mut self) {
        self.features.threat_defence = false;
        self.add_to_name("no-defence");
    }

    /// Adds `option` to the name: `engine:option`, or `engine:level,option`.
    pub(crate) fn add_to_name(&mut self, option: &str) {
        let separator = if self.name.contains(':') { ',' } else { ':' };
        self.name = format!("{}{separator}{option}", self.name);
    }

    /// Switches parts of the search on or off (for tests and experiments).
    pub fn set_features(&mut self, features: SearchFeatures) {
        self.features = features;
    }

    /// The parameters of the selective search (margins, move counts, reductions).
    pub fn search_params(&self) -> &SearchParams {
        &self.params
    }

    /// Sets search parameter `name` to `value` (see [`SearchParams::set`]), for tuning and
    /// experiments.
    ///
    /// # Errors
    /// [`SearchParamError`] for an unknown name or a value outside the parameter's range; the
    /// engine is then unchanged.
    pub fn set_search_param(&mut self, name: &str, value: f64) -> Result<(), SearchParamError> {
        self.params.set(name, value)
    }

    /// Installs a threat-space solver, consulted at the root before the main search and at
    /// leaves (see [`WinFinder`]).
    pub fn set_threat_solver(&mut self, solver: Box<dyn WinFinder>) {
        self.threat = Some(solver);
    }

    /// Searches `board` under `rule` and returns the result (as [`Player::choose`]). At a level
    /// with a weakness (and unless the caller asks for several lines) it searches the level's
    /// lines and lets the weakness choose among them ([`Skill::choose`]).
    pub fn search(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        match self.skill.take() {
            Some(mut skill) if limits.multi_pv <= 1 => {
                let lines = Limits {
                    multi_pv: skill.settings().lines,
                    ..limits.clone()
                };
                let result = self.search_best(board, rule, &lines, report);
                let chosen = skill.choose(result, board, rule, &mut self.eval);
                self.skill = Some(skill);
                chosen
            }
            skill => {
                self.skill = skill;
                self.search_best(board, rule, limits, report)
            }
        }
    }

    /// The search itself, without a level's weakness.
    fn search_best(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let limits = self.caps.apply(limits);
        let threads = limits.threads.unwrap_or(self.threads).clamp(1, MAX_THREADS);
        let planned = TimeBudget::for_limits(&limits, board, rule).map(|b| b.optimum);
        let threads = self.fit_memory(limits.max_memory, threads, planned);
        let clock = Clock::start(&limits, board, rule);
        let max_depth = match limits.max_depth {
            Some(d) => d.clamp(1, MAX_PLY as u32 - 1),
            None if limits.max_nodes.is_none() && !clock.is_timed() => DEPTH_WITHOUT_LIMITS,
            None => MAX_PLY as u32 - 1,
        };
        self.tt.new_search();
        self.memory.new_search();
        let mut searcher = Searcher::new(SearchSetup {
            board,
            rule,
            eval: &mut self.eval,
            tt: &self.tt,
            memory: &mut self.memory,
            features: self.features,
            params: self.params,
            threat: self.threat.as_deref_mut(),
            clock,
            max_nodes: limits.max_nodes,
            stop: limits.stop.clone(),
        });
        searcher.helper_threads = threads - 1;
        if limits.multi_pv > 1 {
            let lines = multipv::search_lines(&mut searcher, max_depth, limits.multi_pv, report);
            if let Some(result) = lines {
                return result;
            }
        }
        let mut result = iterate(&mut searcher, max_depth, report);
        multipv::fill_single_line(&mut result);
        result
    }
}

/// Iterative deepening from depth 1 to `max_depth`, reporting after each completed iteration.
fn iterate<E: Evaluator>(
    searcher: &mut Searcher<'_, E>,
    max_depth: u32,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let mut root_moves = Vec::new();
    searcher.candidates(0, None, &mut root_moves);
    let fallback = root_moves
        .first()
        .map(|c| c.point)
        .or_else(|| any_legal_move(searcher));
    let mut result = SearchResult {
        best: fallback,
        info: SearchInfo {
            depth: 0,
            seldepth: 0,
            score: Score::DRAW,
            nodes: 0,
            time: Duration::ZERO,
            pv: fallback.into_iter().collect(),
            multipv: 1,
        },
        lines: Vec::new(),
    };
    if fallback.is_none() {
        return result;
    }
    if root_moves.len() == 1 && searcher.board().total_stones() == 0 {
        return result;
    }
    let us = searcher.board().side_to_move();
    if let Some(win) = searcher.patterns().fives(us).iter().next() {
        result.best = Some(win);
        result.info.score = Score::win_in(1);
        result.info.pv = vec![win];
        report(&result.info);
        return result;
    }
    if let Some(line) = root_threat_win(searcher) {
        result.best = line.first().copied();
        result.info.score = Score::win_in(win_plies(searcher.board(), searcher.rule(), &line));
        result.info.pv = line;
        report(&result.info);
        return result;
    }
    let full_clock = *searcher.clock();
    let full_nodes = searcher.max_nodes();
    let defend = searcher.features().threat_defence && root_moves.len() > 1;
    if defend {
        // Keep time (and nodes) for checking the chosen move against the opponent's threats.
        searcher.set_clock(full_clock.share(MAIN_SEARCH_TIME_PERCENT));
        searcher.set_max_nodes(full_nodes.map(|m| m / 4 * 3));
    }
    let helpers = searcher.helper_threads;
    let pace = Pace::new(root_moves.len() == 1);
    smp::deepen(searcher, helpers, max_depth, pace, &mut result, report);
    if defend {
        searcher.set_clock(full_clock);
        searcher.set_max_nodes(full_nodes);
        defence::defend_root(searcher, max_depth, &mut result, report);
    }
    result.info.nodes = searcher.nodes;
    result.info.time = searcher.clock().elapsed();
    // A lost root leaves no principal variation: keep the best-ordered defence.
    if result
        .best
        .is_none_or(|p| !searcher.board().is_empty_at(p) || !searcher.is_legal(p))
    {
        result.best = fallback;
    }
    result
}

/// Iterative deepening from depth 1 to `max_depth` (until the clock, the time manager's `pace`,
/// the node limit or the stop flag ends it), updating `result` and reporting after each
/// completed iteration.
fn deepen<E: Evaluator>(
    searcher: &mut Searcher<'_, E>,
    max_depth: u32,
    mut pace: Pace,
    result: &mut SearchResult,
    report: &mut dyn FnMut(&SearchInfo),
) {
    for depth in 1..=max_depth {
        // A stop raised between iterations (by a report, or by another thread) ends the search
        // here: the next iteration could finish from the table before its first look at the
        // flag, and a stopped search must not go deeper.
        if depth > 1
            && (searcher.stop_flag().is_stopped() || !searcher.clock().may_start_iteration(&pace))
        {
            break;
        }
        let started = searcher.clock().elapsed();
        searcher.search_first_at_root(result.best);
        let previous = (depth > 1).then_some(result.info.score);
        let score = aspiration_search(searcher, depth as i32, previous);
        if searcher.stopped {
            // The unfinished iteration searched its first root moves to the full depth, the
            // previous best first: a move that beat it there is the better choice.
            let partial = searcher.root_pv();
            if let Some(&best) = partial.first() {
                if result.best != Some(best) {
                    result.best = Some(best);
                    result.info.pv = partial;
                }
            }
            break;
        }
        let mut pv = searcher.root_pv();
        match pv.first() {
            Some(&best) => result.best = Some(best),
            // A lost root has no principal variation: show the defence played.
            None => pv.extend(result.best),
        }
        result.info = SearchInfo {
            depth,
            seldepth: searcher.seldepth,
            score,
            nodes: searcher.total_nodes(),
            time: searcher.clock().elapsed(),
            pv,
            multipv: 1,
        };
        report(&result.info);
        if score.mate_plies().is_some_and(|n| n <= depth) {
            break;
        }
        pace.record(Iteration {
            depth,
            time: result.info.time.saturating_sub(started),
            best: result.best,
            score,
            best_effort: result.best.map_or(1.0, |b| searcher.root_effort_share(b)),
        });
    }
}

/// One iteration at the root. From [`ASPIRATION_MIN_DEPTH`] on, and while the previous
/// iteration's score is no mate, it first searches a narrow window around that score and widens
/// the side that fails until the score falls inside.
fn aspiration_search<E: Evaluator>(
    searcher: &mut Searcher<'_, E>,
    depth: i32,
    previous: Option<Score>,
) -> Score {
    let full = |searcher: &mut Searcher<'_, E>| {
        searcher.negamax(depth, 0, -Score::INFINITE, Score::INFINITE)
    };
    let Some(center) = previous.filter(|s| !s.is_mate()) else {
        return full(searcher);
    };
    if !searcher.features().selective || depth < ASPIRATION_MIN_DEPTH {
        return full(searcher);
    }
    let mut delta = ASPIRATION_WINDOW;
    let mut alpha = center - delta;
    let mut beta = center + delta;
    loop {
        let score = searcher.negamax(depth, 0, alpha, beta);
        if searcher.stopped || (score > alpha && score < beta) {
            return score;
        }
        delta *= 2;
        if delta > ASPIRATION_MAX_WINDOW {
            return full(searcher);
        }
        if score <= alpha {
            alpha = score - delta;
        } else {
            beta = score + delta;
        }
    }
}

/// A legal move anywhere, for positions whose candidates are all illegal.
fn any_legal_move<E: Evaluator>(searcher: &Searcher<'_, E>) -> Option<Point> {
    searcher
        .board()
        .empty_points()
        .iter()
        .find(|&p| searcher.is_legal(p))
}

/// The plies until the game ends along a threat solver's winning `line`: its length when the
/// last move makes a five, two more when it ends instead with a four the defender cannot block
/// (Renju: every block is a foul for Black).
pub(crate) fn win_plies(board: &Board, rule: Rule, line: &[Point]) -> u32 {
    let mut board = board.clone();
    for &p in line {
        if !board.is_empty_at(p) {
            break;
        }
        board.play_unchecked(p);
    }
    let ends_in_five = line
        .last()
        .is_some_and(|&p| rule.winning_line(&board, p).is_some());
    line.len() as u32 + if ends_in_five { 0 } else { 2 }
}

/// Asks the threat solver, if any, for a win at the root.
fn root_threat_win<E: Evaluator>(searcher: &mut Searcher<'_, E>) -> Option<Vec<Point>> {
    let board = searcher.board().clone();
    let rule = searcher.rule();
    if !searcher.features().threat_search {
        return None;
    }
    let stop = searcher.stop_flag().clone();
    // Within a node limit, the solver may take a quarter of it (its nodes count as the search's).
    let node_cap = searcher.max_nodes().map_or(u64::MAX, |m| m / 4);
    let time = searcher
        .clock()
        .remaining()
        .map(|t| t * ROOT_THREAT_TIME_PERCENT / 100);
    let solver = searcher.threat_solver()?;
    let budget = Budget {
        time,
        stop: Some(stop),
        ..Budget::nodes(solver.root_budget().min(node_cap))
    };
    let found = solver.find_win(&board, rule, &budget, true);
    searcher.nodes += found.nodes;
    let line = found.line?;
    let first = *line.first()?;
    (board.is_empty_at(first) && searcher.is_legal(first)).then_some(line)
}

impl<E: Evaluator + 'static> Player for Engine<E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search(board, rule, limits, report)
    }

    fn new_game(&mut self) {
        self.tt.clear();
        self.memory = OrderingMemory::new();
        if let Some(threat) = &mut self.threat {
            threat.new_game();
        }
    }

    fn time_budget(&self, board: &Board, rule: Rule, limits: &Limits) -> Option<TimeBudget> {
        TimeBudget::for_limits(&self.caps.apply(limits), board, rule)
    }
}

impl<E: Evaluator> std::fmt::Debug for Engine<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("name", &self.name)
            .field("caps", &self.caps)
            .field("hash_bytes", &self.hash_bytes())
            .field("features", &self.features)
            .finish()
    }
}
