//! Threat-space search speed: solve times of the VCF/VCT puzzle set (Renju, from
//! renju-note/quintet, MIT: see gomoku-ai/tests/data/threat/LICENSE) and nodes per second.
//!
//! `cargo bench --bench threat` prints, before the criterion runs, each puzzle's result, the
//! length of its line (moves of both sides), nodes and time, and the overall nodes per second.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use gomoku_kit::ai::threat::{Budget, ThreatResult, ThreatSolver};
use gomoku_kit::core::{Board, Color, Rule};

/// (name, text) of every puzzle.
const PUZZLES: &[(&str, &str)] = &[
    (
        "vcf_black",
        include_str!("../gomoku-ai/tests/data/threat/vcf_black.txt"),
    ),
    (
        "vcf_black_short",
        include_str!("../gomoku-ai/tests/data/threat/vcf_black_short.txt"),
    ),
    (
        "vcf_counter",
        include_str!("../gomoku-ai/tests/data/threat/vcf_counter.txt"),
    ),
    (
        "vcf_long",
        include_str!("../gomoku-ai/tests/data/threat/vcf_long.txt"),
    ),
    (
        "vcf_white",
        include_str!("../gomoku-ai/tests/data/threat/vcf_white.txt"),
    ),
    (
        "vcf_white_short",
        include_str!("../gomoku-ai/tests/data/threat/vcf_white_short.txt"),
    ),
    (
        "vct_black",
        include_str!("../gomoku-ai/tests/data/threat/vct_black.txt"),
    ),
    (
        "vct_black_long",
        include_str!("../gomoku-ai/tests/data/threat/vct_black_long.txt"),
    ),
    (
        "vct_black_short",
        include_str!("../gomoku-ai/tests/data/threat/vct_black_short.txt"),
    ),
    (
        "vct_counter",
        include_str!("../gomoku-ai/tests/data/threat/vct_counter.txt"),
    ),
    (
        "vct_dual_forbiddens",
        include_str!("../gomoku-ai/tests/data/threat/vct_dual_forbiddens.txt"),
    ),
    (
        "vct_forbidden_breaker",
        include_str!("../gomoku-ai/tests/data/threat/vct_forbidden_breaker.txt"),
    ),
    (
        "vct_fukumi",
        include_str!("../gomoku-ai/tests/data/threat/vct_fukumi.txt"),
    ),
    (
        "vct_fukumi_threat2",
        include_str!("../gomoku-ai/tests/data/threat/vct_fukumi_threat2.txt"),
    ),
    (
        "vct_game_black_l03_1",
        include_str!("../gomoku-ai/tests/data/threat/vct_game_black_l03_1.txt"),
    ),
    (
        "vct_game_black_l03_1_short",
        include_str!("../gomoku-ai/tests/data/threat/vct_game_black_l03_1_short.txt"),
    ),
    (
        "vct_game_black_l07_1",
        include_str!("../gomoku-ai/tests/data/threat/vct_game_black_l07_1.txt"),
    ),
    (
        "vct_game_black_l10_2",
        include_str!("../gomoku-ai/tests/data/threat/vct_game_black_l10_2.txt"),
    ),
    (
        "vct_game_white_l05_1",
        include_str!("../gomoku-ai/tests/data/threat/vct_game_white_l05_1.txt"),
    ),
    (
        "vct_game_white_l08_4",
        include_str!("../gomoku-ai/tests/data/threat/vct_game_white_l08_4.txt"),
    ),
];

/// Node budget per puzzle in the summary.
const SUMMARY_NODES: u64 = 10_000_000;

struct Puzzle {
    board: Board,
    vct: bool,
    budget: Budget,
}

fn parse(text: &str) -> Puzzle {
    let (mut vct, mut attacker, mut limit, mut threat_limit) = (false, Color::Black, 0u8, 0u8);
    let mut rows = Vec::new();
    let mut in_board = false;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if in_board {
            rows.push(line.replace('o', "B").replace('x', "O").replace('B', "X"));
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        match key {
            "mode" => vct = value != "vcf",
            "attacker" => {
                attacker = if value == "o" {
                    Color::Black
                } else {
                    Color::White
                }
            }
            "limit" => limit = value.parse().unwrap_or(0),
            "threat_limit" => threat_limit = value.parse().unwrap_or(0),
            "board" => in_board = true,
            _ => {}
        }
    }
    let mut board: Board = rows.join("\n").parse().expect("puzzle board");
    board.set_side_to_move(attacker);
    let budget = Budget::nodes(SUMMARY_NODES)
        .with_depth(limit)
        .with_threat_depth(threat_limit);
    Puzzle { board, vct, budget }
}

fn solve(solver: &mut ThreatSolver, pz: &Puzzle, budget: &Budget) -> ThreatResult {
    solver.clear();
    if pz.vct {
        solver.vct(&pz.board, Rule::Renju, budget)
    } else {
        solver.vcf(&pz.board, Rule::Renju, budget)
    }
}

fn summary() {
    let mut solver = ThreatSolver::new();
    let (mut nodes, mut secs) = (0u64, 0f64);
    println!(
        "{:<28} {:>8} {:>6} {:>10} {:>10}",
        "puzzle", "result", "moves", "nodes", "ms"
    );
    for (name, text) in PUZZLES {
        let pz = parse(text);
        let start = Instant::now();
        let result = solve(&mut solver, &pz, &pz.budget);
        let t = start.elapsed().as_secs_f64();
        let verdict = match result {
            ThreatResult::Win(_) => "win",
            ThreatResult::NoWin => "no win",
            ThreatResult::Unknown => "unknown",
        };
        let moves = result.line().map_or(0, <[_]>::len);
        println!(
            "{name:<28} {verdict:>8} {moves:>6} {:>10} {:>10.1}",
            solver.nodes(),
            t * 1000.0
        );
        nodes += solver.nodes();
        secs += t;
    }
    println!(
        "total: {nodes} nodes in {:.2} s = {:.0} nodes/s",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
}

fn bench(c: &mut Criterion) {
    summary();
    let mut solver = ThreatSolver::new();
    for name in [
        "vcf_black",
        "vcf_long",
        "vcf_black_short",
        "vct_black",
        "vct_game_black_l07_1",
    ] {
        let text = PUZZLES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
            .unwrap_or("");
        let pz = parse(text);
        c.bench_function(&format!("threat/{name}"), |b| {
            b.iter(|| black_box(solve(&mut solver, &pz, &pz.budget)))
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
