//! A [`Player`] that drives an external engine through the Gomocup ("pbrain") protocol over pipes,
//! so matches can pit our AIs against any Gomocup engine.
//!
//! Each move sends `INFO` (turn time, time left, rule) and then `BEGIN` on the empty board, `TURN
//! x,y` when the engine already knows the position but for the opponent's last stone, or `BOARD`
//! with the whole position otherwise (a new game, an opening, an undo). The engine's reply is the
//! first line of the form `x,y`; `MESSAGE`, `DEBUG` and `SUGGEST` lines are skipped. An engine
//! that answers `ERROR`/`UNKNOWN`, an unparsable or off-board move, exits, or does not answer
//! within its time plus the reply grace ([`REPLY_GRACE`] by default) is stopped and returns no
//! move (a forfeit in a match); it is started again for the next game.
//!
//! The engine's last search report (a `MESSAGE` line with a score, see
//! [`crate::engine_report`]) is passed to the caller's report callback and returned as the
//! move's [`SearchInfo`], so a match can record what the engine thought of each position.
//!
//! An engine that sends nothing at all — not even a `MESSAGE` — between the position command and
//! the end of that wait has most likely lost the command (some engines swallow a command that
//! arrives right after their move) rather than thought too long: it [went
//! silent](Player::went_silent), and a match voids the game instead of scoring a forfeit. Engines
//! run in their own process group, so a Ctrl-C on the terminal stops the match, not them.

use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::engine_report::{EngineReport, parse_report};
use gomoku_ai::{Limits, Player, Score, SearchInfo, SearchResult, StopFlag};
use gomoku_rules::{Board, Color, Point, Rule};

/// How long past its time limit an engine may take to answer before it is given up on.
pub const REPLY_GRACE: Duration = Duration::from_secs(2);
/// How long an engine may take to answer `START` (loading tables, networks...).
pub const START_TIMEOUT: Duration = Duration::from_secs(15);
/// How long after an engine's move the next command to it is held back at least. Some engines
/// (Rapfi among them) still treat their input as arriving during the search for a moment after
/// they answer, and drop a command that comes that soon: with an opponent that answers at once
/// (a forced or proven move) the game was lost to a swallowed `TURN`. The pause only happens
/// when the opponent was that fast, and is at most this long.
pub const SETTLE_AFTER_ANSWER: Duration = Duration::from_millis(30);
/// How long to wait for a move when no time limit is set at all.
pub const UNLIMITED_WAIT: Duration = Duration::from_secs(3600);

/// Why an external engine could not be started or talked to.
#[derive(Debug, Error)]
pub enum ExternalError {
    /// The program could not be run.
    #[error("cannot run {path}: {source}")]
    Spawn {
        /// The program.
        path: String,
        /// The system's reason.
        source: io::Error,
    },
    /// Writing to the engine failed (it exited).
    #[error("the engine closed its input: {0}")]
    Write(#[source] io::Error),
    /// The engine exited or closed its output.
    #[error("the engine exited")]
    Exited,
    /// The engine did not answer in time, though it sent other lines.
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    /// The engine sent nothing at all after the command.
    #[error("silent: sent nothing within {0:?}")]
    Silent(Duration),
    /// The wait was stopped from outside (the match was interrupted).
    #[error("stopped")]
    Stopped,
    /// The engine answered something unexpected.
    #[error("unexpected answer \"{0}\"")]
    Unexpected(String),
}

/// A running engine process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    /// The engine's output lines, each with the time it was read.
    lines: Receiver<(Instant, String)>,
    /// When the last command was sent.
    last_sent: Instant,
    /// When the engine last answered a move.
    last_answer: Option<Instant>,
    /// The board size sent with `START`.
    size: u8,
    /// The rule sent with `INFO rule`.
    rule: Option<Rule>,
    /// The last `INFO timeout_turn` (milliseconds) and `INFO max_node` sent: they hold until
    /// changed, and every command sent is one more an engine busy finishing its last move
    /// can swallow.
    turn_ms: Option<u128>,
    max_node: Option<u64>,
    /// The position the engine holds (after its own last move), if known.
    known: Option<Board>,
    /// The last search report (`MESSAGE` with a score) heard since the last command.
    report: Option<EngineReport>,
}

impl Process {
    fn send(&mut self, line: &str) -> Result<(), ExternalError> {
        self.last_sent = Instant::now();
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(ExternalError::Write)
    }

