//! Move-ordering memory: killer moves per ply, counter moves and the history table.

use gomoku_rules::{Color, MAX_CELLS, Point};

use crate::params::{
    COUNTER_MOVE_BONUS, HISTORY_BONUS_OFFSET, HISTORY_BONUS_PER_DEPTH, HISTORY_BONUS_PER_DEPTH2,
    HISTORY_DIVISOR, HISTORY_MAX, HISTORY_MAX_BONUS, KILLER_BONUS, MAX_PLY,
};

/// Killer moves (the last two moves that caused a cut-off at each ply), counter moves (the last
/// move of each colour that caused a cut-off right after the opponent played a given point) and
/// history scores (how often a move by a colour caused a cut-off rather than failed before
/// another move did, weighted by depth; see [`HISTORY_MAX`]).
#[derive(Clone, Debug)]
pub(crate) struct OrderingMemory {
    killers: [[Option<Point>; 2]; MAX_PLY + 1],
    history: Box<[[i32; MAX_CELLS]; 2]>,
    /// Indexed by the colour of the answering side and the opponent's move it answered.
    counter: Box<[[Option<Point>; MAX_CELLS]; 2]>,
}

impl OrderingMemory {
    pub(crate) fn new() -> OrderingMemory {
        OrderingMemory {
            killers: [[None; 2]; MAX_PLY + 1],
            history: Box::new([[0; MAX_CELLS]; 2]),
            counter: Box::new([[None; MAX_CELLS]; 2]),
        }
    }

    /// Forgets the killers and ages the history (between searches); the counter moves are kept,
    /// as the history is, since the same answers tend to hold in the next move's search.
    pub(crate) fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        for h in self.history.iter_mut().flatten() {
            *h /= 8;
        }
    }

    /// The ordering bonus of `p` for `color` at `ply`, where the opponent's last move was
    /// `prev` (`None` for a pass or at the root).
    #[inline]
    pub(crate) fn bonus(&self, ply: usize, color: Color, p: Point, prev: Option<Point>) -> i32 {
        let counter = match prev {
            Some(q) if self.counter[color.index()][q.index()] == Some(p) => COUNTER_MOVE_BONUS,
            _ => 0,
        };
        let killers = &self.killers[ply];
        let killer = if killers[0] == Some(p) {
            KILLER_BONUS[0]
        } else if killers[1] == Some(p) {
            KILLER_BONUS[1]
        } else {
            0
        };
        counter + killer + self.history[color.index()][p.index()] / HISTORY_DIVISOR
    }

    /// Whether `p` is one of the killer moves of `ply`.
    #[inline]
    pub(crate) fn is_killer(&self, ply: usize, p: Point) -> bool {
        self.killers[ply].contains(&Some(p))
    }

    /// Records that `p` by `color` caused a cut-off at `ply` with `depth` left, in answer to
    /// the opponent's move `prev`, after the moves `tried` failed: `p`'s history rises and
    /// theirs falls by as much.
    pub(crate) fn record_cutoff(
        &mut self,
        ply: usize,
        color: Color,
        p: Point,
        depth: i32,
        prev: Option<Point>,
        tried: &[Point],
    ) {
        if let Some(q) = prev {
            self.counter[color.index()][q.index()] = Some(p);
        }
        let killers = &mut self.killers[ply];
        if killers[0] != Some(p) {
            killers[1] = killers[0];
            killers[0] = Some(p);
        }
        let table = &mut self.history[color.index()];
        let bonus = history_bonus(depth);
        gravity(&mut table[p.index()], bonus);
        for q in tried {
            gravity(&mut table[q.index()], -bonus);
        }
    }

    /// The history score of `p` for `color`, within +-[`HISTORY_MAX`].
    #[inline]
    pub(crate) fn history(&self, color: Color, p: Point) -> i32 {
        self.history[color.index()][p.index()]
    }
}

