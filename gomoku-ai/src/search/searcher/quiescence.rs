//! The leaf search: where the depth runs out, the side to move either stands pat on the static
//! evaluation or plays fours, each of which leaves the opponent a single block, for as long as
//! they improve on it. It finds the wins by continuous fours (VCF) within its reach, counter-fours
//! and Renju's foul blocks included, from the incrementally kept patterns at the cost of a few
//! pattern updates per four. Like Rapfi's VCF search it plays only the fours near the side's
//! previous move ([`in_four_reach`]): an attack by fours goes on where it started.
//!
//! Like Rapfi's, it shares the transposition table: the fours of a VCF can be played in many
//! orders, and leaves of the main search meet the same positions again and again. A leaf
//! position takes a stored bound of any depth, and leaves its own result at [`LEAF_DEPTH`],
//! below every result of the main search (which it never replaces).

use gomoku_rules::Point;

use super::{Candidate, Searcher};
use crate::evaluator::Evaluator;
use crate::params::{MAX_PLY, QUIESCENCE_MAX_FOURS, QUIESCENCE_NODES};
use crate::score::Score;
use crate::search::selectivity::in_four_reach;
use crate::search::tt::Bound;

/// The depth a result of the leaf search is stored at in the transposition table: less than any
/// search of the main search's (0 and up), so that it never replaces one of theirs.
const LEAF_DEPTH: i32 = -1;

impl<E: Evaluator> Searcher<'_, E> {
    /// The leaf value of the position for the side to move, within `alpha`..`beta`: the leaf
    /// search with its own node budget ([`QUIESCENCE_NODES`]). The opponent must not threaten
    /// five (the caller searches the block instead).
    pub(super) fn leaf_search(&mut self, ply: usize, alpha: Score, beta: Score) -> Score {
        self.quiescence_limit = self.nodes + QUIESCENCE_NODES;
        let own_last = ply.checked_sub(2).and_then(|p| self.line[p]);
        self.quiescence(ply, alpha, beta, QUIESCENCE_MAX_FOURS, own_last)
    }

    /// The leaf value of the position for the side to move, within `alpha`..`beta`, playing at
    /// most `fours_left` more fours while the leaf search's node budget lasts, only near
    /// `own_last` (the side's previous move, if known).
    fn quiescence(
        &mut self,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        fours_left: u32,
        own_last: Option<Point>,
    ) -> Score {
        self.pv_len[ply] = 0;
        let us = self.board.side_to_move();
        let them = !us;
        let pat = self.patterns();
        debug_assert!(pat.fives(them).is_empty());
        if let Some(win) = pat.fives(us).iter().next() {
            self.set_pv_single(ply, win);
            return Score::win_in(ply as u32 + 1);
        }
        if self.features.threat_pruning {
            if let Some(win) = self.static_win(ply) {
                return win;
            }
        }
        let key = self.board.hash();
        let hit = if self.features.transposition {
            self.tt.probe(key, ply as u32)
        } else {
            None
        };
        if let Some(hit) = hit.filter(|h| h.settles(alpha, beta)) {
            return hit.score;
        }
        let original_alpha = alpha;
        let pat = self.patterns();
        let stand_pat = self.eval.evaluate(&self.board);
        if stand_pat >= beta
            || fours_left == 0
            || ply + 2 >= MAX_PLY
            || pat.fours(us).is_empty()
            || self.nodes >= self.quiescence_limit
        {
            return stand_pat;
        }
        if self.must_stop() {
            return stand_pat;
        }
        let mut best = stand_pat;
        alpha = alpha.max(stand_pat);
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        for p in self.patterns().fours(us) {
            if own_last.is_none_or(|last| in_four_reach(p, last)) && self.is_legal(p) {
                let value = self.eval.score_move(&self.board, p);
                moves.push(Candidate {
                    point: p,
                    order: value,
                    value,
                });
            }
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.order));
        for &Candidate { point: four, .. } in moves.iter() {
            self.nodes += 1;
            self.seldepth = self.seldepth.max(ply as u32 + 1);
            self.play(four);
            let (score, block) = self.answer_four(ply, four, alpha, beta, fours_left);
            self.undo(four);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.set_pv_pair(ply, four, block);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let searched = !moves.is_empty();
        self.move_lists[ply] = moves;
        if self.features.transposition
            && searched
            && !self.stopped
            && hit.is_none_or(|h| h.depth < 0)
        {
            let bound = Bound::of(best, original_alpha, beta);
            let four = (self.pv_len[ply] > 0).then(|| self.pv[ply][0]);
            self.tt
                .store(key, ply as u32, LEAF_DEPTH, best, bound, four);
        }
        best
    }

    /// After the side that plays fours made one, `four` (the opponent is to move): the value
    /// for the attacker once the opponent blocks, and the block.
    fn answer_four(
        &mut self,
        ply: usize,
        four: Point,
        alpha: Score,
        beta: Score,
        fours_left: u32,
    ) -> (Score, Option<Point>) {
        let attacker = !self.board.side_to_move();
        let fives = self.patterns().fives(attacker);
        let mut points = fives.iter();
        let Some(block) = points.next() else {
            // Not a five threat after all (cannot happen for a four point): worthless.
            return (-Score::INFINITE, None);
        };
        // Two fives to block, or the only block is a Renju foul: the attacker wins.
        if points.next().is_some() || !self.is_legal(block) {
            return (Score::win_in(ply as u32 + 3), None);
        }
        self.nodes += 1;
        self.play(block);
        let defender = !attacker;
        let score = match self.patterns().fives(defender).len() {
            0 => self.quiescence(ply + 2, alpha, beta, fours_left - 1, Some(four)),
            // The block made a double five threat: the attacker cannot stop both.
            n if n >= 2 => Score::loss_in(ply as u32 + 4),
            // The block made a four: the attacker must answer it, out of this search's reach.
            _ => self.eval.evaluate(&self.board),
        };
        self.undo(block);
        (score, Some(block))
    }

    /// Makes the principal variation at `ply` the four, its block and the line after them.
    fn set_pv_pair(&mut self, ply: usize, four: Point, block: Option<Point>) {
        self.pv[ply][0] = four;
        let Some(block) = block else {
            self.pv_len[ply] = 1;
            return;
        };
        self.pv[ply][1] = block;
        let child_len = self.pv_len[ply + 2].min(MAX_PLY - 1);
        let (head, tail) = self.pv.split_at_mut(ply + 2);
        head[ply][2..2 + child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = 2 + child_len;
    }
}

