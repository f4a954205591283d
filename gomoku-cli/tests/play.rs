//! `gomoku play` driven through a pipe, as scripts use it.

mod scratch;

use std::io::Write;
use std::process::{Command, Stdio};

use scratch::scratch_dir;

/// Runs `gomoku play ARGS` with `input` on stdin; returns (stdout, stderr, success).
fn play(args: &[&str], input: &str) -> (String, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .arg("play")
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gomoku runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.success(),
    )
}

/// The last status line printed.
fn last_status(out: &str) -> &str {
    out.lines()
        .rfind(|l| l.contains(" | move "))
        .expect("a status line")
}

#[test]
fn human_vs_human_to_the_end_with_errors_and_undo_redo() {
    let script = "h8\nh8\nz99\nhello\na1\nundo\nredo\nh9\na2\nh10\na3\nh11\na4\nh12\n";
    let (out, err, ok) = play(&["--white", "human", "--size", "15"], script);
    assert!(ok, "{err}");
    // Off colour: the output is not a terminal.
    assert!(!out.contains('\x1b'));
    // The occupied point, the point off the board and the typo get one-line errors.
    let errors: Vec<&str> = out.lines().filter(|l| l.contains("error: ")).collect();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(
        errors[0].contains("cannot play h8: occupied"),
        "{}",
        errors[0]
    );
    assert!(errors[1].contains("z99"));
    assert!(errors[2].contains("unknown command \"hello\""));
    assert!(out.contains("Took back a1."));
    assert!(out.contains("Replayed a1."));
    assert!(out.contains("*** Black wins with h8 h9 h10 h11 h12 ***"));
    assert_eq!(
        last_status(&out),
        "freestyle 15x15 | move 9, last h12 | Black X: 5, White O: 4 | Game over: Black wins with h8 h9 h10 h11 h12"
    );
    // The winning five is marked on the final board, the stones of a1.. are plain.
    assert!(out.contains(" 8  .  .  .  .  .  .  . <X> .  .  .  .  .  .  .  8"));
    assert!(out.contains(" 1  O  .  ."));
}

#[test]
fn against_the_ai_undo_takes_back_two_moves() {
    // The default AI (the engine), kept quick.
    let (out, err, ok) = play(&["--size", "9", "--time", "100ms"], "e5\nundo\nhint\n");
    assert!(ok, "{err}");
    let ai_moves: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("White plays "))
        .collect();
    assert_eq!(ai_moves.len(), 1, "{out}");
    let reply = ai_moves[0].split_whitespace().nth(2).unwrap();
    assert!(out.contains(&format!("Took back {reply} e5.")), "{out}");
    assert_eq!(
        last_status(&out),
        "freestyle 9x9 | move 0 | Black X: 0, White O: 0 | Black to move"
    );
    // The hint explains the engine's best moves for Black: on the empty board, the centre.
    assert!(out.contains("Hint for Black:\n  e5"), "{out}");
}

#[test]
fn save_then_load_in_a_new_process() {
    let tmp = scratch_dir("play-save");
    let dir = tmp.path();
    // SGF by the extension: it carries the rule (RU) and the players.
    let file = dir.join("game.sgf");
    let script = format!("h8\ni9\nh9\nsave {}\nquit\n", file.display());
    let (out, err, ok) = play(&["--white", "human", "--rule", "renju"], &script);
    assert!(ok, "{err}");
    assert!(out.contains("Saved 3 moves to"), "{out}");
    // After the save, quit does not ask.
    assert!(!out.contains("Quit anyway"));
    let sgf = std::fs::read_to_string(&file).unwrap();
    assert!(
        sgf.starts_with("(;GM[4]") && sgf.contains(";B[hh];W[ig];B[hg]"),
        "{sgf}"
    );
    let (out, err, ok) = play(
        &["--white", "human", "--load", file.to_str().unwrap()],
        "i10\n",
    );
    assert!(ok, "{err}");
    // The rule and the moves come from the file.
    assert_eq!(
        last_status(&out),
        "renju 15x15 | move 4, last i10 | Black X: 2, White O: 2 | Black to move"
    );
    // Loading as a command works too, and a broken file is refused with the game unchanged.
    std::fs::write(
        dir.join("bad.json"),
        "{\"size\": 15, \"rule\": \"renju\", \"moves\": [\"h8\", \"h8\"]}",
    )
    .unwrap();
    let script = format!(
        "load {}\nload {}\n",
        dir.join("bad.json").display(),
        file.display()
    );
    let (out, _, ok) = play(&["--white", "human"], &script);
    assert!(ok);
    assert!(
        out.lines()
            .any(|l| l.starts_with("error: cannot load:") || l.contains("> error: cannot load:")),
        "{out}"
    );
    assert!(out.contains("Loaded"));
    assert!(last_status(&out).starts_with("renju 15x15 | move 3, last h9"));
}

#[test]
fn quitting_with_unsaved_moves_asks() {
    let (out, _, ok) = play(&["--white", "human"], "h8\nquit\nn\ni9\nquit\ny\nj10\n");
    assert!(ok);
    assert_eq!(out.matches("Quit anyway? (y/N)").count(), 2);
    // "n" went on (i9 was played), "y" quit before j10.
    assert!(last_status(&out).contains("move 2, last i9"));
}

#[test]
fn ai_vs_ai_plays_to_the_end() {
    let (out, err, ok) = play(
        &["--black", "random:1", "--white", "random:2", "--size", "7"],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("*** "), "{out}");
    let status = last_status(&out);
    assert!(status.contains("Game over"), "{status}");
}

#[test]
fn bad_options_fail_cleanly() {
    let (_, err, ok) = play(&["--white", "nosuchai"], "");
    assert!(!ok);
    assert!(err.contains("unknown player \"nosuchai\""), "{err}");
    let (_, err, ok) = play(&["--size", "40"], "");
    assert!(!ok);
    assert!(err.contains("40"), "{err}");
}

