//! The default evaluator: table-driven line patterns, updated incrementally.

use gomoku_core::{Board, Color, Point, Rule};

use crate::evaluator::Evaluator;
use crate::params::{DEFENCE_EIGHTHS, EVAL_LIMIT, TEMPO_EIGHTHS};
use crate::pattern::Patterns;
use crate::score::Score;

/// The default [`Evaluator`]: for every empty point and both colours it knows the
/// [`crate::pattern::Shape`] a stone there makes along each line (five, open four, four, open
/// three, closed three, open two, ...), from precomputed tables, updated on each move only along
/// the four lines through the stone. A point's value is the sum of its shapes' values plus a
/// bonus for double threats (4-4, 4-3, 3-3; not for Black's fouls under Renju); a position's
/// value is the side to move's total minus the opponent's.
///
/// ```
/// use gomoku_ai::{Evaluator, PatternEvaluator};
/// use gomoku_core::{Board, Rule};
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
}

impl PatternEvaluator {
    /// A new evaluator; call [`Evaluator::reset`] before use.
    pub fn new() -> PatternEvaluator {
        PatternEvaluator::default()
    }
}

impl Evaluator for PatternEvaluator {
    fn reset(&mut self, board: &Board, rule: Rule) {
        match &mut self.patterns {
            Some(p) => p.reset(board, rule),
            None => self.patterns = Some(Patterns::new(board, rule)),
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
        evaluate_patterns(patterns, board.side_to_move())
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

/// The static value of a position for `side` (to move) from its patterns.
#[inline]
pub(crate) fn evaluate_patterns(patterns: &Patterns, side: Color) -> Score {
    let own = patterns.total(side) * TEMPO_EIGHTHS / 8;
    let theirs = patterns.total(!side);
    Score((own - theirs).clamp(-EVAL_LIMIT, EVAL_LIMIT))
}

/// The ordering value of `p` for `side` (to move): attack plus most of the defence.
#[inline]
pub(crate) fn score_move_patterns(patterns: &Patterns, side: Color, p: Point) -> i32 {
    patterns.value(p, side) + patterns.value(p, !side) * DEFENCE_EIGHTHS / 8
}
