//! `gomoku play`: a game in the terminal between people and AIs.
//!
//! Two frontends drive the same [`Session`]: on a terminal, a keyboard frontend with a cursor
//! ([`terminal`]); otherwise (piped input, scripts, tests) a line frontend that reads one move or
//! command a line ([`run_lines`]). Typed moves and commands work in both.
//!
//! Quitting with moves played since the last save asks for confirmation (`quit` then `y`); when
//! piped input simply ends, the game ends without saving.

pub mod command;
pub mod render;
pub mod session;
pub mod terminal;

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use thiserror::Error;

use gomoku_ai::SearchInfo;
use gomoku_rules::{BoardSizeError, Color, Game, OpeningRule, Rule};

use crate::play::command::parse_command;
use crate::play::render::{RenderOptions, render_board, render_status};
use crate::play::session::{AiAction, AiMove, Reply, Seat, Session, load_game};
use crate::player_spec::{DEFAULT_AI, PlayerSpec, SpecError};
use gomoku_rules::record::FileError;

/// When to use ANSI colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// When the output is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour output going to stdout.
    pub fn resolve(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// The settings of `gomoku play`.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Board size.
    pub size: u32,
    /// Rule.
    pub rule: Rule,
    /// Who plays Black.
    pub black: PlayerSpec,
    /// Who plays White.
    pub white: PlayerSpec,
    /// A difficulty level given to built-in AIs named without options (`engine` becomes
    /// `engine:LEVEL`).
    pub level: Option<String>,
    /// Time per AI move.
    pub move_time: Duration,
    /// Seed for AIs that use randomness.
    pub seed: u64,
    /// Colours.
    pub color: ColorChoice,
    /// A saved game to start from.
    pub load: Option<PathBuf>,
    /// Use the line frontend even on a terminal.
    pub line_mode: bool,
    /// The opening rule; under swap and swap2 [`PlayOptions::black`] is the first player (who
    /// places the opening stones) and [`PlayOptions::white`] the second.
    pub opening: OpeningRule,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions {
            size: 15,
            rule: Rule::Freestyle,
            black: PlayerSpec::Human,
            white: PlayerSpec::Builtin(DEFAULT_AI.to_string()),
            level: None,
            move_time: Duration::from_secs(1),
            seed: 0,
            color: ColorChoice::Auto,
            load: None,
            line_mode: false,
            opening: OpeningRule::Free,
        }
    }
}

