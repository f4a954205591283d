//! The `gomoku` program's command line, as clap parsers: [`Cli`] for `gomoku` and [`BrainCli`]
//! for `pbrain-gomoku`. They live in the library so that the binaries stay thin and tests can
//! parse the command lines the guides show (`tests/docs_commands.rs`).
//!
//! The doc comments of the arguments are the program's `--help` text, written for a terminal:
//! `[args]` there means "optional", not a link.
#![allow(rustdoc::broken_intra_doc_links)]

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};

use gomoku_ai::StopFlag;
use gomoku_ai::arena::{
    DEFAULT_TIME_TOLERANCE, Shard, SprtConfig, SprtModel, SprtParseError, TimeControl,
};
use gomoku_rules::record::{Format, ReadOptions};
use gomoku_rules::{OpeningRule, Rule};

use crate::arena_settings::{ArenaSettings, OpeningsChoice, OpeningsOrder};
use crate::duration_arg::parse_duration;
use crate::player_spec::DEFAULT_AI;
use crate::resume::ScaleOut;

/// Gomoku (five in a row): play in the terminal, run AI matches, benchmark the engine.
#[derive(Debug, Parser)]
#[command(name = "gomoku", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Commands,
}

#[derive(Debug, Subcommand)]
pub enum Commands {
    /// Play a game in the terminal (default: you are Black against the AI on 15x15).
    Play(PlayArgs),
    /// Serve a web board on this machine: play, watch and analyse in a browser.
    Gui(GuiArgs),
    /// Play a match between two AIs and report the score, Elo difference and times; with
    /// --sprt, until a sequential test decides.
    ///
    /// Each opening is played twice with colours swapped. To test an engine change, build the
    /// old version as a protocol engine and run an SPRT against it, e.g.
    /// `gomoku match pbrain:target/release/pbrain-gomoku pbrain:/path/to/old/pbrain-gomoku
    /// --sprt 0,10 --sprt-model pentanomial -n 2000 --time 200ms -j 2` (both sides through the
    /// protocol, so both get the same share of each turn): it stops with "H1 accepted" (a gain
    /// of at least ELO1), "H0 accepted" (at most ELO0) or, after -n games, "inconclusive". A
    /// game in which an external engine sent nothing at all after a command is void: not
    /// scored, listed apart and replayed.
    Match(MatchArgs),
    /// Play a round robin (or a gauntlet) between several AIs: crosstable and Elo ranking.
    Tournament(TournamentArgs),
    /// Pool the --json results of the shards of a match (`gomoku match --shard K/N --json`):
    /// score, W/L/D per colour, game pairs, Elo and SPRT, as one run of all the games reports.
    Merge(MergeArgs),
    /// Run the engine's deterministic search benchmark (with --mates: the mate suite)
    Bench(BenchArgs),
    /// Speak the Gomocup protocol on stdin/stdout (what `pbrain-gomoku` does).
    Pbrain(PbrainArgs),
    /// Convert a game record between formats (json, psq, sgf, rif, txt, pos).
    Convert(ConvertArgs),
    /// Print the final position of a game record.
    Show(ShowArgs),
    /// Look for a forced win (VCF, or VCT with --vct) for the side to move.
    Solve(SolveArgs),
    /// Review every move of a game record: the engine's scores before and after it (from the
    /// mover's side), its best move, and marks for inaccuracies, mistakes and blunders.
    ///
    /// Marks follow the loss in expected score (1 / (1 + e^(-score/1200))): 10% an inaccuracy,
    /// 20% a mistake, 30% a blunder; a move that throws away a forced win or lets the opponent
    /// win by force is a blunder whatever the numbers.
    Analyze(AnalyzeArgs),
    /// Play the engine against itself (for tuning) and write the games as records.
    Selfplay(SelfplayArgs),
    /// Fit the evaluation weights of a rule to games and write a weights file.
    Tune(TuneArgs),
    /// Train a neural evaluation (NNUE: value and policy) of a rule on game records and write
    /// a network file, for `engine,eval=FILE` and `pbrain --eval FILE`.
    Train(TrainArgs),
    /// Tune engine parameters by SPSA: pairs of games between slightly raised and lowered
    /// values, each moving the values toward the winner; prints the tuned values as NAME=VALUE
    /// lines.
    ///
    /// The player of a set of values is --base with ",NAME=VALUE" appended for every --param
    /// (e.g. engine:2,lmr_scale=0.71). Each iteration plays one opening twice with colours
    /// swapped. The perturbation c_k shrinks to C_END and the learning rate to R_END over the
    /// iterations (fishtest's schedule); a few thousand iterations are usual.
    Spsa(SpsaArgs),
}

