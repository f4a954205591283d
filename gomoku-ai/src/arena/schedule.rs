//! The schedule of a match when it outgrows one run or one machine: [shards](Shard) (disjoint
//! blocks of whole game pairs, one per process) and [plans](MatchPlan) (the games of a shard
//! already played by an interrupted run, and the ones left to play).
//!
//! The games themselves are a function of the settings and the seed: game `i` starts from
//! opening `(i / 2) % len`, A has Black when `i` is even, and the players' seeds come from the
//! match seed and `i`. A shard or a resumed run therefore plays exactly the games that one
//! uninterrupted run on one machine would have played.
//!
//! ```
//! use gomoku_ai::arena::Shard;
//!
//! let shard: Shard = "2/3".parse().unwrap();
//! // 10 games are 5 pairs: the shards get pairs 0, 1-2 and 3-4.
//! assert_eq!(shard.games(10), 2..6);
//! assert_eq!("1/3".parse::<Shard>().unwrap().games(10), 0..2);
//! assert_eq!("3/3".parse::<Shard>().unwrap().games(10), 6..10);
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use thiserror::Error;

use crate::arena::game::GameEnd;
use crate::arena::runner::GameReport;

/// One of `count` disjoint parts of a match's games: `K/N` on the command line, `K` from 1.
///
/// The parts are contiguous blocks of game pairs (games `2k` and `2k + 1` share an opening with
/// colours swapped), as even as the pair count allows, so the pairs the pentanomial SPRT counts
/// are never split between machines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u32,
    count: u32,
}

/// Why a shard specification was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShardError {
    /// Not two numbers separated by a slash.
    #[error("expected K/N (e.g. \"1/4\"), got \"{0}\"")]
    Shape(String),
    /// K is not in 1..=N.
    #[error("shard {index}/{count}: K must be from 1 to N")]
    OutOfRange {
        /// K.
        index: u32,
        /// N.
        count: u32,
    },
}

impl Shard {
    /// The whole match: `1/1`.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Part `index` (from 1) of `count`.
    ///
    /// # Errors
    /// [`ShardError::OutOfRange`] unless `1 <= index <= count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, ShardError> {
        if index == 0 || index > count {
            return Err(ShardError::OutOfRange { index, count });
        }
        Ok(Shard { index, count })
    }

    /// K, from 1.
    pub fn index(self) -> u32 {
        self.index
    }

    /// N.
    pub fn count(self) -> u32 {
        self.count
    }

    /// Whether this is the whole match (`1/1`).
    pub fn is_whole(self) -> bool {
        self.count == 1
    }

    /// The 0-based indices of this part's games out of `total`: the pairs
    /// `[(K - 1) * P / N, K * P / N)` of the `P = ceil(total / 2)` pairs.
    pub fn games(self, total: u32) -> Range<u32> {
        let pairs = u64::from(total.div_ceil(2));
        let bound = |k: u32| {
            let pair = pairs * u64::from(k) / u64::from(self.count);
            // At most `pairs`, so twice it is at most total + 1.
            (pair * 2).min(u64::from(total)) as u32
        };
        bound(self.index - 1)..bound(self.index)
    }
}

impl Default for Shard {
    fn default() -> Shard {
        Shard::WHOLE
    }
}

impl fmt::Display for Shard {
    /// `K/N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// `K/N` with `1 <= K <= N`.
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let shape = || ShardError::Shape(s.to_string());
        let (k, n) = s.trim().split_once('/').ok_or_else(shape)?;
        let k = k.trim().parse().map_err(|_| shape())?;
        let n = n.trim().parse().map_err(|_| shape())?;
        Shard::new(k, n)
    }
}

/// What a run of a match plays: the games of `games` (0-based indices) that `played` does not
/// already finish. The games of `played` (read back from an interrupted run) are counted in the
/// tally first, in their order, as if this run had played them.
#[derive(Clone, Debug, Default)]
pub struct MatchPlan {
    /// The game indices this run is responsible for (all of them, or a [`Shard`]'s).
    pub games: Range<u32>,
    /// Games already played, void ones included.
    pub played: Vec<GameReport>,
}

impl MatchPlan {
    /// Every game of a match of `games` games, none played yet.
    pub fn all(games: u32) -> MatchPlan {
        MatchPlan {
            games: 0..games,
            played: Vec::new(),
        }
    }

