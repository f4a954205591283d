//! A game: board, rule and move history with undo and redo.

use std::fmt;

use thiserror::Error;

use crate::board::{Board, BoardSizeError};
use crate::color::Color;
use crate::direction::Line;
use crate::moves::{self, ParseMovesError};
use crate::point::Point;
use crate::point_set::PointSet;
use crate::renju::{self, ForbiddenKind};
use crate::rule::Rule;

/// The state of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// The game goes on.
    #[default]
    Ongoing,
    /// `color` made a winning line.
    Win {
        /// The winner.
        color: Color,
        /// The winning run of stones (five, or more for a winning overline).
        line: Line,
    },
    /// Black played the forbidden move `point` and lost (only under Renju with
    /// [`FoulPolicy::LoseForBlack`]). White wins.
    Foul {
        /// The forbidden move.
        point: Point,
        /// Why it is forbidden.
        kind: ForbiddenKind,
    },
    /// Nobody has won and no move is left: the board is full, or (under Renju, with fouls
    /// rejected) every empty point is forbidden for Black, who is to move.
    Draw,
}

impl Outcome {
    /// Whether the game is over.
    #[inline]
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { color, .. } => Some(color),
            Outcome::Foul { .. } => Some(Color::White),
            Outcome::Ongoing | Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("game in progress"),
            Outcome::Win { color, line } => write!(f, "{color} wins with {line}"),
            Outcome::Foul { point, kind } => {
                write!(f, "White wins: Black's {point} is forbidden ({kind})")
            }
            Outcome::Draw => {
                f.write_str("draw: the board is full, or Black has only forbidden points")
            }
        }
    }
}

/// What [`Game::play`] does with a forbidden Black move under Renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum FoulPolicy {
    /// Refuse it with [`PlayErrorReason::Forbidden`]; the game goes on unchanged (what GUIs do).
    #[default]
    Reject,
    /// Play it and end the game: Black loses ([`Outcome::Foul`]), as tournament judges rule.
    LoseForBlack,
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum PlayErrorReason {
    /// The point is not on the board.
    #[error("off the board")]
    OutOfBoard,
    /// The point already holds a stone.
    #[error("occupied")]
    Occupied,
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Black may not play there under Renju.
    #[error("forbidden for Black: {0}")]
    Forbidden(ForbiddenKind),
}

/// A refused move: the point and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("cannot play {point}: {reason}")]
pub struct PlayError {
    /// The move that was refused.
    pub point: Point,
    /// Why.
    pub reason: PlayErrorReason,
}

/// Why a game could not be built from a size, a rule and a list of moves.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    /// The board size is not supported.
    #[error(transparent)]
    Size(#[from] BoardSizeError),
    /// Move number `number` (1-based) cannot be played.
    #[error("move {number}: {source}")]
    Move {
        /// 1-based move number.
        number: usize,
        /// Why it cannot be played.
        source: PlayError,
    },
    /// A move list did not parse.
    #[error(transparent)]
    Parse(#[from] ParseMovesError),
}

/// A game of Gomoku: the board, the rule, the moves played and the moves taken back (redo).
///
/// ```
/// use gomoku_rules::{Color, Game, Outcome, Rule};
/// let mut game = Game::new(15, Rule::Freestyle).unwrap();
/// for m in ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4"] {
///     game.play(m.parse().unwrap()).unwrap();
/// }
/// let outcome = game.play("h12".parse().unwrap()).unwrap();
/// assert!(matches!(outcome, Outcome::Win { color: Color::Black, .. }));
/// assert_eq!(game.outcome().to_string(), "Black wins with h8 h9 h10 h11 h12");
/// game.undo();
/// assert_eq!(game.outcome(), Outcome::Ongoing);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: Board,
    rule: Rule,
    foul_policy: FoulPolicy,
    moves: Vec<Point>,
    redo: Vec<Point>,
    outcome: Outcome,
}

