//! [`Record`]: a validated game with the metadata record files carry.

use std::fmt;

use crate::board::BoardSizeError;
use crate::color::Color;
use crate::game::{Game, GameError, Outcome};
use crate::point::Point;
use crate::record::error::{Location, RecordError, RecordErrorKind};
use crate::record::format::Format;
use crate::rule::Rule;

/// The result a record states. Unlike [`Outcome`], it can say who won a game that ended before
/// a five (resignation, time forfeit, agreed draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameResult {
    /// Black won.
    #[cfg_attr(feature = "serde", serde(rename = "black"))]
    BlackWins,
    /// White won.
    #[cfg_attr(feature = "serde", serde(rename = "white"))]
    WhiteWins,
    /// Drawn.
    #[cfg_attr(feature = "serde", serde(rename = "draw"))]
    Draw,
}

impl GameResult {
    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::BlackWins => Some(Color::Black),
            GameResult::WhiteWins => Some(Color::White),
            GameResult::Draw => None,
        }
    }

    /// The result that `color` won.
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::Black => GameResult::BlackWins,
            Color::White => GameResult::WhiteWins,
        }
    }

    /// The result of a finished game, `None` while it goes on.
    pub fn of_outcome(outcome: Outcome) -> Option<GameResult> {
        match outcome {
            Outcome::Ongoing => None,
            Outcome::Draw => Some(GameResult::Draw),
            other => other.winner().map(GameResult::win_for),
        }
    }

    /// Black's score: 1, 0.5 or 0 (RenjuNet's `bresult`).
    pub fn black_score(self) -> f32 {
        match self {
            GameResult::BlackWins => 1.0,
            GameResult::Draw => 0.5,
            GameResult::WhiteWins => 0.0,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::BlackWins => "Black wins",
            GameResult::WhiteWins => "White wins",
            GameResult::Draw => "a draw",
        })
    }
}

/// A game record: a game whose moves are legal under its rule (checked when it is built, so a
/// `Record` can never hold an impossible game), with the metadata that record files carry.
///
/// ```
/// use gomoku_rules::record::{GameResult, Record};
/// use gomoku_rules::Rule;
/// let mut record = Record::from_moves(15, Rule::Renju, ["h8", "i9"].map(|m| m.parse().unwrap())).unwrap();
/// record.black = Some("Alice".into());
/// record.set_result(Some(GameResult::WhiteWins)).unwrap(); // Black resigned
/// record.set_times(Some(vec![0, 1500])).unwrap();
/// assert_eq!(record.moves().len(), 2);
/// assert_eq!(record.result(), Some(GameResult::WhiteWins));
/// assert!(record.set_times(Some(vec![1])).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    game: Game,
    times: Option<Vec<u32>>,
    evaluations: Option<Vec<Option<i32>>>,
    result: Option<GameResult>,
    /// Black's name.
    pub black: Option<String>,
    /// White's name.
    pub white: Option<String>,
    /// The event (tournament) the game was played in.
    pub event: Option<String>,
    /// When the game was played, as the file gives it (ideally `YYYY-MM-DD`).
    pub date: Option<String>,
    /// How the opening went, in words, for games under a swap rule (who placed the opening
    /// stones and who chose which colour; see [`crate::SwapOpening::summary`]). JSON records
    /// keep it as `opening`, SGF as `ON[...]`.
    pub opening: Option<String>,
}

impl Record {
    /// An empty record: no moves yet.
    ///
    /// # Errors
    /// [`BoardSizeError`] for a size outside 5..=22.
    pub fn new(size: u32, rule: Rule) -> Result<Record, BoardSizeError> {
        Ok(Record::of_game(Game::new(size, rule)?))
    }

    /// A record of `moves` played from the empty board.
    ///
    /// # Errors
    /// As [`Game::from_moves`]: a bad size, or the first move that cannot be played.
    pub fn from_moves(
        size: u32,
        rule: Rule,
        moves: impl IntoIterator<Item = Point>,
    ) -> Result<Record, GameError> {
        Ok(Record::of_game(Game::from_moves(size, rule, moves)?))
    }

    /// A record of the moves of `game` (its redo list is not kept). The moves are replayed, so a
    /// game that holds a foul (played with [`crate::FoulPolicy::LoseForBlack`]) is refused.
    ///
    /// # Errors
    /// As [`Game::from_moves`].
    pub fn from_game(game: &Game) -> Result<Record, GameError> {
        Record::from_moves(
            game.size() as u32,
            game.rule(),
            game.moves().iter().copied(),
        )
    }

