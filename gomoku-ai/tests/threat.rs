//! Threat-space search (VCF and VCT): puzzle positions and diagrams, every winning line checked
//! move by move by a slow, independent checker built on `Rule::winning_line` and
//! `renju::forbidden`.

use gomoku_ai::WinFinder;
use gomoku_ai::threat::{self, Budget, ThreatResult, ThreatSolver};
use gomoku_rules::{Board, Color, Direction, Point, Rule, renju};

// ---------------------------------------------------------------------------------------------
// The checker: slow and obviously correct.

/// Whether `color` on the empty point `q` completes a win.
fn wins_at(board: &Board, rule: Rule, color: Color, q: Point) -> bool {
    let mut b = board.clone();
    b.place(q, color).unwrap();
    rule.winning_line(&b, q).is_some()
}

/// Every empty point where `color` would complete a win.
fn fives(board: &Board, rule: Rule, color: Color) -> Vec<Point> {
    board
        .empty_points()
        .iter()
        .filter(|&q| wins_at(board, rule, color, q))
        .collect()
}

/// The empty points of the lines through `q` within four points where `color` would win.
fn fives_near(board: &Board, rule: Rule, color: Color, q: Point) -> Vec<Point> {
    let mut out = Vec::new();
    for dir in Direction::ALL {
        let (dc, dr) = dir.step();
        for k in -4..=4 {
            if let Some(e) = q.offset(dc * k, dr * k, board.size())
                && board.get(e).is_none()
                && !out.contains(&e)
                && wins_at(board, rule, color, e)
            {
                out.push(e);
            }
        }
    }
    out
}

/// Whether `color` may play on `q`: an empty point, and not a foul for Black under Renju (a
/// five is never a foul).
fn legal(board: &Board, rule: Rule, color: Color, q: Point) -> bool {
    board.is_empty_at(q)
        && (rule != Rule::Renju
            || color == Color::White
            || wins_at(board, rule, color, q)
            || renju::forbidden(board, q).is_none())
}

/// Brute force: whether `attacker` (to move on `board`) wins by at most `depth` fours.
fn slow_vcf(board: &mut Board, rule: Rule, attacker: Color, depth: u32) -> bool {
    if !fives(board, rule, attacker).is_empty() {
        return true;
    }
    let theirs = fives(board, rule, !attacker);
    if depth == 0 || theirs.len() >= 2 {
        return false;
    }
    let candidates: Vec<Point> = if theirs.is_empty() {
        board.empty_points().iter().collect()
    } else {
        theirs
    };
    for q in candidates {
        if !legal(board, rule, attacker, q) {
            continue;
        }
        board.place(q, attacker).unwrap();
        let eyes = fives_near(board, rule, attacker, q);
        let won = match eyes.as_slice() {
            [] => false,
            [e] if legal(board, rule, !attacker, *e) => {
                board.place(*e, !attacker).unwrap();
                let won = rule.winning_line(board, *e).is_none()
                    && slow_vcf(board, rule, attacker, depth - 1);
                board.remove(*e);
                won
            }
            _ => true,
        };
        board.remove(q);
        if won {
            return true;
        }
    }
    false
}

#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Every attacking move is a four.
    Vcf,
    /// Every attacking move is a four or threatens a VCF of at most this many fours.
    Vct(u32),
}