impl Game {
    /// A new game on an empty `size` x `size` board, Black to move.
    ///
    /// # Errors
    /// [`BoardSizeError`] for a size outside 5..=22.
    pub fn new(size: u32, rule: Rule) -> Result<Game, BoardSizeError> {
        Ok(Game {
            board: Board::new(size)?,
            rule,
            foul_policy: FoulPolicy::default(),
            moves: Vec::new(),
            redo: Vec::new(),
            outcome: Outcome::Ongoing,
        })
    }

    /// A game with `moves` replayed from the empty board.
    ///
    /// # Errors
    /// [`GameError::Size`] for a bad size, [`GameError::Move`] naming the first move that cannot be
    /// played (overlap, off the board, after the end, forbidden).
    pub fn from_moves(
        size: u32,
        rule: Rule,
        moves: impl IntoIterator<Item = Point>,
    ) -> Result<Game, GameError> {
        let mut game = Game::new(size, rule)?;
        for (i, p) in moves.into_iter().enumerate() {
            game.play(p).map_err(|source| GameError::Move {
                number: i + 1,
                source,
            })?;
        }
        Ok(game)
    }

    /// A game from a move string such as `"h8 i9 i7"` or `"h8i9i7"`.
    ///
    /// # Errors
    /// As [`Game::from_moves`], or [`GameError::Parse`] naming the token that is not a point.
    pub fn from_move_string(size: u32, rule: Rule, text: &str) -> Result<Game, GameError> {
        let size8 = u8::try_from(size).map_err(|_| BoardSizeError(size))?;
        Board::new(size)?;
        let moves = moves::parse_moves(text, size8)?;
        Game::from_moves(size, rule, moves)
    }

    /// Sets what [`Game::play`] does with a forbidden move (Renju only).
    pub fn with_foul_policy(mut self, policy: FoulPolicy) -> Game {
        self.foul_policy = policy;
        self
    }

    /// The foul policy.
    pub fn foul_policy(&self) -> FoulPolicy {
        self.foul_policy
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rule.
    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> u8 {
        self.board.size()
    }

    /// The colour to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }

    /// The state of the game.
    #[inline]
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Whether the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.outcome.is_over()
    }

    /// The moves played, in order (Black's first).
    #[inline]
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<Point> {
        self.moves.last().copied()
    }

    /// The moves taken back that [`Game::redo`] can replay, the next one last.
    pub fn redo_moves(&self) -> &[Point] {
        &self.redo
    }

    /// The 1-based move number of the stone on `p`, if any.
    pub fn move_number(&self, p: Point) -> Option<usize> {
        self.moves.iter().position(|&m| m == p).map(|i| i + 1)
    }

    /// The move string of the game, e.g. `"h8 i9 i7"`.
    pub fn move_string(&self) -> String {
        moves::format_moves(&self.moves)
    }

    /// Why `p` is forbidden for the side to move, if it is (Black under Renju only).
    pub fn forbidden(&self, p: Point) -> Option<ForbiddenKind> {
        if self.rule.has_fouls()
            && self.board.side_to_move() == Color::Black
            && self.board.is_empty_at(p)
        {
            renju::forbidden(&self.board, p)
        } else {
            None
        }
    }

    /// Every point forbidden to the side to move (empty unless Black is to move under Renju).
    pub fn forbidden_points(&self) -> PointSet {
        if !self.rule.has_fouls() || self.board.side_to_move() != Color::Black {
            return PointSet::new();
        }
        renju::forbidden_points(&self.board)
    }

    /// Why `p` cannot be played now, if it cannot.
    pub fn check(&self, p: Point) -> Result<(), PlayError> {
        let reason = if self.outcome.is_over() {
            PlayErrorReason::GameOver
        } else if !self.board.contains(p) {
            PlayErrorReason::OutOfBoard
        } else if self.board.get(p).is_some() {
            PlayErrorReason::Occupied
        } else if let Some(kind) = self.forbidden(p) {
            if self.foul_policy == FoulPolicy::LoseForBlack {
                return Ok(());
            }
            PlayErrorReason::Forbidden(kind)
        } else {
            return Ok(());
        };
        Err(PlayError { point: p, reason })
    }

    /// Whether [`Game::play`] would accept `p` (with [`FoulPolicy::Reject`], a forbidden move is
    /// not legal).
    pub fn is_legal(&self, p: Point) -> bool {
        self.check(p).is_ok()
    }

