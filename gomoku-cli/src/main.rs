//! The `gomoku` command-line program: `play`, `gui`, `match`, `tournament`, `merge`, `bench`,
//! `pbrain`, `convert`, `show`, `solve`, `analyze`, `selfplay`, `tune` and `spsa`.

use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};

use gomoku_ai::StopFlag;
use gomoku_ai::arena::{
    DEFAULT_TIME_TOLERANCE, Shard, SprtConfig, SprtModel, SprtParseError, TimeControl,
    TournamentFormat,
};
use gomoku_cli::arena_settings::{ArenaSettings, OpeningsChoice, OpeningsOrder};
use gomoku_cli::duration_arg::parse_duration;
use gomoku_cli::match_runner::{self, MatchOptions};
use gomoku_cli::play::{self, ColorChoice, PlayOptions};
use gomoku_cli::player_spec::{DEFAULT_AI, PlayerSpec};
use gomoku_cli::record_cmd;
use gomoku_cli::resume::ScaleOut;
use gomoku_cli::tournament_runner::{self, TournamentOptions};
use gomoku_rules::record::{self, Format, ReadOptions};
use gomoku_rules::{Game, OpeningRule, Rule};

/// Gomoku (five in a row): play in the terminal, run AI matches, benchmark the engine.
#[derive(Debug, Parser)]
#[command(name = "gomoku", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Commands,
}

#[derive(Debug, Subcommand)]
enum Commands {
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
struct SpsaArgs {
    /// A parameter to tune (repeat for several): NAME=START,MIN,MAX,C_END[,R_END]; C_END is the
    /// final perturbation size, R_END the final learning rate (default 0.002).
    #[arg(long = "param", value_name = "NAME=START,MIN,MAX,C_END[,R_END]", required = true,
          allow_hyphen_values = true, value_parser = gomoku_cli::spsa::parse_param)]
    params: Vec<gomoku_ai::tune::SpsaParam>,
    /// The built-in player the parameters are given to.
    #[arg(long, default_value = "engine")]
    base: String,
    /// Iterations (game pairs).
    #[arg(long, short = 'n')]
    iterations: u64,
    /// Time per move (e.g. 50ms); "0" for none (then give --nodes).
    #[arg(long, value_parser = parse_duration, required_unless_present = "nodes")]
    time: Option<Duration>,
    /// Nodes per move (with no --time, the games are the same on every machine).
    #[arg(long)]
    nodes: Option<u64>,
    /// Game pairs played at once.
    #[arg(long, short = 'j', default_value_t = 1)]
    jobs: usize,
    /// Seed of the perturbations and of the openings' order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rule.
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    rule: Rule,
    /// Board size.
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Openings: a file (one a line, as for `match`), "default" (built-in set) or "none";
    /// played in a random order drawn from --seed.
    #[arg(long, default_value = "default")]
    openings: String,
    /// Also write the values as NAME=VALUE lines to this file (replaced atomically at every
    /// progress line and at the end).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print the progress every N iterations.
    #[arg(long, default_value_t = 10)]
    report_every: u64,
}

#[derive(Debug, clap::Args)]
struct SelfplayArgs {
    /// Number of games (the built-in balanced openings first, then random ones).
    #[arg(long, short = 'n')]
    games: usize,
    /// Time per move (e.g. 50ms).
    #[arg(long, value_parser = parse_duration, required_unless_present = "nodes")]
    time: Option<Duration>,
    /// Nodes per move.
    #[arg(long)]
    nodes: Option<u64>,
    /// Games played at once.
    #[arg(long, short = 'j', default_value_t = 1)]
    jobs: usize,
    /// Directory for the records.
    #[arg(long)]
    out: PathBuf,
    /// Rule.
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    rule: Rule,
    /// Board size.
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Evaluation weights file for the engine (default: the built-in weights).
    #[arg(long)]
    eval: Option<PathBuf>,
    /// Record format: json (carries rule and result), psq, sgf, rif, txt.
    #[arg(long, default_value = "json", value_parser = clap::value_parser!(Format))]
    format: Format,
    /// Play only part K of N of the games: the parts' games have distinct numbers and
    /// openings, so their records can be put in one directory.
    #[arg(long, value_name = "K/N", default_value = "1/1", value_parser = clap::value_parser!(Shard))]
    shard: Shard,
    /// Keep the games already in --out (of a run with the same settings) and play the others.
    #[arg(long)]
    resume: bool,
}

