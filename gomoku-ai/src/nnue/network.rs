//! The network's weights: the window tables, the value head and the policy head, in the
//! integer form the evaluator adds up, and their file format.
//!
//! # Architecture (id [`ARCHITECTURE`])
//! For a point `p` seen with `me` to move, its [`FEATURES`] channels are
//! `bias + sum over the four directions of (own[window seen by me] + their[window seen by the
//! opponent])`, each table row a vector of [`FEATURES`] integers (1/[`QUANT`] units); a leaky
//! ReLU (slope 1/8) follows. The value head averages the first [`VALUE_CHANNELS`] channels over
//! every point of the board and runs a small MLP (`VALUE_CHANNELS -> HIDDEN -> 1`) to the logit
//! of the side to move's expected score; the policy head weighs the last [`POLICY_CHANNELS`]
//! channels of each empty point into a move logit. Under Renju (colour-specific rules) the
//! tables exist twice, one set for each colour to move.
//!
//! A network's value either stands alone or is a correction added to the pattern evaluator's
//! ([`ValueBase`]): trained as a correction, the network starts from the pattern evaluator's
//! judgement and only has to learn where that is wrong.
//!
//! The sizes are chosen for speed: windows of [`super::features::WINDOW`] points keep the
//! tables small enough for the processor's caches (a move updates the channels of the points
//! within three of it on its four lines, for each colour to move when its value is asked for),
//! and [`FEATURES`] channels of 16 integers make a row a single 32-byte load.
//!
//! # File format (little-endian)
//! `GMKNNUE\0`, format version (u16), architecture (u16), rule (u8, its Gomocup code), table
//! sets (u8), window (u8), value base (u8: 0 alone, 1 added to the pattern evaluator's), features,
//! value channels, policy channels, hidden units (u16 each), evaluation units per logit (f32); the tables (i16), the channel biases (i16), the value head
//! (f32: hidden x value weights, hidden biases, hidden output weights, output bias), the policy
//! weights (f32); and an FNV-1a 64-bit checksum of everything before it.

use std::path::{Path, PathBuf};

use gomoku_rules::{Color, Rule};
use rand::{Rng, SeedableRng};
use thiserror::Error;

use super::features::{PATTERNS, WINDOW};

/// Channels of a point.
pub const FEATURES: usize = 16;
/// Channels averaged into the value head (the first ones).
pub const VALUE_CHANNELS: usize = 12;
/// Channels weighed into the policy (the last ones).
pub const POLICY_CHANNELS: usize = FEATURES - VALUE_CHANNELS;
/// Hidden units of the value head.
pub const HIDDEN: usize = 32;
/// Integer units per 1.0 of a table entry.
pub const QUANT: f32 = 256.0;
/// The largest magnitude of a table entry or channel bias (as a float): nine of them (four
/// directions, two views, the bias) stay within an `i16`.
pub const TABLE_LIMIT: f32 = 14.0;
/// The architecture this build reads and writes.
pub const ARCHITECTURE: u16 = 2;
/// The file format version this build reads and writes.
pub const FORMAT_VERSION: u16 = 2;
/// The first bytes of a network file.
pub const MAGIC: &[u8; 8] = b"GMKNNUE\0";

/// What a network's value is added to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ValueBase {
    /// Nothing: the network's value is the evaluation.
    Alone,
    /// The pattern evaluator's value (with the library's default weights of the rule): the
    /// network learns a correction to it.
    #[default]
    Patterns,
}

impl ValueBase {
    fn code(self) -> u8 {
        match self {
            ValueBase::Alone => 0,
            ValueBase::Patterns => 1,
        }
    }

    fn from_code(code: u8) -> Option<ValueBase> {
        match code {
            0 => Some(ValueBase::Alone),
            1 => Some(ValueBase::Patterns),
            _ => None,
        }
    }
}