#[derive(Debug, clap::Args)]
pub struct SpsaArgs {
    /// A parameter to tune (repeat for several): NAME=START,MIN,MAX,C_END[,R_END]; C_END is the
    /// final perturbation size, R_END the final learning rate (default 0.002).
    #[arg(long = "param", value_name = "NAME=START,MIN,MAX,C_END[,R_END]", required = true,
          allow_hyphen_values = true, value_parser = crate::spsa::parse_param)]
    pub params: Vec<gomoku_ai::tune::SpsaParam>,
    /// The built-in player the parameters are given to.
    #[arg(long, default_value = "engine")]
    pub base: String,
    /// Iterations (game pairs).
    #[arg(long, short = 'n')]
    pub iterations: u64,
    /// Time per move (e.g. 50ms); "0" for none (then give --nodes).
    #[arg(long, value_parser = parse_duration, required_unless_present = "nodes")]
    pub time: Option<Duration>,
    /// Nodes per move (with no --time, the games are the same on every machine).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Game pairs played at once.
    #[arg(long, short = 'j', default_value_t = 1)]
    pub jobs: usize,
    /// Seed of the perturbations and of the openings' order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Rule.
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    pub rule: Rule,
    /// Board size.
    #[arg(long, default_value_t = 15)]
    pub size: u32,
    /// Openings: a file (one a line, as for `match`), "default" (built-in set) or "none";
    /// played in a random order drawn from --seed.
    #[arg(long, default_value = "default")]
    pub openings: String,
    /// Also write the values as NAME=VALUE lines to this file (replaced atomically at every
    /// progress line and at the end).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print the progress every N iterations.
    #[arg(long, default_value_t = 10)]
    pub report_every: u64,
}

#[derive(Debug, clap::Args)]
pub struct SelfplayArgs {
    /// Number of games (the built-in balanced openings first, then random ones).
    #[arg(long, short = 'n')]
    pub games: usize,
    /// Time per move (e.g. 50ms).
    #[arg(long, value_parser = parse_duration, required_unless_present = "nodes")]
    pub time: Option<Duration>,
    /// Nodes per move.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Games played at once.
    #[arg(long, short = 'j', default_value_t = 1)]
    pub jobs: usize,
    /// Directory for the records.
    #[arg(long)]
    pub out: PathBuf,
    /// Rule.
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    pub rule: Rule,
    /// Board size.
    #[arg(long, default_value_t = 15)]
    pub size: u32,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Evaluation weights file for the engine (default: the built-in weights).
    #[arg(long)]
    pub eval: Option<PathBuf>,
    /// Record format: json (carries rule and result), psq, sgf, rif, txt.
    #[arg(long, default_value = "json", value_parser = clap::value_parser!(Format))]
    pub format: Format,
    /// Play only part K of N of the games: the parts' games have distinct numbers and
    /// openings, so their records can be put in one directory.
    #[arg(long, value_name = "K/N", default_value = "1/1", value_parser = clap::value_parser!(Shard))]
    pub shard: Shard,
    /// Keep the games already in --out (of a run with the same settings) and play the others.
    #[arg(long)]
    pub resume: bool,
}

