//! The board: stones, side to move, Zobrist hash, per-line bit masks and neighbourhoods.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::color::Color;
use crate::direction::Direction;
use crate::point::{MAX_CELLS, MAX_SIZE, MIN_SIZE, Point, column_letter};
use crate::point_set::PointSet;
use crate::zobrist;

/// Lines per direction, indexed as described in [`Board::line_bits`].
const LINES: usize = 2 * MAX_SIZE as usize - 1;

/// A board size outside `MIN_SIZE..=MAX_SIZE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("board size {0} is not supported (sizes {MIN_SIZE} to {MAX_SIZE} are)")]
pub struct BoardSizeError(pub u32);

/// Why a stone could not be put on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PlaceError {
    /// The point is outside the board.
    #[error("{point} is off the {size}x{size} board")]
    OutOfBoard {
        /// The point.
        point: Point,
        /// The board size.
        size: u8,
    },
    /// The point already holds a stone.
    #[error("{point} is already occupied")]
    Occupied {
        /// The point.
        point: Point,
    },
}

/// The stones of one line through a point, as bit masks along the line (see
/// [`Board::line_bits`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineBits {
    /// Black stones on the line.
    pub black: u32,
    /// White stones on the line.
    pub white: u32,
    /// The points of the line that are on the board.
    pub on_board: u32,
    /// The bit of the queried point.
    pub pos: u8,
}

impl LineBits {
    /// The stones of `color`.
    #[inline]
    pub fn stones(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The empty points of the line that are on the board.
    #[inline]
    pub fn empty(&self) -> u32 {
        self.on_board & !(self.black | self.white)
    }
}

/// A square Gomoku board of size 5 to 22 with its stones and the side to move.
///
/// The board knows no rules: it places and removes stones, keeps the Zobrist hash, stone counts
/// and per-line bit masks up to date incrementally, and answers questions about neighbourhoods.
/// [`crate::Game`] adds the rules and the move history.
///
/// ```
/// use gomoku_rules::{Board, Color};
/// let mut board = Board::new(15).unwrap();
/// board.play_unchecked("h8".parse().unwrap());
/// assert_eq!(board.side_to_move(), Color::White);
/// assert_eq!(board.neighbourhood(1).len(), 8);
/// ```
#[derive(Clone)]
pub struct Board {
    size: u8,
    side: Color,
    counts: [u16; 2],
    hash: u64,
    cells: [Option<Color>; MAX_CELLS],
    /// `masks[color][direction][line]`: bit `pos` set where `color` has a stone.
    masks: [[[u32; LINES]; 4]; 2],
}

impl Board {
    /// An empty board of `size` x `size`, Black to move.
    ///
    /// # Errors
    /// [`BoardSizeError`] when `size` is outside `MIN_SIZE..=MAX_SIZE` (5..=22).
    pub fn new(size: u32) -> Result<Board, BoardSizeError> {
        if !(MIN_SIZE as u32..=MAX_SIZE as u32).contains(&size) {
            return Err(BoardSizeError(size));
        }
        Ok(Board {
            size: size as u8,
            side: Color::Black,
            counts: [0; 2],
            hash: 0,
            cells: [None; MAX_CELLS],
            masks: [[[0; LINES]; 4]; 2],
        })
    }

    /// The side length.
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Whether `p` is on this board.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        p.is_on(self.size)
    }

