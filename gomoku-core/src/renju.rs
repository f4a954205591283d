//! Renju fouls: the moves Black may not play (RIF rules).
//!
//! A Black move is checked in this order:
//! 1. a move that makes exactly five is never forbidden (it wins), whatever else it makes;
//! 2. six or more in a row is an [`ForbiddenKind::Overline`];
//! 3. two or more fours, also two on one line (`X_XXX_X`, `XX_XX_XX`, `XXX_X_XXX`), are a
//!    [`ForbiddenKind::DoubleFour`];
//! 4. two or more threes are a [`ForbiddenKind::DoubleThree`], where a three only counts if
//!    one of the moves that turn it into a straight four is itself legal for Black (RIF 9.3),
//!    which is decided by these same rules, recursively, and makes no five on any line: a
//!    move that completes a five does not make a straight four, as the Piskvork judge (the
//!    referee of Piskvork-run Renju tournaments) and Rapfi count it. So a 3-3 or a 4-3-3 that
//!    needs such a three is legal.
//!
//! Each line through the point is read from a precomputed table ([`LineShape`], see
//! [`line_shape`]); only a point with two or more threes needs the recursion of step 4, which
//! places stones on a scratch copy of the board.
//!
//! ```
//! use gomoku_rules::{Board, renju::{self, ForbiddenKind}};
//! let board: Board = "
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . X . . . .
//!     . . . . X . . . .
//!     . . X X . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .".parse().unwrap();
//! let e5 = "e5".parse().unwrap();
//! assert_eq!(renju::forbidden(&board, e5), Some(ForbiddenKind::DoubleThree));
//! assert_eq!(renju::forbidden_points(&board).iter().collect::<Vec<_>>(), [e5]);
//! ```

mod line_shape;

use std::fmt;

use crate::board::Board;
use crate::color::Color;
use crate::direction::Direction;
use crate::point::{MAX_SIZE, Point};
use crate::point_set::PointSet;

pub use line_shape::{LineShape, line_shape};

/// Why a Black move is forbidden under Renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ForbiddenKind {
    /// The move makes two or more open threes at once (a 3-3).
    DoubleThree,
    /// The move makes two or more fours at once (a 4-4), possibly on one line.
    DoubleFour,
    /// The move makes six or more in a row.
    Overline,
}

impl fmt::Display for ForbiddenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ForbiddenKind::DoubleThree => "double three (3-3)",
            ForbiddenKind::DoubleFour => "double four (4-4)",
            ForbiddenKind::Overline => "overline",
        })
    }
}

/// Whether a Black stone on the empty point `p` would be a foul under Renju, and which. The
/// board's side to move does not matter. `None` for a legal move, and also when `p` is off the
/// board or occupied (there is no move to judge).
///
/// Costs four table look-ups, plus the RIF 9.3 recursion when the move makes two or more
/// threes.
pub fn forbidden(board: &Board, p: Point) -> Option<ForbiddenKind> {
    if !board.is_empty_at(p) {
        return None;
    }
    let shapes = shapes_at(board, p);
    match verdict(&shapes) {
        Verdict::Decided(foul) => foul,
        Verdict::ThreesToCheck => double_three(&mut board.clone(), p, &shapes),
    }
}

/// Every empty point where a Black stone would be a foul under Renju (whoever is to move).
///
/// ```
/// use gomoku_rules::{Board, renju};
/// assert!(renju::forbidden_points(&Board::new(15).unwrap()).is_empty());
/// ```
pub fn forbidden_points(board: &Board) -> PointSet {
    let mut fouls = PointSet::new();
    if board.stone_count(Color::Black) < MIN_BLACK_STONES_FOR_A_FOUL {
        return fouls;
    }
    // One scratch copy for every recursion of the scan: `double_three` restores it.
    let mut scratch: Option<Board> = None;
    for p in foul_candidates(board) {
        let shapes = shapes_at(board, p);
        let foul = match verdict(&shapes) {
            Verdict::Decided(foul) => foul,
            Verdict::ThreesToCheck => {
                double_three(scratch.get_or_insert_with(|| board.clone()), p, &shapes)
            }
        };
        if foul.is_some() {
            fouls.insert(p);
        }
    }
    fouls
}

/// Whether a Black stone on `p` makes exactly five in some direction (a Renju win for Black).
pub fn makes_five(board: &Board, p: Point) -> bool {
    Direction::ALL
        .iter()
        .any(|&dir| line_shape(board, p, dir).is_five())
}

/// The points whose occupation, by a stone of either colour, may change whether a Black stone
/// on the empty point `p` is forbidden ([`forbidden`]): the points of the four lines through
/// `p` within five of it (every shape of `p` lies there), and, when `p` makes two or more
/// threes so that RIF 9.3 decides, the same zone of every straight-four move of those threes
/// (with `p` played), recursively. One stone anywhere else leaves the verdict as it is. Only
/// empty points other than `p` are listed; empty when `p` is off the board or occupied.
///
/// A threat solver uses it to find every defence against a line that needs some Black move
/// to be legal (or forbidden): a distant stone can change a foul through the recursion.
///
/// ```
/// use gomoku_rules::{Board, renju};
/// let board: Board = "
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .".parse().unwrap();
/// // Nothing to recurse into: the lines through d4, as far as the edges.
/// assert_eq!(renju::foul_zone(&board, "d4".parse().unwrap()).len(), 24);
/// ```
pub fn foul_zone(board: &Board, p: Point) -> PointSet {
    let mut zone = PointSet::new();
    if !board.is_empty_at(p) {
        return zone;
    }
    add_foul_zone(&mut board.clone(), p, &mut zone);
    zone.remove(p);
    zone.intersection(&board.empty_points())
}

