//! One line through a point, seen by one colour as if it had a stone on that point: the shared
//! geometry of the classic players (runs, open ends, wins).

use gomoku_rules::{Board, Color, Direction, Point, Rule};

/// The line through `p` in one direction, from the point of view of `color`, with a `color` stone
/// imagined on `p`. Bit `i` is one point of the line; `pos` is the bit of `p` (see
/// [`Board::line_bits`]). Indices outside `0..32` read as off the board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineView {
    /// `color`'s stones, including the imagined one on `pos`.
    own: u32,
    /// The opponent's stones.
    opp: u32,
    /// The points of the line that are on the board.
    on_board: u32,
    /// The bit of the point looked at.
    pub(crate) pos: i32,
}

impl LineView {
    /// The line through `p` in `dir`, with a `color` stone imagined on `p`.
    #[inline]
    pub(crate) fn new(board: &Board, p: Point, dir: Direction, color: Color) -> LineView {
        let bits = board.line_bits(p, dir);
        LineView {
            own: bits.stones(color) | 1 << bits.pos,
            opp: bits.stones(!color),
            on_board: bits.on_board,
            pos: bits.pos as i32,
        }
    }

    #[inline]
    fn bit(mask: u32, i: i32) -> bool {
        (0..32).contains(&i) && mask >> i & 1 == 1
    }

    /// Whether bit `i` holds a stone of the viewing colour.
    #[inline]
    pub(crate) fn is_own(&self, i: i32) -> bool {
        LineView::bit(self.own, i)
    }

    /// Whether bit `i` holds an opponent's stone.
    #[inline]
    pub(crate) fn is_opp(&self, i: i32) -> bool {
        LineView::bit(self.opp, i)
    }

    /// Whether bit `i` is an empty point on the board.
    #[inline]
    pub(crate) fn is_empty(&self, i: i32) -> bool {
        LineView::bit(self.on_board, i) && !self.is_own(i) && !self.is_opp(i)
    }

    /// The unbroken run of own stones through `pos`, as inclusive bit bounds `(lo, hi)`.
    #[inline]
    pub(crate) fn run(&self) -> (i32, i32) {
        let up = (!(self.own >> self.pos)).trailing_zeros() as i32;
        let down = (!(self.own << (31 - self.pos))).leading_zeros() as i32;
        (self.pos - down + 1, self.pos + up - 1)
    }

    /// Whether the run through `pos` wins under `rule` for `color` (the viewing colour): its length,
    /// and for Caro whether opponent stones close it at both ends (edges do not).
    #[inline]
    pub(crate) fn run_wins(&self, rule: Rule, color: Color) -> bool {
        let (lo, hi) = self.run();
        let blocked_both = self.is_opp(lo - 1) && self.is_opp(hi + 1);
        rule.run_wins(color, (hi - lo + 1) as u32, blocked_both)
    }
}

/// Whether a `color` stone on the empty point `p` wins at once under `rule`.
pub(crate) fn makes_win(board: &Board, rule: Rule, p: Point, color: Color) -> bool {
    Direction::ALL
        .into_iter()
        .any(|dir| LineView::new(board, p, dir, color).run_wins(rule, color))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_and_wins_match_the_board() {
        let board: Board = "
            . . . . . . .
            . . . . . . .
            O X X . X X O
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X X X X . . ."
            .parse()
            .unwrap();
        let d5: Point = "d5".parse().unwrap();
        let view = LineView::new(&board, d5, Direction::Horizontal, Color::Black);
        // b5..f5 are Black with the imagined stone on d5: bits 1..=5.
        assert_eq!(view.run(), (1, 5));
        assert!(view.is_opp(0) && view.is_opp(6) && !view.is_empty(7));
        assert!(view.run_wins(Rule::Freestyle, Color::Black));
        assert!(
            !view.run_wins(Rule::Caro, Color::Black),
            "closed at both ends"
        );
        assert!(makes_win(
            &board,
            Rule::Standard,
            "e1".parse().unwrap(),
            Color::Black
        ));
        assert!(!makes_win(
            &board,
            Rule::Standard,
            "e1".parse().unwrap(),
            Color::White
        ));
        // a1..e1 plus the run at the edge: the edge is no block for Caro.
        assert!(makes_win(
            &board,
            Rule::Caro,
            "e1".parse().unwrap(),
            Color::Black
        ));
        let vertical = LineView::new(
            &board,
            "a2".parse().unwrap(),
            Direction::Vertical,
            Color::Black,
        );
        assert_eq!(vertical.run(), (0, 1));
        assert!(!vertical.is_empty(-1) && vertical.is_empty(2));
    }
}
