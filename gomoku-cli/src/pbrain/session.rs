//! The protocol state machine: the position, the rule and the settings, and what each command
//! does to them. It never blocks: a command that needs thinking yields [`Action::Search`], which
//! the event loop runs on the search thread, and the answer comes back through
//! [`Session::finish_search`].

use std::time::{Duration, Instant};

use gomoku_ai::{Limits, MAX_THREADS, MoveOverhead, SearchInfo, TimeBudget};
use gomoku_rules::{Board, Color, MAX_SIZE, MIN_SIZE, Point, Rule, renju};

use super::clock::{MoveBudget, TimeControl};
use super::command::{Command, CommandError, Coord, parse_command, shorten};
use super::obvious::obvious_move;
use super::output::{about_line, forbid_line, message_line, move_reply, multipv_message_line};

/// What the event loop must do for a command, in order.
#[derive(Debug)]
pub(crate) enum Action {
    /// Write this line.
    Say(String),
    /// Run a search, then call [`Session::finish_search`] with its answer.
    Search(Box<SearchRequest>),
    /// Tell the player a new game starts (forget the transposition table).
    NewGame,
    /// Exit.
    Quit,
}

/// Why a search runs: what to do with its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// Play the move and answer it (`BEGIN`, `TURN`, `BOARD`).
    Play,
    /// Answer the move without playing it (`YXNBEST`).
    Analyse,
    /// Decide swap2: answer `SWAP` or play the move.
    Swap2,
}

/// A search to run.
#[derive(Debug)]
pub(crate) struct SearchRequest {
    /// The position, side to move to play.
    pub board: Board,
    /// The rule.
    pub rule: Rule,
    /// Depth and node limits (times are set by the event loop from `budget`).
    pub limits: Limits,
    /// The time budget, measured from `received`.
    pub budget: MoveBudget,
    /// When the command was read.
    pub received: Instant,
    /// What to do with the answer.
    pub purpose: Purpose,
}

/// A move of ours under a match clock, for measuring what the manager charges for it.
#[derive(Clone, Copy, Debug)]
struct ClockedMove {
    /// `INFO time_left` (ms) when its command came.
    left_before: i64,
    /// When its command was read.
    received: Instant,
    /// The most the engine planned to spend on it (its [`TimeBudget::maximum`]).
    maximum: Option<Duration>,
}

/// The kind of a position block (`BOARD`, `YXBOARD`, `SWAP2BOARD` ... `DONE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockKind {
    Board,
    YxBoard,
    Swap2Board,
}

impl BlockKind {
    fn name(self) -> &'static str {
        match self {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Swap2Board => "SWAP2BOARD",
        }
    }
}

/// A position block being read.
#[derive(Debug)]
struct Block {
    kind: BlockKind,
    stones: Vec<(Point, u32)>,
    error: Option<String>,
}

/// The state of one protocol session.
#[derive(Debug)]
pub(crate) struct Session {
    brain: String,
    board: Option<Board>,
    rule: Rule,
    time: TimeControl,
    max_depth: Option<u32>,
    max_nodes: Option<u64>,
    max_memory: Option<u64>,
    /// Search threads from `INFO thread_num` (`None`: the brain's own setting).
    threads: Option<usize>,
    block: Option<Block>,
    /// The number of lines the running search looks for: `YXNBEST n` (clamped to the legal
    /// moves), else 1.
    lines: usize,
    /// What the manager charges a move beyond our own time, learnt from its `time_left`
    /// (kept across games: it is the manager's and the machine's, not the game's).
    overhead: MoveOverhead,
    /// Our move being thought about under a match clock.
    clocked: Option<ClockedMove>,
    /// Our last move answered under a match clock: `time_left` before it and the time we
    /// count as ours (from the command to the answer, at most the planned maximum).
    answered: Option<(i64, Duration)>,
}

impl Session {
    /// A session before `START`, playing with the player named `brain`.
    pub(crate) fn new(brain: &str) -> Session {
        Session {
            brain: brain.to_string(),
            board: None,
            rule: Rule::Freestyle,
            time: TimeControl::default(),
            max_depth: None,
            max_nodes: None,
            max_memory: None,
            threads: None,
            block: None,
            lines: 1,
            overhead: MoveOverhead::new(),
            clocked: None,
            answered: None,
        }
    }

