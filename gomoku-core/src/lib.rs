//! # gomoku-rules
//!
//! The rules library of the gomoku workspace: the board, the rule sets (freestyle, standard,
//! Renju, caro), the move history with undo and redo, board notation and game records. It knows
//! nothing about AI; `gomoku-ai` builds on it.
//!
//! ```
//! use gomoku_rules::{Game, Outcome, Point, Rule};
//!
//! let mut game = Game::from_move_string(15, Rule::Standard, "h8 h9 i8 i9 j8 j9 k8 k9").unwrap();
//! let outcome = game.play("l8".parse::<Point>().unwrap()).unwrap();
//! assert_eq!(outcome.winner(), Some(gomoku_rules::Color::Black));
//! assert_eq!(game.move_string(), "h8 h9 i8 i9 j8 j9 k8 k9 l8");
//! ```
//!
//! Coordinates: [`Point`] uses board notation (column letter, row number from the bottom: `h8`
//! is the centre of 15x15); the Gomocup protocol's `x,y` (y from the top) converts with
//! [`Point::from_gomocup`] / [`Point::to_gomocup`].
#![deny(missing_docs)]

mod board;
mod color;
mod direction;
mod game;
pub mod moves;
pub mod opening_rule;
mod point;
mod point_set;
pub mod record;
pub mod renju;
mod rule;
mod zobrist;

pub use board::{Board, BoardSizeError, DiagramError, LineBits, PlaceError};
pub use color::Color;
pub use direction::{Direction, Line};
pub use game::{FoulPolicy, Game, GameError, Outcome, PlayError, PlayErrorReason};
pub use moves::ParseMovesError;
pub use opening_rule::{
    OpeningError, OpeningRule, OpeningStep, ParseOpeningRuleError, ParseSwapChoiceError, Party,
    SwapChoice, SwapOpening,
};
pub use point::{MAX_CELLS, MAX_SIZE, MIN_SIZE, ParsePointError, Point};
pub use point_set::{PointSet, PointSetIter};
pub use renju::ForbiddenKind;
pub use rule::{ParseRuleError, Rule};

/// The crate README's examples, run as doctests so that what crates.io shows cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
