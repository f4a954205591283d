//! `gomoku pbrain` speaks the same protocol as the `pbrain-gomoku` binary.

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn gomoku_pbrain_answers_like_the_brain_binary() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .arg("pbrain")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gomoku runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"START 15\r\nINFO timeout_turn 200\r\nBOARD\r\n7,7,2\r\n8,7,2\r\n9,7,2\r\n10,7,2\r\n7,8,1\r\n8,8,1\r\n9,8,1\r\nDONE\r\nEND\r\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let replies: Vec<&str> = text.lines().filter(|l| !l.starts_with("MESSAGE")).collect();
    assert_eq!(replies[0], "OK");
    // The opponent has four on row y=7 (x 7..10); we must block one end: 6,7 or 11,7.
    assert!(["6,7", "11,7"].contains(&replies[1]), "{text}");
    assert!(out.status.success());
}
