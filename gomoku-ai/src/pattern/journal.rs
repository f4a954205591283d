//! The undo journal of [`super::Patterns`]: what each move changed, so that taking the move
//! back restores the old values instead of computing them again.
//!
//! A search takes back every move it plays, in reverse order. Recomputing the shapes around
//! the stone on the way back costs as much as on the way in (a table lookup for each point and
//! colour within reach on four lines); restoring the few values that really changed costs a
//! fraction of it.

use gomoku_rules::Point;

use super::patterns::Totals;
use super::shape::Shape;

/// One value a move changed, with what it was before.
#[derive(Clone, Copy, Debug)]
pub(super) enum Change {
    /// The shape of `cell` for colour `color` along direction `dir`.
    Shape {
        cell: Point,
        color: u8,
        dir: u8,
        old: Shape,
    },
    /// The combination index of `cell` for colour `color`.
    Combo {
        cell: Point,
        color: u8,
        old_combo: u16,
    },
}

/// The start of one move's record: its point, where its changes begin in the journal, and the
/// counters as they were before it (cheaper to copy whole than to journal change by change).
#[derive(Clone, Copy, Debug)]
pub(super) struct Mark {
    pub point: Point,
    pub start: usize,
    pub totals: Totals,
    pub flag_counts: [[u16; 6]; 2],
}

/// The changes of the moves played since the last reset, newest last.
#[derive(Clone, Debug, Default)]
pub(super) struct Journal {
    changes: Vec<Change>,
    marks: Vec<Mark>,
}

/// More changes than this (a caller that plays on and on without taking back, as a long game
/// fed move by move) and the journal starts over: undo then recomputes, as it always may.
const MAX_CHANGES: usize = 1 << 20;

impl Journal {
    /// Forgets every move: undo recomputes until the next move is played.
    pub(super) fn clear(&mut self) {
        self.changes.clear();
        self.marks.clear();
    }

    /// Starts the record of a move on `point`, keeping the counters as they are before it.
    #[inline]
    pub(super) fn begin(&mut self, point: Point, totals: Totals, flag_counts: [[u16; 6]; 2]) {
        if self.changes.len() > MAX_CHANGES {
            self.clear();
        }
        self.marks.push(Mark {
            point,
            start: self.changes.len(),
            totals,
            flag_counts,
        });
    }

    /// The mark of the newest move still recorded.
    #[inline]
    pub(super) fn last_mark(&self) -> Option<&Mark> {
        self.marks.last()
    }

    /// Records a change of the move being played.
    #[inline]
    pub(super) fn record(&mut self, change: Change) {
        self.changes.push(change);
    }

    /// The mark of the newest move if it was played on `point`; else `None`, and the journal
    /// is forgotten (the caller takes back something else, so the records no longer apply).
    #[inline]
    pub(super) fn take_back(&mut self, point: Point) -> Option<Mark> {
        match self.marks.last() {
            Some(mark) if mark.point == point => self.marks.pop(),
            _ => {
                self.clear();
                None
            }
        }
    }

    /// The newest change of the move that started at `mark`, removed; `None` once all of its
    /// changes are gone.
    #[inline]
    pub(super) fn pop_change(&mut self, mark: &Mark) -> Option<Change> {
        if self.changes.len() > mark.start {
            self.changes.pop()
        } else {
            None
        }
    }
}
