//! Evaluation weights: the value of each combination of line shapes a point makes, per rule,
//! colour and role (side to move or waiting), loaded from versioned weights files or compiled
//! in. See [`RuleWeights`] for what the values mean and [`EvalWeights`] for the file format.

mod combo;
mod file;
mod rule_weights;

pub use combo::{COMBOS, combo_index, combo_key, combo_shapes, shape_key};
pub use file::{DEFAULT_WEIGHTS_JSON, EvalWeights, WEIGHTS_FORMAT, WEIGHTS_VERSION, WeightsError};
pub(crate) use rule_weights::ThreatCounts;
pub use rule_weights::{MovePart, Role, RuleWeights};
