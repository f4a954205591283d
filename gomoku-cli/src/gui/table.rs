//! One game on the web board, as a state machine with no I/O: the game (from gomoku-rules), who
//! sits at each colour, and the engine search in progress, if any. The HTTP handlers call these
//! methods under a lock; [`super::runner`] carries out the searches they start.
//!
//! A search runs outside the lock, so every search has an id: when the position changes while it
//! runs (undo, a new game...), the search is cancelled (its stop flag raised) and its answer,
//! arriving later with an old id, is dropped.
//!
//! Under a swap opening the seats belong to the first and the second player until the colours
//! are settled ([`SwapOpening`]); an engine places its opening stones at once
//! ([`gomoku_ai::swap::opening_stones`]) and chooses a colour by a search
//! ([`SearchKind::Choice`], decided by [`gomoku_ai::swap::choice_for`]).

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use thiserror::Error;

use gomoku_ai::review::Review;
use gomoku_ai::{Explanation, Limits, Player, SearchInfo, SearchResult, StopFlag};
use gomoku_rules::{
    Board, BoardSizeError, Color, Game, OpeningError, OpeningRule, OpeningStep, Party, PlayError,
    Point, PointSet, Rule, SwapChoice, SwapOpening,
};

use crate::gui::settings::Settings;
use crate::player_spec::{DEFAULT_AI, PlayerSpec, SpecError};
use crate::take_back::{redo_to_person, undo_to_person};

/// An AI player that a search thread borrows while it thinks.
pub type SharedPlayer = Arc<Mutex<Box<dyn Player>>>;

/// Locks a player, also after a search thread panicked while holding it.
pub fn lock_player(player: &SharedPlayer) -> MutexGuard<'_, Box<dyn Player>> {
    player.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Memory each engine may use (its transposition table takes a share of it), so that several
/// games in several tabs stay small.
pub const ENGINE_MEMORY_BYTES: u64 = 64 << 20;
/// The player behind the analysis panel: the engine at full strength, within the time asked.
pub const ANALYST: &str = DEFAULT_AI;
/// How long an engine move takes at least when two engines play each other, so that a person
/// can follow the game.
pub const WATCH_MOVE_DELAY: Duration = Duration::from_millis(400);

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// An AI's move, played when the search ends.
    Move,
    /// The analysis panel: the engine's view of the position, nothing is played.
    Analysis,
    /// An engine's colour choice in a swap opening.
    Choice,
}

impl SearchKind {
    /// `move` or `analysis`.
    pub fn name(self) -> &'static str {
        match self {
            SearchKind::Move => "move",
            SearchKind::Analysis => "analysis",
            SearchKind::Choice => "choice",
        }
    }
}

/// A search to run outside the lock.
#[derive(Debug)]
pub struct SearchJob {
    /// The id its answer must carry.
    pub id: u64,
    /// What it is for.
    pub kind: SearchKind,
    /// The side to move.
    pub color: Color,
    /// The position.
    pub board: Board,
    /// The rule.
    pub rule: Rule,
    /// Its limits (the stop flag included).
    pub limits: Limits,
    /// Who searches.
    pub player: SharedPlayer,
    /// How long to wait before searching (to let people follow an engine-vs-engine game).
    pub delay: Duration,
}

/// The search in progress.
#[derive(Clone, Debug)]
struct RunningSearch {
    id: u64,
    kind: SearchKind,
    color: Color,
    stop: StopFlag,
}

