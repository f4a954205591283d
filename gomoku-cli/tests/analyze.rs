//! `gomoku analyze` through the binary: the JSON shape, the marks of a game with a missed win,
//! the SGF review, the text table and the errors.

mod arena_support;
mod scratch;

use std::collections::BTreeSet;

use arena_support::{gomoku, gomoku_json};
use scratch::scratch_dir;
use serde_json::Value;

/// Black makes an open three, White ignores it (a3), Black plays far away (o15) instead of
/// the open four, White blocks.
const MISSED_WIN: &str = "h8 a1 h9 a2 h10 a3 o15 h11 h7 h6\n";

/// Fixed nodes, no clock: the same review on every run.
const LIMITS: [&str; 4] = ["--time", "0", "--nodes", "20000"];

fn args<'a>(file: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["analyze", file];
    args.extend(LIMITS);
    args.extend(extra);
    args
}

fn keys(value: &Value) -> BTreeSet<&str> {
    value
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn json_lists_every_move_and_marks_the_missed_win() {
    let tmp = scratch_dir("analyze-json");
    let dir = tmp.path();
    let game = dir.join("game.psq");
    // A PSQ record: any format we read works.
    let txt = dir.join("game.txt");
    std::fs::write(&txt, MISSED_WIN).unwrap();
    let (_, err, ok) = gomoku(&["convert", txt.to_str().unwrap(), game.to_str().unwrap()]);
    assert!(ok, "{err}");
    // Progress only on a terminal: nothing on a pipe.
    let (_, err, _) = gomoku(&args(game.to_str().unwrap(), &["--json"]));
    assert!(err.is_empty(), "{err}");
    let json = gomoku_json(&args(game.to_str().unwrap(), &["--json", "-j", "2"]));
    assert_eq!(keys(&json), BTreeSet::from(["moves", "summary"]));
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 10);
    let expected_keys = BTreeSet::from([
        "ply",
        "move",
        "color",
        "score_before",
        "score_after",
        "best",
        "mark",
        "black_expected",
    ]);
    let played: Vec<&str> = MISSED_WIN.split_whitespace().collect();
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(keys(m), expected_keys);
        assert_eq!(m["ply"], i + 1);
        assert_eq!(m["move"], played[i]);
        assert_eq!(m["color"], if i % 2 == 0 { "black" } else { "white" });
        assert!(
            m["score_before"].is_i64() && m["score_after"].is_i64(),
            "{m}"
        );
        assert!(m["best"].is_null() || m["best"].is_string(), "{m}");
        assert!(m["best"] != m["move"], "{m}");
        let share = m["black_expected"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&share), "{m}");
        let mark = &m["mark"];
        assert!(
            mark.is_null()
                || ["inaccuracy", "mistake", "blunder"].contains(&mark.as_str().unwrap()),
            "{m}"
        );
    }
    assert_eq!(
        moves[5]["mark"], "blunder",
        "a3 lets Black win: {}",
        moves[5]
    );
    assert_eq!(
        moves[6]["mark"], "blunder",
        "o15 misses the win: {}",
        moves[6]
    );
    assert!(
        moves[6]["score_before"].as_i64().unwrap() >= 990_000,
        "{}",
        moves[6]
    );
    let summary = &json["summary"];
    assert_eq!(keys(summary), BTreeSet::from(["black", "white"]));
    for side in ["black", "white"] {
        assert_eq!(
            keys(&summary[side]),
            BTreeSet::from([
                "moves",
                "inaccuracies",
                "mistakes",
                "blunders",
                "average_loss"
            ])
        );
        assert_eq!(summary[side]["moves"], 5);
    }
    assert_eq!(summary["black"]["blunders"], 1);
}

