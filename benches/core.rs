//! gomoku-rules speed: play + undo, the win check, neighbourhoods, notation parsing.
//! Each bench asserts what it computed, so it can never measure broken code.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gomoku_kit::core::{Game, Point, Rule};

/// A fixed 15x15 midgame (40 stones).
const MIDGAME: &str = "h8 i9 h9 h10 g10 i8 f11 e12 i10 g8 j8 f9 g9 j7 k6 g7 e9 f8 e8 d7 \
    j10 k11 j9 j11 i11 h12 l9 k9 k10 l11 m11 h6 g6 f5 e4 m10 l12 m13 n12 o13";

fn midgame() -> Game {
    Game::from_move_string(15, Rule::Freestyle, MIDGAME).expect("valid midgame")
}

fn play_undo(c: &mut Criterion) {
    let game = midgame();
    let mut board = game.board().clone();
    let empties: Vec<Point> = board.empty_points().iter().collect();
    assert_eq!(empties.len(), 225 - 40);
    c.bench_function("board play+undo (all empty points)", |b| {
        b.iter(|| {
            for &p in &empties {
                board.play_unchecked(p);
                black_box(board.hash());
                board.undo_unchecked(p);
            }
        })
    });
    assert_eq!(board.hash(), game.board().hash());
}

fn win_check(c: &mut Criterion) {
    let game = midgame();
    let board = game.board().clone();
    let stones: Vec<Point> = board.occupied().iter().collect();
    c.bench_function("win check (every stone, freestyle)", |b| {
        b.iter(|| {
            stones
                .iter()
                .filter(|&&p| Rule::Freestyle.winning_line(black_box(&board), p).is_some())
                .count()
        })
    });
    let wins = stones
        .iter()
        .filter(|&&p| Rule::Freestyle.winning_line(&board, p).is_some())
        .count();
    assert_eq!(wins, 0, "the midgame has no five");
}

fn neighbourhood(c: &mut Criterion) {
    let board = midgame().board().clone();
    let n = board.neighbourhood(2).len();
    assert!(n > 40 && n < 185, "{n}");
    c.bench_function("neighbourhood radius 2", |b| {
        b.iter(|| black_box(&board).neighbourhood(2).len())
    });
}

fn notation(c: &mut Criterion) {
    assert_eq!(midgame().moves().len(), 40);
    c.bench_function("parse 40-move string and replay", |b| {
        b.iter(|| {
            Game::from_move_string(15, Rule::Freestyle, black_box(MIDGAME)).map(|g| g.moves().len())
        })
    });
}

criterion_group!(benches, play_undo, win_check, neighbourhood, notation);
criterion_main!(benches);
