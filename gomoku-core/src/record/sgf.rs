//! Smart Game Format records for Gomoku and Renju (`GM[4]`).
//!
//! ```text
//! (;GM[4]FF[4]SZ[15]RU[renju]PB[Alice]PW[Bob]RE[W+R]
//! ;B[hh];W[ig];B[ii])
//! ```
//!
//! Points are two letters, column then row, with `aa` the top-left corner. The main line of each
//! game tree is read (the first variation at every branch); a collection of several game trees
//! is a file of several games. Setup stones (`AB`, `AW`, `AE`) and passes are refused.

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::color::Color;
use crate::point::Point;
use crate::record::ReadOptions;
use crate::record::error::{Location, RecordError, RecordErrorKind, quote};
use crate::record::format::Format;
use crate::record::game_record::{GameResult, Record, replay};
use crate::record::lines::{one_line, strip_bom};
use crate::rule::Rule;

const FORMAT: Format = Format::Sgf;

/// A property value (escapes resolved; borrowed when it has none) and the byte offset of its
/// text.
struct Value<'a> {
    text: Cow<'a, str>,
    at: usize,
}

/// A property: identifier, first value (the only one this reader needs), byte offset of the
/// identifier.
struct Property<'a> {
    id: Cow<'a, str>,
    value: Value<'a>,
    at: usize,
}

/// The main line of one game tree: the properties of its nodes, in order.
#[derive(Default)]
struct MainLine<'a> {
    props: Vec<Property<'a>>,
}

/// One open game tree during parsing.
struct OpenTree {
    /// Whether this tree lies on the main line of its game.
    on_main: bool,
    /// Child trees seen so far.
    children: usize,
}

/// Parses a collection into the main line of each game tree.
fn parse(text: &str) -> Result<Vec<MainLine<'_>>, RecordError> {
    let bytes = text.as_bytes();
    let mut games: Vec<MainLine<'_>> = Vec::new();
    let mut stack: Vec<OpenTree> = Vec::new();
    let mut i = 0;
    let skip_ws = |mut i: usize| {
        while i < bytes.len() && (bytes[i] as char).is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    loop {
        i = skip_ws(i);
        if i >= bytes.len() {
            break;
        }
        match bytes[i] {
            b'(' => {
                let on_main = match stack.last_mut() {
                    None => {
                        games.push(MainLine::default());
                        true
                    }
                    Some(parent) => {
                        parent.children += 1;
                        parent.on_main && parent.children == 1
                    }
                };
                stack.push(OpenTree {
                    on_main,
                    children: 0,
                });
                i += 1;
                i = skip_ws(i);
                if bytes.get(i) != Some(&b';') {
                    return Err(RecordError::expected(
                        FORMAT,
                        text,
                        i,
                        "\";\" starting a node",
                    ));
                }
            }
            b')' => {
                if stack.pop().is_none() {
                    return Err(RecordError::expected(
                        FORMAT,
                        text,
                        i,
                        "\"(\" starting a game tree",
                    ));
                }
                i += 1;
            }
            b';' => {
                let Some(tree) = stack.last() else {
                    return Err(RecordError::expected(
                        FORMAT,
                        text,
                        i,
                        "\"(\" starting a game tree",
                    ));
                };
                if tree.children > 0 {
                    return Err(RecordError::expected(
                        FORMAT,
                        text,
                        i,
                        "\"(\" or \")\": nodes cannot follow variations",
                    ));
                }
                let on_main = tree.on_main;
                let sink = if on_main { games.last_mut() } else { None };
                i = parse_node(text, i + 1, sink)?;
            }
            _ if stack.is_empty() && !games.is_empty() => {
                // Text after the last game tree (some programs append notes): ignored.
                break;
            }
            _ => {
                let expected = if stack.is_empty() {
                    "\"(\" starting a game tree"
                } else {
                    "\";\", \"(\" or \")\""
                };
                return Err(RecordError::expected(FORMAT, text, i, expected));
            }
        }
    }
    if !stack.is_empty() {
        return Err(RecordError::expected(
            FORMAT,
            text,
            text.len(),
            "\")\" closing the game tree",
        ));
    }
    if games.is_empty() {
        return Err(RecordError::whole(FORMAT, RecordErrorKind::Empty));
    }
    Ok(games)
}

