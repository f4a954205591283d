//! Weights files: the point-value tables of one or more rules, as versioned JSON.
//!
//! ```text
//! {
//!   "format": "gomoku-eval-weights",
//!   "version": 1,
//!   "combinations": ["none+none+none+none", "one+none+none+none", ...],
//!   "rules": [
//!     { "rule": "renju", "tempo_eighths": 10,
//!       "black": { "to_move": [0, 1, ...], "waiting": [0, 1, ...] },
//!       "white": { "to_move": [...], "waiting": [...] } }
//!   ]
//! }
//! ```
//!
//! A rule may also value threat situations: each colour then has `"threats": [...]`, one value
//! per situation with that colour to move, in the order of a top-level `"threat_masks"` list of
//! their names (see [`crate::pattern::threat_mask_key`]), which a reader checks as it checks
//! `combinations`. Without them the threat values are 0.
//!
//! A rule may also value the position before the last move: each colour then has
//! `"before_to_move"` and `"before_waiting"`, one value per combination (see
//! [`RuleWeights::before_value`]). Without them the evaluation looks at the position alone.
//!
//! A rule may also carry fitted move-ordering values: each colour then has `"move_attack"`
//! and `"move_defence"`, one value per combination (see [`RuleWeights::move_value`]); the search
//! orders its moves by them. Without them it orders by the hand-set point values.
//!
//! `combinations` names the 715 shape combinations in the order of the value arrays (see
//! [`super::combo_key`]); a file whose list differs is refused rather than misread. Each rule
//! appears at most once; each array has one value per combination, the first (nothing on any
//! line) 0.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use gomoku_rules::{Color, Rule};
use serde::Deserialize;
use thiserror::Error;

use super::combo::{COMBOS, combo_key};
use super::rule_weights::{MovePart, Role, RuleWeights};
use crate::pattern::{THREAT_MASKS, threat_mask_key};

/// The `format` field of every weights file.
pub const WEIGHTS_FORMAT: &str = "gomoku-eval-weights";
/// The version of the weights format this library reads and writes.
pub const WEIGHTS_VERSION: u32 = 1;

/// The tuned default weights compiled into the library (one file per rule that has tuned
/// weights, from `gomoku-ai/weights/`; rules without one use [`RuleWeights::hand_set`]).
pub const DEFAULT_WEIGHTS_JSON: &[&str] = &[
    include_str!("../../weights/freestyle.json"),
    include_str!("../../weights/renju.json"),
];

