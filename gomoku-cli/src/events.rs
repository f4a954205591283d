//! `--events FILE`: one JSON line per finished game ([`GameEvent`]), appended and flushed as
//! each game ends, for dashboards and schedulers that follow a run (`tail -f`).

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use gomoku_ai::arena::GameEvent;

/// A file that game events are appended to, one line each.
#[derive(Debug)]
pub struct EventLog {
    path: PathBuf,
    file: File,
}

impl EventLog {
    /// Opens `path` for appending (creating it): lines already there stay.
    ///
    /// # Errors
    /// The system's reason when the file cannot be opened.
    pub fn append_to(path: &Path) -> io::Result<EventLog> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(EventLog {
            path: path.to_path_buf(),
            file,
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `event` as one line, in one write (several processes appending to one local
    /// file do not interleave their lines), and flushes it.
    ///
    /// # Errors
    /// The system's reason when the line cannot be written.
    pub fn write(&mut self, event: &GameEvent) -> io::Result<()> {
        let mut line = serde_json::to_vec(event).map_err(io::Error::other)?;
        line.push(b'\n');
        self.file.write_all(&line)?;
        self.file.flush()
    }
}
