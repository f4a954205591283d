//! How selective the search is: the margins of razoring and futility pruning, how many moves a
//! node searches before it prunes the rest, and how much late moves are reduced.
//!
//! The shapes of these functions follow what strong Gomoku engines measured worth it (move-count
//! pruning growing a little faster than the depth, reductions growing with the logarithms of
//! the depth and of the move number); the constants are in [`crate::params`].

use std::sync::OnceLock;

use gomoku_core::{Point, Rule};

use crate::params::{
    FAIL_HIGH_MARGIN_BASE, FAIL_HIGH_MARGIN_PER_PLY, FUTILITY_MARGIN_PER_PLY, HISTORY_NEUTRAL,
    HISTORY_REDUCTION_DEEP, HISTORY_REDUCTION_SHALLOW, LMR_EXTENSION_MARGIN_BASE,
    LMR_EXTENSION_MARGIN_PER_PLY, LMR_SCALE, MOVE_COUNT_BASE, MOVE_COUNT_EXPONENT,
    NULL_MOVE_BASE_REDUCTION, NULL_MOVE_DEPTH_DIVISOR, POLICY_REDUCTION_BIAS, POLICY_REDUCTION_MAX,
    POLICY_REDUCTION_PER_LOGIT, POLICY_TEMPERATURE, QUIESCENCE_LINE_REACH, QUIESCENCE_SQUARE_REACH,
    RAZOR_MARGIN_BASE, RAZOR_MARGIN_PER_PLY, SINGULAR_MARGIN_PER_PLY, STALE_TT_MAX_REDUCTION,
    STALE_TT_REDUCTION_PERCENT,
};
use crate::pattern::Shape;
use crate::score::Score;
use crate::search::tt::{Bound, Hit};

/// How far the static evaluation may lie below alpha, `depth` plies from the leaves, before the
/// node drops into the leaf search (only a forced win could lift it).
#[inline]
pub(crate) fn razor_margin(depth: i32) -> i32 {
    RAZOR_MARGIN_BASE + RAZOR_MARGIN_PER_PLY * depth
}

/// How far the static evaluation must lie above beta, `depth` plies from the leaves, for the
/// node to return it without a search; less when the evaluation is improving.
#[inline]
pub(crate) fn futility_margin(depth: i32, improving: bool) -> i32 {
    FUTILITY_MARGIN_PER_PLY * (depth - i32::from(improving)).max(0)
}

/// How far the static evaluation must lie above beta, `depth` plies from the leaves, for a
/// node expected to fail high to search its moves (fours aside) a ply shallower.
#[inline]
pub(crate) fn fail_high_margin(depth: i32) -> i32 {
    FAIL_HIGH_MARGIN_BASE + FAIL_HIGH_MARGIN_PER_PLY * depth
}

/// The value by which razoring, futility and null-move pruning judge a node whose static
/// evaluation is `static_eval`: the table score where its bound lies beyond the static
/// evaluation (a search's result, as Rapfi takes it; an exact score always), else the static
/// evaluation. Mate scores are left to the search. Measured with two other changes (see
/// [`LMR_SCALE`]).
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

/// How far a late move's search reduced by `reduction` plies must fail high (above alpha) for
/// the move to be searched again a ply deeper than the node's other moves (the LMR extension).
#[inline]
pub(crate) fn lmr_extension_margin(reduction: i32) -> i32 {
    LMR_EXTENSION_MARGIN_BASE + LMR_EXTENSION_MARGIN_PER_PLY * reduction
}

/// How many moves a node `depth` plies from the leaves searches (once it has a move that does
/// not lose) before it prunes the rest; half as many when the evaluation is not improving.
#[inline]
pub(crate) fn futility_move_count(depth: i32, improving: bool) -> usize {
    let full = match TABLES
        .get_or_init(Tables::new)
        .move_counts
        .get(depth.max(0) as usize)
    {
        Some(&n) => n,
        None => move_count(depth),
    };
    full / if improving { 1 } else { 2 }
}

/// The move count of [`futility_move_count`] for an improving node, computed.
fn move_count(depth: i32) -> usize {
    (MOVE_COUNT_BASE + (depth.max(0) as f32).powf(MOVE_COUNT_EXPONENT)) as usize
}

