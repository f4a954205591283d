//! Fitting evaluation weights to games: [`logistic`] regression of game results on a linear
//! evaluation (usable for any evaluator with linear features), [`TexelData`] for the default
//! evaluator's [`crate::weights::RuleWeights`], [`PolicyData`] for its move-ordering values,
//! and [`selfplay`] to make the games; [`spsa`] tunes engine parameters by playing games
//! (SPSA, as fishtest runs it).

pub mod logistic;
mod policy;
pub mod selfplay;
pub mod spsa;
mod texel;

pub(crate) use logistic::best_log_scale;
pub use logistic::{Dataset, FitOptions, FitProgress, FitResult, fit};
pub use policy::{PolicyData, PolicyFit, PolicyProgress};
pub use spsa::{
    PairOutcome, PairReport, Perturbation, PlayerBuilder, Spsa, SpsaConfig, SpsaError, SpsaParam,
    SpsaProgress, SpsaRunError, SpsaStats, SpsaSummary, run_spsa,
};
pub use texel::{SampleOptions, TexelData, TexelFit};
pub(crate) use texel::{blended_target, empty_replay, result_for};
