//! Runs the `gomoku` binary for the match and tournament tests and reads its JSON.

#![allow(dead_code)]

use std::process::Command;

use serde_json::Value;

/// Runs `gomoku` with `args`: its standard output, standard error and whether it succeeded.
pub fn gomoku(args: &[&str]) -> (String, String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(args)
        .output()
        .expect("gomoku runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.success(),
    )
}

/// Runs `gomoku` with `args`, which must succeed, and parses its JSON output.
pub fn gomoku_json(args: &[&str]) -> Value {
    let (out, err, ok) = gomoku(args);
    assert!(ok, "{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
}

/// A count.
pub fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

/// A number.
pub fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}
