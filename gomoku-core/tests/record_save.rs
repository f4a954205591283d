//! Saving is atomic: a save that fails leaves the previous file exactly as it was, and leaves no
//! temporary files behind.

use std::fs;
use std::path::Path;

use gomoku_rules::Rule;
use gomoku_rules::record::{self, FileError, Format, Record};
use tempfile::TempDir;

/// A fresh empty directory for one test, removed when dropped (also when the test fails).
fn scratch(name: &str) -> TempDir {
    tempfile::Builder::new()
        .prefix(&format!("gomoku-record-save-{name}-"))
        .tempdir()
        .unwrap()
}

fn sample() -> Record {
    let moves = ["h8", "i9", "i7"].map(|m| m.parse().unwrap());
    let mut record = Record::from_moves(15, Rule::Renju, moves).unwrap();
    record.black = Some("Alice".into());
    record
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn save_then_load_every_format() {
    let tmp = scratch("formats");
    let dir = tmp.path();
    let record = sample();
    for format in Format::ALL {
        let path = dir.join(format!("game.{}", format.extension()));
        record::save(&path, &record, format).unwrap();
        let back = record::load_with(
            &path,
            None,
            &record::ReadOptions {
                rule: Rule::Renju,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(back.moves(), record.moves(), "{format:?}");
    }
    // Saving over an existing file replaces it.
    let path = dir.join("game.json");
    let moves = ["h8", "i9", "i7", "g9"].map(|m| m.parse().unwrap());
    let longer = Record::from_moves(15, Rule::Renju, moves).unwrap();
    record::save(&path, &longer, Format::Json).unwrap();
    assert_eq!(record::load(&path).unwrap().moves().len(), 4);
    assert_eq!(
        entries(dir).len(),
        Format::ALL.len(),
        "no temporary files left: {:?}",
        entries(dir)
    );
}

#[test]
fn missing_directory_fails_cleanly() {
    let tmp = scratch("missing");
    let dir = tmp.path();
    let path = dir.join("no/such/dir/game.sgf");
    let err = record::save(&path, &sample(), Format::Sgf).unwrap_err();
    assert!(matches!(err, FileError::Write { .. }), "{err}");
    assert!(err.to_string().contains("no/such/dir/game.sgf"), "{err}");
    assert!(entries(dir).is_empty());
}

#[test]
fn read_only_target_is_left_intact() {
    let tmp = scratch("read-only-file");
    let dir = tmp.path();
    let path = dir.join("game.psq");
    fs::write(&path, "old contents\n").unwrap();
    let mut permissions = fs::metadata(&path).unwrap().permissions();
    permissions.set_readonly(true);
    fs::set_permissions(&path, permissions.clone()).unwrap();

    let err = record::save(&path, &sample(), Format::Psq).unwrap_err();
    assert!(matches!(err, FileError::Write { .. }), "{err}");
    assert_eq!(fs::read_to_string(&path).unwrap(), "old contents\n");
    assert_eq!(entries(dir), ["game.psq"]);

    #[allow(clippy::permissions_set_readonly_false)]
    permissions.set_readonly(false);
    fs::set_permissions(&path, permissions).unwrap();
}

#[test]
fn directory_in_the_way_is_left_intact() {
    let tmp = scratch("dir-target");
    let dir = tmp.path();
    let target = dir.join("game.json");
    fs::create_dir(&target).unwrap();
    fs::write(target.join("keep.txt"), "keep").unwrap();
    let err = record::save(&target, &sample(), Format::Json).unwrap_err();
    assert!(matches!(err, FileError::Write { .. }), "{err}");
    assert_eq!(fs::read_to_string(target.join("keep.txt")).unwrap(), "keep");
    assert_eq!(entries(dir), ["game.json"]);
}

#[cfg(unix)]
#[test]
fn read_only_directory_is_left_intact() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = scratch("read-only-dir");
    let dir = tmp.path();
    let path = dir.join("game.txt");
    fs::write(&path, "old contents\n").unwrap();
    fs::set_permissions(dir, fs::Permissions::from_mode(0o555)).unwrap();
    // Writable again when the test ends, failed or not, so that `tmp` can remove it.
    let _writable = Writable(dir);
    // Privileged users (root in containers) may write into read-only directories anyway; the
    // failure can only be tested where the directory really refuses writes.
    let probe = dir.join("probe");
    let refuses_writes = fs::write(&probe, "").is_err();
    let _ = fs::remove_file(&probe);

    let outcome = record::save(&path, &sample(), Format::Moves);
    if refuses_writes {
        assert!(
            matches!(outcome, Err(FileError::Write { .. })),
            "{outcome:?}"
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "old contents\n");
    } else {
        outcome.unwrap();
        assert_eq!(record::load(&path).unwrap().moves(), sample().moves());
    }
    assert_eq!(entries(dir), ["game.txt"]);
}

/// Makes a directory writable again when dropped.
#[cfg(unix)]
struct Writable<'a>(&'a Path);

#[cfg(unix)]
impl Drop for Writable<'_> {
    fn drop(&mut self) {
        use std::os::unix::fs::PermissionsExt;
        let _ = fs::set_permissions(self.0, fs::Permissions::from_mode(0o755));
    }
}

#[test]
fn save_keeps_the_permissions_of_the_file_it_replaces() {
    let tmp = scratch("permissions");
    let dir = tmp.path();
    let path = dir.join("game.sgf");
    record::save(&path, &sample(), Format::Sgf).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        record::save(&path, &sample(), Format::Sgf).unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }
    assert_eq!(record::load(&path).unwrap().black.as_deref(), Some("Alice"));
}