#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The `gomoku match --json` results to pool (of shards, or of runs that resumed others).
    #[arg(required = true)]
    pub results: Vec<PathBuf>,
    /// Print the pooled result as JSON (the form of `gomoku match --json`).
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// Record files or directories of them (any format we read; RenjuNet and SGF files may hold
    /// many games).
    pub inputs: Vec<PathBuf>,
    /// The weights file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// The rule to fit (games of other rules are skipped; the rule of records without one).
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    pub rule: Rule,
    /// Board size of records that do not carry one.
    #[arg(long, default_value_t = 15)]
    pub size: u32,
    /// Weights file to start from (default: the hand-set weights).
    #[arg(long)]
    pub start: Option<PathBuf>,
    /// Gradient steps (full passes over the training positions).
    #[arg(long, default_value_t = 400)]
    pub epochs: u32,
    /// Step size (evaluation units).
    #[arg(long, default_value_t = 2.0)]
    pub learning_rate: f64,
    /// L2 pull towards the starting weights.
    #[arg(long, default_value_t = 1e-3)]
    pub l2: f64,
    /// Leave out the positions before this many stones.
    #[arg(long, default_value_t = 4)]
    pub skip_plies: usize,
    /// Hold out every N-th game for validation.
    #[arg(long, default_value_t = 10)]
    pub validation_every: usize,
    /// Weight in [0, 1] of the recorded search scores (`gomoku selfplay` and `gomoku match
    /// --records DIR --record-format json` record them)
    /// in the targets: (1 - W) * result + W * sigmoid(score / scale); 0 fits the results only.
    #[arg(long, default_value_t = 0.0)]
    pub score_weight: f64,
    /// Evaluation units per logit for the search scores (default: the scale that fits the
    /// starting weights to the results).
    #[arg(long)]
    pub score_scale: Option<f64>,
    /// Fit only the values of the threat situations (which threat points each side has); the
    /// shape-combination values stay those of --start.
    #[arg(long)]
    pub threats_only: bool,
    /// Fit values for the position before the last move too: the evaluation then subtracts
    /// that position's material, valued for the side that was to move there (always when
    /// --start has such values).
    #[arg(long)]
    pub before_values: bool,
    /// Fit the move-ordering values (by which the search orders its moves) to the moves
    /// played in the records instead of the evaluation, whose tables stay those of --start;
    /// use the games of a strong player.
    #[arg(long, conflicts_with_all = ["threats_only", "score_weight"])]
    pub move_values: bool,
    /// Print the losses every N epochs.
    #[arg(long, default_value_t = 25)]
    pub report_every: u32,
    /// Write the hand-set weights of every rule to --out instead of fitting.
    #[arg(long)]
    pub hand_set: bool,
}

