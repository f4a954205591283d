//! Interrupting a search: `END` and `YXSTOP` mid-search, and a player that overruns its time.
//! These drive [`gomoku_cli::pbrain::run_with_player`] in-process through a channel-fed reader, with players
//! written here whose thinking time is under the test's control.

mod pbrain_support;

use std::io::{Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use gomoku_ai::{Limits, Player, Score, SearchInfo, SearchResult};
use gomoku_cli::pbrain::run_with_player;
use gomoku_rules::{Board, Point, Rule};

use pbrain_support::{Brain, is_report, parse_move};

/// Thinks (sleeps in small steps, reporting each "iteration") until its stop flag is raised or
/// its move time is up; a stubborn one ignores both and sleeps [`STUBBORN_SLEEP`].
struct SlowPlayer {
    stubborn: bool,
}

const STUBBORN_SLEEP: Duration = Duration::from_secs(10);

impl Player for SlowPlayer {
    fn name(&self) -> String {
        "slow".into()
    }

    fn choose(
        &mut self,
        board: &Board,
        _rule: Rule,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let best = board
            .neighbourhood(1)
            .iter()
            .next()
            .unwrap_or(Point::center(board.size()));
        let mut info = SearchInfo {
            depth: 0,
            seldepth: 0,
            score: Score(0),
            nodes: 0,
            time: Duration::ZERO,
            pv: vec![best],
            multipv: 1,
        };
        loop {
            thread::sleep(Duration::from_millis(2));
            info.depth += 1;
            info.nodes += 1000;
            info.time = start.elapsed();
            report(&info);
            if self.stubborn {
                if start.elapsed() >= STUBBORN_SLEEP {
                    break;
                }
            } else if limits.stop.is_stopped()
                || limits.move_time.is_some_and(|t| start.elapsed() >= t)
            {
                break;
            }
        }
        SearchResult {
            best: Some(best),
            info,
            lines: Vec::new(),
        }
    }
}

/// Collects output lines into a channel.
struct LineSink {
    pending: Vec<u8>,
    lines: Sender<String>,
}

impl Write for LineSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &b in buf {
            if b == b'\n' {
                let line = String::from_utf8_lossy(&self.pending).into_owned();
                let _ = self.lines.send(line);
                self.pending.clear();
            } else {
                self.pending.push(b);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The read end of an in-process pipe fed through a channel.
struct ChannelReader {
    chunks: Receiver<Vec<u8>>,
    current: Vec<u8>,
    at: usize,
}

impl Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.at == self.current.len() {
            match self.chunks.recv() {
                Ok(chunk) => {
                    self.current = chunk;
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.current.len() - self.at);
        buf[..n].copy_from_slice(&self.current[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// A running in-process session: its input pipe, its output lines, and a signal when it ends.
struct Session {
    input: Sender<Vec<u8>>,
    lines: Receiver<String>,
    finished: Receiver<()>,
}

impl Session {
    fn start(stubborn: bool) -> Session {
        let (input, chunks) = mpsc::channel();
        let reader = ChannelReader {
            chunks,
            current: Vec::new(),
            at: 0,
        };
        let (tx, lines) = mpsc::channel();
        let (done_tx, finished) = mpsc::channel();
        thread::spawn(move || {
            let sink = LineSink {
                pending: Vec::new(),
                lines: tx,
            };
            let result = run_with_player(reader, sink, Box::new(SlowPlayer { stubborn }));
            assert!(result.is_ok());
            let _ = done_tx.send(());
        });
        Session {
            input,
            lines,
            finished,
        }
    }

    fn send(&mut self, text: &str) {
        self.input.send(format!("{text}\n").into_bytes()).unwrap();
    }

    /// The next line, within `timeout`.
    fn line(&self, timeout: Duration) -> String {
        self.lines.recv_timeout(timeout).expect("a line in time")
    }

    /// The next non-MESSAGE line, within `timeout`.
    fn reply(&self, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.line(left);
            if !is_report(&line) {
                return line;
            }
        }
    }
}

const LONG_TURN: &str = "INFO timeout_turn 60000";

#[test]
fn end_mid_search_exits_within_a_second_after_answering() {
    let mut session = Session::start(false);
    session.send(&format!("START 15\n{LONG_TURN}\nBEGIN"));
    assert_eq!(session.line(Duration::from_secs(5)), "OK");
    // The search is running once it reports.
    assert!(is_report(&session.line(Duration::from_secs(5))));
    let sent = Instant::now();
    session.send("END");
    let reply = session.reply(Duration::from_secs(1));
    assert_eq!(parse_move(&reply), (7, 7));
    session
        .finished
        .recv_timeout(Duration::from_secs(1).saturating_sub(sent.elapsed()))
        .expect("the session ends within a second of END");
}

#[test]
fn yxstop_answers_now_and_the_session_goes_on() {
    let mut session = Session::start(false);
    session.send(&format!("START 15\n{LONG_TURN}\nBEGIN"));
    assert_eq!(session.line(Duration::from_secs(5)), "OK");
    assert!(is_report(&session.line(Duration::from_secs(5))));
    // Input that arrives while thinking is kept and answered after the move.
    session.send("ABOUT\nYXSTOP");
    assert_eq!(session.reply(Duration::from_secs(1)), "7,7");
    assert_eq!(
        session.reply(Duration::from_secs(1)),
        session_about_line(),
        "queued ABOUT answered after the move"
    );
}

fn session_about_line() -> String {
    gomoku_cli::pbrain::output::about_line("slow")
}

#[test]
fn a_player_that_overruns_is_answered_for_within_the_turn() {
    let mut session = Session::start(true);
    session.send("START 15\nINFO timeout_turn 500\nTURN 7,7");
    assert_eq!(session.line(Duration::from_secs(5)), "OK");
    // The stubborn player would take 10 s; the session answers with its last reported move.
    let reply = session.reply(Duration::from_secs(2));
    let (x, y) = parse_move(&reply);
    assert!((x, y) != (7, 7) && x < 15 && y < 15, "{reply}");
}

/// The same through the binary with the real engine: END during a long search.
#[test]
fn the_binary_exits_within_a_second_of_end_mid_search() {
    let mut brain = Brain::start(&["--brain", "engine"]);
    brain.send(&format!("START 15\n{LONG_TURN}\nBOARD\n7,7,1\n8,8,2\nDONE"));
    assert_eq!(brain.reply(), "OK");
    thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    brain.send("END");
    let status = brain.wait_exit(Duration::from_secs(1)).expect("exits");
    assert!(status.success() && sent.elapsed() < Duration::from_secs(1));
}
