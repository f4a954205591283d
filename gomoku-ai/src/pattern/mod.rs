//! Line patterns: what a stone on an empty point makes along each of its four lines, looked up in
//! precomputed tables and kept up to date incrementally as stones come and go.

mod journal;
mod patterns;
mod shape;
mod table;

pub use patterns::{Patterns, THREAT_MASKS, threat_mask_key};
pub use shape::Shape;
pub use table::{LineRule, shape_of_line};
