//! The event loop: reads lines from the reader thread, runs the session, hands searches to the
//! search thread, enforces the deadlines and writes every reply, in order.
//!
//! While a search runs, incoming lines are queued and answered after it, except `END` and
//! `YXSTOP`, which stop the search at once (its move is still answered, then `END` is obeyed).
//! Once `END` has been read, every later search is stopped as soon as it starts, so the brain
//! exits promptly even when a long script is still queued.
//!
//! The queue is bounded: beyond [`MAX_PENDING_BYTES`] of waiting input, lines are dropped (never
//! `END`) and one `ERROR` says how many when the queue is worked through. A line too long to
//! keep (see [`super::input::MAX_LINE_BYTES`]) is answered with an `ERROR`.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use gomoku_ai::{SearchInfo, SearchResult, StopFlag};

use super::clock::MIN_MOVE_TIME;
use super::command::{Command, parse_command};
use super::input::{Line, MAX_LINE_BYTES};
use super::output::budget_line;
use super::session::{Action, Purpose, Session};
use super::worker::{Job, Worker};

/// How long after `END` or `YXSTOP` the session waits for the player before answering for it.
pub const STOP_GRACE: Duration = Duration::from_millis(300);

/// The most input waiting while a search runs, in bytes (each line counted with
/// [`LINE_OVERHEAD_BYTES`] more for its bookkeeping); no manager sends a fraction of it.
pub const MAX_PENDING_BYTES: usize = 4 << 20;
/// What a queued line costs beyond its text, in bytes.
const LINE_OVERHEAD_BYTES: usize = 64;

/// What the reader and search threads send to the event loop.
#[derive(Debug)]
pub(crate) enum Event {
    /// A line of input and when it was read.
    Line(Line, Instant),
    /// The end of input.
    Eof,
    /// A progress report of search `id`.
    Progress(u64, SearchInfo),
    /// The answer of search `id`.
    Done(u64, SearchResult),
}

/// Queued input.
enum Input {
    Line(String, Instant),
    TooLong(usize),
    /// Lines dropped because the queue was full.
    Dropped(usize),
    Eof,
}

/// The input waiting to be handled, bounded by [`MAX_PENDING_BYTES`].
#[derive(Default)]
struct Pending {
    queue: VecDeque<Input>,
    bytes: usize,
}

impl Pending {
    fn cost(input: &Input) -> usize {
        match input {
            Input::Line(line, _) => line.len() + LINE_OVERHEAD_BYTES,
            _ => 0,
        }
    }

    /// Queues a line; drops it (counting it) when the queue is full, unless it is `END`.
    fn push_line(&mut self, line: String, received: Instant, is_end: bool) {
        let input = Input::Line(line, received);
        let cost = Pending::cost(&input);
        if is_end || self.bytes + cost <= MAX_PENDING_BYTES {
            self.bytes += cost;
            self.queue.push_back(input);
        } else if let Some(Input::Dropped(n)) = self.queue.back_mut() {
            *n += 1;
        } else {
            self.queue.push_back(Input::Dropped(1));
        }
    }

    fn push(&mut self, input: Input) {
        self.queue.push_back(input);
    }

    fn pop(&mut self) -> Option<Input> {
        let input = self.queue.pop_front()?;
        self.bytes -= Pending::cost(&input);
        Some(input)
    }

    fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }
}

/// The search being waited for.
struct Active {
    id: u64,
    purpose: Purpose,
    stop: StopFlag,
    stopped: bool,
    stop_at: Instant,
    give_up_at: Instant,
    last: Option<SearchInfo>,
}

