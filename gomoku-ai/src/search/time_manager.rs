//! The time manager: how long a move may take (its [`TimeBudget`], from the turn limit, the
//! match time left and the moves the game is still likely to last), and, while the iterative
//! deepening runs, whether another iteration is worth starting ([`Pace`]).
//!
//! Under a turn limit alone (or a match clock so ample that the turn limit binds first) time a
//! move saves is lost: the move takes its whole turn, less a safety margin, and stops early
//! only when it is forced or its result is proven. Under a match clock that binds, the move
//! aims at its *optimum*, the even share of the time left over the moves still to play, which
//! the search stretches when the best move keeps changing, the score falls or the root's
//! effort is spread over several moves, and shrinks when one move takes almost all the nodes;
//! it starts an iteration only when the iterations so far predict that it finishes before the
//! *maximum*, which it never passes.
//!
//! The ideas come from Rapfi's `timecontrol` (optimum and maximum from the turn and match
//! times and the moves left) and Stockfish's `timeman` (best-move instability, falling
//! evaluation, the share of the nodes spent on the best move).

use std::time::Duration;

use gomoku_rules::{Board, Point, Rule};

use crate::params::{
    BEST_MOVE_CHANGE_WEIGHT, DEFAULT_ITERATION_GROWTH, EFFORT_PIVOT, EXPECTED_GAME_PLIES_EXACT,
    EXPECTED_GAME_PLIES_FREESTYLE, EXPECTED_GAME_PLIES_RENJU, FALLING_SCORE_HALF,
    FIXED_TIME_ITERATION_PERCENT, FORCED_MOVE_DEPTH, MATCH_MAX_DIVISOR, MAX_EFFORT_FACTOR,
    MAX_FALLING_FACTOR, MAX_ITERATION_GROWTH, MAX_OVER_OPTIMUM, MIN_EFFORT_FACTOR,
    MIN_FALLING_FACTOR, MIN_ITERATION_GROWTH, MIN_MOVES_LEFT, MOVE_OVERHEAD_MS, TIME_SAFETY_MS,
    TURN_MAX_PERCENT,
};
use crate::player::Limits;
use crate::score::Score;

/// The time one move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// The time the move aims at. Under a binding match clock the search stretches or shrinks
    /// it (never past [`TimeBudget::maximum`]); otherwise it equals the maximum.
    pub optimum: Duration,
    /// The time the move never passes: within the turn limit and the match time left, less
    /// the reserve.
    pub maximum: Duration,
    /// Whether the match clock binds: time saved on this move serves later moves, so the move
    /// may stop before its maximum.
    pub match_bound: bool,
}

impl TimeBudget {
    /// The budget of a move with `turn` to play it (`None`: no turn limit), `time_left` on the
    /// match clock (`None`: no match clock), `moves_left` moves of our own still to play in the
    /// game (see [`moves_left`]; 0 counts as 1), keeping `reserve` back from both limits for
    /// answering. `None` without any time limit.
    ///
    /// The maximum is the turn limit (at most [`TURN_MAX_PERCENT`] of it), and under a match
    /// clock at most a
    /// [`MATCH_MAX_DIVISOR`]th of the time left and [`MAX_OVER_OPTIMUM`] times the optimum.
    /// The optimum is the time left shared evenly over the moves left, or the maximum when the
    /// turn limit binds first (the whole turn every move would not spend the clock).
    ///
    /// ```
    /// use std::time::Duration;
    /// use gomoku_ai::TimeBudget;
    /// let ms = Duration::from_millis;
    /// // 10 s left for about 20 more moves, 2 s turns: half a second a move, at most 93% of
    /// // the 2 s turn.
    /// let budget = TimeBudget::new(Some(ms(2_000)), Some(ms(10_010)), 20, ms(10)).unwrap();
    /// assert_eq!(budget.optimum, ms(500));
    /// assert_eq!(budget.maximum, ms(1_860));
    /// assert!(budget.match_bound);
    /// ```
    pub fn new(
        turn: Option<Duration>,
        time_left: Option<Duration>,
        moves_left: u32,
        reserve: Duration,
    ) -> Option<TimeBudget> {
        let turn = turn.map(|t| {
            let share = Duration::from_millis(
                (t.as_millis() * u128::from(TURN_MAX_PERCENT) / 100).min(u128::from(u64::MAX))
                    as u64,
            );
            t.saturating_sub(reserve).min(share)
        });
        let Some(left) = time_left.map(|t| t.saturating_sub(reserve)) else {
            return turn.map(|t| TimeBudget {
                optimum: t,
                maximum: t,
                match_bound: false,
            });
        };
        let moves = moves_left.max(1);
        let share = left / moves;
        let from_match = (left / MATCH_MAX_DIVISOR).min(share * MAX_OVER_OPTIMUM);
        let maximum = turn.map_or(from_match, |t| t.min(from_match));
        // Every move taking its whole turn would not spend the clock: the turn limit binds.
        let ample = turn.is_some_and(|t| maximum == t && t <= share);
        Some(TimeBudget {
            optimum: if ample { maximum } else { share.min(maximum) },
            maximum,
            match_bound: !ample,
        })
    }