/// Parses the properties of a node starting at byte `i` (after the `;`), appending them to
/// `sink` (the main line) if given; returns the offset after the node.
fn parse_node<'a>(
    text: &'a str,
    mut i: usize,
    mut sink: Option<&mut MainLine<'a>>,
) -> Result<usize, RecordError> {
    let bytes = text.as_bytes();
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() || !bytes[i].is_ascii_alphabetic() {
            return Ok(i);
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        let raw_id = &text[start..i];
        // FF[3] allowed lower-case letters inside identifiers ("AddBlack"); they carry no
        // meaning.
        let id: Cow<'a, str> = if raw_id.bytes().all(|b| b.is_ascii_uppercase()) {
            Cow::Borrowed(raw_id)
        } else {
            Cow::Owned(raw_id.chars().filter(char::is_ascii_uppercase).collect())
        };
        let mut first = None;
        loop {
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            if bytes.get(i) != Some(&b'[') {
                break;
            }
            let (value, next) = parse_value(text, i + 1)?;
            first.get_or_insert(value);
            i = next;
        }
        let Some(value) = first else {
            return Err(RecordError::expected(
                FORMAT,
                text,
                i,
                "\"[\" starting a property value",
            ));
        };
        if let Some(line) = sink.as_deref_mut() {
            line.props.push(Property {
                id,
                value,
                at: start,
            });
        }
    }
}

/// Parses a value starting at byte `start` (after the `[`), handling `\` escapes.
fn parse_value(text: &str, start: usize) -> Result<(Value<'_>, usize), RecordError> {
    let rest = &text[start..];
    let Some(end) = rest.find([']', '\\']) else {
        return Err(RecordError::expected(
            FORMAT,
            text,
            text.len(),
            "\"]\" closing a property value",
        ));
    };
    if rest.as_bytes()[end] == b']' {
        let value = Value {
            text: Cow::Borrowed(&rest[..end]),
            at: start,
        };
        return Ok((value, start + end + 1));
    }
    let mut out = String::new();
    let mut chars = rest.char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            ']' => {
                let value = Value {
                    text: Cow::Owned(out),
                    at: start,
                };
                return Ok((value, start + k + 1));
            }
            '\\' => match chars.next() {
                // A soft line break: removed.
                Some((_, '\n')) | Some((_, '\r')) => {}
                Some((_, escaped)) => out.push(escaped),
                None => break,
            },
            c => out.push(c),
        }
    }
    Err(RecordError::expected(
        FORMAT,
        text,
        text.len(),
        "\"]\" closing a property value",
    ))
}

/// Counts the game trees of a collection.
pub(crate) fn game_count(text: &str) -> Result<usize, RecordError> {
    Ok(parse(strip_bom(text))?.len())
}

/// Reads game tree number `options.game` of an SGF collection.
pub(crate) fn read(text: &str, options: &ReadOptions) -> Result<Record, RecordError> {
    let text = strip_bom(text);
    let games = parse(text)?;
    let count = games.len();
    let game = games.into_iter().nth(options.game).ok_or_else(|| {
        RecordError::whole(
            FORMAT,
            RecordErrorKind::NoSuchGame {
                index: options.game,
                count,
            },
        )
    })?;
    read_game(text, &game, options)
}

/// Reads every game tree of a collection (parsed once); the outer error is a syntax error.
pub(crate) fn read_all(
    text: &str,
    options: &ReadOptions,
) -> Result<Vec<Result<Record, RecordError>>, RecordError> {
    let text = strip_bom(text);
    Ok(parse(text)?
        .iter()
        .map(|game| read_game(text, game, options))
        .collect())
}

