//! Reading game records for training and fitting: files, or directories of them read
//! recursively, in any record format.

use std::path::{Path, PathBuf};

use gomoku_rules::Rule;
use gomoku_rules::record::{self, Format, ReadOptions, Record};

/// Every file under `path` (itself if a file), sorted.
fn files_under(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            // Hidden files are not records: a run's journal, a half-written temporary file.
            .filter(|p| {
                p.file_name()
                    .is_none_or(|n| !n.to_string_lossy().starts_with('.'))
            })
            .collect();
        entries.sort();
        for e in entries {
            files_under(&e, out)?;
        }
        Ok(())
    } else if path.exists() {
        out.push(path.to_path_buf());
        Ok(())
    } else {
        Err(format!("{}: no such file or directory", path.display()))
    }
}

/// Reads every game of the `inputs` (files, or directories read recursively; records that
/// do not say take `size` and `rule`) and hands it to `add`; returns how many files there were and
/// how many of them could not be read (each named through `say`).
pub fn read_games(
    inputs: &[PathBuf],
    size: u32,
    rule: Rule,
    say: &mut dyn FnMut(String),
    add: &mut dyn FnMut(&Record),
) -> Result<(usize, usize), String> {
    let mut files = Vec::new();
    for input in inputs {
        files_under(input, &mut files)?;
    }
    let read = ReadOptions {
        size,
        rule,
        game: 0,
    };
    let mut bad_files = 0;
    for file in &files {
        let games = record::read_text(file)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                let format = Format::from_path(file).unwrap_or_else(|| Format::detect(&text));
                record::read_all(&text, format, &read).map_err(|e| e.to_string())
            });
        match games {
            Ok(games) => games.iter().flatten().for_each(&mut *add),
            Err(e) => {
                bad_files += 1;
                say(format!("skipping {}: {e}\n", file.display()));
            }
        }
    }
    Ok((files.len(), bad_files))
}
