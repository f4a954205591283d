//! The line a finished game leaves in an event stream and in the journal a resumed run reads
//! back: the players, the opening, the colours, every move and its time, and how the game
//! ended (a forfeit and its reason, a void game), as one JSON object.
//!
//! ```
//! use gomoku_ai::arena::GameEvent;
//!
//! // A had Black; B, with White, took 1.3 s for a 100 ms move.
//! let line = r#"{"game":1,"attempt":0,"a":"greedy","b":"random:1","black":"greedy",
//!   "white":"random:1","a_color":"black","rule":"freestyle","size":15,"opening":null,
//!   "moves":["h8"],"opening_moves":0,"times_ms":[0.5,1300.0],"result":"black",
//!   "winner":"A","end":"Black wins: ...","forfeit":{"color":"white","reason":{"kind":"time",
//!   "used_ms":1300.0,"limit_ms":100.0}},"void":null}"#;
//! let event: GameEvent = serde_json::from_str(line).unwrap();
//! let report = event.to_report().unwrap();
//! assert_eq!(report.played.game.moves().len(), 1);
//! assert_eq!(report.winner(), Some(gomoku_ai::arena::Side::A));
//! ```

use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use gomoku_rules::{
    BoardSizeError, Color, ForbiddenKind, FoulPolicy, Game, PlayErrorReason, Point, Rule,
};

use crate::arena::game::{ForfeitReason, GameEnd, PlayedGame};
use crate::arena::opening::{Opening, OpeningErrorKind};
use crate::arena::runner::{GameReport, Side};

/// A finished game, as one line of JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEvent {
    /// The tournament pairing, from 1 (absent in a match).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairing: Option<u32>,
    /// The game's number in its match, from 1.
    pub game: u32,
    /// 0, or how many void games of this number came before it.
    pub attempt: u32,
    /// Player A, as named on the command line.
    pub a: String,
    /// Player B.
    pub b: String,
    /// Who had Black (A's or B's name).
    pub black: String,
    /// Who had White.
    pub white: String,
    /// A's colour.
    pub a_color: Color,
    /// The rule.
    pub rule: Rule,
    /// The board size.
    pub size: u32,
    /// The opening, in the offset format (`0,0, 1,1, -2,2`), if any.
    pub opening: Option<String>,
    /// Every stone, the opening's first.
    pub moves: Vec<Point>,
    /// How many of [`GameEvent::moves`] the opening placed.
    pub opening_moves: usize,
    /// The time of every player move, in milliseconds (a forfeited or void last move has a time
    /// but no stone).
    pub times_ms: Vec<f64>,
    /// `black`, `white` (the winner), `draw`, or `void` (not scored).
    pub result: String,
    /// The winner, `A` or `B`, if any.
    pub winner: Option<String>,
    /// How the game ended, in words.
    pub end: String,
    /// The forfeit that ended the game, if one did.
    pub forfeit: Option<ForfeitEvent>,
    /// The silence that voided the game, if one did.
    pub void: Option<VoidEvent>,
}

/// A forfeit in a [`GameEvent`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForfeitEvent {
    /// The colour that forfeited.
    pub color: Color,
    /// Why.
    pub reason: ForfeitReason,
}

/// A void game in a [`GameEvent`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VoidEvent {
    /// The colour that went silent.
    pub color: Color,
    /// How long it was waited for, in milliseconds.
    pub waited_ms: f64,
}

/// Why a [`GameEvent`] does not describe a game that can have been played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EventError {
    /// The board size is not supported.
    #[error(transparent)]
    Size(#[from] BoardSizeError),
    /// Game numbers count from 1.
    #[error("game 0: game numbers count from 1")]
    GameZero,
    /// The opening cannot be read or played.
    #[error("opening \"{opening}\": {kind}")]
    Opening {
        /// The opening's text.
        opening: String,
        /// What is wrong.
        kind: OpeningErrorKind,
    },
    /// The moves do not begin with the opening's stones.
    #[error("the first {0} moves are not the opening's stones")]
    OpeningMoves(usize),
    /// A move cannot be played.
    #[error("move {number} ({point}): {reason}")]
    Move {
        /// Its number, from 1.
        number: usize,
        /// The point.
        point: Point,
        /// Why it cannot be played.
        reason: PlayErrorReason,
    },
    /// The times do not match the moves.
    #[error("{times} move times for {moves} moves after the opening")]
    Times {
        /// Times given.
        times: usize,
        /// Player moves.
        moves: usize,
    },
    /// A time is negative or not a number.
    #[error("a time of {0} ms")]
    Time(String),
    /// The stated result is not the game's.
    #[error("the result \"{stated}\" does not fit the game ({actual})")]
    Result {
        /// The result given.
        stated: String,
        /// The result of the game as the moves and the forfeit or void say.
        actual: String,
    },
}

