//! The running tally of a match: results per colour, score, Elo, move times, forfeits, void
//! games and the results of game pairs.

use std::collections::BTreeMap;
use std::time::Duration;

use gomoku_rules::Color;

use crate::arena::elo::EloEstimate;
use crate::arena::game::{ForfeitReason, GameEnd};
use crate::arena::runner::{GameReport, Side};

/// Wins, losses and draws with one colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ColorRecord {
    /// Games won.
    pub wins: u32,
    /// Games lost (forfeits included).
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl ColorRecord {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Adds `other`'s games to these.
    pub fn merge(&mut self, other: &ColorRecord) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
    }
}

/// One contestant's results.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideStats {
    /// The player's name (from [`crate::Player::name`]), once a game was played.
    pub name: String,
    /// Results with Black.
    pub as_black: ColorRecord,
    /// Results with White.
    pub as_white: ColorRecord,
    /// Moves the player chose (opening stones excluded).
    pub moves: u32,
    /// Time spent on those moves.
    pub total_time: Duration,
    /// The longest move.
    pub max_time: Duration,
    /// Moves budgeted by the player's own time manager (see [`crate::TimeBudget`]).
    pub budgeted_moves: u32,
    /// The optimum times of those moves, summed.
    pub total_budget: Duration,
    /// For each game counted: its length in plies (opening stones included) and the time the
    /// player used in it.
    pub game_times: Vec<(usize, Duration)>,
    /// Games lost by forfeit.
    pub forfeits: u32,
}

impl SideStats {
    /// Wins with either colour.
    pub fn wins(&self) -> u32 {
        self.as_black.wins + self.as_white.wins
    }

    /// Losses with either colour.
    pub fn losses(&self) -> u32 {
        self.as_black.losses + self.as_white.losses
    }

    /// Draws with either colour.
    pub fn draws(&self) -> u32 {
        self.as_black.draws + self.as_white.draws
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.as_black.games() + self.as_white.games()
    }

    /// Points: a win 1, a draw 1/2.
    pub fn score(&self) -> f64 {
        f64::from(self.wins()) + f64::from(self.draws()) / 2.0
    }

    /// The average optimum time its time manager budgeted per move (`None` when it budgeted
    /// none).
    pub fn average_budget(&self) -> Option<Duration> {
        (self.budgeted_moves > 0).then(|| self.total_budget / self.budgeted_moves)
    }

    /// The median share (0 to 1) of `game_time` the player used in the games of at least
    /// `min_plies` plies (`None` without such a game).
    pub fn median_clock_share(&self, game_time: Duration, min_plies: usize) -> Option<f64> {
        let mut shares: Vec<f64> = self
            .game_times
            .iter()
            .filter(|g| g.0 >= min_plies)
            .map(|g| g.1.as_secs_f64() / game_time.as_secs_f64().max(f64::MIN_POSITIVE))
            .collect();
        shares.sort_by(f64::total_cmp);
        let n = shares.len();
        match n {
            0 => None,
            _ if n % 2 == 1 => Some(shares[n / 2]),
            _ => Some((shares[n / 2 - 1] + shares[n / 2]) / 2.0),
        }
    }

    /// Adds the results and times of `other` (the same player's other games); the name is
    /// `other`'s if this one has none yet.
    pub fn merge(&mut self, other: &SideStats) {
        if self.name.is_empty() {
            self.name.clone_from(&other.name);
        }
        self.as_black.merge(&other.as_black);
        self.as_white.merge(&other.as_white);
        self.moves += other.moves;
        self.total_time += other.total_time;
        self.max_time = self.max_time.max(other.max_time);
        self.forfeits += other.forfeits;
        self.budgeted_moves += other.budgeted_moves;
        self.total_budget += other.total_budget;
        self.game_times.extend_from_slice(&other.game_times);
    }

    /// The average time per move (zero before any move).
    pub fn average_time(&self) -> Duration {
        if self.moves == 0 {
            Duration::ZERO
        } else {
            self.total_time / self.moves
        }
    }
}

/// A forfeit, for the list at the end of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForfeitRecord {
    /// The 0-based game index.
    pub game: u32,
    /// Who forfeited.
    pub side: Side,
    /// The colour it had.
    pub color: Color,
    /// Why.
    pub reason: ForfeitReason,
}

/// A void game (see [`GameEnd::Void`]), for the list at the end of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoidRecord {
    /// The 0-based game index.
    pub game: u32,
    /// Which attempt at that game it was (0 for the first).
    pub attempt: u32,
    /// Who went silent.
    pub side: Side,
    /// The colour it had.
    pub color: Color,
    /// How long it was waited for.
    pub waited: Duration,
}

