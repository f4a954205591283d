//! Matches between two [`Player`](crate::Player)s: refereed games from openings with colours
//! swapped, clocks, forfeits and void games, the tally with an Elo estimate, and the SPRT that
//! stops a match once it has decided; tournaments of several players (round robin or gauntlet)
//! with ratings fitted over all games; shards and resumed runs of both, and the line each
//! finished game leaves in an event stream. The `gomoku match` command and
//! the examples are thin layers over this module.
//!
//! ```
//! use std::time::Duration;
//! use gomoku_ai::arena::{Flow, MatchConfig, Side, TimeControl, default_openings, run_match};
//! use gomoku_ai::{Player, RandomPlayer};
//! use gomoku_rules::Rule;
//!
//! let config = MatchConfig {
//!     size: 15,
//!     rule: Rule::Freestyle,
//!     games: 4,
//!     openings: default_openings(15, Rule::Freestyle),
//!     time: TimeControl::per_move(Duration::from_millis(100)),
//!     seed: 1,
//!     threads: 2,
//!     void_replays: 0,
//!     stop: Default::default(),
//! };
//! let factory = |_side: Side, seed: u64| -> Result<Box<dyn Player>, Box<dyn std::error::Error + Send + Sync>> {
//!     Ok(Box::new(RandomPlayer::new(seed)))
//! };
//! let result = run_match(&config, &factory, &mut |_, _| Flow::Continue).unwrap();
//! assert_eq!(result.summary.a.score() + result.summary.b.score(), 4.0);
//! ```

mod elo;
mod event;
mod game;
mod opening;
mod rating;
mod runner;
mod schedule;
mod sprt;
mod standings;
mod summary;
#[cfg(test)]
pub(crate) mod test_players;
mod tournament;

pub use elo::{EloEstimate, elo_from_score};
pub use event::{EventError, GameEvent};
pub use game::{
    DEFAULT_TIME_TOLERANCE, ForfeitReason, GameEnd, PlayedGame, TimeControl, play_game,
    play_game_until,
};
pub use opening::{
    Opening, OpeningError, OpeningErrorKind, default_openings, parse_openings, shuffle_openings,
};
pub use rating::{PairingScore, Rating, fit_ratings};
pub(crate) use runner::opening_games;
pub use runner::{
    Flow, GameReport, MatchConfig, MatchError, MatchResult, PlayerFactory, Side, run_match,
    run_match_plan,
};
pub use schedule::{MatchPlan, Shard, ShardError};
pub use sprt::{
    DEFAULT_ALPHA, DEFAULT_BETA, Hypothesis, SprtConfig, SprtModel, SprtParseError, SprtStatus,
    expected_score, llr_pentanomial, llr_trinomial,
};
pub use standings::{CrossCell, PlayerRecord, Standings};
pub use summary::{ColorRecord, ForfeitRecord, MatchSummary, SideStats, VoidRecord};
pub use tournament::{
    PairingResult, TournamentConfig, TournamentFactory, TournamentFormat, TournamentGame,
    TournamentResult, pairings, run_tournament, run_tournament_plan,
};
