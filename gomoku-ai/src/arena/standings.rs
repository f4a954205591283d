//! The standings of a tournament: each player's results, the crosstable, and Elo ratings fitted
//! over all games at once.

use crate::arena::rating::{PairingScore, Rating, fit_ratings};
use crate::arena::summary::MatchSummary;

/// One player's results over all its pairings (void games excluded).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerRecord {
    /// Games won.
    pub wins: u32,
    /// Games lost (forfeits included).
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost by forfeit.
    pub forfeits: u32,
    /// Void games it took part in.
    pub voids: u32,
}

impl PlayerRecord {
    /// Games played (and scored).
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points: a win 1, a draw 1/2.
    pub fn score(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }
}

/// One cell of the crosstable: a player's results against one opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CrossCell {
    /// Games between the two.
    pub games: u32,
    /// The row player's points in them.
    pub score: f64,
}

/// The standings after some pairings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Standings {
    /// Each player's results, by player index.
    pub players: Vec<PlayerRecord>,
    /// `cross[i][j]`: player `i`'s results against player `j`.
    pub cross: Vec<Vec<CrossCell>>,
    /// The fitted ratings (`None` for a player without games), by player index; see
    /// [`Standings::fit`].
    pub ratings: Vec<Option<Rating>>,
}

impl Standings {
    /// Empty standings of `players` players.
    pub fn new(players: usize) -> Standings {
        Standings {
            players: vec![PlayerRecord::default(); players],
            cross: vec![vec![CrossCell::default(); players]; players],
            ratings: vec![None; players],
        }
    }

    /// Adds the tally of a match in which player `a` was side A and player `b` side B. The
    /// ratings are not refitted: call [`Standings::fit`].
    ///
    /// # Panics
    /// When `a` or `b` is not a player of these standings.
    pub fn add_match(&mut self, a: usize, b: usize, summary: &MatchSummary) {
        for (me, other, stats) in [(a, b, &summary.a), (b, a, &summary.b)] {
            let record = &mut self.players[me];
            record.wins += stats.wins();
            record.losses += stats.losses();
            record.draws += stats.draws();
            record.forfeits += stats.forfeits;
            record.voids += summary.voids.len() as u32;
            let cell = &mut self.cross[me][other];
            cell.games += stats.games();
            cell.score += stats.score();
        }
    }

    /// Games scored in total.
    pub fn games(&self) -> u32 {
        self.players.iter().map(PlayerRecord::games).sum::<u32>() / 2
    }

    /// Fits the ratings over every game so far (see [`fit_ratings`]).
    pub fn fit(&mut self) {
        let n = self.players.len();
        let mut results = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let cell = self.cross[i][j];
                if cell.games > 0 {
                    results.push(PairingScore {
                        a: i,
                        b: j,
                        games: cell.games,
                        score_a: cell.score,
                    });
                }
            }
        }
        self.ratings = fit_ratings(n, &results);
    }

    /// The player indices from first to last: by rating, then by score (players without a
    /// rating last), then by index.
    pub fn ranking(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        let elo = |i: usize| self.ratings.get(i).copied().flatten().map(|r| r.elo);
        order.sort_by(|&x, &y| {
            let by_elo = match (elo(x), elo(y)) {
                (Some(a), Some(b)) => b.total_cmp(&a),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            };
            by_elo
                .then(self.players[y].score().total_cmp(&self.players[x].score()))
                .then(x.cmp(&y))
        });
        order
    }
}
