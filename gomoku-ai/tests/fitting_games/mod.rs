//! The fixed self-play games (PSQ, in tests/data/tune) that the tuner's and the trainer's
//! tests fit to.

use std::path::Path;

use gomoku_rules::Rule;
use gomoku_rules::record::{self, Format, ReadOptions};

/// The games of the files whose names start with `prefix` ("free-", "renju-"), in name order,
/// read under `rule`.
pub fn games(prefix: &str, rule: Rule) -> Vec<record::Record> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tune");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
        .collect();
    files.sort();
    let options = ReadOptions {
        rule,
        ..ReadOptions::default()
    };
    files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            record::read_str_with(&text, Format::Psq, &options).unwrap()
        })
        .collect()
}
