//! The table of proven and disproven positions, bounded in memory.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use gomoku_rules::Point;

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

/// What one entry costs at most, in bytes: the key and value (16 bytes), the hash map's
/// control byte, and up to half of the capacity unused after the map doubled.
pub(crate) const BYTES_PER_ENTRY: usize = 40;

/// Proven and disproven positions by Zobrist hash (which includes the side to move), at most
/// as many as fit a byte budget: the table is cleared when it is full.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    map: HashMap<u64, Known, BuildHasherDefault<ZobristHasher>>,
    max_entries: usize,
}

impl Table {
    /// An empty table that uses at most about `bytes` bytes (at least one entry).
    pub(crate) fn with_bytes(bytes: usize) -> Table {
        Table {
            map: HashMap::default(),
            max_entries: (bytes / BYTES_PER_ENTRY).max(1),
        }
    }

    /// Whether the attacker wins with `depth` attacking moves, if known: `Ok` with the number
    /// of attacking moves a known win needs at most and its best move, `Err` for no win.
    #[inline]
    pub(crate) fn probe(&self, key: u64, depth: u8) -> Option<Result<(u8, Option<Point>), ()>> {
        match self.map.get(&key)? {
            Known::Win { depth: d, best } if *d <= depth => Some(Ok((*d, *best))),
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

    /// Records a result; a win is never replaced by a no-win, a shorter win replaces a longer
    /// one and a no-win for more depth one for less.
    pub(crate) fn store(&mut self, key: u64, known: Known) {
        if self.map.len() >= self.max_entries {
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

    /// Forgets everything and holds at most about `bytes` bytes from now on.
    pub(crate) fn resize(&mut self, bytes: usize) {
        *self = Table::with_bytes(bytes);
    }
}
