//! The shapes of every empty point, kept up to date incrementally.

use gomoku_core::{Board, Color, Direction, MAX_CELLS, Point, PointSet, Rule};

use super::shape::Shape;
use super::table::{LineRule, window_key};
use crate::params::{DOUBLE_FOUR_BONUS, FOUR_THREE_BONUS, SHAPE_VALUE, THREE_THREE_BONUS};

/// Points on each side of a new stone whose shapes it can change.
const REACH: i32 = 5;

/// For every empty point and both colours, the [`Shape`] a stone there makes along each of the
/// four lines; the points where each colour makes a five, a four or an open four; and the sum of
/// the point values of each colour (the material of the static evaluation).
///
/// [`Patterns::play`] and [`Patterns::undo`] update only the points within five steps of the
/// stone along its four lines, from precomputed tables.
#[derive(Clone, Debug)]
pub struct Patterns {
    rule: Rule,
    tables: [&'static [u8]; 2],
    /// `shapes[cell][color][dir]`.
    shapes: Box<[[[Shape; 4]; 2]; MAX_CELLS]>,
    /// `values[cell][color]`.
    values: Box<[[i32; 2]; MAX_CELLS]>,
    totals: [i32; 2],
    fives: [PointSet; 2],
    fours: [PointSet; 2],
    open_fours: [PointSet; 2],
    threes: [PointSet; 2],
}

impl Patterns {
    /// The patterns of `board` under `rule`.
    pub fn new(board: &Board, rule: Rule) -> Patterns {
        let mut patterns = Patterns {
            rule,
            tables: [
                LineRule::of(rule, Color::Black).table(),
                LineRule::of(rule, Color::White).table(),
            ],
            shapes: Box::new([[[Shape::None; 4]; 2]; MAX_CELLS]),
            values: Box::new([[0; 2]; MAX_CELLS]),
            totals: [0; 2],
            fives: [PointSet::new(); 2],
            fours: [PointSet::new(); 2],
            open_fours: [PointSet::new(); 2],
            threes: [PointSet::new(); 2],
        };
        patterns.reset(board, rule);
        patterns
    }

    /// Recomputes everything for `board` under `rule`.
    pub fn reset(&mut self, board: &Board, rule: Rule) {
        self.rule = rule;
        self.tables = [
            LineRule::of(rule, Color::Black).table(),
            LineRule::of(rule, Color::White).table(),
        ];
        self.shapes.fill([[Shape::None; 4]; 2]);
        self.values.fill([0; 2]);
        self.totals = [0; 2];
        self.fives = [PointSet::new(); 2];
        self.fours = [PointSet::new(); 2];
        self.open_fours = [PointSet::new(); 2];
        self.threes = [PointSet::new(); 2];
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

    /// Updates after a stone was placed on `p` (`board` holds it).
    #[inline]
    pub fn play(&mut self, board: &Board, p: Point) {
        self.update_around(board, p);
    }

    /// Updates after the stone on `p` was removed (`board` no longer holds it).
    #[inline]
    pub fn undo(&mut self, board: &Board, p: Point) {
        self.update_around(board, p);
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

    /// The value for `color` of a stone on the empty point `p` (0 for occupied points).
    #[inline]
    pub fn value(&self, p: Point, color: Color) -> i32 {
        self.values[p.index()][color.index()]
    }

    /// The sum of the values of all empty points for `color`.
    #[inline]
    pub fn total(&self, color: Color) -> i32 {
        self.totals[color.index()]
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

    fn update_around(&mut self, board: &Board, p: Point) {
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
                        self.shapes[q.index()] = [[Shape::None; 4]; 2];
                        self.update_cell(q);
                    }
                    continue;
                }
                for color in Color::ALL {
                    let own = lb.stones(color);
                    let blocked = lb.stones(!color) | !lb.on_board;
                    let shape = self.line_shape(color, own, blocked, lb.on_board, bit as u8);
                    self.shapes[q.index()][color.index()][dir.index()] = shape;
                }
                self.update_cell(q);
            }
        }
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
        let shape = Shape::from_u8(self.tables[color.index()][window_key(own, blocked, pos)]);
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

    fn update_cell(&mut self, p: Point) {
        let i = p.index();
        for color in Color::ALL {
            let c = color.index();
            let shapes = self.shapes[i][c];
            let mut value = 0;
            let (mut fives, mut fours, mut open_fours, mut threes) = (0, 0, 0, 0);
            for s in shapes {
                value += SHAPE_VALUE[s as usize];
                match s {
                    Shape::Five => fives += 1,
                    Shape::OpenFour => open_fours += 1,
                    Shape::Four => fours += 1,
                    Shape::OpenThree => threes += 1,
                    _ => {}
                }
            }
            let renju_black = self.rule == Rule::Renju && color == Color::Black;
            let any_four = fours + open_fours;
            let double_four = open_fours > 0 || (any_four >= 2 && !renju_black);
            if fives == 0 {
                if double_four {
                    value += DOUBLE_FOUR_BONUS;
                } else if any_four >= 1 && threes >= 1 {
                    value += FOUR_THREE_BONUS;
                } else if threes >= 2 && !renju_black {
                    value += THREE_THREE_BONUS;
                }
            }
            self.totals[c] += value - self.values[i][c];
            self.values[i][c] = value;
            set_membership(&mut self.fives[c], p, fives > 0);
            set_membership(&mut self.fours[c], p, fives + any_four > 0);
            set_membership(&mut self.open_fours[c], p, fives == 0 && double_four);
            set_membership(&mut self.threes[c], p, fives + any_four + threes > 0);
        }
    }
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
