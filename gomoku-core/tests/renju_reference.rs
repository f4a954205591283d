//! The fast, table-driven foul check against the slow reference of `renju_support` on random
//! dense positions, where fouls of every kind (and nested RIF 9.3 cases) are common.

mod renju_support;

use std::collections::BTreeMap;

use gomoku_rules::renju::{self, ForbiddenKind};
use gomoku_rules::{Board, Color, Direction, Point};
use proptest::prelude::*;
use renju_support::{reference_forbidden, reference_forbidden_with_stats};

/// A board of `size` filled from `cells` (one byte per point, row-major): a byte below `black`
/// is a Black stone, below `black + white` a White one, otherwise empty.
fn random_board(size: u32, cells: &[u8], black: u8, white: u8) -> Board {
    let mut board = Board::new(size).unwrap();
    for (p, &c) in Point::all(size as u8).zip(cells) {
        if c < black {
            board.place(p, Color::Black).unwrap();
        } else if c < black.saturating_add(white) {
            board.place(p, Color::White).unwrap();
        }
    }
    board
}

fn fast_fouls(board: &Board) -> BTreeMap<Point, ForbiddenKind> {
    board
        .empty_points()
        .iter()
        .filter_map(|p| renju::forbidden(board, p).map(|k| (p, k)))
        .collect()
}

fn assert_agrees(board: &Board) {
    for p in board.empty_points() {
        assert_eq!(
            renju::forbidden(board, p),
            reference_forbidden(board, p),
            "at {p} on\n{board}"
        );
    }
    let listed: Vec<Point> = renju::forbidden_points(board).iter().collect();
    let expected: Vec<Point> = fast_fouls(board).into_keys().collect();
    assert_eq!(listed, expected, "forbidden_points on\n{board}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn fast_checker_equals_the_reference(
        size in 5u32..=15,
        cells in prop::collection::vec(0u8..100, 225),
        black in 15u8..45,
        white in 0u8..25,
    ) {
        assert_agrees(&random_board(size, &cells, black, white));
    }

    #[test]
    fn fast_checker_equals_the_reference_on_big_boards(
        size in 16u32..=22,
        cells in prop::collection::vec(0u8..100, 484),
        black in 20u8..40,
        white in 0u8..15,
    ) {
        assert_agrees(&random_board(size, &cells, black, white));
    }

    #[test]
    fn line_shapes_match_the_definitions(
        cells in prop::collection::vec(0u8..100, 225),
        black in 20u8..50,
        white in 0u8..30,
    ) {
        // Five and overline read against a plain run count along the line.
        let board = random_board(15, &cells, black, white);
        for p in board.empty_points() {
            for dir in Direction::ALL {
                let shape = renju::line_shape(&board, p, dir);
                let (dc, dr) = dir.step();
                let run = |sign: i32| {
                    (1..)
                        .take_while(|&k| {
                            p.offset(sign * dc * k, sign * dr * k, 15)
                                .is_some_and(|q| board.get(q) == Some(Color::Black))
                        })
                        .count()
                };
                let len = run(1) + run(-1) + 1;
                prop_assert_eq!(shape.is_five(), len == 5);
                prop_assert_eq!(shape.is_overline(), len >= 6);
                for q in shape.straight_four_moves(p, dir, 15) {
                    prop_assert!(board.is_empty_at(q));
                    prop_assert!(q.distance(p) <= 3);
                }
            }
        }
    }
}

/// A small deterministic generator (xorshift), so the coverage below is reproducible.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u8 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 32) as u8 % 100
    }
}

