//! Difficulty levels of the engine: named sets of limits.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

use crate::player::Limits;
use crate::skill::SkillSettings;

/// A difficulty level: caps on the engine's search, applied on top of whatever limits the caller
/// gives (the smaller of the two wins), and below `hard` a weakness that plays like a weaker
/// person ([`Level::skill`], see [`crate::skill`]): a random choice among several best moves,
/// and at the lowest levels now and then a move picked by its look alone.
///
/// | level | depth | nodes | time per move | lines | spread | oversight |
/// |---|---|---|---|---|---|---|
/// | beginner | 3 | 3 000 | 100 ms | 6 | 250 | 12% |
/// | easy | 4 | 15 000 | 300 ms | 4 | 120 | 4% |
/// | normal | 8 | 100 000 | 1 s | 2 | 40 | - |
/// | hard | 20 | - | 3 s | - | - | - |
/// | max | - | - | - (the caller's limits only; with none at all, depth [`crate::params::DEPTH_WITHOUT_LIMITS`]) | - | - | - |
///
/// The ladder is measured in docs/levels.md: each level beats the one below it, and
/// `beginner` is about as strong as the one-ply `greedy` scorer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Level {
    /// Sees three plies, chooses loosely and overlooks threats now and then. For first games.
    Beginner,
    /// Four plies, a loose choice and few oversights.
    Easy,
    /// A solid club player: eight plies, one second, a slightly loose choice.
    #[default]
    Normal,
    /// Deep search, up to three seconds a move.
    Hard,
    /// No caps: as strong as the caller's limits allow.
    Max,
}

/// The caps a level puts on a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LevelCaps {
    /// Maximum nominal depth.
    pub max_depth: Option<u32>,
    /// Maximum nodes.
    pub max_nodes: Option<u64>,
    /// Maximum time per move.
    pub move_time: Option<Duration>,
}

impl LevelCaps {
    /// Caps of a fixed depth only.
    pub fn depth(depth: u32) -> LevelCaps {
        LevelCaps {
            max_depth: Some(depth),
            ..LevelCaps::default()
        }
    }

    /// `limits` with these caps applied (each the smaller of the two, where both are set).
    pub fn apply(&self, limits: &Limits) -> Limits {
        fn min<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        Limits {
            move_time: min(limits.move_time, self.move_time),
            time_left: limits.time_left,
            move_overhead: limits.move_overhead,
            max_depth: min(limits.max_depth, self.max_depth),
            max_nodes: min(limits.max_nodes, self.max_nodes),
            max_memory: limits.max_memory,
            threads: limits.threads,
            stop: limits.stop.clone(),
            multi_pv: limits.multi_pv,
        }
    }
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Normal,
        Level::Hard,
        Level::Max,
    ];

    /// The level's name as written in player specs (`engine:hard`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Max => "max",
        }
    }

    /// The caps of the level (see the table on [`Level`]).
    pub fn caps(self) -> LevelCaps {
        let ms = Duration::from_millis;
        match self {
            Level::Beginner => LevelCaps {
                max_depth: Some(3),
                max_nodes: Some(3_000),
                move_time: Some(ms(100)),
            },
            Level::Easy => LevelCaps {
                max_depth: Some(4),
                max_nodes: Some(15_000),
                move_time: Some(ms(300)),
            },
            Level::Normal => LevelCaps {
                max_depth: Some(8),
                max_nodes: Some(100_000),
                move_time: Some(ms(1000)),
            },
            Level::Hard => LevelCaps {
                max_depth: Some(20),
                max_nodes: None,
                move_time: Some(ms(3000)),
            },
            Level::Max => LevelCaps::default(),
        }
    }
}

impl Level {
    /// How the level weakens the engine's choice (see the table on [`Level`]); `None` for
    /// `hard` and `max`, which play the search's best move.
    pub fn skill(self) -> Option<SkillSettings> {
        let skill = |lines, spread, oversight, glance| SkillSettings {
            lines,
            spread,
            oversight,
            glance,
        };
        match self {
            Level::Beginner => Some(skill(6, 250, 0.12, 6)),
            Level::Easy => Some(skill(4, 120, 0.04, 4)),
            Level::Normal => Some(skill(2, 40, 0.0, 1)),
            Level::Hard | Level::Max => None,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown level \"{0}\" (expected beginner, easy, normal, hard or max)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_caps_grow_with_the_level() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        assert!("expert".parse::<Level>().is_err());
        let depths: Vec<u32> = Level::ALL
            .iter()
            .map(|l| l.caps().max_depth.unwrap_or(u32::MAX))
            .collect();
        assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
    }

    #[test]
    fn weaker_levels_choose_more_loosely_and_the_top_ones_not_at_all() {
        let spreads: Vec<i32> = [Level::Beginner, Level::Easy, Level::Normal]
            .iter()
            .map(|l| l.skill().expect("a weakness").spread)
            .collect();
        assert!(spreads.windows(2).all(|w| w[0] > w[1]), "{spreads:?}");
        assert!(Level::Hard.skill().is_none() && Level::Max.skill().is_none());
    }

    #[test]
    fn caps_take_the_smaller_limit() {
        let limits = Limits {
            max_depth: Some(3),
            move_time: Some(Duration::from_secs(5)),
            ..Limits::default()
        };
        let capped = Level::Easy.caps().apply(&limits);
        assert_eq!(capped.max_depth, Some(3));
        assert_eq!(capped.move_time, Some(Duration::from_millis(300)));
        assert_eq!(capped.max_nodes, Some(15_000));
    }
}