/// Why a network could not be read or written.
#[derive(Debug, Error)]
pub enum NnueError {
    /// The file could not be read.
    #[error("cannot read network file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file could not be written.
    #[error("cannot write network file {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file was read but holds no valid network.
    #[error("{path}: {source}")]
    InFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: Box<NnueError>,
    },
    /// The data does not start with [`MAGIC`].
    #[error("not a gomoku network file (it does not start with \"GMKNNUE\")")]
    NotANetwork,
    /// A format version this build cannot read.
    #[error("network file format version {found}; this build reads version {FORMAT_VERSION}")]
    Version {
        /// The version in the file.
        found: u16,
    },
    /// An architecture this build does not implement.
    #[error("network architecture {found}; this build implements architecture {ARCHITECTURE}")]
    Architecture {
        /// The architecture in the file.
        found: u16,
    },
    /// A dimension that differs from this build's architecture.
    #[error("network {what} is {found}; architecture {ARCHITECTURE} has {expected}")]
    Dimension {
        /// Which dimension.
        what: &'static str,
        /// The value in the file.
        found: usize,
        /// The value of the architecture.
        expected: usize,
    },
    /// The rule code names no rule.
    #[error("network rule code {0} names no rule")]
    UnknownRule(u8),
    /// The value base code names no [`ValueBase`].
    #[error("network value base code {0} is neither 0 (alone) nor 1 (over the patterns)")]
    UnknownValueBase(u8),
    /// The data ends early.
    #[error("network data truncated: {found} bytes, {expected} expected")]
    Truncated {
        /// Bytes present.
        found: usize,
        /// Bytes the header promises.
        expected: usize,
    },
    /// Bytes follow the checksum.
    #[error("network data has {0} bytes after its end")]
    Trailing(usize),
    /// The checksum does not match: the file is damaged.
    #[error("network data corrupted: checksum {stored:016x} stored, {computed:016x} computed")]
    Checksum {
        /// The checksum in the file.
        stored: u64,
        /// The checksum of the data.
        computed: u64,
    },
    /// A weight that is not a finite number, or out of its range.
    #[error("network {what} holds a value out of range ({value})")]
    BadValue {
        /// Which part.
        what: &'static str,
        /// The value.
        value: f32,
    },
}

/// The float weights in one flat vector, as the trainer adjusts them; [`Layout`] says where
/// each part lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Table sets (1, or 2 for colour-specific rules).
    pub sets: usize,
}

impl Layout {
    /// The layout of a network for `rule`: two table sets where the colours play by different
    /// rules (Renju).
    pub fn for_rule(rule: Rule) -> Layout {
        Layout {
            sets: if rule.has_fouls() { 2 } else { 1 },
        }
    }

    /// Table rows: sets x {own, their} x patterns.
    pub fn rows(&self) -> usize {
        self.sets * 2 * PATTERNS
    }

    /// Where the row of `pattern` in table `which` (0 own, 1 their) of `set` starts.
    #[inline]
    pub fn row(&self, set: usize, which: usize, pattern: usize) -> usize {
        ((set * 2 + which) * PATTERNS + pattern) * FEATURES
    }

    /// Where the channel biases start.
    pub fn bias(&self) -> usize {
        self.rows() * FEATURES
    }

    /// Where the value head's hidden weights (`HIDDEN x VALUE_CHANNELS`) start.
    pub fn w1(&self) -> usize {
        self.bias() + FEATURES
    }

    /// Where the hidden biases start.
    pub fn b1(&self) -> usize {
        self.w1() + HIDDEN * VALUE_CHANNELS
    }

    /// Where the hidden-to-output weights start.
    pub fn w2(&self) -> usize {
        self.b1() + HIDDEN
    }

    /// Where the output bias lies.
    pub fn b2(&self) -> usize {
        self.w2() + HIDDEN
    }

    /// Where the policy weights start.
    pub fn policy(&self) -> usize {
        self.b2() + 1
    }

    /// The number of weights.
    pub fn len(&self) -> usize {
        self.policy() + POLICY_CHANNELS
    }

    /// Never: a network always has weights (for clippy's `len` convention).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The weights that are table entries or channel biases (kept within [`TABLE_LIMIT`]).
    pub fn table_part(&self) -> std::ops::Range<usize> {
        0..self.w1()
    }
}

/// The leaky ReLU of an integer channel (slope 1/8 below zero).
#[inline]
pub fn activate(x: i16) -> i32 {
    i32::from(activate16(x))
}

/// [`activate`] in 16 bits, branch-free (`x >> 3` is the larger one exactly when `x` is
/// negative), so that it vectorises.
#[inline]
pub fn activate16(x: i16) -> i16 {
    x.max(x >> 3)
}

/// The leaky ReLU of a float (slope 1/8 below zero), as the trainer computes it.
#[inline]
pub fn leaky(x: f32) -> f32 {
    if x >= 0.0 { x } else { x * 0.125 }
}