    /// The stone on `p`, if any (`None` also for points off the board).
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        self.cells[p.index()]
    }

    /// Whether `p` is on the board and empty.
    #[inline]
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.contains(p) && self.cells[p.index()].is_none()
    }

    /// The colour to move next.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Sets the colour to move next (for set-up positions).
    pub fn set_side_to_move(&mut self, color: Color) {
        if color != self.side {
            self.hash ^= zobrist::white_to_move_key();
            self.side = color;
        }
    }

    /// The Zobrist hash of the stones and the side to move, maintained incrementally.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash recomputed from scratch; always equals [`Board::hash`].
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for p in Point::all(self.size) {
            if let Some(c) = self.get(p) {
                hash ^= zobrist::stone_key(c, p);
            }
        }
        if self.side == Color::White {
            hash ^= zobrist::white_to_move_key();
        }
        hash
    }

    /// The number of `color` stones on the board.
    #[inline]
    pub fn stone_count(&self, color: Color) -> u32 {
        self.counts[color.index()] as u32
    }

    /// The number of stones of both colours.
    #[inline]
    pub fn total_stones(&self) -> u32 {
        self.counts[0] as u32 + self.counts[1] as u32
    }

    /// Whether every point holds a stone.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.total_stones() == self.size as u32 * self.size as u32
    }

    /// Puts a `color` stone on `p` without changing the side to move (for set-up positions).
    ///
    /// # Errors
    /// [`PlaceError`] when `p` is off the board or occupied.
    pub fn place(&mut self, p: Point, color: Color) -> Result<(), PlaceError> {
        if !self.contains(p) {
            return Err(PlaceError::OutOfBoard {
                point: p,
                size: self.size,
            });
        }
        if self.cells[p.index()].is_some() {
            return Err(PlaceError::Occupied { point: p });
        }
        self.set_stone(p, color);
        Ok(())
    }

    /// Removes the stone on `p`, if any, without changing the side to move; returns it.
    pub fn remove(&mut self, p: Point) -> Option<Color> {
        let color = if self.contains(p) { self.get(p) } else { None };
        if let Some(color) = color {
            self.clear_stone(p, color);
        }
        color
    }

    /// Plays the side to move's stone on `p` and passes the turn. The caller guarantees that `p`
    /// is on the board and empty (checked only in debug builds): this is the search's fast path.
    #[inline]
    pub fn play_unchecked(&mut self, p: Point) {
        debug_assert!(self.is_empty_at(p), "play_unchecked on {p}");
        self.set_stone(p, self.side);
        self.side = !self.side;
        self.hash ^= zobrist::white_to_move_key();
    }

    /// Takes back the stone on `p` played by [`Board::play_unchecked`] and gives the turn back.
    #[inline]
    pub fn undo_unchecked(&mut self, p: Point) {
        let color = !self.side;
        debug_assert_eq!(self.get(p), Some(color), "undo_unchecked on {p}");
        self.clear_stone(p, color);
        self.side = color;
        self.hash ^= zobrist::white_to_move_key();
    }

    #[inline]
    fn set_stone(&mut self, p: Point, color: Color) {
        self.cells[p.index()] = Some(color);
        self.counts[color.index()] += 1;
        self.hash ^= zobrist::stone_key(color, p);
        let masks = &mut self.masks[color.index()];
        for dir in Direction::ALL {
            let (line, pos) = line_of(p, dir);
            masks[dir.index()][line] |= 1 << pos;
        }
    }

    #[inline]
    fn clear_stone(&mut self, p: Point, color: Color) {
        self.cells[p.index()] = None;
        self.counts[color.index()] -= 1;
        self.hash ^= zobrist::stone_key(color, p);
        let masks = &mut self.masks[color.index()];
        for dir in Direction::ALL {
            let (line, pos) = line_of(p, dir);
            masks[dir.index()][line] &= !(1 << pos);
        }
    }

    /// The stones of the line through `p` in direction `dir`, as bit masks.
    ///
    /// Bit `i` of a mask stands for one point of the line; moving one step along `dir` (see
    /// [`Direction::step`]) moves one bit up. `pos` is the bit of `p` itself, so the point `k`
    /// steps further along is bit `pos + k`. For horizontal and both diagonal lines the bit is the
    /// column; for vertical lines it is the row. `on_board` marks the points of the line that lie
    /// on the board, so edges can be told from empty points.
    #[inline]
    pub fn line_bits(&self, p: Point, dir: Direction) -> LineBits {
        let (line, pos) = line_of(p, dir);
        let size = self.size as i32;
        let (lo, hi) = match dir {
            Direction::Horizontal | Direction::Vertical => (0, size - 1),
            Direction::Diagonal => {
                let k = p.col() as i32 - p.row() as i32;
                (k.max(0), (size - 1).min(size - 1 + k))
            }
            Direction::AntiDiagonal => {
                let k = p.col() as i32 + p.row() as i32;
                ((k - (size - 1)).max(0), (size - 1).min(k))
            }
        };
        let on_board = if hi < lo {
            0
        } else {
            (((1u64 << (hi + 1)) - 1) as u32) & !((1u32 << lo) - 1)
        };
        LineBits {
            black: self.masks[0][dir.index()][line],
            white: self.masks[1][dir.index()][line],
            on_board,
            pos,
        }
    }

    /// The points holding a `color` stone.
    pub fn stones(&self, color: Color) -> PointSet {
        let mut rows = [0u32; MAX_SIZE as usize];
        rows.copy_from_slice(&self.masks[color.index()][0][..MAX_SIZE as usize]);
        PointSet::from_rows(rows)
    }

    /// The points holding a stone of either colour.
    pub fn occupied(&self) -> PointSet {
        let mut rows = [0u32; MAX_SIZE as usize];
        for (r, row) in rows.iter_mut().enumerate() {
            *row = self.masks[0][0][r] | self.masks[1][0][r];
        }
        PointSet::from_rows(rows)
    }

    /// The empty points of the board.
    pub fn empty_points(&self) -> PointSet {
        let full = (1u32 << self.size) - 1;
        let mut rows = [0u32; MAX_SIZE as usize];
        for (r, row) in rows.iter_mut().enumerate().take(self.size as usize) {
            *row = full & !(self.masks[0][0][r] | self.masks[1][0][r]);
        }
        PointSet::from_rows(rows)
    }

    /// The empty points within Chebyshev distance `radius` (a square of side `2 * radius + 1`)
    /// of any stone: the usual candidate moves of a search. Computed with row bit masks, so it
    /// costs a few hundred instructions whatever the position. Empty when the board is empty.
    pub fn neighbourhood(&self, radius: u8) -> PointSet {
        let size = self.size as usize;
        let full = (1u32 << size) - 1;
        let radius = radius.min(MAX_SIZE) as usize;
        let mut occ = [0u32; MAX_SIZE as usize];
        let mut grown = [0u32; MAX_SIZE as usize];
        for r in 0..size {
            let o = self.masks[0][0][r] | self.masks[1][0][r];
            occ[r] = o;
            let mut g = o;
            for k in 1..=radius.min(31) {
                g |= (o << k) | (o >> k);
            }
            grown[r] = g & full;
        }
        let mut rows = [0u32; MAX_SIZE as usize];
        for r in 0..size {
            let lo = r.saturating_sub(radius);
            let hi = (r + radius).min(size - 1);
            let mut m = 0;
            for g in &grown[lo..=hi] {
                m |= g;
            }
            rows[r] = m & !occ[r];
        }
        PointSet::from_rows(rows)
    }

    /// Parses a board diagram: one line per row, the TOP row first; `X`/`x` Black, `O`/`o` White,
    /// `.`, `+`, `-` or `_` empty; any other non-space character (`3`, `4`, `6`, `*`, ...) is an
    /// empty point carrying a mark, returned with the board. Spaces between cells are ignored, and
    /// so are blank lines. The side to move is White when Black has more stones, else Black.
    ///
    /// ```
    /// use gomoku_rules::{Board, Color};
    /// let (board, marks) = Board::parse_diagram(
    ///     ". . . . .
    ///      . X O . .
    ///      . . * . .
    ///      . . . . .
    ///      . . . . .",
    /// ).unwrap();
    /// assert_eq!(board.get("b4".parse().unwrap()), Some(Color::Black));
    /// assert_eq!(marks, vec![("c3".parse().unwrap(), '*')]);
    /// assert_eq!(board.side_to_move(), Color::Black);
    /// ```
    ///
    /// # Errors
    /// [`DiagramError`] when the rows are not all as long as there are rows, or the size is not
    /// supported.
    pub fn parse_diagram(text: &str) -> Result<(Board, Vec<(Point, char)>), DiagramError> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| {
                l.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<Vec<char>>()
            })
            .filter(|r| !r.is_empty())
            .collect();
        let size = rows.len();
        let mut board = Board::new(size as u32).map_err(DiagramError::Size)?;
        let mut marks = Vec::new();
        for (i, cells) in rows.iter().enumerate() {
            if cells.len() != size {
                return Err(DiagramError::RowLength {
                    row: i + 1,
                    len: cells.len(),
                    size,
                });
            }
            let row = (size - 1 - i) as u8;
            for (col, &c) in cells.iter().enumerate() {
                let p = Point::new_unchecked(col as u8, row);
                match c {
                    'X' | 'x' => board.set_stone(p, Color::Black),
                    'O' | 'o' => board.set_stone(p, Color::White),
                    '.' | '+' | '-' | '_' => {}
                    other => marks.push((p, other)),
                }
            }
        }
        if board.stone_count(Color::Black) > board.stone_count(Color::White) {
            board.set_side_to_move(Color::White);
        }
        marks.sort();
        Ok((board, marks))
    }
}

