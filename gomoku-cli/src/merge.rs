//! `gomoku merge`: pools the `--json` results of the shards of a match (or of runs that
//! resumed one another's games) into the result one run of all those games reports: the
//! score, W/L/D per colour, the pentanomial pair counts, the Elo estimate with its interval
//! and the SPRT's LLR. Results of other settings, and results that count the same game twice,
//! are refused with what differs.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use thiserror::Error;

use gomoku_ai::arena::{
    ColorRecord, ForfeitReason, ForfeitRecord, MatchSummary, Side, SideStats, VoidRecord,
};
use gomoku_rules::Color;

use crate::match_runner::{MatchOptions, SprtOutcome, summary_json, summary_table};
use crate::resume::number_ranges;
use crate::run_settings::RunSettings;

/// Why results cannot be merged.
#[derive(Debug, Error)]
pub enum MergeError {
    /// No file was named.
    #[error("give the --json result files to merge")]
    NoInputs,
    /// A file cannot be read.
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// A file is not a result of `gomoku match --json`.
    #[error("{path}: not a `gomoku match --json` result: {message}")]
    NotAResult {
        /// The file.
        path: PathBuf,
        /// What is missing or wrong.
        message: String,
    },
    /// Two results were played with different settings.
    #[error("{path} and {first} have different settings: {}", differences.join(", "))]
    Settings {
        /// The file that differs.
        path: PathBuf,
        /// The first file.
        first: PathBuf,
        /// One item a setting.
        differences: Vec<String>,
    },
    /// Two results count the same game.
    #[error(
        "{path} and {other} both count game {game}: overlapping shards, or a run and its \
         resumption (merge only the resumed run's result)"
    )]
    Overlap {
        /// A file.
        path: PathBuf,
        /// The file it overlaps.
        other: PathBuf,
        /// The first game both count.
        game: u32,
    },
    /// The output cannot be written.
    #[error(transparent)]
    Output(#[from] io::Error),
}

/// The parts of a `--json` result that merging reads.
#[derive(Debug, Deserialize)]
struct ResultFile {
    settings: RunSettings,
    shard: String,
    game_numbers: Vec<[u32; 2]>,
    a: SideJson,
    b: SideJson,
    forfeits: Vec<ForfeitJson>,
    voids: Vec<VoidJson>,
    pairs: [u32; 5],
    interrupted: bool,
}

#[derive(Debug, Deserialize)]
struct ColorJson {
    wins: u32,
    losses: u32,
    draws: u32,
}

#[derive(Debug, Deserialize)]
struct SideJson {
    name: String,
    as_black: ColorJson,
    as_white: ColorJson,
    moves: u32,
    avg_move_ms: f64,
    max_move_ms: f64,
    forfeits: u32,
}

#[derive(Debug, Deserialize)]
struct ForfeitJson {
    game: u32,
    side: String,
    color: Color,
    detail: ForfeitReason,
}

#[derive(Debug, Deserialize)]
struct VoidJson {
    game: u32,
    attempt: u32,
    side: String,
    color: Color,
    waited_ms: u64,
}

fn side(text: &str) -> Result<Side, String> {
    match text {
        "A" => Ok(Side::A),
        "B" => Ok(Side::B),
        _ => Err(format!("side \"{text}\" (expected A or B)")),
    }
}

fn game_index(game: u32) -> Result<u32, String> {
    game.checked_sub(1)
        .ok_or_else(|| "game 0 (games count from 1)".to_string())
}

fn milliseconds(what: &str, ms: f64) -> Result<Duration, String> {
    Duration::try_from_secs_f64(ms / 1000.0).map_err(|_| format!("{what}: {ms} ms"))
}

impl SideJson {
    fn stats(&self) -> Result<SideStats, String> {
        let record = |c: &ColorJson| ColorRecord {
            wins: c.wins,
            losses: c.losses,
            draws: c.draws,
        };
        Ok(SideStats {
            name: self.name.clone(),
            as_black: record(&self.as_black),
            as_white: record(&self.as_white),
            moves: self.moves,
            total_time: milliseconds("avg_move_ms", self.avg_move_ms * f64::from(self.moves))?,
            max_time: milliseconds("max_move_ms", self.max_move_ms)?,
            forfeits: self.forfeits,
            // A result file keeps no per-move budgets or per-game clock use to pool.
            budgeted_moves: 0,
            total_budget: Duration::ZERO,
            game_times: Vec::new(),
        })
    }
}