    /// Handles one input line read at `received`.
    pub(crate) fn handle(&mut self, line: &str, received: Instant) -> Vec<Action> {
        let parsed = parse_command(line);
        if self.block.is_some() {
            match parsed {
                Ok(Command::Stone(c, field)) => {
                    self.block_stone(c, field);
                    return Vec::new();
                }
                Ok(Command::Blank) => return Vec::new(),
                Ok(Command::Done) => return self.finish_block(received),
                Err(
                    e @ CommandError::Malformed {
                        command: "stone line",
                        ..
                    },
                ) => {
                    if let Some(block) = &mut self.block {
                        block
                            .error
                            .get_or_insert_with(|| format!("{} {e}", block.kind.name()));
                    }
                    return Vec::new();
                }
                _ => {
                    let block = self.block.take().map_or("BOARD", |b| b.kind.name());
                    let mut actions = vec![Action::Say(format!(
                        "ERROR {block} was not closed by DONE: position ignored"
                    ))];
                    actions.extend(self.command(parsed, received));
                    return actions;
                }
            }
        }
        self.command(parsed, received)
    }

    fn command(&mut self, parsed: Result<Command, CommandError>, received: Instant) -> Vec<Action> {
        let command = match parsed {
            Ok(c) => c,
            Err(CommandError::Unknown(what)) => return say(format!("UNKNOWN {what}")),
            Err(e) => return error(e.to_string()),
        };
        match command {
            Command::Blank | Command::YxStop => Vec::new(),
            Command::Start(size) => self.start(size, size),
            Command::RectStart(w, h) => self.start(w, h),
            Command::Restart => match &self.board {
                Some(b) => {
                    self.board = Board::new(b.size() as u32).ok();
                    vec![Action::NewGame, Action::Say("OK".into())]
                }
                None => no_board(),
            },
            Command::Begin => match &self.board {
                Some(_) => self.think(received, Purpose::Play),
                None => no_board(),
            },
            Command::Turn(c) => {
                let p = match self.empty_point(c) {
                    Ok(p) => p,
                    Err(e) => return error(format!("TURN {}: {e}", coord_text(c))),
                };
                if let Some(board) = &mut self.board {
                    board.play_unchecked(p);
                }
                self.think(received, Purpose::Play)
            }
            Command::Play(c) => {
                let p = match self.empty_point(c) {
                    Ok(p) => p,
                    Err(e) => return error(format!("PLAY {}: {e}", coord_text(c))),
                };
                let Some(board) = &mut self.board else {
                    return no_board();
                };
                board.play_unchecked(p);
                say(move_reply(p, board.size()))
            }
            Command::Takeback(c) => {
                let Some(board) = &mut self.board else {
                    return no_board();
                };
                let p = match Point::from_gomocup(c.x, c.y, board.size()) {
                    Ok(p) => p,
                    Err(e) => return error(format!("TAKEBACK: {e}")),
                };
                match board.remove(p) {
                    Some(color) => {
                        board.set_side_to_move(color);
                        say("OK".into())
                    }
                    None => error(format!("TAKEBACK {}: no stone there", coord_text(c))),
                }
            }
            Command::Board | Command::YxBoard | Command::Swap2Board => {
                if self.board.is_none() {
                    return no_board();
                }
                let kind = match command {
                    Command::Board => BlockKind::Board,
                    Command::YxBoard => BlockKind::YxBoard,
                    _ => BlockKind::Swap2Board,
                };
                self.block = Some(Block {
                    kind,
                    stones: Vec::new(),
                    error: None,
                });
                Vec::new()
            }
            Command::Done => error("DONE without BOARD, YXBOARD or SWAP2BOARD".into()),
            Command::Stone(c, _) => error(format!(
                "stone line {} outside BOARD, YXBOARD or SWAP2BOARD",
                coord_text(c)
            )),
            Command::Info { key, value } => self.info(&key, &value),
            Command::End => vec![Action::Quit],
            Command::About => say(about_line(&self.brain)),
            Command::YxShowForbid => match &self.board {
                Some(board) => {
                    let forbidden: Vec<Point> =
                        if self.rule.has_fouls() && board.side_to_move() == Color::Black {
                            by_protocol_order(board)
                                .filter(|&p| {
                                    board.is_empty_at(p) && renju::forbidden(board, p).is_some()
                                })
                                .collect()
                        } else {
                            Vec::new()
                        };
                    say(forbid_line(forbidden, board.size()))
                }
                None => no_board(),
            },
            Command::YxNbest(n) => match (&self.board, n) {
                (None, _) => no_board(),
                (Some(_), 0) => error("YXNBEST: the number of moves must be at least 1".into()),
                (Some(board), n) => {
                    let legal = legal_move_count(board, self.rule);
                    let mut actions = self.think(received, Purpose::Analyse);
                    self.lines = (n as usize).min(legal).max(1);
                    for action in &mut actions {
                        if let Action::Search(request) = action {
                            request.limits.multi_pv = self.lines;
                        }
                    }
                    actions
                }
            },
            Command::YxHashClear => vec![Action::NewGame],
        }
    }

