//! `INFO thread_num` and `--threads`: the thread count reaches the player, bad values are
//! refused, and the engine's parallel search answers, keeps the node limit, stops on `END` and
//! stays within `INFO max_memory`.

mod pbrain_support;

use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use gomoku_ai::{Limits, MAX_THREADS, Player, Score, SearchInfo, SearchResult};
use gomoku_cli::pbrain::run_with_player;
use gomoku_rules::{Board, Rule};

use pbrain_support::{Brain, assert_error, is_report, parse_move};

/// Records the thread count of every search it is asked for, and plays the first empty point of
/// every fourth (so that it never has a five to complete, which the session would play itself).
struct Recorder {
    seen: Arc<Mutex<Vec<Option<usize>>>>,
}

impl Player for Recorder {
    fn name(&self) -> String {
        "recorder".into()
    }

    fn choose(
        &mut self,
        board: &Board,
        _rule: Rule,
        limits: &Limits,
        _report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.seen.lock().unwrap().push(limits.threads);
        let best = board.empty_points().iter().find(|p| p.index() % 4 == 0);
        SearchResult {
            best,
            info: SearchInfo {
                depth: 0,
                seldepth: 0,
                score: Score(0),
                nodes: 0,
                time: Duration::ZERO,
                pv: best.into_iter().collect(),
                multipv: 1,
            },
            lines: Vec::new(),
        }
    }
}

#[test]
fn thread_num_reaches_the_player_from_the_next_search_on() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let player = Recorder {
        seen: Arc::clone(&seen),
    };
    let script = "START 15\nBEGIN\nINFO thread_num 3\nTURN 7,7\nINFO thread_num 0\nTURN 7,8\n\
                  INFO thread_num 1000\nTURN 7,9\nINFO thread_num x\nTURN 7,10\n";
    let mut output = Vec::new();
    run_with_player(script.as_bytes(), &mut output, Box::new(player)).unwrap();
    let output = String::from_utf8(output).unwrap();
    assert_eq!(
        *seen.lock().unwrap(),
        [None, Some(3), None, Some(MAX_THREADS), Some(MAX_THREADS)],
        "{output}"
    );
    assert!(
        output.contains(&format!("using {MAX_THREADS}")),
        "the clamp is told: {output}"
    );
    assert!(output.contains("ERROR INFO thread_num"), "{output}");
}

#[test]
fn bad_thread_counts_are_errors() {
    let mut brain = Brain::random(1);
    brain.send("START 15");
    assert_eq!(brain.reply(), "OK");
    brain.send("INFO thread_num 2\nINFO thread_num 0\nINFO thread_num 64");
    brain.assert_silent();
    for bad in ["two", "-1", "1.5", "99999999999999999999999"] {
        brain.send(&format!("INFO thread_num {bad}"));
        assert_error(&brain.reply(), "thread_num");
    }
    brain.send("INFO thread_num 65");
    let told = brain.line_within(Duration::from_secs(10)).unwrap();
    assert!(told.starts_with("MESSAGE") && told.contains("64"), "{told}");
    brain.assert_silent();
}

/// `START`, the options, and a middle-game position (the first of `gomoku bench`), White to
/// move.
fn set_up(brain: &mut Brain, options: &str) {
    brain.send(&format!(
        "START 15\nINFO rule 0\n{options}\nBOARD\n7,7,2\n8,6,1\n8,7,2\n6,7,1\n9,8,2\n10,9,1\n7,6,2\n\
         7,8,1\n6,5,2\n5,4,1\n9,6,2\nDONE"
    ));
    assert_eq!(brain.reply(), "OK");
}

#[test]
fn two_threads_answer_within_the_node_limit() {
    let mut brain = Brain::start(&[]);
    set_up(
        &mut brain,
        "INFO thread_num 2\nINFO max_node 40000\nINFO timeout_turn 30000",
    );
    let mut last_report = None;
    let answer = loop {
        let line = brain.line_within(Duration::from_secs(30)).expect("a reply");
        if is_report(&line) {
            last_report = Some(line);
        } else {
            break line;
        }
    };
    let (x, y) = parse_move(&answer);
    assert!(x < 15 && y < 15, "{answer}");
    let report = last_report.expect("a MESSAGE line");
    let fields: Vec<&str> = report.split_whitespace().collect();
    let nodes: u64 = fields[6].parse().unwrap();
    assert!(nodes <= 40_000 + 4_000, "{report}");
}

#[test]
fn end_stops_a_two_thread_search_within_a_second() {
    let mut brain = Brain::start(&["--threads", "2"]);
    set_up(&mut brain, "INFO timeout_turn 60000");
    // Searching (on its own thread count) once it reports.
    let first = brain.line_within(Duration::from_secs(10)).unwrap();
    assert!(is_report(&first), "{first}");
    let sent = Instant::now();
    brain.send("END");
    let status = brain.wait_exit(Duration::from_secs(1)).expect("exits");
    assert!(status.success() && sent.elapsed() < Duration::from_secs(1));
}

#[test]
fn the_threads_flag_names_the_brain_and_refuses_bad_counts() {
    let mut brain = Brain::start(&["--threads", "2"]);
    brain.send("ABOUT");
    let about = brain.reply();
    assert!(about.contains("threads=2"), "{about}");
    for bad in ["0", "65", "many"] {
        let out = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
            .args(["--threads", bad])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!out.status.success(), "--threads {bad}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("threads"), "--threads {bad}: {stderr}");
    }
}

/// With many threads under a small memory limit the engine runs only the threads the limit
/// holds, and the whole process stays under it.
#[cfg(target_os = "linux")]
#[test]
fn many_threads_stay_within_max_memory() {
    let limit: u64 = 20 << 20;
    let mut brain = Brain::start(&[]);
    set_up(
        &mut brain,
        &format!("INFO max_memory {limit}\nINFO thread_num 16\nINFO timeout_turn 700"),
    );
    let answer = brain.reply();
    parse_move(&answer);
    // Let the answer's threads end before reading the peak.
    thread::sleep(Duration::from_millis(50));
    let peak = brain.peak_resident_bytes().expect("VmHWM");
    brain.send("END");
    assert!(
        peak < limit,
        "peak resident {:.1} MB over {:.1} MB",
        peak as f64 / (1 << 20) as f64,
        limit as f64 / (1 << 20) as f64
    );
}
