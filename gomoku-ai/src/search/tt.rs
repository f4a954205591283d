//! The transposition table: search results by Zobrist hash, within a memory bound, shared by
//! every search thread.
//!
//! Each entry is two [`AtomicU64`]s read and written with relaxed ordering (on x86-64 and
//! AArch64 plain loads and stores): the packed data, and the key XOR-ed with the data. Two
//! threads writing one entry at once may leave the key word of one and the data word of the
//! other; a probe then finds that `check ^ data` is neither key, so a torn entry is never
//! returned (the "lockless hashing" of Hyatt and Mann, as chess engines share their tables).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use gomoku_rules::Point;

use crate::params::{DEFAULT_HASH_BYTES, HASH_BYTES_PER_MS, MIN_TIMED_HASH_BYTES};
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

/// One stored result, unpacked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    score: i32,
    /// `Point::index() + 1`, 0 for none.
    best: u16,
    depth: i8,
    /// Bits 0-1: bound (0 empty, 1 exact, 2 lower, 3 upper); bits 2-7: generation.
    flags: u8,
}

impl Entry {
    /// The entry as one word: score in bits 0-31, best 32-47, depth 48-55, flags 56-63.
    #[inline]
    fn pack(self) -> u64 {
        u64::from(self.score as u32)
            | u64::from(self.best) << 32
            | u64::from(self.depth as u8) << 48
            | u64::from(self.flags) << 56
    }

    #[inline]
    fn unpack(word: u64) -> Entry {
        Entry {
            score: word as u32 as i32,
            best: (word >> 32) as u16,
            depth: (word >> 48) as u8 as i8,
            flags: (word >> 56) as u8,
        }
    }
}

/// One slot of the table (16 bytes): the data word and `key ^ data`.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The key and data last stored (possibly torn: the key is then garbage).
    #[inline]
    fn load(&self) -> (u64, u64) {
        let data = self.data.load(Relaxed);
        let check = self.check.load(Relaxed);
        (check ^ data, data)
    }

    #[inline]
    fn save(&self, key: u64, data: u64) {
        self.check.store(key ^ data, Relaxed);
        self.data.store(data, Relaxed);
    }
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub score: Score,
    pub best: Option<Point>,
    pub depth: i32,
    pub bound: Bound,
}

impl Bound {
    /// The bound that the result `score` of a search of the window `alpha`..`beta` gives: a
    /// lower bound at or above beta, an upper bound at or below alpha, exact in between.
    #[inline]
    pub(crate) fn of(score: Score, alpha: Score, beta: Score) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

impl Hit {
    /// Whether the stored bound settles a search of the window `alpha`..`beta`: an exact score,
    /// a lower bound at or above beta, or an upper bound at or below alpha.
    #[inline]
    pub(crate) fn settles(&self, alpha: Score, beta: Score) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// A hash table of search results, sized once in bytes (rounded down to a power of two of
/// 16-byte entries, at least one entry). An entry is replaced by a search of the same or greater
/// depth, or by any search of a newer move. Probes and stores take `&self`: the search threads
/// of one engine share one table (see the module documentation for why a concurrent write
/// never yields a torn entry).
///
/// Buckets of four entries in one 64-byte cache line instead (a new key taking the shallowest
/// entry, each search of age counting 8 plies; `gomoku bench` 148,571 nodes) measured
/// 153-176-43 after 372 games, -22 +-33 (pentanomial SPRT(0, 10) at 100 ms/move against the
/// one-entry table, stopped): no gain shown at the engine's table sizes, so one entry per key
/// stays.
pub struct TranspositionTable {
    entries: Vec<Slot>,
    generation: u8,
}

impl Clone for TranspositionTable {
    fn clone(&self) -> TranspositionTable {
        TranspositionTable {
            entries: self
                .entries
                .iter()
                .map(|s| Slot {
                    check: AtomicU64::new(s.check.load(Relaxed)),
                    data: AtomicU64::new(s.data.load(Relaxed)),
                })
                .collect(),
            generation: self.generation,
        }
    }
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("bytes", &self.bytes())
            .field("generation", &self.generation)
            .finish()
    }
}

impl TranspositionTable {
    /// Size of one entry in bytes.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

