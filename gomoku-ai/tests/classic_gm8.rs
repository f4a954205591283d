//! The `gm8` seed player on hand-checked positions.

use std::collections::BTreeSet;

use gomoku_ai::classic::{GM8_FIVE_OPPONENT, GM8_FIVE_OWN, gm8_point_score};
use gomoku_ai::{Gm8Player, Limits, Player};
use gomoku_rules::{Board, Point, Rule};

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn choose(player: &mut dyn Player, board: &Board) -> Point {
    player
        .choose(board, Rule::Freestyle, &Limits::default(), &mut |_| {})
        .best
        .unwrap()
}

#[test]
fn takes_its_win_before_blocking_the_opponents() {
    // Black to move: f7 makes Black's five, a3 blocks White's five.
    let board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        O X X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O O O O X . . .
        . . . . . . . . .
        . . . . . . . . ."
        .parse()
        .unwrap();
    assert!(gm8_point_score(&board, p("f7")) >= GM8_FIVE_OWN);
    let block = gm8_point_score(&board, p("a3"));
    assert!((GM8_FIVE_OPPONENT..GM8_FIVE_OWN).contains(&block));
    for seed in 0..8 {
        assert_eq!(choose(&mut Gm8Player::new(seed), &board), p("f7"));
    }
}

#[test]
fn blocks_a_four() {
    // Black to move could make an open three (b5 or e5), but must block a3.
    let board: Board = "
        . . . . . . X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X X . . . . .
        . . . . . . . . .
        . O O O O X . . .
        . . . . . . . . .
        . . . . . . . . ."
        .parse()
        .unwrap();
    for seed in 0..8 {
        assert_eq!(choose(&mut Gm8Player::new(seed), &board), p("a3"));
    }
}

#[test]
fn scores_follow_the_table_by_hand() {
    // One Black stone on e5, White to move. A neighbour of e5: White's own score is three open
    // ones (3 x 10) plus a one blocked by e5 (1); Black's score there is an open two (100) plus
    // three open ones (30): 161. A point two steps away touches nothing: 4 x 10 + 4 x 10 = 80.
    let board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . ."
        .parse()
        .unwrap();
    let neighbours = ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"];
    for n in neighbours {
        assert_eq!(gm8_point_score(&board, p(n)), 161, "{n}");
    }
    for far in ["c3", "e3", "g7", "c5"] {
        assert_eq!(gm8_point_score(&board, p(far)), 80, "{far}");
    }
    // Ends at the edge: a lone White stone on a1, Black to move.
    let corner: Board = "
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        O . . . ."
        .parse()
        .unwrap();
    // On b1 every direction of a lone Black stone has one end blocked, by a1 or by the edge:
    // 4 x 1. A White stone there: a1-b1 is a two with the edge on the left (10), the three
    // other directions ones with an end at the edge (3 x 1). Total 4 + 13 = 17.
    assert_eq!(gm8_point_score(&corner, p("b1")), 17);
}

#[test]
fn ties_are_broken_randomly_but_reproducibly() {
    let board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . ."
        .parse()
        .unwrap();
    let neighbours: BTreeSet<Point> = ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"]
        .into_iter()
        .map(p)
        .collect();
    let mut chosen = BTreeSet::new();
    for seed in 0..32 {
        let mut player = Gm8Player::new(seed);
        let first = choose(&mut player, &board);
        assert!(neighbours.contains(&first), "{first}");
        chosen.insert(first);
        // The same seed gives the same move, and a new game starts the sequence over.
        assert_eq!(choose(&mut Gm8Player::new(seed), &board), first);
        let second = choose(&mut player, &board);
        player.new_game();
        assert_eq!(choose(&mut player, &board), first);
        assert_eq!(choose(&mut player, &board), second);
    }
    assert!(chosen.len() >= 4, "32 seeds chose only {chosen:?}");
}

#[test]
fn opens_in_the_centre() {
    let board = Board::new(15).unwrap();
    assert_eq!(choose(&mut Gm8Player::new(0), &board), p("h8"));
}
