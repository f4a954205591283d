//! Whole scripts piped in at once, line endings, and garbage: always answered in order, never a
//! crash or a hang.

mod pbrain_support;

use std::time::Duration;

use pbrain_support::{Brain, is_report, parse_move};

/// All output lines until the brain exits (fails the test if it does not).
fn all_replies(brain: &mut Brain) -> Vec<String> {
    let mut replies = Vec::new();
    while let Some(line) = brain.line_within(Duration::from_secs(10)) {
        if !is_report(&line) {
            replies.push(line);
        }
    }
    let status = brain
        .wait_exit(Duration::from_secs(5))
        .expect("the brain exits at the end of the script");
    assert!(status.success(), "exit status {status:?}");
    replies
}

#[test]
fn a_piped_script_is_answered_completely_and_in_order() {
    let mut brain = Brain::random(3);
    brain.send(
        "START 15
         INFO timeout_turn 200
         INFO timeout_match 100000
         INFO time_left 100000
         INFO rule 0
         BOARD
         7,7,2
         7,8,1
         8,8,2
         DONE
         TURN 9,9
         ABOUT
         TURN 99,99
         TURN 3,3
         END",
    );
    brain.close_input();
    let replies = all_replies(&mut brain);
    assert_eq!(replies.len(), 6, "{replies:?}");
    assert_eq!(replies[0], "OK");
    let first = parse_move(&replies[1]);
    assert!(![(7, 7), (7, 8), (8, 8)].contains(&first));
    let second = parse_move(&replies[2]);
    assert!(![(7, 7), (7, 8), (8, 8), (9, 9), first].contains(&second));
    assert!(replies[3].starts_with("name="));
    assert!(replies[4].starts_with("ERROR"), "{}", replies[4]);
    let third = parse_move(&replies[5]);
    assert!(![(7, 7), (7, 8), (8, 8), (9, 9), (3, 3), first, second].contains(&third));
}

#[test]
fn crlf_lf_and_cr_line_endings_and_any_case() {
    let mut brain = Brain::random(3);
    brain.send_raw(b"start 15\r\nInfo timeout_turn 100\rbegin\rTURN 1,1\r\nabout\n");
    assert_eq!(brain.reply(), "OK");
    assert_eq!(brain.reply(), "7,7");
    let answer = parse_move(&brain.reply());
    assert!(answer != (7, 7) && answer != (1, 1));
    assert!(brain.reply().starts_with("name="));
}

#[test]
fn the_end_of_input_without_end_ends_the_brain() {
    let mut brain = Brain::random(3);
    brain.send("START 15\nBEGIN");
    brain.close_input();
    assert_eq!(all_replies(&mut brain), ["OK", "7,7"]);
}

/// A small deterministic generator, so the garbage is the same on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

#[test]
fn garbage_never_crashes_it() {
    let mut brain = Brain::random(5);
    brain.send("START 15");
    assert_eq!(brain.reply(), "OK");
    let mut rng = Lcg(42);
    // Random bytes, with line breaks sprinkled in.
    let mut bytes: Vec<u8> = (0..20_000).map(|_| rng.next() as u8).collect();
    for i in (0..bytes.len()).step_by(97) {
        bytes[i] = b'\n';
    }
    brain.send_raw(&bytes);
    brain.send_raw(b"\n");
    // Huge numbers, empty lines, odd commands and a block that never ends.
    brain.send(
        "TURN 99999999999999999999999999,1
         TURN 1,99999999999999999999999999
         START 340282366920938463463374607431768211456
         INFO timeout_turn 99999999999999999999999

         INFO time_left -99999999999999999999999
         YXNBEST 99999999999999999999
         TAKEBACK ,
         PLAY ,,,
         TURN
         ,
         -1
         BOARD
         7,7,1
         8,8,2
         1,2,3,4",
    );
    brain.send_raw(&[b'x'; 100_000]);
    // The largest numbers that parse: still an answer, and at once (the random brain is fast).
    brain.send_raw(
        b"\n\nINFO timeout_turn 18446744073709551615\nINFO time_left 9223372036854775807\n",
    );
    brain
        .send_raw(b"INFO timeout_match 18446744073709551615\nINFO max_node 18446744073709551615\n");
    brain.send_raw(b"INFO max_depth 4294967295\nINFO max_memory 18446744073709551615\n");
    brain.send_raw(b"\n\n\r\n\r\r\nSTART 15\nBEGIN\nABOUT\n");
    let mut about_seen = false;
    let mut moves = Vec::new();
    while let Some(line) = brain.line_within(Duration::from_secs(10)) {
        if !line.contains(' ') && line.contains(',') {
            moves.push(line.clone());
        }
        if line.starts_with("name=") {
            about_seen = true;
            break;
        }
        assert!(
            line.starts_with("ERROR")
                || line.starts_with("UNKNOWN")
                || line == "OK"
                || is_report(&line)
                || parse_move(&line).0 < 15,
            "unexpected reply {line:?}"
        );
    }
    assert!(about_seen, "the brain still answers after the garbage");
    assert_eq!(
        moves.last().map(String::as_str),
        Some("7,7"),
        "BEGIN answered under huge limits"
    );
    // A BOARD block missing its DONE, then END: the brain still exits cleanly.
    brain.send("BOARD\n7,7,1\nEND");
    let status = brain
        .wait_exit(Duration::from_secs(2))
        .expect("exited after END");
    assert!(status.success());
}
