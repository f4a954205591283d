//! The full engine never returns an illegal or forbidden move.

use gomoku_ai::{Engine, Limits, Player};
use gomoku_rules::{Game, Point, Rule};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn engine_moves_are_legal(
        seed in any::<u64>(),
        plies in 0usize..40,
        rule_index in 0usize..5,
        size in prop::sample::select(vec![7u32, 9, 15]),
        depth in 1u32..4,
    ) {
        let rule = Rule::ALL[rule_index];
        let mut game = Game::new(size, rule).unwrap();
        let mut x = seed | 1;
        for _ in 0..plies {
            if game.is_over() {
                break;
            }
            let legal: Vec<Point> = game.legal_moves().iter().collect();
            if legal.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let p = legal[(x % legal.len() as u64) as usize];
            game.play(p).unwrap();
        }
        prop_assume!(!game.is_over());
        let mut engine = Engine::new();
        engine.set_hash_bytes(1 << 20);
        let limits = Limits { max_depth: Some(depth), max_nodes: Some(4_000), ..Limits::default() };
        let result = engine.choose(game.board(), rule, &limits, &mut |_| {});
        let best = result.best.expect("a legal move exists");
        prop_assert!(game.is_legal(best), "{best} is not legal in\n{:?}", game.board());
        prop_assert!(game.forbidden(best).is_none());
    }
}
