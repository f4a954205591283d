//! `gomoku tournament`: the command-line side of a round robin or gauntlet (the games and the
//! rating fit are [`gomoku_ai::arena`]'s): the progress line, the crosstable, the ranking, JSON
//! and the game records.

use std::io::{self, IsTerminal, Write};

use serde_json::json;

use gomoku_ai::arena::{
    GameEvent, GameReport, Rating, Standings, TournamentConfig, TournamentFormat, TournamentGame,
    TournamentResult, pairings, run_tournament_plan,
};

use crate::arena_settings::{ArenaSettings, MatchCliError, show_status};
use crate::match_runner::incidents_text;
use crate::player_spec::PlayerSpec;
use crate::resume::{Started, add_part_json};
use crate::run_settings::RunSettings;

/// The settings of `gomoku tournament`.
#[derive(Clone, Debug)]
pub struct TournamentOptions {
    /// The players, in the order given (a gauntlet's first player meets all the others).
    pub players: Vec<PlayerSpec>,
    /// Who plays whom.
    pub format: TournamentFormat,
    /// The games of each pairing (`arena.games` of them).
    pub arena: ArenaSettings,
}

/// The progress after a game:
/// `[ 7/12] pairing 2/3: engine:easy 2 - 1 greedy  W-L-D 2-1-0  Elo +191 ±400`.
pub fn progress_line(options: &TournamentOptions, game: &TournamentGame<'_>, total: u32) -> String {
    let (a, b) = game.players;
    let summary = game.summary;
    let pairing_count = pairings(options.players.len(), options.format).len();
    let mut line = format!(
        "[{:>w$}/{total}] pairing {}/{pairing_count}: {} {} - {} {}  W-L-D {}-{}-{}",
        game.games_done,
        game.pairing + 1,
        options.players[a],
        summary.a.score(),
        summary.b.score(),
        options.players[b],
        summary.a.wins(),
        summary.a.losses(),
        summary.a.draws(),
        w = total.to_string().len()
    );
    if let Some(e) = summary.elo() {
        line.push_str(&format!("  Elo {}", e.short()));
    }
    line
}

/// `+123 ± 45`, or `n/a` without a rating.
fn rating_text(rating: Option<Rating>) -> String {
    match rating {
        Some(r) => format!("{:+.0} ± {:.0}", r.elo + 0.0, r.margin),
        None => "n/a".to_string(),
    }
}

/// `3.5/4`, `-` on the diagonal, blank for pairings not played.
fn cell_text(standings: &Standings, i: usize, j: usize) -> String {
    if i == j {
        return "-".to_string();
    }
    let cell = standings.cross[i][j];
    if cell.games == 0 {
        String::new()
    } else {
        format!("{}/{}", cell.score, cell.games)
    }
}

/// The crosstable, the ranking and the incidents.
pub fn summary_table(
    options: &TournamentOptions,
    openings: usize,
    result: &TournamentResult,
) -> String {
    let s = &result.standings;
    let names: Vec<String> = options.players.iter().map(|p| p.to_string()).collect();
    let width = names.iter().map(String::len).max().unwrap_or(0).max(6);
    let mut out = String::new();
    if result.interrupted {
        out.push_str("Interrupted: the games finished so far\n");
    }
    out.push_str(&format!(
        "{}, {} players, {} games a pairing: {} games, {}\n\n",
        options.format,
        names.len(),
        options.arena.games,
        s.games(),
        options.arena.setup_text(openings)
    ));
    // The crosstable: the row player's points against the column player.
    let cells: Vec<Vec<String>> = (0..names.len())
        .map(|i| (0..names.len()).map(|j| cell_text(s, i, j)).collect())
        .collect();
    let cell_width = cells
        .iter()
        .flatten()
        .map(String::len)
        .max()
        .unwrap_or(1)
        .max(names.len().to_string().len())
        .max(3);
    out.push_str("Crosstable (points of the row player against the column player):\n");
    out.push_str(&format!("{:>3}  {:<width$}", "", "player"));
    for j in 0..names.len() {
        out.push_str(&format!("  {:>cell_width$}", j + 1));
    }
    out.push('\n');
    for (i, name) in names.iter().enumerate() {
        out.push_str(&format!("{:>3}  {name:<width$}", i + 1));
        for cell in &cells[i] {
            out.push_str(&format!("  {cell:>cell_width$}"));
        }
        out.push('\n');
    }
    out.push_str("\nRanking (Elo fitted over all games, 95% margin, relative to the average):\n");
    out.push_str(&format!(
        "{:>4}  {:<width$}  {:>5}  {:>11}  {:>14}  {:>11}  {:>8}\n",
        "rank", "player", "games", "W-L-D", "score", "Elo", "forfeits"
    ));
    for (rank, &i) in s.ranking().iter().enumerate() {
        let p = &s.players[i];
        let pct = if p.games() == 0 {
            0.0
        } else {
            100.0 * p.score() / f64::from(p.games())
        };
        out.push_str(&format!(
            "{:>4}  {:<width$}  {:>5}  {:>11}  {:>14}  {:>11}  {:>8}\n",
            rank + 1,
            names[i],
            p.games(),
            format!("{}-{}-{}", p.wins, p.losses, p.draws),
            format!("{} ({pct:.1}%)", p.score()),
            rating_text(s.ratings[i]),
            p.forfeits
        ));
    }
    for pairing in &result.pairings {
        let summary = &pairing.result.summary;
        if summary.forfeits.is_empty() && summary.voids.is_empty() {
            continue;
        }
        out.push_str(&format!(
            "\n{} (A) - {} (B):\n",
            names[pairing.a], names[pairing.b]
        ));
        out.push_str(&incidents_text(summary));
    }
    let voids: usize = result
        .pairings
        .iter()
        .map(|p| p.result.summary.voids.len())
        .sum();
    let forfeits: u32 = s.players.iter().map(|p| p.forfeits).sum();
    out.push_str(&format!("\nForfeits: {forfeits}\nVoid: {voids}\n"));
    out
}

