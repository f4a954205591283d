//! Move strings: a whole game in board notation, `"h8 i9 i7"` or `"h8i9i7"`.

use thiserror::Error;

use crate::point::{ParsePointError, Point};

/// A move string with a token that is not a point of the board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {number} (\"{token}\"): {source}")]
pub struct ParseMovesError {
    /// 1-based position of the bad token in the list.
    pub number: usize,
    /// The bad token.
    pub token: String,
    /// What is wrong with it.
    pub source: ParsePointError,
}

/// Parses moves in board notation on a board of `size`. Moves may be separated by whitespace or
/// commas, or written together (`"h8i9i7"`, `"h10i9"`: a row number takes every digit that
/// follows its letter).
///
/// ```
/// use gomoku_rules::moves::parse_moves;
/// let moves = parse_moves("h8 i9,i7h10", 15).unwrap();
/// assert_eq!(moves.iter().map(|p| p.to_string()).collect::<Vec<_>>(), ["h8", "i9", "i7", "h10"]);
/// let err = parse_moves("h8 i99 j7", 15).unwrap_err();
/// assert_eq!((err.number, err.token.as_str()), (2, "i99"));
/// ```
///
/// # Errors
/// [`ParseMovesError`] naming the first bad token and its position.
pub fn parse_moves(text: &str, size: u8) -> Result<Vec<Point>, ParseMovesError> {
    let mut moves = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || c == ',') {
        let mut rest = word;
        while !rest.is_empty() {
            match Point::parse_prefix(rest, size) {
                Ok((p, tail)) => {
                    moves.push(p);
                    rest = tail;
                }
                Err(source) => {
                    // The bad token runs up to the next letter that follows a digit (the
                    // start of the next move), or to the end of the word.
                    let bytes = rest.as_bytes();
                    let end = (1..bytes.len())
                        .find(|&i| bytes[i].is_ascii_alphabetic() && bytes[i - 1].is_ascii_digit())
                        .unwrap_or(rest.len());
                    return Err(ParseMovesError {
                        number: moves.len() + 1,
                        token: rest[..end].to_string(),
                        source,
                    });
                }
            }
        }
    }
    Ok(moves)
}

/// Writes moves in board notation separated by single spaces.
pub fn format_moves(moves: &[Point]) -> String {
    let mut out = String::with_capacity(moves.len() * 4);
    for (i, p) in moves.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&p.to_string());
    }
    out
}
