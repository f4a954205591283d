//! [`NnueEvaluator`]: the network's value behind the [`Evaluator`] trait.

use std::cell::RefCell;
use std::sync::{Arc, OnceLock};

use gomoku_rules::{Board, Color, Point, Rule};

use super::accumulator::Accumulator;
use super::network::{Network, ValueBase};
use crate::evaluator::Evaluator;
use crate::params::{EVAL_LIMIT, NETWORK_CORRECTION_WEIGHT};
use crate::pattern::Patterns;
use crate::pattern_evaluator::PatternEvaluator;
use crate::score::Score;

/// The networks compiled into the library, as network files (see
/// `gomoku-ai/weights/README.md` for how each was made): freestyle's. The other rules keep the
/// pattern evaluator until they have one.
pub const DEFAULT_NETWORK_FILES: &[&[u8]] = &[include_bytes!("../../weights/freestyle.nnue")];

/// The largest weight [`NnueEvaluator::with_correction_weight`] takes.
pub const MAX_CORRECTION_WEIGHT: f32 = 4.0;

/// The compiled-in networks, read once.
fn default_networks() -> &'static [Arc<Network>] {
    static NETS: OnceLock<Vec<Arc<Network>>> = OnceLock::new();
    NETS.get_or_init(|| {
        DEFAULT_NETWORK_FILES
            .iter()
            .map(|bytes| {
                Arc::new(Network::from_bytes(bytes).expect("a compiled-in network is valid"))
            })
            .collect()
    })
}

/// An [`Evaluator`] whose value is a network's (see [`super`]) for the rules it has one for,
/// and the [`PatternEvaluator`]'s for the others. The line patterns stay kept as well: the
/// search's threat logic and its move ordering ([`Evaluator::score_move`]) read them.
///
/// ```
/// use gomoku_ai::nnue::{Network, NnueEvaluator};
/// use gomoku_ai::Evaluator;
/// use gomoku_rules::{Board, Rule};
/// let mut eval = NnueEvaluator::with_networks(vec![Network::random(Rule::Freestyle, 1)]);
/// let mut board = Board::new(15).unwrap();
/// eval.reset(&board, Rule::Freestyle);
/// let h8 = "h8".parse().unwrap();
/// board.play_unchecked(h8);
/// eval.on_play(&board, h8);
/// assert!(eval.has_network());
/// assert!(eval.evaluate(&board).0.abs() < 20_000);
/// ```
#[derive(Clone, Debug)]
pub struct NnueEvaluator {
    networks: Arc<[Arc<Network>]>,
    patterns: PatternEvaluator,
    /// The network of the rule being played and its state with Black and with White to move,
    /// each brought up to date when read (hence the cells: [`Evaluator::evaluate`] takes
    /// `&self`).
    active: Option<(Arc<Network>, [RefCell<Accumulator>; 2])>,
    /// The share of a correcting network's value that is added to the pattern evaluator's.
    correction_weight: f32,
}

impl Default for NnueEvaluator {
    fn default() -> NnueEvaluator {
        NnueEvaluator::new()
    }
}

impl NnueEvaluator {
    /// The evaluator with the compiled-in networks ([`DEFAULT_NETWORK_FILES`]).
    pub fn new() -> NnueEvaluator {
        NnueEvaluator::with_shared(default_networks().to_vec(), PatternEvaluator::new())
    }

    /// The evaluator with `networks` (the first one for each rule counts); rules without one
    /// are valued by the pattern evaluator.
    pub fn with_networks(networks: Vec<Network>) -> NnueEvaluator {
        NnueEvaluator::with_shared(
            networks.into_iter().map(Arc::new).collect(),
            PatternEvaluator::new(),
        )
    }

    /// The same networks over `patterns` (whose weights value the rules without a network,
    /// and whose line patterns order the moves).
    pub fn with_patterns(self, patterns: PatternEvaluator) -> NnueEvaluator {
        NnueEvaluator {
            patterns,
            active: None,
            ..self
        }
    }

    /// The same evaluator adding `weight` times a network's correction to the pattern
    /// evaluator's value instead of [`NETWORK_CORRECTION_WEIGHT`] times (a network standing
    /// alone is used whole). `weight` is clamped to `0..=`[`MAX_CORRECTION_WEIGHT`] (a NaN
    /// leaves the weight as it was); 0 values as the pattern evaluator does.
    pub fn with_correction_weight(self, weight: f32) -> NnueEvaluator {
        if weight.is_nan() {
            return self;
        }
        NnueEvaluator {
            correction_weight: weight.clamp(0.0, MAX_CORRECTION_WEIGHT),
            ..self
        }
    }

