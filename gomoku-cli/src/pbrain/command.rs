//! Parsing one protocol line into a [`Command`].
//!
//! Keywords are case-insensitive; coordinates are `x,y` (spaces around the comma allowed).
//! Numbers that do not fit are errors, never a wrap-around.

use thiserror::Error;

/// A point in protocol coordinates: `x` the column, `y` the row counted from the TOP, both
/// 0-based. Not yet checked against a board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    /// Column, 0 = leftmost.
    pub x: u32,
    /// Row, 0 = top.
    pub y: u32,
}

/// One line from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n`: a new game on an n x n board.
    Start(u32),
    /// `RECTSTART w,h`: a new game on a w x h board.
    RectStart(u32, u32),
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: the brain plays first.
    Begin,
    /// `TURN x,y`: the opponent played there; the brain answers.
    Turn(Coord),
    /// `BOARD`: a position follows as stone lines, then `DONE`; the brain answers.
    Board,
    /// `YXBOARD`: a position follows (first stone Black, alternating), then `DONE`; no answer.
    YxBoard,
    /// `SWAP2BOARD`: the swap2 opening stones follow, then `DONE`.
    Swap2Board,
    /// `DONE`: the end of a position block.
    Done,
    /// `x,y[,f]`: a stone line inside a position block.
    Stone(Coord, Option<u32>),
    /// `INFO key value`.
    Info {
        /// The key, lower-cased.
        key: String,
        /// The rest of the line, trimmed (may be empty).
        value: String,
    },
    /// `END`: quit.
    End,
    /// `ABOUT`: name the brain.
    About,
    /// `TAKEBACK x,y`: remove that stone.
    Takeback(Coord),
    /// `PLAY x,y`: play this move (the answer to a `SUGGEST`).
    Play(Coord),
    /// `YXSHOWFORBID`: list Black's forbidden points.
    YxShowForbid,
    /// `YXSTOP`: stop thinking and answer now.
    YxStop,
    /// `YXNBEST n`: search and show the best moves.
    YxNbest(u32),
    /// `YXHASHCLEAR`: forget what was learnt (transposition table).
    YxHashClear,
    /// A blank line (ignored).
    Blank,
}

/// A line that is not a valid command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    /// The keyword is not a command of the protocol.
    #[error("{0}")]
    Unknown(String),
    /// The keyword is known but its arguments are not valid.
    #[error("{command}: {reason}")]
    Malformed {
        /// The keyword.
        command: &'static str,
        /// What is wrong.
        reason: String,
    },
}

/// Parses one line (without its line terminator).
///
/// # Errors
/// [`CommandError::Unknown`] for an unknown keyword, [`CommandError::Malformed`] for bad
/// arguments.
pub fn parse_command(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Command::Blank);
    }
    // A stone line starts with a digit; a sign before one is a bad stone line, not a keyword.
    let unsigned = line.strip_prefix(['-', '+']).unwrap_or(line);
    if unsigned.starts_with(|c: char| c.is_ascii_digit()) {
        let (coord, field) = parse_stone(line).map_err(|reason| CommandError::Malformed {
            command: "stone line",
            reason,
        })?;
        return Ok(Command::Stone(coord, field));
    }
    let (keyword, rest) = match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    };
    let upper = keyword.to_ascii_uppercase();
    let no_args = |command: &'static str, value: Command| {
        if rest.is_empty() {
            Ok(value)
        } else {
            Err(CommandError::Malformed {
                command,
                reason: format!("takes no arguments, got \"{rest}\""),
            })
        }
    };
    let coord = |command: &'static str| {
        parse_coord(rest).map_err(|reason| CommandError::Malformed { command, reason })
    };
    match upper.as_str() {
        "START" => {
            parse_number(rest)
                .map(Command::Start)
                .map_err(|reason| CommandError::Malformed {
                    command: "START",
                    reason,
                })
        }
        "RECTSTART" => coord("RECTSTART").map(|c| Command::RectStart(c.x, c.y)),
        "RESTART" => no_args("RESTART", Command::Restart),
        "BEGIN" => no_args("BEGIN", Command::Begin),
        "TURN" => coord("TURN").map(Command::Turn),
        "BOARD" => no_args("BOARD", Command::Board),
        "YXBOARD" => no_args("YXBOARD", Command::YxBoard),
        "SWAP2BOARD" => no_args("SWAP2BOARD", Command::Swap2Board),
        "DONE" => no_args("DONE", Command::Done),
        "END" => Ok(Command::End),
        "ABOUT" => no_args("ABOUT", Command::About),
        "TAKEBACK" => coord("TAKEBACK").map(Command::Takeback),
        "PLAY" => coord("PLAY").map(Command::Play),
        "YXSHOWFORBID" => no_args("YXSHOWFORBID", Command::YxShowForbid),
        "YXSTOP" => no_args("YXSTOP", Command::YxStop),
        "YXHASHCLEAR" => no_args("YXHASHCLEAR", Command::YxHashClear),
        "YXNBEST" => {
            parse_number(rest)
                .map(Command::YxNbest)
                .map_err(|reason| CommandError::Malformed {
                    command: "YXNBEST",
                    reason,
                })
        }
        "INFO" => {
            let (key, value) = match rest.find(char::is_whitespace) {
                Some(i) => (&rest[..i], rest[i..].trim()),
                None => (rest, ""),
            };
            if key.is_empty() {
                return Err(CommandError::Malformed {
                    command: "INFO",
                    reason: "expected a key and a value".into(),
                });
            }
            Ok(Command::Info {
                key: key.to_ascii_lowercase(),
                value: value.to_string(),
            })
        }
        _ => Err(CommandError::Unknown(format!(
            "unknown command \"{}\"",
            shorten(keyword)
        ))),
    }
}

