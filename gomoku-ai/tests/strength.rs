//! A quick strength check of the engine against the random and greedy players. Ignored by
//! default (it plays whole games); run with `cargo test --release -p gomoku-ai --test strength
//! -- --ignored --nocapture`.

use std::time::Duration;

use gomoku_ai::{Limits, Player, builtin_player};
use gomoku_rules::{Color, Game, Outcome, Point, Rule};

/// Plays one game from `opening`; returns the winner.
fn play(
    black: &mut dyn Player,
    white: &mut dyn Player,
    rule: Rule,
    opening: &str,
    limits: &Limits,
) -> Option<Color> {
    let mut game = Game::from_move_string(15, rule, opening).unwrap();
    while !game.is_over() {
        let player: &mut dyn Player = if game.side_to_move() == Color::Black {
            &mut *black
        } else {
            &mut *white
        };
        let r = player.choose(game.board(), rule, limits, &mut |_| {});
        let p: Point = r.best.expect("a move");
        match game.play(p) {
            Ok(Outcome::Win { color, .. }) => return Some(color),
            Ok(Outcome::Draw) => return None,
            Ok(Outcome::Foul { .. }) => return Some(Color::White),
            Ok(_) => {}
            Err(e) => panic!("illegal move {p}: {e}"),
        }
    }
    game.outcome().winner()
}

const OPENINGS: &[&str] = &[
    "h8 h9 j8",
    "h8 i9 g10",
    "h8 j10 i8",
    "h8 g7 i9",
    "h8 i8 h10",
];

#[test]
#[ignore = "plays whole games: a measurement, run on demand"]
fn engine_beats_random_and_greedy() {
    let limits = Limits::move_time(Duration::from_millis(100));
    for opponent in ["random", "greedy"] {
        let mut wins = 0;
        let mut games = 0;
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for (i, opening) in OPENINGS.iter().enumerate() {
                for engine_black in [true, false] {
                    let mut engine = builtin_player("engine", 0).unwrap();
                    let mut other = builtin_player(opponent, i as u64).unwrap();
                    let winner = if engine_black {
                        play(engine.as_mut(), other.as_mut(), rule, opening, &limits)
                    } else {
                        play(other.as_mut(), engine.as_mut(), rule, opening, &limits)
                    };
                    let engine_color = if engine_black {
                        Color::Black
                    } else {
                        Color::White
                    };
                    games += 1;
                    if winner == Some(engine_color) {
                        wins += 1;
                    } else {
                        println!("lost: {rule} {opening} engine {engine_color:?}: {winner:?}");
                    }
                }
            }
        }
        println!("engine vs {opponent}: {wins}/{games}");
        assert!(
            wins * 100 >= games * 90,
            "engine vs {opponent}: {wins}/{games}"
        );
    }
}