fn read_game(
    text: &str,
    game: &MainLine<'_>,
    options: &ReadOptions,
) -> Result<Record, RecordError> {
    let at = |offset: usize| Location::of(text, offset);
    let mut size = options.size;
    let mut rule = options.rule;
    let mut result = None;
    let (mut black, mut white, mut event, mut date) = (None, None, None, None);
    let mut opening = None;
    // Game information lives in the root node, but is read wherever it appears.
    for prop in &game.props {
        let first = &prop.value;
        let value = first.text.trim();
        match prop.id.as_ref() {
            "GM" if value != "4" => {
                return Err(RecordError::at(
                    FORMAT,
                    at(first.at),
                    RecordErrorKind::Expected {
                        expected: "GM[4] (Gomoku and Renju)",
                        found: format!("GM[{}]", quote(value).trim_matches('"')),
                    },
                ));
            }
            "SZ" => size = read_size(text, first)?,
            "RU" => {
                rule = read_rule(value).map_err(|e| RecordError::at(FORMAT, at(first.at), e))?
            }
            "RE" => result = read_result(text, first)?.map(|r| (r, at(first.at))),
            "PB" => black = Some(simple_text(value)),
            "PW" => white = Some(simple_text(value)),
            "EV" => event = Some(simple_text(value)),
            "DT" => date = Some(simple_text(value)),
            "ON" => opening = Some(simple_text(value)),
            "AB" | "AW" | "AE" => {
                return Err(RecordError::at(
                    FORMAT,
                    at(prop.at),
                    RecordErrorKind::Unsupported(
                        "setup stones (AB, AW, AE): a record is a sequence of moves",
                    ),
                ));
            }
            _ => {}
        }
    }
    let size8 = u8::try_from(size)
        .ok()
        .filter(|s| (crate::MIN_SIZE..=crate::MAX_SIZE).contains(s))
        .ok_or_else(|| RecordError::whole(FORMAT, crate::BoardSizeError(size)))?;
    let mut moves = Vec::new();
    for prop in &game.props {
        let color = match prop.id.as_ref() {
            "B" => Color::Black,
            "W" => Color::White,
            _ => continue,
        };
        let value = &prop.value;
        let number = moves.len() + 1;
        let expected = if number % 2 == 1 {
            Color::Black
        } else {
            Color::White
        };
        if color != expected {
            return Err(RecordError::at(
                FORMAT,
                at(prop.at),
                RecordErrorKind::WrongColor {
                    number,
                    expected,
                    found: color,
                },
            ));
        }
        let point = read_point(text, value, size8)?;
        moves.push((point, Some(value.at)));
    }
    let mut record = replay(FORMAT, size, rule, &moves, text)?;
    if let Some((result, location)) = result {
        record
            .set_result(Some(result))
            .map_err(|e| RecordError::at(FORMAT, location, e))?;
    }
    record.black = black;
    record.white = white;
    record.event = event;
    record.date = date;
    record.opening = opening;
    Ok(record)
}

/// `SZ[15]` or `SZ[15:15]`.
fn read_size(text: &str, value: &Value<'_>) -> Result<u32, RecordError> {
    let bad = || RecordError::expected(FORMAT, text, value.at, "a board size such as SZ[15]");
    let parse = |s: &str| -> Result<u32, RecordError> {
        let s = s.trim();
        if s.is_empty() || s.len() > 6 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse().map_err(|_| bad())
    };
    match value.text.split_once(':') {
        None => parse(&value.text),
        Some((w, h)) => {
            let (width, height) = (parse(w)?, parse(h)?);
            if width != height {
                return Err(RecordError::at(
                    FORMAT,
                    Location::of(text, value.at),
                    RecordErrorKind::NotSquare { width, height },
                ));
            }
            Ok(width)
        }
    }
}

