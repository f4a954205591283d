//! A match: N refereed games between two players, openings played twice with colours swapped,
//! several games at once on worker threads; void games played again, an early stop (SPRT) and
//! an interruption (Ctrl-C).

use std::error::Error;
use std::fmt;
use std::sync::{Mutex, mpsc};

use thiserror::Error;

use gomoku_rules::{BoardSizeError, Color, Game, Rule};

use crate::arena::game::{ForfeitReason, GameEnd, PlayedGame, TimeControl, play_game_until};
use crate::arena::opening::{Opening, OpeningErrorKind};
use crate::arena::schedule::MatchPlan;
use crate::arena::summary::MatchSummary;
use crate::player::{Player, StopFlag};

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
    /// How many times a [void](GameEnd::Void) game is played again (same opening, same
    /// colours) before it is given up on.
    pub void_replays: u32,
    /// Raised from outside (Ctrl-C) to stop the match: games in flight are interrupted and
    /// dropped, and [`run_match`] returns the games finished so far.
    pub stop: StopFlag,
}

impl MatchConfig {
    /// A configuration with the defaults for the rest: no void replay, a fresh stop flag.
    pub fn new(
        size: u32,
        rule: Rule,
        games: u32,
        openings: Vec<Opening>,
        time: TimeControl,
    ) -> MatchConfig {
        MatchConfig {
            size,
            rule,
            games,
            openings,
            time,
            seed: 0,
            threads: 1,
            void_replays: 0,
            stop: StopFlag::new(),
        }
    }
}

/// Builds a player for a side: called once per game and side with that game's seed, on the
/// worker thread that plays the game. An error forfeits the game for that side.
pub type PlayerFactory<'a> =
    dyn Fn(Side, u64) -> Result<Box<dyn Player>, Box<dyn Error + Send + Sync>> + Sync + 'a;

/// What a match does after a game, as the `on_game` callback of [`run_match`] says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Play on.
    Continue,
    /// Start no new game; the games in flight finish and count.
    Stop,
}

/// A finished game of a match.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The 0-based game index.
    pub index: u32,
    /// Which attempt at this game it is: 0, or the number of void games before it.
    pub attempt: u32,
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
    /// The games that finished (void ones included, interrupted ones not), by index and
    /// attempt.
    pub games: Vec<GameReport>,
    /// The tally.
    pub summary: MatchSummary,
    /// Whether the match was stopped by [`MatchConfig::stop`] before it was done.
    pub interrupted: bool,
}

/// A well-mixed seed for game `index`, `attempt` and `side` (SplitMix64 finaliser).
fn game_seed(seed: u64, index: u32, attempt: u32, side: Side) -> u64 {
    let mut z = seed
        .wrapping_add(u64::from(attempt).wrapping_mul(0xD1B5_4A32_D192_ED03))
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

/// A game to play: its index and attempt.
#[derive(Clone, Copy, Debug)]
struct Job {
    index: u32,
    attempt: u32,
}

/// Hands games to the workers and counts those in flight.
struct Dispatch<'a> {
    jobs: &'a mpsc::Sender<Job>,
    /// The fresh games left, in index order.
    fresh: std::vec::IntoIter<(u32, u32)>,
    in_flight: u32,
}

impl Dispatch<'_> {
    fn send(&mut self, job: Job) {
        if self.jobs.send(job).is_ok() {
            self.in_flight += 1;
        }
    }

    /// Sends the next fresh game, if any is left.
    fn send_fresh(&mut self) -> bool {
        let Some((index, attempt)) = self.fresh.next() else {
            return false;
        };
        self.send(Job { index, attempt });
        true
    }
}

/// Plays one game.
fn play_one(config: &MatchConfig, factory: &PlayerFactory<'_>, job: Job) -> GameReport {
    let Job { index, attempt } = job;
    let (opening, start) = start_of(config, index);
    let black = if index % 2 == 0 { Side::A } else { Side::B };
    let make = |side| factory(side, game_seed(config.seed, index, attempt, side));
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
            play_game_until(start, pb.as_mut(), pw.as_mut(), config.time, &config.stop)
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
                evaluations: Vec::new(),
                budgets: Vec::new(),
                end: GameEnd::Forfeit {
                    loser,
                    reason: ForfeitReason::Startup(err.to_string()),
                },
            }
        }
    };
    GameReport {
        index,
        attempt,
        opening,
        black,
        names,
        played,
    }
}

/// The games the `openings` start from on a board of `size` under `rule`, in order.
///
/// # Errors
/// [`MatchError::Opening`] for the first opening that does not fit the board or the rule.
pub(crate) fn opening_games(
    openings: &[Opening],
    size: u32,
    rule: Rule,
) -> Result<Vec<Game>, MatchError> {
    openings
        .iter()
        .enumerate()
        .map(|(index, opening)| {
            opening
                .to_game(size, rule)
                .map_err(|kind| MatchError::Opening {
                    index,
                    opening: opening.to_string(),
                    kind,
                })
        })
        .collect()
}

