//! `thesis`: the minimax player of an OpenGL Gomoku thesis.
//!
//! # Definition
//! - **Search**: minimax with alpha-beta pruning (negamax form) to a fixed depth, 2 plies by
//!   default ([`THESIS_DEFAULT_DEPTH`], `thesis:N` for another, 1 to [`MAX_THESIS_DEPTH`]).
//! - **Candidates** at every node: the empty points within distance 2 (Chebyshev) of a stone,
//!   without the points forbidden to Black under Renju when Black is to move; the centre on an
//!   empty board. A node without candidates is valued by the evaluation. At the root only, when no
//!   point near the stones is legal, every legal point of the board is a candidate.
//! - **Terminal moves**: a move that wins under the rule ends the line: it is worth
//!   [`THESIS_WIN`]` - ply` to its player, `ply` being its distance from the root (1 for a root
//!   move), so nearer wins and later losses are preferred.
//! - **Evaluation** ([`thesis_evaluate`]) of a position for a colour: the sum, over every line of
//!   the board (rows, columns, both diagonals), of the [`PATTERNS`] values of every occurrence of
//!   every pattern of the colour's stones, minus the same sum for the opponent. In a pattern `1`
//!   is a stone of the colour and `0` an empty point; the edge and opponent stones match neither.
//!   Every window of the line is matched against every pattern, so occurrences overlap (an open
//!   four `011110` also holds two closed fours `11110` and `01111`). The table knows no rule:
//!   a six holds two fives.
//!
//! | patterns | value | shape |
//! |---|---:|---|
//! | `11111` | 500 000 | five |
//! | `011110` | 4 320 | open four |
//! | `011100` `001110` `011010` `010110` | 720 | open threes, straight and broken |
//! | `11110` `01111` `11011` `10111` `11101` | 720 | fours, closed and broken |
//! | `001100` `001010` `010100` | 120 | twos |
//! | `000100` `001000` | 20 | lone stones |
//!
//! - **Order**: at nodes with 2 or more plies left the moves are tried best first by the
//!   evaluation after the move (wins first); this changes nothing but the speed and, among moves
//!   of equal value, which one is chosen: the first in that order.
//!
//! The search keeps the evaluation up to date incrementally (only the four lines through the
//! stone placed or removed are rescored, from precomputed window tables) and stops early, with
//! the best fully searched root move, when the limits' time, node count or stop flag say so.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use gomoku_rules::{Board, Color, Direction, Point, Rule};

use super::is_legal;
use super::line::makes_win;
use crate::player::{Limits, Player, SearchInfo, SearchResult, StopFlag};
use crate::score::Score;

/// The pattern table of the evaluation (see the module documentation): `1` a stone of the
/// colour, `0` an empty point.
pub const PATTERNS: &[(&str, i64)] = &[
    ("11111", 500_000),
    ("011110", 4_320),
    ("011100", 720),
    ("001110", 720),
    ("011010", 720),
    ("010110", 720),
    ("11110", 720),
    ("01111", 720),
    ("11011", 720),
    ("10111", 720),
    ("11101", 720),
    ("001100", 120),
    ("001010", 120),
    ("010100", 120),
    ("000100", 20),
    ("001000", 20),
];

/// The value of a win at the root; a win `ply` plies away is worth `THESIS_WIN - ply`. Far
/// above any evaluation.
pub const THESIS_WIN: i64 = 1 << 40;

/// The classic search depth.
pub const THESIS_DEFAULT_DEPTH: u32 = 2;

/// The deepest search the player accepts.
pub const MAX_THESIS_DEPTH: u32 = 6;

/// The distance from the stones of the candidate moves.
const CANDIDATE_RADIUS: u8 = 2;

/// How many nodes pass between two looks at the clock and the stop flag.
const NODES_PER_LIMIT_CHECK: u64 = 1024;

/// Larger than any value.
const INFINITY: i64 = i64::MAX / 2;

/// The pattern values of every window of 6 and of 5 points, indexed by
/// `own bits | empty bits << width`.
struct Tables {
    six: Vec<i64>,
    five: Vec<i64>,
}

