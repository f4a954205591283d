//! The swap2 policy for `SWAP2BOARD`.
//!
//! - With no stones, the brain opens with [`OPENING`]: Black's two stones a knight's move apart
//!   (no shared line) and White's stone touching the first. Loose black stones keep the position
//!   close to balanced, so the opponent's choice of colour gains little.
//! - With 3 or 5 stones (White to move), the brain searches the position as White and answers
//!   `SWAP` (it takes Black) when the search says White is worse by more than [`SWAP_MARGIN`],
//!   otherwise it plays White's move.

use gomoku_ai::Score;
use gomoku_rules::Point;

/// The opening stones as protocol offsets `(dx, dy)` from the centre (`y` grows downward), in
/// playing order: Black, White, Black. They fit on every board from 5x5 up.
pub const OPENING: [(i32, i32); 3] = [(0, 0), (1, -1), (-2, 1)];

/// How much worse White's position must be (in the player's score units) before the brain takes
/// Black instead.
pub const SWAP_MARGIN: i32 = 30;

/// The opening stones on a board of `size`.
pub fn opening(size: u8) -> Vec<Point> {
    let center = size as i32 / 2;
    OPENING
        .iter()
        .filter_map(|&(dx, dy)| {
            let x = u32::try_from(center + dx).ok()?;
            let y = u32::try_from(center + dy).ok()?;
            Point::from_gomocup(x, y, size).ok()
        })
        .collect()
}

/// Whether to swap (take Black), given the search score for White to move.
pub fn should_swap(white_score: Score) -> bool {
    white_score.0 < -SWAP_MARGIN
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_rules::{MAX_SIZE, MIN_SIZE};

    #[test]
    fn the_opening_fits_every_board_and_is_distinct() {
        for size in MIN_SIZE..=MAX_SIZE {
            let stones = opening(size);
            assert_eq!(stones.len(), 3, "size {size}");
            assert!(stones[0] != stones[1] && stones[1] != stones[2] && stones[0] != stones[2]);
            assert_eq!(stones[0], Point::center(size));
        }
        assert!(should_swap(Score(-500)));
        assert!(!should_swap(Score(0)));
        assert!(!should_swap(Score(400)));
    }
}
