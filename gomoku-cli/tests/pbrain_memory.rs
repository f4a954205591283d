//! `INFO max_memory` bounds the whole process: the brain plays a few searched moves under a
//! limit, and its peak resident memory (`VmHWM` in `/proc/<pid>/status`, read from outside)
//! must stay under it.
#![cfg(target_os = "linux")]

mod pbrain_support;

use std::collections::HashSet;

use pbrain_support::{Brain, parse_move};

/// Time per move: enough for the tables to fill, few enough moves to keep the test near 2 s.
const TURN_MS: u32 = 350;
/// Moves the brain searches.
const MOVES: usize = 6;

/// Plays [`MOVES`] searched moves of the engine (as Black, against moves spiralling out of the
/// centre) under `max_memory` bytes (0: no limit) and returns the peak resident memory.
fn peak_after_search(max_memory: u64) -> u64 {
    // A fixed 64 MiB table (the engine would size it by the move's time, 8 MiB at 350 ms): the
    // limits below must shrink it.
    let mut brain = Brain::start(&["--brain", "engine,hash=64"]);
    brain.send(&format!(
        "START 15\nINFO max_memory {max_memory}\nINFO timeout_turn {TURN_MS}\nINFO rule 0"
    ));
    assert_eq!(brain.reply(), "OK");
    let mut taken = HashSet::new();
    let ours: Vec<(i32, i32)> = (0..15 * 15).map(|i| (i % 15, i / 15)).collect();
    let mut theirs = spiral();
    brain.send("BEGIN");
    for _ in 0..MOVES {
        let (x, y) = parse_move(&brain.reply());
        assert!(taken.insert((x as i32, y as i32)), "{:?}", brain.transcript);
        let next = theirs
            .by_ref()
            .chain(ours.iter().copied())
            .find(|p| !taken.contains(p))
            .expect("an empty point");
        taken.insert(next);
        brain.send(&format!("TURN {},{}", next.0, next.1));
    }
    brain.reply();
    let peak = brain
        .peak_resident_bytes()
        .expect("VmHWM in /proc/<pid>/status");
    brain.send("END");
    peak
}

/// Points around the centre, ring by ring.
fn spiral() -> impl Iterator<Item = (i32, i32)> {
    (1..7).flat_map(|r: i32| {
        (-r..=r).flat_map(move |dx| {
            (-r..=r)
                .filter(move |dy| dx.abs() == r || dy.abs() == r)
                .map(move |dy| (7 + dx, 7 + dy))
        })
    })
}

fn assert_within(max_memory: u64) {
    let peak = peak_after_search(max_memory);
    let mb = |b: u64| b as f64 / (1 << 20) as f64;
    eprintln!(
        "max_memory {:.1} MB: peak resident {:.1} MB",
        mb(max_memory),
        mb(peak)
    );
    assert!(
        peak < max_memory,
        "peak resident memory {:.1} MB over the limit of {:.1} MB",
        mb(peak),
        mb(max_memory)
    );
}

#[test]
fn twenty_megabytes_hold() {
    assert_within(20 << 20);
}

#[test]
fn a_hundred_megabytes_hold() {
    assert_within(100 << 20);
}

#[test]
fn ten_megabytes_hold() {
    assert_within(10 << 20);
}

/// Without a limit the same play takes more than the smallest limit above: the measurement
/// sees the tables, so the tests above check something.
#[test]
fn without_a_limit_the_tables_take_more() {
    let peak = peak_after_search(0);
    assert!(peak > 20 << 20, "peak without a limit: {peak} bytes");
}
