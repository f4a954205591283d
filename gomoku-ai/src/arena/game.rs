//! One game between two players, refereed: illegal moves, missing moves and overstepped clocks
//! forfeit the game; a player that goes silent voids it.

use std::fmt;
use std::time::{Duration, Instant};

use gomoku_rules::{Color, FoulPolicy, Game, Outcome, PlayErrorReason, Point, Rule};

use crate::player::{Limits, Player, StopFlag};
use crate::score::Score;

/// The time a player may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TimeControl {
    /// Time for each move.
    pub move_time: Option<Duration>,
    /// Time for all of a player's moves in one game (the Gomocup "match" time).
    pub game_time: Option<Duration>,
    /// How much a player may overstep either limit before it forfeits (the Gomocup judges allow
    /// about a second, to cover process and pipe delays).
    pub tolerance: Duration,
    /// Nodes each move may search (a load-independent budget for built-in players; external
    /// engines are told it with `INFO max_node`).
    pub nodes: Option<u64>,
}

/// The default tolerance of [`TimeControl`]: what tournament judges allow.
pub const DEFAULT_TIME_TOLERANCE: Duration = Duration::from_secs(1);

impl TimeControl {
    /// A time per move, with the default tolerance.
    pub fn per_move(move_time: Duration) -> TimeControl {
        TimeControl {
            move_time: Some(move_time),
            game_time: None,
            tolerance: DEFAULT_TIME_TOLERANCE,
            nodes: None,
        }
    }
}

/// Why a player lost by forfeit. In JSON (event lines, match results) it is an object tagged
/// by `kind`: `{"kind": "time", "used_ms": 1210.5, "limit_ms": 100.0}`, `{"kind": "no_move"}`,
/// `{"kind": "illegal_move", "point": "h8", "reason": "occupied"}`,
/// `{"kind": "startup", "message": "..."}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(
    into = "crate::arena::event::ForfeitReasonRepr",
    try_from = "crate::arena::event::ForfeitReasonRepr"
)]
pub enum ForfeitReason {
    /// It chose a move the rules refuse.
    IllegalMove {
        /// The move.
        point: Point,
        /// Why it is refused.
        reason: PlayErrorReason,
    },
    /// It returned no move while legal moves existed (an external engine that crashed, hung up
    /// or answered nonsense).
    NoMove,
    /// It used more than its time (plus the tolerance).
    Time {
        /// The time it used: for the move, or for the game when the game clock ran out.
        used: Duration,
        /// The limit it overstepped.
        limit: Duration,
    },
    /// It could not be started.
    Startup(String),
}

impl fmt::Display for ForfeitReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ForfeitReason::IllegalMove { point, reason } => {
                write!(f, "illegal move {point} ({reason})")
            }
            ForfeitReason::NoMove => f.write_str("no move (crashed or gave up)"),
            ForfeitReason::Time { used, limit } => write!(
                f,
                "time: used {} ms of {} ms",
                used.as_millis(),
                limit.as_millis()
            ),
            ForfeitReason::Startup(msg) => write!(f, "could not start: {msg}"),
        }
    }
}

/// How a refereed game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The game ended on the board: a win or a full board.
    Board(Outcome),
    /// `loser` forfeited.
    Forfeit {
        /// The colour that forfeited (the other colour wins).
        loser: Color,
        /// Why.
        reason: ForfeitReason,
    },
    /// The game does not count: `silent` sent nothing at all after it was asked for a move until
    /// its time ran out (see [`Player::went_silent`]), a fault of the engine's input handling
    /// rather than of its play. A match lists it apart and may replay the opening.
    Void {
        /// The colour that went silent.
        silent: Color,
        /// How long it was waited for.
        waited: Duration,
    },
    /// The game was stopped from outside before it ended (the match was interrupted); it does
    /// not count.
    Interrupted,
}