    pub(crate) fn of_game(game: Game) -> Record {
        Record {
            game,
            times: None,
            evaluations: None,
            result: None,
            black: None,
            white: None,
            event: None,
            date: None,
            opening: None,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// A copy of the game, to play on from the recorded position.
    pub fn to_game(&self) -> Game {
        self.game.clone()
    }

    /// The board size.
    pub fn size(&self) -> u8 {
        self.game.size()
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.game.rule()
    }

    /// The moves, Black's first.
    pub fn moves(&self) -> &[Point] {
        self.game.moves()
    }

    /// The outcome of the moves on the board.
    pub fn outcome(&self) -> Outcome {
        self.game.outcome()
    }

    /// The time each move took, in milliseconds, when the record has them.
    pub fn times(&self) -> Option<&[u32]> {
        self.times.as_deref()
    }

    /// Sets the per-move times (milliseconds). A list of zeros carries no information and is
    /// stored as `None`.
    ///
    /// # Errors
    /// [`RecordErrorKind::TimesLength`] unless there is exactly one time per move.
    pub fn set_times(&mut self, times: Option<Vec<u32>>) -> Result<(), RecordErrorKind> {
        if let Some(list) = &times {
            if list.len() != self.moves().len() {
                return Err(RecordErrorKind::TimesLength {
                    times: list.len(),
                    moves: self.moves().len(),
                });
            }
        }
        self.times = times.filter(|list| list.iter().any(|&t| t != 0));
        Ok(())
    }

    /// The evaluation each move's player gave the position before playing it, from its own
    /// side (a program's search score, in its units), `None` for a move without one (a
    /// human's, or an opening's); only records that carry them have them (our JSON records).
    pub fn evaluations(&self) -> Option<&[Option<i32>]> {
        self.evaluations.as_deref()
    }

    /// Sets the per-move evaluations (see [`Record::evaluations`]). A list without any value is
    /// stored as `None`.
    ///
    /// # Errors
    /// [`RecordErrorKind::EvaluationsLength`] unless there is exactly one entry per move.
    pub fn set_evaluations(
        &mut self,
        evaluations: Option<Vec<Option<i32>>>,
    ) -> Result<(), RecordErrorKind> {
        if let Some(list) = &evaluations {
            if list.len() != self.moves().len() {
                return Err(RecordErrorKind::EvaluationsLength {
                    evaluations: list.len(),
                    moves: self.moves().len(),
                });
            }
        }
        self.evaluations = evaluations.filter(|list| list.iter().any(Option::is_some));
        Ok(())
    }

    /// The result: the one the record states, or else the outcome of the moves if the game has
    /// ended on the board; `None` for an unfinished game with no stated result.
    pub fn result(&self) -> Option<GameResult> {
        self.result
            .or_else(|| GameResult::of_outcome(self.game.outcome()))
    }

    /// The result exactly as stated (before falling back to the outcome of the moves).
    pub fn stated_result(&self) -> Option<GameResult> {
        self.result
    }

    /// States the result (for a game that ended by resignation, time or agreement, or to
    /// confirm the outcome on the board).
    ///
    /// # Errors
    /// [`RecordErrorKind::ResultMismatch`] when the moves already end the game differently.
    pub fn set_result(&mut self, result: Option<GameResult>) -> Result<(), RecordErrorKind> {
        if let (Some(stated), Some(actual)) = (result, GameResult::of_outcome(self.outcome())) {
            if stated != actual {
                return Err(RecordErrorKind::ResultMismatch {
                    stated,
                    actual: self.outcome(),
                });
            }
        }
        self.result = result;
        Ok(())
    }
}

/// Replays `moves` (each with the byte offset in `text` where it is written, when known) into
/// a validated game. Locations are computed only for an error, so reading stays linear.
pub(crate) fn replay(
    format: Format,
    size: u32,
    rule: Rule,
    moves: &[(Point, Option<usize>)],
    text: &str,
) -> Result<Record, RecordError> {
    let mut game = Game::new(size, rule).map_err(|e| RecordError::whole(format, e))?;
    for (i, &(point, at)) in moves.iter().enumerate() {
        if let Err(source) = game.play(point) {
            return Err(RecordError {
                format,
                location: at.map(|offset| Location::of(text, offset)),
                kind: RecordErrorKind::IllegalMove {
                    number: i + 1,
                    source,
                },
            });
        }
    }
    Ok(Record::of_game(game))
}
