//! Game review: missed wins and walked-into losses are blunders, the summary counts the marks,
//! and the verdicts do not depend on the number of jobs.

use gomoku_ai::Score;
use gomoku_ai::review::{Mark, Review, ReviewOptions, review};
use gomoku_rules::{Color, Game, Rule};

fn options(jobs: usize) -> ReviewOptions {
    ReviewOptions {
        move_time: None,
        max_nodes: Some(20_000),
        jobs,
        ..ReviewOptions::default()
    }
}

fn reviewed(rule: Rule, moves: &str, jobs: usize) -> Review {
    let game = Game::from_move_string(15, rule, moves).unwrap();
    review(&game, &options(jobs), &|_, _| {})
}

#[test]
fn a_missed_open_four_and_an_ignored_three_are_blunders() {
    // Black: open three h8-h10. White ignores it (a3): Black can win by force. Black plays
    // o15 instead of the open four; White blocks (h11).
    let review = reviewed(Rule::Freestyle, "h8 a1 h9 a2 h10 a3 o15 h11 h7 h6", 1);
    assert_eq!(review.moves.len(), 10);
    let a3 = &review.moves[5];
    assert_eq!(
        (a3.ply, a3.color, a3.point.to_string()),
        (6, Color::White, "a3".into())
    );
    assert!(a3.allowed_win && !a3.threw_away_win, "{a3:?}");
    assert_eq!(a3.mark, Some(Mark::Blunder));
    assert!(a3.score_after <= -Score::WIN_THRESHOLD, "{a3:?}");
    let o15 = &review.moves[6];
    assert!(o15.threw_away_win, "{o15:?}");
    assert_eq!(o15.mark, Some(Mark::Blunder));
    assert!(o15.score_before >= Score::WIN_THRESHOLD, "{o15:?}");
    assert!(!o15.score_after.is_mate(), "{o15:?}");
    let best = o15.best.expect("the engine prefers the win").to_string();
    assert!(["h7", "h11"].contains(&best.as_str()), "{best}");
    // The good moves are not marked as errors: the open three, and White's block (one of the
    // two blocks; at this budget the evaluation may prefer the other end by a little).
    assert_eq!(review.moves[4].mark, None, "{:?}", review.moves[4]);
    assert!(
        matches!(review.moves[7].mark, None | Some(Mark::Inaccuracy)),
        "{:?}",
        review.moves[7]
    );
    assert_eq!(review.black.blunders, 1);
    assert!(review.white.blunders >= 1);
    assert_eq!(review.black.moves, 5);
    assert_eq!(review.white.moves, 5);
    assert!(review.black.average_loss > 0.0 && review.black.average_loss <= 1.0);
    for m in &review.moves {
        assert!((0.0..=1.0).contains(&m.loss), "{m:?}");
        assert!(m.best != Some(m.point));
    }
}

#[test]
fn ignoring_a_five_is_a_blunder_and_the_winning_five_is_not() {
    // Black makes a four (h8-k8, g8 blocked); White does not block l8 (a3), and Black does
    // not take the five (a15) before White blocks it.
    let review = reviewed(Rule::Renju, "h8 g8 i8 a1 j8 a2 k8 a3 a15 l8", 1);
    let a3 = &review.moves[7];
    assert!(a3.allowed_win, "{a3:?}");
    assert_eq!(a3.mark, Some(Mark::Blunder));
    let a15 = &review.moves[8];
    assert!(a15.threw_away_win, "{a15:?}");
    assert_eq!(a15.score_before, Score::win_in(1));
    assert_eq!(a15.best.map(|p| p.to_string()), Some("l8".into()));
    assert_eq!(a15.mark, Some(Mark::Blunder));
    // An open four left standing is no missed win: the five only comes a move later.
    let review = reviewed(Rule::Freestyle, "h8 a1 i8 a2 j8 b4 k8 c9 a15 o1 l8", 1);
    let delay = &review.moves[8];
    assert!(!delay.threw_away_win && delay.mark.is_none(), "{delay:?}");
    let five = review.moves.last().unwrap();
    assert_eq!(five.score_after, Score::WIN);
    assert_eq!(five.mark, None);
    assert!(!five.threw_away_win && !five.allowed_win);
}

#[test]
fn jobs_and_the_rest_of_the_game_do_not_change_a_verdict() {
    let moves = "h8 i9 h9 h10 i8 g8 j8 k8 i7 i10 j7 k6 g7 f7";
    let full = reviewed(Rule::Freestyle, moves, 1);
    assert_eq!(full, reviewed(Rule::Freestyle, moves, 3));
    // Each position is judged on its own: the first moves get the same verdicts alone.
    let first: Vec<&str> = moves.split(' ').take(9).collect();
    let prefix = reviewed(Rule::Freestyle, &first.join(" "), 2);
    assert_eq!(prefix.moves[..], full.moves[..9]);
}

#[test]
fn the_sgf_carries_one_comment_per_move_and_reads_back() {
    use gomoku_rules::record::{self, Format, Record};
    let game = Game::from_move_string(15, Rule::Freestyle, "h8 a1 h9 a2 h10 a3 o15 h11").unwrap();
    let review = review(&game, &options(2), &|_, _| {});
    let record = Record::from_game(&game).unwrap();
    let sgf = review.to_sgf(&record).unwrap();
    assert_eq!(sgf.matches("C[").count(), 1 + 8, "{sgf}");
    assert!(sgf.contains("blunder: throws away a forced win"), "{sgf}");
    assert!(sgf.contains("Black: 4 moves"), "{sgf}");
    let back = record::read_str(&sgf, Format::Sgf).unwrap();
    assert_eq!(back.moves(), record.moves());
}

/// A long game (225 moves to a full board, `gomoku match engine:easy engine:beginner`): with
/// tables carried from one position to the next, verdicts here changed with the jobs. Slow
/// in a debug build: `cargo test --release -p gomoku-ai --test review -- --ignored`.
#[test]
#[ignore]
fn a_long_game_gets_the_same_review_for_any_jobs() {
    use gomoku_rules::record::{self, Format};
    let text = include_str!("data/review_long_game.sgf");
    let game = record::read_str(text, Format::Sgf).unwrap().to_game();
    assert_eq!(game.moves().len(), 225);
    let options = |jobs| ReviewOptions {
        max_nodes: Some(100_000),
        ..options(jobs)
    };
    let one = review(&game, &options(1), &|_, _| {});
    assert_eq!(one, review(&game, &options(2), &|_, _| {}));
}
