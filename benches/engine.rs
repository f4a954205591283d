//! Engine speed: nodes per second of fixed-depth searches on 15x15 midgame positions, the
//! deterministic `gomoku_ai::bench` suite, and the cost of one incremental pattern update.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gomoku_kit::ai::{Engine, Evaluator, Limits, PatternEvaluator, Player, bench};
use gomoku_kit::core::{Game, Rule};

const MIDGAME: &str = "h8 i9 i8 g8 j7 k6 h9 h7 g10 f11 j9 j8 k10 l11 h10 i10";

fn engine_search(c: &mut Criterion) {
    let game = Game::from_move_string(15, Rule::Freestyle, MIDGAME).unwrap();
    let mut group = c.benchmark_group("engine");
    group.sample_size(10);
    group.bench_function("midgame depth 6", |b| {
        b.iter(|| {
            let mut engine = Engine::new();
            engine.set_hash_bytes(16 << 20);
            let r = engine.choose(
                game.board(),
                Rule::Freestyle,
                &Limits::depth(6),
                &mut |_| {},
            );
            black_box(r.info.nodes)
        })
    });
    group.bench_function("bench suite", |b| b.iter(|| black_box(bench::run().nodes)));
    group.finish();
}

fn pattern_update(c: &mut Criterion) {
    let game = Game::from_move_string(15, Rule::Freestyle, MIDGAME).unwrap();
    let mut board = game.board().clone();
    let mut eval = PatternEvaluator::new();
    eval.reset(&board, Rule::Freestyle);
    let p = "k9".parse().unwrap();
    c.bench_function("pattern play+undo", |b| {
        b.iter(|| {
            board.play_unchecked(p);
            eval.on_play(&board, p);
            board.undo_unchecked(p);
            eval.on_undo(&board, p);
            black_box(eval.evaluate(&board))
        })
    });
}

criterion_group!(benches, engine_search, pattern_update);
criterion_main!(benches);