/// Milliseconds with microseconds as the fraction.
fn to_ms(d: Duration) -> f64 {
    (d.as_nanos() as f64 / 1000.0).round() / 1000.0
}

fn from_ms(ms: f64) -> Result<Duration, EventError> {
    Duration::try_from_secs_f64(ms / 1000.0).map_err(|_| EventError::Time(ms.to_string()))
}

/// `black`, `white`, `draw` or `void`.
fn result_text(end: &GameEnd) -> String {
    match (end, end.winner()) {
        (GameEnd::Void { .. } | GameEnd::Interrupted, _) => "void".to_string(),
        (_, Some(c)) => c.to_string().to_lowercase(),
        (_, None) => "draw".to_string(),
    }
}

impl GameEvent {
    /// The event of a finished game of a match between `players` (A's and B's names);
    /// `pairing` is the tournament pairing's 0-based index.
    pub fn new(report: &GameReport, players: [&str; 2], pairing: Option<usize>) -> GameEvent {
        let played = &report.played;
        let name = |side: Side| match side {
            Side::A => players[0].to_string(),
            Side::B => players[1].to_string(),
        };
        GameEvent {
            pairing: pairing.map(|k| u32::try_from(k + 1).unwrap_or(u32::MAX)),
            game: report.index + 1,
            attempt: report.attempt,
            a: players[0].to_string(),
            b: players[1].to_string(),
            black: name(report.black),
            white: name(report.black.other()),
            a_color: report.color_of(Side::A),
            rule: played.game.rule(),
            size: u32::from(played.game.size()),
            opening: report.opening.as_ref().map(Opening::to_string),
            moves: played.game.moves().to_vec(),
            opening_moves: played.opening_moves,
            times_ms: played.move_times.iter().map(|&t| to_ms(t)).collect(),
            result: result_text(&played.end),
            winner: report.winner().map(|s| s.to_string()),
            end: played.end.to_string(),
            forfeit: match &played.end {
                GameEnd::Forfeit { loser, reason } => Some(ForfeitEvent {
                    color: *loser,
                    reason: reason.clone(),
                }),
                _ => None,
            },
            void: match played.end {
                GameEnd::Void { silent, waited } => Some(VoidEvent {
                    color: silent,
                    waited_ms: to_ms(waited),
                }),
                _ => None,
            },
        }
    }

    /// The game back, checked: the opening, every move by the rules, the times and the result.
    /// The players' names are [`GameEvent::a`] and [`GameEvent::b`]; the evaluations are not
    /// kept.
    ///
    /// # Errors
    /// [`EventError`] naming the first thing that does not fit.
    pub fn to_report(&self) -> Result<GameReport, EventError> {
        if self.game == 0 {
            return Err(EventError::GameZero);
        }
        let (opening, start) = match &self.opening {
            Some(text) => {
                let error = |kind| EventError::Opening {
                    opening: text.clone(),
                    kind,
                };
                let opening = Opening::parse_line(text).map_err(error)?;
                let game = opening.to_game(self.size, self.rule).map_err(error)?;
                (Some(opening), game)
            }
            None => (None, Game::new(self.size, self.rule)?),
        };
        let opening_moves = start.moves().len();
        if self.opening_moves != opening_moves
            || self.moves.get(..opening_moves) != Some(start.moves())
        {
            return Err(EventError::OpeningMoves(self.opening_moves));
        }
        let mut game = start.with_foul_policy(FoulPolicy::Reject);
        for (i, &point) in self.moves.iter().enumerate().skip(opening_moves) {
            game.play(point).map_err(|e| EventError::Move {
                number: i + 1,
                point,
                reason: e.reason,
            })?;
        }
        let player_moves = self.moves.len() - opening_moves;
        let times = self.times_ms.len();
        if times != player_moves && times != player_moves + 1 {
            return Err(EventError::Times {
                times,
                moves: player_moves,
            });
        }
        let move_times = self
            .times_ms
            .iter()
            .map(|&ms| from_ms(ms))
            .collect::<Result<Vec<_>, _>>()?;
        let end = match (&self.void, &self.forfeit) {
            (Some(v), _) => GameEnd::Void {
                silent: v.color,
                waited: from_ms(v.waited_ms)?,
            },
            (None, Some(f)) => GameEnd::Forfeit {
                loser: f.color,
                reason: f.reason.clone(),
            },
            (None, None) if game.is_over() => GameEnd::Board(game.outcome()),
            (None, None) => {
                return Err(EventError::Result {
                    stated: self.result.clone(),
                    actual: "the game is not over and nobody forfeited".to_string(),
                });
            }
        };
        let actual = result_text(&end);
        if actual != self.result {
            return Err(EventError::Result {
                stated: self.result.clone(),
                actual,
            });
        }
        let black = match self.a_color {
            Color::Black => Side::A,
            Color::White => Side::B,
        };
        Ok(GameReport {
            index: self.game - 1,
            attempt: self.attempt,
            opening,
            black,
            names: [self.a.clone(), self.b.clone()],
            played: PlayedGame {
                evaluations: vec![None; move_times.len()],
                budgets: Vec::new(),
                move_times,
                opening_moves,
                game,
                end,
            },
        })
    }
}