/// The last report of a finished search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// What it was for.
    pub kind: SearchKind,
    /// The side it searched for.
    pub color: Color,
    /// The move it chose.
    pub best: Option<Point>,
    /// Its last progress report.
    pub info: SearchInfo,
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Error)]
pub enum TableError {
    /// A person tried to move for an AI.
    #[error("it is {color}'s turn, played by {player}")]
    NotYourTurn {
        /// The side to move.
        color: Color,
        /// Its player.
        player: String,
    },
    /// The rules refuse the move.
    #[error(transparent)]
    Move(#[from] PlayError),
    /// Undo at the start.
    #[error("nothing to undo")]
    NothingToUndo,
    /// Redo with nothing taken back.
    #[error("nothing to redo")]
    NothingToRedo,
    /// An action that needs a game in progress.
    #[error("the game is over")]
    GameOver,
    /// An action that needs the engine idle.
    #[error("the engine is busy ({0}); stop it first")]
    Busy(&'static str),
    /// Stop with no search running.
    #[error("no search to stop")]
    NothingToStop,
    /// A player cannot be built.
    #[error(transparent)]
    Player(#[from] SpecError),
    /// The board size is not supported.
    #[error(transparent)]
    Size(#[from] BoardSizeError),
    /// The swap opening refuses the action (a stone where a colour is to be chosen, a choice
    /// that is not offered, ...).
    #[error(transparent)]
    Opening(#[from] OpeningError),
    /// A person tried to act for an AI in the opening.
    #[error("it is the {party}'s turn, played by {player}")]
    NotYourOpeningTurn {
        /// Who is to act.
        party: Party,
        /// Its player.
        player: String,
    },
    /// The opening waits for a colour choice, not a stone.
    #[error("choose a colour first: black or white{}", if *.can_place_two { ", or place two more stones" } else { "" })]
    ChooseFirst {
        /// Whether placing two more is offered.
        can_place_two: bool,
    },
    /// Undo into a swap opening: its stones stay.
    #[error("the opening stones stay: start a new game for a new opening")]
    OpeningFixed,
    /// A review of a game without moves.
    #[error("there is no move to review")]
    NothingToReview,
    /// A review while one runs.
    #[error("a review is running")]
    Reviewing,
    /// Rewinding to a move the game does not have.
    #[error("ply {ply}: the game has moves 0 to {moves}{}", if *.opening > 0 { format!(" (the {opening} opening stones stay)") } else { String::new() })]
    NoSuchPly {
        /// The ply asked for.
        ply: usize,
        /// The moves of the game.
        moves: usize,
        /// The opening stones that stay.
        opening: usize,
    },
}

/// The review of the game on the board ([`gomoku_ai::review`]): running, with its progress,
/// or done.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewState {
    /// The position it reviews (dropped when the game changes).
    position: u64,
    /// Positions searched.
    pub done: usize,
    /// Positions to search.
    pub total: usize,
    /// The review, once done.
    pub result: Option<Review>,
}

/// One game and its players.
#[derive(Debug)]
pub struct Table {
    settings: Settings,
    game: Game,
    /// The first player's and the second's (Black's and White's in a free opening); `None` for
    /// a person.
    players: [Option<SharedPlayer>; 2],
    opening: SwapOpening,
    analyst: Option<SharedPlayer>,
    search: Option<RunningSearch>,
    search_serial: u64,
    /// Counts the changes of the game, so results computed for an older position are dropped.
    position: u64,
    paused: bool,
    last_search: Option<SearchReport>,
    analysis: Option<SearchReport>,
    hint: Option<Explanation>,
    review: Option<ReviewState>,
    error: Option<String>,
    version: u64,
}

fn build_players(settings: &Settings) -> Result<[Option<SharedPlayer>; 2], SpecError> {
    let build = |spec: &PlayerSpec, seed| -> Result<Option<SharedPlayer>, SpecError> {
        if spec.is_human() {
            Ok(None)
        } else {
            Ok(Some(Arc::new(Mutex::new(spec.build(seed)?))))
        }
    };
    Ok([
        build(&settings.players[0], 0)?,
        build(&settings.players[1], 1)?,
    ])
}

impl Table {
    /// A new game with these settings.
    ///
    /// # Errors
    /// [`TableError::Player`] when an AI cannot be built, [`TableError::Size`] for a bad size.
    pub fn new(settings: Settings) -> Result<Table, TableError> {
        let game = Game::new(settings.size, settings.rule)?;
        Ok(Table {
            players: build_players(&settings)?,
            opening: SwapOpening::new(settings.opening),
            settings,
            game,
            analyst: None,
            search: None,
            search_serial: 0,
            position: 0,
            paused: false,
            last_search: None,
            analysis: None,
            hint: None,
            review: None,
            error: None,
            version: 0,
        })
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The opening.
    pub fn opening(&self) -> &SwapOpening {
        &self.opening
    }

    /// The seat of whoever plays `color` (before the colours are settled, the first player's
    /// for Black).
    fn seat_index(&self, color: Color) -> usize {
        let party = self.opening.party_of(color).unwrap_or(match color {
            Color::Black => Party::First,
            Color::White => Party::Second,
        });
        party.index()
    }

    /// Who acts next: places an opening stone, chooses a colour or moves.
    pub fn party_to_act(&self) -> Party {
        self.opening.party_to_act(&self.game)
    }

    /// Whether a person plays `party`.
    pub fn is_human_party(&self, party: Party) -> bool {
        self.players[party.index()].is_none()
    }

    /// The name of `party`'s player (`human` or the AI's spec).
    pub fn party_name(&self, party: Party) -> String {
        self.settings.players[party.index()].to_string()
    }

    /// How the opening went, for a record ([`SwapOpening::summary`]).
    pub fn opening_summary(&self) -> Option<String> {
        let names = Party::ALL.map(|p| self.party_name(p));
        self.opening
            .summary(self.game.moves(), [&names[0], &names[1]])
    }

    /// Counts every change of what the table shows.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Whether an engine-vs-engine game is paused.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// The report of the last engine move.
    pub fn last_search(&self) -> Option<&SearchReport> {
        self.last_search.as_ref()
    }

    /// The finished analysis of the current position.
    pub fn analysis(&self) -> Option<&SearchReport> {
        self.analysis.as_ref()
    }

    /// The hint for the current position.
    pub fn hint(&self) -> Option<&Explanation> {
        self.hint.as_ref()
    }

    /// The review of the game, running or done.
    pub fn review(&self) -> Option<&ReviewState> {
        self.review.as_ref()
    }

    /// Starts a review of the game's moves: returns the game to review and its position
    /// number (for [`Table::review_progress`] and [`Table::finish_review`]).
    ///
    /// # Errors
    /// [`TableError::NothingToReview`] without moves, [`TableError::Reviewing`] while a review
    /// of this position runs.
    pub fn start_review(&mut self) -> Result<(Game, u64), TableError> {
        if self.game.moves().is_empty() {
            return Err(TableError::NothingToReview);
        }
        if self
            .review
            .as_ref()
            .is_some_and(|r| r.result.is_none() && r.position == self.position)
        {
            return Err(TableError::Reviewing);
        }
        let positions = self.game.moves().len() + usize::from(!self.game.is_over());
        self.review = Some(ReviewState {
            position: self.position,
            done: 0,
            total: positions,
            result: None,
        });
        self.touch();
        Ok((self.game.clone(), self.position))
    }

    /// A running review of `position` searched `done` of `total` positions; false when the
    /// game moved on (the review was dropped).
    pub fn review_progress(&mut self, position: u64, done: usize, total: usize) -> bool {
        match &mut self.review {
            Some(r) if r.position == position && r.result.is_none() => {
                (r.done, r.total) = (done, total);
                self.touch();
                true
            }
            _ => false,
        }
    }

    /// Keeps the finished review of `position`, unless the game moved on since.
    pub fn finish_review(&mut self, position: u64, review: Review) -> bool {
        match &mut self.review {
            Some(r) if r.position == position => {
                r.done = r.total;
                r.result = Some(review);
                self.touch();
                true
            }
            _ => false,
        }
    }

    /// Takes the moves after ply `ply` back (they can be redone until a new move is played), to
    /// play on from there. An engine-vs-engine game pauses.
    ///
    /// # Errors
    /// [`TableError::NoSuchPly`] beyond the game's moves or into a swap opening's stones.
    pub fn rewind(&mut self, ply: usize) -> Result<(), TableError> {
        let moves = self.game.moves().len();
        let floor = if self.opening.is_settled() {
            self.opening.stones()
        } else {
            moves
        };
        if ply > moves || ply < floor {
            return Err(TableError::NoSuchPly {
                ply,
                moves,
                opening: floor,
            });
        }
        while self.game.moves().len() > ply && self.game.undo().is_some() {}
        if !self.has_human() {
            self.paused = true;
        }
        self.position_changed();
        Ok(())
    }

    /// The last engine failure, if any.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The search in progress: its id, what it is for and the side it searches for.
    pub fn searching(&self) -> Option<(u64, SearchKind, Color)> {
        self.search.as_ref().map(|s| (s.id, s.kind, s.color))
    }

    /// Whether a person plays `color`.
    pub fn is_human(&self, color: Color) -> bool {
        self.players[self.seat_index(color)].is_none()
    }

    /// Whether any person plays.
    pub fn has_human(&self) -> bool {
        self.players.iter().any(Option::is_none)
    }

    /// The name of whoever plays `color` (`human` or the AI's spec).
    pub fn player_name(&self, color: Color) -> String {
        self.settings.players[self.seat_index(color)].to_string()
    }

    /// Black's forbidden points when Black is to move (Renju).
    pub fn forbidden_points(&self) -> PointSet {
        if self.game.is_over() {
            PointSet::new()
        } else {
            self.game.forbidden_points()
        }
    }

    fn touch(&mut self) {
        self.version += 1;
    }

    /// The game changed: results for the old position are dropped, a running search cancelled.
    fn position_changed(&mut self) {
        self.cancel_search();
        self.position += 1;
        self.analysis = None;
        self.hint = None;
        self.review = None;
        self.error = None;
        self.touch();
    }

    fn cancel_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.stop.stop();
            self.touch();
        }
    }

    /// A person plays `p` (in a swap opening, the next opening stone). An analysis in progress
    /// is cancelled.
    ///
    /// # Errors
    /// [`TableError::NotYourTurn`] (or [`TableError::NotYourOpeningTurn`]) when an AI is to
    /// move, [`TableError::ChooseFirst`] when a colour is to be chosen, [`TableError::Move`]
    /// when the rules refuse the move.
    pub fn play(&mut self, p: Point) -> Result<(), TableError> {
        let party = self.party_to_act();
        let step = self.opening.step();
        if !self.game.is_over() && !self.is_human_party(party) {
            return Err(match step {
                OpeningStep::Settled { .. } => TableError::NotYourTurn {
                    color: self.game.side_to_move(),
                    player: self.party_name(party),
                },
                _ => TableError::NotYourOpeningTurn {
                    party,
                    player: self.party_name(party),
                },
            });
        }
        match step {
            OpeningStep::Settled { .. } => {
                self.game.play(p)?;
            }
            OpeningStep::Place { .. } => self.opening.place(&mut self.game, p)?,
            OpeningStep::Choose { can_place_two, .. } => {
                return Err(TableError::ChooseFirst { can_place_two });
            }
        }
        self.position_changed();
        Ok(())
    }

    /// A person chooses in a swap opening.
    ///
    /// # Errors
    /// [`TableError::NotYourOpeningTurn`] when an AI is to choose, [`TableError::Opening`] when
    /// nothing is to be chosen or the choice is not offered.
    pub fn choose(&mut self, choice: SwapChoice) -> Result<(), TableError> {
        let party = self.party_to_act();
        if matches!(self.opening.step(), OpeningStep::Choose { .. }) && !self.is_human_party(party)
        {
            return Err(TableError::NotYourOpeningTurn {
                party,
                player: self.party_name(party),
            });
        }
        self.opening.choose(party, choice)?;
        self.position_changed();
        Ok(())
    }

    /// Takes back the last move; against an AI, back to the last position where a person is to
    /// move (the AI's reply and your move). An engine-vs-engine game pauses.
    ///
    /// # Errors
    /// [`TableError::NothingToUndo`] at the start.
    pub fn undo(&mut self) -> Result<Vec<Point>, TableError> {
        if !self.opening.is_settled() {
            return Err(TableError::OpeningFixed);
        }
        let floor = self.opening.stones();
        let human = Color::ALL.map(|c| self.is_human(c));
        let taken = undo_to_person(&mut self.game, floor, |c| human[c.index()]);
        if taken.is_empty() {
            return Err(if floor > 0 && self.game.moves().len() == floor {
                TableError::OpeningFixed
            } else {
                TableError::NothingToUndo
            });
        }
        if !self.has_human() {
            self.paused = true;
        }
        self.position_changed();
        Ok(taken)
    }

    /// Replays what was taken back, up to the next position where a person is to move. An
    /// engine-vs-engine game pauses.
    ///
    /// # Errors
    /// [`TableError::NothingToRedo`] when nothing was taken back.
    pub fn redo(&mut self) -> Result<Vec<Point>, TableError> {
        let human = Color::ALL.map(|c| self.is_human(c));
        let replayed = redo_to_person(&mut self.game, |c| human[c.index()]);
        if replayed.is_empty() {
            return Err(TableError::NothingToRedo);
        }
        if !self.has_human() {
            self.paused = true;
        }
        self.position_changed();
        Ok(replayed)
    }

    /// A new game with these settings (the same ones for a restart); the AIs start afresh.
    ///
    /// # Errors
    /// [`TableError::Player`] when an AI cannot be built; the table is unchanged then.
    pub fn new_game(&mut self, settings: Settings) -> Result<(), TableError> {
        let fresh = Table::new(settings)?;
        self.cancel_search();
        self.game = fresh.game;
        self.players = fresh.players;
        self.opening = fresh.opening;
        self.settings = fresh.settings;
        self.paused = false;
        self.last_search = None;
        self.position_changed();
        Ok(())
    }

    /// Continues from a loaded game (its size and rule replace the settings', and it goes on
    /// with a free opening: the first player plays Black); the AIs start afresh. An
    /// engine-vs-engine game pauses.
    ///
    /// # Errors
    /// [`TableError::Player`] when an AI cannot be built.
    pub fn load(&mut self, game: Game) -> Result<(), TableError> {
        let settings = Settings {
            size: u32::from(game.size()),
            rule: game.rule(),
            opening: OpeningRule::Free,
            ..self.settings.clone()
        };
        self.new_game(settings)?;
        self.game = game;
        self.paused = !self.has_human();
        Ok(())
    }

    /// Pauses or resumes the engines. Pausing cancels an engine move in progress.
    pub fn set_paused(&mut self, paused: bool) {
        if paused
            && matches!(
                self.search,
                Some(RunningSearch {
                    kind: SearchKind::Move,
                    ..
                })
            )
        {
            self.cancel_search();
        }
        self.paused = paused;
        self.touch();
    }

    /// Cancels any search, for a game that is being forgotten.
    pub fn close(&mut self) {
        self.cancel_search();
        self.paused = true;
    }

    /// Asks the running search to answer now: an engine move is played at once, an analysis
    /// ends with what it has.
    ///
    /// # Errors
    /// [`TableError::NothingToStop`] when no search runs.
    pub fn stop(&mut self) -> Result<(), TableError> {
        let search = self.search.as_ref().ok_or(TableError::NothingToStop)?;
        search.stop.stop();
        Ok(())
    }

    fn limits(&self, move_time: Duration, stop: &StopFlag) -> Limits {
        Limits {
            move_time: Some(move_time),
            max_memory: Some(ENGINE_MEMORY_BYTES),
            stop: stop.clone(),
            ..Limits::default()
        }
    }

    fn start(&mut self, kind: SearchKind, player: SharedPlayer, move_time: Duration) -> SearchJob {
        self.search_serial += 1;
        let color = self.game.side_to_move();
        let stop = StopFlag::new();
        self.search = Some(RunningSearch {
            id: self.search_serial,
            kind,
            color,
            stop: stop.clone(),
        });
        self.touch();
        let watching =
            kind == SearchKind::Move && !self.has_human() && !self.game.moves().is_empty();
        SearchJob {
            id: self.search_serial,
            kind,
            color,
            board: self.game.board().clone(),
            rule: self.game.rule(),
            limits: self.limits(move_time, &stop),
            player,
            delay: if watching {
                WATCH_MOVE_DELAY
            } else {
                Duration::ZERO
            },
        }
    }

    /// The AI's move (or colour choice) to search, when an AI is to act, nothing runs and the
    /// game is not paused. An AI's opening stones as the first player are placed at once.
    pub fn next_engine_move(&mut self) -> Option<SearchJob> {
        if self.search.is_some() || self.paused || self.game.is_over() || self.error.is_some() {
            return None;
        }
        let party = self.party_to_act();
        let player = self.players[party.index()].clone()?;
        match self.opening.step() {
            OpeningStep::Place {
                party: Party::First,
                ..
            } => {
                // The engine's set opening: no search.
                let planned = gomoku_ai::swap::opening_stones(self.game.size())
                    .get(self.opening.stones())
                    .copied();
                match planned.map(|p| self.opening.place(&mut self.game, p)) {
                    Some(Ok(())) => {
                        self.position_changed();
                        self.next_engine_move()
                    }
                    _ => Some(self.start(SearchKind::Move, player, self.settings.move_time)),
                }
            }
            OpeningStep::Choose { .. } => {
                Some(self.start(SearchKind::Choice, player, self.settings.move_time))
            }
            _ => Some(self.start(SearchKind::Move, player, self.settings.move_time)),
        }
    }

    /// Starts the analysis of the current position for `time`.
    ///
    /// # Errors
    /// [`TableError::GameOver`], or [`TableError::Busy`] while a search runs.
    pub fn start_analysis(&mut self, time: Duration) -> Result<SearchJob, TableError> {
        if self.game.is_over() {
            return Err(TableError::GameOver);
        }
        if let Some(search) = &self.search {
            return Err(TableError::Busy(match search.kind {
                SearchKind::Move | SearchKind::Choice => "an AI is thinking",
                SearchKind::Analysis => "an analysis is running",
            }));
        }
        let analyst = match &self.analyst {
            Some(a) => a.clone(),
            None => {
                let built = PlayerSpec::Builtin(ANALYST.to_string()).build(0)?;
                let shared: SharedPlayer = Arc::new(Mutex::new(built));
                self.analyst = Some(shared.clone());
                shared
            }
        };
        Ok(self.start(SearchKind::Analysis, analyst, time))
    }

    /// Whether search `id` is still wanted (not cancelled).
    pub fn is_current(&self, id: u64) -> bool {
        self.search.as_ref().is_some_and(|s| s.id == id)
    }

    /// The answer of search `id`: an AI move is played, an analysis kept. An answer of a
    /// cancelled search is dropped (returns false). A failure (`Err`: the player found no
    /// move or panicked) is kept as the table's error and stops the engines until the position
    /// changes.
    pub fn finish(&mut self, id: u64, answer: Result<SearchResult, String>) -> bool {
        let Some(search) = self.search.take_if(|s| s.id == id) else {
            return false;
        };
        self.touch();
        let result = match answer {
            Ok(result) => result,
            Err(e) => {
                self.error = Some(e);
                return true;
            }
        };
        let report = SearchReport {
            kind: search.kind,
            color: search.color,
            best: result.best,
            info: result.info,
        };
        let party = self.party_to_act();
        let name = self.party_name(party);
        match search.kind {
            SearchKind::Analysis => self.analysis = Some(report),
            SearchKind::Choice => {
                let choice = gomoku_ai::swap::choice_for(report.info.score);
                match self.opening.choose(party, choice) {
                    Ok(()) => {
                        self.position_changed();
                        self.last_search = Some(report);
                    }
                    Err(e) => self.error = Some(format!("{name} chose badly: {e}")),
                }
            }
            SearchKind::Move => {
                let placing = matches!(self.opening.step(), OpeningStep::Place { .. });
                let played = result
                    .best
                    .ok_or_else(|| format!("{name} found no move"))
                    .and_then(|p| {
                        let played = if placing {
                            self.opening
                                .place(&mut self.game, p)
                                .map_err(|e| e.to_string())
                        } else {
                            self.game.play(p).map(drop).map_err(|e| e.to_string())
                        };
                        played.map_err(|e| format!("{name} chose a bad move: {e}"))
                    });
                match played {
                    Ok(_) => {
                        self.position_changed();
                        self.last_search = Some(report);
                    }
                    Err(e) => self.error = Some(e),
                }
            }
        }
        true
    }

    /// What a hint needs: the position and its number (for [`Table::set_hint`]).
    ///
    /// # Errors
    /// [`TableError::GameOver`].
    pub fn hint_request(&self) -> Result<(Board, Rule, u64), TableError> {
        if self.game.is_over() {
            return Err(TableError::GameOver);
        }
        Ok((self.game.board().clone(), self.game.rule(), self.position))
    }

    /// Keeps a hint computed for position `position`, unless the game moved on since.
    pub fn set_hint(&mut self, position: u64, hint: Explanation) -> bool {
        if position != self.position {
            return false;
        }
        self.hint = Some(hint);
        self.touch();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_ai::Score;

    fn settings(black: &str, white: &str) -> Settings {
        Settings {
            players: [black.parse().unwrap(), white.parse().unwrap()],
            ..Settings::default()
        }
    }

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    fn answer(point: &str) -> Result<SearchResult, String> {
        Ok(SearchResult {
            best: Some(p(point)),
            info: SearchInfo {
                depth: 3,
                seldepth: 5,
                score: Score(12),
                nodes: 100,
                time: Duration::from_millis(5),
                pv: vec![p(point)],
                multipv: 1,
            },
            lines: Vec::new(),
        })
    }

    #[test]
    fn an_ai_move_is_searched_played_and_undone_with_the_persons_move() {
        let mut t = Table::new(settings("human", "random:1")).unwrap();
        assert!(
            t.next_engine_move().is_none(),
            "Black (a person) is to move"
        );
        t.play(p("h8")).unwrap();
        let job = t.next_engine_move().expect("White's move");
        assert_eq!((job.kind, job.color), (SearchKind::Move, Color::White));
        assert!(t.next_engine_move().is_none(), "one search at a time");
        assert!(matches!(
            t.play(p("a1")),
            Err(TableError::NotYourTurn {
                color: Color::White,
                ..
            })
        ));
        assert!(t.finish(job.id, answer("i9")));
        assert_eq!(t.game().move_string(), "h8 i9");
        assert_eq!(t.last_search().unwrap().best, Some(p("i9")));
        // A cancelled search's answer is dropped.
        t.play(p("h9")).unwrap();
        let job = t.next_engine_move().unwrap();
        assert_eq!(t.undo().unwrap(), vec![p("h9")]);
        assert!(job.limits.stop.is_stopped());
        assert!(!t.finish(job.id, answer("a1")));
        assert_eq!(t.game().move_string(), "h8 i9");
        // Undo takes back the AI's reply and the person's move.
        assert_eq!(t.undo().unwrap(), vec![p("i9"), p("h8")]);
        assert!(matches!(t.undo(), Err(TableError::NothingToUndo)));
        assert_eq!(t.redo().unwrap(), vec![p("h8"), p("i9")]);
    }

    #[test]
    fn engines_pause_on_undo_and_analysis_waits_for_the_engine() {
        let mut t = Table::new(settings("random:1", "random:2")).unwrap();
        let job = t.next_engine_move().unwrap();
        assert_eq!(job.delay, Duration::ZERO, "the first move starts at once");
        assert!(matches!(
            t.start_analysis(Duration::from_millis(10)),
            Err(TableError::Busy(_))
        ));
        t.finish(job.id, answer("h8"));
        let job = t.next_engine_move().unwrap();
        assert_eq!(job.delay, WATCH_MOVE_DELAY);
        t.finish(job.id, answer("i9"));
        t.undo().unwrap();
        assert!(t.paused());
        assert!(t.next_engine_move().is_none());
        let analysis = t.start_analysis(Duration::from_millis(10)).unwrap();
        assert_eq!(analysis.color, Color::White);
        t.finish(analysis.id, answer("i9"));
        assert_eq!(t.analysis().unwrap().best, Some(p("i9")));
        assert_eq!(t.game().move_string(), "h8", "an analysis plays nothing");
        t.set_paused(false);
        assert!(t.next_engine_move().is_some());
        assert!(matches!(
            t.play(p("a1")),
            Err(TableError::NotYourTurn { .. })
        ));
    }

    #[test]
    fn failures_and_bad_moves_are_reported() {
        let mut t = Table::new(settings("human", "random:1")).unwrap();
        t.play(p("h8")).unwrap();
        let job = t.next_engine_move().unwrap();
        // The AI answers an occupied point: kept as the error, the engines stop.
        assert!(t.finish(job.id, answer("h8")));
        assert!(t.error().unwrap().contains("bad move"), "{:?}", t.error());
        assert!(t.next_engine_move().is_none());
        assert!(matches!(t.stop(), Err(TableError::NothingToStop)));
        // A new game clears it.
        t.new_game(t.settings().clone()).unwrap();
        assert!(t.error().is_none());
        t.play(p("h8")).unwrap();
        let job = t.next_engine_move().unwrap();
        t.finish(job.id, answer("a1"));
        assert!(matches!(t.play(p("a1")), Err(TableError::Move(_))));
        assert_eq!(t.game().move_string(), "h8 a1");
    }

    #[test]
    fn hints_for_an_old_position_are_dropped() {
        let mut t = Table::new(settings("human", "human")).unwrap();
        let (board, rule, position) = t.hint_request().unwrap();
        let hint = gomoku_ai::explain(&board, rule, 1, 1);
        t.play(p("h8")).unwrap();
        assert!(!t.set_hint(position, hint.clone()));
        let (_, _, position) = t.hint_request().unwrap();
        assert!(t.set_hint(position, hint));
        assert!(t.hint().is_some());
    }
}