/// Replays `line` from `board` (the attacker to move) and checks that it is a win: every move
/// legal; the attacker answers every defender four; each attacking move a four (or, for VCT, a
/// threat); each defence after a four the forced block; at most `limit` attacking moves before
/// the end; the end a five, or a four whose every block is a foul for Black.
fn check_line(
    board: &Board,
    rule: Rule,
    line: &[Point],
    mode: Mode,
    limit: u32,
) -> Result<(), String> {
    let attacker = board.side_to_move();
    let mut b = board.clone();
    let mut attacks = 0;
    for (i, &m) in line.iter().enumerate() {
        let last = i + 1 == line.len();
        let mover = b.side_to_move();
        if !legal(&b, rule, mover, m) {
            return Err(format!("move {} ({m}) is not legal", i + 1));
        }
        if mover == attacker {
            let theirs = fives(&b, rule, !attacker);
            b.play_unchecked(m);
            if rule.winning_line(&b, m).is_some() {
                return if last {
                    Ok(())
                } else {
                    Err(format!("five at {m} before the end"))
                };
            }
            if !theirs.is_empty() && !theirs.contains(&m) {
                return Err(format!("{m} ignores the defender's four"));
            }
            attacks += 1;
            if attacks > limit {
                return Err(format!("more than {limit} attacking moves"));
            }
            let eyes = fives(&b, rule, attacker);
            if eyes.is_empty() {
                match mode {
                    Mode::Vcf => return Err(format!("{m} is not a four")),
                    Mode::Vct(threat_depth) => {
                        let mut passed = b.clone();
                        passed.set_side_to_move(attacker);
                        let depth = threat_depth.min(limit - attacks);
                        if !slow_vcf(&mut passed, rule, attacker, depth) {
                            return Err(format!("{m} is neither a four nor a threat"));
                        }
                    }
                }
            }
            if last {
                let blockable = eyes.is_empty()
                    || eyes.len() > 1
                    || eyes.iter().any(|&e| legal(&b, rule, !attacker, e));
                return if blockable {
                    Err("the line ends without a five".into())
                } else {
                    Ok(())
                };
            }
        } else {
            if !fives(&b, rule, mover).is_empty() {
                return Err(format!("the defender could five instead of {m}"));
            }
            let eyes = fives(&b, rule, attacker);
            if eyes.len() == 1 && eyes[0] != m {
                return Err(format!("{m} does not block the four at {}", eyes[0]));
            }
            b.play_unchecked(m);
            if last {
                return Err("the line ends with a defence".into());
            }
        }
    }
    Err("empty line".into())
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn line_string(line: &[Point]) -> String {
    line.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

// ---------------------------------------------------------------------------------------------
// The puzzles (renju-note/quintet `benches/cases/`, MIT: see tests/data/threat/LICENSE).

struct Puzzle {
    name: &'static str,
    board: Board,
    vct: bool,
    limit: u32,
    threat_limit: u32,
    proven: bool,
}

fn puzzle(name: &'static str, text: &str) -> Puzzle {
    let mut mode = "";
    let mut attacker = Color::Black;
    let mut limit = 0;
    let mut threat_limit = 0;
    let mut proven = false;
    let mut rows = Vec::new();
    let mut in_board = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if in_board {
            // The puzzles write `o` for Black and `x` for White; diagrams here use X and O.
            rows.push(line.replace('o', "B").replace('x', "O").replace('B', "X"));
            continue;
        }
        let (key, value) = line.split_once(':').unwrap();
        let value = value.trim();
        match key {
            "mode" => mode = if value == "vcf" { "vcf" } else { "vct" },
            "attacker" => {
                attacker = if value == "o" {
                    Color::Black
                } else {
                    Color::White
                }
            }
            "limit" => limit = value.parse().unwrap(),
            "threat_limit" => threat_limit = value.parse().unwrap(),
            "expect" => proven = value != "disproven",
            "board" => in_board = true,
            _ => {}
        }
    }
    let mut board: Board = rows.join("\n").parse().unwrap();
    board.set_side_to_move(attacker);
    Puzzle {
        name,
        board,
        vct: mode == "vct",
        limit,
        threat_limit,
        proven,
    }
}

/// Far more than any puzzle needs (the slowest, vct_black_long, takes 1.9M nodes); the quick
/// ones stop far below it.
const PUZZLE_NODES: u64 = 30_000_000;

fn solve_puzzle(name: &'static str, text: &str) {
    let pz = puzzle(name, text);
    let budget = Budget::nodes(PUZZLE_NODES)
        .with_depth(pz.limit as u8)
        .with_threat_depth(pz.threat_limit as u8);
    let mut solver = ThreatSolver::new();
    let start = std::time::Instant::now();
    let result = if pz.vct {
        solver.vct(&pz.board, Rule::Renju, &budget)
    } else {
        solver.vcf(&pz.board, Rule::Renju, &budget)
    };
    println!(
        "{}: {} nodes, {} ms, {:?}",
        pz.name,
        solver.nodes(),
        start.elapsed().as_millis(),
        result.line().map(line_string)
    );
    let mode = if pz.vct {
        Mode::Vct(pz.threat_limit)
    } else {
        Mode::Vcf
    };
    match (&result, pz.proven) {
        (ThreatResult::Win(line), true) => {
            if let Err(e) = check_line(&pz.board, Rule::Renju, line, mode, pz.limit) {
                panic!("{}: invalid line {}: {e}", pz.name, line_string(line));
            }
        }
        (ThreatResult::Win(line), false) => {
            panic!(
                "{}: claims a win that does not exist: {}",
                pz.name,
                line_string(line)
            )
        }
        (other, true) => panic!(
            "{}: not solved: {other:?} after {} nodes",
            pz.name,
            solver.nodes()
        ),
        (_, false) => {}
    }
}

macro_rules! puzzles {
    ($($(#[$attr:meta])* $name:ident),* $(,)?) => {
        $(
            #[test]
            $(#[$attr])*
            fn $name() {
                solve_puzzle(
                    stringify!($name),
                    include_str!(concat!("data/threat/", stringify!($name), ".txt")),
                );
            }
        )*
    };
}

mod puzzles {
    use super::solve_puzzle;
    puzzles!(
        vcf_black,
        vcf_black_short,
        vcf_counter,
        vcf_long,
        vcf_white,
        vcf_white_short,
        vct_black,
        #[ignore = "slow: 6-9 s (1.9M nodes) with the test profile on 2 shared cores"]
        vct_black_long,
        vct_black_short,
        vct_counter,
        vct_dual_forbiddens,
        vct_forbidden_breaker,
        vct_fukumi,
        vct_fukumi_threat2,
        vct_game_black_l03_1,
        vct_game_black_l03_1_short,
        vct_game_black_l07_1,
        vct_game_black_l10_2,
        vct_game_white_l05_1,
        vct_game_white_l08_4,
    );
}

// ---------------------------------------------------------------------------------------------
// Diagrams of our own: X Black, O White, top row first.

fn vcf_line(board: &Board, rule: Rule) -> Vec<Point> {
    match threat::vcf(board, rule, &Budget::default()) {
        ThreatResult::Win(line) => {
            if let Err(e) = check_line(board, rule, &line, Mode::Vcf, 100) {
                panic!("invalid line {}: {e}", line_string(&line));
            }
            line
        }
        other => panic!("no VCF found: {other:?}"),
    }
}

/// Black's four on e5 (eye f5) would set up the three e5-e7-e8, but White's block on f5
/// makes a four (f5-f8, eye f4) and f4 is no four for Black: no VCF.
const COUNTER_FOUR: &str = "
    . . . . . X . . .
    . . . . X O . . .
    . . . . X O . . .
    . . . . . O . . .
    O X X X . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    O O . . . . . . .";

#[test]
fn a_block_that_makes_a_four_must_be_answered() {
    let board: Board = COUNTER_FOUR.parse().unwrap();
    assert_eq!(board.side_to_move(), Color::Black);
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Caro] {
        assert_eq!(
            threat::vcf(&board, rule, &Budget::default()),
            ThreatResult::NoWin,
            "{rule}"
        );
    }
    // The slow checker agrees that no VCF of up to three fours exists.
    assert!(!slow_vcf(
        &mut board.clone(),
        Rule::Freestyle,
        Color::Black,
        3
    ));
}

#[test]
fn a_counter_four_answered_by_a_four() {
    // As COUNTER_FOUR, plus Black g3 and h2: f4, the answer to White's four, now makes the
    // straight four e5-f4-g3-h2.
    let board: Board = "
        . . . . . X . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . . O . . .
        O X X X . . . . .
        . . . . . . . . .
        . . . . . . X . .
        O . . . . . . X .
        O O . . . . . . ."
        .parse()
        .unwrap();
    let mut board = board;
    board.set_side_to_move(Color::Black);
    // Under Renju e5 is a foul (besides the four it makes two threes, e5-e7-e8 and
    // e5-g3-h2): Black has no VCF.
    assert_eq!(
        threat::vcf(&board, Rule::Renju, &Budget::default()),
        ThreatResult::NoWin
    );
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Caro] {
        let line = vcf_line(&board, rule);
        assert_eq!(
            line[..3],
            [p("e5"), p("f5"), p("f4")],
            "{rule}: {}",
            line_string(&line)
        );
        assert_eq!(line.len(), 5, "{rule}");
    }
}

#[test]
fn the_attacker_must_block_a_four_on_the_board() {
    // White (O) to move has an open three, but Black has a four: White's only move is the
    // block f1, which is no four, so White has no VCF; Black, if it were its move, fives.
    let board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        . . O O O . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O X X X X . . . .
        "
    .parse()
    .unwrap();
    let mut board = board;
    board.set_side_to_move(Color::White);
    assert_eq!(
        threat::vcf(&board, Rule::Freestyle, &Budget::default()),
        ThreatResult::NoWin
    );
    assert_eq!(
        threat::opponent_vcf(&board, Rule::Freestyle, &Budget::default()),
        ThreatResult::Win(vec![p("f1")])
    );
}

#[test]
fn overlines_and_blocked_fives_follow_the_rule() {
    // Black fills d5 for six in a row: a win in freestyle and caro, nothing in standard, where
    // h5 (eye i5) and i5 (eye h5) are Black's only fours and lead nowhere.
    let mut board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X . X X X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . O . .
        O O . . . . . . ."
        .parse()
        .unwrap();
    board.set_side_to_move(Color::Black);
    let budget = Budget::default();
    assert_eq!(
        threat::vcf(&board, Rule::Freestyle, &budget),
        ThreatResult::Win(vec![p("d5")])
    );
    assert_eq!(
        threat::vcf(&board, Rule::Caro, &budget),
        ThreatResult::Win(vec![p("d5")])
    );
    assert_eq!(
        threat::vcf(&board, Rule::Standard, &budget),
        ThreatResult::NoWin
    );
    assert_eq!(
        threat::vcf(&board, Rule::Renju, &budget),
        ThreatResult::NoWin
    );

    // Caro: a five closed by White at both ends does not win.
    let caro: Board = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O X X X X . O . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O . . X . . . ."
        .parse()
        .unwrap();
    let mut caro = caro;
    caro.set_side_to_move(Color::Black);
    assert_eq!(
        threat::vcf(&caro, Rule::Freestyle, &Budget::default()),
        ThreatResult::Win(vec![p("f5")])
    );
    assert_eq!(
        threat::vcf(&caro, Rule::Caro, &Budget::default()),
        ThreatResult::NoWin
    );
}

#[test]
fn simple_vcfs_in_every_rule() {
    // Black: c2 d2 e2 closed by b2, and the open three f4 f5 f6.
    let mut board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . X . . .
        . . . . . X . . .
        . . . . . X . . .
        . . . . . . . . .
        . O X X X . . . .
        O O . . . O . . ."
        .parse()
        .unwrap();
    board.set_side_to_move(Color::Black);
    let line = vcf_line(&board, Rule::Freestyle);
    assert!(line.len() >= 3);
    vcf_line(&board, Rule::Standard);
    vcf_line(&board, Rule::Renju);
    vcf_line(&board, Rule::Caro);
}

#[test]
fn vct_finds_the_double_three_and_respects_the_budget() {
    let board: Board = "
        . . . . . . . . .
        . . . . . X . . .
        . . . . . X . . .
        . . . . . . . . .
        . . . X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O . . . . . . .
        O O . . . . . . ."
        .parse()
        .unwrap();
    assert_eq!(
        threat::vcf(&board, Rule::Freestyle, &Budget::default()),
        ThreatResult::NoWin
    );
    let budget = Budget::default().with_depth(3).with_threat_depth(1);
    let ThreatResult::Win(line) = threat::vct(&board, Rule::Freestyle, &budget) else {
        panic!("no VCT");
    };
    if let Err(e) = check_line(&board, Rule::Freestyle, &line, Mode::Vct(1), 3) {
        panic!("invalid line {}: {e}", line_string(&line));
    }
    // One attacking move is not enough; and a tiny node budget gives up cleanly.
    let one = Budget::default().with_depth(1).with_threat_depth(1);
    assert_eq!(
        threat::vct(&board, Rule::Freestyle, &one),
        ThreatResult::NoWin
    );
    assert_eq!(
        threat::vct(&board, Rule::Freestyle, &Budget::nodes(3)),
        ThreatResult::Unknown
    );
}

#[test]
fn the_checker_rejects_bad_lines() {
    let board: Board = COUNTER_FOUR.parse().unwrap();
    // Ignoring White's four on f4 is not a win.
    let naive = [p("e5"), p("f5"), p("e6"), p("e4"), p("e9")];
    assert!(check_line(&board, Rule::Freestyle, &naive, Mode::Vcf, 10).is_err());
    // A defence elsewhere than the block is refused.
    let wrong_block = [p("e5"), p("g1"), p("f5")];
    assert!(check_line(&board, Rule::Freestyle, &wrong_block, Mode::Vcf, 10).is_err());
    // A line that stops before the five is refused.
    assert!(check_line(&board, Rule::Freestyle, &[p("e5"), p("f5")], Mode::Vcf, 10).is_err());
}

/// A small deterministic generator (xorshift) for reproducible random positions.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 32) % n
    }

    /// A random 9x9 position with no five to make for either side, `attacker` to move: each
    /// point Black with `percent` percent chance, White with as much. `None` when a side could
    /// five at once.
    fn position(&mut self, rule: Rule, percent: u64, attacker: Color) -> Option<Board> {
        let mut board = Board::new(9).unwrap();
        for p in Point::all(9) {
            let roll = self.below(100);
            if roll < percent {
                board.place(p, Color::Black).unwrap();
            } else if roll < 2 * percent {
                board.place(p, Color::White).unwrap();
            }
        }
        board.set_side_to_move(attacker);
        let quiet = Color::ALL
            .iter()
            .all(|&c| fives(&board, rule, c).is_empty());
        quiet.then_some(board)
    }
}