/// How far along a line a stone can change what a Black stone makes there: a five or four
/// through the point lies within four points, and the point beyond tells five from overline.
const SHAPE_REACH: i32 = 5;

/// Adds to `zone` the foul zone of the empty point `p` of `board` (see [`foul_zone`]); plays on
/// `board` and restores it.
fn add_foul_zone(board: &mut Board, p: Point, zone: &mut PointSet) {
    let size = board.size();
    for dir in Direction::ALL {
        let (dc, dr) = dir.step();
        for k in (-SHAPE_REACH..=SHAPE_REACH).filter(|&k| k != 0) {
            if let Some(q) = p.offset(dc * k, dr * k, size) {
                zone.insert(q);
            }
        }
    }
    let shapes = shapes_at(board, p);
    if !matches!(verdict(&shapes), Verdict::ThreesToCheck) {
        return;
    }
    if board.place(p, Color::Black).is_err() {
        return;
    }
    for (dir, shape) in Direction::ALL.into_iter().zip(&shapes) {
        for q in shape.straight_four_moves(p, dir, size) {
            add_foul_zone(board, q, zone);
        }
    }
    board.remove(p);
}

/// The fewest Black stones already on the board for any foul: a double-three needs two more
/// stones on each of two lines, the double-four `X_XXX_X` four more on one line.
const MIN_BLACK_STONES_FOR_A_FOUL: u32 = 4;

/// How far from a foul point the nearest Black stone can be, along any line: every foul needs a
/// Black stone within four points (a three or a four lies within four points of the move, and an
/// overline has a stone next to it).
const FOUL_REACH: u32 = 4;

/// The empty points within [`FOUL_REACH`] (Chebyshev distance) of a Black stone: the only
/// points that can be fouls. A few hundred bit operations, cheaper than classifying the rest.
fn foul_candidates(board: &Board) -> PointSet {
    let size = board.size() as usize;
    let black = board.stones(Color::Black);
    let mut grown = [0u32; MAX_SIZE as usize];
    for (row, g) in grown.iter_mut().enumerate().take(size) {
        let m = black.row_mask(row as u8);
        let mut wide = m;
        for k in 1..=FOUL_REACH {
            wide |= (m << k) | (m >> k);
        }
        *g = wide;
    }
    let reach = FOUL_REACH as usize;
    let mut rows = [0u32; MAX_SIZE as usize];
    for (row, out) in rows.iter_mut().enumerate().take(size) {
        let lo = row.saturating_sub(reach);
        let hi = (row + reach).min(size - 1);
        *out = grown[lo..=hi].iter().fold(0, |acc, g| acc | g);
    }
    PointSet::from_rows(rows).intersection(&board.empty_points())
}

/// The shapes of the four lines through `p`, in [`Direction::ALL`] order.
#[inline]
fn shapes_at(board: &Board, p: Point) -> [LineShape; 4] {
    line_shape::line_shapes(board, p)
}

/// What the shapes alone say about a move.
enum Verdict {
    /// Legal (`None`) or this foul, without looking further.
    Decided(Option<ForbiddenKind>),
    /// Two or more threes whose straight-four moves must be checked (RIF 9.3).
    ThreesToCheck,
}

#[inline]
fn verdict(shapes: &[LineShape; 4]) -> Verdict {
    if shapes.iter().any(|s| s.is_five()) {
        return Verdict::Decided(None);
    }
    if shapes.iter().any(|s| s.is_overline()) {
        return Verdict::Decided(Some(ForbiddenKind::Overline));
    }
    if shapes.iter().map(|s| s.fours()).sum::<u8>() >= 2 {
        return Verdict::Decided(Some(ForbiddenKind::DoubleFour));
    }
    if shapes.iter().filter(|s| s.is_three()).count() < 2 {
        return Verdict::Decided(None);
    }
    Verdict::ThreesToCheck
}

/// Whether the move `p` (empty on `board`), whose lines have `shapes` with two or more threes,
/// makes two threes that count: threes with a straight-four move that is legal for Black once
/// `p` is played and makes no five elsewhere (a move that completes a five makes no straight
/// four). Plays on `board` and restores it.
fn double_three(board: &mut Board, p: Point, shapes: &[LineShape; 4]) -> Option<ForbiddenKind> {
    let placed = board.place(p, Color::Black);
    debug_assert!(placed.is_ok(), "double_three on the occupied point {p}");
    if placed.is_err() {
        return None;
    }
    let size = board.size();
    let mut unchecked = shapes.iter().filter(|s| s.is_three()).count();
    let mut threes = 0;
    for (dir, shape) in Direction::ALL.into_iter().zip(shapes) {
        if !shape.is_three() {
            continue;
        }
        unchecked -= 1;
        if shape
            .straight_four_moves(p, dir, size)
            .any(|q| makes_a_real_straight_four(board, q))
        {
            threes += 1;
        }
        if threes >= 2 || threes + unchecked < 2 {
            break;
        }
    }
    board.remove(p);
    (threes >= 2).then_some(ForbiddenKind::DoubleThree)
}

/// Whether a Black stone on `q`, a straight-four move of a three, really makes that straight
/// four: it is legal for Black ([`forbidden`] on a scratch board that the recursion may play on
/// and restores) and completes no five on any line (a five is not a straight four).
fn makes_a_real_straight_four(board: &mut Board, q: Point) -> bool {
    let shapes = shapes_at(board, q);
    if shapes.iter().any(|s| s.is_five()) {
        return false;
    }
    match verdict(&shapes) {
        Verdict::Decided(foul) => foul.is_none(),
        Verdict::ThreesToCheck => double_three(board, q, &shapes).is_none(),
    }
}
