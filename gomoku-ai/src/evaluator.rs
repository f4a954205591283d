//! The one evaluation interface shared by the greedy scorer and the search.

use gomoku_rules::{Board, Point, Rule};

use crate::pattern::Patterns;
use crate::score::Score;

/// Static evaluation of Gomoku positions, shared by every AI of this crate: the greedy
/// one-ply scorer and the alpha-beta search both call it, so a user-written evaluator plugs into
/// both.
///
/// The search keeps an evaluator in step with its board: [`Evaluator::reset`] once for the root
/// position, then [`Evaluator::on_play`] after each stone is placed and [`Evaluator::on_undo`]
/// after each is removed. A table-driven evaluator updates only the lines through that point;
/// a simple one can ignore the hooks and look at the board in [`Evaluator::evaluate`].
pub trait Evaluator: Clone + Send {
    /// Starts over from `board` under `rule`.
    fn reset(&mut self, board: &Board, rule: Rule);

    /// The stone on `p` was just placed (`board` already holds it).
    fn on_play(&mut self, board: &Board, p: Point);

    /// The stone on `p` was just removed (`board` no longer holds it).
    fn on_undo(&mut self, board: &Board, p: Point);

    /// The value of `board` for the side to move: positive is good for it. Must not return a mate
    /// score unless the position is decided.
    fn evaluate(&self, board: &Board) -> Score;

    /// How promising the empty point `p` is for the side to move: the value of playing there
    /// (attack) plus the value of denying it to the opponent (defence). Higher is better; used
    /// for greedy choice and move ordering.
    fn score_move(&self, board: &Board, p: Point) -> i32;

    /// A learned policy's logit for the side to move playing the empty point `p` (higher is
    /// likelier), where the evaluator has one for this position; `None` by default. The search
    /// adds it to the move values with the weight of its `network_policy_weight` parameter.
    fn move_logit(&self, _board: &Board, _p: Point) -> Option<f32> {
        None
    }

    /// The line patterns this evaluator keeps in step with the board, if it keeps them (as
    /// [`crate::PatternEvaluator`] does). The search reuses them for its threat logic instead of
    /// keeping a second copy; evaluators that return `None` (the default) get one kept by the
    /// search. An evaluator must answer consistently: always `Some` or always `None`.
    fn patterns(&self) -> Option<&Patterns> {
        None
    }
}
