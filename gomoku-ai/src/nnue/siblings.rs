//! Positions one move off a game's line, valued by the engine's search: the positions a
//! search meets that no strong game reaches.
//!
//! A network trained only on the positions of strong games has never seen the positions after
//! a poor move, and the search's leaves are mostly such positions. Each chosen position of a
//! game gets one sibling: a random empty point within two of a stone (not the move played,
//! not a five, not a forbidden point) is played instead, and the built-in engine searches the
//! result to a node budget (over the pattern evaluator, or over a network to value with a
//! stronger engine).
//! Its score and move become a sample (see [`super::train::TrainingData::add_scored_position`]).

use gomoku_rules::record::Record;
use gomoku_rules::{Board, Color, Point, Rule};
use rand::{Rng, SeedableRng};

use crate::evaluator::Evaluator;
use crate::player::{Limits, Player};
use crate::search::Engine;

/// Which positions get a sibling, and how hard it is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SiblingOptions {
    /// Every this many plies of a game (from ply `skip_plies` on) one sibling.
    pub every: usize,
    /// Leave out the positions before this many stones.
    pub skip_plies: usize,
    /// The engine's node budget for each sibling.
    pub nodes: u64,
    /// Threads (each searches whole games' siblings, one engine a thread).
    pub threads: usize,
    /// Seeds the choice of the siblings' moves (with the game's index).
    pub seed: u64,
}

impl Default for SiblingOptions {
    fn default() -> SiblingOptions {
        SiblingOptions {
            every: 2,
            skip_plies: 4,
            nodes: 40_000,
            threads: 1,
            seed: 1,
        }
    }
}

/// A sibling position and what the search found in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sibling {
    /// The position (the game's up to some ply, then the sibling's move).
    pub board: Board,
    /// The search's score for the side to move, in evaluation units (mates clamped to
    /// ±[`MATE_CLAMP`]).
    pub score: i32,
    /// The search's move.
    pub best: Point,
}

/// The magnitude a sibling's mate score is clamped to: far beyond any evaluation's, so that its
/// value target is a sure win or loss.
pub const MATE_CLAMP: i32 = 20_000;

/// The transposition table of each labelling engine: small, cleared before each game.
const HASH_BYTES: usize = 4 << 20;

/// The sibling positions of `record` (played under `rule`), without their values.
pub fn sibling_positions(
    record: &Record,
    rule: Rule,
    options: &SiblingOptions,
    game: usize,
) -> Vec<Board> {
    let Ok(mut board) = Board::new(u32::from(record.size())) else {
        return Vec::new();
    };
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(
        options.seed ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    );
    let moves = record.moves();
    let every = options.every.max(1);
    let mut out = Vec::new();
    for (ply, &played) in moves.iter().enumerate() {
        if !board.is_empty_at(played) {
            break;
        }
        // Not the last position: a game's last move wins, and its siblings' values are the
        // threat search's business.
        if ply >= options.skip_plies
            && ply + 1 < moves.len()
            && (ply - options.skip_plies) % every == 0
        {
            let near = board.neighbourhood(2);
            let mut choices: Vec<Point> = board
                .empty_points()
                .iter()
                .filter(|&p| near.contains(p) && p != played)
                .collect();
            while !choices.is_empty() {
                let p = choices.swap_remove(rng.random_range(0..choices.len()));
                if rule.has_fouls()
                    && board.side_to_move() == Color::Black
                    && gomoku_rules::renju::forbidden(&board, p).is_some()
                {
                    continue;
                }
                let mut sibling = board.clone();
                sibling.play_unchecked(p);
                if rule.winning_line(&sibling, p).is_none() {
                    out.push(sibling);
                    break;
                }
            }
        }
        board.play_unchecked(played);
        if rule.winning_line(&board, played).is_some() {
            break;
        }
    }
    out
}

/// Searches every position of `games` (each game's list in order) with the built-in engine over
/// `evaluator` (each thread a copy of it: the pattern evaluator, or a network engine's
/// [`super::NnueEvaluator`]) at `options.nodes`, on `options.threads` threads; the result keeps
/// the games' order. A position without a legal move is left out. The same inputs give the
/// same values on any number of threads. `progress` hears how many games are done, after each.
pub fn label<E: Evaluator + Clone + Send + 'static>(
    games: &[Vec<Board>],
    rule: Rule,
    options: &SiblingOptions,
    evaluator: &E,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Vec<Sibling>> {
    let threads = options.threads.clamp(1, games.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let finished = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<Vec<Sibling>> = vec![Vec::new(); games.len()];
    let (next, finished) = (&next, &finished);
    let done: Vec<(usize, Vec<Sibling>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let evaluator = evaluator.clone();
                scope.spawn(move || {
                    let mut engine = Engine::with_evaluator(evaluator);
                    engine.set_hash_bytes(HASH_BYTES);
                    let limits = Limits {
                        max_nodes: Some(options.nodes.max(1)),
                        ..Limits::default()
                    };
                    let mut mine = Vec::new();
                    loop {
                        let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(boards) = games.get(g) else {
                            break;
                        };
                        engine.new_game();
                        let labelled = boards
                            .iter()
                            .filter_map(|board| {
                                let result = engine.choose(board, rule, &limits, &mut |_| {});
                                result.best.map(|best| Sibling {
                                    board: board.clone(),
                                    score: result.info.score.0.clamp(-MATE_CLAMP, MATE_CLAMP),
                                    best,
                                })
                            })
                            .collect();
                        mine.push((g, labelled));
                        progress(finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a labelling thread panicked"))
            .collect()
    });
    for (g, labelled) in done {
        results[g] = labelled;
    }
    results
}