/// The VCF returned is the shortest: on random positions, the brute-force search finds no VCF
/// with one four fewer than the line has, in freestyle and Renju.
#[test]
fn the_vcf_found_is_the_shortest() {
    let mut rng = XorShift(0x1234_5678_9ABC_DEF1);
    let mut longer_than_one = 0;
    for round in 0..300 {
        let rule = if round % 2 == 0 {
            Rule::Freestyle
        } else {
            Rule::Renju
        };
        let attacker = if round % 4 < 2 {
            Color::Black
        } else {
            Color::White
        };
        let Some(board) = rng.position(rule, 14, attacker) else {
            continue;
        };
        let mut solver = ThreatSolver::new();
        let ThreatResult::Win(line) = solver.vcf(&board, rule, &Budget::default()) else {
            continue;
        };
        assert!(solver.proven_shortest());
        if let Err(e) = check_line(&board, rule, &line, Mode::Vcf, 100) {
            panic!("invalid line {}: {e}", line_string(&line));
        }
        // Attacking moves before the five; all of them when the line ends with a four whose
        // block is a foul.
        let mut end = board.clone();
        for &m in &line {
            end.play_unchecked(m);
        }
        let last = *line.last().unwrap();
        let fours = if rule.winning_line(&end, last).is_some() {
            line.len() / 2
        } else {
            line.len().div_ceil(2)
        } as u32;
        if fours > 3 {
            continue;
        }
        if fours >= 2 {
            longer_than_one += 1;
        }
        assert!(
            slow_vcf(&mut board.clone(), rule, attacker, fours.max(1)),
            "{rule}: the brute force misses {} on\n{board}",
            line_string(&line)
        );
        if fours >= 1 {
            assert!(
                !slow_vcf(&mut board.clone(), rule, attacker, fours - 1),
                "{rule}: a VCF shorter than {} exists on\n{board}",
                line_string(&line)
            );
        }
    }
    assert!(
        longer_than_one >= 5,
        "{longer_than_one} lines of two or more fours"
    );
}

