//! Runs that outgrow one process: shards merged with `gomoku merge`, a match resumed after
//! SIGKILL, the refusals of mismatched inputs, and the event stream. Node budgets with no clock
//! make the games the same on every run.

mod arena_support;
mod scratch;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gomoku_ai::arena::GameEvent;
use serde_json::Value;

use arena_support::{gomoku, gomoku_json, u};
use scratch::scratch_dir;

/// `gomoku match engine:easy greedy` at 300 nodes a move, no clock, with `extra` options.
fn match_args<'a>(games: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let args = [
        "match",
        "engine:easy",
        "greedy",
        "-n",
        games,
        "--nodes",
        "300",
        "--time",
        "0",
        "--json",
    ];
    [&args[..], extra].concat()
}

/// Runs `args` and saves its JSON output in `dir/name`.
fn save_json(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let (out, err, ok) = gomoku(args);
    assert!(ok, "{err}");
    let path = dir.join(name);
    std::fs::write(&path, out).unwrap();
    path
}

/// What a result says about the games, without the times (which no two runs share).
fn games_part(s: &Value) -> Value {
    let side = |v: &Value| {
        serde_json::json!([
            v["name"],
            v["as_black"],
            v["as_white"],
            v["moves"],
            v["score"]
        ])
    };
    serde_json::json!({
        "games": s["games"],
        "a": side(&s["a"]),
        "b": side(&s["b"]),
        "pairs": s["pairs"],
        "elo": s["elo"],
        "forfeits": s["forfeits"],
        "sprt_llr": s["sprt"]["llr"],
    })
}

