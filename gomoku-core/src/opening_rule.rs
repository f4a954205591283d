//! Opening rules: who places the first stones and who chooses a colour.
//!
//! - **free**: the first player is Black and plays the first move; nothing is chosen.
//! - **swap**: the first player places three stones (Black, White, Black); the second player
//!   then chooses a colour, and White moves next.
//! - **swap2**: the first player places three stones; the second player takes Black, takes
//!   White, or places two more stones (White, Black) and lets the first player choose.
//!
//! The opening stones are ordinary moves of the [`Game`] (they alternate colours), so a record
//! of the game keeps them; [`SwapOpening::summary`] says in words who placed what and who chose
//! which colour. Under Renju the opening stones follow the rules like every move (three or five
//! stones can hold no foul), and the game goes on under RIF's rules once the colours are
//! settled; the RIF openings (Soosõrv-8, Taraguchi-10) are not offered.
//!
//! ```
//! use gomoku_rules::{Color, Game, OpeningRule, OpeningStep, Party, Rule, SwapChoice, SwapOpening};
//!
//! let mut game = Game::new(15, Rule::Freestyle).unwrap();
//! let mut opening = SwapOpening::new(OpeningRule::Swap2);
//! for p in ["h8", "i9", "f7"] {
//!     opening.place(&mut game, p.parse().unwrap()).unwrap();
//! }
//! assert_eq!(opening.step(), OpeningStep::Choose { party: Party::Second, can_place_two: true });
//! opening.choose(Party::Second, SwapChoice::PlaceTwo).unwrap();
//! for p in ["j10", "g6"] {
//!     opening.place(&mut game, p.parse().unwrap()).unwrap();
//! }
//! opening.choose(Party::First, SwapChoice::TakeWhite).unwrap();
//! assert_eq!(opening.step(), OpeningStep::Settled { black: Party::Second });
//! assert_eq!(opening.color_of(Party::First), Some(Color::White));
//! assert_eq!(game.side_to_move(), Color::White);
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::color::Color;
use crate::game::{Game, PlayError};
use crate::point::Point;
use crate::rule::Rule;

/// The two players before the colours are settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Party {
    /// The player who opens: places the first stones (Black in a free opening).
    First,
    /// The other player: chooses a colour after the first stones.
    Second,
}

impl Party {
    /// Both parties, the first first.
    pub const ALL: [Party; 2] = [Party::First, Party::Second];

    /// The other party.
    pub fn other(self) -> Party {
        match self {
            Party::First => Party::Second,
            Party::Second => Party::First,
        }
    }

    /// 0 for the first player, 1 for the second.
    pub fn index(self) -> usize {
        match self {
            Party::First => 0,
            Party::Second => 1,
        }
    }
}

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Party::First => "first player",
            Party::Second => "second player",
        })
    }
}

/// How a game opens (see the [module](self) documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum OpeningRule {
    /// Black (the first player) simply starts.
    #[default]
    Free,
    /// Three stones, then the second player chooses a colour.
    Swap,
    /// Three stones, then the second player chooses a colour or places two more and lets the
    /// first player choose.
    Swap2,
}

impl OpeningRule {
    /// Every opening rule.
    pub const ALL: [OpeningRule; 3] = [OpeningRule::Free, OpeningRule::Swap, OpeningRule::Swap2];

    /// `free`, `swap` or `swap2`.
    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::Free => "free",
            OpeningRule::Swap => "swap",
            OpeningRule::Swap2 => "swap2",
        }
    }

    /// The stones the first player places before anyone chooses (0 for a free opening).
    pub fn first_stones(self) -> usize {
        match self {
            OpeningRule::Free => 0,
            OpeningRule::Swap | OpeningRule::Swap2 => 3,
        }
    }

    /// The rule in one sentence for players, naming what applies under `rule` (Renju).
    pub fn explain(self, rule: Rule) -> String {
        let text = match self {
            OpeningRule::Free => "Free opening: Black starts.",
            OpeningRule::Swap => {
                "Swap: the first player places three stones (Black, White, Black); the second \
                 player then chooses a colour, and White moves next."
            }
            OpeningRule::Swap2 => {
                "Swap2: the first player places three stones (Black, White, Black); the second \
                 player takes Black, takes White, or places two more (White, Black) and lets \
                 the first player choose."
            }
        };
        if rule == Rule::Renju && self != OpeningRule::Free {
            format!(
                "{text} Renju: the opening stones are ordinary moves (they cannot be fouls), then \
                 RIF's rules apply to Black; the RIF openings (Soosõrv-8, Taraguchi-10) are not \
                 offered."
            )
        } else {
            text.to_string()
        }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an opening rule.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown opening rule \"{0}\" (expected free, swap or swap2)")]
