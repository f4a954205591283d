//! The network's per-point channels for one colour to move, kept in step with the board: a
//! stone changes only the windows of the points within three of it on its four lines, so only
//! those rows are subtracted and added again.
//!
//! The update is lazy and its undo a copy: a move is only noted when it is played, and applied
//! when a value or a policy is asked for ([`Accumulator::sync`]); a move undone before that
//! costs nothing, and one undone after it puts back the points it had saved. The search plays
//! many moves it never evaluates (table cutoffs, forced replies, proven wins), and an undo that
//! copies is cheaper than one that computes. Each colour to move has an accumulator of its own,
//! so a leaf's move is applied only for the side that is to move there. Integer arithmetic
//! keeps the state equal to one computed from scratch.

use gomoku_rules::{Board, Color, Direction, Point};

use super::features::{self, BLOCKED, HALF, OWN, digit_weight};
use super::network::{FEATURES, Network, VALUE_CHANNELS, activate, activate16};

/// A point's state before a move changed it.
#[derive(Clone, Copy, Debug)]
struct Saved {
    /// The point (`row * size + col`).
    at: u16,
    windows: [[u16; 4]; 2],
    channels: [i16; FEATURES],
}

/// The channels of every point seen with one colour to move, and the sums of the activated
/// value channels.
#[derive(Clone, Debug)]
pub(crate) struct Accumulator {
    size: usize,
    /// The colour to move these channels are for.
    me: Color,
    /// Per point (`row * size + col`): the window index seen by Black and by White, per
    /// direction.
    windows: Vec<[[u16; 4]; 2]>,
    /// Per point: the channels before activation.
    channels: Vec<[i16; FEATURES]>,
    /// The sum over the points of the activated value channels.
    sums: [i32; VALUE_CHANNELS],
    /// Moves played but not applied yet, oldest first.
    pending: Vec<(Point, Color)>,
    /// Per applied move still on the board, oldest first: where its points start in `saved`,
    /// and the sums before it.
    applied: Vec<(usize, [i32; VALUE_CHANNELS])>,
    /// The points the applied moves changed, as they were before.
    saved: Vec<Saved>,
}

/// The channels of a point from its windows, with `me` to move.
fn point_channels(net: &Network, windows: &[[u16; 4]; 2], me: Color) -> [i16; FEATURES] {
    let set = net.set_for(me);
    let (own, their) = (windows[me.index()], windows[(!me).index()]);
    let mut out = *net.bias();
    for d in 0..4 {
        let a = net.row(set, 0, own[d]);
        let b = net.row(set, 1, their[d]);
        for i in 0..FEATURES {
            out[i] = out[i].wrapping_add(a[i]).wrapping_add(b[i]);
        }
    }
    out
}

impl Accumulator {
    /// The state of `board` with `me` to move, computed from scratch.
    pub(crate) fn new(net: &Network, board: &Board, me: Color) -> Accumulator {
        let size = usize::from(board.size());
        let mut windows = Vec::new();
        features::board_window_indexes(board, &mut windows);
        let channels: Vec<[i16; FEATURES]> =
            windows.iter().map(|w| point_channels(net, w, me)).collect();
        let mut sums = [0i32; VALUE_CHANNELS];
        for acc in &channels {
            for v in 0..VALUE_CHANNELS {
                sums[v] += activate(acc[v]);
            }
        }
        Accumulator {
            size,
            me,
            windows,
            channels,
            sums,
            pending: Vec::new(),
            applied: Vec::new(),
            saved: Vec::new(),
        }
    }

    /// Points on the board.
    pub(crate) fn points(&self) -> usize {
        self.size * self.size
    }

    /// The sums of the activated value channels (call [`Accumulator::sync`] first).
    pub(crate) fn sums(&self) -> &[i32; VALUE_CHANNELS] {
        debug_assert!(self.pending.is_empty(), "read before sync");
        &self.sums
    }

    /// The channels of `p` (call [`Accumulator::sync`] first).
    pub(crate) fn channels(&self, p: Point) -> &[i16; FEATURES] {
        debug_assert!(self.pending.is_empty(), "read before sync");
        &self.channels[usize::from(p.row()) * self.size + usize::from(p.col())]
    }

    /// A stone of `color` was placed on `p` (applied at the next [`Accumulator::sync`]).
    #[inline]
    pub(crate) fn play(&mut self, p: Point, color: Color) {
        self.pending.push((p, color));
    }

