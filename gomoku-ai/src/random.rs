//! The weakest baseline: a uniformly random legal move near the stones.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use gomoku_rules::{Board, Color, Point, Rule, renju};

use crate::player::{Limits, Player, SearchInfo, SearchResult};

/// Plays a uniformly random legal move within distance 2 of a stone (the centre on an empty
/// board). Deterministic for a given seed. Useful as a floor in strategy benchmarks.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    seed: u64,
    rng: Pcg64Mcg,
}

impl RandomPlayer {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            seed,
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

/// The legal moves near the stones (or the centre on an empty board, or any legal point if none
/// near the stones is legal).
pub(crate) fn legal_candidates(board: &Board, rule: Rule) -> Vec<Point> {
    let legal = |p: &Point| {
        !(rule.has_fouls()
            && board.side_to_move() == Color::Black
            && renju::forbidden(board, *p).is_some())
    };
    if board.total_stones() == 0 {
        return vec![Point::center(board.size())];
    }
    let near: Vec<Point> = board.neighbourhood(2).iter().filter(legal).collect();
    if !near.is_empty() {
        return near;
    }
    board.empty_points().iter().filter(legal).collect()
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        format!("random:{}", self.seed)
    }

    fn choose(
        &mut self,
        board: &Board,
        rule: Rule,
        _limits: &Limits,
        _report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let moves = legal_candidates(board, rule);
        let best = (!moves.is_empty()).then(|| moves[self.rng.random_range(0..moves.len())]);
        SearchResult {
            best,
            info: SearchInfo {
                depth: 0,
                seldepth: 0,
                score: crate::Score::DRAW,
                nodes: 0,
                time: std::time::Duration::ZERO,
                pv: best.into_iter().collect(),
                multipv: 1,
            },
            lines: Vec::new(),
        }
    }

    fn new_game(&mut self) {
        self.rng = Pcg64Mcg::seed_from_u64(self.seed);
    }
}
