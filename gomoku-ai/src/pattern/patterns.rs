//! The shapes of every empty point, kept up to date incrementally.

use std::sync::{Arc, OnceLock};

use gomoku_rules::{Board, Color, Direction, MAX_CELLS, Point, PointSet, Rule};

use super::journal::{Change, Journal};
use super::shape::Shape;
use super::table::{LineRule, window_key};
use crate::weights::{COMBOS, Role, RuleWeights, ThreatCounts, combo_index, combo_shapes};

/// `totals[color][k]`: the sums of the point values of each colour in the weights' four tables
/// (to move, waiting, and the same two for the position before the last move).
pub(crate) type Totals = [[i32; 4]; 2];

/// Points on each side of a new stone whose shapes it can change.
const REACH: i32 = 5;

/// A point makes a five.
const FIVE: u8 = 1;
/// A point makes a four or better on some line.
const FOUR: u8 = 2;
/// A point makes two five threats at once (and no five).
const OPEN_FOUR: u8 = 4;
/// A point makes an open three or better on some line.
const THREE: u8 = 8;
/// A point makes a four and an open three on two lines (and no five, no double four).
const FOUR_THREE: u8 = 16;
/// A point makes two open threes and no four (not for Black under Renju: a foul).
const DOUBLE_THREE: u8 = 32;

/// `threat_flags(renju_black)[combo]`: the threat bits of a shape combination.
fn threat_flags(renju_black: bool) -> &'static [u8; COMBOS] {
    static FLAGS: OnceLock<[[u8; COMBOS]; 2]> = OnceLock::new();
    let all = FLAGS.get_or_init(|| {
        let mut out = [[0u8; COMBOS]; 2];
        for (k, (rule, color)) in [(Rule::Freestyle, Color::Black), (Rule::Renju, Color::Black)]
            .into_iter()
            .enumerate()
        {
            for (combo, flags) in out[k].iter_mut().enumerate() {
                let t = ThreatCounts::of(combo_shapes(combo), rule, color);
                let fours = t.fives + t.any_four;
                *flags = if t.fives > 0 { FIVE } else { 0 }
                    | if fours > 0 { FOUR } else { 0 }
                    | if t.fives == 0 && t.double_four {
                        OPEN_FOUR
                    } else {
                        0
                    }
                    | if fours + t.threes > 0 { THREE } else { 0 }
                    | if t.fives == 0 && !t.double_four && t.any_four >= 1 && t.threes >= 1 {
                        FOUR_THREE
                    } else {
                        0
                    }
                    | if t.any_four == 0 && t.threes >= 2 && !t.renju_black {
                        DOUBLE_THREE
                    } else {
                        0
                    };
            }
        }
        out
    });
    &all[usize::from(renju_black)]
}

