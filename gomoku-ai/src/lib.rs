//! # gomoku-ai
//!
//! AI players for gomoku-core, all behind one [`Player`] interface and, where they evaluate
//! positions, one [`Evaluator`] trait: the default [`Engine`] (alpha-beta search over the
//! table-driven [`PatternEvaluator`]), the one-ply [`GreedyPlayer`] and the [`RandomPlayer`]
//! floor. [`explain()`] describes the best moves of a position in words; [`mod@bench`] is the
//! deterministic search benchmark.
#![deny(missing_docs)]

pub mod arena;
pub mod bench;
pub mod classic;
mod evaluator;
pub mod explain;
mod greedy;
mod levels;
pub mod params;
pub mod pattern;
mod pattern_evaluator;
mod player;
mod random;
mod registry;
mod score;
mod search;
pub mod threat;

pub use classic::{Gm8Player, PriorityPlayer, ThesisPlayer};
pub use evaluator::Evaluator;
pub use explain::{Explanation, MoveExplanation, explain};
pub use greedy::GreedyPlayer;
pub use levels::{Level, LevelCaps, ParseLevelError};
pub use pattern_evaluator::PatternEvaluator;
pub use player::{Limits, Player, SearchInfo, SearchResult, StopFlag};
pub use random::RandomPlayer;
pub use registry::{BUILTIN_PLAYERS, PlayerSpecError, builtin_player};
pub use score::Score;
pub use search::{Engine, SearchFeatures, TranspositionTable, WinFinder, WinSearch};
