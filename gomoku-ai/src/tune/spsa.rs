//! SPSA (simultaneous perturbation stochastic approximation) tuning of engine parameters by
//! playing games, as chess and gomoku engine developers run it (fishtest-style).
//!
//! Every parameter is a real number `θ_i` with bounds, a final perturbation size `c_end` and a
//! final learning rate `r_end`. For `N` iterations, iteration `k` (from 0):
//!
//! * `c_k = c / (k + 1)^γ` and `a_k = a / (A + k + 1)^α` for each parameter, with
//!   `γ = 0.101` ([`GAMMA`]), `α = 0.602` ([`ALPHA`]), `A = 0.1·N` ([`A_RATIO`]),
//!   `c = c_end · N^γ` and `a = r_end · c_end² · (A + N)^α`, so that the last iteration
//!   (`k = N − 1`) perturbs by exactly `c_end` with `a_k / c_k² = r_end`;
//! * a random direction `Δ ∈ {−1, +1}^n` (Rademacher) gives `θ+ = clamp(θ + c_k Δ)` and
//!   `θ− = clamp(θ − c_k Δ)`;
//! * `θ+` and `θ−` play a game pair on one opening (each side once as Black), and `result` is
//!   the score of `θ+` minus that of `θ−` (a win counts 1, a draw ½: `result ∈ [−2, 2]`);
//! * `θ_i ← clamp(θ_i + R_k · c_k · result · Δ_i)` with `R_k = a_k / c_k²`.
//!
//! [`Spsa`] is the algorithm alone: it hands out [`Perturbation`]s and takes results back, in
//! any order (several pairs may be in flight at once; each result is applied with the gains of
//! its own iteration, as fishtest does). [`run_spsa`] plays the pairs on worker threads.
//! Integer parameters are tuned as reals; rounding them is the business of whoever builds the
//! player from the values.
//!
//! ```
//! use gomoku_ai::tune::{Spsa, SpsaParam};
//!
//! // Maximise -(x - 3)^2 from x = 0, with a noiseless comparison as the "game pair".
//! let param = SpsaParam::new("x", 0.0, -10.0, 10.0, 0.5).with_r_end(0.05);
//! let mut spsa = Spsa::new(vec![param], 500, 7).unwrap();
//! while let Some(p) = spsa.next_perturbation() {
//!     let f = |t: &[f64]| -(t[0] - 3.0).powi(2);
//!     let result = (f(&p.plus) - f(&p.minus)).signum();
//!     spsa.apply(&p, result);
//! }
//! assert!((spsa.theta()[0] - 3.0).abs() < 0.5, "{:?}", spsa.theta());
//! ```

use std::collections::HashSet;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Mutex, PoisonError, mpsc};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use thiserror::Error;

use gomoku_rules::{Color, Game, Rule};

use crate::arena::{
    Flow, GameEnd, MatchError, Opening, PlayedGame, TimeControl, opening_games, play_game_until,
};
use crate::player::{Player, StopFlag};

/// The exponent `α` of the learning-rate schedule `a_k = a / (A + k + 1)^α`.
pub const ALPHA: f64 = 0.602;
/// The exponent `γ` of the perturbation schedule `c_k = c / (k + 1)^γ`.
pub const GAMMA: f64 = 0.101;
/// The stability constant `A` as a share of the iterations: `A = A_RATIO · N`.
pub const A_RATIO: f64 = 0.1;
/// The final learning rate `r_end` most tuning sessions use (fishtest's default).
pub const DEFAULT_R_END: f64 = 0.002;

/// One tuned parameter: its name, where it starts, its bounds and its final perturbation size
/// and learning rate.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaParam {
    /// The name (unique within a tuning run; for an engine, the option it sets).
    pub name: String,
    /// The starting value.
    pub start: f64,
    /// The smallest value (θ, θ+ and θ− are clamped to `[min, max]`).
    pub min: f64,
    /// The largest value.
    pub max: f64,
    /// The perturbation size `c_k` at the last iteration: about the change that shows in a
    /// few hundred games (for an integer parameter, at least 1 or so).
    pub c_end: f64,
    /// The learning rate `R_k = a_k / c_k²` at the last iteration (see [`DEFAULT_R_END`]).
    pub r_end: f64,
}

impl SpsaParam {
    /// A parameter with the default final learning rate [`DEFAULT_R_END`].
    pub fn new(name: impl Into<String>, start: f64, min: f64, max: f64, c_end: f64) -> SpsaParam {
        SpsaParam {
            name: name.into(),
            start,
            min,
            max,
            c_end,
            r_end: DEFAULT_R_END,
        }
    }

    /// The same with final learning rate `r_end`.
    pub fn with_r_end(self, r_end: f64) -> SpsaParam {
        SpsaParam { r_end, ..self }
    }

    /// `value` clamped to `[min, max]`.
    pub fn clamp(&self, value: f64) -> f64 {
        value.clamp(self.min, self.max)
    }

