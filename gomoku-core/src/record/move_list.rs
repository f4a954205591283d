//! Move lists in board notation (`h8 i9 i7`) and Gomocup pos strings (`h8i7`, rows counted
//! from the top), with optional `# key: value` header lines.
//!
//! ```text
//! # size: 15
//! # rule: renju
//! # black: Alice
//! # white: Bob
//! # result: white
//! h8 i9 i7 g9
//! ```
//!
//! Headers must come before the moves; unknown keys and other `#` lines are comments. Moves may
//! be separated by whitespace or commas, or written together (`h8i9i7`).

use std::fmt::Write as _;

use crate::point::Point;
use crate::record::ReadOptions;
use crate::record::error::{Location, RecordError, RecordErrorKind, quote};
use crate::record::format::Format;
use crate::record::game_record::{GameResult, Record, replay};
use crate::record::lines::{lines_with_offsets, one_line, strip_bom};
use crate::rule::Rule;

/// Which way the row numbers run.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rows {
    /// Board notation: row 1 at the bottom.
    FromBottom,
    /// Gomocup pos strings: row 1 at the top.
    FromTop,
}

impl Rows {
    fn format(self) -> Format {
        match self {
            Rows::FromBottom => Format::Moves,
            Rows::FromTop => Format::Pos,
        }
    }
}

/// The metadata a header can set.
struct Header {
    size: u32,
    rule: Rule,
    result: Option<(GameResult, Location)>,
    black: Option<String>,
    white: Option<String>,
    event: Option<String>,
    date: Option<String>,
}

/// Reads a move list or pos string.
pub(crate) fn read(text: &str, rows: Rows, options: &ReadOptions) -> Result<Record, RecordError> {
    let format = rows.format();
    let text = strip_bom(text);
    let mut header = Header {
        size: options.size,
        rule: options.rule,
        result: None,
        black: None,
        white: None,
        event: None,
        date: None,
    };
    let size8 = |size: u32, at: Location| {
        u8::try_from(size)
            .ok()
            .filter(|s| (crate::MIN_SIZE..=crate::MAX_SIZE).contains(s))
            .ok_or_else(|| RecordError::at(format, at, crate::BoardSizeError(size)))
    };
    let mut moves: Vec<(Point, Option<usize>)> = Vec::new();
    let mut size: Option<u8> = None;
    for (start, line) in lines_with_offsets(text) {
        let trimmed = line.trim_start();
        let line_at = start + (line.len() - trimmed.len());
        if let Some(comment) = trimmed.strip_prefix('#') {
            read_header_line(
                text,
                line_at,
                comment,
                !moves.is_empty(),
                &mut header,
                format,
            )?;
            continue;
        }
        for (offset, token) in tokens(line) {
            let size = match size {
                Some(s) => s,
                None => {
                    let s = size8(header.size, Location::of(text, line_at))?;
                    size = Some(s);
                    s
                }
            };
            let mut rest = token;
            while !rest.is_empty() {
                let at = start + offset + (token.len() - rest.len());
                let (point, tail) = Point::parse_prefix(rest, size)
                    .map_err(|e| RecordError::at(format, Location::of(text, at), e))?;
                let point = match rows {
                    Rows::FromBottom => point,
                    Rows::FromTop => Point::new_unchecked(point.col(), size - 1 - point.row()),
                };
                moves.push((point, Some(at)));
                rest = tail;
            }
        }
    }
    let size = match size {
        Some(s) => s as u32,
        None => size8(header.size, Location::of(text, text.len()))? as u32,
    };
    let mut record = replay(format, size, header.rule, &moves, text)?;
    if let Some((result, at)) = header.result {
        record
            .set_result(Some(result))
            .map_err(|e| RecordError::at(format, at, e))?;
    }
    record.black = header.black;
    record.white = header.white;
    record.event = header.event;
    record.date = header.date;
    Ok(record)
}

/// The words of a line (split at whitespace and commas) with their byte offsets in the line.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(move |w| (crate::record::lines::offset_in(line, w), w))
}

fn read_header_line(
    text: &str,
    at: usize,
    comment: &str,
    after_moves: bool,
    header: &mut Header,
    format: Format,
) -> Result<(), RecordError> {
    let Some((key, value)) = comment.split_once(':') else {
        return Ok(()); // a plain comment
    };
    let key = key.trim().to_ascii_lowercase();
    let value = value.trim();
    let location = || Location::of(text, at);
    let known = ["size", "rule", "result", "black", "white", "event", "date"];
    if !known.contains(&key.as_str()) {
        return Ok(());
    }
    if after_moves {
        return Err(RecordError::at(
            format,
            location(),
            RecordErrorKind::Expected {
                expected: "header lines before the first move",
                found: quote(comment),
            },
        ));
    }
    match key.as_str() {
        "size" => {
            header.size = value.parse().map_err(|_| {
                RecordError::at(
                    format,
                    location(),
                    RecordErrorKind::Expected {
                        expected: "a board size such as 15",
                        found: quote(value),
                    },
                )
            })?;
        }
        "rule" => {
            header.rule = value
                .parse()
                .map_err(|e| RecordError::at(format, location(), RecordErrorKind::Rule(e)))?;
        }
        "result" => {
            let result = parse_result_word(value).ok_or_else(|| {
                RecordError::at(
                    format,
                    location(),
                    RecordErrorKind::Expected {
                        expected: "a result: black, white or draw",
                        found: quote(value),
                    },
                )
            })?;
            header.result = Some((result, location()));
        }
        "black" => header.black = Some(value.to_string()),
        "white" => header.white = Some(value.to_string()),
        "event" => header.event = Some(value.to_string()),
        _ => header.date = Some(value.to_string()),
    }
    Ok(())
}

/// `black`, `white` or `draw` (any case).
pub(crate) fn parse_result_word(word: &str) -> Option<GameResult> {
    match word.trim().to_ascii_lowercase().as_str() {
        "black" => Some(GameResult::BlackWins),
        "white" => Some(GameResult::WhiteWins),
        "draw" => Some(GameResult::Draw),
        _ => None,
    }
}

/// The word [`parse_result_word`] reads.
pub(crate) fn result_word(result: GameResult) -> &'static str {
    match result {
        GameResult::BlackWins => "black",
        GameResult::WhiteWins => "white",
        GameResult::Draw => "draw",
    }
}

/// Writes a move list with a header that keeps every field but the move times.
pub(crate) fn write_moves(record: &Record) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# size: {}", record.size());
    let _ = writeln!(out, "# rule: {}", record.rule());
    let fields = [
        ("black", &record.black),
        ("white", &record.white),
        ("event", &record.event),
        ("date", &record.date),
    ];
    for (key, value) in fields {
        if let Some(value) = value {
            let _ = writeln!(out, "# {key}: {}", one_line(value).trim());
        }
    }
    if let Some(result) = record.stated_result() {
        let _ = writeln!(out, "# result: {}", result_word(result));
    }
    if !record.moves().is_empty() {
        out.push_str(&crate::moves::format_moves(record.moves()));
        out.push('\n');
    }
    out
}

/// Writes a pos string: the moves only, each as the column letter and the row counted from
/// the top, without separators.
pub(crate) fn write_pos(record: &Record) -> String {
    let size = record.size();
    let mut out = String::new();
    for p in record.moves() {
        let _ = write!(
            out,
            "{}{}",
            crate::point::column_letter(p.col()),
            size - p.row()
        );
    }
    out.push('\n');
    out
}
