//! The fuzzed entry points: each takes arbitrary bytes, must never panic on them, and checks
//! what must hold for every input it accepts (a record that reads writes back to the same game,
//! a point prints back to the same text, the protocol engine answers in whole lines). A broken
//! invariant panics, which the fuzzer reports as a crash.
//!
//! The cargo-fuzz targets in `fuzz_targets/` call these; the stable test
//! `gomoku-cli/tests/fuzz_corpora.rs` includes this file and feeds every file of `corpus/` and
//! `regressions/` to the same functions, so CI replays what the fuzzer found.

use std::borrow::Cow;
use std::io::Cursor;

use gomoku_ai::{Engine, Limits, Player, SearchInfo, SearchResult};
use gomoku_cli::pbrain::run_with_player;
use gomoku_rules::moves::{format_moves, parse_moves};
use gomoku_rules::record::{self, Format, ReadOptions};
use gomoku_rules::{Board, MAX_SIZE, MIN_SIZE, Point, Rule};

/// Nodes a search of the fuzzed protocol session may visit: enough to run every part of the
/// engine, few enough to keep an input to milliseconds.
pub const SESSION_MAX_NODES: u64 = 300;
/// Memory the fuzzed session's engine may use (bytes): a small transposition table.
pub const SESSION_MAX_MEMORY: u64 = 1 << 20;

/// The bytes as text: the readers take `&str`; invalid UTF-8 is replaced, as
/// [`record::read_text`] does for files.
fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// The option sets each record input is read with: the defaults, and a large Renju board
/// asking for the second game of a collection.
fn read_options() -> [ReadOptions; 2] {
    [
        ReadOptions::default(),
        ReadOptions {
            size: u32::from(MAX_SIZE) - 2,
            rule: Rule::Renju,
            game: 1,
        },
    ]
}

/// Reads `data` as a record in `format` (every reader entry point, with two option sets), and
/// checks that a record that reads writes back, in its own format and in JSON, to text that
/// reads again as the same game.
pub fn record(format: Format, data: &[u8]) {
    let text = text(data);
    let _ = Format::detect(&text);
    let _ = record::game_count(&text, format);
    for options in read_options() {
        if let Ok(games) = record::read_all(&text, format, &options) {
            for game in games.iter().flatten() {
                round_trip(game, format);
            }
        }
        if let Ok(game) = record::read_str_with(&text, format, &options) {
            round_trip(&game, format);
        }
    }
}

/// Writes `game` in `format` and in JSON and reads each back (with the game's size and rule
/// for the formats that do not carry them): the moves, size and rule must survive.
fn round_trip(game: &record::Record, format: Format) {
    for out in [format, Format::Json] {
        let written = record::write_string(game, out)
            .unwrap_or_else(|e| panic!("writing a record that read as {format} in {out}: {e}"));
        let options = ReadOptions {
            size: u32::from(game.size()),
            rule: game.rule(),
            game: 0,
        };
        let back = record::read_str_with(&written, out, &options).unwrap_or_else(|e| {
            panic!(
                "a record read as {format} and written as {out} does not read back: {e}\n{written}"
            )
        });
        assert_eq!(back.moves(), game.moves(), "moves changed through {out}");
        assert_eq!(back.size(), game.size(), "size changed through {out}");
        if out != Format::Psq {
            assert_eq!(back.rule(), game.rule(), "rule changed through {out}");
        }
    }
}

/// Board notation: points, move lists, board diagrams and rule names, on the smallest, the
/// usual and the largest board. What parses prints back to text that parses to the same value.
pub fn notation(data: &[u8]) {
    let text = text(data);
    for size in [MIN_SIZE, 15, MAX_SIZE] {
        if let Ok(p) = Point::parse(&text, size) {
            assert_eq!(Point::parse(&p.to_string(), size), Ok(p), "point {text:?}");
            let (x, y) = p.to_gomocup(size);
            assert_eq!(Point::from_gomocup(x, y, size), Ok(p), "protocol {x},{y}");
        }
        if let Ok(moves) = parse_moves(&text, size) {
            let printed = format_moves(&moves);
            assert_eq!(parse_moves(&printed, size), Ok(moves), "moves {text:?}");
        }
    }
    if let Ok((board, marks)) = Board::parse_diagram(&text) {
        let cells = usize::from(board.size()) * usize::from(board.size());
        assert!(board.total_stones() as usize + marks.len() <= cells);
        assert!(marks.iter().all(|&(p, _)| board.is_empty_at(p)));
    }
    if let Ok(rule) = text.parse::<Rule>() {
        assert_eq!(rule.name().parse::<Rule>(), Ok(rule), "rule {text:?}");
    }
}

/// A player that searches within [`SESSION_MAX_NODES`] and [`SESSION_MAX_MEMORY`] whatever the
/// session asks, so a fuzzed command stream runs in milliseconds.
struct Tiny(Engine);

impl Player for Tiny {
    fn name(&self) -> String {
        self.0.name()
    }

    fn choose(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let limits = Limits {
            max_nodes: Some(
                limits
                    .max_nodes
                    .map_or(SESSION_MAX_NODES, |n| n.min(SESSION_MAX_NODES)),
            ),
            max_memory: Some(SESSION_MAX_MEMORY),
            ..limits.clone()
        };
        self.0.choose(board, rule, &limits, report)
    }

    fn new_game(&mut self) {
        self.0.new_game();
    }
}

/// The protocol engine fed `data` as its whole input (the same code as `pbrain-gomoku`: line
/// splitting, parsing, the session, the search thread), with a tiny search budget. It must end
/// (at `END` or the end of input) without an error, and answer in UTF-8 lines without stray
/// carriage returns.
pub fn pbrain_session(data: &[u8]) {
    let mut out = Vec::new();
    let player = Box::new(Tiny(Engine::new()));
    run_with_player(Cursor::new(data.to_vec()), &mut out, player)
        .expect("writing to memory cannot fail");
    let out = String::from_utf8(out).expect("the engine writes UTF-8");
    assert!(out.is_empty() || out.ends_with('\n'), "unfinished line");
    assert!(!out.contains('\r'), "a carriage return inside an answer");
}