/// Runs the session until `END` or the end of input.
pub(crate) fn event_loop<W: Write>(
    mut session: Session,
    worker: &Worker,
    events: &Receiver<Event>,
    out: &mut W,
) -> io::Result<()> {
    let mut pending = Pending::default();
    let mut active: Option<Active> = None;
    let mut end_requested = false;
    let mut next_id = 0u64;
    loop {
        if active.is_none() {
            match pending.pop() {
                Some(Input::Eof) => return Ok(()),
                Some(Input::TooLong(bytes)) => say(
                    out,
                    &format!(
                        "ERROR line of {bytes} bytes ignored: the longest line accepted has {MAX_LINE_BYTES}"
                    ),
                )?,
                Some(Input::Dropped(lines)) => say(
                    out,
                    &format!(
                        "ERROR {lines} lines ignored: more than {MAX_PENDING_BYTES} bytes of input arrived during one search"
                    ),
                )?,
                Some(Input::Line(line, received)) => {
                    for action in session.handle(&line, received) {
                        match action {
                            Action::Say(text) => say(out, &text)?,
                            Action::NewGame => worker.send(Job::NewGame),
                            Action::Quit => return Ok(()),
                            Action::Search(request) => {
                                next_id += 1;
                                let stop = StopFlag::new();
                                if end_requested {
                                    stop.stop();
                                }
                                let budget = request.budget;
                                let elapsed = request.received.elapsed();
                                let mut limits = request.limits;
                                limits.move_time = Some(
                                    budget.move_time.saturating_sub(elapsed).max(MIN_MOVE_TIME),
                                );
                                limits.time_left = budget.time_left;
                                limits.stop = stop.clone();
                                // What the time manager decided, before the search reports.
                                if request.purpose == Purpose::Play {
                                    let line = budget_line(&limits, &request.board, request.rule);
                                    if let Some(line) = line {
                                        say(out, &line)?;
                                    }
                                }
                                let now = Instant::now();
                                active = Some(Active {
                                    id: next_id,
                                    purpose: request.purpose,
                                    stop,
                                    stopped: end_requested,
                                    stop_at: (request.received + budget.stop_at).max(now),
                                    give_up_at: (request.received + budget.give_up_at)
                                        .max(now + MIN_MOVE_TIME),
                                    last: None,
                                });
                                worker.send(Job::Search {
                                    id: next_id,
                                    board: Box::new(request.board),
                                    rule: request.rule,
                                    limits,
                                });
                            }
                        }
                    }
                }
                None => {}
            }
            if active.is_none() && !pending.is_empty() {
                continue;
            }
        }

        let event = match &mut active {
            None => match events.recv() {
                Ok(event) => event,
                Err(_) => return Ok(()),
            },
            Some(search) => {
                let now = Instant::now();
                let deadline = if search.stopped {
                    search.give_up_at
                } else {
                    search.stop_at.min(search.give_up_at)
                };
                if now >= deadline {
                    if !search.stopped {
                        search.stop.stop();
                        search.stopped = true;
                    } else {
                        // The player did not answer in time: answer for it.
                        let best = search.last.as_ref().and_then(|i| i.pv.first().copied());
                        let purpose = search.purpose;
                        let info = search.last.take();
                        active = None;
                        for line in session.finish_search(purpose, best, info.as_ref()) {
                            say(out, &line)?;
                        }
                    }
                    continue;
                }
                match events.recv_timeout(deadline - now) {
                    Ok(event) => event,
                    Err(RecvTimeoutError::Timeout) => continue,
                    Err(RecvTimeoutError::Disconnected) => {
                        // The search thread is gone: give up now.
                        search.stopped = true;
                        search.give_up_at = now;
                        continue;
                    }
                }
            }
        };

        match event {
            Event::Line(Line::Text(line), received) => {
                let command = parse_command(&line);
                let is_end = command == Ok(Command::End);
                end_requested |= is_end;
                let interrupts = is_end || command == Ok(Command::YxStop);
                if let Some(search) = active.as_mut().filter(|_| interrupts) {
                    search.stop.stop();
                    search.stopped = true;
                    search.give_up_at = search.give_up_at.min(Instant::now() + STOP_GRACE);
                }
                pending.push_line(line, received, is_end);
            }
            Event::Line(Line::TooLong(bytes), _) => pending.push(Input::TooLong(bytes)),
            Event::Eof => pending.push(Input::Eof),
            Event::Progress(id, info) => {
                if let Some(search) = active.as_mut().filter(|s| s.id == id) {
                    if let Some(line) = session.message(&info) {
                        say(out, &line)?;
                    }
                    // The best line: what to answer if the player does not.
                    if info.multipv <= 1 {
                        search.last = Some(info);
                    }
                }
            }
            Event::Done(id, result) => {
                if let Some(search) = active.take_if(|s| s.id == id) {
                    // A multi-PV search has reported every line already.
                    if result.lines.len() <= 1 && search.last.as_ref() != Some(&result.info) {
                        if let Some(line) = session.message(&result.info) {
                            say(out, &line)?;
                        }
                    }
                    for line in
                        session.finish_search(search.purpose, result.best, Some(&result.info))
                    {
                        say(out, &line)?;
                    }
                }
            }
        }
    }
}

/// Writes one line and flushes it, so the manager sees it at once.
fn say<W: Write>(out: &mut W, line: &str) -> io::Result<()> {
    out.write_all(line.as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()
}
