//! # gomoku-kit
//!
//! Gomoku (five in a row) in one dependency: [`core`] is the rules library `gomoku-rules`
//! (board, rules with the Renju fouls, move history, notation, game records) and [`ai`] is
//! `gomoku-ai` (the engine, threat solvers, classic players, game review, the match arena).
//! Depend on those crates directly for less.
//!
//! ```
//! use gomoku_kit::ai::{Limits, Player, builtin_player};
//! use gomoku_kit::core::record::{self, Format, Record};
//! use gomoku_kit::core::{Game, Outcome, Rule};
//!
//! // Two built-in players finish a Renju game from a three-stone opening.
//! let mut game = Game::from_move_string(15, Rule::Renju, "h8 i9 i7")?;
//! let mut players = [builtin_player("engine:2", 0)?, builtin_player("greedy", 0)?];
//! while game.outcome() == Outcome::Ongoing {
//!     let player = &mut players[game.moves().len() % 2];
//!     let choice = player.choose(game.board(), game.rule(), &Limits::depth(2), &mut |_| {});
//!     game.play(choice.best.ok_or("no legal move")?)?;
//! }
//! // Saved as SGF, read back: the same moves.
//! let sgf = record::write_string(&Record::from_game(&game)?, Format::Sgf)?;
//! assert_eq!(record::read_str(&sgf, Format::Sgf)?.moves(), game.moves());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The workspace's README (the terminal game, the web board, the protocol engine, the guides)
//! is the front page of the repository; its examples run as this crate's doctests.
#![deny(missing_docs)]

pub use gomoku_ai as ai;
pub use gomoku_rules as core;

/// The README's examples, run as doctests so that the quick start cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
