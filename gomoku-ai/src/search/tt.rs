//! The transposition table: search results by Zobrist hash, within a memory bound.

use gomoku_core::Point;

use crate::score::Score;

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least this (a beta cut-off).
    Lower,
    /// The true value is at most this (no move raised alpha).
    Upper,
}

/// One stored result (16 bytes).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    score: i32,
    /// `Point::index() + 1`, 0 for none.
    best: u16,
    depth: i8,
    /// Bits 0-1: bound (0 empty, 1 exact, 2 lower, 3 upper); bits 2-7: generation.
    flags: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub score: Score,
    pub best: Option<Point>,
    pub depth: i32,
    pub bound: Bound,
}

/// A hash table of search results, sized once in bytes (rounded down to a power of two of
/// 16-byte entries, at least one entry). An entry is replaced by a search of the same or greater
/// depth, or by any search of a newer move.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    entries: Vec<Entry>,
    generation: u8,
}

impl TranspositionTable {
    /// Size of one entry in bytes.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

    /// A table that uses at most `bytes` bytes (at least one entry).
    pub fn new(bytes: usize) -> TranspositionTable {
        TranspositionTable {
            entries: vec![Entry::default(); Self::bytes_for(bytes) / Self::ENTRY_BYTES],
            generation: 0,
        }
    }

    /// The bytes a table made with [`TranspositionTable::new`]`(bytes)` uses: a power of two
    /// of entries, at most `bytes` (but at least one entry).
    ///
    /// ```
    /// use gomoku_ai::TranspositionTable;
    /// assert_eq!(TranspositionTable::bytes_for(3 << 20), 2 << 20);
    /// assert_eq!(TranspositionTable::bytes_for(1), TranspositionTable::ENTRY_BYTES);
    /// ```
    pub fn bytes_for(bytes: usize) -> usize {
        let wanted = (bytes / Self::ENTRY_BYTES).max(1);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        len * Self::ENTRY_BYTES
    }

    /// The memory used by the entries, in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * Self::ENTRY_BYTES
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries become easier to replace.
    pub(crate) fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry of `key`, with mate scores made relative to the root at `ply`.
    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: u32) -> Option<Hit> {
        let e = &self.entries[self.slot(key)];
        if e.key != key || e.flags & 3 == 0 {
            return None;
        }
        let bound = match e.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            score: score_from_tt(Score(e.score), ply),
            best: e
                .best
                .checked_sub(1)
                .and_then(|i| Point::from_index(i as usize)),
            depth: e.depth as i32,
            bound,
        })
    }

    /// Stores a result for `key` found at `ply` from the root.
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: u32,
        depth: i32,
        score: Score,
        bound: Bound,
        best: Option<Point>,
    ) {
        let generation = self.generation;
        let slot = self.slot(key);
        let e = &mut self.entries[slot];
        let same = e.key == key;
        let old = (e.flags >> 2) != generation;
        if !(same || old || depth >= e.depth as i32 || e.flags & 3 == 0) {
            return;
        }
        let best = match best {
            Some(p) => p.index() as u16 + 1,
            None if same => e.best,
            None => 0,
        };
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        *e = Entry {
            key,
            score: score_to_tt(score, ply).0,
            best,
            depth: depth.clamp(-100, 100) as i8,
            flags: bound_bits | generation << 2,
        };
    }
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(s: Score, ply: u32) -> Score {
    if s >= Score::WIN_THRESHOLD {
        s + ply as i32
    } else if s <= -Score::WIN_THRESHOLD {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: Score, ply: u32) -> Score {
    if s >= Score::WIN_THRESHOLD {
        s - ply as i32
    } else if s <= -Score::WIN_THRESHOLD {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_bounded_by_the_bytes_given() {
        assert_eq!(TranspositionTable::ENTRY_BYTES, 16);
        assert_eq!(TranspositionTable::new(1 << 20).bytes(), 1 << 20);
        assert_eq!(TranspositionTable::new(1_000_000).bytes(), 1 << 19);
        assert_eq!(TranspositionTable::new(0).bytes(), 16);
    }

    #[test]
    fn stores_and_finds_with_mate_distances_relative_to_the_node() {
        let mut tt = TranspositionTable::new(1 << 12);
        let p: Point = "h8".parse().unwrap();
        // A win 7 plies from the root found at ply 3 is a win in 4 from that node ...
        tt.store(42, 3, 5, Score::win_in(7), Bound::Exact, Some(p));
        // ... so reached at ply 5 it is a win 9 plies from the root.
        let hit = tt.probe(42, 5).unwrap();
        assert_eq!(hit.score, Score::win_in(9));
        assert_eq!(hit.best, Some(p));
        assert_eq!(hit.depth, 5);
        assert_eq!(hit.bound, Bound::Exact);
        assert!(tt.probe(43, 5).is_none());
        tt.clear();
        assert!(tt.probe(42, 5).is_none());
    }
}