/// Why weights could not be read or used.
#[derive(Debug, Error)]
pub enum WeightsError {
    /// The file could not be read.
    #[error("cannot read weights file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file could not be written.
    #[error("cannot write weights file {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A problem with the contents of a file.
    #[error("weights file {path}: {source}")]
    InFile {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: Box<WeightsError>,
    },
    /// Not valid JSON (a truncated or corrupt file), or a field of the wrong type.
    #[error("not a valid weights file (truncated or corrupt?): {0}")]
    Json(String),
    /// Valid JSON, but not a weights file.
    #[error("not a weights file: the \"format\" field is {found:?}, expected \"{WEIGHTS_FORMAT}\"")]
    NotWeights {
        /// The format field found (empty when missing).
        found: String,
    },
    /// A weights file of another version.
    #[error(
        "weights format version {found} is not supported (this program reads version {WEIGHTS_VERSION})"
    )]
    Version {
        /// The version found.
        found: u64,
    },
    /// The list of shape combinations differs from this program's.
    #[error(
        "the shape combinations differ from this program's: entry {index} is {found:?}, expected {expected:?}"
    )]
    Combinations {
        /// The first differing index.
        index: usize,
        /// What the file has there.
        found: String,
        /// What this program expects.
        expected: String,
    },
    /// A rule name that is not a rule.
    #[error("unknown rule {0:?}")]
    UnknownRule(String),
    /// A rule given twice.
    #[error("rule {0} appears twice")]
    DuplicateRule(Rule),
    /// A value table of the wrong length.
    #[error("rule {rule}, {color:?} {role}: {found} values, expected {COMBOS}")]
    TableLength {
        /// The rule.
        rule: Rule,
        /// The colour.
        color: Color,
        /// The role key.
        role: &'static str,
        /// The number of values found.
        found: usize,
    },
    /// A threat table of the wrong length.
    #[error("rule {rule}, {color:?} threats: {found} values, expected {THREAT_MASKS}")]
    ThreatsLength {
        /// The rule.
        rule: Rule,
        /// The colour.
        color: Color,
        /// The number of values found.
        found: usize,
    },
    /// A move-ordering table of the wrong length (or only one of the two).
    #[error("rule {rule}, {color:?} move_{part}: {found} values, expected {COMBOS}")]
    MovesLength {
        /// The rule.
        rule: Rule,
        /// The colour.
        color: Color,
        /// The part key (`attack` or `defence`).
        part: &'static str,
        /// The number of values found.
        found: usize,
    },
    /// The list of threat situations differs from this program's (or is missing while a rule
    /// has threat values).
    #[error(
        "the threat situations differ from this program's: entry {index} is {found:?}, expected {expected:?}"
    )]
    ThreatMasks {
        /// The first differing index.
        index: usize,
        /// What the file has there.
        found: String,
        /// What this program expects.
        expected: String,
    },
    /// Combination 0 (occupied points, nothing on any line) must be worth 0.
    #[error("rule {rule}, {color:?} {role}: the first value (none+none+none+none) must be 0")]
    NonZeroEmpty {
        /// The rule.
        rule: Rule,
        /// The colour.
        color: Color,
        /// The role key.
        role: &'static str,
    },
    /// The weights do not cover the rule asked for.
    #[error("the weights cover {covered}, not {wanted}")]
    WrongRule {
        /// The rules covered.
        covered: String,
        /// The rule asked for.
        wanted: Rule,
    },
}

/// Point-value weights for one or more rules: what `engine,eval=FILE` and
/// `gomoku pbrain --eval FILE` load, and what `gomoku tune` writes.
///
/// ```
/// use gomoku_ai::weights::{EvalWeights, RuleWeights};
/// use gomoku_rules::Rule;
/// let weights = EvalWeights::new(vec![RuleWeights::hand_set(Rule::Renju)]).unwrap();
/// let text = weights.to_json();
/// let back = EvalWeights::from_json(&text).unwrap();
/// assert_eq!(back, weights);
/// assert!(back.for_rule(Rule::Freestyle).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    rules: Vec<Arc<RuleWeights>>,
}

#[derive(Deserialize)]
struct FileRepr {
    combinations: Vec<String>,
    #[serde(default)]
    threat_masks: Vec<String>,
    rules: Vec<RuleRepr>,
}

#[derive(Deserialize)]
struct RuleRepr {
    rule: String,
    tempo_eighths: i32,
    black: ColorRepr,
    white: ColorRepr,
}

#[derive(Deserialize)]
struct ColorRepr {
    to_move: Vec<i32>,
    waiting: Vec<i32>,
    #[serde(default)]
    threats: Vec<i32>,
    #[serde(default)]
    before_to_move: Vec<i32>,
    #[serde(default)]
    before_waiting: Vec<i32>,
    #[serde(default)]
    move_attack: Vec<i32>,
    #[serde(default)]
    move_defence: Vec<i32>,
}

impl EvalWeights {
    /// Weights for the given rules.
    ///
    /// # Errors
    /// [`WeightsError::DuplicateRule`] when a rule is given twice.
    pub fn new(rules: Vec<RuleWeights>) -> Result<EvalWeights, WeightsError> {
        let mut out: Vec<Arc<RuleWeights>> = Vec::new();
        for w in rules {
            if out.iter().any(|o| o.rule() == w.rule()) {
                return Err(WeightsError::DuplicateRule(w.rule()));
            }
            out.push(Arc::new(w));
        }
        Ok(EvalWeights { rules: out })
    }

    /// The hand-set weights of every rule.
    pub fn hand_set() -> EvalWeights {
        EvalWeights {
            rules: Rule::ALL
                .iter()
                .map(|&r| Arc::new(RuleWeights::hand_set(r)))
                .collect(),
        }
    }