/// Why a board diagram could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DiagramError {
    /// The number of rows is not a supported size.
    #[error("diagram: {0}")]
    Size(BoardSizeError),
    /// A row does not have as many cells as there are rows.
    #[error("diagram row {row} has {len} cells; a {size}x{size} board needs {size}")]
    RowLength {
        /// 1-based row of the diagram, counted from the top.
        row: usize,
        /// Cells found.
        len: usize,
        /// Cells expected.
        size: usize,
    },
}

impl FromStr for Board {
    type Err = DiagramError;
    /// Parses a diagram as [`Board::parse_diagram`] does; marks are read as empty points.
    fn from_str(s: &str) -> Result<Board, DiagramError> {
        Board::parse_diagram(s).map(|(b, _)| b)
    }
}

/// The line index and bit position of `p` in direction `dir`.
#[inline]
fn line_of(p: Point, dir: Direction) -> (usize, u8) {
    let (c, r) = (p.col() as usize, p.row() as usize);
    match dir {
        Direction::Horizontal => (r, c as u8),
        Direction::Vertical => (c, r as u8),
        Direction::Diagonal => (c + MAX_SIZE as usize - 1 - r, c as u8),
        Direction::AntiDiagonal => (c + r, c as u8),
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.side == other.side && self.cells == other.cells
    }
}

