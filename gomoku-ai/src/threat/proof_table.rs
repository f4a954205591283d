//! The proof-number table of the df-pn VCT: proof and disproof numbers of the positions
//! searched, in a fixed array sized from a byte budget.

/// "Infinity" for proof and disproof numbers: a proven position has disproof number `INF`,
/// a disproven one proof number `INF`. Sums saturate here.
pub(crate) const INF: u32 = u32::MAX / 4;

/// One position's numbers, packed in three words so that a new table is zeroed memory (which
/// the system hands out lazily): the key, the proof number (high half) and disproof number
/// (low half), and the work (nodes spent on it), which decides what is replaced first. An
/// entry with both numbers 0 is empty.
type Entry = [u64; 3];

const KEY: usize = 0;
const NUMBERS: usize = 1;
const WORK: usize = 2;

#[inline]
fn numbers(e: &Entry) -> (u32, u32) {
    ((e[NUMBERS] >> 32) as u32, e[NUMBERS] as u32)
}

/// Entries looked at for one key: a key may live in any of them.
const WAYS: usize = 4;

/// The bytes one entry takes.
pub(crate) const BYTES_PER_ENTRY: usize = std::mem::size_of::<Entry>();

/// Proof and disproof numbers by key, in buckets of [`WAYS`] entries; a new key replaces the
/// entry of its bucket that cost the least work. Never larger than its byte budget, and only
/// the pages in use take memory.
#[derive(Clone, Debug)]
pub(crate) struct ProofTable {
    entries: Vec<Entry>,
    /// Buckets minus one (a power of two minus one).
    mask: usize,
}

impl ProofTable {
    /// A table of at most `bytes` bytes (at least one bucket). Nothing is allocated until the
    /// first store.
    pub(crate) fn with_bytes(bytes: usize) -> ProofTable {
        let buckets = (bytes / (BYTES_PER_ENTRY * WAYS)).max(1);
        // The largest power of two that fits.
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        ProofTable {
            entries: Vec::new(),
            mask: buckets - 1,
        }
    }

    /// The bytes the table takes once in use.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        (self.mask + 1) * WAYS * BYTES_PER_ENTRY
    }

    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let start = (key as usize & self.mask) * WAYS;
        start..start + WAYS
    }

    /// The proof and disproof numbers stored for `key`.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<(u32, u32)> {
        if self.entries.is_empty() {
            return None;
        }
        self.entries[self.bucket(key)]
            .iter()
            .find(|e| e[KEY] == key && e[NUMBERS] != 0)
            .map(numbers)
    }

    /// Stores the numbers of `key`, which cost `work` nodes.
    pub(crate) fn store(&mut self, key: u64, pn: u32, dn: u32, work: u64) {
        if self.entries.is_empty() {
            self.entries = vec![[0; 3]; (self.mask + 1) * WAYS];
        }
        let range = self.bucket(key);
        let bucket = &mut self.entries[range];
        let slot = match bucket.iter().position(|e| e[KEY] == key) {
            Some(i) => i,
            None => {
                let (i, _) = bucket
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, e)| e[WORK])
                    .unwrap_or((0, &bucket[0]));
                i
            }
        };
        let entry = &mut bucket[slot];
        let work = if entry[KEY] == key {
            entry[WORK].saturating_add(work)
        } else {
            work
        };
        *entry = [key, (pn as u64) << 32 | dn as u64, work];
    }

    /// Forgets everything (the memory is given back until the next store).
    pub(crate) fn clear(&mut self) {
        self.entries = Vec::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stays_within_its_budget_and_keeps_the_costly_entries() {
        let mut t = ProofTable::with_bytes(1000);
        assert!(t.bytes() <= 1000);
        let buckets = t.mask as u64 + 1;
        // Five keys in one bucket: the cheapest goes.
        for (i, work) in [50u64, 10, 40, 30, 20].into_iter().enumerate() {
            t.store(1 + buckets * i as u64, 3, 4, work);
        }
        assert_eq!(t.get(1 + buckets), None);
        assert_eq!(t.get(1), Some((3, 4)));
        assert_eq!(t.get(1 + buckets * 4), Some((3, 4)));
        t.store(1, 0, INF, 1);
        assert_eq!(t.get(1), Some((0, INF)));
        t.clear();
        assert_eq!(t.get(1), None);
        assert_eq!(ProofTable::with_bytes(0).bytes(), WAYS * BYTES_PER_ENTRY);
    }
}