/// The solver's defences are complete: on random positions where it proves a VCT that starts
/// with a quiet threat, EVERY legal answer of the defender (not only the ones the solver
/// tried, and never a point forbidden to Black) still loses to a VCT with one attacking move
/// fewer. Under Renju this covers answers that change one of Black's fouls from afar.
#[test]
fn every_answer_to_a_proven_threat_loses() {
    let mut rng = XorShift(0x0DDB_1A5E_5BAD_5EED);
    let mut threats = 0;
    let mut answers = 0;
    for round in 0..400 {
        let rule = if round % 3 == 0 {
            Rule::Freestyle
        } else {
            Rule::Renju
        };
        let attacker = if round % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let Some(board) = rng.position(rule, 12, attacker) else {
            continue;
        };
        let depth = 3;
        let budget = Budget::nodes(200_000)
            .with_depth(depth)
            .with_threat_depth(1);
        let ThreatResult::Win(line) = threat::vct(&board, rule, &budget) else {
            continue;
        };
        if let Err(e) = check_line(&board, rule, &line, Mode::Vct(1), depth as u32) {
            panic!("invalid line {}: {e}", line_string(&line));
        }
        let mut after = board.clone();
        after.play_unchecked(line[0]);
        if !fives(&after, rule, attacker).is_empty() {
            continue; // a four, not a quiet threat
        }
        threats += 1;
        let mut solver = ThreatSolver::new();
        for d in after.empty_points() {
            if !legal(&after, rule, !attacker, d) {
                continue;
            }
            let mut answered = after.clone();
            answered.play_unchecked(d);
            answers += 1;
            let rest = Budget::nodes(200_000)
                .with_depth(depth - 1)
                .with_threat_depth(1);
            let result = solver.vct(&answered, rule, &rest);
            assert!(
                result.is_win(),
                "{rule}: {} answered by {d} gives {result:?} on\n{board}",
                line[0]
            );
        }
    }
    println!("{threats} quiet threats, {answers} answers");
    assert!(threats >= 10, "{threats} quiet threats");
}