    /// The budget the engine gives a search of `board` under `rule` within `limits` (its
    /// move time is the turn limit, its time left the match clock), keeping
    /// [`TIME_SAFETY_MS`] back for answering, and from the match clock the move overhead
    /// ([`Limits::move_overhead`], at least [`MOVE_OVERHEAD_MS`]) for each move of its own
    /// that the empty points still allow. `None` without a time limit.
    pub fn for_limits(limits: &Limits, board: &Board, rule: Rule) -> Option<TimeBudget> {
        let per_move = limits
            .move_overhead
            .unwrap_or_default()
            .max(Duration::from_millis(MOVE_OVERHEAD_MS));
        let overhead = per_move * own_moves_possible(board);
        TimeBudget::new(
            limits.move_time,
            limits.time_left.map(|t| t.saturating_sub(overhead)),
            moves_left(board, rule),
            Duration::from_millis(TIME_SAFETY_MS),
        )
    }
}

/// The moves of its own the side to move is still likely to play in the game on `board`:
/// half the plies an engine game under `rule` usually lasts past the stones already played
/// (scaled to the board's area from 15x15), at least [`MIN_MOVES_LEFT`], and at most half the
/// empty points (rounded up).
pub fn moves_left(board: &Board, rule: Rule) -> u32 {
    let expected = match rule {
        Rule::Freestyle => EXPECTED_GAME_PLIES_FREESTYLE,
        Rule::Renju => EXPECTED_GAME_PLIES_RENJU,
        Rule::Standard | Rule::Caro | Rule::CaroExactFive => EXPECTED_GAME_PLIES_EXACT,
    };
    let area = u32::from(board.size()).pow(2);
    let expected = (expected * area / 225).max(MIN_MOVES_LEFT * 2);
    let by_length = expected.saturating_sub(board.total_stones()).div_ceil(2);
    by_length
        .max(MIN_MOVES_LEFT)
        .min(own_moves_possible(board))
        .max(1)
}

/// The most moves the side to move can still play on `board`: half its empty points, rounded up.
fn own_moves_possible(board: &Board) -> u32 {
    let area = u32::from(board.size()).pow(2);
    area.saturating_sub(board.total_stones()).div_ceil(2)
}

/// What one completed iteration tells the time manager.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Iteration {
    /// The iteration's depth.
    pub depth: u32,
    /// How long it took.
    pub time: Duration,
    /// Its best move.
    pub best: Option<Point>,
    /// Its score.
    pub score: Score,
    /// The share of its root nodes spent on the best move (0 to 1; 1 when unknown).
    pub best_effort: f64,
}

