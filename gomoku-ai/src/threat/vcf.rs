//! VCF: victory by continuous fours.
//!
//! The attacker plays only fours; each four leaves the defender one move, the block on its eye
//! (a four with two eyes, or whose only block is a foul for Black under Renju, wins at once). A
//! block that makes a four for the defender must be answered by the attacker on its eye, and
//! that answer must itself be a four for the sequence to go on; a block that makes two fours
//! refutes the line. Black's fours must be legal under Renju.

use gomoku_rules::{Point, PointSet};

use super::search::Search;
use super::shape::{self, Points};
use super::table::Known;

/// How an attacker's four ends its line, after it is on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FourResult {
    /// Not a four at all.
    NotFour,
    /// Two or more eyes: the attacker fives next move whatever the defender does.
    Unstoppable(Points),
    /// The defender's only block is a foul for Black (Renju): the attacker wins.
    BlockForbidden(Point),
    /// The defender must block on this eye.
    Block(Point),
}

impl Search<'_> {
    /// Classifies the attacker's four just played on `q`.
    #[inline]
    pub(crate) fn four_result(&self, q: Point) -> FourResult {
        let eyes = shape::fives_through(&self.board, self.rule, self.attacker, q);
        match (eyes.count(), eyes.first()) {
            (0, _) | (_, None) => FourResult::NotFour,
            (1, Some(e)) => {
                if self.legal(self.defender(), e) {
                    FourResult::Block(e)
                } else {
                    FourResult::BlockForbidden(e)
                }
            }
            _ => FourResult::Unstoppable(eyes),
        }
    }

    /// The defender's fives after its stone on `e`: `Err(())` when there are two or more (the
    /// attacker cannot stop them all), else the one the attacker must block, if any.
    #[inline]
    pub(crate) fn defender_fives_through(&self, e: Point) -> Result<Option<Point>, ()> {
        let fives = shape::fives_through(&self.board, self.rule, self.defender(), e);
        if fives.count() >= 2 {
            Err(())
        } else {
            Ok(fives.first())
        }
    }

    /// The situation at a search root with the attacker to move: `Ok(Some(p))` when the attacker
    /// fives on `p` now, `Err(())` when the defender has two fives (lost), else `Ok(None)` with
    /// the defender's five the attacker must block in `forced`.
    pub(crate) fn root_state(&self, forced: &mut Option<Point>) -> Result<Option<Point>, ()> {
        let own = shape::all_fives(&self.board, self.rule, self.attacker);
        if let Some(p) = own.first() {
            return Ok(Some(p));
        }
        let theirs = shape::all_fives(&self.board, self.rule, self.defender());
        if theirs.count() >= 2 {
            return Err(());
        }
        *forced = theirs.first();
        Ok(None)
    }

    /// Whether the attacker (to move, without a five now) wins by continuous fours with at most
    /// `depth` fours. `forced` is the defender's five, which the attacker must block.
    pub(crate) fn vcf_attack(&mut self, depth: u8, forced: Option<Point>) -> bool {
        self.vcf_fours(depth, forced).is_some()
    }

    /// [`Search::vcf_attack`] that tells how many fours the win it found takes (not always
    /// the fewest: the first win found is taken).
    pub(crate) fn vcf_fours(&mut self, depth: u8, forced: Option<Point>) -> Option<u8> {
        let mut candidates = Vec::with_capacity(32);
        shape::four_candidates(&self.board, self.attacker, &mut candidates);
        self.vcf_node(depth, forced, &candidates)
    }

    /// The shortest VCF from here (the attacker to move, without a five now) of at most `depth`
    /// fours, as its number of fours, or `None` when there is none or the budget ran out
    /// before one was found. A win is found first, then searched again for one fewer four
    /// until that fails: `Ok` when the last search completed (the number is the fewest
    /// possible), `Err` when the budget ran out first (a win, maybe not the shortest).
    pub(crate) fn shortest_vcf(
        &mut self,
        depth: u8,
        forced: Option<Point>,
    ) -> Option<Result<u8, u8>> {
        let mut fours = self.vcf_fours(depth, forced)?;
        while fours > 1 {
            match self.vcf_fours(fours - 1, forced) {
                Some(shorter) => fours = shorter,
                None if self.aborted => return Some(Err(fours)),
                None => break,
            }
        }
        Some(Ok(fours))
    }

    /// [`Search::vcf_fours`] with the attacker's possible fours known: `candidates` holds
    /// every empty point where the attacker could make a four (and maybe other points).
    fn vcf_node(&mut self, depth: u8, forced: Option<Point>, candidates: &[Point]) -> Option<u8> {
        if depth == 0 || self.tick() {
            return None;
        }
        let key = self.board.hash();
        if let Some(known) = self.vcf_table.probe(key, depth) {
            return known.ok().map(|(fours, _)| fours);
        }
        let forced_only;
        let moves = match forced {
            Some(f) => {
                forced_only = [f];
                &forced_only[..]
            }
            None => candidates,
        };
        for &q in moves {
            if !self.board.is_empty_at(q) || !self.legal(self.attacker, q) {
                continue;
            }
            self.board.play_unchecked(q);
            let won = match self.four_result(q) {
                FourResult::NotFour => None,
                FourResult::Unstoppable(_) | FourResult::BlockForbidden(_) => Some(1),
                FourResult::Block(e) => {
                    self.board.play_unchecked(e);
                    let won = match self.defender_fives_through(e) {
                        Err(()) => None,
                        Ok(next_forced) => {
                            // Only the attacker's new stone can make new fours possible.
                            let mut seen = PointSet::new();
                            let mut next = Vec::with_capacity(candidates.len() + 8);
                            for &c in candidates {
                                if self.board.is_empty_at(c) && seen.insert(c) {
                                    next.push(c);
                                }
                            }
                            shape::four_candidates_through(
                                &self.board,
                                self.attacker,
                                q,
                                &mut seen,
                                &mut next,
                            );
                            self.vcf_node(depth - 1, next_forced, &next)
                                .map(|fours| fours + 1)
                        }
                    };
                    self.board.undo_unchecked(e);
                    won
                }
            };
            self.board.undo_unchecked(q);
            if let Some(fours) = won {
                self.vcf_table.store(
                    key,
                    Known::Win {
                        depth: fours,
                        best: Some(q),
                    },
                );
                return Some(fours);
            }
            if self.aborted {
                return None;
            }
        }
        self.vcf_table.store(key, Known::NoWin { depth });
        None
    }

    /// The winning line of a VCF proven from here by [`Search::vcf_attack`] with `depth` and
    /// `forced`: attacker and defender moves alternating, ending with the attacker's five (or
    /// with a four whose only block is forbidden for Black). The board is left as it was.
    pub(crate) fn vcf_line(&mut self, mut depth: u8, mut forced: Option<Point>) -> Vec<Point> {
        let mut line = Vec::new();
        self.unlimited(|s| {
            let mut played = Vec::new();
            loop {
                let q = match s.vcf_table.best(s.board.hash()) {
                    Some(q) => q,
                    // The entry was lost: re-search the proven win to find the move again.
                    None if s.vcf_attack(depth, forced) => match s.vcf_table.best(s.board.hash()) {
                        Some(q) => q,
                        None => break,
                    },
                    None => break,
                };
                s.board.play_unchecked(q);
                played.push(q);
                line.push(q);
                match s.four_result(q) {
                    FourResult::NotFour | FourResult::BlockForbidden(_) => break,
                    FourResult::Unstoppable(eyes) => {
                        s.finish_unstoppable(eyes, &mut line);
                        break;
                    }
                    FourResult::Block(e) => {
                        s.board.play_unchecked(e);
                        played.push(e);
                        line.push(e);
                        forced = s.defender_fives_through(e).ok().flatten();
                        depth = depth.saturating_sub(1);
                    }
                }
            }
            for &p in played.iter().rev() {
                s.board.undo_unchecked(p);
            }
        });
        line
    }

    /// Ends a line after a four with two eyes: the defender blocks one (a legal one, if it has
    /// any) and the attacker fives on the other.
    pub(crate) fn finish_unstoppable(&self, eyes: Points, line: &mut Vec<Point>) {
        let (Some(a), Some(b)) = (eyes.first(), eyes.second()) else {
            return;
        };
        if self.legal(self.defender(), a) {
            line.extend([a, b]);
        } else if self.legal(self.defender(), b) {
            line.extend([b, a]);
        }
        // Neither eye may be blocked: the line ends with the four.
    }
}
