//! The settings of a game on the web board (size, rule, who plays each colour, time per engine
//! move), checked once as they arrive from a request.

use std::time::Duration;

use serde::Deserialize;

use gomoku_rules::{MAX_SIZE, MIN_SIZE, OpeningRule, Rule};

use crate::player_spec::PlayerSpec;

/// The longest player specification a request may give.
pub const MAX_SPEC_LEN: usize = 64;
/// The shortest time per engine move (ms).
pub const MIN_MOVE_TIME_MS: u64 = 10;
/// The longest time per engine move (ms).
pub const MAX_MOVE_TIME_MS: u64 = 60_000;
/// The White player of a new game unless the request names one.
pub const DEFAULT_OPPONENT: &str = "engine:normal";
/// The time per engine move unless the request gives one (ms).
pub const DEFAULT_MOVE_TIME_MS: u64 = 1_000;

/// Checked settings of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Board size.
    pub size: u32,
    /// Rule.
    pub rule: Rule,
    /// Who plays Black and White: [`PlayerSpec::Human`] or a built-in AI.
    pub players: [PlayerSpec; 2],
    /// Time per engine move (a level may cap it lower).
    pub move_time: Duration,
    /// The opening rule: under swap and swap2 `players[0]` is the first player (who places the
    /// opening stones) and `players[1]` the second, until the colours are settled.
    pub opening: OpeningRule,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            size: 15,
            rule: Rule::Freestyle,
            players: [
                PlayerSpec::Human,
                PlayerSpec::Builtin(DEFAULT_OPPONENT.to_string()),
            ],
            move_time: Duration::from_millis(DEFAULT_MOVE_TIME_MS),
            opening: OpeningRule::Free,
        }
    }
}

/// Settings as a request gives them: every field optional, each one missing keeps its value.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettingsRequest {
    /// Board size, 5..=22.
    pub size: Option<u32>,
    /// Rule name: freestyle, standard, renju, caro, caro5 (or a Gomocup code).
    pub rule: Option<String>,
    /// Black: `human` or a built-in AI such as `engine:easy`.
    pub black: Option<String>,
    /// White: `human` or a built-in AI.
    pub white: Option<String>,
    /// Time per engine move in milliseconds.
    pub move_time_ms: Option<u64>,
    /// Opening rule: free, swap or swap2.
    pub opening: Option<String>,
}

/// A seat for the web board: a person or a built-in AI (external programs are refused: a web
/// page must not start programs on this machine).
fn parse_player(text: &str, colour: &str) -> Result<PlayerSpec, String> {
    if text.len() > MAX_SPEC_LEN {
        return Err(format!(
            "{colour}: a player is at most {MAX_SPEC_LEN} characters"
        ));
    }
    match text.parse::<PlayerSpec>() {
        Ok(PlayerSpec::External { .. }) => Err(format!(
            "{colour}: external engines (pbrain:) can only be used from the command line"
        )),
        Ok(spec) => Ok(spec),
        Err(e) => Err(format!("{colour}: {e}")),
    }
}

impl SettingsRequest {
    /// `base` with the fields this request gives replaced.
    ///
    /// # Errors
    /// A message naming the bad field and what it expects.
    pub fn apply_to(&self, base: &Settings) -> Result<Settings, String> {
        let mut settings = base.clone();
        if let Some(size) = self.size {
            if !(u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(&size) {
                return Err(format!(
                    "size: {size} is not a board size ({MIN_SIZE}..={MAX_SIZE})"
                ));
            }
            settings.size = size;
        }
        if let Some(rule) = &self.rule {
            settings.rule = rule.parse().map_err(|e| format!("rule: {e}"))?;
        }
        if let Some(black) = &self.black {
            settings.players[0] = parse_player(black, "black")?;
        }
        if let Some(white) = &self.white {
            settings.players[1] = parse_player(white, "white")?;
        }
        if let Some(ms) = self.move_time_ms {
            if !(MIN_MOVE_TIME_MS..=MAX_MOVE_TIME_MS).contains(&ms) {
                return Err(format!(
                    "move_time_ms: {ms} is outside {MIN_MOVE_TIME_MS}..={MAX_MOVE_TIME_MS}"
                ));
            }
            settings.move_time = Duration::from_millis(ms);
        }
        if let Some(opening) = &self.opening {
            settings.opening = opening.parse().map_err(|e| format!("opening: {e}"))?;
        }
        Ok(settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_replace_the_base_and_bad_ones_are_named() {
        let request = SettingsRequest {
            size: Some(20),
            rule: Some("renju".into()),
            black: Some("engine:easy".into()),
            white: Some("human".into()),
            move_time_ms: Some(200),
            opening: Some("swap2".into()),
        };
        let s = request.apply_to(&Settings::default()).unwrap();
        assert_eq!(s.size, 20);
        assert_eq!(s.rule, Rule::Renju);
        assert_eq!(s.players[0], PlayerSpec::Builtin("engine:easy".into()));
        assert_eq!(s.players[1], PlayerSpec::Human);
        assert_eq!(s.move_time, Duration::from_millis(200));
        assert_eq!(s.opening, OpeningRule::Swap2);
        // Nothing given: nothing changes.
        assert_eq!(
            SettingsRequest::default().apply_to(&s).unwrap(),
            s,
            "an empty request keeps the settings"
        );
        for (bad, field) in [
            (
                SettingsRequest {
                    size: Some(4),
                    ..Default::default()
                },
                "size",
            ),
            (
                SettingsRequest {
                    rule: Some("chess".into()),
                    ..Default::default()
                },
                "rule",
            ),
            (
                SettingsRequest {
                    white: Some("pbrain:/bin/sh".into()),
                    ..Default::default()
                },
                "white",
            ),
            (
                SettingsRequest {
                    black: Some("engine:expert".into()),
                    ..Default::default()
                },
                "black",
            ),
            (
                SettingsRequest {
                    black: Some("x".repeat(MAX_SPEC_LEN + 1)),
                    ..Default::default()
                },
                "black",
            ),
            (
                SettingsRequest {
                    move_time_ms: Some(0),
                    ..Default::default()
                },
                "move_time_ms",
            ),
            (
                SettingsRequest {
                    opening: Some("swap3".into()),
                    ..Default::default()
                },
                "opening",
            ),
        ] {
            let err = bad.apply_to(&Settings::default()).unwrap_err();
            assert!(err.starts_with(field), "{err}");
        }
    }
}
