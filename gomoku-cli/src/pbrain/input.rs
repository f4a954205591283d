//! The reader thread: turns the manager's byte stream into lines as soon as they arrive, so no
//! input is lost while the brain thinks.
//!
//! A line ends with CRLF, LF or CR. Bytes that are not UTF-8 become U+FFFD; a line longer than
//! [`MAX_LINE_BYTES`] is not kept (only its length is, and the session refuses it), so garbage
//! cannot exhaust memory. The channel to the event loop is bounded ([`MAX_QUEUED_EVENTS`]):
//! when the brain cannot keep up (its output is not read), the reader waits instead of
//! buffering without end.

use std::io::{BufReader, Read};
use std::sync::mpsc::SyncSender;
use std::thread;
use std::time::Instant;

use super::event_loop::Event;

/// The longest line kept, in bytes; no protocol line comes close.
pub const MAX_LINE_BYTES: usize = 4096;
/// The most events (lines, search reports) waiting for the event loop.
pub const MAX_QUEUED_EVENTS: usize = 1024;

/// A line of input, as the splitter delivers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of at most [`MAX_LINE_BYTES`] bytes, without its terminator.
    Text(String),
    /// A longer line, dropped: its length in bytes.
    TooLong(usize),
}

/// Splits a byte stream into lines on CRLF, LF or CR.
#[derive(Debug, Default)]
pub struct LineSplitter {
    current: Vec<u8>,
    /// The length of the current line when it is longer than [`MAX_LINE_BYTES`].
    overlong: Option<usize>,
    after_cr: bool,
}

impl LineSplitter {
    /// A splitter with no pending bytes.
    pub fn new() -> LineSplitter {
        LineSplitter::default()
    }

    /// Feeds bytes; calls `emit` with every line completed by them.
    pub fn feed(&mut self, bytes: &[u8], mut emit: impl FnMut(Line)) {
        for &b in bytes {
            let after_cr = std::mem::take(&mut self.after_cr);
            match b {
                b'\n' if after_cr => {}
                b'\n' | b'\r' => {
                    emit(self.take_line());
                    self.after_cr = b == b'\r';
                }
                _ => match &mut self.overlong {
                    Some(len) => *len = len.saturating_add(1),
                    None if self.current.len() < MAX_LINE_BYTES => self.current.push(b),
                    None => {
                        self.overlong = Some(self.current.len() + 1);
                        self.current = Vec::new();
                    }
                },
            }
        }
    }

    /// The last line, if the stream ended without a terminator.
    pub fn finish(mut self) -> Option<Line> {
        (!self.current.is_empty() || self.overlong.is_some()).then(|| self.take_line())
    }

    fn take_line(&mut self) -> Line {
        match self.overlong.take() {
            Some(len) => Line::TooLong(len),
            None => {
                let line = String::from_utf8_lossy(&self.current).into_owned();
                self.current.clear();
                Line::Text(line)
            }
        }
    }
}

/// Starts the thread that reads `input` and sends [`Event::Line`] for every line, then
/// [`Event::Eof`] at the end of input or on a read error. The thread ends when the input ends or
/// the receiver is gone.
pub(crate) fn spawn_reader<R: Read + Send + 'static>(input: R, events: SyncSender<Event>) {
    let fallback = events.clone();
    let spawned = thread::Builder::new()
        .name("pbrain-input".into())
        .spawn(move || {
            let mut reader = BufReader::new(input);
            let mut splitter = LineSplitter::new();
            let mut buf = [0u8; 4096];
            let mut open = true;
            while open {
                let n = match reader.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                };
                splitter.feed(&buf[..n], |line| {
                    open &= events.send(Event::Line(line, Instant::now())).is_ok();
                });
            }
            if let Some(line) = splitter.finish().filter(|_| open) {
                let _ = events.send(Event::Line(line, Instant::now()));
            }
            let _ = events.send(Event::Eof);
        });
    if spawned.is_err() {
        // Without a reader there is no input: behave as at the end of input.
        let _ = fallback.send(Event::Eof);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(chunks: &[&[u8]]) -> Vec<Line> {
        let mut s = LineSplitter::new();
        let mut out = Vec::new();
        for c in chunks {
            s.feed(c, |l| out.push(l));
        }
        out.extend(s.finish());
        out
    }

    #[test]
    fn every_line_ending_and_chunking() {
        let text = |lines: &[&str]| {
            lines
                .iter()
                .map(|l| Line::Text(l.to_string()))
                .collect::<Vec<_>>()
        };
        assert_eq!(split(&[b"A\r\nB\nC\rD"]), text(&["A", "B", "C", "D"]));
        // CRLF split across reads is still one terminator.
        assert_eq!(
            split(&[b"A\r", b"\nB\r", b"\r", b"C"]),
            text(&["A", "B", "", "C"])
        );
        assert_eq!(split(&[b"\n\n"]), text(&["", ""]));
        assert_eq!(split(&[b"\xff\xfeX\n"]), text(&["\u{fffd}\u{fffd}X"]));
    }

    #[test]
    fn an_overlong_line_is_dropped_and_measured() {
        let long = vec![b'7'; MAX_LINE_BYTES * 3];
        let lines = split(&[b"TURN 7,7", &long, &long, b"\nEND\n"]);
        let len = 8 + 6 * MAX_LINE_BYTES;
        assert_eq!(lines, [Line::TooLong(len), Line::Text("END".into())]);
        let exact = vec![b'7'; MAX_LINE_BYTES];
        assert_eq!(
            split(&[&exact, b"\n"]),
            [Line::Text("7".repeat(MAX_LINE_BYTES))]
        );
        assert_eq!(split(&[&exact, b"7"]), [Line::TooLong(MAX_LINE_BYTES + 1)]);
    }
}
