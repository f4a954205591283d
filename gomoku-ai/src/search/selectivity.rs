//! How selective the search is: the margins of razoring and futility pruning, how many moves a
//! node searches before it prunes the rest, and how much late moves are reduced.
//!
//! The shapes of these functions follow what strong Gomoku engines measured worth it (move-count
//! pruning growing a little faster than the depth, reductions growing with the logarithms of
//! the depth and of the move number); their parameters are the run-time [`SearchParams`], whose
//! defaults are the constants in [`crate::params`].

use std::sync::OnceLock;

use gomoku_rules::{Point, Rule};

use crate::params::{QUIESCENCE_LINE_REACH, QUIESCENCE_SQUARE_REACH};
use crate::pattern::Shape;
use crate::score::Score;
use crate::search::search_params::SearchParams;
use crate::search::tt::{Bound, Hit};

impl SearchParams {
    /// How far the static evaluation may lie below alpha, `depth` plies from the leaves, before
    /// the node drops into the leaf search (only a forced win could lift it).
    #[inline]
    pub(crate) fn razor_margin(&self, depth: i32) -> i32 {
        self.razor_margin_base + self.razor_margin_per_ply * depth
    }

    /// How far the static evaluation must lie above beta, `depth` plies from the leaves, for
    /// the node to return it without a search; less when the evaluation is improving.
    #[inline]
    pub(crate) fn futility_margin(&self, depth: i32, improving: bool) -> i32 {
        self.futility_margin_per_ply * (depth - i32::from(improving)).max(0)
    }

    /// How far the static evaluation must lie above beta, `depth` plies from the leaves, for a
    /// node expected to fail high to search its moves (fours aside) a ply shallower.
    #[inline]
    pub(crate) fn fail_high_margin(&self, depth: i32) -> i32 {
        self.fail_high_margin_base + self.fail_high_margin_per_ply * depth
    }

    /// How far a late move's search reduced by `reduction` plies must fail high (above alpha)
    /// for the move to be searched again a ply deeper than the node's other moves (the LMR
    /// extension).
    #[inline]
    pub(crate) fn lmr_extension_margin(&self, reduction: i32) -> i32 {
        self.lmr_extension_margin_base + self.lmr_extension_margin_per_ply * reduction
    }

    /// How many moves a node `depth` plies from the leaves searches (once it has a move that
    /// does not lose) before it prunes the rest; half as many when the evaluation is not
    /// improving.
    #[inline]
    pub(crate) fn futility_move_count(&self, depth: i32, improving: bool) -> usize {
        self.looked_up_move_count(depth) / if improving { 1 } else { 2 }
    }

    /// How many plies a null-move search is shallower than the node (counting the pass itself).
    #[inline]
    pub(crate) fn null_move_reduction(&self, depth: i32) -> i32 {
        self.null_move_base_reduction + depth / self.null_move_depth_divisor
    }

    /// How much shallower a principal-variation node `depth` plies from the leaves is searched
    /// when its table entry (with a move) was searched to `tt_depth` plies.
    #[inline]
    pub(crate) fn stale_tt_reduction(&self, depth: i32, tt_depth: i32) -> i32 {
        ((depth - tt_depth) * self.stale_tt_reduction_percent / 100)
            .clamp(0, self.stale_tt_max_reduction)
    }

    /// The null-window bound of a singular-extension test `depth` plies from the leaves, below
    /// the table move's score `tt_score`: every other move must fail low against it.
    #[inline]
    pub(crate) fn singular_beta(&self, tt_score: i32, depth: i32) -> i32 {
        tt_score - self.singular_margin_per_ply * depth
    }

    /// The base reduction of the `move_number`-th move (from 1) at `depth`, before adjustments.
    #[inline]
    pub(crate) fn base_reduction(&self, rule: Rule, depth: i32, move_number: usize) -> f32 {
        self.lmr_scale * rule_lmr_scale(rule) * ln(depth.max(1) as usize) * ln(move_number)
    }

