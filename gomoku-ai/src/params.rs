//! Every tunable of the evaluation and the search, as named constants in one place.
//!
//! The selective search's margins, move counts and reductions are the defaults of
//! [`crate::SearchParams`], which an engine may change at run time (`engine,lmr_scale=0.8`,
//! `gomoku spsa`); the rest are fixed when the crate is built.

/// Value of a [`crate::pattern::Shape`] a colour can make on one empty point along one line,
/// indexed by the shape's discriminant (None, Overline, One, ClosedTwo, OpenTwo, ClosedThree,
/// OpenThree, Four, OpenFour, Five).
pub const SHAPE_VALUE: [i32; 10] = [0, 0, 1, 4, 14, 16, 60, 70, 400, 5000];

/// Extra value of a point where a colour makes two fours (or an open four) at once.
pub const DOUBLE_FOUR_BONUS: i32 = 400;
/// Extra value of a point where a colour makes a four and an open three at once.
pub const FOUR_THREE_BONUS: i32 = 300;
/// Extra value of a point where a colour makes two open threes at once.
pub const THREE_THREE_BONUS: i32 = 120;

/// The side to move's point values count this many eighths in the static evaluation (it moves
/// first, so its threats are worth more than the opponent's).
///
/// Rapfi averages its pattern material over the position and the one before the last move.
/// With our weights, which value a point differently for the side to move and the side
/// waiting, that was far worse: 1-21 after 22 games, and 19-68-3 after 90 with positions
/// after a four left out (pentanomial SPRT(0, 10) at 100 ms/move, stopped); the weights
/// would need a fit of their own.
pub const TEMPO_EIGHTHS: i32 = 10;

/// In move ordering, the opponent's value of a point (what playing there denies it) counts this
/// many eighths of the own value.
pub const DEFENCE_EIGHTHS: i32 = 7;

/// The static evaluation is clamped to this magnitude so it never looks like a mate.
pub const EVAL_LIMIT: i32 = 20_000;

/// Candidate moves are the empty points within this distance of a stone.
///
/// 3 (Rapfi's default range is a square of 3 plus lines of 4), pentanomial SPRT(0, 10) at
/// 100 ms/move: 93-102-28 after 223 games, -14 +-43 (stopped): not kept.
pub const CANDIDATE_RADIUS: u8 = 2;

/// The search never goes deeper than this many plies from the root.
pub const MAX_PLY: usize = 64;

/// Nodes between two looks at the clock and the stop flag.
pub const CHECK_EVERY_NODES: u64 = 256;

/// Plain late move reductions, in a search without the selective parts
/// (`SearchFeatures::selective` off; the engine's own search reduces by [`LMR_SCALE`] and
/// prunes by [`MOVE_COUNT_BASE`] instead): moves after this many at a node are searched one
/// ply shallower first. (Setting it and [`LMR_MIN_DEPTH`] to 2 left `gomoku bench` unchanged,
/// as it must.)
pub const LMR_MIN_MOVE: usize = 4;
/// Plain late move reductions apply from this remaining depth on (see [`LMR_MIN_MOVE`]).
pub const LMR_MIN_DEPTH: i32 = 3;
/// Plain late move pruning (see [`LMR_MIN_MOVE`]): at this remaining depth and below (away
/// from the root), quiet moves after the first `LMP_MIN_MOVE + depth² * LMP_MOVES_PER_DEPTH2`
/// of the ordering are skipped.
pub const LMP_MAX_DEPTH: i32 = 3;
/// See [`LMP_MAX_DEPTH`].
pub const LMP_MIN_MOVE: usize = 6;
/// See [`LMP_MAX_DEPTH`].
pub const LMP_MOVES_PER_DEPTH2: usize = 3;