impl GameEnd {
    /// The winning colour, if any (`None` for a draw and for a game that does not count).
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameEnd::Board(outcome) => outcome.winner(),
            GameEnd::Forfeit { loser, .. } => Some(!*loser),
            GameEnd::Void { .. } | GameEnd::Interrupted => None,
        }
    }

    /// Whether the game is scored: it ended on the board or by forfeit, not void or
    /// interrupted.
    pub fn is_scored(&self) -> bool {
        matches!(self, GameEnd::Board(_) | GameEnd::Forfeit { .. })
    }
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEnd::Board(outcome) => write!(f, "{outcome}"),
            GameEnd::Forfeit { loser, reason } => {
                write!(f, "{} wins: {loser} forfeits, {reason}", !*loser)
            }
            GameEnd::Void { silent, waited } => write!(
                f,
                "void: {silent} sent nothing for {} ms",
                waited.as_millis()
            ),
            GameEnd::Interrupted => f.write_str("interrupted"),
        }
    }
}

/// A refereed game: the final position, every move's time and how it ended.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The game (opening stones first); under Renju a forbidden move ends it as a foul.
    pub game: Game,
    /// How many of the first moves came from the opening.
    pub opening_moves: usize,
    /// The time each player move took, in move order (the opening has none).
    pub move_times: Vec<Duration>,
    /// The score each player gave the position it moved in (the last it
    /// [reported](Player::choose), for the side to move), in the order of
    /// [`PlayedGame::move_times`]; `None` where the player reported none.
    pub evaluations: Vec<Option<Score>>,
    /// The optimum time each move was budgeted by its player's time manager (see
    /// [`Player::time_budget`]), in the order of [`PlayedGame::move_times`]; `None` for a
    /// player that manages no time of its own (an external engine) or without a time limit.
    pub budgets: Vec<Option<Duration>>,
    /// How the game ended.
    pub end: GameEnd,
}

impl PlayedGame {
    /// The colour of the stone played at `index` in [`PlayedGame::move_times`].
    pub fn color_of_timed_move(&self, index: usize) -> Color {
        if (self.opening_moves + index) % 2 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }
}

/// Plays `start` (usually an opening) to the end between `black` and `white` under `time`.
///
/// The referee: a move the rules refuse, no move, or a move over its time limit (plus the
/// tolerance) loses the game by forfeit. Under Renju a forbidden Black move is refused as an
/// illegal move (a forfeit). A player that [went silent](Player::went_silent) voids the game.
/// Each player's [`Player::new_game`] is called first.
pub fn play_game(
    start: Game,
    black: &mut dyn Player,
    white: &mut dyn Player,
    time: TimeControl,
) -> PlayedGame {
    play_game_until(start, black, white, time, &StopFlag::new())
}

