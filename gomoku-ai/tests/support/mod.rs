//! Helpers shared by the classic players' tests.

use gomoku_rules::{Board, Point};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;

/// A position of `stones` random moves (clamped to the board) on a `size` board, played
/// alternately from Black; the same for the same seed.
pub fn random_position(size: u8, stones: usize, seed: u64) -> Board {
    let mut points: Vec<Point> = Point::all(size).collect();
    points.shuffle(&mut Pcg64Mcg::seed_from_u64(seed));
    let mut board = Board::new(size as u32).unwrap();
    for &q in points.iter().take(stones) {
        board.play_unchecked(q);
    }
    board
}
