//! The greedy player, the registry's engine levels and the explanations.

use gomoku_ai::{GreedyPlayer, Limits, Player, builtin_player, explain};
use gomoku_rules::{Board, Point, Rule};

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

#[test]
fn greedy_wins_then_blocks() {
    let board: Board = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . O O O O . . .
        . . . . . . . . .
        . X X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . O . . . ."
        .parse()
        .unwrap();
    let mut greedy = GreedyPlayer::new();
    let r = greedy.choose(&board, Rule::Freestyle, &Limits::default(), &mut |_| {});
    assert!([p("a4"), p("f4")].contains(&r.best.unwrap()));
    // Without Black's four, Black must block White's open four at one end.
    let mut board = board;
    for s in ["b4", "c4", "d4", "e4"] {
        board.remove(p(s));
    }
    for s in ["b2", "h2", "b8", "h8"] {
        board.place(p(s), gomoku_rules::Color::Black).unwrap();
    }
    let r = greedy.choose(&board, Rule::Freestyle, &Limits::default(), &mut |_| {});
    assert!(
        [p("b6"), p("g6")].contains(&r.best.unwrap()),
        "{:?}",
        r.best
    );
}

#[test]
fn every_level_plays_a_legal_move() {
    let board: Board = gomoku_rules::Game::from_move_string(15, Rule::Renju, "h8 i9 j8 i8 i7")
        .unwrap()
        .board()
        .clone();
    for spec in [
        "engine:beginner",
        "engine:easy",
        "engine:normal",
        "engine:hard",
        "engine:max",
        "engine:3",
        "greedy",
    ] {
        let mut player = builtin_player(spec, 0).unwrap();
        let limits = Limits {
            max_nodes: Some(5_000),
            ..Limits::default()
        };
        let r = player.choose(&board, Rule::Renju, &limits, &mut |_| {});
        assert!(board.is_empty_at(r.best.unwrap()), "{spec}");
    }
}

#[test]
fn explain_names_the_threats_made_and_blocked() {
    // White (j6 j7 j8) to move: j5 or j9 makes an open four on the j-file. Black has a closed
    // three on the diagonal g9-h8-i7 (j6 is White's), so f10 would block its four.
    let board: Board = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . . X . O . . . . .
        . . . . . . . . X O . . . . .
        . . . . . . . . . O . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . X
        . . . . . . . . . . . . . . ."
        .parse()
        .unwrap();
    let e = explain(&board, Rule::Freestyle, 4, 2);
    assert_eq!(e.side, gomoku_rules::Color::White);
    assert_eq!(e.moves.len(), 4);
    let texts: Vec<&str> = e.moves.iter().map(|m| m.text.as_str()).collect();
    let j5 = e
        .moves
        .iter()
        .find(|m| m.point == p("j5"))
        .expect("j5 is a candidate");
    assert!(
        j5.text.contains("makes an open four on the j-file"),
        "{texts:?}"
    );
    let f10 = e.moves.iter().find(|m| m.point == p("f10"));
    if let Some(f10) = f10 {
        assert!(
            f10.text.contains("blocks Black's three on the"),
            "{texts:?}"
        );
    }
    // The open four wins: it is the best move and scores a mate.
    assert!(
        e.moves[0].score.is_mate() && e.moves[0].score.0 > 0,
        "{texts:?}"
    );
    // The threat solver says so too, and Black has no VCF to answer with.
    let win = e.forced_win.as_ref().expect("White wins by force");
    assert!([p("j5"), p("j9")].contains(&win[0]), "{win:?}");
    assert!(e.opponent_vcf.is_none());
    assert!(e.to_string().starts_with("White wins by force: "), "{e}");

    // With Black to move (a stone added far away), White's open three is Black's problem.
    let mut black_to_move = board.clone();
    black_to_move
        .place(p("a1"), gomoku_rules::Color::White)
        .unwrap();
    black_to_move.set_side_to_move(gomoku_rules::Color::Black);
    let e = explain(&black_to_move, Rule::Freestyle, 4, 2);
    let threat = e.opponent_vcf.as_ref().expect("White threatens a VCF");
    assert!([p("j5"), p("j9")].contains(&threat[0]), "{threat:?}");
    assert!(
        e.threat_lines()
            .iter()
            .any(|l| l.starts_with("White threatens to win by fours: ")),
        "{e}"
    );
}
