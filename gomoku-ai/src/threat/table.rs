//! The transposition table of proven and disproven positions.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use gomoku_core::Point;

use super::params::MAX_TABLE_ENTRIES;

/// A hasher for keys that already are Zobrist hashes: it passes them through.
#[derive(Default, Clone, Copy, Debug)]
pub(crate) struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// What is known of a position at a node of the threat search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Known {
    /// The attacker wins with at most `depth` attacking moves; `best` is a winning move (for
    /// the attacker) or the most stubborn defence (for the defender), if there is one.
    Win { depth: u8, best: Option<Point> },
    /// The attacker has no win with `depth` or fewer attacking moves.
    NoWin { depth: u8 },
}

/// Proven and disproven positions by Zobrist hash (which includes the side to move).
#[derive(Clone, Debug, Default)]
pub(crate) struct Table {
    map: HashMap<u64, Known, BuildHasherDefault<ZobristHasher>>,
}

impl Table {
    /// Whether the attacker wins with `depth` attacking moves, if known; with the best move.
    #[inline]
    pub(crate) fn probe(&self, key: u64, depth: u8) -> Option<Result<Option<Point>, ()>> {
        match self.map.get(&key)? {
            Known::Win { depth: d, best } if *d <= depth => Some(Ok(*best)),
            Known::NoWin { depth: d } if *d >= depth => Some(Err(())),
            _ => None,
        }
    }

    /// The best move stored for a proven win, whatever the depth.
    pub(crate) fn best(&self, key: u64) -> Option<Point> {
        match self.map.get(&key)? {
            Known::Win { best, .. } => *best,
            Known::NoWin { .. } => None,
        }
    }

    /// Records a result; a win is never replaced by a no-win, and a result for more depth
    /// replaces one for less.
    pub(crate) fn store(&mut self, key: u64, known: Known) {
        if self.map.len() >= MAX_TABLE_ENTRIES {
            self.map.clear();
        }
        let entry = self.map.entry(key).or_insert(known);
        let replace = match (*entry, known) {
            (Known::Win { depth: old, .. }, Known::Win { depth: new, .. }) => new <= old,
            (Known::Win { .. }, Known::NoWin { .. }) => false,
            (Known::NoWin { .. }, Known::Win { .. }) => true,
            (Known::NoWin { depth: old }, Known::NoWin { depth: new }) => new >= old,
        };
        if replace {
            *entry = known;
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.map.clear();
    }
}
