//! The four line directions and segments of points along them (e.g. a winning five).

use std::fmt;

use crate::point::Point;

/// One of the four directions a line of stones can run in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Direction {
    /// Along a row: left to right.
    Horizontal,
    /// Along a column: bottom to top.
    Vertical,
    /// Bottom-left to top-right.
    Diagonal,
    /// Top-left to bottom-right.
    AntiDiagonal,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// 0..4: an index for per-direction tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The step `(dcol, drow)` of one point along the direction (rows count upwards).
    #[inline]
    pub const fn step(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }
}

/// A run of consecutive points in one direction, e.g. the stones of a winning five.
///
/// ```
/// use gomoku_rules::{Direction, Line, Point};
/// let line = Line::new("d4".parse().unwrap(), Direction::Diagonal, 5);
/// let points: Vec<String> = line.points().map(|p| p.to_string()).collect();
/// assert_eq!(points, ["d4", "e5", "f6", "g7", "h8"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Line {
    /// The first point (the one furthest against the direction).
    pub start: Point,
    /// The direction the line runs in from `start`.
    pub direction: Direction,
    /// The number of points (5 for a five, more for an overline).
    pub len: u8,
}

impl Line {
    /// A line of `len` points from `start` along `direction`.
    pub const fn new(start: Point, direction: Direction, len: u8) -> Line {
        Line {
            start,
            direction,
            len,
        }
    }

    /// The points of the line, from `start`.
    pub fn points(self) -> impl Iterator<Item = Point> + Clone {
        let (dc, dr) = self.direction.step();
        (0..self.len as i32).map(move |i| {
            Point::new_unchecked(
                (self.start.col() as i32 + dc * i) as u8,
                (self.start.row() as i32 + dr * i) as u8,
            )
        })
    }

    /// Whether `p` is one of the line's points.
    pub fn contains(self, p: Point) -> bool {
        self.points().any(|q| q == p)
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for p in self.points() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{p}")?;
        }
        Ok(())
    }
}