    /// Checks the parameter alone (not the uniqueness of its name).
    fn check(&self) -> Result<(), SpsaError> {
        let bad = |what: &str| {
            Err(SpsaError::Param {
                name: self.name.clone(),
                problem: what.to_string(),
            })
        };
        if self.name.trim().is_empty() {
            return Err(SpsaError::EmptyName);
        }
        let values = [self.start, self.min, self.max, self.c_end, self.r_end];
        if values.iter().any(|v| !v.is_finite()) {
            return bad("every value must be a finite number");
        }
        if self.min >= self.max {
            return bad(&format!(
                "the minimum {} must be below the maximum {}",
                self.min, self.max
            ));
        }
        if !(self.min..=self.max).contains(&self.start) {
            return bad(&format!(
                "the start {} is outside [{}, {}]",
                self.start, self.min, self.max
            ));
        }
        if self.c_end <= 0.0 {
            return bad(&format!(
                "the perturbation size c_end must be positive, not {}",
                self.c_end
            ));
        }
        if self.r_end <= 0.0 {
            return bad(&format!(
                "the learning rate r_end must be positive, not {}",
                self.r_end
            ));
        }
        Ok(())
    }
}

/// Why a tuning run cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpsaError {
    /// No parameter to tune.
    #[error("no parameter to tune")]
    NoParams,
    /// Zero iterations.
    #[error("the number of iterations must be at least 1")]
    NoIterations,
    /// A parameter without a name.
    #[error("a parameter has an empty name")]
    EmptyName,
    /// Two parameters share a name.
    #[error("parameter \"{0}\" is given twice")]
    DuplicateName(String),
    /// A parameter's values do not fit together.
    #[error("parameter \"{name}\": {problem}")]
    Param {
        /// The parameter.
        name: String,
        /// What is wrong.
        problem: String,
    },
}

/// One iteration's perturbation: the two parameter vectors to play against each other and what
/// [`Spsa::apply`] needs to take the result back.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration, from 0.
    pub k: u64,
    /// The direction: `+1.0` or `-1.0` per parameter.
    pub delta: Vec<f64>,
    /// `θ + c_k Δ`, clamped to the bounds.
    pub plus: Vec<f64>,
    /// `θ − c_k Δ`, clamped to the bounds.
    pub minus: Vec<f64>,
    /// The perturbation size `c_k` of each parameter.
    pub c: Vec<f64>,
    /// The learning rate `R_k = a_k / c_k²` of each parameter.
    pub r: Vec<f64>,
    /// A seed for the players of this iteration (drawn from the tuner's seed).
    pub seed: u64,
}

/// The SPSA tuner: the current `θ`, the gain schedules and the random directions. See the
/// [module documentation](self) for the algorithm.
#[derive(Clone, Debug)]
pub struct Spsa {
    params: Vec<SpsaParam>,
    theta: Vec<f64>,
    iterations: u64,
    /// Perturbations handed out.
    issued: u64,
    /// Results applied.
    applied: u64,
    /// The stability constant `A`.
    big_a: f64,
    /// Per parameter, `c` of `c_k = c / (k + 1)^γ`.
    c0: Vec<f64>,
    /// Per parameter, `a` of `a_k = a / (A + k + 1)^α`.
    a0: Vec<f64>,
    rng: Pcg64,
}

impl Spsa {
    /// A tuner of `params` (starting at their `start` values) for `iterations` iterations,
    /// its random directions drawn from `seed` (the same seed and results, the same run).
    ///
    /// # Errors
    /// [`SpsaError`] for no parameters, no iterations, a duplicate or empty name, a minimum
    /// not below the maximum, a start out of bounds, a non-positive `c_end` or `r_end`, or a
    /// value that is not finite.
    pub fn new(params: Vec<SpsaParam>, iterations: u64, seed: u64) -> Result<Spsa, SpsaError> {
        if params.is_empty() {
            return Err(SpsaError::NoParams);
        }
        if iterations == 0 {
            return Err(SpsaError::NoIterations);
        }
        let mut names = HashSet::new();
        for p in &params {
            p.check()?;
            if !names.insert(p.name.as_str()) {
                return Err(SpsaError::DuplicateName(p.name.clone()));
            }
        }
        let n = iterations as f64;
        let big_a = A_RATIO * n;
        let c0 = params.iter().map(|p| p.c_end * n.powf(GAMMA)).collect();
        let a0 = params
            .iter()
            .map(|p| p.r_end * p.c_end * p.c_end * (big_a + n).powf(ALPHA))
            .collect();
        Ok(Spsa {
            theta: params.iter().map(|p| p.start).collect(),
            params,
            iterations,
            issued: 0,
            applied: 0,
            big_a,
            c0,
            a0,
            rng: Pcg64::seed_from_u64(seed),
        })
    }

    /// The parameters, in order.
    pub fn params(&self) -> &[SpsaParam] {
        &self.params
    }

    /// The current values `θ`, in the order of [`Spsa::params`].
    pub fn theta(&self) -> &[f64] {
        &self.theta
    }

