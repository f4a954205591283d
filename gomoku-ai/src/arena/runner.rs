//! A match: N refereed games between two players, openings played twice with colours swapped,
//! several games at once on worker threads.

use std::error::Error;
use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;

use thiserror::Error;

use gomoku_core::{BoardSizeError, Color, Game, Rule};

use crate::arena::game::{ForfeitReason, GameEnd, PlayedGame, TimeControl, play_game};
use crate::arena::opening::{Opening, OpeningErrorKind};
use crate::arena::summary::MatchSummary;
use crate::player::Player;

/// One of the two contestants of a match. A plays Black in the even-numbered games (0, 2, ...),
/// B in the odd ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first player named.
    A,
    /// The second player named.
    B,
}

impl Side {
    /// The other contestant.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// The settings of a match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Board size.
    pub size: u32,
    /// Rule.
    pub rule: Rule,
    /// Number of games.
    pub games: u32,
    /// Openings: game `i` starts from opening `(i / 2) % len`, so each is played twice with
    /// colours swapped. Empty: every game starts from the empty board.
    pub openings: Vec<Opening>,
    /// The clocks.
    pub time: TimeControl,
    /// Seeds the players (each game and side gets its own seed derived from it).
    pub seed: u64,
    /// Games played at once (at least 1).
    pub threads: usize,
}

/// Builds a player for a side: called once per game and side with that game's seed, on the
/// worker thread that plays the game. An error forfeits the game for that side.
pub type PlayerFactory<'a> =
    dyn Fn(Side, u64) -> Result<Box<dyn Player>, Box<dyn Error + Send + Sync>> + Sync + 'a;

/// A finished game of a match.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The 0-based game index.
    pub index: u32,
    /// The opening it started from.
    pub opening: Option<Opening>,
    /// Who had Black.
    pub black: Side,
    /// The names of A and B (from [`Player::name`], or the error text when one failed to start).
    pub names: [String; 2],
    /// The game.
    pub played: PlayedGame,
}

