//! `gomoku match`: the command-line side of a match (the games themselves are played by
//! [`gomoku_ai::arena`]): building the players from their specifications, the progress line,
//! the final table or JSON, and the game records.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::json;
use thiserror::Error;

use gomoku_ai::arena::{
    EloEstimate, Flow, GameEnd, GameReport, Hypothesis, MatchConfig, MatchError, MatchResult,
    MatchSummary, Opening, OpeningError, Side, SideStats, SprtConfig, SprtStatus, TimeControl,
    default_openings, parse_openings, run_match,
};
use gomoku_ai::{Player, StopFlag};
use gomoku_core::record::{self, Format, GameResult, Record};
use gomoku_core::{Color, GameError, Rule};

use crate::player_spec::{PlayerSpec, SpecError};

/// Where the openings come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningsChoice {
    /// The built-in balanced set.
    Default,
    /// None: every game starts on the empty board.
    None,
    /// A file in the Gomocup offset format.
    File(PathBuf),
}

/// The settings of `gomoku match`.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// Games.
    pub games: u32,
    /// Openings.
    pub openings: OpeningsChoice,
    /// Rule.
    pub rule: Rule,
    /// Board size.
    pub size: u32,
    /// The clocks.
    pub time: TimeControl,
    /// Games at once.
    pub threads: usize,
    /// Seed.
    pub seed: u64,
    /// Print JSON instead of the table.
    pub json: bool,
    /// Save every game in this directory.
    pub records: Option<PathBuf>,
    /// The format of those records.
    pub record_format: Format,
    /// Play until this test decides (or `games` are played).
    pub sprt: Option<SprtConfig>,
    /// How many times a void game is played again.
    pub void_replays: u32,
    /// Raised (by Ctrl-C) to stop the match and report the games finished so far.
    pub interrupt: StopFlag,
}

/// How far past its time limit plus the forfeit tolerance an external engine's answer is still
/// awaited: an answer in that window is a (late) forfeit, none at all a void game.
pub const SILENCE_MARGIN: Duration = Duration::from_millis(500);

impl MatchOptions {
    /// The specification of `side`.
    pub fn spec(&self, side: Side) -> &PlayerSpec {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }
}

