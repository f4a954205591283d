//! A whole game between two instances of the brain under a 5 s match clock, as tournament
//! managers run it (`INFO timeout_match`, `INFO timeout_turn`, and `INFO time_left` before
//! every move): neither side ever oversteps its turn or its clock, and each says its budget.

mod pbrain_support;

use std::time::{Duration, Instant};

use gomoku_rules::{Game, Point, Rule};

use pbrain_support::{Brain, is_report, parse_move};

const SIZE: u8 = 15;
const MATCH: Duration = Duration::from_secs(5);
const TURN: Duration = Duration::from_secs(1);

/// One side: its brain, the clock it has used and its longest move.
struct Side {
    brain: Brain,
    used: Duration,
    longest: Duration,
    moves: u32,
    budgets: u32,
}

impl Side {
    fn start() -> Side {
        let mut brain = Brain::start(&[]);
        brain.send(&format!(
            "START {SIZE}\nINFO rule 0\nINFO timeout_turn {}\nINFO timeout_match {}",
            TURN.as_millis(),
            MATCH.as_millis()
        ));
        assert_eq!(brain.reply(), "OK");
        Side {
            brain,
            used: Duration::ZERO,
            longest: Duration::ZERO,
            moves: 0,
            budgets: 0,
        }
    }

    /// Sends the time left and `command`, and times the answer (from the moment the command
    /// was sent, as a manager does).
    fn play(&mut self, command: &str) -> String {
        let left = MATCH.saturating_sub(self.used).as_millis();
        self.brain.send(&format!("INFO time_left {left}"));
        let sent = Instant::now();
        self.brain.send(command);
        let reply = loop {
            let line = self
                .brain
                .line_within(Duration::from_secs(10))
                .expect("an answer within 10 s");
            if line.starts_with("MESSAGE budget") {
                self.budgets += 1;
                let at_most: u128 = line
                    .split("at most ")
                    .nth(1)
                    .and_then(|rest| rest.split(' ').next())
                    .and_then(|n| n.parse().ok())
                    .unwrap_or_else(|| panic!("{line}"));
                assert!(at_most < left, "{line} with {left} ms left");
            } else if !is_report(&line) {
                break line;
            }
        };
        let took = sent.elapsed();
        self.used += took;
        self.longest = self.longest.max(took);
        self.moves += 1;
        assert!(took < TURN, "a move took {took:?} of a {TURN:?} turn");
        assert!(
            self.used <= MATCH,
            "{:?} used of a {MATCH:?} clock after {} moves",
            self.used,
            self.moves
        );
        reply
    }
}

#[test]
fn a_whole_game_under_a_match_clock_never_oversteps() {
    let mut sides = [Side::start(), Side::start()];
    let mut game = Game::new(u32::from(SIZE), Rule::Freestyle).unwrap();
    let mut command = "BEGIN".to_string();
    let mut turn = 0;
    loop {
        let reply = sides[turn % 2].play(&command);
        let (x, y) = parse_move(&reply);
        let p = Point::from_gomocup(x, y, SIZE).unwrap_or_else(|e| panic!("{reply}: {e}"));
        let outcome = game
            .play(p)
            .unwrap_or_else(|e| panic!("illegal {reply}: {e}; {}", game.move_string()));
        if outcome.is_over() {
            break;
        }
        command = format!("TURN {x},{y}");
        turn += 1;
    }
    for side in &sides {
        // Every move that needed a search said its budget (obvious moves need none).
        assert!(side.budgets >= 1, "{} moves, no budget", side.moves);
        assert!(side.budgets <= side.moves);
    }
    // A game of some length spends a fair part of the clock rather than hoarding it.
    if game.moves().len() >= 30 {
        let most = sides.iter().map(|s| s.used).max().unwrap();
        assert!(
            most >= MATCH / 5,
            "{most:?} of {MATCH:?} in {} plies",
            game.moves().len()
        );
    }
}

/// The `ms overhead a move` of the budget line that answers `command` sent after `time_left`,
/// and the move.
fn overhead_after(brain: &mut Brain, time_left: u128, command: &str) -> (u64, String) {
    brain.send(&format!("INFO time_left {time_left}"));
    brain.send(command);
    let mut overhead = None;
    loop {
        let line = brain
            .line_within(Duration::from_secs(10))
            .expect("an answer within 10 s");
        if line.starts_with("MESSAGE budget") {
            overhead = line
                .split(" ms overhead a move")
                .next()
                .and_then(|head| head.rsplit(' ').next())
                .and_then(|n| n.parse().ok());
            assert!(overhead.is_some(), "{line}");
        } else if !is_report(&line) {
            return (overhead.expect("a budget line before the move"), line);
        }
    }
}

/// A manager that charges a second beyond each of our moves: the brain learns it from the
/// falls of `time_left` and keeps the most it allows (50 ms) back for every move still
/// possible; an unchanged clock teaches nothing; a new game (`RESTART`) keeps the measure.
#[test]
fn the_brain_keeps_back_what_the_manager_charges_beyond_its_moves() {
    let mut brain = Brain::start(&[]);
    brain.send("START 15\nINFO rule 0\nINFO timeout_turn 200\nINFO timeout_match 600000");
    assert_eq!(brain.reply(), "OK");
    let mut left: u128 = 600_000;
    // Opening moves far apart, so that no move is obvious.
    let theirs = ["TURN 0,0", "TURN 14,14", "TURN 0,14"];
    let mut first = None;
    for (i, command) in ["BEGIN"].iter().chain(&theirs).enumerate() {
        let sent = Instant::now();
        let (overhead, reply) = overhead_after(&mut brain, left, command);
        parse_move(&reply);
        if i == 0 {
            first = Some(overhead);
        }
        left -= sent.elapsed().as_millis() + 1_000;
    }
    assert_eq!(first, Some(3), "nothing measured before the first move");
    let (overhead, _) = overhead_after(&mut brain, left, "TURN 14,0");
    assert_eq!(overhead, 50, "a second charged beyond each move");
    // A new game keeps the measure.
    brain.send("RESTART");
    assert_eq!(brain.reply(), "OK");
    let (overhead, _) = overhead_after(&mut brain, 600_000, "BEGIN");
    assert_eq!(overhead, 50);

    // A manager whose clock does not fall (it sends the same time_left every move).
    let mut brain = Brain::start(&[]);
    brain.send("START 15\nINFO rule 0\nINFO timeout_turn 200\nINFO timeout_match 600000");
    assert_eq!(brain.reply(), "OK");
    for command in ["BEGIN"].iter().chain(&theirs) {
        let (overhead, reply) = overhead_after(&mut brain, 600_000, command);
        parse_move(&reply);
        assert_eq!(overhead, 3, "{command}");
    }
}
