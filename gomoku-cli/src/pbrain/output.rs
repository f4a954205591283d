//! Formatting the brain's replies: moves, `MESSAGE` search reports, `FORBID` lists, `ABOUT`.
//!
//! Two ways of writing a point appear on the wire, and neither is our board notation:
//! - a move answer is `x,y` (0-based, `y` counted from the TOP);
//! - inside `MESSAGE` lines (the principal variation) a move is the column letter of `x`
//!   followed by `y + 1`, again with `y` counted from the TOP, as strong engines print it and
//!   clients such as pygomo-lib parse it. So the top-left corner is `a1` there, while in board
//!   notation ([`gomoku_rules::Point`]'s `Display`) it is `a15` on 15x15; the centre `h8` is the same
//!   in both only because 15 is odd.

use std::fmt::Write as _;

use gomoku_ai::{Limits, SearchInfo, TimeBudget};
use gomoku_rules::{Board, Point, Rule};

/// A move answer: `x,y`.
pub fn move_reply(p: Point, size: u8) -> String {
    let (x, y) = p.to_gomocup(size);
    format!("{x},{y}")
}

/// A point as written in `MESSAGE` lines: column letter of `x`, then `y + 1` with `y` from the top.
///
/// ```
/// use gomoku_cli::pbrain::output::message_move;
/// use gomoku_rules::Point;
/// let top_left = Point::from_gomocup(0, 0, 15).unwrap();
/// assert_eq!(message_move(top_left, 15), "a1");
/// assert_eq!(top_left.to_string(), "a15");
/// ```
pub fn message_move(p: Point, size: u8) -> String {
    let (x, y) = p.to_gomocup(size);
    format!("{}{}", char::from(b'a' + x as u8), y + 1)
}

/// What the time manager decided for a move searched on `board` under `rule` within
/// `limits` (see [`TimeBudget::for_limits`]), `None` without a time limit:
/// `MESSAGE budget 500 ms, at most 1841 ms (move time 1980 ms, match 10000 ms left, 12 ms
/// overhead a move, about 30 moves to play)`: the overhead is what is kept back for each move
/// the board still allows ([`Limits::move_overhead`], measured from the manager's clock). The
/// match part is left out without a match clock.
pub fn budget_line(limits: &Limits, board: &Board, rule: Rule) -> Option<String> {
    let budget = TimeBudget::for_limits(limits, board, rule)?;
    let ms = |d: std::time::Duration| d.as_millis();
    let mut line = format!(
        "MESSAGE budget {} ms, at most {} ms (",
        ms(budget.optimum),
        ms(budget.maximum)
    );
    if let Some(t) = limits.move_time {
        let _ = write!(line, "move time {} ms, ", ms(t));
    }
    if let Some(t) = limits.time_left {
        let overhead =
            limits
                .move_overhead
                .unwrap_or_default()
                .max(std::time::Duration::from_millis(
                    gomoku_ai::params::MOVE_OVERHEAD_MS,
                ));
        let _ = write!(
            line,
            "match {} ms left, {} ms overhead a move, ",
            ms(t),
            ms(overhead)
        );
    }
    let _ = write!(
        line,
        "about {} moves to play)",
        gomoku_ai::moves_left(board, rule)
    );
    Some(line)
}

/// A search report: `MESSAGE depth 12-20 ev 35 n 512034 n/ms 702 tm 731 pv h8 i9 j10`.
/// Mate scores print as `+M5` / `-M4` (plies to the end). `pv` is omitted when empty.
pub fn message_line(info: &SearchInfo, size: u8) -> String {
    report_line(info, size, false)
}

/// A search report of one line of a multi-PV search (`YXNBEST`), its rank after the depth:
/// `MESSAGE depth 12-20 multipv 2 ev 20 n 512034 n/ms 702 tm 731 pv h9 i9 j10`, as the
/// strongest engines write it.
pub fn multipv_message_line(info: &SearchInfo, size: u8) -> String {
    report_line(info, size, true)
}

fn report_line(info: &SearchInfo, size: u8, with_rank: bool) -> String {
    let ms = info.time.as_millis();
    let per_ms = info.nodes as u128 / ms.max(1);
    let mut line = format!(
        "MESSAGE depth {}-{}",
        info.depth,
        info.seldepth.max(info.depth)
    );
    if with_rank {
        let _ = write!(line, " multipv {}", info.multipv);
    }
    let _ = write!(
        line,
        " ev {} n {} n/ms {} tm {}",
        info.score, info.nodes, per_ms, ms
    );
    let pv: Vec<String> = info
        .pv
        .iter()
        .filter(|p| p.is_on(size))
        .map(|&p| message_move(p, size))
        .collect();
    if !pv.is_empty() {
        let _ = write!(line, " pv {}", pv.join(" "));
    }
    line
}

