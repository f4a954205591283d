//! Time management: how long the brain may think on a move, from the manager's `INFO` settings.
//!
//! The manager's clock starts when it sends the command, so every deadline is measured from the
//! moment the line was read. Three instants matter for a move:
//! - `move_time`, handed to the player in [`gomoku_ai::Limits`]: it plans to answer by then;
//! - `stop_at`: if the player is still thinking, the session raises its stop flag;
//! - `give_up_at`: if it has still not answered, the session answers for it with the best move
//!   reported so far. This is the last line of defence against forfeiting on time.
//!
//! All three stay below the turn limit and below the match time left. How much of the match
//! time a move spends is the player's decision: the engine's time manager
//! ([`gomoku_ai::TimeBudget`]) shares the time left over the moves the game is still likely to
//! last; the session only keeps every move inside the turn and the time left, less the reserve.

use std::time::Duration;

/// The turn time when the manager never sent `INFO timeout_turn`.
pub const DEFAULT_TURN_TIME: Duration = Duration::from_secs(5);
/// The turn time for `INFO timeout_turn 0` ("play as fast as possible").
pub const FAST_TURN_TIME: Duration = Duration::from_millis(30);
/// The share of the turn time kept in reserve for thread hand-over, output and the manager's
/// reading, as a fraction of the turn time...
///
/// Against Rapfi at 300 ms/move our median move takes 248 ms, Rapfi's 270 ms. 5% (at least
/// 15 ms) raised our median to 263 ms, but in 40 games on a quiet machine two moves took 284
/// and 290 ms (the engine's own deadline was 275 ms): too close to the limit for a loaded
/// machine, so the reserve stays at 10%.
pub const RESERVE_FRACTION: f64 = 0.1;
/// ... but at least this much ...
pub const MIN_RESERVE: Duration = Duration::from_millis(20);
/// ... and at most this much.
pub const MAX_RESERVE: Duration = Duration::from_millis(1000);
/// How far past the player's own `move_time` the session raises the stop flag, as a share of the
/// reserve.
pub const STOP_AFTER_FRACTION: f64 = 0.35;
/// How far past the player's `move_time` the session answers without the player, as a share of
/// the reserve.
pub const GIVE_UP_AFTER_FRACTION: f64 = 0.7;
/// The least time a move is given, even with no time left (the player still needs to answer).
pub const MIN_MOVE_TIME: Duration = Duration::from_millis(5);
/// The longest time considered: larger settings are treated as this (and never overflow a clock).
pub const MAX_TIME: Duration = Duration::from_secs(24 * 60 * 60);
/// The `time_left` value that means "unlimited".
pub const UNLIMITED_TIME_LEFT: i64 = 2_147_483_647;

/// The clock settings sent by the manager.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// `INFO timeout_turn` in ms (`None`: not sent).
    pub timeout_turn: Option<u64>,
    /// `INFO timeout_match` in ms (`None` or 0: unlimited).
    pub timeout_match: Option<u64>,
    /// `INFO time_left` in ms, possibly negative (`None`: not sent).
    pub time_left: Option<i64>,
}

/// The time a move may take, measured from when its command was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveBudget {
    /// The time the player is told it has: the turn limit, or the match time left when it is
    /// shorter, less the reserve.
    pub move_time: Duration,
    /// When the session raises the stop flag.
    pub stop_at: Duration,
    /// When the session answers without the player.
    pub give_up_at: Duration,
    /// The match time left, when a match clock runs (passed on to the player).
    pub time_left: Option<Duration>,
}

impl TimeControl {
    /// The turn limit in force.
    pub fn turn_limit(&self) -> Duration {
        match self.timeout_turn {
            None => DEFAULT_TURN_TIME,
            Some(0) => FAST_TURN_TIME,
            Some(ms) => Duration::from_millis(ms).min(MAX_TIME),
        }
    }

    /// The match time left, when a match clock runs.
    pub fn match_time_left(&self) -> Option<Duration> {
        let unlimited_match = matches!(self.timeout_match, None | Some(0));
        match self.time_left {
            Some(left) if left >= UNLIMITED_TIME_LEFT => None,
            Some(left) if !unlimited_match || self.timeout_match.is_none() => {
                Some(Duration::from_millis(left.max(0) as u64).min(MAX_TIME))
            }
            _ => None,
        }
    }

    /// The budget of the next move.
    pub fn budget(&self) -> MoveBudget {
        let turn = self.turn_limit();
        let time_left = self.match_time_left();
        // The hard ceiling: neither the turn limit nor the whole match clock may be exceeded.
        let ceiling = match time_left {
            Some(left) => turn.min(left),
            None => turn,
        };
        let reserve = ceiling
            .mul_f64(RESERVE_FRACTION)
            .clamp(MIN_RESERVE, MAX_RESERVE);
        let move_time = ceiling.saturating_sub(reserve).max(MIN_MOVE_TIME);
        let spare = ceiling.saturating_sub(move_time);
        MoveBudget {
            move_time,
            stop_at: move_time + spare.mul_f64(STOP_AFTER_FRACTION),
            give_up_at: move_time + spare.mul_f64(GIVE_UP_AFTER_FRACTION),
            time_left,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn budgets_stay_inside_the_turn_limit() {
        for turn in [1u64, 10, 50, 100, 1000, 5000, 30_000, 1_000_000] {
            let tc = TimeControl {
                timeout_turn: Some(turn),
                ..TimeControl::default()
            };
            let b = tc.budget();
            assert!(b.move_time <= b.stop_at && b.stop_at <= b.give_up_at);
            if turn >= 20 {
                assert!(b.give_up_at < ms(turn), "{turn}: {b:?}");
            }
        }
        let b = TimeControl {
            timeout_turn: Some(100),
            ..TimeControl::default()
        }
        .budget();
        assert_eq!(b.move_time, ms(80));
        assert!(b.give_up_at <= ms(96));
    }

    #[test]
    fn the_match_clock_caps_the_move() {
        let tc = TimeControl {
            timeout_turn: Some(10_000),
            timeout_match: Some(100_000),
            time_left: Some(20_000),
        };
        let b = tc.budget();
        // The turn less the reserve: the player shares the time left itself.
        assert_eq!(b.move_time, ms(9000));
        assert_eq!(b.time_left, Some(ms(20_000)));
        // Less time left than the turn: the time left less the reserve.
        let b = TimeControl {
            time_left: Some(5_000),
            ..tc.clone()
        }
        .budget();
        assert_eq!(b.move_time, ms(4_500));
        assert!(b.give_up_at < ms(5_000));
        // Almost no time left: answer at once, never wait for a deadline in the past.
        let tc = TimeControl {
            time_left: Some(-50),
            ..tc
        };
        let b = tc.budget();
        assert_eq!(b.move_time, MIN_MOVE_TIME);
        assert!(b.give_up_at <= ms(20));
        // 2147483647 means unlimited.
        let tc = TimeControl {
            time_left: Some(UNLIMITED_TIME_LEFT),
            ..tc
        };
        assert_eq!(tc.budget().time_left, None);
        assert_eq!(tc.budget().move_time, ms(9000));
    }

    #[test]
    fn zero_turn_time_means_fast() {
        let tc = TimeControl {
            timeout_turn: Some(0),
            ..TimeControl::default()
        };
        assert!(tc.budget().give_up_at < FAST_TURN_TIME);
        assert_eq!(TimeControl::default().turn_limit(), DEFAULT_TURN_TIME);
    }
}
