//! Move-ordering memory: killer moves per ply and the history table.

use gomoku_core::{Color, MAX_CELLS, Point};

use crate::params::{HISTORY_DIVISOR, HISTORY_MAX, KILLER_BONUS, MAX_PLY};

/// Killer moves (the last two moves that caused a cut-off at each ply) and history scores (how
/// often a move by a colour caused a cut-off, weighted by depth).
#[derive(Clone, Debug)]
pub(crate) struct OrderingMemory {
    killers: [[Option<Point>; 2]; MAX_PLY + 1],
    history: Box<[[i32; MAX_CELLS]; 2]>,
}

impl OrderingMemory {
    pub(crate) fn new() -> OrderingMemory {
        OrderingMemory {
            killers: [[None; 2]; MAX_PLY + 1],
            history: Box::new([[0; MAX_CELLS]; 2]),
        }
    }

    /// Forgets the killers and ages the history (between searches).
    pub(crate) fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        for h in self.history.iter_mut().flatten() {
            *h /= 8;
        }
    }

    /// The ordering bonus of `p` for `color` at `ply`.
    #[inline]
    pub(crate) fn bonus(&self, ply: usize, color: Color, p: Point) -> i32 {
        let killers = &self.killers[ply];
        let killer = if killers[0] == Some(p) {
            KILLER_BONUS[0]
        } else if killers[1] == Some(p) {
            KILLER_BONUS[1]
        } else {
            0
        };
        killer + self.history[color.index()][p.index()] / HISTORY_DIVISOR
    }

    /// Whether `p` is one of the killer moves of `ply`.
    #[inline]
    pub(crate) fn is_killer(&self, ply: usize, p: Point) -> bool {
        self.killers[ply].contains(&Some(p))
    }

    /// Records that `p` by `color` caused a cut-off at `ply` with `depth` left.
    pub(crate) fn record_cutoff(&mut self, ply: usize, color: Color, p: Point, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(p) {
            killers[1] = killers[0];
            killers[0] = Some(p);
        }
        let h = &mut self.history[color.index()][p.index()];
        *h += depth * depth;
        if *h >= HISTORY_MAX {
            for h in self.history.iter_mut().flatten() {
                *h /= 2;
            }
        }
    }
}
