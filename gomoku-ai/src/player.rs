//! The interface every AI player implements, and the limits and reports of a search.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use gomoku_rules::{Board, Point, Rule};

use crate::score::Score;

/// A flag another thread sets to make a search stop as soon as it can and answer with the best
/// move found so far.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A new, lowered flag.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Raises the flag.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// What a player may spend on one move. `None` means no limit of that kind.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Time for this move. A player must answer within it (it stops early, never late).
    pub move_time: Option<Duration>,
    /// Time left for the whole game (match clock); a player budgets from it.
    pub time_left: Option<Duration>,
    /// What the match clock is charged for each move beyond the player's own time (pipes,
    /// process switches), as measured ([`crate::MoveOverhead`]); the engine keeps it back from
    /// `time_left` for every move the board still allows. `None`: the fixed floor
    /// ([`crate::params::MOVE_OVERHEAD_MS`]).
    pub move_overhead: Option<Duration>,
    /// Maximum nominal search depth (plies).
    pub max_depth: Option<u32>,
    /// Maximum nodes to search.
    pub max_nodes: Option<u64>,
    /// Memory the player may use, in bytes (the protocol's `INFO max_memory`); the engine sizes
    /// its transposition table to stay under it.
    pub max_memory: Option<u64>,
    /// Search threads for this move (the protocol's `INFO thread_num`); `None` leaves the
    /// player's own setting (for the engine [`crate::Engine::set_threads`], one thread unless
    /// set). The engine clamps it to 1..=[`crate::MAX_THREADS`] and to what `max_memory` holds;
    /// players that do not search in parallel ignore it.
    pub threads: Option<usize>,
    /// Raised by another thread to stop now.
    pub stop: StopFlag,
    /// How many best moves to search (multi-PV, as `YXNBEST n` asks): the engine reports one
    /// line per move after each iteration ([`SearchInfo::multipv`]) and returns them in
    /// [`SearchResult::lines`]. 1 (the default; 0 counts as 1) is the usual search for one
    /// move. Players that do not search several lines ignore it.
    pub multi_pv: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            move_time: None,
            time_left: None,
            move_overhead: None,
            max_depth: None,
            max_nodes: None,
            max_memory: None,
            threads: None,
            stop: StopFlag::default(),
            multi_pv: 1,
        }
    }
}

impl Limits {
    /// Only a time per move.
    pub fn move_time(time: Duration) -> Limits {
        Limits {
            move_time: Some(time),
            ..Limits::default()
        }
    }

    /// Only a depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            max_depth: Some(depth),
            ..Limits::default()
        }
    }
}

/// A progress report of a search, sent after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Nominal depth completed.
    pub depth: u32,
    /// Deepest ply reached (selective depth).
    pub seldepth: u32,
    /// Score for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub time: Duration,
    /// Principal variation, the best move first.
    pub pv: Vec<Point>,
    /// Which line this report is of, from 1: the rank of its first move in a multi-PV search
    /// ([`Limits::multi_pv`]); always 1 in a search for one move.
    pub multipv: usize,
}

impl SearchInfo {
    /// Nodes per second so far.
    pub fn nodes_per_second(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (self.nodes as u128 * 1_000_000 / micros) as u64
    }
}

/// The answer of a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move chosen; `None` only when there is no legal move.
    pub best: Option<Point>,
    /// The last report (depth 0 and empty for players that do not search).
    pub info: SearchInfo,
    /// The best lines of the last completed iteration, best first, their first moves distinct
    /// and legal ([`SearchInfo::multipv`] 1, 2, ...): as many as [`Limits::multi_pv`] asked for
    /// when the position has that many moves worth searching, else fewer. The engine always
    /// fills it (one line in a search for one move); players that do not search leave it empty.
    ///
    /// ```
    /// use gomoku_ai::{Engine, Limits, Player};
    /// use gomoku_rules::{Board, Rule};
    /// let board: Board = "
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . . . X . . . .
    ///     . . . . O X . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .
    ///     . . . . . . . . .".parse().unwrap();
    /// let limits = Limits { multi_pv: 3, ..Limits::depth(3) };
    /// let result = Engine::new().choose(&board, Rule::Freestyle, &limits, &mut |_| {});
    /// assert_eq!(result.lines.len(), 3);
    /// assert_eq!(result.best, result.lines[0].pv.first().copied());
    /// // Best first, and three different moves.
    /// assert!(result.lines.windows(2).all(|w| w[0].score >= w[1].score));
    /// assert!(result.lines[0].pv[0] != result.lines[1].pv[0]);
    /// assert!(result.lines[1].pv[0] != result.lines[2].pv[0]);
    /// assert!(result.lines[0].pv[0] != result.lines[2].pv[0]);
    /// ```
    pub lines: Vec<SearchInfo>,
}

/// An AI player: given a position, chooses a move for the side to move.
pub trait Player: Send {
    /// A short name, with options, e.g. `"engine:normal"` or `"thesis:2"`.
    fn name(&self) -> String;

    /// Chooses a move for the side to move on `board` under `rule`, within `limits`, calling
    /// `report` with progress. The move returned is legal (on the board, empty, and not forbidden
    /// for Black under Renju) whenever a legal move exists.
    fn choose(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult;

    /// Forgets what was learnt between moves (e.g. the transposition table) for a new game.
    fn new_game(&mut self) {}

    /// Whether the last [`Player::choose`] returned no move because the player went silent: it
    /// sent nothing at all after being asked until its time (plus a grace) ran out, as an
    /// external engine does that lost the command, rather than answering late or wrongly. A
    /// match voids such a game instead of scoring it. Built-in players never go silent.
    fn went_silent(&self) -> bool {
        false
    }

    /// The time the player's time manager would give a move on `board` under `rule` within
    /// `limits` (see [`crate::TimeBudget`]), for reports; `None` for a player that manages no
    /// time of its own (the default) and without a time limit.
    fn time_budget(&self, board: &Board, rule: Rule, limits: &Limits) -> Option<crate::TimeBudget> {
        let _ = (board, rule, limits);
        None
    }
}

impl fmt::Debug for dyn Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Player({})", self.name())
    }
}
