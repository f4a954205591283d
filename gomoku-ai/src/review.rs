//! Game review: the engine's verdict on every move of a finished (or unfinished) game.
//!
//! Every position of the game is searched once by the [`Engine`] and checked by the
//! [`ThreatSolver`] for a forced win (VCF, then VCT) of the side to move. For the move from
//! position `k-1` to position `k`:
//!
//! - **score before** is the score of position `k-1` for the player who moves (the best that
//!   player could get), **score after** minus the score of position `k` (the opponent's view
//!   turned round): both from the MOVER's side, positive is good for the mover. A forced win
//!   found by the solver counts as a mate score ([`Score::win_in`]); a move that ends the game
//!   with five scores [`Score::WIN`] after, a move that fills the board a draw.
//! - **loss** is the drop in expected score: each score maps to the mover's chance
//!   `1 / (1 + e^(-score / REVIEW_SCALE))` ([`expected_score`]: 0.5 for an even position, 1 for a
//!   forced win, 0 for a forced loss), and the loss is `before - after`, never below 0, and 0
//!   when the move is the engine's own choice (a second search of the same move differs only
//!   by noise).
//! - **marks**: a loss of at least [`INACCURACY_LOSS`] is an inaccuracy, [`MISTAKE_LOSS`] a
//!   mistake, [`BLUNDER_LOSS`] a blunder. Whatever the loss, a move is a blunder when it
//!   *throws away a forced win* (the mover had one before, by a mate score or the solver, and
//!   has none after, nor is the move the first of the winning line) or *walks into a forced
//!   loss* (the opponent has a forced win after it, the mover was not already lost before, and
//!   the engine's choice does not lose too).
//!
//! What the engine and the solver find within their budget decides: a longer search may change
//! a verdict. With a node limit and no time limit ([`ReviewOptions::max_nodes`]) a review is
//! the same on every run and for every number of jobs (each position is searched from a clear
//! transposition table).
//!
//! ```
//! use gomoku_ai::review::{Mark, ReviewOptions, review};
//! use gomoku_rules::{Game, Rule};
//!
//! // Black makes an open three (h8 h9 h10); White ignores it (a3), and Black, instead of
//! // making the open four, plays far away (o15).
//! let game = Game::from_move_string(15, Rule::Freestyle, "h8 a1 h9 a2 h10 a3 o15 h11")?;
//! let options = ReviewOptions { max_nodes: Some(20_000), move_time: None, ..ReviewOptions::default() };
//! let review = review(&game, &options, &|_, _| {});
//! let o15 = &review.moves[6];
//! assert_eq!(o15.mark, Some(Mark::Blunder));
//! assert!(o15.threw_away_win);
//! assert!(review.moves[5].allowed_win, "a3 lets Black win by force");
//! assert_eq!(review.black.blunders, 1);
//! # Ok::<(), gomoku_rules::GameError>(())
//! ```

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use gomoku_rules::record::{self, Format, Record, RecordError};
use gomoku_rules::{Board, Color, Game, Point, Rule};

use crate::player::{Limits, Player};
use crate::score::Score;
use crate::search::{Engine, WinFinder, win_plies};
use crate::threat::{Budget, ThreatSolver};

/// Evaluation units per logit of [`expected_score`] (the order of the scale the tuner fits the
/// evaluation to game results with: 1104 for freestyle, 1693 for Renju).
pub const REVIEW_SCALE: f64 = 1200.0;
/// The loss in expected score (0..1) from which a move is an inaccuracy.
pub const INACCURACY_LOSS: f64 = 0.10;
/// The loss in expected score from which a move is a mistake.
pub const MISTAKE_LOSS: f64 = 0.20;
/// The loss in expected score from which a move is a blunder.
pub const BLUNDER_LOSS: f64 = 0.30;
/// Default node budget of the threat solver in each position.
pub const REVIEW_THREAT_NODES: u64 = 100_000;
/// Transposition table of each reviewing engine (bytes).
const REVIEW_HASH_BYTES: usize = 16 << 20;

