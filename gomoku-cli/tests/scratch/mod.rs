//! Scratch directories for the tests that write files.

use tempfile::TempDir;

/// A fresh empty directory `gomoku-{name}-…` under the system's temporary directory, removed
/// with everything in it when dropped, also when the test fails.
pub fn scratch_dir(name: &str) -> TempDir {
    tempfile::Builder::new()
        .prefix(&format!("gomoku-{name}-"))
        .tempdir()
        .expect("a scratch directory")
}
