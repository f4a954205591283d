//! Board coordinates and board notation ("h8").
//!
//! Board notation names a point by its column letter (`a` is the leftmost column; the letter `i`
//! is used) and its row number counted from the BOTTOM (`1` is the lowest row), so `a1` is the
//! lower-left corner and `h8` is the centre of a 15x15 board.
//!
//! The Gomocup protocol instead uses `x,y`, 0-based, with `(0,0)` at the top-left and `y` growing
//! downwards: see [`Point::from_gomocup`] and [`Point::to_gomocup`].

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The smallest supported board size.
pub const MIN_SIZE: u8 = 5;
/// The largest supported board size (the Gomocup protocol allows up to 22).
pub const MAX_SIZE: u8 = 22;
/// The number of distinct point indices ([`Point::index`] is below this).
pub const MAX_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// A point (intersection) of the board: a column and a row counted from the bottom-left corner.
///
/// A `Point` is valid on every board whose size exceeds both its column and its row; whether it
/// lies on a given board is checked by [`Point::is_on`] (or [`crate::Board::contains`]).
///
/// ```
/// use gomoku_rules::Point;
/// let p: Point = "h8".parse().unwrap();
/// assert_eq!((p.col(), p.row()), (7, 7));
/// assert_eq!(p.to_string(), "h8");
/// assert_eq!(p.to_gomocup(15), (7, 7));
/// assert_eq!(Point::from_gomocup(0, 0, 15).unwrap().to_string(), "a15");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    // Ordered row-major from the bottom-left, so `Ord` follows the index.
    row: u8,
    col: u8,
}

/// Why a point could not be parsed or built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePointError {
    /// The text was empty.
    #[error("empty point: expected a column letter and a row number, like \"h8\"")]
    Empty,
    /// The first character is not a column letter.
    #[error("\"{text}\": a point starts with a column letter a..{last}, like \"h8\"", last = column_letter(MAX_SIZE - 1))]
    BadColumn {
        /// The text that was parsed.
        text: String,
    },
    /// No row number follows the column letter, or it is not a number.
    #[error("\"{text}\": expected a row number after the column letter, like \"h8\"")]
    BadRow {
        /// The text that was parsed.
        text: String,
    },
    /// Characters follow the row number.
    #[error("\"{text}\": unexpected characters after the row number")]
    Trailing {
        /// The text that was parsed.
        text: String,
    },
    /// The point is outside the board.
    #[error("\"{text}\" is off the {size}x{size} board (columns a..{last}, rows 1..{size})", last = column_letter(size.saturating_sub(1)))]
    OffBoard {
        /// The text (or coordinates) that was parsed.
        text: String,
        /// The size of the board it was checked against.
        size: u8,
    },
}

/// The letter of column `col` (0 = `a`).
pub(crate) fn column_letter(col: u8) -> char {
    (b'a' + col.min(25)) as char
}

impl Point {
    /// The point at `col` (0 = column `a`) and `row` (0 = row `1`, the bottom), if both are below
    /// [`MAX_SIZE`].
    #[inline]
    pub const fn new(col: u8, row: u8) -> Option<Point> {
        if col < MAX_SIZE && row < MAX_SIZE {
            Some(Point { row, col })
        } else {
            None
        }
    }

    /// The point at `col`, `row` (checked only in debug builds). For the search's hot paths.
    #[inline]
    pub const fn new_unchecked(col: u8, row: u8) -> Point {
        debug_assert!(col < MAX_SIZE && row < MAX_SIZE);
        Point { row, col }
    }

    /// The column, 0 = `a` (leftmost).
    #[inline]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The row, 0 = row `1` (bottom).
    #[inline]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// A dense index in `0..MAX_CELLS`, independent of the board size (`row * MAX_SIZE + col`).
    #[inline]
    pub const fn index(self) -> usize {
        self.row as usize * MAX_SIZE as usize + self.col as usize
    }

