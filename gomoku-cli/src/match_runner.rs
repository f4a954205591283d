//! `gomoku match`: the command-line side of a match (the games themselves are played by
//! [`gomoku_ai::arena`]): building the players from their specifications, the progress line,
//! the final table or JSON, and the game records.

use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use serde_json::json;

use gomoku_ai::arena::{
    EloEstimate, Flow, GameEvent, Hypothesis, MatchResult, MatchSummary, Side, SideStats,
    SprtConfig, SprtStatus, run_match_plan,
};

pub use crate::arena_settings::{ArenaSettings, MatchCliError, OpeningsChoice, OpeningsOrder};
use crate::arena_settings::{attempt_suffix, show_status};
use crate::player_spec::PlayerSpec;
use crate::resume::{Started, add_part_json, decided_before};
use crate::run_settings::{RunSettings, SprtSettings};

/// The settings of `gomoku match`.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// Play until this test decides (or `arena.games` are played).
    pub sprt: Option<SprtConfig>,
    /// Play all `arena.games` even once the test has decided (`--sprt-play-all`).
    pub sprt_play_all: bool,
    /// The games.
    pub arena: ArenaSettings,
}

impl MatchOptions {
    /// The specification of `side`.
    pub fn spec(&self, side: Side) -> &PlayerSpec {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
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
/// when the LLR first crossed a bound (games in flight then, or played on with
/// `--sprt-play-all`, still count in the LLR).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtOutcome {
    /// The test.
    pub config: SprtConfig,
    /// Where it stands after all games.
    pub status: SprtStatus,
    /// The hypothesis accepted, if the test decided.
    pub result: Option<Hypothesis>,
    /// The games the test had counted when it decided, where known (not for merged shards,
    /// whose order of games is not).
    pub decided_after: Option<u32>,
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
    let arena = &options.arena;
    let mut out = String::new();
    if interrupted {
        out.push_str("Interrupted: the games finished so far\n");
    }
    out.push_str(&format!(
        "{} games, {}\n\n",
        summary.games(),
        arena.setup_text(openings)
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
    out.push_str("  (W-L-D)\n");
    out.push_str(&time_manager_text(summary, arena.time.game_time));
    out.push('\n');
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
        if let Some(n) = sprt.decided_after.filter(|&n| n != summary.games()) {
            out.push_str(&format!(
                "(decided after {n} games; the score, the Elo and the LLR count all {})\n",
                summary.games()
            ));
        }
    }
    out.push_str(&incidents_text(summary));
    out
}

/// Games shorter than this are left out of the share of the game clock used: a quick win
/// needs no clock.
const LONG_GAME_PLIES: usize = 40;

/// What the time managers decided, one line a player that budgets its moves: the mean optimum
/// per move against the mean and longest move, and under a game clock the median share of it
/// used in games of [`LONG_GAME_PLIES`] plies or more. Empty when there is nothing to say.
fn time_manager_text(summary: &MatchSummary, game_time: Option<Duration>) -> String {
    let mut out = String::new();
    for (label, s) in [("A", &summary.a), ("B", &summary.b)] {
        let budget = s.average_budget();
        let share = game_time.and_then(|g| s.median_clock_share(g, LONG_GAME_PLIES));
        if budget.is_none() && share.is_none() {
            continue;
        }
        out.push_str(&format!("{label} time:"));
        if let Some(b) = budget {
            out.push_str(&format!(
                " budget {:.1} ms a move, used {:.1} ms on average, {:.1} ms at most;",
                ms(b),
                ms(s.average_time()),
                ms(s.max_time)
            ));
        }
        if let Some(share) = share {
            out.push_str(&format!(
                " game clock used {:.0}% (median, games of {LONG_GAME_PLIES}+ plies);",
                100.0 * share
            ));
        }
        out.pop();
        out.push('\n');
    }
    out
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
        "avg_budget_ms": s.average_budget().map(|b| (ms(b) * 1000.0).round() / 1000.0),
        "game_times_ms": s.game_times.iter().map(|g| json!({"plies": g.0, "used_ms": g.1.as_millis() as u64})).collect::<Vec<_>>(),
    })
}

