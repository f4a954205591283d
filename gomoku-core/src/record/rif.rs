//! RenjuNet XML databases (`.rif`): many games, selected by index.
//!
//! ```text
//! <?xml version="1.0" encoding="utf-8"?>
//! <database>
//!   <players><player id="1" name="Ando" surname="Meritee"/> ...</players>
//!   <rules><rule id="1" name="RIF"/></rules>
//!   <tournaments><tournament id="1" name="World Championship"/></tournaments>
//!   <games>
//!     <game id="1" rule="1" black="1" white="2" bresult="0.5" tournament="1" date="1989-08-01">
//!       <move>h8 i9 i7 g9</move>
//!     </game>
//!   </games>
//! </database>
//! ```
//!
//! `black` and `white` name player ids (or, when no such player is listed, are the names
//! themselves); `bresult` is Black's score (1, 0.5 or 0). The `rule` names a rule of the rules
//! table: a Renju opening rule (RIF, Yamaguchi, Soosorv...) means Renju, our rule names are
//! understood, and anything else is read as Renju, since RenjuNet is a Renju database. Boards
//! are 15x15 unless a game has a `size` attribute.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::point::Point;
use crate::record::ReadOptions;
use crate::record::error::{Location, RecordError, RecordErrorKind, quote};
use crate::record::format::Format;
use crate::record::game_record::{GameResult, Record, replay};
use crate::record::lines::strip_bom;
use crate::record::xml::{self, Event};
use crate::rule::Rule;

const FORMAT: Format = Format::Rif;

/// A game element before validation.
struct RawGame {
    attrs: Vec<(String, String)>,
    /// The text of `<move>` and where it starts.
    moves: Option<(String, usize)>,
    /// Where the `<game>` tag starts.
    at: usize,
}

