//! Matches and tournaments that outgrow one process: `--shard K/N`, `--resume` and
//! `--events FILE`, and the journal that makes a run resumable.
//!
//! A run with `--records DIR` keeps a journal beside its records, `DIR/.gomoku-run.jsonl`: its
//! first line holds the settings and the shard, every further line a finished game (a
//! [`GameEvent`]), appended once the game's record is saved. With `--resume` the run reads it
//! back, refuses other settings (naming them), drops a last line cut short by a killed process,
//! counts the games already finished and plays the rest: the same games, with the same seeds,
//! as one uninterrupted run.

use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use gomoku_ai::arena::{
    GameEvent, GameReport, Hypothesis, MatchPlan, MatchSummary, Shard, SprtConfig,
};
use gomoku_rules::record::{Format, write_file};

use crate::arena_settings::MatchCliError;
use crate::events::EventLog;
use crate::run_settings::RunSettings;

/// The journal's name in the records directory of a whole run (hidden, so that `gomoku tune
/// DIR` and the like see only the records).
pub const JOURNAL: &str = ".gomoku-run.jsonl";

/// The journal's name for `shard`: [`JOURNAL`] for the whole run, `.gomoku-run-KofN.jsonl` for
/// a part (so the shards of a run can share one records directory).
pub fn journal_name(shard: Shard) -> String {
    if shard.is_whole() {
        JOURNAL.to_string()
    } else {
        format!(".gomoku-run-{}of{}.jsonl", shard.index(), shard.count())
    }
}

/// The options of a run that is one part of a larger one.
#[derive(Clone, Debug, Default)]
pub struct ScaleOut {
    /// The part of the schedule to play (`1/1`: all of it).
    pub shard: Shard,
    /// Continue the run whose journal is in the records directory, if there is one.
    pub resume: bool,
    /// Append a line per finished game to this file.
    pub events: Option<PathBuf>,
}

/// The journal's first line.
#[derive(Debug, Serialize, Deserialize)]
struct Header {
    /// The settings that decide the games.
    settings: RunSettings,
    /// `K/N`.
    shard: String,
    /// The records' format (their file names depend on it).
    record_format: String,
}

/// Why a run cannot be resumed.
#[derive(Debug, Error)]
pub enum ResumeError {
    /// `--resume` without `--records`.
    #[error("--resume needs --records DIR: the finished games are read back from there")]
    NoRecords,
    /// The journal cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The journal.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// The run in the directory had other settings.
    #[error(
        "{path}: the run there had other settings: {}; resume with its settings, or start \
         the new run in another directory", differences.join(", ")
    )]
    Settings {
        /// The journal.
        path: PathBuf,
        /// One item a setting: `seed (1 here, 2 there)`.
        differences: Vec<String>,
    },
    /// A line of the journal is not what this run wrote.
    #[error("{path}: line {line}: {message}")]
    Journal {
        /// The journal.
        path: PathBuf,
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Records but no journal: a run of an older version, nothing to resume from.
    #[error("{0}: game records but no journal to resume from; start the run in another directory")]
    NoJournal(PathBuf),
}

/// Where finished games go besides their records: the journal and the event stream.
#[derive(Debug, Default)]
pub struct GameLog {
    journal: Option<EventLog>,
    events: Option<EventLog>,
}

impl GameLog {
    /// Logs a finished game (after its record was saved).
    ///
    /// # Errors
    /// [`MatchCliError`] naming the file that cannot be written.
    pub fn write(&mut self, event: &GameEvent) -> Result<(), MatchCliError> {
        if let Some(journal) = &mut self.journal {
            journal
                .write(event)
                .map_err(|source| MatchCliError::Records {
                    path: journal.path().to_path_buf(),
                    source,
                })?;
        }
        if let Some(events) = &mut self.events {
            events
                .write(event)
                .map_err(|source| MatchCliError::Events {
                    path: events.path().to_path_buf(),
                    source,
                })?;
        }
        Ok(())
    }
}