/// The answer to `YXSHOWFORBID`: `FORBID ` then `xxyy` for each point (two digits each, `y` from
/// the top), then `.`.
pub fn forbid_line(points: impl IntoIterator<Item = Point>, size: u8) -> String {
    let mut line = String::from("FORBID ");
    for p in points {
        let (x, y) = p.to_gomocup(size);
        let _ = write!(line, "{x:02}{y:02}");
    }
    line.push('.');
    line
}

/// The answer to `ABOUT`.
pub fn about_line(brain: &str) -> String {
    format!(
        "name=\"gomoku-rs\", version=\"{}\", author=\"The gomoku-rs developers\", country=\"-\", www=\"-\", email=\"-\", brain=\"{}\"",
        env!("CARGO_PKG_VERSION"),
        brain.replace('"', "'")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_ai::Score;
    use std::time::Duration;

    fn gp(x: u32, y: u32) -> Point {
        Point::from_gomocup(x, y, 15).unwrap()
    }

    #[test]
    fn the_budget_line_says_what_the_time_manager_decided() {
        let board = gomoku_rules::Board::new(15).unwrap();
        let limits = Limits {
            move_time: Some(Duration::from_millis(1_980)),
            time_left: Some(Duration::from_millis(10_000)),
            ..Limits::default()
        };
        assert_eq!(
            budget_line(&limits, &board, Rule::Freestyle).unwrap(),
            "MESSAGE budget 275 ms, at most 1102 ms (move time 1980 ms, match 10000 ms left, \
             3 ms overhead a move, about 35 moves to play)"
        );
        // A measured overhead of 12 ms a move keeps 113 x 12 ms back on the empty board.
        let measured = Limits {
            move_overhead: Some(Duration::from_millis(12)),
            ..limits.clone()
        };
        assert_eq!(
            budget_line(&measured, &board, Rule::Freestyle).unwrap(),
            "MESSAGE budget 246 ms, at most 986 ms (move time 1980 ms, match 10000 ms left, \
             12 ms overhead a move, about 35 moves to play)"
        );
        let turn_only = Limits::move_time(Duration::from_millis(300));
        assert_eq!(
            budget_line(&turn_only, &board, Rule::Freestyle).unwrap(),
            "MESSAGE budget 279 ms, at most 279 ms (move time 300 ms, about 35 moves to play)"
        );
        assert_eq!(
            budget_line(&Limits::default(), &board, Rule::Freestyle),
            None
        );
    }

    #[test]
    fn message_line_in_the_strong_engines_format() {
        let info = SearchInfo {
            depth: 12,
            seldepth: 20,
            score: Score(35),
            nodes: 512_034,
            time: Duration::from_millis(731),
            pv: vec![gp(7, 7), gp(8, 8), gp(9, 9)],
            multipv: 1,
        };
        assert_eq!(
            message_line(&info, 15),
            "MESSAGE depth 12-20 ev 35 n 512034 n/ms 700 tm 731 pv h8 i9 j10"
        );
        let mate = SearchInfo {
            score: Score::win_in(5),
            pv: vec![],
            multipv: 1,
            ..info
        };
        assert_eq!(
            message_line(&mate, 15),
            "MESSAGE depth 12-20 ev +M5 n 512034 n/ms 700 tm 731"
        );
        let second = SearchInfo {
            multipv: 2,
            score: Score(-20),
            pv: vec![gp(8, 7)],
            ..mate
        };
        assert_eq!(
            multipv_message_line(&second, 15),
            "MESSAGE depth 12-20 multipv 2 ev -20 n 512034 n/ms 700 tm 731 pv i8"
        );
    }

    #[test]
    fn forbid_and_moves_use_protocol_orientation() {
        assert_eq!(forbid_line([gp(7, 7), gp(9, 11)], 15), "FORBID 07070911.");
        assert_eq!(forbid_line([], 15), "FORBID .");
        assert_eq!(move_reply(gp(3, 12), 15), "3,12");
        assert_eq!(message_move(gp(3, 12), 15), "d13");
        assert_eq!(gp(3, 12).to_string(), "d3");
    }
}
