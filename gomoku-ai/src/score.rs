//! Search scores with mate values.

use std::fmt;
use std::ops::{Add, Neg, Sub};

/// A score from the point of view of the side to move: positive is good. Scores beyond
/// [`Score::WIN_THRESHOLD`] are proven wins (mates), the closer to [`Score::WIN`] the sooner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// The score of a win on the board now (at ply 0).
    pub const WIN: Score = Score(1_000_000);
    /// Scores at least this large (in absolute value) are proven wins or losses.
    pub const WIN_THRESHOLD: Score = Score(1_000_000 - 10_000);
    /// A draw, or an even position.
    pub const DRAW: Score = Score(0);
    /// Larger than any score: the bounds of a full alpha-beta window.
    pub const INFINITE: Score = Score(1_000_001);

    /// A win `ply` plies from the root (sooner wins score higher).
    #[inline]
    pub const fn win_in(ply: u32) -> Score {
        Score(Score::WIN.0 - ply as i32)
    }

    /// A loss `ply` plies from the root (later losses score higher).
    #[inline]
    pub const fn loss_in(ply: u32) -> Score {
        Score(-Score::WIN.0 + ply as i32)
    }

    /// Whether this is a proven win or loss.
    #[inline]
    pub fn is_mate(self) -> bool {
        self.0.abs() >= Score::WIN_THRESHOLD.0
    }

    /// For a proven result, the number of plies to the end of the game.
    pub fn mate_plies(self) -> Option<u32> {
        self.is_mate().then(|| (Score::WIN.0 - self.0.abs()) as u32)
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Add<i32> for Score {
    type Output = Score;
    #[inline]
    fn add(self, rhs: i32) -> Score {
        Score(self.0 + rhs)
    }
}

impl Sub<i32> for Score {
    type Output = Score;
    #[inline]
    fn sub(self, rhs: i32) -> Score {
        Score(self.0 - rhs)
    }
}

impl fmt::Display for Score {
    /// Plain centipawn-like numbers; mates as `+M5` / `-M4` (plies to the end).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_plies() {
            Some(n) if self.0 > 0 => write!(f, "+M{n}"),
            Some(n) => write!(f, "-M{n}"),
            None => write!(f, "{}", self.0),
        }
    }
}
