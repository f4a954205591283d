//! Hostile input through the `pbrain-gomoku` binary: overlong lines, endless position blocks,
//! input closed mid-search, `END` inside a block, numbers that overflow, coordinates off any
//! board, moves on occupied points and floods of input during a search. Each gets a clear
//! `ERROR` or a clean exit, never a panic, a hang or unbounded memory.

mod pbrain_support;

use std::time::{Duration, Instant};

use pbrain_support::{Brain, assert_error, is_report, parse_move};

fn started() -> Brain {
    let mut brain = Brain::random(1);
    brain.send("START 15");
    assert_eq!(brain.reply(), "OK");
    brain
}

/// A brain with the real engine, thinking `turn_ms` per move, on a position with a few stones.
fn engine_searching(turn_ms: u32, extra_info: &str) -> Brain {
    let mut brain = Brain::start(&[]);
    brain.send(&format!(
        "START 15\nINFO timeout_turn {turn_ms}\n{extra_info}"
    ));
    assert_eq!(brain.reply(), "OK");
    brain.send("BOARD\n7,7,2\n8,8,1\n6,8,2\n9,6,1\nDONE");
    brain
}

/// Waits for the search's first report, so it is known to run.
fn wait_for_report(brain: &mut Brain) {
    let line = brain
        .line_within(Duration::from_secs(10))
        .expect("a search report");
    assert!(is_report(&line), "{line:?}");
}

fn assert_exits_cleanly(brain: &mut Brain, within: Duration) {
    let status = brain
        .wait_exit(within)
        .unwrap_or_else(|| panic!("no exit within {within:?}: {:?}", brain.transcript));
    assert!(status.success(), "{status:?}");
}

#[test]
fn a_one_megabyte_line_is_refused_and_the_session_goes_on() {
    let mut brain = started();
    let mut line = b"TURN 7,7".to_vec();
    line.extend(std::iter::repeat_n(b' ', 1 << 20));
    line.push(b'\n');
    brain.send_raw(&line);
    assert_error(
        &brain.reply(),
        &format!("line of {} bytes ignored", (1 << 20) + 8),
    );
    brain.assert_silent();
    brain.send("TURN 7,7");
    parse_move(&brain.reply());
}

#[test]
fn a_megabyte_without_a_line_end_before_the_input_closes() {
    let mut brain = started();
    brain.send_raw(&vec![b'7'; 1 << 20]);
    brain.close_input();
    assert_error(&brain.reply(), "bytes ignored");
    assert_exits_cleanly(&mut brain, Duration::from_secs(5));
}

#[test]
fn a_board_of_ten_thousand_lines_is_refused() {
    let mut brain = started();
    let mut block = String::from("BOARD\n");
    for i in 0..10_000 {
        block.push_str(&format!("{},{},{}\n", i % 15, (i / 15) % 15, 1 + i % 2));
    }
    block.push_str("DONE\n");
    brain.send_raw(block.as_bytes());
    assert_error(&brain.reply(), "listed twice");
    brain.assert_silent();
    // The position before the block still stands: the board is empty.
    brain.send("TURN 7,7");
    parse_move(&brain.reply());
    // Ten thousand bad lines in a block: one error.
    let mut block = String::from("BOARD\n");
    for i in 0..10_000u64 {
        block.push_str(&format!("{},{},1\n", i * 1_000_003, i));
    }
    block.push_str("DONE\n");
    brain.send_raw(block.as_bytes());
    assert_error(&brain.reply(), "off the 15x15 board");
    brain.assert_silent();
}

#[test]
fn input_closed_in_the_middle_of_a_search() {
    let mut brain = engine_searching(3000, "");
    wait_for_report(&mut brain);
    let closed = Instant::now();
    brain.close_input();
    // The move is still answered, within the turn time, then the brain exits.
    parse_move(&brain.reply());
    assert_exits_cleanly(&mut brain, Duration::from_secs(10));
    assert!(
        closed.elapsed() < Duration::from_secs(5),
        "{:?}",
        closed.elapsed()
    );
}

