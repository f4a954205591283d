//! `priority`: the rule-of-thumb player of an E-language program.
//!
//! # Definition
//! Every empty point `p` of the board is judged for both colours, one direction at a time, with
//! a stone of that colour imagined on `p`:
//!
//! - **Walk**: from `p` outwards on each side, take the colour's stones, and at most one empty
//!   point per side when another stone of the colour follows it (a gap); stop at anything else.
//!   `stones` = the stones taken plus the one on `p`; `gaps` = the gaps taken (0 to 2). An end
//!   is open when the point after the walk is empty, blocked when it is the edge or an opponent's
//!   stone.
//! - **Direction value** ([`direction_value`]): a five (an unbroken run that wins under the rule,
//!   e.g. exactly five under Standard) is [`FIVE_VALUE`]; an unbroken run of five or more that
//!   does not win is worth 1. Otherwise `8^min(stones, 4) - 8^gaps`, halved (rounding down) when
//!   one end is blocked, and 1 when both are.
//! - **Direction class**: open four (4+ stones, no gap, both ends open), four (4+ stones and one
//!   gap, or no gap and one open end), three (3 stones, at most one gap, both ends open).
//! - **Shape** ([`Shape`]) of the two best direction classes: five; open four; four-four;
//!   four-three; four; double three; three; none. The **score** of the colour on `p` is the sum
//!   of its two best direction values.
//! - **Priority** ([`Level`], from the highest): win now (own five) > block the opponent's five >
//!   own open four or four-four > own four-three > prevent the opponent's open four, four-four or
//!   four-three > own double three > prevent the opponent's double three > quiet. Within a level
//!   the higher `ATTACK_FACTOR.0 * own score + ATTACK_FACTOR.1 * opponent's score` wins, i.e.
//!   `1.25 * attack + defence`; remaining ties go to the lowest point index (bottom row first,
//!   then left to right), so the player is deterministic.
//!
//! **Renju**: the player never chooses a point forbidden to Black; and when the opponent is
//! Black, a point where Black's four-four, four-three or double three would be forbidden
//! ([`gomoku_rules::renju::forbidden`]) is no threat, so it is not "prevented".
//! On an empty board the player takes the centre.

use std::cmp::Reverse;
use std::time::Instant;

use gomoku_rules::{Board, Color, Direction, Point, Rule, renju};

use super::line::LineView;
use super::{best_legal, one_ply_result};
use crate::player::{Limits, Player, SearchInfo, SearchResult};

/// The value of a direction where the stone makes a winning five.
pub const FIVE_VALUE: i64 = 8 * 8 * 8 * 8 * 8;

/// The weights `(attack, defence)` of the own and the opponent's score within a priority level:
/// 5:4, an attack factor of 1.25.
pub const ATTACK_FACTOR: (i64, i64) = (5, 4);

/// The base of the direction values: `BASE^stones - BASE^gaps`.
const BASE: i64 = 8;

/// What one direction through a point makes, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum DirClass {
    None,
    Three,
    Four,
    OpenFour,
    Five,
}

/// The shape a stone makes, from its two best directions; weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shape {
    /// Nothing forcing.
    None,
    /// One open three.
    Three,
    /// Two open threes.
    DoubleThree,
    /// One four.
    Four,
    /// A four and an open three.
    FourThree,
    /// Two fours.
    FourFour,
    /// An open (straight) four.
    OpenFour,
    /// A winning five.
    Five,
}

/// The priority levels of the `priority` player, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Nothing forcing: the score decides.
    Quiet,
    /// Takes the point of the opponent's double three.
    PreventDoubleThree,
    /// Makes a double three.
    DoubleThree,
    /// Takes the point of the opponent's open four, four-four or four-three.
    PreventFour,
    /// Makes a four-three.
    FourThree,
    /// Makes an open four or a four-four.
    WinningFour,
    /// Blocks the opponent's five.
    BlockFive,
    /// Makes a five: wins now.
    Five,
}

/// How much the `priority` player wants a point: the level first, then the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Priority {
    /// The priority level.
    pub level: Level,
    /// `ATTACK_FACTOR.0 * own score + ATTACK_FACTOR.1 * opponent's score`.
    pub score: i64,
}

/// Walks from `view.pos` one way (`step` = 1 or -1): `(stones, gaps, end open)`.
fn walk(view: &LineView, step: i32) -> (u32, u32, bool) {
    let (mut stones, mut gaps) = (0, 0);
    let mut i = view.pos + step;
    loop {
        if view.is_own(i) {
            stones += 1;
        } else if gaps == 0 && view.is_empty(i) && view.is_own(i + step) {
            gaps = 1;
        } else {
            break;
        }
        i += step;
    }
    (stones, gaps, view.is_empty(i))
}