/// The time manager's view of one iterative deepening: the iterations so far, and from them
/// whether another one is worth starting.
#[derive(Clone, Debug)]
pub(crate) struct Pace {
    /// The root has a single candidate.
    forced: bool,
    /// Changes of the best move, each halved at every later iteration.
    changes: f64,
    last: Option<Iteration>,
    /// The iteration before the last one's time and score.
    before_last: Option<(Duration, Score)>,
}

impl Pace {
    /// The pace of a search whose root has a single candidate if `forced`.
    pub(crate) fn new(forced: bool) -> Pace {
        Pace {
            forced,
            changes: 0.0,
            last: None,
            before_last: None,
        }
    }

    /// Records a completed iteration.
    pub(crate) fn record(&mut self, iteration: Iteration) {
        self.changes /= 2.0;
        if let Some(last) = &self.last {
            if last.best != iteration.best {
                self.changes += 1.0;
            }
            self.before_last = Some((last.time, last.score));
        }
        self.last = Some(iteration);
    }

    /// The optimum stretched or shrunk by what the iterations say: instability of the best
    /// move, a falling score, the effort spread over the root (see the constants in
    /// [`crate::params`]).
    pub(crate) fn scale(&self) -> f64 {
        let Some(last) = &self.last else {
            return 1.0;
        };
        let instability = 1.0 + BEST_MOVE_CHANGE_WEIGHT * self.changes;
        let falling = match self.before_last {
            Some((_, before)) if !before.is_mate() && !last.score.is_mate() => {
                let drop = f64::from(before.0 - last.score.0);
                (1.0 + drop / f64::from(2 * FALLING_SCORE_HALF))
                    .clamp(MIN_FALLING_FACTOR, MAX_FALLING_FACTOR)
            }
            _ => 1.0,
        };
        let effort = (EFFORT_PIVOT - last.best_effort).clamp(MIN_EFFORT_FACTOR, MAX_EFFORT_FACTOR);
        instability * falling * effort
    }

    /// How long the next iteration is likely to take: the last one's time times the growth of
    /// the last two.
    pub(crate) fn predicted_next(&self) -> Option<Duration> {
        let last = self.last.as_ref()?;
        let growth = match self.before_last {
            Some((before, _)) if !before.is_zero() => (last.time.as_secs_f64()
                / before.as_secs_f64())
            .clamp(MIN_ITERATION_GROWTH, MAX_ITERATION_GROWTH),
            _ => DEFAULT_ITERATION_GROWTH,
        };
        Some(last.time.mul_f64(growth))
    }

