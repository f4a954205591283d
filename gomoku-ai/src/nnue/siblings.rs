//! Positions one move off a game's line, valued by the engine's search: the positions a
//! search meets that no strong game reaches.
//!
//! A network trained only on the positions of strong games has never seen the positions after
//! a poor move, and the search's leaves are mostly such positions. Each chosen position of a
//! game gets one sibling: a random empty point within two of a stone (not the move played,
//! not a five, not a forbidden point) is played instead, and a [`Valuer`] searches the result:
//! the built-in engine to a node budget ([`EngineValuer`], over the pattern evaluator or over a
//! network), or a stronger external engine (`gomoku train --sibling-eval pbrain:...`).
//! Its score and move become a sample (see [`super::train::TrainingData::add_scored_position`]).

use gomoku_rules::record::Record;
use gomoku_rules::{Board, Color, Point, Rule};
use rand::{Rng, SeedableRng};

use crate::evaluator::Evaluator;
use crate::pattern_evaluator::PatternEvaluator;
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
    /// Choose each sibling's move among this many best points by the pattern evaluator's move
    /// ordering ([`Evaluator::score_move`]): moves a search would look at. 0: among all the
    /// points within two of a stone (most of them blunders that lose by force).
    pub pick: usize,
}

impl Default for SiblingOptions {
    fn default() -> SiblingOptions {
        SiblingOptions {
            every: 2,
            skip_plies: 4,
            nodes: 40_000,
            threads: 1,
            seed: 1,
            pick: 0,
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
            if options.pick > 0 {
                let mut ordering = PatternEvaluator::new();
                ordering.reset(&board, rule);
                // Best first; ties by point, so that the choice does not depend on the order
                // the points were listed in.
                choices.sort_by_key(|&p| (std::cmp::Reverse(ordering.score_move(&board, p)), p));
                choices.truncate(options.pick);
            }
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

/// Something that values positions for the siblings: a search's score and move.
///
/// The built-in engine ([`EngineValuer`]) or an external engine (`gomoku train --sibling-eval
/// pbrain:...`); [`label_with`] gives each labelling thread its own.
pub trait Valuer {
    /// Forgets what earlier games taught it (its tables), before each game's siblings, so that
    /// a game's values do not depend on the games valued before it on the same thread.
    fn new_game(&mut self);
    /// The score of `board` for the side to move (in the valuer's units; mates clamped to
    /// ±[`MATE_CLAMP`]) and the move it found, or `None` when it gives no value there.
    ///
    /// # Errors
    /// The valuer broke down (an external engine that exits again and again): the labelling
    /// stops with this message.
    fn value(&mut self, board: &Board, rule: Rule) -> Result<Option<(i32, Point)>, String>;
}

/// The built-in engine over an evaluator as a [`Valuer`]: searches each position to a node
/// budget, with a small transposition table cleared with each game. The same position and
/// budget always get the same value.
pub struct EngineValuer<E: Evaluator> {
    engine: Engine<E>,
    limits: Limits,
}

impl<E: Evaluator + 'static> EngineValuer<E> {
    /// An engine over `evaluator` that searches `nodes` nodes a position.
    pub fn new(evaluator: E, nodes: u64) -> EngineValuer<E> {
        let mut engine = Engine::with_evaluator(evaluator);
        engine.set_hash_bytes(HASH_BYTES);
        EngineValuer {
            engine,
            limits: Limits {
                max_nodes: Some(nodes.max(1)),
                ..Limits::default()
            },
        }
    }
}

/// Makes the built-in engine's valuers for [`label_with`], one a thread, each over its own copy
/// of `evaluator`, searching `nodes` nodes a position.
pub fn engine_valuers<E: Evaluator + Clone + Send + 'static>(
    evaluator: &E,
    nodes: u64,
) -> impl Fn() -> Result<EngineValuer<E>, String> + Sync {
    // Each thread's copy is made under a lock: an evaluator need only be `Send`.
    let shared = std::sync::Mutex::new(evaluator.clone());
    move || {
        let evaluator = shared.lock().map_err(|e| e.to_string())?.clone();
        Ok(EngineValuer::new(evaluator, nodes))
    }
}

impl<E: Evaluator> std::fmt::Debug for EngineValuer<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineValuer")
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl<E: Evaluator + 'static> Valuer for EngineValuer<E> {
    fn new_game(&mut self) {
        self.engine.new_game();
    }

    fn value(&mut self, board: &Board, rule: Rule) -> Result<Option<(i32, Point)>, String> {
        let result = self.engine.choose(board, rule, &self.limits, &mut |_| {});
        Ok(result
            .best
            .map(|best| (result.info.score.0.clamp(-MATE_CLAMP, MATE_CLAMP), best)))
    }
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
    let make = engine_valuers(evaluator, options.nodes);
    match label_with(games, rule, options, &make, progress) {
        Ok(labelled) => labelled,
        Err(e) => unreachable!("the built-in engine never fails to value: {e}"),
    }
}

/// Values every position of `games` (each game's list in order) with the valuers `make` gives,
/// one a thread, on `options.threads` threads (`options.nodes` is the valuer's business); the
/// result keeps the games' order. A position the valuer gives no value is left out. Each
/// thread's valuer starts each game afresh ([`Valuer::new_game`]), so a valuer that always gives
/// a position the same value gives the same result on any number of threads. `progress` hears
/// how many games are done, after each.
///
/// # Errors
/// A valuer could not be made, or broke down ([`Valuer::value`]).
pub fn label_with<V: Valuer>(
    games: &[Vec<Board>],
    rule: Rule,
    options: &SiblingOptions,
    make: &(dyn Fn() -> Result<V, String> + Sync),
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<Vec<Sibling>>, String> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let threads = options.threads.clamp(1, games.len().max(1));
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let (next, finished, failed) = (&next, &finished, &failed);
    // Each thread's games, by their index.
    type Labelled = Vec<(usize, Vec<Sibling>)>;
    let done: Vec<Result<Labelled, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(move || {
                    let mut valuer =
                        make().inspect_err(|_| failed.store(true, Ordering::Relaxed))?;
                    let mut mine = Vec::new();
                    while !failed.load(Ordering::Relaxed) {
                        let g = next.fetch_add(1, Ordering::Relaxed);
                        let Some(boards) = games.get(g) else {
                            break;
                        };
                        valuer.new_game();
                        let mut labelled = Vec::with_capacity(boards.len());
                        for board in boards {
                            let value = valuer
                                .value(board, rule)
                                .inspect_err(|_| failed.store(true, Ordering::Relaxed))?;
                            if let Some((score, best)) = value {
                                labelled.push(Sibling {
                                    board: board.clone(),
                                    score: score.clamp(-MATE_CLAMP, MATE_CLAMP),
                                    best,
                                });
                            }
                        }
                        mine.push((g, labelled));
                        progress(finished.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                    Ok(mine)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a labelling thread panicked"))
            .collect()
    });
    let mut results: Vec<Vec<Sibling>> = vec![Vec::new(); games.len()];
    for thread in done {
        for (g, labelled) in thread? {
            results[g] = labelled;
        }
    }
    Ok(results)
}
