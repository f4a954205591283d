//! Sharing a memory limit out between the engine's tables.

use crate::params::{
    DEFAULT_HASH_BYTES, MAX_THREAT_TABLE_BYTES, MEMORY_BASELINE_BYTES, MEMORY_HASH_PERCENT,
    MEMORY_THREAT_PERCENT, MIN_HASH_BYTES, MIN_THREAT_TABLE_BYTES,
};

/// What each of the engine's tables may use under a memory limit, in bytes: the limit less
/// [`MEMORY_BASELINE_BYTES`] for the program itself, then [`MEMORY_HASH_PERCENT`] of the rest
/// for the transposition table and [`MEMORY_THREAT_PERCENT`] for the threat solver's tables;
/// the remainder is headroom for what a search allocates as it goes.
///
/// ```
/// use gomoku_ai::memory::MemoryBudget;
/// let budget = MemoryBudget::split(100 << 20);
/// assert!(budget.hash_bytes + budget.threat_bytes < 80 << 20);
/// // Tiny limits still leave the tables a few hundred kilobytes.
/// assert!(MemoryBudget::split(1).hash_bytes > 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryBudget {
    /// The transposition table's share (at most [`DEFAULT_HASH_BYTES`], at least
    /// [`MIN_HASH_BYTES`]).
    pub hash_bytes: usize,
    /// The threat solver's tables' share (at most [`MAX_THREAT_TABLE_BYTES`], at least
    /// [`MIN_THREAT_TABLE_BYTES`]).
    pub threat_bytes: usize,
}

impl MemoryBudget {
    /// The shares of a limit of `max_memory` bytes for the whole process.
    pub fn split(max_memory: u64) -> MemoryBudget {
        let usable = max_memory.saturating_sub(MEMORY_BASELINE_BYTES);
        let share = |percent: u64| usize::try_from(usable / 100 * percent).unwrap_or(usize::MAX);
        MemoryBudget {
            hash_bytes: share(MEMORY_HASH_PERCENT).clamp(MIN_HASH_BYTES, DEFAULT_HASH_BYTES),
            threat_bytes: share(MEMORY_THREAT_PERCENT)
                .clamp(MIN_THREAT_TABLE_BYTES, MAX_THREAT_TABLE_BYTES),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shares_fit_in_the_limit_less_the_baseline() {
        for mb in [10u64, 20, 30, 100, 200] {
            let limit = mb << 20;
            let b = MemoryBudget::split(limit);
            let used = (b.hash_bytes + b.threat_bytes) as u64;
            assert!(used + MEMORY_BASELINE_BYTES < limit, "{mb} MB: {b:?}");
            assert!(b.hash_bytes >= b.threat_bytes, "{mb} MB: {b:?}");
        }
    }

    #[test]
    fn the_shares_grow_with_the_limit_up_to_the_defaults() {
        let mut last = MemoryBudget::split(0);
        for mb in 1..2000u64 {
            let b = MemoryBudget::split(mb << 20);
            assert!(b.hash_bytes >= last.hash_bytes && b.threat_bytes >= last.threat_bytes);
            last = b;
        }
        let huge = MemoryBudget::split(u64::MAX);
        assert_eq!(huge.hash_bytes, DEFAULT_HASH_BYTES);
        assert_eq!(huge.threat_bytes, MAX_THREAT_TABLE_BYTES);
    }
}