pub struct ParseOpeningRuleError(pub String);

impl FromStr for OpeningRule {
    type Err = ParseOpeningRuleError;
    fn from_str(s: &str) -> Result<OpeningRule, ParseOpeningRuleError> {
        OpeningRule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseOpeningRuleError(s.to_string()))
    }
}

/// A decision at a choice point of a swap opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SwapChoice {
    /// Play Black from now on.
    TakeBlack,
    /// Play White from now on (White moves next).
    TakeWhite,
    /// Swap2 only, for the second player: place two more stones (White, Black) and let the
    /// first player choose.
    PlaceTwo,
}

impl SwapChoice {
    /// `black`, `white` or `two`.
    pub fn name(self) -> &'static str {
        match self {
            SwapChoice::TakeBlack => "black",
            SwapChoice::TakeWhite => "white",
            SwapChoice::PlaceTwo => "two",
        }
    }

    /// The colour taken, `None` for [`SwapChoice::PlaceTwo`].
    pub fn color(self) -> Option<Color> {
        match self {
            SwapChoice::TakeBlack => Some(Color::Black),
            SwapChoice::TakeWhite => Some(Color::White),
            SwapChoice::PlaceTwo => None,
        }
    }
}

impl fmt::Display for SwapChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SwapChoice::TakeBlack => "took Black",
            SwapChoice::TakeWhite => "took White",
            SwapChoice::PlaceTwo => "placed two more stones",
        })
    }
}

/// A word that is not a choice.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown choice \"{0}\" (expected black, white or two)")]
pub struct ParseSwapChoiceError(pub String);

impl FromStr for SwapChoice {
    type Err = ParseSwapChoiceError;
    /// `black`/`b`, `white`/`w`, `two`/`2`/`place` (any case).
    fn from_str(s: &str) -> Result<SwapChoice, ParseSwapChoiceError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "black" | "b" => Ok(SwapChoice::TakeBlack),
            "white" | "w" => Ok(SwapChoice::TakeWhite),
            "two" | "2" | "place" | "place2" | "place-two" => Ok(SwapChoice::PlaceTwo),
            _ => Err(ParseSwapChoiceError(s.to_string())),
        }
    }
}

/// What the opening waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningStep {
    /// `party` places the next opening stone, of `color`; `left` stones remain to place (this
    /// one included).
    Place {
        /// Who places it.
        party: Party,
        /// The stone's colour.
        color: Color,
        /// Stones left to place, this one included.
        left: usize,
    },
    /// `party` chooses: [`SwapChoice::TakeBlack`] or [`SwapChoice::TakeWhite`], or also
    /// [`SwapChoice::PlaceTwo`] when `can_place_two`.
    Choose {
        /// Who chooses.
        party: Party,
        /// Whether placing two more stones is offered (swap2's second player).
        can_place_two: bool,
    },
    /// The colours are settled: `black` plays Black, the other White.
    Settled {
        /// Who plays Black.
        black: Party,
    },
}

/// Why an opening action was refused; nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum OpeningError {
    /// The opening waits for something else.
    #[error("not now: {0}")]
    NotNow(&'static str),
    /// This choice is not offered at this point.
    #[error("\"{}\" is not offered here", .0.name())]
    NotOffered(SwapChoice),
    /// The other party is to choose.
    #[error("the {0} is to choose")]
    NotYourChoice(Party),
    /// The game's moves are not the opening's (moves were added or taken back outside it).
    #[error("the game has {moves} moves, the opening {stones} stones")]
    OutOfStep {
        /// Moves in the game.
        moves: usize,
        /// Stones the opening has placed.
        stones: usize,
    },
    /// The rules refuse the stone.
    #[error(transparent)]
    Move(#[from] PlayError),
}

/// The state of an opening under an [`OpeningRule`]: the stones placed so far and the choices
/// made, and from them what comes next ([`SwapOpening::step`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SwapOpening {
    rule: OpeningRule,
    stones: usize,
    choices: Vec<(Party, SwapChoice)>,
}

