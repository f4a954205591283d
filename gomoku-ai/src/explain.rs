//! Explain: the best moves of a position, with their scores and the threats each makes and
//! blocks, in words ("h8: makes an open four; blocks White's three on the j-file").

use std::fmt;

use gomoku_rules::{Board, Color, Direction, Point, Rule};

use crate::pattern::{Patterns, Shape};
use crate::player::{Limits, Player};
use crate::score::Score;
use crate::search::{Engine, WinFinder};
use crate::threat::{Budget, ThreatSolver};

/// Transposition table of the searches behind an explanation (bytes).
const EXPLAIN_HASH_BYTES: usize = 4 << 20;
/// Node budget of each threat search behind an explanation.
const EXPLAIN_THREAT_NODES: u64 = 200_000;

/// One threat a move makes or blocks: a shape along one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineThreat {
    /// The shape (for a block: what the opponent would make by playing there).
    pub shape: Shape,
    /// The line's direction.
    pub direction: Direction,
}

/// One candidate move, explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveExplanation {
    /// The move.
    pub point: Point,
    /// Its value for the side to move, from the multi-PV search of the given depth.
    pub score: Score,
    /// The threats the move makes (open three or better), strongest first.
    pub makes: Vec<LineThreat>,
    /// The opponent's threats the move blocks, by what the opponent would make on this point.
    pub blocks: Vec<LineThreat>,
    /// The explanation in words.
    pub text: String,
}

impl fmt::Display for MoveExplanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (score {})", self.text, self.score)
    }
}

/// The explained best moves of a position, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The side to move.
    pub side: Color,
    /// The candidates, best score first.
    pub moves: Vec<MoveExplanation>,
    /// A forced win of the side to move that the threat solver found (the shortest VCF, or a
    /// VCT): the line, its moves and the forced replies alternating.
    pub forced_win: Option<Vec<Point>>,
    /// The opponent's shortest VCF if it were its turn: the threat a defence must answer (its
    /// fours and the forced replies alternating).
    pub opponent_vcf: Option<Vec<Point>>,
}

impl Explanation {
    /// The threat-solver findings in words, one line each ("Black wins by force: h8 i9 h10";
    /// "White threatens to win by fours: ..."); empty when there are none.
    pub fn threat_lines(&self) -> Vec<String> {
        // The moves, and the length: both sides' moves (the winner's first and last).
        let line = |points: &[Point]| -> String {
            let moves: Vec<String> = points.iter().map(Point::to_string).collect();
            format!("{} ({} moves)", moves.join(" "), points.len())
        };
        let mut out = Vec::new();
        if let Some(win) = &self.forced_win {
            out.push(format!(
                "{} wins by force: {}",
                color_name(self.side),
                line(win)
            ));
        }
        if let Some(threat) = &self.opponent_vcf {
            out.push(format!(
                "{} threatens to win by fours: {}",
                color_name(!self.side),
                line(threat)
            ));
        }
        out
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in self.threat_lines() {
            writeln!(f, "{line}")?;
        }
        for m in &self.moves {
            writeln!(f, "{m}")?;
        }
        Ok(())
    }
}

