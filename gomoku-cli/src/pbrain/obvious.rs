//! Moves that need no thinking: the time manager answers them at once instead of spending the
//! turn. Only the rules of gomoku-rules are consulted (who wins where); no evaluation.

use gomoku_rules::{Board, Color, Point, Rule, renju};

/// The one sensible move for the side to move, if there is exactly one:
/// - the only empty point that may be played;
/// - a move that wins at once (the first found);
/// - otherwise, the only point where the opponent would win next, when we may play it.
///
/// `None` when the choice needs a search (several moves, or several threats we cannot all stop).
pub fn obvious_move(board: &Board, rule: Rule) -> Option<Point> {
    let me = board.side_to_move();
    let legal = |p: Point| {
        board.is_empty_at(p)
            && !(rule.has_fouls() && me == Color::Black && renju::forbidden(board, p).is_some())
    };
    let empty = board.empty_points();
    let mut legal_points = empty.iter().filter(|&p| legal(p));
    if let (Some(only), None) = (legal_points.next(), legal_points.next()) {
        return Some(only);
    }
    let near = board.neighbourhood(1);
    if let Some(win) = near.iter().find(|&p| wins_there(board, rule, p, me)) {
        return Some(win);
    }
    let mut threats = near.iter().filter(|&p| wins_there(board, rule, p, !me));
    match (threats.next(), threats.next()) {
        (Some(block), None) if legal(block) => Some(block),
        _ => None,
    }
}

/// Whether a `color` stone on the empty point `p` makes a winning line.
fn wins_there(board: &Board, rule: Rule, p: Point, color: Color) -> bool {
    let mut probe = board.clone();
    if probe.place(p, color).is_err() {
        return false;
    }
    rule.winning_line(&probe, p).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(diagram: &str) -> Board {
        diagram.parse().unwrap()
    }

    #[test]
    fn wins_first_then_blocks_the_only_threat() {
        // Black to move (equal counts): black wins at e5 (d..h row 5) rather than blocking.
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . O O O O . . . .
             . . . . . . . . .
             . . . X X X X . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        let mut win = b.clone();
        assert_eq!(win.side_to_move(), Color::Black);
        let p = obvious_move(&win, Rule::Freestyle).unwrap();
        assert!(
            p == "c3".parse().unwrap() || p == "h3".parse().unwrap(),
            "{p}"
        );
        // Without Black's four, the only sensible move is blocking White's four... but it is open
        // at both ends (a5 and f5): two threats, so it needs a search.
        for q in ["d3", "e3", "f3", "g3"] {
            win.remove(q.parse().unwrap());
        }
        win.place("a5".parse().unwrap(), Color::Black).unwrap();
        for q in ["a1", "c1", "e1"] {
            win.place(q.parse().unwrap(), Color::Black).unwrap();
        }
        win.set_side_to_move(Color::Black);
        assert_eq!(
            obvious_move(&win, Rule::Freestyle),
            Some("f5".parse().unwrap())
        );
        win.remove("a5".parse().unwrap());
        assert_eq!(obvious_move(&win, Rule::Freestyle), None);
    }

    #[test]
    fn a_quiet_position_has_no_obvious_move() {
        let b = board(
            ". . . . .
             . . . . .
             . . X . .
             . . O . .
             . . . . .",
        );
        assert_eq!(obvious_move(&b, Rule::Freestyle), None);
    }
}
