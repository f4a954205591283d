//! The state of a game in the terminal, independent of how input arrives: the game, who sits at
//! each colour, and what each command does. The line frontend and the keyboard frontend both
//! drive a [`Session`].
//!
//! Under a swap opening ([`OpeningRule::Swap`], [`OpeningRule::Swap2`]) the seats belong to the
//! first and the second player (the `--black` and `--white` players of the command line) until
//! the colours are settled; the opening's rules are [`SwapOpening`]'s, an AI's opening stones
//! and colour choices [`gomoku_ai::swap`]'s.

use std::path::Path;
use std::time::{Duration, Instant};

use gomoku_ai::swap::{choose_colour, opening_stones};
use gomoku_ai::{Limits, Player, SearchInfo, explain};
use gomoku_rules::record::{self, FileError, Format, ReadOptions, Record};
use gomoku_rules::{
    Color, Game, OpeningRule, OpeningStep, Party, Point, PointSet, Rule, SwapChoice, SwapOpening,
};

use crate::play::command::{Command, HELP};
use crate::take_back::{redo_to_person, undo_to_person};

/// Who sits at one colour.
pub enum Seat {
    /// A person.
    Human,
    /// An AI.
    Ai(Box<dyn Player>),
}

impl std::fmt::Debug for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Human => f.write_str("Human"),
            Seat::Ai(p) => write!(f, "Ai({})", p.name()),
        }
    }
}

/// What the frontend should do after a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Show this (possibly empty) message and go on.
    Message(String),
    /// Show this error (one line); the game is unchanged.
    Error(String),
    /// Moves are unsaved: ask whether to quit anyway (answer with [`Session::confirm_quit`]).
    ConfirmQuit,
    /// Leave.
    Quit,
}

/// Saves `game` to `path`, in the format of the extension (`.psq`, `.sgf`, `.rif`, `.txt`,
/// `.pos`; JSON otherwise), with the players' names (Black's first) and how a swap opening
/// went ([`Record::opening`]); atomically, so a failed save never destroys an older file.
///
/// # Errors
/// [`FileError`] when the file cannot be written.
pub fn save_game(
    game: &Game,
    names: [Option<String>; 2],
    opening: Option<String>,
    path: &Path,
) -> Result<(), FileError> {
    let format = Format::from_path(path).unwrap_or(Format::Json);
    let mut rec = Record::from_game(game).map_err(|e| FileError::Write {
        path: path.to_path_buf(),
        source: std::io::Error::other(e),
    })?;
    let [black, white] = names;
    rec.black = black;
    rec.white = white;
    rec.opening = opening;
    record::save(path, &rec, format)
}

/// Loads a game saved in any record format (by extension, or else by content); what the file
/// does not say (the rule of a PSQ file, the size of a move list) is taken from `size` and
/// `rule`. The moves are replayed through the rules.
///
/// # Errors
/// [`FileError`] when the file cannot be read or is not a valid game.
pub fn load_game(path: &Path, size: u32, rule: Rule) -> Result<Game, FileError> {
    let options = ReadOptions {
        size,
        rule,
        game: 0,
    };
    Ok(record::load_with(path, None, &options)?.to_game())
}

/// A game at the terminal.
#[derive(Debug)]
pub struct Session {
    game: Game,
    /// The first player's seat and the second's (Black's and White's in a free opening).
    seats: [Seat; 2],
    opening: SwapOpening,
    /// The moves as last saved or loaded (or at the start).
    saved: Vec<Point>,
    numbers: bool,
    move_time: Duration,
}

/// How many candidate moves a hint explains.
pub const HINT_MOVES: usize = 3;
/// How deep the hint's searches look (plies, the move itself included).
pub const HINT_DEPTH: u32 = 4;

/// What an AI did on its turn: a move (an opening stone included) or a colour choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AiAction {
    /// It played a stone.
    Move(AiMove),
    /// It chose in a swap opening.
    Choice(AiChoice),
}

/// A colour choice of an AI in a swap opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiChoice {
    /// Who chose.
    pub party: Party,
    /// The choice.
    pub choice: SwapChoice,
    /// The search it chose by (its score is White's, who is to move).
    pub info: SearchInfo,
    /// The time it took.
    pub elapsed: Duration,
}

