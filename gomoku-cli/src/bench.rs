//! `gomoku bench`: the engine's deterministic search benchmark (total nodes, time, nodes/s).

use std::io::{self, Write};

use thiserror::Error;

/// Why the benchmark did not run.
#[derive(Debug, Error)]
pub enum BenchError {
    /// This build has no search engine to benchmark yet.
    #[error("no search engine in this build yet: the benchmark needs gomoku_ai::bench")]
    Unavailable,
    /// Output failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Runs the benchmark and prints its figures to `output`.
///
/// # Errors
/// [`BenchError::Unavailable`] until the engine lands.
pub fn run(output: &mut dyn Write) -> Result<(), BenchError> {
    let _ = output;
    Err(BenchError::Unavailable)
}
