//! Piskvork's `.psq` records.
//!
//! ```text
//! Piskvorky 20x20, 11:11, 0     size, the players' levels (0 = human), who began (0 or 1)
//! 10,10,0                       one move a line: x,y,milliseconds; 1-based, y from the top
//! 11,11,1523
//! pbrain-one.exe                optional: the two players (tournaments); homo-1/homo-2 = humans
//! pbrain-two.exe
//! -1                            a code line Piskvork always writes
//! ```
//!
//! The player named on line `S` (the header's last number) began, i.e. played Black. The rule is
//! not stored: it comes from [`ReadOptions::rule`].

use std::fmt::Write as _;

use crate::point::Point;
use crate::record::ReadOptions;
use crate::record::error::{Location, RecordError, RecordErrorKind, quote};
use crate::record::format::Format;
use crate::record::game_record::{Record, replay};
use crate::record::lines::{lines_with_offsets, one_line, strip_bom};

const FORMAT: Format = Format::Psq;

/// Names Piskvork writes for human players.
const HUMAN_NAMES: [&str; 2] = ["homo-1", "homo-2"];

/// The code line this writer ends a file with (Piskvork writes a code there; tournament files
/// carry `-1`).
const END_CODE: i32 = -1;

/// Reads a `.psq` record.
pub(crate) fn read(text: &str, options: &ReadOptions) -> Result<Record, RecordError> {
    let text = strip_bom(text);
    let lines = lines_with_offsets(text);
    let mut lines = lines.into_iter().filter(|(_, l)| !l.trim().is_empty());
    let Some((header_at, header)) = lines.next() else {
        return Err(RecordError::whole(FORMAT, RecordErrorKind::Empty));
    };
    let (size, black_line) = read_header(text, header_at, header)?;
    let mut moves = Vec::new();
    let mut times = Vec::new();
    let mut trailer: Vec<(usize, &str)> = Vec::new();
    for (at, line) in lines {
        if trailer.is_empty() && looks_like_move(line) {
            let (point, time) = read_move(text, at, line, size)?;
            moves.push((point, Some(at)));
            times.push(time);
        } else {
            trailer.push((at, line.trim()));
        }
    }
    let names = read_trailer(text, &trailer)?;
    let mut record = replay(FORMAT, size as u32, options.rule, &moves, text)?;
    record
        .set_times(Some(times))
        .map_err(|e| RecordError::whole(FORMAT, e))?;
    if let Some([first, second]) = names {
        let (black, white) = if black_line == 0 {
            (first, second)
        } else {
            (second, first)
        };
        record.black = black;
        record.white = white;
    }
    Ok(record)
}

/// Parses `Piskvorky WxH, L1:L2, S`; returns the size and `S` (which name line is Black's).
fn read_header(text: &str, at: usize, line: &str) -> Result<(u8, usize), RecordError> {
    let err = |offset: usize, expected: &'static str| {
        RecordError::expected(FORMAT, text, at + offset, expected)
    };
    let body = line.trim_end();
    let Some(rest) = body
        .get(..9)
        .filter(|s| s.eq_ignore_ascii_case("piskvorky"))
        .map(|_| &body[9..])
    else {
        return Err(err(0, "the header \"Piskvorky WxH, L1:L2, S\""));
    };
    let mut cursor = Cursor {
        text: rest,
        pos: 0,
        base: 9,
    };
    cursor.skip_spaces();
    let width = cursor
        .number()
        .ok_or_else(|| err(cursor.offset(), "the board width"))?;
    if !cursor.eat('x') && !cursor.eat('X') {
        return Err(err(cursor.offset(), "\"x\" between width and height"));
    }
    let height = cursor
        .number()
        .ok_or_else(|| err(cursor.offset(), "the board height"))?;
    let size_at = Location::of(text, at);
    if width != height {
        return Err(RecordError::at(
            FORMAT,
            size_at,
            RecordErrorKind::NotSquare {
                width: width as u32,
                height: height as u32,
            },
        ));
    }
    let size = u8::try_from(width)
        .ok()
        .filter(|s| (crate::MIN_SIZE..=crate::MAX_SIZE).contains(s))
        .ok_or_else(|| {
            RecordError::at(
                FORMAT,
                size_at,
                crate::BoardSizeError(width.min(u32::MAX as u64) as u32),
            )
        })?;
    cursor.skip_spaces();
    if cursor.at_end() {
        // "Piskvorky 15x15" alone: levels and first player left out.
        return Ok((size, 0));
    }
    if !cursor.eat(',') {
        return Err(err(cursor.offset(), "\", L1:L2, S\" after the size"));
    }
    cursor.skip_spaces();
    cursor
        .number()
        .ok_or_else(|| err(cursor.offset(), "the first player's level"))?;
    if !cursor.eat(':') {
        return Err(err(cursor.offset(), "\":\" between the levels"));
    }
    cursor
        .number()
        .ok_or_else(|| err(cursor.offset(), "the second player's level"))?;
    cursor.skip_spaces();
    if !cursor.eat(',') {
        return Err(err(cursor.offset(), "\", S\" after the levels"));
    }
    cursor.skip_spaces();
    let first_at = cursor.offset();
    let first = cursor
        .number()
        .filter(|&s| s <= 1)
        .ok_or_else(|| err(first_at, "the player who began: 0 or 1"))?;
    cursor.skip_spaces();
    if !cursor.at_end() {
        return Err(err(cursor.offset(), "the end of the header line"));
    }
    Ok((size, first as usize))
}

