//! VCT: victory by continuous threats (fours and quiet threats such as threes).
//!
//! A quiet attacking move is a threat when, if the defender passed, the attacker would win by
//! a VCF of at most [`Budget::threat_depth`](super::Budget) fours (and of no more fours than
//! the budget has left). The defender's answers to a threat are the moves that could possibly
//! spoil that VCF: the points on the lines of its moves within
//! [`DEFENCE_REACH`](super::params::DEFENCE_REACH), and the defender's own fours anywhere. Any
//! other move leaves that VCF intact, so the attacker wins when every such answer loses.

use gomoku_core::{Color, Point, PointSet};

use super::params::{DEFENCE_REACH, THREAT_MIN_STONES, THREE_MIN_STONES};
use super::search::Search;
use super::shape;
use super::table::Known;
use super::vcf::FourResult;

/// Mixed into the VCT table's keys when White attacks, so that a position is never read as an
/// attacker's node by one search and a defender's node by another.
const WHITE_ATTACKS_KEY: u64 = 0x9E37_79B9_7F4A_7C15;

impl Search<'_> {
    /// The VCT table's key for the current position.
    #[inline]
    fn vct_key(&self) -> u64 {
        match self.attacker {
            Color::Black => self.board.hash(),
            Color::White => self.board.hash() ^ WHITE_ATTACKS_KEY,
        }
    }

    /// Whether the attacker, to move, wins with at most `depth` fours and threats.
    pub(crate) fn vct_attack(&mut self, depth: u8) -> bool {
        let mut forced = None;
        match self.root_state(&mut forced) {
            Ok(Some(_)) => return true,
            Err(()) => return false,
            Ok(None) => {}
        }
        if depth == 0 || self.tick() {
            return false;
        }
        let key = self.vct_key();
        if let Some(known) = self.vct_table.probe(key, depth) {
            return known.is_ok();
        }
        if self.vcf_attack(depth, forced) {
            let best = self.vcf_table.best(self.board.hash());
            self.vct_table.store(key, Known::Win { depth, best });
            return true;
        }
        if self.aborted {
            return false;
        }
        let moves = self.attacking_moves(forced);
        for q in moves {
            if !self.legal(self.attacker, q) {
                continue;
            }
            self.board.play_unchecked(q);
            let won = match self.four_result(q) {
                FourResult::NotFour => self.vct_defend(depth - 1),
                FourResult::Unstoppable(_) | FourResult::BlockForbidden(_) => true,
                FourResult::Block(e) => {
                    self.board.play_unchecked(e);
                    let won = self.defender_fives_through(e).is_ok() && self.vct_attack(depth - 1);
                    self.board.undo_unchecked(e);
                    won
                }
            };
            self.board.undo_unchecked(q);
            if won {
                self.vct_table.store(
                    key,
                    Known::Win {
                        depth,
                        best: Some(q),
                    },
                );
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        self.vct_table.store(key, Known::NoWin { depth });
        false
    }

    /// The attacker's candidate moves: the block of the defender's four when there is one, else
    /// the fours and then the points that could build a threat, most promising first.
    fn attacking_moves(&self, forced: Option<Point>) -> Vec<Point> {
        if let Some(f) = forced {
            return vec![f];
        }
        let mut moves = Vec::new();
        shape::four_candidates(&self.board, self.attacker, &mut moves);
        let mut seen: PointSet = moves.iter().copied().collect();
        let min_stones = if self.budget.threat_depth <= 1 {
            THREE_MIN_STONES
        } else {
            THREAT_MIN_STONES
        };
        for q in shape::threat_candidates(&self.board, self.attacker, min_stones) {
            if seen.insert(q) {
                moves.push(q);
            }
        }
        moves
    }

    /// The VCF the attacker threatens after its quiet move, if the defender passed: its line,
    /// or `None` when the move threatens nothing within `depth` fours.
    fn threat_line(&mut self, depth: u8) -> Option<Vec<Point>> {
        self.pass();
        let mut forced = None;
        let line = match self.root_state(&mut forced) {
            Ok(Some(p)) => Some(vec![p]),
            Err(()) => None,
            Ok(None) => self
                .vcf_attack(depth, forced)
                .then(|| self.vcf_line(depth, forced)),
        };
        self.pass();
        line
    }

    /// Whether the attacker wins with at most `depth` more attacking moves after its quiet move
    /// (the defender to move).
    pub(crate) fn vct_defend(&mut self, depth: u8) -> bool {
        if self.tick() {
            return false;
        }
        let key = self.vct_key();
        if let Some(known) = self.vct_table.probe(key, depth) {
            return known.is_ok();
        }
        let threat_depth = depth.min(self.budget.threat_depth);
        let defender = self.defender();
        // No threat when the attacker ignored a four (the defender fives) or has no move left.
        let ignored_four = shape::all_fives(&self.board, self.rule, defender).count() > 0;
        let threat = if ignored_four || threat_depth == 0 {
            None
        } else {
            self.threat_line(threat_depth)
        };
        let Some(threat) = threat else {
            if !self.aborted {
                self.vct_table.store(key, Known::NoWin { depth });
            }
            return false;
        };
        let defences = self.defences(&threat);
        let mut stubborn = (None, 0);
        for q in defences {
            let before = self.nodes;
            self.board.play_unchecked(q);
            // Most answers leave the threatened VCF as it was: replaying it settles them.
            let won = self.replay_wins(&threat) || self.vct_attack(depth);
            self.board.undo_unchecked(q);
            if !won {
                if !self.aborted {
                    self.vct_table.store(key, Known::NoWin { depth });
                }
                return false;
            }
            let effort = self.nodes - before;
            if stubborn.0.is_none() || effort > stubborn.1 {
                stubborn = (Some(q), effort);
            }
        }
        self.vct_table.store(
            key,
            Known::Win {
                depth,
                best: stubborn.0,
            },
        );
        true
    }

    /// Whether the VCF `line` (found before the defender's last move) still wins as it stands:
    /// every four still a four with the same forced block, no block making a four, ending in a
    /// five or an unstoppable four. The attacker is to move; the board is left as it was.
    fn replay_wins(&mut self, line: &[Point]) -> bool {
        let mut played = Vec::with_capacity(line.len());
        let mut won = false;
        if shape::all_fives(&self.board, self.rule, self.defender()).count() == 0 {
            let mut i = 0;
            while let Some(&a) = line.get(i) {
                if !self.board.is_empty_at(a) {
                    break;
                }
                if shape::makes_five(&self.board, self.rule, self.attacker, a) {
                    won = true;
                    break;
                }
                if !self.legal(self.attacker, a) {
                    break;
                }
                self.board.play_unchecked(a);
                played.push(a);
                match self.four_result(a) {
                    FourResult::NotFour => break,
                    FourResult::Unstoppable(_) | FourResult::BlockForbidden(_) => {
                        won = true;
                        break;
                    }
                    FourResult::Block(e) => {
                        if line.get(i + 1) != Some(&e) {
                            break;
                        }
                        self.board.play_unchecked(e);
                        played.push(e);
                        if self.defender_fives_through(e) != Ok(None) {
                            break;
                        }
                    }
                }
                i += 2;
            }
        }
        for &p in played.iter().rev() {
            self.board.undo_unchecked(p);
        }
        won
    }

    /// The defender's legal moves that might spoil the threatened VCF `threat`: its points
    /// first, then the points near them on their lines, then the defender's fours.
    fn defences(&self, threat: &[Point]) -> Vec<Point> {
        let mut moves: Vec<Point> = threat.to_vec();
        for &p in threat {
            shape::line_neighbours(&self.board, p, DEFENCE_REACH, &mut moves);
        }
        let mut fours = Vec::new();
        shape::four_candidates(&self.board, self.defender(), &mut fours);
        moves.extend(fours.into_iter().filter(|&q| {
            shape::fives_through(&self.board, self.rule, self.defender(), q).count() > 0
        }));
        let mut seen = PointSet::new();
        moves.retain(|&q| {
            self.board.is_empty_at(q) && seen.insert(q) && self.legal(self.defender(), q)
        });
        moves
    }

    /// The winning line of a VCT proven from here by [`Search::vct_attack`] with `depth`:
    /// attacker and defender moves alternating (after a quiet threat, the defender's most
    /// stubborn answer), ending with the attacker's five, or with a four whose only block is
    /// forbidden for Black. The board is left as it was.
    pub(crate) fn vct_line(&mut self, depth: u8) -> Vec<Point> {
        let mut line = Vec::new();
        self.unlimited(|s| {
            let mut depth = depth;
            let mut played = Vec::new();
            loop {
                let mut forced = None;
                match s.root_state(&mut forced) {
                    Ok(Some(p)) => {
                        line.push(p);
                        break;
                    }
                    Err(()) => break,
                    Ok(None) => {}
                }
                if s.vcf_attack(depth, forced) {
                    line.extend(s.vcf_line(depth, forced));
                    break;
                }
                if !s.vct_attack(depth) {
                    break;
                }
                let Some(q) = s.vct_table.best(s.vct_key()) else {
                    break;
                };
                s.board.play_unchecked(q);
                played.push(q);
                line.push(q);
                depth = depth.saturating_sub(1);
                let reply = match s.four_result(q) {
                    FourResult::Unstoppable(eyes) => {
                        s.finish_unstoppable(eyes, &mut line);
                        break;
                    }
                    FourResult::BlockForbidden(_) => break,
                    FourResult::Block(e) => e,
                    FourResult::NotFour => {
                        if !s.vct_defend(depth) {
                            break;
                        }
                        match s.vct_table.best(s.vct_key()) {
                            Some(d) => d,
                            None => match s.any_legal_defence() {
                                Some(d) => d,
                                None => break,
                            },
                        }
                    }
                };
                s.board.play_unchecked(reply);
                played.push(reply);
                line.push(reply);
            }
            for &p in played.iter().rev() {
                s.board.undo_unchecked(p);
            }
        });
        line
    }

    /// Some legal move of the defender (when none of its moves could spoil the threat).
    fn any_legal_defence(&self) -> Option<Point> {
        let near = self.board.neighbourhood(2);
        let defender = self.defender();
        near.iter()
            .chain(self.board.empty_points().iter())
            .find(|&q| self.legal(defender, q))
    }
}