    /// A table that uses at most `bytes` bytes (at least one entry).
    pub fn new(bytes: usize) -> TranspositionTable {
        let len = Self::bytes_for(bytes) / Self::ENTRY_BYTES;
        TranspositionTable {
            entries: std::iter::repeat_with(Slot::default).take(len).collect(),
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

    /// The size the engine gives the table by itself for a move of `time` searched on
    /// `threads` threads: [`HASH_BYTES_PER_MS`] per millisecond and thread, between
    /// [`MIN_TIMED_HASH_BYTES`] and [`DEFAULT_HASH_BYTES`] (rounded down to a power of two of
    /// entries); [`DEFAULT_HASH_BYTES`] for an untimed search.
    ///
    /// ```
    /// use std::time::Duration;
    /// use gomoku_ai::TranspositionTable;
    /// let ms = |t| Some(Duration::from_millis(t));
    /// assert_eq!(TranspositionTable::bytes_for_move_time(ms(100), 1), 4 << 20);
    /// assert_eq!(TranspositionTable::bytes_for_move_time(ms(300), 1), 8 << 20);
    /// assert_eq!(TranspositionTable::bytes_for_move_time(ms(300), 4), 32 << 20);
    /// assert_eq!(TranspositionTable::bytes_for_move_time(ms(5), 1), 1 << 20);
    /// assert_eq!(TranspositionTable::bytes_for_move_time(ms(30_000), 1), 64 << 20);
    /// assert_eq!(TranspositionTable::bytes_for_move_time(None, 1), 64 << 20);
    /// ```
    pub fn bytes_for_move_time(time: Option<Duration>, threads: usize) -> usize {
        let Some(time) = time else {
            return Self::bytes_for(DEFAULT_HASH_BYTES);
        };
        let ms = usize::try_from(time.as_millis()).unwrap_or(usize::MAX);
        let bytes = ms
            .saturating_mul(HASH_BYTES_PER_MS)
            .saturating_mul(threads.max(1));
        Self::bytes_for(bytes.clamp(MIN_TIMED_HASH_BYTES, DEFAULT_HASH_BYTES))
    }

    /// The memory used by the entries, in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * Self::ENTRY_BYTES
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for slot in &self.entries {
            slot.save(0, 0);
        }
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

    /// Asks the processor to bring the slot of `key` into the cache: a probe soon after (of
    /// the node a move leads to, once its patterns are updated) then finds it there instead of
    /// waiting for main memory, which took nearly all of a probe's time.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        prefetch_index::prefetch_index(&self.entries, self.slot(key));
    }

    /// The entry of `key`, with mate scores made relative to the root at `ply`.
    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: u32) -> Option<Hit> {
        let (stored_key, data) = self.entries[self.slot(key)].load();
        let e = Entry::unpack(data);
        if stored_key != key || e.flags & 3 == 0 {
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
        &self,
        key: u64,
        ply: u32,
        depth: i32,
        score: Score,
        bound: Bound,
        best: Option<Point>,
    ) {
        let generation = self.generation;
        let slot = &self.entries[self.slot(key)];
        let (stored_key, data) = slot.load();
        let e = Entry::unpack(data);
        let same = stored_key == key;
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
        let entry = Entry {
            score: score_to_tt(score, ply).0,
            best,
            depth: depth.clamp(-100, 100) as i8,
            flags: bound_bits | generation << 2,
        };
        slot.save(key, entry.pack());
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

#[cfg(test)]
mod concurrency_tests {
    use std::sync::atomic::AtomicBool;

    use super::*;

    /// What the writer of `key` stores: every field a function of the key, so that a reader
    /// can tell an entry mixed from two writes.
    fn expected(key: u64) -> (Score, Point) {
        let score = Score((key % 20_000) as i32 - 10_000);
        let best = Point::from_index((key % 225) as usize).unwrap();
        (score, best)
    }

    #[test]
    fn concurrent_writers_never_yield_a_torn_entry() {
        // Four slots, sixteen keys (four to a slot), four writers and a reader: the writes of
        // different keys race on every slot.
        let tt = TranspositionTable::new(4 * TranspositionTable::ENTRY_BYTES);
        let keys: Vec<u64> = (1..=16u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) & !3 | (i & 3))
            .collect();
        let done = AtomicBool::new(false);
        let (hits, probes) = std::thread::scope(|s| {
            for w in 0..4usize {
                let (tt, done, keys) = (&tt, &done, &keys);
                s.spawn(move || {
                    for round in 0.. {
                        if done.load(Relaxed) || round == 5_000_000 {
                            break;
                        }
                        let key = keys[(round * (2 * w + 1) + w) % keys.len()];
                        let (score, best) = expected(key);
                        // The same depth always replaces: every write lands.
                        tt.store(key, 0, 60, score, Bound::Exact, Some(best));
                    }
                });
            }
            let reader = s.spawn(|| {
                let (mut hits, mut probes) = (0u64, 0u64);
                for &key in keys.iter().cycle().take(2_000_000) {
                    probes += 1;
                    if let Some(hit) = tt.probe(key, 0) {
                        hits += 1;
                        let (score, best) = expected(key);
                        assert_eq!(hit.score, score, "key {key:#x}: torn score");
                        assert_eq!(hit.best, Some(best), "key {key:#x}: torn move");
                        assert_eq!((hit.depth, hit.bound), (60, Bound::Exact));
                    }
                }
                (hits, probes)
            });
            let result = reader.join();
            done.store(true, Relaxed);
            result.unwrap()
        });
        // The test means something only if the reader saw stored entries.
        assert!(hits > 0, "no hit in {probes} probes");
    }

    #[test]
    fn a_mixed_entry_fails_the_key_check() {
        // The torn state itself: the check word of one write with the data word of another.
        let tt = TranspositionTable::new(TranspositionTable::ENTRY_BYTES);
        let (a, b) = (0x1234_5678_9abc_def1_u64, 0x0fed_cba9_8765_4321_u64);
        let (sa, pa) = expected(a);
        let (sb, pb) = expected(b);
        tt.store(a, 0, 5, sa, Bound::Lower, Some(pa));
        let check_a = tt.entries[0].check.load(Relaxed);
        tt.store(b, 0, 5, sb, Bound::Upper, Some(pb));
        assert!(tt.probe(b, 0).is_some());
        tt.entries[0].check.store(check_a, Relaxed);
        assert!(tt.probe(a, 0).is_none());
        assert!(tt.probe(b, 0).is_none());
    }

    #[test]
    fn packing_round_trips() {
        for e in [
            Entry::default(),
            Entry {
                score: -Score::INFINITE.0,
                best: 441,
                depth: -100,
                flags: 0xff,
            },
            Entry {
                score: i32::MAX,
                best: u16::MAX,
                depth: 100,
                flags: 1,
            },
        ] {
            assert_eq!(Entry::unpack(e.pack()), e);
        }
    }
}