#[test]
fn end_during_a_board_block() {
    let mut brain = started();
    brain.send("BOARD\n7,7,1\n8,8,2\nEND");
    assert_error(&brain.reply(), "not closed by DONE");
    assert_exits_cleanly(&mut brain, Duration::from_secs(5));
}

#[test]
fn info_values_that_overflow() {
    let mut brain = started();
    for (line, mentions) in [
        ("INFO timeout_turn 18446744073709551616", "timeout_turn"),
        (
            "INFO timeout_match 99999999999999999999999",
            "timeout_match",
        ),
        ("INFO time_left -9223372036854775809", "time_left"),
        ("INFO max_memory 18446744073709551616", "max_memory"),
        ("INFO max_memory -1", "max_memory"),
        ("INFO max_node 1e30", "max_node"),
        ("INFO max_depth 4294967296", "max_depth"),
        ("INFO rule 4294967296", "rule"),
    ] {
        brain.send(line);
        assert_error(&brain.reply(), mentions);
    }
    // The largest values that parse are accepted and clamped: the brain still answers.
    brain.send(
        "INFO timeout_turn 18446744073709551615\nINFO timeout_match 18446744073709551615\n\
         INFO time_left -9223372036854775808\nINFO time_left 9223372036854775807\n\
         INFO max_memory 18446744073709551615\nINFO max_node 18446744073709551615\n\
         INFO max_depth 4294967295",
    );
    brain.assert_silent();
    brain.send("INFO timeout_turn 100\nTURN 7,7");
    parse_move(&brain.reply());
}

#[test]
fn negative_and_huge_coordinates() {
    let mut brain = started();
    for (line, mentions) in [
        ("TURN -1,5", "not a whole number"),
        ("TURN 5,-1", "not a whole number"),
        ("TURN 99999999999999999999,1", "too large"),
        ("TURN 4294967295,4294967295", "off the 15x15 board"),
        ("TURN 15,0", "off the 15x15 board"),
        ("PLAY 0,15", "off the 15x15 board"),
        ("TAKEBACK 4294967295,0", "off the 15x15 board"),
    ] {
        brain.send(line);
        assert_error(&brain.reply(), mentions);
    }
    brain.send("BOARD\n-3,4,1\nDONE");
    assert_error(&brain.reply(), "position ignored");
    brain.send("BOARD\n4294967295,4294967295,1\nDONE");
    assert_error(&brain.reply(), "off the 15x15 board");
    brain.assert_silent();
}

#[test]
fn a_turn_on_an_occupied_point() {
    let mut brain = started();
    brain.send("TURN 7,7");
    let (x, y) = parse_move(&brain.reply());
    for point in ["7,7".to_string(), format!("{x},{y}")] {
        brain.send(&format!("TURN {point}"));
        assert_error(&brain.reply(), "occupied");
    }
    // The position is unchanged: the next free point is played and answered.
    let free = if (x, y) == (0, 0) { "1,1" } else { "0,0" };
    brain.send(&format!("TURN {free}"));
    let answer = parse_move(&brain.reply());
    assert!(![(7, 7), (x, y)].contains(&answer), "{answer:?}");
}

#[test]
fn a_flood_of_input_during_a_search_is_bounded() {
    let mut brain = engine_searching(2500, "INFO max_memory 20000000\n");
    wait_for_report(&mut brain);
    // 32 MB of lines that answer nothing: held in full, they would take hundreds of MB.
    let flood = "INFO folder x\n".repeat((32 << 20) / 14);
    brain.send_raw(flood.as_bytes());
    parse_move(&brain.reply());
    assert_error(&brain.reply(), "lines ignored");
    brain.assert_silent();
    if let Some(peak) = brain.peak_resident_bytes() {
        assert!(peak < 40 << 20, "peak resident memory {peak} bytes");
    }
    brain.send("END");
    assert_exits_cleanly(&mut brain, Duration::from_secs(5));
}
