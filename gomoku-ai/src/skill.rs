//! Playing weaker the way people do: the engine's lower levels ([`crate::Level`]) search
//! several best moves and pick among them with a randomness that shrinks as the level rises,
//! and at the lowest levels now and then overlook the search altogether and play a move that
//! merely looks good (which misses some of the opponent's threats). The idea follows Stockfish's
//! skill level and Rapfi's `search/skill.h` (a choice among the multi-PV moves); the code and
//! the numbers are our own, measured by a tournament (docs/levels.md).
//!
//! Every draw comes from a seeded generator ([`Skill::seeded`]), so games are reproducible.
//! [`crate::Level::Max`] and the fixed depths (`engine:6`) have no skill: they search as they
//! always did.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use gomoku_rules::{Board, Point, Rule};

use crate::evaluator::Evaluator;
use crate::player::{SearchInfo, SearchResult};
use crate::random::legal_candidates;
use crate::score::Score;

/// How a level weakens the engine's choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SkillSettings {
    /// How many best moves to search (multi-PV).
    pub lines: usize,
    /// The largest random bonus (in score units) a line may get before the best is taken: the
    /// wider, the more often a worse line wins.
    pub spread: i32,
    /// The chance (0..1) that a move is chosen by its look alone, without the search: one of
    /// the [`SkillSettings::glance`] moves the evaluator likes best, at random.
    pub oversight: f64,
    /// How many of the evaluator's favourite moves an oversight picks among.
    pub glance: usize,
}

/// A level's weakness with its random generator.
#[derive(Clone, Debug)]
pub struct Skill {
    settings: SkillSettings,
    rng: Pcg64Mcg,
}

