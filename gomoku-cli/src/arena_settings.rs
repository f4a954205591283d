//! What `gomoku match` and `gomoku tournament` share: the settings of the games (openings, rule,
//! clocks, threads, records), reading the openings, building the players, writing the game
//! records, and the errors.

use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use thiserror::Error;

use gomoku_ai::arena::{
    GameEnd, GameReport, MatchConfig, MatchError, Opening, OpeningError, TimeControl,
    default_openings, parse_openings, shuffle_openings,
};
use gomoku_ai::{Player, StopFlag};
use gomoku_rules::record::{self, Format, GameResult, Record};
use gomoku_rules::{Color, GameError, Rule};

use crate::player_spec::{PlayerSpec, SpecError};
use crate::resume::{ResumeError, ScaleOut};

/// Where the openings come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningsChoice {
    /// The built-in balanced set.
    Default,
    /// None: every game starts on the empty board.
    None,
    /// A file: one opening a line, in the Gomocup offset format (`0,0, 1,1`) or as a position
    /// string (`h8i9j10`).
    File(PathBuf),
}

/// The order the openings are played in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OpeningsOrder {
    /// As listed.
    #[default]
    Sequential,
    /// Shuffled by the seed.
    Random,
}

impl std::str::FromStr for OpeningsOrder {
    type Err = String;

    fn from_str(s: &str) -> Result<OpeningsOrder, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "sequential" => Ok(OpeningsOrder::Sequential),
            "random" => Ok(OpeningsOrder::Random),
            _ => Err(format!(
                "unknown openings order \"{s}\" (expected sequential or random)"
            )),
        }
    }
}

/// How far past its time limit plus the forfeit tolerance an external engine's answer is still
/// awaited: an answer in that window is a (late) forfeit, none at all a void game.
pub const SILENCE_MARGIN: Duration = Duration::from_millis(500);

/// The settings of the games of a match or of every pairing of a tournament.
#[derive(Clone, Debug)]
pub struct ArenaSettings {
    /// Games (of the match, or of each pairing).
    pub games: u32,
    /// Openings.
    pub openings: OpeningsChoice,
    /// Their order.
    pub openings_order: OpeningsOrder,
    /// Rule.
    pub rule: Rule,
    /// Board size.
    pub size: u32,
    /// The clocks and the node budget.
    pub time: TimeControl,
    /// Games at once.
    pub threads: usize,
    /// Seed of the players and of a random openings order.
    pub seed: u64,
    /// Print JSON instead of tables.
    pub json: bool,
    /// Save every game in this directory.
    pub records: Option<PathBuf>,
    /// The format of those records.
    pub record_format: Format,
    /// How many times a void game is played again.
    pub void_replays: u32,
    /// Raised (by Ctrl-C) to stop and report the games finished so far.
    pub interrupt: StopFlag,
    /// A shard, a resumed run, an event stream.
    pub scale_out: ScaleOut,
}

