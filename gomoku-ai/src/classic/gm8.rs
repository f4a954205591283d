//! `gm8`: the one-ply scorer of a GameMaker (GM8) tutorial game.
//!
//! # Definition
//! - **Candidates**: the empty points of the stones' bounding box grown by 2 on every side,
//!   clamped to the board. On an empty board the player takes the centre.
//! - **Score of a point** `p` = the mover's score of a stone on `p` + the opponent's score of a
//!   stone on `p` (attack plus defence, with no weighting beyond the five row below).
//! - **Score of a stone of colour `c` on `p`** = the sum over the four directions of
//!   [`GM8_TABLE`]`[count - 1][open ends]`, where `count` is the number of `c` stones in the
//!   unbroken run the new stone would be part of (the new stone included) and `open ends` (0, 1
//!   or 2) counts the ends of that run whose next point is empty; an end is blocked by the board
//!   edge or by a stone of the other colour. Gaps are not looked through: `X X . X` is a two and
//!   a one.
//! - A run of 5 or more is a five, worth [`GM8_FIVE_OWN`] for the mover and
//!   [`GM8_FIVE_OPPONENT`] for the opponent whatever its ends, far above any sum of the table, so
//!   the mover takes a win before it blocks one, and blocks one before anything else.
//!   The table does not know the rule: a six counts as a five even where it does not win.
//! - **Choice**: the maximum score among the legal candidates, uniformly at random among ties,
//!   with a PCG RNG seeded by the player's seed (restarted by [`crate::Player::new_game`]), so a
//!   game is reproducible per seed.
//!
//! | count | 0 open ends | 1 open end | 2 open ends |
//! |------:|------------:|-----------:|------------:|
//! | 1     | 0           | 1          | 10          |
//! | 2     | 0           | 10         | 100         |
//! | 3     | 0           | 100        | 1 000       |
//! | 4     | 0           | 1 000      | 10 000      |
//! | 5+    | 1 000 000 (own) / 500 000 (opponent's) |||
//!
//! Under Renju the player never chooses a point forbidden to Black; if every candidate of the
//! box is illegal it scores the rest of the board the same way.

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use gomoku_rules::{Board, Color, Direction, Point, Rule};

use super::line::LineView;
use super::{best_legal, one_ply_result};
use crate::player::{Limits, Player, SearchInfo, SearchResult};

/// Score of one direction by `[count - 1][open ends]` for runs of 1 to 4 stones (see the module
/// documentation).
pub const GM8_TABLE: [[i64; 3]; 4] = [
    [0, 1, 10],
    [0, 10, 100],
    [0, 100, 1_000],
    [0, 1_000, 10_000],
];

/// Score of a direction where the mover's stone would make five or more in a row.
pub const GM8_FIVE_OWN: i64 = 1_000_000;

/// Score of a direction where the opponent's stone would make five or more in a row (so the
/// point blocks a five).
pub const GM8_FIVE_OPPONENT: i64 = 500_000;

/// How far the bounding box of the stones is grown on each side to give the candidates.
const BOX_MARGIN: i32 = 2;

/// The score of a `color` stone on `p` along `dir` ([`GM8_TABLE`], or `five` for a five).
fn direction_score(board: &Board, p: Point, dir: Direction, color: Color, five: i64) -> i64 {
    let view = LineView::new(board, p, dir, color);
    let (lo, hi) = view.run();
    let count = (hi - lo + 1) as usize;
    if count >= 5 {
        return five;
    }
    let open = view.is_empty(lo - 1) as usize + view.is_empty(hi + 1) as usize;
    GM8_TABLE[count - 1][open]
}

/// The `gm8` score of the empty point `p` for the side to move: its own score of a stone there
/// plus the opponent's (see the module documentation).
pub fn gm8_point_score(board: &Board, p: Point) -> i64 {
    let mover = board.side_to_move();
    Direction::ALL
        .into_iter()
        .map(|dir| {
            direction_score(board, p, dir, mover, GM8_FIVE_OWN)
                + direction_score(board, p, dir, !mover, GM8_FIVE_OPPONENT)
        })
        .sum()
}

/// The empty points of the stones' bounding box grown by [`BOX_MARGIN`], clamped to the board.
fn box_candidates(board: &Board) -> Vec<Point> {
    let size = board.size() as i32;
    let (mut c0, mut r0, mut c1, mut r1) = (size, size, -1, -1);
    for q in board.occupied().iter() {
        c0 = c0.min(q.col() as i32);
        c1 = c1.max(q.col() as i32);
        r0 = r0.min(q.row() as i32);
        r1 = r1.max(q.row() as i32);
    }
    let (c0, r0) = ((c0 - BOX_MARGIN).max(0), (r0 - BOX_MARGIN).max(0));
    let (c1, r1) = (
        (c1 + BOX_MARGIN).min(size - 1),
        (r1 + BOX_MARGIN).min(size - 1),
    );
    (r0..=r1)
        .flat_map(|r| (c0..=c1).map(move |c| Point::new_unchecked(c as u8, r as u8)))
        .filter(|&q| board.is_empty_at(q))
        .collect()
}

/// The `gm8` player (see the module documentation). Deterministic for a given seed.
#[derive(Clone, Debug)]
pub struct Gm8Player {
    seed: u64,
    rng: Pcg64Mcg,
}

impl Gm8Player {
    /// A `gm8` player breaking ties with an RNG seeded by `seed`.
    pub fn new(seed: u64) -> Gm8Player {
        Gm8Player {
            seed,
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// The best-scoring legal move among `points`, random among ties.
    fn pick(&mut self, board: &Board, rule: Rule, points: Vec<Point>) -> Option<Point> {
        let scored = points
            .into_iter()
            .map(|q| (gm8_point_score(board, q), q))
            .collect();
        let rng = &mut self.rng;
        best_legal(board, rule, scored, |ties| {
            ties[rng.random_range(0..ties.len())]
        })
    }
}

impl Player for Gm8Player {
    fn name(&self) -> String {
        format!("gm8:{}", self.seed)
    }

    fn choose(
        &mut self,
        board: &Board,
        rule: Rule,
        _limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let center = Point::center(board.size());
        let candidates = if board.total_stones() == 0 {
            vec![center]
        } else {
            box_candidates(board)
        };
        let nodes = candidates.len() as u64;
        let best = self.pick(board, rule, candidates).or_else(|| {
            let rest = board.empty_points().iter().collect();
            self.pick(board, rule, rest)
        });
        let result = one_ply_result(best, nodes, start.elapsed());
        report(&result.info);
        result
    }

    fn new_game(&mut self) {
        self.rng = Pcg64Mcg::seed_from_u64(self.seed);
    }
}
