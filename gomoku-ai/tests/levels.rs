//! The engine's levels form a ladder: `beginner` is about as strong as the one-ply `greedy`
//! scorer and each level beats the one below it. Short matches from the built-in openings with
//! fixed seeds and the levels' own node caps (no clock), so the games are the same on every
//! run; docs/levels.md has the full tournament.

use gomoku_ai::arena::{
    DEFAULT_TIME_TOLERANCE, MatchConfig, Side, TimeControl, default_openings, run_match,
};
use gomoku_ai::{Player, builtin_player};
use gomoku_rules::Rule;

/// `a`'s share of the points against `b` over `games` games (colours alternate).
fn score(a: &str, b: &str, games: u32) -> f64 {
    let config = MatchConfig {
        size: 15,
        rule: Rule::Freestyle,
        games,
        openings: default_openings(15, Rule::Freestyle),
        time: TimeControl {
            move_time: None,
            game_time: None,
            tolerance: DEFAULT_TIME_TOLERANCE,
            nodes: None,
        },
        seed: 55,
        threads: 1,
        void_replays: 0,
        stop: Default::default(),
    };
    let factory = |side: Side,
                   seed: u64|
     -> Result<Box<dyn Player>, Box<dyn std::error::Error + Send + Sync>> {
        let spec = match side {
            Side::A => a,
            Side::B => b,
        };
        Ok(builtin_player(spec, seed)?)
    };
    let result = run_match(&config, &factory, &mut |_, _| {
        gomoku_ai::arena::Flow::Continue
    })
    .expect("the match runs");
    result.summary.a.score() / f64::from(games)
}

#[test]
fn beginner_plays_like_the_greedy_scorer() {
    let share = score("engine:beginner", "greedy", 16);
    assert!((0.25..=0.75).contains(&share), "beginner scored {share}");
}

#[test]
fn each_level_beats_the_one_below() {
    let easy = score("engine:easy", "engine:beginner", 12);
    assert!(easy > 0.5, "easy scored {easy} against beginner");
    let normal = score("engine:normal", "engine:easy", 6);
    assert!(normal > 0.5, "normal scored {normal} against easy");
}

#[test]
fn a_seeded_level_repeats_its_games_and_varies_with_the_seed() {
    use gomoku_rules::Board;
    let board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X O . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . ."
        .parse()
        .unwrap();
    // Few nodes, so that the level's 100 ms cap never binds first, however loaded the
    // machine: then the moves depend on the seed alone.
    let limits = gomoku_ai::Limits {
        max_nodes: Some(300),
        ..Default::default()
    };
    let moves = |seed| {
        let mut player = builtin_player("engine:beginner", seed).unwrap();
        (0..12)
            .map(|_| {
                player
                    .choose(&board, Rule::Freestyle, &limits, &mut |_| {})
                    .best
                    .unwrap()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(1), moves(1));
    let all: std::collections::BTreeSet<_> = moves(1).into_iter().chain(moves(2)).collect();
    assert!(all.len() > 1, "a beginner varies its moves: {all:?}");
}