/// Explains up to `count` of the best moves for the side to move on `board` under `rule`: one
/// multi-PV search `depth` plies deep ([`Limits::multi_pv`]; the move itself counts as one)
/// finds them, best first, with their scores, and each is described by the threats it makes
/// and blocks. Fewer come back when the search considers fewer moves (against a four, only the
/// block) or when a move wins at once. The threat solver adds the side to move's
/// forced win and the opponent's VCF, when it finds them within its budget.
///
/// ```
/// use gomoku_ai::explain;
/// use gomoku_rules::{Board, Rule};
/// let board: Board = "
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . O . . . .
///     . . . . O . . . .
///     . . X X O X . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .".parse().unwrap();
/// let explanation = explain(&board, Rule::Freestyle, 3, 2);
/// // Black must stop White's open three on the e-file.
/// assert!(explanation.moves[0].text.contains("blocks White's open three on the e-file"));
/// // The alternatives: three different moves, best first.
/// let moves = &explanation.moves;
/// assert_eq!(moves.len(), 3);
/// assert!(moves[0].point != moves[1].point && moves[1].point != moves[2].point);
/// assert!(moves[0].point != moves[2].point);
/// assert!(moves.windows(2).all(|w| w[0].score >= w[1].score));
/// ```
pub fn explain(board: &Board, rule: Rule, count: usize, depth: u32) -> Explanation {
    let side = board.side_to_move();
    let patterns = Patterns::new(board, rule);
    let mut moves = Vec::new();
    if count > 0 {
        let mut engine = Engine::new();
        engine.set_hash_bytes(EXPLAIN_HASH_BYTES);
        let limits = Limits {
            multi_pv: count,
            ..Limits::depth(depth.max(1))
        };
        let result = engine.choose(board, rule, &limits, &mut |_| {});
        moves = result
            .lines
            .iter()
            .take(count)
            .filter_map(|line| {
                let &p = line.pv.first()?;
                Some(describe(board, &patterns, p, line.score))
            })
            .collect();
    }
    let mut solver = ThreatSolver::new();
    let budget = Budget::nodes(EXPLAIN_THREAT_NODES);
    let forced_win = solver.find_win(board, rule, &budget, true).line;
    let opponent_vcf = solver
        .opponent_vcf(board, rule, &budget)
        .line()
        .map(<[Point]>::to_vec);
    Explanation {
        side,
        moves,
        forced_win,
        opponent_vcf,
    }
}

fn describe(board: &Board, patterns: &Patterns, p: Point, score: Score) -> MoveExplanation {
    let side = board.side_to_move();
    let threats = |color: Color| -> Vec<LineThreat> {
        let mut v: Vec<LineThreat> = Direction::ALL
            .into_iter()
            .map(|direction| LineThreat {
                shape: patterns.shape(p, color, direction),
                direction,
            })
            .filter(|t| t.shape.is_open_three_or_better())
            .collect();
        v.sort_by_key(|t| std::cmp::Reverse(t.shape));
        v
    };
    let makes = threats(side);
    let blocks: Vec<LineThreat> = threats(!side)
        .into_iter()
        .filter(|t| t.shape.is_four_or_better())
        .collect();
    let mut clauses = Vec::new();
    if makes.first().is_some_and(|t| t.shape == Shape::Five) {
        clauses.push("makes five and wins".to_string());
    } else if !makes.is_empty() {
        let fours = makes.iter().filter(|t| t.shape.is_four_or_better()).count();
        let threes = makes.len() - fours;
        let combo = match (fours, threes) {
            (f, _) if f >= 2 => Some("a double four"),
            (1, t) if t >= 1 => Some("a four-three"),
            (0, t) if t >= 2 => Some("a double three"),
            _ => None,
        };
        let parts: Vec<String> = makes
            .iter()
            .map(|t| format!("{} {}", t.shape, line_name(board, p, t.direction)))
            .collect();
        match combo {
            Some(c) => clauses.push(format!("makes {c} ({})", parts.join(" and "))),
            None => clauses.push(format!("makes {}", parts.join(" and "))),
        }
    }
    for t in &blocks {
        let what = match t.shape {
            Shape::Five => "four",
            Shape::OpenFour => "open three",
            _ => "three",
        };
        clauses.push(format!(
            "blocks {}'s {what} {}",
            color_name(!side),
            line_name(board, p, t.direction)
        ));
    }
    if clauses.is_empty() {
        clauses.push("builds up (no immediate threat)".to_string());
    }
    let text = format!("{p}: {}", clauses.join("; "));
    MoveExplanation {
        point: p,
        score,
        makes,
        blocks,
        text,
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// "on row 8", "on the j-file", "on the e1-o11 diagonal".
fn line_name(board: &Board, p: Point, dir: Direction) -> String {
    match dir {
        Direction::Horizontal => format!("on row {}", p.row() + 1),
        Direction::Vertical => {
            let letter: String = Point::new_unchecked(p.col(), 0)
                .to_string()
                .chars()
                .filter(|c| c.is_ascii_alphabetic())
                .collect();
            format!("on the {letter}-file")
        }
        Direction::Diagonal | Direction::AntiDiagonal => {
            let (dc, dr) = dir.step();
            let size = board.size();
            let mut start = p;
            while let Some(q) = start.offset(-dc, -dr, size) {
                start = q;
            }
            let mut end = p;
            while let Some(q) = end.offset(dc, dr, size) {
                end = q;
            }
            format!("on the {start}-{end} diagonal")
        }
    }
}
