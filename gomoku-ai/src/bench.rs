//! The deterministic search benchmark: a fixed list of positions searched to fixed depths. The
//! total node count is the engine's behaviour signature (a change that alters the search alters
//! it); the time gives nodes per second.

use std::time::{Duration, Instant};

use gomoku_rules::{Game, Rule};

use crate::evaluator::Evaluator;
use crate::nnue::NnueEvaluator;
use crate::pattern::LineRule;
use crate::player::{Limits, Player};
use crate::registry::DEFAULT_EVAL_IS_NNUE;
use crate::search::Engine;

/// Transposition table size of the benchmark (bytes), fixed so the count does not depend on
/// the caller.
pub const BENCH_HASH_BYTES: usize = 16 << 20;

/// The benchmark positions: (rule, board size, moves from the empty board, depth).
pub const BENCH_POSITIONS: &[(Rule, u32, &str, u32)] = &[
    (
        Rule::Freestyle,
        15,
        "h8 i9 i8 g8 j7 k6 h9 h7 g10 f11 j9",
        11,
    ),
    (
        Rule::Freestyle,
        15,
        "h8 i7 j8 i9 i8 g8 k8 l8 j9 j10 k10 h7",
        11,
    ),
    (
        Rule::Standard,
        15,
        "h8 h9 i9 g7 j10 k11 i10 i11 j9 k8 h10 g11",
        11,
    ),
    (Rule::Renju, 15, "h8 i9 j8 g8 i7 h7 j7 j9 k9 h10", 11),
    (Rule::Caro, 15, "h8 h7 i9 g7 j10 k11 g9 i7 j7 f7", 11),
    (
        Rule::Freestyle,
        20,
        "k10 l11 j11 l9 l10 m10 k12 k11 j10 n9",
        11,
    ),
];

/// The total node count of [`run`]: the engine's behaviour signature. A change to the search or
/// the evaluation changes it; update it deliberately and say `Bench: <nodes>` in the commit
/// message.
pub const SIGNATURE: u64 = 164_794;

/// The result of a benchmark run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes searched over all positions (deterministic).
    pub nodes: u64,
    /// Wall time of the searches.
    pub time: Duration,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes as u128 * 1_000_000 / self.time.as_micros().max(1)) as u64
    }
}

/// Runs the benchmark: each position of [`BENCH_POSITIONS`] searched to its depth by a fresh
/// [`Engine`] with the evaluation `engine` players get (the compiled-in networks where
/// [`DEFAULT_EVAL_IS_NNUE`] says so, the pattern evaluator otherwise).
pub fn run() -> BenchResult {
    // Build the pattern tables first: their one-off cost is not search speed.
    for rule in [
        LineRule::OverlineWins,
        LineRule::ExactFive,
        LineRule::Caro,
        LineRule::CaroExactFive,
    ] {
        rule.table();
    }
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    for &(rule, size, moves, depth) in BENCH_POSITIONS {
        let Ok(game) = Game::from_move_string(size, rule, moves) else {
            continue;
        };
        let limits = Limits::depth(depth);
        let (n, t) = if DEFAULT_EVAL_IS_NNUE {
            let engine = Engine::new().map_evaluator(|p| NnueEvaluator::new().with_patterns(p));
            search(engine, &game, &limits)
        } else {
            search(Engine::new(), &game, &limits)
        };
        nodes += n;
        time += t;
    }
    BenchResult { nodes, time }
}

/// The nodes and the time of `engine`'s search of `game` within `limits`.
fn search<E: Evaluator + 'static>(
    mut engine: Engine<E>,
    game: &Game,
    limits: &Limits,
) -> (u64, Duration) {
    engine.set_hash_bytes(BENCH_HASH_BYTES);
    let start = Instant::now();
    let result = engine.choose(game.board(), game.rule(), limits, &mut |_| {});
    (result.info.nodes, start.elapsed())
}