/// The rule named by `RU`: our names and Gomocup codes, or a Renju opening rule (RIF,
/// Yamaguchi, Sakata, Tarannikov, Taraguchi, Soosorv), which implies Renju.
pub(crate) fn read_rule(value: &str) -> Result<Rule, RecordErrorKind> {
    const RENJU_OPENINGS: [&str; 7] = [
        "rif",
        "yamaguchi",
        "sakata",
        "tarannikov",
        "taraguchi",
        "soosorv",
        "renju",
    ];
    let lower = value.trim().to_ascii_lowercase();
    if RENJU_OPENINGS.iter().any(|o| lower.starts_with(o)) {
        return Ok(Rule::Renju);
    }
    value.parse::<Rule>().map_err(RecordErrorKind::Rule)
}

/// `RE`: `B+...`, `W+...`, `0` or `Draw`; `?`, `Void` and an empty value mean no result.
fn read_result(text: &str, value: &Value<'_>) -> Result<Option<GameResult>, RecordError> {
    let v = value.text.trim();
    let upper = v.to_ascii_uppercase();
    if upper.starts_with("B+") {
        Ok(Some(GameResult::BlackWins))
    } else if upper.starts_with("W+") {
        Ok(Some(GameResult::WhiteWins))
    } else if upper == "0" || upper == "DRAW" || upper == "JIGO" {
        Ok(Some(GameResult::Draw))
    } else if v.is_empty() || upper == "?" || upper == "VOID" {
        Ok(None)
    } else {
        Err(RecordError::expected(
            FORMAT,
            text,
            value.at,
            "a result such as B+, W+R or 0 (draw)",
        ))
    }
}

/// A point `xy`: column letter, row letter counted from the top.
fn read_point(text: &str, value: &Value<'_>, size: u8) -> Result<Point, RecordError> {
    let v = value.text.trim();
    let location = || Location::of(text, value.at);
    let bytes = v.as_bytes();
    if v.is_empty() || (v == "tt" && size <= 19) {
        return Err(RecordError::at(
            FORMAT,
            location(),
            RecordErrorKind::Unsupported("passes"),
        ));
    }
    if bytes.len() != 2 || !bytes.iter().all(|b| b.is_ascii_lowercase()) {
        return Err(RecordError::expected(
            FORMAT,
            text,
            value.at,
            "a point of two letters such as \"hh\"",
        ));
    }
    let (x, y) = ((bytes[0] - b'a') as u32, (bytes[1] - b'a') as u32);
    Point::from_gomocup(x, y, size).map_err(|_| {
        RecordError::at(
            FORMAT,
            location(),
            crate::ParsePointError::OffBoard {
                text: v.to_string(),
                size,
            },
        )
    })
}

/// Simple text: line breaks become spaces.
fn simple_text(value: &str) -> String {
    one_line(value)
}

/// Escapes `]` and `\` for a property value.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in one_line(text).chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Writes an SGF record.
pub(crate) fn write(record: &Record) -> String {
    let size = record.size();
    let mut out = String::new();
    let _ = write!(
        out,
        "(;GM[4]FF[4]CA[UTF-8]AP[gomoku-rs]SZ[{size}]RU[{}]",
        record.rule()
    );
    for (id, value) in [
        ("PB", &record.black),
        ("PW", &record.white),
        ("EV", &record.event),
        ("DT", &record.date),
        ("ON", &record.opening),
    ] {
        if let Some(value) = value {
            let _ = write!(out, "{id}[{}]", escape(value));
        }
    }
    if let Some(result) = record.stated_result() {
        let _ = write!(
            out,
            "RE[{}]",
            match result {
                GameResult::BlackWins => "B+",
                GameResult::WhiteWins => "W+",
                GameResult::Draw => "0",
            }
        );
    }
    out.push('\n');
    for (i, p) in record.moves().iter().enumerate() {
        let (x, y) = p.to_gomocup(size);
        let color = if i % 2 == 0 { 'B' } else { 'W' };
        let _ = write!(
            out,
            ";{color}[{}{}]",
            (b'a' + x as u8) as char,
            (b'a' + y as u8) as char
        );
    }
    out.push_str(")\n");
    out
}