/// Why a match could not run.
#[derive(Debug, Error)]
pub enum MatchCliError {
    /// A human cannot play a match.
    #[error("a match is between AIs; \"human\" cannot play")]
    Human,
    /// A player does not work.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The openings file cannot be read.
    #[error("{path}: {source}")]
    OpeningsFile {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// The openings file is malformed.
    #[error("{path}: {source}")]
    Openings {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: OpeningError,
    },
    /// The openings file holds no opening.
    #[error("{0}: no openings in the file")]
    NoOpenings(PathBuf),
    /// The match cannot start.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// A record could not be written.
    #[error("records: {path}: {source}")]
    Records {
        /// The file or directory.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// A record could not be saved.
    #[error("records: {0}")]
    RecordFile(record::FileError),
    /// Output failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Reads the openings the options ask for.
///
/// # Errors
/// [`MatchCliError`] for an unreadable, malformed or empty file.
pub fn load_openings(options: &MatchOptions) -> Result<Vec<Opening>, MatchCliError> {
    match &options.openings {
        OpeningsChoice::Default => Ok(default_openings(options.size, options.rule)),
        OpeningsChoice::None => Ok(Vec::new()),
        OpeningsChoice::File(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|source| MatchCliError::OpeningsFile {
                    path: path.clone(),
                    source,
                })?;
            let openings = parse_openings(&text, options.size, options.rule).map_err(|source| {
                MatchCliError::Openings {
                    path: path.clone(),
                    source,
                }
            })?;
            if openings.is_empty() {
                return Err(MatchCliError::NoOpenings(path.clone()));
            }
            Ok(openings)
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The running score after a game:
/// `[ 12/100] A 6.5 - 5.5 B  W-L-D 6-5-1  Elo +29 ±187  LLR 0.12 [-2.94, 2.94]  void 1`.
pub fn progress_line(summary: &MatchSummary, total: u32, sprt: Option<&SprtStatus>) -> String {
    let a = &summary.a;
    let mut line = format!(
        "[{:>w$}/{total}] A {} - {} B  W-L-D {}-{}-{}",
        summary.games(),
        a.score(),
        summary.b.score(),
        a.wins(),
        a.losses(),
        a.draws(),
        w = total.to_string().len()
    );
    if let Some(e) = summary.elo() {
        line.push_str(&format!("  Elo {}", e.short()));
    }
    if let Some(status) = sprt {
        line.push_str(&format!("  {status}"));
    }
    if !summary.voids.is_empty() {
        line.push_str(&format!("  void {}", summary.voids.len()));
    }
    line
}

/// `H1 accepted`, `H0 accepted` or `inconclusive`.
pub fn sprt_verdict(result: Option<Hypothesis>) -> &'static str {
    match result {
        Some(Hypothesis::H1) => "H1 accepted",
        Some(Hypothesis::H0) => "H0 accepted",
        None => "inconclusive",
    }
}

/// The final state of an SPRT: the LLR after every counted game, and the hypothesis accepted
/// when the LLR first crossed a bound (games in flight then still count in the LLR).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtOutcome {
    /// The test.
    pub config: SprtConfig,
    /// Where it stands after all games.
    pub status: SprtStatus,
    /// The hypothesis accepted, if the test decided.
    pub result: Option<Hypothesis>,
}

fn elo_text(elo: Option<EloEstimate>) -> String {
    elo.map_or_else(|| "n/a".to_string(), |e| format!("{e} (95%)"))
}

/// The final table.
pub fn summary_table(
    options: &MatchOptions,
    openings: usize,
    summary: &MatchSummary,
    sprt: Option<&SprtOutcome>,
    interrupted: bool,
) -> String {
    let mut out = String::new();
    let time = match (options.time.move_time, options.time.game_time) {
        (Some(m), Some(g)) => format!("{} ms/move, {} ms/game", m.as_millis(), g.as_millis()),
        (Some(m), None) => format!("{} ms/move", m.as_millis()),
        (None, Some(g)) => format!("{} ms/game", g.as_millis()),
        (None, None) => "no time limit".to_string(),
    };
    let openings = if openings == 0 {
        "none".to_string()
    } else {
        format!("{openings}")
    };
    let time = match options.time.nodes {
        Some(n) => format!("{time}, {n} nodes/move"),
        None => time,
    };
    if interrupted {
        out.push_str("Interrupted: the games finished so far\n");
    }
    out.push_str(&format!(
        "{} games, {} {}x{}, {time}, openings: {openings}\n\n",
        summary.games(),
        options.rule,
        options.size,
        options.size
    ));
    let width = summary.a.name.len().max(summary.b.name.len()).max(6);
    out.push_str(&format!(
        "  {:<width$}  {:>8}  {:>8}  {:>8}  {:>14}  {:>10}  {:>10}  {:>8}\n",
        "player", "as Black", "as White", "total", "score", "avg ms", "max ms", "forfeits"
    ));
    for (label, s) in [("A", &summary.a), ("B", &summary.b)] {
        let wld = |w: u32, l: u32, d: u32| format!("{w}-{l}-{d}");
        let games = s.games().max(1);
        out.push_str(&format!(
            "{label} {:<width$}  {:>8}  {:>8}  {:>8}  {:>14}  {:>10.2}  {:>10.2}  {:>8}\n",
            s.name,
            wld(s.as_black.wins, s.as_black.losses, s.as_black.draws),
            wld(s.as_white.wins, s.as_white.losses, s.as_white.draws),
            wld(s.wins(), s.losses(), s.draws()),
            format!(
                "{} ({:.1}%)",
                s.score(),
                100.0 * s.score() / f64::from(games)
            ),
            ms(s.average_time()),
            ms(s.max_time),
            s.forfeits
        ));
    }
    out.push_str("  (W-L-D)\n\n");
    out.push_str(&format!("Elo A - B: {}\n", elo_text(summary.elo())));
    if let Some(sprt) = sprt {
        let c = &sprt.config;
        out.push_str(&format!(
            "SPRT ({}): elo0 {}, elo1 {}, alpha {}, beta {}\n{}\n{}\n",
            c.model,
            c.elo0,
            c.elo1,
            c.alpha,
            c.beta,
            sprt.status,
            sprt_verdict(sprt.result)
        ));
    }
    if summary.forfeits.is_empty() {
        out.push_str("Forfeits: none\n");
    } else {
        out.push_str("Forfeits:\n");
        for f in &summary.forfeits {
            out.push_str(&format!(
                "  game {}: {} ({}, {}) {}\n",
                f.game + 1,
                f.side,
                summary.side(f.side).name,
                f.color,
                f.reason
            ));
        }
    }
    out.push_str(&format!(
        "Void: {}{}\n",
        summary.voids.len(),
        if summary.voids.is_empty() {
            ""
        } else {
            " (not scored)"
        }
    ));
    for v in &summary.voids {
        out.push_str(&format!(
            "  game {}{}: {} ({}, {}) sent nothing for {} ms\n",
            v.game + 1,
            attempt_suffix(v.attempt),
            v.side,
            summary.side(v.side).name,
            v.color,
            v.waited.as_millis()
        ));
    }
    out
}

/// `""` for a first attempt, ` (replay 2)` for the second...
fn attempt_suffix(attempt: u32) -> String {
    if attempt == 0 {
        String::new()
    } else {
        format!(" (replay {attempt})")
    }
}

fn finite(v: f64) -> serde_json::Value {
    if v.is_finite() {
        json!((v * 10.0).round() / 10.0)
    } else {
        serde_json::Value::Null
    }
}

fn side_json(s: &SideStats) -> serde_json::Value {
    let record = |r: &gomoku_ai::arena::ColorRecord| json!({"wins": r.wins, "losses": r.losses, "draws": r.draws});
    json!({
        "name": s.name,
        "games": s.games(),
        "wins": s.wins(),
        "losses": s.losses(),
        "draws": s.draws(),
        "score": s.score(),
        "as_black": record(&s.as_black),
        "as_white": record(&s.as_white),
        "moves": s.moves,
        "avg_move_ms": (ms(s.average_time()) * 1000.0).round() / 1000.0,
        "max_move_ms": (ms(s.max_time) * 1000.0).round() / 1000.0,
        "forfeits": s.forfeits,
    })
}

/// The SPRT as JSON: `{"elo0", "elo1", "alpha", "beta", "llr", "lower", "upper", "result"}`
/// (result `"H0"`, `"H1"` or null) and the model.
pub fn sprt_json(sprt: &SprtOutcome) -> serde_json::Value {
    let round = |v: f64| (v * 1000.0).round() / 1000.0;
    let c = &sprt.config;
    json!({
        "elo0": c.elo0,
        "elo1": c.elo1,
        "alpha": c.alpha,
        "beta": c.beta,
        "model": c.model.name(),
        "llr": round(sprt.status.llr),
        "lower": round(sprt.status.lower),
        "upper": round(sprt.status.upper),
        "result": sprt.result.map(|h| h.to_string()),
    })
}

/// The summary as JSON.
pub fn summary_json(
    options: &MatchOptions,
    summary: &MatchSummary,
    sprt: Option<&SprtOutcome>,
    interrupted: bool,
) -> serde_json::Value {
    let elo = summary.elo();
    let mut value = json!({
        "rule": options.rule.name(),
        "size": options.size,
        "games": summary.games(),
        "move_time_ms": options.time.move_time.map(|d| d.as_millis() as u64),
        "game_time_ms": options.time.game_time.map(|d| d.as_millis() as u64),
        "a": side_json(&summary.a),
        "b": side_json(&summary.b),
        "elo": elo.map(|e| json!({"diff": finite(e.diff), "low": finite(e.low), "high": finite(e.high)})),
        "forfeits": summary.forfeits.iter().map(|f| json!({
            "game": f.game + 1,
            "side": f.side.to_string(),
            "color": f.color.to_string().to_lowercase(),
            "reason": f.reason.to_string(),
        })).collect::<Vec<_>>(),
        "void": summary.voids.len(),
        "voids": summary.voids.iter().map(|v| json!({
            "game": v.game + 1,
            "attempt": v.attempt,
            "side": v.side.to_string(),
            "color": v.color.to_string().to_lowercase(),
            "waited_ms": v.waited.as_millis() as u64,
        })).collect::<Vec<_>>(),
        "pairs": summary.pairs,
        "interrupted": interrupted,
    });
    if let Some(sprt) = sprt {
        value["sprt"] = sprt_json(sprt);
    }
    value
}

/// The record of one game: moves (opening included), times (0 for the opening stones),
/// players and result (a forfeit is stated as the result).
fn game_record(report: &GameReport, options: &MatchOptions) -> Result<Record, GameError> {
    let played = &report.played;
    let mut rec = Record::from_game(&played.game)?;
    rec.black = Some(options.spec(report.side_of(Color::Black)).to_string());
    rec.white = Some(options.spec(report.side_of(Color::White)).to_string());
    let void = if matches!(played.end, GameEnd::Void { .. }) {
        ", void"
    } else {
        ""
    };
    rec.event = Some(format!(
        "gomoku match, game {}{}{void}",
        report.index + 1,
        attempt_suffix(report.attempt)
    ));
    let times = std::iter::repeat_n(0, played.opening_moves)
        .chain(
            played
                .move_times
                .iter()
                .map(|t| t.as_millis().min(u32::MAX as u128) as u32),
        )
        .collect();
    // Both can only fail on a record that contradicts itself, which a refereed game is not.
    let _ = rec.set_times(Some(times));
    let result = played.end.winner().map(GameResult::win_for);
    if !played.game.is_over() {
        let _ = rec.set_result(result);
    }
    Ok(rec)
}

fn write_record(
    dir: &Path,
    report: &GameReport,
    options: &MatchOptions,
) -> Result<(), MatchCliError> {
    let replay = if report.attempt == 0 {
        String::new()
    } else {
        format!("-r{}", report.attempt)
    };
    let path = dir.join(format!(
        "game-{:04}{replay}.{}",
        report.index + 1,
        options.record_format.extension()
    ));
    let rec = game_record(report, options).map_err(|e| MatchCliError::Records {
        path: path.clone(),
        source: io::Error::other(e),
    })?;
    record::save(&path, &rec, options.record_format).map_err(MatchCliError::RecordFile)
}

/// Builds a player for the arena from a specification: an external engine may answer up to
/// the tolerance plus [`SILENCE_MARGIN`] late.
fn make_player(
    spec: &PlayerSpec,
    seed: u64,
    time: &TimeControl,
) -> Result<Box<dyn Player>, Box<dyn std::error::Error + Send + Sync>> {
    Ok(spec.build_with_grace(seed, time.tolerance + SILENCE_MARGIN)?)
}

/// Runs `gomoku match`, printing progress on stderr (on a terminal) and the table or JSON to
/// `output`.
///
/// # Errors
/// [`MatchCliError`] when the match cannot start or a record cannot be written.
pub fn run(options: &MatchOptions, output: &mut dyn Write) -> Result<MatchResult, MatchCliError> {
    if options.a.is_human() || options.b.is_human() {
        return Err(MatchCliError::Human);
    }
    // Check both players before the first game: a typo or a missing engine fails now.
    drop(options.a.build(options.seed)?);
    drop(options.b.build(options.seed)?);
    let openings = load_openings(options)?;
    let opening_count = openings.len();
    if let Some(dir) = &options.records {
        std::fs::create_dir_all(dir).map_err(|source| MatchCliError::Records {
            path: dir.clone(),
            source,
        })?;
    }
    let config = MatchConfig {
        size: options.size,
        rule: options.rule,
        games: options.games,
        openings,
        time: options.time,
        seed: options.seed,
        threads: options.threads,
        void_replays: options.void_replays,
        stop: options.interrupt.clone(),
    };
    let factory = |side: Side, seed: u64| make_player(options.spec(side), seed, &options.time);
    let show_progress = !options.json && io::stderr().is_terminal();
    let mut record_error = None;
    let mut decided = None;
    let mut result = run_match(&config, &factory, &mut |report, summary| {
        let status = options.sprt.map(|sprt| sprt.status(summary));
        if show_progress {
            eprint!(
                "\r\x1b[K{}",
                progress_line(summary, options.games, status.as_ref())
            );
        }
        if let (Some(dir), None) = (&options.records, &record_error) {
            record_error = write_record(dir, report, options).err();
        }
        match status.and_then(|s| s.result) {
            Some(h) => {
                decided.get_or_insert(h);
                Flow::Stop
            }
            None => Flow::Continue,
        }
    })?;
    if show_progress {
        eprintln!();
    }
    if let Some(e) = record_error {
        return Err(e);
    }
    // Name the players as the user did (a built-in's own name carries its per-game seed).
    result.summary.a.name = options.a.to_string();
    result.summary.b.name = options.b.to_string();
    let sprt = options.sprt.map(|config| SprtOutcome {
        config,
        status: config.status(&result.summary),
        result: decided,
    });
    if options.json {
        let value = summary_json(options, &result.summary, sprt.as_ref(), result.interrupted);
        let text =
            serde_json::to_string_pretty(&value).map_err(|e| io::Error::other(e.to_string()))?;
        writeln!(output, "{text}")?;
    } else {
        write!(
            output,
            "{}",
            summary_table(
                options,
                opening_count,
                &result.summary,
                sprt.as_ref(),
                result.interrupted
            )
        )?;
    }
    Ok(result)
}
