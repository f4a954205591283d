//! `gomoku bench`: the engine's deterministic search benchmark ([`gomoku_ai::bench`]): a fixed
//! list of positions searched to fixed depths. The total node count is the engine's behaviour
//! signature; the time gives nodes per second. `gomoku bench --mates` runs the mate suite
//! ([`gomoku_ai::mate_suite`]) instead.

use std::io::{self, Write};

use gomoku_ai::bench::{self, BenchResult};
use gomoku_ai::mate_suite::{self, MateSuiteReport};

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

/// The mate suite's report, as printed: the positions solved, the geometric mean of the nodes
/// (an unsolved position at twice the limit) and each position's count (`-`: unsolved).
pub fn mates_report(report: &MateSuiteReport) -> String {
    let counts: Vec<String> = report
        .nodes
        .iter()
        .map(|n| n.map_or_else(|| "-".to_string(), |n| n.to_string()))
        .collect();
    format!(
        "positions: {}\nnode limit: {}\nsolved: {}\ngeometric mean nodes: {}\nnodes: {}\n",
        report.nodes.len(),
        report.max_nodes,
        report.solved(),
        report.geometric_mean_nodes(),
        counts.join(" ")
    )
}

/// Runs the mate suite with `max_nodes` per position and prints its figures to `output`.
///
/// # Errors
/// Only output errors.
pub fn run_mates(output: &mut dyn Write, max_nodes: u64) -> io::Result<()> {
    let report = mate_suite::run(max_nodes);
    output.write_all(mates_report(&report).as_bytes())
}