/// For every empty point and both colours, the [`Shape`] a stone there makes along each of the
/// four lines and their combination; the points where each colour makes a five, a four or an
/// open four; and, from the evaluation weights ([`RuleWeights`]), the value of every point and
/// the sums of the point values of each colour as the side to move and as the side waiting
/// (the material of the static evaluation).
///
/// [`Patterns::play`] and [`Patterns::undo`] update only the points within five steps of the
/// stone along its four lines, from precomputed tables.
#[derive(Clone, Debug)]
pub struct Patterns {
    rule: Rule,
    tables: [&'static [Shape]; 2],
    weights: Arc<RuleWeights>,
    /// The move-ordering values: the hand-set weights of the rule (tactical urgency, which the
    /// fitted evaluation weights do not measure).
    ordering: Arc<RuleWeights>,
    flags: [&'static [u8; COMBOS]; 2],
    /// `shapes[cell][color][dir]`.
    shapes: Box<[[[Shape; 4]; 2]; MAX_CELLS]>,
    /// `combos[cell][color]`: the combination index of the four shapes.
    combos: Box<[[u16; 2]; MAX_CELLS]>,
    totals: Totals,
    fives: [PointSet; 2],
    fours: [PointSet; 2],
    open_fours: [PointSet; 2],
    threes: [PointSet; 2],
    /// `flag_counts[color][k]`: how many points carry threat flag `1 << k` (for the flags kept
    /// as point sets too, a count is cheaper to test for zero than a set).
    flag_counts: [[u16; 6]; 2],
    /// What each move played since the last reset changed, for [`Patterns::undo`].
    journal: Journal,
}

impl Patterns {
    /// The patterns of `board` under `rule`, valued with the default weights of the rule
    /// ([`RuleWeights::default_for`]).
    pub fn new(board: &Board, rule: Rule) -> Patterns {
        Patterns::with_weights(board, RuleWeights::default_for(rule))
    }

    /// The patterns of `board` under the rule of `weights`, valued with them.
    pub fn with_weights(board: &Board, weights: Arc<RuleWeights>) -> Patterns {
        let rule = weights.rule();
        let mut patterns = Patterns {
            rule,
            tables: [
                LineRule::of(rule, Color::Black).table(),
                LineRule::of(rule, Color::White).table(),
            ],
            weights: weights.clone(),
            ordering: RuleWeights::hand_set_for(rule),
            flags: [threat_flags(false); 2],
            shapes: Box::new([[[Shape::None; 4]; 2]; MAX_CELLS]),
            combos: Box::new([[0; 2]; MAX_CELLS]),
            totals: [[0; 4]; 2],
            fives: [PointSet::new(); 2],
            fours: [PointSet::new(); 2],
            open_fours: [PointSet::new(); 2],
            threes: [PointSet::new(); 2],
            flag_counts: [[0; 6]; 2],
            journal: Journal::default(),
        };
        patterns.reset_with(board, weights);
        patterns
    }

    /// Recomputes everything for `board` under `rule` (keeping the weights if they are for
    /// `rule`, else taking the rule's default weights).
    pub fn reset(&mut self, board: &Board, rule: Rule) {
        let weights = if self.weights.rule() == rule {
            self.weights.clone()
        } else {
            RuleWeights::default_for(rule)
        };
        self.reset_with(board, weights);
    }

    /// Recomputes everything for `board` under the rule of `weights`, valued with them.
    pub fn reset_with(&mut self, board: &Board, weights: Arc<RuleWeights>) {
        let rule = weights.rule();
        self.rule = rule;
        self.tables = [
            LineRule::of(rule, Color::Black).table(),
            LineRule::of(rule, Color::White).table(),
        ];
        self.flags = [threat_flags(rule == Rule::Renju), threat_flags(false)];
        self.weights = weights;
        if self.ordering.rule() != rule {
            self.ordering = RuleWeights::hand_set_for(rule);
        }
        self.shapes.fill([[Shape::None; 4]; 2]);
        self.combos.fill([0; 2]);
        self.totals = [[0; 4]; 2];
        self.fives = [PointSet::new(); 2];
        self.fours = [PointSet::new(); 2];
        self.open_fours = [PointSet::new(); 2];
        self.threes = [PointSet::new(); 2];
        self.flag_counts = [[0; 6]; 2];
        self.journal.clear();
        for p in board.empty_points() {
            for dir in Direction::ALL {
                self.update_shapes(board, p, dir);
            }
            self.update_cell(p);
        }
    }

    /// The rule the shapes follow.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Updates after a stone was placed on `p` (`board` holds it), recording what changed so
    /// that [`Patterns::undo`] can restore it.
    #[inline]
    pub fn play(&mut self, board: &Board, p: Point) {
        self.journal.begin(p, self.totals, self.flag_counts);
        self.update_around::<true>(board, p);
    }

    /// Updates after the stone on `p` was removed (`board` no longer holds it). Taking back
    /// the last move played restores what it changed; anything else is recomputed around `p`.
    #[inline]
    pub fn undo(&mut self, board: &Board, p: Point) {
        match self.journal.take_back(p) {
            Some(mark) => {
                while let Some(change) = self.journal.pop_change(&mark) {
                    self.restore(change);
                }
                self.totals = mark.totals;
                self.flag_counts = mark.flag_counts;
            }
            None => self.update_around::<false>(board, p),
        }
    }

    /// Puts back the value a change replaced (the totals and flag counts are restored whole).
    #[inline]
    fn restore(&mut self, change: Change) {
        match change {
            Change::Shape {
                cell,
                color,
                dir,
                old,
            } => self.shapes[cell.index()][usize::from(color)][usize::from(dir)] = old,
            Change::Combo {
                cell,
                color,
                old_combo,
            } => {
                let (i, c) = (cell.index(), usize::from(color));
                let current = self.combos[i][c] as usize;
                self.combos[i][c] = old_combo;
                let (old_flags, current_flags) =
                    (self.flags[c][old_combo as usize], self.flags[c][current]);
                if old_flags != current_flags {
                    self.set_flag_sets(cell, c, old_flags);
                }
            }
        }
    }

    /// The shape a `color` stone on the empty point `p` makes along `dir`.
    #[inline]
    pub fn shape(&self, p: Point, color: Color, dir: Direction) -> Shape {
        self.shapes[p.index()][color.index()][dir.index()]
    }

    /// The shapes a `color` stone on `p` makes along the four directions.
    #[inline]
    pub fn shapes(&self, p: Point, color: Color) -> [Shape; 4] {
        self.shapes[p.index()][color.index()]
    }

    /// The weights that value the points.
    pub fn weights(&self) -> &Arc<RuleWeights> {
        &self.weights
    }

    /// The combination index ([`crate::weights::combo_index`]) of the shapes a `color` stone
    /// on `p` makes (0 for occupied points).
    #[inline]
    pub fn combo(&self, p: Point, color: Color) -> usize {
        self.combos[p.index()][color.index()] as usize
    }

    /// The move-ordering value for `color` of a stone on the empty point `p` (0 for occupied
    /// points): its value under the rule's hand-set weights ([`RuleWeights::hand_set`]), which
    /// rank threats by urgency whatever the evaluation weights.
    #[inline]
    pub fn value(&self, p: Point, color: Color) -> i32 {
        let combo = self.combos[p.index()][color.index()] as usize;
        self.ordering.value(color, Role::ToMove, combo)
    }

    /// The sum of the values of all empty points for `color` as the side to move.
    #[inline]
    pub fn total(&self, color: Color) -> i32 {
        self.totals[color.index()][0]
    }

    /// The sum of the values of all empty points for `color` as the side waiting.
    #[inline]
    pub fn waiting_total(&self, color: Color) -> i32 {
        self.totals[color.index()][1]
    }

    /// The sums of the point values of both colours in all four tables of the weights (see
    /// [`crate::weights::RuleWeights::before_value`]), `[color][k]`: to move, waiting, and the
    /// two tables of the position before the last move.
    #[inline]
    pub(crate) fn totals(&self) -> Totals {
        self.totals
    }

    /// The newest move still journaled and [`Patterns::totals`] as they were before it (the
    /// position one move back); `None` when nothing is journaled.
    #[inline]
    pub(crate) fn previous_totals(&self) -> Option<(Point, Totals)> {
        self.journal.last_mark().map(|m| (m.point, m.totals))
    }

    /// The empty points where `color` completes a winning five.
    #[inline]
    pub fn fives(&self, color: Color) -> &PointSet {
        &self.fives[color.index()]
    }

    /// The empty points where `color` makes a four or better (a five threat) on some line.
    #[inline]
    pub fn fours(&self, color: Color) -> &PointSet {
        &self.fours[color.index()]
    }

    /// The empty points where `color` makes two five threats at once (an open four, or two
    /// fours; for Black under Renju only an open four on one line, since a 4-4 is a foul).
    #[inline]
    pub fn open_fours(&self, color: Color) -> &PointSet {
        &self.open_fours[color.index()]
    }

    /// The empty points where `color` makes an open three or better on some line.
    #[inline]
    pub fn threes(&self, color: Color) -> &PointSet {
        &self.threes[color.index()]
    }

    /// A point where `color` makes a four and an open three on two lines at once (no five, no
    /// double four), if there is one.
    pub fn four_three_point(&self, color: Color) -> Option<Point> {
        self.flagged_point(color, FOUR_THREE, &self.fours[color.index()])
    }

    /// A point where `color` makes two open threes and no four, if there is one (never for
    /// Black under Renju, where it is a foul).
    pub fn double_three_point(&self, color: Color) -> Option<Point> {
        self.flagged_point(color, DOUBLE_THREE, &self.threes[color.index()])
    }

    /// A point of `within` whose combination for `color` carries threat flag `flag`.
    fn flagged_point(&self, color: Color, flag: u8, within: &PointSet) -> Option<Point> {
        let c = color.index();
        if self.flag_counts[c][flag.trailing_zeros() as usize] == 0 {
            return None;
        }
        within
            .iter()
            .find(|p| self.flags[c][self.combos[p.index()][c] as usize] & flag != 0)
    }

    /// The threat situation of the position with `side` to move, as an index below
    /// [`THREAT_MASKS`]: which kinds of threat points (an open four, a four-three, a four, a
    /// double three, an open three) each side has (see [`threat_mask_key`]).
    #[inline]
    pub fn threat_mask(&self, side: Color) -> usize {
        self.side_threats(side) | self.side_threats(!side) << 5
    }

    #[inline]
    fn side_threats(&self, color: Color) -> usize {
        let n = &self.flag_counts[color.index()];
        let has = |flag: u8| usize::from(n[flag.trailing_zeros() as usize] > 0);
        has(OPEN_FOUR)
            | has(FOUR_THREE) << 1
            | has(FOUR) << 2
            | has(DOUBLE_THREE) << 3
            | has(THREE) << 4
    }

    /// Brings the shapes of the points within reach of `p` up to date with `board` (and what
    /// derives from them), journaling each change when `RECORD`.
    fn update_around<const RECORD: bool>(&mut self, board: &Board, p: Point) {
        let size = board.size();
        for dir in Direction::ALL {
            let lb = board.line_bits(p, dir);
            let (dc, dr) = dir.step();
            let occupied = lb.black | lb.white;
            for k in -REACH..=REACH {
                let bit = lb.pos as i32 + k;
                if !(0..32).contains(&bit) || lb.on_board >> bit & 1 == 0 {
                    continue;
                }
                let q = Point::new_unchecked(
                    (p.col() as i32 + dc * k) as u8,
                    (p.row() as i32 + dr * k) as u8,
                );
                debug_assert!(q.is_on(size));
                if occupied >> bit & 1 == 1 {
                    if k == 0 {
                        for color in Color::ALL {
                            for d in Direction::ALL {
                                self.set_shape::<RECORD>(q, color, d, Shape::None);
                            }
                            self.update_cell_color::<RECORD>(q, color);
                        }
                    }
                    continue;
                }
                for color in Color::ALL {
                    let own = lb.stones(color);
                    let blocked = lb.stones(!color) | !lb.on_board;
                    let shape = self.line_shape(color, own, blocked, lb.on_board, bit as u8);
                    let changed = self.set_shape::<RECORD>(q, color, dir, shape);
                    // The point itself changed whatever its shapes: it was occupied or empty.
                    if changed || k == 0 {
                        self.update_cell_color::<RECORD>(q, color);
                    }
                }
            }
        }
    }

    /// Sets the shape of `q` for `color` along `dir`; whether it changed.
    #[inline]
    fn set_shape<const RECORD: bool>(
        &mut self,
        q: Point,
        color: Color,
        dir: Direction,
        shape: Shape,
    ) -> bool {
        let slot = &mut self.shapes[q.index()][color.index()][dir.index()];
        let old = *slot;
        if old == shape {
            return false;
        }
        *slot = shape;
        if RECORD {
            self.journal.record(Change::Shape {
                cell: q,
                color: color.index() as u8,
                dir: dir.index() as u8,
                old,
            });
        }
        true
    }

    fn update_shapes(&mut self, board: &Board, p: Point, dir: Direction) {
        let lb = board.line_bits(p, dir);
        for color in Color::ALL {
            let own = lb.stones(color);
            let blocked = lb.stones(!color) | !lb.on_board;
            let shape = self.line_shape(color, own, blocked, lb.on_board, lb.pos);
            self.shapes[p.index()][color.index()][dir.index()] = shape;
        }
    }

    #[inline]
    fn line_shape(&self, color: Color, own: u32, blocked: u32, on_board: u32, pos: u8) -> Shape {
        let shape = self.tables[color.index()][window_key(own, blocked, pos)];
        if matches!(self.rule, Rule::Caro | Rule::CaroExactFive) {
            caro_five(self.rule, own, blocked & on_board, pos).map_or(shape, |five| {
                if five {
                    Shape::Five
                } else if shape == Shape::Five {
                    Shape::None
                } else {
                    shape
                }
            })
        } else {
            shape
        }
    }

    #[inline]
    fn update_cell(&mut self, p: Point) {
        for color in Color::ALL {
            self.update_cell_color::<false>(p, color);
        }
    }

    /// Brings the combination, value, totals and threat sets of `p` for `color` in line with
    /// its shapes. Everything derived depends only on the combination, so an unchanged one
    /// leaves it all as it is. The old combination and value are journaled when `RECORD`.
    #[inline]
    fn update_cell_color<const RECORD: bool>(&mut self, p: Point, color: Color) {
        let i = p.index();
        let c = color.index();
        let combo = combo_index(self.shapes[i][c]);
        let old = self.combos[i][c] as usize;
        if combo == old {
            return;
        }
        let new = self.weights.values(color, combo);
        let old_values = self.weights.values(color, old);
        for ((total, n), o) in self.totals[c].iter_mut().zip(new).zip(old_values) {
            *total += n - o;
        }
        if RECORD {
            self.journal.record(Change::Combo {
                cell: p,
                color: c as u8,
                old_combo: old as u16,
            });
        }
        self.combos[i][c] = combo as u16;
        let (new_flags, old_flags) = (self.flags[c][combo], self.flags[c][old]);
        if new_flags != old_flags {
            self.set_flag_sets(p, c, new_flags);
            for (k, count) in self.flag_counts[c].iter_mut().enumerate() {
                *count = *count + u16::from(new_flags >> k & 1) - u16::from(old_flags >> k & 1);
            }
        }
    }

    /// Puts `p` in the threat sets of colour index `c` that its threat `flags` name, and takes
    /// it out of the others.
    #[inline]
    fn set_flag_sets(&mut self, p: Point, c: usize, flags: u8) {
        set_membership(&mut self.fives[c], p, flags & FIVE != 0);
        set_membership(&mut self.fours[c], p, flags & FOUR != 0);
        set_membership(&mut self.open_fours[c], p, flags & OPEN_FOUR != 0);
        set_membership(&mut self.threes[c], p, flags & THREE != 0);
    }
}

/// The number of threat situations ([`Patterns::threat_mask`]).
pub const THREAT_MASKS: usize = 1 << 10;

/// The names of the threat kinds of one side, in the bit order of [`Patterns::threat_mask`].
const THREAT_KINDS: [&str; 5] = ["open-four", "four-three", "four", "double-three", "three"];

/// A readable name of threat situation `mask` (e.g. `own:four+three/other:none`): the kinds of
/// threat point the side to move (`own`) and the waiting side (`other`) have.
pub fn threat_mask_key(mask: usize) -> String {
    let side = |bits: usize| {
        let names: Vec<&str> = THREAT_KINDS
            .iter()
            .enumerate()
            .filter(|&(k, _)| bits >> k & 1 == 1)
            .map(|(_, &n)| n)
            .collect();
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join("+")
        }
    };
    format!("own:{}/other:{}", side(mask & 31), side(mask >> 5 & 31))
}

#[inline]
fn set_membership(set: &mut PointSet, p: Point, member: bool) {
    if member {
        set.insert(p);
    } else {
        set.remove(p);
    }
}

/// Under caro, whether a stone at bit `pos` makes a run of five or more that wins (`None` when
/// the run through it is shorter than five). `opponent` holds only real stones: the edge does
/// not block a caro five.
fn caro_five(rule: Rule, own: u32, opponent: u32, pos: u8) -> Option<bool> {
    let own = own | 1 << pos;
    let mut lo = pos as i32;
    while lo > 0 && own >> (lo - 1) & 1 == 1 {
        lo -= 1;
    }
    let mut hi = pos as i32;
    while hi < 31 && own >> (hi + 1) & 1 == 1 {
        hi += 1;
    }
    let len = (hi - lo + 1) as u32;
    if len < 5 {
        return None;
    }
    let blocked_lo = lo > 0 && opponent >> (lo - 1) & 1 == 1;
    let blocked_hi = hi < 31 && opponent >> (hi + 1) & 1 == 1;
    Some(rule.run_wins(Color::Black, len, blocked_lo && blocked_hi))
}
