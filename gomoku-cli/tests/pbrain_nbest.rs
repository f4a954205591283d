//! `YXNBEST n` through the `pbrain-gomoku` binary: one `MESSAGE ... multipv K ...` line per move
//! at each completed depth, then the best move, not played.

mod pbrain_support;

use std::collections::HashSet;

use pbrain_support::{Brain, assert_error, is_report, parse_move};

/// One `MESSAGE depth D-SD multipv K ev E n N n/ms X tm T pv ...` line.
#[derive(Debug)]
struct Line {
    depth: u32,
    rank: usize,
    /// The score, mates as ±(1,000,000 - plies) so that they order with the others.
    score: i64,
    /// The moves, as the protocol's `x,y`.
    pv: Vec<(u32, u32)>,
}

fn parse_score(text: &str) -> i64 {
    match text.strip_prefix("+M").or_else(|| text.strip_prefix("-M")) {
        Some(plies) => {
            let value = 1_000_000 - plies.parse::<i64>().expect("mate plies");
            if text.starts_with('-') { -value } else { value }
        }
        None => text.parse().expect("a score"),
    }
}

/// A MESSAGE move: column letter of x, then y + 1 counted from the top.
fn parse_message_move(text: &str) -> (u32, u32) {
    let x = u32::from(text.as_bytes()[0] - b'a');
    let y: u32 = text[1..].parse().expect("a row");
    (x, y - 1)
}

fn parse_line(text: &str) -> Line {
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(&words[..2], &["MESSAGE", "depth"], "{text}");
    let value = |key: &str| -> &str {
        let at = words
            .iter()
            .position(|w| *w == key)
            .unwrap_or_else(|| panic!("no {key} in {text}"));
        words[at + 1]
    };
    let depth = words[2].split('-').next().unwrap().parse().expect("depth");
    let pv_at = words.iter().position(|w| *w == "pv").expect("a pv");
    Line {
        depth,
        rank: value("multipv").parse().expect("multipv rank"),
        score: parse_score(value("ev")),
        pv: words[pv_at + 1..]
            .iter()
            .map(|w| parse_message_move(w))
            .collect(),
    }
}

/// Sends `YXNBEST n` and returns the MESSAGE lines and the answer.
fn nbest(brain: &mut Brain, n: usize) -> (Vec<Line>, String) {
    brain.send(&format!("YXNBEST {n}"));
    let mut lines = Vec::new();
    loop {
        let text = brain
            .line_within(pbrain_support::REPLY_TIMEOUT)
            .unwrap_or_else(|| panic!("no answer; transcript: {:?}", brain.transcript));
        if !is_report(&text) {
            return (lines, text);
        }
        lines.push(parse_line(&text));
    }
}

/// The lines of the deepest depth, in the order printed.
fn last_group(lines: &[Line]) -> Vec<&Line> {
    let deepest = lines.iter().map(|l| l.depth).max().expect("MESSAGE lines");
    lines.iter().filter(|l| l.depth == deepest).collect()
}

fn engine(max_depth: u32) -> Brain {
    let mut brain = Brain::start(&[]);
    brain.send("START 15");
    assert_eq!(brain.reply(), "OK");
    brain.send(&format!("INFO max_depth {max_depth}"));
    brain
}

#[test]
fn yxnbest_3_prints_three_distinct_sorted_lines_then_the_best() {
    let mut brain = engine(5);
    brain.send("YXBOARD\n7,7\n8,8\n7,8\n8,7\nDONE");
    let (lines, answer) = nbest(&mut brain, 3);
    // Every completed depth prints ranks 1, 2, 3 in order.
    for group in lines.chunks(3) {
        let ranks: Vec<usize> = group.iter().map(|l| l.rank).collect();
        assert_eq!(ranks, [1, 2, 3], "{lines:?}");
        assert!(group.iter().all(|l| l.depth == group[0].depth));
    }
    let last = last_group(&lines);
    assert_eq!(last.len(), 3, "{lines:?}");
    assert_eq!(last[0].depth, 5);
    let firsts: HashSet<(u32, u32)> = last.iter().map(|l| l.pv[0]).collect();
    assert_eq!(firsts.len(), 3, "three different moves: {last:?}");
    assert!(
        last.windows(2).all(|w| w[0].score >= w[1].score),
        "{last:?}"
    );
    let occupied = [(7, 7), (8, 8), (7, 8), (8, 7)];
    assert!(firsts.iter().all(|p| !occupied.contains(p)));
    // The answer is the first line's move, not played: the opponent may still take it.
    assert_eq!(parse_move(&answer), last[0].pv[0]);
    let (x, y) = parse_move(&answer);
    brain.send(&format!("PLAY {x},{y}"));
    assert_eq!(brain.reply(), format!("{x},{y}"));
}

#[test]
fn yxnbest_is_clamped_to_the_legal_moves() {
    // 5x5, four empty points on the bottom row, White to move, no five anywhere.
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "....X"];
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            match c {
                'X' => black.push((x, y)),
                'O' => white.push((x, y)),
                _ => {}
            }
        }
    }
    assert_eq!((black.len(), white.len()), (11, 10));
    let mut block = String::from("YXBOARD\n");
    for (i, b) in black.iter().enumerate() {
        block += &format!("{},{}\n", b.0, b.1);
        if let Some(w) = white.get(i) {
            block += &format!("{},{}\n", w.0, w.1);
        }
    }
    block += "DONE";
    let mut brain = Brain::start(&[]);
    brain.send("START 5");
    assert_eq!(brain.reply(), "OK");
    brain.send("INFO max_depth 3");
    brain.send(&block);
    let (lines, answer) = nbest(&mut brain, 1000);
    let last = last_group(&lines);
    let empties: HashSet<(u32, u32)> = (0..4).map(|x| (x, 4)).collect();
    let firsts: HashSet<(u32, u32)> = last.iter().map(|l| l.pv[0]).collect();
    assert_eq!(firsts.len(), last.len(), "{last:?}");
    assert_eq!(last.len(), 4, "one line per empty point: {last:?}");
    assert!(firsts.is_subset(&empties), "{last:?}");
    assert!(empties.contains(&parse_move(&answer)), "{answer}");
}

#[test]
fn yxnbest_rejects_bad_counts() {
    let mut brain = engine(2);
    brain.send("YXBOARD\n7,7\nDONE");
    for (bad, mentions) in [
        ("YXNBEST 0", "at least 1"),
        ("YXNBEST -3", "not a whole number"),
        ("YXNBEST three", "not a whole number"),
        ("YXNBEST 99999999999999999999", "too large"),
        ("YXNBEST", "expected a number"),
    ] {
        brain.send(bad);
        assert_error(&brain.reply(), mentions);
    }
    // Still alive and answering.
    let (lines, answer) = nbest(&mut brain, 2);
    assert!(!lines.is_empty());
    parse_move(&answer);
}