    /// The share of a network's correction added to the pattern evaluator's value.
    pub fn correction_weight(&self) -> f32 {
        self.correction_weight
    }

    fn with_shared(networks: Vec<Arc<Network>>, patterns: PatternEvaluator) -> NnueEvaluator {
        NnueEvaluator {
            networks: networks.into(),
            patterns,
            active: None,
            correction_weight: NETWORK_CORRECTION_WEIGHT,
        }
    }

    /// The compiled-in networks plus `network`, which replaces the compiled-in one of its rule.
    pub fn with_network_over_defaults(network: Network) -> NnueEvaluator {
        let rule = network.rule();
        let mut nets = vec![Arc::new(network)];
        nets.extend(
            default_networks()
                .iter()
                .filter(|n| n.rule() != rule)
                .cloned(),
        );
        NnueEvaluator::with_shared(nets, PatternEvaluator::new())
    }

    /// Whether `rule` has a compiled-in network.
    pub fn has_default_network(rule: Rule) -> bool {
        default_networks().iter().any(|n| n.rule() == rule)
    }

    /// The network used under `rule`, if any.
    pub fn network(&self, rule: Rule) -> Option<&Arc<Network>> {
        self.networks.iter().find(|n| n.rule() == rule)
    }

    /// Whether the position set by the last [`Evaluator::reset`] is valued by a network.
    pub fn has_network(&self) -> bool {
        self.active.is_some()
    }

    /// The pattern evaluator underneath (to set its weights).
    pub fn patterns_mut(&mut self) -> &mut PatternEvaluator {
        &mut self.patterns
    }

    /// The network's move logit of the empty point `p` for the side to move (a higher one is a
    /// more likely move), when a network values this position.
    pub fn policy(&self, board: &Board, p: Point) -> Option<f32> {
        let (net, accs) = self.active.as_ref()?;
        let mut acc = accs[board.side_to_move().index()].borrow_mut();
        acc.sync(net);
        Some(net.policy_logit(acc.channels(p)))
    }

    /// The network's value logit for the side to move, when a network values this position
    /// (a correction to the pattern evaluator's value where its [`ValueBase`] says so).
    pub fn value_logit(&self, board: &Board) -> Option<f32> {
        let (net, accs) = self.active.as_ref()?;
        let mut acc = accs[board.side_to_move().index()].borrow_mut();
        acc.sync(net);
        Some(net.value_logit(acc.sums(), acc.points()))
    }

    /// Whether the incremental state equals one computed from scratch for `board` (for tests).
    #[doc(hidden)]
    pub fn matches_scratch(&self, board: &Board) -> bool {
        match &self.active {
            Some((net, accs)) => accs
                .iter()
                .all(|acc| acc.borrow_mut().matches_scratch(net, board)),
            None => true,
        }
    }
}

impl Evaluator for NnueEvaluator {
    fn reset(&mut self, board: &Board, rule: Rule) {
        self.patterns.reset(board, rule);
        self.active = self.network(rule).map(|net| {
            let acc = |me| RefCell::new(Accumulator::new(net, board, me));
            (Arc::clone(net), [acc(Color::Black), acc(Color::White)])
        });
    }

    #[inline]
    fn on_play(&mut self, board: &Board, p: Point) {
        self.patterns.on_play(board, p);
        if let (Some((_, accs)), Some(color)) = (&mut self.active, board.get(p)) {
            for acc in accs {
                acc.get_mut().play(p, color);
            }
        }
    }

    #[inline]
    fn on_undo(&mut self, board: &Board, p: Point) {
        self.patterns.on_undo(board, p);
        if let Some((_, accs)) = &mut self.active {
            for acc in accs {
                acc.get_mut().undo(p);
            }
        }
    }

    fn evaluate(&self, board: &Board) -> Score {
        match (&self.active, self.value_logit(board)) {
            (Some((net, _)), Some(logit)) => {
                let (base, weight) = match net.value_base() {
                    ValueBase::Alone => (0.0, 1.0),
                    ValueBase::Patterns => (
                        self.patterns.evaluate(board).0 as f32,
                        self.correction_weight,
                    ),
                };
                let units = (base + weight * logit * net.eval_scale()).round();
                let limit = EVAL_LIMIT as f32;
                Score(units.clamp(-limit, limit) as i32)
            }
            _ => self.patterns.evaluate(board),
        }
    }

    #[inline]
    fn score_move(&self, board: &Board, p: Point) -> i32 {
        self.patterns.score_move(board, p)
    }

    #[inline]
    fn move_logit(&self, board: &Board, p: Point) -> Option<f32> {
        self.policy(board, p)
    }

    fn patterns(&self) -> Option<&Patterns> {
        self.patterns.patterns()
    }
}