/// The random positions really exercise every rule: all three kinds, double-threes that RIF
/// 9.3 clears, nested recursion and threes whose straight-four move would make a five, and on
/// all of them the fast checker agrees.
#[test]
fn random_positions_cover_every_kind_and_nested_cases() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut kinds: BTreeMap<ForbiddenKind, usize> = BTreeMap::new();
    let mut cleared_by_rule_9_3 = 0;
    let mut nested = 0;
    let mut deepest = 0;
    let mut five_moves = 0;
    for round in 0..120 {
        let cells: Vec<u8> = (0..225).map(|_| rng.next()).collect();
        let black = 18 + (round % 5) as u8 * 5;
        let board = random_board(15, &cells, black, 8);
        for p in board.empty_points() {
            let (reference, stats) = reference_forbidden_with_stats(&board, p);
            assert_eq!(renju::forbidden(&board, p), reference, "at {p} on\n{board}");
            if let Some(kind) = reference {
                *kinds.entry(kind).or_default() += 1;
            }
            let threes = Direction::ALL
                .iter()
                .filter(|&&d| renju::line_shape(&board, p, d).is_three())
                .count();
            let fours: u8 = Direction::ALL
                .iter()
                .map(|&d| renju::line_shape(&board, p, d).fours())
                .sum();
            if threes >= 2 && fours < 2 && reference.is_none() && !renju::makes_five(&board, p) {
                let overline = Direction::ALL
                    .iter()
                    .any(|&d| renju::line_shape(&board, p, d).is_overline());
                if !overline {
                    cleared_by_rule_9_3 += 1;
                }
            }
            if stats.depth >= 2 {
                nested += 1;
            }
            deepest = deepest.max(stats.depth);
            five_moves += stats.five_moves;
        }
    }
    println!(
        "fouls {kinds:?}, cleared by RIF 9.3: {cleared_by_rule_9_3}, nested: {nested}, \
         deepest recursion: {deepest}, straight-four moves that make a five: {five_moves}"
    );
    for kind in [
        ForbiddenKind::DoubleThree,
        ForbiddenKind::DoubleFour,
        ForbiddenKind::Overline,
    ] {
        assert!(
            kinds.get(&kind).copied().unwrap_or(0) >= 20,
            "{kind}: {kinds:?}"
        );
    }
    assert!(
        cleared_by_rule_9_3 >= 10,
        "pseudo double-threes: {cleared_by_rule_9_3}"
    );
    assert!(nested >= 5, "nested cases: {nested} (deepest {deepest})");
    assert!(
        five_moves >= 10,
        "straight-four moves that make a five: {five_moves}"
    );
}

/// `renju::foul_zone` is complete: one stone of either colour outside the zone of a point never
/// changes whether that point is forbidden. And the recursion matters: on these positions some
/// stone off the point's own lines (but in its zone) does change the verdict.
#[test]
fn a_stone_outside_the_foul_zone_never_changes_the_verdict() {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut checked = 0u32;
    let mut changed_from_afar = 0u32;
    for round in 0..40 {
        let cells: Vec<u8> = (0..225).map(|_| rng.next()).collect();
        let black = 20 + (round % 4) as u8 * 5;
        let board = random_board(15, &cells, black, 8);
        for p in board.empty_points() {
            let zone = renju::foul_zone(&board, p);
            let verdict = renju::forbidden(&board, p);
            for x in board.empty_points() {
                if x == p {
                    continue;
                }
                let on_lines = Direction::ALL.iter().any(|&d| {
                    let (dc, dr) = d.step();
                    (-5..=5).any(|k| p.offset(dc * k, dr * k, 15) == Some(x))
                });
                if zone.contains(x) && on_lines {
                    continue;
                }
                for color in [Color::Black, Color::White] {
                    let mut with_x = board.clone();
                    with_x.place(x, color).unwrap();
                    let after = renju::forbidden(&with_x, p);
                    if zone.contains(x) {
                        changed_from_afar += u32::from(after != verdict);
                    } else {
                        checked += 1;
                        assert_eq!(after, verdict, "{color} on {x} changes {p} on\n{board}");
                    }
                }
            }
        }
    }
    println!("checked {checked} stones outside zones; {changed_from_afar} changes from afar");
    assert!(checked > 100_000);
    assert!(
        changed_from_afar > 0,
        "no verdict changed by a distant stone"
    );
}
