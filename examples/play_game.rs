//! Play a whole game through the library API and print it.
//!
//! Run: `cargo run --release --example play_game`

use gomoku_kit::ai::{Limits, builtin_player};
use gomoku_kit::core::{Color, Game, Rule};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut game = Game::new(15, Rule::Standard)?;
    // Any built-in player spec works here; see `gomoku_kit::ai::BUILTIN_PLAYERS`.
    let mut black = builtin_player("random:1", 0)?;
    let mut white = builtin_player("random:2", 0)?;
    let limits = Limits::depth(4);
    while !game.is_over() {
        let player = match game.side_to_move() {
            Color::Black => &mut black,
            Color::White => &mut white,
        };
        let result = player.choose(game.board(), game.rule(), &limits, &mut |_| {});
        let Some(point) = result.best else { break };
        game.play(point)?;
    }
    println!("{}", game.board());
    println!("{} moves: {}", game.moves().len(), game.move_string());
    println!("{}", game.outcome());
    Ok(())
}