    /// The number of iterations `N` of the schedule.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// How many results have been applied (iterations completed).
    pub fn iteration(&self) -> u64 {
        self.applied
    }

    /// How many perturbations have been handed out (applied, dropped or in flight).
    pub fn issued(&self) -> u64 {
        self.issued
    }

    /// The perturbation size `c_k` of parameter `param` at iteration `k`.
    ///
    /// # Panics
    /// When `param` is not the index of a parameter.
    pub fn c_k(&self, param: usize, k: u64) -> f64 {
        self.c0[param] / (k as f64 + 1.0).powf(GAMMA)
    }

    /// The gain `a_k` of parameter `param` at iteration `k`.
    ///
    /// # Panics
    /// When `param` is not the index of a parameter.
    pub fn a_k(&self, param: usize, k: u64) -> f64 {
        self.a0[param] / (self.big_a + k as f64 + 1.0).powf(ALPHA)
    }

    /// The learning rate `R_k = a_k / c_k²` of parameter `param` at iteration `k`.
    ///
    /// # Panics
    /// When `param` is not the index of a parameter.
    pub fn r_k(&self, param: usize, k: u64) -> f64 {
        let c = self.c_k(param, k);
        self.a_k(param, k) / (c * c)
    }

    /// The next iteration's perturbation of the current `θ`, or `None` once all
    /// [`Spsa::iterations`] have been handed out.
    pub fn next_perturbation(&mut self) -> Option<Perturbation> {
        if self.issued >= self.iterations {
            return None;
        }
        let k = self.issued;
        self.issued += 1;
        let n = self.params.len();
        let mut p = Perturbation {
            k,
            delta: Vec::with_capacity(n),
            plus: Vec::with_capacity(n),
            minus: Vec::with_capacity(n),
            c: Vec::with_capacity(n),
            r: Vec::with_capacity(n),
            seed: 0,
        };
        for (i, param) in self.params.iter().enumerate() {
            let delta = if self.rng.random_bool(0.5) { 1.0 } else { -1.0 };
            let c = self.c_k(i, k);
            p.delta.push(delta);
            p.plus.push(param.clamp(self.theta[i] + c * delta));
            p.minus.push(param.clamp(self.theta[i] - c * delta));
            p.c.push(c);
            p.r.push(self.r_k(i, k));
        }
        p.seed = self.rng.random();
        Some(p)
    }

    /// Takes back the result of perturbation `p`: `result` is how much more `θ+` scored than
    /// `θ−` (in a game pair, from −2 to 2). Moves `θ_i` by `R_k · c_k · result · Δ_i` (the
    /// gains of `p`'s own iteration) and clamps it to the bounds.
    ///
    /// # Panics
    /// When `result` is not finite or `p` is not of this tuner's parameters (another length).
    pub fn apply(&mut self, p: &Perturbation, result: f64) {
        assert!(result.is_finite(), "SPSA result {result} is not finite");
        assert_eq!(
            p.delta.len(),
            self.params.len(),
            "a perturbation of other parameters"
        );
        for (i, param) in self.params.iter().enumerate() {
            let step = p.r[i] * p.c[i] * result * p.delta[i];
            self.theta[i] = param.clamp(self.theta[i] + step);
        }
        self.applied += 1;
    }
}

/// What a game pair of [`run_spsa`] came to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PairOutcome {
    /// Both games counted: the points of `θ+` and of `θ−` (they add up to 2).
    Scored {
        /// Points of `θ+`.
        plus: f64,
        /// Points of `θ−`.
        minus: f64,
    },
    /// A game was void (a player went silent, see [`GameEnd::Void`]): the pair is not applied.
    Void,
    /// The run was stopped from outside during the pair: it is not applied.
    Interrupted,
}

impl PairOutcome {
    /// `θ+`'s points minus `θ−`'s, for a scored pair.
    pub fn result(&self) -> Option<f64> {
        match *self {
            PairOutcome::Scored { plus, minus } => Some(plus - minus),
            PairOutcome::Void | PairOutcome::Interrupted => None,
        }
    }
}

/// A finished game pair of [`run_spsa`].
#[derive(Clone, Debug)]
pub struct PairReport {
    /// The perturbation played.
    pub perturbation: Perturbation,
    /// The opening both games started from (`None`: the empty board).
    pub opening: Option<Opening>,
    /// The games: `θ+` Black first, then `θ−` Black (the second is left out after a void or
    /// interrupted first game).
    pub games: Vec<PlayedGame>,
    /// What the pair came to.
    pub outcome: PairOutcome,
}