fn build_table(width: usize) -> Vec<i64> {
    let mut table = vec![0; 1 << (2 * width)];
    for &(pattern, value) in PATTERNS.iter().filter(|(p, _)| p.len() == width) {
        let mut own = 0;
        let mut empty = 0;
        for (k, c) in pattern.bytes().enumerate() {
            match c {
                b'1' => own |= 1 << k,
                _ => empty |= 1 << k,
            }
        }
        table[own | empty << width] += value;
    }
    table
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables {
        six: build_table(6),
        five: build_table(5),
    })
}

impl Tables {
    /// The pattern sum of the stones `own` on a line whose empty points are `empty`.
    #[inline]
    fn line_score(&self, own: u32, empty: u32, lo: u32, hi: u32) -> i64 {
        let mut score = 0;
        if hi + 1 >= lo + 6 {
            for i in lo..=hi - 5 {
                score += self.six[((own >> i) & 63 | ((empty >> i) & 63) << 6) as usize];
            }
        }
        if hi + 1 >= lo + 5 {
            for i in lo..=hi - 4 {
                score += self.five[((own >> i) & 31 | ((empty >> i) & 31) << 5) as usize];
            }
        }
        score
    }

    /// Black's pattern sum minus White's on the line through `p` in `dir`.
    #[inline]
    fn line_value(&self, board: &Board, p: Point, dir: Direction) -> i64 {
        let bits = board.line_bits(p, dir);
        if bits.on_board == 0 {
            return 0;
        }
        let lo = bits.on_board.trailing_zeros();
        let hi = 31 - bits.on_board.leading_zeros();
        let empty = bits.empty();
        self.line_score(bits.black, empty, lo, hi) - self.line_score(bits.white, empty, lo, hi)
    }

    /// Black's pattern sum minus White's over the four lines through `p`.
    #[inline]
    fn lines_through(&self, board: &Board, p: Point) -> i64 {
        Direction::ALL
            .into_iter()
            .map(|dir| self.line_value(board, p, dir))
            .sum()
    }

    /// Black's pattern sum minus White's over the whole board.
    fn whole_board(&self, board: &Board) -> i64 {
        let size = board.size();
        let mut total = 0;
        for dir in Direction::ALL {
            let (dc, dr) = dir.step();
            for p in Point::all(size) {
                // Each line once: from its first point.
                if p.offset(-dc, -dr, size).is_none() {
                    total += self.line_value(board, p, dir);
                }
            }
        }
        total
    }
}

/// The `thesis` evaluation of `board` for `color`: its pattern sum minus the opponent's (see the
/// module documentation).
pub fn thesis_evaluate(board: &Board, color: Color) -> i64 {
    let black_minus_white = tables().whole_board(board);
    match color {
        Color::Black => black_minus_white,
        Color::White => -black_minus_white,
    }
}

/// The outcome of a `thesis` search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThesisSearch {
    /// The move chosen; `None` only when there is no legal move.
    pub best: Option<Point>,
    /// The minimax value of the best move for the side to move.
    pub value: i64,
    /// Positions visited (every move played in the search, ordering included).
    pub nodes: u64,
    /// Whether the search ran to the end (not stopped by a limit).
    pub complete: bool,
}

/// Searches `board` for the side to move under `rule`, `depth` plies deep (at least 1), with no
/// limits (see the module documentation).
pub fn thesis_search(board: &Board, rule: Rule, depth: u32) -> ThesisSearch {
    Searcher::new(board, rule, None, None, None).root(depth.max(1))
}

struct Searcher<'a> {
    board: Board,
    rule: Rule,
    tables: &'static Tables,
    /// Black's pattern sum minus White's, kept in step with `board`.
    total: i64,
    nodes: u64,
    deadline: Option<Instant>,
    max_nodes: Option<u64>,
    stop: Option<&'a StopFlag>,
    aborted: bool,
}