/// A network ready to evaluate: integer tables and float heads.
#[derive(Clone)]
pub struct Network {
    rule: Rule,
    layout: Layout,
    eval_scale: f32,
    base: ValueBase,
    tables: Vec<[i16; FEATURES]>,
    bias: [i16; FEATURES],
    w1: [[f32; VALUE_CHANNELS]; HIDDEN],
    b1: [f32; HIDDEN],
    w2: [f32; HIDDEN],
    b2: f32,
    policy: [f32; POLICY_CHANNELS],
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("rule", &self.rule)
            .field("table_sets", &self.layout.sets)
            .field("eval_scale", &self.eval_scale)
            .field("base", &self.base)
            .finish_non_exhaustive()
    }
}

/// FNV-1a, 64 bits.
fn checksum(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Reads little-endian values from a byte slice whose length was checked.
struct Reader<'a> {
    data: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0; N];
        out.copy_from_slice(&self.data[self.at..self.at + N]);
        self.at += N;
        out
    }
    fn u8(&mut self) -> u8 {
        self.take::<1>()[0]
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes(self.take())
    }
    fn i16(&mut self) -> i16 {
        i16::from_le_bytes(self.take())
    }
    fn f32(&mut self) -> f32 {
        f32::from_le_bytes(self.take())
    }
}

/// Bytes of the header (magic to evaluation scale).
const HEADER_BYTES: usize = 8 + 2 + 2 + 1 + 1 + 1 + 1 + 4 * 2 + 4;

/// Bytes of a whole file of `layout`.
fn file_bytes(layout: Layout) -> usize {
    HEADER_BYTES
        + (layout.rows() * FEATURES + FEATURES) * 2
        + (HIDDEN * VALUE_CHANNELS + HIDDEN + HIDDEN + 1 + POLICY_CHANNELS) * 4
        + 8
}

/// A weight of the value or policy head, checked to be finite.
fn finite(what: &'static str, value: f32) -> Result<f32, NnueError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(NnueError::BadValue { what, value })
    }
}

/// The integer form of a table entry or bias.
fn quantize(x: f32) -> i16 {
    (x.clamp(-TABLE_LIMIT, TABLE_LIMIT) * QUANT).round() as i16
}

/// The largest integer table entry or bias.
fn integer_limit() -> i16 {
    quantize(TABLE_LIMIT)
}

impl Network {
    /// The network of `weights` (laid out as [`Layout::for_rule`] says), for `rule`, whose
    /// output logit is worth `eval_scale` evaluation units, standing alone (see
    /// [`Network::with_value_base`]). Table entries are clamped to [`TABLE_LIMIT`] and rounded
    /// to 1/[`QUANT`].
    ///
    /// # Errors
    /// [`NnueError::Dimension`] when `weights` has the wrong length, [`NnueError::BadValue`]
    /// for a weight that is not finite or a scale that is not positive.
    pub fn from_weights(
        rule: Rule,
        eval_scale: f32,
        weights: &[f32],
    ) -> Result<Network, NnueError> {
        let layout = Layout::for_rule(rule);
        if weights.len() != layout.len() {
            return Err(NnueError::Dimension {
                what: "weight count",
                found: weights.len(),
                expected: layout.len(),
            });
        }
        if !(eval_scale.is_finite() && eval_scale > 0.0) {
            return Err(NnueError::BadValue {
                what: "evaluation scale",
                value: eval_scale,
            });
        }
        if let Some(&value) = weights.iter().find(|w| !w.is_finite()) {
            return Err(NnueError::BadValue {
                what: "weights",
                value,
            });
        }
        let tables = weights[..layout.bias()]
            .chunks_exact(FEATURES)
            .map(|row| std::array::from_fn(|i| quantize(row[i])))
            .collect();
        let at = |i: usize| weights[i];
        Ok(Network {
            rule,
            layout,
            eval_scale,
            base: ValueBase::Alone,
            tables,
            bias: std::array::from_fn(|i| quantize(at(layout.bias() + i))),
            w1: std::array::from_fn(|h| {
                std::array::from_fn(|v| at(layout.w1() + h * VALUE_CHANNELS + v))
            }),
            b1: std::array::from_fn(|h| at(layout.b1() + h)),
            w2: std::array::from_fn(|h| at(layout.w2() + h)),
            b2: at(layout.b2()),
            policy: std::array::from_fn(|k| at(layout.policy() + k)),
        })
    }

    /// The weights as floats (the tables and biases as their integer values allow), laid out
    /// as [`Network::layout`] says: where a training run continues from.
    pub fn to_weights(&self) -> Vec<f32> {
        let mut out = Vec::with_capacity(self.layout.len());
        for row in &self.tables {
            out.extend(row.iter().map(|&q| f32::from(q) / QUANT));
        }
        out.extend(self.bias.iter().map(|&q| f32::from(q) / QUANT));
        out.extend(self.w1.iter().flatten());
        out.extend(self.b1);
        out.extend(self.w2);
        out.push(self.b2);
        out.extend(self.policy);
        out
    }

