//! VCT: victory by continuous threats (fours and quiet threats such as threes), by
//! depth-first proof-number search (df-pn).
//!
//! The tree: at an attacker's node (an OR node) the attacker plays a four, answered at once by
//! the forced block, or a quiet move; after a quiet move the defender is to move (an AND
//! node). A quiet move is a threat when, if the defender passed, the attacker would win by a
//! VCF of at most [`Budget::threat_depth`](super::Budget) fours (and of no more fours than
//! the budget has left); a quiet move that threatens nothing loses. The defender's answers to
//! a threat are every move that could possibly spoil that VCF:
//! - its points, and the points on the lines of its moves within
//!   [`DEFENCE_REACH`](super::params::DEFENCE_REACH) (a stone further away touches no window of
//!   five of the line, nor the points that tell five from overline or, under caro, a blocked
//!   five);
//! - the defender's own fours anywhere (the attacker must answer them first);
//! - under Renju, every point whose stone may change whether one of Black's moves of the VCF
//!   is forbidden (Black attacking: its fours must stay legal) or whether the block the VCF
//!   ends on is forbidden (White attacking), found by [`renju::foul_zone`], which follows the
//!   RIF 9.3 recursion however far it reaches;
//!
//! less Black's forbidden points, which are no defence. Any other move leaves that VCF as it
//! is, so the attacker wins when every such answer loses. Answers that leave the VCF working
//! are settled by replaying it; the rest are searched.
//!
//! Df-pn picks, at every node, the child with the smallest proof number (attacker) or
//! disproof number (defender), within thresholds (with the 1 + 1/4 widening of Pawlewicz and
//! Lew), and stores every searched position's numbers in a [`ProofTable`] bounded in bytes.
//! Proven and disproven positions also go to the exact table, with the depth they hold for;
//! both tables survive between calls of the same [`ThreatSolver`](super::ThreatSolver).
//!
//! [`ProofTable`]: super::proof_table::ProofTable

use gomoku_rules::{Color, Point, PointSet, Rule, renju};

use super::params::{DEFENCE_REACH, THREAT_MIN_STONES, THREE_MIN_STONES};
use super::proof_table::INF;
use super::search::Search;
use super::shape::{self, Points};
use super::table::Known;
use super::vcf::FourResult;

/// Mixed into the VCT tables' keys when White attacks, so that a position is never read as an
/// attacker's node by one search and a defender's node by another.
const WHITE_ATTACKS_KEY: u64 = 0x9E37_79B9_7F4A_7C15;

/// The proof table's key of a position searched with `depth` attacking moves left: numbers
/// found for one depth are no estimate for another.
#[inline]
fn depth_key(depth: u8) -> u64 {
    (depth as u64 + 1)
        .wrapping_mul(0xD6E8_FEB8_6659_FD93)
        .rotate_left(29)
}

/// The widened threshold for the best child: the second best value plus a quarter, plus one.
#[inline]
fn widen(second: u32) -> u32 {
    second.saturating_add(second / 4).saturating_add(1).min(INF)
}

/// The best child of a node and its value: the child with the smallest `selected` number (the
/// proof number at an attacker's node, the disproof number at a defender's), that number, the
/// second smallest, and the sum of the `summed` numbers; the node's numbers are the smallest
/// and the sum. No child: (`INF`, 0, none).
fn select(
    children: &[Child],
    selected: impl Fn(&Child) -> u32,
    summed: impl Fn(&Child) -> u32,
) -> (u32, u32, usize, u32) {
    let (mut min, mut sum, mut best, mut second) = (INF, 0u32, usize::MAX, INF);
    for (i, c) in children.iter().enumerate() {
        sum = sum.saturating_add(summed(c)).min(INF);
        let v = selected(c);
        if v < min {
            second = min;
            min = v;
            best = i;
        } else if v < second {
            second = v;
        }
    }
    (min, sum, best, second)
}

/// One move of the tree seen from its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// The attacker's quiet move, or a defender's answer to a threat.
    Quiet(Point),
    /// The attacker's four and the defender's forced block.
    Four(Point, Point),
}

impl Step {
    /// The move the step starts with.
    fn first(self) -> Point {
        match self {
            Step::Quiet(p) | Step::Four(p, _) => p,
        }
    }
}