/// A started run: what each pairing (one, for a match) has left, and the log.
#[derive(Debug)]
pub struct Started {
    /// The plan of each pairing, in order.
    pub plans: Vec<MatchPlan>,
    /// Where finished games are logged.
    pub log: GameLog,
}

impl ScaleOut {
    /// Starts a run of `settings` (`pairings` matches of `settings.games` games: 1 for a match)
    /// with its records in `records`: reads back the journal of the run there with
    /// `--resume` (refusing other settings), or begins a new journal; opens the event stream.
    ///
    /// # Errors
    /// [`ResumeError`] when the run cannot be resumed, [`MatchCliError::Events`] when the event
    /// stream cannot be opened.
    pub fn start(
        &self,
        settings: &RunSettings,
        records: Option<&Path>,
        record_format: Format,
        pairings: usize,
    ) -> Result<Started, MatchCliError> {
        let games = self.shard.games(settings.games);
        let mut plans: Vec<MatchPlan> = (0..pairings)
            .map(|_| MatchPlan {
                games: games.clone(),
                played: Vec::new(),
            })
            .collect();
        let header = Header {
            settings: settings.clone(),
            shard: self.shard.to_string(),
            record_format: record_format.extension().to_string(),
        };
        let journal = match records {
            None if self.resume => return Err(ResumeError::NoRecords.into()),
            None => None,
            Some(dir) => {
                let path = dir.join(journal_name(self.shard));
                let io_error = |source| ResumeError::Io {
                    path: path.clone(),
                    source,
                };
                let earlier = if self.resume {
                    read_journal(&path, &header)?
                } else {
                    None
                };
                match earlier {
                    Some((complete, events)) => {
                        for (line, event) in events {
                            let (k, report) = self.check(event, &games, pairings, &path, line)?;
                            plans[k].played.push(report);
                        }
                        // Drop a last line cut short, so that new lines start on their own.
                        write_file(&path, complete.as_bytes()).map_err(io_error)?;
                    }
                    None => {
                        let prefix = if pairings > 1 { "pairing-01-" } else { "" };
                        if self.resume && holds_records(dir, prefix, &games, record_format) {
                            return Err(ResumeError::NoJournal(dir.to_path_buf()).into());
                        }
                        let mut line = serde_json::to_string(&header).map_err(io::Error::other)?;
                        line.push('\n');
                        write_file(&path, line.as_bytes()).map_err(io_error)?;
                    }
                }
                Some(EventLog::append_to(&path).map_err(io_error)?)
            }
        };
        let events = match &self.events {
            Some(path) => {
                Some(
                    EventLog::append_to(path).map_err(|source| MatchCliError::Events {
                        path: path.clone(),
                        source,
                    })?,
                )
            }
            None => None,
        };
        Ok(Started {
            plans,
            log: GameLog { journal, events },
        })
    }

    /// The pairing and game of a journal line, checked against this run's schedule.
    fn check(
        &self,
        event: GameEvent,
        games: &std::ops::Range<u32>,
        pairings: usize,
        path: &Path,
        line: usize,
    ) -> Result<(usize, GameReport), ResumeError> {
        let error = |message: String| ResumeError::Journal {
            path: path.to_path_buf(),
            line,
            message,
        };
        let pairing = match (event.pairing, pairings) {
            (None, 1) => 0,
            (Some(k), n) if (1..=n).contains(&(k as usize)) => k as usize - 1,
            (k, n) => {
                return Err(error(format!(
                    "pairing {} is not one of this run's {n}",
                    k.map_or("none".to_string(), |k| k.to_string())
                )));
            }
        };
        let report = event.to_report().map_err(|e| error(e.to_string()))?;
        if !games.contains(&report.index) {
            return Err(error(format!(
                "game {} is not in shard {}",
                report.index + 1,
                self.shard
            )));
        }
        Ok((pairing, report))
    }
}