    /// Whether to start another iteration `elapsed` into a move budgeted `budget`.
    pub(crate) fn may_start(&self, elapsed: Duration, budget: &TimeBudget) -> bool {
        let depth = self.last.as_ref().map_or(0, |l| l.depth);
        if self.forced && depth >= FORCED_MOVE_DEPTH && budget.match_bound {
            return false;
        }
        if elapsed >= budget.maximum {
            return false;
        }
        if !budget.match_bound {
            let share = f64::from(FIXED_TIME_ITERATION_PERCENT) / 100.0;
            return elapsed < budget.maximum.mul_f64(share);
        }
        let optimum = budget.optimum.mul_f64(self.scale()).min(budget.maximum);
        let finishes = self
            .predicted_next()
            .is_none_or(|next| elapsed + next <= budget.maximum);
        elapsed < optimum && finishes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    const RESERVE: Duration = Duration::from_millis(10);

    #[test]
    fn a_turn_limit_alone_gives_the_whole_turn() {
        // 93% of the turn: the reserve of 10 ms would leave 290.
        let b = TimeBudget::new(Some(ms(300)), None, 30, RESERVE).unwrap();
        assert_eq!(b.optimum, ms(279));
        assert_eq!(b.maximum, ms(279));
        // A short turn: the reserve binds (93% of 100 ms would be 93).
        let b = TimeBudget::new(Some(ms(100)), None, 30, RESERVE).unwrap();
        assert_eq!(b.maximum, ms(90));
        assert!(!b.match_bound);
        assert_eq!(TimeBudget::new(None, None, 30, RESERVE), None);
    }

    #[test]
    fn a_match_clock_alone_is_shared_over_the_moves_left() {
        let b = TimeBudget::new(None, Some(ms(60_010)), 30, RESERVE).unwrap();
        assert_eq!(b.optimum, ms(2_000));
        // 4 times the optimum, under a fifth of the time left.
        assert_eq!(b.maximum, ms(8_000));
        assert!(b.match_bound);
        // Few moves left: at most a fifth of the time left.
        let b = TimeBudget::new(None, Some(ms(10_010)), 2, RESERVE).unwrap();
        assert_eq!(b.maximum, ms(2_000));
        assert_eq!(b.optimum, ms(2_000));
    }

    #[test]
    fn both_clocks_the_tighter_binds() {
        // 20 s for about 25 moves, 2 s turns: 0.8 s a move, up to the turn.
        let b = TimeBudget::new(Some(ms(2_010)), Some(ms(20_010)), 25, RESERVE).unwrap();
        assert_eq!(b.optimum, ms(800));
        assert_eq!(b.maximum, ms(1_869));
        assert!(b.match_bound);
        // 180 s for 20 moves of at most 5 s: the turn binds, every move takes it whole.
        let b = TimeBudget::new(Some(ms(5_010)), Some(ms(180_010)), 20, RESERVE).unwrap();
        assert_eq!(b.optimum, ms(4_659));
        assert_eq!(b.maximum, ms(4_659));
        assert!(!b.match_bound);
    }

    #[test]
    fn almost_no_time_left_never_passes_it() {
        for left in [0, 1, 5, 10, 11, 30, 100] {
            let b = TimeBudget::new(Some(ms(1_000)), Some(ms(left)), 15, RESERVE).unwrap();
            assert!(b.optimum <= b.maximum, "{left}: {b:?}");
            assert!(
                b.maximum + RESERVE <= ms(left).max(RESERVE),
                "{left}: {b:?}"
            );
        }
        let b = TimeBudget::new(Some(ms(1_000)), Some(ms(0)), 15, RESERVE).unwrap();
        assert_eq!((b.optimum, b.maximum), (ms(0), ms(0)));
        // Zero moves left counts as one; a tiny turn leaves nothing, never an underflow.
        let b = TimeBudget::new(Some(ms(3)), Some(ms(500)), 0, RESERVE).unwrap();
        assert_eq!(b.maximum, ms(0));
    }

    #[test]
    fn the_budget_never_passes_the_turn_the_time_left_or_the_reserve() {
        for turn in [
            None,
            Some(0),
            Some(20),
            Some(300),
            Some(2_000),
            Some(30_000),
        ] {
            for left in [None, Some(0), Some(40), Some(5_000), Some(180_000)] {
                for moves in [0, 1, 10, 40] {
                    let Some(b) = TimeBudget::new(turn.map(ms), left.map(ms), moves, RESERVE)
                    else {
                        assert!(turn.is_none() && left.is_none());
                        continue;
                    };
                    assert!(b.optimum <= b.maximum, "{turn:?} {left:?} {moves}: {b:?}");
                    for limit in [turn, left].into_iter().flatten() {
                        assert!(
                            b.maximum <= ms(limit).saturating_sub(RESERVE),
                            "{turn:?} {left:?} {moves}: {b:?}"
                        );
                    }
                }
            }
        }
    }

    /// A game under a match clock where every move takes its optimum: it never runs out and
    /// spends most of the clock by the end of a long game.
    #[test]
    fn a_whole_game_spends_the_clock_without_running_out() {
        let clock = ms(20_000);
        let mut board = Board::new(15).unwrap();
        let mut left = clock;
        let mut own_moves = 0;
        let points: Vec<Point> = board.empty_points().iter().collect();
        for &p in points.iter().take(70) {
            if board.total_stones() % 2 == 0 {
                let moves = moves_left(&board, Rule::Freestyle);
                let b = TimeBudget::new(Some(ms(2_000)), Some(left), moves, RESERVE).unwrap();
                assert!(b.maximum < left, "move {own_moves}: {b:?}, {left:?} left");
                // The move's own overhead comes on top.
                left = left.saturating_sub(b.optimum + ms(5));
                own_moves += 1;
            }
            board.play_unchecked(p);
        }
        assert_eq!(own_moves, 35);
        assert!(left > Duration::ZERO);
        let used = clock - left;
        assert!(used >= clock.mul_f64(0.6), "{used:?} of {clock:?}");
    }

    /// A game that fills the board under a 20 s clock, every move taking its maximum plus
    /// [`MOVE_OVERHEAD_MS`]: the overhead kept back for the moves still possible means the
    /// clock never runs out (without it, the last moves' overheads overdraw it). The same
    /// with a larger overhead, measured and told ([`Limits::move_overhead`]).
    #[test]
    fn a_game_that_fills_the_board_never_overdraws_the_clock() {
        let clock = ms(20_000);
        let mut board = Board::new(15).unwrap();
        let mut left = clock;
        let mut own_moves = 0;
        let points: Vec<Point> = board.empty_points().iter().collect();
        for &p in &points {
            if board.total_stones() % 2 == 0 {
                let limits = Limits {
                    move_time: Some(ms(2_000)),
                    time_left: Some(left),
                    ..Limits::default()
                };
                let b = TimeBudget::for_limits(&limits, &board, Rule::Freestyle).unwrap();
                let cost = b.maximum + ms(MOVE_OVERHEAD_MS);
                assert!(cost <= left, "move {own_moves}: {b:?}, {left:?} left");
                left -= cost;
                own_moves += 1;
            }
            board.play_unchecked(p);
        }
        assert_eq!(own_moves, 113);
        // Most of the clock went into the moves, not into the reserve.
        assert!(clock - left >= clock.mul_f64(0.9), "{left:?} left");
        // The same game budgeted without the overhead runs out.
        let mut board = Board::new(15).unwrap();
        let mut left = clock;
        let mut overdrawn = false;
        for &p in &points {
            if board.total_stones() % 2 == 0 {
                let moves = moves_left(&board, Rule::Freestyle);
                let b = TimeBudget::new(Some(ms(2_000)), Some(left), moves, RESERVE).unwrap();
                let cost = b.maximum + ms(MOVE_OVERHEAD_MS);
                overdrawn |= cost > left;
                left = left.saturating_sub(cost);
            }
            board.play_unchecked(p);
        }
        assert!(overdrawn);
        // A manager that charges 12 ms a move: told so (as the protocol engine measures it),
        // the budgets fit the clock; kept at the floor, they overdraw it.
        for (told, fits) in [(Some(ms(12)), true), (None, false)] {
            let mut board = Board::new(15).unwrap();
            let mut left = clock;
            let mut overdrawn = false;
            for &p in &points {
                if board.total_stones() % 2 == 0 {
                    let limits = Limits {
                        move_time: Some(ms(2_000)),
                        time_left: Some(left),
                        move_overhead: told,
                        ..Limits::default()
                    };
                    let b = TimeBudget::for_limits(&limits, &board, Rule::Freestyle).unwrap();
                    let cost = b.maximum + ms(12);
                    overdrawn |= cost > left;
                    left = left.saturating_sub(cost);
                }
                board.play_unchecked(p);
            }
            assert_eq!(!overdrawn, fits, "told {told:?}");
        }
    }

    #[test]
    fn moves_left_fall_with_the_stones_to_a_floor() {
        let mut board = Board::new(15).unwrap();
        assert_eq!(moves_left(&board, Rule::Freestyle), 35);
        assert_eq!(moves_left(&board, Rule::Renju), 45);
        assert_eq!(moves_left(&board, Rule::Standard), 40);
        for p in board.empty_points().iter().take(60).collect::<Vec<_>>() {
            board.play_unchecked(p);
        }
        assert_eq!(moves_left(&board, Rule::Freestyle), MIN_MOVES_LEFT);
        // A nearly full board: only the empty points are left.
        let mut small = Board::new(7).unwrap();
        for p in small.empty_points().iter().take(45).collect::<Vec<_>>() {
            small.play_unchecked(p);
        }
        assert_eq!(moves_left(&small, Rule::Freestyle), 2);
    }

    fn iteration(depth: u32, time_ms: u64, best: &str, score: i32, effort: f64) -> Iteration {
        Iteration {
            depth,
            time: ms(time_ms),
            best: Some(best.parse().unwrap()),
            score: Score(score),
            best_effort: effort,
        }
    }

    const MATCH: TimeBudget = TimeBudget {
        optimum: Duration::from_millis(500),
        maximum: Duration::from_millis(2_000),
        match_bound: true,
    };

    #[test]
    fn a_stable_move_stops_near_the_optimum_an_unstable_one_goes_on() {
        let mut stable = Pace::new(false);
        stable.record(iteration(7, 50, "h8", 30, 0.6));
        stable.record(iteration(8, 150, "h8", 32, 0.95));
        // One move took almost all the nodes: the optimum shrinks to half.
        assert!((stable.scale() - 0.5).abs() < 0.02, "{}", stable.scale());
        assert!(stable.may_start(ms(200), &MATCH));
        assert!(!stable.may_start(ms(260), &MATCH));
        let mut unstable = Pace::new(false);
        unstable.record(iteration(7, 50, "h8", 30, 0.6));
        unstable.record(iteration(8, 150, "i9", -70, 0.4));
        // The best move changed and the score fell by 100: about 2 * 1.5 * 1.0.
        assert!(unstable.scale() > 2.5, "{}", unstable.scale());
        assert!(unstable.may_start(ms(600), &MATCH));
    }

    #[test]
    fn an_iteration_starts_only_if_it_is_predicted_to_finish() {
        let mut pace = Pace::new(false);
        pace.record(iteration(9, 100, "h8", 0, 0.3));
        pace.record(iteration(10, 400, "i9", -200, 0.3));
        // Growth 4: the next takes about 1.6 s, from 0.45 s it would end past the 2 s maximum.
        assert_eq!(pace.predicted_next(), Some(ms(1_600)));
        assert!(!pace.may_start(ms(450), &MATCH));
        assert!(pace.may_start(ms(390), &MATCH));
        // Under a turn limit alone every moment before the deadline is worth searching.
        let fixed = TimeBudget {
            optimum: ms(290),
            maximum: ms(290),
            match_bound: false,
        };
        assert!(pace.may_start(ms(280), &fixed));
        assert!(!pace.may_start(ms(290), &fixed));
    }

    #[test]
    fn a_forced_move_stops_after_a_shallow_look_when_the_time_serves_later_moves() {
        let mut pace = Pace::new(true);
        assert!(pace.may_start(ms(0), &MATCH));
        pace.record(iteration(1, 1, "h8", 0, 1.0));
        assert!(pace.may_start(ms(1), &MATCH));
        pace.record(iteration(2, 1, "h8", 0, 1.0));
        assert!(!pace.may_start(ms(2), &MATCH));
        // Under a turn limit alone the time would be lost: the search goes on to the maximum.
        let fixed = TimeBudget {
            optimum: ms(290),
            maximum: ms(290),
            match_bound: false,
        };
        assert!(pace.may_start(ms(2), &fixed));
        assert!(pace.may_start(ms(289), &fixed));
        assert!(!pace.may_start(ms(290), &fixed));
    }
}
