//! Speed of the classic seed players: one move of each on 15x15 positions (an opening, a
//! midgame). The players must answer in well under 100 ms a move for matches. Each bench
//! asserts that a legal move came back, so it can never measure a broken player.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gomoku_kit::ai::{Limits, builtin_player};
use gomoku_kit::core::{Board, Game, Rule};

/// A fixed 15x15 midgame (40 stones), as in the core bench.
const MIDGAME: &str = "h8 i9 h9 h10 g10 i8 f11 e12 i10 g8 j8 f9 g9 j7 k6 g7 e9 f8 e8 d7 \
    j10 k11 j9 j11 i11 h12 l9 k9 k10 l11 m11 h6 g6 f5 e4 m10 l12 m13 n12 o13";

/// A 15x15 opening (6 stones).
const OPENING: &str = "h8 i9 h9 h10 g10 i8";

fn position(moves: &str) -> Board {
    Game::from_move_string(15, Rule::Freestyle, moves)
        .expect("valid position")
        .board()
        .clone()
}

fn one_move(c: &mut Criterion) {
    for (label, moves) in [("opening", OPENING), ("midgame", MIDGAME)] {
        let board = position(moves);
        for spec in ["gm8", "priority", "thesis", "thesis:3"] {
            let mut player = builtin_player(spec, 1).expect("built-in player");
            let rule = Rule::Freestyle;
            let first = player
                .choose(&board, rule, &Limits::default(), &mut |_| {})
                .best
                .expect("a move");
            assert!(board.is_empty_at(first));
            c.bench_function(&format!("{spec} move ({label}, 15x15)"), |b| {
                b.iter(|| {
                    black_box(player.choose(
                        black_box(&board),
                        rule,
                        &Limits::default(),
                        &mut |_| {},
                    ))
                })
            });
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = one_move
}
criterion_main!(benches);