/// A child of a node: how it is reached and its current numbers.
#[derive(Clone, Copy, Debug)]
struct Child {
    step: Step,
    pn: u32,
    dn: u32,
    /// Nodes spent on it by this visit of the parent.
    work: u64,
    /// At an attacker's node, the defender's five the attacker must block, if any.
    forced: Option<Point>,
}

/// The first proof number of a quiet move: a threat has several answers to refute, a four
/// one.
const QUIET_PN: u32 = 2;

/// Proof and disproof numbers of a proven position.
const PROVEN: (u32, u32) = (0, INF);
/// Proof and disproof numbers of a disproven position.
const DISPROVEN: (u32, u32) = (INF, 0);

impl Search<'_> {
    /// The exact table's key for the current position.
    #[inline]
    fn vct_key(&self) -> u64 {
        match self.attacker {
            Color::Black => self.board.hash(),
            Color::White => self.board.hash() ^ WHITE_ATTACKS_KEY,
        }
    }

    fn play_step(&mut self, step: Step) {
        match step {
            Step::Quiet(p) => self.board.play_unchecked(p),
            Step::Four(q, e) => {
                self.board.play_unchecked(q);
                self.board.play_unchecked(e);
            }
        }
    }

    fn undo_step(&mut self, step: Step) {
        match step {
            Step::Quiet(p) => self.board.undo_unchecked(p),
            Step::Four(q, e) => {
                self.board.undo_unchecked(e);
                self.board.undo_unchecked(q);
            }
        }
    }

    /// Whether the attacker, to move, wins with at most `depth` fours and threats: `Some`
    /// when settled, `None` when the budget ran out first.
    pub(crate) fn vct_solve(&mut self, depth: u8) -> Option<bool> {
        match self.or_node(depth, INF, INF, None) {
            (0, _) => Some(true),
            (_, 0) => Some(false),
            _ => None,
        }
    }

    /// The proof table's numbers of the current position as a node with `depth` attacking
    /// moves left, else (1, 1). (Settled positions are there too, see [`Search::settle`].)
    #[inline]
    fn numbers(&self, depth: u8) -> (u32, u32) {
        self.proofs
            .get(self.vct_key() ^ depth_key(depth))
            .unwrap_or((1, 1))
    }

    /// Records an exact result for the current position as a node with `depth` attacking moves
    /// left, in the exact table (with the best move) and in the proof table. A win holds with
    /// `proof_depth` (at most `depth`) attacking moves.
    fn settle(&mut self, depth: u8, proof_depth: u8, won: bool, best: Option<Point>) -> (u32, u32) {
        let key = self.vct_key();
        let numbers = if won {
            let depth = proof_depth;
            self.vct_table.store(key, Known::Win { depth, best });
            PROVEN
        } else {
            self.vct_table.store(key, Known::NoWin { depth });
            DISPROVEN
        };
        self.proofs
            .store(key ^ depth_key(depth), numbers.0, numbers.1, 1);
        numbers
    }

    /// The attacker's node: searches until its proof number reaches `th_pn` or its disproof
    /// number `th_dn` (or it is settled, or the budget runs out) and returns both. `known`,
    /// when the caller knows it, is the defender's five the attacker must block, if any, with
    /// no five of the attacker's and at most one of the defender's on the board.
    fn or_node(
        &mut self,
        depth: u8,
        th_pn: u32,
        th_dn: u32,
        known: Option<Option<Point>>,
    ) -> (u32, u32) {
        let key = self.vct_key();
        if let Some(known) = self.settled_or_out_of_budget(key, depth) {
            return known;
        }
        let start = self.nodes;
        let mut forced = None;
        match known {
            Some(f) => forced = f,
            None => match self.root_state(&mut forced) {
                Ok(Some(p)) => return self.settle(depth, 0, true, Some(p)),
                Err(()) => return self.settle(depth, depth, false, None),
                Ok(None) => {}
            },
        }
        if depth == 0 {
            return self.settle(depth, depth, false, None);
        }
        if let Some(fours) = self.vcf_fours(depth, forced) {
            let best = self.vcf_table.best(self.board.hash());
            return self.settle(depth, fours, true, best);
        }
        if self.aborted {
            return self.numbers(depth);
        }
        let mut children = Vec::new();
        let (moves, may_four) = self.attacking_moves(forced);
        for (i, q) in moves.into_iter().enumerate() {
            if !self.board.is_empty_at(q) || !self.legal(self.attacker, q) {
                continue;
            }
            self.board.play_unchecked(q);
            let result = if i < may_four {
                self.four_result(q)
            } else {
                FourResult::NotFour
            };
            let child = match result {
                FourResult::Unstoppable(_) | FourResult::BlockForbidden(_) => None,
                FourResult::Block(e) => {
                    self.board.play_unchecked(e);
                    let fives = self.defender_fives_through(e);
                    let (pn, dn) = match fives {
                        Err(()) => DISPROVEN,
                        Ok(_) => self.numbers(depth - 1),
                    };
                    self.board.undo_unchecked(e);
                    Some((Step::Four(q, e), pn, dn, fives.unwrap_or(None)))
                }
                FourResult::NotFour => {
                    let (pn, dn) = self.numbers(depth - 1);
                    let pn = if pn == 1 && dn == 1 { QUIET_PN } else { pn };
                    Some((Step::Quiet(q), pn, dn, None))
                }
            };
            self.board.undo_unchecked(q);
            match child {
                None => return self.settle(depth, 1, true, Some(q)),
                Some((step, pn, dn, forced)) => children.push(Child {
                    step,
                    pn,
                    dn,
                    work: 0,
                    forced,
                }),
            }
        }
        let (mut pn, mut dn);
        loop {
            let (best, second);
            (pn, dn, best, second) = select(&children, |c| c.pn, |c| c.dn);
            if pn == 0 {
                let step = children[best].step;
                return self.settle(depth, depth, true, Some(step.first()));
            }
            if dn == 0 {
                return self.settle(depth, depth, false, None);
            }
            if pn >= th_pn || dn >= th_dn || self.aborted {
                break;
            }
            let c_pn = th_pn.min(widen(second));
            let c_dn = (th_dn - dn).saturating_add(children[best].dn).min(INF);
            self.visit(&mut children[best], depth - 1, c_pn, c_dn);
        }
        self.proofs
            .store(key ^ depth_key(depth), pn, dn, self.nodes - start);
        (pn, dn)
    }

    /// Searches `child` (with `depth` attacking moves left there) within the thresholds and
    /// updates its numbers and work.
    fn visit(&mut self, child: &mut Child, depth: u8, th_pn: u32, th_dn: u32) {
        let before = self.nodes;
        self.play_step(child.step);
        let attacker_to_move = self.board.side_to_move() == self.attacker;
        (child.pn, child.dn) = match child.step {
            Step::Quiet(_) if !attacker_to_move => self.and_node(depth, th_pn, th_dn),
            _ => self.or_node(depth, th_pn, th_dn, Some(child.forced)),
        };
        self.undo_step(child.step);
        child.work += self.nodes - before;
    }

    /// The proof and disproof numbers of a node that needs no search: proven or disproven in
    /// the table under `key` at `depth`, or any node once the budget is spent (its current
    /// numbers).
    fn settled_or_out_of_budget(&mut self, key: u64, depth: u8) -> Option<(u32, u32)> {
        match self.vct_table.probe(key, depth) {
            Some(Ok(_)) => return Some(PROVEN),
            Some(Err(())) => return Some(DISPROVEN),
            None => {}
        }
        self.tick().then(|| self.numbers(depth))
    }

    /// The defender's node, after the attacker's quiet move with `depth` attacking moves left:
    /// as [`Search::or_node`].
    fn and_node(&mut self, depth: u8, th_pn: u32, th_dn: u32) -> (u32, u32) {
        let key = self.vct_key();
        if let Some(known) = self.settled_or_out_of_budget(key, depth) {
            return known;
        }
        let start = self.nodes;
        let threat_depth = depth.min(self.budget.threat_depth);
        // The attacker's quiet move blocked the defender's five if there was one (the only
        // move allowed then), and it made no five: neither side has one now.
        debug_assert!(shape::all_fives(&self.board, self.rule, self.defender()).count() == 0);
        let threat = if threat_depth == 0 {
            None
        } else {
            self.threat_line(threat_depth)
        };
        let Some(threat) = threat else {
            if self.aborted {
                return self.numbers(depth);
            }
            return self.settle(depth, depth, false, None);
        };
        let (defences, may_four) = self.defences(&threat);
        let mut children = Vec::with_capacity(defences.len());
        for &d in &defences {
            self.board.play_unchecked(d);
            // The defender's fives can only go through its new stone.
            let fives = if may_four.contains(d) {
                shape::fives_through(&self.board, self.rule, self.defender(), d)
            } else {
                Points::NONE
            };
            let child = match (fives.count(), fives.first()) {
                (0, _) | (_, None) => {
                    // Most answers leave the threatened VCF as it was: replaying it settles
                    // them.
                    (!self.replay_wins(&threat)).then(|| (self.numbers(depth), None))
                }
                (1, Some(f)) => Some((self.numbers(depth), Some(f))),
                _ => Some((DISPROVEN, None)),
            };
            if let Some(((pn, dn), forced)) = child {
                children.push(Child {
                    step: Step::Quiet(d),
                    pn,
                    dn,
                    work: 0,
                    forced,
                });
            }
            self.board.undo_unchecked(d);
        }
        let (mut pn, mut dn);
        loop {
            let (best, second);
            (dn, pn, best, second) = select(&children, |c| c.dn, |c| c.pn);
            if pn == 0 {
                // The most stubborn answer: the one that took the most work to refute.
                let stubborn = children
                    .iter()
                    .max_by_key(|c| c.work)
                    .map(|c| c.step.first())
                    .or_else(|| defences.first().copied());
                return self.settle(depth, depth, true, stubborn);
            }
            if dn == 0 {
                return self.settle(depth, depth, false, None);
            }
            if pn >= th_pn || dn >= th_dn || self.aborted {
                break;
            }
            let c_dn = th_dn.min(widen(second));
            let c_pn = (th_pn - pn).saturating_add(children[best].pn).min(INF);
            self.visit(&mut children[best], depth, c_pn, c_dn);
        }
        self.proofs
            .store(key ^ depth_key(depth), pn, dn, self.nodes - start);
        (pn, dn)
    }

    /// The attacker's candidate moves: the block of the defender's four when there is one, else
    /// the fours and then the points that could build a threat, most promising first; with the
    /// number of leading moves that may be fours (the others are not).
    fn attacking_moves(&self, forced: Option<Point>) -> (Vec<Point>, usize) {
        if let Some(f) = forced {
            return (vec![f], 1);
        }
        let mut moves = Vec::new();
        shape::four_candidates(&self.board, self.attacker, &mut moves);
        let may_four = moves.len();
        let mut seen: PointSet = moves.iter().copied().collect();
        // A quiet threat must take part in the VCF it threatens (without it there would be a
        // VCF already). Threatening one four: the move is in a window of that four's five or of
        // its two fives, with two more stones. Two fours: also in a window of the second four
        // with one stone and the first four's point, which is a four point already (or the
        // window holds two stones). Longer threats: any window with a stone. (Under Renju a
        // Black move could also threaten by changing a foul from afar; such rare threats are
        // not tried, which may miss a win but never claims a false one.)
        let (min_stones, near) = match self.budget.threat_depth {
            0 | 1 => (THREE_MIN_STONES, None),
            2 => (THREE_MIN_STONES, Some(&seen)),
            _ => (THREAT_MIN_STONES, None),
        };
        let threats = shape::threat_candidates(&self.board, self.attacker, min_stones, near);
        for q in threats {
            if seen.insert(q) {
                moves.push(q);
            }
        }
        (moves, may_four)
    }

    /// The VCF the attacker threatens after its quiet move, if the defender passed: its line,
    /// or `None` when the move threatens nothing within `depth` fours.
    /// Neither side may have a five on the board (as at a defender's node).
    fn threat_line(&mut self, depth: u8) -> Option<Vec<Point>> {
        self.pass();
        let line = self
            .vcf_fours(depth, None)
            .map(|fours| self.vcf_line(fours, None));
        self.pass();
        line
    }

    /// Whether the VCF `line` (found before the defender's last move) still wins as it stands:
    /// every four still a four with the same forced block, no block making a four, ending in a
    /// five or an unstoppable four. The attacker is to move, and the defender must have no
    /// five on the board; the board is left as it was.
    fn replay_wins(&mut self, line: &[Point]) -> bool {
        let mut played = Vec::with_capacity(line.len());
        let mut won = false;
        {
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

    /// The defender's legal moves that might spoil the threatened VCF `threat` (the attacker
    /// to move on the board as it is, were it its turn): see the module documentation. Its
    /// points first, then the points near them on their lines, the Renju foul zones, and the
    /// defender's fours.
    /// Also returns the points where the defender may make a four (no other answer does).
    fn defences(&mut self, threat: &[Point]) -> (Vec<Point>, PointSet) {
        let mut moves: Vec<Point> = threat.to_vec();
        for &p in threat {
            shape::line_neighbours(&self.board, p, DEFENCE_REACH, &mut moves);
        }
        if self.rule == Rule::Renju {
            self.add_foul_zones(threat, &mut moves);
        }
        let mut fours = Vec::new();
        shape::four_candidates(&self.board, self.defender(), &mut fours);
        let may_four: PointSet = fours.iter().copied().collect();
        moves.extend(fours.into_iter().filter(|&q| {
            shape::fives_through(&self.board, self.rule, self.defender(), q).count() > 0
        }));
        let mut seen = PointSet::new();
        moves.retain(|&q| {
            self.board.is_empty_at(q) && seen.insert(q) && self.legal(self.defender(), q)
        });
        (moves, may_four)
    }

    /// Adds to `out` the points whose stone may change a Renju foul the threatened VCF
    /// `threat` relies on: whether each of Black's moves is legal when Black attacks, whether
    /// the block after its last four is forbidden when White attacks.
    fn add_foul_zones(&mut self, threat: &[Point], out: &mut Vec<Point>) {
        let mut zone = PointSet::new();
        self.pass();
        let mut played = Vec::with_capacity(threat.len());
        for (i, &m) in threat.iter().enumerate() {
            if !self.board.is_empty_at(m) {
                break;
            }
            if i % 2 == 0 && self.attacker == Color::Black {
                zone = zone.union(&renju::foul_zone(&self.board, m));
            }
            self.board.play_unchecked(m);
            played.push(m);
        }
        if self.attacker == Color::White
            && let Some(&last) = played.last().filter(|_| played.len() % 2 == 1)
        {
            let eyes = shape::fives_through(&self.board, self.rule, self.attacker, last);
            for e in [eyes.first(), eyes.second()].into_iter().flatten() {
                zone = zone.union(&renju::foul_zone(&self.board, e));
            }
        }
        for &p in played.iter().rev() {
            self.board.undo_unchecked(p);
        }
        self.pass();
        out.extend(zone.iter());
    }

    /// The winning line of a VCT proven from here by [`Search::vct_solve`] with `depth`:
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
                if let Some(Ok(fours) | Err(fours)) = s.shortest_vcf(depth, forced) {
                    line.extend(s.vcf_line(fours, forced));
                    break;
                }
                let Some(q) = s.proven_best(depth, false) else {
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
                    FourResult::NotFour => match s.proven_best(depth, true) {
                        Some(d) => d,
                        None => match s.any_legal_defence() {
                            Some(d) => d,
                            None => break,
                        },
                    },
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

    /// The best move stored for the current position, proven a win for the attacker with
    /// `depth` attacking moves left (proved again if the table lost it): the winning move at an
    /// attacker's node, the most stubborn answer at a defender's node (`defending`).
    fn proven_best(&mut self, depth: u8, defending: bool) -> Option<Point> {
        let key = self.vct_key();
        if let Some(Ok((_, best))) = self.vct_table.probe(key, depth) {
            return best;
        }
        let (pn, _) = if defending {
            self.and_node(depth, INF, INF)
        } else {
            self.or_node(depth, INF, INF, None)
        };
        if pn != 0 {
            return None;
        }
        match self.vct_table.probe(key, depth) {
            Some(Ok((_, best))) => best,
            _ => None,
        }
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
