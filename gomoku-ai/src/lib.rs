//! # gomoku-ai
//!
//! AI players for gomoku-core, all behind one [`Player`] interface and, where they evaluate
//! positions, one [`Evaluator`] trait.
#![deny(missing_docs)]

pub mod arena;
pub mod classic;
mod evaluator;
mod player;
mod random;
mod registry;
mod score;

pub use classic::{Gm8Player, PriorityPlayer, ThesisPlayer};
pub use evaluator::Evaluator;
pub use player::{Limits, Player, SearchInfo, SearchResult, StopFlag};
pub use random::RandomPlayer;
pub use registry::{BUILTIN_PLAYERS, PlayerSpecError, builtin_player};
pub use score::Score;
