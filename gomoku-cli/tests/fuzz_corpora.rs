//! Replays the fuzz corpora on stable Rust: every file of `fuzz/corpus/TARGET/` and
//! `fuzz/regressions/TARGET/` (inputs that once crashed) is fed to the same entry point as the
//! cargo-fuzz target `TARGET` (`fuzz/src/lib.rs`, included here), which panics on a violated
//! invariant.

#[path = "../../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod fuzz_entries;

use std::fs;
use std::path::{Path, PathBuf};

use gomoku_rules::record::Format;

/// An entry point: takes the fuzzer's bytes, panics on a broken invariant.
type Entry = fn(&[u8]);

/// The fuzz targets and their entry points.
const TARGETS: [(&str, Entry); 7] = [
    ("record_json", |d| fuzz_entries::record(Format::Json, d)),
    ("record_psq", |d| fuzz_entries::record(Format::Psq, d)),
    ("record_sgf", |d| fuzz_entries::record(Format::Sgf, d)),
    ("record_rif", |d| fuzz_entries::record(Format::Rif, d)),
    ("record_move_list", |d| {
        fuzz_entries::record(Format::Moves, d);
        fuzz_entries::record(Format::Pos, d);
    }),
    ("notation", fuzz_entries::notation),
    ("pbrain_session", fuzz_entries::pbrain_session),
];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// The files of `dir`, sorted (none if it does not exist).
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|e| e.expect("a directory entry").path())
            .filter(|p| p.is_file())
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

/// Feeds every corpus and regression file of `target` to its entry point; returns how many.
fn replay(target: &str) -> usize {
    let (_, entry) = TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .expect("a known target");
    let mut count = 0;
    for kind in ["corpus", "regressions"] {
        for path in files(&fuzz_dir().join(kind).join(target)) {
            let data = fs::read(&path).expect("read a corpus file");
            let run = std::panic::catch_unwind(|| entry(&data));
            assert!(run.is_ok(), "{} panicked on {}", target, path.display());
            count += 1;
        }
    }
    count
}

#[test]
fn every_corpus_directory_belongs_to_a_target() {
    for kind in ["corpus", "regressions"] {
        for dir in fs::read_dir(fuzz_dir().join(kind))
            .into_iter()
            .flatten()
            .flatten()
        {
            let name = dir.file_name().to_string_lossy().into_owned();
            assert!(
                TARGETS.iter().any(|(t, _)| *t == name),
                "fuzz/{kind}/{name} is not a fuzz target"
            );
        }
    }
}

/// One test per target, so they run in parallel and fail by name.
macro_rules! replay_tests {
    ($($target:ident),*) => {
        $(
            #[test]
            fn $target() {
                assert!(replay(stringify!($target)) > 0, "no corpus for {}", stringify!($target));
            }
        )*
    };
}

replay_tests!(
    record_json,
    record_psq,
    record_sgf,
    record_rif,
    record_move_list,
    notation,
    pbrain_session
);