    /// A network with small random weights (for tests and as a training start).
    pub fn random(rule: Rule, seed: u64) -> Network {
        let layout = Layout::for_rule(rule);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let weights: Vec<f32> = (0..layout.len())
            .map(|i| {
                let spread = if i < layout.w1() {
                    0.5
                } else {
                    1.0 / (VALUE_CHANNELS as f32).sqrt()
                };
                rng.random_range(-spread..spread)
            })
            .collect();
        Network::from_weights(rule, 300.0, &weights).expect("valid by construction")
    }

    /// The same network with its value added to `base`.
    pub fn with_value_base(self, base: ValueBase) -> Network {
        Network { base, ..self }
    }

    /// What the network's value is added to.
    pub fn value_base(&self) -> ValueBase {
        self.base
    }

    /// The rule the network was trained for.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Where its weights lie in [`Network::to_weights`].
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Evaluation units per logit of the value.
    pub fn eval_scale(&self) -> f32 {
        self.eval_scale
    }

    /// The table set used with `me` to move.
    #[inline]
    pub(crate) fn set_for(&self, me: Color) -> usize {
        if self.layout.sets == 2 { me.index() } else { 0 }
    }

    /// The row of `pattern` in table `which` (0 own, 1 their) of `set`.
    #[inline]
    pub(crate) fn row(&self, set: usize, which: usize, pattern: u16) -> &[i16; FEATURES] {
        &self.tables[(set * 2 + which) * PATTERNS + usize::from(pattern)]
    }

    /// The channel biases.
    #[inline]
    pub(crate) fn bias(&self) -> &[i16; FEATURES] {
        &self.bias
    }

    /// The value logit for the side to move from the sums of the activated value channels over
    /// `points` points.
    pub(crate) fn value_logit(&self, sums: &[i32; VALUE_CHANNELS], points: usize) -> f32 {
        let norm = 1.0 / (points.max(1) as f32 * QUANT);
        let mean: [f32; VALUE_CHANNELS] = std::array::from_fn(|v| sums[v] as f32 * norm);
        let mut out = self.b2;
        for h in 0..HIDDEN {
            let z = self.b1[h]
                + self.w1[h]
                    .iter()
                    .zip(&mean)
                    .map(|(w, m)| w * m)
                    .sum::<f32>();
            out += self.w2[h] * leaky(z);
        }
        out
    }

    /// The policy logit of a point with channels `acc`.
    #[inline]
    pub(crate) fn policy_logit(&self, acc: &[i16; FEATURES]) -> f32 {
        let mut out = 0.0;
        for k in 0..POLICY_CHANNELS {
            out += self.policy[k] * activate(acc[VALUE_CHANNELS + k]) as f32;
        }
        out / QUANT
    }

