//! What can go wrong reading or writing a game record, and where.

use std::fmt;
use std::io;
use std::path::PathBuf;

use thiserror::Error;

use crate::board::BoardSizeError;
use crate::game::PlayError;
use crate::point::ParsePointError;
use crate::record::format::Format;
use crate::record::game_record::GameResult;
use crate::rule::ParseRuleError;

/// A place in a text: 1-based line and column (the column counts characters, not bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl Location {
    /// The location of byte `offset` in `text` (an offset past the end, or inside a character,
    /// is clamped to the nearest character boundary before it).
    pub fn of(text: &str, offset: usize) -> Location {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line_start = before.rfind(['\n', '\r']).map_or(0, |i| i + 1);
        // "\r\n" counts as one line break.
        let line = 1 + before.matches('\n').count() + before.matches('\r').count()
            - before.matches("\r\n").count();
        Location {
            line,
            column: 1 + before[line_start..].chars().count(),
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What is wrong with a record (see [`RecordError`] for where).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The text does not follow the format here.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What the format requires here.
        expected: &'static str,
        /// What the text holds instead (shortened), or "end of file".
        found: String,
    },
    /// The text is empty (or only whitespace and comments).
    #[error("the record is empty")]
    Empty,
    /// The board size is not supported.
    #[error(transparent)]
    Size(#[from] BoardSizeError),
    /// The board is not square.
    #[error("a {width}x{height} board is not supported: boards are square")]
    NotSquare {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// The rule named by the record is not known.
    #[error(transparent)]
    Rule(#[from] ParseRuleError),
    /// A coordinate is not a point of the board.
    #[error(transparent)]
    Point(#[from] ParsePointError),
    /// Move `number` breaks the rules: occupied, after the end of the game, or forbidden.
    #[error("move {number}: {source}")]
    IllegalMove {
        /// 1-based move number.
        number: usize,
        /// Why it cannot be played.
        source: PlayError,
    },
    /// A move was given for the colour that is not to move (SGF `B`/`W` out of turn).
    #[error("move {number} is played by {found}, but it is {expected}'s turn")]
    WrongColor {
        /// 1-based move number.
        number: usize,
        /// The colour to move.
        expected: crate::Color,
        /// The colour the record gives.
        found: crate::Color,
    },
    /// The stated result contradicts the position (e.g. "White wins" after a Black five).
    #[error("the record says {stated}, but the moves end with {actual}")]
    ResultMismatch {
        /// The result the record states.
        stated: GameResult,
        /// The outcome of the moves.
        actual: crate::Outcome,
    },
    /// The per-move times do not match the moves.
    #[error("{times} move times for {moves} moves")]
    TimesLength {
        /// Number of times given.
        times: usize,
        /// Number of moves.
        moves: usize,
    },
    /// The per-move evaluations do not match the moves.
    #[error("{evaluations} move evaluations for {moves} moves")]
    EvaluationsLength {
        /// Number of evaluations given.
        evaluations: usize,
        /// Number of moves.
        moves: usize,
    },
    /// A file of several games has no game with this index.
    #[error("there is no game {index} (0-based): the file holds {count}")]
    NoSuchGame {
        /// The requested 0-based index.
        index: usize,
        /// The number of games in the file.
        count: usize,
    },
    /// The record uses a feature this reader does not support.
    #[error("unsupported: {0}")]
    Unsupported(&'static str),
    /// The JSON text is malformed or does not match the schema.
    #[cfg(feature = "serde")]
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// This build has no support for the format (JSON needs the `serde` feature).
    #[error("{0} support is not compiled in")]
    FormatUnavailable(Format),
}

/// A record that could not be read or written: the format, where in the text (when known) and
/// what is wrong.
///
/// ```
/// use gomoku_rules::record::{read_str, Format};
/// let err = read_str("Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0\n", Format::Psq).unwrap_err();
/// assert_eq!(err.location.map(|l| l.line), Some(3));
/// assert!(err.to_string().contains("move 2"), "{err}");
/// ```
#[derive(Debug, Error)]
pub struct RecordError {
    /// The format being read or written.
    pub format: Format,
    /// Where in the text, when the error has a place.
    pub location: Option<Location>,
    /// What is wrong.
    #[source]
    pub kind: RecordErrorKind,
}

impl RecordError {
    /// An error at `location`.
    pub fn at(format: Format, location: Location, kind: impl Into<RecordErrorKind>) -> Self {
        RecordError {
            format,
            location: Some(location),
            kind: kind.into(),
        }
    }

    /// An error about the record as a whole.
    pub fn whole(format: Format, kind: impl Into<RecordErrorKind>) -> Self {
        RecordError {
            format,
            location: None,
            kind: kind.into(),
        }
    }

    /// "expected X, found Y" at byte `offset` of `text`.
    pub(crate) fn expected(
        format: Format,
        text: &str,
        offset: usize,
        expected: &'static str,
    ) -> Self {
        RecordError::at(
            format,
            Location::of(text, offset),
            RecordErrorKind::Expected {
                expected,
                found: found_at(text, offset),
            },
        )
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} record", self.format)?;
        if let Some(location) = self.location {
            write!(f, ", {location}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

/// A short quotation of the text at byte `offset`, for error messages.
pub(crate) fn found_at(text: &str, offset: usize) -> String {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let rest = &text[offset..];
    let line = rest.split(['\n', '\r']).next().unwrap_or("");
    if rest.is_empty() {
        "end of file".to_string()
    } else if line.is_empty() {
        "end of line".to_string()
    } else {
        quote(line)
    }
}

/// `text` in quotes, cut after 24 characters.
pub(crate) fn quote(text: &str) -> String {
    const MAX_CHARS: usize = 24;
    let mut out: String = text.chars().take(MAX_CHARS).collect();
    if text.chars().count() > MAX_CHARS {
        out.push('…');
    }
    format!("\"{out}\"")
}

/// A record file that could not be loaded or saved.
#[derive(Debug, Error)]
pub enum FileError {
    /// The file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// The file could not be written; any previous file at the path is unchanged.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// The file is not a valid record.
    #[error("{}: {source}", path.display())]
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: RecordError,
    },
}