    /// How many plies less a late move with history score `history` is reduced at a node
    /// `depth` plies from the leaves: positive above `history_neutral`, negative (more
    /// reduction) below, a ply per `history_reduction_shallow` (from depth 6 on
    /// `history_reduction_deep`) of difference, as Rapfi adjusts its reductions by its history.
    #[inline]
    pub(crate) fn history_reduction(&self, history: i32, depth: i32) -> f32 {
        let per_ply = if depth > 5 {
            self.history_reduction_deep
        } else {
            self.history_reduction_shallow
        };
        (history - self.history_neutral) as f32 / per_ply
    }

    /// Extra late-move reduction (plies) for a move whose fitted move value lies `gap`
    /// evaluation units below the best of its node: the move values are a policy fitted to a
    /// strong player's moves (a logit per `policy_temperature` units), so a move the policy
    /// finds unlikely is searched shallower, as Rapfi's policy reduction does.
    pub(crate) fn policy_reduction(&self, gap: i32) -> f32 {
        let logits = gap as f32 / self.policy_temperature;
        (self.policy_reduction_per_logit * logits - self.policy_reduction_bias)
            .clamp(0.0, self.policy_reduction_max)
    }
}

/// The value by which razoring, futility and null-move pruning judge a node whose static
/// evaluation is `static_eval`: the table score where its bound lies beyond the static
/// evaluation (a search's result, as Rapfi takes it; an exact score always), else the static
/// evaluation. Mate scores are left to the search. Measured with two other changes (see
/// [`crate::params::LMR_SCALE`]).
#[inline]
pub(crate) fn pruning_estimate(static_eval: Score, hit: Option<&Hit>) -> Score {
    match hit {
        Some(h)
            if !h.score.is_mate()
                && match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score > static_eval,
                    Bound::Upper => h.score < static_eval,
                } =>
        {
            h.score
        }
        _ => static_eval,
    }
}

/// The natural logarithm of `n` (at least 1), looked up for the small numbers the search asks.
#[inline]
fn ln(n: usize) -> f32 {
    match LOGS.get_or_init(logs).get(n) {
        Some(&v) => v,
        None => (n.max(1) as f32).ln(),
    }
}

/// Move numbers and depths up to this have their logarithm looked up rather than computed.
const TABLE_LEN: usize = 512;

/// The logarithms the reductions ask at every node, computed once: a logarithm in `f32` costs
/// more than the lookup.
fn logs() -> Vec<f32> {
    (0..TABLE_LEN).map(|n| (n.max(1) as f32).ln()).collect()
}

static LOGS: OnceLock<Vec<f32>> = OnceLock::new();

/// Whether the leaf search may play a four at `p` after the side's previous move `last`: within
/// [`QUIESCENCE_SQUARE_REACH`] of it, or on one of its lines within [`QUIESCENCE_LINE_REACH`].
#[inline]
pub(crate) fn in_four_reach(p: Point, last: Point) -> bool {
    let dx = p.col().abs_diff(last.col());
    let dy = p.row().abs_diff(last.row());
    let distance = dx.max(dy);
    let aligned = dx == 0 || dy == 0 || dx == dy;
    distance <= QUIESCENCE_SQUARE_REACH || aligned && distance <= QUIESCENCE_LINE_REACH
}

/// The depth of a singular-extension test search at a node `depth` plies from the leaves.
#[inline]
pub(crate) fn singular_depth(depth: i32) -> i32 {
    (depth - 1) / 2
}

/// The scale of late move reductions under `rule`: rules with fouls or exact fives have fewer
/// safe moves, so they reduce less.
#[inline]
pub(crate) fn rule_lmr_scale(rule: Rule) -> f32 {
    match rule {
        Rule::Freestyle | Rule::Caro => 1.0,
        Rule::Standard | Rule::CaroExactFive => 0.78,
        Rule::Renju => 0.75,
    }
}

