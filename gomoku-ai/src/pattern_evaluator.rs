//! The default evaluator: table-driven line patterns, updated incrementally.

use std::sync::Arc;

use gomoku_rules::{Board, Color, Point, Rule};

use crate::evaluator::Evaluator;
use crate::params::{DEFENCE_EIGHTHS, EVAL_LIMIT};
use crate::pattern::Patterns;
use crate::score::Score;
use crate::weights::{EvalWeights, RuleWeights};

/// The default [`Evaluator`]: for every empty point and both colours it knows the
/// [`crate::pattern::Shape`] a stone there makes along each line (five, open four, four, open
/// three, closed three, open two, ...), from precomputed tables, updated on each move only along
/// the four lines through the stone. A point's value is looked up by the combination of its four
/// shapes in the evaluation weights ([`RuleWeights`]: per rule and colour, for the side to move
/// and for the side waiting, so double threats, 4-3s and Renju's fouls have their own values);
/// a position's value is the side to move's total (times its tempo) minus the opponent's.
///
/// [`PatternEvaluator::new`] uses the default weights of each rule (tuned ones compiled in);
/// [`PatternEvaluator::with_weights`] those of a weights file, falling back to the defaults for
/// a rule the file does not cover.
///
/// ```
/// use gomoku_ai::{Evaluator, PatternEvaluator};
/// use gomoku_rules::{Board, Rule};
/// let board: Board = "
///     . . . . . . .
///     . . . . . . .
///     . . X X . . .
///     . . . . . . .
///     . . . O . . .
///     . . . . . . .
///     . . . . . . .".parse().unwrap();
/// let mut eval = PatternEvaluator::new();
/// eval.reset(&board, Rule::Freestyle);
/// // Black to move: extending the two to an open three beats a point far away.
/// let e5 = "e5".parse().unwrap();
/// let a1 = "a1".parse().unwrap();
/// assert!(eval.score_move(&board, e5) > eval.score_move(&board, a1));
/// ```
#[derive(Clone, Debug, Default)]
pub struct PatternEvaluator {
    patterns: Option<Patterns>,
    weights: Option<Arc<EvalWeights>>,
}

impl PatternEvaluator {
    /// A new evaluator with the default weights; call [`Evaluator::reset`] before use.
    pub fn new() -> PatternEvaluator {
        PatternEvaluator::default()
    }

    /// A new evaluator with `weights` (for the rules they cover; the defaults for the others).
    pub fn with_weights(weights: EvalWeights) -> PatternEvaluator {
        PatternEvaluator {
            patterns: None,
            weights: Some(Arc::new(weights)),
        }
    }

    /// Uses `weights` from the next [`Evaluator::reset`] on.
    pub fn set_weights(&mut self, weights: EvalWeights) {
        self.weights = Some(Arc::new(weights));
    }

    /// The weights used under `rule`.
    pub fn weights_for(&self, rule: Rule) -> Arc<RuleWeights> {
        self.weights
            .as_ref()
            .and_then(|w| w.get(rule).cloned())
            .unwrap_or_else(|| RuleWeights::default_for(rule))
    }
}

impl Evaluator for PatternEvaluator {
    fn reset(&mut self, board: &Board, rule: Rule) {
        let weights = self.weights_for(rule);
        match &mut self.patterns {
            Some(p) => p.reset_with(board, weights),
            None => self.patterns = Some(Patterns::with_weights(board, weights)),
        }
    }

    #[inline]
    fn on_play(&mut self, board: &Board, p: Point) {
        if let Some(patterns) = &mut self.patterns {
            patterns.play(board, p);
        }
    }

    #[inline]
    fn on_undo(&mut self, board: &Board, p: Point) {
        if let Some(patterns) = &mut self.patterns {
            patterns.undo(board, p);
        }
    }

    fn evaluate(&self, board: &Board) -> Score {
        let Some(patterns) = &self.patterns else {
            return Score::DRAW;
        };
        evaluate_patterns(patterns, board, board.side_to_move())
    }

    #[inline]
    fn score_move(&self, board: &Board, p: Point) -> i32 {
        let Some(patterns) = &self.patterns else {
            return 0;
        };
        score_move_patterns(patterns, board.side_to_move(), p)
    }

    fn patterns(&self) -> Option<&Patterns> {
        self.patterns.as_ref()
    }
}

/// The static value of the position on `board` for `side` (to move) from its patterns.
#[inline]
pub(crate) fn evaluate_patterns(patterns: &Patterns, board: &Board, side: Color) -> Score {
    let weights = patterns.weights();
    let tempo = weights.tempo_eighths();
    let own = patterns.total(side) * tempo / 8;
    let theirs = patterns.waiting_total(!side);
    let threats = weights.threat(side, patterns.threat_mask(side));
    let before = if weights.has_before_values() {
        // The position before the last move, valued for the side then to move (the opponent,
        // now waiting). After a pass (the last stone is the mover's own), or with no move
        // journaled, that is the same stones with the other side to move.
        let totals = match patterns.previous_totals() {
            Some((p, totals)) if board.get(p) == Some(!side) => totals,
            _ => patterns.totals(),
        };
        totals[(!side).index()][2] * tempo / 8 - totals[side.index()][3]
    } else {
        0
    };
    Score((own - theirs - before + threats).clamp(-EVAL_LIMIT, EVAL_LIMIT))
}

/// The ordering value of `p` for `side` (to move): the weights' fitted move value where they
/// have one ([`crate::weights::RuleWeights::move_value`]), else attack plus most of the
/// defence by the hand-set point values.
#[inline]
pub(crate) fn score_move_patterns(patterns: &Patterns, side: Color, p: Point) -> i32 {
    match patterns
        .weights()
        .move_value(side, patterns.combo(p, side), patterns.combo(p, !side))
    {
        Some(v) => v,
        None => patterns.value(p, side) + patterns.value(p, !side) * DEFENCE_EIGHTHS / 8,
    }
}
