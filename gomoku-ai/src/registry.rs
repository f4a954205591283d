//! Built-in players by name: `random[:seed]`, `engine[:level|depth]`, `greedy`, `gm8[:seed]`,
//! `priority`, `thesis[:depth]`.

use std::path::Path;

use thiserror::Error;

use crate::classic::{
    Gm8Player, MAX_THESIS_DEPTH, PriorityPlayer, THESIS_DEFAULT_DEPTH, ThesisPlayer,
};
use crate::greedy::GreedyPlayer;
use crate::levels::Level;
use crate::nnue::{MAX_CORRECTION_WEIGHT, Network, NnueEvaluator};
use crate::params::MAX_PLY;
use crate::player::Player;
use crate::random::RandomPlayer;
use crate::search::{Engine, MAX_THREADS, SearchParams};
use crate::weights::EvalWeights;

/// A player specification that names no built-in player, or has bad options.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayerSpecError {
    /// No built-in player has this name.
    #[error("unknown player \"{name}\" (built-in players: {known})")]
    UnknownName {
        /// The name given.
        name: String,
        /// The names that exist.
        known: String,
    },
    /// The option after the colon is not valid for this player.
    #[error("player \"{name}\": bad option \"{option}\": {expected}")]
    BadOption {
        /// The player name.
        name: String,
        /// The option given.
        option: String,
        /// What was expected.
        expected: String,
    },
}

/// The largest transposition table a player spec may ask for (`engine,hash=MB`), in MiB.
pub const MAX_HASH_MB: usize = 16 << 10;

/// The number `value` of option `part` of player `name`, from 1 to `max` (`what` names it in
/// the error).
fn count_option(
    name: &str,
    part: &str,
    value: &str,
    max: usize,
    what: &str,
) -> Result<usize, PlayerSpecError> {
    value
        .parse()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| PlayerSpecError::BadOption {
            name: name.to_string(),
            option: part.to_string(),
            expected: format!("{what} from 1 to {max}"),
        })
}

/// Whether `engine` without `eval=` evaluates with the compiled-in networks (for the rules
/// that have one) rather than the pattern evaluator.
pub const DEFAULT_EVAL_IS_NNUE: bool = true;

/// Which evaluation an engine spec asks for.
enum NetworkChoice {
    /// No `eval=` naming one: [`DEFAULT_EVAL_IS_NNUE`] decides.
    Default,
    /// `eval=pattern`: the pattern evaluator.
    Pattern,
    /// `eval=nnue`: the compiled-in networks.
    Compiled,
    /// `eval=FILE` of a network file: that network for its rule, the compiled-in ones for
    /// the others.
    File(Box<Network>),
}

impl NetworkChoice {
    /// The choice a bare `eval=` value names, if it names one.
    fn named(value: &str) -> Option<NetworkChoice> {
        if value.eq_ignore_ascii_case("pattern") {
            Some(NetworkChoice::Pattern)
        } else if value.eq_ignore_ascii_case("nnue") {
            Some(NetworkChoice::Compiled)
        } else {
            None
        }
    }
}

/// The names of the built-in players.
pub const BUILTIN_PLAYERS: &[&str] = &["engine", "greedy", "gm8", "priority", "thesis", "random"];