    /// The tuned weights compiled into the library ([`DEFAULT_WEIGHTS_JSON`]), for the rules
    /// that have some.
    ///
    /// # Errors
    /// As [`EvalWeights::from_json`] (a broken build; the tests check they parse).
    pub fn compiled_in() -> Result<EvalWeights, WeightsError> {
        let mut rules = Vec::new();
        for text in DEFAULT_WEIGHTS_JSON {
            let w = EvalWeights::from_json(text)?;
            rules.extend(w.rules.iter().map(|r| RuleWeights::clone(r)));
        }
        EvalWeights::new(rules)
    }

    /// The rules covered, in file order.
    pub fn rules(&self) -> Vec<Rule> {
        self.rules.iter().map(|w| w.rule()).collect()
    }

    /// The weights of `rule`, if covered.
    pub fn get(&self, rule: Rule) -> Option<&Arc<RuleWeights>> {
        self.rules.iter().find(|w| w.rule() == rule)
    }

    /// The weights of `rule`.
    ///
    /// # Errors
    /// [`WeightsError::WrongRule`] when the weights do not cover `rule`.
    pub fn for_rule(&self, rule: Rule) -> Result<&Arc<RuleWeights>, WeightsError> {
        self.get(rule).ok_or_else(|| WeightsError::WrongRule {
            covered: self.covered(),
            wanted: rule,
        })
    }