#[test]
fn renju_forbidden_points_are_shown_and_refused() {
    let tmp = scratch_dir("play-renju");
    let dir = tmp.path();
    let file = dir.join("33.json");
    // Black g8 h8 and i9 i10: i8 makes two open threes, a forbidden 3-3 for Black.
    std::fs::write(
        &file,
        r#"{"size":15,"rule":"renju","moves":["g8","a1","h8","a3","i9","a5","i10","a7"]}"#,
    )
    .unwrap();
    let (out, err, ok) = play(
        &["--white", "human", "--load", file.to_str().unwrap()],
        "i8\nj8\n",
    );
    assert!(ok, "{err}");
    // The first board marks i8 with "!".
    assert!(
        out.contains(" 8  .  .  .  .  .  .  X  X  !  .  .  .  .  .  .  8"),
        "{out}"
    );
    assert!(out.contains("error: cannot play i8: forbidden for Black: double three (3-3)"));
    assert!(last_status(&out).contains("move 9, last j8"));
}

/// The saved JSON record of a game played with `args` and `script` (which must not quit), and
/// the output.
fn play_and_save(name: &str, args: &[&str], script: &str) -> (serde_json::Value, String) {
    let tmp = scratch_dir(name);
    let file = tmp.path().join("game.json");
    let script = format!("{script}save {}\nquit\n", file.display());
    let (out, err, ok) = play(args, &script);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}: {out}"));
    (serde_json::from_str(&text).unwrap(), out)
}

fn record_moves(record: &serde_json::Value) -> Vec<&str> {
    record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect()
}

#[test]
fn swap2_a_person_opens_and_the_engine_chooses() {
    let (record, out) = play_and_save(
        "play-swap2-person-opens",
        &["--opening", "swap2", "--size", "15", "--time", "100ms"],
        "h8\ni9\nf7\n",
    );
    assert!(
        out.starts_with("Swap2: the first player places three stones"),
        "{out}"
    );
    assert!(out.contains("Swap2, first player (human): place opening stone 1 of 3 (Black)>"));
    assert!(out.contains("Swap2, first player (human): place opening stone 3 of 3 (Black)>"));
    let chose = out
        .lines()
        .find(|l| l.starts_with("The second player took "))
        .unwrap_or_else(|| panic!("the engine chose: {out}"));
    let engine_took_white = chose.starts_with("The second player took White");
    assert_eq!(&record_moves(&record)[..3], ["h8", "i9", "f7"]);
    let opening = record["opening"].as_str().unwrap();
    assert!(
        opening.starts_with(
            "swap2: the first player (human) placed h8 i9 f7; the second player (engine) took"
        ),
        "{opening}"
    );
    // The record names the players by their final colours; White moved after the choice when
    // it was the engine's.
    if engine_took_white {
        assert_eq!(
            (&record["black"], &record["white"]),
            (&"human".into(), &"engine".into())
        );
        assert_eq!(record_moves(&record).len(), 4);
    } else {
        assert_eq!(
            (&record["black"], &record["white"]),
            (&"engine".into(), &"human".into())
        );
        assert_eq!(record_moves(&record).len(), 3);
        assert!(out.contains("White (O) to move> "), "{out}");
    }
}

#[test]
fn swap2_the_engine_opens_a_person_places_two_and_the_engine_chooses() {
    let (record, out) = play_and_save(
        "play-swap2-engine-opens",
        &[
            "--opening",
            "swap2",
            "--black",
            "engine",
            "--white",
            "human",
            "--time",
            "100ms",
        ],
        "h2\nundo\ntwo\nj10\ng6\n",
    );
    // The engine's set opening, then the person's choice.
    let stones = record_moves(&record);
    assert_eq!(&stones[..3], ["h8", "i9", "f7"], "{out}");
    assert!(out.contains(
        "Swap2, second player (human): choose your colour: black or white (White moves next), or two"
    ));
    // A stone or an undo where a choice is due is refused.
    assert!(out.contains("error: choose a colour first: type black or white (or two)"));
    assert!(out.contains("error: the opening cannot be taken back"));
    assert!(out.contains("Swap2, second player (human): place opening stone 2 of 2 (Black)>"));
    assert_eq!(&stones[3..5], ["j10", "g6"]);
    assert!(out.contains("The first player took "), "{out}");
    let opening = record["opening"].as_str().unwrap();
    assert!(
        opening.contains("the second player (human) placed two more stones (j10 g6); the first player (engine) took"),
        "{opening}"
    );
}

#[test]
fn swap_the_person_chooses_black_and_the_engine_plays_white() {
    let (record, out) = play_and_save(
        "play-swap-person-chooses",
        &[
            "--opening",
            "swap",
            "--black",
            "engine",
            "--white",
            "human",
            "--time",
            "100ms",
            "--rule",
            "renju",
        ],
        "two\nblack\n",
    );
    assert!(
        out.contains("Renju: the opening stones are ordinary moves"),
        "{out}"
    );
    assert!(out.contains("error: \"two\" is not offered here"), "{out}");
    assert!(out.contains("The second player took Black. The first player (engine) plays White."));
    // The engine (now White) answered at once.
    assert!(out.contains("White plays "), "{out}");
    assert_eq!(record_moves(&record).len(), 4);
    assert_eq!(
        (&record["black"], &record["white"]),
        (&"human".into(), &"engine".into())
    );
    assert_eq!(
        record["opening"],
        "swap: the first player (engine) placed h8 i9 f7; the second player (human) took Black"
    );
    assert!(last_status(&out).contains("Black to move"), "{out}");
}
