//! The search proper: negamax alpha-beta with principal variation search, a transposition
//! table, threat-pruned candidates, forced-reply extensions and late move reductions.

use gomoku_rules::{Board, Color, Point, Rule, renju};

use super::clock::Clock;
use super::features::SearchFeatures;
use super::four_three::four_three_defences;
use super::ordering::OrderingMemory;
use super::search_params::SearchParams;
use super::selectivity::{max_shape, pruning_estimate, singular_depth};
use super::smp::ThreadLink;
use super::threat_hook::WinFinder;
use super::tt::{Bound, Hit, TranspositionTable};
use crate::evaluator::Evaluator;
use crate::params::{
    CANDIDATE_RADIUS, CHECK_EVERY_NODES, EVAL_LIMIT, FUTILITY_MAX_DEPTH, IIR_MIN_DEPTH,
    LMP_MAX_DEPTH, LMP_MIN_MOVE, LMP_MOVES_PER_DEPTH2, LMR_MIN_DEPTH, LMR_MIN_MOVE, MAX_PLY,
    NULL_MOVE_MIN_DEPTH, RAZOR_MAX_DEPTH, SINGULAR_MIN_DEPTH, SINGULAR_TT_DEPTH_SLACK,
    TRIVIAL_PRUNING_DEPTH,
};
use crate::pattern::{Patterns, Shape};
use crate::player::StopFlag;
use crate::score::Score;
use crate::threat::Budget;

/// Whether Black's shapes on a point leave room for a foul, so that the (costlier) full check
/// is needed: an overline, a possible double four on one line (two completions), or two lines
/// that are threes or fours. Every RIF three is an open three here and every four a four, so
/// a point that fails this test is never forbidden.
#[inline]
fn may_be_foul(shapes: [Shape; 4]) -> bool {
    let mut threats = 0;
    for s in shapes {
        match s {
            Shape::Overline | Shape::OpenFour => return true,
            Shape::OpenThree | Shape::Four => threats += 1,
            _ => {}
        }
    }
    threats >= 2
}

mod pick;
use pick::next_in_order;
mod quiescence;

/// At most this many moves of a node that did not cut off lose history when a later one does.
const MAX_TRIED: usize = 32;

/// A candidate move as the move generator hands it to the search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidate {
    /// The move.
    pub(crate) point: Point,
    /// Its place in the ordering: the move's own value plus history and killer bonuses
    /// (`i32::MAX` for the table move); higher is searched first.
    pub(crate) order: i32,
    /// The move's own value ([`Evaluator::score_move`]), without the bonuses.
    pub(crate) value: i32,
}

/// What a singular-extension test decided for the transposition table's move.
enum Singular {
    /// Every other move failed low: search the table move a ply deeper.
    Extend,
    /// Another move holds the test's bound too, which lies at or above beta: the node fails
    /// high with this score.
    MultiCut(Score),
    /// Other moves hold the test's bound and the table score beats beta: a ply shallower.
    Reduce,
    /// No test, or nothing to change.
    Keep,
}

/// Mixes the move left out of a singular-extension test into the position's key, so that the
/// test's results never stand for the full node's.
#[inline]
fn excluded_key(p: Point) -> u64 {
    (p.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The state of one search (one call of the engine).
pub(crate) struct Searcher<'a, E: Evaluator> {
    board: Board,
    rule: Rule,
    eval: &'a mut E,
    /// Patterns kept by the search when the evaluator keeps none of its own.
    own_patterns: Option<Patterns>,
    tt: &'a TranspositionTable,
    memory: &'a mut OrderingMemory,
    features: SearchFeatures,
    /// The margins, move counts and reductions of the selective search.
    params: SearchParams,
    threat: Option<&'a mut (dyn WinFinder + 'static)>,
    clock: Clock,
    max_nodes: Option<u64>,
    stop: StopFlag,
    pub(crate) nodes: u64,
    /// The node count at which the clock and the stop flag are next looked at.
    next_check: u64,
    pub(crate) seldepth: u32,
    pub(crate) stopped: bool,
    pv: Box<[[Point; MAX_PLY + 2]; MAX_PLY + 2]>,
    pv_len: [usize; MAX_PLY + 2],
    move_lists: Vec<Vec<Candidate>>,
    /// The static evaluation of the node at each ply of the current line.
    static_evals: [Score; MAX_PLY + 2],
    /// The move at each ply of the current line (`None` for a null move, a pass).
    line: [Option<Point>; MAX_PLY + 2],
    /// The move that a singular-extension test leaves out at each ply of the current line.
    excluded: [Option<Point>; MAX_PLY + 2],
    /// The node count at which the current leaf search stops playing fours.
    quiescence_limit: u64,
    /// Root moves the search must not play (refuted by the opponent's forced win).
    root_excluded: Vec<Point>,
    /// The root move searched first (the previous iteration's best).
    root_first: Option<Point>,
    /// The nodes spent under each root move in the current iteration (for the time manager).
    root_effort: Vec<(Point, u64)>,
    /// Helper threads to start for the iterative deepening (see [`super::smp`]).
    pub(crate) helper_threads: usize,
    /// How this thread shares its node count with the other threads of the search.
    pub(crate) link: ThreadLink,
}