#[derive(Debug, clap::Args)]
struct MergeArgs {
    /// The `gomoku match --json` results to pool (of shards, or of runs that resumed others).
    #[arg(required = true)]
    results: Vec<PathBuf>,
    /// Print the pooled result as JSON (the form of `gomoku match --json`).
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
struct TuneArgs {
    /// Record files or directories of them (any format we read; RenjuNet and SGF files may hold
    /// many games).
    inputs: Vec<PathBuf>,
    /// The weights file to write.
    #[arg(long)]
    out: PathBuf,
    /// The rule to fit (games of other rules are skipped; the rule of records without one).
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    rule: Rule,
    /// Board size of records that do not carry one.
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Weights file to start from (default: the hand-set weights).
    #[arg(long)]
    start: Option<PathBuf>,
    /// Gradient steps (full passes over the training positions).
    #[arg(long, default_value_t = 400)]
    epochs: u32,
    /// Step size (evaluation units).
    #[arg(long, default_value_t = 2.0)]
    learning_rate: f64,
    /// L2 pull towards the starting weights.
    #[arg(long, default_value_t = 1e-3)]
    l2: f64,
    /// Leave out the positions before this many stones.
    #[arg(long, default_value_t = 4)]
    skip_plies: usize,
    /// Hold out every N-th game for validation.
    #[arg(long, default_value_t = 10)]
    validation_every: usize,
    /// Weight in [0, 1] of the recorded search scores (`gomoku selfplay` and `gomoku match
    /// --records DIR --record-format json` record them)
    /// in the targets: (1 - W) * result + W * sigmoid(score / scale); 0 fits the results only.
    #[arg(long, default_value_t = 0.0)]
    score_weight: f64,
    /// Evaluation units per logit for the search scores (default: the scale that fits the
    /// starting weights to the results).
    #[arg(long)]
    score_scale: Option<f64>,
    /// Fit only the values of the threat situations (which threat points each side has); the
    /// shape-combination values stay those of --start.
    #[arg(long)]
    threats_only: bool,
    /// Fit values for the position before the last move too: the evaluation then subtracts
    /// that position's material, valued for the side that was to move there (always when
    /// --start has such values).
    #[arg(long)]
    before_values: bool,
    /// Fit the move-ordering values (by which the search orders its moves) to the moves
    /// played in the records instead of the evaluation, whose tables stay those of --start;
    /// use the games of a strong player.
    #[arg(long, conflicts_with_all = ["threats_only", "score_weight"])]
    move_values: bool,
    /// Print the losses every N epochs.
    #[arg(long, default_value_t = 25)]
    report_every: u32,
    /// Write the hand-set weights of every rule to --out instead of fitting.
    #[arg(long)]
    hand_set: bool,
}

#[derive(Debug, clap::Args)]
struct TrainArgs {
    /// Record files or directories of them (any format we read); JSON records of `gomoku
    /// match --record-format json` and `gomoku selfplay` carry each move's search score.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The network file to write.
    #[arg(long)]
    out: PathBuf,
    /// The rule to train (games of other rules are skipped; the rule of records without one).
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    rule: Rule,
    /// Board size of records that do not carry one.
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// A network file to continue training from.
    #[arg(long)]
    start: Option<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 10)]
    epochs: u32,
    /// Positions per step.
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// Adam's step size at the start (it falls along a cosine to a tenth).
    #[arg(long, default_value_t = 2e-3)]
    learning_rate: f32,
    /// Weight of the policy's loss (the move played) beside the value's.
    #[arg(long, default_value_t = 0.25)]
    policy_weight: f32,
    /// Threads computing gradients.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Weight decay (AdamW) of the tables of whole windows: pulls rare windows towards what
    /// their inner windows say.
    #[arg(long, default_value_t = 0.0)]
    weight_decay: f32,
    /// Seed for the shuffles, the symmetries and the starting weights.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Leave out the positions before this many stones.
    #[arg(long, default_value_t = 4)]
    skip_plies: usize,
    /// Hold out every N-th game for validation.
    #[arg(long, default_value_t = 10)]
    validation_every: usize,
    /// Weight in [0, 1] of the recorded search scores in the value targets:
    /// (1 - W) * result + W * sigmoid(score / scale).
    #[arg(long, default_value_t = 0.0)]
    score_weight: f64,
    /// The recorded scores' units per logit (Rapfi's: about 200; default: the pattern
    /// evaluator's scale fitted to the results).
    #[arg(long)]
    score_scale: Option<f64>,
}