/// Razoring: at this remaining depth and below, a node whose static evaluation lies more
/// than [`RAZOR_MARGIN_BASE`] + [`RAZOR_MARGIN_PER_PLY`] per ply below alpha drops into the
/// leaf search.
pub const RAZOR_MAX_DEPTH: i32 = 2;
/// See [`RAZOR_MAX_DEPTH`].
pub const RAZOR_MARGIN_BASE: i32 = 200;
/// See [`RAZOR_MAX_DEPTH`].
///
/// Our evaluation is on about the scale of Rapfi's (a search score of ours is about 0.9 of
/// Rapfi's for the same position, measured on 110 move pairs of a 16-game match). Rapfi's far
/// smaller razoring margin, 19 + 14 per ply, did not gain here: SPRT(0, 10) at 100 ms/move,
/// 222-233-33 after 488 games, -8 +-30 (stopped).
pub const RAZOR_MARGIN_PER_PLY: i32 = 150;
/// Futility pruning: at this remaining depth and below, a node whose static evaluation lies
/// [`FUTILITY_MARGIN_PER_PLY`] per ply above beta returns it.
pub const FUTILITY_MAX_DEPTH: i32 = 8;
/// See [`FUTILITY_MAX_DEPTH`].
///
/// Rapfi's 63 a ply did not gain here: SPRT(0, 10) at 100 ms/move, 219-215-35 after 469 games,
/// +3 +-30 (stopped; `gomoku bench` nodes fell by a third).
pub const FUTILITY_MARGIN_PER_PLY: i32 = 150;
/// Fail-high reduction: a node expected to fail high (a null-window node whose static
/// evaluation lies at least [`FAIL_HIGH_MARGIN_BASE`] + [`FAIL_HIGH_MARGIN_PER_PLY`] per ply
/// above beta) searches every move but a four one ply shallower.
pub const FAIL_HIGH_MARGIN_BASE: i32 = -15;
/// See [`FAIL_HIGH_MARGIN_BASE`].
///
/// Rapfi's -9 + 15 per ply did not gain here: SPRT(0, 10) at 100 ms/move, 273-320-50 after
/// 643 games, -25 +-26 (stopped; `gomoku bench` 161,505 nodes).
pub const FAIL_HIGH_MARGIN_PER_PLY: i32 = 22;
/// Move-count pruning: a node `d` plies from the leaves searches at most
/// `MOVE_COUNT_BASE + d^MOVE_COUNT_EXPONENT` moves (half as many when its evaluation is not
/// improving).
pub const MOVE_COUNT_BASE: f32 = 3.0;
/// See [`MOVE_COUNT_BASE`].
///
/// 1.5 (towards Rapfi's 1.32, whose plies are shallower than ours): pentanomial SPRT(0, 10)
/// at 100 ms/move, 66-83-20 after 169 games, -35 +-50 (stopped). 1.9 (with Rapfi's history,
/// `gomoku bench` 218,300 nodes): 40-46-10 after 96 games, -22 +-67 (stopped).
pub const MOVE_COUNT_EXPONENT: f32 = 1.7;
/// Below this remaining depth, moves that make no shape of two or better for either side are
/// pruned.
///
/// 6 instead (`gomoku bench` 224,595 nodes), pentanomial SPRT(0, 10) at 100 ms/move:
/// 117-138-29 after 284 games, -26 +-39 (stopped). 3 instead (`gomoku bench` 137,168 nodes),
/// same test, two runs stopped for time: 331-283-105 after 719 games (+23 +-24, LLR 1.57)
/// and 206-208-48 after 462 (-2 +-30); two more runs, 155-169-55 after 379 (-13 +-32) and
/// 188-170-50 after 408 (+15 +-32). All four pooled: 880-830-258 in 1,968 games, about +9
/// [-6, +23]. Not shown to gain, not taken: if it gains at all, by less than 10 Elo.
pub const TRIVIAL_PRUNING_DEPTH: i32 = 4;
/// Null-move pruning applies from this remaining depth on (away from the principal variation,
/// when the opponent threatens nothing and the static evaluation is at least beta).
///
/// From depth 8 instead (Rapfi allows it only from about depth 10): SPRT(0, 10) at 100 ms/move,
/// 264-264-51 after 579 games, +0 +-27 (stopped).
pub const NULL_MOVE_MIN_DEPTH: i32 = 4;
/// The null-move search is `NULL_MOVE_BASE_REDUCTION + depth / NULL_MOVE_DEPTH_DIVISOR` plies
/// shallower than the node.
pub const NULL_MOVE_BASE_REDUCTION: i32 = 3;
/// See [`NULL_MOVE_BASE_REDUCTION`].
pub const NULL_MOVE_DEPTH_DIVISOR: i32 = 6;
/// Singular extension: from this remaining depth on, the transposition table's move (when its
/// entry is a lower bound or exact, no mate, and at most [`SINGULAR_TT_DEPTH_SLACK`] plies
/// shallower than the node) is tested for being the only good move: a search without it, at
/// about half the depth, against [`SINGULAR_MARGIN_PER_PLY`] per ply below its table score. If
/// every other move fails that test, the table move is searched a ply deeper; if the test
/// search already beats beta, the node fails high at once (multi-cut); if only the table score
/// beats beta, the table move is searched a ply shallower.
///
/// Pentanomial SPRT(0, 10) at 100 ms/move against the engine without it, two runs of 1,000
/// games (both inconclusive at the cap): 488-435-77, +18 [-2, +39], and 477-432-91,
/// +16 [-5, +36]; together about +17 [+2, +32]. Rapfi's double extension (two plies when,
/// away from the principal variation, every other move fails 44 less 0.9 a ply below the
/// test's bound, at most ten on a line): 104-121-33 after 258 games, -23 +-40 (same test,
/// stopped; `gomoku bench` 235,037 nodes).
pub const SINGULAR_MIN_DEPTH: i32 = 7;
/// See [`SINGULAR_MIN_DEPTH`].
pub const SINGULAR_TT_DEPTH_SLACK: i32 = 2;
/// See [`SINGULAR_MIN_DEPTH`] (Rapfi's margin is 0.91 a ply on a scale close to ours).
///
/// Rapfi also extends a table move that is not tested, by 0.25 plies at principal-variation
/// nodes and 0.08 elsewhere; carried down the line (a full ply once the fractions add up to
/// one) it measured 72-113-30 after 215 games, -67 +-44 (pentanomial SPRT(0, 10) at
/// 100 ms/move, stopped): not kept.
pub const SINGULAR_MARGIN_PER_PLY: i32 = 2;
/// Aspiration windows: from this iteration on, the root first searches a window of
/// ± [`ASPIRATION_WINDOW`] around the previous iteration's score, doubling the failing side
/// until the score falls inside (or the window passes [`ASPIRATION_MAX_WINDOW`]).
pub const ASPIRATION_MIN_DEPTH: i32 = 5;
/// See [`ASPIRATION_MIN_DEPTH`].
///
/// Rapfi's window instead (16 wide, re-centred on the failing score and grown by a quarter
/// less plus 6 each time, beta halved towards alpha on a fail low): pentanomial SPRT(0, 10) at
/// 100 ms/move, 113-127-19 after 259 games, -19 +-41 (stopped).
pub const ASPIRATION_WINDOW: i32 = 60;
/// See [`ASPIRATION_MIN_DEPTH`].
pub const ASPIRATION_MAX_WINDOW: i32 = 2000;
/// Late move reductions: the `n`-th move at depth `d` is reduced by about
/// `LMR_SCALE * ln(d) * ln(n)` plies (scaled down further under rules with fewer safe moves),
/// less for threats, defences and killers, more for shapeless moves and at expected cut nodes.
///
/// Three changes that each measured between about +3 and +13 alone were taken together, and
/// together they measured better (pentanomial SPRT(0, 10) at 100 ms/move against the engine without
/// them, two runs: 358-305-124 after 787 games, +23 +-22, and 396-359-104 after 859, +15 +-22;
/// pooled 754-664-228 in 1,646, about +19 [+3, +35]): the LMR extension
/// ([`LMR_EXTENSION_MARGIN_BASE`]), the policy reduction ([`POLICY_REDUCTION_PER_LOGIT`]) and the
/// table score as the estimate of razoring, futility and null-move pruning (see
/// `Searcher::search`). Alone, same test: Rapfi's LMR extension (34 + 11 a ply, not scaled) in two
/// runs of 1,000 games, +15 [-5, +35] and +11 [-9, +31], and at 50 + 17 a ply 200-220-72 after 492
/// games, -14 +-28; the policy reduction in four runs, 815-798-275 in 1,888 games, about +3; the
/// table score, 933-892-148 in 1,973 games, +7 +-15.
///
/// Measured and not kept (same test): three more of Rapfi's adjustments together (against an open
/// three, reducing a move that does not block it by 1.93 plies when far from the opponent's last
/// move and 0.96 when far from our own, pruning such moves below depth 4 when far from both;
/// reducing a three or four after our own three or four 0.53 plies less), +4 +-29 after 507 games;
/// reducing a ply less at every node whose table entry says it was ever a principal-variation node
/// (Rapfi's `ttPv`, rather than only at principal-variation nodes), 139-154-31 after 324 games, -16
/// +-36. Rapfi's alpha-improvement reduction (once a move raises alpha at a node 3 to 11 plies from
/// the leaves, the remaining moves are searched a ply shallower; `gomoku bench` nodes fell by 45%):
/// 174-171-40 after 385 games, +3 +-33 (stopped); on top of the history in the reductions
/// ([`HISTORY_REDUCTION_SHALLOW`]; `gomoku bench` 20% fewer nodes), 95-119-32 after 246
/// games, -34 +-41 (stopped). 0.8 instead of 0.7 (`gomoku bench` 198,564 nodes): 105-105-34
/// after 244 games, +0 +-41 (stopped). Rapfi's cut-node reduction (1.8 plies more for a move
/// that is not a killer, where ours adds 1; `gomoku bench` 124,243 nodes): 128-129-41 after
/// 298 games, -1 +-37 (stopped).
pub const LMR_SCALE: f32 = 0.7;
/// LMR extension: a reduced move whose reduced search fails high by more than
/// `LMR_EXTENSION_MARGIN_BASE + LMR_EXTENSION_MARGIN_PER_PLY * reduction` is searched a ply
/// deeper than the node's other moves, and its full-window search too (Rapfi's 34 + 11 a ply,
/// times 1.5 for our scale: our scores run about 1.5 times Rapfi's). See [`LMR_SCALE`] for
/// what it measured.
pub const LMR_EXTENSION_MARGIN_BASE: i32 = 50;
/// See [`LMR_EXTENSION_MARGIN_BASE`].
pub const LMR_EXTENSION_MARGIN_PER_PLY: i32 = 17;
/// Internal iterative reduction: a principal-variation node with no move from the
/// transposition table searches one ply less from this depth on.
pub const IIR_MIN_DEPTH: i32 = 4;
/// Stale table move reduction: a principal-variation node whose table entry has a move but was
/// searched `k` plies shallower than the node now is searched `k` * this percent (rounded down,
/// at most [`STALE_TT_MAX_REDUCTION`]) plies shallower: a line the last iterations did not
/// keep on the principal variation rarely needs the full depth (Rapfi measured this ~32 Elo).
///
/// Pentanomial SPRT(0, 10) at 100 ms/move against the engine without it: 353-254-39 after 646
/// games, +54 [+28, +80], H1 accepted. 50 instead of 28, same test against 28, two runs
/// stopped for lack of time: 287-243-58 after 588 games (+26 +-27) and 244-272-61 after 577
/// (-17 +-27); pooled about +5 over 1,165 games, no gain shown.
pub const STALE_TT_REDUCTION_PERCENT: i32 = 28;
/// See [`STALE_TT_REDUCTION_PERCENT`].
pub const STALE_TT_MAX_REDUCTION: i32 = 3;