/// Everything a [`Searcher`] borrows or needs, gathered by the engine.
pub(crate) struct SearchSetup<'a, E: Evaluator> {
    pub board: &'a Board,
    pub rule: Rule,
    pub eval: &'a mut E,
    pub tt: &'a TranspositionTable,
    pub memory: &'a mut OrderingMemory,
    pub features: SearchFeatures,
    pub params: SearchParams,
    pub threat: Option<&'a mut (dyn WinFinder + 'static)>,
    pub clock: Clock,
    pub max_nodes: Option<u64>,
    pub stop: StopFlag,
}

impl<'a, E: Evaluator> Searcher<'a, E> {
    pub(crate) fn new(setup: SearchSetup<'a, E>) -> Searcher<'a, E> {
        setup.eval.reset(setup.board, setup.rule);
        let own_patterns = setup
            .eval
            .patterns()
            .is_none()
            .then(|| Patterns::new(setup.board, setup.rule));
        Searcher {
            board: setup.board.clone(),
            rule: setup.rule,
            eval: setup.eval,
            own_patterns,
            tt: setup.tt,
            memory: setup.memory,
            features: setup.features,
            params: setup.params,
            threat: setup.threat,
            clock: setup.clock,
            max_nodes: setup.max_nodes,
            stop: setup.stop,
            nodes: 0,
            next_check: 0,
            seldepth: 0,
            stopped: false,
            pv: Box::new([[Point::new_unchecked(0, 0); MAX_PLY + 2]; MAX_PLY + 2]),
            pv_len: [0; MAX_PLY + 2],
            move_lists: vec![Vec::new(); MAX_PLY + 2],
            static_evals: [Score::DRAW; MAX_PLY + 2],
            line: [None; MAX_PLY + 2],
            excluded: [None; MAX_PLY + 2],
            quiescence_limit: 0,
            root_excluded: Vec::new(),
            root_first: None,
            root_effort: Vec::new(),
            helper_threads: 0,
            link: ThreadLink::Alone,
        }
    }

    /// The patterns of the current position.
    #[inline]
    pub(crate) fn patterns(&self) -> &Patterns {
        match &self.own_patterns {
            Some(p) => p,
            None => self
                .eval
                .patterns()
                .expect("an evaluator that reports patterns keeps reporting them"),
        }
    }

    /// The transposition table (shared by every thread of the search).
    pub(crate) fn table(&self) -> &'a TranspositionTable {
        self.tt
    }

    /// The evaluator, in step with the board.
    pub(crate) fn evaluator(&self) -> &E {
        self.eval
    }

    /// The nodes of this search so far, those the helper threads have published included.
    pub(crate) fn total_nodes(&self) -> u64 {
        self.nodes + self.link.other_nodes()
    }

    /// The rule of the search.
    pub(crate) fn rule(&self) -> Rule {
        self.rule
    }

    /// The board being searched (the root position between iterations).
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// The principal variation of the last completed search from the root.
    pub(crate) fn root_pv(&self) -> Vec<Point> {
        self.pv[0][..self.pv_len[0]].to_vec()
    }

    /// The parts of the search switched on.
    pub(crate) fn features(&self) -> SearchFeatures {
        self.features
    }

    /// The parameters of the selective search.
    pub(crate) fn params(&self) -> SearchParams {
        self.params
    }