/// The forfeits and void games of a match, one a line:
/// `Forfeits: none` / `Void: 0`, or the lists.
pub fn incidents_text(summary: &MatchSummary) -> String {
    let mut out = String::new();
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

/// The SPRT as JSON: `{"elo0", "elo1", "alpha", "beta", "llr", "lower", "upper", "result",
/// "decided_after"}` (result `"H0"`, `"H1"` or null; `decided_after` the games counted when it
/// decided, or null) and the model.
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
        "decided_after": sprt.decided_after,
    })
}

/// The summary as JSON.
pub fn summary_json(
    options: &MatchOptions,
    summary: &MatchSummary,
    sprt: Option<&SprtOutcome>,
    interrupted: bool,
) -> serde_json::Value {
    let arena = &options.arena;
    let elo = summary.elo();
    let mut value = json!({
        "rule": arena.rule.name(),
        "size": arena.size,
        "games": summary.games(),
        "move_time_ms": arena.time.move_time.map(|d| d.as_millis() as u64),
        "game_time_ms": arena.time.game_time.map(|d| d.as_millis() as u64),
        "a": side_json(&summary.a),
        "b": side_json(&summary.b),
        "elo": elo.map(|e| json!({"diff": finite(e.diff), "low": finite(e.low), "high": finite(e.high)})),
        "forfeits": summary.forfeits.iter().map(|f| json!({
            "game": f.game + 1,
            "side": f.side.to_string(),
            "color": f.color.to_string().to_lowercase(),
            "reason": f.reason.to_string(),
            "detail": f.reason,
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

/// Runs `gomoku match`, printing progress on stderr (on a terminal) and the table or JSON to
/// `output`.
///
/// # Errors
/// [`MatchCliError`] when the match cannot start or a record cannot be written.
pub fn run(options: &MatchOptions, output: &mut dyn Write) -> Result<MatchResult, MatchCliError> {
    let arena = &options.arena;
    let config = arena.prepare(&[&options.a, &options.b])?;
    let opening_count = config.openings.len();
    let settings = RunSettings::new(
        "match",
        &[&options.a, &options.b],
        None,
        arena,
        &config.openings,
        options
            .sprt
            .map(|c| SprtSettings::new(&c, options.sprt_play_all)),
    );
    let Started { plans, mut log } =
        arena
            .scale_out
            .start(&settings, arena.records.as_deref(), arena.record_format, 1)?;
    let mut plan = plans.into_iter().next().unwrap_or_default();
    let mut decided = decided_before(options.sprt, &plan.played);
    if decided.is_some() && !options.sprt_play_all {
        plan.games = 0..0;
    }
    let names = [options.a.to_string(), options.b.to_string()];
    let factory = |side: Side, seed: u64| arena.make_player(options.spec(side), seed);
    let show_progress = !arena.json && io::stderr().is_terminal();
    let mut record_error = None;
    let mut result = run_match_plan(&config, plan, &factory, &mut |report, summary| {
        let status = options.sprt.map(|sprt| sprt.status(summary));
        if show_progress {
            show_status(&progress_line(summary, arena.games, status.as_ref()));
        }
        if let (Some(dir), None) = (&arena.records, &record_error) {
            record_error = arena
                .write_record(dir, "", report, [&options.a, &options.b])
                .err();
        }
        if record_error.is_none() {
            let event = GameEvent::new(report, [&names[0], &names[1]], None);
            record_error = log.write(&event).err();
        }
        // A shard's SPRT is decided on the merged results of all shards, not on its own part.
        match status.and_then(|s| s.result) {
            Some(h) if arena.scale_out.shard.is_whole() => {
                decided.get_or_insert((h, summary.games()));
                if options.sprt_play_all {
                    Flow::Continue
                } else {
                    Flow::Stop
                }
            }
            _ => Flow::Continue,
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
        result: decided.map(|(h, _)| h),
        decided_after: decided.map(|(_, n)| n),
    });
    if arena.json {
        let mut value = summary_json(options, &result.summary, sprt.as_ref(), result.interrupted);
        add_part_json(&mut value, &settings, arena.scale_out.shard, &result.games);
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