/// Move-ordering bonus of the first and second killer move of a ply.
///
/// None (killers then only reduce less, as Rapfi's ordering has no killer bonus; `gomoku
/// bench` 186,078 nodes): pentanomial SPRT(0, 10) at 100 ms/move, 156-156-29 after 341 games,
/// +0 +-35 (stopped).
pub const KILLER_BONUS: [i32; 2] = [900, 800];
/// Move-ordering bonus of the counter move: the move that last caused a cut-off in answer to
/// the opponent's previous move (as Rapfi's counter-move history keeps it).
///
/// Pentanomial SPRT(0, 10) at 100 ms/move against the engine without it: 351-262-65 after 678
/// games, +46 [+21, +71], H1 accepted. Against 850, same test, both stopped unfinished: 1500
/// (above both killers) 220-195-44 after 459 games, +19 +-30; 500 (below both) 167-202-55
/// after 424 games, -29 +-31.
///
/// Ordering bonuses for moves near the opponent's last move and the mover's own (by distance,
/// on a line or off; fitted with the move values fixed to 1,032 Rapfi games, held-out loss of
/// the move choice 2.284 -> 2.234, about 50 for the opponent's move and 25 for our own within
/// four points) did not help: 87-107-24 after 218 games, -32 +-44 (same test, stopped). Nor did
/// a follow-up move (the move that last caused a cut-off after the mover's own previous move,
/// a bonus of 500): 52-77-16 after 145 games, -61 +-55 (stopped).
pub const COUNTER_MOVE_BONUS: i32 = 850;
/// History scores are divided by this before they are added to the ordering score.
pub const HISTORY_DIVISOR: i32 = 16;
/// History scores stay within +- this: a cut-off adds a bonus growing with the depth (Rapfi's
/// 25 d^2 + 105 d - 157, at most [`HISTORY_MAX_BONUS`]) to the move that cut off and takes it
/// from the moves searched before it, each change pulled towards zero by the score's distance
/// from this bound (Rapfi's history). Late move reductions follow the history
/// ([`HISTORY_REDUCTION_SHALLOW`]).
///
/// Measured together (history with malus and history in the reductions, against the history
/// that only grew, by depth squared, and ordered only): see [`HISTORY_REDUCTION_SHALLOW`].
/// The malus alone, ordering only: pentanomial SPRT(0, 10) at 100 ms/move, 174-165-52 after
/// 391 games, +8 +-32 (stopped).
pub const HISTORY_MAX: i32 = 10692;
/// The largest history bonus of one cut-off (see [`HISTORY_MAX`]).
pub const HISTORY_MAX_BONUS: i32 = 8927;
/// The history bonus of a cut-off `d` plies from the leaves is
/// `HISTORY_BONUS_PER_DEPTH2 * d^2 + HISTORY_BONUS_PER_DEPTH * d - HISTORY_BONUS_OFFSET`,
/// between 0 and [`HISTORY_MAX_BONUS`] (Rapfi's constants).
pub const HISTORY_BONUS_PER_DEPTH2: i32 = 25;
/// See [`HISTORY_BONUS_PER_DEPTH2`].
pub const HISTORY_BONUS_PER_DEPTH: i32 = 105;
/// See [`HISTORY_BONUS_PER_DEPTH2`].
pub const HISTORY_BONUS_OFFSET: i32 = 157;
/// Late move reductions fall by a ply per this much history score above
/// [`HISTORY_NEUTRAL`] (rise below it), at depths up to 5: a move that often cut off before is
/// searched deeper, one that often failed shallower (Rapfi's reduction by its history score,
/// with its constants; ours has one history table where Rapfi keeps two, so half its offset).
///
/// With the history of [`HISTORY_MAX`] (a malus to the moves tried before a cut-off) and the
/// history's ordering bonus divided by 16 (was 64, of a history that grew up to 2^20), against
/// the engine before (052b00c), pentanomial SPRT(0, 10) at 100 ms/move: 609-522-175 after
/// 1,306 games, +23 +-18 (LLR 2.55 of 2.94, stopped for time). `gomoku bench` 197,148 ->
/// 155,130 nodes.
///
/// Measured and not kept on top of it (same test against it): history updated at every node
/// whose best move raised alpha (not only at cut-offs, as Rapfi does) and at table cut-offs (a
/// bonus for the table move that holds beta, a malus for one that fails low): 98-150-29 after
/// 277 games, -66 +-40 (stopped); [`LMR_SCALE`] 0.6: 146-147-37 after 330 games, -1 +-35
/// (stopped); the history kept whole between moves (Rapfi does not age it; ours is divided
/// by 8): 363-371-105 after 839 games, -3 +-22 (stopped); Rapfi's two history tables, one
/// for attacks (moves that make an open three or better) and one for quiet moves, each
/// ordering its own kind, the reductions weighing the attack history and 0.76 of the quiet
/// one against a neutral 3,322 (`gomoku bench` 131,535 nodes): 143-152-39 after 334 games,
/// -9 +-35 (stopped).
pub const HISTORY_REDUCTION_SHALLOW: f32 = 12267.0;
/// See [`HISTORY_REDUCTION_SHALLOW`]; from depth 6 on.
pub const HISTORY_REDUCTION_DEEP: f32 = 16647.0;
/// See [`HISTORY_REDUCTION_SHALLOW`].
pub const HISTORY_NEUTRAL: i32 = 1661;

