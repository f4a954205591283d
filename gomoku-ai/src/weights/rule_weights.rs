//! The point-value tables of one rule: what each shape combination is worth, per colour, for
//! the side to move and for the side waiting.

use std::sync::{Arc, OnceLock};

use gomoku_rules::{Color, Rule};

use super::combo::{COMBOS, combo_shapes};
use crate::params::{
    DOUBLE_FOUR_BONUS, FOUR_THREE_BONUS, SHAPE_VALUE, TEMPO_EIGHTHS, THREE_THREE_BONUS,
};
use crate::pattern::{Shape, THREAT_MASKS};

/// Whose point a value counts: the side to move's own points, or the waiting side's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The points of the side to move (it can play there next).
    ToMove = 0,
    /// The points of the side that just moved (the side to move can still take them away).
    Waiting = 1,
}

impl Role {
    /// Both roles.
    pub const ALL: [Role; 2] = [Role::ToMove, Role::Waiting];

    /// The name in weights files: `to_move` or `waiting`.
    pub fn key(self) -> &'static str {
        match self {
            Role::ToMove => "to_move",
            Role::Waiting => "waiting",
        }
    }
}

/// The evaluation weights of one rule. The value of an empty point for a colour is looked up by
/// the combination of the four line shapes a stone of that colour makes there
/// ([`super::combo_index`]), in the table of that colour and role; the static evaluation of a
/// position is `(sum of the side to move's to-move values) * tempo_eighths / 8 - (sum of the
/// opponent's waiting values) + threat value`, where the threat value is looked up by the
/// side to move's colour and the threat situation
/// ([`crate::pattern::Patterns::threat_mask`]): what kinds of threat points each side has,
/// whose worth together is not the sum of the points' values (a double three for the side to
/// move wins when the opponent has no four; the same for the waiting side only threatens).
/// Combination 0 (nothing on any line) is always worth 0: it is also the combination of every
/// occupied point.
///
/// Weights may also value the position before the last move ([`RuleWeights::before_value`]):
/// the evaluation then subtracts that position's own material, with the tables of the
/// position before, from the point of view of the side that was to move there (the side now
/// waiting). What the last move changed tells how the search from here is likely to go: a
/// fit to a strong engine's search scores predicts them better with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleWeights {
    rule: Rule,
    tempo_eighths: i32,
    /// `values[color][combo][k]`: `k` 0 and 1 are the to-move and waiting values, 2 and 3 the
    /// same for the position before the last move.
    values: Box<[[[i32; 4]; COMBOS]; 2]>,
    /// Whether the tables of the position before the last move are in use.
    has_before: bool,
    /// `threats[side to move][threat mask]`.
    threats: Box<[[i32; THREAT_MASKS]; 2]>,
    /// Move-ordering values, if fitted: `moves[side to move][combo][part]`.
    moves: Option<Box<[[[i32; 2]; COMBOS]; 2]>>,
}

/// Which part of a move's ordering value a combination gives (see [`RuleWeights::move_value`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MovePart {
    /// The combination the mover's own stone makes on the point.
    Attack = 0,
    /// The combination an opponent's stone would make there (what the move takes away).
    Defence = 1,
}

impl MovePart {
    /// Both parts.
    pub const ALL: [MovePart; 2] = [MovePart::Attack, MovePart::Defence];

    /// The name in weights files: `attack` or `defence`.
    pub fn key(self) -> &'static str {
        match self {
            MovePart::Attack => "attack",
            MovePart::Defence => "defence",
        }
    }
}

impl RuleWeights {
    /// All-zero weights for `rule` (tempo 8/8).
    pub fn zero(rule: Rule) -> RuleWeights {
        RuleWeights {
            rule,
            tempo_eighths: 8,
            values: Box::new([[[0; 4]; COMBOS]; 2]),
            has_before: false,
            threats: Box::new([[0; THREAT_MASKS]; 2]),
            moves: None,
        }
    }

