//! A small tournament between strategies through the library: the same arena `gomoku match`
//! uses, with balanced openings each played twice with colours swapped.
//!
//! Run: `cargo run --release --example tournament`

use std::time::Duration;

use gomoku::ai::arena::{self, MatchConfig, Side, TimeControl};
use gomoku::ai::builtin_player;
use gomoku::core::Rule;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let players = ["engine:easy", "thesis", "priority", "gm8"];
    let rule = Rule::Freestyle;
    let config = MatchConfig {
        size: 15,
        rule,
        games: 4,
        openings: arena::default_openings(15, rule),
        time: TimeControl {
            move_time: Some(Duration::from_millis(50)),
            game_time: None,
            tolerance: arena::DEFAULT_TIME_TOLERANCE,
            nodes: None,
        },
        seed: 7,
        threads: 2,
        void_replays: 0,
        stop: Default::default(),
    };
    println!("round robin, {} games a pairing, 50 ms/move", config.games);
    let mut points = vec![0.0; players.len()];
    for i in 0..players.len() {
        for j in i + 1..players.len() {
            let (a, b) = (players[i], players[j]);
            let factory = move |side: Side, seed: u64| {
                let spec = if side == Side::A { a } else { b };
                builtin_player(spec, seed).map_err(|e| e.into())
            };
            let result = arena::run_match(&config, &factory, &mut |_, _| arena::Flow::Continue)?;
            let s = &result.summary;
            points[i] += s.a.score();
            points[j] += s.b.score();
            println!("{a:>12} {:>4.1} - {:<4.1} {b}", s.a.score(), s.b.score());
        }
    }
    let mut table: Vec<(&str, f64)> = players.iter().copied().zip(points).collect();
    table.sort_by(|x, y| y.1.total_cmp(&x.1));
    println!("\nstandings:");
    for (name, p) in table {
        println!("{name:>12} {p:>4.1}");
    }
    Ok(())
}