/// How [`ForfeitReason`] is written in JSON.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum ForfeitReasonRepr {
    IllegalMove { point: Point, reason: IllegalReason },
    NoMove,
    Time { used_ms: f64, limit_ms: f64 },
    Startup { message: String },
}

/// How [`PlayErrorReason`] is written in JSON.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum IllegalReason {
    OffBoard,
    Occupied,
    GameOver,
    DoubleThree,
    DoubleFour,
    Overline,
}

impl From<ForfeitReason> for ForfeitReasonRepr {
    fn from(reason: ForfeitReason) -> ForfeitReasonRepr {
        match reason {
            ForfeitReason::IllegalMove { point, reason } => ForfeitReasonRepr::IllegalMove {
                point,
                reason: match reason {
                    PlayErrorReason::OutOfBoard => IllegalReason::OffBoard,
                    PlayErrorReason::Occupied => IllegalReason::Occupied,
                    PlayErrorReason::GameOver => IllegalReason::GameOver,
                    PlayErrorReason::Forbidden(ForbiddenKind::DoubleThree) => {
                        IllegalReason::DoubleThree
                    }
                    PlayErrorReason::Forbidden(ForbiddenKind::DoubleFour) => {
                        IllegalReason::DoubleFour
                    }
                    PlayErrorReason::Forbidden(ForbiddenKind::Overline) => IllegalReason::Overline,
                },
            },
            ForfeitReason::NoMove => ForfeitReasonRepr::NoMove,
            ForfeitReason::Time { used, limit } => ForfeitReasonRepr::Time {
                used_ms: to_ms(used),
                limit_ms: to_ms(limit),
            },
            ForfeitReason::Startup(message) => ForfeitReasonRepr::Startup { message },
        }
    }
}

impl TryFrom<ForfeitReasonRepr> for ForfeitReason {
    type Error = EventError;

