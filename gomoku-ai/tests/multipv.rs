//! Multi-PV through the full engine: distinct, sorted, legal lines, reported after every
//! iteration; one line behaves exactly as the plain search.

use std::collections::HashSet;
use std::time::Duration;

use gomoku_ai::{Engine, Limits, Player, Score, SearchInfo, SearchResult};
use gomoku_rules::{Board, Color, Point, Rule, renju};
use proptest::prelude::*;

/// A position of `stones` random moves near the centre, without a five; the same for a seed.
fn random_position(stones: usize, seed: u64) -> Board {
    let mut board = Board::new(15).unwrap();
    let mut x = seed | 1;
    while board.total_stones() < stones as u32 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let p = Point::new(4 + (x % 7) as u8, 4 + ((x >> 20) % 7) as u8).unwrap();
        if board.is_empty_at(p) {
            board.play_unchecked(p);
            if Rule::Freestyle.winning_line(&board, p).is_some() {
                board.undo_unchecked(p);
                x = x.wrapping_add(1);
            }
        }
    }
    board
}

/// The result without its times (which differ from run to run).
fn timeless(mut result: SearchResult) -> SearchResult {
    result.info.time = Duration::ZERO;
    for line in &mut result.lines {
        line.time = Duration::ZERO;
    }
    result
}

fn multi(count: usize, limits: Limits) -> Limits {
    Limits {
        multi_pv: count,
        ..limits
    }
}

fn assert_lines_sound(board: &Board, rule: Rule, lines: &[SearchInfo]) {
    let mut seen = HashSet::new();
    for (k, line) in lines.iter().enumerate() {
        assert_eq!(line.multipv, k + 1);
        let first = *line.pv.first().expect("every line has a move");
        assert!(seen.insert(first), "{first} appears in two lines");
        assert!(board.is_empty_at(first), "{first} is occupied");
        if rule.has_fouls() && board.side_to_move() == Color::Black {
            assert!(
                renju::forbidden(board, first).is_none(),
                "{first} is a foul for Black"
            );
        }
    }
    assert!(
        lines.windows(2).all(|w| w[0].score >= w[1].score),
        "lines not sorted: {:?}",
        lines.iter().map(|l| l.score).collect::<Vec<_>>()
    );
}

#[test]
fn three_lines_reported_after_every_iteration() {
    let board = random_position(6, 7);
    let mut reports: Vec<SearchInfo> = Vec::new();
    let result = Engine::new().choose(
        &board,
        Rule::Freestyle,
        &multi(3, Limits::depth(4)),
        &mut |info| reports.push(info.clone()),
    );
    assert_eq!(result.lines.len(), 3);
    assert_lines_sound(&board, Rule::Freestyle, &result.lines);
    assert_eq!(result.best, Some(result.lines[0].pv[0]));
    // Each completed depth reports lines 1, 2, 3 in order.
    let depths: Vec<(u32, usize)> = reports.iter().map(|r| (r.depth, r.multipv)).collect();
    let expected: Vec<(u32, usize)> = (1..=4).flat_map(|d| (1..=3).map(move |k| (d, k))).collect();
    assert_eq!(depths, expected);
    assert_eq!(&reports[reports.len() - 3..], &result.lines[..]);
}

#[test]
fn one_line_is_the_plain_search() {
    let board = random_position(8, 3);
    let plain = Engine::new().choose(&board, Rule::Renju, &Limits::depth(6), &mut |_| {});
    let one = Engine::new().choose(
        &board,
        Rule::Renju,
        &multi(1, Limits::depth(6)),
        &mut |_| {},
    );
    let (plain, one) = (timeless(plain), timeless(one));
    assert_eq!(plain, one);
    assert_eq!(one.lines.len(), 1);
    assert_eq!(one.lines[0].pv.first().copied(), one.best);
    // 0 counts as 1.
    let zero = Engine::new().choose(
        &board,
        Rule::Renju,
        &multi(0, Limits::depth(6)),
        &mut |_| {},
    );
    assert_eq!(plain, timeless(zero));
}

#[test]
fn more_lines_than_moves_gives_every_move() {
    // White must block Black's four: the search considers only the block.
    let board: Board = "
        . . . . . . .
        . . . . . . .
        . X X X X . O
        . . . . . . .
        . . O . . . .
        . . . O . . .
        . . . . . . ."
        .parse()
        .unwrap();
    let result = Engine::new().choose(
        &board,
        Rule::Standard,
        &multi(5, Limits::depth(3)),
        &mut |_| {},
    );
    assert_eq!(result.lines.len(), 1);
    assert_eq!(result.best.unwrap().to_string(), "a5");
}

#[test]
fn a_five_ends_the_search_with_the_winning_moves() {
    // Black has a four open at both ends: two fives.
    let board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        . . X X X X . . .
        . . . . . . . . .
        . . O O O . . . .
        . . . . . . . . .
        . . . O . . . . .
        . . . . . . . . .
        . . . . . . . . ."
        .parse()
        .unwrap();
    let result = Engine::new().choose(
        &board,
        Rule::Freestyle,
        &multi(4, Limits::depth(5)),
        &mut |_| {},
    );
    let moves: HashSet<String> = result.lines.iter().map(|l| l.pv[0].to_string()).collect();
    assert_eq!(moves, HashSet::from(["b7".to_string(), "g7".to_string()]));
    assert!(result.lines.iter().all(|l| l.score == Score::win_in(1)));
}

#[test]
fn a_stop_keeps_complete_lines() {
    let board = random_position(10, 11);
    let limits = multi(4, Limits::default());
    limits.stop.stop();
    let result = Engine::new().choose(&board, Rule::Freestyle, &limits, &mut |_| {});
    assert!(!result.lines.is_empty());
    assert_lines_sound(&board, Rule::Freestyle, &result.lines);
    assert!(board.is_empty_at(result.best.unwrap()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn lines_are_distinct_sorted_and_legal(
        seed in any::<u64>(),
        stones in 3usize..14,
        count in 2usize..6,
        renju in any::<bool>(),
    ) {
        let rule = if renju { Rule::Renju } else { Rule::Freestyle };
        let board = random_position(stones, seed);
        let limits = Limits { max_nodes: Some(20_000), ..multi(count, Limits::depth(4)) };
        let result = Engine::new().choose(&board, rule, &limits, &mut |_| {});
        prop_assert!(!result.lines.is_empty() && result.lines.len() <= count);
        assert_lines_sound(&board, rule, &result.lines);
        prop_assert_eq!(result.best, result.lines[0].pv.first().copied());
    }
}
