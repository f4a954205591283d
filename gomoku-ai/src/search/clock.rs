//! Time control: when a search must stop, and when it should not start another iteration.

use std::time::{Duration, Instant};

use crate::params::{
    FIXED_TIME_ITERATION_PERCENT, MATCH_TIME_DIVISOR, NEW_ITERATION_TIME_PERCENT, TIME_SAFETY_MS,
};
use crate::player::Limits;

/// The deadlines of one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock {
    start: Instant,
    /// Must stop by then.
    hard: Option<Instant>,
    /// Should not start a new iteration after then.
    soft: Option<Instant>,
    /// The share (percent) of a deadline's time after which no new iteration starts.
    iteration_percent: u32,
}

impl Clock {
    /// The clock of a search started now under `limits`.
    pub(crate) fn start(limits: &Limits) -> Clock {
        let start = Instant::now();
        let budget = Clock::budget(limits);
        // Time saved on a move only helps later moves under a match clock.
        let iteration_percent = if limits.time_left.is_some() {
            NEW_ITERATION_TIME_PERCENT
        } else {
            FIXED_TIME_ITERATION_PERCENT
        };
        Clock {
            start,
            hard: budget.map(|b| start + b),
            soft: budget.map(|b| start + b * iteration_percent / 100),
            iteration_percent,
        }
    }

    /// The time this move may take: the move time and a share of the match time, less a margin.
    pub(crate) fn budget(limits: &Limits) -> Option<Duration> {
        let from_match = limits.time_left.map(|t| t / MATCH_TIME_DIVISOR);
        let total = match (limits.move_time, from_match) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }?;
        let margin = Duration::from_millis(TIME_SAFETY_MS).min(total / 4);
        Some(total - margin)
    }

    /// A clock that ends after `percent` of the time left now (a new iteration may start
    /// until the later of this clock's own point and the usual share of the shorter time);
    /// unchanged without a time limit.
    pub(crate) fn share(&self, percent: u32) -> Clock {
        let (Some(hard), Some(soft)) = (self.hard, self.soft) else {
            return *self;
        };
        let now = Instant::now();
        let left = hard.saturating_duration_since(now) * percent / 100;
        let new_hard = now + left;
        let own_soft = now + left * self.iteration_percent / 100;
        Clock {
            start: self.start,
            iteration_percent: self.iteration_percent,
            hard: Some(new_hard),
            soft: Some(soft.min(new_hard).max(own_soft)),
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

    /// Whether another iteration should start.
    pub(crate) fn may_start_iteration(&self) -> bool {
        self.soft.is_none_or(|s| Instant::now() < s)
    }

    /// Whether any time limit applies.
    pub(crate) fn is_timed(&self) -> bool {
        self.hard.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(move_time_ms: u64, time_left_ms: Option<u64>) -> Limits {
        Limits {
            move_time: Some(Duration::from_millis(move_time_ms)),
            time_left: time_left_ms.map(Duration::from_millis),
            ..Limits::default()
        }
    }

    #[test]
    fn a_move_time_alone_lets_iterations_start_until_the_deadline() {
        let clock = Clock::start(&limits(300, None));
        assert_eq!(clock.soft, clock.hard);
        let hard = clock.hard.expect("a timed clock") - clock.start;
        assert_eq!(hard, Duration::from_millis(300 - TIME_SAFETY_MS));
        let shared = clock.share(50);
        assert_eq!(shared.soft, shared.hard);
    }

    #[test]
    fn a_match_clock_keeps_time_back_from_new_iterations() {
        let clock = Clock::start(&limits(300, Some(60_000)));
        let (soft, hard) = (clock.soft.unwrap(), clock.hard.unwrap());
        assert!(soft < hard);
        let expected = (hard - clock.start) * NEW_ITERATION_TIME_PERCENT / 100;
        assert_eq!(soft - clock.start, expected);
        // The main search's share keeps the same point for new iterations.
        let shared = clock.share(95);
        assert_eq!(shared.soft, Some(soft));
        assert!(soft < shared.hard.unwrap());
    }
}