/// The tally of a match so far. Void games are listed in [`MatchSummary::voids`] and counted
/// nowhere else.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchSummary {
    /// Player A's results.
    pub a: SideStats,
    /// Player B's results.
    pub b: SideStats,
    /// Every forfeit, in the order the games finished.
    pub forfeits: Vec<ForfeitRecord>,
    /// Every void game, in the order the games finished.
    pub voids: Vec<VoidRecord>,
    /// Finished game pairs (games `2k` and `2k + 1`: one opening, colours swapped) by A's points
    /// in the pair: `pairs[k]` counts the pairs in which A scored `k / 2` of 2 points. The
    /// pentanomial SPRT counts these.
    pub pairs: [u32; 5],
    /// A's points (in half points) in the pairs of which one game is in, by pair number.
    half_pairs: BTreeMap<u32, u8>,
}

impl MatchSummary {
    /// An empty tally.
    pub fn new() -> MatchSummary {
        MatchSummary::default()
    }

    /// The stats of one side.
    pub fn side(&self, side: Side) -> &SideStats {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    fn side_mut(&mut self, side: Side) -> &mut SideStats {
        match side {
            Side::A => &mut self.a,
            Side::B => &mut self.b,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.a.games()
    }

    /// A's Elo advantage over B with its 95% interval (`None` before the first game).
    pub fn elo(&self) -> Option<EloEstimate> {
        EloEstimate::from_results(self.a.wins(), self.a.draws(), self.a.losses())
    }

    /// Game pairs finished (see [`MatchSummary::pairs`]).
    pub fn pair_count(&self) -> u32 {
        self.pairs.iter().sum()
    }

    /// Pools `other`, the tally of other games of the same match (another shard's, say): the
    /// result is the tally of all those games, with `other`'s forfeits and void games listed
    /// after these, and a game pair whose two games are in different tallies counted whole.
    pub fn merge(&mut self, other: &MatchSummary) {
        self.a.merge(&other.a);
        self.b.merge(&other.b);
        self.forfeits.extend(other.forfeits.iter().cloned());
        self.voids.extend(other.voids.iter().cloned());
        for (mine, theirs) in self.pairs.iter_mut().zip(other.pairs) {
            *mine += theirs;
        }
        for (&pair, &points) in &other.half_pairs {
            self.add_half_pair(pair, points);
        }
    }

    /// Counts A's points (in half points) in one game of pair `pair`: the pair is tallied in
    /// [`MatchSummary::pairs`] once both games are in.
    fn add_half_pair(&mut self, pair: u32, a_half_points: u8) {
        match self.half_pairs.remove(&pair) {
            Some(first) => self.pairs[usize::from(first + a_half_points)] += 1,
            None => {
                self.half_pairs.insert(pair, a_half_points);
            }
        }
    }

    /// Counts a finished game: a scored one in the results, a void one in
    /// [`MatchSummary::voids`]; an interrupted one is ignored.
    pub fn add(&mut self, report: &GameReport) {
        match report.played.end {
            GameEnd::Void { silent, waited } => {
                self.voids.push(VoidRecord {
                    game: report.index,
                    attempt: report.attempt,
                    side: report.side_of(silent),
                    color: silent,
                    waited,
                });
                return;
            }
            GameEnd::Interrupted => return,
            GameEnd::Board(_) | GameEnd::Forfeit { .. } => {}
        }
        let winner = report.played.end.winner();
        let a_half_points = match winner {
            None => 1,
            Some(c) if c == report.color_of(Side::A) => 2,
            Some(_) => 0,
        };
        self.add_half_pair(report.index / 2, a_half_points);
        for side in [Side::A, Side::B] {
            let color = report.color_of(side);
            let name = report.name_of(side).to_string();
            let stats = self.side_mut(side);
            if stats.name.is_empty() {
                stats.name = name;
            }
            let record = match color {
                Color::Black => &mut stats.as_black,
                Color::White => &mut stats.as_white,
            };
            match winner {
                None => record.draws += 1,
                Some(c) if c == color => record.wins += 1,
                Some(_) => record.losses += 1,
            }
            let mut used = Duration::ZERO;
            for (i, &t) in report.played.move_times.iter().enumerate() {
                if report.played.color_of_timed_move(i) == color {
                    stats.moves += 1;
                    stats.total_time += t;
                    stats.max_time = stats.max_time.max(t);
                    used += t;
                    if let Some(Some(budget)) = report.played.budgets.get(i) {
                        stats.budgeted_moves += 1;
                        stats.total_budget += *budget;
                    }
                }
            }
            let plies = report.played.game.moves().len();
            stats.game_times.push((plies, used));
        }
        if let GameEnd::Forfeit { loser, reason } = &report.played.end {
            let side = report.side_of(*loser);
            self.side_mut(side).forfeits += 1;
            self.forfeits.push(ForfeitRecord {
                game: report.index,
                side,
                color: *loser,
                reason: reason.clone(),
            });
        }
    }
}