    fn covered(&self) -> String {
        if self.rules.is_empty() {
            return "no rule".to_string();
        }
        self.rules()
            .iter()
            .map(|r| r.name())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Reads weights from the JSON text of a weights file.
    ///
    /// # Errors
    /// [`WeightsError`] naming what is wrong: not JSON or truncated, not a weights file, another
    /// version, other combinations, an unknown or repeated rule, a table of the wrong length.
    pub fn from_json(text: &str) -> Result<EvalWeights, WeightsError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| WeightsError::Json(e.to_string()))?;
        let format = value.get("format").and_then(|f| f.as_str()).unwrap_or("");
        if format != WEIGHTS_FORMAT {
            return Err(WeightsError::NotWeights {
                found: format.to_string(),
            });
        }
        let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
        if version != u64::from(WEIGHTS_VERSION) {
            return Err(WeightsError::Version { found: version });
        }
        let repr: FileRepr =
            serde_json::from_value(value).map_err(|e| WeightsError::Json(e.to_string()))?;
        check_names(&repr.combinations, COMBOS, combo_key).map_err(
            |(index, found, expected)| WeightsError::Combinations {
                index,
                found,
                expected,
            },
        )?;
        let has_threats = repr
            .rules
            .iter()
            .any(|r| !r.black.threats.is_empty() || !r.white.threats.is_empty());
        if has_threats {
            check_names(&repr.threat_masks, THREAT_MASKS, threat_mask_key).map_err(
                |(index, found, expected)| WeightsError::ThreatMasks {
                    index,
                    found,
                    expected,
                },
            )?;
        }
        let mut rules = Vec::new();
        for r in repr.rules {
            let rule: Rule = r
                .rule
                .parse()
                .map_err(|_| WeightsError::UnknownRule(r.rule.clone()))?;
            let mut w = RuleWeights::zero(rule);
            w.set_tempo_eighths(r.tempo_eighths);
            for (color, c) in [(Color::Black, &r.black), (Color::White, &r.white)] {
                let before = !c.before_to_move.is_empty() || !c.before_waiting.is_empty();
                let tables = [
                    (Role::ToMove, false, &c.to_move),
                    (Role::Waiting, false, &c.waiting),
                    (Role::ToMove, true, &c.before_to_move),
                    (Role::Waiting, true, &c.before_waiting),
                ];
                for (role, of_before, table) in tables {
                    if of_before && !before {
                        continue;
                    }
                    let key = table_key(role, of_before);
                    if table.len() != COMBOS {
                        return Err(WeightsError::TableLength {
                            rule,
                            color,
                            role: key,
                            found: table.len(),
                        });
                    }
                    if table[0] != 0 {
                        return Err(WeightsError::NonZeroEmpty {
                            rule,
                            color,
                            role: key,
                        });
                    }
                    for (combo, &v) in table.iter().enumerate() {
                        if of_before {
                            w.set_before_value(color, role, combo, v);
                        } else {
                            w.set_value(color, role, combo, v);
                        }
                    }
                }
                if !c.threats.is_empty() {
                    if c.threats.len() != THREAT_MASKS {
                        return Err(WeightsError::ThreatsLength {
                            rule,
                            color,
                            found: c.threats.len(),
                        });
                    }
                    for (mask, &v) in c.threats.iter().enumerate() {
                        w.set_threat(color, mask, v);
                    }
                }
                if !c.move_attack.is_empty() || !c.move_defence.is_empty() {
                    for (part, table) in [
                        (MovePart::Attack, &c.move_attack),
                        (MovePart::Defence, &c.move_defence),
                    ] {
                        if table.len() != COMBOS {
                            return Err(WeightsError::MovesLength {
                                rule,
                                color,
                                part: part.key(),
                                found: table.len(),
                            });
                        }
                        for (combo, &v) in table.iter().enumerate() {
                            w.set_move_part(color, part, combo, v);
                        }
                    }
                }
            }
            rules.push(w);
        }
        EvalWeights::new(rules)
    }

    /// The weights as the JSON text of a weights file (one value array a line).
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        out.push_str("{\n");
        out.push_str(&format!("  \"format\": {},\n", json_string(WEIGHTS_FORMAT)));
        out.push_str(&format!("  \"version\": {WEIGHTS_VERSION},\n"));
        out.push_str("  \"combinations\": [\n");
        for combo in 0..COMBOS {
            let sep = if combo + 1 < COMBOS { "," } else { "" };
            out.push_str(&format!("    {}{sep}\n", json_string(&combo_key(combo))));
        }
        let has_threats = self.rules.iter().any(|w| w.has_threats());
        if has_threats {
            out.push_str("  ],\n  \"threat_masks\": [\n");
            for mask in 0..THREAT_MASKS {
                let sep = if mask + 1 < THREAT_MASKS { "," } else { "" };
                out.push_str(&format!(
                    "    {}{sep}\n",
                    json_string(&threat_mask_key(mask))
                ));
            }
        }
        out.push_str("  ],\n  \"rules\": [\n");
        for (k, w) in self.rules.iter().enumerate() {
            out.push_str("    {\n");
            out.push_str(&format!(
                "      \"rule\": {},\n",
                json_string(w.rule().name())
            ));
            out.push_str(&format!(
                "      \"tempo_eighths\": {},\n",
                w.tempo_eighths()
            ));
            for color in Color::ALL {
                let name = if color == Color::Black {
                    "black"
                } else {
                    "white"
                };
                out.push_str(&format!("      \"{name}\": {{\n"));
                let list = |key: &str, values: Vec<i32>| {
                    let values: Vec<String> = values.iter().map(i32::to_string).collect();
                    format!("        \"{key}\": [{}]", values.join(", "))
                };
                let mut tables: Vec<String> = Role::ALL
                    .iter()
                    .map(|&role| {
                        let values = (0..COMBOS).map(|c| w.value(color, role, c)).collect();
                        list(role.key(), values)
                    })
                    .collect();
                if w.has_before_values() {
                    for role in Role::ALL {
                        let values = (0..COMBOS)
                            .map(|c| w.before_value(color, role, c))
                            .collect();
                        tables.push(list(table_key(role, true), values));
                    }
                }
                if w.has_threats() {
                    let values = (0..THREAT_MASKS).map(|m| w.threat(color, m)).collect();
                    tables.push(list("threats", values));
                }
                if w.has_move_values() {
                    for part in MovePart::ALL {
                        let values = (0..COMBOS).map(|c| w.move_part(color, part, c)).collect();
                        tables.push(list(&format!("move_{}", part.key()), values));
                    }
                }
                out.push_str(&tables.join(",\n"));
                out.push('\n');
                let sep = if color == Color::Black { "," } else { "" };
                out.push_str(&format!("      }}{sep}\n"));
            }
            let sep = if k + 1 < self.rules.len() { "," } else { "" };
            out.push_str(&format!("    }}{sep}\n"));
        }
        out.push_str("  ]\n}\n");
        out
    }

    /// Reads a weights file.
    ///
    /// # Errors
    /// [`WeightsError::Io`] when the file cannot be read, [`WeightsError::InFile`] (with the
    /// reason) when its contents are not valid weights.
    pub fn load(path: &Path) -> Result<EvalWeights, WeightsError> {
        let text = std::fs::read_to_string(path).map_err(|source| WeightsError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        EvalWeights::from_json(&text).map_err(|e| WeightsError::InFile {
            path: path.to_path_buf(),
            source: Box::new(e),
        })
    }

    /// Writes a weights file (atomically: a reader never sees half a file).
    ///
    /// # Errors
    /// [`WeightsError::Write`] when the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), WeightsError> {
        gomoku_rules::record::write_file(path, self.to_json().as_bytes()).map_err(|source| {
            WeightsError::Write {
                path: path.to_path_buf(),
                source,
            }
        })
    }
}

