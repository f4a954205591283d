//! Drawing the board as text: coordinates on all sides, the last move marked, move numbers on
//! demand, the winning line and Black's forbidden points, with or without ANSI colours.
//!
//! Every cell is three characters wide. Without colours the marks are brackets: `(X)` the last
//! move, `<X>` a stone of the winning line, `[.]` the cursor; `!` an empty point forbidden to
//! Black (Renju). With colours the same brackets are kept and coloured, so nothing depends on
//! colour alone.

use std::fmt::Write;

use gomoku_rules::{Color, Game, Outcome, Point, PointSet};

/// How to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// ANSI colours.
    pub color: bool,
    /// Move numbers instead of stone letters.
    pub numbers: bool,
    /// Where the keyboard cursor is (terminal mode).
    pub cursor: Option<Point>,
}

const RESET: &str = "\x1b[0m";
const BLACK_STONE: &str = "\x1b[1;31m";
const WHITE_STONE: &str = "\x1b[1;36m";
const MARK: &str = "\x1b[1;33m";
const WIN: &str = "\x1b[1;32m";
const FORBIDDEN: &str = "\x1b[2;31m";
const DIM: &str = "\x1b[2m";

/// The column letters line.
fn letters(size: u8, color: bool) -> String {
    let mut line = String::from("   ");
    if color {
        line.push_str(DIM);
    }
    for c in 0..size {
        let _ = write!(line, " {} ", (b'a' + c) as char);
    }
    if color {
        line.push_str(RESET);
    }
    line
}

/// Draws the board (no trailing newline).
pub fn render_board(game: &Game, forbidden: &PointSet, options: RenderOptions) -> String {
    let size = game.size();
    let color = options.color;
    let winning: PointSet = match game.outcome() {
        Outcome::Win { line, .. } => line.points().collect(),
        _ => PointSet::new(),
    };
    let last = game.last_move();
    let paint = |text: &str, code: &str| {
        if color {
            format!("{code}{text}{RESET}")
        } else {
            text.to_string()
        }
    };
    let mut out = letters(size, color);
    out.push('\n');
    for row in (0..size).rev() {
        let _ = write!(out, "{}", paint(&format!("{:>2} ", row + 1), DIM));
        for col in 0..size {
            let p = Point::new_unchecked(col, row);
            let stone = game.board().get(p);
            let body = match stone {
                Some(c) if options.numbers => {
                    let n = game.move_number(p).unwrap_or(0);
                    let text = format!("{n}");
                    let code = if c == Color::Black {
                        BLACK_STONE
                    } else {
                        WHITE_STONE
                    };
                    (text, Some(code))
                }
                Some(Color::Black) => ("X".to_string(), Some(BLACK_STONE)),
                Some(Color::White) => ("O".to_string(), Some(WHITE_STONE)),
                None if forbidden.contains(p) => ("!".to_string(), Some(FORBIDDEN)),
                None => (".".to_string(), None),
            };
            let (open, close, mark_code) = if options.cursor == Some(p) {
                ('[', ']', MARK)
            } else if winning.contains(p) {
                ('<', '>', WIN)
            } else if last == Some(p) {
                ('(', ')', MARK)
            } else {
                (' ', ' ', "")
            };
            let (text, code) = body;
            let text_painted = match code {
                Some(code) => paint(&text, code),
                None => text.clone(),
            };
            if text.len() >= 3 {
                // A three-digit move number fills the cell; the marks go on the colour only.
                let code = if mark_code.is_empty() {
                    code.unwrap_or("")
                } else {
                    mark_code
                };
                out.push_str(&paint(&text, code));
            } else if text.len() == 2 {
                // Two digits: one mark, after the number.
                out.push_str(&text_painted);
                out.push_str(&paint(&close.to_string(), mark_code));
            } else {
                out.push_str(&paint(&open.to_string(), mark_code));
                out.push_str(&text_painted);
                out.push_str(&paint(&close.to_string(), mark_code));
            }
        }
        let _ = writeln!(out, "{}", paint(&format!(" {}", row + 1), DIM));
    }
    out.push_str(&letters(size, color));
    out
}

/// The status under the board: move number, stone counts, whose turn or the result.
pub fn render_status(game: &Game) -> String {
    let board = game.board();
    let counts = format!(
        "Black X: {}, White O: {}",
        board.stone_count(Color::Black),
        board.stone_count(Color::White)
    );
    let last = game
        .last_move()
        .map(|p| format!(", last {p}"))
        .unwrap_or_default();
    let state = match game.outcome() {
        Outcome::Ongoing => format!("{} to move", game.side_to_move()),
        outcome => format!("Game over: {outcome}"),
    };
    format!(
        "{} {}x{} | move {}{} | {} | {}",
        game.rule(),
        game.size(),
        game.size(),
        game.moves().len(),
        last,
        counts,
        state
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_rules::Rule;

    fn plain() -> RenderOptions {
        RenderOptions::default()
    }

    #[test]
    fn coordinates_on_all_sides_and_last_move_marked() {
        let game = Game::from_move_string(7, Rule::Freestyle, "d4 e5").unwrap();
        let text = render_board(&game, &PointSet::new(), plain());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "    a  b  c  d  e  f  g ");
        assert_eq!(lines[8], lines[0]);
        assert_eq!(lines[1], " 7  .  .  .  .  .  .  .  7");
        // Row 5 holds White's e5, the last move; row 4 Black's d4.
        assert_eq!(lines[3], " 5  .  .  .  . (O) .  .  5");
        assert_eq!(lines[4], " 4  .  .  .  X  .  .  .  4");
        assert!(!text.contains('\x1b'));
    }

    #[test]
    fn numbers_winning_line_cursor_and_forbidden() {
        let game =
            Game::from_move_string(7, Rule::Freestyle, "a1 a7 b1 b7 c1 c7 d1 d7 e1").unwrap();
        let mut forbidden = PointSet::new();
        forbidden.insert("g4".parse().unwrap());
        let options = RenderOptions {
            cursor: Some("d4".parse().unwrap()),
            ..plain()
        };
        let text = render_board(&game, &forbidden, options);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[7], " 1 <X><X><X><X><X> .  .  1");
        assert_eq!(lines[4], " 4  .  .  . [.] .  .  !  4");
        let numbered = RenderOptions {
            numbers: true,
            ..plain()
        };
        let text = render_board(&game, &PointSet::new(), numbered);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], " 7  2  4  6  8  .  .  .  7");
        assert!(render_status(&game).contains("Black wins with a1 b1 c1 d1 e1"));
        let coloured = RenderOptions {
            color: true,
            ..plain()
        };
        assert!(render_board(&game, &forbidden, coloured).contains(WIN));
    }

    #[test]
    fn status_counts_and_turn() {
        let game = Game::from_move_string(15, Rule::Renju, "h8 i9 h9").unwrap();
        assert_eq!(
            render_status(&game),
            "renju 15x15 | move 3, last h9 | Black X: 2, White O: 1 | White to move"
        );
    }
}
