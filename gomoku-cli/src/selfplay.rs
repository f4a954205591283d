//! `gomoku selfplay`: games of the engine against itself for tuning, written as records (the
//! games themselves are played by [`gomoku_ai::tune::selfplay`]).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use gomoku_ai::Limits;
use gomoku_ai::arena::Shard;
use gomoku_ai::tune::selfplay::{play_selfplay_game, selfplay_openings};
use gomoku_ai::weights::EvalWeights;
use gomoku_rules::Rule;
use gomoku_rules::record::{self, Format, ReadOptions, Record};
use serde::{Deserialize, Serialize};

use crate::run_settings::differences;

/// What to play.
#[derive(Clone, Debug)]
pub struct SelfplayOptions {
    /// Number of games.
    pub games: usize,
    /// Board size.
    pub size: u32,
    /// Rule.
    pub rule: Rule,
    /// Time per move, if any.
    pub move_time: Option<Duration>,
    /// Nodes per move, if any.
    pub nodes: Option<u64>,
    /// Games played at once.
    pub jobs: usize,
    /// Directory for the records (created if missing).
    pub out: PathBuf,
    /// Seed of the random openings (after the built-in balanced ones).
    pub seed: u64,
    /// Evaluation weights for the engine, if not the defaults.
    pub eval: Option<PathBuf>,
    /// Record format.
    pub format: Format,
    /// Play only this part of the games (their numbers and openings are those of the whole
    /// run, so shards never repeat one another's games).
    pub shard: Shard,
    /// Keep the games already in the output directory (of a run with the same settings) and
    /// play the others.
    pub resume: bool,
}

/// The settings of a self-play run, kept in `OUT/.gomoku-selfplay.json` so that a resumed run
/// can check that it plays the same games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct SelfplaySettings {
    games: usize,
    size: u32,
    rule: Rule,
    move_time_ms: Option<f64>,
    nodes: Option<u64>,
    seed: u64,
    /// The weights file's contents, as a digest (the path may differ between machines).
    eval: Option<String>,
    format: String,
    shard: String,
}

/// The settings file's name in the output directory for `shard` (hidden from `gomoku tune
/// OUT`; one per shard, so the shards of a run can share the directory).
pub fn settings_file(shard: Shard) -> String {
    format!(".gomoku-selfplay-{}of{}.json", shard.index(), shard.count())
}

fn record_path(options: &SelfplayOptions, index: usize) -> PathBuf {
    options.out.join(format!(
        "game-{:05}.{}",
        index + 1,
        options.format.extension()
    ))
}

