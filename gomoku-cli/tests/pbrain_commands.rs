//! Every protocol command through the `pbrain-gomoku` binary, including the error replies.

mod pbrain_support;

use std::collections::HashSet;
use std::time::Duration;

use pbrain_support::{Brain, assert_error, is_report, parse_move};

fn started(size: u32) -> Brain {
    let mut brain = Brain::random(1);
    brain.send(&format!("START {size}"));
    assert_eq!(brain.reply(), "OK");
    brain
}

#[test]
fn start_accepts_sizes_5_to_22_only() {
    let mut brain = Brain::random(1);
    for size in [5, 15, 20, 22] {
        brain.send(&format!("START {size}"));
        assert_eq!(brain.reply(), "OK", "size {size}");
    }
    for (bad, mentions) in [
        ("START 4", "size 4"),
        ("START 23", "size 23"),
        ("START 0", "size 0"),
        ("START 99999999999999999999", "too large"),
        ("START -5", "not a whole number"),
        ("START", "expected a number"),
        ("START fifteen", "not a whole number"),
    ] {
        brain.send(bad);
        assert_error(&brain.reply(), mentions);
    }
    brain.send("RECTSTART 15,15");
    assert_eq!(brain.reply(), "OK");
    brain.send("RECTSTART 20,15");
    assert_error(&brain.reply(), "square");
    brain.send("RECTSTART 30,30");
    assert_error(&brain.reply(), "size 30");
    brain.send("RECTSTART 20");
    assert_error(&brain.reply(), "expected x,y");
}

#[test]
fn commands_before_start_are_errors() {
    let mut brain = Brain::random(1);
    for command in [
        "BEGIN",
        "TURN 7,7",
        "BOARD",
        "RESTART",
        "TAKEBACK 1,1",
        "PLAY 1,1",
    ] {
        brain.send(command);
        assert_error(&brain.reply(), "START");
    }
}

#[test]
fn about_and_unknown() {
    let mut brain = Brain::random(1);
    brain.send("ABOUT");
    let about = brain.reply();
    assert!(
        about.starts_with("name=\"gomoku-rs\", version=\""),
        "{about}"
    );
    brain.send("FROBNICATE 1 2");
    assert_eq!(brain.reply(), "UNKNOWN unknown command \"FROBNICATE\"");
    brain.send("about");
    assert_eq!(brain.reply(), about, "keywords are case-insensitive");
}

#[test]
fn begin_turn_and_their_errors() {
    let mut brain = started(15);
    brain.send("BEGIN");
    let first = parse_move(&brain.reply());
    assert_eq!(first, (7, 7), "the random brain opens in the centre");
    brain.send("TURN 7,7");
    assert_error(&brain.reply(), "occupied");
    brain.send("TURN 15,3");
    assert_error(&brain.reply(), "off the 15x15 board");
    brain.send("TURN 3");
    assert_error(&brain.reply(), "expected x,y");
    brain.send("TURN 4294967296,1");
    assert_error(&brain.reply(), "too large");
    let mut taken: HashSet<(u32, u32)> = HashSet::from([first]);
    for (x, y) in [(6, 6), (0, 0), (14, 14)] {
        brain.send(&format!("TURN {x},{y}"));
        taken.insert((x, y));
        let answer = parse_move(&brain.reply());
        assert!(answer.0 < 15 && answer.1 < 15);
        assert!(taken.insert(answer), "{answer:?} was already taken");
    }
}

#[test]
fn board_then_done_answers_a_free_point() {
    let mut brain = started(15);
    brain.send("BOARD\n7,7,1\n8,8,2\n6,8,1\n9,9,2\nDONE");
    let answer = parse_move(&brain.reply());
    assert!(![(7, 7), (8, 8), (6, 8), (9, 9)].contains(&answer));
    // The answer was played: the manager cannot play there.
    brain.send(&format!("TURN {},{}", answer.0, answer.1));
    assert_error(&brain.reply(), "occupied");
}