    /// The next line that is not chatter (MESSAGE, DEBUG, SUGGEST), waiting at most `wait`
    /// (and not past a raised `stop`). When nothing arrives in time: [`ExternalError::Silent`]
    /// if the engine sent no line at all since the last command, [`ExternalError::Timeout`]
    /// otherwise.
    ///
    /// With `past_errors`, `ERROR` lines are passed over too and do not count as heard: an
    /// engine that swallowed part of a command (some read their input while they finish a
    /// search, and take a word of the next command as a command of its own) complains about
    /// the rest and may still answer the move; if it does not, it lost the command, which is
    /// silence, not a wrong answer.
    fn answer(
        &mut self,
        wait: Duration,
        stop: &StopFlag,
        past_errors: bool,
    ) -> Result<String, ExternalError> {
        /// How often a raised stop flag is noticed.
        const POLL: Duration = Duration::from_millis(50);
        let deadline = Instant::now() + wait;
        let mut heard = false;
        loop {
            if stop.is_stopped() {
                return Err(ExternalError::Stopped);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(if heard {
                    ExternalError::Timeout(wait)
                } else {
                    ExternalError::Silent(wait)
                });
            }
            let (at, line) = match self.lines.recv_timeout(left.min(POLL)) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => return Err(ExternalError::Exited),
            };
            let fresh = at >= self.last_sent;
            let line = line.trim();
            let keyword = line
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_uppercase();
            if past_errors && keyword == "ERROR" {
                continue;
            }
            heard |= fresh;
            if line.is_empty() || matches!(keyword.as_str(), "MESSAGE" | "DEBUG" | "SUGGEST") {
                if fresh && keyword == "MESSAGE" {
                    self.report = parse_report(line).or(self.report);
                }
                continue;
            }
            return Ok(line.to_string());
        }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.send("END");
        // Give it a moment to exit by itself, then make sure.
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }
}

/// An external Gomocup engine as a [`Player`].
pub struct ExternalPlayer {
    path: PathBuf,
    args: Vec<String>,
    process: Option<Process>,
    last_error: Option<String>,
    /// Whether the last move failed because the engine sent nothing at all.
    silent: bool,
    /// How long past its time limit the engine may take to answer.
    reply_grace: Duration,
}

impl std::fmt::Debug for ExternalPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExternalPlayer")
            .field("path", &self.path)
            .field("args", &self.args)
            .field("running", &self.process.is_some())
            .finish()
    }
}

impl ExternalPlayer {
    /// Starts the engine `path` with `args` (to check that it runs; it is told the board size at
    /// its first move).
    ///
    /// # Errors
    /// [`ExternalError::Spawn`] when the program cannot be run.
    pub fn start(
        path: impl Into<PathBuf>,
        args: Vec<String>,
    ) -> Result<ExternalPlayer, ExternalError> {
        let mut player = ExternalPlayer {
            path: path.into(),
            args,
            process: None,
            last_error: None,
            silent: false,
            reply_grace: REPLY_GRACE,
        };
        player.spawn(0)?;
        Ok(player)
    }

    /// Sends `START size` now and waits for `OK`, so that the engine's start-up (loading
    /// tables or networks) is not counted against the clock of its first move.
    ///
    /// # Errors
    /// [`ExternalError`] when the engine does not answer `OK` within [`START_TIMEOUT`].
    pub fn prepare(&mut self, size: u8) -> Result<(), ExternalError> {
        self.ready(size, &StopFlag::new()).map(|_| ())
    }

    /// Sets how long past its time limit the engine may take to answer before it is given up on
    /// ([`REPLY_GRACE`] by default). A match sets it above its forfeit tolerance, so that a late
    /// answer is told from silence.
    pub fn set_reply_grace(&mut self, grace: Duration) {
        self.reply_grace = grace;
    }

    /// What went wrong at the last failed move, if anything.
    pub fn last_error(&self) -> Option<&str> {
        self.last_error.as_deref()
    }

