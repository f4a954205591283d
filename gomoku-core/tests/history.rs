//! Play, undo and redo restore the board, the hash and the outcome exactly.

use gomoku_rules::{
    Board, Color, FoulPolicy, Game, GameError, Outcome, PlayErrorReason, Point, Rule,
};
use proptest::prelude::*;

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// Plays random legal moves (from `picks`) until the game ends or the picks run out.
fn random_game(size: u32, rule: Rule, picks: &[u32]) -> Game {
    let mut game = Game::new(size, rule).unwrap();
    for &pick in picks {
        if game.is_over() {
            break;
        }
        let legal: Vec<Point> = game.legal_moves().iter().collect();
        // Under Renju every empty point of a small board can be forbidden for Black.
        let Some(&mv) = legal.get(pick as usize % legal.len().max(1)) else {
            break;
        };
        game.play(mv).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn undo_and_redo_restore_everything(
        size in prop::sample::select(vec![5u32, 9, 15, 20, 22]),
        rule in prop::sample::select(Rule::ALL.to_vec()),
        picks in prop::collection::vec(any::<u32>(), 0..120),
    ) {
        let game = random_game(size, rule, &picks);
        // Replay from scratch, keeping a snapshot after each move.
        let mut replay = Game::new(size, rule).unwrap();
        let mut snapshots = vec![(replay.board().clone(), replay.board().hash(), replay.outcome())];
        for &m in game.moves() {
            replay.play(m).unwrap();
            prop_assert_eq!(replay.board().hash(), replay.board().compute_hash());
            snapshots.push((replay.board().clone(), replay.board().hash(), replay.outcome()));
        }
        prop_assert_eq!(&replay, &game);
        // Undo everything, checking each earlier state.
        for i in (0..game.moves().len()).rev() {
            let undone = replay.undo();
            prop_assert_eq!(undone, Some(game.moves()[i]));
            let (board, hash, outcome) = &snapshots[i];
            prop_assert_eq!(replay.board(), board);
            prop_assert_eq!(replay.board().hash(), *hash);
            prop_assert_eq!(replay.board().compute_hash(), *hash);
            prop_assert_eq!(replay.outcome(), *outcome);
        }
        prop_assert_eq!(replay.undo(), None);
        // Redo everything.
        for i in 0..game.moves().len() {
            let (mv, outcome) = replay.redo().unwrap();
            prop_assert_eq!(mv, game.moves()[i]);
            let (board, hash, expected) = &snapshots[i + 1];
            prop_assert_eq!(replay.board(), board);
            prop_assert_eq!(replay.board().hash(), *hash);
            prop_assert_eq!(outcome, *expected);
        }
        prop_assert!(replay.redo().is_none());
        prop_assert_eq!(&replay, &game);
        prop_assert_eq!(replay.board().stone_count(Color::Black) + replay.board().stone_count(Color::White), game.moves().len() as u32);
    }

    /// A move string printed from a game parses back to the same game.
    #[test]
    fn move_strings_round_trip(
        size in prop::sample::select(vec![5u32, 15, 20, 22]),
        rule in prop::sample::select(Rule::ALL.to_vec()),
        picks in prop::collection::vec(any::<u32>(), 0..80),
    ) {
        let game = random_game(size, rule, &picks);
        let text = game.move_string();
        prop_assert_eq!(&Game::from_move_string(size, rule, &text).unwrap(), &game);
        let compact: String = text.split(' ').collect();
        prop_assert_eq!(&Game::from_move_string(size, rule, &compact).unwrap(), &game);
    }
}

#[test]
fn a_new_move_clears_redo() {
    let mut game = Game::from_move_string(15, Rule::Freestyle, "h8 h9 h10").unwrap();
    game.undo();
    game.undo();
    assert_eq!(game.redo_moves().len(), 2);
    game.play(p("a1")).unwrap();
    assert!(game.redo_moves().is_empty());
    assert!(game.redo().is_none());
    assert_eq!(game.move_string(), "h8 a1");
}

#[test]
fn play_errors_are_precise_and_leave_the_game_unchanged() {
    let mut game = Game::from_move_string(15, Rule::Freestyle, "h8 h9").unwrap();
    let before = game.clone();
    let err = game.play(p("h8")).unwrap_err();
    assert_eq!(
        (err.point, err.reason),
        (p("h8"), PlayErrorReason::Occupied)
    );
    assert_eq!(err.to_string(), "cannot play h8: occupied");
    let err = game.play(p("p1")).unwrap_err();
    assert_eq!(err.reason, PlayErrorReason::OutOfBoard);
    assert_eq!(game, before);
    assert!(!game.is_legal(p("h9")) && game.is_legal(p("a1")));

    let mut won =
        Game::from_move_string(15, Rule::Freestyle, "a1 b1 a2 b2 a3 b3 a4 b4 a5").unwrap();
    assert_eq!(won.outcome().winner(), Some(Color::Black));
    assert_eq!(
        won.play(p("o15")).unwrap_err().reason,
        PlayErrorReason::GameOver
    );
    assert!(won.legal_moves().is_empty());
}

#[test]
fn full_board_is_a_draw() {
    // Fill 5x5 column by column so that no five appears: columns alternate X/O by pairs.
    // Pattern per row: X X O O X / O O X X O alternating rows breaks every line.
    let layout = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"];
    let mut blacks = Vec::new();
    let mut whites = Vec::new();
    for (i, row) in layout.iter().enumerate() {
        for (col, c) in row.chars().enumerate() {
            let pt = Point::new(col as u8, (4 - i) as u8).unwrap();
            if c == 'X' {
                blacks.push(pt)
            } else {
                whites.push(pt)
            }
        }
    }
    assert_eq!((blacks.len(), whites.len()), (13, 12));
    let mut game = Game::new(5, Rule::Freestyle).unwrap();
    for i in 0..25 {
        let m = if i % 2 == 0 {
            blacks[i / 2]
        } else {
            whites[i / 2]
        };
        let outcome = game.play(m).unwrap();
        if i < 24 {
            assert_eq!(outcome, Outcome::Ongoing, "move {i}");
        } else {
            assert_eq!(outcome, Outcome::Draw);
        }
    }
    assert!(game.board().is_full());
    assert_eq!(game.undo(), Some(blacks[12]));
    assert_eq!(game.outcome(), Outcome::Ongoing);
}

#[test]
fn from_moves_names_the_bad_move() {
    let err = Game::from_move_string(15, Rule::Freestyle, "h8 i9 h8").unwrap_err();
    assert!(matches!(err, GameError::Move { number: 3, .. }), "{err:?}");
    assert_eq!(err.to_string(), "move 3: cannot play h8: occupied");
    let err = Game::from_move_string(15, Rule::Freestyle, "h8 i9 zz").unwrap_err();
    assert!(
        matches!(err, GameError::Parse(ref e) if e.number == 3 && e.token == "zz"),
        "{err:?}"
    );
    assert!(matches!(
        Game::from_move_string(30, Rule::Freestyle, "h8"),
        Err(GameError::Size(_))
    ));
    assert!(matches!(
        Game::from_move_string(u32::MAX, Rule::Freestyle, "h8"),
        Err(GameError::Size(_))
    ));
    let err = Game::from_move_string(15, Rule::Freestyle, "h8 é9").unwrap_err();
    assert!(
        matches!(err, GameError::Parse(ref e) if e.number == 2),
        "{err:?}"
    );
}

#[test]
fn restart_and_foul_policy_and_move_numbers() {
    let mut game = Game::from_move_string(15, Rule::Renju, "h8 h9 h10")
        .unwrap()
        .with_foul_policy(FoulPolicy::LoseForBlack);
    assert_eq!(game.foul_policy(), FoulPolicy::LoseForBlack);
    assert_eq!(game.move_number(p("h10")), Some(3));
    assert_eq!(game.move_number(p("a1")), None);
    assert_eq!(game.last_move(), Some(p("h10")));
    game.restart();
    assert!(game.moves().is_empty() && game.board().total_stones() == 0);
    assert_eq!(game.side_to_move(), Color::Black);
    assert_eq!(game.board().hash(), Board::new(15).unwrap().hash());
}