/// The longest piece of outside text echoed back in a reply.
const ECHO_LIMIT: usize = 40;

/// `text` cut to a length fit to echo in a reply.
pub(crate) fn shorten(text: &str) -> String {
    if text.chars().count() <= ECHO_LIMIT {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(ECHO_LIMIT).collect();
        cut.push_str("...");
        cut
    }
}

/// A non-negative whole number.
fn parse_number(text: &str) -> Result<u32, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("expected a number".into());
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("\"{}\" is not a whole number", shorten(text)));
    }
    text.parse()
        .map_err(|_| format!("number {} is too large", shorten(text)))
}

/// `x,y`.
fn parse_coord(text: &str) -> Result<Coord, String> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != 2 {
        return Err(format!("expected x,y, got \"{}\"", shorten(text)));
    }
    Ok(Coord {
        x: parse_number(parts[0])?,
        y: parse_number(parts[1])?,
    })
}

/// `x,y` or `x,y,f`.
fn parse_stone(text: &str) -> Result<(Coord, Option<u32>), String> {
    let parts: Vec<&str> = text.split(',').collect();
    match parts.len() {
        2 => Ok((
            Coord {
                x: parse_number(parts[0])?,
                y: parse_number(parts[1])?,
            },
            None,
        )),
        3 => Ok((
            Coord {
                x: parse_number(parts[0])?,
                y: parse_number(parts[1])?,
            },
            Some(parse_number(parts[2])?),
        )),
        _ => Err(format!("expected x,y,field, got \"{}\"", shorten(text))),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_signed_number_starts_a_bad_stone_line() {
        for line in ["-3,4,1", "+3,4", "-0,0"] {
            let parsed = super::parse_command(line);
            assert!(
                matches!(
                    parsed,
                    Err(super::CommandError::Malformed {
                        command: "stone line",
                        ..
                    })
                ),
                "{line}: {parsed:?}"
            );
        }
    }

    use super::*;

    #[test]
    fn keywords_are_case_insensitive_and_arguments_checked() {
        assert_eq!(parse_command("start 15"), Ok(Command::Start(15)));
        assert_eq!(
            parse_command("Turn 7, 8"),
            Ok(Command::Turn(Coord { x: 7, y: 8 }))
        );
        assert_eq!(
            parse_command("10,11,2"),
            Ok(Command::Stone(Coord { x: 10, y: 11 }, Some(2)))
        );
        assert_eq!(
            parse_command("INFO Timeout_Turn 500"),
            Ok(Command::Info {
                key: "timeout_turn".into(),
                value: "500".into()
            })
        );
        assert_eq!(parse_command("  "), Ok(Command::Blank));
        assert!(matches!(
            parse_command("START 99999999999999999999"),
            Err(CommandError::Malformed {
                command: "START",
                ..
            })
        ));
        assert!(matches!(
            parse_command("TURN -1,3"),
            Err(CommandError::Malformed {
                command: "TURN",
                ..
            })
        ));
        assert!(matches!(
            parse_command("TURN 1,2,3"),
            Err(CommandError::Malformed { .. })
        ));
        assert!(matches!(
            parse_command("FROB 1"),
            Err(CommandError::Unknown(_))
        ));
        assert!(matches!(
            parse_command("7,x"),
            Err(CommandError::Malformed { .. })
        ));
    }
}