impl Eq for Board {}

impl fmt::Display for Board {
    /// A diagram with coordinates on all sides: `X` Black, `O` White, `.` empty, top row first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: String = (0..self.size)
            .map(|c| format!(" {}", column_letter(c)))
            .collect();
        writeln!(f, "  {letters}")?;
        for row in (0..self.size).rev() {
            write!(f, "{:>2} ", row + 1)?;
            for col in 0..self.size {
                let c = match self.get(Point::new_unchecked(col, row)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, "{c} ")?;
            }
            writeln!(f, "{}", row + 1)?;
        }
        write!(f, "  {letters}")
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {0}x{0}, {1} to move", self.size, self.side)?;
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn sizes() {
        assert!(Board::new(4).is_err());
        assert!(Board::new(23).is_err());
        assert!(Board::new(5).is_ok() && Board::new(22).is_ok());
    }

    #[test]
    fn line_bits_follow_the_direction() {
        for size in [5u32, 15, 22] {
            let mut board = Board::new(size).unwrap();
            let s = size as u8;
            for q in Point::all(s) {
                board.place(q, Color::Black).unwrap();
                for q2 in Point::all(s) {
                    for dir in Direction::ALL {
                        let lb = board.line_bits(q2, dir);
                        let (dc, dr) = dir.step();
                        for k in -25i32..25 {
                            let bit = lb.pos as i32 + k;
                            let on = q2.offset(dc * k, dr * k, s);
                            if !(0..32).contains(&bit) {
                                assert!(on.is_none());
                                continue;
                            }
                            assert_eq!(
                                lb.on_board >> bit & 1 == 1,
                                on.is_some(),
                                "{q2} {dir:?} {k}"
                            );
                            assert_eq!(lb.black >> bit & 1 == 1, on == Some(q), "{q2} {dir:?} {k}");
                        }
                    }
                }
                board.remove(q);
            }
        }
    }

    #[test]
    fn neighbourhood_matches_distance() {
        let mut board = Board::new(15).unwrap();
        assert!(board.neighbourhood(2).is_empty());
        for s in ["a1", "h8", "o15", "c13"] {
            board.place(p(s), Color::White).unwrap();
        }
        for radius in 0..4 {
            let fast = board.neighbourhood(radius);
            let slow: PointSet = Point::all(15)
                .filter(|&q| board.get(q).is_none())
                .filter(|&q| board.occupied().iter().any(|s| s.distance(q) <= radius))
                .collect();
            assert_eq!(fast, slow, "radius {radius}");
        }
    }

    #[test]
    fn diagram_round_trip() {
        let mut board = Board::new(7).unwrap();
        board.play_unchecked(p("d4"));
        board.play_unchecked(p("e5"));
        board.play_unchecked(p("a7"));
        let text = board.to_string();
        // The printed diagram carries coordinates; strip them to parse it back.
        let body: String = text
            .lines()
            .skip(1)
            .take(7)
            .map(|l| format!("{}\n", &l[3..l.len() - 1]))
            .collect();
        let back: Board = body.parse().unwrap();
        assert_eq!(back, board);
        assert_eq!(back.hash(), board.hash());
        assert!("X.\n..\n".parse::<Board>().is_err());
        assert!(matches!(
            ".....\n.....\n....\n.....\n.....".parse::<Board>(),
            Err(DiagramError::RowLength { row: 3, .. })
        ));
    }
}