impl RawGame {
    fn attr(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Everything read from a database.
struct Database {
    players: HashMap<String, String>,
    rules: HashMap<String, String>,
    tournaments: HashMap<String, String>,
    games: Vec<RawGame>,
}

fn parse(text: &str) -> Result<Database, RecordError> {
    let events = xml::parse(text)
        .map_err(|(offset, expected)| RecordError::expected(FORMAT, text, offset, expected))?;
    let mut db = Database {
        players: HashMap::new(),
        rules: HashMap::new(),
        tournaments: HashMap::new(),
        games: Vec::new(),
    };
    let mut current: Option<RawGame> = None;
    let mut in_move = false;
    for event in events {
        match event {
            Event::Start { name, attrs, at } => {
                let get = |key: &str| {
                    attrs
                        .iter()
                        .find(|(k, _)| *k == key)
                        .map(|(_, v)| v.trim().to_string())
                };
                match name {
                    "game" => {
                        if current.is_some() {
                            return Err(RecordError::expected(
                                FORMAT,
                                text,
                                at,
                                "</game> before the next game",
                            ));
                        }
                        current = Some(RawGame {
                            attrs: attrs
                                .iter()
                                .map(|(k, v)| (k.to_string(), v.clone()))
                                .collect(),
                            moves: None,
                            at,
                        });
                    }
                    "move" if current.is_some() => in_move = true,
                    "player" => {
                        if let Some(id) = get("id") {
                            let full = [get("name"), get("surname")]
                                .into_iter()
                                .flatten()
                                .filter(|s| !s.is_empty())
                                .collect::<Vec<_>>()
                                .join(" ");
                            db.players.insert(id, full);
                        }
                    }
                    "rule" => {
                        if let (Some(id), Some(rule)) = (get("id"), get("name")) {
                            db.rules.insert(id, rule);
                        }
                    }
                    "tournament" => {
                        if let (Some(id), Some(t)) = (get("id"), get("name")) {
                            db.tournaments.insert(id, t);
                        }
                    }
                    _ => {}
                }
            }
            Event::Text { text: t, at } => {
                if in_move {
                    if let Some(game) = current.as_mut() {
                        match &mut game.moves {
                            Some((moves, _)) => moves.push_str(&t),
                            None => game.moves = Some((t, at)),
                        }
                    }
                }
            }
            Event::End { name } => match name {
                "game" => {
                    if let Some(game) = current.take() {
                        db.games.push(game);
                    }
                }
                "move" => in_move = false,
                _ => {}
            },
        }
    }
    Ok(db)
}

/// Counts the games of a database.
pub(crate) fn game_count(text: &str) -> Result<usize, RecordError> {
    Ok(parse(strip_bom(text))?.games.len())
}

/// Reads game number `options.game` (0-based, in file order).
pub(crate) fn read(text: &str, options: &ReadOptions) -> Result<Record, RecordError> {
    let text = strip_bom(text);
    let db = parse(text)?;
    let count = db.games.len();
    let game = db.games.get(options.game).ok_or_else(|| {
        RecordError::whole(
            FORMAT,
            RecordErrorKind::NoSuchGame {
                index: options.game,
                count,
            },
        )
    })?;
    read_game(text, &db, game, options)
}

/// Reads every game; the outer error is a syntax error of the file, the inner ones concern
/// single games.
pub(crate) fn read_all(
    text: &str,
    options: &ReadOptions,
) -> Result<Vec<Result<Record, RecordError>>, RecordError> {
    let text = strip_bom(text);
    let db = parse(text)?;
    Ok(db
        .games
        .iter()
        .map(|game| read_game(text, &db, game, options))
        .collect())
}

fn read_game(
    text: &str,
    db: &Database,
    game: &RawGame,
    options: &ReadOptions,
) -> Result<Record, RecordError> {
    let at = || Location::of(text, game.at);
    let size = match game.attr("size") {
        None => options.size,
        Some(s) => s.trim().parse::<u32>().map_err(|_| {
            RecordError::at(
                FORMAT,
                at(),
                RecordErrorKind::Expected {
                    expected: "a board size in the size attribute",
                    found: quote(s),
                },
            )
        })?,
    };
    let size8 = u8::try_from(size)
        .ok()
        .filter(|s| (crate::MIN_SIZE..=crate::MAX_SIZE).contains(s))
        .ok_or_else(|| RecordError::at(FORMAT, at(), crate::BoardSizeError(size)))?;
    let rule = match game.attr("rule") {
        None => Rule::Renju,
        Some(id) => {
            let name = db.rules.get(id.trim()).map_or(id, String::as_str);
            crate::record::sgf::read_rule(name).unwrap_or(Rule::Renju)
        }
    };
    let mut moves = Vec::new();
    if let Some((list, start)) = &game.moves {
        for word in list.split(|c: char| c.is_whitespace() || c == ',') {
            let mut rest = word;
            while !rest.is_empty() {
                let offset = (start + crate::record::lines::offset_in(list, rest)).min(text.len());
                let (point, tail) = Point::parse_prefix(rest, size8)
                    .map_err(|e| RecordError::at(FORMAT, Location::of(text, offset), e))?;
                moves.push((point, Some(offset)));
                rest = tail;
            }
        }
    }
    let mut record = replay(FORMAT, size, rule, &moves, text)?;
    if let Some(score) = game.attr("bresult") {
        let result = match score.trim() {
            "1" | "1.0" => Some(GameResult::BlackWins),
            "0.5" | ".5" => Some(GameResult::Draw),
            "0" | "0.0" => Some(GameResult::WhiteWins),
            "" => None,
            _ => {
                return Err(RecordError::at(
                    FORMAT,
                    at(),
                    RecordErrorKind::Expected {
                        expected: "bresult 1, 0.5 or 0",
                        found: quote(score),
                    },
                ));
            }
        };
        record
            .set_result(result)
            .map_err(|e| RecordError::at(FORMAT, at(), e))?;
    }
    let player = |key: &str| {
        game.attr(key).map(|id| {
            let id = id.trim();
            db.players
                .get(id)
                .cloned()
                .unwrap_or_else(|| id.to_string())
        })
    };
    record.black = player("black").filter(|s| !s.is_empty());
    record.white = player("white").filter(|s| !s.is_empty());
    record.event = game.attr("tournament").map(|id| {
        let id = id.trim();
        db.tournaments
            .get(id)
            .cloned()
            .unwrap_or_else(|| id.to_string())
    });
    record.date = game.attr("date").map(|d| d.trim().to_string());
    Ok(record)
}

/// Writes records as one database, games in order.
pub(crate) fn write_many(records: &[&Record]) -> String {
    let mut players: Vec<String> = Vec::new();
    let mut tournaments: Vec<String> = Vec::new();
    let mut rules: Vec<Rule> = Vec::new();
    fn id_of<T: PartialEq + Clone>(table: &mut Vec<T>, value: &T) -> usize {
        match table.iter().position(|v| v == value) {
            Some(i) => i + 1,
            None => {
                table.push(value.clone());
                table.len()
            }
        }
    }
    let mut games = String::new();
    for (n, record) in records.iter().enumerate() {
        let _ = write!(games, "    <game id=\"{}\"", n + 1);
        let _ = write!(games, " rule=\"{}\"", id_of(&mut rules, &record.rule()));
        if record.size() != 15 {
            let _ = write!(games, " size=\"{}\"", record.size());
        }
        for (key, name) in [("black", &record.black), ("white", &record.white)] {
            if let Some(name) = name {
                let _ = write!(games, " {key}=\"{}\"", id_of(&mut players, name));
            }
        }
        if let Some(result) = record.stated_result() {
            let _ = write!(games, " bresult=\"{}\"", result.black_score());
        }
        if let Some(event) = &record.event {
            let _ = write!(games, " tournament=\"{}\"", id_of(&mut tournaments, event));
        }
        if let Some(date) = &record.date {
            let _ = write!(games, " date=\"{}\"", xml::escape(date));
        }
        let _ = writeln!(
            games,
            ">\n      <move>{}</move>\n    </game>",
            crate::moves::format_moves(record.moves())
        );
    }
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<database>\n");
    out.push_str("  <players>\n");
    for (i, name) in players.iter().enumerate() {
        let _ = writeln!(
            out,
            "    <player id=\"{}\" name=\"{}\" surname=\"\"/>",
            i + 1,
            xml::escape(name)
        );
    }
    out.push_str("  </players>\n  <rules>\n");
    for (i, rule) in rules.iter().enumerate() {
        let _ = writeln!(out, "    <rule id=\"{}\" name=\"{rule}\"/>", i + 1);
    }
    out.push_str("  </rules>\n  <tournaments>\n");
    for (i, name) in tournaments.iter().enumerate() {
        let _ = writeln!(
            out,
            "    <tournament id=\"{}\" name=\"{}\"/>",
            i + 1,
            xml::escape(name)
        );
    }
    out.push_str("  </tournaments>\n  <games>\n");
    out.push_str(&games);
    out.push_str("  </games>\n</database>\n");
    out
}