    /// The point with the given [`Point::index`], if the index is below [`MAX_CELLS`].
    #[inline]
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < MAX_CELLS {
            Some(Point {
                row: (index / MAX_SIZE as usize) as u8,
                col: (index % MAX_SIZE as usize) as u8,
            })
        } else {
            None
        }
    }

    /// Whether the point lies on a board of the given size.
    #[inline]
    pub const fn is_on(self, size: u8) -> bool {
        self.col < size && self.row < size
    }

    /// The centre of a board of the given size (`h8` on 15x15, `k10` on 20x20), as Gomocup tools
    /// define it: `floor(size / 2)` from the top-left.
    pub fn center(size: u8) -> Point {
        let size = size.clamp(1, MAX_SIZE);
        let half = size / 2;
        Point {
            col: half,
            row: size - 1 - half,
        }
    }

    /// The point `steps` steps away in direction `(dc, dr)`, if it is on a board of `size`.
    #[inline]
    pub fn offset(self, dc: i32, dr: i32, size: u8) -> Option<Point> {
        let c = self.col as i32 + dc;
        let r = self.row as i32 + dr;
        if c >= 0 && r >= 0 && c < size as i32 && r < size as i32 {
            Some(Point {
                col: c as u8,
                row: r as u8,
            })
        } else {
            None
        }
    }

    /// The point from Gomocup protocol coordinates: `x` = column, `y` = row counted from the TOP,
    /// both 0-based.
    ///
    /// # Errors
    /// [`ParsePointError::OffBoard`] when `x` or `y` is not below `size` (or `size` is out of range).
    pub fn from_gomocup(x: u32, y: u32, size: u8) -> Result<Point, ParsePointError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) || x >= size as u32 || y >= size as u32 {
            return Err(ParsePointError::OffBoard {
                text: format!("{x},{y}"),
                size,
            });
        }
        Ok(Point {
            col: x as u8,
            row: size - 1 - y as u8,
        })
    }

    /// The Gomocup protocol coordinates `(x, y)` of this point on a board of `size`
    /// (`y` counted from the top).
    #[inline]
    pub fn to_gomocup(self, size: u8) -> (u32, u32) {
        debug_assert!(self.is_on(size));
        (
            self.col as u32,
            (size as u32).saturating_sub(1 + self.row as u32),
        )
    }

    /// Parses board notation and checks that the point is on a board of `size`.
    ///
    /// Letters are case-insensitive; surrounding whitespace is not accepted.
    ///
    /// # Errors
    /// A [`ParsePointError`] naming what is wrong: empty text, a bad column letter, a missing or
    /// malformed row number, trailing characters, or a point off the board.
    ///
    /// ```
    /// use gomoku_rules::{ParsePointError, Point};
    /// assert!(Point::parse("o15", 15).is_ok());
    /// assert!(matches!(Point::parse("h16", 15), Err(ParsePointError::OffBoard { .. })));
    /// assert!(matches!(Point::parse("8h", 15), Err(ParsePointError::BadColumn { .. })));
    /// ```
    pub fn parse(text: &str, size: u8) -> Result<Point, ParsePointError> {
        let (point, rest) = Point::parse_prefix(text, size)?;
        if !rest.is_empty() {
            return Err(ParsePointError::Trailing { text: text.into() });
        }
        Ok(point)
    }

    /// Parses one point at the start of `text` and returns it with the rest of the text: the row
    /// number takes every digit that follows the letter, so `"h10i9"` reads `h10` then `i9`.
    pub(crate) fn parse_prefix(text: &str, size: u8) -> Result<(Point, &str), ParsePointError> {
        let mut chars = text.char_indices();
        let Some((_, first)) = chars.next() else {
            return Err(ParsePointError::Empty);
        };
        let owned = || text.to_string();
        if !first.is_ascii_alphabetic() {
            return Err(ParsePointError::BadColumn { text: owned() });
        }
        let col = (first.to_ascii_lowercase() as u8 - b'a') as u32;
        let digits_end = text[1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(text.len(), |i| i + 1);
        let digits = &text[1..digits_end];
        if digits.is_empty() || digits.starts_with('0') {
            return Err(ParsePointError::BadRow { text: owned() });
        }
        // At most a few digits matter; a long number is simply off the board.
        let row_number: u32 = if digits.len() > 3 {
            u32::MAX
        } else {
            digits.parse().unwrap_or(u32::MAX)
        };
        let token = &text[..digits_end];
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) || col >= size as u32 || row_number > size as u32
        {
            return Err(ParsePointError::OffBoard {
                text: token.to_string(),
                size,
            });
        }
        Ok((
            Point {
                col: col as u8,
                row: (row_number - 1) as u8,
            },
            &text[digits_end..],
        ))
    }

    /// The points of a board of `size`, row by row from `a1`.
    pub fn all(size: u8) -> impl Iterator<Item = Point> + Clone {
        let size = size.min(MAX_SIZE);
        (0..size).flat_map(move |row| (0..size).map(move |col| Point { row, col }))
    }

    /// The Chebyshev (king-move) distance between two points.
    #[inline]
    pub fn distance(self, other: Point) -> u8 {
        self.col
            .abs_diff(other.col)
            .max(self.row.abs_diff(other.row))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_letter(self.col), self.row as u32 + 1)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Parses board notation for the largest board ([`MAX_SIZE`]); use [`Point::parse`] to check
