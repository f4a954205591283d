//! The engine checks the move its search chose against the opponent's forced wins: a move that
//! lets the opponent win by a long VCT (beyond the main search's horizon) is replaced.

use gomoku_ai::threat::{self, Budget, ThreatResult, ThreatSolver};
use gomoku_ai::weights::EvalWeights;
use gomoku_ai::{Engine, Limits, Player, SearchFeatures, WinFinder, WinSearch};
use gomoku_rules::moves::parse_moves;
use gomoku_rules::{Board, Game, Point, Rule};

/// From a game the engine (White) lost to `priority` at 200 ms a move: White to move. After
/// f5, Black wins by the VCT f9 k10 l10 d7 g9 g12 h9 e9 j9; k10 and l10 hold.
const LOST_GAME: &str =
    "h8 i7 g11 g7 h7 h6 f8 i8 i5 i10 i9 g5 j8 h10 f4 g6 g8 j10 g10 i6 f6 g4 g3 j6 k6";

fn position(extra: &str) -> Board {
    let moves = parse_moves(&format!("{LOST_GAME} {extra}"), 15).unwrap();
    Game::from_moves(15, Rule::Freestyle, moves)
        .unwrap()
        .board()
        .clone()
}

/// The engine's threat solver with a larger node budget: the VCT that refutes f5 takes about
/// 66,000 nodes, more than the engine gives one check by default.
struct GenerousSolver(ThreatSolver);

impl WinFinder for GenerousSolver {
    fn find_win(&mut self, board: &Board, rule: Rule, budget: &Budget, at_root: bool) -> WinSearch {
        let generous = Budget {
            max_nodes: 500_000,
            ..budget.clone()
        };
        self.0.find_win(board, rule, &generous, at_root)
    }
}

/// The engine with the first tuned freestyle weights (tests/data/freestyle-first-fit.json), with
/// which the search alone walks into the VCT (later weights may steer clear of it by themselves,
/// and the test needs a search that does not), searching 4 plies (at 5, since the search reads
/// four-threes and double threes as wins, it sees this one by itself).
fn choose(features: SearchFeatures, board: &Board) -> Point {
    let mut engine = Engine::new();
    let weights = EvalWeights::from_json(include_str!("data/freestyle-first-fit.json")).unwrap();
    engine.evaluator_mut().set_weights(weights);
    engine.set_hash_bytes(4 << 20);
    engine.set_features(features);
    engine.set_threat_solver(Box::new(GenerousSolver(ThreatSolver::new())));
    engine
        .choose(board, Rule::Freestyle, &Limits::depth(4), &mut |_| {})
        .best
        .unwrap()
}

/// The opponent's VCT after `p`, with a budget far above the engine's.
fn opponent_vct_after(board: &Board, p: Point) -> ThreatResult {
    let mut after = board.clone();
    after.place(p, board.side_to_move()).unwrap();
    after.set_side_to_move(!board.side_to_move());
    threat::vct(&after, Rule::Freestyle, &Budget::nodes(2_000_000))
}

#[test]
fn a_move_refuted_by_the_opponents_vct_is_replaced() {
    let board = position("");
    let without = SearchFeatures {
        threat_defence: false,
        ..SearchFeatures::default()
    };
    let careless = choose(without, &board);
    // The position is one where the check matters: the search alone walks into the VCT.
    assert!(
        opponent_vct_after(&board, careless).is_win(),
        "{careless} was expected to lose to a VCT"
    );
    let careful = choose(SearchFeatures::default(), &board);
    assert_ne!(careful, careless);
    assert!(
        !opponent_vct_after(&board, careful).is_win(),
        "{careful} loses to a VCT"
    );
}

#[test]
fn a_lost_position_still_gets_a_move() {
    // After f5 f9, Black wins by VCT whatever White does; the engine must still answer with a
    // legal move rather than give up.
    let after = position("f5 f9");
    assert!(
        threat::vct(&after, Rule::Freestyle, &Budget::nodes(10))
            .best_move()
            .is_none()
    );
    let best = choose(SearchFeatures::default(), &after);
    assert!(after.is_empty_at(best));
}
