//! Which parts of the search are switched on (all of them, except in tests that compare plain
//! alpha-beta with minimax).

/// The parts of the search that can be switched off. [`SearchFeatures::default`] is the full
/// engine; [`SearchFeatures::alpha_beta_only`] leaves plain fixed-depth alpha-beta over the
/// neighbourhood candidates, which returns exactly the minimax value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchFeatures {
    /// Probe and store the transposition table.
    pub transposition: bool,
    /// Candidates pruned by threats: against a four only the block, against an open three or a
    /// four-three point only the defences and own fours; a double five threat is a loss; an
    /// open four, a four-three or a double three is a win when the opponent has no four to
    /// make (see `Searcher::static_win`).
    pub threat_pruning: bool,
    /// Search a forced reply (a single candidate) without using up depth.
    pub extensions: bool,
    /// At the leaves, see a win on the board, an unstoppable open four, and forced blocks.
    pub leaf_threats: bool,
    /// Principal variation search (null windows after the first move).
    pub pvs: bool,
    /// Late move reductions of quiet moves, and late move pruning of quiet moves near the leaves.
    pub late_move_reductions: bool,
    /// Killer and history heuristics in move ordering.
    pub killers_history: bool,
    /// Ask the threat-space solver (VCF/VCT) for a forced win at the root (and at leaves, if it
    /// has a leaf budget).
    pub threat_search: bool,
    /// Check the move chosen at the root against the opponent's forced wins (VCF and VCT) with
    /// the threat solver; when one refutes it, search again without it.
    pub threat_defence: bool,
    /// Selective search away from the principal variation, where the opponent makes no threat:
    /// razoring, futility pruning, move-count pruning, pruning of shapeless moves near the
    /// leaves, logarithmic late move reductions, internal iterative reduction and mate-distance
    /// pruning (see the constants in `params`). Off, late moves are only reduced by one ply and
    /// pruned near the leaves.
    pub selective: bool,
}

impl Default for SearchFeatures {
    fn default() -> SearchFeatures {
        SearchFeatures {
            transposition: true,
            threat_pruning: true,
            extensions: true,
            leaf_threats: true,
            pvs: true,
            late_move_reductions: true,
            killers_history: true,
            threat_search: true,
            threat_defence: true,
            selective: true,
        }
    }
}

impl SearchFeatures {
    /// Everything off but alpha-beta itself.
    pub fn alpha_beta_only() -> SearchFeatures {
        SearchFeatures {
            transposition: false,
            threat_pruning: false,
            extensions: false,
            leaf_threats: false,
            pvs: false,
            late_move_reductions: false,
            killers_history: false,
            threat_search: false,
            threat_defence: false,
            selective: false,
        }
    }
}