#[derive(Debug, clap::Args)]
pub struct TrainArgs {
    /// Record files or directories of them (any format we read); JSON records of `gomoku
    /// match --record-format json` and `gomoku selfplay` carry each move's search score.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// The network file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// The rule to train (games of other rules are skipped; the rule of records without one).
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    pub rule: Rule,
    /// Board size of records that do not carry one.
    #[arg(long, default_value_t = 15)]
    pub size: u32,
    /// A network file to continue training from.
    #[arg(long)]
    pub start: Option<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 10)]
    pub epochs: u32,
    /// Positions per step.
    #[arg(long, default_value_t = 256)]
    pub batch: usize,
    /// Adam's step size at the start (it falls along a cosine to a tenth).
    #[arg(long, default_value_t = 5e-2)]
    pub learning_rate: f32,
    /// Weight of the policy's loss (the move played) beside the value's.
    #[arg(long, default_value_t = 0.25)]
    pub policy_weight: f32,
    /// Threads computing gradients.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Weight decay (AdamW) of the tables of whole windows: pulls rare windows towards what
    /// their inner windows say.
    #[arg(long, default_value_t = 0.0)]
    pub weight_decay: f32,
    /// Seed for the shuffles, the symmetries and the starting weights.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Leave out the positions before this many stones.
    #[arg(long, default_value_t = 4)]
    pub skip_plies: usize,
    /// Hold out every N-th game for validation.
    #[arg(long, default_value_t = 10)]
    pub validation_every: usize,
    /// Weight in [0, 1] of the recorded search scores in the value targets:
    /// (1 - W) * result + W * sigmoid(score / scale).
    #[arg(long, default_value_t = 0.0)]
    pub score_weight: f64,
    /// The recorded scores' units per logit (Rapfi's: about 200; default: the pattern
    /// evaluator's scale fitted to the results).
    #[arg(long)]
    pub score_scale: Option<f64>,
    /// The evaluation units per logit of the network's value, the scale at which its value
    /// meets the search's margins (default: the start network's, or the pattern evaluator's
    /// scale fitted to the training positions, siblings included).
    #[arg(long)]
    pub eval_scale: Option<f64>,
    /// Train a value that stands alone, rather than a correction added to the pattern
    /// evaluator's value (the default).
    #[arg(long)]
    pub alone: bool,
    /// Add, every N plies of each game, a sibling position (another move instead of the one
    /// played) valued by the built-in engine's search: the positions a search meets that strong
    /// games never reach. 0: none.
    #[arg(long, default_value_t = 0)]
    pub siblings: usize,
    /// The engine's nodes for each sibling.
    #[arg(long, default_value_t = 40_000)]
    pub sibling_nodes: u64,
    /// Choose each sibling's move among this many best points by the engine's move ordering
    /// (moves a search would look at); 0: among all the points within two of a stone.
    #[arg(long, default_value_t = 0)]
    pub sibling_pick: usize,
    /// What values the siblings: the built-in engine over `pattern` (the pattern evaluator),
    /// `nnue` (the compiled-in networks) or a network file; or an external Gomocup engine,
    /// "pbrain:PATH [args]", one process a thread, told the node budget (`INFO max_node`) and
    /// --sibling-time. An external engine's scores are taken to be in the records' units (as
    /// when it played them): give --score-scale for them.
    #[arg(long, default_value = "pattern")]
    pub sibling_eval: PathBuf,
    /// The turn limit of an external engine valuing the siblings (it stops at the node budget
    /// or this, whichever comes first).
    #[arg(long, value_parser = parse_duration, default_value = "5s")]
    pub sibling_time: std::time::Duration,
    /// Keep the siblings' values in this file: a later run with the same records and sibling
    /// options reads them instead of searching again (checked against a fresh search of the
    /// first game's siblings); otherwise they are valued and the file is written.
    #[arg(long)]
    pub sibling_cache: Option<PathBuf>,
}

/// How to read a record that does not say everything itself.
#[derive(Debug, clap::Args)]
pub struct ReadArgs {
    /// The input's format, if neither its extension nor its content tells.
    #[arg(long, value_parser = clap::value_parser!(Format))]
    pub from: Option<Format>,
    /// The rule, for formats that do not carry one (PSQ, move lists, pos).
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    pub rule: Rule,
    /// The board size, for formats that do not carry one (move lists, pos).
    #[arg(long, default_value_t = 15)]
    pub size: u32,
    /// Which game of a file holding several (RenjuNet, SGF collections), from 1.
    #[arg(long, default_value_t = 1)]
    pub game: usize,
}

impl ReadArgs {
    /// The reader's options; `--game` counts from 1.
    ///
    /// # Errors
    ///
    /// `--game 0`.
    pub fn options(&self) -> Result<ReadOptions, String> {
        if self.game == 0 {
            return Err("--game counts from 1".into());
        }
        Ok(ReadOptions {
            size: self.size,
            rule: self.rule,
            game: self.game - 1,
        })
    }
}

#[derive(Debug, clap::Args)]
pub struct GuiArgs {
    /// The port to listen on (0: any free one).
    #[arg(long, default_value_t = crate::gui::DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on; 127.0.0.1 keeps the board to this machine.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
}

