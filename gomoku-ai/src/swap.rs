//! The engine's side of the swap openings ([`gomoku_rules::OpeningRule`]): the three stones it
//! opens with, and the colour it takes when it is to choose. The protocol engine's
//! `SWAP2BOARD` answers, `gomoku play` and the web board all decide here.
//!
//! - Opening, it places [`OPENING`]: Black's two stones a knight's move apart (no shared line)
//!   and White's stone touching the first. Loose black stones keep the position close to
//!   balanced, so the opponent's choice of colour gains little.
//! - Choosing (White to move after three or five stones), it searches the position as White
//!   and takes Black when White is worse by more than [`SWAP_MARGIN`], White otherwise (White
//!   moves next, so a balanced position is worth the move). It never places two more stones
//!   in swap2: taking the better colour is at least as good for it.
//!
//! ```
//! use gomoku_ai::swap::{choose_colour, opening_stones};
//! use gomoku_ai::{Engine, Limits};
//! use gomoku_rules::{Board, Rule, SwapChoice};
//!
//! let mut board = Board::new(15).unwrap();
//! for p in opening_stones(15) {
//!     board.play_unchecked(p);
//! }
//! let (choice, _) = choose_colour(&mut Engine::new(), &board, Rule::Freestyle, &Limits::depth(4));
//! assert!(matches!(choice, SwapChoice::TakeBlack | SwapChoice::TakeWhite));
//! ```

use gomoku_rules::{Board, Point, Rule, SwapChoice};

use crate::player::{Limits, Player, SearchResult};
use crate::score::Score;

/// The opening stones as protocol offsets `(dx, dy)` from the centre (`y` grows downward), in
/// playing order: Black, White, Black. They fit on every board from 5x5 up.
pub const OPENING: [(i32, i32); 3] = [(0, 0), (1, -1), (-2, 1)];

/// How much worse White's position must be (in the player's score units) before the engine
/// takes Black instead.
pub const SWAP_MARGIN: i32 = 30;

/// The opening stones ([`OPENING`]) on a board of `size`, in playing order.
pub fn opening_stones(size: u8) -> Vec<Point> {
    let center = i32::from(size) / 2;
    OPENING
        .iter()
        .filter_map(|&(dx, dy)| {
            let x = u32::try_from(center + dx).ok()?;
            let y = u32::try_from(center + dy).ok()?;
            Point::from_gomocup(x, y, size).ok()
        })
        .collect()
}

/// Whether to take Black, given a search's score for White to move: when White is worse by
/// more than [`SWAP_MARGIN`].
pub fn takes_black(white_score: Score) -> bool {
    white_score.0 < -SWAP_MARGIN
}

/// The colour to take for a search's score for White to move ([`takes_black`]).
pub fn choice_for(white_score: Score) -> SwapChoice {
    if takes_black(white_score) {
        SwapChoice::TakeBlack
    } else {
        SwapChoice::TakeWhite
    }
}

/// Chooses a colour on `board` (White to move, after the opening stones) by `player`'s search
/// within `limits`; returns the choice and the search (its best move is White's next move).
pub fn choose_colour(
    player: &mut dyn Player,
    board: &Board,
    rule: Rule,
    limits: &Limits,
) -> (SwapChoice, SearchResult) {
    let result = player.choose(board, rule, limits, &mut |_| {});
    (choice_for(result.info.score), result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_rules::{MAX_SIZE, MIN_SIZE};

    #[test]
    fn the_opening_fits_every_board_and_is_distinct() {
        for size in MIN_SIZE..=MAX_SIZE {
            let stones = opening_stones(size);
            assert_eq!(stones.len(), 3, "size {size}");
            assert!(stones[0] != stones[1] && stones[1] != stones[2] && stones[0] != stones[2]);
            assert_eq!(stones[0], Point::center(size));
        }
    }

    #[test]
    fn black_only_when_white_is_clearly_worse() {
        assert_eq!(choice_for(Score(-500)), SwapChoice::TakeBlack);
        assert_eq!(choice_for(Score(-SWAP_MARGIN)), SwapChoice::TakeWhite);
        assert_eq!(choice_for(Score(0)), SwapChoice::TakeWhite);
        assert_eq!(choice_for(Score(400)), SwapChoice::TakeWhite);
        assert_eq!(choice_for(Score::loss_in(6)), SwapChoice::TakeBlack);
    }

    #[test]
    fn a_lost_position_for_white_is_refused() {
        // Black's open four: White to move is lost, so the chooser takes Black.
        let board: Board = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . X X X X . . .
            . . . . . . . . .
            . . O O O . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . ."
            .parse()
            .unwrap();
        let mut engine = crate::Engine::new();
        let (choice, result) =
            choose_colour(&mut engine, &board, Rule::Freestyle, &Limits::depth(3));
        assert!(result.info.score.0 < 0, "{}", result.info.score);
        assert_eq!(choice, SwapChoice::TakeBlack);
    }
}
