//! The time a manager charges for each move beyond the engine's own thinking (pipes, process
//! switches, its own bookkeeping), measured from the match clock it reports.
//!
//! Under a match clock the time manager keeps an overhead back for every move the board still
//! allows ([`super::TimeBudget::for_limits`]), so that a game that fills the board never runs
//! out. A fixed [`MOVE_OVERHEAD_MS`] was too little on a loaded machine: a full-board game
//! against Rapfi under a 20 s clock used 20,219 ms. The manager's own figure is better: the fall
//! of `INFO time_left` from one of our moves to the next is what it charged for the first,
//! and what is beyond the time we measured ourselves is its overhead.

use std::collections::VecDeque;
use std::time::Duration;

use crate::params::{MAX_MOVE_OVERHEAD_MS, MOVE_OVERHEAD_MARGIN_PERCENT, MOVE_OVERHEAD_MS};

/// How many of the latest moves' overheads the mean is taken over.
pub const OVERHEAD_SAMPLES: usize = 16;

/// One move's overhead counts at most this much: a manager that paused between moves, or
/// charged a move it never sent, does not swamp the mean.
const SAMPLE_CAP: Duration = Duration::from_millis(4 * MAX_MOVE_OVERHEAD_MS);

/// The overhead the manager charges per move, learnt from its clock.
///
/// ```
/// use std::time::Duration;
/// use gomoku_ai::MoveOverhead;
/// let ms = Duration::from_millis;
/// let mut overhead = MoveOverhead::new();
/// // Nothing measured yet: the fixed floor.
/// assert_eq!(overhead.per_move(), ms(3));
/// // The clock fell by 212 ms for a move we answered in 200 ms: 12 ms of overhead,
/// // kept back with a quarter more.
/// overhead.record(ms(212), ms(200));
/// assert_eq!(overhead.per_move(), ms(15));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveOverhead {
    samples: VecDeque<Duration>,
}

impl MoveOverhead {
    /// Nothing measured yet.
    pub fn new() -> MoveOverhead {
        MoveOverhead::default()
    }

    /// One move: the manager's clock fell by `charged` for it, and we spent `spent` from reading
    /// its command to writing the answer (at most the search's planned maximum, so that a
    /// search that overstepped it counts the excess as overhead too). A clock that did not
    /// fall (a manager that does not update `time_left`) teaches nothing and is ignored.
    pub fn record(&mut self, charged: Duration, spent: Duration) {
        if charged.is_zero() {
            return;
        }
        if self.samples.len() == OVERHEAD_SAMPLES {
            self.samples.pop_front();
        }
        self.samples
            .push_back(charged.saturating_sub(spent).min(SAMPLE_CAP));
    }

    /// How many moves are measured (at most [`OVERHEAD_SAMPLES`]).
    pub fn measured(&self) -> usize {
        self.samples.len()
    }

    /// The overhead to keep back for each move: the mean of the latest [`OVERHEAD_SAMPLES`]
    /// moves' overheads and [`MOVE_OVERHEAD_MARGIN_PERCENT`] more, between
    /// [`MOVE_OVERHEAD_MS`] and [`MAX_MOVE_OVERHEAD_MS`] (the floor until a move is measured).
    pub fn per_move(&self) -> Duration {
        let floor = Duration::from_millis(MOVE_OVERHEAD_MS);
        let Some(count) = u32::try_from(self.samples.len()).ok().filter(|&n| n > 0) else {
            return floor;
        };
        let mean = self.samples.iter().sum::<Duration>() / count;
        let with_margin = mean * (100 + MOVE_OVERHEAD_MARGIN_PERCENT) / 100;
        with_margin.clamp(floor, Duration::from_millis(MAX_MOVE_OVERHEAD_MS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_floor_holds_until_the_manager_charges_more() {
        let mut overhead = MoveOverhead::new();
        assert_eq!(overhead.per_move(), ms(MOVE_OVERHEAD_MS));
        // Charged exactly what we spent, or less (a clock rounded down): the floor.
        overhead.record(ms(300), ms(300));
        overhead.record(ms(298), ms(300));
        assert_eq!(overhead.measured(), 2);
        assert_eq!(overhead.per_move(), ms(MOVE_OVERHEAD_MS));
    }

    #[test]
    fn the_mean_of_the_latest_moves_with_a_margin() {
        let mut overhead = MoveOverhead::new();
        overhead.record(ms(120), ms(100));
        overhead.record(ms(140), ms(100));
        // (20 + 40) / 2 = 30, a quarter more.
        assert_eq!(overhead.per_move(), ms(37) + Duration::from_micros(500));
        // Only the latest OVERHEAD_SAMPLES count: sixteen moves of 8 ms push the others out.
        for _ in 0..OVERHEAD_SAMPLES {
            overhead.record(ms(108), ms(100));
        }
        assert_eq!(overhead.measured(), OVERHEAD_SAMPLES);
        assert_eq!(overhead.per_move(), ms(10));
    }

    #[test]
    fn a_clock_that_does_not_fall_is_ignored() {
        let mut overhead = MoveOverhead::new();
        overhead.record(Duration::ZERO, ms(250));
        assert_eq!(overhead.measured(), 0);
        assert_eq!(overhead.per_move(), ms(MOVE_OVERHEAD_MS));
    }

    #[test]
    fn an_absurd_charge_is_capped() {
        let mut overhead = MoveOverhead::new();
        // A manager charging a whole second beyond each move: at most the ceiling.
        overhead.record(ms(1_300), ms(300));
        assert_eq!(overhead.per_move(), ms(MAX_MOVE_OVERHEAD_MS));
        // One absurd move among fifteen ordinary ones counts at most SAMPLE_CAP.
        for _ in 0..15 {
            overhead.record(ms(102), ms(100));
        }
        // (SAMPLE_CAP + 15 * 2) / 16, a quarter more.
        let expected = (SAMPLE_CAP + ms(30)) / 16 * 5 / 4;
        assert_eq!(overhead.per_move(), expected);
        assert!(overhead.per_move() < ms(MAX_MOVE_OVERHEAD_MS));
    }
}