/// The mover's expected score (0..1) for a score from its side: `1 / (1 + e^(-score /
/// REVIEW_SCALE))`; 1 for a forced win, 0 for a forced loss.
///
/// ```
/// use gomoku_ai::Score;
/// use gomoku_ai::review::expected_score;
/// assert_eq!(expected_score(Score(0)), 0.5);
/// assert_eq!(expected_score(Score::win_in(9)), 1.0);
/// assert_eq!(expected_score(Score::loss_in(4)), 0.0);
/// assert!(expected_score(Score(600)) > 0.6);
/// ```
pub fn expected_score(score: Score) -> f64 {
    if score.is_mate() {
        return if score.0 > 0 { 1.0 } else { 0.0 };
    }
    1.0 / (1.0 + (-f64::from(score.0) / REVIEW_SCALE).exp())
}

/// How hard to look at each position.
#[derive(Clone, Debug)]
pub struct ReviewOptions {
    /// Search time per position (`None`: no time limit).
    pub move_time: Option<Duration>,
    /// Search nodes per position (`None`: no node limit). With no time limit either, each
    /// position is searched to a fixed depth (slow).
    pub max_nodes: Option<u64>,
    /// Node budget of the threat solver in each position.
    pub threat_nodes: u64,
    /// Positions searched at once (threads), at least 1.
    pub jobs: usize,
}

impl Default for ReviewOptions {
    /// 200 ms a position, no node limit, [`REVIEW_THREAT_NODES`], one job.
    fn default() -> ReviewOptions {
        ReviewOptions {
            move_time: Some(Duration::from_millis(200)),
            max_nodes: None,
            threat_nodes: REVIEW_THREAT_NODES,
            jobs: 1,
        }
    }
}

/// A move's mark, by the loss it costs (see the [module](self) documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// A loss of at least [`INACCURACY_LOSS`].
    Inaccuracy,
    /// A loss of at least [`MISTAKE_LOSS`].
    Mistake,
    /// A loss of at least [`BLUNDER_LOSS`], a forced win thrown away or a forced loss walked
    /// into.
    Blunder,
}

impl Mark {
    /// `"inaccuracy"`, `"mistake"` or `"blunder"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The mark of a loss in expected score, if it reaches one.
    pub fn of_loss(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER_LOSS {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE_LOSS {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY_LOSS {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The verdict on one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The move's number in the game, from 1.
    pub ply: usize,
    /// The move.
    pub point: Point,
    /// Who played it.
    pub color: Color,
    /// The position's score before the move, from the mover's side.
    pub score_before: Score,
    /// The score after the move, from the mover's side.
    pub score_after: Score,
    /// The engine's best move, when it is not the move played.
    pub best: Option<Point>,
    /// The drop in the mover's expected score (0..1; see [`expected_score`]).
    pub loss: f64,
    /// The mark, if the move earns one.
    pub mark: Option<Mark>,
    /// The mover had a forced win and the move gives it up.
    pub threw_away_win: bool,
    /// After the move the opponent has a forced win that it did not have to get.
    pub allowed_win: bool,
}

impl MoveReview {
    /// Black's expected score (0..1, see [`expected_score`]) after the move: the curve of a
    /// game's evaluation graph.
    ///
    /// ```
    /// use gomoku_ai::Score;
    /// use gomoku_ai::review::{MoveReview, expected_score};
    /// use gomoku_rules::Color;
    /// let white_move = MoveReview {
    ///     ply: 2, point: "i9".parse().unwrap(), color: Color::White,
    ///     score_before: Score(0), score_after: Score(-600), best: None, loss: 0.0,
    ///     mark: None, threw_away_win: false, allowed_win: false,
    /// };
    /// assert_eq!(white_move.black_expected(), 1.0 - expected_score(Score(-600)));
    /// assert!(white_move.black_expected() > 0.6);
    /// ```
    pub fn black_expected(&self) -> f64 {
        let mover = expected_score(self.score_after);
        match self.color {
            Color::Black => mover,
            Color::White => 1.0 - mover,
        }
    }

    /// The verdict in words, e.g. `"score 35 -> -1402; best h9; blunder: throws away a forced
    /// win"` (scores from the mover's side).
    pub fn comment(&self) -> String {
        let mut text = format!("score {} -> {}", self.score_before, self.score_after);
        if let Some(best) = self.best {
            text += &format!("; best {best}");
        }
        if let Some(mark) = self.mark {
            text += &format!("; {mark}");
            let why = match (self.threw_away_win, self.allowed_win) {
                (true, true) => Some("throws away a forced win and allows one"),
                (true, false) => Some("throws away a forced win"),
                (false, true) => Some("allows a forced win"),
                (false, false) => None,
            };
            if let Some(why) = why {
                text += &format!(": {why}");
            }
        }
        text
    }
}

/// One player's moves in sum.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// Moves played.
    pub moves: usize,
    /// Moves marked inaccuracy.
    pub inaccuracies: usize,
    /// Moves marked mistake.
    pub mistakes: usize,
    /// Moves marked blunder.
    pub blunders: usize,
    /// The mean loss in expected score per move (0..1; 0 without moves).
    pub average_loss: f64,
}

impl PlayerSummary {
    fn of(moves: &[MoveReview], color: Color) -> PlayerSummary {
        let own: Vec<&MoveReview> = moves.iter().filter(|m| m.color == color).collect();
        let count = |mark: Mark| own.iter().filter(|m| m.mark == Some(mark)).count();
        PlayerSummary {
            moves: own.len(),
            inaccuracies: count(Mark::Inaccuracy),
            mistakes: count(Mark::Mistake),
            blunders: count(Mark::Blunder),
            average_loss: if own.is_empty() {
                0.0
            } else {
                own.iter().map(|m| m.loss).sum::<f64>() / own.len() as f64
            },
        }
    }
}

impl fmt::Display for PlayerSummary {
    /// `"31 moves, 2 inaccuracies, 1 mistake, 0 blunders, average loss 4.1%"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        write!(
            f,
            "{}, {}, {}, {}, average loss {:.1}%",
            plural(self.moves, "move", "moves"),
            plural(self.inaccuracies, "inaccuracy", "inaccuracies"),
            plural(self.mistakes, "mistake", "mistakes"),
            plural(self.blunders, "blunder", "blunders"),
            self.average_loss * 100.0
        )
    }
}

/// The review of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Every move, in order.
    pub moves: Vec<MoveReview>,
    /// Black's moves in sum.
    pub black: PlayerSummary,
    /// White's moves in sum.
    pub white: PlayerSummary,
}