    fn start(&mut self, width: u32, height: u32) -> Vec<Action> {
        let supported = (MIN_SIZE as u32)..=(MAX_SIZE as u32);
        if width != height {
            return error(format!(
                "unsupported board {width}x{height}: only square boards are supported"
            ));
        }
        if !supported.contains(&width) {
            return error(format!(
                "unsupported size {width}: sizes {MIN_SIZE} to {MAX_SIZE} are supported"
            ));
        }
        self.board = Board::new(width).ok();
        self.block = None;
        vec![Action::NewGame, Action::Say("OK".into())]
    }

    fn info(&mut self, key: &str, value: &str) -> Vec<Action> {
        let bad = |what: &str| error(format!("INFO {key}: {what}, got \"{}\"", shorten(value)));
        match key {
            "timeout_turn" => match value.parse::<u64>() {
                Ok(ms) => self.time.timeout_turn = Some(ms),
                Err(_) => return bad("expected milliseconds"),
            },
            "timeout_match" => match value.parse::<u64>() {
                Ok(ms) => self.time.timeout_match = Some(ms),
                Err(_) => return bad("expected milliseconds"),
            },
            "time_left" => match value.parse::<i64>() {
                Ok(ms) => self.time.time_left = Some(ms),
                Err(_) => return bad("expected milliseconds"),
            },
            "max_memory" => match value.parse::<u64>() {
                Ok(bytes) => self.max_memory = (bytes > 0).then_some(bytes),
                Err(_) => return bad("expected bytes"),
            },
            "rule" => match value.parse::<u32>().ok().and_then(Rule::from_gomocup_code) {
                Some(rule) => self.rule = rule,
                None => return bad("expected a rule code 0, 1, 2, 4, 8 or 9"),
            },
            "max_depth" => match value.parse::<u32>() {
                Ok(d) => self.max_depth = (d > 0).then_some(d),
                Err(_) => return bad("expected a depth"),
            },
            "max_node" => match value.parse::<u64>() {
                Ok(n) => self.max_nodes = (n > 0).then_some(n),
                Err(_) => return bad("expected a node count"),
            },
            "thread_num" => match value.parse::<u64>() {
                Ok(0) => self.threads = None,
                Ok(n) if n > MAX_THREADS as u64 => {
                    self.threads = Some(MAX_THREADS);
                    return say(format!(
                        "MESSAGE INFO thread_num {}: more than the {MAX_THREADS} threads the brain runs, using {MAX_THREADS}",
                        shorten(value)
                    ));
                }
                Ok(n) => self.threads = Some(n as usize),
                Err(_) => return bad("expected a thread count"),
            },
            // Accepted and not needed: the game type only informs, and there is nothing to
            // store in the folder.
            _ => {}
        }
        Vec::new()
    }

    /// The empty point at protocol coordinates `c`.
    fn empty_point(&self, c: Coord) -> Result<Point, String> {
        let board = self
            .board
            .as_ref()
            .ok_or("no board yet: send START first")?;
        let p = Point::from_gomocup(c.x, c.y, board.size()).map_err(|e| e.to_string())?;
        if !board.is_empty_at(p) {
            return Err("occupied".into());
        }
        Ok(p)
    }