/// Builds a built-in player from `name[:option]`, e.g. `"random:7"`, `"engine:hard"` (a level:
/// beginner, easy, normal, hard, max; `engine` alone is max) or `"engine:6"` (a fixed depth),
/// optionally with `,no-threats` (no threat solver), `,no-defence` (no check of the chosen
/// move against the opponent's forced wins), `,eval=FILE` (evaluation weights from a weights
/// file, see [`crate::weights::EvalWeights`], or a network file, see [`crate::nnue::Network`];
/// `eval=pattern` and `eval=nnue` pick the pattern evaluator or the compiled-in networks),
/// `,network_weight=W` (the share of a network's correction the evaluation adds, see
/// [`NnueEvaluator::with_correction_weight`]), `,threads=N` (N search threads, 1 to
/// [`crate::MAX_THREADS`], see [`Engine::set_threads`]) or `,hash=MB` (a transposition table
/// of MB mebibytes, 1 to 16,384 (16 GiB), instead of one sized by each move's time, see
/// [`Engine::set_hash_bytes`]) or `,NAME=VALUE` (search parameter NAME, one of
/// [`SearchParams::ALL`], set to VALUE, see [`Engine::set_search_param`]; the name shows the
/// parameters changed); the engine's options may also follow its name
/// after a comma (`engine,eval=FILE`). `seed` seeds players that use randomness unless the
/// option sets it.
///
/// # Errors
/// [`PlayerSpecError`] for an unknown name or a bad option.
pub fn builtin_player(spec: &str, seed: u64) -> Result<Box<dyn Player>, PlayerSpecError> {
    let (name, option) = match spec.split_once(':') {
        Some((n, o)) if !n.contains(',') => (n, Some(o)),
        _ => match spec.split_once(',') {
            Some((n, o)) => (n, Some(o)),
            None => (spec, None),
        },
    };
    let bad = |expected: &str| PlayerSpecError::BadOption {
        name: name.to_string(),
        option: option.unwrap_or_default().to_string(),
        expected: expected.to_string(),
    };
    match name.to_ascii_lowercase().as_str() {
        "random" => {
            let seed = match option {
                None => seed,
                Some(o) => o.parse().map_err(|_| bad("a seed (a whole number)"))?,
            };
            Ok(Box::new(RandomPlayer::new(seed)))
        }
        "gm8" => {
            let seed = match option {
                None => seed,
                Some(o) => o.parse().map_err(|_| bad("a seed (a whole number)"))?,
            };
            Ok(Box::new(Gm8Player::new(seed)))
        }
        "priority" => match option {
            None => Ok(Box::new(PriorityPlayer::new())),
            Some(_) => Err(bad("no option")),
        },
        "thesis" => {
            let depth = match option {
                None => THESIS_DEFAULT_DEPTH,
                Some(o) => o
                    .parse()
                    .ok()
                    .filter(|d| (1..=MAX_THESIS_DEPTH).contains(d))
                    .ok_or_else(|| bad(&format!("a depth from 1 to {MAX_THESIS_DEPTH}")))?,
            };
            Ok(Box::new(ThesisPlayer::new(depth)))
        }
        "engine" => {
            let expected = "a level (beginner, easy, normal, hard, max) or a depth 1..63, \
                            optionally followed by \",no-threats\", \",no-defence\", \",eval=FILE\" (a weights or network file, or pattern or nnue), \",network_weight=W\", \",threads=N\", \",hash=MB\" or \",NAME=VALUE\" for a search parameter (or just \"no-threats\")";
            let mut engine = Engine::new();
            let mut threats = true;
            let mut defence = true;
            let mut weights = None;
            let mut network = NetworkChoice::Default;
            let mut threads = 1;
            let mut hash_mb = None;
            let mut network_weight = None;
            let mut params = Vec::new();
            for part in option.into_iter().flat_map(|o| o.split(',')) {
                let part = part.trim();
                if let Some(choice) = part.strip_prefix("eval=").and_then(NetworkChoice::named) {
                    network = choice;
                } else if let Some(path) = part
                    .strip_prefix("eval=")
                    .filter(|p| Network::is_network_file(Path::new(p)))
                {
                    let net =
                        Network::load(Path::new(path)).map_err(|e| PlayerSpecError::BadOption {
                            name: name.to_string(),
                            option: part.to_string(),
                            expected: e.to_string(),
                        })?;
                    network = NetworkChoice::File(Box::new(net));
                } else if let Some(path) = part.strip_prefix("eval=") {
                    let loaded = EvalWeights::load(Path::new(path)).map_err(|e| {
                        PlayerSpecError::BadOption {
                            name: name.to_string(),
                            option: part.to_string(),
                            expected: e.to_string(),
                        }
                    })?;
                    weights = Some(loaded);
                } else if let Some(w) = part.strip_prefix("network_weight=") {
                    let w = w
                        .parse::<f32>()
                        .ok()
                        .filter(|w| (0.0..=MAX_CORRECTION_WEIGHT).contains(w))
                        .ok_or_else(|| PlayerSpecError::BadOption {
                            name: name.to_string(),
                            option: part.to_string(),
                            expected: format!(
                                "a weight of the network's correction from 0 to {MAX_CORRECTION_WEIGHT}"
                            ),
                        })?;
                    network_weight = Some(w);
                } else if let Some(n) = part.strip_prefix("threads=") {
                    threads = count_option(name, part, n, MAX_THREADS, "a thread count")?;
                } else if let Some(n) = part.strip_prefix("hash=") {
                    hash_mb = Some(count_option(
                        name,
                        part,
                        n,
                        MAX_HASH_MB,
                        "a table size in MiB",
                    )?);
                } else if part.eq_ignore_ascii_case("no-threats") {
                    threats = false;
                } else if part.eq_ignore_ascii_case("no-defence") {
                    defence = false;
                } else if let Some((key, value)) = part.split_once('=') {
                    SearchParams::info(key).map_err(|e| PlayerSpecError::BadOption {
                        name: name.to_string(),
                        option: part.to_string(),
                        expected: e.to_string(),
                    })?;
                    let value = value
                        .parse::<f64>()
                        .map_err(|_| PlayerSpecError::BadOption {
                            name: name.to_string(),
                            option: part.to_string(),
                            expected: format!("a number for search parameter {key}"),
                        })?;
                    params.push((key, value));
                } else if let Ok(level) = part.parse::<Level>() {
                    engine = Engine::with_level(level);
                } else {
                    match part.parse::<u32>() {
                        Ok(depth) if (1..MAX_PLY as u32).contains(&depth) => {
                            engine = Engine::with_depth(depth);
                        }
                        _ => return Err(bad(expected)),
                    }
                }
            }
            if let Some(weights) = weights {
                engine.evaluator_mut().set_weights(weights);
            }
            engine.set_seed(seed);
            for (key, value) in params {
                engine
                    .set_search_param(key, value)
                    .map_err(|e| PlayerSpecError::BadOption {
                        name: name.to_string(),
                        option: format!("{key}={value}"),
                        expected: e.to_string(),
                    })?;
            }
            let changes = engine.search_params().changes();
            if !changes.is_empty() {
                engine.add_to_name(&changes);
            }
            if threads > 1 {
                engine.set_threads(threads);
                engine.add_to_name(&format!("threads={threads}"));
            }
            if let Some(mb) = hash_mb {
                engine.set_hash_bytes(mb << 20);
                engine.add_to_name(&format!("hash={mb}"));
            }
            if !threats {
                engine.disable_threat_search();
            } else if !defence {
                engine.disable_threat_defence();
            }
            let nnue = match network {
                NetworkChoice::Pattern => None,
                NetworkChoice::Default if !DEFAULT_EVAL_IS_NNUE => None,
                NetworkChoice::Default | NetworkChoice::Compiled => Some(NnueEvaluator::new()),
                NetworkChoice::File(net) => Some(NnueEvaluator::with_network_over_defaults(*net)),
            };
            match (nnue, network_weight) {
                (Some(mut nnue), weight) => {
                    if let Some(w) = weight.filter(|&w| w != nnue.correction_weight()) {
                        nnue = nnue.with_correction_weight(w);
                        engine.add_to_name(&format!("network_weight={w}"));
                    }
                    Ok(Box::new(
                        engine.map_evaluator(|patterns| nnue.with_patterns(patterns)),
                    ))
                }
                (None, Some(w)) => Err(PlayerSpecError::BadOption {
                    name: name.to_string(),
                    option: format!("network_weight={w}"),
                    expected: "a network to weigh (not eval=pattern)".to_string(),
                }),
                (None, None) => Ok(Box::new(engine)),
            }
        }
        "greedy" => match option {
            None => Ok(Box::new(GreedyPlayer::new())),
            Some(_) => Err(bad("no option")),
        },
        _ => Err(PlayerSpecError::UnknownName {
            name: name.to_string(),
            known: BUILTIN_PLAYERS.join(", "),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Limits;
    use gomoku_rules::{Board, Rule};

    #[test]
    fn engine_specs_set_search_parameters_and_name_them() {
        let player = builtin_player("engine,lmr_scale=0.8,futility_margin_per_ply=140.6", 1);
        assert_eq!(
            player.unwrap().name(),
            "engine:futility_margin_per_ply=141,lmr_scale=0.8"
        );
        // A value equal to the default changes nothing, so the name stays.
        let default = format!("engine:hard,lmr_scale={}", crate::params::LMR_SCALE);
        assert_eq!(builtin_player(&default, 1).unwrap().name(), "engine:hard");
        for (spec, says) in [
            (
                "engine,lmr_scaling=0.8",
                "unknown search parameter \"lmr_scaling\"",
            ),
            ("engine,lmr_scale=9", "outside"),
            (
                "engine,lmr_scale=abc",
                "a number for search parameter lmr_scale",
            ),
            ("engine,null_move_depth_divisor=0", "outside"),
        ] {
            let Err(err) = builtin_player(spec, 1) else {
                panic!("{spec} was accepted");
            };
            let err = err.to_string();
            assert!(err.contains(says), "{spec}: {err}");
        }
    }

    #[test]
    fn specs() {
        assert!(builtin_player("random", 1).is_ok());
        assert_eq!(builtin_player("engine", 1).unwrap().name(), "engine");
        assert_eq!(
            builtin_player("engine:hard", 1).unwrap().name(),
            "engine:hard"
        );
        assert_eq!(
            builtin_player("Engine:Easy", 1).unwrap().name(),
            "engine:easy"
        );
        assert_eq!(builtin_player("engine:6", 1).unwrap().name(), "engine:6");
        assert_eq!(
            builtin_player("engine:no-threats", 1).unwrap().name(),
            "engine:no-threats"
        );
        assert_eq!(
            builtin_player("engine:no-defence", 1).unwrap().name(),
            "engine:no-defence"
        );
        assert_eq!(
            builtin_player("engine:hard,no-threats", 1).unwrap().name(),
            "engine:hard,no-threats"
        );
        let two = builtin_player("engine,threads=2", 1).unwrap();
        assert_eq!(two.name(), "engine:threads=2");
        assert_eq!(
            builtin_player("engine:threads=1", 1).unwrap().name(),
            "engine"
        );
        assert_eq!(
            builtin_player("engine:hard,threads=4", 1).unwrap().name(),
            "engine:hard,threads=4"
        );
        assert_eq!(
            builtin_player("engine,hash=64", 1).unwrap().name(),
            "engine:hash=64"
        );
        for bad_option in [
            "engine,hash=0",
            "engine,hash=big",
            "engine,hash=99999999",
            "engine:0",
            "engine:99",
            "engine:expert",
            "greedy:3",
            "engine,threads=0",
            "engine,threads=65",
            "engine,threads=two",
            "engine,threads=",
            "engine,threads=-1",
        ] {
            assert!(
                matches!(
                    builtin_player(bad_option, 1),
                    Err(PlayerSpecError::BadOption { .. })
                ),
                "{bad_option}"
            );
        }
        assert_eq!(builtin_player("greedy", 1).unwrap().name(), "greedy");
        assert_eq!(builtin_player("random:5", 1).unwrap().name(), "random:5");
        assert!(matches!(
            builtin_player("random:x", 1),
            Err(PlayerSpecError::BadOption { .. })
        ));
        assert!(matches!(
            builtin_player("nope", 1),
            Err(PlayerSpecError::UnknownName { .. })
        ));
    }

    #[test]
    fn random_plays_legal_moves_near_stones() {
        let mut player = builtin_player("random:3", 0).unwrap();
        let mut board = Board::new(15).unwrap();
        for _ in 0..60 {
            let r = player.choose(&board, Rule::Freestyle, &Limits::default(), &mut |_| {});
            let p = r.best.unwrap();
            assert!(board.is_empty_at(p));
            if board.total_stones() > 0 {
                assert!(board.occupied().iter().any(|q| q.distance(p) <= 2));
            }
            board.play_unchecked(p);
        }
    }
}
