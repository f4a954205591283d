//! The evaluation graph of a game review as an SVG: Black's expected score after every move
//! ([`MoveReview::black_expected`]), with the inaccuracies, mistakes and blunders marked in
//! their colours. `gomoku analyze --plot` writes it to a file and the web board shows the same
//! markup under the board, so the two always agree.
//!
//! The markup is stable for tools and tests: the root is `<svg id="review">`; each move is a
//! `<g data-review-ply="N">` (from 1) holding a full-height column (the click target) and a
//! `<title>`, with `data-mark="inaccuracy|mistake|blunder"` where the move is marked; each
//! marked move also gets a circle in the mark's colour on the curve.

use std::fmt::Write;

use gomoku_ai::review::{Mark, MoveReview, Review};
use gomoku_rules::Color;

/// The graph's width in SVG units.
pub const WIDTH: f64 = 640.0;
/// The graph's height in SVG units.
pub const HEIGHT: f64 = 180.0;
const LEFT: f64 = 38.0;
const RIGHT: f64 = 10.0;
const TOP: f64 = 24.0;
const BOTTOM: f64 = 22.0;

/// The colour of a mark (yellow, orange, red).
pub fn mark_color(mark: Mark) -> &'static str {
    match mark {
        Mark::Inaccuracy => "#e3b821",
        Mark::Mistake => "#ee8a2a",
        Mark::Blunder => "#d8433a",
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// A move's tooltip: `12. h9 (White): mistake, best i10; Black 73%`.
fn title(m: &MoveReview) -> String {
    let mut text = format!("{}. {} ({})", m.ply, m.point, color_name(m.color));
    if let Some(mark) = m.mark {
        let _ = write!(text, ": {mark}");
    }
    if let Some(best) = m.best {
        let _ = write!(text, ", best {best}");
    }
    let _ = write!(text, "; Black {:.0}%", m.black_expected() * 100.0);
    text
}

/// The review's graph as a standalone SVG document (see the [module](self) documentation).
pub fn review_svg(review: &Review) -> String {
    let plies = review.moves.len().max(1) as f64;
    let (x0, x1) = (LEFT, WIDTH - RIGHT);
    let (y0, y1) = (TOP, HEIGHT - BOTTOM);
    let column = (x1 - x0) / plies;
    let x = |ply: usize| x0 + (ply as f64 - 0.5) * column;
    let y = |share: f64| y1 - share.clamp(0.0, 1.0) * (y1 - y0);
    let mid = y(0.5);
    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg id="review" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="Black's expected score after each move" font-family="sans-serif" font-size="11">"##
    );
    let _ = write!(
        svg,
        r##"<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" rx="6" fill="#22262d"/><rect x="{x0}" y="{y0}" width="{:.1}" height="{:.1}" fill="#f1eee6"/>"##,
        x1 - x0,
        y1 - y0
    );
    // Black's share as a dark area rising from the bottom, over White's light background.
    let mut area = format!("M{x0:.1},{y1:.1} L{x0:.1},{mid:.1}");
    let mut line = format!("M{x0:.1},{mid:.1}");
    for m in &review.moves {
        let (px, py) = (x(m.ply), y(m.black_expected()));
        let _ = write!(area, " L{px:.1},{py:.1}");
        let _ = write!(line, " L{px:.1},{py:.1}");
    }
    if let Some(last) = review.moves.last() {
        let _ = write!(area, " L{x1:.1},{:.1}", y(last.black_expected()));
        let _ = write!(line, " L{x1:.1},{:.1}", y(last.black_expected()));
    }
    let _ = write!(area, " L{x1:.1},{y1:.1} Z");
    let _ = write!(
        svg,
        r##"<path d="{area}" fill="#2b2f36"/><path d="{line}" fill="none" stroke="#e0a84e" stroke-width="1.6"/>"##
    );
    let _ = write!(
        svg,
        r##"<line x1="{x0}" y1="{mid:.1}" x2="{x1}" y2="{mid:.1}" stroke="#8a909a" stroke-dasharray="3 3" stroke-width="0.8"/>"##
    );
    for (share, label) in [(1.0, "100%"), (0.5, "50%"), (0.0, "0%")] {
        let _ = write!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" fill="#9aa1ab" text-anchor="end">{label}</text>"##,
            x0 - 4.0,
            y(share) + 4.0
        );
    }
    let _ = write!(
        svg,
        r##"<text x="{x0}" y="15" fill="#e6e8eb">Black's expected score</text>"##
    );
    let mut legend = x1;
    for mark in [Mark::Blunder, Mark::Mistake, Mark::Inaccuracy] {
        let name = mark.as_str();
        legend -= 8.0 + 6.5 * name.len() as f64;
        let _ = write!(
            svg,
            r##"<circle cx="{legend:.1}" cy="11" r="4" fill="{}"/><text x="{:.1}" y="15" fill="#9aa1ab">{name}</text>"##,
            mark_color(mark),
            legend + 6.0
        );
        legend -= 14.0;
    }
    let step = ((review.moves.len() as f64 / 12.0).ceil() as usize).max(1);
    let tick = if step <= 5 { 5 } else { 10 * step.div_ceil(10) };
    for m in review
        .moves
        .iter()
        .filter(|m| m.ply == 1 || m.ply % tick == 0)
    {
        let _ = write!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" fill="#9aa1ab" text-anchor="middle">{}</text>"##,
            x(m.ply),
            HEIGHT - 7.0,
            m.ply
        );
    }
    for m in &review.moves {
        let mark = m
            .mark
            .map_or(String::new(), |k| format!(r#" data-mark="{}""#, k.as_str()));
        let _ = write!(
            svg,
            r##"<g class="ply" data-review-ply="{}"{mark}><title>{}</title><rect x="{:.1}" y="{y0}" width="{:.2}" height="{:.1}" fill="transparent"/>"##,
            m.ply,
            title(m),
            x(m.ply) - column / 2.0,
            column,
            y1 - y0
        );
        if let Some(k) = m.mark {
            let _ = write!(
                svg,
                r##"<circle cx="{:.1}" cy="{:.1}" r="4.2" fill="{}" stroke="#22262d" stroke-width="1"/>"##,
                x(m.ply),
                y(m.black_expected()),
                mark_color(k)
            );
        }
        svg.push_str("</g>");
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_ai::Score;
    use gomoku_ai::review::PlayerSummary;

    fn reviewed(marks: &[Option<Mark>]) -> Review {
        let moves = marks
            .iter()
            .enumerate()
            .map(|(i, &mark)| MoveReview {
                ply: i + 1,
                point: gomoku_rules::Point::new_unchecked(i as u8, 0),
                color: if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                },
                score_before: Score(0),
                score_after: Score(if mark.is_some() { -2000 } else { 0 }),
                best: mark.map(|_| "h8".parse().unwrap()),
                loss: 0.0,
                mark,
                threw_away_win: false,
                allowed_win: false,
            })
            .collect();
        Review {
            moves,
            black: PlayerSummary::default(),
            white: PlayerSummary::default(),
        }
    }

    #[test]
    fn one_element_per_ply_and_marks_in_their_colours() {
        let review = reviewed(&[None, Some(Mark::Mistake), None, Some(Mark::Blunder)]);
        let svg = review_svg(&review);
        assert!(svg.starts_with(r#"<svg id="review" xmlns="http://www.w3.org/2000/svg""#));
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("data-review-ply=").count(), 4);
        assert!(svg.contains(r#"data-review-ply="2" data-mark="mistake""#));
        assert!(svg.contains(r#"data-review-ply="4" data-mark="blunder""#));
        assert!(svg.contains(r#"data-review-ply="3"><title>"#));
        assert_eq!(
            svg.matches(mark_color(Mark::Blunder)).count(),
            2,
            "legend and mark"
        );
        assert!(svg.contains("<title>2. b1 (White): mistake, best h8; Black 84%</title>"));
        // Well-formed enough: every opened group is closed.
        assert_eq!(svg.matches("<g ").count(), svg.matches("</g>").count());
    }

    #[test]
    fn an_empty_review_draws_an_empty_graph() {
        let svg = review_svg(&reviewed(&[]));
        assert!(!svg.contains("data-review-ply"));
        assert!(svg.contains("Black's expected score"));
    }
}