/// The tournament as JSON: settings, `players` (by the order given, with their rank),
/// `crosstable` and `pairings`.
pub fn summary_json(options: &TournamentOptions, result: &TournamentResult) -> serde_json::Value {
    let s = &result.standings;
    let arena = &options.arena;
    let round = |v: f64| (v * 10.0).round() / 10.0;
    let ranking = s.ranking();
    let players: Vec<serde_json::Value> = options
        .players
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let p = &s.players[i];
            let rank = ranking.iter().position(|&x| x == i).map(|r| r + 1);
            json!({
                "name": spec.to_string(),
                "rank": rank,
                "games": p.games(),
                "wins": p.wins,
                "losses": p.losses,
                "draws": p.draws,
                "score": p.score(),
                "elo": s.ratings[i].map(|r| round(r.elo)),
                "elo_margin": s.ratings[i].map(|r| round(r.margin)),
                "forfeits": p.forfeits,
            })
        })
        .collect();
    let crosstable: Vec<Vec<serde_json::Value>> = (0..options.players.len())
        .map(|i| {
            (0..options.players.len())
                .map(|j| {
                    let c = s.cross[i][j];
                    if i == j || c.games == 0 {
                        serde_json::Value::Null
                    } else {
                        json!({"games": c.games, "score": c.score})
                    }
                })
                .collect()
        })
        .collect();
    let pairings: Vec<serde_json::Value> = result
        .pairings
        .iter()
        .map(|p| {
            let summary = &p.result.summary;
            json!({
                "a": p.a + 1,
                "b": p.b + 1,
                "games": summary.games(),
                "score_a": summary.a.score(),
                "score_b": summary.b.score(),
                "forfeits": summary.forfeits.len(),
                "void": summary.voids.len(),
            })
        })
        .collect();
    json!({
        "format": options.format.name(),
        "rule": arena.rule.name(),
        "size": arena.size,
        "games_per_pairing": arena.games,
        "games": s.games(),
        "move_time_ms": arena.time.move_time.map(|d| d.as_millis() as u64),
        "game_time_ms": arena.time.game_time.map(|d| d.as_millis() as u64),
        "nodes": arena.time.nodes,
        "players": players,
        "crosstable": crosstable,
        "pairings": pairings,
        "void": result.pairings.iter().map(|p| p.result.summary.voids.len()).sum::<usize>(),
        "interrupted": result.interrupted,
    })
}

/// Runs `gomoku tournament`, printing progress on stderr (on a terminal, without `--json`) and
/// the tables or JSON to `output`.
///
/// # Errors
/// [`MatchCliError`] when the tournament cannot start or a record cannot be written.
pub fn run(
    options: &TournamentOptions,
    output: &mut dyn Write,
) -> Result<TournamentResult, MatchCliError> {
    let arena = &options.arena;
    if options.players.len() < 2 {
        return Err(MatchCliError::TooFewPlayers(options.players.len()));
    }
    let specs: Vec<&PlayerSpec> = options.players.iter().collect();
    let pairing = arena.prepare(&specs)?;
    let opening_count = pairing.openings.len();
    let settings = RunSettings::new(
        "tournament",
        &specs,
        Some(options.format),
        arena,
        &pairing.openings,
        None,
    );
    let pairing_count = pairings(options.players.len(), options.format).len();
    let Started { plans, mut log } = arena.scale_out.start(
        &settings,
        arena.records.as_deref(),
        arena.record_format,
        pairing_count,
    )?;
    let names: Vec<String> = options.players.iter().map(|p| p.to_string()).collect();
    let config = TournamentConfig {
        players: options.players.len(),
        format: options.format,
        pairing,
    };
    let total = arena.games * pairings(config.players, config.format).len() as u32;
    let factory = |player: usize, seed: u64| arena.make_player(&options.players[player], seed);
    let show_progress = !arena.json && io::stderr().is_terminal();
    let mut record_error = None;
    let result = run_tournament_plan(&config, plans, &factory, &mut |game| {
        if show_progress {
            show_status(&progress_line(options, game, total));
        }
        if let (Some(dir), None) = (&arena.records, &record_error) {
            let (a, b) = game.players;
            let prefix = format!("pairing-{:02}-", game.pairing + 1);
            record_error = arena
                .write_record(
                    dir,
                    &prefix,
                    game.report,
                    [&options.players[a], &options.players[b]],
                )
                .err();
        }
        if record_error.is_none() {
            let (a, b) = game.players;
            let event = GameEvent::new(game.report, [&names[a], &names[b]], Some(game.pairing));
            record_error = log.write(&event).err();
        }
    })?;
    if show_progress {
        eprintln!();
    }
    if let Some(e) = record_error {
        return Err(e);
    }
    if arena.json {
        let mut value = summary_json(options, &result);
        let games: Vec<GameReport> = result
            .pairings
            .iter()
            .flat_map(|p| p.result.games.iter().cloned())
            .collect();
        add_part_json(&mut value, &settings, arena.scale_out.shard, &games);
        let text =
            serde_json::to_string_pretty(&value).map_err(|e| io::Error::other(e.to_string()))?;
        writeln!(output, "{text}")?;
    } else {
        write!(output, "{}", summary_table(options, opening_count, &result))?;
    }
    Ok(result)
}
