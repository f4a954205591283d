//! Tactical positions the engine must solve, drawn as diagrams (X Black, O White; the side to
//! move is Black unless Black has more stones). `*` marks the expected move.

use std::time::{Duration, Instant};

use gomoku_ai::{Engine, Limits, Player, Score, SearchFeatures, StopFlag, TranspositionTable};
use gomoku_rules::{Board, Color, Point, Rule};

fn parse(diagram: &str) -> (Board, Vec<Point>) {
    let (board, marks) = Board::parse_diagram(diagram).unwrap();
    (board, marks.into_iter().map(|(p, _)| p).collect())
}

fn search(board: &Board, rule: Rule, depth: u32) -> (Point, Score) {
    let mut engine = Engine::new();
    engine.set_hash_bytes(4 << 20);
    let result = engine.choose(board, rule, &Limits::depth(depth), &mut |_| {});
    (result.best.unwrap(), result.info.score)
}

/// The same position with the colours swapped; `extra` gets a Black stone so that White moves.
fn swapped(board: &Board, extra: Point) -> Board {
    let mut out = Board::new(board.size() as u32).unwrap();
    for p in Point::all(board.size()) {
        if let Some(c) = board.get(p) {
            out.place(p, !c).unwrap();
        }
    }
    out.place(extra, Color::Black).unwrap();
    out.set_side_to_move(Color::White);
    out
}

const WIN_IN_ONE: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . O O O O . . .
    . . . . . . . . .
    . X X X X * . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . O . . . .";

#[test]
fn wins_in_one_under_every_rule() {
    let (board, marks) = parse(WIN_IN_ONE);
    for rule in Rule::ALL {
        let (best, score) = search(&board, rule, 3);
        // a4 completes the five too.
        assert!(
            best == marks[0] || best == "a4".parse().unwrap(),
            "{rule}: {best}"
        );
        assert_eq!(score, Score::win_in(1), "{rule}");
    }
}

#[test]
fn blocks_the_opponents_four() {
    // White's four b4-e4 is closed by Black's a4: f4 is the only block.
    let (board, marks) = parse(
        "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . X . . . . . .
    . . . X . . . . .
    X O O O O * . . .
    . . . . . X . . .
    . . . . . . . . .
    . . . . . . . . .",
    );
    assert_eq!(board.side_to_move(), Color::Black);
    for rule in Rule::ALL {
        let (best, score) = search(&board, rule, 3);
        assert_eq!(best, marks[0], "{rule}");
        assert!(!(score.is_mate() && score.0 < 0), "{rule}: {score}");
    }
}

#[test]
fn wins_with_an_open_four() {
    let (board, marks) = parse(
        "
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . O . O . . . .
    . . . . . . . . . . .
    . . * X X X . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . O . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .",
    );
    for rule in Rule::ALL {
        let (best, score) = search(&board, rule, 3);
        // Either end makes an open four; both win in three plies.
        assert!(
            best == marks[0] || best == "g6".parse().unwrap(),
            "{rule}: {best}"
        );
        assert_eq!(score, Score::win_in(3), "{rule}");
    }
}

/// Black to move has a four-three at `*` (a closed three on row 8 and an open two on the
/// k-file): k8 makes a four and an open three, and wins in five plies.
const FOUR_THREE: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . O . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . X . . . .
    . . . . . . . . . . X . . . .
    . . . . . . O X X X * . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . O .
    . O . . . . . . . . . . . . .
    . . . . . . . . . . . . . . O";

/// Black to move makes two fours at `*` (a closed three on row 8, another on the k-file).
const FOUR_FOUR: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . O . . . . . . . . . . . . .
    . . . . . . . . . . O . . . .
    . . . . . . . . . . X . . . .
    . . . . . . . . . . X . . . .
    . . . . . . . . . . X . . . .
    . . . . . . O X X X * . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . O .
    . O . . . . . . . . . . . . .
    . . . . . . . . . . . . . . O";

#[test]
fn finds_four_three_wins_under_every_rule() {
    let (board, marks) = parse(FOUR_THREE);
    let white_board = swapped(&board, "a15".parse().unwrap());
    for rule in Rule::ALL {
        let (best, score) = search(&board, rule, 3);
        assert_eq!(best, marks[0], "{rule} (Black)");
        assert_eq!(score, Score::win_in(5), "{rule} (Black)");
        let (best, score) = search(&white_board, rule, 3);
        assert_eq!(best, marks[0], "{rule} (White)");
        assert_eq!(score, Score::win_in(5), "{rule} (White)");
    }
}

/// Black to move: `*` makes two open threes (e5-e7 and c5-e5); White has nothing.
const DOUBLE_THREE: &str = "
    O . . . . . . . .
    . . . . . . . . .
    . . . . X . . . .
    . . . . X . . . .
    . . X X * . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    O . . . . . . O O";