/// The history bonus of a cut-off `depth` plies from the leaves (see
/// [`HISTORY_BONUS_PER_DEPTH2`]).
#[inline]
fn history_bonus(depth: i32) -> i32 {
    (HISTORY_BONUS_PER_DEPTH2 * depth * depth + HISTORY_BONUS_PER_DEPTH * depth
        - HISTORY_BONUS_OFFSET)
        .clamp(0, HISTORY_MAX_BONUS)
}

/// Adds `bonus` to `h`, pulled towards zero by `h`'s distance from the bound, so that `h` stays
/// within +-[`HISTORY_MAX`].
#[inline]
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(col: u8, row: u8) -> Point {
        Point::new_unchecked(col, row)
    }

    #[test]
    fn a_counter_move_is_preferred_only_after_the_move_it_answered() {
        let mut memory = OrderingMemory::new();
        let (answer, answered, other) = (pt(7, 7), pt(8, 8), pt(3, 3));
        memory.record_cutoff(5, Color::White, answer, 1, Some(answered), &[]);
        let after = |prev| memory.bonus(9, Color::White, answer, prev);
        // The killer bonus is per ply (9 has none); the history is the same in every case.
        assert_eq!(
            after(Some(answered)) - after(Some(other)),
            COUNTER_MOVE_BONUS
        );
        assert_eq!(after(None), after(Some(other)));
        // The other colour's answer to the same point is its own.
        assert_eq!(
            memory.bonus(9, Color::Black, answer, Some(answered)),
            memory.bonus(9, Color::Black, answer, None)
        );
    }

    #[test]
    fn a_cut_off_raises_the_moves_history_and_lowers_the_moves_tried_before_it_within_bounds() {
        let mut memory = OrderingMemory::new();
        let (cut, tried, other) = (pt(7, 7), pt(6, 6), pt(3, 3));
        memory.record_cutoff(4, Color::Black, cut, 6, None, &[tried]);
        assert!(
            memory.history(Color::Black, cut) > 0 && memory.history(Color::Black, tried) < 0,
            "{} {}",
            memory.history(Color::Black, cut),
            memory.history(Color::Black, tried)
        );
        assert_eq!(
            memory.history(Color::Black, cut),
            -memory.history(Color::Black, tried)
        );
        assert_eq!(memory.history(Color::Black, other), 0);
        assert_eq!(memory.history(Color::White, cut), 0);
        // However often, deep or shallow, the scores stay within the bound and keep their order.
        for depth in (1..40).cycle().take(500) {
            memory.record_cutoff(4, Color::Black, cut, depth, None, &[tried]);
            assert!(
                memory.history(Color::Black, cut) <= HISTORY_MAX
                    && memory.history(Color::Black, tried) >= -HISTORY_MAX
            );
        }
        assert!(
            memory.history(Color::Black, cut) > HISTORY_MAX / 2
                && memory.history(Color::Black, tried) < -HISTORY_MAX / 2
        );
        // A move that starts to fail after cutting off loses its history again.
        let before = memory.history(Color::Black, cut);
        memory.record_cutoff(4, Color::Black, tried, 10, None, &[cut]);
        assert!(memory.history(Color::Black, cut) < before);
    }

    #[test]
    fn the_bonus_grows_with_the_depth_within_its_bounds() {
        assert_eq!(history_bonus(0), 0);
        assert_eq!(history_bonus(1), 0);
        assert_eq!(history_bonus(2), 153);
        let bonuses: Vec<i32> = (1..40).map(history_bonus).collect();
        assert!(bonuses.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(history_bonus(100), HISTORY_MAX_BONUS);
    }

    #[test]
    fn a_new_cut_off_replaces_the_counter_move() {
        let mut memory = OrderingMemory::new();
        let (first, second, answered) = (pt(7, 7), pt(6, 6), pt(8, 8));
        memory.record_cutoff(5, Color::Black, first, 1, Some(answered), &[]);
        memory.record_cutoff(5, Color::Black, second, 1, Some(answered), &[]);
        let gain = |p| {
            memory.bonus(9, Color::Black, p, Some(answered))
                - memory.bonus(9, Color::Black, p, None)
        };
        assert_eq!(gain(second), COUNTER_MOVE_BONUS);
        assert_eq!(gain(first), 0);
    }
}