/// Why a game could not start.
#[derive(Debug, Error)]
pub enum PlaySetupError {
    /// A player specification is wrong.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The board size is not supported.
    #[error(transparent)]
    Size(#[from] BoardSizeError),
    /// The game to load is unusable.
    #[error(transparent)]
    Load(#[from] FileError),
    /// The terminal failed.
    #[error("terminal: {0}")]
    Io(#[from] io::Error),
    /// The opening rule cannot apply (a loaded game has moves).
    #[error("{0}")]
    Opening(String),
}

/// `spec` with the difficulty level applied.
fn with_level(spec: &PlayerSpec, level: Option<&str>) -> PlayerSpec {
    match (spec, level) {
        (PlayerSpec::Builtin(s), Some(level)) if !s.contains(':') => {
            PlayerSpec::Builtin(format!("{s}:{level}"))
        }
        _ => spec.clone(),
    }
}

/// Builds the session the options describe.
///
/// # Errors
/// [`PlaySetupError`] for a bad player, size or saved game.
pub fn build_session(options: &PlayOptions) -> Result<Session, PlaySetupError> {
    let level = options.level.as_deref();
    let seat = |spec: &PlayerSpec, seed| -> Result<Seat, SpecError> {
        if spec.is_human() {
            Ok(Seat::Human)
        } else {
            Ok(Seat::Ai(with_level(spec, level).build(seed)?))
        }
    };
    let black = seat(&options.black, options.seed)?;
    let white = seat(&options.white, options.seed.wrapping_add(1))?;
    let game = match &options.load {
        Some(path) => load_game(path, options.size, options.rule)?,
        None => Game::new(options.size, options.rule)?,
    };
    let mut session = Session::new(game, black, white, options.move_time);
    session
        .set_opening(options.opening)
        .map_err(PlaySetupError::Opening)?;
    Ok(session)
}

/// Runs `gomoku play`: the keyboard frontend on a terminal, the line frontend otherwise.
///
/// # Errors
/// [`PlaySetupError`] when the game cannot start or the terminal fails.
pub fn run(options: &PlayOptions) -> Result<(), PlaySetupError> {
    let mut session = build_session(options)?;
    let color = options.color.resolve();
    let interactive = io::stdin().is_terminal() && io::stdout().is_terminal();
    if interactive && !options.line_mode && session.has_human() {
        terminal::run_terminal(&mut session, color)?;
    } else {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        let mut output = io::stdout().lock();
        let progress = io::stderr().is_terminal();
        run_lines(&mut session, &mut input, &mut output, color, progress)?;
    }
    Ok(())
}

/// One line about what an AI did: a move (see [`describe_ai_move`]) or a colour choice, `The
/// second player (engine:normal) took White (eval +12 for White, 0.52 s)`.
pub fn describe_ai_action(action: &AiAction) -> String {
    match action {
        AiAction::Move(m) => describe_ai_move(m),
        AiAction::Choice(c) => format!(
            "The {} {} (eval {} for White, {:.2} s)",
            c.party,
            c.choice,
            c.info.score,
            c.elapsed.as_secs_f64()
        ),
    }
}

/// One line about an AI move: `White plays i9 (depth 6, eval +35, 0.41 s)`.
pub fn describe_ai_move(m: &AiMove) -> String {
    let mut text = format!("{} plays {}", m.color, m.point);
    if m.info.depth > 0 {
        text.push_str(&format!(
            " (depth {}, eval {}, {:.2} s)",
            m.info.depth,
            m.info.score,
            m.elapsed.as_secs_f64()
        ));
    } else {
        text.push_str(&format!(" ({:.2} s)", m.elapsed.as_secs_f64()));
    }
    text
}

/// The progress of a search in one line: `thinking: depth 6, eval +35, 120k nodes`.
pub fn describe_progress(info: &SearchInfo) -> String {
    format!(
        "thinking: depth {}-{}, eval {}, {} nodes, {:.1} s",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.time.as_secs_f64()
    )
}

fn prompt(session: &Session) -> String {
    let game = session.game();
    if let Some(opening) = session.opening_prompt().filter(|_| !game.is_over()) {
        format!("{opening}> ")
    } else if game.is_over() {
        "Game over: undo, restart, save FILE, load FILE or quit> ".to_string()
    } else {
        let color = game.side_to_move();
        let stone = if color == Color::Black { 'X' } else { 'O' };
        format!("{color} ({stone}) to move> ")
    }
}

/// The line frontend: draws the board after every change and reads one move or command a line
/// from `input` until `quit` or the end of input. AI moves are played as they come; with
/// `progress`, search reports are shown on stderr while an AI thinks.
///
/// # Errors
/// Only I/O errors of `input`/`output`.
pub fn run_lines(
    session: &mut Session,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    color: bool,
    progress: bool,
) -> io::Result<()> {
    let mut redraw = true;
    let mut announced = false;
    let opening = session.opening().rule();
    if opening != OpeningRule::Free {
        writeln!(output, "{}", opening.explain(session.game().rule()))?;
    }
    loop {
        if redraw {
            let options = RenderOptions {
                color,
                numbers: session.numbers(),
                cursor: None,
            };
            writeln!(
                output,
                "{}",
                render_board(session.game(), &session.forbidden_points(), options)
            )?;
            writeln!(output, "{}", render_status(session.game()))?;
            redraw = false;
        }
        if session.game().is_over() {
            if !announced {
                writeln!(output, "*** {} ***", session.game().outcome())?;
                announced = true;
            }
        } else {
            announced = false;
        }
        if session.ai_to_move() {
            let mut report = |info: &SearchInfo| {
                if progress {
                    eprint!("\r\x1b[K{}", describe_progress(info));
                }
            };
            let result = session.play_ai(&mut report);
            if progress {
                eprint!("\r\x1b[K");
            }
            match result {
                Ok(action) => writeln!(output, "{}", describe_ai_action(&action))?,
                Err(e) => {
                    writeln!(output, "error: {e}")?;
                    return Ok(());
                }
            }
            redraw = true;
            continue;
        }
        if !session.has_human() {
            return Ok(());
        }
        write!(output, "{}", prompt(session))?;
        output.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(output)?;
            return Ok(());
        }
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let command = match parse_command(line, session.game().size()) {
            Ok(c) => c,
            Err(e) => {
                writeln!(output, "error: {e}")?;
                continue;
            }
        };
        let mut reply = session.execute(command);
        if reply == Reply::ConfirmQuit {
            write!(output, "Moves are not saved. Quit anyway? (y/N) ")?;
            output.flush()?;
            let mut answer = String::new();
            input.read_line(&mut answer)?;
            reply = session.confirm_quit(&answer);
        }
        match reply {
            Reply::Quit => return Ok(()),
            Reply::Error(e) => writeln!(output, "error: {e}")?,
            Reply::Message(m) => {
                if !m.is_empty() {
                    writeln!(output, "{m}")?;
                }
                redraw = true;
            }
            Reply::ConfirmQuit => {}
        }
    }
}