    /// The hand-set weights (the constants of [`crate::params`]): a point is worth the sum of
    /// its line shapes' values plus a bonus for a double four, a four-three or a double three
    /// (not for Black's fouls under Renju), the same for both roles, with the side to move's
    /// total counting [`TEMPO_EIGHTHS`] eighths.
    pub fn hand_set(rule: Rule) -> RuleWeights {
        let mut w = RuleWeights::zero(rule);
        w.tempo_eighths = TEMPO_EIGHTHS;
        for color in Color::ALL {
            for combo in 1..COMBOS {
                let v = hand_set_value(rule, color, combo_shapes(combo));
                for role in Role::ALL {
                    w.set_value(color, role, combo, v);
                }
            }
        }
        w
    }

    /// [`RuleWeights::hand_set`] of `rule`, built once.
    pub fn hand_set_for(rule: Rule) -> Arc<RuleWeights> {
        static HAND_SET: OnceLock<Vec<Arc<RuleWeights>>> = OnceLock::new();
        HAND_SET
            .get_or_init(|| {
                Rule::ALL
                    .iter()
                    .map(|&r| Arc::new(RuleWeights::hand_set(r)))
                    .collect()
            })
            .iter()
            .find(|w| w.rule == rule)
            .cloned()
            .unwrap_or_else(|| Arc::new(RuleWeights::hand_set(rule)))
    }

    /// The weights the engine uses by default for `rule`: the tuned ones compiled into the
    /// library where there are some (see [`super::DEFAULT_WEIGHTS_JSON`]), else the hand-set
    /// ones. Built once.
    pub fn default_for(rule: Rule) -> Arc<RuleWeights> {
        static DEFAULTS: OnceLock<Vec<Arc<RuleWeights>>> = OnceLock::new();
        let all = DEFAULTS.get_or_init(|| {
            let tuned = super::EvalWeights::compiled_in();
            Rule::ALL
                .iter()
                .map(|&r| {
                    tuned
                        .as_ref()
                        .ok()
                        .and_then(|t| t.get(r).cloned())
                        .unwrap_or_else(|| RuleWeights::hand_set_for(r))
                })
                .collect()
        });
        all.iter()
            .find(|w| w.rule == rule)
            .cloned()
            .unwrap_or_else(|| Arc::new(RuleWeights::hand_set(rule)))
    }

    /// The rule these weights are for.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// How many eighths the side to move's total counts.
    pub fn tempo_eighths(&self) -> i32 {
        self.tempo_eighths
    }

    /// Sets how many eighths the side to move's total counts.
    pub fn set_tempo_eighths(&mut self, eighths: i32) {
        self.tempo_eighths = eighths;
    }

    /// The value of combination `combo` for a `color` point in `role`.
    #[inline]
    pub fn value(&self, color: Color, role: Role, combo: usize) -> i32 {
        self.values[color.index()][combo][role as usize]
    }

    /// The values of combination `combo` for a `color` point: `[to_move, waiting,
    /// before_to_move, before_waiting]` (the last two 0 without [`RuleWeights::has_before_values`]).
    #[inline]
    pub(crate) fn values(&self, color: Color, combo: usize) -> [i32; 4] {
        self.values[color.index()][combo]
    }

    /// The value of combination `combo` for a `color` point in `role` in the position before
    /// the last move (see [`RuleWeights`]).
    #[inline]
    pub fn before_value(&self, color: Color, role: Role, combo: usize) -> i32 {
        self.values[color.index()][combo][2 + role as usize]
    }

    /// Sets [`RuleWeights::before_value`] (combination 0 stays 0, and out-of-range indexes
    /// are ignored); the evaluation uses these tables from then on.
    pub fn set_before_value(&mut self, color: Color, role: Role, combo: usize, value: i32) {
        self.has_before = true;
        if (1..COMBOS).contains(&combo) {
            self.values[color.index()][combo][2 + role as usize] = value;
        }
    }

    /// Whether the evaluation subtracts the material of the position before the last move.
    #[inline]
    pub fn has_before_values(&self) -> bool {
        self.has_before
    }

    /// The value of threat situation `mask` with `side` to move (see
    /// [`crate::pattern::Patterns::threat_mask`]; 0 for an index out of range).
    #[inline]
    pub fn threat(&self, side: Color, mask: usize) -> i32 {
        self.threats[side.index()].get(mask).copied().unwrap_or(0)
    }

    /// Sets the value of threat situation `mask` with `side` to move (out-of-range indexes are
    /// ignored).
    pub fn set_threat(&mut self, side: Color, mask: usize, value: i32) {
        if let Some(v) = self.threats[side.index()].get_mut(mask) {
            *v = value;
        }
    }

