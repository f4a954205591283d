//! Our JSON records.
//!
//! ```json
//! {
//!   "size": 15,
//!   "rule": "renju",
//!   "moves": ["h8", "i9", "i7"],
//!   "times": [0, 1520, 730],
//!   "evaluations": [null, -35, 40],
//!   "black": "Alice",
//!   "white": "Bob",
//!   "result": "black",
//!   "event": "Club championship",
//!   "date": "2026-05-01",
//!   "opening": "swap: the first player (Alice) placed h8 i9 f7; the second player (Bob) took Black"
//! }
//! ```
//!
//! `evaluations` holds, per move, the score its player's engine gave the position before the
//! move, from that player's side (`null` for none). Only `size`, `rule` and `moves` are required. Reading goes through the rules like every other
//! format, so a hand-edited file can never hold an impossible game.

use serde::{Deserialize, Serialize};

use crate::point::Point;
use crate::record::error::{Location, RecordError, RecordErrorKind};
use crate::record::format::Format;
use crate::record::game_record::{GameResult, Record, replay};
use crate::record::lines::strip_bom;
use crate::rule::Rule;

const FORMAT: Format = Format::Json;

/// The serialised form.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordData {
    size: u32,
    rule: Rule,
    moves: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    times: Option<Vec<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    evaluations: Option<Vec<Option<i32>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    black: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    white: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    result: Option<GameResult>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    event: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opening: Option<String>,
}

/// Reads a JSON record.
pub(crate) fn read(text: &str) -> Result<Record, RecordError> {
    let text = strip_bom(text);
    let data: RecordData = serde_json::from_str(text).map_err(|e| {
        let location = (e.line() > 0).then(|| Location {
            line: e.line(),
            column: e.column(),
        });
        RecordError {
            format: FORMAT,
            location,
            kind: RecordErrorKind::Json(e),
        }
    })?;
    let size = u8::try_from(data.size)
        .ok()
        .filter(|s| (crate::MIN_SIZE..=crate::MAX_SIZE).contains(s))
        .ok_or_else(|| RecordError::whole(FORMAT, crate::BoardSizeError(data.size)))?;
    let mut moves = Vec::with_capacity(data.moves.len());
    for m in &data.moves {
        let point = Point::parse(m, size).map_err(|e| RecordError::whole(FORMAT, e))?;
        moves.push((point, None));
    }
    let mut record = replay(FORMAT, data.size, data.rule, &moves, text)?;
    record
        .set_times(data.times)
        .and_then(|()| record.set_evaluations(data.evaluations))
        .and_then(|()| record.set_result(data.result))
        .map_err(|e| RecordError::whole(FORMAT, e))?;
    record.black = data.black;
    record.white = data.white;
    record.event = data.event;
    record.date = data.date;
    record.opening = data.opening;
    Ok(record)
}

/// Writes a JSON record (pretty-printed, one field a line).
pub(crate) fn write(record: &Record) -> String {
    let data = RecordData {
        size: record.size() as u32,
        rule: record.rule(),
        moves: record.moves().iter().map(Point::to_string).collect(),
        times: record.times().map(<[u32]>::to_vec),
        evaluations: record.evaluations().map(<[Option<i32>]>::to_vec),
        black: record.black.clone(),
        white: record.white.clone(),
        result: record.stated_result(),
        event: record.event.clone(),
        date: record.date.clone(),
        opening: record.opening.clone(),
    };
    // Serialising plain strings, numbers and enums cannot fail.
    let mut out = serde_json::to_string_pretty(&data).unwrap_or_default();
    out.push('\n');
    out
}