#[test]
fn plot_draws_one_element_per_move_with_the_marks() {
    let tmp = scratch_dir("analyze-plot");
    let dir = tmp.path();
    let game = dir.join("game.txt");
    std::fs::write(&game, MISSED_WIN).unwrap();
    let plot = dir.join("review.svg");
    let json = gomoku_json(&args(
        game.to_str().unwrap(),
        &["--json", "--plot", plot.to_str().unwrap()],
    ));
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with(r#"<svg id="review" xmlns="http://www.w3.org/2000/svg""#));
    assert_eq!(svg.matches("data-review-ply=").count(), 10);
    // The graph marks exactly the moves the JSON marks.
    for m in json["moves"].as_array().unwrap() {
        let ply = &m["ply"];
        match m["mark"].as_str() {
            Some(mark) => assert!(
                svg.contains(&format!(r#"data-review-ply="{ply}" data-mark="{mark}""#)),
                "{m}"
            ),
            None => assert!(svg.contains(&format!(r#"data-review-ply="{ply}"><title>"#))),
        }
    }
    assert!(svg.contains(r#"data-review-ply="7" data-mark="blunder""#));
    // A plot into a missing directory fails before the review.
    let (_, err, ok) = gomoku(&args(
        game.to_str().unwrap(),
        &["--plot", dir.join("nowhere/plot.svg").to_str().unwrap()],
    ));
    assert!(!ok);
    assert!(err.contains("its directory does not exist"), "{err}");
}

#[test]
fn table_and_sgf_review() {
    let tmp = scratch_dir("analyze-table");
    let dir = tmp.path();
    let game = dir.join("game.txt");
    std::fs::write(&game, MISSED_WIN).unwrap();
    let sgf = dir.join("review.sgf");
    let sgf_out = sgf.to_str().unwrap();
    let (text, err, ok) = gomoku(&args(game.to_str().unwrap(), &["--sgf-out", sgf_out]));
    assert!(ok, "{err}");
    let o15 = text
        .lines()
        .find(|l| l.contains(" o15 "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(o15.contains("blunder (throws away a forced win)"), "{o15}");
    assert!(text.contains("Black: 5 moves"), "{text}");
    assert!(text.contains("1 blunder,"), "{text}");
    let review = std::fs::read_to_string(&sgf).unwrap();
    assert!(review.contains("C[score +M"), "{review}");
    assert_eq!(review.matches("C[").count(), 11, "{review}");
    // The reviewed SGF is still a record of the same game.
    let (shown, _, _) = gomoku(&["show", sgf_out]);
    assert!(
        shown.contains("moves: h8 a1 h9 a2 h10 a3 o15 h11 h7 h6"),
        "{shown}"
    );
}

#[test]
fn bad_files_and_arguments_are_clear_errors() {
    let tmp = scratch_dir("analyze-errors");
    let dir = tmp.path();
    let missing = dir.join("missing.sgf");
    let garbage = dir.join("garbage.sgf");
    std::fs::write(&garbage, "(;GM[4]SZ[15];B[hh];W[hh])").unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "\n").unwrap();
    let game = dir.join("game.txt");
    std::fs::write(&game, "h8 i9 h9\n").unwrap();
    let game = game.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["analyze", missing.to_str().unwrap()], "missing.sgf"),
        (vec!["analyze", garbage.to_str().unwrap()], "garbage.sgf"),
        (vec!["analyze", empty.to_str().unwrap()], "no moves"),
        (vec!["analyze", game, "--time", "0"], "--nodes"),
        (vec!["analyze", game, "-j", "0"], "at least one job"),
        (vec!["analyze", game, "--time", "soon"], "soon"),
        (vec!["analyze", game, "--nodes", "-5"], "-5"),
        (vec!["analyze", game, "--game", "0"], "--game"),
        (
            vec![
                "analyze",
                game,
                "--nodes",
                "100",
                "--sgf-out",
                "/nonexistent-dir/x.sgf",
            ],
            "x.sgf",
        ),
    ];
    for (args, mentions) in cases {
        let (_, err, ok) = gomoku(&args);
        assert!(!ok, "{args:?} succeeded");
        assert!(err.contains(mentions), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
