//! The settings that decide which games a match or tournament plays: the players, the rule,
//! the board, the clocks, the node budget, the openings, the seed and the SPRT. Two runs with
//! the same settings play the same schedule, so one can resume the other and their results
//! can be merged; [`RunSettings::differences`] names what differs when they do not.
//!
//! The number of games at once (`-j`), the output and the records' place do not change the
//! games, and are not part of the settings.

use serde::{Deserialize, Serialize};

use gomoku_ai::arena::{Opening, SprtConfig, SprtModel, TimeControl, TournamentFormat};
use gomoku_rules::Rule;

use crate::arena_settings::{ArenaSettings, OpeningsChoice, OpeningsOrder};
use crate::player_spec::PlayerSpec;

/// An SPRT's settings, as [`RunSettings`] writes them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtSettings {
    /// ELO0.
    pub elo0: f64,
    /// ELO1.
    pub elo1: f64,
    /// Alpha.
    pub alpha: f64,
    /// Beta.
    pub beta: f64,
    /// `trinomial` or `pentanomial`.
    pub model: String,
    /// Whether all games are played once the test has decided (`--sprt-play-all`); absent
    /// (false) in the settings of the runs before the option.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub play_all: bool,
}

impl SprtSettings {
    /// The settings of `config`, with `play_all` for `--sprt-play-all`.
    pub fn new(config: &SprtConfig, play_all: bool) -> SprtSettings {
        SprtSettings {
            elo0: config.elo0,
            elo1: config.elo1,
            alpha: config.alpha,
            beta: config.beta,
            model: config.model.name().to_string(),
            play_all,
        }
    }

    /// The test back.
    ///
    /// # Errors
    /// A message naming the unknown model or the impossible bounds.
    pub fn config(&self) -> Result<SprtConfig, String> {
        SprtConfig {
            elo0: self.elo0,
            elo1: self.elo1,
            alpha: self.alpha,
            beta: self.beta,
            model: self.model.parse::<SprtModel>().map_err(|e| e.to_string())?,
        }
        .validated()
        .map_err(|e| e.to_string())
    }
}

/// The settings of a match or tournament that decide its games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunSettings {
    /// `match` or `tournament`.
    pub command: String,
    /// The players, as named on the command line (A and B of a match).
    pub players: Vec<String>,
    /// A tournament's format: `round-robin` or `gauntlet`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// The rule.
    pub rule: Rule,
    /// The board size.
    pub size: u32,
    /// Games (of a tournament: of each pairing): `-n`.
    pub games: u32,
    /// Time per move.
    pub move_time_ms: Option<f64>,
    /// Time per player per game.
    pub game_time_ms: Option<f64>,
    /// How far a limit may be overstepped.
    pub tolerance_ms: f64,
    /// Nodes per move.
    pub nodes: Option<u64>,
    /// Where the openings come from: `default`, `none` or `file`.
    pub openings: String,
    /// How many openings there are.
    pub openings_count: usize,
    /// A digest of the openings in the order they are played (so two files with the same
    /// openings agree, and two different ones, or two orders, do not).
    pub openings_digest: String,
    /// `sequential` or `random`.
    pub openings_order: String,
    /// The seed of the players and of a random openings order.
    pub seed: u64,
    /// How many times a void game is played again.
    pub void_replays: u32,
    /// The SPRT, if any.
    pub sprt: Option<SprtSettings>,
}

