//! # gomoku-ai
//!
//! AI players for gomoku-rules, all behind one [`Player`] interface and, where they evaluate
//! positions, one [`Evaluator`] trait: the default [`Engine`] (alpha-beta search over the
//! table-driven [`PatternEvaluator`]), the one-ply [`GreedyPlayer`] and the [`RandomPlayer`]
//! floor. [`explain()`] describes the best moves of a position in words; [`mod@bench`] is the
//! deterministic search benchmark; [`mod@review`] gives the engine's verdict on every move of a
//! game. [`threat`] holds the VCF/VCT solvers the engine consults, [`classic`] the faithful
//! baselines (`gm8`, `priority`, `thesis`), [`arena`] the match runner.
//!
//! ```
//! use gomoku_ai::{Engine, Limits, Player, builtin_player, explain};
//! use gomoku_rules::{Board, Rule};
//!
//! // White (O) to move must stop Black's open three, or lose.
//! let board: Board = "
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . X X X . . .
//!     . . . . O . . . .
//!     . . . . O . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .".parse().unwrap();
//! let mut engine = Engine::new();
//! let result = engine.choose(&board, Rule::Freestyle, &Limits::depth(4), &mut |_| {});
//! let reply = result.best.unwrap().to_string();
//! assert!(["c6", "g6"].contains(&reply.as_str()), "{reply}");
//!
//! // Any built-in player by name, and the engine's explanation in words.
//! let mut gm8 = builtin_player("gm8:1", 0).unwrap();
//! assert!(gm8.choose(&board, Rule::Freestyle, &Limits::default(), &mut |_| {}).best.is_some());
//! let why = explain(&board, Rule::Freestyle, 2, 2);
//! assert!(!why.moves.is_empty());
//! ```
#![deny(missing_docs)]

pub mod arena;
pub mod bench;
pub mod classic;
mod evaluator;
pub mod explain;
mod greedy;
mod levels;
pub mod mate_suite;
pub mod memory;
pub mod nnue;
pub mod params;
pub mod pattern;
mod pattern_evaluator;
mod player;
mod random;
mod registry;
pub mod review;
mod score;
mod search;
pub mod skill;
pub mod swap;
pub mod threat;
pub mod tune;
pub mod weights;

pub use classic::{Gm8Player, PriorityPlayer, ThesisPlayer};
pub use evaluator::Evaluator;
pub use explain::{Explanation, MoveExplanation, explain};
pub use greedy::GreedyPlayer;
pub use levels::{Level, LevelCaps, ParseLevelError};
pub use pattern_evaluator::PatternEvaluator;
pub use player::{Limits, Player, SearchInfo, SearchResult, StopFlag};
pub use random::RandomPlayer;
pub use registry::{BUILTIN_PLAYERS, DEFAULT_EVAL_IS_NNUE, PlayerSpecError, builtin_player};
pub use score::Score;
pub use search::{
    Engine, MAX_THREADS, MoveOverhead, OVERHEAD_SAMPLES, SearchFeatures, SearchParamError,
    SearchParamInfo, SearchParams, TimeBudget, TranspositionTable, WinFinder, WinSearch,
    moves_left,
};

/// The crate README's examples, run as doctests so that what crates.io shows cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