/// How to read a record that does not say everything itself.
#[derive(Debug, clap::Args)]
struct ReadArgs {
    /// The input's format, if neither its extension nor its content tells.
    #[arg(long, value_parser = clap::value_parser!(Format))]
    from: Option<Format>,
    /// The rule, for formats that do not carry one (PSQ, move lists, pos).
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    rule: Rule,
    /// The board size, for formats that do not carry one (move lists, pos).
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Which game of a file holding several (RenjuNet, SGF collections), from 1.
    #[arg(long, default_value_t = 1)]
    game: usize,
}

impl ReadArgs {
    fn options(&self) -> Result<ReadOptions, String> {
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
struct GuiArgs {
    /// The port to listen on (0: any free one).
    #[arg(long, default_value_t = gomoku_cli::gui::DEFAULT_PORT)]
    port: u16,
    /// The address to listen on; 127.0.0.1 keeps the board to this machine.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
}

#[derive(Debug, clap::Args)]
struct BenchArgs {
    /// Run the mate suite instead: positions in which a strong engine saw a forced win at once,
    /// and how many nodes the engine needs to see it (deterministic)
    #[arg(long)]
    mates: bool,
    /// Node limit of each mate-suite position
    #[arg(long, default_value_t = gomoku_ai::mate_suite::DEFAULT_MATE_NODES)]
    nodes: u64,
}

#[derive(Debug, clap::Args)]
struct PbrainArgs {
    /// The brain: a built-in player spec.
    #[arg(long, default_value = gomoku_cli::pbrain::DEFAULT_BRAIN)]
    brain: String,
    /// Seed for brains that use randomness.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Evaluation for the engine brain (`engine,eval=FILE`): a network file (`gomoku
    /// train`), a weights file (`gomoku tune`), `pattern` or `nnue`.
    #[arg(long)]
    eval: Option<PathBuf>,
    /// Search threads of the engine brain (1 to 64) until `INFO thread_num` says otherwise.
    #[arg(long)]
    threads: Option<usize>,
}

#[derive(Debug, clap::Args)]
struct ConvertArgs {
    /// The record to read.
    input: PathBuf,
    /// The file to write (replaced atomically).
    output: PathBuf,
    /// The output format, if the output's extension does not tell.
    #[arg(long, value_parser = clap::value_parser!(Format))]
    to: Option<Format>,
    #[command(flatten)]
    read: ReadArgs,
}

#[derive(Debug, clap::Args)]
struct ShowArgs {
    /// The record to show.
    file: PathBuf,
    #[command(flatten)]
    read: ReadArgs,
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// A record whose final position is solved (or use --moves).
    file: Option<PathBuf>,
    /// The position as moves from the empty board, e.g. "h8 i9 i7".
    #[arg(long, conflicts_with = "file")]
    moves: Option<String>,
    /// Fours and threes (VCT) instead of fours only (VCF).
    #[arg(long)]
    vct: bool,
    /// Node budget.
    #[arg(long, default_value_t = 2_000_000)]
    nodes: u64,
    /// Time budget (e.g. 5s).
    #[arg(long, value_parser = parse_duration)]
    time: Option<Duration>,
    #[command(flatten)]
    read: ReadArgs,
}

#[derive(Debug, clap::Args)]
struct AnalyzeArgs {
    /// The game record (json, psq, sgf, rif, txt, pos).
    file: PathBuf,
    /// Search time per position (e.g. 200ms, 1s); "0" for none (then give --nodes).
    #[arg(long, default_value = "200ms", value_parser = parse_duration)]
    time: Duration,
    /// Search nodes per position; with --time 0 the review is the same on every run.
    #[arg(long)]
    nodes: Option<u64>,
    /// Node budget of the forced-win (VCF/VCT) check in each position.
    #[arg(long, default_value_t = gomoku_ai::review::REVIEW_THREAT_NODES)]
    threat_nodes: u64,
    /// Positions searched at once.
    #[arg(long, short = 'j', default_value_t = 1)]
    jobs: usize,
    /// Print JSON: {"moves": [{"ply", "move", "color", "score_before", "score_after", "best",
    /// "mark"}], "summary": {"black": {...}, "white": {...}}}.
    #[arg(long)]
    json: bool,
    /// Also write the game with the review as SGF comments to this file.
    #[arg(long, value_name = "FILE")]
    sgf_out: Option<PathBuf>,
    /// Also draw the evaluation graph (Black's expected score after every move, marks in
    /// colour) as an SVG to this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    #[command(flatten)]
    read: ReadArgs,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

#[derive(Debug, clap::Args)]
struct PlayArgs {
    /// Rule: freestyle, standard, renju, caro, caro5 (or a Gomocup code).
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    rule: Rule,
    /// Board size (5..=22).
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Who plays Black: human, a built-in AI (e.g. random:7) or pbrain:PATH.
    #[arg(long, default_value = "human")]
    black: String,
    /// Who plays White (default: the strongest built-in AI).
    #[arg(long, default_value = DEFAULT_AI)]
    white: String,
    /// Difficulty level for built-in AIs named without options (engine -> engine:LEVEL).
    #[arg(long)]
    level: Option<String>,
    /// Time per AI move (e.g. 500ms, 2s).
    #[arg(long, default_value = "1s", value_parser = parse_duration)]
    time: Duration,
    /// Seed for AIs that use randomness.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Colours: auto (terminal and no NO_COLOR), always, never.
    #[arg(long, value_enum, default_value = "auto")]
    color: ColorArg,
    /// Start from a saved game.
    #[arg(long)]
    load: Option<PathBuf>,
    /// Read typed lines even on a terminal (no cursor).
    #[arg(long)]
    lines: bool,
    /// Opening rule: free (Black starts), swap (the --black player places three stones, the
    /// other chooses a colour) or swap2 (the chooser may instead place two more and let the
    /// opener choose).
    #[arg(long, default_value = "free", value_parser = clap::value_parser!(OpeningRule))]
    opening: OpeningRule,
}

/// The settings `match` and `tournament` share.
#[derive(Debug, clap::Args)]
struct ArenaArgs {
    /// Number of games (of a tournament: of each pairing).
    #[arg(long, short = 'n', default_value_t = 48)]
    games: u32,
    /// Openings: a file (one a line: Gomocup offsets "0,0, 1,1" or position strings "h8i9j10",
    /// rows counted from the top), "default" (built-in set) or "none".
    #[arg(long, default_value = "default")]
    openings: String,
    /// The order the openings are played in: sequential or random (by --seed); each is played
    /// twice with colours swapped.
    #[arg(long, default_value = "sequential", value_parser = clap::value_parser!(OpeningsOrder))]
    openings_order: OpeningsOrder,
    /// Rule.
    #[arg(long, default_value = "freestyle", value_parser = clap::value_parser!(Rule))]
    rule: Rule,
    /// Board size.
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Time per move (e.g. 100ms); "0" for none.
    #[arg(long, default_value = "200ms", value_parser = parse_duration)]
    time: Duration,
    /// Time per player per game (e.g. 30s); none by default.
    #[arg(long, value_parser = parse_duration)]
    game_time: Option<Duration>,
    /// How far a player may overstep a limit before it forfeits.
    #[arg(long, value_parser = parse_duration)]
    tolerance: Option<Duration>,
    /// Nodes per move for built-in players (external engines get INFO max_node): comparisons
    /// that do not depend on the machine's load. Use with --time 0 to drop the clock.
    #[arg(long)]
    nodes: Option<u64>,
    /// Games played at once.
    #[arg(long, short = 'j', default_value_t = 1)]
    jobs: usize,
    /// Seed for the players and the random openings order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    /// Save every game in this directory (in JSON with each move's score as its player
    /// reported it: ours, or an external engine's `MESSAGE ... ev N` / `Eval N`).
    #[arg(long)]
    records: Option<PathBuf>,
    /// Format of the saved games: psq, sgf, json, rif, txt, pos.
    #[arg(long, default_value = "psq", value_parser = clap::value_parser!(Format))]
    record_format: Format,
    /// How many times a void game (an external engine that sent nothing at all after a
    /// command) is replayed.
    #[arg(long, default_value_t = 2)]
    void_replays: u32,
    #[command(flatten)]
    scale_out: ScaleOutArgs,
}

/// Runs that outgrow one process (see docs/scale-out.md).
#[derive(Debug, clap::Args)]
struct ScaleOutArgs {
    /// Play only part K of N of the games (whole opening pairs; an SPRT is then decided on the
    /// merged results); run the N parts anywhere and pool their --json results with
    /// `gomoku merge`.
    #[arg(long, value_name = "K/N", default_value = "1/1", value_parser = clap::value_parser!(Shard))]
    shard: Shard,
    /// Continue the interrupted run whose records are in --records DIR: its finished games
    /// count, the others are played; refused if the settings differ.
    #[arg(long, requires = "records")]
    resume: bool,
    /// Append one JSON line per finished game to FILE (players, opening, colours, moves,
    /// times, result, forfeit or void), flushed as each game ends.
    #[arg(long, value_name = "FILE")]
    events: Option<PathBuf>,
}

impl ScaleOutArgs {
    fn options(self) -> ScaleOut {
        ScaleOut {
            shard: self.shard,
            resume: self.resume,
            events: self.events,
        }
    }
}

impl ArenaArgs {
    fn settings(self) -> ArenaSettings {
        let openings = match self.openings.as_str() {
            "default" => OpeningsChoice::Default,
            "none" => OpeningsChoice::None,
            path => OpeningsChoice::File(PathBuf::from(path)),
        };
        ArenaSettings {
            games: self.games,
            openings,
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
            interrupt: interrupt_on_ctrl_c(),
            scale_out: self.scale_out.options(),
        }
    }
}

#[derive(Debug, clap::Args)]
struct MatchArgs {
    /// Player A: a built-in AI spec (random:7, engine:hard, ...) or "pbrain:PATH [args]".
    a: String,
    /// Player B.
    b: String,
    /// Play until a sequential probability ratio test decides whether A is at least ELO1
    /// stronger than B (H1) or at most ELO0 (H0); -n is then the most games.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA[,BETA]]", allow_hyphen_values = true,
          value_parser = parse_sprt)]
    sprt: Option<SprtConfig>,
    /// What the SPRT counts: games (trinomial) or game pairs on one opening (pentanomial, more
    /// exact with paired openings).
    #[arg(long, default_value = "trinomial", value_parser = clap::value_parser!(SprtModel))]
    sprt_model: SprtModel,
    #[command(flatten)]
    arena: ArenaArgs,
}

#[derive(Debug, clap::Args)]
struct TournamentArgs {
    /// The players (two or more): built-in AI specs or "pbrain:PATH [args]".
    #[arg(required = true, num_args = 2..)]
    players: Vec<String>,
    /// The first player against each of the others, instead of everyone against everyone.
    #[arg(long)]
    gauntlet: bool,
    #[command(flatten)]
    arena: ArenaArgs,
}

fn parse_sprt(text: &str) -> Result<SprtConfig, String> {
    text.parse().map_err(|e: SprtParseError| e.to_string())
}

fn spec(text: &str) -> Result<PlayerSpec, String> {
    text.parse().map_err(|e| format!("player \"{text}\": {e}"))
}

fn play(args: PlayArgs) -> Result<(), String> {
    let options = PlayOptions {
        size: args.size,
        rule: args.rule,
        black: spec(&args.black)?,
        white: spec(&args.white)?,
        level: args.level,
        move_time: args.time,
        seed: args.seed,
        color: match args.color {
            ColorArg::Auto => ColorChoice::Auto,
            ColorArg::Always => ColorChoice::Always,
            ColorArg::Never => ColorChoice::Never,
        },
        load: args.load,
        line_mode: args.lines,
        opening: args.opening,
    };
    play::run(&options).map_err(|e| e.to_string())
}

fn run_match(args: MatchArgs) -> Result<(), String> {
    let options = MatchOptions {
        a: spec(&args.a)?,
        b: spec(&args.b)?,
        sprt: args.sprt.map(|sprt| SprtConfig {
            model: args.sprt_model,
            ..sprt
        }),
        arena: args.arena.settings(),
    };
    let mut out = std::io::stdout().lock();
    match_runner::run(&options, &mut out)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn gui(args: GuiArgs) -> Result<(), String> {
    let options = gomoku_cli::gui::GuiOptions {
        host: args.host,
        port: args.port,
        open: args.open,
    };
    gomoku_cli::gui::run(&options).map_err(|e| e.to_string())
}

/// A flag raised by the first Ctrl-C (the match then reports the games finished so far); a
/// second Ctrl-C exits at once.
fn interrupt_on_ctrl_c() -> StopFlag {
    let flag = StopFlag::new();
    let raised = flag.clone();
    let installed = ctrlc::set_handler(move || {
        if raised.is_stopped() {
            std::process::exit(130);
        }
        raised.stop();
        eprintln!("\ngomoku: interrupted; stopping the games in flight (Ctrl-C again to quit now)");
    });
    if let Err(e) = installed {
        eprintln!("gomoku: Ctrl-C will not stop the match cleanly: {e}");
    }
    flag
}

fn run_tournament(args: TournamentArgs) -> Result<(), String> {
    let options = TournamentOptions {
        players: args
            .players
            .iter()
            .map(|p| spec(p))
            .collect::<Result<_, _>>()?,
        format: if args.gauntlet {
            TournamentFormat::Gauntlet
        } else {
            TournamentFormat::RoundRobin
        },
        arena: args.arena.settings(),
    };
    let mut out = std::io::stdout().lock();
    tournament_runner::run(&options, &mut out)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn pbrain(args: PbrainArgs) -> Result<(), String> {
    let brain = gomoku_cli::eval_arg::brain_with_eval(&args.brain, args.eval.as_deref())?;
    let config = gomoku_cli::pbrain::Config {
        brain,
        seed: args.seed,
        threads: args.threads,
    };
    gomoku_cli::pbrain::run_stdio(&config).map_err(|e| e.to_string())
}

fn convert(args: ConvertArgs) -> Result<(), String> {
    let options = args.read.options()?;
    let rec = record_cmd::convert(&args.input, &args.output, args.read.from, args.to, &options)?;
    println!(
        "wrote {} ({} moves)",
        args.output.display(),
        rec.moves().len()
    );
    Ok(())
}

fn show(args: ShowArgs) -> Result<(), String> {
    let options = args.read.options()?;
    record_cmd::show(
        &args.file,
        args.read.from,
        &options,
        &mut std::io::stdout().lock(),
    )
}

fn solve(args: SolveArgs) -> Result<(), String> {
    let options = args.read.options()?;
    let game = match (&args.file, &args.moves) {
        (Some(path), _) => record::load_with(path, args.read.from, &options)
            .map_err(|e| e.to_string())?
            .to_game(),
        (None, Some(moves)) => {
            Game::from_move_string(options.size, options.rule, moves).map_err(|e| e.to_string())?
        }
        (None, None) => return Err("give a record file or --moves \"h8 i9 ...\"".into()),
    };
    if game.is_over() {
        return Err(format!("the game is over: {}", game.outcome()));
    }
    println!("{}", game.board());
    let solve_options = gomoku_cli::solve::SolveOptions {
        vct: args.vct,
        max_nodes: args.nodes,
        time: args.time,
    };
    gomoku_cli::solve::solve(
        game.board(),
        game.rule(),
        &solve_options,
        &mut std::io::stdout().lock(),
    )
    .map(|_| ())
    .map_err(|e| format!("cannot write the output: {e}"))
}

fn analyze(args: AnalyzeArgs) -> Result<(), String> {
    let options = args.read.options()?;
    let rec = record::load_with(&args.file, args.read.from, &options).map_err(|e| e.to_string())?;
    let analyze_options = gomoku_cli::analyze::AnalyzeOptions {
        review: gomoku_ai::review::ReviewOptions {
            move_time: (!args.time.is_zero()).then_some(args.time),
            max_nodes: args.nodes,
            threat_nodes: args.threat_nodes,
            jobs: args.jobs,
        },
        json: args.json,
        sgf_out: args.sgf_out,
        plot: args.plot,
    };
    gomoku_cli::analyze::run(&rec, &analyze_options, &mut std::io::stdout().lock()).map(|_| ())
}

fn selfplay(args: SelfplayArgs) -> Result<(), String> {
    let options = gomoku_cli::selfplay::SelfplayOptions {
        games: args.games,
        size: args.size,
        rule: args.rule,
        move_time: args.time,
        nodes: args.nodes,
        jobs: args.jobs,
        out: args.out,
        seed: args.seed,
        eval: args.eval,
        format: args.format,
        shard: args.shard,
        resume: args.resume,
    };
    let start = std::time::Instant::now();
    let summary = gomoku_cli::selfplay::run(&options, &mut std::io::stderr())?;
    println!(
        "{} games, {} moves in {:.1} s: Black {} White {} draws {}",
        summary.games,
        summary.moves,
        start.elapsed().as_secs_f64(),
        summary.results[0],
        summary.results[1],
        summary.results[2]
    );
    Ok(())
}

fn tune(args: TuneArgs) -> Result<(), String> {
    if args.hand_set {
        gomoku_cli::tune::write_hand_set(&args.out)?;
        println!(
            "wrote the hand-set weights of every rule to {}",
            args.out.display()
        );
        return Ok(());
    }
    if args.inputs.is_empty() {
        return Err("give record files or directories to fit to (or --hand-set)".into());
    }
    let options = gomoku_cli::tune::TuneOptions {
        inputs: args.inputs,
        out: args.out,
        rule: args.rule,
        size: args.size,
        start: args.start,
        samples: gomoku_ai::tune::SampleOptions {
            skip_plies: args.skip_plies,
            validation_every: args.validation_every,
        },
        score_weight: args.score_weight,
        score_scale: args.score_scale,
        threats_only: args.threats_only,
        before_values: args.before_values,
        move_values: args.move_values,
        fit: gomoku_ai::tune::FitOptions {
            epochs: args.epochs,
            learning_rate: args.learning_rate,
            l2: args.l2,
            scale: None,
            report_every: args.report_every,
        },
    };
    gomoku_cli::tune::run(&options, &mut std::io::stdout().lock()).map(|_| ())
}

fn train(args: TrainArgs) -> Result<(), String> {
    let options = gomoku_cli::train::TrainCommand {
        inputs: args.inputs,
        out: args.out,
        rule: args.rule,
        size: args.size,
        start: args.start,
        samples: gomoku_ai::tune::SampleOptions {
            skip_plies: args.skip_plies,
            validation_every: args.validation_every,
        },
        score_weight: args.score_weight,
        score_scale: args.score_scale,
        train: gomoku_ai::nnue::train::TrainOptions {
            epochs: args.epochs,
            batch: args.batch,
            learning_rate: args.learning_rate,
            policy_weight: args.policy_weight,
            threads: args.threads,
            weight_decay: args.weight_decay,
            seed: args.seed,
        },
    };
    gomoku_cli::train::run(&options, &mut std::io::stdout().lock()).map(|_| ())
}

fn spsa(args: SpsaArgs) -> Result<(), String> {
    let openings = match args.openings.as_str() {
        "default" => OpeningsChoice::Default,
        "none" => OpeningsChoice::None,
        path => OpeningsChoice::File(PathBuf::from(path)),
    };
    let options = gomoku_cli::spsa::SpsaOptions {
        params: args.params,
        base: args.base,
        iterations: args.iterations,
        time: TimeControl {
            move_time: args.time.filter(|t| !t.is_zero()),
            game_time: None,
            tolerance: DEFAULT_TIME_TOLERANCE,
            nodes: args.nodes,
        },
        jobs: args.jobs,
        seed: args.seed,
        rule: args.rule,
        size: args.size,
        openings,
        out: args.out,
        report_every: args.report_every,
        interrupt: interrupt_on_ctrl_c(),
    };
    gomoku_cli::spsa::run(&options, &mut std::io::stdout().lock()).map(|_| ())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Commands::Play(args) => play(args),
        Commands::Gui(args) => gui(args),
        Commands::Match(args) => run_match(args),
        Commands::Tournament(args) => run_tournament(args),
        Commands::Merge(args) => {
            gomoku_cli::merge::run(&args.results, args.json, &mut std::io::stdout().lock())
                .map_err(|e| e.to_string())
        }
        Commands::Bench(args) => {
            let mut out = std::io::stdout().lock();
            if args.mates {
                gomoku_cli::bench::run_mates(&mut out, args.nodes)
            } else {
                gomoku_cli::bench::run(&mut out)
            }
            .map_err(|e| e.to_string())
        }
        Commands::Pbrain(args) => pbrain(args),
        Commands::Convert(args) => convert(args),
        Commands::Show(args) => show(args),
        Commands::Solve(args) => solve(args),
        Commands::Analyze(args) => analyze(args),
        Commands::Selfplay(args) => selfplay(args),
        Commands::Tune(args) => tune(args),
        Commands::Train(args) => train(args),
        Commands::Spsa(args) => spsa(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gomoku: {e}");
            ExitCode::FAILURE
        }
    }
}
