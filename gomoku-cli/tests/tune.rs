//! `gomoku selfplay`, `gomoku tune`, and weights files in `gomoku match engine,eval=FILE` and
//! `gomoku pbrain --eval FILE`.

mod scratch;

use std::process::{Command, Stdio};

use gomoku_ai::weights::EvalWeights;
use gomoku_rules::Rule;

use scratch::scratch_dir;

fn gomoku(args: &[&str]) -> (String, String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("gomoku runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.success(),
    )
}

#[test]
fn selfplay_then_tune_then_match_with_the_weights() {
    let tmp = scratch_dir("tune-flow");
    let dir = tmp.path();
    let games = dir.join("games");
    let weights = dir.join("w.json");
    let (out, err, ok) = gomoku(&[
        "selfplay",
        "-n",
        "4",
        "--nodes",
        "300",
        "-j",
        "2",
        "--size",
        "11",
        "--out",
        games.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("4 games"), "{out}");
    // The records; selfplay's hidden settings file (for --resume) is not one.
    let records = std::fs::read_dir(&games)
        .unwrap()
        .filter(|e| {
            !e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with('.')
        })
        .count();
    assert_eq!(records, 4);

    let (out, err, ok) = gomoku(&[
        "tune",
        games.to_str().unwrap(),
        "--size",
        "11",
        "--epochs",
        "10",
        "--report-every",
        "5",
        "--score-weight",
        "0.5",
        "--out",
        weights.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("4 games of freestyle"), "{out}");
    // Self-play records carry the search scores, and the fit uses them.
    assert!(
        out.contains("positions with a search score, weighted 0.5"),
        "{out}"
    );
    assert!(out.contains("epoch    10: training loss"), "{out}");
    let loaded = EvalWeights::load(&weights).unwrap();
    assert_eq!(loaded.rules(), vec![Rule::Freestyle]);
    for (flag, value, message) in [
        (
            "--score-weight",
            "1.5",
            "--score-weight must be between 0 and 1",
        ),
        ("--score-scale", "0", "--score-scale must be positive"),
    ] {
        let (out, err, ok) = gomoku(&[
            "tune",
            games.to_str().unwrap(),
            "--size",
            "11",
            flag,
            value,
            "--out",
            dir.join("bad.json").to_str().unwrap(),
        ]);
        assert!(!ok && err.contains(message), "{out}{err}");
    }

    // Move-ordering values fitted to the same games, on top of the fitted evaluation.
    let with_moves = dir.join("moves.json");
    let (out, err, ok) = gomoku(&[
        "tune",
        games.to_str().unwrap(),
        "--size",
        "11",
        "--move-values",
        "--epochs",
        "10",
        "--start",
        weights.to_str().unwrap(),
        "--out",
        with_moves.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("move choices"), "{out}");
    assert!(out.contains("validation top-1"), "{out}");
    let loaded_moves = EvalWeights::load(&with_moves).unwrap();
    let fitted = loaded_moves.for_rule(Rule::Freestyle).unwrap();
    assert!(fitted.has_move_values());
    let mut evaluation = gomoku_ai::weights::RuleWeights::clone(fitted);
    evaluation.clear_move_values();
    assert_eq!(&evaluation, &**loaded.for_rule(Rule::Freestyle).unwrap());
    let (out, err, ok) = gomoku(&[
        "tune",
        games.to_str().unwrap(),
        "--move-values",
        "--threats-only",
        "--out",
        dir.join("bad.json").to_str().unwrap(),
    ]);
    assert!(!ok && err.contains("--threats-only"), "{out}{err}");

    for file in [&weights, &with_moves] {
        let spec = format!("engine,eval={}", file.display());
        let (out, err, ok) = gomoku(&[
            "match", &spec, "engine", "-n", "2", "--time", "30ms", "--size", "11", "--json",
        ]);
        assert!(ok, "{out}{err}");
        let summary: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(summary["games"].as_u64(), Some(2), "{out}");
    }
}

#[test]
fn hand_set_weights_are_written_for_every_rule() {
    let tmp = scratch_dir("tune-hand");
    let dir = tmp.path();
    let path = dir.join("hand.json");
    let (out, err, ok) = gomoku(&["tune", "--hand-set", "--out", path.to_str().unwrap()]);
    assert!(ok, "{out}{err}");
    assert_eq!(
        EvalWeights::load(&path).unwrap().rules(),
        Rule::ALL.to_vec()
    );
}

#[test]
fn bad_weights_files_are_errors_naming_the_problem() {
    let tmp = scratch_dir("tune-bad");
    let dir = tmp.path();
    let missing = dir.join("missing.json");
    let truncated = dir.join("truncated.json");
    let text = EvalWeights::hand_set().to_json();
    std::fs::write(&truncated, &text[..text.len() / 2]).unwrap();
    let future = dir.join("future.json");
    std::fs::write(&future, text.replace("\"version\": 1", "\"version\": 9")).unwrap();

    for (file, words) in [
        (&missing, "cannot read weights file"),
        (&truncated, "truncated"),
        (&future, "version 9"),
    ] {
        let spec = format!("engine,eval={}", file.display());
        let (out, err, ok) = gomoku(&["match", &spec, "engine", "-n", "2", "--time", "10ms"]);
        assert!(!ok, "{out}");
        assert!(err.contains(words), "{err}");
        assert!(
            err.contains(file.file_name().unwrap().to_str().unwrap()),
            "{err}"
        );
        assert!(!err.contains("panicked"), "{err}");

        let (out, err, ok) = gomoku(&["pbrain", "--eval", file.to_str().unwrap()]);
        assert!(!ok, "{out}");
        assert!(err.contains(words), "{err}");
    }

    // A file for another rule than the one tuned from.
    let freestyle_only = dir.join("freestyle.json");
    EvalWeights::new(vec![gomoku_ai::weights::RuleWeights::hand_set(
        Rule::Freestyle,
    )])
    .unwrap()
    .save(&freestyle_only)
    .unwrap();
    let (out, err, ok) = gomoku(&[
        "tune",
        dir.to_str().unwrap(),
        "--rule",
        "renju",
        "--start",
        freestyle_only.to_str().unwrap(),
        "--out",
        dir.join("x.json").to_str().unwrap(),
    ]);
    assert!(!ok, "{out}");
    assert!(err.contains("cover freestyle, not renju"), "{err}");
}