/// The tally of a [`run_spsa`] run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SpsaStats {
    /// Pairs scored (and applied).
    pub pairs: u64,
    /// Scored pairs in which `θ+` scored more.
    pub plus_won: u64,
    /// Scored pairs in which `θ−` scored more.
    pub minus_won: u64,
    /// Scored pairs in which both scored 1.
    pub even: u64,
    /// Points of `θ+` over the scored pairs.
    pub plus_points: f64,
    /// Points of `θ−` over the scored pairs.
    pub minus_points: f64,
    /// Games of the scored pairs that ended by forfeit (scored as the referee said).
    pub forfeits: u64,
    /// Pairs that were void and not applied.
    pub void_pairs: u64,
}

impl SpsaStats {
    /// Games scored (two per scored pair).
    pub fn games(&self) -> u64 {
        2 * self.pairs
    }

    fn add(&mut self, report: &PairReport) {
        match report.outcome {
            PairOutcome::Scored { plus, minus } => {
                self.pairs += 1;
                self.plus_points += plus;
                self.minus_points += minus;
                if plus > minus {
                    self.plus_won += 1;
                } else if minus > plus {
                    self.minus_won += 1;
                } else {
                    self.even += 1;
                }
                self.forfeits += report
                    .games
                    .iter()
                    .filter(|g| matches!(g.end, GameEnd::Forfeit { .. }))
                    .count() as u64;
            }
            PairOutcome::Void => self.void_pairs += 1,
            PairOutcome::Interrupted => {}
        }
    }
}

impl fmt::Display for SpsaStats {
    /// `40 games: pairs +7 =6 -7 (theta+ vs theta-)`, with forfeits and void pairs if any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games: pairs +{} ={} -{} (theta+ vs theta-)",
            self.games(),
            self.plus_won,
            self.even,
            self.minus_won
        )?;
        if self.forfeits > 0 {
            write!(f, ", {} forfeits", self.forfeits)?;
        }
        if self.void_pairs > 0 {
            write!(f, ", {} void pairs", self.void_pairs)?;
        }
        Ok(())
    }
}

/// What [`run_spsa`] passes its callback after each pair.
#[derive(Debug)]
pub struct SpsaProgress<'a> {
    /// The pair just finished.
    pub pair: &'a PairReport,
    /// The tuner after the pair was applied (its `θ`, its [`Spsa::iteration`]).
    pub spsa: &'a Spsa,
    /// The tally so far.
    pub stats: &'a SpsaStats,
}

/// The settings of the games of [`run_spsa`].
#[derive(Clone, Debug)]
pub struct SpsaConfig {
    /// Board size.
    pub size: u32,
    /// Rule.
    pub rule: Rule,
    /// Openings: iteration `k` starts both games from opening `k % len` (shuffle them first,
    /// e.g. with [`crate::arena::shuffle_openings`]). Empty: the empty board.
    pub openings: Vec<Opening>,
    /// The clocks and node budget of every game.
    pub time: TimeControl,
    /// Pairs played at once, each on its own thread (0 counts as 1).
    pub jobs: usize,
    /// Raised from outside (Ctrl-C) to stop: the games in flight are interrupted and their
    /// pairs dropped.
    pub stop: StopFlag,
}

/// How a [`run_spsa`] run ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpsaSummary {
    /// The tally.
    pub stats: SpsaStats,
    /// Whether [`SpsaConfig::stop`] cut the run short.
    pub interrupted: bool,
}