#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Run the mate suite instead: positions in which a strong engine saw a forced win at once,
    /// and how many nodes the engine needs to see it (deterministic)
    #[arg(long)]
    pub mates: bool,
    /// Node limit of each mate-suite position
    #[arg(long, default_value_t = gomoku_ai::mate_suite::DEFAULT_MATE_NODES)]
    pub nodes: u64,
}

#[derive(Debug, clap::Args)]
pub struct PbrainArgs {
    /// The brain: a built-in player spec.
    #[arg(long, default_value = crate::pbrain::DEFAULT_BRAIN)]
    pub brain: String,
    /// Seed for brains that use randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Evaluation for the engine brain (`engine,eval=FILE`): a network file (`gomoku
    /// train`), a weights file (`gomoku tune`), `pattern` or `nnue`.
    #[arg(long)]
    pub eval: Option<PathBuf>,
    /// Search threads of the engine brain (1 to 64) until `INFO thread_num` says otherwise.
    #[arg(long)]
    pub threads: Option<usize>,
}

#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The record to read.
    pub input: PathBuf,
    /// The file to write (replaced atomically).
    pub output: PathBuf,
    /// The output format, if the output's extension does not tell.
    #[arg(long, value_parser = clap::value_parser!(Format))]
    pub to: Option<Format>,
    #[command(flatten)]
    pub read: ReadArgs,
}

#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    /// The record to show.
    pub file: PathBuf,
    #[command(flatten)]
    pub read: ReadArgs,
}

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// A record whose final position is solved (or use --moves).
    pub file: Option<PathBuf>,
    /// The position as moves from the empty board, e.g. "h8 i9 i7".
    #[arg(long, conflicts_with = "file")]
    pub moves: Option<String>,
    /// Fours and threes (VCT) instead of fours only (VCF).
    #[arg(long)]
    pub vct: bool,
    /// Node budget.
    #[arg(long, default_value_t = 2_000_000)]
    pub nodes: u64,
    /// Time budget (e.g. 5s).
    #[arg(long, value_parser = parse_duration)]
    pub time: Option<Duration>,
    #[command(flatten)]
    pub read: ReadArgs,
}

#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// The game record (json, psq, sgf, rif, txt, pos).
    pub file: PathBuf,
    /// Search time per position (e.g. 200ms, 1s); "0" for none (then give --nodes).
    #[arg(long, default_value = "200ms", value_parser = parse_duration)]
    pub time: Duration,
    /// Search nodes per position; with --time 0 the review is the same on every run.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Node budget of the forced-win (VCF/VCT) check in each position.
    #[arg(long, default_value_t = gomoku_ai::review::REVIEW_THREAT_NODES)]
    pub threat_nodes: u64,
    /// Positions searched at once.
    #[arg(long, short = 'j', default_value_t = 1)]
    pub jobs: usize,
    /// Print JSON: {"moves": [{"ply", "move", "color", "score_before", "score_after", "best",
    /// "mark"}], "summary": {"black": {...}, "white": {...}}}.
    #[arg(long)]
    pub json: bool,
    /// Also write the game with the review as SGF comments to this file.
    #[arg(long, value_name = "FILE")]
    pub sgf_out: Option<PathBuf>,
    /// Also draw the evaluation graph (Black's expected score after every move, marks in
    /// colour) as an SVG to this file.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    #[command(flatten)]
    pub read: ReadArgs,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// Rule: freestyle, standard, renju, caro, caro5 (or a Gomocup code).
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    pub rule: Rule,
    /// Board size (5..=22).
    #[arg(long, default_value_t = 15)]
    pub size: u32,
    /// Who plays Black: human, a built-in AI (e.g. random:7) or pbrain:PATH.
    #[arg(long, default_value = "human")]
    pub black: String,
    /// Who plays White (default: the strongest built-in AI).
    #[arg(long, default_value = DEFAULT_AI)]
    pub white: String,
    /// Difficulty level for built-in AIs named without options (engine -> engine:LEVEL).
    #[arg(long)]
    pub level: Option<String>,
    /// Time per AI move (e.g. 500ms, 2s).
    #[arg(long, default_value = "1s", value_parser = parse_duration)]
    pub time: Duration,
    /// Seed for AIs that use randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Colours: auto (terminal and no NO_COLOR), always, never.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorArg,
    /// Start from a saved game.
    #[arg(long)]
    pub load: Option<PathBuf>,
    /// Read typed lines even on a terminal (no cursor).
    #[arg(long)]
    pub lines: bool,
    /// Opening rule: free (Black starts), swap (the --black player places three stones, the
    /// other chooses a colour) or swap2 (the chooser may instead place two more and let the
    /// opener choose).
    #[arg(long, default_value = "free", value_parser = clap::value_parser!(OpeningRule))]
    pub opening: OpeningRule,
}