/// Default size of the transposition table (bytes): the largest the engine sizes it to by
/// itself (see [`HASH_BYTES_PER_MS`]).
pub const DEFAULT_HASH_BYTES: usize = 64 << 20;
/// Unless the user sets its size, a timed search's transposition table gets this many bytes
/// per millisecond of the move's time (and per search thread), rounded down to a power of two
/// between [`MIN_TIMED_HASH_BYTES`] and [`DEFAULT_HASH_BYTES`]: 4 MiB at 100 ms, 8 MiB at
/// 300 ms, 32 MiB at 1 s, 64 MiB from about 1.4 s. A table a few times the nodes of a move
/// stays in the processor's caches and its page-table reach, where a 64 MiB one made nearly
/// every probe wait for main memory (12% of a search's time, measured with `perf`).
///
/// 4 MiB against 64 MiB, pentanomial SPRT(0, 10) at 100 ms/move: 327-234-85 after 646 games,
/// +50 [+25, +76], H1 accepted. 8 MiB against 64 MiB at 300 ms/move, same test: 58-58-19
/// after 135 games, +0 +-55 (stopped for time; not shown either way at that time control).
pub const HASH_BYTES_PER_MS: usize = 48 << 10;
/// See [`HASH_BYTES_PER_MS`].
pub const MIN_TIMED_HASH_BYTES: usize = 1 << 20;
/// How a memory limit (`Limits::max_memory`, the protocol's `INFO max_memory`: the whole
/// process's resident memory, as Gomocup defines it) is shared out. First
/// [`MEMORY_BASELINE_BYTES`] are kept for the program itself; of the rest the transposition
/// table gets [`MEMORY_HASH_PERCENT`] (rounded down to a power of two of entries, so between
/// half of that and all of it), the threat solver's tables [`MEMORY_THREAT_PERCENT`] (its
/// memory budget, `ThreatSolver::set_memory_budget`), and what is left is headroom for what a
/// search allocates as it goes (move lists, principal variations, reports, the allocator's
/// slack). Without a limit the table has [`DEFAULT_HASH_BYTES`] and the threat solver its
/// default budget.
///
/// The baseline covers the code and data of the binary, the stacks of the protocol engine's
/// threads, the pattern tables, the boards and the I/O buffers: about 3 MB measured as the
/// peak resident memory (`VmHWM`) of `pbrain-gomoku` before its first search, plus a margin.
pub const MEMORY_BASELINE_BYTES: u64 = 5 << 20;
/// Under a memory limit, the share (percent) of it, after [`MEMORY_BASELINE_BYTES`], given to
/// the transposition table.
pub const MEMORY_HASH_PERCENT: u64 = 50;
/// Under a memory limit, the share (percent) of it, after [`MEMORY_BASELINE_BYTES`], given to
/// the threat solver's tables (see `WinFinder::set_table_bytes`).
pub const MEMORY_THREAT_PERCENT: u64 = 25;
/// The smallest transposition table the engine shrinks to under a memory limit.
pub const MIN_HASH_BYTES: usize = 256 << 10;
/// The smallest budget given to the threat solver's tables under a memory limit.
pub const MIN_THREAT_TABLE_BYTES: usize = 128 << 10;
/// The largest budget given to the threat solver's tables under a memory limit: its default
/// without a limit.
pub const MAX_THREAT_TABLE_BYTES: usize = crate::threat::DEFAULT_MEMORY_BYTES;