impl Review {
    /// The summary of `color`'s moves.
    pub fn summary(&self, color: Color) -> &PlayerSummary {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The game as SGF with the review in comments: each move's [`MoveReview::comment`], and
    /// both players' summaries on the root node.
    ///
    /// # Errors
    /// None in practice (SGF is always available); the type is that of
    /// [`record::write_string`].
    pub fn to_sgf(&self, record: &Record) -> Result<String, RecordError> {
        let plain = record::write_string(record, Format::Sgf)?;
        let summary = format!(
            "Review by gomoku-rs. Black: {}. White: {}.",
            self.black, self.white
        );
        Ok(insert_sgf_comments(&plain, &summary, &self.moves))
    }
}

/// Inserts `C[...]` comments into SGF text as our writer makes it (the root node on the first
/// line, then one `;B[..]`/`;W[..]` node per move): the summary at the end of the root node,
/// each review after its move's node.
fn insert_sgf_comments(sgf: &str, summary: &str, moves: &[MoveReview]) -> String {
    let (root, rest) = sgf.split_once('\n').unwrap_or((sgf, ""));
    let mut out = format!("{root}C[{}]\n", sgf_text(summary));
    let mut reviews = moves.iter();
    let mut chars = rest.char_indices().peekable();
    let mut last = 0;
    while let Some((i, c)) = chars.next() {
        let is_move =
            c == ';' && rest[i + 1..].starts_with(['B', 'W']) && rest[i + 2..].starts_with('[');
        if !is_move {
            continue;
        }
        let Some(close) = rest[i..].find(']') else {
            break;
        };
        let end = i + close + 1;
        out.push_str(&rest[last..end]);
        if let Some(review) = reviews.next() {
            out.push_str(&format!("C[{}]", sgf_text(&review.comment())));
        }
        last = end;
        while chars.peek().is_some_and(|&(j, _)| j < end) {
            chars.next();
        }
    }
    out.push_str(&rest[last..]);
    out
}

/// SGF text: `]` and `\` escaped.
fn sgf_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// What the engine and the solver found in one position, from the side to move's view.
#[derive(Clone, Debug, PartialEq)]
struct PositionEval {
    /// The engine's choice (or the first move of the solver's win).
    best: Option<Point>,
    /// The score for the side to move (a mate when the solver found a win).
    score: Score,
    /// The side to move has a forced win (mate score or the solver).
    wins: bool,
    /// The first move of the solver's winning line.
    winning_move: Option<Point>,
}

impl PositionEval {
    fn loses(&self) -> bool {
        self.score <= -Score::WIN_THRESHOLD
    }
}

/// Reviews every move of `game` (its moves from the empty board; a game taken back keeps only
/// the moves on the board), searching the positions `options.jobs` at a time and calling
/// `progress(done, total)` as positions are done (from the worker threads).
pub fn review(
    game: &Game,
    options: &ReviewOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Review {
    let rule = game.rule();
    let moves = game.moves();
    let mut board = Board::new(u32::from(game.size())).expect("a game's board size is valid");
    let mut positions = vec![board.clone()];
    for &p in moves {
        board.play_unchecked(p);
        positions.push(board.clone());
    }
    // A finished game's last position needs no search: the outcome scores it.
    let outcome = game.outcome();
    let searched = positions.len() - usize::from(outcome.is_over());
    let mut evals = evaluate_all(&positions[..searched], rule, options, progress);
    if outcome.is_over() {
        let to_move = board.side_to_move();
        evals.push(PositionEval {
            best: None,
            score: match outcome.winner() {
                None => Score::DRAW,
                Some(winner) if winner == to_move => Score::WIN,
                Some(_) => -Score::WIN,
            },
            wins: false,
            winning_move: None,
        });
    }
    let reviews: Vec<MoveReview> = moves
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let (before, after) = (&evals[i], &evals[i + 1]);
            // Whether the engine's choice would have let the opponent win too.
            let mut choice_loses = |best: Point| {
                let mut child = positions[i].clone();
                child.play_unchecked(best);
                let budget = Budget::nodes(options.threat_nodes);
                let found = ThreatSolver::new().find_win(&child, rule, &budget, true);
                found.line.is_some()
            };
            judge(
                i,
                p,
                positions[i].side_to_move(),
                before,
                after,
                &mut choice_loses,
            )
        })
        .collect();
    Review {
        black: PlayerSummary::of(&reviews, Color::Black),
        white: PlayerSummary::of(&reviews, Color::White),
        moves: reviews,
    }
}