/// The settings `match` and `tournament` share.
#[derive(Debug, clap::Args)]
pub struct ArenaArgs {
    /// Number of games (of a tournament: of each pairing).
    #[arg(long, short = 'n', default_value_t = 48)]
    pub games: u32,
    /// Openings: a file (one a line: Gomocup offsets "0,0, 1,1" or position strings "h8i9j10",
    /// rows counted from the top), "default" (built-in set) or "none".
    #[arg(long, default_value = "default")]
    pub openings: String,
    /// The order the openings are played in: sequential or random (by --seed); each is played
    /// twice with colours swapped.
    #[arg(long, default_value = "sequential", value_parser = clap::value_parser!(OpeningsOrder))]
    pub openings_order: OpeningsOrder,
    /// Rule.
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    pub rule: Rule,
    /// Board size.
    #[arg(long, default_value_t = 15)]
    pub size: u32,
    /// Time per move (e.g. 100ms); "0" for none.
    #[arg(long, default_value = "200ms", value_parser = parse_duration)]
    pub time: Duration,
    /// Time per player per game (e.g. 30s); none by default.
    #[arg(long, value_parser = parse_duration)]
    pub game_time: Option<Duration>,
    /// How far a player may overstep a limit before it forfeits.
    #[arg(long, value_parser = parse_duration)]
    pub tolerance: Option<Duration>,
    /// Nodes per move for built-in players (external engines get INFO max_node): comparisons
    /// that do not depend on the machine's load. Use with --time 0 to drop the clock.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Games played at once.
    #[arg(long, short = 'j', default_value_t = 1)]
    pub jobs: usize,
    /// Seed for the players and the random openings order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// Save every game in this directory (in JSON with each move's score as its player
    /// reported it: ours, or an external engine's `MESSAGE ... ev N` / `Eval N`).
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Format of the saved games: psq, sgf, json, rif, txt, pos.
    #[arg(long, default_value = "psq", value_parser = clap::value_parser!(Format))]
    pub record_format: Format,
    /// How many times a void game (an external engine that sent nothing at all after a
    /// command) is replayed.
    #[arg(long, default_value_t = 2)]
    pub void_replays: u32,
    #[command(flatten)]
    pub scale_out: ScaleOutArgs,
}

/// Runs that outgrow one process (see docs/scale-out.md).
#[derive(Debug, clap::Args)]
pub struct ScaleOutArgs {
    /// Play only part K of N of the games (whole opening pairs; an SPRT is then decided on the
    /// merged results); run the N parts anywhere and pool their --json results with
    /// `gomoku merge`.
    #[arg(long, value_name = "K/N", default_value = "1/1", value_parser = clap::value_parser!(Shard))]
    pub shard: Shard,
    /// Continue the interrupted run whose records are in --records DIR: its finished games
    /// count, the others are played; refused if the settings differ.
    #[arg(long, requires = "records")]
    pub resume: bool,
    /// Append one JSON line per finished game to FILE (players, opening, colours, moves,
    /// times, result, forfeit or void), flushed as each game ends.
    #[arg(long, value_name = "FILE")]
    pub events: Option<PathBuf>,
}