    fn block_stone(&mut self, c: Coord, field: Option<u32>) {
        let Some(block) = &mut self.block else {
            return;
        };
        if block.error.is_some() {
            return;
        }
        let size = self.board.as_ref().map_or(MAX_SIZE, Board::size);
        let field = match (block.kind, field) {
            (BlockKind::Board, Some(f @ 1..=3)) => f,
            (BlockKind::Board, f) => {
                block.error = Some(format!(
                    "BOARD line {}: the field must be 1, 2 or 3, got {}",
                    coord_text(c),
                    f.map_or("nothing".into(), |f| f.to_string())
                ));
                return;
            }
            (_, f) => f.unwrap_or(0),
        };
        match Point::from_gomocup(c.x, c.y, size) {
            Ok(p) if block.stones.iter().any(|&(q, _)| q == p) => {
                block.error = Some(format!(
                    "{} line {}: occupied (listed twice)",
                    block.kind.name(),
                    coord_text(c)
                ));
            }
            Ok(p) => block.stones.push((p, field)),
            Err(e) => block.error = Some(format!("{} line: {e}", block.kind.name())),
        }
    }

    fn finish_block(&mut self, received: Instant) -> Vec<Action> {
        let Some(block) = self.block.take() else {
            return Vec::new();
        };
        let Some(size) = self.board.as_ref().map(Board::size) else {
            return no_board();
        };
        if let Some(e) = block.error {
            return error(format!("{e}: position ignored"));
        }
        let Ok(mut board) = Board::new(size as u32) else {
            return no_board();
        };
        match block.kind {
            BlockKind::Board => {
                // Field 1 is ours, 2 the opponent's, 3 a winning-line stone (continuous game,
                // treated as the opponent's). We are to move, so we are Black when the stones are
                // even and White when the opponent has one more.
                let own = block.stones.iter().filter(|s| s.1 == 1).count();
                let theirs = block.stones.len() - own;
                let me = if theirs > own {
                    Color::White
                } else {
                    Color::Black
                };
                for &(p, field) in &block.stones {
                    let color = if field == 1 { me } else { !me };
                    let _ = board.place(p, color);
                }
                board.set_side_to_move(me);
                self.board = Some(board);
                self.think(received, Purpose::Play)
            }
            BlockKind::YxBoard => {
                for &(p, _) in &block.stones {
                    board.play_unchecked(p);
                }
                self.board = Some(board);
                Vec::new()
            }
            BlockKind::Swap2Board => {
                for &(p, _) in &block.stones {
                    board.play_unchecked(p);
                }
                match block.stones.len() {
                    0 => {
                        let opening = gomoku_ai::swap::opening_stones(size);
                        for &p in &opening {
                            board.play_unchecked(p);
                        }
                        self.board = Some(board);
                        let moves: Vec<String> =
                            opening.iter().map(|&p| move_reply(p, size)).collect();
                        say(moves.join(" "))
                    }
                    3 | 5 => {
                        self.board = Some(board);
                        self.think(received, Purpose::Swap2)
                    }
                    n => error(format!(
                        "SWAP2BOARD: expected 0, 3 or 5 stones, got {n}: position ignored"
                    )),
                }
            }
        }
    }

    /// Starts choosing a move on the current board.
    fn think(&mut self, received: Instant, purpose: Purpose) -> Vec<Action> {
        let Some(board) = &mut self.board else {
            return no_board();
        };
        if board.is_full() {
            return error("no move: the board is full".into());
        }
        self.lines = 1;
        // The clock's fall since our last move is what the manager charged for it.
        let left_now = self.time.match_time_left().and(self.time.time_left);
        if let (Some((before, ours)), Some(now)) = (self.answered.take(), left_now) {
            let fall = u64::try_from(before.saturating_sub(now)).unwrap_or(0);
            self.overhead.record(Duration::from_millis(fall), ours);
        }
        let budget = self.time.budget();
        let limits = Limits {
            max_depth: self.max_depth,
            max_nodes: self.max_nodes,
            max_memory: self.max_memory,
            threads: self.threads,
            move_overhead: Some(self.overhead.per_move()),
            ..Limits::default()
        };
        self.clocked = left_now
            .filter(|_| purpose != Purpose::Analyse)
            .map(|left_before| ClockedMove {
                left_before,
                received,
                maximum: TimeBudget::for_limits(
                    &Limits {
                        move_time: Some(budget.move_time),
                        time_left: budget.time_left,
                        ..limits.clone()
                    },
                    board,
                    self.rule,
                )
                .map(|b| b.maximum),
            });
        let obvious = (purpose == Purpose::Play)
            .then(|| obvious_move(board, self.rule))
            .flatten();
        if let Some(p) = obvious {
            board.play_unchecked(p);
            let reply = move_reply(p, board.size());
            self.answered_move();
            return say(reply);
        }
        vec![Action::Search(Box::new(SearchRequest {
            board: board.clone(),
            rule: self.rule,
            limits,
            budget,
            received,
            purpose,
        }))]
    }