    /// The node limit of this search.
    pub(crate) fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// Changes the node limit (the count so far is kept).
    pub(crate) fn set_max_nodes(&mut self, max_nodes: Option<u64>) {
        self.max_nodes = max_nodes;
    }

    /// Makes `p` the root move searched first (the best of the previous iteration): a search
    /// stopped before its end then still knows that every root move it finished beat it.
    /// It also starts a new iteration's count of the nodes under each root move.
    pub(crate) fn search_first_at_root(&mut self, p: Option<Point>) {
        self.root_first = p;
        self.root_effort.clear();
    }

    /// The share (0 to 1) of the current iteration's root nodes spent under `p`; 1 before any.
    pub(crate) fn root_effort_share(&self, p: Point) -> f64 {
        let total: u64 = self.root_effort.iter().map(|e| e.1).sum();
        if total == 0 {
            return 1.0;
        }
        let own: u64 = self
            .root_effort
            .iter()
            .filter(|e| e.0 == p)
            .map(|e| e.1)
            .sum();
        own as f64 / total as f64
    }

    /// Adds `nodes` searched under root move `p` to the current iteration's count.
    fn add_root_effort(&mut self, p: Point, nodes: u64) {
        match self.root_effort.iter_mut().find(|e| e.0 == p) {
            Some(entry) => entry.1 += nodes,
            None => self.root_effort.push((p, nodes)),
        }
    }

    /// Keeps the search from playing `p` at the root from now on.
    pub(crate) fn exclude_root(&mut self, p: Point) {
        self.root_excluded.push(p);
    }

    /// The root moves the search must not play (see [`Searcher::exclude_root`]), to save and
    /// restore them around a multi-PV iteration.
    pub(crate) fn root_excluded_mut(&mut self) -> &mut Vec<Point> {
        &mut self.root_excluded
    }

