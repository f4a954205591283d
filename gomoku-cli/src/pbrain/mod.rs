//! The Gomocup ("pbrain") protocol engine: what tournament managers (Piskvork, GomocupJudge),
//! GUIs (Yixin-Board) and match runners speak to an engine over stdin/stdout.
//!
//! [`run_stdio`] serves the protocol on the standard streams; the `pbrain-gomoku` binary and
//! `gomoku pbrain` call it. [`run`] serves any reader and writer (tests drive it so).
//!
//! Supported: `START`, `RECTSTART` (square only), `RESTART`, `BEGIN`, `TURN`, `BOARD`..`DONE`,
//! `INFO`, `END`, `ABOUT`, `TAKEBACK`, `PLAY`, `SWAP2BOARD`..`DONE`, and the Yixin-Board
//! extensions `YXBOARD`..`DONE`, `YXSHOWFORBID`, `YXSTOP`, `YXNBEST n`, `YXHASHCLEAR`.
//! Keywords are case-insensitive; lines may end with CRLF, LF or CR. An unknown keyword gets
//! `UNKNOWN <what>`, a malformed command `ERROR <reason>`.
//!
//! # Coordinates on the wire
//! Our board notation ([`gomoku_rules::Point`]) counts rows from the BOTTOM (`a1` is the lower-left
//! corner). The protocol does not:
//! - moves are `x,y`, 0-based, `(0,0)` the TOP-left corner, `y` growing downward;
//! - in `MESSAGE` lines a move is the column letter of `x` and the number `y + 1`, still counted
//!   from the TOP (so protocol `0,0` is `a1` there but `a15` in board notation on 15x15). This
//!   is how strong engines print it and how clients such as pygomo-lib read it. See [`output`].
//!
//! # Search reports
//! After each search iteration the brain writes
//! `MESSAGE depth 12-20 ev 35 n 512034 n/ms 702 tm 731 pv h8 i9 j10`: nominal-selective depth,
//! evaluation for the side to move (`+M5` / `-M4` for a win / loss in so many plies), nodes,
//! nodes per millisecond, time in ms, principal variation.
//!
//! # Behaviour worth knowing
//! - Time: see [`clock`]; a move is never answered after the turn limit or the match time left
//!   (minus a reserve), and an obvious move (an immediate win, the only block of a five, the only
//!   empty point) is answered at once.
//! - `YXNBEST n` searches the `n` best moves (multi-PV, [`gomoku_ai::Limits::multi_pv`]; `n`
//!   is clamped to the legal moves, and 0 or a non-number is an `ERROR`): after each completed
//!   depth it writes one line per move, best first,
//!   `MESSAGE depth 12-20 multipv 2 ev 20 n 512034 n/ms 702 tm 731 pv h9 i9 j10` (the rank
//!   from 1 after the depth, as Rapfi writes it), then answers the best move without playing
//!   it (analysis: the GUI decides what is played).
//! - `INFO max_memory` (bytes for the whole process; 0 for none) is passed to the player as
//!   [`gomoku_ai::Limits::max_memory`]: the engine sizes every table from it (see
//!   [`gomoku_ai::memory::MemoryBudget`]), so the peak resident memory stays under it down to
//!   10 MB; `game_type`, `folder` and unknown keys are ignored.
//! - `INFO thread_num N` runs the engine's search on N threads from the next search on
//!   ([`gomoku_ai::Limits::threads`], a parallel search over one shared table); 0 goes back to
//!   the brain's own setting (one thread, or `--threads`), more than [`gomoku_ai::MAX_THREADS`]
//!   is clamped to it with a `MESSAGE` saying so, anything else is an `ERROR`. Under
//!   `INFO max_memory` the engine runs only as many threads as the limit holds.
//! - Hostile input: a line longer than [`input::MAX_LINE_BYTES`] is refused with an `ERROR`;
//!   input that arrives during a search is queued up to a bound (lines beyond it are dropped and
//!   reported, `END` never is); numbers that overflow and coordinates off the board are
//!   `ERROR`s; the end of input lets the running search answer, then the brain exits.
//! - A `BOARD` stone with field 3 (a winning-line stone of a continuous game) counts as the
//!   opponent's.