impl Skill {
    /// The skill of `settings`, drawing from a generator seeded with `seed`.
    pub fn seeded(settings: SkillSettings, seed: u64) -> Skill {
        Skill {
            settings,
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// The settings.
    pub fn settings(&self) -> SkillSettings {
        self.settings
    }

    /// Restarts the generator from `seed`.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }

    /// Picks the move to play from a multi-PV `result` on `board`: a won line is always
    /// played, a line that loses by force only when all do; otherwise now and then (the
    /// oversight chance) one of the moves `eval` likes best, else the line with the highest
    /// score plus a random bonus up to the spread. The result's move, report and lines follow
    /// the choice (the chosen line first).
    pub fn choose<E: Evaluator>(
        &mut self,
        mut result: SearchResult,
        board: &Board,
        rule: Rule,
        eval: &mut E,
    ) -> SearchResult {
        let Some(top) = result.lines.first().map(|l| l.score) else {
            return result;
        };
        let no_choice = result.lines.len() < 2 && self.settings.oversight <= 0.0;
        if top >= Score::WIN_THRESHOLD || no_choice {
            return result;
        }
        if self
            .rng
            .random_bool(self.settings.oversight.clamp(0.0, 1.0))
        {
            if let Some(p) = self.glance(board, rule, eval) {
                let info = result
                    .lines
                    .iter()
                    .find(|l| l.pv.first() == Some(&p))
                    .cloned()
                    .unwrap_or_else(|| SearchInfo {
                        pv: vec![p],
                        score: top,
                        ..result.info.clone()
                    });
                result.best = Some(p);
                result.info = info;
                return result;
            }
        }
        let mut best = 0;
        let mut best_value = i64::MIN;
        for (i, line) in result.lines.iter().enumerate() {
            // A forced loss is never worth a gamble unless the best line loses too.
            if line.score <= -Score::WIN_THRESHOLD && top > -Score::WIN_THRESHOLD {
                continue;
            }
            let bonus = self.rng.random_range(0..=self.settings.spread.max(0));
            let value = i64::from(line.score.0) + i64::from(bonus);
            if value > best_value {
                best = i;
                best_value = value;
            }
        }
        let chosen = result.lines.remove(best);
        result.best = chosen.pv.first().copied().or(result.best);
        result.info = SearchInfo {
            multipv: 1,
            ..chosen.clone()
        };
        result.lines.insert(0, chosen);
        result
    }

    /// One of the `glance` legal moves near the stones that `eval` scores best, at random.
    fn glance<E: Evaluator>(&mut self, board: &Board, rule: Rule, eval: &mut E) -> Option<Point> {
        eval.reset(board, rule);
        let mut moves: Vec<(i32, Point)> = legal_candidates(board, rule)
            .into_iter()
            .map(|p| (eval.score_move(board, p), p))
            .collect();
        moves.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        moves.truncate(self.settings.glance.max(1));
        (!moves.is_empty()).then(|| moves[self.rng.random_range(0..moves.len())].1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern_evaluator::PatternEvaluator;
    use std::time::Duration;

    fn line(point: &str, score: Score) -> SearchInfo {
        SearchInfo {
            depth: 4,
            seldepth: 4,
            score,
            nodes: 10,
            time: Duration::ZERO,
            pv: vec![point.parse().unwrap()],
            multipv: 1,
        }
    }

    fn result(lines: Vec<SearchInfo>) -> SearchResult {
        SearchResult {
            best: lines[0].pv.first().copied(),
            info: lines[0].clone(),
            lines,
        }
    }

    fn settings(spread: i32, oversight: f64) -> SkillSettings {
        SkillSettings {
            lines: 3,
            spread,
            oversight,
            glance: 4,
        }
    }

    #[test]
    fn a_wide_spread_varies_the_move_and_a_narrow_one_keeps_the_best() {
        let board = Board::new(15).unwrap();
        let mut eval = PatternEvaluator::new();
        let lines = vec![
            line("h8", Score(40)),
            line("i9", Score(30)),
            line("g7", Score(-20)),
        ];
        let mut picked = std::collections::BTreeSet::new();
        let mut wide = Skill::seeded(settings(500, 0.0), 7);
        let mut narrow = Skill::seeded(settings(0, 0.0), 7);
        for _ in 0..60 {
            let r = wide.choose(result(lines.clone()), &board, Rule::Freestyle, &mut eval);
            assert_eq!(r.best, r.info.pv.first().copied());
            assert_eq!(r.lines[0].pv, r.info.pv);
            picked.insert(r.best.unwrap().to_string());
            let r = narrow.choose(result(lines.clone()), &board, Rule::Freestyle, &mut eval);
            assert_eq!(r.best.unwrap().to_string(), "h8");
        }
        assert_eq!(picked.len(), 3, "{picked:?}");
    }

    #[test]
    fn wins_are_kept_and_forced_losses_avoided() {
        let board = Board::new(15).unwrap();
        let mut eval = PatternEvaluator::new();
        let mut skill = Skill::seeded(settings(100_000, 1.0), 3);
        let won = vec![line("h8", Score::win_in(3)), line("i9", Score(30))];
        for _ in 0..20 {
            let r = skill.choose(result(won.clone()), &board, Rule::Freestyle, &mut eval);
            assert_eq!(r.best.unwrap().to_string(), "h8");
        }
        let mut skill = Skill::seeded(settings(100_000, 0.0), 3);
        let lost = vec![line("h8", Score(10)), line("i9", Score::loss_in(4))];
        for _ in 0..20 {
            let r = skill.choose(result(lost.clone()), &board, Rule::Freestyle, &mut eval);
            assert_eq!(r.best.unwrap().to_string(), "h8");
        }
    }

    #[test]
    fn an_oversight_plays_a_move_that_looks_good_and_the_seed_repeats_it() {
        let board: Board = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X X . . . .
            . . . . O . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . ."
            .parse()
            .unwrap();
        let eval = PatternEvaluator::new();
        let lines = vec![line("a1", Score(5)), line("a2", Score(0))];
        let run = |seed| {
            let mut skill = Skill::seeded(settings(0, 1.0), seed);
            (0..10)
                .map(|_| {
                    let r = skill.choose(
                        result(lines.clone()),
                        &board,
                        Rule::Freestyle,
                        &mut eval.clone(),
                    );
                    r.best.unwrap()
                })
                .collect::<Vec<_>>()
        };
        let moves = run(11);
        assert_eq!(moves, run(11), "the same seed, the same moves");
        // Near the stones, never the searched corner moves.
        assert!(
            moves
                .iter()
                .all(|p| p.to_string() != "a1" && p.to_string() != "a2")
        );
    }
}