impl GameReport {
    /// The colour `side` had.
    pub fn color_of(&self, side: Side) -> Color {
        if side == self.black {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The side that had `color`.
    pub fn side_of(&self, color: Color) -> Side {
        match color {
            Color::Black => self.black,
            Color::White => self.black.other(),
        }
    }

    /// The name of `side`.
    pub fn name_of(&self, side: Side) -> &str {
        match side {
            Side::A => &self.names[0],
            Side::B => &self.names[1],
        }
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Side> {
        self.played.end.winner().map(|c| self.side_of(c))
    }
}

/// Why a match could not start.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MatchError {
    /// The board size is not supported.
    #[error(transparent)]
    Size(#[from] BoardSizeError),
    /// An opening cannot be played on this board.
    #[error("opening {index} ({opening}): {kind}")]
    Opening {
        /// 0-based index in the list.
        index: usize,
        /// The opening.
        opening: String,
        /// What is wrong.
        kind: OpeningErrorKind,
    },
}

/// A finished match: every game in index order and the tally.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// The games, by index.
    pub games: Vec<GameReport>,
    /// The tally.
    pub summary: MatchSummary,
}

/// A well-mixed seed for game `index` and `side` (SplitMix64 finaliser).
fn game_seed(seed: u64, index: u32, side: Side) -> u64 {
    let mut z = seed
        .wrapping_add(u64::from(index).wrapping_mul(2) + (side == Side::B) as u64)
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The starting position of game `index`.
fn start_of(config: &MatchConfig, index: u32) -> (Option<Opening>, Game) {
    if config.openings.is_empty() {
        let game = Game::new(config.size, config.rule)
            .unwrap_or_else(|_| unreachable!("the size was checked"));
        return (None, game);
    }
    let opening = &config.openings[(index as usize / 2) % config.openings.len()];
    let game = opening
        .to_game(config.size, config.rule)
        .unwrap_or_else(|_| unreachable!("the openings were checked"));
    (Some(opening.clone()), game)
}

/// Plays game `index`.
fn play_one(config: &MatchConfig, factory: &PlayerFactory<'_>, index: u32) -> GameReport {
    let (opening, start) = start_of(config, index);
    let black = if index % 2 == 0 { Side::A } else { Side::B };
    let make = |side| factory(side, game_seed(config.seed, index, side));
    let (a, b) = (make(Side::A), make(Side::B));
    let name = |p: &Result<Box<dyn Player>, _>| match p {
        Ok(p) => p.name(),
        Err(e) => format!("(failed: {e})"),
    };
    let names = [name(&a), name(&b)];
    let played = match (a, b) {
        (Ok(mut a), Ok(mut b)) => {
            let (pb, pw) = match black {
                Side::A => (&mut a, &mut b),
                Side::B => (&mut b, &mut a),
            };
            play_game(start, pb.as_mut(), pw.as_mut(), config.time)
        }
        (a, b) => {
            // The first side that failed to start forfeits.
            let (side, err) = match (a, b) {
                (Err(e), _) => (Side::A, e),
                (_, Err(e)) => (Side::B, e),
                _ => unreachable!("one of them failed"),
            };
            let loser = if side == black {
                Color::Black
            } else {
                Color::White
            };
            PlayedGame {
                opening_moves: start.moves().len(),
                game: start,
                move_times: Vec::new(),
                end: GameEnd::Forfeit {
                    loser,
                    reason: ForfeitReason::Startup(err.to_string()),
                },
            }
        }
    };
    GameReport {
        index,
        opening,
        black,
        names,
        played,
    }
}

/// Plays a match. `factory` builds the players (a fresh pair for each game); `on_game` is called
/// on the calling thread after each game with the report and the tally so far (for a progress
/// line). Games run on `config.threads` worker threads; the result does not depend on the
/// number of threads for deterministic players.
///
/// # Errors
/// [`MatchError`] when the board size or an opening is invalid (checked before any game).
pub fn run_match(
    config: &MatchConfig,
    factory: &PlayerFactory<'_>,
    on_game: &mut dyn FnMut(&GameReport, &MatchSummary),
) -> Result<MatchResult, MatchError> {
    Game::new(config.size, config.rule)?;
    for (index, opening) in config.openings.iter().enumerate() {
        opening
            .to_game(config.size, config.rule)
            .map_err(|kind| MatchError::Opening {
                index,
                opening: opening.to_string(),
                kind,
            })?;
    }
    let next = AtomicU32::new(0);
    let threads = config.threads.clamp(1, config.games.max(1) as usize);
    let mut summary = MatchSummary::new();
    let mut games = Vec::with_capacity(config.games as usize);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
                        break;
                    }
                    if tx.send(play_one(config, factory, index)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for report in rx {
            summary.add(&report);
            on_game(&report, &summary);
            games.push(report);
        }
    });
    games.sort_by_key(|g| g.index);
    Ok(MatchResult { games, summary })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::opening::default_openings;
    use crate::random::RandomPlayer;
    use std::time::Duration;

    fn config(games: u32, threads: usize) -> MatchConfig {
        MatchConfig {
            size: 15,
            rule: Rule::Freestyle,
            games,
            openings: default_openings(15, Rule::Freestyle),
            time: TimeControl::per_move(Duration::from_secs(5)),
            seed: 7,
            threads,
        }
    }

    fn random_factory(
        side: Side,
        seed: u64,
    ) -> Result<Box<dyn Player>, Box<dyn Error + Send + Sync>> {
        let _ = side;
        Ok(Box::new(RandomPlayer::new(seed)))
    }

    #[test]
    fn the_tally_adds_up_and_colours_alternate() {
        let mut calls = 0;
        let result = run_match(&config(6, 2), &random_factory, &mut |_, s| {
            calls += 1;
            assert_eq!(s.games(), calls);
        })
        .unwrap();
        assert_eq!(calls, 6);
        let s = &result.summary;
        assert_eq!(s.games(), 6);
        assert_eq!(s.a.wins(), s.b.losses());
        assert_eq!(s.a.draws(), s.b.draws());
        assert_eq!(s.a.score() + s.b.score(), 6.0);
        assert_eq!(s.a.as_black.games(), 3);
        assert_eq!(s.a.as_white.games(), 3);
        for (i, g) in result.games.iter().enumerate() {
            assert_eq!(g.index as usize, i);
            assert_eq!(g.black, if i % 2 == 0 { Side::A } else { Side::B });
            // Openings are played twice: games 0 and 1 share one, 2 and 3 the next.
            let opening = g.opening.clone().unwrap();
            assert_eq!(opening, config(6, 1).openings[i / 2]);
            assert_eq!(g.played.opening_moves, 3);
        }
        let total_moves: usize = result.games.iter().map(|g| g.played.move_times.len()).sum();
        assert_eq!((s.a.moves + s.b.moves) as usize, total_moves);
    }

    #[test]
    fn threads_do_not_change_the_games() {
        let one = run_match(&config(4, 1), &random_factory, &mut |_, _| {}).unwrap();
        let two = run_match(&config(4, 3), &random_factory, &mut |_, _| {}).unwrap();
        for (x, y) in one.games.iter().zip(&two.games) {
            assert_eq!(x.played.game.moves(), y.played.game.moves());
        }
    }

    #[test]
    fn a_player_that_cannot_start_forfeits() {
        let factory =
            |side: Side, seed: u64| -> Result<Box<dyn Player>, Box<dyn Error + Send + Sync>> {
                match side {
                    Side::A => Ok(Box::new(RandomPlayer::new(seed))),
                    Side::B => Err("no such engine".into()),
                }
            };
        let result = run_match(&config(2, 1), &factory, &mut |_, _| {}).unwrap();
        let s = &result.summary;
        assert_eq!(s.a.wins(), 2);
        assert_eq!(s.b.forfeits, 2);
        assert_eq!(s.forfeits.len(), 2);
        assert!(
            matches!(s.forfeits[0].reason, ForfeitReason::Startup(ref m) if m == "no such engine")
        );
        assert_eq!(result.games[0].winner(), Some(Side::A));
    }

    #[test]
    fn bad_openings_are_refused_before_playing() {
        let mut c = config(2, 1);
        c.openings = vec![Opening::from_offsets(vec![(0, 0), (0, 0)])];
        let err =
            run_match(&c, &random_factory, &mut |_, _| panic!("no game expected")).unwrap_err();
        assert!(matches!(err, MatchError::Opening { index: 0, .. }));
        c.size = 30;
        assert!(matches!(
            run_match(&c, &random_factory, &mut |_, _| {}),
            Err(MatchError::Size(_))
        ));
    }
}