impl<'a> Searcher<'a> {
    fn new(
        board: &Board,
        rule: Rule,
        deadline: Option<Instant>,
        max_nodes: Option<u64>,
        stop: Option<&'a StopFlag>,
    ) -> Searcher<'a> {
        let tables = tables();
        Searcher {
            board: board.clone(),
            rule,
            tables,
            total: tables.whole_board(board),
            nodes: 0,
            deadline,
            max_nodes,
            stop,
            aborted: false,
        }
    }

    /// The evaluation for the side to move.
    #[inline]
    fn static_value(&self) -> i64 {
        match self.board.side_to_move() {
            Color::Black => self.total,
            Color::White => -self.total,
        }
    }

    /// Plays `p`; returns whether it wins and the evaluation to restore on undo.
    #[inline]
    fn play(&mut self, p: Point) -> (bool, i64) {
        let wins = makes_win(&self.board, self.rule, p, self.board.side_to_move());
        let saved = self.total;
        let before = self.tables.lines_through(&self.board, p);
        self.board.play_unchecked(p);
        self.total += self.tables.lines_through(&self.board, p) - before;
        self.nodes += 1;
        if self.max_nodes.is_some_and(|n| self.nodes >= n)
            || (self.nodes % NODES_PER_LIMIT_CHECK == 0 && self.out_of_time())
        {
            self.aborted = true;
        }
        (wins, saved)
    }

    #[inline]
    fn undo(&mut self, p: Point, saved: i64) {
        self.board.undo_unchecked(p);
        self.total = saved;
    }

    /// Whether the deadline has passed or the stop flag is raised.
    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.stop.is_some_and(StopFlag::is_stopped)
    }

    /// The moves near the stones (the centre on an empty board); when `check_fouls`, without the
    /// points forbidden to Black under Renju.
    fn candidates(&self, check_fouls: bool) -> Vec<Point> {
        if self.board.total_stones() == 0 {
            return vec![Point::center(self.board.size())];
        }
        let near = self.board.neighbourhood(CANDIDATE_RADIUS);
        if check_fouls {
            near.iter()
                .filter(|&p| is_legal(&self.board, self.rule, p))
                .collect()
        } else {
            near.iter().collect()
        }
    }

    /// Sorts `moves` best first for the side to move: wins, then the evaluation after the move.
    fn order(&mut self, moves: &mut [Point]) {
        if self.aborted {
            return;
        }
        let mut keyed: Vec<((bool, i64), Point)> = moves
            .iter()
            .map(|&p| {
                let (wins, saved) = self.play(p);
                let value = -self.static_value();
                self.undo(p, saved);
                ((wins, value), p)
            })
            .collect();
        keyed.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        for (slot, (_, p)) in moves.iter_mut().zip(keyed) {
            *slot = p;
        }
    }

    /// The value of `p` for the side to move: a win, or the negated value of the reply.
    #[inline]
    fn value_of(&mut self, p: Point, depth: u32, ply: u32, alpha: i64, beta: i64) -> i64 {
        let (wins, saved) = self.play(p);
        let value = if wins {
            THESIS_WIN - (ply as i64 + 1)
        } else {
            -self.negamax(depth - 1, ply + 1, -beta, -alpha)
        };
        self.undo(p, saved);
        value
    }

    fn negamax(&mut self, depth: u32, ply: u32, mut alpha: i64, beta: i64) -> i64 {
        if depth == 0 || self.aborted {
            return self.static_value();
        }
        // Next to the leaves a move costs less than a foul check: check only the moves that
        // would change the result (a forbidden move is simply skipped).
        let lazy_fouls = depth == 1;
        let mut moves = self.candidates(!lazy_fouls);
        if depth >= 2 {
            self.order(&mut moves);
        }
        let mut best = -INFINITY;
        for p in moves {
            let value = self.value_of(p, depth, ply, alpha, beta);
            if self.aborted {
                return 0;
            }
            if value > best {
                if lazy_fouls && !is_legal(&self.board, self.rule, p) {
                    continue;
                }
                best = value;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if best == -INFINITY {
            // No legal candidate: the position is valued as it stands.
            return self.static_value();
        }
        best
    }

    fn root(&mut self, depth: u32) -> ThesisSearch {
        let mut moves = self.candidates(true);
        if moves.is_empty() {
            moves = self
                .board
                .empty_points()
                .iter()
                .filter(|&p| is_legal(&self.board, self.rule, p))
                .collect();
        }
        if depth >= 2 {
            self.order(&mut moves);
        }
        let mut best = None;
        let mut best_value = -INFINITY;
        for &p in &moves {
            let value = self.value_of(p, depth, 0, best_value, INFINITY);
            if self.aborted {
                break;
            }
            if value > best_value {
                best_value = value;
                best = Some(p);
            }
        }
        let complete = !self.aborted;
        if best.is_none() {
            best = moves.first().copied();
            best_value = 0;
        }
        ThesisSearch {
            best,
            value: best_value,
            nodes: self.nodes,
            complete,
        }
    }
}

/// A `thesis` value as a [`Score`]: wins and losses as mate scores, the rest clamped below them.
fn to_score(value: i64) -> Score {
    let plies = THESIS_WIN - value.abs();
    if (0..i64::from(MAX_THESIS_DEPTH) + 1).contains(&plies) {
        if value > 0 {
            Score::win_in(plies as u32)
        } else {
            Score::loss_in(plies as u32)
        }
    } else {
        let bound = i64::from(Score::WIN_THRESHOLD.0 - 1);
        Score(value.clamp(-bound, bound) as i32)
    }
}

/// The `thesis` player (see the module documentation). Deterministic.
#[derive(Clone, Debug)]
pub struct ThesisPlayer {
    depth: u32,
}

impl ThesisPlayer {
    /// A `thesis` player searching `depth` plies, clamped to `1..=MAX_THESIS_DEPTH`.
    pub fn new(depth: u32) -> ThesisPlayer {
        ThesisPlayer {
            depth: depth.clamp(1, MAX_THESIS_DEPTH),
        }
    }

    /// The search depth.
    pub fn depth(&self) -> u32 {
        self.depth
    }
}

impl Default for ThesisPlayer {
    fn default() -> ThesisPlayer {
        ThesisPlayer::new(THESIS_DEFAULT_DEPTH)
    }
}

/// The share of the match clock one move may use.
const TIME_LEFT_DIVISOR: u32 = 20;

impl Player for ThesisPlayer {
    fn name(&self) -> String {
        format!("thesis:{}", self.depth)
    }

    fn choose(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let depth = limits
            .max_depth
            .map_or(self.depth, |d| d.clamp(1, self.depth));
        let budget: Option<Duration> = match (limits.move_time, limits.time_left) {
            (Some(m), Some(t)) => Some(m.min(t / TIME_LEFT_DIVISOR)),
            (m, t) => m.or(t.map(|t| t / TIME_LEFT_DIVISOR)),
        };
        let deadline = budget.map(|b| start + b);
        let search =
            Searcher::new(board, rule, deadline, limits.max_nodes, Some(&limits.stop)).root(depth);
        let info = SearchInfo {
            depth,
            seldepth: depth,
            score: to_score(search.value),
            nodes: search.nodes,
            time: start.elapsed(),
            pv: search.best.into_iter().collect(),
            multipv: 1,
        };
        report(&info);
        SearchResult {
            best: search.best,
            info,
            lines: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_evaluation_equals_the_whole_board() {
        let board: Board = "
            . . . . . . . . .
            . . . . . . . . .
            . . X O . . . . .
            . . X X X O . . .
            . . O X O . . . .
            . . . X . . . . .
            . . . O . . . . .
            . . . . . . . . .
            . . . . . . . . ."
            .parse()
            .unwrap();
        let mut searcher = Searcher::new(&board, Rule::Freestyle, None, None, None);
        for p in searcher.candidates(false) {
            let (_, saved) = searcher.play(p);
            assert_eq!(searcher.total, tables().whole_board(&searcher.board), "{p}");
            searcher.undo(p, saved);
            assert_eq!(searcher.total, saved);
        }
    }

    #[test]
    fn scores_convert_to_mates_and_plain_values() {
        assert_eq!(to_score(THESIS_WIN - 1), Score::win_in(1));
        assert_eq!(to_score(-(THESIS_WIN - 2)), Score::loss_in(2));
        assert_eq!(to_score(4320), Score(4320));
        assert!(!to_score(3_000_000).is_mate());
    }
}
