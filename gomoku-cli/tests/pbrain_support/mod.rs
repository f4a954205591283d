//! Drives a `pbrain-gomoku` process through pipes, with timeouts so a hung brain fails the test
//! instead of hanging it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The longest a reply may take in these tests (moves are searched with a short turn time).
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(10);

/// A running brain.
pub struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
}

impl Brain {
    /// Starts the binary with `args`.
    pub fn start(args: &[&str]) -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start pbrain-gomoku");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Brain {
            stdin: child.stdin.take(),
            child,
            lines,
            transcript: Vec::new(),
        }
    }

    /// A brain playing random moves (fast; for tests where the choice does not matter).
    pub fn random(seed: u64) -> Brain {
        Brain::start(&["--brain", "random", "--seed", &seed.to_string()])
    }

    /// Sends lines, each ended by LF.
    pub fn send(&mut self, text: &str) {
        let mut bytes = Vec::new();
        for line in text.lines() {
            bytes.extend_from_slice(line.trim().as_bytes());
            bytes.push(b'\n');
        }
        self.send_raw(&bytes);
    }

    /// Sends raw bytes.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to brain");
        stdin.flush().expect("flush to brain");
    }

    /// The process id of the brain.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The brain's peak resident memory in bytes (`VmHWM` in `/proc/<pid>/status`), where
    /// `/proc` exists.
    pub fn peak_resident_bytes(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).ok()?;
        let kb: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(kb * 1024)
    }

    /// Closes the brain's input.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line of any kind, or `None` after `timeout` or at the end of output.
    pub fn line_within(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The next line that is not a `MESSAGE` or `DEBUG` line. Fails the test on a timeout.
    pub fn reply(&mut self) -> String {
        let deadline = Instant::now() + REPLY_TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.line_within(left).unwrap_or_else(|| {
                panic!(
                    "no reply within {REPLY_TIMEOUT:?}; transcript: {:?}",
                    self.transcript
                )
            });
            if !is_report(&line) {
                return line;
            }
        }
    }

    /// Asserts that no reply (other than MESSAGE/DEBUG) arrives: sends `ABOUT` and checks that
    /// its answer is the next reply.
    pub fn assert_silent(&mut self) {
        self.send("ABOUT");
        let next = self.reply();
        assert!(
            next.starts_with("name="),
            "expected no reply before ABOUT's, got {next:?}; transcript: {:?}",
            self.transcript
        );
    }

    /// Waits for the process to exit.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether a line is a search report rather than a reply.
pub fn is_report(line: &str) -> bool {
    line.starts_with("MESSAGE") || line.starts_with("DEBUG")
}

/// Asserts that `reply` is an `ERROR` that mentions `mentions` (in any case).
pub fn assert_error(reply: &str, mentions: &str) {
    assert!(reply.starts_with("ERROR "), "expected ERROR, got {reply:?}");
    assert!(
        reply.to_lowercase().contains(&mentions.to_lowercase()),
        "{reply:?} should mention {mentions:?}"
    );
}

/// Parses a move reply `x,y`.
pub fn parse_move(reply: &str) -> (u32, u32) {
    let (x, y) = reply
        .split_once(',')
        .unwrap_or_else(|| panic!("not a move: {reply:?}"));
    (
        x.trim()
            .parse()
            .unwrap_or_else(|_| panic!("bad x in {reply:?}")),
        y.trim()
            .parse()
            .unwrap_or_else(|_| panic!("bad y in {reply:?}")),
    )
}