/// Depth searched when no limit at all is given.
pub const DEPTH_WITHOUT_LIMITS: u32 = 6;

/// When the move has a time of its own and no match clock binds, iterations start until the
/// deadline: time a move saves is lost (an unfinished iteration still yields its better root
/// moves). Together with [`TIME_SAFETY_MS`] at 5 instead of 20, the median move at 300 ms/move
/// took 256 ms instead of 241 ms. Pentanomial SPRT(0, 10) at 100 ms/move against 80 and 20:
/// 443-354-65 after 862 games, +36 [+14, +59], H1 accepted. (The margin landed at 10 ms, not
/// 5: see [`TIME_SAFETY_MS`].) So the time manager stops early under a turn limit only for a
/// forced move or a proven result.
///
/// Under a match clock, before the time manager, a new iteration was not started once 80% of
/// the move's time was used. 80 against 60, pentanomial SPRT at 100 ms/move in two runs of
/// 1,000 games: +21 [+0, +41] and +19 [-1, +40] (together about +20 [+6, +34]). 92 against
/// 80, same test: 283-314-50 after 647 games, -17 +-26 (stopped). The time manager now decides
/// from the growth of the iterations instead.
pub const FIXED_TIME_ITERATION_PERCENT: u32 = 100;
/// Time kept back from every deadline for answering (milliseconds). The search looks at the
/// clock every [`CHECK_EVERY_NODES`] nodes (well under a millisecond), and a protocol frontend
/// keeps its own reserve for output and the manager. At 5 ms our longest move in 40 games at
/// 300 ms/move against Rapfi took 298 ms on a loaded machine, too close to the limit; 10 ms
/// keeps 5 ms more headroom.
pub const TIME_SAFETY_MS: u64 = 10;
/// Time each move still possible in the game may cost beyond what the search spends
/// (milliseconds): the search stops a little after its maximum and the answer travels, even
/// when the budget is nil. Under a match clock the time manager keeps this much back for every
/// move of its own that the empty points still allow (as Stockfish keeps its move overhead back
/// for the moves to go), so that a game that fills the board never runs out. Without it, in
/// 200 games under a 20 s clock with 2 s turns (2 shared cores, loaded) the games that filled
/// the board (225 plies) used up to 20,235 ms: at the end every move took a few milliseconds
/// more than its budget of almost nothing. The answer to a move with no time left takes 0.1 ms
/// (median) to 4 ms (90th percentile) on the idle machine. At 3 ms the engine keeps 339 ms of
/// a 20 s clock back on the empty board. Not enough everywhere: in 40 games against Rapfi under
/// the same clock, with three busy processes on the two cores, the one game that filled the
/// board still used 20,219 ms. So this is the floor: the protocol engine measures the overhead
/// from the manager's `time_left` ([`crate::MoveOverhead`], [`crate::Limits::move_overhead`]).
pub const MOVE_OVERHEAD_MS: u64 = 3;
/// The most the time manager keeps back a move for the overhead it measured from the manager's
/// clock ([`crate::MoveOverhead`]): 50 ms a move is 5.6 s of the 113 moves a 15x15 board allows,
/// and a manager charging more than that is broken rather than slow.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 50;
/// The margin (percent) on the measured overhead: the mean of the latest moves' overheads
/// understates the slow ones.
pub const MOVE_OVERHEAD_MARGIN_PERCENT: u32 = 25;
/// A move never takes more than this share (percent) of its turn limit, whatever the reserve:
/// the search stops a few milliseconds after its maximum (it looks at the clock every
/// [`CHECK_EVERY_NODES`] nodes, then unwinds and answers), and tournament rules want the
/// longest move well inside the turn. With the turn less [`TIME_SAFETY_MS`] alone, the longest
/// of our moves in 100 games at 300 ms/move against Rapfi took 293.1 ms (97.7%), and one at
/// 2 s turns 1,937 ms (96.9%).
pub const TURN_MAX_PERCENT: u32 = 93;

