//! `gomoku solve`: look for a forced win (VCF, or VCT) for the side to move of a position.
//! The search is `gomoku_ai::threat`; this only reads the position and prints the answer.

use std::io::Write;
use std::time::{Duration, Instant};

use gomoku_ai::threat::{Budget, ThreatResult, ThreatSolver};
use gomoku_rules::{Board, Rule, moves};

/// What to solve and how hard to try.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Fours and threes (VCT) instead of fours only (VCF).
    pub vct: bool,
    /// Node budget.
    pub max_nodes: u64,
    /// Time budget.
    pub time: Option<Duration>,
}

/// Solves `board` under `rule` and prints the winning line (in board notation, attacker and
/// defender alternating) and its length, or that no win was found, with nodes and time. A VCF
/// is the shortest (the output says whether the budget allowed proving it).
///
/// # Errors
/// An output error.
pub fn solve(
    board: &Board,
    rule: Rule,
    options: &SolveOptions,
    out: &mut dyn Write,
) -> std::io::Result<ThreatResult> {
    let mut budget = Budget::nodes(options.max_nodes);
    budget.time = options.time;
    let mut solver = ThreatSolver::new();
    let start = Instant::now();
    let result = if options.vct {
        solver.vct(board, rule, &budget)
    } else {
        solver.vcf(board, rule, &budget)
    };
    let kind = if options.vct { "VCT" } else { "VCF" };
    let side = board.side_to_move();
    match &result {
        ThreatResult::Win(line) => {
            writeln!(out, "{side} wins by {kind}: {}", moves::format_moves(line))?;
            let attacks = line.len().div_ceil(2);
            let shortest = match (options.vct, solver.proven_shortest()) {
                (true, _) => "",
                (false, true) => ", the shortest",
                (false, false) => ", maybe not the shortest (the budget ran out)",
            };
            writeln!(
                out,
                "length {} moves: {attacks} by {side}{shortest}",
                line.len()
            )?
        }
        ThreatResult::NoWin => writeln!(out, "{side} has no {kind} within the depth limit")?,
        ThreatResult::Unknown => writeln!(out, "no {kind} found for {side} within the budget")?,
    }
    writeln!(
        out,
        "nodes {} time {} ms",
        solver.nodes(),
        start.elapsed().as_millis()
    )?;
    Ok(result)
}
