//! `gomoku bench`: the engine's deterministic search benchmark ([`gomoku_ai::bench`]): a fixed
//! list of positions searched to fixed depths. The total node count is the engine's behaviour
//! signature; the time gives nodes per second.

use std::io::{self, Write};

use gomoku_ai::bench::{self, BenchResult};

/// The benchmark's report, as printed.
pub fn report(result: &BenchResult) -> String {
    format!(
        "positions: {}\nnodes: {}\ntime: {} ms\nnodes/s: {}\n",
        bench::BENCH_POSITIONS.len(),
        result.nodes,
        result.time.as_millis(),
        result.nodes_per_second()
    )
}

/// Runs the benchmark and prints its figures to `output`.
///
/// # Errors
/// Only output errors.
pub fn run(output: &mut dyn Write) -> io::Result<()> {
    let result = bench::run();
    output.write_all(report(&result).as_bytes())
}