impl SwapOpening {
    /// An opening under `rule`, nothing placed yet.
    pub fn new(rule: OpeningRule) -> SwapOpening {
        SwapOpening {
            rule,
            stones: 0,
            choices: Vec::new(),
        }
    }

    /// The rule.
    pub fn rule(&self) -> OpeningRule {
        self.rule
    }

    /// The opening stones placed so far (the first moves of the game).
    pub fn stones(&self) -> usize {
        self.stones
    }

    /// The choices made so far, in order.
    pub fn choices(&self) -> &[(Party, SwapChoice)] {
        &self.choices
    }

    /// What the opening waits for.
    pub fn step(&self) -> OpeningStep {
        let place = |party, total: usize| OpeningStep::Place {
            party,
            color: if self.stones % 2 == 0 {
                Color::Black
            } else {
                Color::White
            },
            left: total - self.stones,
        };
        let settled = |chooser: Party, choice: SwapChoice| OpeningStep::Settled {
            black: if choice == SwapChoice::TakeBlack {
                chooser
            } else {
                chooser.other()
            },
        };
        match self.rule {
            OpeningRule::Free => OpeningStep::Settled {
                black: Party::First,
            },
            _ if self.stones < 3 => place(Party::First, 3),
            OpeningRule::Swap => match self.choices.first() {
                None => OpeningStep::Choose {
                    party: Party::Second,
                    can_place_two: false,
                },
                Some(&(party, choice)) => settled(party, choice),
            },
            OpeningRule::Swap2 => match self.choices.as_slice() {
                [] => OpeningStep::Choose {
                    party: Party::Second,
                    can_place_two: true,
                },
                [(_, SwapChoice::PlaceTwo)] if self.stones < 5 => place(Party::Second, 5),
                [(_, SwapChoice::PlaceTwo)] => OpeningStep::Choose {
                    party: Party::First,
                    can_place_two: false,
                },
                [(party, choice)] | [_, (party, choice)] => settled(*party, *choice),
                _ => OpeningStep::Settled {
                    black: Party::First,
                },
            },
        }
    }

    /// Whether the colours are settled.
    pub fn is_settled(&self) -> bool {
        matches!(self.step(), OpeningStep::Settled { .. })
    }

    /// The colour `party` plays, once settled.
    pub fn color_of(&self, party: Party) -> Option<Color> {
        match self.step() {
            OpeningStep::Settled { black } if black == party => Some(Color::Black),
            OpeningStep::Settled { .. } => Some(Color::White),
            _ => None,
        }
    }

    /// Who plays `color`, once settled.
    pub fn party_of(&self, color: Color) -> Option<Party> {
        match self.step() {
            OpeningStep::Settled { black } if color == Color::Black => Some(black),
            OpeningStep::Settled { black } => Some(black.other()),
            _ => None,
        }
    }

    /// Who acts next in `game` (which must hold the opening's stones): the party placing or
    /// choosing, or, once settled, the party of the side to move.
    pub fn party_to_act(&self, game: &Game) -> Party {
        match self.step() {
            OpeningStep::Place { party, .. } | OpeningStep::Choose { party, .. } => party,
            OpeningStep::Settled { black } if game.side_to_move() == Color::Black => black,
            OpeningStep::Settled { black } => black.other(),
        }
    }