    /// The points the side to move may play.
    pub fn legal_moves(&self) -> PointSet {
        if self.outcome.is_over() {
            return PointSet::new();
        }
        let empty = self.board.empty_points();
        if self.rule.has_fouls() && self.foul_policy == FoulPolicy::Reject {
            empty.difference(&self.forbidden_points())
        } else {
            empty
        }
    }

    /// Plays `p` for the side to move and returns the new outcome. Clears the redo list.
    ///
    /// # Errors
    /// [`PlayError`] when the game is over, `p` is off the board or occupied, or (Renju, with
    /// [`FoulPolicy::Reject`]) forbidden for Black. The game is unchanged then.
    pub fn play(&mut self, p: Point) -> Result<Outcome, PlayError> {
        self.check(p)?;
        let foul = self.forbidden(p);
        self.redo.clear();
        Ok(self.apply(p, foul))
    }

    /// Plays `p` without checking it: the caller guarantees that the game is not over and `p` is
    /// empty and legal (checked only in debug builds). Fouls are not looked for. Keeps the redo
    /// list. Returns the new outcome.
    pub fn play_unchecked(&mut self, p: Point) -> Outcome {
        debug_assert!(!self.outcome.is_over() && self.board.is_empty_at(p));
        self.apply(p, None)
    }

    fn apply(&mut self, p: Point, foul: Option<ForbiddenKind>) -> Outcome {
        self.board.play_unchecked(p);
        self.moves.push(p);
        self.outcome = if let Some(kind) = foul {
            Outcome::Foul { point: p, kind }
        } else if let Some(line) = self.rule.winning_line(&self.board, p) {
            Outcome::Win {
                color: !self.board.side_to_move(),
                line,
            }
        } else if self.board.is_full() || self.black_has_only_fouls() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        };
        self.outcome
    }

    /// Whether Black is to move under a rule with fouls that are rejected, and every empty
    /// point is forbidden for it: no move is left, and the game is drawn as on a full board.
    /// Looks only as far as the first point Black may play, which is almost always the first.
    fn black_has_only_fouls(&self) -> bool {
        self.rule.has_fouls()
            && self.foul_policy == FoulPolicy::Reject
            && self.board.side_to_move() == Color::Black
            && self
                .board
                .empty_points()
                .iter()
                .all(|p| self.forbidden(p).is_some())
    }

    /// Takes back the last move and returns it (it can be replayed with [`Game::redo`]).
    pub fn undo(&mut self) -> Option<Point> {
        let p = self.moves.pop()?;
        self.board.undo_unchecked(p);
        // Every move was played while the game was going on.
        self.outcome = Outcome::Ongoing;
        self.redo.push(p);
        Some(p)
    }

    /// Replays the last move taken back; returns it with the new outcome.
    pub fn redo(&mut self) -> Option<(Point, Outcome)> {
        let p = self.redo.pop()?;
        let foul = self.forbidden(p);
        Some((p, self.apply(p, foul)))
    }

    /// Takes back every move; they stay available to [`Game::redo`].
    pub fn undo_all(&mut self) {
        while self.undo().is_some() {}
    }

    /// Starts again on an empty board of the same size and rule; the history is discarded.
    pub fn restart(&mut self) {
        let size = self.board.size() as u32;
        self.board = Board::new(size).unwrap_or_else(|_| unreachable!("size was valid"));
        self.moves.clear();
        self.redo.clear();
        self.outcome = Outcome::Ongoing;
    }
}

/// The serialised form of a game: size, rule and moves. Deserialising goes through
/// [`Game::from_moves`], so a tampered file can never produce an impossible game.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct GameData {
    size: u32,
    rule: Rule,
    moves: Vec<Point>,
}

#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameData {
            size: self.size() as u32,
            rule: self.rule,
            moves: self.moves.clone(),
        }
        .serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let data = GameData::deserialize(d)?;
        Game::from_moves(data.size, data.rule, data.moves).map_err(serde::de::Error::custom)
    }
}
