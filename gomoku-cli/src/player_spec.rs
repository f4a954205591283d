//! Player specifications on the command line: `human`, a built-in AI (`random:7`, `engine:hard`,
//! ...) or an external Gomocup engine (`pbrain:PATH [args]`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

use gomoku_ai::{Player, PlayerSpecError, builtin_player};

use crate::external::{ExternalError, ExternalPlayer};

/// The built-in AI used when none is named: the strongest one, the alpha-beta engine (at its
/// full strength; `--level` picks an easier one).
pub const DEFAULT_AI: &str = "engine";

/// Who plays one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A person at the keyboard.
    Human,
    /// A built-in AI, `name[:option]`.
    Builtin(String),
    /// An external Gomocup engine: the program and its arguments.
    External {
        /// The program.
        path: String,
        /// Its arguments.
        args: Vec<String>,
    },
}

/// A player specification that cannot be used.
#[derive(Debug, Error)]
pub enum SpecError {
    /// Nothing was given.
    #[error(
        "empty player specification (expected human, a built-in AI such as {DEFAULT_AI}, or pbrain:PATH)"
    )]
    Empty,
    /// `pbrain:` without a program.
    #[error("pbrain: needs a program path, like pbrain:./pbrain-foo")]
    NoProgram,
    /// The built-in AI does not exist or has bad options.
    #[error(transparent)]
    Builtin(#[from] PlayerSpecError),
    /// The external engine does not start.
    #[error(transparent)]
    External(#[from] ExternalError),
    /// A human cannot be built as an AI player.
    #[error("\"human\" is not an AI player here")]
    Human,
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    /// `human`, `pbrain:PATH [args...]` (arguments separated by spaces) or a built-in spec.
    fn from_str(s: &str) -> Result<PlayerSpec, SpecError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(SpecError::Empty);
        }
        if s.eq_ignore_ascii_case("human") {
            return Ok(PlayerSpec::Human);
        }
        if let Some(rest) = s.strip_prefix("pbrain:") {
            let mut words = rest.split_whitespace().map(str::to_string);
            let path = words.next().ok_or(SpecError::NoProgram)?;
            return Ok(PlayerSpec::External {
                path,
                args: words.collect(),
            });
        }
        // Check the name and options now, so a typo fails before any game starts.
        builtin_player(s, 0)?;
        Ok(PlayerSpec::Builtin(s.to_string()))
    }
}

impl PlayerSpec {
    /// Builds the AI player, seeding built-ins with `seed`.
    ///
    /// # Errors
    /// [`SpecError`] for a human, an unknown built-in, or an external engine that does not start.
    pub fn build(&self, seed: u64) -> Result<Box<dyn Player>, SpecError> {
        match self {
            PlayerSpec::Human => Err(SpecError::Human),
            PlayerSpec::Builtin(spec) => Ok(builtin_player(spec, seed)?),
            PlayerSpec::External { path, args } => {
                Ok(Box::new(ExternalPlayer::start(path, args.clone())?))
            }
        }
    }

    /// Builds the AI player for a match on a `size` board: as [`PlayerSpec::build`], with an
    /// external engine started on that size before the game (see [`ExternalPlayer::prepare`])
    /// and given `reply_grace` past its time limit to answer (see
    /// [`ExternalPlayer::set_reply_grace`]).
    ///
    /// # Errors
    /// As [`PlayerSpec::build`], and [`SpecError::External`] when the engine does not accept
    /// the board size.
    pub fn build_for_match(
        &self,
        seed: u64,
        size: u32,
        reply_grace: Duration,
    ) -> Result<Box<dyn Player>, SpecError> {
        match self {
            PlayerSpec::External { path, args } => {
                let mut player = ExternalPlayer::start(path, args.clone())?;
                player.set_reply_grace(reply_grace);
                // A size the arena refuses never reaches a game; leave it to the first move.
                if let Ok(size) = u8::try_from(size) {
                    player.prepare(size)?;
                }
                Ok(Box::new(player))
            }
            _ => self.build(seed),
        }
    }

    /// Whether this is a person.
    pub fn is_human(&self) -> bool {
        *self == PlayerSpec::Human
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => f.write_str("human"),
            PlayerSpec::Builtin(s) => f.write_str(s),
            PlayerSpec::External { path, args } => {
                write!(f, "pbrain:{path}")?;
                for a in args {
                    write!(f, " {a}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        assert_eq!("human".parse::<PlayerSpec>().unwrap(), PlayerSpec::Human);
        assert_eq!(
            "random:3".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Builtin("random:3".into())
        );
        assert_eq!(
            "pbrain:./x -q 2".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::External {
                path: "./x".into(),
                args: vec!["-q".into(), "2".into()]
            }
        );
        assert!(matches!(
            "pbrain:".parse::<PlayerSpec>(),
            Err(SpecError::NoProgram)
        ));
        assert!(matches!(
            "nope".parse::<PlayerSpec>(),
            Err(SpecError::Builtin(_))
        ));
        assert!(matches!("".parse::<PlayerSpec>(), Err(SpecError::Empty)));
        assert!(DEFAULT_AI.parse::<PlayerSpec>().is_ok());
        assert!(PlayerSpec::Human.build(1).is_err());
    }
}