/// Found by `every_answer_to_a_proven_threat_loses` with the Renju foul zones left out of the
/// defences: White's f6 threatens d6, a four whose only block e6 is a double-three for Black
/// (e4 . e6 e7 and d5 e6 . g8). Black's f7, on no line of d6, refutes it: it makes e6 a
/// four-three, a legal block. The solver must try it, and so must not play f6.
#[test]
fn an_answer_that_changes_a_foul_is_tried() {
    let mut board: Board = "
        . . . . . . X . .
        . . . . . . X . O
        . . . . X . . . .
        . . O . . . O . .
        O . . X . . . . .
        . . . . X O . . .
        . . . O . O . . X
        . . . . . . . X .
        . . . . . . . X ."
        .parse()
        .unwrap();
    board.set_side_to_move(Color::White);
    let mut answered = board.clone();
    answered.play_unchecked(p("f6"));
    answered.play_unchecked(p("f7"));
    let rest = Budget::default().with_depth(2).with_threat_depth(1);
    assert_eq!(
        threat::vct(&answered, Rule::Renju, &rest),
        ThreatResult::NoWin
    );
    let budget = Budget::default().with_depth(3).with_threat_depth(1);
    let result = threat::vct(&board, Rule::Renju, &budget);
    assert_ne!(result.best_move(), Some(p("f6")), "{result:?}");
    if let ThreatResult::Win(line) = &result
        && let Err(e) = check_line(&board, Rule::Renju, line, Mode::Vct(1), 3)
    {
        panic!("invalid line {}: {e}", line_string(line));
    }
}

