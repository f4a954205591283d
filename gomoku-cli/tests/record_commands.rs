//! `gomoku convert`, `gomoku show` and `gomoku solve` through the binary.

mod scratch;

use std::process::{Command, Output};

use scratch::scratch_dir;

fn gomoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(args)
        .output()
        .expect("gomoku runs")
}

#[test]
fn convert_then_show_round_trips_through_every_format() {
    let tmp = scratch_dir("cli-convert");
    let dir = tmp.path();
    let src = dir.join("game.txt");
    std::fs::write(&src, "h8 i9 h9 i10 h10 i11 h11 i12 h12\n").unwrap();
    let mut previous = src.clone();
    for ext in ["sgf", "psq", "json", "rif", "txt"] {
        let out = dir.join(format!("game2.{ext}"));
        let run = gomoku(&["convert", previous.to_str().unwrap(), out.to_str().unwrap()]);
        assert!(
            run.status.success(),
            "{ext}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(String::from_utf8_lossy(&run.stdout).contains("(9 moves)"));
        let show = gomoku(&["show", out.to_str().unwrap()]);
        let text = String::from_utf8(show.stdout).unwrap();
        assert!(show.status.success(), "{ext}");
        assert!(
            text.contains("moves: h8 i9 h9 i10 h10 i11 h11 i12 h12"),
            "{ext}: {text}"
        );
        assert!(
            text.contains("Black wins with h8 h9 h10 h11 h12"),
            "{ext}: {text}"
        );
        previous = out;
    }
    // --to overrides the extension.
    let out = dir.join("forced.out");
    let run = gomoku(&[
        "convert",
        src.to_str().unwrap(),
        out.to_str().unwrap(),
        "--to",
        "sgf",
    ]);
    assert!(run.status.success());
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .starts_with("(;GM[4]")
    );
}

#[test]
fn bad_files_fail_with_a_clear_message_and_keep_the_old_output() {
    let tmp = scratch_dir("cli-bad");
    let dir = tmp.path();
    let bad = dir.join("bad.sgf");
    std::fs::write(&bad, "(;GM[4]SZ[15];B[hh];W[hh])").unwrap();
    let target = dir.join("keep.psq");
    std::fs::write(&target, "precious").unwrap();
    let run = gomoku(&["convert", bad.to_str().unwrap(), target.to_str().unwrap()]);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("occupied"), "{err}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
    let run = gomoku(&["show", dir.join("missing.psq").to_str().unwrap()]);
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("cannot read"));
    let run = gomoku(&[
        "convert",
        bad.to_str().unwrap(),
        dir.join("x.unknown").to_str().unwrap(),
    ]);
    assert!(String::from_utf8_lossy(&run.stderr).contains("--to"));
}

#[test]
fn solve_finds_a_vcf_and_reports_none_where_there_is_none() {
    let run = gomoku(&["solve", "--moves", "h8 i9 h9 i10 h10 i11"]);
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(run.status.success());
    // Black's open three h8-h10: a four, the forced block, then five.
    let line = text
        .lines()
        .find(|l| l.starts_with("Black wins by VCF:"))
        .expect(&text);
    let moves: Vec<&str> = line["Black wins by VCF: ".len()..].split(' ').collect();
    assert_eq!(moves.len(), 3, "{line}");
    assert!(["h7", "h11"].contains(&moves[0]), "{line}");
    let run = gomoku(&["solve", "--moves", "h8 i9"]);
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(text.contains("Black has no VCF"), "{text}");
    let run = gomoku(&["solve", "--moves", "h8 zz"]);
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("zz"));
}
