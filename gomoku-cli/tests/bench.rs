//! `gomoku bench`: the engine's behaviour signature.

use std::process::Command;

/// The total node count of `gomoku_ai::bench`, the engine's behaviour signature (asserted
/// against a fresh run in gomoku-ai's own test).
const EXPECTED_NODES: u64 = gomoku_ai::bench::SIGNATURE;

fn gomoku(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(args)
        .output()
        .expect("gomoku runs")
}

#[test]
fn bench_prints_the_expected_node_count() {
    let out = gomoku(&["bench"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let field = |name: &str| -> u64 {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {text}"))
            .trim()
            .trim_end_matches(" ms")
            .parse()
            .unwrap()
    };
    assert_eq!(field("nodes:"), EXPECTED_NODES, "{text}");
    assert_eq!(field("positions:"), 6);
    // nodes/s is consistent with nodes and time (to the millisecond rounding of the time).
    let (nodes, ms, nps) = (field("nodes:"), field("time:"), field("nodes/s:"));
    assert!(nps > 0);
    let implied = nodes * 1000 / (ms + 1);
    assert!(implied <= nps, "{text}");
    if let Some(upper) = (nodes * 1000).checked_div(ms) {
        assert!(nps <= upper, "{text}");
    }
}

#[test]
fn bench_mates_reports_every_position_of_the_suite() {
    let out = gomoku(&["bench", "--mates", "--nodes", "300"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let field = |name: &str| -> &str {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {text}"))
            .trim()
    };
    let positions: usize = field("positions:").parse().unwrap();
    assert_eq!(positions, gomoku_ai::mate_suite::positions().len());
    assert_eq!(field("node limit:"), "300");
    let solved: usize = field("solved:").parse().unwrap();
    let counts: Vec<&str> = field("nodes:").split(' ').collect();
    assert_eq!(counts.len(), positions, "{text}");
    assert_eq!(counts.iter().filter(|c| **c != "-").count(), solved);
    let mean: u64 = field("geometric mean nodes:").parse().unwrap();
    assert!(mean > 0, "{text}");
}

#[test]
fn bench_rejects_a_bad_node_limit() {
    let out = gomoku(&["bench", "--mates", "--nodes", "many"]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--nodes"), "{err}");
}