    /// The stone last placed, on `p`, was removed.
    #[inline]
    pub(crate) fn undo(&mut self, p: Point) {
        if let Some((last, _)) = self.pending.pop() {
            debug_assert_eq!(last, p, "undo of a move other than the last");
            return;
        }
        let Some((start, sums)) = self.applied.pop() else {
            debug_assert!(false, "undo of a move never played");
            return;
        };
        // Back to front: the move's own point was saved once a direction.
        for s in self.saved[start..].iter().rev() {
            let at = usize::from(s.at);
            self.windows[at] = s.windows;
            self.channels[at] = s.channels;
        }
        self.saved.truncate(start);
        self.sums = sums;
    }

    /// Applies the moves played since the last call.
    #[inline]
    pub(crate) fn sync(&mut self, net: &Network) {
        if self.pending.is_empty() {
            return;
        }
        let mut pending = std::mem::take(&mut self.pending);
        for &(p, color) in &pending {
            self.applied.push((self.saved.len(), self.sums));
            self.apply(net, p, color);
        }
        pending.clear();
        self.pending = pending;
    }

    /// Whether the state equals one computed from scratch for `board` (after a sync).
    pub(crate) fn matches_scratch(&mut self, net: &Network, board: &Board) -> bool {
        self.sync(net);
        let scratch = Accumulator::new(net, board, self.me);
        self.windows == scratch.windows
            && self.channels == scratch.channels
            && self.sums == scratch.sums
    }

    /// Places a stone of `color` on `p` in the windows through it, saving each point it
    /// changes.
    fn apply(&mut self, net: &Network, p: Point, color: Color) {
        // Seen by its own colour the point becomes OWN, by the other BLOCKED.
        let digits = match color {
            Color::Black => [OWN, BLOCKED],
            Color::White => [BLOCKED, OWN],
        };
        let size = self.size as i32;
        let (col, row) = (i32::from(p.col()), i32::from(p.row()));
        let set = net.set_for(self.me);
        let (own, their) = (self.me.index(), (!self.me).index());
        for dir in Direction::ALL {
            let (dc, dr) = dir.step();
            let d = dir.index();
            for offset in -HALF..=HALF {
                // The point whose window has `p` at `offset` from its centre.
                let (c, r) = (col - dc * offset, row - dr * offset);
                if !(0..size).contains(&c) || !(0..size).contains(&r) {
                    continue;
                }
                let at = (r * size + c) as usize;
                let w = digit_weight(offset);
                let old = [self.windows[at][0][d], self.windows[at][1][d]];
                let new = [old[0] + digits[0] * w, old[1] + digits[1] * w];
                self.saved.push(Saved {
                    at: at as u16,
                    windows: self.windows[at],
                    channels: self.channels[at],
                });
                self.windows[at][0][d] = new[0];
                self.windows[at][1][d] = new[1];
                update_point(
                    &mut self.channels[at],
                    &mut self.sums,
                    [net.row(set, 0, old[own]), net.row(set, 1, old[their])],
                    [net.row(set, 0, new[own]), net.row(set, 1, new[their])],
                );
            }
        }
    }
}

/// Takes the rows `sub` off a point's channels `acc` and adds the rows `add`, and moves the
/// sums of the activated value channels by the change. Whole-row array arithmetic, so that it
/// compiles to a few vector instructions.
#[inline(always)]
fn update_point(
    acc: &mut [i16; FEATURES],
    sums: &mut [i32; VALUE_CHANNELS],
    sub: [&[i16; FEATURES]; 2],
    add: [&[i16; FEATURES]; 2],
) {
    let before = *acc;
    let mut after = [0i16; FEATURES];
    for i in 0..FEATURES {
        after[i] = before[i]
            .wrapping_add(add[0][i])
            .wrapping_add(add[1][i])
            .wrapping_sub(sub[0][i])
            .wrapping_sub(sub[1][i]);
    }
    *acc = after;
    // The activations in 16 bits (a leaky ReLU never grows a magnitude), their difference in 32.
    let mut change = [0i32; FEATURES];
    for i in 0..FEATURES {
        change[i] = i32::from(activate16(after[i])) - i32::from(activate16(before[i]));
    }
    for v in 0..VALUE_CHANNELS {
        sums[v] += change[v];
    }
}
