//! `gomoku selfplay`: games of the engine against itself for tuning, written as records (the
//! games themselves are played by [`gomoku_ai::tune::selfplay`]).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use gomoku_ai::Limits;
use gomoku_ai::tune::selfplay::{play_selfplay_game, selfplay_openings};
use gomoku_ai::weights::EvalWeights;
use gomoku_rules::Rule;
use gomoku_rules::record::{self, Format};

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

/// Plays the games and writes `game-NNNNN.EXT` into the output directory, with a progress line
/// per game on `progress`.
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
    let limits = Limits {
        move_time: options.move_time,
        max_nodes: options.nodes,
        ..Limits::default()
    };
    let next = AtomicUsize::new(0);
    let summary = Mutex::new(SelfplaySummary {
        games: 0,
        moves: 0,
        results: [0; 3],
    });
    let progress = Mutex::new(progress);
    let first_error: Mutex<Option<String>> = Mutex::new(None);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= openings.len() || first_error.lock().is_ok_and(|e| e.is_some()) {
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
                        let path = options.out.join(format!(
                            "game-{:05}.{}",
                            i + 1,
                            options.format.extension()
                        ));
                        record::save(&path, &rec, options.format)
                            .map(|()| rec)
                            .map_err(|e| e.to_string())
                    });
                    match outcome {
                        Ok(rec) => {
                            let k = match rec.result().and_then(|r| r.winner()) {
                                Some(gomoku_rules::Color::Black) => 0,
                                Some(gomoku_rules::Color::White) => 1,
                                None => 2,
                            };
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