    /// Replaces the clock, and lets a search that was stopped by the old one run again.
    pub(crate) fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
        self.stopped = false;
    }

    /// The flag that stops this search.
    pub(crate) fn stop_flag(&self) -> &StopFlag {
        &self.stop
    }

    /// The clock of this search.
    pub(crate) fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The threat solver, if any.
    pub(crate) fn threat_solver(&mut self) -> Option<&mut (dyn WinFinder + 'static)> {
        self.threat.as_deref_mut()
    }

    #[inline]
    fn play(&mut self, p: Point) {
        self.play_and(p, false);
    }

    /// [`Searcher::play`] for a move the search will probe the table after: the table slot of
    /// the new position is fetched while the patterns are updated.
    #[inline]
    fn play_prefetching(&mut self, p: Point) {
        self.play_and(p, true);
    }

    #[inline(always)]
    fn play_and(&mut self, p: Point, prefetch: bool) {
        self.board.play_unchecked(p);
        if prefetch {
            self.tt.prefetch(self.board.hash());
        }
        self.eval.on_play(&self.board, p);
        if let Some(own) = &mut self.own_patterns {
            own.play(&self.board, p);
        }
    }

    #[inline]
    fn undo(&mut self, p: Point) {
        self.board.undo_unchecked(p);
        self.eval.on_undo(&self.board, p);
        if let Some(own) = &mut self.own_patterns {
            own.undo(&self.board, p);
        }
    }

    /// Whether the side to move may play the empty point `p` (not a Renju foul; a five is
    /// always allowed).
    #[inline]
    pub(crate) fn is_legal(&self, p: Point) -> bool {
        !(self.rule.has_fouls()
            && self.board.side_to_move() == Color::Black
            && !self.patterns().fives(Color::Black).contains(p)
            && may_be_foul(self.patterns().shapes(p, Color::Black))
            && renju::forbidden(&self.board, p).is_some())
    }

    /// A win the opponent cannot stop, read from the shapes alone, when the opponent (with no
    /// five to make) has no four to make either, and so can never gain a tempo: an open four
    /// wins in three plies; a four-three (the block of the four leaves the open three) or a
    /// double three (one stone stops only one of them) wins in five. Not for Black under
    /// Renju, whose double threes and some four-threes are fouls (an open four is checked for
    /// legality), nor under caro, where a five blocked at both ends does not win.
    ///
    /// Reading four-threes and double threes too (before, only open fours) took the mate suite
    /// (`gomoku bench --mates`) from 38 to 41 of 58 positions solved and its geometric mean
    /// from 966k to 731k nodes (11 rather than 7 within 200,000 nodes), and measured
    /// +18 +-21 Elo in self-play (SPRT(0, 10), pentanomial, 100 ms/move: 389-343-134 after
    /// 866 games, LLR 1.28 of 2.94, stopped: likely a gain, not a proven one).
    pub(crate) fn static_win(&mut self, ply: usize) -> Option<Score> {
        let us = self.board.side_to_move();
        let pat = self.patterns();
        if !pat.fours(!us).is_empty() {
            return None;
        }
        if let Some(p) = pat.open_fours(us).iter().find(|&p| self.is_legal(p)) {
            self.set_pv_single(ply, p);
            return Some(Score::win_in(ply as u32 + 3));
        }
        let fouls = self.rule.has_fouls() && us == Color::Black;
        if fouls || matches!(self.rule, Rule::Caro | Rule::CaroExactFive) {
            return None;
        }
        let pat = self.patterns();
        let p = pat
            .four_three_point(us)
            .or_else(|| pat.double_three_point(us))?;
        self.set_pv_single(ply, p);
        Some(Score::win_in(ply as u32 + 5))
    }

    /// Whether the search must stop now (stop flag, node limit, clock).
    #[inline]
    fn must_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.max_nodes.is_some_and(|m| self.nodes >= m) {
            self.stopped = true;
        } else if self.nodes >= self.next_check {
            // A threshold, not a multiple: leaf solver calls add many nodes at once.
            self.next_check = self.nodes + CHECK_EVERY_NODES;
            self.stopped = self.stop.is_stopped()
                || self.clock.out_of_time()
                || self.link.over_node_limit(self.nodes);
        }
        self.stopped
    }

    /// The opponent's move that led to the node `ply` plies from the root (`None` at the root
    /// or after a null move): the move a counter move answers.
    #[inline]
    fn opponent_last(&self, ply: usize) -> Option<Point> {
        ply.checked_sub(1).and_then(|i| self.line[i])
    }

    #[inline]
    fn set_pv_single(&mut self, ply: usize, p: Point) {
        self.pv[ply][0] = p;
        self.pv_len[ply] = 1;
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, p: Point) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let child_len = self.pv_len[ply + 1].min(MAX_PLY + 1);
        head[ply][0] = p;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    /// Whether the evaluator orders moves by move values fitted to a strong player's choices
    /// (a policy, see `SearchParams::policy_reduction`) rather than by the
    /// hand-set point values.
    fn has_fitted_move_values(&self) -> bool {
        self.eval
            .patterns()
            .is_some_and(|p| p.weights().has_move_values())
    }

    /// The legal candidate moves of the side to move, ordered best first, into `out`.
    pub(crate) fn candidates(&self, ply: usize, tt_move: Option<Point>, out: &mut Vec<Candidate>) {
        self.unordered_candidates(ply, tt_move, out);
        out.sort_by_key(|m| std::cmp::Reverse(m.order));
    }

    /// The legal candidate moves of the side to move into `out`, in generation order: the
    /// search puts them in order as it goes ([`pick::next_in_order`]), as most nodes cut off after
    /// a move or two.
    fn unordered_candidates(&self, ply: usize, tt_move: Option<Point>, out: &mut Vec<Candidate>) {
        out.clear();
        let us = self.board.side_to_move();
        let them = !us;
        let pat = self.patterns();
        let prune = self.features.threat_pruning;
        let prev = self.opponent_last(ply);
        let push = |out: &mut Vec<Candidate>, p: Point| {
            if self.is_legal(p) && !(ply == 0 && self.root_excluded.contains(&p)) {
                let mut value = self.eval.score_move(&self.board, p);
                let policy_weight = self.params.network_policy_weight;
                if policy_weight > 0.0 {
                    if let Some(logit) = self.eval.move_logit(&self.board, p) {
                        let units = policy_weight * self.params.policy_temperature * logit;
                        value = value.saturating_add(units as i32);
                    }
                }
                let mut order = value;
                if self.features.killers_history {
                    order += self.memory.bonus(ply, us, p, prev);
                }
                if Some(p) == tt_move {
                    order = i32::MAX;
                }
                out.push(Candidate {
                    point: p,
                    order,
                    value,
                });
            }
        };
        if prune && !pat.fives(them).is_empty() {
            for p in pat.fives(them) {
                push(out, p);
            }
            return;
        }
        // Against open-four points, every four point of the opponent is a candidate, those of
        // unrelated closed threes too. Keeping only the points on the lines through the
        // open-four points (a sound restriction, as Rapfi's generator does) measured +8
        // [-13, +29] Elo over 1,000 games (SPRT(0, 10) at 100 ms/move, inconclusive): not kept.
        if prune && !pat.open_fours(them).is_empty() {
            for p in pat.fours(them).union(pat.fours(us)).iter() {
                push(out, p);
            }
        } else if let Some((_, defences)) = prune
            .then(|| four_three_defences(&self.board, pat, self.rule))
            .flatten()
        {
            for p in defences.union(pat.fours(us)).iter() {
                push(out, p);
            }
        }
        if out.is_empty() {
            if self.board.total_stones() == 0 {
                push(out, Point::center(self.board.size()));
            } else {
                for p in self.board.neighbourhood(CANDIDATE_RADIUS) {
                    push(out, p);
                }
            }
        }
    }

    /// Negamax alpha-beta from the current position with `depth` plies left, `ply` plies from
    /// the root, as a principal-variation node. Returns the score for the side to move
    /// (meaningless once `stopped`).
    pub(crate) fn negamax(&mut self, depth: i32, ply: usize, alpha: Score, beta: Score) -> Score {
        self.search(depth, ply, alpha, beta, false)
    }

    /// The search proper (see [`Searcher::negamax`]); `cut_node` marks a null-window node
    /// expected to fail high.
    fn search(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        cut_node: bool,
    ) -> Score {
        self.pv_len[ply] = 0;
        if self.must_stop() {
            return Score::DRAW;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        let features = self.features;
        let us = self.board.side_to_move();
        let them = !us;
        let pat = self.patterns();
        let pv_node = beta.0 - alpha.0 > 1;

        if depth > 0 || features.leaf_threats {
            if let Some(win) = pat.fives(us).iter().next() {
                self.set_pv_single(ply, win);
                return Score::win_in(ply as u32 + 1);
            }
        }
        let their_fives = pat.fives(them).len();
        if features.threat_pruning && their_fives >= 2 {
            return Score::loss_in(ply as u32 + 2);
        }
        if ply >= MAX_PLY || self.board.is_full() {
            return if self.board.is_full() {
                Score::DRAW
            } else {
                self.eval.evaluate(&self.board)
            };
        }
        // At a leaf the leaf search looks for the same win first thing.
        let leaf = depth <= 0 && features.leaf_threats;
        if features.threat_pruning && their_fives == 0 && !leaf {
            if let Some(win) = self.static_win(ply) {
                return win;
            }
        }
        let pat = self.patterns();
        if depth <= 0 {
            if !features.leaf_threats {
                return self.eval.evaluate(&self.board);
            }
            if their_fives == 0 {
                let has_four = !pat.fours(us).is_empty();
                let score = self.leaf_search(ply, alpha, beta);
                if has_four && !score.is_mate() && !self.stopped {
                    if let Some(win) = self.leaf_threat_win(ply) {
                        return win;
                    }
                }
                return score;
            }
            // The opponent threatens five: search the block rather than stand pat.
        }
        // Mate distance pruning: no line from here beats a win on the next move.
        if features.selective && ply > 0 {
            alpha = alpha.max(Score::loss_in(ply as u32));
            beta = beta.min(Score::win_in(ply as u32 + 1));
            if alpha >= beta {
                return alpha;
            }
        }

        let excluded = self.excluded[ply];
        let key = self.board.hash() ^ excluded.map_or(0, excluded_key);
        let mut tt_move = if ply == 0 { self.root_first } else { None };
        let hit = if features.transposition {
            self.tt.probe(key, ply as u32)
        } else {
            None
        };
        if let Some(hit) = hit {
            if tt_move.is_none() {
                tt_move = hit.best;
            }
            if ply > 0
                && (!pv_node || !features.selective)
                && hit.depth >= depth
                && hit.settles(alpha, beta)
            {
                if let Some(p) = hit.best {
                    self.set_pv_single(ply, p);
                }
                return hit.score;
            }
        }

        // The opponent threatens to make a four that cannot be stopped (or a five): the moves
        // are forced and no position-based pruning applies.
        let pat = self.patterns();
        let threatened = their_fives > 0 || !pat.open_fours(them).is_empty();
        let static_eval = if threatened {
            -self.static_evals[ply.saturating_sub(1)]
        } else {
            self.eval.evaluate(&self.board)
        };
        self.static_evals[ply] = static_eval;
        let improving = ply < 2 || static_eval > self.static_evals[ply - 2];
        let selective = features.selective && ply > 0 && !pv_node && !threatened;
        let estimate = pruning_estimate(static_eval, hit.as_ref());
        if selective && static_eval.0.abs() < EVAL_LIMIT && estimate.0.abs() < EVAL_LIMIT {
            // Razoring: far below alpha near the leaves, only a forced win can help.
            if depth <= RAZOR_MAX_DEPTH && estimate.0 + self.params.razor_margin(depth) < alpha.0 {
                return self.search(0, ply, alpha, beta, cut_node);
            }
            // Futility: far above beta, the opponent is not expected to catch up.
            if depth <= FUTILITY_MAX_DEPTH
                && estimate.0 - self.params.futility_margin(depth, improving) >= beta.0
                && beta > -Score::WIN_THRESHOLD
            {
                return estimate;
            }
        }
        // Null move: if passing still holds beta with a reduced search, a move will too. The
        // opponent threatens nothing here, and Gomoku has no zugzwang.
        if selective
            && depth >= NULL_MOVE_MIN_DEPTH
            && static_eval >= beta
            && estimate >= beta
            && beta.0.abs() < Score::WIN_THRESHOLD.0
            && self.line[ply - 1].is_some()
            && excluded.is_none()
        {
            let reduced = depth - self.params.null_move_reduction(depth);
            self.board.set_side_to_move(them);
            self.line[ply] = None;
            let s = -self.search(reduced, ply + 1, -beta, -beta + 1, !cut_node);
            self.board.set_side_to_move(us);
            if self.stopped {
                return Score::DRAW;
            }
            if s >= beta {
                return if s.is_mate() { beta } else { s };
            }
        }
        if let Some(h) = hit.filter(|h| h.best.is_some()) {
            if features.selective && pv_node && ply > 0 && depth > 1 {
                depth -= self.params.stale_tt_reduction(depth, h.depth);
            }
        }
        if features.selective && pv_node && ply > 0 && tt_move.is_none() && depth >= IIR_MIN_DEPTH {
            depth -= 1;
        }

        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        self.unordered_candidates(ply, tt_move, &mut moves);
        if moves.is_empty() {
            self.move_lists[ply] = moves;
            // Only an illegal point defends against the five: lost. Otherwise nothing to play.
            return if their_fives > 0 {
                Score::loss_in(ply as u32 + 2)
            } else {
                Score::DRAW
            };
        }
        // Fail-high reduction: a cut node whose static evaluation lies well above beta is
        // expected to fail high on its first moves, so every move but a four is searched a ply
        // shallower.
        let likely_fail_high = selective
            && cut_node
            && static_eval.0.abs() < EVAL_LIMIT
            && static_eval.0 >= beta.0 + self.params.fail_high_margin(depth);
        // A forced reply costs no depth. Rapfi extends a block of a four by 1.3 plies; carrying
        // the extra 0.3 down the line (a ply more every fourth block) measured 117-118-20 after
        // 255 games (SPRT(0, 10) at 100 ms/move, -1 +-41, stopped): not kept. On the mate suite
        // (`gomoku bench --mates`, with the static wins of `static_win`) 0.3, 0.5 and 1.0 more
        // solved 40, 38 and 34 of 58 against 41 (geometric mean nodes 786k, 701k, 922k against
        // 731k): no gain there either.
        let forced = moves.len() == 1 && features.extensions;
        let new_depth = if forced { depth } else { depth - 1 };
        let original_alpha = alpha;
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        let move_count_limit = self.params.futility_move_count(depth, improving);
        // Policy reduction: where the move values are fitted to a strong player's choices, the
        // best of the node's, against which late moves are reduced more the less likely a
        // strong player is to choose them.
        let by_policy = features.selective && depth >= 2 && self.has_fitted_move_values();
        let top_policy = if by_policy {
            moves.iter().map(|c| c.value).max().unwrap_or(0)
        } else {
            0
        };
        let mut searched = 0;
        // The moves searched without a cut-off, whose history a later cut-off lowers.
        let mut tried = [Point::new_unchecked(0, 0); MAX_TRIED];
        let mut tried_len = 0;
        for i in 0..moves.len() {
            let Candidate {
                point: m, value, ..
            } = next_in_order(&mut moves, i);
            if Some(m) == excluded {
                continue;
            }
            searched += 1;
            let (important, trivial) = {
                let pat = self.patterns();
                let important = pat.threes(us).contains(m)
                    || pat.fours(us).contains(m)
                    || pat.threes(them).contains(m)
                    || pat.fours(them).contains(m);
                let trivial = !important
                    && max_shape(pat.shapes(m, us)) <= Shape::ClosedTwo
                    && max_shape(pat.shapes(m, them)) <= Shape::ClosedTwo;
                (important, trivial)
            };
            let killer = features.killers_history && self.memory.is_killer(ply, m);
            if features.selective && ply > 0 && best > -Score::WIN_THRESHOLD {
                // Move-count pruning: the ordering is good enough that late moves rarely matter.
                if i >= move_count_limit {
                    break;
                }
                if trivial && depth < TRIVIAL_PRUNING_DEPTH {
                    continue;
                }
            } else if features.late_move_reductions
                && !features.selective
                && !important
                && ply > 0
                && depth <= LMP_MAX_DEPTH
                && i >= LMP_MIN_MOVE + (depth * depth) as usize * LMP_MOVES_PER_DEPTH2
                && best > -Score::WIN_THRESHOLD
            {
                continue;
            }
            let mut new_depth = if likely_fail_high && !self.patterns().fours(us).contains(m) {
                new_depth - 1
            } else {
                new_depth
            };
            if features.selective
                && ply > 0
                && !forced
                && excluded.is_none()
                && depth >= SINGULAR_MIN_DEPTH
                && Some(m) == tt_move
            {
                match self.singular_extension(m, hit, depth, ply, beta, cut_node) {
                    Singular::Extend => new_depth += 1,
                    Singular::Reduce => new_depth -= 1,
                    Singular::MultiCut(s) => {
                        self.move_lists[ply] = moves;
                        return s;
                    }
                    Singular::Keep => {}
                }
                if self.stopped {
                    self.move_lists[ply] = moves;
                    return Score::DRAW;
                }
            }
            let policy_gap = if by_policy { top_policy - value } else { 0 };
            self.line[ply] = Some(m);
            let nodes_before = self.nodes;
            self.play_prefetching(m);
            let mut s;
            if i == 0 || !features.pvs {
                s = -self.search(new_depth, ply + 1, -beta, -alpha, !pv_node && !cut_node);
            } else {
                let mut reduction = 0;
                if features.late_move_reductions && depth >= 2 && i > usize::from(ply == 0) {
                    if features.selective {
                        let mut r = self.params.base_reduction(self.rule, depth, i + 1);
                        r += self.params.policy_reduction(policy_gap);
                        if !pv_node && !improving && r > 1.0 {
                            r += 1.0;
                        }
                        if pv_node {
                            r -= 1.0;
                        }
                        if important || killer {
                            r -= 1.0;
                        }
                        if trivial {
                            r += 1.0;
                        }
                        if cut_node && !killer {
                            r += 1.0;
                        }
                        if features.killers_history {
                            r -= self
                                .params
                                .history_reduction(self.memory.history(us, m), depth);
                        }
                        // Rounded to whole plies. Keeping the fraction, as Rapfi does, with
                        // depths in f32 (pentanomial SPRT(0, 10) at 100 ms/move, stopped): only
                        // here, the margins and tables taking the whole plies (`gomoku bench`
                        // 200,090 nodes), 64-80-13 after 157 games, -36 +-53; and everywhere,
                        // margins and the null-move, stale-table and singular depths
                        // continuous too (107,861 nodes), 43-71-12 after 126 games, -79 +-60.
                        // Nor did searching a move a ply deeper where r rounds to -1 (Rapfi
                        // allows up to a ply more; 148,883 nodes): 116-145-48 after 309
                        // games, -33 +-36 (same test).
                        reduction = (r.round() as i32).clamp(0, (new_depth - 1).max(0));
                    } else if !important && depth >= LMR_MIN_DEPTH && i >= LMR_MIN_MOVE {
                        reduction = 1;
                    }
                }
                let d = new_depth - reduction;
                s = -self.search(d, ply + 1, -alpha - 1, -alpha, true);
                if s > alpha && reduction > 0 {
                    // A reduced move that fails high by a clear margin is searched a ply
                    // deeper than the node's other moves (Rapfi's LMR extension).
                    let deeper = features.selective
                        && s.0.abs() < EVAL_LIMIT
                        && s.0 > alpha.0 + self.params.lmr_extension_margin(reduction);
                    new_depth += i32::from(deeper);
                    s = -self.search(new_depth, ply + 1, -alpha - 1, -alpha, !cut_node);
                }
                if s > alpha && s < beta {
                    s = -self.search(new_depth, ply + 1, -beta, -alpha, false);
                }
            }
            self.undo(m);
            if ply == 0 {
                self.add_root_effort(m, self.nodes - nodes_before);
            }
            if self.stopped {
                self.move_lists[ply] = moves;
                return Score::DRAW;
            }
            if s < beta && tried_len < tried.len() {
                tried[tried_len] = m;
                tried_len += 1;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        if features.killers_history && !forced {
                            let prev = self.opponent_last(ply);
                            self.memory
                                .record_cutoff(ply, us, m, depth, prev, &tried[..tried_len]);
                        }
                        break;
                    }
                }
            }
        }
        self.move_lists[ply] = moves;
        if excluded.is_some() && searched == 0 {
            // The test left out the only move: nothing else holds its bound.
            return alpha;
        }
        if features.transposition {
            let bound = Bound::of(best, original_alpha, beta);
            self.tt
                .store(key, ply as u32, depth, best, bound, best_move);
        }
        best
    }

    /// The singular-extension test of the table move `m` at a node `depth` plies from the
    /// leaves (see [`SINGULAR_MIN_DEPTH`]): a null-window search of the node without `m`, at
    /// about half the depth, against a bound a little below the table score.
    fn singular_extension(
        &mut self,
        m: Point,
        hit: Option<Hit>,
        depth: i32,
        ply: usize,
        beta: Score,
        cut_node: bool,
    ) -> Singular {
        let Some(hit) = hit.filter(|h| {
            h.best == Some(m)
                && !h.score.is_mate()
                && matches!(h.bound, Bound::Lower | Bound::Exact)
                && h.depth >= depth - SINGULAR_TT_DEPTH_SLACK
        }) else {
            return Singular::Keep;
        };
        let bound = Score(self.params.singular_beta(hit.score.0, depth));
        self.excluded[ply] = Some(m);
        let s = self.search(singular_depth(depth), ply, bound - 1, bound, cut_node);
        self.excluded[ply] = None;
        // The test's principal variation is not this node's: a node that then fails low must
        // not hand it to its parent.
        self.pv_len[ply] = 0;
        if self.stopped {
            Singular::Keep
        } else if s < bound {
            Singular::Extend
        } else if bound >= beta {
            Singular::MultiCut(bound)
        } else if hit.score >= beta {
            Singular::Reduce
        } else {
            Singular::Keep
        }
    }

    /// Asks the threat solver (if any, with a leaf budget) for a forced win at a leaf.
    fn leaf_threat_win(&mut self, ply: usize) -> Option<Score> {
        if !self.features.threat_search {
            return None;
        }
        let rule = self.rule;
        let solver = self.threat.as_deref_mut()?;
        let budget = solver.leaf_budget();
        if budget == 0 {
            return None;
        }
        let found = solver.find_win(&self.board, rule, &Budget::nodes(budget), false);
        self.nodes += found.nodes;
        let line = found.line?;
        let first = *line.first()?;
        if !self.board.is_empty_at(first) || !self.is_legal(first) {
            return None;
        }
        self.set_pv_single(ply, first);
        let plies = super::win_plies(&self.board, rule, &line);
        Some(Score::win_in(ply as u32 + plies))
    }
}