/// Whether `dir` holds a record of one of `games` (as `PREFIXgame-NNNN.EXT`).
fn holds_records(dir: &Path, prefix: &str, games: &std::ops::Range<u32>, format: Format) -> bool {
    games.clone().any(|i| {
        dir.join(format!("{prefix}game-{:04}.{}", i + 1, format.extension()))
            .exists()
    })
}

/// A journal read back: its complete lines (as text) and its games with their line numbers.
type Journal = (String, Vec<(usize, GameEvent)>);

/// The journal at `path`, once its header is found to be `expected`; `None` when there is no
/// journal.
fn read_journal(path: &Path, expected: &Header) -> Result<Option<Journal>, ResumeError> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(ResumeError::Io {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    // A killed process may leave its last line unfinished: only lines ending in a newline count.
    let complete = match text.rfind('\n') {
        Some(end) => text[..=end].to_string(),
        None => String::new(),
    };
    let error = |line: usize, message: String| ResumeError::Journal {
        path: path.to_path_buf(),
        line,
        message,
    };
    let mut lines = complete.lines().enumerate();
    let Some((_, first)) = lines.next() else {
        return Ok(None);
    };
    let header: Header = serde_json::from_str(first).map_err(|e| {
        error(
            1,
            format!("not a journal of gomoku match or tournament: {e}"),
        )
    })?;
    let mut differences = expected
        .settings
        .differences(&header.settings, "here", "there");
    for (name, here, there) in [
        ("shard", &expected.shard, &header.shard),
        (
            "record format",
            &expected.record_format,
            &header.record_format,
        ),
    ] {
        if here != there {
            differences.push(format!("{name} ({here} here, {there} there)"));
        }
    }
    if !differences.is_empty() {
        return Err(ResumeError::Settings {
            path: path.to_path_buf(),
            differences,
        });
    }
    let mut events = Vec::new();
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let event: GameEvent =
            serde_json::from_str(line).map_err(|e| error(i + 1, e.to_string()))?;
        events.push((i + 1, event));
    }
    Ok(Some((complete, events)))
}

/// The hypothesis an SPRT accepted during the games an earlier run played (in their order),
/// if it did, with the number of games it had counted then: a resumed run that has decided
/// plays no more games (unless it plays them all).
pub fn decided_before(
    sprt: Option<SprtConfig>,
    played: &[GameReport],
) -> Option<(Hypothesis, u32)> {
    let sprt = sprt?;
    let mut summary = MatchSummary::new();
    played.iter().find_map(|report| {
        summary.add(report);
        sprt.status(&summary).result.map(|h| (h, summary.games()))
    })
}

/// Adds to a `--json` result what `gomoku merge` needs: the `settings`, the `shard` and the
/// `game_numbers` the result counts, as ranges `[[first, last], ...]` of 1-based numbers.
pub fn add_part_json(
    value: &mut serde_json::Value,
    settings: &RunSettings,
    shard: Shard,
    games: &[GameReport],
) {
    value["settings"] = serde_json::to_value(settings).unwrap_or_default();
    value["shard"] = serde_json::Value::from(shard.to_string());
    value["game_numbers"] =
        serde_json::to_value(number_ranges(games.iter().map(|g| g.index + 1))).unwrap_or_default();
}

/// Numbers as sorted ranges `[first, last]`, each number once.
pub fn number_ranges(numbers: impl IntoIterator<Item = u32>) -> Vec<[u32; 2]> {
    let mut numbers: Vec<u32> = numbers.into_iter().collect();
    numbers.sort_unstable();
    numbers.dedup();
    let mut ranges: Vec<[u32; 2]> = Vec::new();
    for n in numbers {
        match ranges.last_mut() {
            Some(last) if last[1] + 1 == n => last[1] = n,
            _ => ranges.push([n, n]),
        }
    }
    ranges
}