/// Why [`run_spsa`] failed.
#[derive(Debug, Error)]
pub enum SpsaRunError {
    /// The board size or an opening is invalid (checked before any game).
    #[error(transparent)]
    Setup(#[from] MatchError),
    /// A player could not be built from its values.
    #[error("cannot build the player of values {values:?}: {message}")]
    Player {
        /// The values.
        values: Vec<f64>,
        /// Why.
        message: String,
    },
    /// A player panicked during a game.
    #[error("a player panicked during a game (values {values:?})")]
    Panic {
        /// The values of `θ+` of the pair.
        values: Vec<f64>,
    },
}

/// Builds the player of a parameter vector for [`run_spsa`]: called with the values (`θ+` or
/// `θ−`) and a seed, once per game and side, on the worker thread that plays the game.
pub type PlayerBuilder<'a, E> = dyn Fn(&[f64], u64) -> Result<Box<dyn Player>, E> + Sync + 'a;

/// A well-mixed seed for game `game` and side `side` of a pair (SplitMix64 finaliser).
fn player_seed(seed: u64, game: u64, side: u64) -> u64 {
    let mut z = seed
        .wrapping_add((2 * game + side).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays the game pair of `p` from `start`: `θ+` Black, then `θ−` Black.
fn play_pair<E: fmt::Display>(
    config: &SpsaConfig,
    build: &PlayerBuilder<'_, E>,
    p: Perturbation,
    opening: Option<Opening>,
    start: &Game,
) -> Result<PairReport, SpsaRunError> {
    let mut games = Vec::with_capacity(2);
    let mut points = [0.0, 0.0];
    let mut outcome = None;
    for game in 0..2u64 {
        let make = |values: &[f64], side| {
            build(values, player_seed(p.seed, game, side)).map_err(|e| SpsaRunError::Player {
                values: values.to_vec(),
                message: e.to_string(),
            })
        };
        let mut plus = make(&p.plus, 0)?;
        let mut minus = make(&p.minus, 1)?;
        let (black, white) = if game == 0 {
            (&mut plus, &mut minus)
        } else {
            (&mut minus, &mut plus)
        };
        let played = play_game_until(
            start.clone(),
            black.as_mut(),
            white.as_mut(),
            config.time,
            &config.stop,
        );
        match played.end {
            GameEnd::Void { .. } => outcome = Some(PairOutcome::Void),
            GameEnd::Interrupted => outcome = Some(PairOutcome::Interrupted),
            GameEnd::Board(_) | GameEnd::Forfeit { .. } => {
                let plus_color = if game == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let plus_points = match played.end.winner() {
                    Some(c) if c == plus_color => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                points[0] += plus_points;
                points[1] += 1.0 - plus_points;
            }
        }
        games.push(played);
        if outcome.is_some() {
            break;
        }
    }
    Ok(PairReport {
        perturbation: p,
        opening,
        games,
        outcome: outcome.unwrap_or(PairOutcome::Scored {
            plus: points[0],
            minus: points[1],
        }),
    })
}

/// Runs `spsa` to its end: hands out its perturbations, plays each as a game pair between
/// players built by `build` from `θ+` and from `θ−` (with a seed for players that use
/// randomness; a fresh pair of players for each game), and applies the results in the order
/// the pairs finish.
///
/// Pairs run on [`SpsaConfig::jobs`] worker threads, each playing whole pairs; with one job
/// and deterministic players (a node budget, no time limit) the run is the same on every
/// machine. A game lost by forfeit (an illegal move, no move, an overstepped clock) is scored
/// as the referee says; a pair with a [void](GameEnd::Void) game is not applied (its iteration
/// is used up). `on_pair` is called on the calling thread after each finished pair, with the
/// tuner after the pair was applied; [`Flow::Stop`] starts no new pair (the pairs in flight
/// finish and are applied). Raising [`SpsaConfig::stop`] interrupts the games in flight, whose
/// pairs are dropped.
///
/// # Errors
/// [`SpsaRunError`] when the board size or an opening is invalid (before any game), when
/// `build` fails (the pairs in flight finish first) or when a player panics.
pub fn run_spsa<E: fmt::Display>(
    spsa: &mut Spsa,
    config: &SpsaConfig,
    build: &PlayerBuilder<'_, E>,
    on_pair: &mut dyn FnMut(&SpsaProgress<'_>) -> Flow,
) -> Result<SpsaSummary, SpsaRunError> {
    let empty = Game::new(config.size, config.rule).map_err(MatchError::from)?;
    let starts = opening_games(&config.openings, config.size, config.rule)?;
    let start_of = |k: u64| -> (Option<Opening>, &Game) {
        if starts.is_empty() {
            (None, &empty)
        } else {
            let i = (k % starts.len() as u64) as usize;
            (Some(config.openings[i].clone()), &starts[i])
        }
    };
    let jobs = config.jobs.max(1);
    let mut stats = SpsaStats::default();
    let mut interrupted = false;
    let mut error = None;
    let (job_tx, job_rx) = mpsc::channel::<Perturbation>();
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<Result<PairReport, SpsaRunError>>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let job_rx = &job_rx;
            let start_of = &start_of;
            scope.spawn(move || {
                loop {
                    let job = job_rx.lock().unwrap_or_else(PoisonError::into_inner).recv();
                    let Ok(p) = job else { break };
                    let (opening, start) = start_of(p.k);
                    let values = p.plus.clone();
                    let played = catch_unwind(AssertUnwindSafe(|| {
                        play_pair(config, build, p, opening, start)
                    }))
                    .unwrap_or(Err(SpsaRunError::Panic { values }));
                    if done_tx.send(played).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut in_flight = 0usize;
        let mut issuing = true;
        let issue = |spsa: &mut Spsa, in_flight: &mut usize| {
            if let Some(p) = spsa.next_perturbation() {
                if job_tx.send(p).is_ok() {
                    *in_flight += 1;
                }
            }
        };
        while in_flight < jobs && spsa.issued() < spsa.iterations() {
            issue(spsa, &mut in_flight);
        }
        while in_flight > 0 {
            let Ok(done) = done_rx.recv() else { break };
            in_flight -= 1;
            match done {
                Err(e) => {
                    error.get_or_insert(e);
                    issuing = false;
                }
                Ok(report) => {
                    if let Some(result) = report.outcome.result() {
                        spsa.apply(&report.perturbation, result);
                    }
                    stats.add(&report);
                    if report.outcome == PairOutcome::Interrupted {
                        interrupted = true;
                    } else {
                        let progress = SpsaProgress {
                            pair: &report,
                            spsa,
                            stats: &stats,
                        };
                        if on_pair(&progress) == Flow::Stop {
                            issuing = false;
                        }
                    }
                }
            }
            if config.stop.is_stopped() {
                interrupted = true;
                issuing = false;
            }
            if issuing {
                issue(spsa, &mut in_flight);
            }
        }
        drop(job_tx);
    });
    match error {
        Some(e) => Err(e),
        None => Ok(SpsaSummary { stats, interrupted }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::test_players::NoMove;
    use crate::greedy::GreedyPlayer;
    use crate::random::RandomPlayer;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0)
    }

    fn two_params() -> Vec<SpsaParam> {
        vec![
            SpsaParam::new("x", 0.0, -10.0, 10.0, 0.5).with_r_end(0.02),
            SpsaParam::new("y", 5.0, -10.0, 10.0, 1.0),
        ]
    }

    #[test]
    fn the_schedule_ends_at_c_end_and_r_end() {
        let n = 1000;
        let spsa = Spsa::new(two_params(), n, 1).unwrap();
        for (i, p) in spsa.params().iter().enumerate() {
            let big_a = 0.1 * n as f64;
            let c = p.c_end * (n as f64).powf(0.101);
            let a = p.r_end * p.c_end * p.c_end * (big_a + n as f64).powf(0.602);
            // k = 0: c and a / (A + 1)^0.602.
            assert!(close(spsa.c_k(i, 0), c), "{}", spsa.c_k(i, 0));
            assert!(close(spsa.a_k(i, 0), a / (big_a + 1.0).powf(0.602)));
            // k = N - 1: c_end, r_end * c_end^2 and R = r_end.
            assert!(close(spsa.c_k(i, n - 1), p.c_end), "{}", spsa.c_k(i, n - 1));
            assert!(close(spsa.a_k(i, n - 1), p.r_end * p.c_end * p.c_end));
            assert!(close(spsa.r_k(i, n - 1), p.r_end));
            // Both shrink along the way.
            assert!(spsa.c_k(i, 10) < spsa.c_k(i, 9));
            assert!(spsa.a_k(i, 10) < spsa.a_k(i, 9));
        }
        // One iteration: the first is the last.
        let one = Spsa::new(two_params(), 1, 1).unwrap();
        assert!(close(one.c_k(0, 0), 0.5));
        assert!(close(one.r_k(1, 0), DEFAULT_R_END));
    }

    #[test]
    fn perturbations_and_updates_follow_the_formulas() {
        let mut spsa = Spsa::new(two_params(), 100, 3).unwrap();
        let p = spsa.next_perturbation().unwrap();
        assert_eq!(p.k, 0);
        for i in 0..2 {
            assert!(p.delta[i] == 1.0 || p.delta[i] == -1.0);
            let theta = spsa.theta()[i];
            assert!(close(p.plus[i], theta + p.c[i] * p.delta[i]));
            assert!(close(p.minus[i], theta - p.c[i] * p.delta[i]));
            assert!(close(p.c[i], spsa.c_k(i, 0)));
            assert!(close(p.r[i], spsa.r_k(i, 0)));
        }
        let before = spsa.theta().to_vec();
        spsa.apply(&p, 1.5);
        for (i, &old) in before.iter().enumerate() {
            let expected = old + p.r[i] * p.c[i] * 1.5 * p.delta[i];
            assert!(close(spsa.theta()[i], expected));
            // Toward θ+ after a win of θ+.
            assert!((spsa.theta()[i] - old) * (p.plus[i] - old) > 0.0);
        }
        assert_eq!((spsa.iteration(), spsa.issued()), (1, 1));
        // A result of 0 changes nothing.
        let q = spsa.next_perturbation().unwrap();
        assert_eq!(q.k, 1);
        let mid = spsa.theta().to_vec();
        spsa.apply(&q, 0.0);
        assert_eq!(spsa.theta(), &mid[..]);
    }

    #[test]
    fn values_are_clamped_to_the_bounds() {
        // Start on the upper bound with a perturbation larger than the range.
        let params = vec![SpsaParam::new("z", 1.0, 0.0, 1.0, 3.0).with_r_end(1.0)];
        let mut spsa = Spsa::new(params, 10, 5).unwrap();
        for _ in 0..10 {
            let p = spsa.next_perturbation().unwrap();
            let (hi, lo) = if p.delta[0] > 0.0 {
                (p.plus[0], p.minus[0])
            } else {
                (p.minus[0], p.plus[0])
            };
            assert_eq!(lo, 0.0);
            assert!((0.0..=1.0).contains(&hi));
            // Huge results in either direction keep θ within the bounds.
            spsa.apply(&p, if p.k % 2 == 0 { 2.0 } else { -2.0 });
            let t = spsa.theta()[0];
            assert!(t == 0.0 || t == 1.0, "{t}");
        }
        assert!(spsa.next_perturbation().is_none());
        assert_eq!(spsa.iteration(), 10);
    }

    /// Plays `iterations` with a synthetic noisy objective: θ+ wins each of two games with
    /// probability logistic(f(θ−) − f(θ+)), f a quadratic with its minimum at `opt`.
    fn synthetic(params: Vec<SpsaParam>, opt: &[f64], iterations: u64, seed: u64) -> Vec<f64> {
        let f = |t: &[f64]| -> f64 {
            t.iter()
                .zip(opt)
                .map(|(x, o)| (x - o) * (x - o))
                .sum::<f64>()
        };
        let mut spsa = Spsa::new(params, iterations, seed).unwrap();
        let mut noise = Pcg64::seed_from_u64(seed ^ 0xABCD);
        while let Some(p) = spsa.next_perturbation() {
            let win = 1.0 / (1.0 + (f(&p.plus) - f(&p.minus)).exp());
            let mut result = 0.0;
            for _ in 0..2 {
                result += if noise.random_bool(win) { 1.0 } else { -1.0 };
            }
            spsa.apply(&p, result);
        }
        spsa.theta().to_vec()
    }

    fn distance(a: &[f64], b: &[f64]) -> f64 {
        a.iter()
            .zip(b)
            .map(|(x, y)| (x - y) * (x - y))
            .sum::<f64>()
            .sqrt()
    }

    #[test]
    fn a_noisy_quadratic_is_minimised() {
        let opt = [3.0, -2.0, 1.5];
        let params = vec![
            SpsaParam::new("a", 0.0, -10.0, 10.0, 0.5).with_r_end(0.05),
            SpsaParam::new("b", 4.0, -10.0, 10.0, 0.5).with_r_end(0.05),
            SpsaParam::new("c", -4.0, -10.0, 10.0, 0.5).with_r_end(0.05),
        ];
        let start: Vec<f64> = params.iter().map(|p| p.start).collect();
        let before = distance(&start, &opt);
        for seed in 1..=5 {
            let theta = synthetic(params.clone(), &opt, 3000, seed);
            let after = distance(&theta, &opt);
            assert!(
                after < 0.1 * before,
                "seed {seed}: {theta:?} is {after} from the optimum (started {before})"
            );
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_run() {
        let opt = [3.0, -2.0];
        let a = synthetic(two_params(), &opt, 300, 9);
        assert_eq!(a, synthetic(two_params(), &opt, 300, 9));
        assert_ne!(a, synthetic(two_params(), &opt, 300, 10));
        let mut s = Spsa::new(two_params(), 5, 4).unwrap();
        let mut t = Spsa::new(two_params(), 5, 4).unwrap();
        assert_eq!(s.next_perturbation(), t.next_perturbation());
    }

    #[test]
    fn bad_settings_are_refused() {
        let ok = || SpsaParam::new("x", 0.5, 0.0, 1.0, 0.1);
        assert!(Spsa::new(vec![ok()], 10, 0).is_ok());
        assert_eq!(Spsa::new(vec![], 10, 0).unwrap_err(), SpsaError::NoParams);
        assert_eq!(
            Spsa::new(vec![ok()], 0, 0).unwrap_err(),
            SpsaError::NoIterations
        );
        assert_eq!(
            Spsa::new(vec![ok(), ok()], 10, 0).unwrap_err(),
            SpsaError::DuplicateName("x".into())
        );
        let named = |name: &str| SpsaParam {
            name: name.into(),
            ..ok()
        };
        assert_eq!(
            Spsa::new(vec![named(" ")], 10, 0).unwrap_err(),
            SpsaError::EmptyName
        );
        for (param, says) in [
            (SpsaParam { min: 1.0, ..ok() }, "below the maximum"),
            (SpsaParam { max: -1.0, ..ok() }, "below the maximum"),
            (SpsaParam { start: 2.0, ..ok() }, "outside [0, 1]"),
            (SpsaParam { c_end: 0.0, ..ok() }, "c_end must be positive"),
            (
                SpsaParam {
                    r_end: -1.0,
                    ..ok()
                },
                "r_end must be positive",
            ),
            (
                SpsaParam {
                    max: f64::INFINITY,
                    ..ok()
                },
                "finite",
            ),
            (
                SpsaParam {
                    start: f64::NAN,
                    ..ok()
                },
                "finite",
            ),
        ] {
            let err = Spsa::new(vec![param.clone()], 10, 0).unwrap_err();
            assert!(matches!(err, SpsaError::Param { ref name, .. } if name == "x"));
            assert!(err.to_string().contains(says), "{param:?}: {err}");
        }
    }

    /// Greedy above 0, random at or below: θ+ and θ− differ in strength when they straddle 0.
    fn greedy_above_zero(values: &[f64], seed: u64) -> Result<Box<dyn Player>, String> {
        if values[0] > 0.0 {
            Ok(Box::new(GreedyPlayer::new()))
        } else {
            Ok(Box::new(RandomPlayer::new(seed)))
        }
    }

    fn config(jobs: usize) -> SpsaConfig {
        SpsaConfig {
            size: 9,
            rule: Rule::Freestyle,
            openings: crate::arena::default_openings(9, Rule::Freestyle),
            time: TimeControl::default(),
            jobs,
            stop: StopFlag::new(),
        }
    }

    #[test]
    fn games_push_theta_toward_the_stronger_player() {
        for jobs in [1, 2] {
            let params = vec![SpsaParam::new("strength", -0.3, -1.0, 1.0, 0.5).with_r_end(1.0)];
            let mut spsa = Spsa::new(params, 12, 2).unwrap();
            let mut calls = 0;
            let summary = run_spsa(&mut spsa, &config(jobs), &greedy_above_zero, &mut |p| {
                calls += 1;
                assert_eq!(p.pair.games.len(), 2);
                assert_eq!(p.stats.pairs, p.spsa.iteration());
                Flow::Continue
            })
            .unwrap();
            assert_eq!(calls, 12);
            assert_eq!(spsa.iteration(), 12);
            let s = summary.stats;
            assert_eq!(s.pairs, 12);
            assert_eq!(s.plus_won + s.minus_won + s.even, 12);
            assert_eq!(s.plus_points + s.minus_points, 24.0);
            assert!(!summary.interrupted);
            assert!(spsa.theta()[0] > 0.0, "jobs {jobs}: {:?}", spsa.theta());
        }
    }

    #[test]
    fn void_pairs_are_not_applied_and_stop_ends_early() {
        let params = vec![SpsaParam::new("x", 0.0, -1.0, 1.0, 0.5)];
        let mut spsa = Spsa::new(params, 50, 2).unwrap();
        let build = |values: &[f64], seed: u64| -> Result<Box<dyn Player>, String> {
            if values[0] < 0.0 {
                Ok(Box::new(NoMove { silent: true }))
            } else {
                Ok(Box::new(RandomPlayer::new(seed)))
            }
        };
        let mut calls = 0;
        let summary = run_spsa(&mut spsa, &config(1), &build, &mut |p| {
            calls += 1;
            assert_eq!(p.pair.outcome, PairOutcome::Void);
            assert_eq!(p.pair.games.len(), 1);
            if calls == 3 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        })
        .unwrap();
        assert_eq!(summary.stats.void_pairs, 3);
        assert_eq!(summary.stats.pairs, 0);
        assert_eq!((spsa.iteration(), spsa.issued()), (0, 3));
        assert_eq!(spsa.theta(), [0.0]);
    }

    #[test]
    fn a_forfeit_counts_and_build_errors_stop_the_run() {
        // θ+ > 0 gives up at once (a forfeit), θ- plays: θ- wins both games.
        let params = vec![SpsaParam::new("x", 0.0, -1.0, 1.0, 0.5)];
        let mut spsa = Spsa::new(params.clone(), 1, 2).unwrap();
        let build = |values: &[f64], seed: u64| -> Result<Box<dyn Player>, String> {
            if values[0] > 0.0 {
                Ok(Box::new(NoMove { silent: false }))
            } else {
                Ok(Box::new(RandomPlayer::new(seed)))
            }
        };
        let mut seen = None;
        let summary = run_spsa(&mut spsa, &config(1), &build, &mut |p| {
            seen = p
                .pair
                .outcome
                .result()
                .map(|r| r * p.pair.perturbation.delta[0]);
            Flow::Continue
        })
        .unwrap();
        // Whichever of θ± was above 0 lost both games; θ moved toward the other.
        assert_eq!(seen, Some(-2.0));
        assert_eq!(summary.stats.forfeits, 2);
        assert!(spsa.theta()[0] < 0.0);

        let mut spsa = Spsa::new(params, 5, 2).unwrap();
        let failing =
            |_: &[f64], _: u64| -> Result<Box<dyn Player>, String> { Err("no such option".into()) };
        let err = run_spsa(&mut spsa, &config(2), &failing, &mut |_| Flow::Continue).unwrap_err();
        assert!(err.to_string().contains("no such option"), "{err}");
        assert_eq!(spsa.iteration(), 0);
    }

    #[test]
    fn a_raised_stop_flag_interrupts_and_bad_openings_are_refused() {
        let params = vec![SpsaParam::new("x", 0.0, -1.0, 1.0, 0.5)];
        let mut spsa = Spsa::new(params.clone(), 5, 2).unwrap();
        let c = config(1);
        c.stop.stop();
        let summary = run_spsa(&mut spsa, &c, &greedy_above_zero, &mut |_| Flow::Continue).unwrap();
        assert!(summary.interrupted);
        assert_eq!(summary.stats.pairs, 0);
        assert_eq!(spsa.issued(), 1);

        let mut c = config(1);
        c.openings = vec![Opening::from_offsets(vec![(0, 0), (0, 0)])];
        let mut spsa = Spsa::new(params, 5, 2).unwrap();
        let err = run_spsa(&mut spsa, &c, &greedy_above_zero, &mut |_| Flow::Continue).unwrap_err();
        assert!(matches!(
            err,
            SpsaRunError::Setup(MatchError::Opening { index: 0, .. })
        ));
        assert_eq!(spsa.issued(), 0);
    }
}