/// [`play_game`], stopped when `stop` is raised: the player to move is asked to stop (through
/// [`Limits::stop`]) and the game ends as [`GameEnd::Interrupted`].
pub fn play_game_until(
    start: Game,
    black: &mut dyn Player,
    white: &mut dyn Player,
    time: TimeControl,
    stop: &StopFlag,
) -> PlayedGame {
    let rule: Rule = start.rule();
    let mut game = start.with_foul_policy(FoulPolicy::Reject);
    let opening_moves = game.moves().len();
    let mut move_times = Vec::new();
    let mut evaluations = Vec::new();
    let mut budgets = Vec::new();
    let mut used = [Duration::ZERO; 2];
    black.new_game();
    white.new_game();
    let end = loop {
        if game.is_over() {
            break GameEnd::Board(game.outcome());
        }
        if stop.is_stopped() {
            break GameEnd::Interrupted;
        }
        let color = game.side_to_move();
        let player: &mut dyn Player = match color {
            Color::Black => &mut *black,
            Color::White => &mut *white,
        };
        let time_left = time
            .game_time
            .map(|t| t.saturating_sub(used[color.index()]));
        let limits = Limits {
            move_time: time.move_time,
            time_left,
            max_nodes: time.nodes,
            stop: stop.clone(),
            ..Limits::default()
        };
        budgets.push(
            player
                .time_budget(game.board(), rule, &limits)
                .map(|b| b.optimum),
        );
        let started = Instant::now();
        let mut heard = None;
        let result = player.choose(game.board(), rule, &limits, &mut |info| {
            if info.multipv <= 1 {
                heard = Some(info.score);
            }
        });
        let elapsed = started.elapsed();
        move_times.push(elapsed);
        evaluations.push(heard);
        used[color.index()] += elapsed;
        if stop.is_stopped() {
            break GameEnd::Interrupted;
        }
        if result.best.is_none() && player.went_silent() {
            break GameEnd::Void {
                silent: color,
                waited: elapsed,
            };
        }
        let forfeit = |reason| GameEnd::Forfeit {
            loser: color,
            reason,
        };
        if let Some(limit) = time.move_time.filter(|&l| elapsed > l + time.tolerance) {
            break forfeit(ForfeitReason::Time {
                used: elapsed,
                limit,
            });
        }
        let spent = used[color.index()];
        if let Some(limit) = time.game_time.filter(|&l| spent > l + time.tolerance) {
            break forfeit(ForfeitReason::Time { used: spent, limit });
        }
        let Some(point) = result.best else {
            break forfeit(ForfeitReason::NoMove);
        };
        if let Err(err) = game.play(point) {
            break forfeit(ForfeitReason::IllegalMove {
                point,
                reason: err.reason,
            });
        }
    };
    PlayedGame {
        game,
        opening_moves,
        move_times,
        evaluations,
        budgets,
        end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::test_players::NoMove;
    use crate::player::{SearchInfo, SearchResult};
    use crate::random::RandomPlayer;
    use crate::score::Score;
    use gomoku_rules::Board;

    /// Plays the listed moves in order, then none.
    struct Scripted(Vec<Point>, Duration);

    impl Player for Scripted {
        fn name(&self) -> String {
            "scripted".into()
        }
        fn choose(
            &mut self,
            _: &Board,
            _: Rule,
            _: &Limits,
            _: &mut dyn FnMut(&SearchInfo),
        ) -> SearchResult {
            std::thread::sleep(self.1);
            let best = (!self.0.is_empty()).then(|| self.0.remove(0));
            SearchResult {
                best,
                info: SearchInfo {
                    depth: 0,
                    seldepth: 0,
                    score: Score::DRAW,
                    nodes: 0,
                    time: Duration::ZERO,
                    pv: vec![],
                    multipv: 1,
                },
                lines: Vec::new(),
            }
        }
    }

    /// [`Scripted`], reporting its move number as the score (and a worse second line first).
    struct Reporting(Scripted, i32);

    impl Player for Reporting {
        fn name(&self) -> String {
            "reporting".into()
        }
        fn choose(
            &mut self,
            board: &Board,
            rule: Rule,
            limits: &Limits,
            report: &mut dyn FnMut(&SearchInfo),
        ) -> SearchResult {
            let mut result = self.0.choose(board, rule, limits, report);
            self.1 += 1;
            result.info.score = Score(self.1);
            report(&result.info);
            result.info.multipv = 2;
            result.info.score = Score(-1000);
            report(&result.info);
            result
        }
    }

    #[test]
    fn the_scores_players_report_are_kept_per_move() {
        let mut b = Reporting(Scripted(pts("a1 a2 a3 a4 a5"), Duration::ZERO), 0);
        let mut w = Scripted(pts("c1 c2 c3 c4"), Duration::ZERO);
        let start = Game::new(15, Rule::Freestyle).unwrap();
        let played = play_game(start, &mut b, &mut w, TimeControl::default());
        let s = |v| Some(Score(v));
        assert_eq!(
            played.evaluations,
            [s(1), None, s(2), None, s(3), None, s(4), None, s(5)]
        );
    }

    fn pts(s: &str) -> Vec<Point> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn a_five_wins_on_the_board() {
        let mut b = Scripted(pts("a1 a2 a3 a4 a5"), Duration::ZERO);
        let mut w = Scripted(pts("c1 c2 c3 c4"), Duration::ZERO);
        let start = Game::new(15, Rule::Freestyle).unwrap();
        let played = play_game(start, &mut b, &mut w, TimeControl::default());
        assert_eq!(played.end.winner(), Some(Color::Black));
        assert!(matches!(played.end, GameEnd::Board(Outcome::Win { .. })));
        assert_eq!(played.move_times.len(), 9);
        assert_eq!(played.game.moves().len(), 9);
    }

    #[test]
    fn the_engines_budgets_are_recorded_under_a_game_clock() {
        let mut engine = crate::Engine::with_depth(2);
        let mut scripted = Scripted(pts("a1 a2 a3 a4"), Duration::ZERO);
        let start = Game::new(15, Rule::Freestyle).unwrap();
        let time = TimeControl {
            move_time: Some(Duration::from_millis(500)),
            game_time: Some(Duration::from_secs(10)),
            ..TimeControl::default()
        };
        let played = play_game(start, &mut engine, &mut scripted, time);
        assert_eq!(played.budgets.len(), played.move_times.len());
        for (i, budget) in played.budgets.iter().enumerate() {
            match played.color_of_timed_move(i) {
                // The engine's optimum: a share of the clock, within the move time.
                Color::Black => {
                    let b = budget.expect("the engine budgets its moves");
                    assert!(
                        b > Duration::ZERO && b < Duration::from_millis(500),
                        "{b:?}"
                    );
                }
                Color::White => assert_eq!(*budget, None),
            }
        }
    }

    #[test]
    fn illegal_and_missing_moves_forfeit() {
        let mut b = Scripted(pts("h8 h9"), Duration::ZERO);
        let mut w = Scripted(pts("h8"), Duration::ZERO);
        let start = Game::new(15, Rule::Freestyle).unwrap();
        let played = play_game(start, &mut b, &mut w, TimeControl::default());
        assert_eq!(
            played.end,
            GameEnd::Forfeit {
                loser: Color::White,
                reason: ForfeitReason::IllegalMove {
                    point: "h8".parse().unwrap(),
                    reason: PlayErrorReason::Occupied
                }
            }
        );
        assert_eq!(played.end.winner(), Some(Color::Black));

        let mut b = Scripted(pts("h8"), Duration::ZERO);
        let mut w = Scripted(vec![], Duration::ZERO);
        let start = Game::new(15, Rule::Freestyle).unwrap();
        let played = play_game(start, &mut b, &mut w, TimeControl::default());
        assert!(matches!(
            played.end,
            GameEnd::Forfeit {
                loser: Color::White,
                reason: ForfeitReason::NoMove
            }
        ));
    }

    #[test]
    fn overstepping_the_clock_forfeits() {
        let mut b = Scripted(pts("h8 h9 h10"), Duration::from_millis(30));
        let mut w = Scripted(pts("a1 a2 a3"), Duration::ZERO);
        let time = TimeControl {
            move_time: Some(Duration::from_millis(1)),
            game_time: None,
            tolerance: Duration::from_millis(5),
            nodes: None,
        };
        let start = Game::new(15, Rule::Freestyle).unwrap();
        let played = play_game(start, &mut b, &mut w, time);
        assert!(matches!(
            played.end,
            GameEnd::Forfeit {
                loser: Color::Black,
                reason: ForfeitReason::Time { .. }
            }
        ));
        assert_eq!(played.move_times.len(), 1);
    }

    #[test]
    fn a_silent_player_voids_the_game() {
        let mut b = Scripted(pts("h8 h9"), Duration::ZERO);
        let start = Game::new(15, Rule::Freestyle).unwrap();
        let mut silent = NoMove { silent: true };
        let played = play_game(start, &mut b, &mut silent, TimeControl::default());
        assert!(matches!(
            played.end,
            GameEnd::Void {
                silent: Color::White,
                ..
            }
        ));
        assert_eq!(played.end.winner(), None);
        assert!(!played.end.is_scored());
        assert!(played.end.to_string().starts_with("void: White"));
    }

    #[test]
    fn a_raised_stop_flag_interrupts_the_game() {
        let stop = StopFlag::new();
        stop.stop();
        let mut b = RandomPlayer::new(1);
        let mut w = RandomPlayer::new(2);
        let start = Game::new(15, Rule::Freestyle).unwrap();
        let played = play_game_until(start, &mut b, &mut w, TimeControl::default(), &stop);
        assert_eq!(played.end, GameEnd::Interrupted);
        assert!(played.move_times.is_empty());
        assert!(!played.end.is_scored());
    }

    #[test]
    fn random_players_finish_from_an_opening() {
        let start = Game::from_move_string(9, Rule::Standard, "e5 f6 d4").unwrap();
        let mut b = RandomPlayer::new(1);
        let mut w = RandomPlayer::new(2);
        let played = play_game(start, &mut b, &mut w, TimeControl::default());
        assert_eq!(played.opening_moves, 3);
        assert_eq!(played.game.moves().len(), 3 + played.move_times.len());
        assert!(matches!(played.end, GameEnd::Board(o) if o.is_over()));
        assert_eq!(played.color_of_timed_move(0), Color::White);
    }
}