    fn spawn(&mut self, size: u8) -> Result<(), ExternalError> {
        let mut command = Command::new(&self.path);
        // Its own process group: a Ctrl-C on the terminal interrupts the match, which then ends
        // the engine itself, instead of killing the engine in the middle of a game.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| ExternalError::Spawn {
                path: self.path.display().to_string(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(ExternalError::Exited);
        };
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&buf);
                        // Lines may end in CR LF, LF or a lone CR.
                        let at = Instant::now();
                        for line in text.split(['\r', '\n']).filter(|l| !l.is_empty()) {
                            if tx.send((at, line.to_string())).is_err() {
                                return;
                            }
                        }
                    }
                }
            }
        });
        self.process = Some(Process {
            child,
            stdin,
            lines: rx,
            last_sent: Instant::now(),
            last_answer: None,
            size,
            rule: None,
            turn_ms: None,
            max_node: None,
            known: None,
            report: None,
        });
        Ok(())
    }

    /// Makes sure a process runs and knows the board size.
    fn ready(&mut self, size: u8, stop: &StopFlag) -> Result<&mut Process, ExternalError> {
        let running = self
            .process
            .as_mut()
            .is_some_and(|p| matches!(p.child.try_wait(), Ok(None)));
        if !running {
            self.process = None;
            self.spawn(0)?;
        }
        let process = self
            .process
            .as_mut()
            .unwrap_or_else(|| unreachable!("just spawned"));
        if process.size != size {
            process.send(&format!("START {size}"))?;
            let reply = process
                .answer(START_TIMEOUT, stop, false)
                .map_err(|e| match e {
                    // Silence at START is a failure to start, not a lost move command.
                    ExternalError::Silent(wait) => ExternalError::Timeout(wait),
                    e => e,
                })?;
            if !reply.eq_ignore_ascii_case("OK") {
                return Err(ExternalError::Unexpected(reply));
            }
            process.size = size;
            process.rule = None;
            process.turn_ms = None;
            process.max_node = None;
            process.known = None;
        }
        Ok(process)
    }

    fn play(&mut self, board: &Board, rule: Rule, limits: &Limits) -> Result<Point, ExternalError> {
        let size = board.size();
        let grace = self.reply_grace;
        let process = self.ready(size, &limits.stop)?;
        if let Some(answered) = process.last_answer {
            std::thread::sleep(SETTLE_AFTER_ANSWER.saturating_sub(answered.elapsed()));
        }
        if process.rule != Some(rule) {
            process.send(&format!("INFO rule {}", rule.gomocup_code()))?;
            process.rule = Some(rule);
        }
        let ms = |d: Duration| d.as_millis().min(i32::MAX as u128);
        if let Some(t) = limits.move_time.map(ms) {
            if process.turn_ms != Some(t) {
                process.send(&format!("INFO timeout_turn {t}"))?;
                process.turn_ms = Some(t);
            }
        }
        if let Some(nodes) = limits.max_nodes {
            if process.max_node != Some(nodes) {
                process.send(&format!("INFO max_node {nodes}"))?;
                process.max_node = Some(nodes);
            }
        }
        match limits.time_left {
            Some(t) => {
                if process.known.is_none() {
                    process.send(&format!("INFO timeout_match {}", ms(t)))?;
                }
                process.send(&format!("INFO time_left {}", ms(t)))?;
            }
            None => {
                if process.known.is_none() {
                    process.send("INFO timeout_match 0")?;
                }
            }
        }
        process.report = None;
        let command = position_command(process.known.as_ref(), board);
        for line in command.lines() {
            process.send(line)?;
        }
        let wait = match (limits.move_time, limits.time_left) {
            (Some(t), _) | (None, Some(t)) => t + grace,
            (None, None) => UNLIMITED_WAIT,
        };
        let reply = process.answer(wait, &limits.stop, true)?;
        process.last_answer = Some(Instant::now());
        let point = parse_move(&reply, size).ok_or(ExternalError::Unexpected(reply))?;
        let mut known = board.clone();
        if known.is_empty_at(point) {
            known.play_unchecked(point);
            process.known = Some(known);
        } else {
            process.known = None;
        }
        Ok(point)
    }
}

/// `x,y` (with optional spaces) as a point on a `size` board.
fn parse_move(reply: &str, size: u8) -> Option<Point> {
    let (x, y) = reply.split_once(',')?;
    let x: u32 = x.trim().parse().ok()?;
    let y: u32 = y.trim().parse().ok()?;
    Point::from_gomocup(x, y, size).ok()
}