/// against a particular board size.
impl FromStr for Point {
    type Err = ParsePointError;
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        Point::parse(s, MAX_SIZE)
    }
}

impl TryFrom<(u8, u8)> for Point {
    type Error = ParsePointError;
    /// From `(col, row)`, both counted from the bottom-left corner.
    fn try_from((col, row): (u8, u8)) -> Result<Point, ParsePointError> {
        Point::new(col, row).ok_or(ParsePointError::OffBoard {
            text: format!("({col}, {row})"),
            size: MAX_SIZE,
        })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Point, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_on_every_size() {
        for size in MIN_SIZE..=MAX_SIZE {
            for p in Point::all(size) {
                let text = p.to_string();
                assert_eq!(Point::parse(&text, size), Ok(p), "{text} on {size}");
                assert_eq!(Point::parse(&text.to_uppercase(), size), Ok(p));
                let (x, y) = p.to_gomocup(size);
                assert_eq!(Point::from_gomocup(x, y, size), Ok(p));
                assert_eq!(Point::from_index(p.index()), Some(p));
            }
        }
    }

    #[test]
    fn bad_notation_is_an_error() {
        assert_eq!(Point::parse("", 15), Err(ParsePointError::Empty));
        for (bad, size) in [("z99", 15), ("h16", 15), ("p1", 15), ("w1", 22), ("h0", 15)] {
            let err = Point::parse(bad, size).unwrap_err();
            assert!(
                matches!(
                    err,
                    ParsePointError::OffBoard { .. } | ParsePointError::BadRow { .. }
                ),
                "{bad}: {err:?}"
            );
        }
        assert!(matches!(
            Point::parse("h0", 15),
            Err(ParsePointError::BadRow { .. })
        ));
        assert!(matches!(
            Point::parse("8h", 15),
            Err(ParsePointError::BadColumn { .. })
        ));
        assert!(matches!(
            Point::parse("h8x", 15),
            Err(ParsePointError::Trailing { .. })
        ));
        assert!(matches!(
            Point::parse("h", 15),
            Err(ParsePointError::BadRow { .. })
        ));
        assert!(matches!(
            Point::parse("h08", 15),
            Err(ParsePointError::BadRow { .. })
        ));
        assert!(matches!(
            Point::parse("é8", 15),
            Err(ParsePointError::BadColumn { .. })
        ));
        assert!(matches!(
            Point::parse("h99999999999999999999", 15),
            Err(ParsePointError::OffBoard { .. })
        ));
        assert!(matches!(
            Point::parse(" h8", 15),
            Err(ParsePointError::BadColumn { .. })
        ));
        assert!(Point::parse("h8", 4).is_err());
        let msg = Point::parse("h16", 15).unwrap_err().to_string();
        assert!(msg.contains("h16") && msg.contains("15x15"), "{msg}");
    }

    #[test]
    fn centre_and_gomocup_orientation() {
        assert_eq!(Point::center(15).to_string(), "h8");
        // floor(20 / 2) = 10 from the top-left: row 20 - 10 = 10 from the bottom.
        assert_eq!(Point::center(20).to_string(), "k10");
        assert_eq!(Point::center(20).to_gomocup(20), (10, 10));
        // (0,0) is the top-left corner, a15 in board notation.
        assert_eq!(Point::from_gomocup(0, 0, 15).unwrap().to_string(), "a15");
        assert_eq!(Point::from_gomocup(0, 14, 15).unwrap().to_string(), "a1");
        assert!(Point::from_gomocup(15, 0, 15).is_err());
        assert!(Point::from_gomocup(u32::MAX, 0, 15).is_err());
    }
}