#[test]
fn bad_board_lines_are_errors() {
    let mut brain = started(15);
    for (block, mentions) in [
        ("BOARD\n7,7,1\n15,2,2\nDONE", "off the 15x15 board"),
        ("BOARD\n7,7,1\n7,7,2\nDONE", "occupied"),
        ("BOARD\n7,7,4\nDONE", "field must be 1, 2 or 3"),
        ("BOARD\n7,7\nDONE", "field must be 1, 2 or 3"),
        ("BOARD\n7,x,1\nDONE", "not a whole number"),
    ] {
        brain.send(block);
        let reply = brain.reply();
        assert_error(&reply, mentions);
        assert!(reply.ends_with("position ignored"), "{reply}");
    }
    brain.send("DONE");
    assert_error(&brain.reply(), "DONE without BOARD");
    // A block cut short by another command is dropped, and the command is answered.
    brain.send("BOARD\n7,7,1\nABOUT");
    assert_error(&brain.reply(), "not closed by DONE");
    assert!(brain.reply().starts_with("name="));
    brain.send("7,7,1");
    assert_error(&brain.reply(), "outside BOARD");
}

#[test]
fn info_keys_are_silent_and_checked() {
    let mut brain = started(15);
    brain.send(
        "INFO timeout_turn 1000
         INFO timeout_match 100000
         INFO time_left 100000
         INFO time_left -20
         INFO time_left 2147483647
         INFO max_memory 83886080
         INFO game_type 1
         INFO rule 1
         INFO rule 2
         INFO rule 4
         INFO rule 8
         INFO rule 9
         INFO rule 0
         INFO max_depth 10
         INFO max_node 100000
         INFO thread_num 4
         INFO folder C:\\some folder\\
         INFO evaluate 7,7
         INFO some_future_key 42",
    );
    brain.assert_silent();
    for (bad, mentions) in [
        ("INFO timeout_turn soon", "timeout_turn"),
        ("INFO time_left 1.5", "time_left"),
        ("INFO rule 77", "rule code"),
        ("INFO max_memory -1", "max_memory"),
        ("INFO", "key"),
    ] {
        brain.send(bad);
        assert_error(&brain.reply(), mentions);
    }
}

#[test]
fn takeback_play_restart() {
    let mut brain = started(15);
    brain.send("BEGIN");
    assert_eq!(brain.reply(), "7,7");
    brain.send("TAKEBACK 7,7");
    assert_eq!(brain.reply(), "OK");
    brain.send("TAKEBACK 7,7");
    assert_error(&brain.reply(), "no stone");
    brain.send("TAKEBACK 99,1");
    assert_error(&brain.reply(), "off the");
    // The point is free again and it is our move again: BEGIN opens in the centre.
    brain.send("BEGIN");
    assert_eq!(brain.reply(), "7,7");
    brain.send("PLAY 5,5");
    assert_eq!(brain.reply(), "5,5");
    brain.send("PLAY 5,5");
    assert_error(&brain.reply(), "occupied");
    brain.send("RESTART");
    assert_eq!(brain.reply(), "OK");
    brain.send("TURN 7,7");
    let answer = parse_move(&brain.reply());
    assert_ne!(
        answer,
        (7, 7),
        "the board was cleared and 7,7 is now the opponent's"
    );
}

#[test]
fn swap2board_policy() {
    let mut brain = started(15);
    brain.send("SWAP2BOARD\nDONE");
    let opening: Vec<(u32, u32)> = brain.reply().split(' ').map(parse_move).collect();
    assert_eq!(opening.len(), 3);
    assert_eq!(opening.iter().collect::<HashSet<_>>().len(), 3);
    assert_eq!(opening[0], (7, 7));

    brain.send("SWAP2BOARD\n7,7\n8,6\n5,8\nDONE");
    let reply = brain.reply();
    if reply != "SWAP" {
        let m = parse_move(&reply);
        assert!(![(7, 7), (8, 6), (5, 8)].contains(&m), "{reply}");
    }
    brain.send("SWAP2BOARD\n7,7\n8,6\n5,8\n9,9\n6,6\nDONE");
    let reply = brain.reply();
    if reply != "SWAP" {
        let m = parse_move(&reply);
        assert!(
            ![(7, 7), (8, 6), (5, 8), (9, 9), (6, 6)].contains(&m),
            "{reply}"
        );
    }
    brain.send("SWAP2BOARD\n7,7\n8,6\nDONE");
    assert_error(&brain.reply(), "expected 0, 3 or 5 stones");
}