/// The same with White's open three on the bottom row: a double three does not win against a
/// side that can make a four.
const DOUBLE_THREE_AGAINST_A_THREE: &str = "
    O . . . . . . . .
    . . . . . . . . .
    . . . . X . . . .
    . . . . X . . . .
    . . X X . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . O O O . . .";

/// A depth-1 search with neither the threat solver at the root nor the defence check: what it
/// sees of a double three it sees from the shapes alone.
fn shallow_search_without_solver(board: &Board, rule: Rule) -> (Point, Score) {
    let mut engine = Engine::new();
    engine.set_hash_bytes(4 << 20);
    engine.set_features(SearchFeatures {
        threat_search: false,
        threat_defence: false,
        ..SearchFeatures::default()
    });
    let result = engine.choose(board, rule, &Limits::depth(1), &mut |_| {});
    (result.best.unwrap(), result.info.score)
}

#[test]
fn a_double_three_wins_when_the_opponent_has_no_four_to_make() {
    let (board, marks) = parse(DOUBLE_THREE);
    let white_board = swapped(&board, "i5".parse().unwrap());
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        // A double three is a foul for Black under Renju.
        if rule != Rule::Renju {
            let (best, score) = shallow_search_without_solver(&board, rule);
            assert_eq!(best, marks[0], "{rule} (Black)");
            assert_eq!(score, Score::win_in(5), "{rule} (Black)");
        } else {
            let (_, score) = shallow_search_without_solver(&board, rule);
            assert!(!score.is_mate(), "{rule} (Black): {score:?}");
        }
        let (best, score) = shallow_search_without_solver(&white_board, rule);
        assert_eq!(best, marks[0], "{rule} (White)");
        assert_eq!(score, Score::win_in(5), "{rule} (White)");
    }
    let (board, _) = parse(DOUBLE_THREE_AGAINST_A_THREE);
    let (_, score) = shallow_search_without_solver(&board, Rule::Freestyle);
    assert!(!score.is_mate(), "{score:?}");
}

#[test]
fn finds_four_four_wins_where_allowed() {
    let (board, marks) = parse(FOUR_FOUR);
    let white_board = swapped(&board, "a15".parse().unwrap());
    for rule in Rule::ALL {
        // A 4-4 is a foul for Black under Renju; White may always play it.
        if rule != Rule::Renju {
            let (best, score) = search(&board, rule, 3);
            assert_eq!(best, marks[0], "{rule} (Black)");
            assert_eq!(score, Score::win_in(3), "{rule} (Black)");
        }
        let (best, score) = search(&white_board, rule, 3);
        assert_eq!(best, marks[0], "{rule} (White)");
        assert_eq!(score, Score::win_in(3), "{rule} (White)");
    }
}

#[test]
fn renju_black_cannot_defend_on_a_forbidden_point() {
    // White to move: e7 makes a four on the e-file (e3 is Black's) whose only defence, e8,
    // would give Black six in a row on row 8 (b8-g8): an overline, forbidden. White wins in 3.
    let (board, marks) = parse(
        "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . X X X . X X . . . . . . . .
    . . . . * . . . . . . . . . .
    . . . . O . . . . . . . . . .
    . . . . O . . . . . . . . O .
    . . . . O . . . . . . . . . .
    . . . . X . . . . . . . . . .
    . . . . . . . . . . . . . O .
    . . . . . . . . . . . . . . .",
    );
    assert_eq!(board.side_to_move(), Color::White);
    let (best, score) = search(&board, Rule::Renju, 3);
    assert_eq!(best, marks[0]);
    assert_eq!(score, Score::win_in(3));
}

/// A quiet 15x15 middle game (no immediate threats), as moves from the empty board.
const MIDGAME: &str = "h8 i9 i8 g8 j7 k6 h9 h7 g10 f11 j9 j8 k10 l11 h10 i10";

fn midgame() -> Board {
    gomoku_rules::Game::from_move_string(15, Rule::Freestyle, MIDGAME)
        .unwrap()
        .board()
        .clone()
}

#[test]
fn stops_within_its_time_limit() {
    let board = midgame();
    let mut engine = Engine::new();
    engine.set_hash_bytes(8 << 20);
    for (move_time, time_left) in [(Some(150), None), (None, Some(3000)), (Some(100), Some(50))] {
        let limits = Limits {
            move_time: move_time.map(Duration::from_millis),
            time_left: time_left.map(Duration::from_millis),
            ..Limits::default()
        };
        let budget = [move_time, time_left.map(|t| t / 20)]
            .into_iter()
            .flatten()
            .min()
            .unwrap();
        let start = Instant::now();
        let result = engine.choose(&board, Rule::Freestyle, &limits, &mut |_| {});
        let elapsed = start.elapsed();
        assert!(board.is_empty_at(result.best.unwrap()));
        // Generous slack: the machine running the tests may be busy.
        assert!(
            elapsed < Duration::from_millis(budget + 400),
            "{elapsed:?} for a budget of {budget} ms"
        );
    }
}