/// The verdict on move `index` (0-based), `p` by `color`, between the evaluations `before` and
/// `after`; `choice_loses` tells whether the engine's own choice lets the opponent win.
fn judge(
    index: usize,
    p: Point,
    color: Color,
    before: &PositionEval,
    after: &PositionEval,
    choice_loses: &mut dyn FnMut(Point) -> bool,
) -> MoveReview {
    let score_before = before.score;
    let score_after = -after.score;
    let best = before.best.filter(|&b| b != p);
    let keeps_win = score_after >= Score::WIN_THRESHOLD
        || before.winning_move == Some(p)
        || (before.best == Some(p) && score_before >= Score::WIN_THRESHOLD);
    let threw_away_win = before.wins && !keeps_win;
    let allowed_win = after.wins && !before.loses() && best.is_some_and(|b| !choice_loses(b));
    let loss = if best.is_none() {
        0.0
    } else {
        (expected_score(score_before) - expected_score(score_after)).max(0.0)
    };
    let mark = if threw_away_win || allowed_win {
        Some(Mark::Blunder)
    } else {
        Mark::of_loss(loss)
    };
    MoveReview {
        ply: index + 1,
        point: p,
        color,
        score_before,
        score_after,
        best,
        loss,
        mark,
        threw_away_win,
        allowed_win,
    }
}

