//! The network's per-point channels for both colours to move, kept in step with the board: a
//! stone changes only the windows of the points within four of it on its four lines, so only
//! those rows are subtracted and added again. Integer arithmetic makes an undo the exact
//! inverse of its move, so the incremental state always equals one computed from scratch.

use gomoku_rules::{Board, Color, Direction, Point};

use super::features::{self, BLOCKED, HALF, OWN, digit_weight};
use super::network::{FEATURES, Network, VALUE_CHANNELS, activate, activate16};

/// The channels of every point seen with each colour to move, and the sums of the activated
/// value channels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Accumulator {
    size: usize,
    /// Per point (`row * size + col`): the window index seen by Black and by White, per
    /// direction.
    windows: Vec<[[u16; 4]; 2]>,
    /// Per colour to move (Black, White), per point: the channels before activation.
    channels: [Vec<[i16; FEATURES]>; 2],
    /// Per colour to move: the sum over the points of the activated value channels.
    sums: [[i32; VALUE_CHANNELS]; 2],
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
    /// The state of `board`, computed from scratch.
    pub(crate) fn new(net: &Network, board: &Board) -> Accumulator {
        let size = usize::from(board.size());
        let mut windows = Vec::new();
        features::board_window_indexes(board, &mut windows);
        let mut channels = [Vec::new(), Vec::new()];
        let mut sums = [[0i32; VALUE_CHANNELS]; 2];
        for me in [Color::Black, Color::White] {
            let m = me.index();
            channels[m] = windows.iter().map(|w| point_channels(net, w, me)).collect();
            for acc in &channels[m] {
                for v in 0..VALUE_CHANNELS {
                    sums[m][v] += activate(acc[v]);
                }
            }
        }
        Accumulator {
            size,
            windows,
            channels,
            sums,
        }
    }

    /// Points on the board.
    pub(crate) fn points(&self) -> usize {
        self.size * self.size
    }

    /// The sums of the activated value channels with `me` to move.
    pub(crate) fn sums(&self, me: Color) -> &[i32; VALUE_CHANNELS] {
        &self.sums[me.index()]
    }

    /// The channels of `p` with `me` to move.
    pub(crate) fn channels(&self, me: Color, p: Point) -> &[i16; FEATURES] {
        &self.channels[me.index()][usize::from(p.row()) * self.size + usize::from(p.col())]
    }

    /// A stone of `color` was placed on `p`.
    pub(crate) fn play(&mut self, net: &Network, p: Point, color: Color) {
        // Seen by its own colour the point becomes OWN, by the other BLOCKED.
        let digits = match color {
            Color::Black => [OWN as i32, BLOCKED as i32],
            Color::White => [BLOCKED as i32, OWN as i32],
        };
        self.change(net, p, digits);
    }

    /// The stone on `p` was removed.
    pub(crate) fn undo(&mut self, net: &Network, p: Point) {
        // The centre digit of the point's own window (seen by Black) tells the stone's colour.
        let here = usize::from(p.row()) * self.size + usize::from(p.col());
        let centre = (self.windows[here][0][0] / digit_weight(0)) % 3;
        let digits = if centre == OWN {
            [-(OWN as i32), -(BLOCKED as i32)]
        } else {
            [-(BLOCKED as i32), -(OWN as i32)]
        };
        self.change(net, p, digits);
    }

    /// Adds `digits` (seen by Black, by White) at `p` to the windows through it.
    fn change(&mut self, net: &Network, p: Point, digits: [i32; 2]) {
        let size = self.size as i32;
        let (col, row) = (i32::from(p.col()), i32::from(p.row()));
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
                let w = i32::from(digit_weight(offset));
                let here = &mut self.windows[at];
                let old = [here[0][d], here[1][d]];
                let new = [
                    (i32::from(old[0]) + digits[0] * w) as u16,
                    (i32::from(old[1]) + digits[1] * w) as u16,
                ];
                here[0][d] = new[0];
                here[1][d] = new[1];
                for me in [Color::Black, Color::White] {
                    let m = me.index();
                    let set = net.set_for(me);
                    let (own, their) = (m, 1 - m);
                    let rows = [
                        net.row(set, 0, old[own]),
                        net.row(set, 1, old[their]),
                        net.row(set, 0, new[own]),
                        net.row(set, 1, new[their]),
                    ];
                    let acc = &mut self.channels[m][at];
                    let before = *acc;
                    for i in 0..FEATURES {
                        acc[i] = acc[i]
                            .wrapping_sub(rows[0][i])
                            .wrapping_sub(rows[1][i])
                            .wrapping_add(rows[2][i])
                            .wrapping_add(rows[3][i]);
                    }
                    // The activations in 16 bits (a leaky ReLU never grows a magnitude), their
                    // difference in 32.
                    let sums = &mut self.sums[m];
                    for v in 0..VALUE_CHANNELS {
                        sums[v] += i32::from(activate16(acc[v])) - i32::from(activate16(before[v]));
                    }
                }
            }
        }
    }
}