#[test]
fn a_raised_stop_flag_answers_at_once_with_a_legal_move() {
    let board = midgame();
    let stop = StopFlag::new();
    stop.stop();
    let limits = Limits {
        stop,
        ..Limits::default()
    };
    let mut engine = Engine::new();
    let start = Instant::now();
    let result = engine.choose(&board, Rule::Freestyle, &limits, &mut |_| {});
    assert!(start.elapsed() < Duration::from_secs(1));
    assert!(board.is_empty_at(result.best.unwrap()));
}

#[test]
fn node_limits_are_respected_and_results_are_deterministic() {
    let board = midgame();
    let limits = Limits {
        max_nodes: Some(30_000),
        ..Limits::default()
    };
    let mut infos = Vec::new();
    let mut results = Vec::new();
    for _ in 0..2 {
        let mut engine = Engine::new();
        engine.set_hash_bytes(4 << 20);
        let mut reports = Vec::new();
        let r = engine.choose(&board, Rule::Standard, &limits, &mut |i| {
            reports.push(i.clone())
        });
        assert!(r.info.nodes <= 30_000, "{}", r.info.nodes);
        assert!(!reports.is_empty());
        // Reports come after each iteration, deeper each time, and their PV starts legally.
        assert!(reports.windows(2).all(|w| w[0].depth < w[1].depth));
        assert!(
            reports
                .iter()
                .all(|i| i.pv.first().is_some_and(|&p| board.is_empty_at(p)))
        );
        infos.push(reports);
        results.push((r.best, r.info.score, r.info.nodes, r.info.pv));
    }
    assert_eq!(results[0], results[1]);
    assert_eq!(
        infos[0]
            .iter()
            .map(|i| (i.depth, i.score, i.nodes))
            .collect::<Vec<_>>(),
        infos[1]
            .iter()
            .map(|i| (i.depth, i.score, i.nodes))
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_lost_position_is_reported_and_still_defended() {
    // Black to move faces White's open four (c5-f5, open at both ends): lost whatever it does
    // (its own four c3/e3 comes too late). It reports the loss and still blocks one end.
    let (board, _) = parse(
        "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . O O O O . . .
    . . . . . . . . .
    . X . X . X . . .
    . . . . . . . . .
    . . . X . . . . .",
    );
    let (best, score) = search(&board, Rule::Freestyle, 3);
    assert_eq!(score, Score::loss_in(2));
    let ends: [Point; 2] = ["b5".parse().unwrap(), "g5".parse().unwrap()];
    assert!(ends.contains(&best), "{best}");
}

#[test]
fn a_memory_limit_shrinks_the_transposition_table() {
    let mut engine = Engine::new();
    assert_eq!(engine.hash_bytes(), gomoku_ai::params::DEFAULT_HASH_BYTES);
    let limits = Limits {
        max_memory: Some(20 << 20),
        max_depth: Some(2),
        ..Limits::default()
    };
    let r = engine.choose(&midgame(), Rule::Freestyle, &limits, &mut |_| {});
    assert!(r.best.is_some());
    assert!(engine.hash_bytes() <= 8 << 20, "{}", engine.hash_bytes());
    assert!(engine.hash_bytes() >= gomoku_ai::params::MIN_HASH_BYTES);
}

#[test]
fn the_transposition_table_follows_the_move_time_unless_set() {
    let timed = |ms: u64| Limits {
        move_time: Some(Duration::from_millis(ms)),
        max_depth: Some(2),
        ..Limits::default()
    };
    let mut engine = Engine::new();
    let search = |engine: &mut Engine, limits: &Limits| {
        let r = engine.choose(&midgame(), Rule::Freestyle, limits, &mut |_| {});
        assert!(r.best.is_some());
        engine.hash_bytes()
    };
    // A short move gets a table that fits its nodes...
    let short = search(&mut engine, &timed(100));
    assert!(short < gomoku_ai::params::DEFAULT_HASH_BYTES, "{short}");
    assert_eq!(
        short,
        TranspositionTable::bytes_for_move_time(Some(Duration::from_millis(90)), 1)
    );
    // ... kept when the next move's time is about the same (as a match clock runs down) ...
    assert_eq!(search(&mut engine, &timed(150)), short);
    // ... and a long move the full size.
    let long = search(&mut engine, &timed(10_000));
    assert_eq!(long, gomoku_ai::params::DEFAULT_HASH_BYTES);
    // A size set by the user stays whatever the time.
    engine.set_hash_bytes(2 << 20);
    assert_eq!(search(&mut engine, &timed(10_000)), 2 << 20);
    assert_eq!(search(&mut engine, &timed(10)), 2 << 20);
}