    fn try_from(repr: ForfeitReasonRepr) -> Result<ForfeitReason, EventError> {
        Ok(match repr {
            ForfeitReasonRepr::IllegalMove { point, reason } => ForfeitReason::IllegalMove {
                point,
                reason: match reason {
                    IllegalReason::OffBoard => PlayErrorReason::OutOfBoard,
                    IllegalReason::Occupied => PlayErrorReason::Occupied,
                    IllegalReason::GameOver => PlayErrorReason::GameOver,
                    IllegalReason::DoubleThree => {
                        PlayErrorReason::Forbidden(ForbiddenKind::DoubleThree)
                    }
                    IllegalReason::DoubleFour => {
                        PlayErrorReason::Forbidden(ForbiddenKind::DoubleFour)
                    }
                    IllegalReason::Overline => PlayErrorReason::Forbidden(ForbiddenKind::Overline),
                },
            },
            ForfeitReasonRepr::NoMove => ForfeitReason::NoMove,
            ForfeitReasonRepr::Time { used_ms, limit_ms } => ForfeitReason::Time {
                used: from_ms(used_ms)?,
                limit: from_ms(limit_ms)?,
            },
            ForfeitReasonRepr::Startup { message } => ForfeitReason::Startup(message),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{Flow, MatchConfig, TimeControl, default_openings, run_match};
    use crate::random::RandomPlayer;
    use crate::{Player, StopFlag};

    fn random_factory(
        _side: Side,
        seed: u64,
    ) -> Result<Box<dyn Player>, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Box::new(RandomPlayer::new(seed)))
    }

    #[test]
    fn an_event_line_gives_the_game_back() {
        let config = MatchConfig {
            size: 15,
            rule: Rule::Renju,
            games: 2,
            openings: default_openings(15, Rule::Renju),
            time: TimeControl::per_move(Duration::from_secs(5)),
            seed: 3,
            threads: 1,
            void_replays: 0,
            stop: StopFlag::new(),
        };
        let result = run_match(&config, &random_factory, &mut |_, _| Flow::Continue).unwrap();
        for report in &result.games {
            let event = GameEvent::new(report, ["random:1", "random:2"], Some(2));
            assert_eq!(event.pairing, Some(3));
            let line = serde_json::to_string(&event).unwrap();
            assert!(!line.contains('\n'));
            let back: GameEvent = serde_json::from_str(&line).unwrap();
            assert_eq!(back, event);
            let again = back.to_report().unwrap();
            assert_eq!(again.index, report.index);
            assert_eq!(again.black, report.black);
            assert_eq!(again.played.game.moves(), report.played.game.moves());
            assert_eq!(again.played.end, report.played.end);
            assert_eq!(again.opening, report.opening);
            assert_eq!(again.names, ["random:1", "random:2"]);
        }
    }

    #[test]
    fn forfeit_reasons_round_trip_through_json() {
        let reasons = [
            ForfeitReason::NoMove,
            ForfeitReason::Startup("no such engine".into()),
            ForfeitReason::Time {
                used: Duration::from_micros(1_234_567),
                limit: Duration::from_millis(100),
            },
            ForfeitReason::IllegalMove {
                point: "h8".parse().unwrap(),
                reason: PlayErrorReason::Forbidden(ForbiddenKind::DoubleFour),
            },
        ];
        for reason in reasons {
            let text = serde_json::to_string(&reason).unwrap();
            let back: ForfeitReason = serde_json::from_str(&text).unwrap();
            assert_eq!(back, reason, "{text}");
        }
        let negative = r#"{"kind":"time","used_ms":-1.0,"limit_ms":100.0}"#;
        let err = serde_json::from_str::<ForfeitReason>(negative).unwrap_err();
        assert!(err.to_string().contains("a time of -1 ms"), "{err}");
    }

    #[test]
    fn events_that_cannot_be_games_are_refused() {
        let good = r#"{"game":2,"attempt":0,"a":"x","b":"y","black":"y","white":"x",
            "a_color":"white","rule":"freestyle","size":15,"opening":null,
            "moves":["h8","h9"],"opening_moves":0,"times_ms":[1.0,2.0,3.0],"result":"black",
            "winner":"B","end":"","forfeit":{"color":"white","reason":{"kind":"no_move"}},
            "void":null}"#;
        let event: GameEvent = serde_json::from_str(good).unwrap();
        let report = event.to_report().unwrap();
        assert_eq!((report.index, report.black), (1, Side::B));
        assert_eq!(report.winner(), Some(Side::B));
        let check = |change: &dyn Fn(&mut GameEvent), expected: &str| {
            let mut e = event.clone();
            change(&mut e);
            let err = e.to_report().unwrap_err().to_string();
            assert!(err.contains(expected), "{err}");
        };
        check(&|e| e.game = 0, "count from 1");
        check(&|e| e.moves[1] = e.moves[0], "move 2 (h8): occupied");
        check(&|e| e.times_ms.truncate(1), "1 move times for 2 moves");
        check(&|e| e.times_ms[0] = f64::NAN, "a time of NaN ms");
        check(&|e| e.result = "white".into(), "does not fit");
        check(&|e| e.forfeit = None, "not over");
        check(
            &|e| e.opening = Some("0,0, 9,9".into()),
            "opening \"0,0, 9,9\"",
        );
        check(&|e| e.size = 40, "40");
    }
}
