//! The rule sets and their win conditions.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::Board;
use crate::color::Color;
use crate::direction::{Direction, Line};
use crate::point::Point;

/// A rule set: what wins, and (under Renju) which moves Black may not play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Rule {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five wins; an overline (six or more) neither wins nor is illegal.
    Standard,
    /// RIF Renju: Black wins only with exactly five and may not play an overline, a double-four or
    /// a double-three; White has no restrictions and also wins with an overline.
    Renju,
    /// Caro, overlines win (Gomocup rule 8): five or more wins unless the run is blocked by
    /// opponent stones at BOTH ends (the board edge is not a block).
    Caro,
    /// Caro, exactly five (Gomocup rule 9): exactly five wins unless blocked at both ends.
    CaroExactFive,
}

/// An unknown rule name or Gomocup rule code.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown rule \"{0}\" (expected freestyle, standard, renju, caro or caro5; or a Gomocup code 0, 1, 2, 4, 8, 9)"
)]
pub struct ParseRuleError(pub String);

impl Rule {
    /// Every rule.
    pub const ALL: [Rule; 5] = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro,
        Rule::CaroExactFive,
    ];

    /// The short name used in the CLI and in files: `freestyle`, `standard`, `renju`, `caro`,
    /// `caro5`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
            Rule::CaroExactFive => "caro5",
        }
    }

    /// The Gomocup protocol's `INFO rule` value (1 exact five, 4 renju, 8 caro).
    pub fn gomocup_code(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
            Rule::CaroExactFive => 9,
        }
    }

    /// The rule for a Gomocup `INFO rule` value. The bit 2 ("continuous game") is ignored;
    /// Yixin-Board sends 2 for Renju, which is accepted as Renju too.
    pub fn from_gomocup_code(code: u32) -> Option<Rule> {
        match code {
            0 => Some(Rule::Freestyle),
            1 | 3 => Some(Rule::Standard),
            2 | 4..=7 => Some(Rule::Renju),
            8 | 10 => Some(Rule::Caro),
            9 | 11 => Some(Rule::CaroExactFive),
            _ => None,
        }
    }

    /// Whether Black's moves are restricted (Renju).
    #[inline]
    pub fn has_fouls(self) -> bool {
        self == Rule::Renju
    }

    /// Whether a finished run of `len` stones of `color` wins, with `blocked_both` telling whether
    /// opponent stones close it at both ends (edges do not count).
    #[inline]
    pub fn run_wins(self, color: Color, len: u32, blocked_both: bool) -> bool {
        match self {
            Rule::Freestyle => len >= 5,
            Rule::Standard => len == 5,
            Rule::Renju => len == 5 || (len > 5 && color == Color::White),
            Rule::Caro => len >= 5 && !blocked_both,
            Rule::CaroExactFive => len == 5 && !blocked_both,
        }
    }

    /// The winning line made by the stone on `p`, if that stone completes a win under this rule.
    /// Only the lines through `p` are scanned, so this is O(1) per move. Returns the whole run
    /// (five points, or more for a winning overline). `None` when `p` is empty.
    ///
    /// ```
    /// use gomoku_rules::{Board, Rule};
    /// let board: Board = "
    ///     . . . . . . .
    ///     X X X X X X .
    ///     . . . . . . .
    ///     . . . . . . .
    ///     . . . . . . .
    ///     . . . . . . .
    ///     . . . . . . .".parse().unwrap();
    /// let b6 = "b6".parse().unwrap();
    /// assert_eq!(Rule::Freestyle.winning_line(&board, b6).unwrap().len, 6);
    /// assert!(Rule::Standard.winning_line(&board, b6).is_none());
    /// ```
    pub fn winning_line(self, board: &Board, p: Point) -> Option<Line> {
        let color = board.get(p)?;
        let size = board.size();
        for dir in Direction::ALL {
            let (dc, dr) = dir.step();
            let mut back = 0;
            while let Some(q) = p.offset(-dc * (back + 1), -dr * (back + 1), size) {
                if board.get(q) != Some(color) {
                    break;
                }
                back += 1;
            }
            let mut fwd = 0;
            while let Some(q) = p.offset(dc * (fwd + 1), dr * (fwd + 1), size) {
                if board.get(q) != Some(color) {
                    break;
                }
                fwd += 1;
            }
            let len = (back + fwd + 1) as u32;
            if len < 5 {
                continue;
            }
            let blocked = |k: i32| {
                p.offset(dc * k, dr * k, size)
                    .is_some_and(|q| board.get(q) == Some(!color))
            };
            let blocked_both = blocked(-back - 1) && blocked(fwd + 1);
            if self.run_wins(color, len, blocked_both) {
                let start = p.offset(-dc * back, -dr * back, size)?;
                return Some(Line::new(start, dir, len as u8));
            }
        }
        None
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = ParseRuleError;
    /// Accepts the names of [`Rule::name`] (any case, plus aliases `gomoku`, `exact`, `exact5`,
    /// `caro8`, `caro9`) and Gomocup codes.
    fn from_str(s: &str) -> Result<Rule, ParseRuleError> {
        let lower = s.trim().to_ascii_lowercase();
        match lower.as_str() {
            "freestyle" | "free" | "gomoku" => Ok(Rule::Freestyle),
            "standard" | "exact" | "exact5" => Ok(Rule::Standard),
            "renju" => Ok(Rule::Renju),
            "caro" | "caro8" => Ok(Rule::Caro),
            "caro5" | "caro9" | "caro-exact" => Ok(Rule::CaroExactFive),
            _ => lower
                .parse::<u32>()
                .ok()
                .and_then(Rule::from_gomocup_code)
                .ok_or_else(|| ParseRuleError(s.to_string())),
        }
    }
}
