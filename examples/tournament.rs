//! A small round-robin tournament between strategies through the library: the same arena
//! `gomoku tournament` uses, with balanced openings each played twice with colours swapped, and
//! Elo ratings fitted over all games at once.
//!
//! Run: `cargo run --release --example tournament`

use std::time::Duration;

use gomoku_kit::ai::arena::{self, MatchConfig, TimeControl, TournamentConfig, TournamentFormat};
use gomoku_kit::ai::builtin_player;
use gomoku_kit::core::Rule;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let players = ["engine:easy", "thesis", "priority", "gm8"];
    let rule = Rule::Freestyle;
    let mut pairing = MatchConfig::new(
        15,
        rule,
        4,
        arena::default_openings(15, rule),
        TimeControl::per_move(Duration::from_millis(50)),
    );
    pairing.seed = 7;
    pairing.threads = 2;
    let config = TournamentConfig {
        players: players.len(),
        format: TournamentFormat::RoundRobin,
        pairing,
    };
    println!(
        "round robin, {} games a pairing, 50 ms/move",
        config.pairing.games
    );
    let factory =
        |player: usize, seed: u64| builtin_player(players[player], seed).map_err(|e| e.into());
    let result = arena::run_tournament(&config, &factory, &mut |_| {})?;
    for p in &result.pairings {
        let s = &p.result.summary;
        println!(
            "{:>12} {:>4.1} - {:<4.1} {}",
            players[p.a],
            s.a.score(),
            s.b.score(),
            players[p.b]
        );
    }
    let standings = &result.standings;
    println!("\nstandings (Elo fitted over all games, 95% margin):");
    for i in standings.ranking() {
        let rating = standings.ratings[i].map_or_else(
            || "n/a".to_string(),
            |r| format!("{:+.0} ± {:.0}", r.elo, r.margin),
        );
        println!(
            "{:>12} {:>4.1}  {rating}",
            players[i],
            standings.players[i].score()
        );
    }
    Ok(())
}