    /// The games of `shard` of a match of `games` games, none played yet.
    pub fn shard(shard: Shard, games: u32) -> MatchPlan {
        MatchPlan {
            games: shard.games(games),
            played: Vec::new(),
        }
    }

    /// The games left to play, as (index, attempt) in index order: every index of
    /// [`MatchPlan::games`] without a finished game in [`MatchPlan::played`]. A game is finished
    /// when it was scored, or void on its last allowed attempt (`void_replays` replays); a game
    /// that was void earlier is played again with the next attempt number.
    pub fn remaining(&self, void_replays: u32) -> Vec<(u32, u32)> {
        // Per index: Some(next attempt) while not finished, None once finished.
        let mut state: BTreeMap<u32, Option<u32>> = BTreeMap::new();
        for report in &self.played {
            let slot = state.entry(report.index).or_insert(Some(0));
            let finished = match report.played.end {
                GameEnd::Board(_) | GameEnd::Forfeit { .. } => true,
                GameEnd::Void { .. } => report.attempt >= void_replays,
                GameEnd::Interrupted => false,
            };
            *slot = match *slot {
                None => None,
                Some(_) if finished => None,
                Some(next) if matches!(report.played.end, GameEnd::Void { .. }) => {
                    Some(next.max(report.attempt + 1))
                }
                Some(next) => Some(next),
            };
        }
        self.games
            .clone()
            .filter_map(|index| match state.get(&index) {
                Some(None) => None,
                Some(Some(attempt)) => Some((index, *attempt)),
                None => Some((index, 0)),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::game::PlayedGame;
    use crate::arena::runner::Side;
    use gomoku_rules::{Color, Game, Rule};
    use std::time::Duration;

    #[test]
    fn shards_cover_every_game_once_and_keep_pairs_whole() {
        for total in 0..40 {
            for count in 1..7 {
                let mut next = 0;
                for index in 1..=count {
                    let range = Shard::new(index, count).unwrap().games(total);
                    assert_eq!(range.start, next, "{index}/{count} of {total}");
                    assert!(range.start % 2 == 0, "a pair is split: {range:?}");
                    next = range.end;
                }
                assert_eq!(next, total);
            }
        }
        assert_eq!(Shard::WHOLE.games(7), 0..7);
    }

    #[test]
    fn shard_specifications_are_checked() {
        assert_eq!("3/4".parse::<Shard>().unwrap().to_string(), "3/4");
        assert_eq!(
            "0/4".parse::<Shard>(),
            Err(ShardError::OutOfRange { index: 0, count: 4 })
        );
        assert_eq!(
            "5/4".parse::<Shard>(),
            Err(ShardError::OutOfRange { index: 5, count: 4 })
        );
        for bad in ["", "3", "a/b", "1/", "/2", "1/2/3", "-1/2"] {
            assert!(
                matches!(bad.parse::<Shard>(), Err(ShardError::Shape(_))),
                "{bad}"
            );
        }
    }

    fn report(index: u32, attempt: u32, end: GameEnd) -> GameReport {
        GameReport {
            index,
            attempt,
            opening: None,
            black: Side::A,
            names: ["a".into(), "b".into()],
            played: PlayedGame {
                game: Game::new(15, Rule::Freestyle).unwrap(),
                opening_moves: 0,
                move_times: Vec::new(),
                evaluations: Vec::new(),
                budgets: Vec::new(),
                end,
            },
        }
    }

    #[test]
    fn the_plan_skips_finished_games_and_replays_void_ones() {
        let void = GameEnd::Void {
            silent: Color::White,
            waited: Duration::from_secs(1),
        };
        let win = GameEnd::Forfeit {
            loser: Color::White,
            reason: crate::arena::ForfeitReason::NoMove,
        };
        let plan = MatchPlan {
            games: 2..8,
            played: vec![
                report(2, 0, win.clone()),
                report(3, 0, void.clone()),
                report(4, 0, void.clone()),
                report(4, 1, void.clone()),
                report(5, 0, void.clone()),
                report(5, 1, win),
            ],
        };
        // 3 is replayed once more; 4 was given up after one replay; 5 was won on its replay.
        assert_eq!(plan.remaining(1), [(3, 1), (6, 0), (7, 0)]);
        assert_eq!(plan.remaining(2), [(3, 1), (4, 2), (6, 0), (7, 0)]);
        assert_eq!(MatchPlan::all(3).remaining(0), [(0, 0), (1, 0), (2, 0)]);
    }
}