/// The time manager's estimate of a game's length in plies, by rule, from which it counts the
/// moves still to play (see `search::time_manager::moves_left`): games between engines on 15x15
/// last about 40 to 80 plies (a 67-ply freestyle game against Wine; exact-five rules and Renju
/// run longer, a five being harder to make). Estimates, not measured yet.
pub const EXPECTED_GAME_PLIES_FREESTYLE: u32 = 70;
/// See [`EXPECTED_GAME_PLIES_FREESTYLE`]: standard (exact five) and the caro rules.
pub const EXPECTED_GAME_PLIES_EXACT: u32 = 80;
/// See [`EXPECTED_GAME_PLIES_FREESTYLE`]: Renju.
pub const EXPECTED_GAME_PLIES_RENJU: u32 = 90;
/// However long the game has lasted, the time manager plans for at least this many more moves
/// of its own: each move then gets at most about a tenth of the match time left, which the
/// clock can afford for ever (the time left shrinks geometrically and never runs out).
pub const MIN_MOVES_LEFT: u32 = 10;
/// Under a match clock a move's maximum is at most this many times its optimum (the even
/// share of the time left)...
pub const MAX_OVER_OPTIMUM: u32 = 4;
/// ... and at most this fraction of the match time left.
pub const MATCH_MAX_DIVISOR: u32 = 5;
/// The time manager stretches a move's optimum (under a match clock) by 1 plus this many
/// times the recent changes of the best move (each iteration's change counts 1, halved at
/// every later iteration, as Stockfish's best-move instability does).
pub const BEST_MOVE_CHANGE_WEIGHT: f64 = 1.0;
/// A root score fallen by this much (evaluation units) since the previous iteration stretches
/// the optimum by half; a risen one shrinks it, within [`MIN_FALLING_FACTOR`] and
/// [`MAX_FALLING_FACTOR`].
pub const FALLING_SCORE_HALF: i32 = 100;
/// See [`FALLING_SCORE_HALF`].
pub const MIN_FALLING_FACTOR: f64 = 0.75;
/// See [`FALLING_SCORE_HALF`].
pub const MAX_FALLING_FACTOR: f64 = 1.5;
/// The optimum is scaled by `EFFORT_PIVOT` less the share of the last iteration's root nodes
/// spent on its best move, within [`MIN_EFFORT_FACTOR`] and [`MAX_EFFORT_FACTOR`]: a move that
/// took almost all the nodes (the others refuted at once) needs little more thought, a root
/// where the effort was spread over several moves needs more.
pub const EFFORT_PIVOT: f64 = 1.4;
/// See [`EFFORT_PIVOT`].
pub const MIN_EFFORT_FACTOR: f64 = 0.5;
/// See [`EFFORT_PIVOT`].
pub const MAX_EFFORT_FACTOR: f64 = 1.25;
/// How much longer the next iteration is taken to last than the last one, until two
/// iterations have been timed (then their ratio, within [`MIN_ITERATION_GROWTH`] and
/// [`MAX_ITERATION_GROWTH`], is used).
pub const DEFAULT_ITERATION_GROWTH: f64 = 2.5;
/// See [`DEFAULT_ITERATION_GROWTH`].
pub const MIN_ITERATION_GROWTH: f64 = 1.2;
/// See [`DEFAULT_ITERATION_GROWTH`].
pub const MAX_ITERATION_GROWTH: f64 = 6.0;
/// Under a match clock that binds, a search whose root has a single candidate (every other
/// move loses at once) stops after this depth: the move is forced, its score is known well
/// enough, and the time it saves serves later moves. Under a turn limit alone the time would be
/// lost, so a forced move searches on: the table it fills serves the next move.
pub const FORCED_MOVE_DEPTH: u32 = 2;

