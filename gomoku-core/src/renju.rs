//! Renju fouls: the moves Black may not play.
//!
//! Not checked yet: [`forbidden`] reports no foul until the full RIF definition lands
//! (issue "Renju fouls"). The API is final.

use std::fmt;

use crate::board::Board;
use crate::point::Point;

/// Why a Black move is forbidden under Renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// Whether a Black stone on the empty point `p` would be a foul under Renju, and which.
/// (Not checked yet: always `None`.)
pub fn forbidden(board: &Board, p: Point) -> Option<ForbiddenKind> {
    let _ = (board, p);
    None
}