impl ScaleOutArgs {
    /// The scale-out options of a run.
    pub fn options(self) -> ScaleOut {
        ScaleOut {
            shard: self.shard,
            resume: self.resume,
            events: self.events,
        }
    }
}

impl ArenaArgs {
    /// The arena's settings; `interrupt` stops the games in flight when raised.
    pub fn settings(self, interrupt: StopFlag) -> ArenaSettings {
        ArenaSettings {
            games: self.games,
            openings: openings_choice(&self.openings),
            openings_order: self.openings_order,
            rule: self.rule,
            size: self.size,
            time: TimeControl {
                move_time: (!self.time.is_zero()).then_some(self.time),
                game_time: self.game_time,
                tolerance: self.tolerance.unwrap_or(DEFAULT_TIME_TOLERANCE),
                nodes: self.nodes,
            },
            threads: self.jobs.max(1),
            seed: self.seed,
            json: self.json,
            records: self.records,
            record_format: self.record_format,
            void_replays: self.void_replays,
            interrupt,
            scale_out: self.scale_out.options(),
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// Player A: a built-in AI spec (random:7, engine:hard, ...) or "pbrain:PATH [args]".
    pub a: String,
    /// Player B.
    pub b: String,
    /// Play until a sequential probability ratio test decides whether A is at least ELO1
    /// stronger than B (H1) or at most ELO0 (H0); -n is then the most games.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA[,BETA]]", allow_hyphen_values = true,
          value_parser = parse_sprt)]
    pub sprt: Option<SprtConfig>,
    /// What the SPRT counts: games (trinomial) or game pairs on one opening (pentanomial, more
    /// exact with paired openings).
    #[arg(long, default_value = "trinomial", value_parser = clap::value_parser!(SprtModel))]
    pub sprt_model: SprtModel,
    /// With --sprt, play all -n games even once the test has decided: the verdict is the
    /// test's when it first crossed a bound (the report says after how many games), and the
    /// score and Elo count every game (a decision and a fixed-size Elo from one run).
    #[arg(long, requires = "sprt")]
    pub sprt_play_all: bool,
    #[command(flatten)]
    pub arena: ArenaArgs,
}

#[derive(Debug, clap::Args)]
pub struct TournamentArgs {
    /// The players (two or more): built-in AI specs or "pbrain:PATH [args]".
    #[arg(required = true, num_args = 2..)]
    pub players: Vec<String>,
    /// The first player against each of the others, instead of everyone against everyone.
    #[arg(long)]
    pub gauntlet: bool,
    #[command(flatten)]
    pub arena: ArenaArgs,
}

fn parse_sprt(text: &str) -> Result<SprtConfig, String> {
    text.parse().map_err(|e: SprtParseError| e.to_string())
}

/// An `--openings` argument: "default" (the built-in set), "none" or a file.
pub fn openings_choice(text: &str) -> OpeningsChoice {
    match text {
        "default" => OpeningsChoice::Default,
        "none" => OpeningsChoice::None,
        path => OpeningsChoice::File(PathBuf::from(path)),
    }
}

/// Speaks the Gomocup (pbrain) protocol on stdin/stdout.
#[derive(Parser, Debug)]
#[command(name = "pbrain-gomoku", version, about)]
pub struct BrainCli {
    /// The built-in player to use (e.g. "engine", "random:7").
    #[arg(long)]
    pub brain: Option<String>,
    /// Evaluation for the engine brain: a network file (`gomoku train`), a weights file
    /// (`gomoku tune`), `pattern` or `nnue`.
    #[arg(long)]
    pub eval: Option<PathBuf>,
    /// Seed for players that use randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Search threads of the engine (1 to 64) until `INFO thread_num` says otherwise.
    #[arg(long)]
    pub threads: Option<usize>,
}
