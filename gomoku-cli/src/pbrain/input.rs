//! The reader thread: turns the manager's byte stream into lines as soon as they arrive, so no
//! input is lost while the brain thinks.
//!
//! A line ends with CRLF, LF or CR. Bytes that are not UTF-8 become U+FFFD; a line longer than
//! [`MAX_LINE_BYTES`] is cut there (the rest of it is dropped), so garbage cannot exhaust memory.

use std::io::{BufReader, Read};
use std::sync::mpsc::Sender;
use std::thread;
use std::time::Instant;

use super::event_loop::Event;

/// The longest line kept, in bytes; no protocol line comes close.
pub const MAX_LINE_BYTES: usize = 4096;

/// Splits a byte stream into lines on CRLF, LF or CR.
#[derive(Debug, Default)]
pub struct LineSplitter {
    current: Vec<u8>,
    after_cr: bool,
}

impl LineSplitter {
    /// A splitter with no pending bytes.
    pub fn new() -> LineSplitter {
        LineSplitter::default()
    }

    /// Feeds bytes; calls `emit` with every line completed by them.
    pub fn feed(&mut self, bytes: &[u8], mut emit: impl FnMut(String)) {
        for &b in bytes {
            let after_cr = std::mem::take(&mut self.after_cr);
            match b {
                b'\n' if after_cr => {}
                b'\n' | b'\r' => {
                    emit(String::from_utf8_lossy(&self.current).into_owned());
                    self.current.clear();
                    self.after_cr = b == b'\r';
                }
                _ if self.current.len() < MAX_LINE_BYTES => self.current.push(b),
                _ => {}
            }
        }
    }

    /// The last line, if the stream ended without a terminator.
    pub fn finish(self) -> Option<String> {
        (!self.current.is_empty()).then(|| String::from_utf8_lossy(&self.current).into_owned())
    }
}

/// Starts the thread that reads `input` and sends [`Event::Line`] for every line, then
/// [`Event::Eof`] at the end of input or on a read error. The thread ends when the input ends or
/// the receiver is gone.
pub(crate) fn spawn_reader<R: Read + Send + 'static>(input: R, events: Sender<Event>) {
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
            if let Some(line) = splitter.finish() {
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

    fn split(chunks: &[&[u8]]) -> Vec<String> {
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
        assert_eq!(split(&[b"A\r\nB\nC\rD"]), ["A", "B", "C", "D"]);
        // CRLF split across reads is still one terminator.
        assert_eq!(split(&[b"A\r", b"\nB\r", b"\r", b"C"]), ["A", "B", "", "C"]);
        assert_eq!(split(&[b"\n\n"]), ["", ""]);
        assert_eq!(split(&[b"\xff\xfeX\n"]), ["\u{fffd}\u{fffd}X"]);
        let long = vec![b'7'; MAX_LINE_BYTES * 3];
        let lines = split(&[&long, b"\nEND\n"]);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MAX_LINE_BYTES);
        assert_eq!(lines[1], "END");
    }
}