/// Evaluates every position, `options.jobs` at a time, each with its own engine and solver.
fn evaluate_all(
    positions: &[Board],
    rule: Rule,
    options: &ReviewOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<PositionEval> {
    let total = positions.len();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<PositionEval>>> = Mutex::new(vec![None; total]);
    let jobs = options.jobs.clamp(1, total.max(1));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(board) = positions.get(k) else { break };
                    let eval = evaluate(board, rule, options);
                    if let Ok(mut results) = results.lock() {
                        results[k] = Some(eval);
                    }
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .into_iter()
        .map(|eval| eval.expect("every position is evaluated"))
        .collect()
}

/// The engine's search and the solver's check of one position, each from empty tables (the
/// engine's threat solver keeps its tables between searches): what one position gets does not
/// depend on the positions searched before it.
fn evaluate(board: &Board, rule: Rule, options: &ReviewOptions) -> PositionEval {
    let mut engine = Engine::new();
    engine.set_hash_bytes(REVIEW_HASH_BYTES);
    let limits = Limits {
        move_time: options.move_time,
        max_nodes: options.max_nodes,
        ..Limits::default()
    };
    let result = engine.choose(board, rule, &limits, &mut |_| {});
    let mut eval = PositionEval {
        best: result.best,
        score: result.info.score,
        wins: result.info.score >= Score::WIN_THRESHOLD,
        winning_move: None,
    };
    let budget = Budget::nodes(options.threat_nodes);
    if let Some(line) = ThreatSolver::new()
        .find_win(board, rule, &budget, true)
        .line
    {
        eval.wins = true;
        eval.winning_move = line.first().copied();
        if eval.score < Score::WIN_THRESHOLD {
            eval.score = Score::win_in(win_plies(board, rule, &line));
            eval.best = eval.winning_move;
        }
    }
    eval
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(score: i32, best: &str) -> PositionEval {
        PositionEval {
            best: Some(best.parse().unwrap()),
            score: Score(score),
            wins: Score(score) >= Score::WIN_THRESHOLD,
            winning_move: None,
        }
    }

    fn judged(before: &PositionEval, after: &PositionEval, played: &str) -> MoveReview {
        let p: Point = played.parse().unwrap();
        judge(0, p, Color::Black, before, after, &mut |_| false)
    }

    #[test]
    fn marks_follow_the_thresholds() {
        // Scores from the side to move: after the move it is the opponent's.
        let before = eval(0, "h8");
        let cases = [(0, None), (300, None), (600, Some(Mark::Inaccuracy))];
        for (opponent, mark) in cases {
            let review = judged(&before, &eval(opponent, "a1"), "b2");
            assert_eq!(review.mark, mark, "opponent at {opponent}");
            assert_eq!(review.score_after, Score(-opponent));
        }
        assert_eq!(
            judged(&before, &eval(1200, "a1"), "b2").mark,
            Some(Mark::Mistake)
        );
        assert_eq!(
            judged(&before, &eval(3000, "a1"), "b2").mark,
            Some(Mark::Blunder)
        );
        // The engine's own move costs nothing, whatever the scores say.
        let own = judged(&before, &eval(3000, "a1"), "h8");
        assert_eq!((own.loss, own.mark, own.best), (0.0, None, None));
    }

    #[test]
    fn a_thrown_away_win_is_a_blunder_even_when_still_ahead() {
        let before = PositionEval {
            wins: true,
            winning_move: Some("h8".parse().unwrap()),
            ..eval(Score::win_in(5).0, "h8")
        };
        let review = judged(&before, &eval(-5000, "a1"), "b2");
        assert!(review.threw_away_win);
        assert_eq!(review.mark, Some(Mark::Blunder));
        // Playing the winning move keeps it, whatever the next search saw.
        let kept = judged(&before, &eval(-5000, "a1"), "h8");
        assert!(!kept.threw_away_win);
        assert_eq!(kept.mark, None);
    }

    #[test]
    fn walking_into_a_forced_loss_is_a_blunder_unless_lost_anyway() {
        let opponent_wins = PositionEval {
            wins: true,
            ..eval(200, "a1")
        };
        let review = judged(&eval(100, "h8"), &opponent_wins, "b2");
        assert!(review.allowed_win);
        assert_eq!(review.mark, Some(Mark::Blunder));
        // Already lost before: no blunder.
        let lost = judged(&eval(Score::loss_in(6).0, "h8"), &opponent_wins, "b2");
        assert!(!lost.allowed_win);
        // The engine's choice loses too: no blunder.
        let p: Point = "b2".parse().unwrap();
        let anyway = judge(
            0,
            p,
            Color::Black,
            &eval(100, "h8"),
            &opponent_wins,
            &mut |_| true,
        );
        assert!(!anyway.allowed_win);
    }

    #[test]
    fn comments_escape_for_sgf() {
        let review = judged(&eval(0, "h8"), &eval(3000, "a1"), "b2");
        let sgf = "(;GM[4]FF[4]SZ[15]\n;B[bn])\n";
        let out = insert_sgf_comments(sgf, "a]b\\c", std::slice::from_ref(&review));
        assert!(out.starts_with("(;GM[4]FF[4]SZ[15]C[a\\]b\\\\c]\n;B[bn]C[score 0 -> -3000"));
        assert!(out.ends_with("blunder])\n"), "{out}");
    }
}