/// The natural logarithm of `n` (at least 1), looked up for the small numbers the search asks.
#[inline]
fn ln(n: usize) -> f32 {
    match TABLES.get_or_init(Tables::new).logs.get(n) {
        Some(&v) => v,
        None => (n.max(1) as f32).ln(),
    }
}

/// Depths and move numbers up to this are looked up rather than computed.
const TABLE_LEN: usize = 512;

/// Values the search asks at every node, computed once: a power and logarithms in `f32` cost
/// more than the lookup.
struct Tables {
    move_counts: Vec<usize>,
    logs: Vec<f32>,
}

impl Tables {
    fn new() -> Tables {
        Tables {
            move_counts: (0..TABLE_LEN as i32).map(move_count).collect(),
            logs: (0..TABLE_LEN).map(|n| (n.max(1) as f32).ln()).collect(),
        }
    }
}

static TABLES: OnceLock<Tables> = OnceLock::new();

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

/// How many plies a null-move search is shallower than the node (counting the pass itself).
#[inline]
pub(crate) fn null_move_reduction(depth: i32) -> i32 {
    NULL_MOVE_BASE_REDUCTION + depth / NULL_MOVE_DEPTH_DIVISOR
}

/// How much shallower a principal-variation node `depth` plies from the leaves is searched when
/// its table entry (with a move) was searched to `tt_depth` plies.
#[inline]
pub(crate) fn stale_tt_reduction(depth: i32, tt_depth: i32) -> i32 {
    ((depth - tt_depth) * STALE_TT_REDUCTION_PERCENT / 100).clamp(0, STALE_TT_MAX_REDUCTION)
}

/// The null-window bound of a singular-extension test `depth` plies from the leaves, below the
/// table move's score `tt_score`: every other move must fail low against it.
#[inline]
pub(crate) fn singular_beta(tt_score: i32, depth: i32) -> i32 {
    tt_score - SINGULAR_MARGIN_PER_PLY * depth
}

/// The depth of a singular-extension test search at a node `depth` plies from the leaves.
#[inline]
pub(crate) fn singular_depth(depth: i32) -> i32 {
    (depth - 1) / 2
}

/// The scale of late move reductions under `rule`: rules with fouls or exact fives have fewer
/// safe moves, so they reduce less.
#[inline]
pub(crate) fn lmr_scale(rule: Rule) -> f32 {
    match rule {
        Rule::Freestyle | Rule::Caro => 1.0,
        Rule::Standard | Rule::CaroExactFive => 0.78,
        Rule::Renju => 0.75,
    }
}

/// The base reduction of the `move_number`-th move (from 1) at `depth`, before adjustments.
#[inline]
pub(crate) fn base_reduction(rule: Rule, depth: i32, move_number: usize) -> f32 {
    LMR_SCALE * lmr_scale(rule) * ln(depth.max(1) as usize) * ln(move_number)
}

/// The strongest of the shapes a stone makes along its four lines.
#[inline]
pub(crate) fn max_shape(shapes: [Shape; 4]) -> Shape {
    shapes.into_iter().max().unwrap_or(Shape::None)
}

/// How many plies less a late move with history score `history` is reduced at a node `depth`
/// plies from the leaves: positive above [`HISTORY_NEUTRAL`], negative (more reduction) below,
/// a ply per [`HISTORY_REDUCTION_SHALLOW`] (from depth 6 on [`HISTORY_REDUCTION_DEEP`]) of
/// difference, as Rapfi adjusts its reductions by its history.
#[inline]
pub(crate) fn history_reduction(history: i32, depth: i32) -> f32 {
    let per_ply = if depth > 5 {
        HISTORY_REDUCTION_DEEP
    } else {
        HISTORY_REDUCTION_SHALLOW
    };
    (history - HISTORY_NEUTRAL) as f32 / per_ply
}

