//! An external Gomocup engine as the judge of `gomoku train`'s sibling positions
//! (`--sibling-eval "pbrain:PATH [args]"`): each position is sent as a `BOARD`, searched under
//! `INFO max_node` and a turn limit, and the score of the engine's last `MESSAGE` report is its
//! value.

use std::path::PathBuf;
use std::time::Duration;

use gomoku_ai::nnue::siblings::{MATE_CLAMP, Valuer};
use gomoku_ai::{Limits, Player};
use gomoku_rules::{Board, Point, Rule};

use crate::external::ExternalPlayer;

/// How many positions in a row an engine may fail (exit, say nothing, answer nonsense) before
/// the labelling gives up on it: it is restarted after each.
const FAILURES_IN_A_ROW: usize = 3;

/// An external engine valuing positions to a node budget within a turn limit.
#[derive(Debug)]
pub struct ExternalValuer {
    player: ExternalPlayer,
    limits: Limits,
    failures: usize,
}

impl ExternalValuer {
    /// Starts `path` with `args`, to search `nodes` nodes (`INFO max_node`) within `turn`
    /// (`INFO timeout_turn`) a position.
    ///
    /// # Errors
    /// The program cannot be run.
    pub fn start(
        path: impl Into<PathBuf>,
        args: Vec<String>,
        nodes: u64,
        turn: Duration,
    ) -> Result<ExternalValuer, String> {
        let path = path.into();
        let player = ExternalPlayer::start(path, args).map_err(|e| e.to_string())?;
        Ok(ExternalValuer {
            player,
            limits: Limits {
                max_nodes: Some(nodes.max(1)),
                move_time: Some(turn),
                ..Limits::default()
            },
            failures: 0,
        })
    }
}

impl Valuer for ExternalValuer {
    fn new_game(&mut self) {
        self.player.new_game();
    }

    /// The engine's last reported score, or a sure win when it answered with a five at once
    /// without one (Rapfi does); no value when it reported no score otherwise (an answer to a
    /// four, say) or failed on this position.
    fn value(&mut self, board: &Board, rule: Rule) -> Result<Option<(i32, Point)>, String> {
        let mut heard = None;
        let result = self.player.choose(board, rule, &self.limits, &mut |info| {
            heard = Some(info.score)
        });
        let Some(best) = result.best else {
            self.failures += 1;
            if self.failures >= FAILURES_IN_A_ROW {
                return Err(format!(
                    "{} failed {FAILURES_IN_A_ROW} positions in a row: {}",
                    self.player.name(),
                    self.player.last_error().unwrap_or("no move")
                ));
            }
            return Ok(None);
        };
        self.failures = 0;
        if !board.is_empty_at(best) {
            return Ok(None);
        }
        if let Some(score) = heard {
            return Ok(Some((score.0.clamp(-MATE_CLAMP, MATE_CLAMP), best)));
        }
        let mut after = board.clone();
        after.play_unchecked(best);
        Ok(rule
            .winning_line(&after, best)
            .is_some()
            .then_some((MATE_CLAMP, best)))
    }
}
