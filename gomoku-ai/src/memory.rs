//! Sharing a memory limit out between the engine's tables and search threads.

use crate::params::{
    DEFAULT_HASH_BYTES, MAX_THREAT_TABLE_BYTES, MEMORY_BASELINE_BYTES, MEMORY_HASH_PERCENT,
    MEMORY_THREAT_PERCENT, MIN_HASH_BYTES, MIN_THREAT_TABLE_BYTES,
};

/// The memory one search thread beyond the first may take, in bytes (a generous bound): the
/// stack it touches, its evaluator and patterns, killers, history and move lists. Measured:
/// `pbrain-gomoku` searching 1.5 s on 15x15 peaked at 82.7 MB resident on one thread and
/// 83.3 MB on eight. The transposition table is shared and the threat solver runs on the main
/// thread only, so neither grows with the threads.
pub const THREAD_BYTES: u64 = 1 << 20;

/// What each of the engine's tables may use under a memory limit, in bytes: the limit less
/// [`MEMORY_BASELINE_BYTES`] for the program itself (and [`THREAD_BYTES`] for each search
/// thread beyond the first, see [`MemoryBudget::for_threads`]), then [`MEMORY_HASH_PERCENT`] of the rest
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
    /// The shares of a limit of `max_memory` bytes for the whole process, searching on one
    /// thread.
    pub fn split(max_memory: u64) -> MemoryBudget {
        MemoryBudget::for_threads(max_memory, 1)
    }

    /// The shares of a limit of `max_memory` bytes for the whole process searching on
    /// `threads` threads: each thread beyond the first takes [`THREAD_BYTES`] off the limit
    /// before it is shared out. The engine runs at most [`MemoryBudget::max_threads`] threads.
    ///
    /// ```
    /// use gomoku_ai::memory::{MemoryBudget, THREAD_BYTES};
    /// let limit: usize = 64 << 20;
    /// let (one, four) = (MemoryBudget::for_threads(limit as u64, 1), MemoryBudget::for_threads(limit as u64, 4));
    /// assert!(four.hash_bytes + four.threat_bytes < one.hash_bytes + one.threat_bytes);
    /// assert!(four.hash_bytes + four.threat_bytes + 3 * (THREAD_BYTES as usize) < limit);
    /// ```
    pub fn for_threads(max_memory: u64, threads: usize) -> MemoryBudget {
        let threads = threads.max(1) as u64;
        let usable = max_memory
            .saturating_sub(MEMORY_BASELINE_BYTES)
            .saturating_sub((threads - 1).saturating_mul(THREAD_BYTES));
        let share = |percent: u64| usize::try_from(usable / 100 * percent).unwrap_or(usize::MAX);
        MemoryBudget {
            hash_bytes: share(MEMORY_HASH_PERCENT).clamp(MIN_HASH_BYTES, DEFAULT_HASH_BYTES),
            threat_bytes: share(MEMORY_THREAT_PERCENT)
                .clamp(MIN_THREAT_TABLE_BYTES, MAX_THREAT_TABLE_BYTES),
        }
    }

    /// The most search threads a limit of `max_memory` bytes holds: the threads beyond the
    /// first may take up to half of the limit less the baseline (at least one thread, at most
    /// [`crate::MAX_THREADS`]).
    ///
    /// ```
    /// use gomoku_ai::memory::MemoryBudget;
    /// assert_eq!(MemoryBudget::max_threads(0), 1);
    /// assert_eq!(MemoryBudget::max_threads(10 << 20), 3);
    /// assert_eq!(MemoryBudget::max_threads(u64::MAX), gomoku_ai::MAX_THREADS);
    /// ```
    pub fn max_threads(max_memory: u64) -> usize {
        let extra = max_memory.saturating_sub(MEMORY_BASELINE_BYTES) / 2 / THREAD_BYTES;
        usize::try_from(extra)
            .unwrap_or(usize::MAX)
            .saturating_add(1)
            .min(crate::MAX_THREADS)
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
    fn the_shares_and_the_threads_fit_in_the_limit_less_the_baseline() {
        for mb in [10u64, 20, 30, 100, 200, 1000] {
            let limit = mb << 20;
            let threads = MemoryBudget::max_threads(limit);
            assert!(threads > 1, "{mb} MB");
            for t in [1, 2, threads] {
                let b = MemoryBudget::for_threads(limit, t);
                let used = (b.hash_bytes + b.threat_bytes) as u64 + (t as u64 - 1) * THREAD_BYTES;
                assert!(
                    used + MEMORY_BASELINE_BYTES < limit,
                    "{mb} MB, {t} threads: {b:?}"
                );
            }
            // More threads never leave the tables more.
            let (one, all) = (
                MemoryBudget::split(limit),
                MemoryBudget::for_threads(limit, threads),
            );
            assert!(all.hash_bytes <= one.hash_bytes && all.threat_bytes <= one.threat_bytes);
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
