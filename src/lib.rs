#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub use gomoku_ai as ai;
pub use gomoku_rules as core;
