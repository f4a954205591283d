//! The classic seed players never play an illegal move, under any rule, on random positions.

use proptest::prelude::*;
mod support;

use support::random_position;

use gomoku_ai::{Limits, builtin_player};
use gomoku_rules::{Color, Rule, renju};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_move_is_legal(
        size in 5u8..=15,
        fill in 0.0f64..=1.0,
        seed in any::<u64>(),
        rule in 0usize..5,
        player_seed in any::<u64>(),
    ) {
        let rule = Rule::ALL[rule];
        let cells = size as usize * size as usize;
        let board = random_position(size, (fill * cells as f64) as usize, seed);
        let has_legal_move = board.empty_points().iter().any(|q| {
            !(rule.has_fouls()
                && board.side_to_move() == Color::Black
                && renju::forbidden(&board, q).is_some())
        });
        for spec in ["gm8", "priority", "thesis:1", "thesis"] {
            let mut player = builtin_player(spec, player_seed).unwrap();
            let result = player.choose(&board, rule, &Limits::default(), &mut |_| {});
            match result.best {
                None => prop_assert!(!has_legal_move, "{} passed with legal moves left", spec),
                Some(q) => {
                    prop_assert!(board.is_empty_at(q), "{} played {} on a stone or off the board", spec, q);
                    if rule.has_fouls() && board.side_to_move() == Color::Black {
                        prop_assert_eq!(renju::forbidden(&board, q), None, "{} played a foul", spec);
                    }
                }
            }
        }
    }
}

#[test]
fn a_full_board_has_no_move() {
    let board = random_position(5, 25, 1);
    assert!(board.is_full());
    for spec in ["gm8", "priority", "thesis"] {
        let mut player = builtin_player(spec, 0).unwrap();
        let result = player.choose(&board, Rule::Renju, &Limits::default(), &mut |_| {});
        assert_eq!(result.best, None, "{spec}");
    }
}

#[test]
fn registry_knows_the_seed_players() {
    assert_eq!(builtin_player("gm8:7", 0).unwrap().name(), "gm8:7");
    assert_eq!(builtin_player("GM8", 3).unwrap().name(), "gm8:3");
    assert_eq!(builtin_player("priority", 0).unwrap().name(), "priority");
    assert_eq!(builtin_player("thesis", 0).unwrap().name(), "thesis:2");
    assert_eq!(builtin_player("thesis:3", 0).unwrap().name(), "thesis:3");
    for bad in [
        "gm8:x",
        "priority:1",
        "thesis:0",
        "thesis:99",
        "thesis:-1",
        "thesis:",
    ] {
        assert!(builtin_player(bad, 0).is_err(), "{bad}");
    }
}
