//! A neural evaluation updated incrementally (NNUE), with a policy head.
//!
//! Each point of the board gets a vector of channels from tables indexed by the line windows
//! through it ([`features`]), summed over the four directions; the value averages the
//! activated channels over the board and runs a small MLP ([`network`]), the policy weighs the
//! channels of each empty point. The value is trained as a correction to the pattern
//! evaluator's ([`ValueBase`]). A move changes only the windows of the points on its four
//! lines, so the evaluator updates those rows ([`NnueEvaluator`]). `gomoku train` fits a
//! network to game records ([`train`]).

mod accumulator;
mod evaluator;
pub mod features;
pub mod network;
pub mod sibling_cache;
pub mod siblings;
pub mod train;

pub use evaluator::{DEFAULT_NETWORK_FILES, MAX_CORRECTION_WEIGHT, NnueEvaluator};
pub use network::{Layout, Network, NnueError, ValueBase};