    /// The network as the bytes of a network file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(file_bytes(self.layout));
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&ARCHITECTURE.to_le_bytes());
        out.push(self.rule.gomocup_code() as u8);
        out.push(self.layout.sets as u8);
        out.push(WINDOW as u8);
        out.push(self.base.code());
        for dim in [FEATURES, VALUE_CHANNELS, POLICY_CHANNELS, HIDDEN] {
            out.extend_from_slice(&(dim as u16).to_le_bytes());
        }
        out.extend_from_slice(&self.eval_scale.to_le_bytes());
        for q in self.tables.iter().flatten().chain(&self.bias) {
            out.extend_from_slice(&q.to_le_bytes());
        }
        let heads = self.w1.iter().flatten().chain(&self.b1).chain(&self.w2);
        for x in heads.chain([&self.b2]).chain(&self.policy) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a network from the bytes of a network file.
    ///
    /// # Errors
    /// A named [`NnueError`] for data that is not a network, of another version or
    /// architecture, truncated, followed by more bytes, damaged (checksum) or out of range.
    pub fn from_bytes(data: &[u8]) -> Result<Network, NnueError> {
        if data.len() < MAGIC.len() || &data[..MAGIC.len()] != MAGIC {
            return Err(NnueError::NotANetwork);
        }
        if data.len() < HEADER_BYTES {
            return Err(NnueError::Truncated {
                found: data.len(),
                expected: HEADER_BYTES,
            });
        }
        let mut r = Reader {
            data,
            at: MAGIC.len(),
        };
        let version = r.u16();
        if version != FORMAT_VERSION {
            return Err(NnueError::Version { found: version });
        }
        let architecture = r.u16();
        if architecture != ARCHITECTURE {
            return Err(NnueError::Architecture {
                found: architecture,
            });
        }
        let code = r.u8();
        let rule = Rule::from_gomocup_code(u32::from(code)).ok_or(NnueError::UnknownRule(code))?;
        let layout = Layout::for_rule(rule);
        let sets = usize::from(r.u8());
        let window = usize::from(r.u8());
        let base_code = r.u8();
        let base = ValueBase::from_code(base_code).ok_or(NnueError::UnknownValueBase(base_code))?;
        let dims = [
            ("table set count", sets, layout.sets),
            ("window", window, WINDOW),
            ("feature count", usize::from(r.u16()), FEATURES),
            ("value channel count", usize::from(r.u16()), VALUE_CHANNELS),
            (
                "policy channel count",
                usize::from(r.u16()),
                POLICY_CHANNELS,
            ),
            ("hidden unit count", usize::from(r.u16()), HIDDEN),
        ];
        for (what, found, expected) in dims {
            if found != expected {
                return Err(NnueError::Dimension {
                    what,
                    found,
                    expected,
                });
            }
        }
        let eval_scale = r.f32();
        if !(eval_scale.is_finite() && eval_scale > 0.0) {
            return Err(NnueError::BadValue {
                what: "evaluation scale",
                value: eval_scale,
            });
        }
        let expected = file_bytes(layout);
        if data.len() < expected {
            return Err(NnueError::Truncated {
                found: data.len(),
                expected,
            });
        }
        if data.len() > expected {
            return Err(NnueError::Trailing(data.len() - expected));
        }
        let body = expected - 8;
        let stored = u64::from_le_bytes(data[body..].try_into().expect("8 bytes"));
        let computed = checksum(&data[..body]);
        if stored != computed {
            return Err(NnueError::Checksum { stored, computed });
        }
        let limit = integer_limit();
        let mut integer = |what: &'static str| {
            let q = r.i16();
            if q.abs() > limit {
                Err(NnueError::BadValue {
                    what,
                    value: f32::from(q) / QUANT,
                })
            } else {
                Ok(q)
            }
        };
        let mut tables = Vec::with_capacity(layout.rows());
        for _ in 0..layout.rows() {
            let mut row = [0i16; FEATURES];
            for x in &mut row {
                *x = integer("table entry")?;
            }
            tables.push(row);
        }
        let mut bias = [0i16; FEATURES];
        for x in &mut bias {
            *x = integer("channel bias")?;
        }
        let mut net = Network {
            rule,
            layout,
            eval_scale,
            base,
            tables,
            bias,
            w1: [[0.0; VALUE_CHANNELS]; HIDDEN],
            b1: [0.0; HIDDEN],
            w2: [0.0; HIDDEN],
            b2: 0.0,
            policy: [0.0; POLICY_CHANNELS],
        };
        for x in net.w1.iter_mut().flatten() {
            *x = finite("value head", r.f32())?;
        }
        for x in net.b1.iter_mut().chain(net.w2.iter_mut()) {
            *x = finite("value head", r.f32())?;
        }
        net.b2 = finite("value head", r.f32())?;
        for x in &mut net.policy {
            *x = finite("policy head", r.f32())?;
        }
        Ok(net)
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// [`NnueError::Io`] when the file cannot be read, [`NnueError::InFile`] (with the reason)
    /// when it holds no valid network.
    pub fn load(path: &Path) -> Result<Network, NnueError> {
        let data = std::fs::read(path).map_err(|source| NnueError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Network::from_bytes(&data).map_err(|e| NnueError::InFile {
            path: path.to_path_buf(),
            source: Box::new(e),
        })
    }

    /// Whether the file at `path` starts like a network file (and so is no weights file).
    pub fn is_network_file(path: &Path) -> bool {
        use std::io::Read;
        let mut head = [0u8; 8];
        std::fs::File::open(path)
            .and_then(|mut f| f.read_exact(&mut head))
            .is_ok()
            && &head == MAGIC
    }

    /// Writes a network file (atomically: a reader never sees half a file).
    ///
    /// # Errors
    /// [`NnueError::Write`] when the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), NnueError> {
        gomoku_rules::record::write_file(path, &self.to_bytes()).map_err(|source| {
            NnueError::Write {
                path: path.to_path_buf(),
                source,
            }
        })
    }
}