/// A tiny scanner over one line.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    /// Offset of `text` in its line.
    base: usize,
}

impl Cursor<'_> {
    fn offset(&self) -> usize {
        self.base + self.pos
    }
    fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }
    fn skip_spaces(&mut self) {
        while self.text[self.pos..].starts_with([' ', '\t']) {
            self.pos += 1;
        }
    }
    fn eat(&mut self, c: char) -> bool {
        if self.text[self.pos..].starts_with(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }
    /// A non-negative decimal number (saturating at `u64::MAX`).
    fn number(&mut self) -> Option<u64> {
        let digits = self.text[self.pos..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(self.text.len() - self.pos);
        if digits == 0 {
            return None;
        }
        let value = self.text[self.pos..self.pos + digits]
            .bytes()
            .fold(0u64, |n, d| {
                n.saturating_mul(10).saturating_add((d - b'0') as u64)
            });
        self.pos += digits;
        Some(value)
    }
}

/// Whether a line is meant as a move: a number (possibly negative) followed by a comma.
fn looks_like_move(line: &str) -> bool {
    let t = line.trim_start();
    let t = t.strip_prefix('-').unwrap_or(t);
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    digits > 0 && t[digits..].trim_start().starts_with(',')
}

/// Parses `x,y` or `x,y,ms` (1-based, `y` from the top).
fn read_move(text: &str, at: usize, line: &str, size: u8) -> Result<(Point, u32), RecordError> {
    let fields: Vec<&str> = line.split(',').collect();
    if fields.len() < 2 || fields.len() > 3 {
        return Err(RecordError::expected(
            FORMAT,
            text,
            at,
            "a move \"x,y,milliseconds\"",
        ));
    }
    let number = |i: usize, expected: &'static str| {
        let field = fields[i].trim();
        let field_at = at + crate::record::lines::offset_in(line, fields[i]);
        if field.is_empty() || field.len() > 10 || !field.bytes().all(|b| b.is_ascii_digit()) {
            return Err(RecordError::at(
                FORMAT,
                Location::of(text, field_at),
                RecordErrorKind::Expected {
                    expected,
                    found: quote(field),
                },
            ));
        }
        field
            .parse::<u64>()
            .map_err(|_| RecordError::expected(FORMAT, text, field_at, expected))
    };
    let x = number(0, "a column x from 1 to the board size")?;
    let y = number(1, "a row y from 1 to the board size")?;
    let time = if fields.len() == 3 {
        let t = number(2, "a time in milliseconds")?;
        u32::try_from(t).map_err(|_| {
            RecordError::expected(FORMAT, text, at, "a time in milliseconds below 2^32")
        })?
    } else {
        0
    };
    let off_board = || {
        RecordError::at(
            FORMAT,
            Location::of(text, at),
            crate::ParsePointError::OffBoard {
                text: format!("{x},{y}"),
                size,
            },
        )
    };
    if x == 0 || y == 0 {
        return Err(off_board());
    }
    let point = Point::from_gomocup(
        (x - 1).min(u32::MAX as u64) as u32,
        (y - 1).min(u32::MAX as u64) as u32,
        size,
    )
    .map_err(|_| off_board())?;
    Ok((point, time))
}

/// The player names from the lines after the moves: two names, then a code line (an integer);
/// lines after the code are ignored. `homo-1` / `homo-2` (humans) read as no name.
fn read_trailer(
    text: &str,
    trailer: &[(usize, &str)],
) -> Result<Option<[Option<String>; 2]>, RecordError> {
    let code = trailer.iter().position(|(_, l)| l.parse::<i64>().is_ok());
    let names = match code {
        Some(i) => &trailer[..i],
        None => trailer,
    };
    match names {
        [] => Ok(None),
        [(_, first), (_, second)] => Ok(Some([name(first), name(second)])),
        [(at, _), ..] => Err(RecordError::expected(
            FORMAT,
            text,
            *at,
            "two player names and a code line after the moves",
        )),
    }
}

fn name(line: &str) -> Option<String> {
    let line = line.trim();
    if line.is_empty() || HUMAN_NAMES.iter().any(|h| line.eq_ignore_ascii_case(h)) {
        None
    } else {
        Some(line.to_string())
    }
}

/// Writes a `.psq` record (player names only when the record has one).
pub(crate) fn write(record: &Record) -> String {
    let size = record.size();
    let mut out = String::new();
    let _ = writeln!(out, "Piskvorky {size}x{size}, 0:0, 0");
    for (i, p) in record.moves().iter().enumerate() {
        let (x, y) = p.to_gomocup(size);
        let time = record.times().map_or(0, |t| t[i]);
        let _ = writeln!(out, "{},{},{}", x + 1, y + 1, time);
    }
    if record.black.is_some() || record.white.is_some() {
        for (player, human) in [
            (&record.black, HUMAN_NAMES[0]),
            (&record.white, HUMAN_NAMES[1]),
        ] {
            let line = player.as_deref().map(|n| one_line(n).trim().to_string());
            let _ = match line
                .filter(|l| !l.is_empty() && l.parse::<i64>().is_err() && !looks_like_move(l))
            {
                Some(l) => writeln!(out, "{l}"),
                None => writeln!(out, "{human}"),
            };
        }
    }
    let _ = writeln!(out, "{END_CODE}");
    out
}