/// What the AI did on its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiMove {
    /// The colour that moved.
    pub color: Color,
    /// The move.
    pub point: Point,
    /// The player's last search report.
    pub info: SearchInfo,
    /// The time it took.
    pub elapsed: Duration,
}

impl Session {
    /// A session on `game` with the given seats and a free opening; `move_time` limits each
    /// AI move.
    pub fn new(game: Game, black: Seat, white: Seat, move_time: Duration) -> Session {
        let saved = game.moves().to_vec();
        Session {
            game,
            seats: [black, white],
            opening: SwapOpening::new(OpeningRule::Free),
            saved,
            numbers: false,
            move_time,
        }
    }

    /// Plays the game under `rule`'s opening: the seat given as Black is the first player
    /// (who places the opening stones), the other the second.
    ///
    /// # Errors
    /// A message when the game has moves already (an opening rule applies to a new game).
    pub fn set_opening(&mut self, rule: OpeningRule) -> Result<(), String> {
        if !self.game.moves().is_empty() && rule != OpeningRule::Free {
            return Err(format!(
                "the {rule} opening applies to a new game, and this one has {} moves",
                self.game.moves().len()
            ));
        }
        self.opening = SwapOpening::new(rule);
        Ok(())
    }

    /// The opening.
    pub fn opening(&self) -> &SwapOpening {
        &self.opening
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
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

    /// Who acts next: places, chooses or moves.
    fn party_to_act(&self) -> Party {
        self.opening.party_to_act(&self.game)
    }

    fn seat_name(&self, index: usize) -> String {
        match &self.seats[index] {
            Seat::Human => "human".to_string(),
            Seat::Ai(p) => p.name(),
        }
    }

    /// What the opening waits for, in words for a prompt (`None` once the colours are
    /// settled), e.g. `"Swap2, first player (human): place opening stone 1 of 3 (Black)"`.
    pub fn opening_prompt(&self) -> Option<String> {
        let rule = self.opening.rule();
        let who = |party: Party| format!("{party} ({})", self.seat_name(party.index()));
        let capital = |text: String| {
            let mut chars = text.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        };
        match self.opening.step() {
            OpeningStep::Settled { .. } => None,
            OpeningStep::Place { party, color, left } => {
                let total = if party == Party::First { 3 } else { 2 };
                Some(capital(format!(
                    "{rule}, {}: place opening stone {} of {total} ({color})",
                    who(party),
                    total - left + 1
                )))
            }
            OpeningStep::Choose {
                party,
                can_place_two,
            } => {
                let two = if can_place_two {
                    ", or two (place two more stones, White and Black, and let the first player choose)"
                } else {
                    ""
                };
                Some(capital(format!(
                    "{rule}, {}: choose your colour: black or white (White moves next){two}",
                    who(party)
                )))
            }
        }
    }

    /// Whether move numbers are shown.
    pub fn numbers(&self) -> bool {
        self.numbers
    }

    /// Whether a person plays `color` (before the colours are settled: the first player for
    /// Black).
    pub fn is_human(&self, color: Color) -> bool {
        matches!(self.seats[self.seat_index(color)], Seat::Human)
    }

    /// Whether any person plays.
    pub fn has_human(&self) -> bool {
        self.seats.iter().any(|s| matches!(s, Seat::Human))
    }

    /// Whether the game goes on and an AI is to act (move, place an opening stone or choose).
    pub fn ai_to_move(&self) -> bool {
        !self.game.is_over() && !matches!(self.seats[self.party_to_act().index()], Seat::Human)
    }

    /// Whether moves were played since the last save or load.
    pub fn has_unsaved_moves(&self) -> bool {
        self.game.moves() != self.saved.as_slice() && !self.game.moves().is_empty()
    }

    /// Black's forbidden points when Black is to move (Renju), to show on the board.
    pub fn forbidden_points(&self) -> PointSet {
        if self.game.is_over() {
            PointSet::new()
        } else {
            self.game.forbidden_points()
        }
    }

    fn limits(&self) -> Limits {
        Limits::move_time(self.move_time)
    }

    /// Lets the AI to act play (a move or an opening stone) or choose a colour, calling
    /// `report` with its progress.
    ///
    /// # Errors
    /// An error message when it is not an AI's turn or the AI finds no legal move (the game is
    /// unchanged).
    pub fn play_ai(&mut self, report: &mut dyn FnMut(&SearchInfo)) -> Result<AiAction, String> {
        if self.game.is_over() {
            return Err("the game is over".into());
        }
        let party = self.party_to_act();
        let color = self.game.side_to_move();
        let limits = self.limits();
        let step = self.opening.step();
        let Seat::Ai(player) = &mut self.seats[party.index()] else {
            return Err(format!("the {party} is a person"));
        };
        let started = Instant::now();
        if let OpeningStep::Choose { .. } = step {
            let (choice, result) = choose_colour(
                player.as_mut(),
                self.game.board(),
                self.game.rule(),
                &limits,
            );
            self.opening
                .choose(party, choice)
                .map_err(|e| format!("{} chose badly: {e}", player.name()))?;
            return Ok(AiAction::Choice(AiChoice {
                party,
                choice,
                info: result.info,
                elapsed: started.elapsed(),
            }));
        }
        // The first player's opening stones are the engine's set opening; anything else is
        // searched.
        let planned = match step {
            OpeningStep::Place {
                party: Party::First,
                ..
            } => opening_stones(self.game.size())
                .get(self.opening.stones())
                .copied()
                .filter(|&p| self.game.board().is_empty_at(p)),
            _ => None,
        };
        let (point, info) = match planned {
            Some(p) => (
                p,
                SearchInfo {
                    depth: 0,
                    seldepth: 0,
                    score: gomoku_ai::Score::DRAW,
                    nodes: 0,
                    time: Duration::ZERO,
                    pv: vec![p],
                    multipv: 1,
                },
            ),
            None => {
                let result = player.choose(self.game.board(), self.game.rule(), &limits, report);
                let point = result
                    .best
                    .ok_or_else(|| format!("{} found no move", player.name()))?;
                (point, result.info)
            }
        };
        let elapsed = started.elapsed();
        let played = if matches!(step, OpeningStep::Place { .. }) {
            self.opening
                .place(&mut self.game, point)
                .map_err(|e| e.to_string())
        } else {
            self.game.play(point).map(drop).map_err(|e| e.to_string())
        };
        played.map_err(|e| format!("{} chose a bad move: {e}", player.name()))?;
        Ok(AiAction::Move(AiMove {
            color,
            point,
            info,
            elapsed,
        }))
    }

    /// Carries out a command typed by a person.
    pub fn execute(&mut self, command: Command) -> Reply {
        match command {
            Command::Move(p) => self.human_move(p),
            Command::Choose(choice) => self.human_choice(choice),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Restart => {
                self.game.restart();
                self.opening = SwapOpening::new(self.opening.rule());
                for seat in &mut self.seats {
                    if let Seat::Ai(p) = seat {
                        p.new_game();
                    }
                }
                Reply::Message("New game.".into())
            }
            Command::Save(path) => {
                match save_game(&self.game, self.names(), self.opening_summary(), &path) {
                    Ok(()) => {
                        self.saved = self.game.moves().to_vec();
                        Reply::Message(format!(
                            "Saved {} moves to {}.",
                            self.saved.len(),
                            path.display()
                        ))
                    }
                    Err(e) => Reply::Error(format!("cannot save: {e}")),
                }
            }
            // A file of another size or rule brings its own; the players adapt.
            Command::Load(path) => {
                match load_game(&path, self.game.size() as u32, self.game.rule()) {
                    Ok(game) => self.load(game, &path),
                    Err(e) => Reply::Error(format!("cannot load: {e}")),
                }
            }
            Command::Hint => self.hint(),
            Command::Numbers => {
                self.numbers = !self.numbers;
                Reply::Message(format!(
                    "Move numbers {}.",
                    if self.numbers { "on" } else { "off" }
                ))
            }
            Command::Help => Reply::Message(HELP.into()),
            Command::Quit => {
                if self.has_unsaved_moves() {
                    Reply::ConfirmQuit
                } else {
                    Reply::Quit
                }
            }
        }
    }

    /// The answer to [`Reply::ConfirmQuit`]: `y`/`yes` quits, anything else goes on.
    pub fn confirm_quit(&self, answer: &str) -> Reply {
        let a = answer.trim().to_ascii_lowercase();
        if a == "y" || a == "yes" {
            Reply::Quit
        } else {
            Reply::Message("Going on.".into())
        }
    }

    /// The players' names for a record, Black's first: `human` or the AI's name.
    fn names(&self) -> [Option<String>; 2] {
        [Color::Black, Color::White].map(|c| Some(self.seat_name(self.seat_index(c))))
    }

    /// How the opening went, for a record ([`SwapOpening::summary`]).
    pub fn opening_summary(&self) -> Option<String> {
        let names = [self.seat_name(0), self.seat_name(1)];
        self.opening
            .summary(self.game.moves(), [&names[0], &names[1]])
    }

    fn load(&mut self, game: Game, path: &Path) -> Reply {
        // A loaded game goes on as it stands: the first player plays Black.
        self.opening = SwapOpening::new(OpeningRule::Free);
        self.game = game;
        self.saved = self.game.moves().to_vec();
        for seat in &mut self.seats {
            if let Seat::Ai(p) = seat {
                p.new_game();
            }
        }
        Reply::Message(format!(
            "Loaded {} ({} moves, {} {}x{}).",
            path.display(),
            self.game.moves().len(),
            self.game.rule(),
            self.game.size(),
            self.game.size()
        ))
    }

    fn human_move(&mut self, p: Point) -> Reply {
        let party = self.party_to_act();
        if !self.game.is_over() && !matches!(self.seats[party.index()], Seat::Human) {
            return Reply::Error(match self.opening.step() {
                OpeningStep::Settled { .. } => {
                    format!("it is {}'s turn (the AI)", self.game.side_to_move())
                }
                _ => format!("it is the {party}'s turn (the AI)"),
            });
        }
        let played = match self.opening.step() {
            OpeningStep::Settled { .. } => self.game.play(p).map(drop).map_err(|e| e.to_string()),
            OpeningStep::Place { .. } => self
                .opening
                .place(&mut self.game, p)
                .map_err(|e| e.to_string()),
            OpeningStep::Choose { can_place_two, .. } => Err(format!(
                "choose a colour first: type black or white{}",
                if can_place_two { " (or two)" } else { "" }
            )),
        };
        match played {
            Ok(()) => Reply::Message(String::new()),
            Err(e) => Reply::Error(e),
        }
    }

    fn human_choice(&mut self, choice: SwapChoice) -> Reply {
        let party = self.party_to_act();
        if !matches!(self.opening.step(), OpeningStep::Choose { .. }) {
            return Reply::Error("there is no colour to choose now".into());
        }
        if !matches!(self.seats[party.index()], Seat::Human) {
            return Reply::Error(format!("the {party} (the AI) is to choose"));
        }
        match self.opening.choose(party, choice) {
            Ok(()) => {
                let mut text = format!("The {party} {choice}.");
                if let Some(color) = choice.color() {
                    let other = self.seat_name(party.other().index());
                    text += &format!(" The {} ({other}) plays {}.", party.other(), !color);
                }
                Reply::Message(text)
            }
            Err(e) => Reply::Error(e.to_string()),
        }
    }

    fn undo(&mut self) -> Reply {
        if !self.opening.is_settled() {
            return Reply::Error("the opening cannot be taken back: restart for a new one".into());
        }
        let floor = self.opening.stones();
        let human = Color::ALL.map(|c| self.is_human(c));
        let taken = undo_to_person(&mut self.game, floor, |c| human[c.index()]);
        if taken.is_empty() {
            return Reply::Error(if floor > 0 {
                "nothing to undo (the opening stones stay)".into()
            } else {
                "nothing to undo".into()
            });
        }
        let list: Vec<String> = taken.iter().map(Point::to_string).collect();
        Reply::Message(format!("Took back {}.", list.join(" ")))
    }

    fn redo(&mut self) -> Reply {
        let human = Color::ALL.map(|c| self.is_human(c));
        let replayed = redo_to_person(&mut self.game, |c| human[c.index()]);
        if replayed.is_empty() {
            return Reply::Error("nothing to redo".into());
        }
        let list: Vec<String> = replayed.iter().map(Point::to_string).collect();
        Reply::Message(format!("Replayed {}.", list.join(" ")))
    }

    fn hint(&mut self) -> Reply {
        if self.game.is_over() {
            return Reply::Error("the game is over".into());
        }
        let explanation = explain(self.game.board(), self.game.rule(), HINT_MOVES, HINT_DEPTH);
        if explanation.moves.is_empty() {
            return Reply::Error("no move to suggest".into());
        }
        let mut text = format!("Hint for {}:", explanation.side);
        for line in explanation.threat_lines() {
            text.push_str(&format!("\n  {line}"));
        }
        for m in &explanation.moves {
            text.push_str(&format!("\n  {m}"));
        }
        Reply::Message(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_ai::RandomPlayer;
    use gomoku_rules::Rule;

    fn session(white_ai: bool) -> Session {
        let white = if white_ai {
            Seat::Ai(Box::new(RandomPlayer::new(1)))
        } else {
            Seat::Human
        };
        Session::new(
            Game::new(15, Rule::Freestyle).unwrap(),
            Seat::Human,
            white,
            Duration::from_millis(50),
        )
    }

    fn mv(s: &str) -> Command {
        Command::Move(s.parse().unwrap())
    }

    #[test]
    fn undo_against_the_ai_takes_back_both_moves_and_redo_replays_them() {
        let mut s = session(true);
        assert_eq!(s.execute(mv("h8")), Reply::Message(String::new()));
        assert!(s.ai_to_move());
        // A person cannot move for the AI.
        assert!(matches!(s.execute(mv("a1")), Reply::Error(_)));
        let Ok(AiAction::Move(reply)) = s.play_ai(&mut |_| {}) else {
            panic!("the AI moves");
        };
        assert_eq!(reply.color, Color::White);
        assert_eq!(s.game().moves().len(), 2);
        assert!(matches!(s.execute(Command::Undo), Reply::Message(_)));
        assert!(s.game().moves().is_empty());
        assert!(matches!(s.execute(Command::Undo), Reply::Error(_)));
        s.execute(Command::Redo);
        assert_eq!(s.game().moves().len(), 2);
        assert!(!s.ai_to_move());
    }

    #[test]
    fn bad_moves_leave_the_game_unchanged() {
        let mut s = session(false);
        s.execute(mv("h8"));
        let before = s.game().clone();
        assert!(matches!(s.execute(mv("h8")), Reply::Error(e) if e.contains("occupied")));
        assert_eq!(s.game(), &before);
        // Human vs human: undo takes back one move.
        s.execute(mv("i9"));
        s.execute(Command::Undo);
        assert_eq!(s.game().moves().len(), 1);
    }

    #[test]
    fn quitting_asks_when_unsaved_and_save_load_round_trip() {
        let mut s = session(false);
        assert_eq!(s.execute(Command::Quit), Reply::Quit);
        s.execute(mv("h8"));
        assert_eq!(s.execute(Command::Quit), Reply::ConfirmQuit);
        assert_eq!(s.confirm_quit("n"), Reply::Message("Going on.".into()));
        assert_eq!(s.confirm_quit("Y"), Reply::Quit);
        let dir = tempfile::Builder::new()
            .prefix("gomoku-session-")
            .tempdir()
            .unwrap();
        let file = dir.path().join("g.json");
        assert!(matches!(
            s.execute(Command::Save(file.clone())),
            Reply::Message(_)
        ));
        assert!(!s.has_unsaved_moves());
        assert_eq!(s.execute(Command::Quit), Reply::Quit);
        let mut t = session(false);
        assert!(matches!(
            t.execute(Command::Load(file.clone())),
            Reply::Message(_)
        ));
        assert_eq!(t.game().move_string(), "h8");
        std::fs::write(
            &file,
            "{\"size\":15,\"rule\":\"freestyle\",\"moves\":[\"h8\",\"h8\"]}",
        )
        .unwrap();
        assert!(matches!(
            t.execute(Command::Load(file.clone())),
            Reply::Error(_)
        ));
        assert_eq!(t.game().move_string(), "h8");
        assert!(matches!(
            t.execute(Command::Load(dir.path().join("missing"))),
            Reply::Error(_)
        ));
    }
}
