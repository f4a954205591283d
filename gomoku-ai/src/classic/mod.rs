//! The three classic seed strategies, kept as the programs they come from defined them so that
//! users can benchmark their own players (and ours) against well-known baselines:
//!
//! - [`Gm8Player`] (`gm8[:seed]`): the one-ply scorer of a GameMaker tutorial game: connected
//!   stones and open ends per direction, own score plus the opponent's, random among ties.
//! - [`PriorityPlayer`] (`priority`): the rule-of-thumb player of an E-language program:
//!   `8^stones - 8^gaps` per direction, shapes made of the two best directions, and a strict
//!   priority order (win, block, forcing shapes, score).
//! - [`ThesisPlayer`] (`thesis[:depth]`): the minimax player of an OpenGL thesis: alpha-beta at
//!   depth 2 over the points near the stones, with a whole-board pattern table as evaluation.
//!
//! Every one of them plays only legal moves under every [`Rule`]: an empty point on the board,
//! and never a point forbidden to Black under Renju ([`gomoku_rules::renju::forbidden`]).
//! Each module documents its exact definition, tables included.

mod gm8;
mod line;
mod priority;
mod thesis;

pub use gm8::{GM8_FIVE_OPPONENT, GM8_FIVE_OWN, GM8_TABLE, Gm8Player, gm8_point_score};
pub use priority::{
    ATTACK_FACTOR, FIVE_VALUE, Level, Priority, PriorityPlayer, Shape, direction_value, priority_of,
};
pub use thesis::{
    MAX_THESIS_DEPTH, PATTERNS, THESIS_DEFAULT_DEPTH, THESIS_WIN, ThesisPlayer, ThesisSearch,
    thesis_evaluate, thesis_search,
};

use std::time::Duration;

use gomoku_rules::{Board, Color, Point, Rule, renju};

use crate::player::{SearchInfo, SearchResult};
use crate::score::Score;

/// Whether the side to move may play on `p` under `rule`: `p` is an empty point of the board,
/// and not forbidden to Black under Renju.
pub(crate) fn is_legal(board: &Board, rule: Rule, p: Point) -> bool {
    board.is_empty_at(p)
        && !(rule.has_fouls()
            && board.side_to_move() == Color::Black
            && renju::forbidden(board, p).is_some())
}

/// The answer of a one-ply player: the move, no search statistics beyond `nodes`.
pub(crate) fn one_ply_result(best: Option<Point>, nodes: u64, time: Duration) -> SearchResult {
    SearchResult {
        best,
        info: SearchInfo {
            depth: 1,
            seldepth: 1,
            score: Score::DRAW,
            nodes,
            time,
            pv: best.into_iter().collect(),
            multipv: 1,
        },
        lines: Vec::new(),
    }
}

/// Picks, from `scored` (any order), a legal move with the highest key, calling the foul check
/// only on the best keys until one passes; `pick` chooses among the legal moves sharing the best
/// key (they are given in board index order). `None` when no move is legal.
pub(crate) fn best_legal<K: Ord + Copy>(
    board: &Board,
    rule: Rule,
    mut scored: Vec<(K, Point)>,
    mut pick: impl FnMut(&[Point]) -> Point,
) -> Option<Point> {
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.index().cmp(&b.1.index())));
    let mut start = 0;
    while start < scored.len() {
        let key = scored[start].0;
        let end = start + scored[start..].partition_point(|s| s.0 == key);
        let legal: Vec<Point> = scored[start..end]
            .iter()
            .map(|s| s.1)
            .filter(|&p| is_legal(board, rule, p))
            .collect();
        if !legal.is_empty() {
            return Some(pick(&legal));
        }
        start = end;
    }
    None
}