/// Share (percent) of the time left for the move that the threat solver may use at the root
/// before the main search.
pub const ROOT_THREAT_TIME_PERCENT: u32 = 10;
/// Nodes the threat solver may search at the root: the shortest VCF first, then VCT with what
/// is left.
///
/// Before the main search starts, this check takes about 34 ms of a 300 ms move in a middle
/// game (9,000 nodes at less than half the main search's speed). 5,000 instead
/// (`gomoku bench` 125,130 nodes), pentanomial SPRT(0, 10) at 100 ms/move: 186-181-48 after
/// 415 games, +4 +-32 (stopped): no measurable gain either way.
pub const ROOT_THREAT_NODES: u64 = 20_000;
/// Nodes the threat solver may search for a VCF at a leaf of the main search where the side to
/// move has a four to play, when the engine's own leaf search (fours and blocks, up to
/// [`QUIESCENCE_MAX_FOURS`]) found none; 0, the default, leaves the leaves to that search.
pub const LEAF_THREAT_NODES: u64 = 0;
/// The leaf search plays at most this many fours in a row (a VCF of up to this length is seen
/// at the leaves of the main search).
pub const QUIESCENCE_MAX_FOURS: u32 = 8;
/// Nodes one leaf search may visit (fours and blocks) before it stands pat everywhere.
///
/// Rapfi's delta pruning of the leaf search (no fours when the static evaluation lies 2,000
/// below alpha) measured -8 [-28, +12] over 1,000 games (SPRT(0, 10) at 100 ms/move): not kept.
/// Now that the leaf search plays only fours near the side's previous move, 256 (Rapfi sets no
/// limit) measured 229-230-49 after 508 games, -1 +-29 (same test, stopped). Rapfi's
/// combined fours (after the first four of a leaf search, only fours that also make an open
/// two or better on another line, unless the side's last two fours were such; `gomoku bench`
/// 197,440 nodes): 134-129-44 after 307 games, +6 +-36 (stopped); with the history kept
/// whole between moves as well, 162-165-53 after 380 games, -3 +-33 (stopped).
pub const QUIESCENCE_NODES: u64 = 64;
/// The leaf search plays only fours within this many points (in any direction) of the side's
/// previous move, or on a line through it within [`QUIESCENCE_LINE_REACH`] (Rapfi's VCF
/// neighbourhood): a four far from the last one rarely continues an attack, and the budget is
/// better spent on those that do.
pub const QUIESCENCE_SQUARE_REACH: u8 = 2;
/// See [`QUIESCENCE_SQUARE_REACH`].
pub const QUIESCENCE_LINE_REACH: u8 = 4;