/// The command that brings an engine holding `known` to `board` and asks for a move: `BEGIN`,
/// `TURN x,y` or a `BOARD` block.
fn position_command(known: Option<&Board>, board: &Board) -> String {
    let size = board.size();
    if board.total_stones() == 0 {
        return "BEGIN".to_string();
    }
    let me = board.side_to_move();
    let known = known.filter(|known| {
        known.size() == size
            && known.total_stones() + 1 == board.total_stones()
            && known.side_to_move() == !me
    });
    if let Some(known) = known {
        let added: Vec<Point> = board
            .stones(!me)
            .iter()
            .filter(|&p| known.get(p).is_none())
            .collect();
        let same_rest = known
            .occupied()
            .iter()
            .all(|p| known.get(p) == board.get(p));
        if added.len() == 1 && same_rest {
            let (x, y) = added[0].to_gomocup(size);
            return format!("TURN {x},{y}");
        }
    }
    // Stones alternate Black, White as far as possible (the order matters to Renju engines only
    // through who moved first).
    let black: Vec<Point> = board.stones(Color::Black).iter().collect();
    let white: Vec<Point> = board.stones(Color::White).iter().collect();
    let mut text = String::from("BOARD\n");
    for i in 0..black.len().max(white.len()) {
        for (stones, color) in [(&black, Color::Black), (&white, Color::White)] {
            if let Some(p) = stones.get(i) {
                let (x, y) = p.to_gomocup(size);
                let field = if color == me { 1 } else { 2 };
                text.push_str(&format!("{x},{y},{field}\n"));
            }
        }
    }
    text.push_str("DONE");
    text
}

impl Player for ExternalPlayer {
    fn name(&self) -> String {
        let mut name = format!("pbrain:{}", self.path.display());
        for a in &self.args {
            name.push(' ');
            name.push_str(a);
        }
        name
    }

    fn choose(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let started = Instant::now();
        let best = match self.play(board, rule, limits) {
            Ok(p) => {
                self.last_error = None;
                self.silent = false;
                Some(p)
            }
            Err(e) => {
                self.silent = matches!(e, ExternalError::Silent(_));
                self.last_error = Some(e.to_string());
                if let Some(mut process) = self.process.take() {
                    process.kill();
                }
                None
            }
        };
        // What the engine said of its search, passed on as our own engine's reports are.
        let heard = best.and(self.process.as_ref().and_then(|p| p.report));
        let info = SearchInfo {
            depth: heard.and_then(|r| r.depth).unwrap_or(0),
            seldepth: heard.and_then(|r| r.seldepth).unwrap_or(0),
            score: heard.map_or(Score::DRAW, |r| r.score),
            nodes: 0,
            time: started.elapsed(),
            pv: best.into_iter().collect(),
            multipv: 1,
        };
        if heard.is_some() {
            report(&info);
        }
        SearchResult {
            best,
            info,
            lines: Vec::new(),
        }
    }

    fn new_game(&mut self) {
        if let Some(process) = self.process.as_mut() {
            process.known = None;
        }
    }

    fn went_silent(&self) -> bool {
        self.silent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_when_the_engine_knows_the_rest() {
        let mut known = Board::new(15).unwrap();
        known.play_unchecked("h8".parse().unwrap());
        let mut board = known.clone();
        board.play_unchecked("i9".parse().unwrap());
        // i9: x = 8, y = 15 - 9 = 6.
        assert_eq!(position_command(Some(&known), &board), "TURN 8,6");
        assert_eq!(position_command(None, &Board::new(15).unwrap()), "BEGIN");
    }

    #[test]
    fn board_otherwise_with_own_stones_as_1() {
        let board = gomoku_rules::Game::from_move_string(15, Rule::Freestyle, "h8 i9 a1")
            .unwrap()
            .board()
            .clone();
        // White to move: its stone i9 is 1, Black's are 2.
        let cmd = position_command(None, &board);
        let lines: Vec<&str> = cmd.lines().collect();
        assert_eq!(lines.first(), Some(&"BOARD"));
        assert_eq!(lines.last(), Some(&"DONE"));
        assert_eq!(lines.len(), 5);
        assert!(lines.contains(&"7,7,2") && lines.contains(&"8,6,1") && lines.contains(&"0,14,2"));
    }

    #[test]
    fn replies_parse_or_are_refused() {
        assert_eq!(parse_move("7,7", 15), Some("h8".parse().unwrap()));
        assert_eq!(parse_move(" 0 , 14 ", 15), Some("a1".parse().unwrap()));
        for bad in ["", "7", "15,0", "-1,2", "x,y", "99999999999,1"] {
            assert_eq!(parse_move(bad, 15), None, "{bad}");
        }
    }

    #[test]
    fn a_missing_program_is_a_spawn_error() {
        let err = ExternalPlayer::start("/nonexistent/pbrain-none", vec![]).unwrap_err();
        assert!(matches!(err, ExternalError::Spawn { .. }));
    }
}
