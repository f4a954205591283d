//! Time control: when a search must stop, and when it should not start another iteration.

use std::time::{Duration, Instant};

use gomoku_rules::{Board, Rule};

use super::time_manager::{Pace, TimeBudget};
use crate::player::Limits;

/// The deadlines of one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock {
    start: Instant,
    /// Must stop by then.
    hard: Option<Instant>,
    /// The move's budget, measured from `start` (`None` without a time limit); a clock cut
    /// by [`Clock::share`] keeps the time manager's decisions within its own deadlines.
    budget: Option<TimeBudget>,
}

impl Clock {
    /// The clock of a search of `board` under `rule` started now within `limits` (see
    /// [`TimeBudget::for_limits`]).
    pub(crate) fn start(limits: &Limits, board: &Board, rule: Rule) -> Clock {
        let start = Instant::now();
        let budget = TimeBudget::for_limits(limits, board, rule);
        Clock {
            start,
            hard: budget.map(|b| start + b.maximum),
            budget,
        }
    }

    /// A clock without a time limit.
    #[cfg(test)]
    pub(crate) fn unlimited() -> Clock {
        Clock {
            start: Instant::now(),
            hard: None,
            budget: None,
        }
    }

    /// A clock that ends after `percent` of the time left now. Under a binding match clock
    /// its optimum is the move's, or, when that has passed, the same share of the new time as
    /// the move's optimum was of its maximum (a re-search gets a proportionate aim); unchanged
    /// without a time limit.
    pub(crate) fn share(&self, percent: u32) -> Clock {
        let (Some(hard), Some(budget)) = (self.hard, self.budget) else {
            return *self;
        };
        let now = Instant::now();
        let since_start = now.saturating_duration_since(self.start);
        let left = hard.saturating_duration_since(now) * percent / 100;
        let maximum = since_start + left;
        let optimum = if budget.match_bound && !budget.maximum.is_zero() {
            let ratio = budget.optimum.as_secs_f64() / budget.maximum.as_secs_f64();
            budget
                .optimum
                .min(maximum)
                .max(since_start + left.mul_f64(ratio))
        } else {
            maximum
        };
        Clock {
            start: self.start,
            hard: Some(now + left),
            budget: Some(TimeBudget {
                optimum,
                maximum,
                match_bound: budget.match_bound,
            }),
        }
    }

    /// Time since the start.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the hard deadline has passed.
    #[inline]
    pub(crate) fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|h| Instant::now() >= h)
    }

    /// Time left before the hard deadline, if there is one.
    pub(crate) fn remaining(&self) -> Option<Duration> {
        self.hard
            .map(|h| h.saturating_duration_since(Instant::now()))
    }

    /// Whether another iteration should start: the time manager's decision from `pace`
    /// (always without a time limit, which other limits then end).
    pub(crate) fn may_start_iteration(&self, pace: &Pace) -> bool {
        self.budget
            .is_none_or(|budget| pace.may_start(self.elapsed(), &budget))
    }

    /// Whether any time limit applies.
    pub(crate) fn is_timed(&self) -> bool {
        self.hard.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{TIME_SAFETY_MS, TURN_MAX_PERCENT};

    fn limits(move_time_ms: u64, time_left_ms: Option<u64>) -> Limits {
        Limits {
            move_time: Some(Duration::from_millis(move_time_ms)),
            time_left: time_left_ms.map(Duration::from_millis),
            ..Limits::default()
        }
    }

    fn start(limits: &Limits) -> Clock {
        Clock::start(limits, &Board::new(15).unwrap(), Rule::Freestyle)
    }

    #[test]
    fn a_move_time_alone_lets_iterations_start_until_the_deadline() {
        let clock = start(&limits(300, None));
        let budget = clock.budget.expect("a timed clock");
        assert_eq!(budget.optimum, budget.maximum);
        let hard = clock.hard.expect("a timed clock") - clock.start;
        // The reserve would leave 290 ms; the share of the turn binds first.
        let share = Duration::from_millis(u64::from(300 * TURN_MAX_PERCENT / 100));
        assert!(share < Duration::from_millis(300 - TIME_SAFETY_MS));
        assert_eq!(hard, share);
        let shared = clock.share(50).budget.unwrap();
        assert_eq!(shared.optimum, shared.maximum);
        assert!(start(&Limits::default()).budget.is_none());
    }

    #[test]
    fn a_match_clock_keeps_time_back_from_new_iterations() {
        let clock = start(&limits(3_000, Some(60_000)));
        let budget = clock.budget.unwrap();
        assert!(budget.match_bound);
        assert!(budget.optimum < budget.maximum);
        // The main search's share keeps the optimum.
        let shared = clock.share(95).budget.unwrap();
        assert_eq!(shared.optimum, budget.optimum);
        assert!(shared.maximum < budget.maximum);
    }
}
