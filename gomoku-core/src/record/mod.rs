//! Game records: reading and writing games in several formats, and saving them safely.
//!
//! | format | extension | carries |
//! |---|---|---|
//! | [`Format::Json`] (ours) | `.json` | everything |
//! | [`Format::Psq`] (Piskvork) | `.psq` | size, moves, time per move, players |
//! | [`Format::Sgf`] (`GM[4]`) | `.sgf` | size, rule, moves, players, result, event, date; many games |
//! | [`Format::Rif`] (RenjuNet) | `.rif` | rule, moves, players, result, event, date; many games |
//! | [`Format::Moves`] | `.txt` | moves in board notation, with an optional `# key: value` header |
//! | [`Format::Pos`] (Gomocup) | `.pos` | moves only, rows counted from the top |
//!
//! Every reader validates the game through the rules (overlapping stones, moves after the end,
//! forbidden Black moves under Renju, off-board points, a stated result that contradicts the
//! board) and reports errors with the line and column and what was expected. What a format does
//! not carry (the rule of a PSQ file, the size of a move list) comes from [`ReadOptions`].
//!
//! ```
//! use gomoku_rules::record::{self, Format, GameResult};
//! use gomoku_rules::Rule;
//!
//! let psq = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,1200\n8,9,900\npbrain-a.exe\npbrain-b.exe\n-1\n";
//! let game = record::read_str(psq, Format::Psq).unwrap();
//! assert_eq!(game.moves().len(), 3);
//! assert_eq!(game.black.as_deref(), Some("pbrain-a.exe"));
//! assert_eq!(game.times(), Some(&[0, 1200, 900][..]));
//!
//! let sgf = record::write_string(&game, Format::Sgf).unwrap();
//! assert!(sgf.contains(";B[hh];W[ii];B[hi]"));
//! let back = record::read_str(&sgf, Format::detect(&sgf)).unwrap();
//! assert_eq!(back.moves(), game.moves());
//! ```

mod atomic;
mod error;
mod format;
mod game_record;
#[cfg(feature = "serde")]
mod json;
mod lines;
mod move_list;
mod psq;
mod rif;
mod sgf;
mod xml;

use std::path::Path;

pub use atomic::write_file;
pub use error::{FileError, Location, RecordError, RecordErrorKind};
pub use format::{Format, ParseFormatError};
pub use game_record::{GameResult, Record};

use crate::rule::Rule;

/// Board size assumed when a record does not give one.
pub const DEFAULT_SIZE: u32 = 15;

/// What to assume for what a file does not say, and which game of a file of many to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// The board size for records that do not carry one (move lists, pos strings; SGF without
    /// `SZ`; RenjuNet games without a `size` attribute). Default 15.
    pub size: u32,
    /// The rule for records that do not carry one (PSQ, move lists without a header, pos
    /// strings, SGF without `RU`). Default freestyle. RenjuNet games without a rule are Renju.
    pub rule: Rule,
    /// The 0-based index of the game to read from a file of several (RenjuNet, SGF
    /// collections). Default 0.
    pub game: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            size: DEFAULT_SIZE,
            rule: Rule::Freestyle,
            game: 0,
        }
    }
}

/// Reads a record in `format` with the default [`ReadOptions`].
///
/// # Errors
/// [`RecordError`] with the place and the reason when the text is not a valid record.
pub fn read_str(text: &str, format: Format) -> Result<Record, RecordError> {
    read_str_with(text, format, &ReadOptions::default())
}

/// Reads a record in `format`.
///
/// ```
/// use gomoku_rules::record::{read_str_with, Format, ReadOptions};
/// use gomoku_rules::Rule;
/// // Pos strings count rows from the top: "h8" is the centre only on 15x15.
/// let options = ReadOptions { size: 20, rule: Rule::Standard, ..ReadOptions::default() };
/// let record = read_str_with("k11j10", Format::Pos, &options).unwrap();
/// assert_eq!(record.moves()[0].to_string(), "k10");
/// assert_eq!(record.rule(), Rule::Standard);
/// ```
///
/// # Errors
/// [`RecordError`] with the place and the reason when the text is not a valid record, or
/// [`RecordErrorKind::NoSuchGame`] when `options.game` is past the last game.
pub fn read_str_with(
    text: &str,
    format: Format,
    options: &ReadOptions,
) -> Result<Record, RecordError> {
    if options.game > 0 && !matches!(format, Format::Sgf | Format::Rif) {
        return Err(RecordError::whole(
            format,
            RecordErrorKind::NoSuchGame {
                index: options.game,
                count: 1,
            },
        ));
    }
    match format {
        #[cfg(feature = "serde")]
        Format::Json => json::read(text),
        #[cfg(not(feature = "serde"))]
        Format::Json => Err(RecordError::whole(
            format,
            RecordErrorKind::FormatUnavailable(format),
        )),
        Format::Psq => psq::read(text, options),
        Format::Sgf => sgf::read(text, options),
        Format::Rif => rif::read(text, options),
        Format::Moves => move_list::read(text, move_list::Rows::FromBottom, options),
        Format::Pos => move_list::read(text, move_list::Rows::FromTop, options),
    }
}