/// The strongest of the shapes a stone makes along its four lines.
#[inline]
pub(crate) fn max_shape(shapes: [Shape; 4]) -> Shape {
    shapes.into_iter().max().unwrap_or(Shape::None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{
        HISTORY_MAX, HISTORY_NEUTRAL, LMR_EXTENSION_MARGIN_BASE, MOVE_COUNT_BASE,
        MOVE_COUNT_EXPONENT, POLICY_REDUCTION_MAX, STALE_TT_MAX_REDUCTION,
    };

    fn params() -> SearchParams {
        SearchParams::default()
    }

    #[test]
    fn looked_up_values_equal_the_computed_ones_inside_and_past_the_tables() {
        for depth in -3..(TABLE_LEN as i32 + 40) {
            let computed =
                (MOVE_COUNT_BASE + (depth.max(0) as f32).powf(MOVE_COUNT_EXPONENT)) as usize;
            assert_eq!(
                params().futility_move_count(depth, true),
                computed,
                "{depth}"
            );
            assert_eq!(
                params().futility_move_count(depth, false),
                computed / 2,
                "{depth}"
            );
        }
        for n in 0..(TABLE_LEN + 40) {
            assert_eq!(ln(n).to_bits(), (n.max(1) as f32).ln().to_bits(), "{n}");
        }
        assert_eq!(params().base_reduction(Rule::Freestyle, 1, 30), 0.0);
        assert!(
            params().base_reduction(Rule::Freestyle, 8, 10)
                > params().base_reduction(Rule::Renju, 8, 10)
        );
    }

    #[test]
    fn four_reach_is_the_five_by_five_square_and_the_lines_to_four() {
        let at = |s: &str| s.parse::<Point>().unwrap();
        let h8 = at("h8");
        for (p, near) in [
            ("h8", true),
            ("j10", true),
            ("f9", true),
            ("l12", true),
            ("d4", true),
            ("h4", true),
            ("l8", true),
            ("m13", false),
            ("h3", false),
            ("j11", false),
            ("i11", false),
            ("e5", true),
            ("e4", false),
        ] {
            assert_eq!(in_four_reach(at(p), h8), near, "{p}");
        }
        // 25 points of the square and 2 more on each of the 8 half-lines.
        let count = Point::all(15).filter(|&p| in_four_reach(p, h8)).count();
        assert_eq!(count, 25 + 8 * 2);
    }

    #[test]
    fn move_count_grows_with_depth_and_halves_without_improvement() {
        let counts: Vec<usize> = (1..10)
            .map(|d| params().futility_move_count(d, true))
            .collect();
        assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
        assert!(counts[0] >= 3);
        for d in 1..10 {
            assert!(
                params().futility_move_count(d, false) <= params().futility_move_count(d, true)
            );
        }
    }

    #[test]
    fn margins_grow_with_depth() {
        assert!(params().razor_margin(2) > params().razor_margin(1));
        assert!(params().futility_margin(3, false) > params().futility_margin(2, false));
        assert!(params().futility_margin(3, true) < params().futility_margin(3, false));
        assert_eq!(params().futility_margin(0, true), 0);
        assert!(params().fail_high_margin(3) > params().fail_high_margin(2));
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number_and_never_touch_the_first_move() {
        assert_eq!(params().base_reduction(Rule::Freestyle, 8, 1), 0.0);
        assert!(
            params().base_reduction(Rule::Freestyle, 8, 10)
                > params().base_reduction(Rule::Freestyle, 4, 10)
        );
        assert!(
            params().base_reduction(Rule::Freestyle, 8, 20)
                > params().base_reduction(Rule::Freestyle, 8, 5)
        );
        assert!(
            params().base_reduction(Rule::Renju, 8, 20)
                < params().base_reduction(Rule::Freestyle, 8, 20)
        );
    }

    #[test]
    fn policy_reductions_grow_with_the_gap_to_the_best_move_within_bounds() {
        assert_eq!(params().policy_reduction(0), 0.0);
        assert_eq!(params().policy_reduction(-500), 0.0);
        let gaps = [0, 50, 100, 200, 400, 800, 1600, 100_000];
        let r: Vec<f32> = gaps.iter().map(|&g| params().policy_reduction(g)).collect();
        assert!(r.windows(2).all(|w| w[0] <= w[1]), "{r:?}");
        assert!(r[4] > 0.0, "{r:?}");
        assert_eq!(r[7], POLICY_REDUCTION_MAX);
    }

    fn hit(score: i32, bound: Bound) -> Hit {
        Hit {
            score: Score(score),
            best: None,
            depth: 5,
            bound,
        }
    }

    #[test]
    fn the_pruning_estimate_takes_a_table_score_only_where_its_bound_lies_beyond_the_evaluation() {
        let eval = Score(100);
        let estimate = |h: Option<Hit>| pruning_estimate(eval, h.as_ref());
        assert_eq!(estimate(None), eval);
        assert_eq!(estimate(Some(hit(-50, Bound::Exact))), Score(-50));
        assert_eq!(estimate(Some(hit(300, Bound::Exact))), Score(300));
        // A lower bound says more only above the evaluation, an upper bound only below it.
        assert_eq!(estimate(Some(hit(300, Bound::Lower))), Score(300));
        assert_eq!(estimate(Some(hit(50, Bound::Lower))), eval);
        assert_eq!(estimate(Some(hit(50, Bound::Upper))), Score(50));
        assert_eq!(estimate(Some(hit(300, Bound::Upper))), eval);
        // Mates are the search's business, not the pruning's.
        let mate = Score::win_in(7).0;
        assert_eq!(estimate(Some(hit(mate, Bound::Exact))), eval);
        assert_eq!(estimate(Some(hit(-mate, Bound::Upper))), eval);
    }

    #[test]
    fn deeper_reductions_need_a_wider_fail_high_to_extend() {
        assert_eq!(params().lmr_extension_margin(0), LMR_EXTENSION_MARGIN_BASE);
        let margins: Vec<i32> = (0..6).map(|r| params().lmr_extension_margin(r)).collect();
        assert!(margins.windows(2).all(|w| w[0] < w[1]), "{margins:?}");
    }

    #[test]
    fn good_history_reduces_less_and_bad_history_more_and_less_so_deep() {
        assert_eq!(params().history_reduction(HISTORY_NEUTRAL, 3), 0.0);
        assert!(params().history_reduction(HISTORY_MAX, 3) > 0.0);
        assert!(params().history_reduction(-HISTORY_MAX, 3) < -1.0);
        assert!(
            params().history_reduction(HISTORY_MAX, 3) > params().history_reduction(HISTORY_MAX, 8)
        );
        assert!(params().history_reduction(HISTORY_MAX, 3) < 1.0);
    }

    #[test]
    fn stale_table_moves_reduce_by_their_missing_depth_within_bounds() {
        assert_eq!(params().stale_tt_reduction(10, 10), 0);
        assert_eq!(params().stale_tt_reduction(10, 12), 0);
        assert_eq!(params().stale_tt_reduction(10, 6), 1);
        assert_eq!(params().stale_tt_reduction(20, -5), STALE_TT_MAX_REDUCTION);
        assert!(params().stale_tt_reduction(12, 2) >= params().stale_tt_reduction(12, 6));
    }

    #[test]
    fn singular_tests_search_shallower_and_below_the_table_score() {
        for d in 1..30 {
            assert!(singular_depth(d) < d);
            assert!(params().singular_beta(100, d) < 100);
        }
        assert!(params().singular_beta(100, 10) < params().singular_beta(100, 7));
    }

    #[test]
    fn max_shape_is_the_strongest_line() {
        let shapes = [Shape::One, Shape::OpenThree, Shape::None, Shape::ClosedTwo];
        assert_eq!(max_shape(shapes), Shape::OpenThree);
    }
}
