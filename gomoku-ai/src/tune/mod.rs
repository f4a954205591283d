//! Fitting evaluation weights to games: [`logistic`] regression of game results on a linear
//! evaluation (usable for any evaluator with linear features), [`TexelData`] for the default
//! evaluator's [`crate::weights::RuleWeights`], [`PolicyData`] for its move-ordering values,
//! and [`selfplay`] to make the games.

pub mod logistic;
mod policy;
pub mod selfplay;
mod texel;

pub use logistic::{Dataset, FitOptions, FitProgress, FitResult, fit};
pub use policy::{PolicyData, PolicyFit, PolicyProgress};
pub use texel::{SampleOptions, TexelData, TexelFit};
