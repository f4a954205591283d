//! Renju fouls through `Game`: rejected or losing moves, White's freedom, five first.

use gomoku_rules::renju::{self, ForbiddenKind};
use gomoku_rules::{Color, FoulPolicy, Game, Outcome, PlayError, PlayErrorReason, Point, Rule};

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// Black h8 i8 j9 j10 (White far away on the a-file): j8 is a double-three for Black.
fn double_three_game(rule: Rule) -> Game {
    Game::from_move_string(15, rule, "h8 a1 i8 a3 j9 a5 j10 a7").unwrap()
}

#[test]
fn play_rejects_a_foul_and_leaves_the_game_unchanged() {
    let mut game = double_three_game(Rule::Renju);
    let before = game.clone();
    assert_eq!(
        game.play(p("j8")),
        Err(PlayError {
            point: p("j8"),
            reason: PlayErrorReason::Forbidden(ForbiddenKind::DoubleThree),
        })
    );
    assert_eq!(game, before);
    assert!(!game.is_legal(p("j8")));
    assert!(!game.legal_moves().contains(p("j8")));
    assert_eq!(game.forbidden(p("j8")), Some(ForbiddenKind::DoubleThree));
    assert_eq!(
        game.forbidden_points(),
        renju::forbidden_points(game.board())
    );
    assert_eq!(
        game.forbidden_points().iter().collect::<Vec<_>>(),
        [p("j8")]
    );
    // A legal move still plays.
    assert_eq!(game.play(p("g8")), Ok(Outcome::Ongoing));
}

#[test]
fn lose_for_black_policy_ends_the_game_with_a_foul() {
    let mut game = double_three_game(Rule::Renju).with_foul_policy(FoulPolicy::LoseForBlack);
    assert!(game.is_legal(p("j8")));
    assert!(game.legal_moves().contains(p("j8")));
    let outcome = game.play(p("j8")).unwrap();
    assert_eq!(
        outcome,
        Outcome::Foul {
            point: p("j8"),
            kind: ForbiddenKind::DoubleThree
        }
    );
    assert_eq!(outcome.winner(), Some(Color::White));
    assert!(game.is_over());
    // Undo and redo replay the foul.
    assert_eq!(game.undo(), Some(p("j8")));
    assert_eq!(game.outcome(), Outcome::Ongoing);
    assert_eq!(game.redo().map(|(_, o)| o), Some(outcome));
}

#[test]
fn white_has_no_restrictions() {
    let mut game = double_three_game(Rule::Renju);
    game.play(p("o15")).unwrap();
    assert_eq!(game.side_to_move(), Color::White);
    // While White is to move nothing is forbidden, and White may take Black's foul point.
    assert!(game.forbidden_points().is_empty());
    assert_eq!(game.forbidden(p("j8")), None);
    assert_eq!(game.play(p("j8")), Ok(Outcome::Ongoing));
}

#[test]
fn white_wins_with_an_overline_black_does_not() {
    // White: a1 a2 a3 a5 a6, then a4 makes six.
    let mut game =
        Game::from_move_string(15, Rule::Renju, "h8 a1 h10 a2 j8 a3 j10 a5 l12 a6 b14").unwrap();
    let outcome = game.play(p("a4")).unwrap();
    assert!(matches!(outcome, Outcome::Win { color: Color::White, line } if line.len == 6));

    // Black: c1 c2 c3 c5 c6; c4 would be six: rejected, or a loss for Black.
    let moves = "c1 h8 c2 h10 c3 j8 c5 j10 c6 l12";
    let mut game = Game::from_move_string(15, Rule::Renju, moves).unwrap();
    assert_eq!(
        game.play(p("c4")).unwrap_err().reason,
        PlayErrorReason::Forbidden(ForbiddenKind::Overline)
    );
    let mut game_lose = Game::from_move_string(15, Rule::Renju, moves)
        .unwrap()
        .with_foul_policy(FoulPolicy::LoseForBlack);
    assert!(matches!(
        game_lose.play(p("c4")).unwrap(),
        Outcome::Foul {
            kind: ForbiddenKind::Overline,
            ..
        }
    ));
    // Under freestyle the same move wins for Black.
    let mut free = Game::from_move_string(15, Rule::Freestyle, moves).unwrap();
    assert_eq!(free.play(p("c4")).unwrap().winner(), Some(Color::Black));
    game.play(p("c7")).unwrap();
}

#[test]
fn a_five_wins_even_when_it_is_also_a_double_four() {
    // Black d8 e8 f8 g8 on row 8; h5 h6 h7 (White h4) and e5 f6 g7 (White d4): h8 makes
    // exactly five on row 8 and two fours besides. Five first: it is legal and wins.
    let moves = "d8 h4 e8 d4 f8 a1 h5 a3 h6 a5 h7 a7 e5 a9 f6 a11 g7 a13 g8 a15";
    let mut game = Game::from_move_string(15, Rule::Renju, moves).unwrap();
    let h8 = p("h8");
    let fours: u8 = gomoku_rules::Direction::ALL
        .iter()
        .map(|&d| renju::line_shape(game.board(), h8, d).fours())
        .sum();
    assert_eq!(fours, 2);
    assert!(renju::makes_five(game.board(), h8));
    assert_eq!(game.forbidden(h8), None);
    let outcome = game.play(h8).unwrap();
    assert_eq!(outcome.winner(), Some(Color::Black));
}

#[test]
fn replaying_a_game_through_a_foul_fails_with_the_move_number() {
    let err = Game::from_move_string(15, Rule::Renju, "h8 a1 i8 a3 j9 a5 j10 a7 j8").unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 9: cannot play j8: forbidden for Black: double three (3-3)"
    );
}

mod no_move_left {
    use gomoku_rules::{Color, Game, Outcome, Rule};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Random Renju games on small boards, played to the end: a game that goes on always
        /// leaves the side to move a legal move, and a Black left with forbidden points only has
        /// drawn.
        #[test]
        fn an_ongoing_game_always_has_a_legal_move(size in 5u32..=7, picks in prop::collection::vec(any::<u32>(), 49)) {
            let mut game = Game::new(size, Rule::Renju).unwrap();
            for pick in picks {
                let legal: Vec<_> = game.legal_moves().iter().collect();
                if game.is_over() {
                    break;
                }
                prop_assert!(!legal.is_empty(), "no legal move in an ongoing game:\n{}", game.board());
                game.play(legal[pick as usize % legal.len()]).unwrap();
                if game.outcome() == Outcome::Draw && !game.board().is_full() {
                    prop_assert_eq!(game.side_to_move(), Color::Black);
                    let empty: Vec<_> = game.board().empty_points().iter().collect();
                    prop_assert!(empty.iter().all(|&p| game.forbidden(p).is_some()));
                }
            }
        }
    }
}
