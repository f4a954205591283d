//! `gomoku match` between built-in AIs and external engines.

mod arena_support;
mod scratch;

use std::path::{Path, PathBuf};

use gomoku_rules::Rule;
use gomoku_rules::record::{self, ReadOptions};
use serde_json::Value;

use arena_support::{gomoku, gomoku_json, u};
use scratch::scratch_dir;

/// Checks that a JSON summary adds up for `games` games.
fn assert_adds_up(s: &Value, games: u64) {
    assert_eq!(u(&s["games"]), games);
    let (a, b) = (&s["a"], &s["b"]);
    for side in [a, b] {
        assert_eq!(u(&side["games"]), games);
        assert_eq!(
            u(&side["wins"]) + u(&side["losses"]) + u(&side["draws"]),
            games
        );
        let per_colour: u64 = ["as_black", "as_white"]
            .iter()
            .map(|c| u(&side[c]["wins"]) + u(&side[c]["losses"]) + u(&side[c]["draws"]))
            .sum();
        assert_eq!(per_colour, games);
        // Colours alternate: each side had Black in half the games (rounded).
        let black = u(&side["as_black"]["wins"])
            + u(&side["as_black"]["losses"])
            + u(&side["as_black"]["draws"]);
        assert!(black == games / 2 || black == games.div_ceil(2));
    }
    assert_eq!(u(&a["wins"]), u(&b["losses"]));
    assert_eq!(u(&a["draws"]), u(&b["draws"]));
    assert_eq!(u(&a["as_black"]["wins"]), u(&b["as_white"]["losses"]));
    let score = a["score"].as_f64().unwrap() + b["score"].as_f64().unwrap();
    assert_eq!(score, games as f64);
    let forfeits = s["forfeits"].as_array().unwrap().len() as u64;
    assert_eq!(forfeits, u(&a["forfeits"]) + u(&b["forfeits"]));
}

/// The game records in `dir` (not the run's hidden journal).
fn record_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect()
}

#[test]
fn builtins_json_summary_adds_up() {
    let (out, err, ok) = gomoku(&[
        "match", "random:1", "random:2", "-n", "6", "--time", "50ms", "-j", "2", "--json",
    ]);
    assert!(ok, "{err}");
    let s: Value = serde_json::from_str(&out).expect("JSON");
    assert_adds_up(&s, 6);
    assert_eq!(s["rule"], "freestyle");
    assert_eq!(u(&s["move_time_ms"]), 50);
    assert_eq!(s["a"]["name"], "random:1");
    assert!(u(&s["a"]["moves"]) > 0);
    assert!(s["a"]["max_move_ms"].as_f64().unwrap() >= s["a"]["avg_move_ms"].as_f64().unwrap());
    // Random players never forfeit.
    assert_eq!(s["forfeits"].as_array().unwrap().len(), 0);
}