/// Why a match or tournament could not run.
#[derive(Debug, Error)]
pub enum MatchCliError {
    /// A human cannot play a match.
    #[error("a match is between AIs; \"human\" cannot play")]
    Human,
    /// A player does not work.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A tournament needs two players or more.
    #[error("a tournament needs at least two players, got {0}")]
    TooFewPlayers(usize),
    /// The openings file cannot be read.
    #[error("{path}: {source}")]
    OpeningsFile {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// The openings file is malformed.
    #[error("{path}: {source}")]
    Openings {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: OpeningError,
    },
    /// The openings file holds no opening.
    #[error("{0}: no openings in the file")]
    NoOpenings(PathBuf),
    /// The match cannot start.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// A record could not be written.
    #[error("records: {path}: {source}")]
    Records {
        /// The file or directory.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
    /// A record could not be saved.
    #[error("records: {0}")]
    RecordFile(record::FileError),
    /// Output failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The run cannot be resumed.
    #[error(transparent)]
    Resume(#[from] ResumeError),
    /// The event stream cannot be written.
    #[error("events: {path}: {source}")]
    Events {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
}

impl ArenaSettings {
    /// Reads the openings the settings ask for, in their order.
    ///
    /// # Errors
    /// [`MatchCliError`] for an unreadable, malformed or empty file.
    pub fn load_openings(&self) -> Result<Vec<Opening>, MatchCliError> {
        let mut openings = match &self.openings {
            OpeningsChoice::Default => default_openings(self.size, self.rule),
            OpeningsChoice::None => Vec::new(),
            OpeningsChoice::File(path) => {
                let text = std::fs::read_to_string(path).map_err(|source| {
                    MatchCliError::OpeningsFile {
                        path: path.clone(),
                        source,
                    }
                })?;
                let openings = parse_openings(&text, self.size, self.rule).map_err(|source| {
                    MatchCliError::Openings {
                        path: path.clone(),
                        source,
                    }
                })?;
                if openings.is_empty() {
                    return Err(MatchCliError::NoOpenings(path.clone()));
                }
                openings
            }
        };
        if self.openings_order == OpeningsOrder::Random {
            shuffle_openings(&mut openings, self.seed);
        }
        Ok(openings)
    }

    /// Checks that the players can play (a typo or a missing engine fails before any game),
    /// reads the openings and makes the records directory: the match configuration.
    ///
    /// # Errors
    /// [`MatchCliError`] for a human, a player that cannot be built, bad openings or a records
    /// directory that cannot be made.
    pub fn prepare(&self, players: &[&PlayerSpec]) -> Result<MatchConfig, MatchCliError> {
        if players.iter().any(|p| p.is_human()) {
            return Err(MatchCliError::Human);
        }
        for p in players {
            drop(p.build(self.seed)?);
        }
        let openings = self.load_openings()?;
        if let Some(dir) = &self.records {
            std::fs::create_dir_all(dir).map_err(|source| MatchCliError::Records {
                path: dir.clone(),
                source,
            })?;
        }
        Ok(MatchConfig {
            size: self.size,
            rule: self.rule,
            games: self.games,
            openings,
            time: self.time,
            seed: self.seed,
            threads: self.threads,
            void_replays: self.void_replays,
            stop: self.interrupt.clone(),
        })
    }

    /// `20 ms/move`, `20 ms/move, 30000 ms/game, 3000 nodes/move`, `no time limit`...
    pub fn time_text(&self) -> String {
        let t = &self.time;
        let mut parts = Vec::new();
        if let Some(m) = t.move_time {
            parts.push(format!("{} ms/move", m.as_millis()));
        }
        if let Some(g) = t.game_time {
            parts.push(format!("{} ms/game", g.as_millis()));
        }
        if parts.is_empty() {
            parts.push("no time limit".to_string());
        }
        if let Some(n) = t.nodes {
            parts.push(format!("{n} nodes/move"));
        }
        parts.join(", ")
    }

    /// `freestyle 15x15, 20 ms/move, openings: 24` (`openings: none` when there are none).
    pub fn setup_text(&self, openings: usize) -> String {
        let openings = if openings == 0 {
            "none".to_string()
        } else {
            openings.to_string()
        };
        let order = match (self.openings_order, openings.as_str()) {
            (OpeningsOrder::Random, n) if n != "none" => " (random order)",
            _ => "",
        };
        format!(
            "{} {}x{}, {}, openings: {openings}{order}",
            self.rule,
            self.size,
            self.size,
            self.time_text()
        )
    }

    /// Writes the record of a game as `DIR/PREFIXgame-NNNN[-rK].EXT` (`-rK` for the K-th
    /// replay of a void game), naming the players by `specs` (side A's, side B's).
    ///
    /// # Errors
    /// [`MatchCliError`] when the record cannot be saved.
    pub fn write_record(
        &self,
        dir: &Path,
        prefix: &str,
        report: &GameReport,
        specs: [&PlayerSpec; 2],
    ) -> Result<(), MatchCliError> {
        let replay = if report.attempt == 0 {
            String::new()
        } else {
            format!("-r{}", report.attempt)
        };
        let path = dir.join(format!(
            "{prefix}game-{:04}{replay}.{}",
            report.index + 1,
            self.record_format.extension()
        ));
        let rec = game_record(report, specs).map_err(|e| MatchCliError::Records {
            path: path.clone(),
            source: io::Error::other(e),
        })?;
        record::save(&path, &rec, self.record_format).map_err(MatchCliError::RecordFile)
    }
}

impl ArenaSettings {
    /// Builds a player for one game: an external engine is started on the board size before
    /// the game (its start-up does not count on its clock) and may answer up to the tolerance
    /// plus [`SILENCE_MARGIN`] late.
    ///
    /// # Errors
    /// When the player cannot be built or started (an error the arena turns into a forfeit).
    pub fn make_player(
        &self,
        spec: &PlayerSpec,
        seed: u64,
    ) -> Result<Box<dyn Player>, Box<dyn std::error::Error + Send + Sync>> {
        let grace = self.time.tolerance + SILENCE_MARGIN;
        Ok(spec.build_for_match(seed, self.size, grace)?)
    }
}

/// Rewrites the status line on standard error (a terminal): the line is cut to the terminal's
/// width so that it never wraps, which would leave the old line behind.
pub fn show_status(line: &str) {
    // A terminal that does not tell its width (0) is taken as 80 columns.
    let width = match crossterm::terminal::size() {
        Ok((w, _)) if w > 0 => usize::from(w).max(20),
        _ => 80,
    };
    let shown: String = line.chars().take(width - 1).collect();
    eprint!("\r\x1b[K{shown}");
}

/// `""` for a first attempt, ` (replay 2)` for the second...
pub fn attempt_suffix(attempt: u32) -> String {
    if attempt == 0 {
        String::new()
    } else {
        format!(" (replay {attempt})")
    }
}

/// The record of one game: moves (opening included), times (0 for the opening stones),
/// players and result (a forfeit is stated as the result).
fn game_record(report: &GameReport, specs: [&PlayerSpec; 2]) -> Result<Record, GameError> {
    let played = &report.played;
    let mut rec = Record::from_game(&played.game)?;
    let spec = |color| match report.side_of(color) {
        gomoku_ai::arena::Side::A => specs[0].to_string(),
        gomoku_ai::arena::Side::B => specs[1].to_string(),
    };
    rec.black = Some(spec(Color::Black));
    rec.white = Some(spec(Color::White));
    let void = if matches!(played.end, GameEnd::Void { .. }) {
        ", void"
    } else {
        ""
    };
    rec.event = Some(format!(
        "gomoku match, game {}{}{void}",
        report.index + 1,
        attempt_suffix(report.attempt)
    ));
    let times: Vec<u32> = std::iter::repeat_n(0, played.opening_moves)
        .chain(
            played
                .move_times
                .iter()
                .map(|t| t.as_millis().min(u32::MAX as u128) as u32),
        )
        .collect();
    // The scores the players reported, in their own units (none for the opening stones); a
    // forfeited last move has a time and a score but no stone, so both lists are cut to the
    // moves.
    let moves = played.game.moves().len();
    let evaluations = std::iter::repeat_n(None, played.opening_moves)
        .chain(played.evaluations.iter().map(|s| s.map(|s| s.0)))
        .take(moves)
        .collect();
    let times: Vec<u32> = times.into_iter().take(moves).collect();
    // Both can only fail on a record that contradicts itself, which a refereed game is not.
    let _ = rec.set_times(Some(times));
    let _ = rec.set_evaluations(Some(evaluations));
    let result = played.end.winner().map(GameResult::win_for);
    if !played.game.is_over() {
        let _ = rec.set_result(result);
    }
    Ok(rec)
}