    /// Places the next opening stone at `p` in `game`.
    ///
    /// # Errors
    /// [`OpeningError::NotNow`] when no stone is due, [`OpeningError::OutOfStep`] when the game
    /// does not hold exactly the stones placed so far, [`OpeningError::Move`] when the rules
    /// refuse the stone. Nothing changes then.
    pub fn place(&mut self, game: &mut Game, p: Point) -> Result<(), OpeningError> {
        if !matches!(self.step(), OpeningStep::Place { .. }) {
            return Err(OpeningError::NotNow("no opening stone is due"));
        }
        if game.moves().len() != self.stones {
            return Err(OpeningError::OutOfStep {
                moves: game.moves().len(),
                stones: self.stones,
            });
        }
        game.play(p)?;
        self.stones += 1;
        Ok(())
    }

    /// Records `party`'s `choice`.
    ///
    /// # Errors
    /// [`OpeningError::NotNow`] when nobody is to choose, [`OpeningError::NotYourChoice`] when
    /// the other party is, [`OpeningError::NotOffered`] for [`SwapChoice::PlaceTwo`] where it
    /// is not offered. Nothing changes then.
    pub fn choose(&mut self, party: Party, choice: SwapChoice) -> Result<(), OpeningError> {
        match self.step() {
            OpeningStep::Choose {
                party: chooser,
                can_place_two,
            } => {
                if chooser != party {
                    Err(OpeningError::NotYourChoice(chooser))
                } else if choice == SwapChoice::PlaceTwo && !can_place_two {
                    Err(OpeningError::NotOffered(choice))
                } else {
                    self.choices.push((party, choice));
                    Ok(())
                }
            }
            _ => Err(OpeningError::NotNow("nobody is to choose a colour")),
        }
    }