#[test]
fn builtins_table_with_openings_file_and_records() {
    let tmp = scratch_dir("match-table");
    let dir = tmp.path();
    let openings = dir.join("openings.txt");
    // Two openings in the Gomocup offset format: each is played twice, colours swapped.
    std::fs::write(&openings, "0,0, 1,1, -2,2\n\n0,0, 0,1, 3,-1\n").unwrap();
    let records = dir.join("records");
    let (out, err, ok) = gomoku(&[
        "match",
        "random:5",
        "random:6",
        "-n",
        "4",
        "--time",
        "20ms",
        "--rule",
        "standard",
        "--openings",
        openings.to_str().unwrap(),
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(
        out.starts_with("4 games, standard 15x15, 20 ms/move, openings: 2"),
        "{out}"
    );
    let row = |label: &str| -> Vec<String> {
        out.lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("no row {label} in {out}"))
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    let (a, b) = (row("A "), row("B "));
    // Columns: label, name, as Black, as White, total, score, (pct), avg, max, forfeits.
    let wld = |s: &str| -> Vec<u32> { s.split('-').map(|x| x.parse().unwrap()).collect() };
    let (ta, tb) = (wld(&a[4]), wld(&b[4]));
    assert_eq!(ta.iter().sum::<u32>(), 4);
    assert_eq!((ta[0], ta[1], ta[2]), (tb[1], tb[0], tb[2]));
    assert_eq!(wld(&a[2]).iter().sum::<u32>(), 2);
    let score_a: f64 = a[5].parse().unwrap();
    let score_b: f64 = b[5].parse().unwrap();
    assert_eq!(score_a + score_b, 4.0);
    assert!(out.contains("Elo A - B: "));
    assert!(out.contains("Forfeits: none"));
    // One record per game, starting with its opening (h8 i7 f6 for the first pair).
    let mut files = record_files(&records);
    files.sort();
    assert_eq!(files.len(), 4);
    let options = ReadOptions {
        rule: Rule::Standard,
        ..ReadOptions::default()
    };
    for (i, f) in files.iter().enumerate() {
        // Piskvork PSQ by default: moves, times and the players' names.
        assert_eq!(f.extension().unwrap(), "psq");
        let rec = record::load_with(f, None, &options).unwrap();
        let moves = rec.game().move_string();
        let expected = if i < 2 { "h8 i7 f6" } else { "h8 h7 k9" };
        assert!(moves.starts_with(expected), "{moves}");
        let black = if i % 2 == 0 { "random:5" } else { "random:6" };
        assert_eq!(rec.black.as_deref(), Some(black));
        assert!(
            rec.game().is_over(),
            "random players finish their games: {moves}"
        );
    }
}

#[test]
fn bad_inputs_are_refused_before_playing() {
    let tmp = scratch_dir("match-bad");
    let dir = tmp.path();
    let openings = dir.join("bad.txt");
    std::fs::write(&openings, "0,0, 1,1\n0,0, 1,x\n").unwrap();
    let (_, err, ok) = gomoku(&[
        "match",
        "random",
        "random",
        "--openings",
        openings.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(err.contains("line 2") && err.contains("\"x\""), "{err}");
    let (_, err, ok) = gomoku(&["match", "random", "nosuch"]);
    assert!(!ok);
    assert!(err.contains("unknown player \"nosuch\""), "{err}");
    let (_, err, ok) = gomoku(&["match", "random", "pbrain:/nonexistent/engine"]);
    assert!(!ok);
    assert!(err.contains("/nonexistent/engine"), "{err}");
    let (_, err, ok) = gomoku(&["match", "random", "human"]);
    assert!(!ok);
    assert!(err.contains("human"), "{err}");
}

/// Writes an executable shell script.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Our `pbrain-gomoku` behind a shell filter of its input lines: `case_arm` is a `case` arm on
/// `$line` (e.g. `TURN*) continue;;` drops TURN commands); every other line is passed on. An
/// arm writes to the engine's own output (as if the engine had said it) with `>&3`.
fn filtered_pbrain(dir: &Path, name: &str, case_arm: &str) -> PathBuf {
    let pbrain = env!("CARGO_BIN_EXE_pbrain-gomoku");
    script(
        dir,
        name,
        &format!(
            "exec 3>&1\nwhile IFS= read -r line; do\n  case \"$line\" in {case_arm} esac\n  printf '%s\\n' \"$line\"\ndone | exec '{pbrain}'\n"
        ),
    )
}

/// Two games of `engine` against `random:1` at 50 ms/move with 700 ms of tolerance, as JSON.
fn two_quick_games(engine: &Path) -> Value {
    let spec = format!("pbrain:{}", engine.display());
    gomoku_json(&[
        "match",
        &spec,
        "random:1",
        "-n",
        "2",
        "--time",
        "50ms",
        "--tolerance",
        "700ms",
        "--json",
    ])
}

#[test]
fn external_engines_that_misbehave_forfeit() {
    let tmp = scratch_dir("match-external");
    let dir = tmp.path();
    // Answers START, then exits at its first move request: a crash.
    let crash = script(
        dir,
        "pbrain-crash",
        "while read cmd rest; do case \"$cmd\" in START*) echo OK;; BEGIN*|TURN*|DONE*) exit 1;; esac; done\n",
    );
    // Answers every move request with a point off the board.
    let nonsense = script(
        dir,
        "pbrain-nonsense",
        "while read cmd rest; do case \"$cmd\" in START*) echo OK;; BEGIN*|TURN*|DONE*) echo MESSAGE thinking; echo 99,99;; END*) exit 0;; esac; done\n",
    );
    for engine in [&crash, &nonsense] {
        let spec = format!("pbrain:{}", engine.display());
        let (out, err, ok) = gomoku(&[
            "match", &spec, "random:1", "-n", "2", "--time", "200ms", "--json",
        ]);
        assert!(ok, "{err}");
        let s: Value = serde_json::from_str(&out).unwrap();
        assert_adds_up(&s, 2);
        assert_eq!(u(&s["a"]["forfeits"]), 2, "{out}");
        assert_eq!(u(&s["b"]["wins"]), 2);
        let forfeits = s["forfeits"].as_array().unwrap();
        assert!(
            forfeits
                .iter()
                .all(|f| f["side"] == "A" && f["reason"].as_str().unwrap().starts_with("no move"))
        );
    }
}

#[test]
fn our_own_pbrain_engine_plays_a_match() {
    let tmp = scratch_dir("match-own-pbrain");
    let dir = tmp.path();
    let records = dir.join("records");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "0,0, 1,1, -2,2\n").unwrap();
    let spec = format!("pbrain:{}", env!("CARGO_BIN_EXE_pbrain-gomoku"));
    let (out, err, ok) = gomoku(&[
        "match",
        &spec,
        "random:1",
        "-n",
        "2",
        "--time",
        "100ms",
        "--json",
        "--records",
        records.to_str().unwrap(),
        "--record-format",
        "json",
        "--openings",
        openings.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let s: Value = serde_json::from_str(&out).unwrap();
    assert_adds_up(&s, 2);
    // Our engine plays legal moves in time: no forfeits.
    assert_eq!(s["forfeits"].as_array().unwrap().len(), 0, "{out}");
    assert!(s["a"]["name"].as_str().unwrap().starts_with("pbrain:"));
    // The records keep the score the engine sent in its MESSAGE lines for its moves; the
    // random player reports none, and the opening stones have none.
    let mut scored = 0;
    for game in 1..=2 {
        let text = std::fs::read_to_string(records.join(format!("game-{game:04}.json"))).unwrap();
        let rec: Value = serde_json::from_str(&text).unwrap();
        let moves = rec["moves"].as_array().unwrap().len();
        let evaluations = rec["evaluations"].as_array().unwrap();
        assert_eq!(evaluations.len(), moves, "{text}");
        let engine_is_black = rec["black"].as_str().unwrap().starts_with("pbrain:");
        let opening = 3;
        for (ply, e) in evaluations.iter().enumerate() {
            let engine_moved = (ply % 2 == 0) == engine_is_black;
            if ply < opening || !engine_moved {
                assert!(e.is_null(), "ply {ply}: {text}");
            } else if e.is_i64() {
                scored += 1;
            } else {
                // An obvious move (a five, a forced block) is played without a search report.
                assert!(e.is_null(), "ply {ply}: {text}");
            }
        }
    }
    assert!(scored > 0);
}

/// A match whose SPRT(0, 100) decides H1 well within 100 games, with `games` the most and
/// `extra` arguments. A node budget rather than a clock, but engine:easy also stops at 300 ms,
/// so on a busy machine two runs may play different games. The SPRT sees no evidence while
/// every game is a win (no variance), so the opponent must take a game now and then: priority
/// draws one of the first few (greedy lost every game until the 117th once the time manager
/// stopped forced moves early).
fn decisive_sprt<'a>(games: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let args = [
        "match",
        "engine:easy",
        "priority",
        "--sprt",
        "0,100",
        "-n",
        games,
        "--time",
        "0",
        "--nodes",
        "3000",
    ];
    [&args[..], extra].concat()
}

#[test]
fn sprt_stops_once_it_decides() {
    let args = decisive_sprt("400", &[]);
    let s = gomoku_json(&[&args[..], &["--json"]].concat());
    let games = u(&s["games"]);
    assert!(games < 100, "{s}");
    assert_adds_up(&s, games);
    let sprt = &s["sprt"];
    assert_eq!(sprt["result"], "H1", "{s}");
    assert_eq!(sprt["model"], "trinomial");
    assert_eq!(
        (sprt["elo0"].as_f64(), sprt["elo1"].as_f64()),
        (Some(0.0), Some(100.0))
    );
    assert_eq!(
        (sprt["alpha"].as_f64(), sprt["beta"].as_f64()),
        (Some(0.05), Some(0.05))
    );
    let llr = sprt["llr"].as_f64().unwrap();
    assert!(llr >= sprt["upper"].as_f64().unwrap(), "{sprt}");
    assert!((sprt["lower"].as_f64().unwrap() + 2.944).abs() < 1e-9);

    // The table prints the LLR with its bounds and the verdict (of games of its own: engine:easy
    // stops at 300 ms, so on a busy machine they need not be the games above).
    let (out, err, ok) = gomoku(&args);
    assert!(ok, "{err}");
    let printed = out
        .split_once("\nLLR ")
        .and_then(|(_, rest)| rest.split_once(" [-2.94, 2.94]\nH1 accepted\n"))
        .and_then(|(llr, _)| llr.parse::<f64>().ok());
    assert!(printed.is_some_and(|llr| llr >= 2.94), "{out}");
}

#[test]
fn sprt_play_all_keeps_the_first_verdict_and_counts_every_game() {
    let args = decisive_sprt("100", &["--sprt-play-all"]);
    let tmp = scratch_dir("match-play-all");
    let events = tmp.path().join("events.jsonl");
    let events_arg = events.display().to_string();
    let s = gomoku_json(&[&args[..], &["--json", "--events", &events_arg]].concat());
    assert_adds_up(&s, 100);
    let sprt = &s["sprt"];
    assert_eq!(sprt["result"], "H1", "{s}");
    let decided_after = u(&sprt["decided_after"]);
    assert!((1..100).contains(&decided_after), "{s}");
    // The verdict is the one taken when the LLR first crossed a bound, game by game in the
    // order the games ended (the events' order). The games themselves depend on the machine's
    // speed (engine:easy stops at 300 ms), so the crossing is found again from these games.
    let test = gomoku_ai::arena::SprtConfig::new(0.0, 100.0).unwrap();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut first_crossing = None;
    let text = std::fs::read_to_string(&events).unwrap();
    for (i, line) in text.lines().enumerate() {
        let event: Value = serde_json::from_str(line).unwrap();
        match event["winner"].as_str() {
            Some("A") => wins += 1,
            Some("B") => losses += 1,
            _ => draws += 1,
        }
        if first_crossing.is_none() && test.decide(test.llr_games(wins, draws, losses)).is_some() {
            first_crossing = Some(i as u64 + 1);
        }
    }
    assert_eq!(text.lines().count(), 100);
    assert_eq!(first_crossing, Some(decided_after), "{text}");

    // The table says after how many games it decided.
    let (out, err, ok) = gomoku(&args);
    assert!(ok, "{err}");
    let said = out
        .split_once("H1 accepted\n(decided after ")
        .and_then(|(_, rest)| {
            rest.split_once(" games; the score, the Elo and the LLR count all 100)\n")
        })
        .and_then(|(n, _)| n.parse::<u64>().ok());
    assert!(said.is_some_and(|n| (1..100).contains(&n)), "{out}");
    // Without a test there is nothing to play on past.
    let (_, err, ok) = gomoku(&["match", "random", "random", "--sprt-play-all"]);
    assert!(!ok);
    assert!(err.contains("--sprt"), "{err}");
}

#[test]
fn sprt_that_runs_out_of_games_is_inconclusive() {
    let (out, err, ok) = gomoku(&[
        "match",
        "random:1",
        "random:2",
        "--sprt",
        "-10,10,0.05,0.1",
        "--sprt-model",
        "pentanomial",
        "-n",
        "4",
        "--time",
        "0",
        "--json",
    ]);
    assert!(ok, "{err}");
    let s: Value = serde_json::from_str(&out).unwrap();
    assert_adds_up(&s, 4);
    assert_eq!(s["sprt"]["result"], Value::Null, "{out}");
    assert_eq!(s["sprt"]["model"], "pentanomial");
    let pairs: u64 = s["pairs"].as_array().unwrap().iter().map(u).sum();
    assert_eq!(pairs, 2);
    let (_, err, ok) = gomoku(&["match", "random", "random", "--sprt", "10,0"]);
    assert!(!ok);
    assert!(err.contains("ELO0 (10) must be below ELO1 (0)"), "{err}");
}

#[test]
fn a_silent_engine_voids_the_game_and_the_opening_is_replayed() {
    let tmp = scratch_dir("match-void");
    let dir = tmp.path();
    let mark = dir.join("swallowed");
    // Our engine behind a filter that drops the first TURN it sees (once per test): the engine
    // never learns it was asked and stays silent, as engines do that lose a command.
    let swallow = filtered_pbrain(
        dir,
        "pbrain-swallow",
        &format!(
            "TURN*) if [ ! -e '{m}' ]; then : > '{m}'; continue; fi;;",
            m = mark.display()
        ),
    );
    let s = two_quick_games(&swallow);
    assert!(mark.exists());
    // The void game is not scored; its replay is.
    assert_adds_up(&s, 2);
    assert_eq!(u(&s["void"]), 1, "{s}");
    let void = &s["voids"][0];
    assert_eq!(void["side"], "A");
    assert_eq!(u(&void["attempt"]), 0);
    // Waited for the move time, the tolerance and the silence margin.
    assert!(u(&void["waited_ms"]) >= 1250, "{void}");
    assert_eq!(s["forfeits"].as_array().unwrap().len(), 0, "{s}");
}

/// Our `pbrain-gomoku` behind a filter that, at the first `TURN` line, first says `ERROR Unknown
/// command: ...` (as an engine does that took a word of the command for a command of its own),
/// then runs `then` (`continue` drops the command; empty passes it on).
fn complaining_pbrain(dir: &Path, name: &str, mark: &Path, then: &str) -> PathBuf {
    filtered_pbrain(
        dir,
        name,
        &format!(
            "TURN*) if [ ! -e '{m}' ]; then : > '{m}'; echo 'ERROR Unknown command: 7,8' >&3; {then} fi;;",
            m = mark.display()
        ),
    )
}

#[test]
fn error_lines_are_not_answers_and_a_swallowed_command_voids_the_game() {
    let tmp = scratch_dir("match-complain");
    let dir = tmp.path();
    // Complains once, then answers the move: the game goes on.
    let mark = dir.join("complained");
    let answers = complaining_pbrain(dir, "pbrain-complains", &mark, "");
    let s = two_quick_games(&answers);
    assert!(mark.exists());
    assert_adds_up(&s, 2);
    assert_eq!(u(&s["void"]), 0, "{s}");
    assert_eq!(s["forfeits"].as_array().unwrap().len(), 0, "{s}");
    // Complains once and drops the command: it lost the command, so the game is void and
    // replayed, not forfeited.
    let mark = dir.join("swallowed");
    let swallows = complaining_pbrain(dir, "pbrain-swallows", &mark, "continue;");
    let s = two_quick_games(&swallows);
    assert!(mark.exists());
    assert_adds_up(&s, 2);
    assert_eq!(u(&s["void"]), 1, "{s}");
    assert_eq!(s["voids"][0]["side"], "A");
    assert_eq!(s["forfeits"].as_array().unwrap().len(), 0, "{s}");
}

#[test]
fn silence_is_void_but_a_late_or_thinking_engine_forfeits() {
    let tmp = scratch_dir("match-silence");
    let dir = tmp.path();
    // Never answers a move request.
    let silent = script(
        dir,
        "pbrain-silent",
        "while read cmd rest; do case \"$cmd\" in START*) echo OK;; END*) exit 0;; esac; done\n",
    );
    // Answers the centre, 600 ms into a 100 ms move (tolerance 300 ms): late.
    let late = script(
        dir,
        "pbrain-late",
        "while read cmd rest; do case \"$cmd\" in START*) echo OK;; BEGIN*) sleep 0.6; echo 7,7;; END*) exit 0;; esac; done\n",
    );
    // Talks but never moves.
    let thinking = script(
        dir,
        "pbrain-thinking",
        "while read cmd rest; do case \"$cmd\" in START*) echo OK;; BEGIN*) echo MESSAGE thinking;; END*) exit 0;; esac; done\n",
    );
    let run = |engine: &Path| {
        let spec = format!("pbrain:{}", engine.display());
        let (out, err, ok) = gomoku(&[
            "match",
            &spec,
            "random:1",
            "-n",
            "1",
            "--openings",
            "none",
            "--time",
            "100ms",
            "--tolerance",
            "300ms",
            "--void-replays",
            "1",
        ]);
        assert!(ok, "{err}");
        out
    };
    let out = run(&silent);
    // Void twice (once replayed), so no game counts.
    assert!(out.starts_with("0 games,"), "{out}");
    assert!(out.contains("Void: 2 (not scored)"), "{out}");
    assert!(out.contains("game 1: A ("), "{out}");
    assert!(out.contains("game 1 (replay 1): A ("), "{out}");
    assert!(out.contains("Forfeits: none"), "{out}");
    for engine in [&late, &thinking] {
        let out = run(engine);
        assert!(out.starts_with("1 games,"), "{out}");
        assert!(out.contains("Void: 0\n"), "{out}");
        assert!(
            out.contains("game 1: A (") && out.contains("time: used"),
            "{out}"
        );
    }
}

#[test]
fn position_string_openings_in_a_seeded_random_order() {
    let tmp = scratch_dir("match-pos-openings");
    let dir = tmp.path();
    let openings = dir.join("openings.txt");
    // Position strings count rows from the top: h8i9j10 is h8 i7 j6 in board notation.
    std::fs::write(&openings, "h8i9j10\n0,0, 0,1, 3,-1\nh8g9\n").unwrap();
    let first_moves = |seed: &str, name: &str| -> Vec<String> {
        let records = dir.join(name);
        let (_, err, ok) = gomoku(&[
            "match",
            "random:1",
            "random:2",
            "-n",
            "6",
            "--time",
            "0",
            "--openings",
            openings.to_str().unwrap(),
            "--openings-order",
            "random",
            "--seed",
            seed,
            "--records",
            records.to_str().unwrap(),
            "--record-format",
            "txt",
        ]);
        assert!(ok, "{err}");
        (1..=6)
            .map(|i| {
                let rec = record::load(&records.join(format!("game-{i:04}.txt"))).unwrap();
                let moves: Vec<String> = rec.moves().iter().map(|p| p.to_string()).collect();
                moves[..if moves[1] == "g7" { 2 } else { 3 }].join(" ")
            })
            .collect()
    };
    let a = first_moves("3", "a");
    // Each opening twice in a row (colours swapped), all three used.
    for pair in a.chunks(2) {
        assert_eq!(pair[0], pair[1]);
    }
    let mut used: Vec<&String> = a.iter().step_by(2).collect();
    used.sort();
    assert_eq!(used, ["h8 g7", "h8 h7 k9", "h8 i7 j6"], "{a:?}");
    // The same seed, the same order.
    assert_eq!(first_moves("3", "b"), a);
    let orders: std::collections::HashSet<Vec<String>> = ["1", "2", "3", "4", "5"]
        .iter()
        .map(|seed| first_moves(seed, &format!("s{seed}")))
        .collect();
    assert!(orders.len() > 1, "the order depends on the seed");
}

#[test]
fn ctrl_c_stops_the_match_with_a_summary_and_complete_records() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let tmp = scratch_dir("match-interrupt");
    let dir = tmp.path();
    let records = dir.join("records");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args([
            "match",
            "engine:easy",
            "greedy",
            "-n",
            "200",
            "--time",
            "30ms",
            "--json",
            "--records",
            records.to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first record, then interrupt as a terminal's Ctrl-C does.
    let started = Instant::now();
    while !records.is_dir() || record_files(&records).len() < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no game finished"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(s["interrupted"], true);
    let games = u(&s["games"]);
    assert!((2..200).contains(&games), "{games}");
    assert_adds_up(&s, games);
    // One complete record for every game counted, none for the game cut short.
    let files = record_files(&records);
    assert_eq!(files.len() as u64, games);
    for f in files {
        let rec = record::load(&f).unwrap();
        assert!(rec.game().is_over(), "{}", f.display());
    }
}

#[test]
fn an_engine_s_start_up_is_not_on_its_clock() {
    let tmp = scratch_dir("match-slow-start");
    let dir = tmp.path();
    // Our engine, 0.8 s slow to answer START (as engines that load networks are).
    let slow = filtered_pbrain(dir, "pbrain-slow-start", "START*) sleep 0.8;;");
    let spec = format!("pbrain:{}", slow.display());
    let s = gomoku_json(&[
        "match",
        &spec,
        "random:1",
        "-n",
        "2",
        "--time",
        "100ms",
        "--tolerance",
        "500ms",
        "--json",
    ]);
    assert_adds_up(&s, 2);
    assert_eq!(s["forfeits"].as_array().unwrap().len(), 0, "{s}");
    assert!(s["a"]["max_move_ms"].as_f64().unwrap() < 600.0, "{s}");
}