pub mod clock;
pub mod command;
mod event_loop;
pub mod input;
pub mod obvious;
pub mod output;
mod session;
mod worker;

use std::io::{Read, Write};
use std::sync::mpsc;

use thiserror::Error;

use gomoku_ai::{Player, PlayerSpecError, builtin_player};

pub use event_loop::STOP_GRACE;

/// The brain used when none is named: the strongest built-in player.
pub const DEFAULT_BRAIN: &str = "engine";

/// How the protocol engine is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The player, as a built-in player spec (`"engine"`, `"random:3"`, ...).
    pub brain: String,
    /// Seeds players that use randomness.
    pub seed: u64,
    /// Search threads of the brain until `INFO thread_num` says otherwise (`None`: its own
    /// setting): given to the brain spec as `,threads=N`.
    pub threads: Option<usize>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            brain: DEFAULT_BRAIN.to_string(),
            seed: 0,
            threads: None,
        }
    }
}

impl Config {
    /// The brain spec with the thread count, if any, as an option (`engine,threads=2`).
    ///
    /// ```
    /// use gomoku_cli::pbrain::Config;
    /// let config = Config { brain: "engine:hard".into(), threads: Some(2), ..Config::default() };
    /// assert_eq!(config.brain_spec(), "engine:hard,threads=2");
    /// assert_eq!(Config::default().brain_spec(), "engine");
    /// ```
    pub fn brain_spec(&self) -> String {
        match self.threads {
            Some(n) => format!("{},threads={n}", self.brain),
            None => self.brain.clone(),
        }
    }
}

/// Why the protocol engine could not run.
#[derive(Debug, Error)]
pub enum PbrainError {
    /// The brain spec names no built-in player.
    #[error(transparent)]
    Brain(#[from] PlayerSpecError),
    /// Writing the output failed, or a thread could not be started.
    #[error("pbrain I/O: {0}")]
    Io(#[from] std::io::Error),
}

/// Serves the protocol on `input` and `output` until `END` or the end of input.
///
/// # Errors
/// [`PbrainError::Brain`] for a bad brain spec (before reading anything),
/// [`PbrainError::Io`] when the output cannot be written.
pub fn run<R, W>(input: R, output: W, config: &Config) -> Result<(), PbrainError>
where
    R: Read + Send + 'static,
    W: Write,
{
    let player = builtin_player(&config.brain_spec(), config.seed)?;
    run_with_player(input, output, player)
}

/// Serves the protocol with any [`Player`] (e.g. one written outside this workspace), as [`run`]
/// does with a built-in one. `ABOUT` names it by [`Player::name`].
///
/// # Errors
/// [`PbrainError::Io`] when the output cannot be written or a thread cannot be started.
pub fn run_with_player<R, W>(
    input: R,
    mut output: W,
    player: Box<dyn Player>,
) -> Result<(), PbrainError>
where
    R: Read + Send + 'static,
    W: Write,
{
    let session = session::Session::new(&player.name());
    let (events_tx, events) = mpsc::sync_channel(input::MAX_QUEUED_EVENTS);
    let worker = worker::Worker::spawn(player, events_tx.clone())?;
    input::spawn_reader(input, events_tx);
    event_loop::event_loop(session, &worker, &events, &mut output)?;
    Ok(())
}

/// Serves the protocol on stdin and stdout (what `pbrain-gomoku` and `gomoku pbrain` do).
///
/// # Errors
/// As [`run`].
pub fn run_stdio(config: &Config) -> Result<(), PbrainError> {
    run(std::io::stdin(), std::io::stdout().lock(), config)
}