/// Plays a match. `factory` builds the players (a fresh pair for each game); `on_game` is called
/// on the calling thread after each finished game (void ones included) with the report and the
/// tally so far, and says whether to go on ([`Flow::Stop`] ends the match early, as an SPRT
/// that has decided does; the games in flight still finish and count). Games run on
/// `config.threads` worker threads; the result does not depend on the number of threads for
/// deterministic players. A void game is played again (same index, opening and colours) up to
/// `config.void_replays` times. Raising `config.stop` interrupts the games in flight, which are
/// dropped.
///
/// # Errors
/// [`MatchError`] when the board size or an opening is invalid (checked before any game).
pub fn run_match(
    config: &MatchConfig,
    factory: &PlayerFactory<'_>,
    on_game: &mut dyn FnMut(&GameReport, &MatchSummary) -> Flow,
) -> Result<MatchResult, MatchError> {
    run_match_plan(config, MatchPlan::all(config.games), factory, on_game)
}

/// [`run_match`] for part of a match, or for what an interrupted run left: the games of
/// `plan.games` that `plan.played` does not finish (see [`MatchPlan::remaining`]). The games of
/// `plan.played` are counted first (`on_game` is not called for them) and are part of the
/// result, so the tally is the one a single run of all those games reports.
///
/// # Errors
/// [`MatchError`] when the board size or an opening is invalid (checked before any game).
pub fn run_match_plan(
    config: &MatchConfig,
    plan: MatchPlan,
    factory: &PlayerFactory<'_>,
    on_game: &mut dyn FnMut(&GameReport, &MatchSummary) -> Flow,
) -> Result<MatchResult, MatchError> {
    Game::new(config.size, config.rule)?;
    opening_games(&config.openings, config.size, config.rule)?;
    let fresh = plan.remaining(config.void_replays);
    let threads = config.threads.clamp(1, fresh.len().max(1));
    let mut summary = MatchSummary::new();
    for report in &plan.played {
        summary.add(report);
    }
    let mut games = plan.played;
    let mut interrupted = false;
    let (job_tx, job_rx) = mpsc::channel::<Job>();
    let job_rx = Mutex::new(job_rx);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..threads {
            let tx = tx.clone();
            let job_rx = &job_rx;
            scope.spawn(move || {
                loop {
                    // A poisoned lock means another worker panicked: stop too.
                    let job = match job_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => break,
                    };
                    let Ok(job) = job else { break };
                    if tx.send(play_one(config, factory, job)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // The scheduler: fresh games in index order, void ones again first.
        let mut dispatch = Dispatch {
            jobs: &job_tx,
            fresh: fresh.into_iter(),
            in_flight: 0,
        };
        while dispatch.in_flight < threads as u32 && dispatch.send_fresh() {}
        let mut flow = Flow::Continue;
        while dispatch.in_flight > 0 {
            let Ok(report) = rx.recv() else { break };
            dispatch.in_flight -= 1;
            if report.played.end == GameEnd::Interrupted {
                interrupted = true;
                continue;
            }
            summary.add(&report);
            if on_game(&report, &summary) == Flow::Stop {
                flow = Flow::Stop;
            }
            let replay = matches!(report.played.end, GameEnd::Void { .. })
                && report.attempt < config.void_replays;
            let job = Job {
                index: report.index,
                attempt: report.attempt + 1,
            };
            games.push(report);
            if flow == Flow::Stop || config.stop.is_stopped() {
                continue;
            }
            if replay {
                dispatch.send(job);
            } else {
                dispatch.send_fresh();
            }
        }
        drop(job_tx);
    });
    interrupted |= config.stop.is_stopped();
    games.sort_by_key(|g| (g.index, g.attempt));
    Ok(MatchResult {
        games,
        summary,
        interrupted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::opening::default_openings;
    use crate::arena::test_players::NoMove;
    use crate::random::RandomPlayer;
    use std::sync::atomic::{AtomicU32, Ordering};
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
            void_replays: 0,
            stop: StopFlag::new(),
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
            Flow::Continue
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
        let one = run_match(&config(4, 1), &random_factory, &mut |_, _| Flow::Continue).unwrap();
        let two = run_match(&config(4, 3), &random_factory, &mut |_, _| Flow::Continue).unwrap();
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
        let result = run_match(&config(2, 1), &factory, &mut |_, _| Flow::Continue).unwrap();
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
        let err = run_match(&c, &random_factory, &mut |_, _| -> Flow {
            panic!("no game expected")
        })
        .unwrap_err();
        assert!(matches!(err, MatchError::Opening { index: 0, .. }));
        c.size = 30;
        assert!(matches!(
            run_match(&c, &random_factory, &mut |_, _| Flow::Continue),
            Err(MatchError::Size(_))
        ));
    }

    #[test]
    fn void_games_are_replayed_and_not_scored() {
        // B goes silent in the first two games it is built for, then plays.
        let silent_left = AtomicU32::new(2);
        let factory =
            |side: Side, seed: u64| -> Result<Box<dyn Player>, Box<dyn Error + Send + Sync>> {
                let silent = side == Side::B
                    && silent_left
                        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                        .is_ok();
                if silent {
                    Ok(Box::new(NoMove { silent: true }))
                } else {
                    Ok(Box::new(RandomPlayer::new(seed)))
                }
            };
        let mut c = config(2, 1);
        c.void_replays = 1;
        let result = run_match(&c, &factory, &mut |_, _| Flow::Continue).unwrap();
        let s = &result.summary;
        // Game 1 was void twice: replayed once, then given up; game 2 was void once and replayed.
        assert_eq!(s.voids.len(), 2, "{:?}", s.voids);
        assert_eq!((s.voids[0].game, s.voids[0].attempt), (0, 0));
        assert_eq!(s.voids[0].side, Side::B);
        assert_eq!(s.voids[0].color, Color::White);
        assert_eq!(s.games(), 1);
        assert_eq!(s.a.score() + s.b.score(), 1.0);
        let played: Vec<(u32, u32)> = result.games.iter().map(|g| (g.index, g.attempt)).collect();
        assert_eq!(played, [(0, 0), (0, 1), (1, 0)]);
        assert!(!result.interrupted);
    }

    #[test]
    fn stopping_after_a_game_plays_no_new_one() {
        // With two workers the game in flight when the test decides finishes and counts.
        for (threads, expected) in [(1, 3), (2, 4)] {
            let mut calls = 0;
            let result = run_match(&config(8, threads), &random_factory, &mut |_, _| {
                calls += 1;
                if calls == 3 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            })
            .unwrap();
            assert_eq!(result.summary.games(), expected, "{threads} threads");
            assert_eq!(result.games.len() as u32, expected);
            assert!(!result.interrupted);
        }
    }

    #[test]
    fn pairs_are_tallied_when_both_games_are_in() {
        let result = run_match(&config(5, 2), &random_factory, &mut |_, _| Flow::Continue).unwrap();
        let s = &result.summary;
        assert_eq!(s.pair_count(), 2);
        let pair_points: u32 = s.pairs.iter().enumerate().map(|(k, &n)| k as u32 * n).sum();
        // A's points in the first four games, in half points.
        let first_four: f64 = result.games[..4]
            .iter()
            .map(|g| match g.winner() {
                Some(Side::A) => 1.0,
                None => 0.5,
                Some(Side::B) => 0.0,
            })
            .sum();
        assert_eq!(f64::from(pair_points), first_four * 2.0);
    }

    #[test]
    fn raising_the_stop_flag_interrupts_the_match() {
        let c = config(8, 2);
        let stop = c.stop.clone();
        let result = run_match(&c, &random_factory, &mut |_, _| {
            stop.stop();
            Flow::Continue
        })
        .unwrap();
        assert!(result.interrupted);
        // The first game finished; the one in flight was interrupted or finished, no new one began.
        assert!((1..=2).contains(&result.summary.games()));
        assert_eq!(result.games.len() as u32, result.summary.games());
    }

    #[test]
    fn resumed_and_split_matches_play_the_games_of_one_run() {
        let moves = |games: &[GameReport]| -> Vec<(u32, Vec<gomoku_rules::Point>)> {
            games
                .iter()
                .map(|g| (g.index, g.played.game.moves().to_vec()))
                .collect()
        };
        let whole = run_match(&config(8, 2), &random_factory, &mut |_, _| Flow::Continue).unwrap();
        // Resumed after the first three games: only the other five are played.
        let plan = MatchPlan {
            games: 0..8,
            played: whole.games[..3].to_vec(),
        };
        let mut new = Vec::new();
        let resumed = run_match_plan(&config(8, 2), plan, &random_factory, &mut |r, _| {
            new.push(r.index);
            Flow::Continue
        })
        .unwrap();
        new.sort_unstable();
        assert_eq!(new, [3, 4, 5, 6, 7]);
        assert_eq!(moves(&resumed.games), moves(&whole.games));
        assert_eq!(resumed.summary.pairs, whole.summary.pairs);
        assert_eq!(resumed.summary.a.as_black, whole.summary.a.as_black);
        assert_eq!(resumed.summary.a.as_white, whole.summary.a.as_white);
        // Two shards play the two halves; their pooled tally is the whole match's.
        let mut halves = Vec::new();
        let mut pooled = MatchSummary::new();
        for k in 1..=2 {
            let plan = MatchPlan::shard(crate::arena::Shard::new(k, 2).unwrap(), 8);
            let part = run_match_plan(&config(8, 1), plan, &random_factory, &mut |_, _| {
                Flow::Continue
            })
            .unwrap();
            assert_eq!(part.summary.games(), 4);
            pooled.merge(&part.summary);
            halves.extend(part.games);
        }
        assert_eq!(moves(&halves), moves(&whole.games));
        assert_eq!(pooled.pairs, whole.summary.pairs);
        assert_eq!(pooled.a.moves, whole.summary.a.moves);
        for (x, y) in [(&pooled.a, &whole.summary.a), (&pooled.b, &whole.summary.b)] {
            assert_eq!((x.as_black, x.as_white), (y.as_black, y.as_white));
        }
    }
}
