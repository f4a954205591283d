//! Renju foul detection: one point, and a scan of every empty point of 15x15 midgame positions.
//!
//! `cargo bench -p gomoku-kit --bench renju -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gomoku_kit::core::renju::{self, ForbiddenKind};
use gomoku_kit::core::{Board, Direction, Point};

/// Midgame positions (Black to move in a game would not matter: fouls are Black's either way)
/// and the number of forbidden points in each.
const POSITIONS: [(&str, &str, usize); 3] = [
    (
        "nested",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . . . . . . . . . . .
        X X X X . X . X . . . . . . .
        . . . . . X . X . . . . . . .
        . . . . . X . . X . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        NESTED_FOULS,
    ),
    (
        "midgame_a",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . O . X . . . . . . .
        . . . . X . O X O . . . . . .
        . . . . . X X O X . O . . . .
        . . . . O X X X O X . . . . .
        . . . . . O X O X . . . . . .
        . . . . X . O X . O . . . . .
        . . . . . O . . X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        MIDGAME_A_FOULS,
    ),
    (
        "midgame_b",
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . X . X . . . . . .
        . . . . X . X O X X . . . . .
        . . . O X X . X O . . . . . .
        . . . . . X X O X O . . . . .
        . . . . O X . X O X . . . . .
        . . . . . O X . X O . . . . .
        . . . . X . X O . . X . . . .
        . . . . . O . . O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
        MIDGAME_B_FOULS,
    ),
];

const NESTED_FOULS: usize = 5;
const MIDGAME_A_FOULS: usize = 0;
const MIDGAME_B_FOULS: usize = 2;

fn board(diagram: &str) -> Board {
    diagram.parse().expect("bench diagram")
}

fn p(s: &str) -> Point {
    s.parse().expect("bench point")
}

fn one_point(c: &mut Criterion) {
    let (_, nested, _) = POSITIONS[0];
    let nested = board(nested);
    let mut group = c.benchmark_group("renju_point");
    // A point with nothing around it: four table look-ups.
    let quiet = p("m3");
    assert_eq!(renju::forbidden(&nested, quiet), None);
    group.bench_function("quiet", |b| {
        b.iter(|| renju::forbidden(black_box(&nested), black_box(quiet)))
    });
    // A double-three that needs two levels of RIF 9.3.
    let h8 = p("h8");
    assert_eq!(
        renju::forbidden(&nested, h8),
        Some(ForbiddenKind::DoubleThree)
    );
    group.bench_function("double_three_nested", |b| {
        b.iter(|| renju::forbidden(black_box(&nested), black_box(h8)))
    });
    // An overline: decided by the table alone.
    let e10 = p("e10");
    assert_eq!(
        renju::forbidden(&nested, e10),
        Some(ForbiddenKind::Overline)
    );
    group.bench_function("overline", |b| {
        b.iter(|| renju::forbidden(black_box(&nested), black_box(e10)))
    });
    group.bench_function("line_shape", |b| {
        b.iter(|| renju::line_shape(black_box(&nested), black_box(h8), Direction::Horizontal))
    });
    group.finish();
}

fn full_board(c: &mut Criterion) {
    let mut group = c.benchmark_group("renju_scan_15x15");
    for (name, diagram, fouls) in POSITIONS {
        let position = board(diagram);
        assert_eq!(renju::forbidden_points(&position).len(), fouls, "{name}");
        group.bench_function(name, |b| {
            b.iter(|| renju::forbidden_points(black_box(&position)))
        });
    }
    group.finish();
}

criterion_group!(benches, one_point, full_board);
criterion_main!(benches);