    /// Whether any threat situation has a value.
    pub fn has_threats(&self) -> bool {
        self.threats.iter().flatten().any(|&v| v != 0)
    }

    /// The move-ordering value of a point for `side` to move where its own stone makes
    /// combination `own` and an opponent's would make `theirs`, if these weights have fitted
    /// move values ([`RuleWeights::has_move_values`]); the search then orders its moves by it
    /// instead of the hand-set point values. In the units of the evaluation, like the history
    /// and killer bonuses it is added to.
    #[inline]
    pub fn move_value(&self, side: Color, own: usize, theirs: usize) -> Option<i32> {
        let table = self.moves.as_ref()?;
        let t = &table[side.index()];
        Some(t.get(own).map_or(0, |v| v[0]) + t.get(theirs).map_or(0, |v| v[1]))
    }

    /// The move-ordering value `part` of combination `combo` for `side` to move (0 without
    /// move values or for an index out of range).
    pub fn move_part(&self, side: Color, part: MovePart, combo: usize) -> i32 {
        self.moves
            .as_ref()
            .and_then(|t| t[side.index()].get(combo))
            .map_or(0, |v| v[part as usize])
    }

    /// Sets the move-ordering value `part` of combination `combo` for `side` to move (giving
    /// these weights move values, all 0 but this one, if they had none; combination 0 stays
    /// 0, and out-of-range indexes are ignored).
    pub fn set_move_part(&mut self, side: Color, part: MovePart, combo: usize, value: i32) {
        if (1..COMBOS).contains(&combo) {
            let table = self
                .moves
                .get_or_insert_with(|| Box::new([[[0; 2]; COMBOS]; 2]));
            table[side.index()][combo][part as usize] = value;
        }
    }

    /// Whether these weights have fitted move-ordering values.
    pub fn has_move_values(&self) -> bool {
        self.moves.is_some()
    }

    /// Drops the move-ordering values (the search orders by the hand-set point values again).
    pub fn clear_move_values(&mut self) {
        self.moves = None;
    }

    /// Sets the value of combination `combo` for a `color` point in `role` (combination 0 stays
    /// 0, and out-of-range indexes are ignored).
    pub fn set_value(&mut self, color: Color, role: Role, combo: usize, value: i32) {
        if (1..COMBOS).contains(&combo) {
            self.values[color.index()][combo][role as usize] = value;
        }
    }
}

/// The hand-set value of a point where a `color` stone makes `shapes`.
fn hand_set_value(rule: Rule, color: Color, shapes: [Shape; 4]) -> i32 {
    let counts = ThreatCounts::of(shapes, rule, color);
    let mut value: i32 = shapes.iter().map(|&s| SHAPE_VALUE[s as usize]).sum();
    if counts.fives == 0 {
        if counts.double_four {
            value += DOUBLE_FOUR_BONUS;
        } else if counts.any_four >= 1 && counts.threes >= 1 {
            value += FOUR_THREE_BONUS;
        } else if counts.threes >= 2 && !counts.renju_black {
            value += THREE_THREE_BONUS;
        }
    }
    value
}

/// The threats of one point for one colour, counted over its four line shapes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ThreatCounts {
    pub fives: u32,
    pub any_four: u32,
    pub threes: u32,
    /// Two five threats at once: an open four, or (not for Black under Renju, a foul) two fours.
    pub double_four: bool,
    pub renju_black: bool,
}

impl ThreatCounts {
    pub fn of(shapes: [Shape; 4], rule: Rule, color: Color) -> ThreatCounts {
        let (mut fives, mut fours, mut open_fours, mut threes) = (0, 0, 0, 0);
        for s in shapes {
            match s {
                Shape::Five => fives += 1,
                Shape::OpenFour => open_fours += 1,
                Shape::Four => fours += 1,
                Shape::OpenThree => threes += 1,
                _ => {}
            }
        }
        let renju_black = rule == Rule::Renju && color == Color::Black;
        let any_four = fours + open_fours;
        ThreatCounts {
            fives,
            any_four,
            threes,
            double_four: open_fours > 0 || (any_four >= 2 && !renju_black),
            renju_black,
        }
    }
}