impl ResultFile {
    /// Reads and checks a result file.
    fn load(path: &Path) -> Result<ResultFile, MergeError> {
        let text = std::fs::read_to_string(path).map_err(|source| MergeError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let not_a_result = |message: String| MergeError::NotAResult {
            path: path.to_path_buf(),
            message,
        };
        let file: ResultFile =
            serde_json::from_str(&text).map_err(|e| not_a_result(e.to_string()))?;
        if file.settings.command != "match" || file.settings.players.len() != 2 {
            return Err(not_a_result(format!(
                "a {} of {} players (merge takes match results)",
                file.settings.command,
                file.settings.players.len()
            )));
        }
        for &[first, last] in &file.game_numbers {
            if first == 0 || first > last || last > file.settings.games {
                return Err(not_a_result(format!(
                    "game numbers {first}-{last} of a match of {} games",
                    file.settings.games
                )));
            }
        }
        Ok(file)
    }

    /// The tally the file reports.
    fn summary(&self) -> Result<MatchSummary, String> {
        let mut summary = MatchSummary::new();
        summary.a = self.a.stats()?;
        summary.b = self.b.stats()?;
        summary.pairs = self.pairs;
        for f in &self.forfeits {
            summary.forfeits.push(ForfeitRecord {
                game: game_index(f.game)?,
                side: side(&f.side)?,
                color: f.color,
                reason: f.detail.clone(),
            });
        }
        for v in &self.voids {
            summary.voids.push(VoidRecord {
                game: game_index(v.game)?,
                attempt: v.attempt,
                side: side(&v.side)?,
                color: v.color,
                waited: Duration::from_millis(v.waited_ms),
            });
        }
        Ok(summary)
    }
}

/// The first game number two sets of ranges share.
fn first_shared(x: &[[u32; 2]], y: &[[u32; 2]]) -> Option<u32> {
    x.iter()
        .flat_map(|a| y.iter().map(move |b| (a[0].max(b[0]), a[1].min(b[1]))))
        .filter(|(start, end)| start <= end)
        .map(|(start, _)| start)
        .min()
}

/// Merges the results in `inputs` and writes the pooled result to `output`: the table, or
/// with `json` the JSON of `gomoku match --json` (which can be merged again).
///
/// # Errors
/// [`MergeError`] naming the file and what is wrong with it.
pub fn run(inputs: &[PathBuf], json: bool, output: &mut dyn Write) -> Result<(), MergeError> {
    let Some(first_path) = inputs.first() else {
        return Err(MergeError::NoInputs);
    };
    let mut files: Vec<(&PathBuf, ResultFile)> = Vec::new();
    for path in inputs {
        let file = ResultFile::load(path)?;
        if let Some((_, first)) = files.first() {
            let differences = file.settings.differences(
                &first.settings,
                &format!("in {}", path.display()),
                &format!("in {}", first_path.display()),
            );
            if !differences.is_empty() {
                return Err(MergeError::Settings {
                    path: path.clone(),
                    first: first_path.clone(),
                    differences,
                });
            }
        }
        for (other, earlier) in &files {
            if let Some(game) = first_shared(&file.game_numbers, &earlier.game_numbers) {
                return Err(MergeError::Overlap {
                    path: path.clone(),
                    other: (*other).clone(),
                    game,
                });
            }
        }
        files.push((path, file));
    }
    let mut summary = MatchSummary::new();
    for (path, file) in &files {
        let part = file.summary().map_err(|message| MergeError::NotAResult {
            path: (*path).clone(),
            message,
        })?;
        summary.merge(&part);
    }
    let settings = &files[0].1.settings;
    let invalid = |message: String| MergeError::NotAResult {
        path: first_path.clone(),
        message,
    };
    let sprt = match &settings.sprt {
        Some(s) => {
            let config = s.config().map_err(invalid)?;
            let status = config.status(&summary);
            Some(SprtOutcome {
                config,
                status,
                result: status.result,
                decided_after: None,
            })
        }
        None => None,
    };
    let player = |i: usize| {
        settings.players[i]
            .parse()
            .map_err(|e| invalid(format!("player \"{}\": {e}", settings.players[i])))
    };
    let options = MatchOptions {
        a: player(0)?,
        b: player(1)?,
        sprt: sprt.map(|s| s.config),
        sprt_play_all: settings.sprt.as_ref().is_some_and(|s| s.play_all),
        arena: settings.arena().map_err(invalid)?,
    };
    let interrupted = files.iter().any(|(_, f)| f.interrupted);
    let numbers = number_ranges(files.iter().flat_map(|(_, f)| {
        f.game_numbers
            .iter()
            .flat_map(|&[first, last]| first..=last)
    }));
    let covered = |n: u32| numbers.iter().any(|r| (r[0]..=r[1]).contains(&n));
    let missing = number_ranges((1..=settings.games).filter(|&n| !covered(n)));
    let shards: Vec<&str> = files.iter().map(|(_, f)| f.shard.as_str()).collect();
    if json {
        let mut value = summary_json(&options, &summary, sprt.as_ref(), interrupted);
        value["settings"] = serde_json::to_value(settings).map_err(io::Error::other)?;
        value["shard"] = serde_json::Value::from(shards.join("+"));
        value["game_numbers"] = serde_json::to_value(&numbers).map_err(io::Error::other)?;
        value["missing_game_numbers"] = serde_json::to_value(&missing).map_err(io::Error::other)?;
        let text = serde_json::to_string_pretty(&value).map_err(io::Error::other)?;
        writeln!(output, "{text}")?;
    } else {
        let ranges = |r: &[[u32; 2]]| {
            r.iter()
                .map(|&[a, b]| {
                    if a == b {
                        a.to_string()
                    } else {
                        format!("{a}-{b}")
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        writeln!(
            output,
            "Merged {} results (shards {}): games {}",
            files.len(),
            shards.join(", "),
            ranges(&numbers)
        )?;
        if !missing.is_empty() {
            writeln!(output, "Not in any result: games {}", ranges(&missing))?;
        }
        write!(
            output,
            "{}",
            summary_table(
                &options,
                settings.openings_count,
                &summary,
                sprt.as_ref(),
                interrupted
            )
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_games_are_found() {
        assert_eq!(first_shared(&[[1, 4]], &[[5, 8]]), None);
        assert_eq!(first_shared(&[[1, 4], [9, 9]], &[[5, 9]]), Some(9));
        assert_eq!(first_shared(&[[3, 6]], &[[1, 4]]), Some(3));
    }
}