/// Reads a record whose format is guessed from its content ([`Format::detect`]).
///
/// # Errors
/// As [`read_str_with`].
pub fn read_detected(text: &str, options: &ReadOptions) -> Result<Record, RecordError> {
    read_str_with(text, Format::detect(text), options)
}

/// The number of games in the text: several for RenjuNet databases and SGF collections, one
/// for the other formats.
///
/// # Errors
/// A syntax error of a RenjuNet or SGF file.
pub fn game_count(text: &str, format: Format) -> Result<usize, RecordError> {
    match format {
        Format::Sgf => sgf::game_count(text),
        Format::Rif => rif::game_count(text),
        _ => Ok(1),
    }
}

/// Reads every game of the text. The outer error is a syntax error that spoils the whole file;
/// each game is then validated on its own, so one bad game does not hide the others.
///
/// # Errors
/// A syntax error of the file (for formats of one game, any error).
pub fn read_all(
    text: &str,
    format: Format,
    options: &ReadOptions,
) -> Result<Vec<Result<Record, RecordError>>, RecordError> {
    match format {
        Format::Rif => rif::read_all(text, options),
        Format::Sgf => sgf::read_all(text, options),
        _ => Ok(vec![Ok(read_str_with(text, format, options)?)]),
    }
}

/// Writes a record in `format`.
///
/// What the format cannot carry is left out: the rule and result in PSQ, the move times
/// outside JSON and PSQ, everything but the moves in a pos string.
///
/// # Errors
/// Only [`RecordErrorKind::FormatUnavailable`], for JSON in a build without the `serde`
/// feature.
pub fn write_string(record: &Record, format: Format) -> Result<String, RecordError> {
    Ok(match format {
        #[cfg(feature = "serde")]
        Format::Json => json::write(record),
        #[cfg(not(feature = "serde"))]
        Format::Json => {
            return Err(RecordError::whole(
                format,
                RecordErrorKind::FormatUnavailable(format),
            ));
        }
        Format::Psq => psq::write(record),
        Format::Sgf => sgf::write(record),
        Format::Rif => rif::write_many(&[record]),
        Format::Moves => move_list::write_moves(record),
        Format::Pos => move_list::write_pos(record),
    })
}

/// Writes several games into one file: a RenjuNet database or an SGF collection.
///
/// # Errors
/// [`RecordErrorKind::Unsupported`] for other formats unless there is exactly one record.
pub fn write_many(records: &[Record], format: Format) -> Result<String, RecordError> {
    match (format, records) {
        (Format::Rif, _) => Ok(rif::write_many(&records.iter().collect::<Vec<_>>())),
        (Format::Sgf, _) => Ok(records.iter().map(sgf::write).collect()),
        (_, [one]) => write_string(one, format),
        _ => Err(RecordError::whole(
            format,
            RecordErrorKind::Unsupported("several games in one file of this format"),
        )),
    }
}

/// Loads a record file: the format comes from the extension, or else from the content;
/// default [`ReadOptions`]. Invalid UTF-8 is replaced, not refused (old files use other
/// encodings for names).
///
/// # Errors
/// [`FileError::Read`] when the file cannot be read, [`FileError::Record`] when it is not a
/// valid record.
pub fn load(path: &Path) -> Result<Record, FileError> {
    load_with(path, None, &ReadOptions::default())
}

/// Loads a record file in `format` (or, if `None`, the format of the extension or else the
/// content).
///
/// # Errors
/// As [`load`].
pub fn load_with(
    path: &Path,
    format: Option<Format>,
    options: &ReadOptions,
) -> Result<Record, FileError> {
    let text = read_text(path)?;
    let format = format
        .or_else(|| Format::from_path(path))
        .unwrap_or_else(|| Format::detect(&text));
    read_str_with(&text, format, options).map_err(|source| FileError::Record {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads a file as text, replacing invalid UTF-8.
///
/// # Errors
/// [`FileError::Read`].
pub fn read_text(path: &Path) -> Result<String, FileError> {
    let bytes = std::fs::read(path).map_err(|source| FileError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// Saves a record in `format`, atomically (see [`write_file`]): a failed save never truncates
/// or destroys the previous file.
///
/// # Errors
/// [`FileError::Write`] with the I/O error, or [`FileError::Record`] when the format is not
/// available in this build.
pub fn save(path: &Path, record: &Record, format: Format) -> Result<(), FileError> {
    let text = write_string(record, format).map_err(|source| FileError::Record {
        path: path.to_path_buf(),
        source,
    })?;
    write_file(path, text.as_bytes()).map_err(|source| FileError::Write {
        path: path.to_path_buf(),
        source,
    })
}
