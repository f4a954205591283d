//! What a player can type during a game: a move in board notation or a command.

use std::path::PathBuf;

use thiserror::Error;

use gomoku_rules::{ParsePointError, Point, SwapChoice};

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play a stone.
    Move(Point),
    /// Choose in a swap opening: take Black, take White, or (swap2) place two more stones.
    Choose(SwapChoice),
    /// Take back the last move (against an AI: its reply and your move).
    Undo,
    /// Replay what was taken back.
    Redo,
    /// Start a new game (same players, rule and size).
    Restart,
    /// Save the game to a file.
    Save(PathBuf),
    /// Load a game from a file.
    Load(PathBuf),
    /// Ask the AI for advice.
    Hint,
    /// Toggle move numbers on the stones.
    Numbers,
    /// Show the commands.
    Help,
    /// Leave (asks first when moves are unsaved).
    Quit,
}

/// A line that is neither a move nor a command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    /// It looks like a move but is not a point of the board.
    #[error("{0}")]
    BadPoint(#[from] ParsePointError),
    /// An unknown word.
    #[error("unknown command \"{0}\" (type help for the commands)")]
    Unknown(String),
    /// `save` or `load` without a file name.
    #[error("{0} needs a file name, like \"{0} game.sgf\"")]
    MissingFile(&'static str),
    /// A command that takes no argument got one.
    #[error("{0} takes no argument")]
    UnexpectedArgument(&'static str),
}

/// The help text: one command a line.
pub const HELP: &str = "\
Moves: type a point such as h8 (column letter, row number from the bottom).
On a terminal: arrow keys, hjkl or WASD move the cursor; Enter or Space places a stone.
Commands:
  undo (u)         take back your last move (and the AI's reply)
  redo             replay what was taken back
  restart (new)    start a new game
  save FILE        save the game (.psq, .sgf, .rif, .txt, .pos; JSON otherwise)
  load FILE        load a game in any of those formats
  hint             the AI's best moves, explained
  black, white     in a swap opening: take that colour when it is your choice
  two              in swap2: place two more stones and let the first player choose
  numbers (n)      show or hide move numbers
  help (?)         this help
  quit (q)         leave (asks first if moves are unsaved)";

/// Parses a line typed on a `size` board. Words are case-insensitive; file names are kept as
/// typed.
///
/// # Errors
/// [`CommandError`] for anything else, with a one-line explanation.
pub fn parse_command(line: &str, size: u8) -> Result<Command, CommandError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let lower = word.to_ascii_lowercase();
    let no_argument = |name, cmd| {
        if rest.is_empty() {
            Ok(cmd)
        } else {
            Err(CommandError::UnexpectedArgument(name))
        }
    };
    let file = |name, make: fn(PathBuf) -> Command| {
        if rest.is_empty() {
            Err(CommandError::MissingFile(name))
        } else {
            Ok(make(PathBuf::from(rest)))
        }
    };
    match lower.as_str() {
        "undo" | "u" | "back" => no_argument("undo", Command::Undo),
        "redo" => no_argument("redo", Command::Redo),
        "restart" | "new" => no_argument("restart", Command::Restart),
        "hint" => no_argument("hint", Command::Hint),
        "numbers" | "n" => no_argument("numbers", Command::Numbers),
        "help" | "?" => no_argument("help", Command::Help),
        "quit" | "q" | "exit" => no_argument("quit", Command::Quit),
        "save" => file("save", Command::Save),
        "load" => file("load", Command::Load),
        "black" => no_argument("black", Command::Choose(SwapChoice::TakeBlack)),
        "white" => no_argument("white", Command::Choose(SwapChoice::TakeWhite)),
        "two" => no_argument("two", Command::Choose(SwapChoice::PlaceTwo)),
        _ => {
            let looks_like_point = lower.len() >= 2
                && lower.starts_with(|c: char| c.is_ascii_alphabetic())
                && lower[1..].starts_with(|c: char| c.is_ascii_digit());
            if looks_like_point && rest.is_empty() {
                Ok(Command::Move(Point::parse(&lower, size)?))
            } else {
                Err(CommandError::Unknown(line.to_string()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_commands() {
        assert_eq!(
            parse_command(" H8 ", 15),
            Ok(Command::Move("h8".parse().unwrap()))
        );
        assert_eq!(parse_command("undo", 15), Ok(Command::Undo));
        assert_eq!(parse_command("U", 15), Ok(Command::Undo));
        assert_eq!(
            parse_command("save My Game.json", 15),
            Ok(Command::Save("My Game.json".into()))
        );
        assert_eq!(parse_command("q", 15), Ok(Command::Quit));
        assert_eq!(
            parse_command("White", 15),
            Ok(Command::Choose(SwapChoice::TakeWhite))
        );
        assert_eq!(
            parse_command("two", 15),
            Ok(Command::Choose(SwapChoice::PlaceTwo))
        );
    }

    #[test]
    fn errors_explain() {
        assert!(matches!(
            parse_command("h16", 15),
            Err(CommandError::BadPoint(ParsePointError::OffBoard { .. }))
        ));
        assert!(matches!(
            parse_command("h8x", 15),
            Err(CommandError::BadPoint(_))
        ));
        assert_eq!(
            parse_command("save", 15),
            Err(CommandError::MissingFile("save"))
        );
        assert_eq!(
            parse_command("undo 3", 15),
            Err(CommandError::UnexpectedArgument("undo"))
        );
        let err = parse_command("frobnicate", 15).unwrap_err();
        assert!(err.to_string().contains("frobnicate"));
        assert!(parse_command("", 15).is_err());
        assert!(parse_command("é", 15).is_err());
    }
}