/// The value and class of a `color` stone on `p` along `dir`.
fn analyse(board: &Board, rule: Rule, p: Point, dir: Direction, color: Color) -> (i64, DirClass) {
    let view = LineView::new(board, p, dir, color);
    if view.run_wins(rule, color) {
        return (FIVE_VALUE, DirClass::Five);
    }
    let (lo, hi) = view.run();
    if hi - lo + 1 >= 5 {
        return (1, DirClass::None);
    }
    let (s1, g1, open1) = walk(&view, 1);
    let (s2, g2, open2) = walk(&view, -1);
    let stones = 1 + s1 + s2;
    let gaps = g1 + g2;
    let open = open1 as u32 + open2 as u32;
    let raw = BASE.pow(stones.min(4)) - BASE.pow(gaps);
    let value = match open {
        2 => raw,
        1 => raw / 2,
        _ => 1,
    };
    let class = if stones >= 4 && gaps == 0 && open == 2 {
        DirClass::OpenFour
    } else if stones >= 4 && (gaps == 1 || (gaps == 0 && open >= 1)) {
        DirClass::Four
    } else if stones == 3 && gaps <= 1 && open == 2 {
        DirClass::Three
    } else {
        DirClass::None
    };
    (value, class)
}

/// The `priority` value of a `color` stone on the empty point `p` along `dir` (see the module
/// documentation): [`FIVE_VALUE`] for a five, else `8^stones - 8^gaps`, halved with one end
/// blocked, 1 with both.
pub fn direction_value(board: &Board, rule: Rule, p: Point, dir: Direction, color: Color) -> i64 {
    analyse(board, rule, p, dir, color).0
}

/// The shape and score (sum of the two best direction values) of a `color` stone on `p`.
fn shape_and_score(board: &Board, rule: Rule, p: Point, color: Color) -> (Shape, i64) {
    let mut dirs = Direction::ALL.map(|dir| analyse(board, rule, p, dir, color));
    dirs.sort_by_key(|&(value, class)| Reverse((class, value)));
    let score = dirs[0].0 + dirs[1].0;
    let mut classes = dirs.map(|d| d.1);
    classes.sort_by_key(|&c| Reverse(c));
    let shape = match (classes[0], classes[1]) {
        (DirClass::Five, _) => Shape::Five,
        (DirClass::OpenFour, _) => Shape::OpenFour,
        (DirClass::Four, DirClass::Four) => Shape::FourFour,
        (DirClass::Four, DirClass::Three) => Shape::FourThree,
        (DirClass::Four, _) => Shape::Four,
        (DirClass::Three, DirClass::Three) => Shape::DoubleThree,
        (DirClass::Three, _) => Shape::Three,
        _ => Shape::None,
    };
    (shape, score)
}

/// How much the side to move wants the empty point `p` (see the module documentation).
pub fn priority_of(board: &Board, rule: Rule, p: Point) -> Priority {
    let mover = board.side_to_move();
    let (own, own_score) = shape_and_score(board, rule, p, mover);
    let (opp, opp_score) = shape_and_score(board, rule, p, !mover);
    // Under Renju a Black shape on a point forbidden to Black is no threat.
    let opp_real =
        || !(rule.has_fouls() && !mover == Color::Black && renju::forbidden(board, p).is_some());
    let level = if own == Shape::Five {
        Level::Five
    } else if opp == Shape::Five {
        Level::BlockFive
    } else if matches!(own, Shape::OpenFour | Shape::FourFour) {
        Level::WinningFour
    } else if own == Shape::FourThree {
        Level::FourThree
    } else if matches!(opp, Shape::OpenFour | Shape::FourFour | Shape::FourThree) && opp_real() {
        Level::PreventFour
    } else if own == Shape::DoubleThree {
        Level::DoubleThree
    } else if opp == Shape::DoubleThree && opp_real() {
        Level::PreventDoubleThree
    } else {
        Level::Quiet
    };
    Priority {
        level,
        score: ATTACK_FACTOR.0 * own_score + ATTACK_FACTOR.1 * opp_score,
    }
}

/// The `priority` player (see the module documentation). Deterministic.
#[derive(Clone, Debug, Default)]
pub struct PriorityPlayer;

impl PriorityPlayer {
    /// The `priority` player.
    pub fn new() -> PriorityPlayer {
        PriorityPlayer
    }
}

impl Player for PriorityPlayer {
    fn name(&self) -> String {
        "priority".to_string()
    }

    fn choose(
        &mut self,
        board: &Board,
        rule: Rule,
        _limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let scored: Vec<(Priority, Point)> = if board.total_stones() == 0 {
            vec![(
                Priority {
                    level: Level::Quiet,
                    score: 0,
                },
                Point::center(board.size()),
            )]
        } else {
            board
                .empty_points()
                .iter()
                .map(|q| (priority_of(board, rule, q), q))
                .collect()
        };
        let nodes = scored.len() as u64;
        let best = best_legal(board, rule, scored, |ties| ties[0]);
        let result = one_ply_result(best, nodes, start.elapsed());
        report(&result.info);
        result
    }
}