    /// The opening in words for a record, with the parties' names (`names[0]` the first
    /// player's): `"swap2: the first player (Alice) placed h8 i9 f7; the second player (Bob)
    /// placed two more stones (j10 g6); the first player (Alice) took White"`. `moves` are the
    /// game's moves. `None` for a free opening, and before the first stone.
    pub fn summary(&self, moves: &[Point], names: [&str; 2]) -> Option<String> {
        if self.rule == OpeningRule::Free || self.stones == 0 {
            return None;
        }
        let who = |party: Party| format!("the {party} ({})", names[party.index()]);
        let list = |range: std::ops::Range<usize>| {
            moves
                .get(range)
                .unwrap_or_default()
                .iter()
                .map(Point::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut text = format!(
            "{}: {} placed {}",
            self.rule,
            who(Party::First),
            list(0..self.stones.min(3))
        );
        for &(party, choice) in &self.choices {
            text.push_str(&format!("; {} {choice}", who(party)));
            if choice == SwapChoice::PlaceTwo && self.stones > 3 {
                text.push_str(&format!(" ({})", list(3..self.stones.min(5))));
            }
        }
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    fn placed(rule: OpeningRule, stones: &[&str]) -> (Game, SwapOpening) {
        let mut game = Game::new(15, Rule::Freestyle).unwrap();
        let mut opening = SwapOpening::new(rule);
        for s in stones {
            opening.place(&mut game, p(s)).unwrap();
        }
        (game, opening)
    }

    #[test]
    fn names_round_trip() {
        for rule in OpeningRule::ALL {
            assert_eq!(rule.name().parse::<OpeningRule>(), Ok(rule));
        }
        assert!("swap3".parse::<OpeningRule>().is_err());
        assert_eq!("W".parse::<SwapChoice>(), Ok(SwapChoice::TakeWhite));
        assert!("grey".parse::<SwapChoice>().is_err());
        assert!(
            OpeningRule::Swap2
                .explain(Rule::Renju)
                .contains("Soosõrv-8")
        );
        assert!(
            !OpeningRule::Swap2
                .explain(Rule::Freestyle)
                .contains("Renju")
        );
    }

    #[test]
    fn a_free_opening_is_settled_from_the_start() {
        let mut game = Game::new(15, Rule::Freestyle).unwrap();
        let mut opening = SwapOpening::new(OpeningRule::Free);
        assert_eq!(
            opening.step(),
            OpeningStep::Settled {
                black: Party::First
            }
        );
        assert!(opening.place(&mut game, p("h8")).is_err());
        assert!(
            opening
                .choose(Party::Second, SwapChoice::TakeBlack)
                .is_err()
        );
        assert_eq!(opening.summary(&[], ["a", "b"]), None);
        assert_eq!(
            SwapOpening::new(OpeningRule::Swap).summary(&[], ["a", "b"]),
            None
        );
        assert_eq!(opening.party_to_act(&game), Party::First);
    }

    #[test]
    fn swap_three_stones_then_the_second_player_chooses() {
        let (mut game, mut opening) = placed(OpeningRule::Swap, &["h8", "i9"]);
        assert_eq!(
            opening.step(),
            OpeningStep::Place {
                party: Party::First,
                color: Color::Black,
                left: 1
            }
        );
        assert!(matches!(
            opening.place(&mut game, p("h8")),
            Err(OpeningError::Move(_))
        ));
        opening.place(&mut game, p("f7")).unwrap();
        assert_eq!(
            opening.step(),
            OpeningStep::Choose {
                party: Party::Second,
                can_place_two: false
            }
        );
        assert_eq!(opening.party_to_act(&game), Party::Second);
        assert!(opening.place(&mut game, p("a1")).is_err());
        assert_eq!(
            opening.choose(Party::Second, SwapChoice::PlaceTwo),
            Err(OpeningError::NotOffered(SwapChoice::PlaceTwo))
        );
        assert_eq!(
            opening.choose(Party::First, SwapChoice::TakeBlack),
            Err(OpeningError::NotYourChoice(Party::Second))
        );
        opening
            .choose(Party::Second, SwapChoice::TakeBlack)
            .unwrap();
        assert_eq!(opening.color_of(Party::Second), Some(Color::Black));
        assert_eq!(opening.party_of(Color::White), Some(Party::First));
        // White moves next: the first player.
        assert_eq!(opening.party_to_act(&game), Party::First);
        assert_eq!(
            opening.summary(game.moves(), ["ann", "bob"]).unwrap(),
            "swap: the first player (ann) placed h8 i9 f7; the second player (bob) took Black"
        );
    }

    #[test]
    fn swap2_place_two_hands_the_choice_back() {
        let (mut game, mut opening) = placed(OpeningRule::Swap2, &["h8", "i9", "f7"]);
        opening.choose(Party::Second, SwapChoice::PlaceTwo).unwrap();
        assert_eq!(
            opening.step(),
            OpeningStep::Place {
                party: Party::Second,
                color: Color::White,
                left: 2
            }
        );
        opening.place(&mut game, p("j10")).unwrap();
        opening.place(&mut game, p("g6")).unwrap();
        assert_eq!(
            opening.step(),
            OpeningStep::Choose {
                party: Party::First,
                can_place_two: false
            }
        );
        assert!(opening.choose(Party::First, SwapChoice::PlaceTwo).is_err());
        opening.choose(Party::First, SwapChoice::TakeBlack).unwrap();
        assert_eq!(
            opening.step(),
            OpeningStep::Settled {
                black: Party::First
            }
        );
        assert_eq!(opening.party_to_act(&game), Party::Second);
        assert_eq!(
            opening.summary(game.moves(), ["ann", "bob"]).unwrap(),
            "swap2: the first player (ann) placed h8 i9 f7; the second player (bob) placed two \
             more stones (j10 g6); the first player (ann) took Black"
        );
        assert!(opening.choose(Party::First, SwapChoice::TakeWhite).is_err());
    }

    #[test]
    fn swap2_taking_a_colour_at_once_settles() {
        let (game, mut opening) = placed(OpeningRule::Swap2, &["h8", "i9", "f7"]);
        opening
            .choose(Party::Second, SwapChoice::TakeWhite)
            .unwrap();
        assert_eq!(
            opening.step(),
            OpeningStep::Settled {
                black: Party::First
            }
        );
        assert_eq!(opening.party_to_act(&game), Party::Second);
    }

    #[test]
    fn the_game_must_hold_the_opening_stones() {
        let (mut game, mut opening) = placed(OpeningRule::Swap, &["h8"]);
        game.undo();
        assert_eq!(
            opening.place(&mut game, p("a1")),
            Err(OpeningError::OutOfStep {
                moves: 0,
                stones: 1
            })
        );
    }
}