/// Writes the settings of a new run, or with `resume` checks them against those of the run in
/// the output directory; returns the games already there (their 0-based numbers and records).
fn start(
    options: &SelfplayOptions,
    settings: &SelfplaySettings,
    range: std::ops::Range<usize>,
) -> Result<Vec<(usize, Record)>, String> {
    let path = options.out.join(settings_file(options.shard));
    let earlier = match std::fs::read_to_string(&path) {
        Ok(text) if options.resume => Some(
            serde_json::from_str::<SelfplaySettings>(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?,
        ),
        Ok(_) => None,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let Some(earlier) = earlier else {
        let text = serde_json::to_string_pretty(settings).map_err(|e| e.to_string())?;
        record::write_file(&path, text.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(Vec::new());
    };
    let differences = differences(settings, &earlier, "here", "there");
    if !differences.is_empty() {
        return Err(format!(
            "{}: the run there had other settings: {}; resume with its settings, or write \
             the new run to another directory",
            path.display(),
            differences.join(", ")
        ));
    }
    // A record is saved atomically: one that is there and reads is a finished game.
    Ok(range
        .filter_map(|i| {
            let path = record_path(options, i);
            let read = ReadOptions {
                size: options.size,
                rule: options.rule,
                game: 0,
            };
            record::load_with(&path, Some(options.format), &read)
                .ok()
                .map(|rec| (i, rec))
        })
        .collect())
}

/// 0 for a Black win, 1 for a White win, 2 for a draw.
fn result_index(rec: &Record) -> usize {
    match rec.result().and_then(|r| r.winner()) {
        Some(gomoku_rules::Color::Black) => 0,
        Some(gomoku_rules::Color::White) => 1,
        None => 2,
    }
}

/// What was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfplaySummary {
    /// Games written.
    pub games: usize,
    /// Moves played over all games (openings included).
    pub moves: usize,
    /// Wins of Black, wins of White, draws.
    pub results: [usize; 3],
}

/// Plays the games (of the shard; with `resume`, those not already in the output directory)
/// and writes `game-NNNNN.EXT` into the output directory, with a progress line per game on
/// `progress`. The summary counts the games kept from an earlier run too.
///
/// # Errors
/// A message naming the problem: no budget, unreadable weights, an unwritable directory.
pub fn run(
    options: &SelfplayOptions,
    progress: &mut (dyn Write + Send),
) -> Result<SelfplaySummary, String> {
    if options.move_time.is_none() && options.nodes.is_none() {
        return Err("give a budget per move: --time T or --nodes N".into());
    }
    let weights = match &options.eval {
        Some(path) => {
            let w = EvalWeights::load(path).map_err(|e| e.to_string())?;
            w.for_rule(options.rule)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            Some(w)
        }
        None => None,
    };
    std::fs::create_dir_all(&options.out)
        .map_err(|e| format!("cannot create {}: {e}", options.out.display()))?;
    let openings = selfplay_openings(options.games, options.size, options.rule, options.seed);
    let eval = match &options.eval {
        Some(path) => Some(format!(
            "{:016x}",
            std::fs::read(path)
                .map_err(|e| format!("{}: {e}", path.display()))?
                .iter()
                .fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
                    (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
                })
        )),
        None => None,
    };
    let settings = SelfplaySettings {
        games: options.games,
        size: options.size,
        rule: options.rule,
        move_time_ms: options.move_time.map(|t| t.as_secs_f64() * 1000.0),
        nodes: options.nodes,
        seed: options.seed,
        eval,
        format: options.format.extension().to_string(),
        shard: options.shard.to_string(),
    };
    let total = u32::try_from(options.games).unwrap_or(u32::MAX);
    let range = options.shard.games(total);
    let range = range.start as usize..(range.end as usize).min(openings.len());
    let done = start(options, &settings, range.clone())?;
    let mut initial = SelfplaySummary {
        games: 0,
        moves: 0,
        results: [0; 3],
    };
    for (_, rec) in &done {
        initial.games += 1;
        initial.moves += rec.moves().len();
        initial.results[result_index(rec)] += 1;
    }
    let todo: Vec<usize> = range
        .filter(|i| !done.iter().any(|(d, _)| d == i))
        .collect();
    let limits = Limits {
        move_time: options.move_time,
        max_nodes: options.nodes,
        ..Limits::default()
    };
    let next = AtomicUsize::new(0);
    let summary = Mutex::new(initial);
    let progress = Mutex::new(progress);
    let first_error: Mutex<Option<String>> = Mutex::new(None);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                while let Some(&i) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if first_error.lock().is_ok_and(|e| e.is_some()) {
                        break;
                    }
                    let outcome = play_selfplay_game(
                        &openings[i],
                        options.size,
                        options.rule,
                        &limits,
                        weights.as_ref(),
                    )
                    .and_then(|rec| {
                        let path = record_path(options, i);
                        record::save(&path, &rec, options.format)
                            .map(|()| rec)
                            .map_err(|e| e.to_string())
                    });
                    match outcome {
                        Ok(rec) => {
                            let k = result_index(&rec);
                            let Ok(mut s) = summary.lock() else { break };
                            s.games += 1;
                            s.moves += rec.moves().len();
                            s.results[k] += 1;
                            let line = format!(
                                "game {}/{}: {} moves, {} (total B {} W {} D {}, {:.0} s)\n",
                                i + 1,
                                openings.len(),
                                rec.moves().len(),
                                ["Black wins", "White wins", "draw"][k],
                                s.results[0],
                                s.results[1],
                                s.results[2],
                                start.elapsed().as_secs_f64()
                            );
                            drop(s);
                            if let Ok(mut out) = progress.lock() {
                                let _ = out.write_all(line.as_bytes());
                            }
                        }
                        Err(e) => {
                            if let Ok(mut slot) = first_error.lock() {
                                slot.get_or_insert(e);
                            }
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = first_error.into_inner().ok().flatten() {
        return Err(e);
    }
    if openings.len() < options.games {
        return Err(format!(
            "only {} openings fit a {}x{} board",
            openings.len(),
            options.size,
            options.size
        ));
    }
    summary
        .into_inner()
        .map_err(|_| "a self-play thread failed".to_string())
}