fn ms(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// FNV-1a over the openings' offset texts, one a line: a digest that is the same on every
/// machine and version.
fn digest(openings: &[Opening]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for opening in openings {
        for byte in opening.to_string().bytes().chain(std::iter::once(b'\n')) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// What differs between two sets of settings (`here` and `there`), one item a field of their
/// JSON form: `seed (1 here, 2 there)`. Empty when they agree.
pub fn differences<T: Serialize>(mine: &T, theirs: &T, here: &str, there: &str) -> Vec<String> {
    let (Ok(serde_json::Value::Object(mine)), Ok(serde_json::Value::Object(theirs))) =
        (serde_json::to_value(mine), serde_json::to_value(theirs))
    else {
        return vec!["the settings cannot be compared".to_string()];
    };
    let null = serde_json::Value::Null;
    let keys: std::collections::BTreeSet<&String> = mine.keys().chain(theirs.keys()).collect();
    keys.into_iter()
        .filter_map(|key| {
            let (a, b) = (
                mine.get(key).unwrap_or(&null),
                theirs.get(key).unwrap_or(&null),
            );
            (a != b).then(|| format!("{key} ({a} {here}, {b} {there})"))
        })
        .collect()
}

impl RunSettings {
    /// The settings of `command` (`match` or `tournament`) between `players` with `arena`'s
    /// games, `openings` being the openings as played (read with the settings' order).
    pub fn new(
        command: &str,
        players: &[&PlayerSpec],
        format: Option<TournamentFormat>,
        arena: &ArenaSettings,
        openings: &[Opening],
        sprt: Option<SprtSettings>,
    ) -> RunSettings {
        RunSettings {
            command: command.to_string(),
            players: players.iter().map(|p| p.to_string()).collect(),
            format: format.map(|f| f.name().to_string()),
            rule: arena.rule,
            size: arena.size,
            games: arena.games,
            move_time_ms: arena.time.move_time.map(ms),
            game_time_ms: arena.time.game_time.map(ms),
            tolerance_ms: ms(arena.time.tolerance),
            nodes: arena.time.nodes,
            openings: match arena.openings {
                OpeningsChoice::Default => "default",
                OpeningsChoice::None => "none",
                OpeningsChoice::File(_) => "file",
            }
            .to_string(),
            openings_count: openings.len(),
            openings_digest: digest(openings),
            openings_order: match arena.openings_order {
                OpeningsOrder::Sequential => "sequential",
                OpeningsOrder::Random => "random",
            }
            .to_string(),
            seed: arena.seed,
            void_replays: arena.void_replays,
            sprt,
        }
    }

    /// What differs between these settings (`here`) and `other` (`there`), one item a setting:
    /// `seed (1 here, 2 there)`. Empty when they agree.
    pub fn differences(&self, other: &RunSettings, here: &str, there: &str) -> Vec<String> {
        differences(self, other, here, there)
    }

    /// The arena settings these describe, for reporting (the openings themselves are not
    /// known: only their count is used).
    ///
    /// # Errors
    /// A message naming a setting that cannot be read.
    pub fn arena(&self) -> Result<ArenaSettings, String> {
        let duration = |name: &str, ms: f64| {
            std::time::Duration::try_from_secs_f64(ms / 1000.0)
                .map_err(|_| format!("{name}: {ms} is not a time in milliseconds"))
        };
        Ok(ArenaSettings {
            games: self.games,
            openings: match self.openings.as_str() {
                "none" => OpeningsChoice::None,
                _ => OpeningsChoice::Default,
            },
            openings_order: self.openings_order.parse()?,
            rule: self.rule,
            size: self.size,
            time: TimeControl {
                move_time: self
                    .move_time_ms
                    .map(|t| duration("move_time_ms", t))
                    .transpose()?,
                game_time: self
                    .game_time_ms
                    .map(|t| duration("game_time_ms", t))
                    .transpose()?,
                tolerance: duration("tolerance_ms", self.tolerance_ms)?,
                nodes: self.nodes,
            },
            threads: 1,
            seed: self.seed,
            json: false,
            records: None,
            record_format: gomoku_rules::record::Format::Psq,
            void_replays: self.void_replays,
            interrupt: gomoku_ai::StopFlag::new(),
            scale_out: crate::resume::ScaleOut::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(seed: u64) -> RunSettings {
        RunSettings {
            command: "match".into(),
            players: vec!["greedy".into(), "random:1".into()],
            format: None,
            rule: Rule::Freestyle,
            size: 15,
            games: 8,
            move_time_ms: None,
            game_time_ms: None,
            tolerance_ms: 1000.0,
            nodes: Some(500),
            openings: "default".into(),
            openings_count: 2,
            openings_digest: digest(&[Opening::from_offsets(vec![(0, 0)])]),
            openings_order: "sequential".into(),
            seed,
            void_replays: 2,
            sprt: None,
        }
    }

    #[test]
    fn differences_name_each_setting() {
        assert!(settings(1).differences(&settings(1), "a", "b").is_empty());
        let mut other = settings(2);
        other.nodes = None;
        assert_eq!(
            settings(1).differences(&other, "here", "there"),
            ["nodes (500 here, null there)", "seed (1 here, 2 there)"]
        );
        let text = serde_json::to_string(&settings(1)).unwrap();
        let back: RunSettings = serde_json::from_str(&text).unwrap();
        assert_eq!(back, settings(1));
        assert_eq!(back.arena().unwrap().time.nodes, Some(500));
    }

    #[test]
    fn the_digest_follows_the_openings_and_their_order() {
        let a = Opening::from_offsets(vec![(0, 0), (1, 1)]);
        let b = Opening::from_offsets(vec![(0, 0), (1, 0)]);
        assert_eq!(
            digest(&[a.clone(), b.clone()]),
            digest(&[a.clone(), b.clone()])
        );
        assert_ne!(digest(&[a.clone(), b.clone()]), digest(&[b, a]));
    }
}