#[test]
fn merged_shards_report_the_unsplit_match() {
    let tmp = scratch_dir("shards");
    let dir = tmp.path();
    let sprt = ["--sprt", "0,100", "--sprt-model", "pentanomial"];
    let whole = gomoku_json(&match_args("8", &sprt));
    let s1 = save_json(
        dir,
        "1.json",
        &match_args("8", &[&sprt[..], &["--shard", "1/2"]].concat()),
    );
    let s2 = save_json(
        dir,
        "2.json",
        &match_args("8", &[&sprt[..], &["--shard", "2/2"]].concat()),
    );
    let part: Value = serde_json::from_str(&std::fs::read_to_string(&s1).unwrap()).unwrap();
    assert_eq!(u(&part["games"]), 4);
    assert_eq!(part["game_numbers"], serde_json::json!([[1, 4]]));
    let merged = gomoku_json(&[
        "merge",
        s1.to_str().unwrap(),
        s2.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(games_part(&merged), games_part(&whole));
    assert_eq!(u(&merged["games"]), 8);
    assert_eq!(merged["missing_game_numbers"], serde_json::json!([]));
    // The table says the same, and which shards it pooled.
    let (table, err, ok) = gomoku(&["merge", s1.to_str().unwrap(), s2.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(
        table.starts_with("Merged 2 results (shards 1/2, 2/2): games 1-8\n8 games"),
        "{table}"
    );
    // A merged result merges again: with nothing else it is unchanged.
    let again = save_json(
        dir,
        "merged.json",
        &[
            "merge",
            s1.to_str().unwrap(),
            s2.to_str().unwrap(),
            "--json",
        ],
    );
    let twice = gomoku_json(&["merge", again.to_str().unwrap(), "--json"]);
    assert_eq!(games_part(&twice), games_part(&whole));
}

#[test]
fn merge_refuses_other_settings_and_games_counted_twice() {
    let tmp = scratch_dir("merge-refusals");
    let dir = tmp.path();
    let s1 = save_json(dir, "1.json", &match_args("4", &["--shard", "1/2"]));
    let s2 = save_json(
        dir,
        "2.json",
        &match_args("4", &["--shard", "2/2", "--seed", "9"]),
    );
    let whole = save_json(dir, "whole.json", &match_args("4", &[]));
    let (_, err, ok) = gomoku(&["merge", s1.to_str().unwrap(), s2.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("have different settings: seed (9 in"), "{err}");
    let (_, err, ok) = gomoku(&["merge", s1.to_str().unwrap(), whole.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("both count game 1"), "{err}");
    std::fs::write(dir.join("other.json"), "{\"games\": 3}").unwrap();
    let (_, err, ok) = gomoku(&["merge", dir.join("other.json").to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.contains("not a `gomoku match --json` result: missing field"),
        "{err}"
    );
    let (_, err, ok) = gomoku(&["merge", dir.join("none.json").to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("none.json"), "{err}");
}

/// The game records in `dir`, without the run's hidden journal.
fn records(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |d| {
        d.filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().starts_with("game-"))
            .count()
    })
}

#[test]
fn a_match_killed_and_resumed_plays_each_game_once() {
    let tmp = scratch_dir("resume");
    let dir = tmp.path().join("records");
    let rec = dir.to_str().unwrap();
    // Slower games than the other tests, so that the kill comes in the middle.
    let args = [
        "match",
        "engine:easy",
        "greedy",
        "-n",
        "12",
        "--nodes",
        "2000",
        "--time",
        "0",
        "--json",
        "--records",
        rec,
        "--resume",
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while records(&dir) < 3 {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no game finished"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let before = records(&dir);
    // A line cut short by the kill, and a record's temporary file, are not counted.
    let journal = dir.join(".gomoku-run.jsonl");
    let mut text = std::fs::read_to_string(&journal).unwrap();
    text.push_str("{\"game\":12,\"attempt\":0,\"a\":\"engine:ea");
    std::fs::write(&journal, text).unwrap();
    std::fs::write(dir.join(".game-0012.psq.1-0.tmp"), "Piskvorky 15x15").unwrap();
    // Other settings are refused, naming them.
    let (_, err, ok) = gomoku(&[&args[..5], &["--nodes", "1000"], &args[7..]].concat());
    assert!(!ok);
    assert!(
        err.contains("other settings: nodes (1000 here, 2000 there)"),
        "{err}"
    );
    let (_, err, ok) = gomoku(&[&args[..], &["--shard", "1/2"]].concat());
    assert!(!ok);
    // A shard keeps a journal of its own, so this directory holds none for shard 1/2.
    assert!(err.contains("no journal to resume from"), "{err}");
    let resumed = gomoku_json(&args);
    assert_eq!(u(&resumed["games"]), 12, "{before} games before the kill");
    assert_eq!(resumed["game_numbers"], serde_json::json!([[1, 12]]));
    assert_eq!(records(&dir), 12);
    let lines: Vec<String> = std::fs::read_to_string(&journal)
        .unwrap()
        .lines()
        .skip(1)
        .map(str::to_string)
        .collect();
    let mut games: Vec<u32> = lines
        .iter()
        .map(|l| serde_json::from_str::<GameEvent>(l).unwrap().game)
        .collect();
    games.sort_unstable();
    assert_eq!(games, (1..=12).collect::<Vec<_>>(), "each game once");
    // The same games as one uninterrupted run.
    let whole = gomoku_json(&args[..10]);
    assert_eq!(resumed["a"]["as_black"], whole["a"]["as_black"]);
    assert_eq!(resumed["a"]["as_white"], whole["a"]["as_white"]);
    assert_eq!(resumed["pairs"], whole["pairs"]);
    // Resuming a finished run plays nothing more.
    let done = gomoku_json(&args);
    assert_eq!(u(&done["games"]), 12);
    assert_eq!(
        std::fs::read_to_string(&journal).unwrap().lines().count(),
        13
    );
}

#[test]
fn resume_needs_the_records_and_a_journal() {
    let tmp = scratch_dir("resume-refusals");
    let (_, err, ok) = gomoku(&match_args("2", &["--resume"]));
    assert!(!ok);
    assert!(err.contains("--records"), "{err}");
    let dir = tmp.path().join("old");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("game-0001.psq"), "").unwrap();
    let (_, err, ok) = gomoku(&match_args(
        "2",
        &["--records", dir.to_str().unwrap(), "--resume"],
    ));
    assert!(!ok);
    assert!(err.contains("no journal"), "{err}");
}

#[test]
fn every_finished_game_is_an_event_line() {
    let tmp = scratch_dir("events");
    let events = tmp.path().join("events.jsonl");
    let ev = events.to_str().unwrap();
    let s = gomoku_json(&match_args("4", &["--events", ev]));
    // A tournament appends to the same stream, each line naming its pairing.
    let t = gomoku_json(&[
        "tournament",
        "greedy",
        "random:1",
        "random:2",
        "-n",
        "2",
        "--time",
        "0",
        "--json",
        "--events",
        ev,
    ]);
    let text = std::fs::read_to_string(&events).unwrap();
    let lines: Vec<GameEvent> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(lines.len() as u64, u(&s["games"]) + u(&t["games"]));
    let a_wins = lines[..4]
        .iter()
        .filter(|e| e.winner.as_deref() == Some("A"))
        .count();
    assert_eq!(a_wins as u64, u(&s["a"]["wins"]));
    for (i, event) in lines[..4].iter().enumerate() {
        assert_eq!(event.game, i as u32 + 1);
        assert_eq!((event.a.as_str(), event.pairing), ("engine:easy", None));
        let report = event.to_report().unwrap();
        assert_eq!(report.played.game.moves().len(), event.moves.len());
    }
    let pairings: Vec<Option<u32>> = lines[4..].iter().map(|e| e.pairing).collect();
    assert_eq!(
        pairings,
        [Some(1), Some(1), Some(2), Some(2), Some(3), Some(3)]
    );
}

#[test]
fn tournament_shards_and_selfplay_shards_resume() {
    let tmp = scratch_dir("tournament-selfplay");
    let args = [
        "tournament",
        "greedy",
        "random:1",
        "random:2",
        "-n",
        "4",
        "--time",
        "0",
        "--json",
    ];
    let part = gomoku_json(&[&args[..], &["--shard", "2/2"]].concat());
    // Every pairing plays its games 3 and 4.
    assert_eq!(u(&part["games"]), 6);
    assert_eq!(part["game_numbers"], serde_json::json!([[3, 4]]));
    let out = tmp.path().join("selfplay");
    let selfplay = |shard: &str, resume: bool| {
        let mut a = vec![
            "selfplay",
            "-n",
            "4",
            "--nodes",
            "200",
            "--size",
            "9",
            "--out",
            out.to_str().unwrap(),
            "--shard",
            shard,
        ];
        if resume {
            a.push("--resume");
        }
        let (stdout, err, ok) = gomoku(&a);
        assert!(ok, "{err}");
        stdout
    };
    assert!(selfplay("1/2", false).starts_with("2 games"));
    assert!(selfplay("2/2", false).starts_with("2 games"));
    assert_eq!(records(&out), 4);
    let first = std::fs::read(out.join("game-00003.json")).unwrap();
    // Resumed, shard 2/2 finds its two games there and plays none again.
    assert!(selfplay("2/2", true).starts_with("2 games"));
    assert_eq!(std::fs::read(out.join("game-00003.json")).unwrap(), first);
    let (_, err, ok) = gomoku(&[
        "selfplay",
        "-n",
        "4",
        "--nodes",
        "300",
        "--size",
        "9",
        "--out",
        out.to_str().unwrap(),
        "--shard",
        "2/2",
        "--resume",
    ]);
    assert!(!ok);
    assert!(err.contains("nodes (300 here, 200 there)"), "{err}");
}
