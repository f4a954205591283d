//! Renju: list Black's forbidden points of a position, with the reason for each.
//!
//! Run: `cargo run --release --example renju_forbidden`

use gomoku_kit::core::{Board, Color, renju};

fn main() {
    // Black (X) to move. The diagram's top row is row 15.
    let mut board: Board = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . X X . . O . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . O . . . . .
        . . . X X X . X X . . . . . .
        . . . . . . . . . . . O . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . ."
        .parse()
        .expect("a valid diagram");
    // The diagram has more Black stones; say explicitly that Black is to move.
    board.set_side_to_move(Color::Black);
    println!("{board}");
    let forbidden = renju::forbidden_points(&board);
    if forbidden.is_empty() {
        println!("No forbidden points.");
    }
    for p in forbidden.iter() {
        let kind = renju::forbidden(&board, p).expect("listed points are forbidden");
        println!("{p}: forbidden for {} ({kind})", Color::Black);
    }
}
