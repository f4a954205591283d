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