    /// Our move under way was answered now (just before its line is written).
    fn answered_move(&mut self) {
        if let Some(m) = self.clocked.take() {
            let spent = m.received.elapsed();
            let ours = m.maximum.map_or(spent, |max| spent.min(max));
            self.answered = Some((m.left_before, ours));
        }
    }

    /// Answers a finished (or abandoned) search: `best` is the player's move, if any, and `info`
    /// its last report. An illegal or missing move is replaced by a legal one.
    pub(crate) fn finish_search(
        &mut self,
        purpose: Purpose,
        best: Option<Point>,
        info: Option<&SearchInfo>,
    ) -> Vec<String> {
        let rule = self.rule;
        let Some(board) = &mut self.board else {
            return vec!["ERROR no board".into()];
        };
        let legal = |p: Point| {
            board.is_empty_at(p)
                && !(rule.has_fouls()
                    && board.side_to_move() == Color::Black
                    && renju::forbidden(board, p).is_some())
        };
        let Some(p) = best
            .filter(|&p| legal(p))
            .or_else(|| fallback_move(board, rule))
        else {
            return vec!["ERROR no legal move".into()];
        };
        let size = board.size();
        let reply = match purpose {
            Purpose::Play => {
                board.play_unchecked(p);
                vec![move_reply(p, size)]
            }
            Purpose::Analyse => vec![move_reply(p, size)],
            Purpose::Swap2 => {
                if info.is_some_and(|i| gomoku_ai::swap::takes_black(i.score)) {
                    vec!["SWAP".into()]
                } else {
                    board.play_unchecked(p);
                    vec![move_reply(p, size)]
                }
            }
        };
        if purpose != Purpose::Analyse {
            self.answered_move();
        }
        reply
    }

    /// The board size, once started.
    pub(crate) fn size(&self) -> Option<u8> {
        self.board.as_ref().map(Board::size)
    }

    /// A MESSAGE line for `info` on the current board (with its rank in a multi-PV search).
    pub(crate) fn message(&self, info: &SearchInfo) -> Option<String> {
        self.size().map(|size| {
            if self.lines > 1 {
                multipv_message_line(info, size)
            } else {
                message_line(info, size)
            }
        })
    }
}

/// A legal move when the player gave none: the obvious one, else the first legal point near the
/// stones, else any legal point.
fn fallback_move(board: &Board, rule: Rule) -> Option<Point> {
    let legal = |p: &Point| {
        !(rule.has_fouls()
            && board.side_to_move() == Color::Black
            && renju::forbidden(board, *p).is_some())
    };
    if board.total_stones() == 0 {
        return Some(Point::center(board.size()));
    }
    obvious_move(board, rule)
        .or_else(|| board.neighbourhood(1).iter().find(legal))
        .or_else(|| board.empty_points().iter().find(legal))
}

/// The number of moves the side to move may play: the empty points, less Black's fouls under
/// Renju.
fn legal_move_count(board: &Board, rule: Rule) -> usize {
    let fouls = rule.has_fouls() && board.side_to_move() == Color::Black;
    board
        .empty_points()
        .iter()
        .filter(|&p| !fouls || renju::forbidden(board, p).is_none())
        .count()
}

/// The points of the board in protocol order: row by row from the top, left to right.
fn by_protocol_order(board: &Board) -> impl Iterator<Item = Point> + '_ {
    let size = board.size() as u32;
    (0..size).flat_map(move |y| {
        (0..size).filter_map(move |x| Point::from_gomocup(x, y, size as u8).ok())
    })
}

fn coord_text(c: Coord) -> String {
    format!("{},{}", c.x, c.y)
}

fn say(line: String) -> Vec<Action> {
    vec![Action::Say(line)]
}

fn error(reason: String) -> Vec<Action> {
    say(format!("ERROR {reason}"))
}

fn no_board() -> Vec<Action> {
    error("no board yet: send START first".into())
}