/// Checks that `names` are `key(0..count)` in order; the first difference as (index, found,
/// expected) otherwise.
fn check_names(
    names: &[String],
    count: usize,
    key: impl Fn(usize) -> String,
) -> Result<(), (usize, String, String)> {
    const END: &str = "(the end of the list)";
    for index in 0..count.max(names.len()) {
        let expected = if index < count {
            key(index)
        } else {
            END.to_string()
        };
        let found = names.get(index).map_or(END, String::as_str);
        if found != expected {
            return Err((index, found.to_string(), expected));
        }
    }
    Ok(())
}

/// A string as JSON text (quoted and escaped).
/// The key of a value table in weights files: the role's (`to_move`, `waiting`), prefixed
/// `before_` for the tables of the position before the last move.
fn table_key(role: Role, before: bool) -> &'static str {
    match (role, before) {
        (Role::ToMove, false) => "to_move",
        (Role::Waiting, false) => "waiting",
        (Role::ToMove, true) => "before_to_move",
        (Role::Waiting, true) => "before_waiting",
    }
}

fn json_string(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> EvalWeights {
        let mut renju = RuleWeights::hand_set(Rule::Renju);
        renju.set_value(Color::Black, Role::Waiting, 17, -42);
        renju.set_tempo_eighths(11);
        EvalWeights::new(vec![RuleWeights::hand_set(Rule::Freestyle), renju]).unwrap()
    }

    #[test]
    fn weights_round_trip_through_text_and_files() {
        let w = sample();
        assert_eq!(EvalWeights::from_json(&w.to_json()).unwrap(), w);
        let dir = tempfile::Builder::new()
            .prefix("gomoku-weights-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("w.json");
        w.save(&path).unwrap();
        let back = EvalWeights::load(&path).unwrap();
        assert_eq!(back, w);
        assert_eq!(back.rules(), vec![Rule::Freestyle, Rule::Renju]);
        let renju = back.for_rule(Rule::Renju).unwrap();
        assert_eq!(renju.value(Color::Black, Role::Waiting, 17), -42);
        assert_eq!(renju.tempo_eighths(), 11);
    }

    #[test]
    fn threat_values_round_trip_and_bad_threat_tables_are_named() {
        let mut renju = RuleWeights::hand_set(Rule::Renju);
        renju.set_threat(Color::White, 37, 250);
        renju.set_threat(Color::Black, THREAT_MASKS - 1, -9);
        let w = EvalWeights::new(vec![RuleWeights::hand_set(Rule::Freestyle), renju]).unwrap();
        let text = w.to_json();
        let back = EvalWeights::from_json(&text).unwrap();
        assert_eq!(back, w);
        let renju = back.for_rule(Rule::Renju).unwrap();
        assert_eq!(renju.threat(Color::White, 37), 250);
        assert_eq!(renju.threat(Color::Black, 37), 0);
        assert!(!back.for_rule(Rule::Freestyle).unwrap().has_threats());
        // Files without threat values (every version-1 file so far) read as all zero.
        assert!(!sample().to_json().contains("threat"));

        let err = error_of(&text.replacen("\"threats\": [0, ", "\"threats\": [", 1));
        assert!(matches!(err, WeightsError::ThreatsLength { .. }), "{err}");
        assert!(err.to_string().contains("1023 values"), "{err}");
        let err = error_of(&text.replacen(&format!("{:?}", threat_mask_key(3)), "\"x\"", 1));
        assert!(
            matches!(err, WeightsError::ThreatMasks { index: 3, .. }),
            "{err}"
        );
        let without_list = text.replacen("\"threat_masks\"", "\"unused\"", 1);
        let err = error_of(&without_list);
        assert!(
            matches!(err, WeightsError::ThreatMasks { index: 0, .. }),
            "{err}"
        );
    }

    #[test]
    fn move_values_round_trip_and_bad_move_tables_are_named() {
        let mut renju = RuleWeights::hand_set(Rule::Renju);
        renju.set_threat(Color::White, 5, 7);
        renju.set_move_part(Color::Black, MovePart::Defence, 12, -30);
        renju.set_move_part(Color::White, MovePart::Attack, COMBOS - 1, 900);
        let w = EvalWeights::new(vec![RuleWeights::hand_set(Rule::Freestyle), renju]).unwrap();
        let text = w.to_json();
        let back = EvalWeights::from_json(&text).unwrap();
        assert_eq!(back, w);
        let renju = back.for_rule(Rule::Renju).unwrap();
        assert_eq!(renju.move_part(Color::Black, MovePart::Defence, 12), -30);
        assert_eq!(renju.move_value(Color::White, COMBOS - 1, 12), Some(900));
        assert_eq!(renju.move_value(Color::Black, COMBOS - 1, 12), Some(-30));
        let free = back.for_rule(Rule::Freestyle).unwrap();
        assert!(!free.has_move_values());
        assert_eq!(free.move_value(Color::Black, 3, 4), None);
        // Without move values a file has no such tables.
        assert!(!sample().to_json().contains("move_"));

        let err = error_of(&text.replacen("\"move_attack\": [0, ", "\"move_attack\": [", 1));
        assert!(matches!(err, WeightsError::MovesLength { .. }), "{err}");
        assert!(err.to_string().contains("move_attack: 714 values"), "{err}");
        // One table without the other is as wrong as a short one.
        let err = error_of(&text.replacen("\"move_defence\"", "\"unused\"", 1));
        assert!(
            matches!(err, WeightsError::MovesLength { found: 0, .. }),
            "{err}"
        );
    }

    #[test]
    fn before_values_round_trip_and_bad_before_tables_are_named() {
        let mut free = RuleWeights::hand_set(Rule::Freestyle);
        free.set_before_value(Color::Black, Role::ToMove, 7, -25);
        free.set_before_value(Color::White, Role::Waiting, COMBOS - 1, 480);
        let w = EvalWeights::new(vec![free, RuleWeights::hand_set(Rule::Renju)]).unwrap();
        let text = w.to_json();
        let back = EvalWeights::from_json(&text).unwrap();
        assert_eq!(back, w);
        let free = back.for_rule(Rule::Freestyle).unwrap();
        assert!(free.has_before_values());
        assert_eq!(free.before_value(Color::Black, Role::ToMove, 7), -25);
        assert_eq!(
            free.before_value(Color::White, Role::Waiting, COMBOS - 1),
            480
        );
        assert_eq!(free.before_value(Color::White, Role::ToMove, 7), 0);
        // The position's own tables are untouched by the tables of the position before.
        let hand = RuleWeights::hand_set(Rule::Freestyle);
        assert_eq!(
            free.value(Color::Black, Role::ToMove, 7),
            hand.value(Color::Black, Role::ToMove, 7)
        );
        assert!(!back.for_rule(Rule::Renju).unwrap().has_before_values());
        // Without them a file has no such tables.
        assert!(!sample().to_json().contains("before_"));

        let err = error_of(&text.replacen("\"before_waiting\": [0, ", "\"before_waiting\": [", 1));
        assert!(matches!(err, WeightsError::TableLength { .. }), "{err}");
        assert!(err.to_string().contains("before_waiting"), "{err}");
        let err =
            error_of(&text.replacen("\"before_to_move\": [0, ", "\"before_to_move\": [3, ", 1));
        assert!(matches!(err, WeightsError::NonZeroEmpty { .. }), "{err}");
        // One table without the other is as wrong as a short one.
        let err = error_of(&text.replacen("\"before_to_move\"", "\"unused\"", 1));
        assert!(
            matches!(err, WeightsError::TableLength { found: 0, .. }),
            "{err}"
        );
    }

    #[test]
    fn a_missing_file_names_the_file() {
        let err = EvalWeights::load(Path::new("/no/such/weights.json")).unwrap_err();
        assert!(matches!(err, WeightsError::Io { .. }), "{err}");
        assert!(err.to_string().contains("/no/such/weights.json"), "{err}");
    }

    fn error_of(text: &str) -> WeightsError {
        EvalWeights::from_json(text).unwrap_err()
    }

    #[test]
    fn truncated_files_are_errors() {
        let text = sample().to_json();
        for cut in [1, 10, text.len() / 3, text.len() / 2, text.len() - 3] {
            let err = error_of(&text[..cut]);
            assert!(matches!(err, WeightsError::Json(_)), "cut {cut}: {err}");
            assert!(err.to_string().contains("truncated"), "{err}");
        }
        assert!(matches!(error_of(""), WeightsError::Json(_)));
    }

    #[test]
    fn wrong_format_version_rule_and_tables_are_named() {
        let text = sample().to_json();
        let err = error_of("{\"format\": \"something-else\", \"version\": 1}");
        assert!(matches!(err, WeightsError::NotWeights { .. }), "{err}");
        assert!(err.to_string().contains("something-else"));

        let err = error_of(&text.replace("\"version\": 1", "\"version\": 7"));
        assert!(matches!(err, WeightsError::Version { found: 7 }), "{err}");
        assert!(err.to_string().contains("version 7"), "{err}");

        let err = error_of(&text.replace("\"rule\": \"renju\"", "\"rule\": \"chess\""));
        assert!(matches!(err, WeightsError::UnknownRule(_)), "{err}");

        let err = error_of(&text.replace("\"rule\": \"renju\"", "\"rule\": \"freestyle\""));
        assert!(
            matches!(err, WeightsError::DuplicateRule(Rule::Freestyle)),
            "{err}"
        );

        let err = error_of(&text.replacen("\"to_move\": [0, ", "\"to_move\": [", 1));
        assert!(matches!(err, WeightsError::TableLength { .. }), "{err}");
        assert!(err.to_string().contains("714 values"), "{err}");

        let err = error_of(&text.replacen("\"to_move\": [0, ", "\"to_move\": [3, 0, ", 1));
        assert!(matches!(err, WeightsError::TableLength { .. }), "{err}");
        let err = error_of(&text.replacen("\"to_move\": [0, ", "\"to_move\": [3, ", 1));
        assert!(matches!(err, WeightsError::NonZeroEmpty { .. }), "{err}");

        let err = error_of(&text.replacen("\"one+none+none+none\"", "\"two+none\"", 1));
        assert!(
            matches!(err, WeightsError::Combinations { index: 5, .. }),
            "{err}"
        );

        let err = error_of(&text.replacen("\"tempo_eighths\": 10", "\"tempo_eighths\": \"x\"", 1));
        assert!(matches!(err, WeightsError::Json(_)), "{err}");

        let w = sample();
        let err = w.for_rule(Rule::Caro).unwrap_err();
        assert!(
            err.to_string().contains("cover freestyle, renju, not caro"),
            "{err}"
        );
    }

    #[test]
    fn a_bad_file_inside_a_path_names_the_path() {
        let dir = tempfile::Builder::new()
            .prefix("gomoku-weights-bad-")
            .tempdir()
            .unwrap();
        let path = dir.path().join("bad.json");
        std::fs::write(
            &path,
            "{\"format\": \"gomoku-eval-weights\", \"version\": 2}",
        )
        .unwrap();
        let err = EvalWeights::load(&path).unwrap_err();
        assert!(err.to_string().contains("bad.json"), "{err}");
        assert!(err.to_string().contains("version 2"), "{err}");
    }

    #[test]
    fn compiled_in_weights_parse() {
        let w = EvalWeights::compiled_in().unwrap();
        assert_eq!(w.rules().len(), DEFAULT_WEIGHTS_JSON.len());
    }
}
