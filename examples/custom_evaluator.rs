//! Plug your own evaluation into both AIs: the one-ply greedy scorer and the alpha-beta engine
//! share the `Evaluator` trait.
//!
//! Run: `cargo run --release --example custom_evaluator`

use gomoku_kit::ai::{Engine, Evaluator, GreedyPlayer, Limits, Player, Score};
use gomoku_kit::core::{Board, Color, Direction, Point, Rule};

/// A deliberately simple evaluator: for every stone, count the friendly stones next to it in
/// each direction (more connected stones = better), and prefer points near the centre.
/// It ignores the incremental hooks and reads the board directly.
#[derive(Clone, Debug, Default)]
struct Connectivity;

impl Connectivity {
    /// How many of `color`'s stones touch `p` along the four lines.
    fn neighbours(board: &Board, p: Point, color: Color) -> i32 {
        let size = board.size();
        let mut n = 0;
        for dir in Direction::ALL {
            let (dc, dr) = dir.step();
            for sign in [-1, 1] {
                if let Some(q) = p.offset(dc * sign, dr * sign, size) {
                    n += i32::from(board.get(q) == Some(color));
                }
            }
        }
        n
    }
}

impl Evaluator for Connectivity {
    fn reset(&mut self, _board: &Board, _rule: Rule) {}
    fn on_play(&mut self, _board: &Board, _p: Point) {}
    fn on_undo(&mut self, _board: &Board, _p: Point) {}

    fn evaluate(&self, board: &Board) -> Score {
        let me = board.side_to_move();
        let mut total = 0;
        for p in board.occupied() {
            let color = board.get(p).expect("occupied");
            let value = Self::neighbours(board, p, color);
            total += if color == me { value } else { -value };
        }
        Score(total)
    }

    fn score_move(&self, board: &Board, p: Point) -> i32 {
        let me = board.side_to_move();
        let centre = Point::center(board.size());
        let attack = Self::neighbours(board, p, me);
        let defence = Self::neighbours(board, p, !me);
        10 * (attack + defence) - i32::from(p.distance(centre))
    }
}

fn main() {
    let board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X O . . . .
        . . . X X O . . .
        . . . O . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . ."
        .parse()
        .expect("a valid diagram");
    println!("{board}\n{} to move", board.side_to_move());

    // The greedy player: the best `score_move` wins.
    let mut greedy = GreedyPlayer::with_evaluator(Connectivity);
    let result = greedy.choose(&board, Rule::Freestyle, &Limits::default(), &mut |_| {});
    println!("greedy with Connectivity plays {:?}", result.best);

    // The engine: alpha-beta over the same evaluator, 3 plies deep.
    let mut engine = Engine::with_evaluator(Connectivity);
    let result = engine.choose(&board, Rule::Freestyle, &Limits::depth(3), &mut |info| {
        println!(
            "  depth {} score {} nodes {} pv {:?}",
            info.depth, info.score, info.nodes, info.pv
        );
    });
    let best = result.best.expect("the board has empty points");
    assert!(board.is_empty_at(best));
    println!("engine with Connectivity plays {best}");
}