/// The engine's root call uses the VCT under Renju too: on a Renju puzzle with no VCF, the
/// solver as the engine's [`WinFinder`] finds the win at the root (and not at a leaf, where
/// only VCF is tried).
#[test]
fn the_engine_hook_uses_the_vct_under_renju() {
    let pz = puzzle(
        "vct_game_black_l03_1",
        include_str!("data/threat/vct_game_black_l03_1.txt"),
    );
    let budget = Budget::nodes(20_000);
    assert!(!threat::vcf(&pz.board, Rule::Renju, &budget).is_win());
    let mut solver = ThreatSolver::new();
    let root = solver.find_win(&pz.board, Rule::Renju, &budget, true);
    let line = root.line.expect("a VCT at the root");
    if let Err(e) = check_line(&pz.board, Rule::Renju, &line, Mode::Vct(2), 40) {
        panic!("invalid line {}: {e}", line_string(&line));
    }
    assert!(root.nodes > 0);
    let leaf = ThreatSolver::new().find_win(&pz.board, Rule::Renju, &budget, false);
    assert_eq!(leaf.line, None);
}

/// A small memory budget gives the same answers (the tables forget, the proofs stay right),
/// and the tables survive between calls: the same question again costs fewer nodes.
#[test]
fn small_memory_budgets_and_tables_kept_between_calls() {
    for (name, text) in [
        (
            "vct_fukumi_threat2",
            include_str!("data/threat/vct_fukumi_threat2.txt"),
        ),
        (
            "vct_game_white_l05_1",
            include_str!("data/threat/vct_game_white_l05_1.txt"),
        ),
    ] {
        let pz = puzzle(name, text);
        let budget = Budget::nodes(PUZZLE_NODES)
            .with_depth(pz.limit as u8)
            .with_threat_depth(pz.threat_limit as u8);
        let mut roomy = ThreatSolver::new();
        let expected = roomy.vct(&pz.board, Rule::Renju, &budget);
        let first = roomy.nodes();
        assert_eq!(expected.is_win(), pz.proven, "{name}");
        let again = roomy.vct(&pz.board, Rule::Renju, &budget);
        assert_eq!(again.is_win(), pz.proven, "{name}");
        assert!(
            roomy.nodes() < first,
            "{name}: {} then {first}",
            roomy.nodes()
        );

        let mut tight = ThreatSolver::with_memory_budget(64 << 10);
        assert_eq!(tight.memory_budget(), 64 << 10);
        let result = tight.vct(&pz.board, Rule::Renju, &budget);
        assert_eq!(result.is_win(), pz.proven, "{name} in 64 KiB: {result:?}");
        if let ThreatResult::Win(line) = &result
            && let Err(e) = check_line(
                &pz.board,
                Rule::Renju,
                line,
                Mode::Vct(pz.threat_limit),
                pz.limit,
            )
        {
            panic!("{name} in 64 KiB: invalid line {}: {e}", line_string(line));
        }
        tight.set_memory_budget(1 << 20);
        assert_eq!(tight.memory_budget(), 1 << 20);
    }
}