#[test]
fn yxboard_sets_the_position_silently() {
    let mut brain = started(15);
    brain.send("YXBOARD\n7,7,1\n8,8,2\n6,6,1\nDONE");
    brain.assert_silent();
    // White to move after three stones: the forbidden list is empty for White.
    brain.send("INFO rule 4\nYXSHOWFORBID");
    assert_eq!(brain.reply(), "FORBID .");
    brain.send("TURN 8,8");
    assert_error(&brain.reply(), "occupied");
}

#[test]
fn yxshowforbid_under_freestyle_is_empty() {
    let mut brain = started(15);
    brain.send("YXBOARD\n7,7\n0,0\n8,7\n0,1\n7,8\n0,2\n8,8\n1,0\nDONE\nYXSHOWFORBID");
    assert_eq!(brain.reply(), "FORBID .");
}

/// A double three for Black at 7,7: the horizontal 5,7 6,7 and the vertical 7,5 7,6 both become
/// open threes. Black to move (two white stones far away).
#[test]
fn yxshowforbid_lists_black_fouls_under_renju() {
    let mut brain = started(15);
    brain.send("INFO rule 4");
    brain.send("YXBOARD\n5,7\n0,0\n6,7\n0,14\n7,5\n14,0\n7,6\n14,14\nDONE\nYXSHOWFORBID");
    assert_eq!(brain.reply(), "FORBID 0707.");
}

#[test]
fn yxnbest_analyses_without_playing() {
    let mut brain = started(15);
    brain.send("YXBOARD\n7,7\n8,8\nDONE\nYXNBEST 3");
    let (x, y) = parse_move(&brain.reply());
    brain.send(&format!("TURN {x},{y}"));
    let answer = brain.reply();
    assert!(
        !answer.starts_with("ERROR"),
        "the suggested point was not played: {answer}"
    );
    brain.send("YXNBEST 0");
    assert_error(&brain.reply(), "at least 1");
    brain.send("YXNBEST many");
    assert_error(&brain.reply(), "not a whole number");
}

#[test]
fn yxstop_and_yxhashclear_when_idle_are_silent() {
    let mut brain = started(15);
    brain.send("YXSTOP\nYXHASHCLEAR");
    brain.assert_silent();
}

#[test]
fn message_lines_describe_the_answer() {
    let mut brain = started(15);
    brain.send("TURN 3,12");
    let mut reports = Vec::new();
    let answer = loop {
        let line = brain.line_within(Duration::from_secs(10)).expect("a reply");
        if is_report(&line) {
            reports.push(line);
        } else {
            break line;
        }
    };
    let last = reports.last().expect("a MESSAGE line before the move");
    let fields: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(fields[0..2], ["MESSAGE", "depth"]);
    assert!(fields[2].split_once('-').is_some(), "{last}");
    assert_eq!(
        [fields[3], fields[5], fields[7], fields[9], fields[11]],
        ["ev", "n", "n/ms", "tm", "pv"],
        "{last}"
    );
    // The PV's first move is the answer, written as column letter + (y + 1) from the top.
    let (x, y) = parse_move(&answer);
    let expected = format!("{}{}", char::from(b'a' + x as u8), y + 1);
    assert_eq!(fields[12], expected, "{last} vs {answer}");
}

#[test]
fn end_exits() {
    let mut brain = started(15);
    brain.send("END");
    let status = brain.wait_exit(Duration::from_secs(2)).expect("exited");
    assert!(status.success());
}
