//! The tunables of the threat searches, in one place.

/// Default node budget of [`super::Budget`].
pub const DEFAULT_MAX_NODES: u64 = 1_000_000;

/// Default number of attacking moves (fours, and threats for VCT) before the final five.
pub const DEFAULT_MAX_DEPTH: u8 = 40;

/// Default length, in fours, of the VCF a quiet VCT move must threaten.
pub const DEFAULT_THREAT_DEPTH: u8 = 2;

/// The nodes between two looks at the clock and the stop flag.
pub const CLOCK_INTERVAL: u64 = 1024;

/// Default memory budget of a [`super::ThreatSolver`]'s tables, in bytes.
pub const DEFAULT_MEMORY_BYTES: usize = 64 << 20;

/// The smallest memory budget a [`super::ThreatSolver`] takes, in bytes.
pub const MIN_MEMORY_BYTES: usize = 64 << 10;

/// How far along its lines a defender's stone is looked for around each point of a threat's VCF
/// when collecting the defences against a quiet threat: a stone further away cannot touch any
/// window of five (or, under caro, the points flanking one) used by that VCF.
pub const DEFENCE_REACH: i32 = 5;

/// A quiet VCT move must share an open window of five with this many of the attacker's stones
/// when it threatens a one-four VCF (a three)...
pub const THREE_MIN_STONES: u32 = 2;

/// ... and this many when it may threaten a longer VCF.
pub const THREAT_MIN_STONES: u32 = 1;
