//! Self-play games for tuning: the engine against itself from given or random openings, at a
//! small node or time budget.

use gomoku_rules::record::Record;
use gomoku_rules::{Game, Rule};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use crate::arena::{Opening, default_openings};
use crate::player::{Limits, Player};
use crate::search::Engine;
use crate::weights::EvalWeights;

/// Transposition table of each self-play engine (bytes): small, as the budgets are.
pub const SELFPLAY_HASH_BYTES: usize = 8 << 20;

/// The openings of `games` self-play games: the built-in balanced openings of the rule first,
/// then random ones (three to six stones within three points of the centre, none already
/// deciding the game or forbidden), from `seed`.
pub fn selfplay_openings(games: usize, size: u32, rule: Rule, seed: u64) -> Vec<Opening> {
    let mut openings: Vec<Opening> = default_openings(size, rule)
        .into_iter()
        .take(games)
        .collect();
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut tries = 0;
    while openings.len() < games && tries < games * 100 {
        tries += 1;
        let stones = rng.random_range(3..=6usize);
        let mut offsets: Vec<(i32, i32)> = Vec::with_capacity(stones);
        if rng.random_bool(0.7) {
            offsets.push((0, 0));
        }
        while offsets.len() < stones {
            let p = (rng.random_range(-3..=3), rng.random_range(-3..=3));
            if !offsets.contains(&p) {
                offsets.push(p);
            }
        }
        let opening = Opening::from_offsets(offsets);
        if opening.to_game(size, rule).is_ok() {
            openings.push(opening);
        }
    }
    openings
}

/// Plays one game of the engine against itself from `opening` (`weights` for both sides, the
/// defaults if `None`), each move searched under `limits`; returns the record (its result is
/// the outcome on the board: a draw when the board fills up or a side has no move) with the
/// search's score of every engine move as its evaluation ([`Record::evaluations`]; none for the
/// opening's stones), for tuning on scores as well as results.
///
/// # Errors
/// A message when the opening cannot be played under the rule.
pub fn play_selfplay_game(
    opening: &Opening,
    size: u32,
    rule: Rule,
    limits: &Limits,
    weights: Option<&EvalWeights>,
) -> Result<Record, String> {
    let mut game: Game = opening
        .to_game(size, rule)
        .map_err(|e| format!("opening {opening}: {e}"))?;
    let mut engines = [Engine::new(), Engine::new()];
    for engine in &mut engines {
        engine.set_hash_bytes(SELFPLAY_HASH_BYTES);
        if let Some(w) = weights {
            engine.evaluator_mut().set_weights(w.clone());
        }
    }
    let mut evaluations: Vec<Option<i32>> = vec![None; game.moves().len()];
    while !game.is_over() {
        let side = game.side_to_move().index();
        let result = engines[side].choose(game.board(), rule, limits, &mut |_| {});
        let Some(best) = result.best else { break };
        if game.play(best).is_err() {
            break;
        }
        evaluations.push(Some(result.info.score.0));
    }
    let mut record = Record::from_game(&game).map_err(|e| e.to_string())?;
    record
        .set_evaluations(Some(evaluations))
        .map_err(|e| e.to_string())?;
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_distinct_playable_and_reproducible() {
        let defaults = default_openings(15, Rule::Renju);
        let games = defaults.len() + 40;
        let a = selfplay_openings(games, 15, Rule::Renju, 3);
        assert_eq!(a, selfplay_openings(games, 15, Rule::Renju, 3));
        assert_eq!(a.len(), games);
        // The built-in balanced openings first, then random ones.
        assert_eq!(a[..defaults.len()], defaults[..]);
        assert_ne!(
            a[defaults.len()..],
            selfplay_openings(games, 15, Rule::Renju, 4)[defaults.len()..]
        );
        for o in &a {
            assert!(o.to_game(15, Rule::Renju).is_ok(), "{o}");
        }
    }

    #[test]
    fn a_selfplay_game_ends_with_a_result() {
        let opening = &selfplay_openings(1, 9, Rule::Freestyle, 1)[0];
        let limits = Limits {
            max_nodes: Some(300),
            ..Limits::default()
        };
        let record = play_selfplay_game(opening, 9, Rule::Freestyle, &limits, None).unwrap();
        assert!(record.moves().len() > opening.len());
        assert!(record.result().is_some());
        let evaluations = record
            .evaluations()
            .expect("the engine's scores are recorded");
        assert_eq!(evaluations.len(), record.moves().len());
        assert!(evaluations[..opening.len()].iter().all(Option::is_none));
        assert!(evaluations[opening.len()..].iter().all(Option::is_some));
    }
}