#[cfg(test)]
mod tests {
    use gomoku_rules::{Board, Rule};

    use super::*;
    use crate::PatternEvaluator;
    use crate::player::StopFlag;
    use crate::search::clock::Clock;
    use crate::search::features::SearchFeatures;
    use crate::search::ordering::OrderingMemory;
    use crate::search::search_params::SearchParams;
    use crate::search::searcher::SearchSetup;
    use crate::search::tt::TranspositionTable;

    /// Black to move with four points on two closed threes and no win: the leaf search plays
    /// fours.
    const FOURS: &str = "\
        . . . . . . . . O
        . O X X X . . . .
        . . . . . . . . .
        . . . . O . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . . . .
        O . . O . O . . .";

    /// The score of two leaf searches of `board` in a row by one searcher, and the nodes each
    /// took.
    fn twice(board: &Board, transposition: bool) -> ([Score; 2], [u64; 2]) {
        let mut eval = PatternEvaluator::new();
        let tt = TranspositionTable::new(1 << 20);
        let mut memory = OrderingMemory::new();
        let mut searcher = Searcher::new(SearchSetup {
            board,
            rule: Rule::Freestyle,
            eval: &mut eval,
            tt: &tt,
            memory: &mut memory,
            features: SearchFeatures {
                transposition,
                ..SearchFeatures::default()
            },
            params: SearchParams::default(),
            threat: None,
            clock: Clock::unlimited(),
            max_nodes: None,
            stop: StopFlag::new(),
        });
        let mut scores = [Score::DRAW; 2];
        let mut nodes = [0; 2];
        for i in 0..2 {
            let before = searcher.nodes;
            scores[i] = searcher.leaf_search(0, -Score::INFINITE, Score::INFINITE);
            nodes[i] = searcher.nodes - before;
        }
        (scores, nodes)
    }

    #[test]
    fn a_leaf_search_reads_what_an_earlier_one_stored() {
        let board: Board = FOURS.parse().unwrap();
        let (scores, nodes) = twice(&board, true);
        assert!(nodes[0] > 0, "the leaf search played no four");
        assert_eq!(
            nodes[1], 0,
            "the second search did not take the stored result"
        );
        assert_eq!(scores[0], scores[1]);
        // Without the table, the same search costs the same again and finds the same.
        let (plain, plain_nodes) = twice(&board, false);
        assert_eq!(plain_nodes, [nodes[0], nodes[0]]);
        assert_eq!(plain, scores);
    }
}
