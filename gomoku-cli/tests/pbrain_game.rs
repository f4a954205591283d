//! A complete game between two instances of the brain, judged by a referee built on gomoku-rules,
//! and positions whose only good move checks the coordinate mapping end to end.

mod pbrain_support;

use gomoku_rules::{Game, Outcome, Point, Rule};

use pbrain_support::{Brain, parse_move};

const SIZE: u8 = 15;

/// Plays one game between `black` and `white` (already started) under `rule` and returns the
/// referee's record.
fn play_game(black: &mut Brain, white: &mut Brain, rule: Rule) -> Game {
    let mut game = Game::new(SIZE as u32, rule).unwrap();
    black.send("BEGIN");
    let mut reply = black.reply();
    let mut to_move_is_black = true;
    loop {
        let (x, y) = parse_move(&reply);
        let p = Point::from_gomocup(x, y, SIZE)
            .unwrap_or_else(|e| panic!("move {reply} off the board: {e}"));
        let outcome = game.play(p).unwrap_or_else(|e| {
            panic!(
                "illegal move {reply} ({p}): {e}; game {}",
                game.move_string()
            )
        });
        if outcome.is_over() {
            return game;
        }
        to_move_is_black = !to_move_is_black;
        let next = if to_move_is_black {
            &mut *black
        } else {
            &mut *white
        };
        next.send(&format!("TURN {x},{y}"));
        reply = next.reply();
    }
}

#[test]
fn two_instances_play_a_whole_game() {
    for (rule, code) in [(Rule::Freestyle, 0), (Rule::Standard, 1), (Rule::Caro, 8)] {
        let mut black = Brain::random(11);
        let mut white = Brain::random(12);
        for brain in [&mut black, &mut white] {
            brain.send(&format!(
                "START {SIZE}\nINFO rule {code}\nINFO timeout_turn 200"
            ));
            assert_eq!(brain.reply(), "OK");
        }
        let game = play_game(&mut black, &mut white, rule);
        let outcome = game.outcome();
        assert!(outcome.is_over(), "{rule}: {}", game.move_string());
        if let Outcome::Win { line, .. } = outcome {
            assert!(line.len >= 5);
        }
        // The brain that made the last move has it on its board, and the other brain has the
        // move before it: both reject them as occupied.
        let moves = game.moves();
        let last_by_black = moves.len() % 2 == 1;
        let (last_mover, other) = if last_by_black {
            (&mut black, &mut white)
        } else {
            (&mut white, &mut black)
        };
        for (brain, p) in [
            (last_mover, moves[moves.len() - 1]),
            (other, moves[moves.len() - 2]),
        ] {
            let (x, y) = p.to_gomocup(SIZE);
            brain.send(&format!("TURN {x},{y}"));
            let reply = brain.reply();
            assert!(
                reply.starts_with("ERROR") && reply.contains("occupied"),
                "{reply}"
            );
        }
    }
}

/// Own stones (field 1) at 3..6 on row y = 10 from the top, blocked on the left by the opponent:
/// the only winning point is 7,10. Mirrored vertically it would be 7,4 — so a y-orientation bug
/// shows. The opponent also has an open three elsewhere, so not winning now loses later.
#[test]
fn board_coordinates_map_to_the_only_winning_point() {
    let mut brain = Brain::random(1);
    brain.send("START 15");
    assert_eq!(brain.reply(), "OK");
    brain.send(
        "BOARD
         2,10,2
         3,10,1
         4,10,1
         5,10,1
         6,10,1
         10,2,2
         11,3,2
         12,4,2
         0,0,2
         DONE",
    );
    assert_eq!(brain.reply(), "7,10");
}

/// BOARD: the opponent's four 8..11 on y = 1 is blocked at 7,1, so the only answer is 12,1.
/// TURN: the opponent then completes a four 3,5..3,8 in column 3, blocked above at 3,4, so the only
/// answer is 3,9. A mirrored y or swapped x/y would answer elsewhere.
#[test]
fn board_and_turn_coordinates_map_to_the_only_blocks() {
    let mut brain = Brain::random(1);
    brain.send("START 15");
    assert_eq!(brain.reply(), "OK");
    brain.send(
        "BOARD
         8,1,2
         9,1,2
         10,1,2
         11,1,2
         3,5,2
         3,6,2
         3,7,2
         7,1,1
         3,4,1
         0,14,1
         14,14,1
         14,7,1
         0,7,1
         DONE",
    );
    assert_eq!(brain.reply(), "12,1");
    brain.send("TURN 3,8");
    assert_eq!(brain.reply(), "3,9");
}

/// A position where exactly one move wins, and not at once: 7,7 makes two fours (a 4-4), which
/// nothing can stop; no other move wins. Needs a real search.
#[test]
fn the_engine_finds_the_only_winning_move() {
    let mut brain = Brain::start(&["--brain", "engine"]);
    brain.send("START 15\nINFO timeout_turn 2000");
    assert_eq!(brain.reply(), "OK");
    // Black stones (ours): 4,7 5,7 6,7 on y = 7 and 7,4 7,5 7,6 on x = 7; White blocks 3,7 and
    // 7,3. 7,7 makes two fours at once (a 4-4), which wins; nothing else does.
    brain.send(
        "BOARD
         4,7,1
         5,7,1
         6,7,1
         7,4,1
         7,5,1
         7,6,1
         3,7,2
         7,3,2
         0,0,2
         14,14,2
         0,14,2
         14,0,2
         DONE",
    );
    assert_eq!(brain.reply(), "7,7");
}