/// Extra late-move reduction (plies) for a move whose fitted move value lies
/// `gap` evaluation units below the best of its node: the move values are a policy fitted to a
/// strong player's moves (a logit per [`POLICY_TEMPERATURE`] units), so a move the policy finds
/// unlikely is searched shallower, as Rapfi's policy reduction does.
pub(crate) fn policy_reduction(gap: i32) -> f32 {
    let logits = gap as f32 / POLICY_TEMPERATURE;
    (POLICY_REDUCTION_PER_LOGIT * logits - POLICY_REDUCTION_BIAS).clamp(0.0, POLICY_REDUCTION_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::HISTORY_MAX;

    #[test]
    fn looked_up_values_equal_the_computed_ones_inside_and_past_the_tables() {
        for depth in -3..(TABLE_LEN as i32 + 40) {
            let computed =
                (MOVE_COUNT_BASE + (depth.max(0) as f32).powf(MOVE_COUNT_EXPONENT)) as usize;
            assert_eq!(futility_move_count(depth, true), computed, "{depth}");
            assert_eq!(futility_move_count(depth, false), computed / 2, "{depth}");
        }
        for n in 0..(TABLE_LEN + 40) {
            assert_eq!(ln(n).to_bits(), (n.max(1) as f32).ln().to_bits(), "{n}");
        }
        assert_eq!(base_reduction(Rule::Freestyle, 1, 30), 0.0);
        assert!(base_reduction(Rule::Freestyle, 8, 10) > base_reduction(Rule::Renju, 8, 10));
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
        let counts: Vec<usize> = (1..10).map(|d| futility_move_count(d, true)).collect();
        assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
        assert!(counts[0] >= 3);
        for d in 1..10 {
            assert!(futility_move_count(d, false) <= futility_move_count(d, true));
        }
    }

    #[test]
    fn margins_grow_with_depth() {
        assert!(razor_margin(2) > razor_margin(1));
        assert!(futility_margin(3, false) > futility_margin(2, false));
        assert!(futility_margin(3, true) < futility_margin(3, false));
        assert_eq!(futility_margin(0, true), 0);
        assert!(fail_high_margin(3) > fail_high_margin(2));
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number_and_never_touch_the_first_move() {
        assert_eq!(base_reduction(Rule::Freestyle, 8, 1), 0.0);
        assert!(base_reduction(Rule::Freestyle, 8, 10) > base_reduction(Rule::Freestyle, 4, 10));
        assert!(base_reduction(Rule::Freestyle, 8, 20) > base_reduction(Rule::Freestyle, 8, 5));
        assert!(base_reduction(Rule::Renju, 8, 20) < base_reduction(Rule::Freestyle, 8, 20));
    }

    #[test]
    fn policy_reductions_grow_with_the_gap_to_the_best_move_within_bounds() {
        assert_eq!(policy_reduction(0), 0.0);
        assert_eq!(policy_reduction(-500), 0.0);
        let gaps = [0, 50, 100, 200, 400, 800, 1600, 100_000];
        let r: Vec<f32> = gaps.iter().map(|&g| policy_reduction(g)).collect();
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
        assert_eq!(lmr_extension_margin(0), LMR_EXTENSION_MARGIN_BASE);
        let margins: Vec<i32> = (0..6).map(lmr_extension_margin).collect();
        assert!(margins.windows(2).all(|w| w[0] < w[1]), "{margins:?}");
    }

    #[test]
    fn good_history_reduces_less_and_bad_history_more_and_less_so_deep() {
        assert_eq!(history_reduction(HISTORY_NEUTRAL, 3), 0.0);
        assert!(history_reduction(HISTORY_MAX, 3) > 0.0);
        assert!(history_reduction(-HISTORY_MAX, 3) < -1.0);
        assert!(history_reduction(HISTORY_MAX, 3) > history_reduction(HISTORY_MAX, 8));
        assert!(history_reduction(HISTORY_MAX, 3) < 1.0);
    }

    #[test]
    fn stale_table_moves_reduce_by_their_missing_depth_within_bounds() {
        assert_eq!(stale_tt_reduction(10, 10), 0);
        assert_eq!(stale_tt_reduction(10, 12), 0);
        assert_eq!(stale_tt_reduction(10, 6), 1);
        assert_eq!(stale_tt_reduction(20, -5), STALE_TT_MAX_REDUCTION);
        assert!(stale_tt_reduction(12, 2) >= stale_tt_reduction(12, 6));
    }

    #[test]
    fn singular_tests_search_shallower_and_below_the_table_score() {
        for d in 1..30 {
            assert!(singular_depth(d) < d);
            assert!(singular_beta(100, d) < 100);
        }
        assert!(singular_beta(100, 10) < singular_beta(100, 7));
    }

    #[test]
    fn max_shape_is_the_strongest_line() {
        let shapes = [Shape::One, Shape::OpenThree, Shape::None, Shape::ClosedTwo];
        assert_eq!(max_shape(shapes), Shape::OpenThree);
    }
}