/// When the engine checks its chosen move against the opponent's threats, the main search gets
/// this share (percent) of the move's time; the check (and a new search if the move is
/// refuted) gets the rest. With 85 the engine used on average 44 ms of a 100 ms move; 95
/// measured better in self-play (+18 [+2, +34] Elo over 1,700 games at 100 ms/move).
pub const MAIN_SEARCH_TIME_PERCENT: u32 = 95;
/// Nodes the threat solver may search to look for the opponent's forced win after the chosen
/// root move.
///
/// Giving the check more (main search 70% of the time, checks of up to 200,000 nodes and 90%
/// of the time left) did worse against Rapfi at 100 ms/move, 160 games each on the same
/// seed: 13-147 (8.1%) against 21-139 (13.1%) for these values.
pub const DEFENCE_CHECK_NODES: u64 = 30_000;
/// Share (percent) of the time left that one such check may use.
pub const DEFENCE_CHECK_TIME_PERCENT: u32 = 40;
/// Share (percent) of the time left that a new search after a refuted move may use.
pub const RESEARCH_TIME_PERCENT: u32 = 50;
/// The most root moves that are checked (and refuted) for one move.
pub const MAX_DEFENCE_CHECKS: usize = 6;

/// Evaluation units per logit of the fitted move values: the temperature their fit found
/// (`gomoku tune --policy`), with which they give the probability that a strong player picks
/// each move (see [`POLICY_REDUCTION_PER_LOGIT`]).
pub const POLICY_TEMPERATURE: f32 = 112.0;
/// Weight of a network's policy logit ([`crate::Evaluator::move_logit`]) in the move values,
/// in logits of the fitted move values (each [`POLICY_TEMPERATURE`] units): 0 leaves the move
/// values alone. With the compiled-in freestyle network, weight 1 against 0 at 100 ms/move,
/// 200 games (`engine,network_policy_weight=1` against `engine`, `--openings-order random
/// --seed 79 -j 2`): 79-83-38, -7 [-51, +37]. Not taken.
pub const NETWORK_POLICY_WEIGHT: f32 = 0.0;
/// Share of a network's correction that the evaluation adds to the pattern evaluator's value
/// (networks of [`crate::nnue::ValueBase::Patterns`]; a network standing alone is used whole):
/// a search picks the leaves whose corrections err upwards, so a correction counts for less
/// than its fit. `engine,network_weight=W` sets it for one engine.
///
/// With the compiled-in freestyle network, 0.5 against 1, both as brains, 200 games each in
/// random order (`--openings-order random -j 2`): at 100 ms/move (seed 85) 101-74-25, +47
/// [+2, +94]; at 300 ms/move (seed 86) 82-71-47, +19 [-23, +62]. As the default against
/// weight 1, pentanomial SPRT(0, 10) at 100 ms/move, seed 87: 466-402-132 in 1,000 games,
/// +22 [+2, +42], LLR 1.99 (not yet 2.94).
pub const NETWORK_CORRECTION_WEIGHT: f32 = 0.5;
/// Policy reduction: a late move whose move value lies more than [`POLICY_REDUCTION_BIAS`]
/// / this logits below the best of its node is reduced this many plies per logit more (at
/// most [`POLICY_REDUCTION_MAX`]).
///
/// Alone, pentanomial SPRT(0, 10) at 100 ms/move against the engine without it, four runs:
/// 815-798-275 in 1,888 games, about +3; taken with two other changes (see [`LMR_SCALE`]).
/// Measured and not kept, same test: 0.35 a ply from 2 logits, at most 2 plies, +6 +-32
/// after 388 games; 0.7 a ply from half a logit, at most 4, -10 +-35 after 318 games.
/// Policy pruning as well (Rapfi's, with its network's policy: up to 6 plies from the leaves, a
/// move that is no threat nor defence and lies more than 3 + 0.5 a ply logits below the best,
/// not searched; `gomoku bench` 9% fewer nodes): 171-182-66 after 419 games, -9 +-31 (stopped).
pub const POLICY_REDUCTION_PER_LOGIT: f32 = 0.5;
/// See [`POLICY_REDUCTION_PER_LOGIT`].
pub const POLICY_REDUCTION_BIAS: f32 = 0.5;
/// See [`POLICY_REDUCTION_PER_LOGIT`].
pub const POLICY_REDUCTION_MAX: f32 = 3.0;
